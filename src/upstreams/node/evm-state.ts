/**
 * The standard Ethereum JSON-RPC reads of any EVM chain of the network (the C-Chain's coreth,
 * Subnet-EVM) at /ext/bc/<id>/rpc: the head, the chain id, fees, logs, calls and gas estimates,
 * and an account's balance, nonce, code, storage and proof; and eth_sendRawTransaction (the receipt that
 * follows it is ./evm-blocks.ts's). Reads go through NodeClient.evm, so those one request makes of one
 * chain in the same tick share one JSON-RPC batch (the node takes up to 1000 calls a batch).
 * Quantities come as geth writes them: 0x hex without leading zeros.
 * Docs: https://ethereum.github.io/execution-apis/ and coreth's graft/coreth/internal/ethapi.
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { segment } from '../http.js';
import { Hex, nodeMethods, type AnswerOf, type NodeClient, type ParamsOf } from './client.js';

/** A quantity as geth writes it (hexutil.Big, hexutil.Uint64): 0x and hex digits, no leading zeros. */
export const Quantity = z.string().regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/, { error: 'a quantity (0x hex, no leading zeros)' });

/** 32 bytes (a hash, a storage word), 0x hex. */
export const Hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'a 32-byte hash (0x and 64 hex digits)' });

/** A 20-byte address, 0x hex in any case. */
export const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'a 20-byte address (0x and 40 hex digits)' });

/**
 * A block as the reads name it: a tag (`latest`, `earliest`, `finalized`, `safe`, `pending`,
 * `accepted`), a number as a quantity, or a block hash (EIP-1898, state reads only).
 */
export type BlockParam = string;

/** A call as eth_call and eth_estimateGas take it (TransactionArgs); quantities in hex. */
export const CallArgs = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  gas: z.string().optional(),
  gasPrice: z.string().optional(),
  maxFeePerGas: z.string().optional(),
  maxPriorityFeePerGas: z.string().optional(),
  value: z.string().optional(),
  input: z.string().optional(),
});
export type CallArgs = z.infer<typeof CallArgs>;

/** eth_getLogs' filter: a block range, or one block by hash; addresses and topics (null: any). */
export const LogFilter = z.object({
  fromBlock: z.string().optional(),
  toBlock: z.string().optional(),
  blockHash: z.string().optional(),
  address: z.array(z.string()).optional(),
  topics: z.array(z.array(z.string()).nullable()).optional(),
});
export type LogFilter = z.infer<typeof LogFilter>;

export const EvmLog = z.object({
  address: EvmAddress,
  topics: z.array(Hash),
  data: Hex,
  blockNumber: Quantity,
  blockHash: Hash,
  transactionHash: Hash,
  transactionIndex: Quantity,
  logIndex: Quantity,
  removed: z.boolean(),
});
export type EvmLog = z.infer<typeof EvmLog>;

export const FeeHistory = z.object({
  oldestBlock: Quantity,
  baseFeePerGas: z.array(Quantity),
  gasUsedRatio: z.array(z.number()),
  reward: z.array(z.array(Quantity)).optional(),
});
export type FeeHistory = z.infer<typeof FeeHistory>;

export const StorageProof = z.object({ key: z.string(), value: Quantity, proof: z.array(Hex) });

/** eth_getProof's account and storage proofs (EIP-1186). */
export const AccountProof = z.object({
  address: EvmAddress,
  accountProof: z.array(Hex),
  balance: Quantity,
  codeHash: Hash,
  nonce: Quantity,
  storageHash: Hash,
  storageProof: z.array(StorageProof),
});
export type AccountProof = z.infer<typeof AccountProof>;

const NoArgs = z.tuple([]);
const AtBlock = z.tuple([z.string(), z.string()]);

/**
 * How long each answer is shared, the positional params the gateway sends and the answer's
 * shape. State at a tag moves with every block (`balances`, `heights`); the transaction sent is
 * never shared, nor replayed.
 */
export const evmStateMethods = nodeMethods({
  eth_blockNumber: { freshness: 'heights', params: () => NoArgs, answer: () => Quantity },
  eth_chainId: { freshness: 'config', params: () => NoArgs, answer: () => Quantity },
  eth_gasPrice: { freshness: 'heights', params: () => NoArgs, answer: () => Quantity },
  eth_maxPriorityFeePerGas: { freshness: 'heights', params: () => NoArgs, answer: () => Quantity },
  eth_baseFee: { freshness: 'heights', params: () => NoArgs, answer: () => Quantity },
  eth_feeHistory: {
    freshness: 'heights',
    params: () => z.tuple([z.string(), z.string(), z.array(z.number())]),
    answer: () => FeeHistory,
  },
  eth_getLogs: { freshness: 'heights', params: () => z.tuple([LogFilter]), answer: () => z.array(EvmLog) },
  eth_call: { freshness: 'balances', params: () => z.tuple([CallArgs, z.string()]), answer: () => Hex },
  eth_estimateGas: { freshness: 'balances', params: () => z.tuple([CallArgs, z.string()]), answer: () => Quantity },
  eth_getBalance: { freshness: 'balances', params: () => AtBlock, answer: () => Quantity },
  eth_getTransactionCount: { freshness: 'balances', params: () => AtBlock, answer: () => Quantity },
  eth_getCode: { freshness: 'balances', params: () => AtBlock, answer: () => Hex },
  eth_getStorageAt: { freshness: 'balances', params: () => z.tuple([z.string(), z.string(), z.string()]), answer: () => Hash },
  eth_getProof: {
    freshness: 'balances',
    params: () => z.tuple([z.string(), z.array(z.string()), z.string()]),
    answer: () => AccountProof,
  },
  eth_sendRawTransaction: { freshness: 'never', params: () => z.tuple([Hex]), answer: () => Hash },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof evmStateMethods> {}
}

/** The chain an `eth_*` call goes to. */
export interface EvmEndpoint {
  network: NetworkName;
  blockchainId: string;
}

const read = <M extends keyof typeof evmStateMethods>(
  client: NodeClient,
  at: EvmEndpoint,
  method: M,
  params: ParamsOf<M>,
): Promise<AnswerOf<M>> => client.evm(at.network, at.blockchainId, method, params as never) as Promise<AnswerOf<M>>;

/** eth_blockNumber: the node's last accepted block, ahead of any indexer. */
export const ethBlockNumber = (client: NodeClient, at: EvmEndpoint) => read(client, at, 'eth_blockNumber', []);

/** eth_chainId: the EVM chain id the endpoint serves. */
export const ethChainId = (client: NodeClient, at: EvmEndpoint) => read(client, at, 'eth_chainId', []);

/** eth_gasPrice: the node's suggested legacy gas price (base fee and tip), in wei. */
export const ethGasPrice = (client: NodeClient, at: EvmEndpoint) => read(client, at, 'eth_gasPrice', []);

/** eth_maxPriorityFeePerGas: the node's suggested tip for a dynamic-fee transaction, in wei. */
export const ethMaxPriorityFeePerGas = (client: NodeClient, at: EvmEndpoint) => read(client, at, 'eth_maxPriorityFeePerGas', []);

/** eth_baseFee (coreth, Subnet-EVM): the base fee the next block will have, in wei. */
export const ethBaseFee = (client: NodeClient, at: EvmEndpoint) => read(client, at, 'eth_baseFee', []);

/**
 * eth_feeHistory: base fees, gas used ratios and tip percentiles of `blockCount` (hex) blocks up
 * to `newestBlock` (a tag or a hex number).
 */
export const ethFeeHistory = (client: NodeClient, at: EvmEndpoint, blockCount: string, newestBlock: BlockParam, percentiles: number[]) =>
  read(client, at, 'eth_feeHistory', [blockCount, newestBlock, percentiles]);

/** eth_getLogs: the logs a filter matches, in chain order. */
export const ethGetLogs = (client: NodeClient, at: EvmEndpoint, filter: LogFilter) => read(client, at, 'eth_getLogs', [filter]);

/** eth_call: what a call returns, run against the state at `block`, changing nothing. A revert is an RpcError (code 3). */
export const ethCall = (client: NodeClient, at: EvmEndpoint, args: CallArgs, block: BlockParam) =>
  read(client, at, 'eth_call', [args, block]);

/** eth_estimateGas: the gas a call needs at `block`. A revert is an RpcError (code 3). */
export const ethEstimateGas = (client: NodeClient, at: EvmEndpoint, args: CallArgs, block: BlockParam) =>
  read(client, at, 'eth_estimateGas', [args, block]);

/** eth_getBalance: an account's native balance at `block`, in wei. */
export const ethGetBalance = (client: NodeClient, at: EvmEndpoint, address: string, block: BlockParam) =>
  read(client, at, 'eth_getBalance', [address, block]);

/** eth_getTransactionCount: an account's nonce at `block` (`pending` counts its transactions in the pool). */
export const ethGetTransactionCount = (client: NodeClient, at: EvmEndpoint, address: string, block: BlockParam) =>
  read(client, at, 'eth_getTransactionCount', [address, block]);

/** eth_getCode: the code at an address at `block` (`0x` for an account). */
export const ethGetCode = (client: NodeClient, at: EvmEndpoint, address: string, block: BlockParam) =>
  read(client, at, 'eth_getCode', [address, block]);

/** eth_getStorageAt: one 32-byte storage slot of a contract at `block`. */
export const ethGetStorageAt = (client: NodeClient, at: EvmEndpoint, address: string, slot: string, block: BlockParam) =>
  read(client, at, 'eth_getStorageAt', [address, slot, block]);

/** eth_getProof: the Merkle proof of an account and of some of its storage slots at `block` (EIP-1186). */
export const ethGetProof = (client: NodeClient, at: EvmEndpoint, address: string, keys: string[], block: BlockParam) =>
  read(client, at, 'eth_getProof', [address, keys, block]);

/**
 * eth_sendRawTransaction: hands signed bytes to the node's pool, which answers their hash. A write:
 * sent once, alone (not in a batch, where one refusal would read as another's), never shared
 * or retried. Refusals (nonce too low, insufficient funds, underpriced…) are RpcErrors with the
 * node's text.
 */
export function ethSendRawTransaction(client: NodeClient, at: EvmEndpoint, raw: string): Promise<string> {
  const endpoint = { api: 'blockchain', path: `/ext/bc/${segment(at.blockchainId)}/rpc` };
  return client.call(at.network, endpoint, 'eth_sendRawTransaction', [raw], false);
}
