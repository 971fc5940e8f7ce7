/**
 * P- and X-Chain blocks as the Data API indexes them (getBlockById, listLatestPrimaryNetworkBlocks,
 * listPrimaryNetworkBlocksByNodeId): the very blocks the sandbox node serves (../node/chains/),
 * with the transactions the world put in each and, since Banff, the node that proposed it.
 */
import { sha } from '../random.js';
import { getNodeWorld } from '../node/chains/node-world.js';
import type { NodeBlock } from '../node/chains/avm.js';
import type { PrimaryNetworkBlock } from '../../src/upstreams/data-api/primary-network-block.js';
import { TIMELINE } from '../world/timeline.js';
import type { SandboxWorld } from '../world/types.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { chainOf, fingerprint, withWorld } from './common.js';

/** The block type names of the node's codec type ids. */
const TYPE_NAMES: Record<number, string> = {
  0: 'ProposalBlock',
  2: 'CommitBlock',
  3: 'StandardBlock',
  4: 'AtomicBlock',
  20: 'StandardBlock',
  29: 'BanffProposalBlock',
  31: 'BanffCommitBlock',
  32: 'BanffStandardBlock',
};

type Key = 'p' | 'x';

const cache = new WeakMap<SandboxWorld, Record<Key, PrimaryNetworkBlock[]>>();

/** A chain's blocks, oldest first, as the Data API writes them. */
export function worldBlocks(world: SandboxWorld, seed: string, chain: Key): readonly PrimaryNetworkBlock[] {
  let all = cache.get(world);
  if (!all) {
    const node = getNodeWorld(world.network, seed);
    all = { p: render(world, node.platform.blocks, 'p'), x: render(world, node.avm.blocks, 'x') };
    cache.set(world, all);
  }
  return all[chain];
}

function render(world: SandboxWorld, blocks: readonly NodeBlock[], chain: Key): PrimaryNetworkBlock[] {
  const txsOf = new Map<string, string[]>();
  for (const tx of world.transactions[chain]) {
    const hash = 'blockHash' in tx ? tx.blockHash : undefined;
    if (hash) txsOf.set(hash, [...(txsOf.get(hash) ?? []), tx.txHash]);
  }
  return blocks.map((b) => {
    const transactions = txsOf.get(b.id) ?? [];
    // Blocks built by the ProposerVM name the validator that built them; the sandbox's since Banff.
    const proposer = b.time >= TIMELINE.banff ? world.nodeIds[sha(`proposer:${b.id}`)[0]! % world.nodeIds.length]! : undefined;
    return {
      blockNumber: String(b.height),
      blockHash: b.id,
      parentHash: b.parentId,
      blockTimestamp: b.time,
      blockType: TYPE_NAMES[b.bytes.readUInt32BE(2)] ?? 'StandardBlock',
      txCount: transactions.length,
      transactions,
      blockSizeBytes: b.bytes.length,
      ...(proposer
        ? {
            proposerDetails: {
              proposerId: b.id,
              proposerParentId: b.parentId,
              proposerNodeId: proposer,
              proposerTimestamp: b.time,
            },
          }
        : {}),
    };
  });
}

/** The newest-first page of `blocks` in the time window the query asks for. */
function blockPage(
  world: SandboxWorld,
  network: string,
  chain: Key,
  blocks: readonly PrimaryNetworkBlock[],
  q: QueryReader,
  ...key: unknown[]
) {
  const start = q.int('startTimestamp', 0);
  const end = q.int('endTimestamp', 0);
  const pageSize = q.int('pageSize', 1, 100) ?? 10;
  q.done();
  const matches = blocks.filter(
    (b) => (start === undefined || b.blockTimestamp >= start) && (end === undefined || b.blockTimestamp <= end),
  );
  const { page, nextPageToken } = paginate(
    [...matches].reverse(),
    { pageToken: q.string('pageToken'), pageSize },
    fingerprint('blocks', world.network, chain, start, end, ...key),
    (b) => b.blockHash,
  );
  return {
    status: 200,
    body: { ...(nextPageToken ? { nextPageToken } : {}), blocks: page, chainInfo: { chainName: `${chain}-chain`, network } },
  };
}

const LIST_QUERY = ['startTimestamp', 'endTimestamp', 'pageToken', 'pageSize'];

export function primaryNetworkBlockRoutes(seed: string) {
  const chainIn = (q: QueryReader, world: SandboxWorld, blockchainId: string): Key => {
    const chain = chainOf(world, decodeURIComponent(blockchainId), ['p', 'x']);
    if (chain.length > 1) q.problem(chain);
    return (chain.length > 1 ? 'p' : chain) as Key;
  };
  return {
    getBlockById: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/blocks\/([^/]+)$/,
      handle: withWorld(seed, (world, _network, [blockchainId, blockId], query) => {
        const q = new QueryReader(query, []);
        const chain = chainIn(q, world, blockchainId!);
        q.done();
        const id = decodeURIComponent(blockId!);
        const blocks = worldBlocks(world, seed, chain);
        const block = /^\d+$/.test(id) ? blocks.find((b) => b.blockNumber === String(BigInt(id))) : blocks.find((b) => b.blockHash === id);
        return block ? { status: 200, body: block } : apiError(404, `Block ${id} not found on ${chain}-chain`);
      }),
    },
    listLatestPrimaryNetworkBlocks: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/blocks$/,
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, LIST_QUERY);
        const chain = chainIn(q, world, blockchainId!);
        return blockPage(world, network, chain, worldBlocks(world, seed, chain), q);
      }),
    },
    listPrimaryNetworkBlocksByNodeId: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/nodes\/([^/]+)\/blocks$/,
      handle: withWorld(seed, (world, network, [blockchainId, nodeId], query) => {
        const q = new QueryReader(query, LIST_QUERY);
        const chain = chainIn(q, world, blockchainId!);
        const node = decodeURIComponent(nodeId!);
        if (!/^NodeID-[1-9A-HJ-NP-Za-km-z]+$/.test(node)) q.problem('nodeId must be a valid node id');
        const blocks = worldBlocks(world, seed, chain).filter((b) => b.proposerDetails?.proposerNodeId === node);
        return blockPage(world, network, chain, blocks, q, node);
      }),
    },
  } satisfies DataApiRoutes;
}
