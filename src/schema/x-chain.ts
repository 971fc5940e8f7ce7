/**
 * The X-Chain as the node serves it (avm.* at /ext/bc/X): transactions and blocks decoded from
 * the node's JSON, assets, fees, and UTXOs read from their bytes. Transactions link to the Data
 * API's view of the same transaction, assets to their description (kept across requests).
 */
import { decodeHexWithChecksum, decodeUtxo, utxoId, type DecodedUtxo } from '../avax-codec.js';
import type { GatewayContext } from '../context.js';
import { badInput } from '../errors.js';
import { InvalidIdError, NETWORK_HRP, parseCb58Id, PRIMARY_CHAIN_IDS, type NetworkName } from '../ids.js';
import { InvalidResponseError } from '../upstreams/errors.js';
import type { AssetDescription, AvmBlockJson, AvmInput, AvmOutput, AvmTxJson, UtxoIndex } from '../upstreams/node.types.js';
import { AddressRef, toAddresses } from './address.js';
import { BlockchainRef, findBlockchain } from './blockchain.js';
import { builder } from './builder.js';
import { pageConnection, type ConnectionArgs, type PageSpec } from './connection.js';
import { PrimaryNetworkChainEnum } from './enums.js';
import { checkAddresses } from './inputs.js';
import { NetworkRef } from './network.js';
import { orNull, toSafeInt, withoutChainPrefix } from './node-common.js';
import { AvalancheAddressScalar, CB58IdScalar } from './scalars.js';
import { findTransaction, TransactionInterface } from './transaction.js';
import { AssetAmountRef } from './utxo.js';

export interface XChainModel {
  network: NetworkName;
}

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
export async function assetOf(ctx: GatewayContext, network: NetworkName, assetId: string): Promise<AssetModel | null> {
  const description = await orNull(ctx.loaders.asset(network, assetId));
  return description ? { ...description, network } : null;
}

const assetField = <P extends { network: NetworkName }>(assetIdOf: (parent: P) => string) =>
  ({
    type: AssetDescriptionRef,
    nullable: true,
    description: "The asset's description from the node (avm.getAssetDescription), fetched once per asset and kept.",
    resolve: (parent: P, _args: object, ctx: GatewayContext) => assetOf(ctx, parent.network, assetIdOf(parent)),
  }) as const;

// --- transactions and blocks (JSON encoding) ---------------------------------------------------------

type OutputModel = AvmOutput & { network: NetworkName };
type InputModel = AvmInput & { network: NetworkName };
export type AvmTxModel = AvmTxJson & { network: NetworkName };
type AvmBlockModel = AvmBlockJson & { network: NetworkName; asked: { blockId?: string; height?: string } };

const AvmOutputRef = builder.objectRef<OutputModel>('AvmOutput').implement({
  description: 'An output of an X-Chain transaction: an amount of an asset locked to addresses.',
  fields: (t) => ({
    assetId: t.exposeString('assetID', { description: 'The asset id.' }),
    asset: t.field(assetField<OutputModel>((o) => o.assetID)),
    fxId: t.exposeString('fxID', { description: 'The feature extension that defines the output, e.g. secp256k1fx.' }),
    amount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The amount, in the smallest unit; null for outputs without one (NFTs, mint rights).',
      resolve: (o) => (o.output.amount === undefined ? null : String(o.output.amount)),
    }),
    locktime: t.field({ type: 'BigInt', description: 'Unix time (s) before which it cannot be spent; 0 for none.', resolve: (o) => String(o.output.locktime ?? 0) }),
    threshold: t.int({ description: 'Signatures needed to spend it.', resolve: (o) => toSafeInt(o.output.threshold ?? 0) }),
    addresses: t.field({
      type: [AddressRef],
      description: 'Addresses that can sign to spend it.',
      resolve: (o) => toAddresses(o.network, withoutChainPrefix(o.output.addresses ?? [])),
    }),
    output: t.field({ type: 'JSON', description: 'The output as the node wrote it, with any fields its type adds (e.g. `groupID`, `payload`).', resolve: (o) => o.output }),
  }),
});

const AvmInputRef = builder.objectRef<InputModel>('AvmInput').implement({
  description: 'An input of an X-Chain transaction: a UTXO it spends.',
  fields: (t) => ({
    txId: t.exposeString('txID', { description: 'The transaction that created the spent UTXO.' }),
    outputIndex: t.exposeInt('outputIndex', { description: "The UTXO's index among that transaction's outputs." }),
    utxoId: t.string({ description: 'The id of the spent UTXO (derived from `txId` and `outputIndex`).', resolve: (i) => utxoId(i.txID, i.outputIndex) }),
    assetId: t.exposeString('assetID', { description: 'The asset id.' }),
    asset: t.field(assetField<InputModel>((i) => i.assetID)),
    fxId: t.exposeString('fxID', { description: 'The feature extension that defines the input.' }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'The amount spent, in the smallest unit.', resolve: (i) => (i.input.amount === undefined ? null : String(i.input.amount)) }),
    signatureIndices: t.field({
      type: ['Int'],
      description: 'Which of the UTXO\'s addresses signed, by index.',
      resolve: (i) => (i.input.signatureIndices ?? []).map(Number),
    }),
  }),
});

const AvmCredentialRef = builder.objectRef<AvmTxJson['credentials'][number]>('AvmCredential').implement({
  description: 'Signatures proving the transaction may spend one of its inputs.',
  fields: (t) => ({
    fxId: t.exposeString('fxID', { description: 'The feature extension of the credential.' }),
    signatures: t.field({ type: ['String'], description: 'The signatures (hex).', resolve: (c) => c.credential?.signatures ?? [] }),
  }),
});

const outputsOf = (tx: AvmTxModel, list: AvmOutput[] | undefined) => (list ?? []).map((o) => ({ ...o, network: tx.network }));
const inputsOf = (tx: AvmTxModel, list: AvmInput[] | undefined) => (list ?? []).map((i) => ({ ...i, network: tx.network }));

export const AvmTxRef = builder.objectRef<AvmTxModel>('AvmTransaction').implement({
  description: 'An X-Chain transaction as the node decodes it (avm.getTx with JSON encoding).',
  fields: (t) => ({
    txId: t.exposeString('id', { description: 'The transaction id (cb58).' }),
    networkId: t.int({ description: 'The network id it was signed for: 1 on mainnet, 5 on Fuji.', resolve: (tx) => tx.unsignedTx.networkID }),
    blockchainId: t.string({ description: 'The chain it was issued on.', resolve: (tx) => tx.unsignedTx.blockchainID }),
    memo: t.string({ description: 'Its memo (hex), "0x" when empty.', resolve: (tx) => tx.unsignedTx.memo }),
    inputs: t.field({ type: [AvmInputRef], description: 'UTXOs of this chain it spends (imported ones are in `importedInputs`).', resolve: (tx) => inputsOf(tx, tx.unsignedTx.inputs) }),
    outputs: t.field({ type: [AvmOutputRef], description: 'Outputs it creates on this chain (exported ones are in `exportedOutputs`).', resolve: (tx) => outputsOf(tx, tx.unsignedTx.outputs) }),
    sourceChain: t.string({ nullable: true, description: 'For an import: the chain the value comes from.', resolve: (tx) => tx.unsignedTx.sourceChain ?? null }),
    importedInputs: t.field({ type: [AvmInputRef], nullable: true, description: 'For an import: the UTXOs it takes from the source chain.', resolve: (tx) => (tx.unsignedTx.importedInputs ? inputsOf(tx, tx.unsignedTx.importedInputs) : null) }),
    destinationChain: t.string({ nullable: true, description: 'For an export: the chain the value goes to.', resolve: (tx) => tx.unsignedTx.destinationChain ?? null }),
    exportedOutputs: t.field({ type: [AvmOutputRef], nullable: true, description: 'For an export: the outputs it sends to the destination chain.', resolve: (tx) => (tx.unsignedTx.exportedOutputs ? outputsOf(tx, tx.unsignedTx.exportedOutputs) : null) }),
    credentials: t.field({ type: [AvmCredentialRef], description: 'One credential per input, in input order.', resolve: (tx) => tx.credentials ?? [] }),
    unsignedTx: t.field({ type: 'JSON', description: 'The unsigned transaction as the node wrote it, with the fields of its type (e.g. an asset creation\'s `initialStates`).', resolve: (tx) => tx.unsignedTx }),
    hex: t.string({
      nullable: true,
      description: 'The signed transaction bytes (hex with checksum): one more call (avm.getTx with hex encoding).',
      resolve: async (tx, _args, ctx) => (await ctx.node.avmGetTx(tx.network, { txID: tx.id, encoding: 'hex' })).tx,
    }),
    transaction: t.field({
      type: TransactionInterface,
      nullable: true,
      description: "The Data API's view of the same transaction (timestamps, UTXO details, amounts); null if it has not indexed it.",
      resolve: (tx, _args, ctx) => findTransaction(ctx, tx.network, 'x-chain', tx.id),
    }),
  }),
});

const AvmBlockRef = builder.objectRef<AvmBlockModel>('AvmBlock').implement({
  description: 'An X-Chain block (since Cortina the X-Chain is linear), decoded from the node\'s JSON.',
  fields: (t) => ({
    blockId: t.string({
      nullable: true,
      description: 'The block id: as asked, or as the node wrote it; null when read by height from a node that omits it (see `hex`).',
      resolve: (b) => b.id ?? b.asked.blockId ?? null,
    }),
    parentId: t.exposeString('parentID', { description: 'The previous block.' }),
    height: t.field({ type: 'BigInt', description: 'Its height.', resolve: (b) => String(b.height) }),
    time: t.field({ type: 'SafeInt', description: 'Its Unix time (s).', resolve: (b) => toSafeInt(b.time) }),
    merkleRoot: t.string({ nullable: true, description: 'The Merkle root of its transactions.', resolve: (b) => b.merkleRoot ?? null }),
    transactions: t.field({ type: [AvmTxRef], description: 'Its transactions, decoded.', resolve: (b) => (b.txs ?? []).map((tx) => ({ ...tx, network: b.network })) }),
    hex: t.string({
      nullable: true,
      description: 'The block bytes (hex with checksum): one more call (avm.getBlock with hex encoding).',
      resolve: async (b, _args, ctx) => {
        const res = b.asked.blockId
          ? await ctx.node.avmGetBlock(b.network, { blockID: b.asked.blockId, encoding: 'hex' })
          : await ctx.node.avmGetBlockByHeight(b.network, { height: b.asked.height!, encoding: 'hex' });
        return res.block;
      },
    }),
  }),
});

// --- UTXOs (avm.getUTXOs, read from their bytes) ----------------------------------------------------

export type NodeUtxoModel = DecodedUtxo & { network: NetworkName; bytes: string; sourceChain: string | null };

export const NodeUtxoRef = builder.objectRef<NodeUtxoModel>('NodeUtxo').implement({
  description: 'An unspent output as the node holds it (avm.getUTXOs), read from its bytes.',
  fields: (t) => ({
    utxoId: t.exposeString('utxoId', { description: 'The UTXO id (cb58).' }),
    txId: t.exposeString('txId', { description: 'The transaction that created it.' }),
    outputIndex: t.exposeInt('outputIndex', { description: 'Its index among that transaction\'s outputs.' }),
    assetId: t.exposeString('assetId', { description: 'The asset id.' }),
    asset: t.field(assetField<NodeUtxoModel>((u) => u.assetId)),
    outputType: t.string({
      description: '"secp256k1 transfer" for value, "nft transfer" for an NFT, or the codec type id of another output.',
      resolve: (u) => u.outputType,
    }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'The amount, in the smallest unit; null for an NFT.', resolve: (u) => u.amount ?? null }),
    groupId: t.int({ nullable: true, description: 'For an NFT: its group within the asset.', resolve: (u) => u.groupId ?? null }),
    payload: t.string({ nullable: true, description: 'For an NFT: its payload (hex).', resolve: (u) => u.payload ?? null }),
    locktime: t.field({ type: 'BigInt', nullable: true, description: 'Unix time (s) before which it cannot be spent; 0 for none.', resolve: (u) => u.locktime ?? null }),
    threshold: t.int({ nullable: true, description: 'Signatures needed to spend it.', resolve: (u) => u.threshold ?? null }),
    addresses: t.field({ type: [AddressRef], description: 'Addresses that can sign to spend it.', resolve: (u) => toAddresses(u.network, withoutChainPrefix(u.addresses)) }),
    sourceChain: t.string({
      nullable: true,
      description: 'For an atomic UTXO read with `sourceChain`: the chain that exported it, waiting in shared memory for an import.',
      resolve: (u) => u.sourceChain,
    }),
    bytes: t.exposeString('bytes', { description: 'The UTXO as the node sent it (hex with checksum).' }),
  }),
});

const UTXOS_PAGE: PageSpec = { field: 'utxos', maxPageSize: 1024, defaultFirst: 100, maxFirst: 4096 };
/** Addresses one avm.getUTXOs call may name (the gateway's bound; each can own many UTXOs). */
const MAX_UTXO_ADDRESSES = 64;

const SOURCE_CHAINS = { 'p-chain': 'p', 'c-chain': 'c' } as const;

function decodeNodeUtxo(network: NetworkName, hex: string, sourceChain: string | null): NodeUtxoModel {
  try {
    return { ...decodeUtxo(decodeHexWithChecksum(hex), NETWORK_HRP[network], 'X'), network, bytes: hex, sourceChain };
  } catch (cause) {
    throw new InvalidResponseError(200, `avm.getUTXOs sent a UTXO that does not decode (${(cause as Error).message})`, {
      service: 'node',
      operation: 'avm.getUTXOs',
      cause,
    });
  }
}

/**
 * A connection over avm.getUTXOs for some addresses: the cursor wraps the node's `endIndex`,
 * pages hold up to 1024 UTXOs (the node's bound). The node warns that a UTXO may appear on two
 * pages; within one page of this connection, each appears once.
 */
export function utxoConnection(
  ctx: GatewayContext,
  network: NetworkName,
  addresses: readonly string[],
  sourceChain: 'p-chain' | 'c-chain' | 'x-chain' | null | undefined,
  args: ConnectionArgs,
) {
  if (addresses.length === 0 || addresses.length > MAX_UTXO_ADDRESSES) {
    throw badInput(`\`addresses\` must hold 1 to ${MAX_UTXO_ADDRESSES} addresses (got ${addresses.length}).`, { argument: 'addresses' });
  }
  if (sourceChain === 'x-chain') {
    throw badInput('`sourceChain` names the chain the UTXOs were exported from: P_CHAIN or C_CHAIN, not the X-Chain itself.', { argument: 'sourceChain' });
  }
  const owners = checkAddresses(network, addresses, { argument: 'addresses' }).map((a) => `X-${a}`);
  const source = sourceChain ? PRIMARY_CHAIN_IDS[network][SOURCE_CHAINS[sourceChain]] : null;
  const seen = new Set<string>();
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: UTXOS_PAGE,
    filters: [network, owners, source],
    fetchPage: async ({ pageToken, pageSize }) => {
      const page = await ctx.node.avmGetUTXOs(network, {
        addresses: owners,
        limit: pageSize,
        ...(pageToken ? { startIndex: JSON.parse(pageToken) as UtxoIndex } : {}),
        ...(source ? { sourceChain: source } : {}),
        encoding: 'hex',
      });
      return { page, limit: pageSize };
    },
    read: ({ page, limit }) => {
      const items: NodeUtxoModel[] = [];
      for (const hex of page.utxos) {
        const utxo = decodeNodeUtxo(network, hex, source);
        if (seen.has(utxo.utxoId)) continue;
        seen.add(utxo.utxoId);
        items.push(utxo);
      }
      // A page shorter than asked is the last; a full one may have more after its endIndex.
      const full = page.utxos.length > 0 && page.utxos.length >= limit;
      return { items, nextPageToken: full ? JSON.stringify(page.endIndex) : undefined };
    },
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
  type: PrimaryNetworkChainEnum,
  description: 'P_CHAIN or C_CHAIN: read the UTXOs that chain exported to the X-Chain, not yet imported.',
} as const;

// --- balances --------------------------------------------------------------------------------------

interface BalanceModel {
  network: NetworkName;
  assetId: string;
  unlocked: bigint;
  locked: bigint;
  utxoCount: number;
}

const XChainBalanceRef = builder.objectRef<BalanceModel>('XChainBalance').implement({
  description: 'What an address holds of one asset on the X-Chain, summed from its UTXOs.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'The asset id.' }),
    asset: t.field(assetField<BalanceModel>((b) => b.assetId)),
    unlocked: t.field({ type: 'BigInt', description: 'Spendable now, in the smallest unit.', resolve: (b) => b.unlocked }),
    locked: t.field({ type: 'BigInt', description: 'Locked until a future time, in the smallest unit.', resolve: (b) => b.locked }),
    utxoCount: t.int({ description: 'How many UTXOs hold it.', resolve: (b) => b.utxoCount }),
  }),
});

/** Node calls one balance may take (1024 UTXOs each) before the gateway stops summing. */
const MAX_BALANCE_CALLS = 8;

/** Sums every UTXO of the addresses per asset, walking avm.getUTXOs to its end. */
async function balancesOf(ctx: GatewayContext, network: NetworkName, owners: string[]): Promise<BalanceModel[]> {
  const byAsset = new Map<string, BalanceModel>();
  const seen = new Set<string>();
  const now = BigInt(Math.floor(Date.now() / 1000));
  let startIndex: UtxoIndex | undefined;
  for (let call = 0; ; call++) {
    if (call === MAX_BALANCE_CALLS) {
      throw badInput(
        `${owners.join(', ')} hold more than ${MAX_BALANCE_CALLS * 1024} UTXOs, more than the gateway sums in one request: page through \`xChainUtxos\` instead.`,
      );
    }
    const page = await ctx.node.avmGetUTXOs(network, { addresses: owners, limit: 1024, ...(startIndex ? { startIndex } : {}), encoding: 'hex' });
    for (const hex of page.utxos) {
      const u = decodeNodeUtxo(network, hex, null);
      if (seen.has(u.utxoId) || u.amount === undefined) continue;
      seen.add(u.utxoId);
      let entry = byAsset.get(u.assetId);
      if (!entry) byAsset.set(u.assetId, (entry = { network, assetId: u.assetId, unlocked: 0n, locked: 0n, utxoCount: 0 }));
      if (BigInt(u.locktime ?? '0') > now) entry.locked += BigInt(u.amount);
      else entry.unlocked += BigInt(u.amount);
      entry.utxoCount += 1;
    }
    if (page.utxos.length < 1024) break;
    startIndex = page.endIndex;
  }
  return [...byAsset.values()].sort((a, b) => (a.assetId < b.assetId ? -1 : 1));
}

// --- the X-Chain object ----------------------------------------------------------------------------

const XChainTxFeeRef = builder.objectRef<{ txFee: string; createAssetTxFee: string }>('XChainTxFee').implement({
  description: 'The X-Chain\'s fees, in nAVAX.',
  fields: (t) => ({
    txFee: t.field({ type: 'BigInt', description: 'The fee of most transactions.', resolve: (f) => f.txFee }),
    createAssetTxFee: t.field({ type: 'BigInt', description: 'The fee of creating an asset.', resolve: (f) => f.createAssetTxFee }),
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

const LegacyBalanceRef = builder
  .objectRef<{ network: NetworkName; balance: string; utxoIDs: { txID: string; outputIndex: number }[] }>('XChainLegacyBalance')
  .implement({
    description: 'A balance of one asset with the UTXOs that hold it, as avm.getBalance reports it.',
    fields: (t) => ({
      balance: t.field({ type: 'BigInt', description: 'The balance, in the smallest unit.', resolve: (b) => String(b.balance) }),
      utxoIds: t.field({ type: ['String'], description: 'The ids of the UTXOs that hold it.', resolve: (b) => b.utxoIDs.map((u) => utxoId(u.txID, u.outputIndex)) }),
    }),
  });

/** An asset id, or the alias a node knows an asset by (e.g. "AVAX"); refused before any call otherwise. */
function checkAssetRef(value: string): string {
  try {
    return parseCb58Id(value);
  } catch (error) {
    if (!(error instanceof InvalidIdError)) throw error;
    if (/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(value)) return value;
    throw badInput(`\`assetId\`: "${value}" is neither an asset id (cb58) nor an asset alias (letters and digits, e.g. "AVAX").`, { argument: 'assetId' });
  }
}

/** One X-Chain address in the node's form ("X-avax1…"), checked to be of the network. */
const xAddress = (network: NetworkName, address: string, argument = 'address') => `X-${checkAddresses(network, [address], { argument })[0]!}`;

export const XChainRef = builder.objectRef<XChainModel>('XChain').implement({
  description: 'The X-Chain as the network\'s node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees.',
  fields: (t) => ({
    blockchainId: t.string({ description: 'The X-Chain\'s blockchain id on this network.', resolve: (x) => PRIMARY_CHAIN_IDS[x.network].x }),
    blockchain: t.field({
      type: BlockchainRef,
      nullable: true,
      description: 'The X-Chain as the Data API lists it (VM, genesis, creation).',
      resolve: (x, _args, ctx) => findBlockchain(ctx, x.network, PRIMARY_CHAIN_IDS[x.network].x),
    }),
    height: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the last accepted block (avm.getHeight).',
      resolve: async (x, _args, ctx) => String((await ctx.node.avmGetHeight(x.network)).height),
    }),
    txFee: t.field({
      type: XChainTxFeeRef,
      nullable: true,
      description: 'The fees the X-Chain charges (avm.getTxFee).',
      resolve: async (x, _args, ctx) => {
        const fee = await ctx.node.avmGetTxFee(x.network);
        return { txFee: String(fee.txFee), createAssetTxFee: String(fee.createAssetTxFee) };
      },
    }),
    transaction: t.field({
      type: AvmTxRef,
      nullable: true,
      description: 'A transaction by id, decoded (avm.getTx); null when the node does not know it.',
      args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
      resolve: async (x, { txId }, ctx) => {
        const res = await orNull(ctx.node.avmGetTx(x.network, { txID: txId, encoding: 'json' }));
        return res ? { ...res.tx, network: x.network } : null;
      },
    }),
    block: t.field({
      type: AvmBlockRef,
      nullable: true,
      description: 'A block by id or by height (exactly one), decoded (avm.getBlock, avm.getBlockByHeight); null when there is none.',
      args: {
        blockId: t.arg({ type: CB58IdScalar, description: 'The block id (cb58).' }),
        height: t.arg({ type: 'BigInt', description: 'The block height.' }),
      },
      resolve: async (x, { blockId, height }, ctx) => {
        if ((blockId == null) === (height == null)) throw badInput('`block` takes exactly one of `blockId` and `height`.', { argument: 'blockId' });
        if (height != null && height.startsWith('-')) throw badInput(`\`height\` must be 0 or more (got ${height}).`, { argument: 'height' });
        const res = await orNull(
          blockId != null
            ? ctx.node.avmGetBlock(x.network, { blockID: blockId, encoding: 'json' })
            : ctx.node.avmGetBlockByHeight(x.network, { height: height!, encoding: 'json' }),
        );
        return res ? { ...res.block, network: x.network, asked: blockId != null ? { blockId } : { height: height! } } : null;
      },
    }),
    asset: t.field({
      type: AssetDescriptionRef,
      nullable: true,
      description: 'An asset by id or alias (avm.getAssetDescription); null when the node knows none.',
      args: { assetId: t.arg.string({ required: true, description: 'The asset id (cb58), or an alias such as "AVAX".' }) },
      resolve: (x, { assetId }, ctx) => assetOf(ctx, x.network, checkAssetRef(assetId)),
    }),
    utxos: t.connection(
      {
        type: NodeUtxoRef,
        nullable: true,
        description: utxosDescription('these addresses (up to 64)'),
        args: {
          addresses: t.arg({ type: [AvalancheAddressScalar], required: true, description: 'Addresses of this network ("avax1…" or "X-avax1…").' }),
          sourceChain: t.arg(sourceChainArg),
        },
        resolve: (x, args, ctx) => utxoConnection(ctx, x.network, args.addresses, args.sourceChain, args),
      },
      NodeUtxoConnection,
    ),
    txStatus: t.field({
      type: AvmTxStatusEnum,
      nullable: true,
      deprecationReason: 'avm.getTxStatus is deprecated since avalanchego v1.10.0: use `transaction` (null when unknown), or the Data API\'s view of it.',
      description: 'Whether the node accepted a transaction (avm.getTxStatus).',
      args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
      resolve: async (x, { txId }, ctx) => (await ctx.node.avmGetTxStatus(x.network, { txID: txId })).status as 'Accepted',
    }),
    allBalances: t.field({
      type: [AssetBalanceRef],
      nullable: true,
      deprecationReason: 'avm.getAllBalances is deprecated since avalanchego v1.9.12: use `Address.xChainBalances`, summed from UTXOs.',
      description: 'Every asset balance of an address (avm.getAllBalances).',
      args: { address: t.arg({ type: AvalancheAddressScalar, required: true, description: 'An address of this network.' }) },
      resolve: async (x, { address }, ctx) =>
        (await ctx.node.avmGetAllBalances(x.network, { address: xAddress(x.network, address) })).balances.map((b) => ({
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
      resolve: async (x, args, ctx) => {
        const res = await ctx.node.avmGetBalance(x.network, { address: xAddress(x.network, args.address), assetID: checkAssetRef(args.assetId) });
        return { network: x.network, balance: String(res.balance), utxoIDs: res.utxoIDs ?? [] };
      },
    }),
  }),
});

builder.objectField(NetworkRef, 'xChain', (t) =>
  t.field({
    type: XChainRef,
    description: 'The X-Chain as this network\'s node serves it (NODE_URL_MAINNET / NODE_URL_FUJI).',
    resolve: (network) => ({ network: network.name }),
  }),
);

builder.objectFields(AddressRef, (t) => ({
  xChainUtxos: t.connection(
    {
      type: NodeUtxoRef,
      nullable: true,
      description: utxosDescription('this address'),
      args: { sourceChain: t.arg(sourceChainArg) },
      resolve: (a, args, ctx) => {
        if (a.address.startsWith('0x')) throw badInput('`xChainUtxos` is for X-Chain (bech32) addresses, not EVM addresses.');
        return utxoConnection(ctx, a.network, [a.address], args.sourceChain, args);
      },
    },
    NodeUtxoConnection,
  ),
  xChainBalances: t.field({
    type: [XChainBalanceRef],
    nullable: true,
    description: 'What this address holds on the X-Chain, per asset, summed from its UTXOs (avm.getUTXOs, up to 8 calls of 1024).',
    resolve: (a, _args, ctx) => {
      if (a.address.startsWith('0x')) throw badInput('`xChainBalances` is for X-Chain (bech32) addresses, not EVM addresses.');
      return balancesOf(ctx, a.network, [`X-${a.address}`]);
    },
  }),
}));

// The Data API's amounts and UTXOs, linked to the node's description of their asset.
builder.objectField(AssetAmountRef, 'description', (t) =>
  t.field({
    type: AssetDescriptionRef,
    nullable: true,
    description: "The node's description of this asset (avm.getAssetDescription), fetched once per asset and kept. X-Chain assets only; null for others.",
    resolve: (a, _args, ctx) => assetOf(ctx, a.network, a.assetId),
  }),
);
