/**
 * What each kind of subscription watches, as a feed: a normalized topic key (every subscriber
 * asking the same thing shares one key, and so one poller), where watching starts, and one poll
 * that turns what the upstream says now into the events since the last poll.
 *
 * A feed's state and events are plain JSON: with Redis, the instance that polls publishes the
 * events to the others, and keeps the state there so the next leaseholder resumes where it stopped.
 * Events are upstream objects; the schema turns them into graph objects.
 */
import type { NetworkName } from '../base/ids.js';
import type { DataApiClient } from '../upstreams/data-api/client.js';
import {
  listLatestPrimaryNetworkTransactions,
  type PrimaryChainAlias,
  type PrimaryNetworkTransaction,
} from '../upstreams/data-api/transaction.js';
import type { MetricsApiClient } from '../upstreams/metrics-api/client.js';
import { getAvgTps } from '../upstreams/metrics-api/metrics.js';
import type { NodeClient } from '../upstreams/node/client.js';
import { indexGetContainerRange, indexGetLastAccepted, type Container, type IndexName } from '../upstreams/node/node-index.js';
import {
  platformGetBlockByHeight,
  platformGetCurrentValidators,
  platformGetHeight,
  type PBlockJson,
  type PValidator,
} from '../upstreams/node/p-chain.js';
import { avmGetBlockByHeight, avmGetHeight, type AvmBlockJson } from '../upstreams/node/x-chain.js';
import { ethFeeConfig, type FeeConfigReply } from '../upstreams/node/subnet-evm.js';
import { issuedTxStatus, type IssuedTxStatus } from '../upstreams/node/signed-tx.js';
import { ethGetTransactionReceipt, type EthReceipt } from '../upstreams/node/evm-blocks.js';
import { ethGetTransactionCount } from '../upstreams/node/evm-state.js';

/** The clients one poll sends through: a fresh set per poll, over the reuse layer. */
export interface LiveClients {
  dataApi: DataApiClient;
  node: NodeClient;
  metricsApi: MetricsApiClient;
}

/** The kinds of subscription, each with its own poll interval (LIVE_POLL_<KIND>_MS). */
export const LIVE_KINDS = ['blocks', 'transactions', 'feeConfig', 'validators', 'tps'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export interface Feed<S = unknown, E = unknown> {
  kind: LiveKind;
  /** The topic: what identifies this feed among all subscriptions of the cluster. */
  key: string;
  /** Where watching starts: the upstream's current position, with no events. */
  start(clients: LiveClients): Promise<S>;
  /** What happened since `state`, and the state after it. */
  poll(clients: LiveClients, state: S): Promise<{ state: S; events: E[] }>;
  /** For feeds of a value that changes (fee config, validator set): the value as of `state`, sent to whoever joins. */
  current?(state: S): E | undefined;
  /**
   * For a feed that ends (a transaction followed until it is mined or dropped): whether `state`
   * is its last. The topic then stops polling and its subscriptions complete after its events.
   */
  done?(state: S): boolean;
}

// --- blocks -----------------------------------------------------------------------------------------

export type BlockChain = 'P' | 'X' | 'C';

/** A block the node's index accepted, on its network. */
export interface BlockEvent {
  network: NetworkName;
  container: Container;
}

/** Blocks sent per poll at most: a gateway that fell further behind skips to the newest ones. */
export const MAX_BLOCKS_PER_POLL = 32;

/**
 * New accepted blocks of a Primary Network chain, from the node's index (index.getLastAccepted,
 * then index.getContainerRange for what came after the last one sent). The index numbers every
 * block, so none is sent twice and none is missed while the gateway keeps up.
 */
export function blocksFeed(network: NetworkName, chain: BlockChain): Feed<{ next: number }, BlockEvent> {
  const index = `${chain}/block` as IndexName;
  return {
    kind: 'blocks',
    key: `blocks:${network}:${chain}`,
    async start({ node }) {
      const last = await indexGetLastAccepted(node, network, index);
      return { next: last ? Number(last.index) + 1 : 0 };
    },
    async poll({ node }, state) {
      const last = await indexGetLastAccepted(node, network, index);
      const lastIndex = last ? Number(last.index) : -1;
      if (lastIndex < state.next) return { state, events: [] };
      const from = Math.max(state.next, lastIndex - MAX_BLOCKS_PER_POLL + 1);
      const containers =
        from === lastIndex && last
          ? [last]
          : await indexGetContainerRange(node, network, index, { startIndex: from, numToFetch: lastIndex - from + 1 });
      return { state: { next: lastIndex + 1 }, events: containers.map((container) => ({ network, container })) };
    },
  };
}

// --- P- and X-Chain blocks by height ------------------------------------------------------------------

/** A block of the P- or X-Chain as the node decodes it (getBlockByHeight, JSON), with its height. */
export interface HeightBlockEvent<B> {
  network: NetworkName;
  height: string;
  block: B;
}

/** How a linear chain's node API tells its height and a block at a height (null: not there). */
interface HeightApi<B> {
  height(node: NodeClient, network: NetworkName): Promise<number>;
  block(node: NodeClient, network: NetworkName, height: number): Promise<B | null>;
}

/**
 * New blocks of a linear chain, by height: its getHeight each poll, then getBlockByHeight (JSON)
 * for each height since the last one sent, at most MAX_BLOCKS_PER_POLL (further behind, it skips
 * to the newest). Public endpoints serve both, unlike the index. A public endpoint is several
 * nodes behind a balancer, and one may not have a block another just told the height of: the
 * blocks are sent up to the first one missing, which the next poll asks again, so they always
 * come in height order and none is skipped while the gateway keeps up.
 */
function heightBlocksFeed<B>(key: string, network: NetworkName, api: HeightApi<B>): Feed<{ next: number }, HeightBlockEvent<B>> {
  return {
    kind: 'blocks',
    key,
    async start({ node }) {
      return { next: (await api.height(node, network)) + 1 };
    },
    async poll({ node }, state) {
      const height = await api.height(node, network);
      if (height < state.next) return { state, events: [] };
      const from = Math.max(state.next, height - MAX_BLOCKS_PER_POLL + 1);
      const heights = Array.from({ length: height - from + 1 }, (_, i) => from + i);
      const blocks = await Promise.all(heights.map((h) => api.block(node, network, h)));
      const missing = blocks.indexOf(null);
      const found = (missing === -1 ? blocks : blocks.slice(0, missing)) as B[];
      const next = from + found.length;
      return {
        state: next === state.next ? state : { next },
        events: found.map((block, i) => ({ network, height: String(from + i), block })),
      };
    },
  };
}

// Heights go as decimal strings, as the graph's `block(height:)` sends them: the reuse layer then
// shares a block between the feed and queries.

/** New P-Chain blocks (platform.getHeight, platform.getBlockByHeight). */
export function pChainBlocksFeed(network: NetworkName): Feed<{ next: number }, HeightBlockEvent<PBlockJson>> {
  return heightBlocksFeed(`pChainBlocks:${network}`, network, {
    height: async (node, n) => Number((await platformGetHeight(node, n)).height),
    block: async (node, n, height) =>
      (await platformGetBlockByHeight(node, n, { height: String(height), encoding: 'json' }))?.block ?? null,
  });
}

/** New X-Chain blocks (avm.getHeight, avm.getBlockByHeight): the X-Chain is linear since Cortina. */
export function xChainBlocksFeed(network: NetworkName): Feed<{ next: number }, HeightBlockEvent<AvmBlockJson>> {
  return heightBlocksFeed(`xChainBlocks:${network}`, network, {
    height: async (node, n) => Number((await avmGetHeight(node, { network: n })).height),
    block: async (node, n, height) =>
      (await avmGetBlockByHeight(node, { network: n }, { height: String(height), encoding: 'json' }))?.block ?? null,
  });
}

// --- Primary Network transactions of addresses --------------------------------------------------------

export interface TransactionEvent {
  network: NetworkName;
  chain: PrimaryChainAlias;
  tx: PrimaryNetworkTransaction;
}

/** The newest transactions looked at per chain and poll: more new ones than this between two polls are not all sent. */
export const TRANSACTIONS_PER_POLL = 50;

const timeOf = (tx: PrimaryNetworkTransaction): number =>
  'blockTimestamp' in tx ? Number(tx.blockTimestamp) : Number((tx as { timestamp?: number }).timestamp ?? 0);

interface SeenState {
  /** Per chain, the hashes of the newest transactions already sent or present at the start. */
  seen: Partial<Record<PrimaryChainAlias, string[]>>;
}

/**
 * New transactions touching any of `addresses` on the chosen chains (listLatestPrimaryNetworkTransactions,
 * newest first, one call per chain and poll). `addresses` are checked and normalized by the caller;
 * the key sorts them, so the same set in any order is the same topic.
 */
export function transactionsFeed(
  network: NetworkName,
  chains: readonly PrimaryChainAlias[],
  addresses: readonly string[],
): Feed<SeenState, TransactionEvent> {
  const sortedChains = [...new Set(chains)].sort();
  const sortedAddresses = [...new Set(addresses)].sort();
  const newest = (dataApi: DataApiClient, chain: PrimaryChainAlias) =>
    listLatestPrimaryNetworkTransactions(dataApi, network, chain, {
      addresses: sortedAddresses,
      pageSize: TRANSACTIONS_PER_POLL,
      sortOrder: 'desc',
    });
  return {
    kind: 'transactions',
    key: `transactions:${network}:${sortedChains.join(',')}:${sortedAddresses.join(',')}`,
    async start({ dataApi }) {
      const pages = await Promise.all(sortedChains.map((chain) => newest(dataApi, chain)));
      return { seen: Object.fromEntries(sortedChains.map((chain, i) => [chain, pages[i]!.transactions.map((tx) => tx.txHash)])) };
    },
    async poll({ dataApi }, state) {
      const pages = await Promise.all(sortedChains.map((chain) => newest(dataApi, chain)));
      const events: TransactionEvent[] = [];
      const seen: SeenState['seen'] = {};
      sortedChains.forEach((chain, i) => {
        const known = new Set(state.seen[chain] ?? []);
        const list = pages[i]!.transactions;
        for (const tx of list) if (!known.has(tx.txHash)) events.push({ network, chain, tx });
        seen[chain] = list.map((tx) => tx.txHash);
      });
      // Oldest first, as they happened.
      events.sort((a, b) => timeOf(a.tx) - timeOf(b.tx));
      return { state: { seen }, events };
    },
  };
}

// --- a Subnet-EVM chain's fee config ------------------------------------------------------------------

export interface FeeConfigEvent {
  network: NetworkName;
  blockchainId: string;
  reply: FeeConfigReply;
}

/** The fee config of a Subnet-EVM chain (eth_feeConfig at `latest`), sent when it changes. */
export function feeConfigFeed(network: NetworkName, blockchainId: string): Feed<{ value?: FeeConfigEvent }, FeeConfigEvent> {
  const read = async (node: NodeClient): Promise<FeeConfigEvent> => ({
    network,
    blockchainId,
    reply: await ethFeeConfig(node, network, blockchainId, 'latest'),
  });
  const same = (a: FeeConfigEvent | undefined, b: FeeConfigEvent) =>
    a !== undefined &&
    JSON.stringify(a.reply.feeConfig) === JSON.stringify(b.reply.feeConfig) &&
    String(a.reply.lastChangedAt) === String(b.reply.lastChangedAt);
  return {
    kind: 'feeConfig',
    key: `feeConfig:${network}:${blockchainId}`,
    async start({ node }) {
      return { value: await read(node) };
    },
    async poll({ node }, state) {
      const value = await read(node);
      return same(state.value, value) ? { state, events: [] } : { state: { value }, events: [value] };
    },
    current: (state) => state.value,
  };
}

// --- a subnet's validator set -------------------------------------------------------------------------

export interface ValidatorsEvent {
  network: NetworkName;
  subnetId: string;
  validators: PValidator[];
}

/** What makes a validator set another one: who validates, with what weight, under which staking transaction. */
function membership(validators: readonly PValidator[]): string {
  return validators
    .map((v) => `${v.nodeID}:${v.weight}:${v.txID ?? v.validationID ?? ''}`)
    .sort()
    .join(',');
}

/**
 * A subnet's current validators (platform.getCurrentValidators with its subnet id), sent whole
 * when a validator joins, leaves or changes weight. Uptimes and balances move all the time and
 * are not changes of the set.
 */
export function validatorsFeed(
  network: NetworkName,
  subnetId: string,
): Feed<{ value?: ValidatorsEvent; members?: string }, ValidatorsEvent> {
  const read = async (node: NodeClient): Promise<ValidatorsEvent> => ({
    network,
    subnetId,
    validators: (await platformGetCurrentValidators(node, network, { subnetID: subnetId })).validators,
  });
  return {
    kind: 'validators',
    key: `validators:${network}:${subnetId}`,
    async start({ node }) {
      const value = await read(node);
      return { value, members: membership(value.validators) };
    },
    async poll({ node }, state) {
      const value = await read(node);
      const members = membership(value.validators);
      return members === state.members ? { state, events: [] } : { state: { value, members }, events: [value] };
    },
    current: (state) => state.value,
  };
}

// --- a chain's average TPS ------------------------------------------------------------------------------

export interface TpsEvent {
  evmChainId: number;
  point: { timestamp: number; value: number };
}

/** New points of an EVM chain's daily average TPS (Metrics API, first page, newest first). */
export function tpsFeed(evmChainId: number): Feed<{ latest: number }, TpsEvent> {
  return {
    kind: 'tps',
    key: `tps:${evmChainId}`,
    async start({ metricsApi }) {
      const { results } = await getAvgTps(metricsApi, String(evmChainId), {});
      return { latest: results[0]?.timestamp ?? 0 };
    },
    async poll({ metricsApi }, state) {
      const { results } = await getAvgTps(metricsApi, String(evmChainId), {});
      const fresh = results.filter((p) => p.timestamp > state.latest).sort((a, b) => a.timestamp - b.timestamp);
      if (fresh.length === 0) return { state, events: [] };
      return { state: { latest: fresh[fresh.length - 1]!.timestamp }, events: fresh.map((point) => ({ evmChainId, point })) };
    },
  };
}

// --- a submitted transaction's status ---------------------------------------------------------------

export interface TxStatusEvent extends IssuedTxStatus {
  network: NetworkName;
  chain: 'X' | 'P' | 'C';
  txId: string;
}

/**
 * A transaction's status on its chain (avm.getTxStatus, platform.getTxStatus or
 * avax.getAtomicTxStatus), sent to whoever joins as it stands and again each time it changes.
 * Once decided (accepted or rejected) it never changes again: the schema's subscription ends there.
 */
export function txStatusFeed(network: NetworkName, chain: 'X' | 'P' | 'C', txId: string): Feed<{ value?: TxStatusEvent }, TxStatusEvent> {
  const read = async (node: NodeClient): Promise<TxStatusEvent> => ({
    network,
    chain,
    txId,
    ...(await issuedTxStatus(node, network, chain, txId)),
  });
  return {
    kind: 'transactions',
    key: `txStatus:${network}:${chain}:${txId}`,
    start: async ({ node }) => ({ value: await read(node) }),
    async poll({ node }, state) {
      const value = await read(node);
      const same = state.value && value.nodeStatus === state.value.nodeStatus && value.blockHeight === state.value.blockHeight;
      return same ? { state, events: [] } : { state: { value }, events: [value] };
    },
    current: (state) => state.value,
  };
}

// --- an EVM transaction submitted, until it is mined or dropped -------------------------------------------

/** Where a submitted transaction stands: in no block yet, in a block, or never to be (its nonce was used by another). */
export type SubmissionStatus = 'pending' | 'mined' | 'dropped';

/** A transaction the gateway submitted (or a client names): its chain, hash, sender and nonce. */
export interface SubmittedEvmTx {
  network: NetworkName;
  evmChainId: number;
  blockchainId: string;
  txHash: string;
  /** The sender, lower-case 0x. */
  from: string;
  nonce: number;
}

export interface SubmissionEvent extends SubmittedEvmTx {
  status: SubmissionStatus;
  receipt: EthReceipt | null;
}

/**
 * Where a submitted transaction stands: its receipt (eth_getTransactionReceipt) says it was mined;
 * without one, the sender's nonce at the latest block (eth_getTransactionCount) past the
 * transaction's says another transaction took its nonce, so it never will be: dropped (replaced,
 * or evicted and overtaken). A node behind a balancer may not hold another node's pool: the nonce
 * tells it the same on every node. The receipt is asked first and alone (a mined transaction, the
 * usual answer, costs one call); when the nonce has moved on, the receipt is asked once more, since
 * the transaction may have been mined between the two reads, which would otherwise read as dropped.
 */
export async function followEvmTransaction(node: NodeClient, tx: SubmittedEvmTx): Promise<SubmissionEvent> {
  const at = { network: tx.network, blockchainId: tx.blockchainId };
  const mined = (receipt: NonNullable<SubmissionEvent['receipt']>): SubmissionEvent => ({ ...tx, status: 'mined', receipt });
  const receiptOf = () => ethGetTransactionReceipt(node, tx.network, tx.blockchainId, tx.txHash);
  const receipt = await receiptOf();
  if (receipt) return mined(receipt);
  const count = await ethGetTransactionCount(node, at, tx.from, 'latest');
  if (BigInt(count) <= BigInt(tx.nonce)) return { ...tx, status: 'pending', receipt: null };
  const late = await receiptOf();
  return late ? mined(late) : { ...tx, status: 'dropped', receipt: null };
}

/**
 * A submitted EVM transaction followed: where it stands first, then each change, and the topic
 * ends once it is mined or dropped. Every subscriber following the same transaction shares one
 * poller.
 */
export function evmTransactionFeed(tx: SubmittedEvmTx): Feed<{ value?: SubmissionEvent }, SubmissionEvent> {
  return {
    kind: 'transactions',
    key: `evmTransaction:${tx.network}:${tx.blockchainId}:${tx.txHash}:${tx.from}:${tx.nonce}`,
    async start({ node }) {
      return { value: await followEvmTransaction(node, tx) };
    },
    async poll({ node }, state) {
      const value = await followEvmTransaction(node, tx);
      return value.status === state.value?.status ? { state, events: [] } : { state: { value }, events: [value] };
    },
    current: (state) => state.value,
    done: (state) => state.value !== undefined && state.value.status !== 'pending',
  };
}
