/**
 * avm.* at /ext/bc/X: the X-Chain's transactions, blocks, assets, UTXOs, balances and fees.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/avm/service.md
 */
import type { NetworkName } from '../../ids.js';
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
} from './client.js';

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

const X: Endpoint = { api: 'X-Chain', path: '/ext/bc/X' };

/** avm.getAllBalances (deprecated since v1.9.12). */
export function avmGetAllBalances(
  client: NodeClient,
  network: NetworkName,
  params: { address: string },
): Promise<{ balances: { asset: string; balance: Uint }[] }> {
  return client.call(network, X, 'avm.getAllBalances', params);
}

/** avm.getAssetDescription Null when the node has none. */
export function avmGetAssetDescription(
  client: NodeClient,
  network: NetworkName,
  params: { assetID: string },
): Promise<AssetDescription | null> {
  return nullIfMissing(client.call(network, X, 'avm.getAssetDescription', params));
}

/** avm.getBalance (deprecated since v1.9.12). */
export function avmGetBalance(
  client: NodeClient,
  network: NetworkName,
  params: { address: string; assetID: string },
): Promise<{ balance: Uint; utxoIDs: { txID: string; outputIndex: number }[] }> {
  return client.call(network, X, 'avm.getBalance', params);
}

/** avm.getBlock Null when the node has none. */
export function avmGetBlock<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { blockID: string; encoding: E },
): Promise<GetBlockResponse<E extends 'json' ? AvmBlockJson : string> | null> {
  return nullIfMissing(client.call(network, X, 'avm.getBlock', params));
}

/** avm.getBlockByHeight: `height` as a decimal string, as the node documents it. Null when the node has none. */
export function avmGetBlockByHeight<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { height: string; encoding: E },
): Promise<GetBlockResponse<E extends 'json' ? AvmBlockJson : string> | null> {
  return nullIfMissing(client.call(network, X, 'avm.getBlockByHeight', params));
}

/** avm.getHeight: height of the last accepted block. */
export function avmGetHeight(client: NodeClient, network: NetworkName): Promise<{ height: Uint }> {
  return client.call(network, X, 'avm.getHeight', {});
}

/** avm.getTx Null when the node has none. */
export function avmGetTx<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { txID: string; encoding: E },
): Promise<GetTxResponse<E extends 'json' ? AvmTxJson : string> | null> {
  return nullIfMissing(client.call(network, X, 'avm.getTx', params));
}

/** avm.getTxFee */
export function avmGetTxFee(client: NodeClient, network: NetworkName): Promise<{ txFee: Uint; createAssetTxFee: Uint }> {
  return client.call(network, X, 'avm.getTxFee', {});
}

/** avm.getTxStatus (deprecated since v1.10.0). */
export function avmGetTxStatus(client: NodeClient, network: NetworkName, params: { txID: string }): Promise<{ status: string }> {
  return client.call(network, X, 'avm.getTxStatus', params);
}

/** avm.getUTXOs: at most `limit` (≤ 1024) UTXOs; pass `endIndex` back as `startIndex` for the next page. */
export function avmGetUTXOs(
  client: NodeClient,
  network: NetworkName,
  params: { addresses: string[]; limit?: number; startIndex?: UtxoIndex; sourceChain?: string; encoding: 'hex' },
): Promise<GetUtxosResponse> {
  return client.call(network, X, 'avm.getUTXOs', params);
}
