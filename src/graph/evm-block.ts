/**
 * EVM blocks: by number or hash on a chain (the Data API's, or the node's), a chain's and a
 * network's latest, a transaction's block and a block's parent. Whichever upstream answers, a block
 * is one `EvmBlock`: the node's answer is mapped to the Data API's fields, leaving out only what the
 * Data API's indexer counts (fees spent, cumulative transactions, block gas cost).
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { getBlock, getLatestBlocks, listLatestBlocksAllChains } from '../upstreams/data-api/evm-block.js';
import { ethGetBlockByHash, ethGetBlockByNumber, toQuantity, type EthBlock } from '../upstreams/node/evm-blocks.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { resolveEvmChain } from './evm-chain.js';
import { decimal } from './evm-node-reads.js';
import { EvmUpstreamEnum, followSubmission, onTheirChains, type EvmUpstream } from './evm-transaction.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { checkEvmBlockNumber, checkHash } from './inputs.js';
import {
  EvmBlockRef,
  EvmChainRef,
  EvmTransactionRef,
  EvmTransactionSubmissionRef,
  NetworkRef,
  chainIdOf,
  type EvmBlockModel,
  type EvmChainModel,
} from './refs.js';

/** A node's block as the Data API's fields. */
export function blockFromNode(chain: EvmChainModel, b: EthBlock): EvmBlockModel {
  return {
    chainId: String(chain.evmChainId),
    blockNumber: decimal(b.number),
    blockTimestamp: Number(BigInt(b.timestamp)),
    blockHash: b.hash,
    txCount: b.transactions.length,
    baseFee: decimal(b.baseFeePerGas ?? '0x0'),
    gasUsed: decimal(b.gasUsed),
    gasLimit: decimal(b.gasLimit),
    parentHash: b.parentHash,
    chain,
  };
}

/** A block by number, hash or tag, from the upstream asked. */
export async function findEvmBlock(
  ctx: GatewayContext,
  chain: EvmChainModel,
  by: { number: string } | { hash: string } | { latest: true },
  from: EvmUpstream,
): Promise<EvmBlockModel | null> {
  if (from === 'node') {
    const { network, blockchainId } = chain;
    const block =
      'hash' in by
        ? await ethGetBlockByHash(ctx.node, network, blockchainId, by.hash)
        : await ethGetBlockByNumber(ctx.node, network, blockchainId, 'number' in by ? toQuantity(BigInt(by.number)) : 'latest');
    return block ? blockFromNode(chain, block) : null;
  }
  if ('latest' in by) {
    const { blocks } = await getLatestBlocks(ctx.dataApi, chainIdOf(chain), { pageSize: 1 });
    return blocks[0] ? { ...blocks[0], chain } : null;
  }
  const block = await getBlock(ctx.dataApi, chainIdOf(chain), 'hash' in by ? by.hash : by.number);
  return block ? { ...block, chain } : null;
}

// By id (`node(id:)`): the chain from the subnet catalog, then one getBlock.
lookupPrice(EvmBlockRef.name, { calls: 1, pools: [SUBNET_CATALOG] });

builder.node(EvmBlockRef, {
  description: 'A block of an EVM chain. Its id is its chain and hash; `node(id:)` refetches it from the Data API.',
  id: {
    resolve: (b) => nodeKey(b.chain.network, `${b.chain.evmChainId}:${b.blockHash.toLowerCase()}`),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        const [chainId, hash] = key.split(':');
        if (!chainId || !/^[1-9]\d{0,15}$/.test(chainId) || !hash || !/^0x[0-9a-f]{64}$/.test(hash))
          throw new Error('expected an EVM chain id and a 0x block hash');
      }),
  },
  loadOne: async ({ network, key }, ctx) => {
    const [chainId, hash] = key.split(':') as [string, string];
    const chain = await resolveEvmChain(ctx, network, { evmChainId: Number(chainId) });
    return chain ? findEvmBlock(ctx, chain, { hash }, 'data-api') : null;
  },
  fields: (t) => ({
    chain: t.expose('chain', { type: EvmChainRef, description: 'The chain it is a block of.' }),
    number: t.expose('blockNumber', { type: 'BigInt', description: 'Its number (height); the genesis block is 0.' }),
    hash: t.exposeString('blockHash', { description: 'Its hash.' }),
    parentHash: t.exposeString('parentHash', { description: "Its parent's hash." }),
    timestamp: t.expose('blockTimestamp', { type: 'SafeInt', description: 'Unix time (s) it was proposed.' }),
    timestampMilliseconds: t.expose('blockTimestampMilliseconds', {
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (ms) it was proposed: from the Data API, on chains past the Granite upgrade.',
    }),
    minDelayExcess: t.expose('blockMinDelayExcess', {
      type: 'SafeInt',
      nullable: true,
      description: 'Its minimum block delay excess (ms): from the Data API, on chains past the Granite upgrade.',
    }),
    transactionCount: t.exposeInt('txCount', { description: 'How many transactions it holds.' }),
    baseFee: t.expose('baseFee', { type: 'BigInt', description: 'Its base fee per gas, in wei.' }),
    gasUsed: t.expose('gasUsed', { type: 'BigInt', description: 'Gas its transactions used.' }),
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Its gas limit.' }),
    gasCost: t.expose('gasCost', {
      type: 'BigInt',
      nullable: true,
      description: 'Its block gas cost, as the Data API counts it; null when the node answered (it does not say).',
    }),
    feesSpent: t.expose('feesSpent', {
      type: 'BigInt',
      nullable: true,
      description: 'Fees its transactions spent (burned), in wei, as the Data API counts them; null when the node answered.',
    }),
    cumulativeTransactions: t.expose('cumulativeTransactions', {
      type: 'BigInt',
      nullable: true,
      description: "The chain's transactions up to and including this block, as the Data API counts them; null when the node answered.",
    }),
  }),
});

builder.objectField(EvmBlockRef, 'parent', (t) =>
  t.field({
    type: EvmBlockRef,
    nullable: true,
    description: 'The block before it, from the Data API; null for the genesis block.',
    price: { calls: 1, reaches: ['eth_getBlockByHash', 'eth_getBlockByNumber', 'getLatestBlocks', 'getBlock'] },
    resolve: (b, _a, ctx) => (b.blockNumber === '0' ? null : findEvmBlock(ctx, b.chain, { hash: b.parentHash.toLowerCase() }, 'data-api')),
  }),
);

builder.objectField(EvmTransactionRef, 'block', (t) =>
  t.field({
    type: EvmBlockRef,
    nullable: true,
    description:
      "Its block, from the Data API's getBlock (its fees and cumulative counts come only from there); null only if the Data API has not indexed the block yet.",
    price: { calls: 1, reaches: ['eth_getBlockByHash', 'eth_getBlockByNumber', 'getLatestBlocks', 'getBlock'] },
    resolve: (tx, _a, ctx) => findEvmBlock(ctx, tx.chain, { hash: tx.blockHash.toLowerCase() }, 'data-api'),
  }),
);

builder.objectField(EvmTransactionSubmissionRef, 'block', (t) =>
  t.field({
    type: EvmBlockRef,
    nullable: true,
    description:
      "The block it was mined in, from the chain's node (eth_getBlockByHash) as soon as the block is accepted; null while it is pending or once dropped.",
    // Where it stands (one batch), then its block.
    price: {
      calls: 2,
      reaches: [
        'eth_getTransactionReceipt',
        'eth_getTransactionCount',
        'eth_getBlockByHash',
        'eth_getBlockByNumber',
        'getLatestBlocks',
        'getBlock',
      ],
    },
    resolve: async (s, _a, ctx) => {
      const { receipt } = await followSubmission(ctx, s);
      return receipt ? findEvmBlock(ctx, s.chain, { hash: receipt.blockHash }, 'node') : null;
    },
  }),
);

builder.objectField(EvmChainRef, 'block', (t) =>
  t.field({
    type: EvmBlockRef,
    nullable: true,
    description:
      "One block by `number` or by `hash` (give exactly one); null if the upstream asked has none. `from: DATA_API` (the default) reads the Data API's getBlock, with its fees spent and cumulative transaction count. `from: NODE` asks the chain's node (eth_getBlockByNumber / eth_getBlockByHash), which has a block as soon as it is accepted, before the Data API indexes it.",
    args: {
      number: t.arg({ type: 'BigInt', description: 'The block number, 0 for the genesis block.' }),
      hash: t.arg.string({ description: 'The block hash, "0x" and 64 hex digits.' }),
      from: t.arg({ type: EvmUpstreamEnum, description: 'Which upstream answers (default DATA_API).' }),
    },
    price: { calls: 1, reaches: ['eth_getBlockByHash', 'eth_getBlockByNumber', 'getLatestBlocks', 'getBlock'] },
    resolve: (chain, args, ctx) => {
      if ((args.number == null) === (args.hash == null)) {
        throw badInput('`block` takes exactly one of `number` and `hash`.', { argument: 'number' });
      }
      const by = args.hash != null ? { hash: checkHash(args.hash, 'hash') } : { number: checkEvmBlockNumber(args.number!, 'number') };
      return findEvmBlock(ctx, chain, by, args.from ?? 'data-api');
    },
  }),
);

builder.objectField(EvmChainRef, 'latestBlock', (t) =>
  t.field({
    type: EvmBlockRef,
    nullable: true,
    description:
      'The chain\'s latest block. `from: NODE` (the default) asks the chain\'s node (eth_getBlockByNumber "latest"): the freshest there is. `from: DATA_API` reads the newest block the Data API has indexed, with its fees spent, a few seconds behind.',
    args: { from: t.arg({ type: EvmUpstreamEnum, description: 'Which upstream answers (default NODE).' }) },
    price: { calls: 1, reaches: ['eth_getBlockByHash', 'eth_getBlockByNumber', 'getLatestBlocks', 'getBlock'] },
    resolve: (chain, args, ctx) => findEvmBlock(ctx, chain, { latest: true }, args.from ?? 'node'),
  }),
);

const EvmBlockConnection = builder.connectionObject(
  { type: EvmBlockRef, name: 'EvmBlockConnection', description: 'A page of EVM blocks, newest first.' },
  { name: 'EvmBlockEdge', description: 'A block and its cursor.' },
);

const BLOCKS_PAGE = pageSpec('getLatestBlocks', 'blocks');
const ALL_BLOCKS_PAGE = pageSpec('listLatestBlocksAllChains', 'evmBlocks');

builder.objectField(EvmChainRef, 'blocks', (t) =>
  t.connection(
    {
      type: EvmBlockRef,
      nullable: true,
      description:
        "The chain's latest blocks as the Data API indexed them, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.",
      price: paged(BLOCKS_PAGE),
      resolve: (chain, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: BLOCKS_PAGE,
          filters: [chain.network, chain.evmChainId],
          fetchPage: (page) => getLatestBlocks(ctx.dataApi, chainIdOf(chain), page),
          read: (page) => ({ items: page.blocks, nextPageToken: page.nextPageToken }),
          toNode: (b): EvmBlockModel => ({ ...b, chain }),
          keyOf: (b) => b.blockHash,
        }),
    },
    EvmBlockConnection,
  ),
);

builder.objectField(NetworkRef, 'evmBlocks', (t) =>
  t.connection(
    {
      type: EvmBlockRef,
      nullable: true,
      description:
        'The latest blocks across every EVM chain of this network the Data API indexes, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      price: paged(ALL_BLOCKS_PAGE, { pools: [SUBNET_CATALOG] }),
      resolve: (network, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ALL_BLOCKS_PAGE,
          filters: [network.name],
          fetchPage: async (page) => {
            const res = await listLatestBlocksAllChains(ctx.dataApi, { ...page, network: network.name });
            return { res, blocks: await onTheirChains(ctx, network.name, res.blocks, 'listLatestBlocksAllChains') };
          },
          read: (page) => ({ items: page.blocks, nextPageToken: page.res.nextPageToken }),
          toNode: (b): EvmBlockModel => b,
          keyOf: (b) => `${b.chainId}:${b.blockHash}`,
        }),
    },
    EvmBlockConnection,
  ),
);
