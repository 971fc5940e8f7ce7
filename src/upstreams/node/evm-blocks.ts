/**
 * An EVM chain's blocks, transactions and receipts as its node serves them: the standard `eth_*`
 * reads at /ext/bc/<id>/rpc (batched per chain, see NodeClient.evm). The node knows a block the
 * moment it is accepted and a transaction while it is pending, before the Data API indexes either.
 * Docs: https://ethereum.org/en/developers/docs/apis/json-rpc/ (coreth and Subnet-EVM serve them as geth does).
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { Hex, nodeMethods, type AnswerOf, type NodeClient } from './client.js';
import { EvmAddress, EvmLog, Hash, Quantity } from './evm-state.js';

/** A block of eth_getBlockBy*, asked without full transactions (their hashes only). */
export const EthBlock = z.object({
  number: Quantity,
  hash: Hash,
  parentHash: Hash,
  timestamp: Quantity,
  gasLimit: Quantity,
  gasUsed: Quantity,
  baseFeePerGas: Quantity.optional(),
  miner: EvmAddress,
  size: Quantity,
  transactions: z.array(Hash),
});
export type EthBlock = z.infer<typeof EthBlock>;

/** A transaction of eth_getTransactionBy*: its block, hash and index are null while it is pending. */
export const EthTransaction = z.object({
  blockHash: Hash.nullable(),
  blockNumber: Quantity.nullable(),
  transactionIndex: Quantity.nullable(),
  hash: Hash,
  from: EvmAddress,
  to: EvmAddress.nullable(),
  value: Quantity,
  gas: Quantity,
  gasPrice: Quantity,
  maxFeePerGas: Quantity.optional(),
  maxPriorityFeePerGas: Quantity.optional(),
  nonce: Quantity,
  input: Hex,
  type: Quantity,
});
export type EthTransaction = z.infer<typeof EthTransaction>;

/** A receipt of eth_getTransactionReceipt: only a transaction in a block has one. */
export const EthReceipt = z.object({
  transactionHash: Hash,
  transactionIndex: Quantity,
  blockHash: Hash,
  blockNumber: Quantity,
  from: EvmAddress,
  to: EvmAddress.nullable(),
  cumulativeGasUsed: Quantity,
  gasUsed: Quantity,
  effectiveGasPrice: Quantity,
  contractAddress: EvmAddress.nullable(),
  logs: z.array(EvmLog),
  logsBloom: Hex,
  type: Quantity,
  /** 0x1 success, 0x0 reverted (absent only before Byzantium, which no Avalanche chain predates). */
  status: Quantity.optional(),
});
export type EthReceipt = z.infer<typeof EthReceipt>;

/** A block number as the node takes it (a hex quantity) or a tag. */
export type BlockTag = `0x${string}` | 'latest';

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts), the params
 * each takes (positional) and the shape of its answer (null where the node has no such thing). A
 * block by number may be `latest` and a transaction may be pending, so neither is kept long.
 */
export const evmBlockMethods = nodeMethods({
  eth_getBlockByNumber: { freshness: 'heights', params: () => z.tuple([z.string(), z.literal(false)]), answer: () => EthBlock.nullable() },
  eth_getBlockByHash: { freshness: 'heights', params: () => z.tuple([z.string(), z.literal(false)]), answer: () => EthBlock.nullable() },
  eth_getBlockTransactionCountByNumber: { freshness: 'heights', params: () => z.tuple([z.string()]), answer: () => Quantity.nullable() },
  eth_getBlockTransactionCountByHash: { freshness: 'heights', params: () => z.tuple([z.string()]), answer: () => Quantity.nullable() },
  eth_getTransactionByHash: { freshness: 'heights', params: () => z.tuple([z.string()]), answer: () => EthTransaction.nullable() },
  eth_getTransactionByBlockNumberAndIndex: {
    freshness: 'heights',
    params: () => z.tuple([z.string(), z.string()]),
    answer: () => EthTransaction.nullable(),
  },
  eth_getTransactionByBlockHashAndIndex: {
    freshness: 'heights',
    params: () => z.tuple([z.string(), z.string()]),
    answer: () => EthTransaction.nullable(),
  },
  eth_getTransactionReceipt: { freshness: 'heights', params: () => z.tuple([z.string()]), answer: () => EthReceipt.nullable() },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof evmBlockMethods> {}
}

/** A number as a JSON-RPC quantity. */
export const toQuantity = (n: number | bigint): `0x${string}` => `0x${n.toString(16)}`;

/** eth_getBlockByNumber (transaction hashes only): null when the chain has no such block yet. */
export function ethGetBlockByNumber(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  block: BlockTag,
): Promise<EthBlock | null> {
  return client.evm(network, blockchainId, 'eth_getBlockByNumber', [block, false]);
}

/** eth_getBlockByHash (transaction hashes only): null when the chain has no such block. */
export function ethGetBlockByHash(client: NodeClient, network: NetworkName, blockchainId: string, hash: string): Promise<EthBlock | null> {
  return client.evm(network, blockchainId, 'eth_getBlockByHash', [hash, false]);
}

/** eth_getBlockTransactionCountByNumber: null when the chain has no such block. */
export function ethGetBlockTransactionCountByNumber(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  block: BlockTag,
): Promise<AnswerOf<'eth_getBlockTransactionCountByNumber'>> {
  return client.evm(network, blockchainId, 'eth_getBlockTransactionCountByNumber', [block]);
}

/** eth_getBlockTransactionCountByHash: null when the chain has no such block. */
export function ethGetBlockTransactionCountByHash(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  hash: string,
): Promise<AnswerOf<'eth_getBlockTransactionCountByHash'>> {
  return client.evm(network, blockchainId, 'eth_getBlockTransactionCountByHash', [hash]);
}

/** eth_getTransactionByHash: pending ones too (no block yet); null when the node knows none. */
export function ethGetTransactionByHash(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  hash: string,
): Promise<EthTransaction | null> {
  return client.evm(network, blockchainId, 'eth_getTransactionByHash', [hash]);
}

/** eth_getTransactionByBlockNumberAndIndex: null when the block or the index is past the end. */
export function ethGetTransactionByBlockNumberAndIndex(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  block: BlockTag,
  index: number,
): Promise<EthTransaction | null> {
  return client.evm(network, blockchainId, 'eth_getTransactionByBlockNumberAndIndex', [block, toQuantity(index)]);
}

/** eth_getTransactionByBlockHashAndIndex: null when the block or the index is past the end. */
export function ethGetTransactionByBlockHashAndIndex(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  hash: string,
  index: number,
): Promise<EthTransaction | null> {
  return client.evm(network, blockchainId, 'eth_getTransactionByBlockHashAndIndex', [hash, toQuantity(index)]);
}

/** eth_getTransactionReceipt: null while the transaction is pending or unknown. */
export function ethGetTransactionReceipt(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  hash: string,
): Promise<EthReceipt | null> {
  return client.evm(network, blockchainId, 'eth_getTransactionReceipt', [hash]);
}
