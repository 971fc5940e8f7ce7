/**
 * Primary Network transactions. The Data API answers each chain with its own shape, so the graph
 * has an interface with what they share and one type per chain with the rest. Lists come from
 * listLatestPrimaryNetworkTransactions; one transaction from getTxByHash.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { parseCb58Id, PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import type {
  EvmInput,
  EvmOutput,
  ListTransactionsResponse,
  PChainTransaction,
  PrimaryChainAlias,
  PrimaryNetworkTransaction,
} from '../upstreams/data-api/transaction.js';
import type { PrimaryNetworkTxType } from '../upstreams/data-api/wire.js';
import type { SortOrder } from '../upstreams/data-api/wire.js';
import { PRIMARY_NETWORK_TX_TYPES } from '../upstreams/data-api/wire.js';
import { listActivePrimaryNetworkStakingTransactions } from '../upstreams/data-api/primary-network-address.js';
import { listAssetTransactions } from '../upstreams/data-api/x-chain-asset.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { lookupPrice } from './lookups.js';
import { transactionsFeed } from '../live/feeds.js';
import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { NetworkNameEnum, PrimaryNetworkChainEnum, PrimaryNetworkTxTypeEnum, SortOrderEnum, XChainFormatEnum } from './enums.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { keyField, keyNetwork, shown } from './entity-keys.js';
import { checkAddresses, checkTimeRange, toNetwork } from './inputs.js';
import { AvalancheAddressScalar, CB58IdScalar } from './scalars.js';
import {
  ONCE_PER_SUBNET,
  AddressRef,
  AssetAmountRef,
  AvmTxRef,
  BlsCredentialsRef,
  EvmGenesisRef,
  L1ValidatorDetailsRef,
  L1ValidatorRef,
  NetworkRef,
  OwnershipRef,
  PBlockTxRef,
  PChainTransactionRef,
  PrimaryNetworkChainInfoRef,
  SubnetRef,
  TransactionInterface,
  UtxoCredentialRef,
  UtxoRef,
  ValidatorManagerRef,
  XChainAssetRef,
  AddressActivityRef,
  PrimaryNetworkBlockRef,
  AMOUNT_ASSETS,
  CREDENTIALS,
  OWNER_ADDRESSES,
  PRIMARY_NETWORK_BLOCK_TXS,
  TX_INPUTS,
  TX_OUTPUTS,
  amountsOf,
  onXChain,
  toAddresses,
  txModel,
  type CTxModel,
  type PTxModel,
  type TxModel,
  type UtxoModel,
  type XTxModel,
} from './refs.js';
import { ENCODED_GENESIS_BYTES, TX_MEMO_BYTES } from './leaf-bytes.js';

const TYPE_BY_CHAIN = { 'p-chain': 'PChainTransaction', 'x-chain': 'XChainTransaction', 'c-chain': 'CChainAtomicTransaction' } as const;

const knownTxType = (t: string): PrimaryNetworkTxType =>
  (PRIMARY_NETWORK_TX_TYPES as readonly string[]).includes(t) ? (t as PrimaryNetworkTxType) : 'UNKNOWN';

const utxos = (tx: TxModel, list: readonly object[] | undefined): UtxoModel[] =>
  (list ?? []).map((u) => ({ ...(u as UtxoModel), network: tx.network }));

TransactionInterface.implement({
  description: 'A transaction on one of the Primary Network chains. The P-, X- and C-Chain types add the fields only their chain has.',
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (tx) => TYPE_BY_CHAIN[tx.chain],
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network.' }),
    chain: t.expose('chain', { type: PrimaryNetworkChainEnum, description: 'The chain it was accepted on.' }),
    txHash: t.exposeString('txHash', { description: 'The transaction id (cb58).' }),
    txType: t.field({
      type: PrimaryNetworkTxTypeEnum,
      description: 'The transaction type; UNKNOWN for a type this API does not know yet.',
      resolve: (tx) => knownTxType(tx.txType),
    }),
    blockTimestamp: t.field({
      type: 'SafeInt',
      description: 'Unix time (s) it was accepted (`timestamp` in the X- and C-Chain answers).',
      resolve: (tx) => (tx.chain === 'p-chain' ? tx.blockTimestamp : tx.timestamp),
    }),
    blockNumber: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of its block; null for X-Chain transactions of the DAG era (see `vertices`).',
      resolve: (tx) => (tx.chain === 'p-chain' ? tx.blockNumber : 'blockHeight' in tx ? tx.blockHeight : null),
    }),
    blockHash: t.string({
      nullable: true,
      description: 'Hash of its block; null for X-Chain transactions of the DAG era.',
      resolve: (tx) => ('blockHash' in tx ? tx.blockHash : null),
    }),
    blockchainId: t.string({
      description: "The chain's blockchain id.",
      resolve: (tx) => PRIMARY_CHAIN_IDS[tx.network][tx.chain[0] as 'p' | 'x' | 'c'],
    }),
    consumedUtxos: t.field({
      type: [UtxoRef],
      price: { items: TX_INPUTS },
      description: 'Outputs it spent (imported ones included).',
      resolve: (tx) => utxos(tx, 'consumedUtxos' in tx ? tx.consumedUtxos : []),
    }),
    emittedUtxos: t.field({
      type: [UtxoRef],
      price: { items: TX_OUTPUTS },
      description: 'Outputs it created (exported ones included).',
      resolve: (tx) => utxos(tx, 'emittedUtxos' in tx ? tx.emittedUtxos : []),
    }),
    sourceChain: t.exposeString('sourceChain', {
      nullable: true,
      description: 'For imports and exports: the chain the value left.',
    }),
    destinationChain: t.exposeString('destinationChain', {
      nullable: true,
      description: 'For imports and exports: the chain the value went to.',
    }),
    memo: t.exposeString('memo', { nullable: true, description: 'The memo (hex).', price: { bytes: TX_MEMO_BYTES } }),
  }),
});

/** What the three transaction node types share: id, refetch by hash, type check. */
function txNode<M extends TxModel>(description: string, chain: M['chain']) {
  return {
    id: {
      resolve: (tx: M) => nodeKey(tx.network, tx.txHash),
      parse: (id: string) => parseNodeKey(id, parseCb58Id),
    },
    loadOne: async ({ network, key }: { network: NetworkName; key: string }, ctx: GatewayContext) =>
      (await findTransaction(ctx, network, chain, key)) as M | null,
    isTypeOf: (value: unknown) => (value as TxModel).chain === chain,
    description,
  };
}

L1ValidatorDetailsRef.implement({
  description: 'An L1 validator as a transaction left it.',
  fields: (t) => ({
    validationId: t.exposeString('validationId', { description: 'The validation id (cb58).' }),
    validationIdHex: t.exposeString('validationIdHex', { description: 'The validation id in hex.' }),
    nodeId: t.exposeString('nodeId', { description: 'The validating node.' }),
    subnetId: t.exposeString('subnetId', { description: 'The L1.' }),
    weight: t.expose('weight', { type: 'BigInt', description: 'Weight after the transaction.' }),
    remainingBalance: t.expose('remainingBalance', {
      type: 'BigInt',
      description: 'Balance after the transaction, in nAVAX.',
    }),
    balanceChange: t.expose('balanceChange', {
      type: 'BigInt',
      nullable: true,
      description: 'How the transaction changed the balance, in nAVAX.',
    }),
    blsCredentials: t.expose('blsCredentials', {
      type: BlsCredentialsRef,
      nullable: true,
      description: 'Its BLS key.',
    }),
  }),
});

const BlockchainInfoRef = builder.objectRef<NonNullable<PChainTransaction['blockchainInfo']>>('CreatedBlockchainInfo').implement({
  description: 'The blockchain a CreateChainTx created.',
  fields: (t) => ({
    chainName: t.exposeString('chainName', { description: 'Its name.' }),
    vmId: t.exposeString('vmId', { description: 'Its VM.' }),
    genesisData: t.field({
      type: EvmGenesisRef,
      nullable: true,
      description: 'Its genesis, for EVM chains.',
      resolve: (i) => (i.genesisData && typeof i.genesisData === 'object' ? i.genesisData : null),
    }),
    encodedGenesis: t.string({
      nullable: true,
      description: 'Its genesis as encoded by its VM, for other chains.',
      price: { bytes: ENCODED_GENESIS_BYTES },
      resolve: (i) => (typeof i.genesisData === 'string' ? i.genesisData : null),
    }),
  }),
});

builder.node(PChainTransactionRef, {
  ...txNode<PTxModel>('A P-Chain transaction: staking, subnets, blockchains, L1 validators, transfers.', 'p-chain'),
  interfaces: [TransactionInterface],
  fields: (t) => ({
    value: t.field({
      price: { items: AMOUNT_ASSETS },
      type: [AssetAmountRef],
      description: 'Value it moved, per asset.',
      resolve: (tx) => amountsOf(tx.network, tx.value),
    }),
    amountBurned: t.field({
      price: { items: AMOUNT_ASSETS },
      type: [AssetAmountRef],
      description: 'Fees burned.',
      resolve: (tx) => amountsOf(tx.network, tx.amountBurned),
    }),
    amountStaked: t.field({
      type: [AssetAmountRef],
      price: { items: AMOUNT_ASSETS },
      description: 'Amount it staked.',
      resolve: (tx) => amountsOf(tx.network, tx.amountStaked),
    }),
    amountL1ValidatorBalanceBurned: t.field({
      type: [AssetAmountRef],
      price: { items: AMOUNT_ASSETS },
      description: 'Amount put into L1 validator balances (spent over time as the continuous fee).',
      resolve: (tx) => amountsOf(tx.network, tx.amountL1ValidatorBalanceBurned),
    }),
    startTimestamp: t.expose('startTimestamp', {
      type: 'SafeInt',
      nullable: true,
      description: 'Start of a validation or delegation.',
    }),
    endTimestamp: t.expose('endTimestamp', {
      type: 'SafeInt',
      nullable: true,
      description: 'End of a validation or delegation.',
    }),
    delegationFeePercent: t.exposeString('delegationFeePercent', {
      nullable: true,
      description: "The validator's fee on delegators' rewards, in percent.",
    }),
    nodeId: t.exposeString('nodeId', {
      nullable: true,
      description: 'The node it concerns, for staking transactions.',
    }),
    subnetId: t.exposeString('subnetId', { nullable: true, description: 'The subnet it concerns.' }),
    l1ValidatorManagerDetails: t.field({
      type: ValidatorManagerRef,
      nullable: true,
      description: 'For ConvertSubnetToL1Tx: the contract that manages the new L1.',
      resolve: (tx) => (tx.l1ValidatorManagerDetails ? { network: tx.network, ...tx.l1ValidatorManagerDetails } : null),
    }),
    // A RegisterL1ValidatorTx's one, a ConvertSubnetToL1Tx's initial set: five until more were seen.
    // The most: a validator takes about 200 bytes (node id, weight, balance, BLS key and proof, two
    // owners), some 320 in a transaction of MAX_TX_SIZE (64 KiB).
    l1ValidatorDetails: t.field({
      type: [L1ValidatorDetailsRef],
      price: { items: usually('l1ValidatorDetails', 5, 320), groups: ['subnet'] },
      nullable: true,
      description: 'For L1 validator transactions: the validators it created or changed.',
      resolve: (tx) => tx.l1ValidatorDetails?.map((d) => ({ ...d, network: tx.network })) ?? null,
    }),
    estimatedReward: t.expose('estimatedReward', {
      type: 'BigInt',
      nullable: true,
      description: 'Expected staking reward, in nAVAX.',
    }),
    rewardTxHash: t.exposeString('rewardTxHash', {
      nullable: true,
      description: 'The RewardValidatorTx that ended this stake.',
    }),
    rewardTransaction: t.field({
      type: PChainTransactionRef,
      nullable: true,
      description: 'The RewardValidatorTx that ended this stake.',
      // A lookup by hash, for a transaction that names its reward, unless that was on a page this
      // request listed: which do is the data's (`made`).
      price: { calls: 1, reaches: ['getTxByHash'], made: { made: (tx: PTxModel) => !!tx.rewardTxHash } },
      resolve: async (tx, _args, ctx) => loadP(ctx, tx.network, tx.rewardTxHash),
    }),
    stakingTxHash: t.exposeString('stakingTxHash', {
      nullable: true,
      description: 'For a RewardValidatorTx: the stake it ended.',
    }),
    stakingTransaction: t.field({
      type: PChainTransactionRef,
      nullable: true,
      description: 'For a RewardValidatorTx: the staking transaction it ended.',
      // Only a reward transaction names one: which do is the data's (`made`).
      price: { calls: 1, reaches: ['getTxByHash'], made: { made: (tx: PTxModel) => !!tx.stakingTxHash } },
      resolve: async (tx, _args, ctx) => loadP(ctx, tx.network, tx.stakingTxHash),
    }),
    rewardAddresses: t.field({
      type: [AddressRef],
      price: { items: OWNER_ADDRESSES },
      nullable: true,
      description: 'Where staking rewards go.',
      resolve: (tx) => (tx.rewardAddresses ? toAddresses(tx.network, tx.rewardAddresses) : null),
    }),
    subnetOwnershipInfo: t.field({
      type: OwnershipRef,
      nullable: true,
      description: 'For CreateSubnetTx and TransferSubnetOwnershipTx: the new owners.',
      resolve: (tx) => (tx.subnetOwnershipInfo ? { network: tx.network, ...tx.subnetOwnershipInfo } : null),
    }),
    blsCredentials: t.expose('blsCredentials', {
      type: BlsCredentialsRef,
      nullable: true,
      description: "The validator's BLS key, where given.",
    }),
    blockchainInfo: t.expose('blockchainInfo', {
      type: BlockchainInfoRef,
      nullable: true,
      description: 'For CreateChainTx: the blockchain it created.',
    }),
  }),
});

type ModelOf<C extends PrimaryChainAlias> = Extract<TxModel, { chain: C }>;

/** A transaction by hash, once per request; null without a hash or when the Data API has none. */
export async function findTransaction<C extends PrimaryChainAlias>(
  ctx: GatewayContext,
  network: NetworkName,
  chain: C,
  txHash: string | undefined,
): Promise<ModelOf<C> | null> {
  if (!txHash) return null;
  const tx = await ctx.loaders.transaction({ network, chain, txHash });
  return tx ? (txModel(network, chain, tx) as ModelOf<C>) : null;
}

const loadP = (ctx: GatewayContext, network: NetworkName, txHash: string | undefined) => findTransaction(ctx, network, 'p-chain', txHash);

const VertexDetailRef = builder.objectRef<{ hash: string; height: number; timestamp: number }>('TransactionVertex').implement({
  description: 'A DAG vertex that holds the transaction.',
  fields: (t) => ({
    hash: t.exposeString('hash', { description: 'Vertex hash.' }),
    height: t.expose('height', { type: 'SafeInt', description: 'Vertex height.' }),
    timestamp: t.expose('timestamp', { type: 'SafeInt', description: 'Unix time (s) of the vertex.' }),
  }),
});

export const XChainTransactionRef = builder.objectRef<XTxModel>('XChainTransaction');
builder.node(XChainTransactionRef, {
  ...txNode<XTxModel>('An X-Chain transaction: transfers, asset creation, operations, imports and exports.', 'x-chain'),
  interfaces: [TransactionInterface],
  fields: (t) => ({
    chainFormat: t.expose('chainFormat', {
      type: XChainFormatEnum,
      description: 'DAG era (NON_LINEAR) or block era (LINEAR).',
    }),
    amountUnlocked: t.field({
      type: [AssetAmountRef],
      price: { items: AMOUNT_ASSETS },
      description: 'Assets its inputs unlocked.',
      resolve: (tx) => amountsOf(tx.network, tx.amountUnlocked),
    }),
    amountCreated: t.field({
      type: [AssetAmountRef],
      price: { items: AMOUNT_ASSETS },
      description: 'Assets its outputs created.',
      resolve: (tx) => amountsOf(tx.network, tx.amountCreated),
    }),
    assetCreated: t.field({
      type: XChainAssetRef,
      nullable: true,
      description: 'For CreateAssetTx: the asset.',
      resolve: (tx) => (tx.assetCreated ? { ...tx.assetCreated, network: tx.network } : null),
    }),
    // One vertex, or two where it was issued again, until more were seen; 16 is an assumption for the most.
    vertices: t.field({
      type: [VertexDetailRef],
      price: { items: usually('txVertices', 2, 16) },
      nullable: true,
      description: 'The DAG vertices that hold it (DAG era only).',
      resolve: (tx) => (tx.chainFormat === 'non-linear' ? tx.vertices : null),
    }),
  }),
});

const EvmInputRef = builder.objectRef<EvmInput & { network: NetworkName }>('EvmInput').implement({
  description: 'Value an ExportTx took from a C-Chain account.',
  fields: (t) => ({
    fromAddress: t.exposeString('fromAddress', { description: 'The 0x account.' }),
    asset: t.field({ type: AssetAmountRef, description: 'What it took.', resolve: (i) => ({ ...i.asset, network: i.network }) }),
    credentials: t.expose('credentials', { type: [UtxoCredentialRef], description: 'Signatures.', price: { items: CREDENTIALS } }),
  }),
});

const EvmOutputRef = builder.objectRef<EvmOutput & { network: NetworkName }>('EvmOutput').implement({
  description: 'Value an ImportTx credited to a C-Chain account.',
  fields: (t) => ({
    toAddress: t.exposeString('toAddress', { description: 'The 0x account.' }),
    asset: t.field({ type: AssetAmountRef, description: 'What it credited.', resolve: (o) => ({ ...o.asset, network: o.network }) }),
  }),
});

export const CChainTransactionRef = builder.objectRef<CTxModel>('CChainAtomicTransaction');
builder.node(CChainTransactionRef, {
  ...txNode<CTxModel>('A C-Chain atomic transaction: an import into or export out of the C-Chain.', 'c-chain'),
  interfaces: [TransactionInterface],
  fields: (t) => ({
    amountUnlocked: t.field({
      type: [AssetAmountRef],
      price: { items: AMOUNT_ASSETS },
      description: 'Value it took in.',
      resolve: (tx) => amountsOf(tx.network, tx.amountUnlocked),
    }),
    amountCreated: t.field({
      type: [AssetAmountRef],
      price: { items: AMOUNT_ASSETS },
      description: 'Value it put out.',
      resolve: (tx) => amountsOf(tx.network, tx.amountCreated),
    }),
    // One or two accounts until more were seen; the most as for an atomic transaction's UTXOs: an
    // account entry takes 60 bytes at least (address, amount, asset), about 1,000 in 64 KiB (MAX_TX_SIZE).
    evmInputs: t.field({
      type: [EvmInputRef],
      price: { items: usually('atomicEvmInputs', 2, 1_000) },
      nullable: true,
      description: 'For ExportTx: the accounts debited.',
      resolve: (tx) => ('evmInputs' in tx ? tx.evmInputs.map((i) => ({ ...i, network: tx.network })) : null),
    }),
    evmOutputs: t.field({
      type: [EvmOutputRef],
      price: { items: usually('atomicEvmOutputs', 2, 1_000) },
      nullable: true,
      description: 'For ImportTx: the accounts credited.',
      resolve: (tx) => ('evmOutputs' in tx ? tx.evmOutputs.map((o) => ({ ...o, network: tx.network })) : null),
    }),
  }),
});

// --- lists -------------------------------------------------------------------------------

// Pages of 100, priced at 50 transactions a call: the operation's entry says why.
const TRANSACTIONS_PAGE = pageSpec('listLatestPrimaryNetworkTransactions', 'transactions');
const TRANSACTIONS_PRICE = paged(TRANSACTIONS_PAGE);

PrimaryNetworkChainInfoRef.implement({
  description: "Which chain and network a Primary Network listing is of, as the Data API's answer says (its `chainInfo`).",
  fields: (t) => ({
    chainName: t.expose('chainName', { type: PrimaryNetworkChainEnum, description: 'The chain listed.' }),
    network: t.field({
      type: NetworkNameEnum,
      description: 'The network listed; FUJI for the test network, whichever name the Data API used.',
      resolve: (info) => (info.network === 'testnet' ? 'fuji' : info.network),
    }),
  }),
});

export const TransactionConnection = builder.connectionObject(
  {
    type: TransactionInterface,
    name: 'PrimaryNetworkTransactionConnection',
    description: 'A page of Primary Network transactions, newest first unless asked.',
    fields: (t) => ({
      chainInfo: t.field({
        type: PrimaryNetworkChainInfoRef,
        description: 'The chain and network the Data API answered for (its `chainInfo`): the same on every page of the list.',
        resolve: (conn) => (conn as { firstPage?: ListTransactionsResponse<PrimaryNetworkTransaction> }).firstPage!.chainInfo,
      }),
    }),
  },
  { name: 'PrimaryNetworkTransactionEdge', description: 'A transaction and its cursor.' },
);

interface TxFilters {
  addresses?: readonly string[] | null;
  txTypes?: readonly PrimaryNetworkTxType[] | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  l1ValidationId?: string | null;
  sortOrder?: SortOrder | null;
}

/** Checks the spec's rules, then pages through listLatestPrimaryNetworkTransactions. */
function listTransactions(ctx: GatewayContext, network: NetworkName, chain: PrimaryChainAlias, f: TxFilters, args: ConnectionArgs) {
  const addresses = f.addresses?.length
    ? checkAddresses(network, f.addresses, { argument: 'addresses', allowEvm: chain === 'c-chain' })
    : undefined;
  checkTimeRange(f.startTimestamp, f.endTimestamp);
  if (f.l1ValidationId && chain !== 'p-chain') {
    throw badInput('`l1ValidationId` filters P-Chain transactions only: use chain P_CHAIN.', { argument: 'l1ValidationId' });
  }
  const txTypes = f.txTypes?.length ? [...new Set(f.txTypes)] : undefined;
  if ((txTypes || f.startTimestamp != null || f.endTimestamp != null) && !addresses && !f.l1ValidationId) {
    throw badInput(
      '`txTypes`, `startTimestamp` and `endTimestamp` work only together with `addresses` (or `l1ValidationId` on the P-Chain): the Data API does not filter the whole chain by them.',
      { argument: txTypes ? 'txTypes' : 'startTimestamp' },
    );
  }
  const params = {
    addresses,
    txTypes,
    startTimestamp: f.startTimestamp ?? undefined,
    endTimestamp: f.endTimestamp ?? undefined,
    l1ValidationId: f.l1ValidationId ?? undefined,
    sortOrder: f.sortOrder ?? undefined,
  };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: TRANSACTIONS_PAGE,
    filters: [network, chain, params],
    fetchPage: (page) => ctx.loaders.transactionPage(network, chain, { ...page, ...params }),
    read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
    toNode: (tx) => txModel(network, chain, tx),
    keyOf: (tx) => tx.txHash,
    // The spec sorts these lists by timestamp: what lets a resume drop what it served, however far the list moved.
    rankOf: params.sortOrder === 'asc' ? timeOf : (tx) => -timeOf(tx),
  });
}

/** When a transaction was accepted: `blockTimestamp` on the P-Chain, `timestamp` on the X- and C-Chain. */
const timeOf = (tx: PrimaryNetworkTransaction): number => ('blockTimestamp' in tx ? tx.blockTimestamp : tx.timestamp);

const PAGE_NOTE =
  '`first`: 1 to 500 (default 10); 100 per upstream call, and a page may come back shorter when its transactions hold many UTXOs.';

/** The `chain` of a representation is the PrimaryNetworkChain enum as our subgraph writes it. */
const CHAIN_BY_NAME: Readonly<Record<string, PrimaryChainAlias>> = { P_CHAIN: 'p-chain', X_CHAIN: 'x-chain', C_CHAIN: 'c-chain' };

/**
 * A neighbour subgraph names a transaction by network, chain and hash, on the interface or on the
 * type of its chain; `_entities` finds it as `Network.transaction` does.
 */
function txReference<C extends PrimaryChainAlias>(typename: string, only?: C) {
  return async (key: { network: string; chain: string; txHash: string }, ctx: GatewayContext) => {
    const network = keyNetwork(typename, key.network);
    const chain = (typeof key.chain === 'string' ? CHAIN_BY_NAME[key.chain] : undefined) as C | undefined;
    if (!chain || (only && chain !== only)) {
      const allowed = only ? Object.keys(CHAIN_BY_NAME).find((name) => CHAIN_BY_NAME[name] === only) : 'P_CHAIN, X_CHAIN or C_CHAIN';
      throw badInput(`A ${typename} representation needs \`chain\`: ${allowed} (got ${shown(key.chain)}).`);
    }
    return findTransaction(ctx, network, chain, keyField(typename, 'txHash', key.txHash, parseCb58Id));
  };
}

// By hash (`node(id:)`, `_entities`): one lookup each, as `Network.transaction`.
for (const typename of ['PrimaryNetworkTransaction', ...Object.values(TYPE_BY_CHAIN)]) lookupPrice(typename, { calls: 1 });

const txKey = builder.selection<{ network: string; chain: string; txHash: string }>('network chain txHash');
builder.asEntity(TransactionInterface, { key: txKey, resolveReference: txReference('PrimaryNetworkTransaction') });
builder.asEntity(PChainTransactionRef, { key: txKey, resolveReference: txReference('PChainTransaction', 'p-chain') });
builder.asEntity(XChainTransactionRef, { key: txKey, resolveReference: txReference('XChainTransaction', 'x-chain') });
builder.asEntity(CChainTransactionRef, { key: txKey, resolveReference: txReference('CChainAtomicTransaction', 'c-chain') });

builder.objectFields(NetworkRef, (t) => ({
  transactions: t.connection(
    {
      type: TransactionInterface,
      nullable: true,
      description: `Latest transactions of one Primary Network chain. \`txTypes\` and the timestamps need \`addresses\` (or \`l1ValidationId\` on the P-Chain). ${PAGE_NOTE}`,
      args: {
        chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: 'The chain to list.' }),
        addresses: t.arg({
          type: [AvalancheAddressScalar],
          description: 'Only transactions touching one of these addresses (at most 100); 0x addresses are accepted on the C-Chain.',
        }),
        txTypes: t.arg({ type: [PrimaryNetworkTxTypeEnum], description: 'Only these types; needs `addresses` or `l1ValidationId`.' }),
        startTimestamp: t.arg({
          type: 'SafeInt',
          description: 'Only transactions from this Unix time (s); needs `addresses` or `l1ValidationId`.',
        }),
        endTimestamp: t.arg({
          type: 'SafeInt',
          description: 'Only transactions up to this Unix time (s); needs `addresses` or `l1ValidationId`.',
        }),
        l1ValidationId: t.arg({
          type: CB58IdScalar,
          description: 'P-Chain only: the transactions of this L1 validation (ConvertSubnetToL1Tx, IncreaseL1ValidatorBalanceTx, ...).',
        }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By time; newest first when omitted.' }),
      },
      price: TRANSACTIONS_PRICE,
      resolve: (network, args, ctx) => listTransactions(ctx, network.name, args.chain, args, args),
    },
    TransactionConnection,
  ),
  transaction: t.field({
    type: TransactionInterface,
    nullable: true,
    description: 'One transaction by hash; null if the chain has no such transaction.',
    args: {
      chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: 'The chain it is on.' }),
      txHash: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }),
    },
    price: { calls: 1, reaches: ['getTxByHash'] },
    resolve: (network, { chain, txHash }, ctx) => findTransaction(ctx, network.name, chain, txHash),
  }),
}));

builder.objectField(AddressRef, 'transactions', (t) =>
  t.connection(
    {
      type: TransactionInterface,
      nullable: true,
      description: `This address's transactions on one chain, newest first unless asked. ${PAGE_NOTE}`,
      args: {
        chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: 'The chain to list.' }),
        txTypes: t.arg({ type: [PrimaryNetworkTxTypeEnum], description: 'Only these types.' }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions up to this Unix time (s).' }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By time; newest first when omitted.' }),
      },
      price: TRANSACTIONS_PRICE,
      resolve: (address, args, ctx) => {
        if (address.address.startsWith('0x') && args.chain !== 'c-chain') {
          throw badInput('An EVM (0x) address has transactions on the C-Chain only: use chain C_CHAIN.', { argument: 'chain' });
        }
        return listTransactions(ctx, address.network, args.chain, { ...args, addresses: [address.address] }, args);
      },
    },
    TransactionConnection,
  ),
);

builder.objectField(L1ValidatorRef, 'transactions', (t) =>
  t.connection(
    {
      type: TransactionInterface,
      nullable: true,
      description: `P-Chain transactions of this validation: its registration, balance increases, weight changes, removal. ${PAGE_NOTE}`,
      args: {
        txTypes: t.arg({ type: [PrimaryNetworkTxTypeEnum], description: 'Only these types.' }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions up to this Unix time (s).' }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By time; newest first when omitted.' }),
      },
      price: TRANSACTIONS_PRICE,
      resolve: (v, args, ctx) => listTransactions(ctx, v.network, 'p-chain', { ...args, l1ValidationId: v.validationId }, args),
    },
    TransactionConnection,
  ),
);

builder.objectField(SubnetRef, 'l1ConversionTransaction', (t) =>
  t.field({
    type: PChainTransactionRef,
    nullable: true,
    description: 'The ConvertSubnetToL1Tx that made this subnet an L1.',
    price: { calls: 1, per: ONCE_PER_SUBNET, reaches: ['getTxByHash'] },
    resolve: (s, _args, ctx) => loadP(ctx, s.network, s.l1ConversionTransactionHash),
  }),
);

builder.objectField(AvmTxRef, 'transaction', (t) =>
  t.field({
    type: TransactionInterface,
    nullable: true,
    description:
      "The Data API's view of the same transaction (timestamps, UTXO details, amounts); null if it has not indexed it, and for another AVM chain than the X-Chain, which the Data API does not index (no call).",
    price: { calls: 1, reaches: ['getTxByHash'] },
    resolve: (tx, _args, ctx) => (onXChain(tx) ? findTransaction(ctx, tx.network, 'x-chain', tx.id) : null),
  }),
);

builder.objectField(PBlockTxRef, 'transaction', (t) =>
  t.field({
    type: TransactionInterface,
    nullable: true,
    description: "The Data API's view of the transaction (type, amounts, UTXOs); null without `txId` or when not indexed.",
    price: { calls: 1, reaches: ['getTxByHash'] },
    resolve: (tx, _args, ctx) => findTransaction(ctx, tx.network, 'p-chain', tx.id),
  }),
);

const ALL_CHAINS: PrimaryChainAlias[] = ['p-chain', 'x-chain', 'c-chain'];

builder.subscriptionField('addressTransactions', (t) =>
  t.field({
    type: TransactionInterface,
    nullable: true,
    description: `Each new Primary Network transaction touching any of \`addresses\`, oldest first (listLatestPrimaryNetworkTransactions, newest 50 per chain and poll). At most LIVE_MAX_ADDRESSES addresses; the same set in any order shares one poller. ${POLL_NOTE}`,
    args: {
      ...networkArg,
      addresses: t.arg({
        type: [AvalancheAddressScalar],
        required: true,
        description: 'The addresses to watch (avax1..., fuji1...; a chain prefix such as P- is allowed), at least one.',
      }),
      chains: t.arg({
        type: [PrimaryNetworkChainEnum],
        description: 'Only these chains (default: all three).',
      }),
    },
    // An event costs what its selection does: the poll is the live hub's, shared by every subscriber of the topic.
    price: { scope: (args) => toNetwork(args.network) },
    subscribe: (_root, args, ctx) => {
      const network = toNetwork(args.network);
      const max = ctx.liveMaxAddresses;
      if (args.addresses.length === 0) throw badInput('`addresses` must name at least one address to watch.', { argument: 'addresses' });
      if (args.addresses.length > max) {
        throw badInput(
          `\`addresses\` holds ${args.addresses.length} addresses; a subscription may watch at most ${max} (LIVE_MAX_ADDRESSES).`,
          {
            argument: 'addresses',
          },
        );
      }
      const chains = args.chains?.length ? [...new Set(args.chains)] : ALL_CHAINS;
      const addresses = checkAddresses(network, args.addresses, { argument: 'addresses' });
      return openFeed(ctx, transactionsFeed(network, chains, addresses));
    },
    resolve: (event) => eventValue(event, (e) => txModel(e.network, e.chain, e.tx)),
  }),
);

// --- the Data API's staking, asset and block listings (primary-network-address.ts, x-chain-asset.ts,
// primary-network-block.ts have the rest of their types) -----------------------------------------

const STAKING_PAGE = pageSpec('listActivePrimaryNetworkStakingTransactions', 'activeStakingTransactions');

builder.objectField(AddressRef, 'activeStakingTransactions', (t) =>
  t.connection(
    {
      type: PChainTransactionRef,
      nullable: true,
      description:
        "This address's P-Chain staking transactions whose staking period has not ended: validations and delegations it staked or is rewarded for (listActivePrimaryNetworkStakingTransactions), newest first unless asked. `first`: 1 to 500 (default 10); 100 per upstream call.",
      args: {
        txTypes: t.arg({
          type: [PrimaryNetworkTxTypeEnum],
          description: 'Only these types (AddPermissionlessValidatorTx, AddPermissionlessDelegatorTx, …).',
        }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions accepted from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions accepted up to this Unix time (s).' }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By time; newest first when omitted.' }),
      },
      price: paged(STAKING_PAGE),
      resolve: (a, args, ctx) => {
        if (a.address.startsWith('0x')) throw badInput('`activeStakingTransactions` is for P-Chain (bech32) addresses, not EVM addresses.');
        checkTimeRange(args.startTimestamp, args.endTimestamp);
        const params = {
          addresses: [a.address],
          txTypes: args.txTypes?.length ? [...new Set(args.txTypes)] : undefined,
          startTimestamp: args.startTimestamp ?? undefined,
          endTimestamp: args.endTimestamp ?? undefined,
          sortOrder: args.sortOrder ?? undefined,
        };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: STAKING_PAGE,
          filters: [a.network, params],
          fetchPage: (page) => listActivePrimaryNetworkStakingTransactions(ctx.dataApi, a.network, { ...page, ...params }),
          read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
          toNode: (tx) => txModel(a.network, 'p-chain', tx) as PTxModel,
          keyOf: (tx) => tx.txHash,
          rankOf: params.sortOrder === 'asc' ? timeOf : (tx) => -timeOf(tx),
        });
      },
    },
    { name: 'PChainTransactionConnection', description: 'A page of P-Chain transactions.' },
    { name: 'PChainTransactionEdge', description: 'A P-Chain transaction and its cursor.' },
  ),
);

const ASSET_TXS_PAGE = pageSpec('listAssetTransactions', 'transactions');

builder.objectField(XChainAssetRef, 'transactions', (t) =>
  t.connection(
    {
      type: XChainTransactionRef,
      nullable: true,
      description:
        'The X-Chain transactions that created or moved this asset (listAssetTransactions), newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: {
        txTypes: t.arg({
          type: [PrimaryNetworkTxTypeEnum],
          description: 'Only these types (BaseTx, CreateAssetTx, OperationTx, ImportTx, ExportTx).',
        }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only transactions up to this Unix time (s).' }),
      },
      price: paged(ASSET_TXS_PAGE),
      resolve: (asset, args, ctx) => {
        checkTimeRange(args.startTimestamp, args.endTimestamp);
        const params = {
          txTypes: args.txTypes?.length ? [...new Set(args.txTypes)] : undefined,
          startTimestamp: args.startTimestamp ?? undefined,
          endTimestamp: args.endTimestamp ?? undefined,
        };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ASSET_TXS_PAGE,
          filters: [asset.network, asset.assetId, params],
          fetchPage: (page) => listAssetTransactions(ctx.dataApi, asset.network, asset.assetId, { ...page, ...params }),
          read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
          toNode: (tx) => txModel(asset.network, 'x-chain', tx) as XTxModel,
          keyOf: (tx) => tx.txHash,
          rankOf: (tx) => -timeOf(tx),
        });
      },
    },
    { name: 'XChainTransactionConnection', description: 'A page of X-Chain transactions.' },
    { name: 'XChainTransactionEdge', description: 'An X-Chain transaction and its cursor.' },
  ),
);

builder.objectField(AddressActivityRef, 'transaction', (t) =>
  t.field({
    type: TransactionInterface,
    nullable: true,
    description: 'The transaction of the activity, from the Data API (getTxByHash); null if it has not indexed it.',
    price: { calls: 1, reaches: ['getTxByHash'] },
    resolve: (a, _args, ctx) => findTransaction(ctx, a.network, a.chainName, a.txHash),
  }),
);

/** A lookup per transaction of the block: the calls follow the items (PRIMARY_NETWORK_BLOCK_TXS). */
const BLOCK_TXS = PRIMARY_NETWORK_BLOCK_TXS;

builder.objectField(PrimaryNetworkBlockRef, 'transactions', (t) =>
  t.field({
    type: [TransactionInterface],
    price: { calls: BLOCK_TXS, items: BLOCK_TXS, reaches: ['getTxByHash'] },
    description:
      'Its transactions from the Data API, one lookup each (getTxByHash; free for those a list of this request already held); those it has not indexed are left out. `transactionIds` has their ids without a call.',
    resolve: async (b, _args, ctx) =>
      (await Promise.all(b.transactions.map((hash) => findTransaction(ctx, b.network, b.chain, hash)))).filter((tx) => tx !== null),
  }),
);
