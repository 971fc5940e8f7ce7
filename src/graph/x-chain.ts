/**
 * The X-Chain as the node serves it (avm.* at /ext/bc/X), or another blockchain running the AVM
 * (/ext/bc/<id>): transactions and blocks decoded from the node's JSON, assets, fees, and UTXOs
 * read from their bytes. X-Chain transactions link to the Data API's view of the same
 * transaction, assets to their description on their chain (kept across requests).
 */
import { utxoId } from '../base/avax-codec.js';
import type { GatewayContext } from '../graphql/context.js';
import { badInput, limitExceeded, quote } from '../graphql/errors.js';
import { InvalidIdError, parseCb58Id, PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import { Balances, newUtxos, type Balance, type NodeUtxo } from '../domain/utxos.js';
import type { UtxoIndex } from '../upstreams/node/client.js';
import type { AssetDescription, AvmBlockJson, AvmChain, AvmTxJson } from '../upstreams/node/x-chain.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription, nodeKey, parseNodeKey } from './global-id.js';
import { lookupPrice } from './lookups.js';
import { paged } from './cost.js';
import { learnt, usually } from './list-sizes.js';
import {
  hexJsonBytes,
  MAINNET_X_GENESIS_TX_SIZE,
  MAX_TX_SIZE,
  NFT_PAYLOAD_BYTES,
  SECP256K1_SIGNATURE_BYTES,
  TX_MEMO_BYTES,
  UTXO_HEX_BYTES,
} from './leaf-bytes.js';
import { ASSET_DESCRIPTIONS } from './pools.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { checkAddresses, toNetwork } from './inputs.js';
import { MAX_BLOCKS_PER_POLL, xChainBlocksFeed } from '../live/feeds.js';

import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import {
  BLOCK_ID_DESCRIPTION,
  checkBlockAsk,
  checkHeightKey,
  type BlockAsk,
  nodeUtxoValue,
  UNSIGNED_TX_BYTES,
  UNSIGNED_TX_ENTRIES,
} from './node-common.js';
import { toSafeInt } from '../upstreams/node/client.js';
import { avaxGetUTXOs } from '../upstreams/node/c-chain-atomic.js';
import { blockIdOf } from '../domain/blocks.js';
import { AvalancheAddressScalar, CB58IdScalar } from './scalars.js';
import {
  avmGetAllBalances,
  avmGetBalance,
  avmGetBlock,
  avmGetBlockByHeight,
  avmGetHeight,
  avmGetTx,
  avmGetTxFee,
  avmGetTxStatus,
  avmGetUTXOs,
} from '../upstreams/node/x-chain.js';
import {
  AddressRef,
  AssetAmountRef,
  avmChainOf,
  CREDENTIALS,
  AvmTxRef,
  NetworkRef,
  TransferableInputRef,
  TransferableOutputRef,
  TX_CREDENTIALS,
  TX_INPUTS,
  TX_OUTPUTS,
  XChainRef,
  CChainAtomicRef,
  inputsOf,
  outputsOf,
  type InputModel,
  type OnAvmChain,
  type OutputModel,
} from './refs.js';

// --- assets ------------------------------------------------------------------------------------

export type AssetModel = AssetDescription & { network: NetworkName };

export const AssetDescriptionRef = builder.objectRef<AssetModel>('AssetDescription').implement({
  description: 'An X-Chain asset as the node describes it (avm.getAssetDescription). It never changes, so the gateway keeps it.',
  fields: (t) => ({
    assetId: t.exposeString('assetID', { description: 'The asset id (cb58).' }),
    name: t.exposeString('name', { description: 'Its name, e.g. "Avalanche".' }),
    symbol: t.exposeString('symbol', { description: 'Its symbol, e.g. "AVAX".' }),
    denomination: t.int({
      description: 'Decimal places for display: 100 units show as 100 with 0, as 10.0 with 1, as .100 with 2.',
      resolve: (a) => toSafeInt(a.denomination),
    }),
  }),
});

/** The description of an asset by id, through the shared cache. */
async function assetOf(ctx: GatewayContext, on: OnAvmChain, assetId: string): Promise<AssetModel | null> {
  const description = await ctx.nodeLoaders.asset(avmChainOf(on), assetId);
  return description ? { ...description, network: on.network } : null;
}

const assetField = <P extends OnAvmChain>(assetIdOf: (parent: P) => string) =>
  ({
    type: AssetDescriptionRef,
    nullable: true,
    description: "The asset's description from the node (avm.getAssetDescription on its chain), fetched once per asset and kept.",
    price: { pools: [ASSET_DESCRIPTIONS], reaches: ['avm.getAssetDescription'] },
    resolve: (parent: P, _args: object, ctx: GatewayContext) => assetOf(ctx, parent, assetIdOf(parent)),
  }) as const;

// --- transactions and blocks (JSON encoding) ---------------------------------------------------------

/**
 * An X-Chain transaction's signed bytes in hex with checksum, as long as the longest seen: within
 * the mempool's MAX_TX_SIZE, but for mainnet's genesis transaction (AVAX's creation, answered by id
 * as any other), MAINNET_X_GENESIS_TX_SIZE. Priced as any leaf, one answered 682 bytes.
 */
const AVM_TX_HEX_BYTES = learnt({
  kind: 'avm-tx-hex-bytes',
  most: { mainnet: hexJsonBytes(MAINNET_X_GENESIS_TX_SIZE, true), fuji: hexJsonBytes(MAX_TX_SIZE, true) },
  anyNetwork: true,
});

/**
 * An X-Chain block's bytes, priced as BLOCK_HEX_BYTES (at most 4 MiB of hex) but learnt apart from
 * the P-Chain's: an X-Chain block of a few transfers is longer than a P-Chain block that commits a
 * proposal, and the P-Chain's priced the first X-Chain block read after them below its bytes (1,216
 * answered, 1,050 priced: test/fuzz/long-leaves.test.ts).
 */
const AVM_BLOCK_HEX_BYTES = learnt({ kind: 'avm-block-hex-bytes', most: { mainnet: 4_194_320, fuji: 4_194_320 } });

type AvmBlockModel = AvmBlockJson & OnAvmChain & { asked: BlockAsk };

/**
 * The transactions of a linear X-Chain block, priced at the most a block held when last seen on
 * the network (with a margin), at most 50 until one was seen: a block holds the transactions
 * accepted together, one to a few (the X-Chain carries a few transfers a minute). An assumption,
 * not a bound the node states (as for a P-Chain block's, src/graph/p-chain.ts): a block past it is
 * stopped by the call budget as it runs.
 * Priced at a fixed 5 with a lookup each, a block of one was priced five times its calls.
 */
const X_BLOCK_TXS = learnt({ kind: 'x-block-transactions', most: { mainnet: 50, fuji: 50 } });

builder.objectField(TransferableOutputRef, 'asset', (t) => t.field(assetField<OutputModel>((o) => o.assetID)));
builder.objectField(TransferableInputRef, 'asset', (t) => t.field(assetField<InputModel>((i) => i.assetID)));

const AvmCredentialRef = builder.objectRef<NonNullable<AvmTxJson['credentials']>[number] & OnAvmChain>('AvmCredential').implement({
  description: 'Signatures proving the transaction may spend one of its inputs.',
  fields: (t) => ({
    fxId: t.exposeString('fxID', { description: 'The feature extension of the credential.' }),
    signatures: t.field({
      type: ['String'],
      description: 'The signatures (hex).',
      price: { items: CREDENTIALS, bytes: SECP256K1_SIGNATURE_BYTES },
      resolve: (c) => c.credential?.signatures ?? [],
    }),
  }),
});

AvmTxRef.implement({
  description: 'An X-Chain transaction as the node decodes it (avm.getTx with JSON encoding).',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its chain and transaction id',
        "it is the node's decoding of the transaction; `transaction` is the Data API's (a Node) where the chain is indexed.",
      ),
      resolve: (tx) => entityId('AvmTransaction', tx.network, `${tx.avmBlockchainId ?? PRIMARY_CHAIN_IDS[tx.network].x}:${tx.id}`),
    }),
    txId: t.exposeString('id', { description: 'The transaction id (cb58).' }),
    networkId: t.int({
      description: 'The network id it was signed for: 1 on mainnet, 5 on Fuji.',
      resolve: (tx) => tx.unsignedTx.networkID,
    }),
    blockchainId: t.string({ description: 'The chain it was issued on.', resolve: (tx) => tx.unsignedTx.blockchainID }),
    memo: t.string({
      description: 'Its memo (hex), "0x" when empty.',
      price: { bytes: TX_MEMO_BYTES },
      resolve: (tx) => tx.unsignedTx.memo,
    }),
    inputs: t.field({
      type: [TransferableInputRef],
      price: { items: TX_INPUTS },
      description: 'UTXOs of this chain it spends (imported ones are in `importedInputs`).',
      resolve: (tx) => inputsOf(tx.network, tx.unsignedTx.inputs, tx.avmBlockchainId),
    }),
    outputs: t.field({
      type: [TransferableOutputRef],
      price: { items: TX_OUTPUTS },
      description: 'Outputs it creates on this chain (exported ones are in `exportedOutputs`).',
      resolve: (tx) => outputsOf(tx.network, tx.unsignedTx.outputs, tx.avmBlockchainId),
    }),
    sourceChain: t.string({
      nullable: true,
      description: 'For an import: the chain the value comes from.',
      resolve: (tx) => tx.unsignedTx.sourceChain ?? null,
    }),
    importedInputs: t.field({
      type: [TransferableInputRef],
      price: { items: TX_INPUTS },
      nullable: true,
      description: 'For an import: the UTXOs it takes from the source chain.',
      resolve: (tx) => (tx.unsignedTx.importedInputs ? inputsOf(tx.network, tx.unsignedTx.importedInputs, tx.avmBlockchainId) : null),
    }),
    destinationChain: t.string({
      nullable: true,
      description: 'For an export: the chain the value goes to.',
      resolve: (tx) => tx.unsignedTx.destinationChain ?? null,
    }),
    exportedOutputs: t.field({
      type: [TransferableOutputRef],
      price: { items: TX_OUTPUTS },
      nullable: true,
      description: 'For an export: the outputs it sends to the destination chain.',
      resolve: (tx) => (tx.unsignedTx.exportedOutputs ? outputsOf(tx.network, tx.unsignedTx.exportedOutputs, tx.avmBlockchainId) : null),
    }),
    credentials: t.field({
      type: [AvmCredentialRef],
      price: { items: TX_CREDENTIALS },
      description: 'One credential per input, in input order.',
      // With the network, under which the lengths of their signatures are kept (CREDENTIALS).
      resolve: (tx) => (tx.credentials ?? []).map((c) => ({ ...c, network: tx.network })),
    }),
    unsignedTx: t.expose('unsignedTx', {
      type: 'JSON',
      description: "The unsigned transaction as the node wrote it, with the fields of its type (e.g. an asset creation's `initialStates`).",
      price: { entries: UNSIGNED_TX_ENTRIES, bytes: UNSIGNED_TX_BYTES },
    }),
    hex: t.string({
      nullable: true,
      description: 'The signed transaction bytes (hex with checksum): one more call (avm.getTx with hex encoding).',
      price: { calls: 1, bytes: AVM_TX_HEX_BYTES, reaches: ['avm.getTx'] },
      resolve: async (tx, _args, ctx) => (await avmGetTx(ctx.node, avmChainOf(tx), { txID: tx.id, encoding: 'hex' }))?.tx ?? null,
    }),
  }),
});

/** avm.getBlock or avm.getBlockByHeight, as asked; the request's memo makes a repeat free. */
function avmBlock<E extends 'json' | 'hex'>(ctx: GatewayContext, chain: AvmChain, ask: BlockAsk, encoding: E) {
  return ask.blockId !== undefined
    ? avmGetBlock(ctx.node, chain, { blockID: ask.blockId, encoding })
    : avmGetBlockByHeight(ctx.node, chain, { height: ask.height!, encoding });
}

/** The block's hex encoding: one read, whether `blockId` or `hex` (or both) need it. */
const BLOCK_HEX = { calls: 1, sharesWith: 'block hex' } as const;

const avmBlockHex = async (ctx: GatewayContext, b: AvmBlockModel) => (await avmBlock(ctx, avmChainOf(b), b.asked, 'hex'))?.block ?? null;

// By id (`node(id:)`): one avm.getBlockByHeight.
lookupPrice('AvmBlock', { calls: 1 });

const AvmBlockRef = builder.node(builder.objectRef<AvmBlockModel>('AvmBlock'), {
  description:
    "An X-Chain block (since Cortina the X-Chain is linear), decoded from the node's JSON. Its id is its chain and height (an accepted height names one block); `node(id:)` reads it again with avm.getBlockByHeight.",
  id: {
    resolve: (b) => nodeKey(b.network, `${b.avmBlockchainId ?? PRIMARY_CHAIN_IDS[b.network].x}:${b.height}`),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        const [chain, height] = key.split(':');
        parseCb58Id(chain ?? '');
        checkHeightKey(height ?? '');
      }),
  },
  loadOne: async ({ network, key }, ctx) => {
    const [chain, height] = key.split(':') as [string, string];
    const avmBlockchainId = chain === PRIMARY_CHAIN_IDS[network].x ? undefined : chain;
    const asked = { height };
    const res = await avmBlock(ctx, { network, blockchainId: avmBlockchainId }, asked, 'json');
    return res ? { ...res.block, network, avmBlockchainId, asked } : null;
  },
  fields: (t) => ({
    // Only when the node's JSON omits the id of a block asked by height; the read is `hex`'s.
    blockId: t.string({
      description: BLOCK_ID_DESCRIPTION,
      price: { ...BLOCK_HEX, reaches: ['avm.getBlock', 'avm.getBlockByHeight'] },
      resolve: (b, _args, ctx) => blockIdOf(b, () => avmBlockHex(ctx, b)),
    }),
    parentId: t.exposeString('parentID', { description: 'The previous block.' }),
    height: t.field({ type: 'BigInt', description: 'Its height.', resolve: (b) => String(b.height) }),
    time: t.field({ type: 'SafeInt', description: 'Its Unix time (s).', resolve: (b) => toSafeInt(b.time) }),
    merkleRoot: t.exposeString('merkleRoot', { nullable: true, description: 'The Merkle root of its transactions.' }),
    transactions: t.field({
      type: [AvmTxRef],
      description: 'Its transactions, decoded.',
      price: { items: X_BLOCK_TXS },
      resolve: (b) => (b.txs ?? []).map((tx) => ({ ...tx, network: b.network, avmBlockchainId: b.avmBlockchainId })),
    }),
    hex: t.string({
      nullable: true,
      description: 'The block bytes (hex with checksum): one more call (avm.getBlock with hex encoding).',
      price: { ...BLOCK_HEX, bytes: AVM_BLOCK_HEX_BYTES, reaches: ['avm.getBlock', 'avm.getBlockByHeight'] },
      resolve: (b, _args, ctx) => avmBlockHex(ctx, b),
    }),
  }),
});

// --- UTXOs (avm.getUTXOs, read from their bytes) ----------------------------------------------------

export type NodeUtxoModel = NodeUtxo & OnAvmChain;

const X_UTXO_VALUE = nodeUtxoValue('an NFT');

export const NodeUtxoRef = builder.objectRef<NodeUtxoModel>('NodeUtxo').implement({
  description: 'An unspent output as the node holds it (avm.getUTXOs), read from its bytes.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription('its UTXO id', 'avm.getUTXOs lists UTXOs by address only, and a spent one is gone.'),
      resolve: (u) => entityId('NodeUtxo', u.network, u.utxoId),
    }),
    utxoId: t.exposeString('utxoId', { description: 'The UTXO id (cb58).' }),
    txId: t.exposeString('txId', { description: 'The transaction that created it.' }),
    outputIndex: t.exposeInt('outputIndex', { description: "Its index among that transaction's outputs." }),
    assetId: t.exposeString('assetId', { description: 'The asset id.' }),
    asset: t.field(assetField<NodeUtxoModel>((u) => u.assetId)),
    outputType: t.exposeString('outputType', {
      description: '"secp256k1 transfer" for value, "nft transfer" for an NFT, or the codec type id of another output.',
    }),
    amount: t.field(X_UTXO_VALUE.amount),
    locktime: t.field(X_UTXO_VALUE.locktime),
    threshold: t.int(X_UTXO_VALUE.threshold),
    addresses: t.field(X_UTXO_VALUE.addresses),
    groupId: t.exposeInt('groupId', { nullable: true, description: 'For an NFT: its group within the asset.' }),
    payload: t.exposeString('payload', {
      nullable: true,
      description: 'For an NFT: its payload (hex).',
      price: { bytes: NFT_PAYLOAD_BYTES },
    }),
    sourceChain: t.exposeString('sourceChain', {
      nullable: true,
      description: 'For an atomic UTXO read with `sourceChain`: the chain that exported it, waiting in shared memory for an import.',
    }),
    bytes: t.exposeString('bytes', { description: 'The UTXO as the node sent it (hex with checksum).', price: { bytes: UTXO_HEX_BYTES } }),
  }),
});

const UTXOS_PAGE = pageSpec('avm.getUTXOs', 'utxos', { defaultFirst: 100, maxFirst: 4096 });
/** Addresses one avm.getUTXOs call may name (the gateway's bound; each can own many UTXOs). */
const MAX_UTXO_ADDRESSES = 64;

const SOURCE_CHAINS = { 'p-chain': 'p', 'c-chain': 'c' } as const;
type SourceChain = keyof typeof SOURCE_CHAINS;

export const AtomicSourceChainEnum = builder.enumType('AtomicSourceChain', {
  description: 'A chain that exports to the X-Chain through shared memory.',
  values: {
    P_CHAIN: { value: 'p-chain', description: 'The Platform Chain.' },
    C_CHAIN: { value: 'c-chain', description: 'The Contract Chain.' },
  } as const,
});

/** Whose UTXOs on which AVM chain, checked: the node's form of the addresses ("X-avax1…") and the source chain's id. */
interface UtxoQuery {
  chain: OnAvmChain;
  owners: string[];
  source: string | null;
}

/**
 * An address as an AVM chain's node reads it: prefixed with the chain's alias, X for the X-Chain
 * and the blockchain id for another (a node knows every chain it runs by its id).
 */
const ownerOf = (chain: OnAvmChain, address: string) => `${chain.avmBlockchainId ?? 'X'}-${address}`;

function utxoQuery(chain: OnAvmChain, addresses: readonly string[], sourceChain: SourceChain | null | undefined): UtxoQuery {
  if (addresses.length === 0 || addresses.length > MAX_UTXO_ADDRESSES) {
    throw badInput(`\`addresses\` must hold 1 to ${MAX_UTXO_ADDRESSES} addresses (got ${addresses.length}).`, { argument: 'addresses' });
  }
  const { network } = chain;
  return {
    chain,
    owners: checkAddresses(network, addresses, { argument: 'addresses' }).map((a) => ownerOf(chain, a)),
    source: sourceChain ? PRIMARY_CHAIN_IDS[network][SOURCE_CHAINS[sourceChain]] : null,
  };
}

/**
 * One avm.getUTXOs page, decoded, without the UTXOs `seen` already holds (the node may repeat a
 * UTXO owned by several of the addresses). `more` is false once a page comes back short.
 */
async function utxoPage(ctx: GatewayContext, q: UtxoQuery, startIndex: UtxoIndex | undefined, limit: number, seen: Set<string>) {
  const page = await avmGetUTXOs(ctx.node, avmChainOf(q.chain), {
    addresses: q.owners,
    limit,
    ...(startIndex ? { startIndex } : {}),
    ...(q.source ? { sourceChain: q.source } : {}),
    encoding: 'hex',
  });
  const utxos: NodeUtxoModel[] = newUtxos(q.chain.network, page.utxos, q.source, seen).map((u) => ({
    ...u,
    avmBlockchainId: q.chain.avmBlockchainId,
  }));
  return { utxos, endIndex: page.endIndex, more: page.utxos.length > 0 && page.utxos.length >= limit };
}

/**
 * A connection over avm.getUTXOs for some addresses: the cursor wraps the node's `endIndex`,
 * pages hold up to 1024 UTXOs (the node's bound). The node warns that a UTXO may appear on two
 * pages; within one page of this connection, each appears once.
 */
function utxoConnection(
  ctx: GatewayContext,
  chain: OnAvmChain,
  addresses: readonly string[],
  sourceChain: SourceChain | null | undefined,
  args: ConnectionArgs,
) {
  const q = utxoQuery(chain, addresses, sourceChain);
  const seen = new Set<string>();
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: UTXOS_PAGE,
    // The owners carry the chain's alias, so a cursor of one AVM chain does not resume another's.
    filters: [chain.network, q.owners, q.source],
    fetchPage: ({ pageToken, pageSize }) => utxoPage(ctx, q, pageToken ? (JSON.parse(pageToken) as UtxoIndex) : undefined, pageSize, seen),
    read: (page) => ({ items: page.utxos, nextPageToken: page.more ? JSON.stringify(page.endIndex) : undefined }),
    toNode: (u) => u,
    keyOf: (u) => u.utxoId,
  });
}

const NodeUtxoConnection = builder.connectionObject(
  { type: NodeUtxoRef, name: 'NodeUtxoConnection', description: 'A page of UTXOs from the node.' },
  { name: 'NodeUtxoEdge', description: 'A UTXO and its cursor.' },
);

const utxosDescription = (whose: string) =>
  `Unspent outputs of ${whose} on the X-Chain, from the node (avm.getUTXOs), in the node's order. \`first\`: 1 to 4096 (default 100); up to 1024 per node call. With \`sourceChain\`, the atomic UTXOs that chain exported to the X-Chain and that wait to be imported. The node does not promise consistency between calls: a UTXO may show on two pages.`;

const sourceChainArg = {
  type: AtomicSourceChainEnum,
  description: "Read the UTXOs this chain exported to the X-Chain that are not imported yet, instead of the X-Chain's own.",
} as const;

// --- balances --------------------------------------------------------------------------------------

type BalanceModel = Balance & OnAvmChain;

const XChainBalanceRef = builder.objectRef<BalanceModel>('XChainBalance').implement({
  description: 'What an address holds of one asset on the X-Chain, summed from its UTXOs.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'The asset id.' }),
    asset: t.field(assetField<BalanceModel>((b) => b.assetId)),
    unlocked: t.expose('unlocked', { type: 'BigInt', description: 'Spendable now, in the smallest unit.' }),
    locked: t.expose('locked', { type: 'BigInt', description: 'Locked until a future time, in the smallest unit.' }),
    utxoCount: t.exposeInt('utxoCount', { description: 'How many UTXOs hold it.' }),
  }),
});

/** UTXOs the gateway sums for one balance: 8 full node pages. */
const MAX_BALANCE_UTXOS = 8 * 1024;

/** Sums every UTXO of the addresses per asset, walking avm.getUTXOs to its end. */
/** The pages of UTXOs each answer of `balancesOf` read: what `xChainBalances` made, for its price. */
const pagesRead = new WeakMap<object, number>();

async function balancesOf(ctx: GatewayContext, q: UtxoQuery): Promise<BalanceModel[]> {
  const balances = new Balances(q.chain.network, BigInt(Math.floor(Date.now() / 1000)));
  const seen = new Set<string>();
  let startIndex: UtxoIndex | undefined;
  let pages = 0;
  for (;;) {
    pages++;
    const page = await utxoPage(ctx, q, startIndex, 1024, seen);
    if (seen.size > MAX_BALANCE_UTXOS) {
      throw limitExceeded(
        `${q.owners.join(', ')} hold more than ${MAX_BALANCE_UTXOS} UTXOs, more than the gateway sums in one request: page through \`xChainUtxos\` and sum them.`,
        'xChainBalances',
      );
    }
    balances.add(page.utxos);
    if (!page.more) break;
    startIndex = page.endIndex;
  }
  const answer = balances.list().map((b) => ({ ...b, avmBlockchainId: q.chain.avmBlockchainId }));
  pagesRead.set(answer, pages);
  return answer;
}

// --- the X-Chain object ----------------------------------------------------------------------------

const XChainTxFeeRef = builder.objectRef<{ txFee: string; createAssetTxFee: string }>('XChainTxFee').implement({
  description: "The X-Chain's fees, in nAVAX.",
  fields: (t) => ({
    txFee: t.expose('txFee', { type: 'BigInt', description: 'The fee of most transactions.' }),
    createAssetTxFee: t.expose('createAssetTxFee', { type: 'BigInt', description: 'The fee of creating an asset.' }),
  }),
});

const AvmTxStatusEnum = builder.enumType('AvmTxStatus', {
  description: 'What the node knows of a transaction (avm.getTxStatus).',
  values: {
    ACCEPTED: { value: 'Accepted', description: 'Accepted, or will be, by every node.' },
    PROCESSING: { value: 'Processing', description: 'Being voted on by this node.' },
    REJECTED: { value: 'Rejected', description: 'Will never be accepted.' },
    UNKNOWN: { value: 'Unknown', description: 'This node has not seen it.' },
  } as const,
});

const AssetBalanceRef = builder.objectRef<{ network: NetworkName; asset: string; balance: string }>('XChainAssetBalance').implement({
  description: 'A balance of one asset, as avm.getAllBalances reports it.',
  fields: (t) => ({
    assetId: t.exposeString('asset', { description: 'The asset id (or the node\'s alias for it, e.g. "AVAX").' }),
    balance: t.field({ type: 'BigInt', description: 'The balance, in the smallest unit.', resolve: (b) => String(b.balance) }),
  }),
});

type UtxoRefModel = { txID: string; outputIndex: number };

const BalanceUtxoRef = builder.objectRef<UtxoRefModel>('XChainBalanceUtxo').implement({
  description: 'A UTXO as avm.getBalance names it (`utxoIDs`): the transaction that created it and its output index.',
  fields: (t) => ({
    txId: t.exposeString('txID', { description: 'The transaction that created it (`txID`).' }),
    outputIndex: t.exposeInt('outputIndex', { description: "Its index among that transaction's outputs (`outputIndex`)." }),
    utxoId: t.string({
      description: 'The UTXO id the two make (cb58), as `utxoIds` and `Utxo.utxoId` write it.',
      resolve: (u) => utxoId(u.txID, u.outputIndex),
    }),
  }),
});

/**
 * The UTXOs avm.getBalance names for one asset of an address: ten until more were seen, then the
 * most seen (at ten always, an address of more passed its price on every answer). The node bounds
 * none; 8,192 is an assumption for the most, what the gateway itself sums for an address
 * (MAX_BALANCE_UTXOS).
 */
const LEGACY_BALANCE_UTXOS = usually('legacyBalanceUtxos', 10, MAX_BALANCE_UTXOS);

/**
 * The assets of an X-Chain address's balances (summed from its UTXOs, or avm.getAllBalances), one
 * kind: five until an address of more was seen on the network, then the most seen (at five always,
 * an address of more passed its price on every answer). Not the Data API's balance lists'
 * BALANCE_ASSETS (priced at their most, 256): a router, which sees no lengths, assumes the usual
 * five, and at 256 refused one address's balances (test/deploy/router-cost.test.ts). An address may
 * hold any number of X-Chain assets: 256 is an assumption for the most, as for BALANCE_ASSETS.
 */
const X_BALANCE_ASSETS = usually('xChainBalanceAssets', 5, 256);

const LegacyBalanceRef = builder
  .objectRef<{ network: NetworkName; balance: string; utxoIDs: UtxoRefModel[] }>('XChainLegacyBalance')
  .implement({
    description: 'A balance of one asset with the UTXOs that hold it, as avm.getBalance reports it.',
    fields: (t) => ({
      balance: t.field({ type: 'BigInt', description: 'The balance, in the smallest unit.', resolve: (b) => String(b.balance) }),
      utxoIds: t.field({
        type: ['String'],
        description: 'The ids of the UTXOs that hold it (cb58), derived from the `utxos` the node named.',
        price: { items: LEGACY_BALANCE_UTXOS },
        resolve: (b) => b.utxoIDs.map((u) => utxoId(u.txID, u.outputIndex)),
      }),
      utxos: t.field({
        type: [BalanceUtxoRef],
        price: { items: LEGACY_BALANCE_UTXOS },
        description: 'The UTXOs that hold it as the node gave them (its `utxoIDs`: `txID` and `outputIndex`), each with the id they make.',
        resolve: (b) => b.utxoIDs,
      }),
    }),
  });

/** An asset id, or the alias a node knows an asset by (e.g. "AVAX"); refused before any call otherwise. */
function checkAssetRef(value: string): string {
  try {
    return parseCb58Id(value);
  } catch (error) {
    if (!(error instanceof InvalidIdError)) throw error;
    if (/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(value)) return value;
    throw badInput(`\`assetId\`: ${quote(value)} is neither an asset id (cb58) nor an asset alias (letters and digits, e.g. "AVAX").`, {
      argument: 'assetId',
    });
  }
}

/** One address of the network in the node's form ("X-avax1…" on the X-Chain), checked to be of the network. */
const xAddress = (chain: OnAvmChain, address: string, argument = 'address') =>
  ownerOf(chain, checkAddresses(chain.network, [address], { argument })[0]!);

XChainRef.implement({
  description:
    "The X-Chain as the network's node serves it (avm.* at /ext/bc/X), or another blockchain running the AVM (`Network.xChain(blockchainId:)`, avm.* at /ext/bc/<id>): transactions, blocks, assets, UTXOs, fees.",
  fields: (t) => ({
    blockchainId: t.string({
      description: "The chain's blockchain id: the X-Chain's on this network, or the one asked for.",
      resolve: (x) => x.avmBlockchainId ?? PRIMARY_CHAIN_IDS[x.network].x,
    }),
    height: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the last accepted block (avm.getHeight).',
      price: { calls: 1, reaches: ['avm.getHeight'] },
      resolve: async (x, _args, ctx) => String((await avmGetHeight(ctx.node, avmChainOf(x))).height),
    }),
    txFee: t.field({
      type: XChainTxFeeRef,
      nullable: true,
      description: 'The fees the X-Chain charges (avm.getTxFee).',
      price: { calls: 1, reaches: ['avm.getTxFee'] },
      resolve: async (x, _args, ctx) => {
        const fee = await avmGetTxFee(ctx.node, avmChainOf(x));
        return { txFee: String(fee.txFee), createAssetTxFee: String(fee.createAssetTxFee) };
      },
    }),
    transaction: t.field({
      type: AvmTxRef,
      nullable: true,
      description: 'A transaction by id, decoded (avm.getTx); null when the node does not know it.',
      args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
      price: { calls: 1, reaches: ['avm.getTx'] },
      resolve: async (x, { txId }, ctx) => {
        const res = await avmGetTx(ctx.node, avmChainOf(x), { txID: txId, encoding: 'json' });
        return res ? { ...res.tx, network: x.network, avmBlockchainId: x.avmBlockchainId } : null;
      },
    }),
    block: t.field({
      type: AvmBlockRef,
      nullable: true,
      description: 'A block by id or by height (exactly one), decoded (avm.getBlock, avm.getBlockByHeight); null when there is none.',
      args: {
        blockId: t.arg({ type: CB58IdScalar, description: 'The block id (cb58).' }),
        height: t.arg({ type: 'Uint64', description: 'The block height.' }),
      },
      price: { calls: 1, reaches: ['avm.getBlock', 'avm.getBlockByHeight'] },
      resolve: async (x, { blockId, height }, ctx) => {
        const asked = checkBlockAsk(blockId, height);
        const res = await avmBlock(ctx, avmChainOf(x), asked, 'json');
        return res ? { ...res.block, network: x.network, avmBlockchainId: x.avmBlockchainId, asked } : null;
      },
    }),
    asset: t.field({
      type: AssetDescriptionRef,
      nullable: true,
      description:
        'An asset by id or alias (avm.getAssetDescription); null when the node knows none. Described by id it is kept across requests; an alias is asked each time, since the node decides what it names.',
      args: { assetId: t.arg.string({ required: true, description: 'The asset id (cb58), or an alias such as "AVAX".' }) },
      price: { pools: [ASSET_DESCRIPTIONS], reaches: ['avm.getAssetDescription'] },
      resolve: (x, { assetId }, ctx) => assetOf(ctx, x, checkAssetRef(assetId)),
    }),
    utxos: t.connection(
      {
        type: NodeUtxoRef,
        nullable: true,
        description: utxosDescription('these addresses (up to 64)'),
        args: {
          addresses: t.arg({
            type: [AvalancheAddressScalar],
            required: true,
            description: 'Addresses of this network ("avax1…" or "X-avax1…").',
          }),
          sourceChain: t.arg(sourceChainArg),
        },
        price: paged(UTXOS_PAGE),
        resolve: (x, args, ctx) => utxoConnection(ctx, x, args.addresses, args.sourceChain, args),
      },
      NodeUtxoConnection,
    ),
    txStatus: t.field({
      type: AvmTxStatusEnum,
      nullable: true,
      deprecationReason:
        "avm.getTxStatus is deprecated since avalanchego v1.10.0: use `transaction` (null when unknown), or the Data API's view of it.",
      description: 'Whether the node accepted a transaction (avm.getTxStatus).',
      args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
      price: { calls: 1, reaches: ['avm.getTxStatus'] },
      resolve: async (x, { txId }, ctx) => (await avmGetTxStatus(ctx.node, avmChainOf(x), { txID: txId })).status as 'Accepted',
    }),
    allBalances: t.field({
      type: [AssetBalanceRef],
      nullable: true,
      deprecationReason: 'avm.getAllBalances is deprecated since avalanchego v1.9.12: use `Address.xChainBalances`, summed from UTXOs.',
      description: 'Every asset balance of an address (avm.getAllBalances).',
      args: { address: t.arg({ type: AvalancheAddressScalar, required: true, description: 'An address of this network.' }) },
      // One per asset the address holds (X_BALANCE_ASSETS).
      price: { calls: 1, items: X_BALANCE_ASSETS, reaches: ['avm.getAllBalances'] },
      resolve: async (x, { address }, ctx) =>
        (await avmGetAllBalances(ctx.node, avmChainOf(x), { address: xAddress(x, address) })).balances.map((b) => ({
          network: x.network,
          asset: b.asset,
          balance: String(b.balance),
        })),
    }),
    balance: t.field({
      type: LegacyBalanceRef,
      nullable: true,
      deprecationReason: 'avm.getBalance is deprecated since avalanchego v1.9.12: use `Address.xChainBalances`, summed from UTXOs.',
      description: 'The balance of one asset of an address, with its UTXOs (avm.getBalance).',
      args: {
        address: t.arg({ type: AvalancheAddressScalar, required: true, description: 'An address of this network.' }),
        assetId: t.arg.string({ required: true, description: 'The asset id (cb58), or an alias such as "AVAX".' }),
      },
      price: { calls: 1, reaches: ['avm.getBalance'] },
      resolve: async (x, args, ctx) => {
        const res = await avmGetBalance(ctx.node, avmChainOf(x), {
          address: xAddress(x, args.address),
          assetID: checkAssetRef(args.assetId),
        });
        return { network: x.network, balance: String(res.balance), utxoIDs: res.utxoIDs ?? [] };
      },
    }),
  }),
});

builder.objectField(NetworkRef, 'xChain', (t) =>
  t.field({
    type: XChainRef,
    description:
      "The X-Chain as this network's node serves it (NODE_URL_MAINNET / NODE_URL_FUJI): avm.* at /ext/bc/X. With `blockchainId`, another blockchain running the AVM, at /ext/bc/<blockchainId>: the node serves it only if it tracks that chain (else its fields fail with NODE_API_UNAVAILABLE).",
    args: {
      blockchainId: t.arg({
        type: CB58IdScalar,
        description:
          'A blockchain that runs the AVM (the X-Chain by default); its addresses are then written with its id as their chain alias.',
      }),
    },
    resolve: (network, { blockchainId }) => ({ network: network.name, avmBlockchainId: blockchainId ?? undefined }),
  }),
);

builder.objectFields(AddressRef, (t) => ({
  xChainUtxos: t.connection(
    {
      type: NodeUtxoRef,
      nullable: true,
      description: utxosDescription('this address'),
      args: { sourceChain: t.arg(sourceChainArg) },
      price: paged(UTXOS_PAGE),
      resolve: (a, args, ctx) => {
        if (a.address.startsWith('0x')) throw badInput('`xChainUtxos` is for X-Chain (bech32) addresses, not EVM addresses.');
        return utxoConnection(ctx, { network: a.network }, [a.address], args.sourceChain, args);
      },
    },
    NodeUtxoConnection,
  ),
  xChainBalances: t.field({
    type: [XChainBalanceRef],
    nullable: true,
    description:
      'What this address holds on the X-Chain, per asset, summed from its UTXOs (avm.getUTXOs, 1024 per call). Past 8192 UTXOs the field fails with QUERY_LIMIT_EXCEEDED: page `xChainUtxos` instead.',
    // Every page of the address's UTXOs, up to the one that passes MAX_BALANCE_UTXOS and fails the
    // field: how many depends on the address, so priced at that bound until the place was run, then
    // at the pages it read (`made`). One balance per asset held (X_BALANCE_ASSETS).
    price: {
      calls: Math.floor(MAX_BALANCE_UTXOS / UTXOS_PAGE.maxPageSize) + 1,
      items: X_BALANCE_ASSETS,
      made: { made: (_a, _args, answer) => (answer && typeof answer === 'object' ? (pagesRead.get(answer) ?? true) : true) },
    },
    resolve: (a, _args, ctx) => {
      if (a.address.startsWith('0x')) throw badInput('`xChainBalances` is for X-Chain (bech32) addresses, not EVM addresses.');
      return balancesOf(ctx, utxoQuery({ network: a.network }, [a.address], null));
    },
  }),
}));

// The Data API's amounts and UTXOs, linked to the node's description of their asset.
builder.objectField(AssetAmountRef, 'description', (t) =>
  t.field({
    type: AssetDescriptionRef,
    nullable: true,
    description:
      "The node's description of this asset (avm.getAssetDescription), fetched once per asset and kept. X-Chain assets only; null for others.",
    price: { pools: [ASSET_DESCRIPTIONS], reaches: ['avm.getAssetDescription'] },
    resolve: (a, _args, ctx) => assetOf(ctx, { network: a.network }, a.assetId),
  }),
);

builder.subscriptionField('xChainBlocks', (t) =>
  t.field({
    type: AvmBlockRef,
    nullable: true,
    description: `Each block the X-Chain accepts from now on, in height order, decoded like \`xChain { block }\`: the first event is the next block, not history. Works against public endpoints (avm.getHeight each poll, then avm.getBlockByHeight for each new height; at most ${MAX_BLOCKS_PER_POLL} per poll: a chain that moved further between two polls is followed from its newest ${MAX_BLOCKS_PER_POLL}, the older ones skipped). ${POLL_NOTE}`,
    args: {
      ...networkArg,
    },
    // An event costs what its selection does: the poll is the live hub's, shared by every subscriber of the topic.
    price: { scope: ({ network }) => toNetwork(network), reaches: ['avm.getHeight', 'avm.getBlockByHeight'] },
    subscribe: (_root, { network }, ctx) => openFeed(ctx, xChainBlocksFeed(toNetwork(network))),
    resolve: (event) => eventValue(event, (e): AvmBlockModel => ({ ...e.block, network: e.network, asked: { height: e.height } })),
  }),
);

// --- the C-Chain's atomic UTXOs (avax.getUTXOs): NodeUtxos too -------------------------------------

const ATOMIC_UTXOS_PAGE = pageSpec('avax.getUTXOs', 'utxos', { defaultFirst: 100, maxFirst: 4096 });

const CChainAtomicSourceEnum = builder.enumType('CChainAtomicSource', {
  description: 'A chain that exports to the C-Chain through shared memory.',
  values: {
    X_CHAIN: { value: 'x', description: 'The Exchange Chain.' },
    P_CHAIN: { value: 'p', description: 'The Platform Chain.' },
  } as const,
});

/** One avax.getUTXOs page, decoded, without the UTXOs `seen` holds; `more` is false once a page comes back short. */
async function atomicUtxoPage(
  ctx: GatewayContext,
  network: NetworkName,
  owners: string[],
  source: string,
  startIndex: UtxoIndex | undefined,
  limit: number,
  seen: Set<string>,
) {
  const page = await avaxGetUTXOs(ctx.node, network, {
    addresses: owners,
    sourceChain: source,
    limit,
    ...(startIndex ? { startIndex } : {}),
  });
  const utxos: NodeUtxoModel[] = newUtxos(network, page.utxos, source, seen);
  return { utxos, endIndex: page.endIndex, more: page.utxos.length > 0 && page.utxos.length >= limit };
}

builder.objectField(CChainAtomicRef, 'utxos', (t) =>
  t.connection(
    {
      type: NodeUtxoRef,
      nullable: true,
      description:
        "The atomic UTXOs `sourceChain` exported to the C-Chain for these addresses that are not imported yet, from the node (avax.getUTXOs), in the node's order. `first`: 1 to 4096 (default 100); up to 1024 per node call. A UTXO may show on two pages: the node does not promise consistency between calls.",
      args: {
        addresses: t.arg({
          type: [AvalancheAddressScalar],
          required: true,
          description: 'Addresses of this network ("avax1…" or "C-avax1…"), 1 to 64.',
        }),
        sourceChain: t.arg({
          type: CChainAtomicSourceEnum,
          required: true,
          description: 'The chain that exported them: X_CHAIN or P_CHAIN.',
        }),
      },
      price: paged(ATOMIC_UTXOS_PAGE),
      resolve: (c, args, ctx) => {
        if (args.addresses.length === 0 || args.addresses.length > MAX_UTXO_ADDRESSES)
          throw badInput(`\`addresses\` must hold 1 to ${MAX_UTXO_ADDRESSES} addresses (got ${args.addresses.length}).`, {
            argument: 'addresses',
          });
        const owners = checkAddresses(c.network, args.addresses, { argument: 'addresses' }).map((a) => `C-${a}`);
        const source = PRIMARY_CHAIN_IDS[c.network][args.sourceChain];
        const seen = new Set<string>();
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ATOMIC_UTXOS_PAGE,
          filters: [c.network, 'C', owners, source],
          fetchPage: ({ pageToken, pageSize }) =>
            atomicUtxoPage(ctx, c.network, owners, source, pageToken ? (JSON.parse(pageToken) as UtxoIndex) : undefined, pageSize, seen),
          read: (page) => ({ items: page.utxos, nextPageToken: page.more ? JSON.stringify(page.endIndex) : undefined }),
          toNode: (u) => u,
          keyOf: (u) => u.utxoId,
        });
      },
    },
    NodeUtxoConnection,
  ),
);
