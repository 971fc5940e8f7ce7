/**
 * EVM transactions: by hash on a chain (the Data API's, or the node's as soon as it has the block),
 * a chain's and a network's latest, a block's, and each one's receipt with its logs (the node's).
 * Whichever upstream answers, a transaction is one `EvmTransaction`: the node's answer is mapped to
 * the Data API's fields, leaving out only what the Data API's indexer adds (decoded method names,
 * token identities, block time in milliseconds).
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput, quote, upstreamInconsistent } from '../graphql/errors.js';
import { toChecksumAddress, type NetworkName } from '../base/ids.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { listLatestTransactions, type NativeTransaction } from '../upstreams/data-api/evm-chain.js';
import { getTransaction, getTransactionsForBlock, listLatestTransactionsAllChains } from '../upstreams/data-api/evm-block.js';
import {
  ethGetTransactionByBlockHashAndIndex,
  ethGetTransactionByBlockNumberAndIndex,
  ethGetTransactionByHash,
  ethGetTransactionReceipt,
  ethGetBlockByHash,
  toQuantity,
  type EthReceipt,
  type EthTransaction,
} from '../upstreams/node/evm-blocks.js';
import { followEvmTransaction, type SubmissionEvent } from '../live/feeds.js';
import { builder } from './builder.js';
import { decimal } from './evm-node-reads.js';
import { paged } from './cost.js';
import { learnt } from './list-sizes.js';

/** The logs one transaction emits, bounded by its gas: priced at 500 until seen. */
const TX_LOGS = learnt({ kind: 'evmTxLogs', most: { mainnet: 500, fuji: 500 } });
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { known, resolveEvmChain } from './evm-chain.js';
import { entityId, keyOnlyIdDescription, nodeKey, parseNodeKey } from './global-id.js';
import { blockArgs, checkBlockRange, checkEvmBlockNumber, checkHash, HASH_RE } from './inputs.js';
import { listNativeTransactions } from '../upstreams/data-api/evm-address.js';
import {
  EvmAddressRef,
  EvmBlockRef,
  EvmChainRef,
  EvmLogRef,
  EvmTransactionRef,
  EvmTransactionSubmissionRef,
  NetworkRef,
  PartyRef,
  chainIdOf,
  toParty,
  type EvmBlockModel,
  type EvmChainModel,
  type EvmTxModel,
  type SubmissionModel,
} from './refs.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

export const EvmTransactionStatusEnum = builder.enumType('EvmTransactionStatus', {
  description: 'Whether an EVM transaction succeeded.',
  values: {
    SUCCESS: { value: 'success', description: 'It executed.' },
    FAILED: { value: 'failed', description: 'It reverted; only its gas was spent.' },
  } as const,
});

export const EvmCallTypeEnum = builder.enumType('EvmCallType', {
  description: 'What kind of call a transaction makes.',
  values: {
    NATIVE_TRANSFER: { value: 'NATIVE_TRANSFER', description: 'A plain transfer of the native token.' },
    CONTRACT_CALL: { value: 'CONTRACT_CALL', description: 'A call to a contract.' },
    CONTRACT_CREATION: { value: 'CONTRACT_CREATION', description: 'A contract deployment.' },
  } as const,
});

/** Which upstream a lookup asks, where both can answer. */
export const EvmUpstreamEnum = builder.enumType('EvmUpstream', {
  description: 'Which upstream answers a lookup both can answer.',
  values: {
    DATA_API: {
      value: 'data-api',
      description:
        "The Data API: its indexer adds what a node does not know (decoded method names, token identities, a transaction's transfers and ICM message, a block's fees spent), a few seconds after the block is accepted.",
    },
    NODE: {
      value: 'node',
      description:
        "The network's node (eth_* JSON-RPC): the freshest answer, as soon as the block is accepted, with only what the chain itself records.",
    },
  } as const,
});

export type EvmUpstream = 'data-api' | 'node';

/** A node's transaction as the Data API's fields, from its receipt and its block's time. */
export function txFromNode(chain: EvmChainModel, tx: EthTransaction, receipt: EthReceipt, blockTimestamp: number): EvmTxModel {
  const callType = tx.to === null ? 'CONTRACT_CREATION' : tx.input === '0x' ? 'NATIVE_TRANSFER' : 'CONTRACT_CALL';
  const to = tx.to ?? receipt.contractAddress;
  return {
    blockNumber: decimal(receipt.blockNumber),
    blockTimestamp,
    blockHash: receipt.blockHash,
    chainId: String(chain.evmChainId),
    blockIndex: Number(receipt.transactionIndex),
    txHash: tx.hash,
    txStatus: receipt.status === '0x0' ? '0' : '1',
    txType: Number(tx.type),
    gasLimit: decimal(tx.gas),
    gasUsed: decimal(receipt.gasUsed),
    gasPrice: decimal(receipt.effectiveGasPrice),
    nonce: decimal(tx.nonce),
    from: { address: toChecksumAddress(tx.from) },
    // A creation with no receipt address cannot happen on a chain that executed it; the zero address says "none".
    to: { address: toChecksumAddress(to ?? `0x${'0'.repeat(40)}`) },
    method: { callType, methodHash: tx.input.length >= 10 ? tx.input.slice(0, 10) : '0x' },
    value: decimal(tx.value),
    chain,
  } as EvmTxModel;
}

/**
 * A transaction the node has in a block, with its receipt (the same JSON-RPC batch as the
 * transaction when the hash is known) and its block's time (`blockTime`, or one more call).
 */
async function minedFromNode(
  ctx: GatewayContext,
  chain: EvmChainModel,
  tx: EthTransaction | null,
  blockTime?: number,
): Promise<EvmTxModel | null> {
  if (!tx || tx.blockHash === null) return null;
  const [receipt, block] = await Promise.all([
    ethGetTransactionReceipt(ctx.node, chain.network, chain.blockchainId, tx.hash),
    blockTime === undefined ? ethGetBlockByHash(ctx.node, chain.network, chain.blockchainId, tx.blockHash) : null,
  ]);
  const time = blockTime ?? (block ? Number(BigInt(block.timestamp)) : undefined);
  return receipt && time !== undefined ? txFromNode(chain, tx, receipt, time) : null;
}

/** One transaction by hash on a chain, from the upstream asked. */
export async function findEvmTransaction(
  ctx: GatewayContext,
  chain: EvmChainModel,
  txHash: string,
  from: EvmUpstream = 'data-api',
): Promise<EvmTxModel | null> {
  // Two round trips either way: the transaction, then its receipt and block in one batch (it names the block).
  if (from === 'node') return minedFromNode(ctx, chain, await ethGetTransactionByHash(ctx.node, chain.network, chain.blockchainId, txHash));
  const res = await getTransaction(ctx.dataApi, chainIdOf(chain), txHash);
  return res ? { ...res.nativeTransaction, chain, details: res } : null;
}

/** getTransaction's answer for a transaction: what its lookup read, or one call (shared by every field of the request that asks). */
export async function detailsOf(ctx: GatewayContext, tx: EvmTxModel) {
  if (tx.details) return tx.details;
  return getTransaction(ctx.dataApi, chainIdOf(tx.chain), tx.txHash);
}

const MethodRef = builder.objectRef<NonNullable<NativeTransaction['method']>>('EvmMethod').implement({
  description: 'The method a transaction called.',
  fields: (t) => ({
    callType: t.field({
      type: EvmCallTypeEnum,
      nullable: true,
      description: 'Native transfer, contract call or contract creation.',
      resolve: (m) => known(['NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION'] as const, m.callType, null),
    }),
    methodHash: t.exposeString('methodHash', { description: 'The 4-byte selector, e.g. "0xa9059cbb".' }),
    methodName: t.string({
      nullable: true,
      description: 'The decoded signature, e.g. "transfer(address,uint256)", when known (the Data API decodes it; the node does not).',
      price: { bytes: upstreamText('method-name', TEXT_BYTES.signature) },
      resolve: (m) => m.methodName || null,
    }),
  }),
});

const IcmInfoRef = builder
  .objectRef<{ teleporterMessageId: string; direction: string; sourceChainId?: string; destinationChainId?: string }>(
    'EvmTransactionIcmInfo',
  )
  .implement({
    description: 'The ICM (Teleporter) message a transaction sent or delivered.',
    fields: (t) => ({
      messageId: t.exposeString('teleporterMessageId', { description: 'The message id (hex): `Network.icmMessages` lists it.' }),
      sentMessage: t.boolean({
        description: 'True when this transaction sent the message; false when it delivered it.',
        resolve: (i) => i.direction === 'SOURCE_TRANSACTION',
      }),
      sourceEvmChainId: t.exposeString('sourceChainId', { nullable: true, description: 'Where it came from (for a delivery).' }),
      destinationEvmChainId: t.exposeString('destinationChainId', { nullable: true, description: 'Where it goes (for a send).' }),
    }),
  });

type ReceiptModel = EthReceipt & { chain: EvmChainModel };

const EvmReceiptRef = builder.objectRef<ReceiptModel>('EvmTransactionReceipt').implement({
  description: "A transaction's receipt, as the chain's node records it once its block is accepted.",
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its EVM chain id and transaction hash',
        'it is read with its transaction (`EvmTransaction.receipt`, `EvmTransactionSubmission.receipt`), which `node(id:)` fetches.',
      ),
      resolve: (r) => entityId('EvmTransactionReceipt', r.chain.network, `${r.chain.evmChainId}:${r.transactionHash.toLowerCase()}`),
    }),
    txHash: t.exposeString('transactionHash', { description: 'The transaction hash.' }),
    blockNumber: t.field({ type: 'BigInt', description: 'Its block.', resolve: (r) => decimal(r.blockNumber) }),
    blockHash: t.exposeString('blockHash', { description: 'Its block hash.' }),
    blockIndex: t.int({ description: 'Its position in the block.', resolve: (r) => Number(BigInt(r.transactionIndex)) }),
    status: t.field({
      type: EvmTransactionStatusEnum,
      nullable: true,
      description: 'SUCCESS or FAILED.',
      resolve: (r) => (r.status === '0x1' ? 'success' : r.status === '0x0' ? 'failed' : null),
    }),
    gasUsed: t.field({ type: 'BigInt', description: 'Gas it used.', resolve: (r) => decimal(r.gasUsed) }),
    cumulativeGasUsed: t.field({
      type: 'BigInt',
      description: 'Gas used in its block up to and including it.',
      resolve: (r) => decimal(r.cumulativeGasUsed),
    }),
    effectiveGasPrice: t.field({
      type: 'BigInt',
      description: 'The gas price it paid, in wei.',
      resolve: (r) => decimal(r.effectiveGasPrice),
    }),
    contractAddress: t.field({
      type: EvmAddressRef,
      nullable: true,
      description: 'The contract it created; null unless it is a deployment.',
      resolve: (r) => (r.contractAddress ? { chain: r.chain, address: r.contractAddress } : null),
    }),
    logs: t.field({
      type: [EvmLogRef],
      description: 'The events it emitted, in order (none when it reverted).',
      price: { items: TX_LOGS },
      resolve: (r) => r.logs.map((l) => ({ ...l, chain: r.chain })),
    }),
  }),
});

// By id (`node(id:)`): the chain from the subnet catalog, then one getTransaction.
lookupPrice(EvmTransactionRef.name, { calls: 1, pools: [SUBNET_CATALOG] });

builder.node(EvmTransactionRef, {
  description: 'A transaction on an EVM chain. Its id is its chain and hash; `node(id:)` refetches it from the Data API.',
  id: {
    resolve: (tx) => nodeKey(tx.chain.network, `${tx.chain.evmChainId}:${tx.txHash.toLowerCase()}`),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        const [chainId, hash] = key.split(':');
        if (!chainId || !/^[1-9]\d{0,15}$/.test(chainId) || !hash || !HASH_RE.test(hash))
          throw new Error('expected an EVM chain id and a 0x transaction hash');
      }),
  },
  loadOne: async ({ network, key }, ctx) => {
    const [chainId, hash] = key.split(':') as [string, string];
    const chain = await resolveEvmChain(ctx, network, { evmChainId: Number(chainId) });
    return chain ? findEvmTransaction(ctx, chain, hash) : null;
  },
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'The transaction hash.' }),
    chain: t.expose('chain', { type: EvmChainRef, description: 'The chain it ran on.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Its block.' }),
    blockHash: t.exposeString('blockHash', { description: 'Its block hash.' }),
    blockIndex: t.exposeInt('blockIndex', { description: 'Its position in the block.' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'SafeInt', description: 'Unix time (s) of its block.' }),
    blockTimestampMilliseconds: t.expose('blockTimestampMilliseconds', {
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (ms) of its block, where the chain records it.',
    }),
    blockMinDelayExcess: t.expose('blockMinDelayExcess', {
      type: 'SafeInt',
      nullable: true,
      description: "The block's minimum delay excess, where recorded.",
    }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id, as the Data API writes it.' }),
    txStatus: t.exposeString('txStatus', { description: 'The status as the Data API writes it ("1" success, "0" failure).' }),
    status: t.field({
      type: EvmTransactionStatusEnum,
      nullable: true,
      description: 'SUCCESS or FAILED.',
      resolve: (tx) => (tx.txStatus === '1' ? 'success' : tx.txStatus === '0' ? 'failed' : null),
    }),
    txType: t.exposeInt('txType', { description: 'EIP-2718 type: 0 legacy, 2 EIP-1559, ...' }),
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Gas limit.' }),
    gasUsed: t.expose('gasUsed', { type: 'BigInt', description: 'Gas used.' }),
    gasPrice: t.expose('gasPrice', { type: 'BigInt', description: 'Gas price, in wei.' }),
    nonce: t.expose('nonce', { type: 'BigInt', description: "The sender's nonce." }),
    value: t.expose('value', { type: 'BigInt', description: 'Native value sent, in wei.' }),
    from: t.field({
      type: PartyRef,
      description: 'The sender: always an account (EOA), so its `contract` is null without a lookup.',
      resolve: (tx) => ({ ...toParty(tx.chain, tx.from), account: true as const }),
    }),
    to: t.field({ type: PartyRef, description: 'The recipient: an account or a contract.', resolve: (tx) => toParty(tx.chain, tx.to) }),
    method: t.expose('method', { type: MethodRef, nullable: true, description: 'The method called.' }),
    sender: t.field({
      type: EvmAddressRef,
      description: 'The sender as an address on its chain: its balances, transfers and other transactions.',
      resolve: (tx) => ({ chain: tx.chain, address: tx.from.address }),
    }),
    receiver: t.field({
      type: EvmAddressRef,
      description: 'The recipient (an account, a contract, or the contract a deployment created) as an address on its chain.',
      resolve: (tx) => ({ chain: tx.chain, address: tx.to.address }),
    }),
  }),
});

builder.objectFields(EvmTransactionRef, (t) => ({
  icmMessage: t.field({
    type: IcmInfoRef,
    nullable: true,
    description: 'The ICM message it sent or delivered, as the Data API links it; null when it is no ICM transaction.',
    price: { calls: 1, reaches: ['getTransaction'] },
    resolve: async (tx, _a, ctx) => (await detailsOf(ctx, tx))?.teleporterMessageInfo ?? null,
  }),
}));

builder.objectField(EvmTransactionRef, 'receipt', (t) =>
  t.field({
    type: EvmReceiptRef,
    nullable: true,
    description:
      "Its receipt with its logs, from the chain's node (eth_getTransactionReceipt): the Data API has no receipts. Null only if the node does not have it.",
    price: { calls: 1, reaches: ['eth_getTransactionReceipt'] },
    resolve: async (tx, _a, ctx) => {
      const receipt = await ethGetTransactionReceipt(ctx.node, tx.chain.network, tx.chain.blockchainId, tx.txHash.toLowerCase());
      return receipt ? { ...receipt, chain: tx.chain } : null;
    },
  }),
);

builder.objectField(EvmChainRef, 'transactionReceipt', (t) =>
  t.field({
    type: EvmReceiptRef,
    nullable: true,
    description:
      "A transaction's receipt from the chain's node (eth_getTransactionReceipt), by hash: null while it is pending, then its status and logs as soon as its block is accepted, before the Data API indexes it. Follow a transaction you just sent with this.",
    args: { txHash: t.arg.string({ required: true, description: 'The transaction hash, "0x" and 64 hex digits.' }) },
    price: { calls: 1, reaches: ['eth_getTransactionReceipt'] },
    resolve: async (chain, args, ctx) => {
      const receipt = await ethGetTransactionReceipt(ctx.node, chain.network, chain.blockchainId, checkHash(args.txHash, 'txHash'));
      return receipt ? { ...receipt, chain } : null;
    },
  }),
);

builder.objectField(EvmChainRef, 'transaction', (t) =>
  t.field({
    type: EvmTransactionRef,
    nullable: true,
    description:
      "One transaction by hash; null if the upstream asked has none. `from: DATA_API` (the default) reads the Data API's getTransaction, which also brings its transfers, internal transactions and ICM message (so those fields make no further call). `from: NODE` asks the chain's node (eth_getTransactionByHash with its receipt, then its block's time): it has the transaction as soon as its block is accepted, before the Data API indexes it, but decodes no method name; it answers null while the transaction is pending (follow it with `transactionReceipt`).",
    args: {
      txHash: t.arg.string({ required: true, description: 'The transaction hash, "0x" and 64 hex digits.' }),
      from: t.arg({ type: EvmUpstreamEnum, description: 'Which upstream answers (default DATA_API).' }),
    },
    // The node's answer takes two round trips: the transaction, then its receipt and its block (one batch).
    price: {
      calls: (args) => (args.from === 'node' ? 2 : 1),
      reaches: ['eth_getTransactionReceipt', 'eth_getBlockByHash', 'eth_getTransactionByHash', 'getTransaction'],
    },
    resolve: (chain, args, ctx) => findEvmTransaction(ctx, chain, checkHash(args.txHash, 'txHash'), args.from ?? 'data-api'),
  }),
);

/** A transaction index argument: what a block can hold. */
function checkIndex(index: number): number {
  if (!Number.isInteger(index) || index < 0 || index > 0xffff) {
    throw badInput(`\`index\` must be a position in the block, 0 to 65535, got ${index}.`, { argument: 'index' });
  }
  return index;
}

builder.objectField(EvmChainRef, 'transactionInBlock', (t) =>
  t.field({
    type: EvmTransactionRef,
    nullable: true,
    description:
      "The transaction at a position of a block, from the chain's node (eth_getTransactionByBlockNumberAndIndex, or …ByBlockHashAndIndex with `blockHash`), with its receipt and block time: give exactly one of `blockNumber` and `blockHash`. Null when the block or the position does not exist. The Data API has no lookup by position.",
    args: {
      blockNumber: t.arg({ type: 'BigInt', description: 'The block number.' }),
      blockHash: t.arg.string({ description: 'The block hash, "0x" and 64 hex digits.' }),
      index: t.arg.int({ required: true, description: 'Its position in the block, from 0.' }),
    },
    // The transaction, then its receipt and block in one batch.
    price: {
      calls: 2,
      reaches: [
        'eth_getTransactionByBlockHashAndIndex',
        'eth_getTransactionByBlockNumberAndIndex',
        'eth_getTransactionReceipt',
        'eth_getBlockByHash',
      ],
    },
    resolve: async (chain, args, ctx) => {
      if ((args.blockNumber == null) === (args.blockHash == null)) {
        throw badInput('`transactionInBlock` takes exactly one of `blockNumber` and `blockHash`.', { argument: 'blockNumber' });
      }
      const index = checkIndex(args.index);
      const tx =
        args.blockHash != null
          ? await ethGetTransactionByBlockHashAndIndex(
              ctx.node,
              chain.network,
              chain.blockchainId,
              checkHash(args.blockHash, 'blockHash'),
              index,
            )
          : await ethGetTransactionByBlockNumberAndIndex(
              ctx.node,
              chain.network,
              chain.blockchainId,
              toQuantity(BigInt(checkEvmBlockNumber(args.blockNumber!, 'blockNumber'))),
              index,
            );
      return minedFromNode(ctx, chain, tx);
    },
  }),
);

builder.objectField(EvmBlockRef, 'transactionAt', (t) =>
  t.field({
    type: EvmTransactionRef,
    nullable: true,
    description:
      "The transaction at a position of this block, from the chain's node (eth_getTransactionByBlockHashAndIndex, then its receipt); null past the block's last.",
    args: { index: t.arg.int({ required: true, description: 'Its position in the block, from 0.' }) },
    price: { calls: 2, reaches: ['eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionReceipt', 'eth_getBlockByHash'] },
    resolve: async (block, args, ctx) => {
      const { chain } = block;
      const tx = await ethGetTransactionByBlockHashAndIndex(
        ctx.node,
        chain.network,
        chain.blockchainId,
        block.blockHash,
        checkIndex(args.index),
      );
      return minedFromNode(ctx, chain, tx, block.blockTimestamp);
    },
  }),
);

const EvmTransactionConnection = builder.connectionObject(
  { type: EvmTransactionRef, name: 'EvmTransactionConnection', description: 'A page of EVM transactions.' },
  { name: 'EvmTransactionEdge', description: 'A transaction and its cursor.' },
);

const EVM_TXS_PAGE = pageSpec('listLatestTransactions', 'transactions');
const BLOCK_TXS_PAGE = pageSpec('getTransactionsForBlock', 'transactions', { defaultFirst: 10 });
const ALL_TXS_PAGE = pageSpec('listLatestTransactionsAllChains', 'evmTransactions');

builder.objectField(EvmChainRef, 'transactions', (t) =>
  t.connection(
    {
      type: EvmTransactionRef,
      nullable: true,
      description: 'Latest transactions, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: { status: t.arg({ type: EvmTransactionStatusEnum, description: 'Only succeeded or only failed transactions.' }) },
      price: paged(EVM_TXS_PAGE),
      resolve: (chain, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: EVM_TXS_PAGE,
          filters: [chain.network, chain.evmChainId, args.status],
          fetchPage: (page) => listLatestTransactions(ctx.dataApi, chainIdOf(chain), { ...page, status: args.status ?? undefined }),
          read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
          toNode: (tx): EvmTxModel => ({ ...tx, chain }),
          keyOf: (tx) => tx.txHash,
        }),
    },
    EvmTransactionConnection,
  ),
);

builder.objectField(EvmBlockRef, 'transactions', (t) =>
  t.connection(
    {
      type: EvmTransactionRef,
      nullable: true,
      description: "This block's transactions in block order, from the Data API. `first`: 1 to 500 (default 10); 100 per upstream call.",
      price: paged(BLOCK_TXS_PAGE),
      resolve: (block: EvmBlockModel, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: BLOCK_TXS_PAGE,
          filters: [block.chain.network, block.chain.evmChainId, block.blockHash],
          fetchPage: (page) => getTransactionsForBlock(ctx.dataApi, chainIdOf(block.chain), block.blockHash, page),
          read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
          toNode: (tx): EvmTxModel => ({ ...tx, chain: block.chain }),
          keyOf: (tx) => tx.txHash,
        }),
    },
    EvmTransactionConnection,
  ),
);

/** The transactions of a page across chains, each on its chain (the C-Chain known by heart, the others from the subnet catalog). */
async function onTheirChains<T extends { chainId: string }>(
  ctx: GatewayContext,
  network: NetworkName,
  items: readonly T[],
  operation: string,
): Promise<(T & { chain: EvmChainModel })[]> {
  return Promise.all(
    items.map(async (item) => {
      const chain = /^\d+$/.test(item.chainId) ? await resolveEvmChain(ctx, network, { evmChainId: Number(item.chainId) }) : null;
      if (!chain) {
        throw upstreamInconsistent(
          `The Data API listed an object of EVM chain ${quote(item.chainId)} on ${network}, which the network's subnet listing does not have.`,
          { service: 'data-api', operation },
        );
      }
      return { ...item, chain };
    }),
  );
}

builder.objectField(NetworkRef, 'evmTransactions', (t) =>
  t.connection(
    {
      type: EvmTransactionRef,
      nullable: true,
      description:
        'The latest transactions across every EVM chain of this network the Data API indexes, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: { status: t.arg({ type: EvmTransactionStatusEnum, description: 'Only succeeded or only failed transactions.' }) },
      price: paged(ALL_TXS_PAGE, { pools: [SUBNET_CATALOG] }),
      resolve: (network, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ALL_TXS_PAGE,
          filters: [network.name, args.status],
          fetchPage: async (page) => {
            const res = await listLatestTransactionsAllChains(ctx.dataApi, {
              ...page,
              network: network.name,
              status: args.status ?? undefined,
            });
            return { res, txs: await onTheirChains(ctx, network.name, res.transactions, 'listLatestTransactionsAllChains') };
          },
          read: (page) => ({ items: page.txs, nextPageToken: page.res.nextPageToken }),
          toNode: (tx): EvmTxModel => tx,
          keyOf: (tx) => `${tx.chainId}:${tx.txHash}`,
        }),
    },
    EvmTransactionConnection,
  ),
);

export { onTheirChains };

// An address's own transactions (listNativeTransactions), beside the type they are.
const NATIVE_PAGE = pageSpec('listNativeTransactions', 'nativeTransactions');

builder.objectFields(EvmAddressRef, (t) => ({
  nativeTransactions: t.connection(
    {
      type: EvmTransactionRef,
      nullable: true,
      description:
        'Transactions this address sent or received directly (not those that only moved its tokens), newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      price: paged(NATIVE_PAGE),
      resolve: (a, args, ctx) => {
        const range = checkBlockRange(args.startBlock, args.endBlock);
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: NATIVE_PAGE,
          filters: [a.chain.network, a.chain.evmChainId, a.address.toLowerCase(), range],
          fetchPage: (page) => listNativeTransactions(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...range }),
          read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
          toNode: (tx): EvmTxModel => ({ ...tx, chain: a.chain }),
          keyOf: (tx) => tx.txHash,
        });
      },
    },
    { name: 'EvmAddressNativeTransactionConnection', description: "A page of an address's native transactions." },
    { name: 'EvmAddressNativeTransactionEdge', description: 'A transaction and its cursor.' },
  ),
}));

// --- a submitted transaction (evm-state.ts), once mined -------------------------------------------

/** Following a submission: the receipt, then while it has none the sender's nonce, then once the receipt again (`followEvmTransaction`). */
export const FOLLOW = { calls: 3, sharesWith: 'follow' } as const;

/** Where a submission stands: what its subscription's event read, else up to three reads of the node (live/feeds.ts). */
export const followSubmission = (ctx: GatewayContext, s: SubmissionModel): Promise<SubmissionEvent> =>
  s.known ? Promise.resolve(s.known) : followEvmTransaction(ctx.node, s);

builder.objectFields(EvmTransactionSubmissionRef, (t) => ({
  receipt: t.field({
    type: EvmReceiptRef,
    nullable: true,
    description: 'Where and how it was mined, with its logs; null while it is not.',
    price: { ...FOLLOW, reaches: ['eth_getTransactionReceipt', 'eth_getTransactionCount'] },
    resolve: async (s, _a, ctx) => {
      const { receipt } = await followSubmission(ctx, s);
      return receipt ? { ...receipt, chain: s.chain } : null;
    },
  }),
  transaction: t.field({
    type: EvmTransactionRef,
    nullable: true,
    description:
      "The transaction in the graph once it is mined (its block, transfers, receipt): read from the chain's node as `EvmChain.transaction(from: NODE)` does, so it is there as soon as its block is accepted; null while it is pending or once dropped.",
    // Where it stands (up to three reads), then the node's transaction, and its receipt and block (one batch).
    price: {
      calls: 5,
      reaches: ['eth_getTransactionReceipt', 'eth_getTransactionCount', 'eth_getBlockByHash', 'eth_getTransactionByHash', 'getTransaction'],
    },
    resolve: async (s, _a, ctx) =>
      (await followSubmission(ctx, s)).status === 'mined' ? findEvmTransaction(ctx, s.chain, s.txHash.toLowerCase(), 'node') : null,
  }),
}));
