/**
 * avm.* at /ext/bc/X, or at /ext/bc/<blockchainID> for any other blockchain running the AVM: the
 * chain's transactions, blocks, assets, UTXOs, balances and fees.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/avm/service.md
 */
import type { NetworkName } from '../../base/ids.js';
import { segment } from '../http.js';
import {
  nullIfMissing,
  type NodeClient,
  type Endpoint,
  type Encoding,
  type Uint,
  type AvmOutput,
  type AvmInput,
  type GetTxResponse,
  type GetBlockResponse,
  type NodeMethodTable,
} from './client.js';

/**
 * How long the answers of this file's methods are shared, and how the paged ones page
 * (src/upstreams/sharing.ts). An asset
 * named by an alias rather than its id is config (src/reuse/freshness.ts refines it by its params).
 */
export const xChainMethods = {
  'avm.getAllBalances': { freshness: 'balances' },
  'avm.getAssetDescription': { freshness: 'immutable' },
  'avm.getBalance': { freshness: 'balances' },
  'avm.getBlock': { freshness: 'immutable' },
  'avm.getBlockByHeight': { freshness: 'immutable' },
  'avm.getHeight': { freshness: 'heights' },
  'avm.getTx': { freshness: 'immutable' },
  'avm.getTxFee': { freshness: 'config' },
  'avm.getTxStatus': { freshness: 'heights' },
  'avm.getUTXOs': { freshness: 'balances', pages: { max: 1024, default: 1024 } },
} as const satisfies NodeMethodTable;

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof xChainMethods> {}
}

export interface AvmUnsignedTx {
  networkID: number;
  blockchainID: string;
  outputs: AvmOutput[];
  inputs: AvmInput[];
  memo: string;
  destinationChain?: string;
  exportedOutputs?: AvmOutput[];
  sourceChain?: string;
  importedInputs?: AvmInput[];
  [field: string]: unknown;
}

export interface AvmTxJson {
  unsignedTx: AvmUnsignedTx;
  credentials: { fxID: string; credential: { signatures: string[] } }[];
  id: string;
}

export interface AvmBlockJson {
  id?: string;
  parentID: string;
  height: Uint;
  time: Uint;
  merkleRoot?: string;
  txs: AvmTxJson[];
}

export interface UtxoIndex {
  address: string;
  utxo: string;
}

export interface GetUtxosResponse {
  numFetched: Uint;
  utxos: string[];
  endIndex: UtxoIndex;
  encoding: 'hex';
}

export interface AssetDescription {
  assetID: string;
  name: string;
  symbol: string;
  denomination: Uint;
}

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
): Promise<{ balances: { asset: string; balance: Uint }[] }> {
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
): Promise<{ balance: Uint; utxoIDs: { txID: string; outputIndex: number }[] }> {
  return client.call(chain.network, endpointOf(chain), 'avm.getBalance', params);
}

/** avm.getBlock Null when the node has none. */
export function avmGetBlock<E extends Encoding>(
  client: NodeClient,
  chain: AvmChain,
  params: { blockID: string; encoding: E },
): Promise<GetBlockResponse<E extends 'json' ? AvmBlockJson : string> | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getBlock', params));
}

/** avm.getBlockByHeight: `height` as a decimal string, as the node documents it. Null when the node has none. */
export function avmGetBlockByHeight<E extends Encoding>(
  client: NodeClient,
  chain: AvmChain,
  params: { height: string; encoding: E },
): Promise<GetBlockResponse<E extends 'json' ? AvmBlockJson : string> | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getBlockByHeight', params));
}

/** avm.getHeight: height of the last accepted block. */
export function avmGetHeight(client: NodeClient, chain: AvmChain): Promise<{ height: Uint }> {
  return client.call(chain.network, endpointOf(chain), 'avm.getHeight', {});
}

/** avm.getTx Null when the node has none. */
export function avmGetTx<E extends Encoding>(
  client: NodeClient,
  chain: AvmChain,
  params: { txID: string; encoding: E },
): Promise<GetTxResponse<E extends 'json' ? AvmTxJson : string> | null> {
  return nullIfMissing(client.call(chain.network, endpointOf(chain), 'avm.getTx', params));
}

/** avm.getTxFee */
export function avmGetTxFee(client: NodeClient, chain: AvmChain): Promise<{ txFee: Uint; createAssetTxFee: Uint }> {
  return client.call(chain.network, endpointOf(chain), 'avm.getTxFee', {});
}

/** avm.getTxStatus (deprecated since v1.10.0). */
export function avmGetTxStatus(client: NodeClient, chain: AvmChain, params: { txID: string }): Promise<{ status: string }> {
  return client.call(chain.network, endpointOf(chain), 'avm.getTxStatus', params);
}

/** avm.getUTXOs: at most `limit` (≤ 1024) UTXOs; pass `endIndex` back as `startIndex` for the next page. */
export function avmGetUTXOs(
  client: NodeClient,
  chain: AvmChain,
  params: { addresses: string[]; limit?: number; startIndex?: UtxoIndex; sourceChain?: string; encoding: 'hex' },
): Promise<GetUtxosResponse> {
  return client.call(chain.network, endpointOf(chain), 'avm.getUTXOs', params);
}
