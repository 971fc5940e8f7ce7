/**
 * UTXOs and asset amounts. The Data API sends a UTXO in one shape on the P-Chain and another on
 * the X- and C-Chains; the graph has one `Utxo` type whose fields read either, and says which
 * fields only one chain fills.
 */
import type { NetworkName } from '../base/ids.js';
import type { GatewayContext } from '../graphql/context.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { badInput } from '../graphql/errors.js';
import {
  getUtxosByAddresses,
  getUtxosByAddressesV2,
  type PrimaryChainPath,
  type UtxoFilters,
  type UtxoSortBy,
  type UtxosResponse,
} from '../upstreams/data-api/primary-network-address.js';
import type { PChainUtxo } from '../upstreams/data-api/transaction.js';
import type { SortOrder } from '../upstreams/data-api/wire.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { paged } from './cost.js';
import { AssetTypeEnum, PrimaryNetworkChainEnum, RewardTypeEnum, SortOrderEnum } from './enums.js';
import { checkAddresses } from './inputs.js';
import { AvalancheAddressScalar, CB58IdScalar } from './scalars.js';
import {
  AddressRef,
  AssetAmountRef,
  NetworkRef,
  CREDENTIALS,
  OUTPUT_ADDRESSES,
  PrimaryNetworkChainInfoRef,
  UtxoCredentialRef,
  UtxoRef,
  toAddresses,
  type UtxoModel,
} from './refs.js';
import { NFT_PAYLOAD_BYTES, UTXO_HEX_BYTES } from './leaf-bytes.js';

const isP = (u: UtxoModel): u is PChainUtxo & { network: NetworkName } => 'txHash' in u;

AssetAmountRef.implement({
  description: 'An amount of an asset, with what is needed to display it.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'The asset id (cb58).' }),
    name: t.exposeString('name', { description: 'Asset name, e.g. "Avalanche".' }),
    symbol: t.exposeString('symbol', { description: 'Asset symbol, e.g. "AVAX".' }),
    denomination: t.exposeInt('denomination', {
      description: 'Decimal places: the amount 100 shows as 100 with 0, 10.0 with 1, .100 with 2.',
    }),
    type: t.field({
      type: AssetTypeEnum,
      nullable: true,
      description: 'Fungible (SECP256K1) or NFT.',
      resolve: (a) => (a.type === 'secp256k1' || a.type === 'nft' ? a.type : null),
    }),
    amount: t.expose('amount', { type: 'BigInt', description: 'The amount, in the smallest unit (nAVAX for AVAX).' }),
  }),
});

UtxoCredentialRef.implement({
  description: 'A signature that authorised spending a UTXO.',
  fields: (t) => ({
    signature: t.exposeString('signature', { nullable: true, description: 'The signature (base64).' }),
    publicKey: t.exposeString('publicKey', { nullable: true, description: 'The public key that signed (base64).' }),
  }),
});

UtxoRef.implement({
  description: 'An unspent (or since spent) transaction output: an amount of an asset locked to addresses.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its UTXO id',
        'the Data API lists UTXOs by address only. The node-side `NodeUtxo` and `PChainNodeUtxo` of the same output share its key.',
      ),
      resolve: (u) => entityId('Utxo', u.network, u.utxoId),
    }),
    utxoId: t.exposeString('utxoId', { description: 'The UTXO id (cb58).' }),
    txHash: t.string({
      description: 'The transaction that created it (`creationTxHash` on the X- and C-Chain).',
      resolve: (u) => (isP(u) ? u.txHash : u.creationTxHash),
    }),
    outputIndex: t.int({ description: 'Its index among the outputs of that transaction.', resolve: (u) => Number(u.outputIndex) }),
    addresses: t.field({
      type: [AddressRef],
      price: { items: OUTPUT_ADDRESSES },
      description: 'Addresses that can sign to spend it.',
      resolve: (u) => toAddresses(u.network, u.addresses),
    }),
    threshold: t.exposeInt('threshold', { nullable: true, description: 'Signatures needed to spend it.' }),
    asset: t.field({
      type: AssetAmountRef,
      description: 'The asset and amount it holds.',
      resolve: (u) => ({ ...u.asset, network: u.network }),
    }),
    amount: t.field({
      type: 'BigInt',
      description: 'The amount, in the smallest unit.',
      resolve: (u) => (isP(u) ? u.amount : u.asset.amount),
    }),
    assetId: t.string({ description: 'The asset id.', resolve: (u) => (isP(u) ? u.assetId : u.asset.assetId) }),
    utxoType: t.exposeString('utxoType', { description: 'STAKE or TRANSFER on the P-Chain; e.g. "transfer" or "mint" on the X-Chain.' }),
    createdOnChainId: t.exposeString('createdOnChainId', { description: 'The chain it was created on.' }),
    consumedOnChainId: t.exposeString('consumedOnChainId', {
      description: 'The chain it can be (or was) spent on: another chain for exported outputs.',
    }),
    consumingTxHash: t.exposeString('consumingTxHash', {
      nullable: true,
      description: 'The transaction that spent it; null while unspent.',
    }),
    utxoBytes: t.exposeString('utxoBytes', { nullable: true, description: 'The serialized UTXO (hex).', price: { bytes: UTXO_HEX_BYTES } }),
    blockTimestamp: t.field({
      type: 'SafeInt',
      description: 'Unix time (s) it was created (`timestamp` on the X- and C-Chain).',
      resolve: (u) => (isP(u) ? u.blockTimestamp : u.timestamp),
    }),
    blockNumber: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the block that created it (P-Chain only).',
      resolve: (u) => (isP(u) ? u.blockNumber : null),
    }),
    consumingBlockTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (s) it was spent; null while unspent.',
      resolve: (u) => (isP(u) ? u.consumingBlockTimestamp : u.consumingTxTimestamp) ?? null,
    }),
    consumingBlockNumber: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the block that spent it (P-Chain only).',
      resolve: (u) => (isP(u) ? (u.consumingBlockNumber ?? null) : null),
    }),
    locktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Unix time before which it cannot be spent (X- and C-Chain; see `platformLocktime` on the P-Chain).',
      resolve: (u) => (isP(u) ? null : u.locktime),
    }),
    platformLocktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'P-Chain locktime.',
      resolve: (u) => (isP(u) ? (u.platformLocktime ?? null) : null),
    }),
    stakeableLocktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Until this Unix time it can only be staked (P-Chain).',
      resolve: (u) => (isP(u) ? (u.stakeableLocktime ?? null) : null),
    }),
    staked: t.boolean({
      nullable: true,
      description: 'Whether it is a stake (P-Chain).',
      resolve: (u) => (isP(u) ? (u.staked ?? null) : null),
    }),
    rewardType: t.field({
      type: RewardTypeEnum,
      nullable: true,
      description: 'For reward outputs: which reward (P-Chain).',
      resolve: (u) => (isP(u) ? (u.rewardType ?? null) : null),
    }),
    utxoStartTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Start of the staking period, for stakes.',
      resolve: (u) => (isP(u) ? (u.utxoStartTimestamp ?? null) : null),
    }),
    utxoEndTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'End of the staking period, for stakes.',
      resolve: (u) => (isP(u) ? (u.utxoEndTimestamp ?? null) : null),
    }),
    credentials: t.field({
      type: [UtxoCredentialRef],
      price: { items: CREDENTIALS },
      nullable: true,
      description: 'Signatures that spent it (X- and C-Chain).',
      resolve: (u) => (isP(u) ? null : (u.credentials ?? null)),
    }),
    groupId: t.int({ nullable: true, description: 'NFT group (X-Chain NFTs).', resolve: (u) => (isP(u) ? null : (u.groupId ?? null)) }),
    payload: t.string({
      nullable: true,
      description: 'NFT payload (X-Chain NFTs).',
      price: { bytes: NFT_PAYLOAD_BYTES },
      resolve: (u) => (isP(u) ? null : (u.payload ?? null)),
    }),
  }),
});

// --- the Data API's UTXO listings of addresses --------------------------------------------------

const UtxoSortByEnum = builder.enumType('UtxoSortBy', {
  description: 'What a UTXO listing is sorted by, with `sortOrder`.',
  values: {
    TIMESTAMP: { value: 'timestamp', description: 'When it was created.' },
    AMOUNT: { value: 'amount', description: 'Its amount.' },
  } as const,
});

const UTXOS_PAGE = pageSpec('getUtxosByAddresses', 'utxos');
const UTXOS_V2_PAGE = pageSpec('getUtxosByAddressesV2', 'addressUtxos', { maxFirst: 4096 });

interface UtxoArgs {
  assetId?: string | null;
  minUtxoAmount?: string | null;
  includeSpent?: boolean | null;
  sortBy?: UtxoSortBy | null;
  sortOrder?: SortOrder | null;
}

/** The filters of both routes, checked before any call. */
function utxoFilters(chain: PrimaryChainPath, args: UtxoArgs): UtxoFilters {
  if (args.assetId != null && chain !== 'x-chain') {
    throw badInput('`assetId` filters X-Chain UTXOs only (the P- and C-Chain hold AVAX alone): use chain X_CHAIN.', {
      argument: 'assetId',
    });
  }
  // The spec's `minimum: 0`: a negative amount was sent as it was (fuzz seed p47, `minUtxoAmount: -1`).
  if (args.minUtxoAmount != null && String(args.minUtxoAmount).startsWith('-')) {
    throw badInput(`\`minUtxoAmount\` must be 0 or more (got ${args.minUtxoAmount}): the smallest amount a UTXO may hold to be listed.`, {
      argument: 'minUtxoAmount',
    });
  }
  return {
    assetId: args.assetId ?? undefined,
    // The spec's `minUtxoAmount` is a number; BigInt's digits are sent as they are.
    minUtxoAmount: args.minUtxoAmount == null ? undefined : (args.minUtxoAmount as unknown as number),
    includeSpent: args.includeSpent ?? undefined,
    sortBy: args.sortBy ?? undefined,
    sortOrder: args.sortOrder ?? undefined,
  };
}

function utxoConnection(
  ctx: GatewayContext,
  network: NetworkName,
  chain: PrimaryChainPath,
  addresses: string[],
  args: UtxoArgs & ConnectionArgs,
  v2: boolean,
) {
  const filters = utxoFilters(chain, args);
  const read = v2 ? getUtxosByAddressesV2 : getUtxosByAddresses;
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: v2 ? UTXOS_V2_PAGE : UTXOS_PAGE,
    filters: [network, chain, addresses, filters, v2],
    fetchPage: (page) => read(ctx.dataApi, network, chain, { ...page, ...filters, addresses }),
    read: (page) => ({ items: page.utxos, nextPageToken: page.nextPageToken }),
    toNode: (u): UtxoModel => ({ ...u, network }),
    keyOf: (u) => u.utxoId,
  });
}

const UtxoConnection = builder.connectionObject(
  {
    type: UtxoRef,
    name: 'UtxoConnection',
    description: 'A page of UTXOs as the Data API lists them.',
    fields: (t) => ({
      chainInfo: t.field({
        type: PrimaryNetworkChainInfoRef,
        description: 'The chain and network the Data API answered for (its `chainInfo`).',
        resolve: (conn) => (conn as { firstPage?: UtxosResponse }).firstPage!.chainInfo,
      }),
    }),
  },
  { name: 'UtxoEdge', description: 'A UTXO and its cursor.' },
);

builder.objectField(AddressRef, 'utxos', (t) =>
  t.connection(
    {
      type: UtxoRef,
      nullable: true,
      description:
        "This address's UTXOs on one chain as the Data API indexes them (getUtxosByAddresses, a GET: one address fits any query string), unspent ones unless `includeSpent`; those exported to the chain and not imported yet are included. `first`: 1 to 500 (default 10); 100 per upstream call. The node's view of X-Chain UTXOs is `xChainUtxos`.",
      args: {
        chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: 'The chain whose UTXOs to list.' }),
        assetId: t.arg({ type: CB58IdScalar, description: 'X-Chain only: the UTXOs of this asset.' }),
        minUtxoAmount: t.arg({ type: 'BigInt', description: 'Only UTXOs of at least this amount (smallest unit, nAVAX for AVAX).' }),
        includeSpent: t.arg.boolean({ description: 'Also the spent ones (with `consumingTxHash`).' }),
        sortBy: t.arg({ type: UtxoSortByEnum, description: 'What to sort by; TIMESTAMP when omitted.' }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'Newest (or largest) first when omitted.' }),
      },
      price: paged(UTXOS_PAGE),
      resolve: (a, args, ctx) => {
        if (a.address.startsWith('0x')) throw badInput('`utxos` is for X-/P-Chain (bech32) addresses, not EVM addresses.');
        return utxoConnection(ctx, a.network, args.chain, [a.address], args, false);
      },
    },
    UtxoConnection,
  ),
);

builder.objectField(NetworkRef, 'addressUtxos', (t) =>
  t.connection(
    {
      type: UtxoRef,
      nullable: true,
      description:
        'The UTXOs of several addresses on one chain, as a wallet of many addresses spends them. Sent as getUtxosByAddressesV2, a POST with the addresses in its body: a hundred addresses make a query string of some 4.5 kB, past what proxies and the URL limit reliably carry, and V2 pages by up to 1024. `first`: 1 to 4096 (default 10).',
      args: {
        chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: 'The chain whose UTXOs to list.' }),
        addresses: t.arg({
          type: [AvalancheAddressScalar],
          required: true,
          description: 'Bech32 addresses of this network ("avax1…", "P-avax1…"), 1 to 100.',
        }),
        assetId: t.arg({ type: CB58IdScalar, description: 'X-Chain only: the UTXOs of this asset.' }),
        minUtxoAmount: t.arg({ type: 'BigInt', description: 'Only UTXOs of at least this amount (smallest unit).' }),
        includeSpent: t.arg.boolean({ description: 'Also the spent ones.' }),
        sortBy: t.arg({ type: UtxoSortByEnum, description: 'What to sort by; TIMESTAMP when omitted.' }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'Newest (or largest) first when omitted.' }),
      },
      price: paged(UTXOS_V2_PAGE),
      resolve: (n, args, ctx) => {
        if (args.addresses.length === 0) throw badInput('`addresses` must name at least one address.', { argument: 'addresses' });
        const addresses = checkAddresses(n.name, args.addresses, { argument: 'addresses' });
        return utxoConnection(ctx, n.name, args.chain, addresses, args, true);
      },
    },
    UtxoConnection,
  ),
);
