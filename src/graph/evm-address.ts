/**
 * An address on an EVM chain: its ERC-20 transfers and internal transactions (by block range),
 * its ERC-721/ERC-1155 collectibles, and its native balance at any block priced in any currency.
 */
import { isEvmAddress, toChecksumAddress } from '../base/ids.js';
import type { Erc20Transfer, NativeTokenBalance, NftMetadata } from '../upstreams/data-api/evm-address.js';
import { INTERNAL_TX_TYPES, NFT_METADATA_STATUSES } from '../upstreams/data-api/wire.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { pageConnection, pageSpec, type ConnectionArgs, type CursorCodec, type PageSpec } from '../graphql/connection.js';
import { contractTransfers, Erc20ContractRef, ErcTypeEnum } from './contract.js';
import { CurrencyEnum } from './enums.js';
import { known, resolveEvmChain } from './evm-chain.js';
import { entityId, keyOnlyIdDescription, nodeKey, parseNodeKey } from './global-id.js';
import { blockArgs, checkBlockRange, checkEvmBlockNumber, evmBlockArg } from './inputs.js';
import { at, blockArg, checkSlot, decimal, ETH_CALL } from './evm-node-reads.js';
import { ethGetBalance, ethGetCode, ethGetStorageAt, ethGetTransactionCount } from '../upstreams/node/evm-state.js';
import { EvmAddressScalar } from './scalars.js';
import {
  getNativeBalance,
  listCollectibleBalances,
  listErc1155Balances,
  listErc721Balances,
  listErc20Transactions,
  listInternalTransactions,
} from '../upstreams/data-api/evm-address.js';
import { chainOf } from './evm-chain.js';
import { detailsOf } from './evm-transaction.js';
import { CONTRACT_CODE_BYTES, learnt } from './list-sizes.js';
import {
  CollectibleRef,
  Erc20TokenRef,
  Erc20TransferRef,
  EvmAddressRef,
  EvmChainRef,
  EvmTransactionRef,
  IcmMessageRef,
  InternalTransactionRef,
  PartyRef,
  PriceRef,
  chainIdOf,
  toParty,
  type Chained,
  type CollectibleModel,
  type EvmAddressModel,
  type EvmTxModel,
} from './refs.js';
import { TEXT_BYTES, TOKEN_URI_BYTES, upstreamText } from './leaf-bytes.js';

export const InternalTxTypeEnum = builder.enumType('InternalTransactionType', {
  description: 'The EVM operation of an internal transaction.',
  values: Object.fromEntries(
    INTERNAL_TX_TYPES.map((t) => [t, { value: t, description: t === 'UNKNOWN' ? 'Not classified.' : `A ${t} operation.` }]),
  ) as {
    [K in (typeof INTERNAL_TX_TYPES)[number]]: { value: K; description: string };
  },
});

export const NftIndexStatusEnum = builder.enumType('NftIndexStatus', {
  description: "How far the Data API got reading a token's metadata.",
  values: Object.fromEntries(
    NFT_METADATA_STATUSES.map((s) => [
      s,
      { value: s, description: s === 'INDEXED' ? 'Read and indexed.' : `Not indexed: ${s.toLowerCase().replace(/_/g, ' ')}.` },
    ]),
  ) as { [K in (typeof NFT_METADATA_STATUSES)[number]]: { value: K; description: string } },
});

/** How a token transfer's global id is formed, and why `node(id:)` does not fetch it (nft.ts too). */
export const TRANSFER_KEY = 'its EVM chain id, transaction hash and log index';
export const TRANSFER_NO_REFETCH =
  'transfers are listed by address, contract or transaction; `txHash` leads to the transaction (`EvmTransaction`, a Node) that made it.';

/** A transfer is its log: the chain, the transaction and the log index name it. */
export const transferKey = (x: { chain: { evmChainId: number }; txHash: string; logIndex: number }): string =>
  `${x.chain.evmChainId}:${x.txHash.toLowerCase()}:${x.logIndex}`;

/** A collectible held: the chain, its holder, the contract and the token. */
const collectibleKey = (c: CollectibleModel): string =>
  `${c.chain.evmChainId}:${c.holder.toLowerCase()}:${c.address.toLowerCase()}:${c.tokenId}`;

Erc20TokenRef.implement({
  description: 'An ERC-20 token, with its price.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its EVM chain id and contract address',
        'a token is known here with its price as a transfer or balance carried it; its contract is `ContractMetadata` through `EvmAddress.contract`.',
      ),
      resolve: (x) => entityId('Erc20Token', x.chain.network, `${x.chain.evmChainId}:${x.address.toLowerCase()}`),
    }),
    address: t.exposeString('address', { description: 'The token contract.' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    symbol: t.exposeString('symbol', { description: 'Its symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places: divide amounts by 10^decimals to display them.' }),
    logoUri: t.exposeString('logoUri', {
      nullable: true,
      description: 'Its logo.',
      price: { bytes: upstreamText('party-logo', TEXT_BYTES.url) },
    }),
    ercType: t.field({ type: ErcTypeEnum, description: 'ERC_20.', resolve: () => 'ERC-20' as const }),
    price: t.expose('price', { type: PriceRef, nullable: true, description: 'Its price, when known.' }),
  }),
});

Erc20TransferRef.implement({
  description: 'A transfer of an ERC-20 token.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(TRANSFER_KEY, TRANSFER_NO_REFETCH),
      resolve: (x) => entityId('Erc20Transfer', x.chain.network, transferKey(x)),
    }),
    txHash: t.exposeString('txHash', { description: 'The transaction that made it.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Its block.' }),
    blockHash: t.exposeString('blockHash', { description: 'Its block hash.' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'SafeInt', description: 'Unix time (s) of its block.' }),
    blockTimestampMilliseconds: t.expose('blockTimestampMilliseconds', {
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (ms) of its block, where recorded.',
    }),
    logIndex: t.exposeInt('logIndex', { description: 'Its log index in the block.' }),
    from: t.field({ type: PartyRef, description: 'The sender.', resolve: (x) => toParty(x.chain, x.from) }),
    to: t.field({ type: PartyRef, description: 'The recipient.', resolve: (x) => toParty(x.chain, x.to) }),
    value: t.expose('value', { type: 'BigInt', description: "Amount, in the token's smallest unit." }),
    erc20Token: t.field({ type: Erc20TokenRef, description: 'The token.', resolve: (x) => ({ ...x.erc20Token, chain: x.chain }) }),
  }),
});

InternalTransactionRef.implement({
  description: 'A call made by a contract during a transaction: CALL/CALLCODE with value, or CREATE/CREATE2/CREATE3.',
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'The transaction it ran in.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Its block.' }),
    blockHash: t.exposeString('blockHash', { description: 'Its block hash.' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'SafeInt', description: 'Unix time (s) of its block.' }),
    blockTimestampMilliseconds: t.expose('blockTimestampMilliseconds', {
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (ms) of its block, where recorded.',
    }),
    from: t.field({ type: PartyRef, description: 'The calling contract.', resolve: (x) => toParty(x.chain, x.from) }),
    to: t.field({ type: PartyRef, description: 'The callee, or the created contract.', resolve: (x) => toParty(x.chain, x.to) }),
    internalTxType: t.field({
      type: InternalTxTypeEnum,
      description: 'The operation.',
      resolve: (x) => known(INTERNAL_TX_TYPES, x.internalTxType, 'UNKNOWN')!,
    }),
    value: t.expose('value', { type: 'BigInt', description: 'Native value moved, in wei.' }),
    isReverted: t.exposeBoolean('isReverted', { description: 'Whether it reverted.' }),
    gasUsed: t.expose('gasUsed', { type: 'BigInt', description: 'Gas used.' }),
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Gas limit.' }),
  }),
});

export const NftMetadataRef = builder.objectRef<NftMetadata>('NftMetadata').implement({
  description: "A token's metadata, as far as it could be read from its token URI.",
  fields: (t) => ({
    indexStatus: t.field({
      type: NftIndexStatusEnum,
      description: 'Whether it was read and indexed.',
      resolve: (m) => known(NFT_METADATA_STATUSES, m.indexStatus, 'UNKNOWN')!,
    }),
    metadataLastUpdatedTimestamp: t.expose('metadataLastUpdatedTimestamp', {
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (s) it was last read.',
    }),
    name: t.exposeString('name', { nullable: true, description: 'Token name.' }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Token symbol.' }),
    imageUri: t.exposeString('imageUri', {
      nullable: true,
      description: 'Image.',
      price: { bytes: upstreamText('nft-imageUri', TEXT_BYTES.url) },
    }),
    description: t.exposeString('description', {
      nullable: true,
      description: 'Description.',
      price: { bytes: upstreamText('nft-description', TEXT_BYTES.prose) },
    }),
    animationUri: t.exposeString('animationUri', {
      nullable: true,
      description: 'Animation.',
      price: { bytes: upstreamText('nft-animationUri', TEXT_BYTES.url) },
    }),
    externalUrl: t.exposeString('externalUrl', {
      nullable: true,
      description: 'External page.',
      price: { bytes: upstreamText('nft-externalUrl', TEXT_BYTES.url) },
    }),
    background: t.exposeString('background', {
      nullable: true,
      description: 'Background colour.',
      price: { bytes: upstreamText('nft-background', TEXT_BYTES.short) },
    }),
    attributes: t.exposeString('attributes', {
      nullable: true,
      description: 'Attributes, as the JSON text of the metadata (ERC-721).',
      price: { bytes: upstreamText('nft-attributes', TEXT_BYTES.metadataJson) },
    }),
    decimals: t.exposeInt('decimals', { nullable: true, description: 'Decimals of the token (ERC-1155).' }),
    properties: t.exposeString('properties', {
      nullable: true,
      description: 'Properties, as JSON text (ERC-1155).',
      price: { bytes: upstreamText('nft-properties', TEXT_BYTES.metadataJson) },
    }),
  }),
});

CollectibleRef.implement({
  description: 'An NFT or multi-token an address holds.',
  resolveType: (c) => (c.ercType === 'ERC-1155' ? 'Erc1155Balance' : 'Erc721Balance'),
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its EVM chain id, holder, contract and token id',
        'the Data API lists collectibles by holder only. The token itself is an `NftToken` (a Node) on `Erc721Transfer.token`.',
      ),
      resolve: (c) => entityId(c.ercType === 'ERC-1155' ? 'Erc1155Balance' : 'Erc721Balance', c.chain.network, collectibleKey(c)),
    }),
    address: t.exposeString('address', { description: 'The token contract.' }),
    ercType: t.expose('ercType', { type: ErcTypeEnum, description: 'ERC_721 or ERC_1155.' }),
    tokenId: t.expose('tokenId', { type: 'BigInt', description: 'The token id.' }),
    tokenUri: t.exposeString('tokenUri', { description: 'Where its metadata lives.', price: { bytes: TOKEN_URI_BYTES } }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id.' }),
    metadata: t.expose('metadata', { type: NftMetadataRef, description: 'Its metadata.' }),
  }),
});

export const Erc721BalanceRef = builder.objectRef<CollectibleModel & { ercType: 'ERC-721' }>('Erc721Balance').implement({
  description: 'An ERC-721 token held.',
  interfaces: [CollectibleRef],
  isTypeOf: (c) => (c as CollectibleModel).ercType === 'ERC-721',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Collection name.' }),
    symbol: t.exposeString('symbol', { description: 'Collection symbol.' }),
    ownerAddress: t.exposeString('ownerAddress', { nullable: true, description: 'Its owner.' }),
  }),
});

export const Erc1155BalanceRef = builder.objectRef<CollectibleModel & { ercType: 'ERC-1155' }>('Erc1155Balance').implement({
  description: 'An ERC-1155 token held, with how many.',
  interfaces: [CollectibleRef],
  isTypeOf: (c) => (c as CollectibleModel).ercType === 'ERC-1155',
  fields: (t) => ({
    balance: t.expose('balance', { type: 'BigInt', description: 'How many of the token the address holds.' }),
  }),
});

const NativeBalanceRef = builder.objectRef<Chained<NativeTokenBalance>>('NativeBalance').implement({
  description: "An address's balance of the chain's native token.",
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Token name, e.g. "Avalanche".' }),
    symbol: t.exposeString('symbol', { description: 'Token symbol, e.g. "AVAX".' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places (18 for AVAX).' }),
    logoUri: t.exposeString('logoUri', {
      nullable: true,
      description: 'Logo.',
      price: { bytes: upstreamText('erc20-logo', TEXT_BYTES.url) },
    }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id.' }),
    balance: t.expose('balance', { type: 'BigInt', description: 'The balance, in wei.' }),
    price: t.expose('price', {
      type: PriceRef,
      nullable: true,
      description: 'Price of one token in the asked currency, when known.',
    }),
    balanceValue: t.expose('balanceValue', {
      type: PriceRef,
      nullable: true,
      description: 'Value of the balance in the asked currency, when priced.',
    }),
  }),
});

// Separate specs: a cursor of one list must not resume the other.
const ERC20_PAGE = pageSpec('listErc20Transactions', 'erc20Transfers');
const INTERNALS_PAGE = pageSpec('listInternalTransactions', 'internalTransactions');
const COLLECTIBLES_PAGE = pageSpec('listCollectibleBalances', 'collectibles', { maxFirst: 1000 });

// By id (`node(id:)`): its chain, from the subnet catalog (the C-Chain, known by heart, is counted too).
lookupPrice(EvmAddressRef.name, { pools: [SUBNET_CATALOG] });

builder.node(EvmAddressRef, {
  description: 'An address on an EVM chain: an account or a contract.',
  id: {
    resolve: (a) => nodeKey(a.chain.network, `${a.chain.evmChainId}:${a.address.toLowerCase()}`),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        const [chainId, address] = key.split(':');
        if (!chainId || !/^[1-9]\d{0,15}$/.test(chainId) || !address || !isEvmAddress(address))
          throw new Error('expected an EVM chain id and a 0x address');
      }),
  },
  loadOne: async ({ network, key }, ctx): Promise<EvmAddressModel | null> => {
    const [chainId, address] = key.split(':') as [string, string];
    const chain = await resolveEvmChain(ctx, network, { evmChainId: Number(chainId) });
    return chain ? { chain, address } : null;
  },
  fields: (t) => ({
    address: t.string({
      description:
        'The 0x address, EIP-55 checksummed (mixed case) however it was asked for or reached: by `EvmChain.address`, a transfer party, an ICM message or `node(id:)`.',
      resolve: (a) => toChecksumAddress(a.address),
    }),
    chain: t.expose('chain', { type: EvmChainRef, description: 'Its chain.' }),
    erc20Transfers: t.connection(
      {
        type: Erc20TransferRef,
        nullable: true,
        description: 'ERC-20 transfers from or to this address, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
        args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
        price: paged(ERC20_PAGE),
        resolve: (a, args, ctx) => {
          const range = checkBlockRange(args.startBlock, args.endBlock);
          return listByAddress(
            ctx.cursors,
            args,
            ERC20_PAGE,
            a,
            range,
            (page) => listErc20Transactions(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...range }),
            (x) => `${x.txHash}:${x.logIndex}`,
          );
        },
      },
      { name: 'Erc20TransferConnection', description: 'A page of ERC-20 transfers.' },
      { name: 'Erc20TransferEdge', description: 'A transfer and its cursor.' },
    ),
    internalTransactions: t.connection(
      {
        type: InternalTransactionRef,
        nullable: true,
        description:
          'Internal transactions of this address, newest first: only CALL/CALLCODE with value and CREATE/CREATE2/CREATE3 (for all, use debug_ methods on an archive node). `first`: 1 to 500 (default 10).',
        args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
        price: paged(INTERNALS_PAGE),
        resolve: (a, args, ctx) => {
          const range = checkBlockRange(args.startBlock, args.endBlock);
          return listByAddress(
            ctx.cursors,
            args,
            INTERNALS_PAGE,
            a,
            range,
            (page) => listInternalTransactions(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...range }),
            // One transaction may make several internal calls, and the API gives them no index.
            (x) => [x.txHash, x.internalTxType, x.from.address, x.to.address, x.value, x.gasUsed].join(':'),
          );
        },
      },
      { name: 'InternalTransactionConnection', description: 'A page of internal transactions.' },
      { name: 'InternalTransactionEdge', description: 'An internal transaction and its cursor.' },
    ),
    collectibles: t.connection(
      {
        type: CollectibleRef,
        nullable: true,
        description: 'ERC-721 and ERC-1155 tokens this address holds. `first`: 1 to 1000 (default 10); 500 per upstream call.',
        args: { contractAddress: t.arg({ type: EvmAddressScalar, description: 'Only tokens of this contract.' }) },
        price: paged(COLLECTIBLES_PAGE),
        resolve: (a, args, ctx) => {
          const filter = { contractAddress: args.contractAddress ?? undefined };
          return pageConnection({
            cursors: ctx.cursors,
            args,
            spec: COLLECTIBLES_PAGE,
            filters: [a.chain.network, a.chain.evmChainId, a.address.toLowerCase(), filter.contractAddress?.toLowerCase()],
            fetchPage: (page) => listCollectibleBalances(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...filter }),
            read: (page) => ({ items: page.collectibleBalances, nextPageToken: page.nextPageToken }),
            toNode: (c): CollectibleModel => ({ ...c, chain: a.chain, holder: a.address }),
            keyOf: (c) => `${c.address.toLowerCase()}:${c.tokenId}`,
          });
        },
      },
      { name: 'CollectibleBalanceConnection', description: 'A page of collectibles.' },
      { name: 'CollectibleBalanceEdge', description: 'A collectible and its cursor.' },
    ),
    nativeBalance: t.field({
      type: NativeBalanceRef,
      nullable: true,
      description: "This address's balance of the native token, at a block (default: the latest), priced in a currency (default USD).",
      args: {
        blockNumber: t.arg({
          type: 'BigInt',
          description: 'The block, from 0 to 9223372036854775807 (2^63 - 1); the latest when omitted.',
        }),
        currency: t.arg({ type: CurrencyEnum, description: 'Currency of `price` and `balanceValue`; USD when omitted.' }),
      },
      price: { calls: 1, reaches: ['getNativeBalance'] },
      resolve: async (a, args, ctx) => {
        const blockNumber = args.blockNumber == null ? undefined : checkEvmBlockNumber(args.blockNumber, 'blockNumber');
        const res = await getNativeBalance(ctx.dataApi, chainIdOf(a.chain), a.address, {
          blockNumber,
          currency: args.currency ?? undefined,
        });
        return { ...res.nativeTokenBalance, chain: a.chain };
      },
    }),
  }),
});

export function listByAddress<T>(
  cursors: CursorCodec,
  args: ConnectionArgs,
  spec: PageSpec,
  a: EvmAddressModel,
  range: object,
  fetchPage: (page: { pageToken: string | undefined; pageSize: number }) => Promise<{ transactions: T[]; nextPageToken?: string }>,
  keyOf: (item: T) => string,
) {
  return pageConnection({
    cursors,
    args,
    spec,
    filters: [a.chain.network, a.chain.evmChainId, a.address.toLowerCase(), range],
    fetchPage,
    read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
    toNode: (x): Chained<T> => ({ ...x, chain: a.chain }),
    keyOf,
  });
}

builder.objectFields(IcmMessageRef, (t) => ({
  sender: t.field({
    type: EvmAddressRef,
    nullable: true,
    description: 'The sender on its chain.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: async (m, _a, ctx) => {
      const chain = await chainOf(ctx, m.network, m.sourceEvmChainId);
      return chain ? { chain, address: m.from } : null;
    },
  }),
  recipient: t.field({
    type: EvmAddressRef,
    nullable: true,
    description: 'The recipient on its chain.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: async (m, _a, ctx) => {
      const chain = await chainOf(ctx, m.network, m.destinationEvmChainId);
      return chain ? { chain, address: m.to } : null;
    },
  }),
}));

export const REPUTATIONS = ['Malicious', 'Benign'] as const;

export const TokenReputationEnum = builder.enumType('TokenReputation', {
  description: "The Data API's security analysis of a token.",
  values: {
    MALICIOUS: { value: 'Malicious', description: 'Likely spam or a scam: do not interact with it.' },
    BENIGN: { value: 'Benign', description: 'Likely safe.' },
  } as const,
});

builder.objectField(Erc20TokenRef, 'tokenReputation', (t) =>
  t.field({
    type: TokenReputationEnum,
    nullable: true,
    description:
      "The token's reputation, where the answer carries it (ERC-20 balances, and `EvmAddress.transactions`' transfers); null when unanalysed or not given.",
    resolve: (tk) => known(REPUTATIONS, (tk as { tokenReputation?: string | null }).tokenReputation ?? undefined, null),
  }),
);

// --- an address's ERC-721 and ERC-1155 balances, beside the types they return ---------------------

const ERC721_BALANCES_PAGE = pageSpec('listErc721Balances', 'erc721Balances', { maxFirst: 1000 });
const ERC1155_BALANCES_PAGE = pageSpec('listErc1155Balances', 'erc1155Balances', { maxFirst: 1000 });

export const blockNumberArg = {
  type: 'BigInt' as const,
  description: 'At the end of this block, from 0 to 9223372036854775807 (2^63 - 1); the latest when omitted.',
};

export const blockOf = (value: string | null | undefined) => (value == null ? undefined : checkEvmBlockNumber(value, 'blockNumber'));

/** The page filters of a balance listing: its address on its chain, and the query's own. */
export const filtersOf = (a: EvmAddressModel, ...own: unknown[]) => [a.chain.network, a.chain.evmChainId, a.address.toLowerCase(), ...own];

const nftKey = (c: { address: string; tokenId: string }) => `${c.address.toLowerCase()}:${c.tokenId}`;

builder.objectFields(EvmAddressRef, (t) => ({
  erc721Balances: t.connection(
    {
      type: Erc721BalanceRef,
      nullable: true,
      description:
        'ERC-721 tokens this address holds now, with their metadata (`collectibles` lists ERC-1155 ones too). `first`: 1 to 1000 (default 10); 500 per upstream call.',
      args: { contractAddress: t.arg({ type: EvmAddressScalar, description: 'Only tokens of this collection.' }) },
      price: paged(ERC721_BALANCES_PAGE),
      resolve: (a, args, ctx) => {
        const contractAddress = args.contractAddress?.toLowerCase();
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ERC721_BALANCES_PAGE,
          filters: filtersOf(a, contractAddress),
          fetchPage: (page) => listErc721Balances(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, contractAddress }),
          read: (page) => ({ items: page.erc721TokenBalances, nextPageToken: page.nextPageToken }),
          toNode: (c) => ({ ...c, chain: a.chain, holder: a.address }) as CollectibleModel & { ercType: 'ERC-721' },
          keyOf: nftKey,
        });
      },
    },
    { name: 'Erc721BalanceConnection', description: 'A page of ERC-721 tokens held.' },
    { name: 'Erc721BalanceEdge', description: 'An ERC-721 token held and its cursor.' },
  ),
  erc1155Balances: t.connection(
    {
      type: Erc1155BalanceRef,
      nullable: true,
      description:
        'ERC-1155 tokens this address holds at a block (default: the latest), with how many. `first`: 1 to 1000 (default 10); 500 per upstream call.',
      args: {
        blockNumber: t.arg(blockNumberArg),
        contractAddress: t.arg({ type: EvmAddressScalar, description: 'Only tokens of this collection.' }),
      },
      price: paged(ERC1155_BALANCES_PAGE),
      resolve: (a, args, ctx) => {
        const query = { blockNumber: blockOf(args.blockNumber), contractAddress: args.contractAddress?.toLowerCase() };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ERC1155_BALANCES_PAGE,
          filters: filtersOf(a, query),
          fetchPage: (page) => listErc1155Balances(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...query }),
          read: (page) => ({ items: page.erc1155TokenBalances, nextPageToken: page.nextPageToken }),
          toNode: (c) => ({ ...c, chain: a.chain, holder: a.address }) as CollectibleModel & { ercType: 'ERC-1155' },
          keyOf: nftKey,
        });
      },
    },
    { name: 'Erc1155BalanceConnection', description: 'A page of ERC-1155 tokens held.' },
    { name: 'Erc1155BalanceEdge', description: 'An ERC-1155 token held and its cursor.' },
  ),
}));

// --- a token contract's transfers (listTransfers), for an ERC-20 token --------------------------

builder.objectField(Erc20ContractRef, 'transfers', (t) =>
  t.connection(
    {
      type: Erc20TransferRef,
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      ...contractTransfers((x): x is Erc20Transfer => 'erc20Token' in x),
    },
    { name: 'Erc20ContractTransferConnection', description: "A page of an ERC-20 token's transfers." },
    { name: 'Erc20ContractTransferEdge', description: 'A transfer and its cursor.' },
  ),
);

/** What one transaction's ERC-20 transfers and internal transactions hold at most (bounded by its gas): priced at 500 until seen. */
const TX_TRANSFERS = learnt({ kind: 'evmTxErc20Transfers', most: { mainnet: 500, fuji: 500 } });
const TX_INTERNALS = learnt({ kind: 'evmTxInternals', most: { mainnet: 500, fuji: 500 } });

/** An item of a transaction's details, placed in that transaction: its hash, block and chain. */
function inTransaction<T extends object>(tx: EvmTxModel, x: T) {
  return {
    ...x,
    txHash: tx.txHash,
    blockNumber: tx.blockNumber,
    blockHash: tx.blockHash,
    blockTimestamp: tx.blockTimestamp,
    blockTimestampMilliseconds: tx.blockTimestampMilliseconds,
    chain: tx.chain,
  };
}

builder.objectFields(EvmTransactionRef, (t) => ({
  erc20Transfers: t.field({
    type: [Erc20TransferRef],
    description:
      "The ERC-20 transfers it made, from the Data API's getTransaction (no further call when the transaction was found by hash there).",
    price: { calls: 1, items: TX_TRANSFERS, reaches: ['getTransaction'] },
    resolve: async (tx, _a, ctx) => {
      const details = await detailsOf(ctx, tx);
      return (details?.erc20Transfers ?? []).map((x) => inTransaction(tx, x));
    },
  }),
  internalTransactions: t.field({
    type: [InternalTransactionRef],
    description:
      'The internal transactions it made (CALL/CALLCODE with value, CREATE/CREATE2/CREATE3), from the Data API (no further call when the transaction was found by hash there).',
    price: { calls: 1, items: TX_INTERNALS, reaches: ['getTransaction'] },
    resolve: async (tx, _a, ctx) => {
      const details = await detailsOf(ctx, tx);
      return (details?.internalTransactions ?? []).map((x) => inTransaction(tx, x));
    },
  }),
}));

// --- what the chain's own node says of it (eth_*, read through evm-node-reads.ts) --------------------

builder.objectFields(EvmAddressRef, (t) => ({
  balanceAt: t.field({
    type: 'BigInt',
    description:
      "Its native balance at a block, in wei, as the chain's node says it (eth_getBalance): exact at any block, fresher than `nativeBalance` (the Data API's, with its price).",
    args: { block: t.arg.string(blockArg) },
    price: { ...ETH_CALL, reaches: ['eth_getBalance'] },
    resolve: async (a, { block }, ctx) =>
      decimal(await ethGetBalance(ctx.node, at(a.chain), a.address.toLowerCase(), evmBlockArg(block, 'block', { hash: true }))),
  }),
  nonce: t.field({
    type: 'BigInt',
    description:
      'How many transactions it has sent as of a block (eth_getTransactionCount): the nonce its next transaction takes; "pending" counts those in the node\'s pool too.',
    args: { block: t.arg.string(blockArg) },
    price: { ...ETH_CALL, reaches: ['eth_getTransactionCount'] },
    resolve: async (a, { block }, ctx) =>
      decimal(await ethGetTransactionCount(ctx.node, at(a.chain), a.address.toLowerCase(), evmBlockArg(block, 'block', { hash: true }))),
  }),
  code: t.field({
    type: 'String',
    description: 'Its code at a block, 0x hex (eth_getCode): "0x" for an account, the runtime bytecode for a contract.',
    args: { block: t.arg.string(blockArg) },
    price: { ...ETH_CALL, bytes: CONTRACT_CODE_BYTES, reaches: ['eth_getCode'] },
    resolve: (a, { block }, ctx) => ethGetCode(ctx.node, at(a.chain), a.address.toLowerCase(), evmBlockArg(block, 'block', { hash: true })),
  }),
  storageAt: t.field({
    type: 'String',
    description: 'One 32-byte storage slot of a contract at a block, 0x hex (eth_getStorageAt).',
    args: {
      slot: t.arg.string({ required: true, description: 'The slot: "0x" and 1 to 64 hex digits.' }),
      block: t.arg.string(blockArg),
    },
    price: { ...ETH_CALL, reaches: ['eth_getStorageAt'] },
    resolve: (a, { slot, block }, ctx) =>
      ethGetStorageAt(ctx.node, at(a.chain), a.address.toLowerCase(), checkSlot(slot, 'slot'), evmBlockArg(block, 'block', { hash: true })),
  }),
}));
