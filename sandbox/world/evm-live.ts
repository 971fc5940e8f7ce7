/**
 * The EVM chains' blocks above the world's head: one a tick of the live clock (../live.ts), on
 * every EVM chain. The sandbox's node (eth_blockNumber, eth_getBlockBy*) and its Data API (the
 * latest blocks, a block by id) both read the head and these blocks from here, so the two
 * upstreams name the same head of a chain at any instant, as a node and an indexer that has
 * caught up do.
 */
import type { SandboxLive } from '../live.js';
import type { EvmChainWorld } from './evm.js';
import { evmBlockHash } from './evm.js';
import { blocksOf, type WorldBlock } from './evm-blocks.js';

/** The chain's head now: the world's last block and one a tick since. */
export function evmHead(chain: EvmChainWorld, seed: string, live: SandboxLive | undefined): number {
  return blocksOf(chain, seed).blocks.length - 1 + (live?.newBlocks() ?? 0);
}

/** What the node mined into a live block: the transactions' hashes and gas, and the block's base fee. */
export interface LiveBlockContent {
  txs: { txHash: string; gasUsed: bigint }[];
  baseFee: bigint;
}

/**
 * Block `n` above the world's head: a second after its parent (the world's head is the first
 * parent), the head's gas limit, its base fee unless the node says otherwise, and no transactions
 * unless the node mined some into it.
 */
export function liveEvmBlock(chain: EvmChainWorld, seed: string, n: number, content?: LiveBlockContent): WorldBlock {
  const { blocks } = blocksOf(chain, seed);
  const top = blocks.at(-1)!;
  if (n <= top.number) throw new RangeError(`block ${n} is the world's, not the live clock's`);
  const txs = content?.txs ?? [];
  return {
    number: n,
    hash: evmBlockHash(chain.chainId, n),
    parentHash: evmBlockHash(chain.chainId, n - 1),
    time: top.time + (n - top.number),
    // The block lists its transactions by hash, which is all the node and the Data API write of them here.
    txs: txs.map((t) => ({ txHash: t.txHash })) as WorldBlock['txs'],
    gasUsed: txs.reduce((sum, t) => sum + t.gasUsed, 0n),
    gasLimit: top.gasLimit,
    baseFee: content?.baseFee ?? top.baseFee,
    feesSpent: 0n,
    cumulative: top.cumulative + txs.length,
  };
}

/** A block by number up to the head now, the world's or the live clock's; undefined above the head. */
export function evmBlockAt(chain: EvmChainWorld, seed: string, live: SandboxLive | undefined, n: number): WorldBlock | undefined {
  const { blocks } = blocksOf(chain, seed);
  if (n < blocks.length) return blocks[n];
  return n <= evmHead(chain, seed, live) ? liveEvmBlock(chain, seed, n) : undefined;
}

/** The live clock's blocks of a chain so far, newest first (the Data API's order). */
export function liveEvmBlocksNewestFirst(chain: EvmChainWorld, seed: string, live: SandboxLive | undefined): WorldBlock[] {
  const worldHead = blocksOf(chain, seed).blocks.length - 1;
  const out: WorldBlock[] = [];
  for (let n = evmHead(chain, seed, live); n > worldHead; n--) out.push(liveEvmBlock(chain, seed, n));
  return out;
}

/** The block number a live block's hash names, if the clock has reached it (hashes are derived from numbers, so walk them). */
export function liveEvmBlockNumber(chain: EvmChainWorld, seed: string, live: SandboxLive | undefined, hash: string): number | undefined {
  const worldHead = blocksOf(chain, seed).blocks.length - 1;
  const wanted = hash.toLowerCase();
  for (let n = evmHead(chain, seed, live); n > worldHead; n--) if (evmBlockHash(chain.chainId, n) === wanted) return n;
  return undefined;
}
