/**
 * avm.* at /ext/bc/X, or at /ext/bc/<blockchainID> for any other blockchain running the AVM: the
 * chain's transactions, blocks, assets, UTXOs, balances and fees.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/avm/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { segment } from '../http.js';
import {
  nullIfMissing,
  nodeMethods,
  byEncoding,
  Id,
  Hex,
  NoParams,
  Uint,
  GoList,
  AvmOutput,
  AvmInput,
  UtxoIndex,
  getUtxosArgs,
  type NodeClient,
  type Endpoint,
  type Encoding,
  type InEncoding,
  type AnswerOf,
  type ParamsOf,
} from './client.js';

/** An unsigned AVM transaction in JSON: what every type shares, the rest (its type's own fields) let through. */
export const AvmUnsignedTx = z.looseObject({
  networkID: z.number().int(),
  blockchainID: Id,
  outputs: GoList(AvmOutput).optional(),
  inputs: GoList(AvmInput).optional(),
  memo: z.string(),
  destinationChain: Id.optional(),
  exportedOutputs: GoList(AvmOutput).optional(),
  sourceChain: Id.optional(),
  importedInputs: GoList(AvmInput).optional(),
});
export type AvmUnsignedTx = z.infer<typeof AvmUnsignedTx>;

export const AvmTxJson = z.object({
  unsignedTx: AvmUnsignedTx,
  credentials: GoList(z.object({ fxID: Id, credential: z.object({ signatures: GoList(z.string()).optional() }).optional() })).optional(),
  id: Id,
});
export type AvmTxJson = z.infer<typeof AvmTxJson>;

export const AvmBlockJson = z.object({
  id: Id.optional(),
  parentID: Id,
  height: Uint,
  time: Uint,
  merkleRoot: z.string().optional(),
  txs: GoList(AvmTxJson).optional(),
});
export type AvmBlockJson = z.infer<typeof AvmBlockJson>;

export const AssetDescription = z.object({ assetID: Id, name: z.string(), symbol: z.string(), denomination: Uint });
export type AssetDescription = z.infer<typeof AssetDescription>;

const AvmBlockAnswer = byEncoding('block', AvmBlockJson);
const BlockParams = { encoding: z.enum(['hex', 'json']) };

/**
 * How long the answers of this file's methods are shared, and how the paged ones page
 * (src/upstreams/sharing.ts); the params each takes and the shape of its answer. An asset
 * named by an alias rather than its id is config (src/reuse/freshness.ts refines it by its params).
 */
export const xChainMethods = nodeMethods({
  'avm.getAllBalances': {
    freshness: 'balances',
    params: () => z.object({ address: z.string() }),
    answer: () => z.object({ balances: z.array(z.object({ asset: z.string(), balance: Uint })) }),
  },
  'avm.getAssetDescription': { freshness: 'immutable', params: () => z.object({ assetID: z.string() }), answer: () => AssetDescription },
  'avm.getBalance': {
    freshness: 'balances',
    params: () => z.object({ address: z.string(), assetID: z.string() }),
    answer: () => z.object({ balance: Uint, utxoIDs: GoList(z.object({ txID: Id, outputIndex: z.number().int() })).optional() }),
  },
  'avm.getBlock': { freshness: 'immutable', params: () => z.object({ blockID: z.string(), ...BlockParams }), answer: () => AvmBlockAnswer },
  'avm.getBlockByHeight': {
    freshness: 'immutable',
    params: () => z.object({ height: z.string(), ...BlockParams }),
    answer: () => AvmBlockAnswer,
  },
  'avm.getHeight': { freshness: 'heights', params: () => NoParams, answer: () => z.object({ height: Uint }) },
  'avm.getTx': {
    freshness: 'immutable',
    params: () => z.object({ txID: z.string(), ...BlockParams }),
    answer: () => byEncoding('tx', AvmTxJson),
  },
  'avm.getTxFee': { freshness: 'config', params: () => NoParams, answer: () => z.object({ txFee: Uint, createAssetTxFee: Uint }) },
  'avm.getTxStatus': { freshness: 'heights', params: () => z.object({ txID: z.string() }), answer: () => z.object({ status: z.string() }) },
  'avm.getUTXOs': {
    freshness: 'balances',
    pages: { max: 1024, default: 1024 },
    params: getUtxosArgs,
    answer: () => z.object({ numFetched: Uint, utxos: z.array(Hex), endIndex: UtxoIndex, encoding: z.literal('hex') }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof xChainMethods> {}
}

export type GetUtxosResponse = AnswerOf<'avm.getUTXOs'>;

/**
 * Which AVM chain of a network the methods go to: the X-Chain (`/ext/bc/X`) when `blockchainId`
 * is absent, else that blockchain (`/ext/bc/<blockchainID>`), which the node serves only when it
 * runs the AVM and the node tracks it.
 */
export interface AvmChain {
  network: NetworkName;
  blockchainId?: string;
}

const X: Endpoint = { api: 'X-Chain', path: '/ext/bc/X' };

const endpointOf = (chain: AvmChain): Endpoint =>
  chain.blockchainId === undefined ? X : { api: 'AVM chain', path: `/ext/bc/${segment(chain.blockchainId)}` };

/** avm.getAllBalances (deprecated since v1.9.12). */
export function avmGetAllBalances(
  client: NodeClient,
  chain: AvmChain,
  params: { address: string },
): Promise<AnswerOf<'avm.getAllBalances'>> {
  return client.call(chain.network, endpointOf(chain), 'avm.getAllBalances', params);
}

/** avm.getAssetDescription Null when the node has none. */
export function avmGetAssetDescription(client: NodeClient, chain: AvmChain, params: { assetID: string }): Promise<AssetDescription | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getAssetDescription', params));
}

/** avm.getBalance (deprecated since v1.9.12). */
export function avmGetBalance(
  client: NodeClient,
  chain: AvmChain,
  params: { address: string; assetID: string },
): Promise<AnswerOf<'avm.getBalance'>> {
  return client.call(chain.network, endpointOf(chain), 'avm.getBalance', params);
}

/** avm.getBlock Null when the node has none. */
export function avmGetBlock<E extends Encoding>(
  client: NodeClient,
  chain: AvmChain,
  params: { blockID: string; encoding: E },
): Promise<InEncoding<AnswerOf<'avm.getBlock'>, E> | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getBlock', params)) as Promise<InEncoding<
    AnswerOf<'avm.getBlock'>,
    E
  > | null>;
}

/** avm.getBlockByHeight: `height` as a decimal string, as the node documents it. Null when the node has none. */
export function avmGetBlockByHeight<E extends Encoding>(
  client: NodeClient,
  chain: AvmChain,
  params: { height: string; encoding: E },
): Promise<InEncoding<AnswerOf<'avm.getBlockByHeight'>, E> | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getBlockByHeight', params)) as Promise<InEncoding<
    AnswerOf<'avm.getBlockByHeight'>,
    E
  > | null>;
}

/** avm.getHeight: height of the last accepted block. */
export function avmGetHeight(client: NodeClient, chain: AvmChain): Promise<AnswerOf<'avm.getHeight'>> {
  return client.call(chain.network, endpointOf(chain), 'avm.getHeight', {});
}

/** avm.getTx Null when the node has none. */
export function avmGetTx<E extends Encoding>(
  client: NodeClient,
  chain: AvmChain,
  params: { txID: string; encoding: E },
): Promise<InEncoding<AnswerOf<'avm.getTx'>, E> | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getTx', params)) as Promise<InEncoding<
    AnswerOf<'avm.getTx'>,
    E
  > | null>;
}

/** avm.getTxFee */
export function avmGetTxFee(client: NodeClient, chain: AvmChain): Promise<AnswerOf<'avm.getTxFee'>> {
  return client.call(chain.network, endpointOf(chain), 'avm.getTxFee', {});
}

/** avm.getTxStatus (deprecated since v1.10.0). */
export function avmGetTxStatus(client: NodeClient, chain: AvmChain, params: { txID: string }): Promise<AnswerOf<'avm.getTxStatus'>> {
  return client.call(chain.network, endpointOf(chain), 'avm.getTxStatus', params);
}

/** avm.getUTXOs: at most `limit` (≤ 1024) UTXOs; pass `endIndex` back as `startIndex` for the next page. */
export function avmGetUTXOs(client: NodeClient, chain: AvmChain, params: ParamsOf<'avm.getUTXOs'>): Promise<GetUtxosResponse> {
  return client.call(chain.network, endpointOf(chain), 'avm.getUTXOs', params);
}
