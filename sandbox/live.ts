/**
 * The sandbox's chains moving on: a clock of ticks, each a new accepted block on the P-, X- and
 * C-Chain of both networks, and now and then a new P-Chain transaction of the live addresses, a
 * fee config change on every Subnet-EVM chain, a validator's weight change on every subnet, and a
 * new average TPS point on every EVM chain. What a tick adds (ids, times, values) is a function
 * of the seed and the tick alone, so a test that advances the clock itself sees the same world
 * every run; times follow the world's newest, not the wall clock.
 *
 * The clock runs by itself only when asked (`startSandbox({ blockMs })`: `npm start` offline,
 * `npm run sandbox`); tests advance it with `sandbox.live.advance()` or POST /_sandbox/advance.
 * The static world underneath never changes: these are additions read at answer time.
 */
import { createHash } from 'node:crypto';
import { cb58Encode, type NetworkName } from '../src/base/ids.js';
import type { PChainTransaction } from '../src/upstreams/data-api/transaction.js';
import { sha } from './random.js';
import { getWorld } from './world/world.js';

/** Ticks between two events of each kind. */
export const EVERY = { transaction: 2, feeConfig: 5, validators: 5, tps: 3 } as const;

/** The indexes that grow by a block a tick. */
const GROWING = new Set(['P/block', 'X/block', 'C/block']);

export interface LiveContainer {
  id: string;
  bytes: Uint8Array;
  time: number;
}

export class SandboxLive {
  /** Ticks so far. */
  tick = 0;
  private timer?: NodeJS.Timeout;
  private readonly templates = new Map<NetworkName, PChainTransaction>();
  private readonly madeTxs = new Map<string, { network: NetworkName; tx: PChainTransaction; template: string }>();

  constructor(private readonly seed: string) {}

  /** Moves the chains on by `ticks`. */
  advance(ticks = 1): void {
    this.tick += ticks;
  }

  /** Advances by itself every `ms` (0: stays put). */
  run(ms: number): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (ms > 0) {
      this.timer = setInterval(() => this.advance(), ms);
      this.timer.unref();
    }
  }

  reset(): void {
    this.tick = 0;
  }

  stop(): void {
    this.run(0);
  }

  private count(every: number): number {
    return Math.floor(this.tick / every);
  }

  // --- blocks ------------------------------------------------------------------------------------

  /** Blocks every chain has gained: one a tick (the P- and X-Chain's are made in node/chains/node-world.ts). */
  newBlocks(): number {
    return this.tick;
  }

  /** Containers the index has gained. */
  extraContainers(index: string): number {
    return GROWING.has(index) ? this.newBlocks() : 0;
  }

  /**
   * The `n`th container the C-Chain's index gained (0 for the first), the same for a seed and
   * position. (The P- and X-Chain's indexes serve the blocks their chains made instead.)
   */
  container(network: NetworkName, index: string, n: number, after: number): LiveContainer {
    const bytes = sha(`${this.seed}:live:${network}:${index}:${n}`);
    return { id: cb58Encode(createHash('sha256').update(bytes).digest()), bytes, time: after + n + 1 };
  }

  // --- transactions -------------------------------------------------------------------------------

  /** A P-Chain transaction of the world whose addresses the new transactions touch: the live addresses. */
  private template(network: NetworkName): PChainTransaction {
    let tx = this.templates.get(network);
    if (!tx) {
      const world = getWorld(network, this.seed);
      tx = world.transactions.p.find((t) => (world.txAddresses.get(t.txHash)?.size ?? 0) > 0)!;
      this.templates.set(network, tx);
    }
    return tx;
  }

  /** The time of the world's newest P-Chain transaction: what the clock adds comes after it. */
  private newest(network: NetworkName): number {
    return getWorld(network, this.seed).transactions.p.reduce((max, t) => Math.max(max, t.blockTimestamp), 0);
  }

  /** The addresses every new transaction touches (avax1…/fuji1…, as the Data API writes them). */
  addresses(network: NetworkName): string[] {
    const world = getWorld(network, this.seed);
    return [...(world.txAddresses.get(this.template(network).txHash) ?? [])].sort();
  }

  /** The P-Chain transactions made so far, oldest first. */
  transactions(network: NetworkName): PChainTransaction[] {
    const template = this.template(network);
    const out: PChainTransaction[] = [];
    for (let n = 0; n < this.count(EVERY.transaction); n++) {
      const txHash = cb58Encode(sha(`${this.seed}:live-tx:${network}:${n}`));
      let made = this.madeTxs.get(txHash)?.tx;
      if (!made) {
        made = { ...template, txHash, blockTimestamp: this.newest(network) + (n + 1) * 2 };
        this.madeTxs.set(txHash, { network, tx: made, template: template.txHash });
      }
      out.push(made);
    }
    return out;
  }

  /** The world transaction a made one copies (its addresses are the made one's). */
  templateOf(txHash: string): string | undefined {
    return this.madeTxs.get(txHash)?.template;
  }

  /** A made transaction by hash, if the clock got that far. */
  transaction(network: NetworkName, txHash: string): PChainTransaction | undefined {
    const made = this.madeTxs.get(txHash);
    return made && made.network === network && this.transactions(network).includes(made.tx) ? made.tx : undefined;
  }

  // --- fee configs, validators, TPS -------------------------------------------------------------------

  /** How often every Subnet-EVM chain's fee config has changed. */
  feeChanges(): number {
    return this.count(EVERY.feeConfig);
  }

  /** How often every subnet's first validator has changed weight. */
  validatorChanges(): number {
    return this.count(EVERY.validators);
  }

  /** New daily TPS points of every EVM chain. */
  tpsPoints(): number {
    return this.count(EVERY.tps);
  }
}
