/**
 * NFTs: a token of an ERC-721 or ERC-1155 collection (getTokenDetails, with a global id), the
 * tokens of a collection (listTokens, on its contract), their transfers by address
 * (listErc721Transactions, listErc1155Transactions) and by collection (listTransfers), and the operator's request to read a token's
 * metadata again (reindexNft, behind ADMIN_TOKEN).
 */
import { isEvmAddress, toChecksumAddress } from '../base/ids.js';
import type { GatewayContext } from '../graphql/context.js';
import { pageConnection, pageSpec, type ConnectionArgs, type PageSpec } from '../graphql/connection.js';
import { badInput, quote } from '../graphql/errors.js';
import type { Erc1155Transfer, Erc721Transfer } from '../upstreams/data-api/evm-address.js';
import { getTokenDetails, listTokens, reindexNft } from '../upstreams/data-api/nft.js';
import { listErc1155Transactions, listErc721Transactions } from '../upstreams/data-api/evm-address.js';
import { builder } from './builder.js';
import { contractTransfers, Erc1155ContractRef, Erc721ContractRef, ErcTypeEnum } from './contract.js';
import { paged } from './cost.js';
import { NetworkNameEnum } from './enums.js';
import { NftMetadataRef, TRANSFER_KEY, TRANSFER_NO_REFETCH, listByAddress, transferKey } from './evm-address.js';
import { evmChainLookup, resolveEvmChain } from './evm-chain.js';
import { entityId, keyOnlyIdDescription, nodeKey, parseNodeKey } from './global-id.js';
import { blockArgs, checkBlockRange, toNetwork } from './inputs.js';
import { lookupPrice } from './lookups.js';
import { SUBNET_CATALOG } from './pools.js';
import {
  EvmAddressRef,
  EvmChainRef,
  NftTokenRef,
  PartyRef,
  chainIdOf,
  toParty,
  type Chained,
  type EvmAddressModel,
  type EvmChainModel,
  type NftTokenModel,
} from './refs.js';
import { EvmAddressScalar } from './scalars.js';
import { TOKEN_URI_BYTES } from './leaf-bytes.js';

/** 2^256 - 1: the widest token id an ERC-721 or ERC-1155 contract has. */
const MAX_TOKEN_ID = (1n << 256n) - 1n;

/** A token id as the Data API's paths take it: a uint256 in decimal, without leading zeros. */
export function checkTokenId(value: string, argument = 'tokenId'): string {
  if (!/^\d{1,78}$/.test(value) || BigInt(value) > MAX_TOKEN_ID) {
    throw badInput(`\`${argument}\` must be a token id from 0 to 2^256 - 1, in decimal (got ${quote(value)}).`, { argument });
  }
  return BigInt(value).toString();
}

lookupPrice('NftToken', { calls: 1, pools: [SUBNET_CATALOG] });

builder.node(NftTokenRef, {
  description: 'A token of an ERC-721 or ERC-1155 collection, with its metadata; its ERC-721 owner.',
  id: {
    resolve: (tk) => nodeKey(tk.chain.network, `${tk.chain.evmChainId}:${tk.address.toLowerCase()}:${tk.tokenId}`),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        const [chainId, address, tokenId, ...rest] = key.split(':');
        if (!chainId || !/^[1-9]\d{0,15}$/.test(chainId) || !address || !isEvmAddress(address) || !tokenId || rest.length > 0)
          throw new Error('expected an EVM chain id, a 0x collection address and a token id');
        checkTokenId(tokenId);
      }),
  },
  loadOne: async ({ network, key }, ctx) => {
    const [chainId, address, tokenId] = key.split(':') as [string, string, string];
    const chain = await resolveEvmChain(ctx, network, { evmChainId: Number(chainId) });
    return chain ? tokenAt(ctx, chain, address, tokenId) : null;
  },
  fields: (t) => ({
    address: t.string({ description: 'The collection contract, checksummed.', resolve: (tk) => toChecksumAddress(tk.address) }),
    chain: t.expose('chain', { type: EvmChainRef, description: 'Its chain.' }),
    ercType: t.expose('ercType', { type: ErcTypeEnum, description: 'ERC_721 or ERC_1155.' }),
    tokenId: t.expose('tokenId', { type: 'BigInt', description: 'The token id.' }),
    tokenUri: t.exposeString('tokenUri', { description: 'Where its metadata lives.', price: { bytes: TOKEN_URI_BYTES } }),
    metadata: t.expose('metadata', { type: NftMetadataRef, description: 'Its metadata, as far as the Data API could read it.' }),
    name: t.string({
      nullable: true,
      description: 'The collection name (ERC-721; an ERC-1155 token has it in `metadata`).',
      resolve: (tk) => ('name' in tk ? tk.name : null),
    }),
    symbol: t.string({
      nullable: true,
      description: 'The collection symbol (ERC-721).',
      resolve: (tk) => ('symbol' in tk ? tk.symbol : null),
    }),
    owner: t.field({
      type: EvmAddressRef,
      nullable: true,
      description: 'Its owner (ERC-721; an ERC-1155 token has holders, not one owner).',
      resolve: (tk) => ('ownerAddress' in tk && tk.ownerAddress ? { chain: tk.chain, address: tk.ownerAddress } : null),
    }),
  }),
});

/** One token of a collection (getTokenDetails); null when the Data API has none. */
async function tokenAt(ctx: GatewayContext, chain: EvmChainModel, address: string, tokenId: string): Promise<NftTokenModel | null> {
  const token = await getTokenDetails(ctx.dataApi, chainIdOf(chain), address, tokenId);
  return token ? { ...token, chain } : null;
}

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** What every ERC transfer event has: its transaction, block, log and parties. */
type TransferEvent = Chained<{
  txHash: string;
  blockNumber: string;
  blockHash: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  logIndex: number;
  from: { address: string };
  to: { address: string };
}>;

/** The fields of a transfer event, for each transfer type. */
function eventFields<M extends TransferEvent>(t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, M>, typename: string) {
  return {
    id: t.id({
      description: keyOnlyIdDescription(TRANSFER_KEY, TRANSFER_NO_REFETCH),
      resolve: (x) => entityId(typename, x.chain.network, transferKey(x)),
    }),
    txHash: t.string({ description: 'The transaction that made it.', resolve: (x) => x.txHash }),
    blockNumber: t.field({ type: 'BigInt', description: 'Its block.', resolve: (x) => x.blockNumber }),
    blockHash: t.string({ description: 'Its block hash.', resolve: (x) => x.blockHash }),
    blockTimestamp: t.field({ type: 'SafeInt', description: 'Unix time (s) of its block.', resolve: (x) => x.blockTimestamp }),
    blockTimestampMilliseconds: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (ms) of its block, where recorded.',
      resolve: (x) => x.blockTimestampMilliseconds ?? null,
    }),
    logIndex: t.int({ description: 'Its log index in the block.', resolve: (x) => x.logIndex }),
    from: t.field({ type: PartyRef, description: 'The sender; the zero address for a mint.', resolve: (x) => toParty(x.chain, x.from) }),
    to: t.field({ type: PartyRef, description: 'The recipient; the zero address for a burn.', resolve: (x) => toParty(x.chain, x.to) }),
  };
}

export const Erc721TransferRef = builder.objectRef<Chained<Erc721Transfer>>('Erc721Transfer').implement({
  description: 'A transfer of an ERC-721 token (a mint when from the zero address).',
  fields: (t) => ({
    ...eventFields(t, 'Erc721Transfer'),
    token: t.field({ type: NftTokenRef, description: 'The token.', resolve: (x) => ({ ...x.erc721Token, chain: x.chain }) }),
  }),
});

export const Erc1155TransferRef = builder.objectRef<Chained<Erc1155Transfer>>('Erc1155Transfer').implement({
  description: 'A transfer of an amount of an ERC-1155 token (a mint when from the zero address).',
  fields: (t) => ({
    ...eventFields(t, 'Erc1155Transfer'),
    value: t.expose('value', { type: 'BigInt', description: 'How many of the token moved.' }),
    token: t.field({ type: NftTokenRef, description: 'The token.', resolve: (x) => ({ ...x.erc1155Token, chain: x.chain }) }),
  }),
});

const ERC721_PAGE = pageSpec('listErc721Transactions', 'erc721Transfers');
const ERC1155_PAGE = pageSpec('listErc1155Transactions', 'erc1155Transfers');
const logKey = (x: { txHash: string; logIndex: number }) => `${x.txHash}:${x.logIndex}`;

/** An address's ERC-721 or ERC-1155 transfers: one connection's options but its type and wording. */
function addressTransfers<T extends { txHash: string; logIndex: number }>(
  spec: PageSpec,
  list: (
    ctx: GatewayContext,
    a: EvmAddressModel,
    page: { pageToken: string | undefined; pageSize: number } & object,
  ) => Promise<{ transactions: T[]; nextPageToken?: string }>,
) {
  return {
    nullable: true,
    price: paged(spec),
    resolve: (a: EvmAddressModel, args: ConnectionArgs & { startBlock?: number | null; endBlock?: number | null }, ctx: GatewayContext) => {
      const range = checkBlockRange(args.startBlock, args.endBlock);
      return listByAddress(ctx.cursors, args, spec, a, range, (page) => list(ctx, a, { ...page, ...range }), logKey);
    },
  } as const;
}

builder.objectFields(EvmAddressRef, (t) => ({
  erc721Transfers: t.connection(
    {
      type: Erc721TransferRef,
      description: 'ERC-721 transfers from or to this address, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      ...addressTransfers(ERC721_PAGE, (ctx, a, page) => listErc721Transactions(ctx.dataApi, chainIdOf(a.chain), a.address, page)),
    },
    { name: 'Erc721TransferConnection', description: 'A page of ERC-721 transfers.' },
    { name: 'Erc721TransferEdge', description: 'A transfer and its cursor.' },
  ),
  erc1155Transfers: t.connection(
    {
      type: Erc1155TransferRef,
      description: 'ERC-1155 transfers from or to this address, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      ...addressTransfers(ERC1155_PAGE, (ctx, a, page) => listErc1155Transactions(ctx.dataApi, chainIdOf(a.chain), a.address, page)),
    },
    { name: 'Erc1155TransferConnection', description: 'A page of ERC-1155 transfers.' },
    { name: 'Erc1155TransferEdge', description: 'A transfer and its cursor.' },
  ),
}));

builder.objectField(Erc721ContractRef, 'transfers', (t) =>
  t.connection(
    {
      type: Erc721TransferRef,
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      ...contractTransfers((x): x is Erc721Transfer => 'erc721Token' in x),
    },
    { name: 'Erc721ContractTransferConnection', description: "A page of an ERC-721 collection's transfers." },
    { name: 'Erc721ContractTransferEdge', description: 'A transfer and its cursor.' },
  ),
);

builder.objectField(Erc1155ContractRef, 'transfers', (t) =>
  t.connection(
    {
      type: Erc1155TransferRef,
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      ...contractTransfers((x): x is Erc1155Transfer => 'erc1155Token' in x),
    },
    { name: 'Erc1155ContractTransferConnection', description: "A page of an ERC-1155 collection's transfers." },
    { name: 'Erc1155ContractTransferEdge', description: 'A transfer and its cursor.' },
  ),
);

const TOKENS_PAGE = pageSpec('listTokens', 'tokens');

// The same fields on both collection types: an ERC-721 and an ERC-1155 contract list their tokens alike.
for (const ref of [Erc721ContractRef, Erc1155ContractRef]) {
  builder.objectFields(ref, (t) => ({
    tokens: t.connection(
      {
        type: NftTokenRef,
        nullable: true,
        description:
          'The tokens of this collection, by token id, with their metadata. `first`: 1 to 500 (default 10); 100 per upstream call.',
        price: paged(TOKENS_PAGE),
        resolve: (c, args, ctx) =>
          pageConnection({
            cursors: ctx.cursors,
            args,
            spec: TOKENS_PAGE,
            filters: [c.chain.network, c.chain.evmChainId, c.address.toLowerCase()],
            fetchPage: (page) => listTokens(ctx.dataApi, chainIdOf(c.chain), c.address, page),
            read: (page) => ({ items: page.tokens, nextPageToken: page.nextPageToken }),
            toNode: (tk): NftTokenModel => ({ ...tk, chain: c.chain }),
            keyOf: (tk) => tk.tokenId,
          }),
      },
      { name: `${ref.name}TokenConnection`, description: 'A page of the tokens of a collection.' },
      { name: `${ref.name}TokenEdge`, description: 'A token and its cursor.' },
    ),
    token: t.field({
      type: NftTokenRef,
      nullable: true,
      description: 'One token of this collection by id, with its metadata; null when the Data API has none.',
      args: { tokenId: t.arg({ type: 'BigInt', required: true, description: 'The token id, in decimal (0 to 2^256 - 1).' }) },
      price: { calls: 1, reaches: ['getTokenDetails'] },
      resolve: (c, { tokenId }, ctx) => tokenAt(ctx, c.chain, c.address, checkTokenId(tokenId)),
    }),
  }));
}

builder.mutationField('reindexNftMetadata', (t) =>
  t.field({
    type: 'Boolean',
    nullable: true,
    authScopes: { admin: true },
    description:
      "Asks the Data API to read an NFT's metadata again from its token URI (reindexNft), e.g. after its owner changed it; the Data API takes this once an hour per token (UPSTREAM_RATE_LIMITED otherwise). Needs `Authorization: Bearer <ADMIN_TOKEN>` (FORBIDDEN otherwise, and nothing is sent), and always goes out with the operator's Data API key, never a client's own. True when accepted.",
    args: {
      network: t.arg({ type: NetworkNameEnum, required: true, description: 'The network of the chain.' }),
      evmChainId: t.arg({ type: 'SafeInt', required: true, description: 'The EVM chain id of the collection, e.g. 43114.' }),
      address: t.arg({ type: EvmAddressScalar, required: true, description: 'The collection contract.' }),
      tokenId: t.arg({ type: 'BigInt', required: true, description: 'The token id, in decimal (0 to 2^256 - 1).' }),
    },
    price: { calls: 1, pools: (args, where) => evmChainLookup(args, where), reaches: ['listSubnets', 'reindexNft'] },
    resolve: async (_root, args, ctx) => {
      if (args.evmChainId <= 0)
        throw badInput(`\`evmChainId\` must be a positive integer (got ${args.evmChainId}).`, { argument: 'evmChainId' });
      const tokenId = checkTokenId(args.tokenId);
      const network = toNetwork(args.network);
      const chain = await resolveEvmChain(ctx, network, { evmChainId: args.evmChainId });
      if (!chain) throw badInput(`${network} has no EVM chain ${args.evmChainId}.`, { argument: 'evmChainId' });
      await reindexNft(ctx.dataApi, chainIdOf(chain), args.address, tokenId);
      return true;
    },
  }),
);
