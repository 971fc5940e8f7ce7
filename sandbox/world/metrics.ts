/**
 * The Metrics API's series, derived from the rest of the world so that they agree with it: an
 * EVM chain's daily transaction count is its daily average TPS (evm.ts) times a day's seconds, and
 * its other metrics follow from that count; staking counts and weights are the staking
 * transactions active each day; L1 validator fees are the continuous fee each validation pays
 * while it is active; ICM counts are the world's ICM messages; BTC.b bridgers are C-Chain
 * accounts. Built on first use, and with no draw from the world's random source: the rest of the
 * world does not move.
 */
import { createHash } from 'node:crypto';
import { PRIMARY_NETWORK_ID, type NetworkName } from '../../src/base/ids.js';
import type { ChainMetric, ChainRollingWindowMetric, TimeInterval } from '../../src/upstreams/metrics-api/wire.js';
import { getEvmWorld, type EvmChainWorld } from './evm.js';
import { DAY, TIMELINE } from './timeline.js';
import { getWorld } from './world.js';

const HOUR = 3600;
const WEEK = 7 * DAY;
/** The Unix epoch fell on a Thursday: weeks start on the Monday four days later. */
const FIRST_MONDAY = 4 * DAY;
/** The L1 validators' continuous fee at its floor (512 nAVAX a second), the sandbox's whole fee. */
export const L1_FEE_PER_DAY = 512 * DAY;

export interface Point {
  timestamp: number;
  value: number;
}

/** A deterministic fraction in [0, 1) of what `parts` name. */
function fraction(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32;
}

/** The start of the interval `t` falls in: the hour, 0:00 UTC, Monday 0:00 UTC, the 1st of the month 0:00 UTC. */
export function intervalStart(t: number, interval: TimeInterval): number {
  switch (interval) {
    case 'hour':
      return Math.floor(t / HOUR) * HOUR;
    case 'day':
      return Math.floor(t / DAY) * DAY;
    case 'week':
      return Math.floor((t - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
    case 'month': {
      const d = new Date(t * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    }
  }
}

/** Sums (or maxima) of newest-first points into coarser intervals, newest first. */
function regroup(points: readonly Point[], interval: TimeInterval, combine: 'sum' | 'max' | 'mean'): Point[] {
  const groups = new Map<number, number[]>();
  for (const p of points) {
    const at = intervalStart(p.timestamp, interval);
    let list = groups.get(at);
    if (!list) groups.set(at, (list = []));
    list.push(p.value);
  }
  return [...groups].map(([timestamp, values]) => ({
    timestamp,
    value:
      combine === 'sum'
        ? values.reduce((a, b) => a + b, 0)
        : combine === 'max'
          ? Math.max(...values)
          : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100,
  }));
}

/** The 24 hours of a day, newest first, whose values add up to the day's (integers). */
function hoursOf(day: Point, key: string): Point[] {
  const hours: Point[] = [];
  eachHour(day, key, (timestamp, value) => hours.push({ timestamp, value }));
  return hours;
}

/**
 * `hoursOf` without the points, newest first: what a network's hourly series adds up. One digest
 * a day, a byte of it an hour: a digest and a point an hour made the network's hourly series (186
 * chains, two million hours) take 15 s in the process that runs the sandbox, which held up
 * everything else in it (issue 29's fuzzer: its requests got no answer within their deadline).
 */
function eachHour(day: Point, key: string, add: (timestamp: number, value: number) => void): void {
  const digest = createHash('sha256').update(`${key}:${day.timestamp}`).digest();
  let total = 0;
  for (let h = 0; h < 24; h++) total += 0.5 + digest[h]! / 256;
  const values = new Array<number>(24);
  let given = 0;
  for (let h = 0; h < 24; h++) given += values[h] = Math.floor((day.value * (0.5 + digest[h]! / 256)) / total);
  values[23]! += day.value - given;
  for (let h = 23; h >= 0; h--) add(day.timestamp + h * HOUR, values[h]!);
}

// --- EVM chains -----------------------------------------------------------------------------

/** A chain's per-chain constants: average gas per transaction, gas price (nAVAX), addresses per transaction. */
function profile(chain: EvmChainWorld) {
  return {
    gasPerTx: 21_000 + Math.floor(fraction(chain.chainId, 'gas') * 120_000),
    gasPriceGwei: 1 + Math.floor(fraction(chain.chainId, 'price') * 40),
    addressShare: 0.2 + fraction(chain.chainId, 'addresses') * 0.3,
    contractShare: 0.001 + fraction(chain.chainId, 'contracts') * 0.004,
  };
}

/** Daily transaction counts, newest first: the daily average TPS times the day's seconds. */
function dailyTxCounts(chain: EvmChainWorld): Point[] {
  return chain.tps.map((p) => ({ timestamp: p.timestamp, value: Math.round(p.value * DAY) }));
}

const running = (newestFirst: readonly Point[]): Point[] => {
  let sum = 0;
  return newestFirst
    .slice()
    .reverse()
    .map((p) => ({ timestamp: p.timestamp, value: (sum += p.value) }))
    .reverse();
};

/** One metric of one chain at day granularity, newest first. */
function dailyMetric(chain: EvmChainWorld, metric: ChainMetric): Point[] {
  const txs = dailyTxCounts(chain);
  const { gasPerTx, gasPriceGwei, addressShare, contractShare } = profile(chain);
  const each = (f: (p: Point) => number): Point[] => txs.map((p) => ({ timestamp: p.timestamp, value: f(p) }));
  switch (metric) {
    case 'txCount':
      return txs;
    case 'cumulativeTxCount':
      return running(txs);
    case 'gasUsed':
      return each((p) => p.value * gasPerTx);
    case 'activeAddresses':
      return each((p) => Math.max(1, Math.round(p.value * addressShare)));
    case 'activeSenders':
      return each((p) => Math.max(1, Math.round(p.value * addressShare * 0.6)));
    case 'cumulativeAddresses':
      return running(each((p) => Math.round(p.value * addressShare * 0.05)));
    case 'contracts':
      return each((p) => Math.round(p.value * contractShare));
    case 'cumulativeContracts':
      return running(each((p) => Math.round(p.value * contractShare)));
    case 'deployers':
      return each((p) => Math.round(p.value * contractShare * 0.4));
    case 'cumulativeDeployers':
      return running(each((p) => Math.round(p.value * contractShare * 0.4)));
    case 'avgTps':
      return chain.tps.map((p) => ({ ...p }));
    case 'maxTps':
      return chain.tps.map((p) => ({
        timestamp: p.timestamp,
        value: Math.round(p.value * (2 + fraction(chain.chainId, p.timestamp, 'tps')) * 100) / 100,
      }));
    case 'avgGps':
      return each((p) => Math.round((p.value * gasPerTx) / DAY));
    case 'maxGps':
      return each((p) => Math.round(((p.value * gasPerTx) / DAY) * (2 + fraction(chain.chainId, p.timestamp, 'gps'))));
    case 'avgGasPrice':
      return each((p) => gasPriceGwei * 1e9 + Math.floor(fraction(chain.chainId, p.timestamp, 'gp') * 1e9));
    case 'maxGasPrice':
      return each((p) => (gasPriceGwei * 3 + Math.floor(fraction(chain.chainId, p.timestamp, 'mgp') * 50)) * 1e9);
    case 'feesPaid':
      // In nAVAX: gas used times the day's average gas price.
      return each((p) =>
        Math.round((p.value * gasPerTx * (gasPriceGwei * 1e9 + Math.floor(fraction(chain.chainId, p.timestamp, 'gp') * 1e9))) / 1e9),
      );
  }
}

/** How a metric adds up across intervals and chains. */
function combineOf(metric: ChainMetric): 'sum' | 'max' | 'mean' {
  if (metric.startsWith('max')) return 'max';
  if (metric === 'avgGasPrice') return 'mean';
  return 'sum';
}

/** The EVM chains the Metrics API measures, by network: every EVM chain of the world. */
export function measuredChains(seed: string): EvmChainWorld[] {
  return (['mainnet', 'fuji'] as const).flatMap((n) => [...getEvmWorld(n, seed).chains.values()]);
}

/** The chains `chainId` names in a chain metrics path: one chain, or `total`, `mainnet`, `testnet`. */
export function chainsNamed(seed: string, chainId: string): EvmChainWorld[] | undefined {
  const all = measuredChains(seed);
  if (chainId === 'total') return all;
  if (chainId === 'mainnet') return all.filter((c) => c.network === 'mainnet');
  if (chainId === 'testnet') return all.filter((c) => c.network === 'fuji');
  const chain = all.find((c) => c.chainId === chainId);
  return chain ? [chain] : undefined;
}

/** A chain metric of some chains at an interval, newest first. Cumulative metrics add up across chains; the rest as they combine. */
export function chainMetricSeries(chains: readonly EvmChainWorld[], metric: ChainMetric, interval: TimeInterval): Point[] {
  const key = `${chains.map((c) => c.chainId).join(',')}:${metric}:${interval}`;
  let series = seriesMade.get(key);
  if (!series) seriesMade.set(key, (series = seriesOf(chains, metric, interval)));
  return series;
}

/**
 * The series made so far, by their chains, metric and interval: a network's hourly series merges
 * two million hours into twelve thousand points, once. The world does not move, and the keys are
 * bounded by the metrics, intervals and chain sets the routes name.
 */
const seriesMade = new Map<string, Point[]>();

function seriesOf(chains: readonly EvmChainWorld[], metric: ChainMetric, interval: TimeInterval): Point[] {
  const combine = combineOf(metric);
  const ofChain = (chain: EvmChainWorld) => {
    const daily = dailyMetric(chain, metric);
    if (interval === 'day') return daily;
    if (interval === 'hour') return daily.flatMap((d) => hoursOf(d, `${chain.chainId}:${metric}`));
    return regroup(daily, interval, combine);
  };
  if (chains.length === 1) return ofChain(chains[0]!);
  // Combined as each chain's values come, in the chains' order (the sums add up as they did when
  // every chain's values were kept first): holding them all was most of the hourly series' time.
  // Keyed by the hour (every interval starts on one): a small integer, where a timestamp is not.
  const merged = new Map<number, { sum: number; max: number; n: number }>();
  const add = (timestamp: number, value: number) => {
    const at = merged.get(timestamp / HOUR);
    if (at) {
      at.sum += value;
      at.max = Math.max(at.max, value);
      at.n++;
    } else merged.set(timestamp / HOUR, { sum: value, max: value, n: 1 });
  };
  for (const chain of chains) {
    if (interval !== 'hour') for (const p of ofChain(chain)) add(p.timestamp, p.value);
    else for (const d of dailyMetric(chain, metric)) eachHour(d, `${chain.chainId}:${metric}`, add);
  }
  return [...merged]
    .sort(([a], [b]) => b - a)
    .map(([hour, { sum, max, n }]) => ({ timestamp: hour * HOUR, value: combine === 'max' ? max : combine === 'mean' ? sum / n : sum }));
}

export interface Windows {
  lastHour?: number;
  lastDay?: number;
  lastWeek?: number;
  lastMonth?: number;
  last90Days?: number;
  lastYear?: number;
  allTime?: number;
}

/** A newest-first series over the last `n` points, combined as the metric combines. */
function over(points: readonly Point[], n: number, combine: 'sum' | 'max' | 'mean'): number {
  const values = points.slice(0, n).map((p) => p.value);
  if (values.length === 0) return 0;
  if (combine === 'max') return Math.max(...values);
  const sum = values.reduce((a, b) => a + b, 0);
  return combine === 'mean' ? Math.round((sum / values.length) * 100) / 100 : sum;
}

/** Rolling windows of a metric: the last hour from the hourly series, the rest from the daily one (averages averaged). */
export function rollingWindows(chains: readonly EvmChainWorld[], metric: ChainRollingWindowMetric): Windows {
  const combine = metric.startsWith('avg') ? 'mean' : combineOf(metric);
  const daily = chainMetricSeries(chains, metric, 'day');
  // The last hour of each chain: the newest hour of its newest day (the hourly series' head).
  const lastHours = chains.flatMap((chain) => {
    const newest = dailyMetric(chain, metric)[0];
    if (!newest) return [];
    // A sum splits over the day's hours; an average or a maximum holds for each of them.
    return [combine === 'sum' ? hoursOf(newest, `${chain.chainId}:${metric}`)[0]! : newest];
  });
  const windows: Windows = {
    lastHour: over(lastHours, lastHours.length, combine),
    lastDay: over(daily, 1, combine),
    lastWeek: over(daily, 7, combine),
  };
  // The spec: active addresses and senders have only the last hour, day and week.
  if (metric === 'activeAddresses' || metric === 'activeSenders') return windows;
  return {
    ...windows,
    lastMonth: over(daily, 30, combine),
    last90Days: over(daily, 90, combine),
    lastYear: over(daily, 365, combine),
    allTime: over(daily, daily.length, combine),
  };
}

// --- staking ---------------------------------------------------------------------------------

const VALIDATOR_TXS = new Set(['AddValidatorTx', 'AddPermissionlessValidatorTx', 'AddSubnetValidatorTx']);
const DELEGATOR_TXS = new Set(['AddDelegatorTx', 'AddPermissionlessDelegatorTx']);

/** A stake of the world: a validation or a delegation on a subnet, its period, its weight and the P-Chain addresses behind it. */
export interface WorldStake {
  kind: 'validator' | 'delegator';
  subnetId: string;
  nodeId: string;
  start: number;
  end: number;
  weight: number;
  addresses: string[];
  txHash: string;
}

const stakesCache = new Map<string, WorldStake[]>();

/** The network's stakes, from its P-Chain staking transactions. */
export function stakesOf(network: NetworkName, seed: string): WorldStake[] {
  const key = `${network}:${seed}`;
  const known = stakesCache.get(key);
  if (known) return known;
  const world = getWorld(network, seed);
  const stakes: WorldStake[] = [];
  for (const tx of world.transactions.p) {
    const kind = VALIDATOR_TXS.has(tx.txType) ? 'validator' : DELEGATOR_TXS.has(tx.txType) ? 'delegator' : undefined;
    if (!kind || tx.nodeId === undefined || tx.startTimestamp === undefined || tx.endTimestamp === undefined) continue;
    const staked = tx.amountStaked?.reduce((a, s) => a + Number(s.amount), 0) ?? 0;
    const rewardAddresses = (tx as { rewardAddresses?: string[] }).rewardAddresses;
    stakes.push({
      kind,
      subnetId: tx.subnetId ?? PRIMARY_NETWORK_ID,
      nodeId: tx.nodeId,
      start: tx.startTimestamp,
      end: tx.endTimestamp,
      // A subnet validator's weight is what its transaction gave it; a stake's is the AVAX staked (nAVAX).
      weight: staked || Number((tx as { weight?: number | string }).weight ?? 1),
      addresses: rewardAddresses?.length ? rewardAddresses : [...(world.txAddresses.get(tx.txHash) ?? [])].slice(0, 3),
      txHash: tx.txHash,
    });
  }
  stakesCache.set(key, stakes);
  return stakes;
}

/** Days from the network's first staking day to the last whole day, newest first. */
function days(from: number, to = TIMELINE.now - DAY): number[] {
  const out: number[] = [];
  for (let day = Math.floor(to / DAY) * DAY; day >= Math.floor(from / DAY) * DAY; day -= DAY) out.push(day);
  return out;
}

/** A staking metric of a subnet per day, newest first: the stakes active at the end of each day. */
export function stakingSeries(
  network: NetworkName,
  seed: string,
  subnetId: string,
  metric: 'delegatorCount' | 'delegatorWeight' | 'validatorCount' | 'validatorWeight',
): Point[] {
  const kind = metric.startsWith('validator') ? 'validator' : 'delegator';
  const stakes = stakesOf(network, seed).filter((s) => s.kind === kind && s.subnetId === subnetId);
  if (stakes.length === 0) return [];
  const count = metric.endsWith('Count');
  return days(Math.min(...stakes.map((s) => s.start))).map((day) => {
    const end = day + DAY;
    const active = stakes.filter((s) => s.start < end && s.end >= end);
    return { timestamp: day, value: count ? active.length : active.reduce((a, s) => a + s.weight, 0) };
  });
}

// --- L1 validator fees ----------------------------------------------------------------------

export interface Validation {
  network: NetworkName;
  validationId: string;
  nodeId: string;
  subnetId: string;
  /** When it started and stopped paying (now, if it still pays). */
  from: number;
  until: number;
  addresses: string[];
  weight: number;
}

const validationsCache = new Map<string, Validation[]>();

/** The L1 validations of a network: an inactive one paid until the last P-Chain transaction about it. */
export function validationsOf(network: NetworkName, seed: string): Validation[] {
  const key = `${network}:${seed}`;
  const known = validationsCache.get(key);
  if (known) return known;
  const world = getWorld(network, seed);
  const last = new Map<string, number>();
  for (const tx of world.transactions.p) {
    for (const id of world.txValidationIds.get(tx.txHash) ?? []) last.set(id, Math.max(last.get(id) ?? 0, tx.blockTimestamp));
  }
  const out = world.l1Validators.map((v) => ({
    network,
    validationId: v.validationId,
    nodeId: v.nodeId,
    subnetId: v.subnetId,
    from: v.creationTimestamp,
    until: v.active ? TIMELINE.now : Math.max(v.creationTimestamp, last.get(v.validationId) ?? v.creationTimestamp),
    addresses: v.remainingBalanceOwner.addresses,
    weight: v.weight,
  }));
  validationsCache.set(key, out);
  return out;
}

/** The fee a validation paid on a day (partial days pro rata), in nAVAX. */
function feeOn(v: Validation, day: number): number {
  const paid = Math.max(0, Math.min(v.until, day + DAY) - Math.max(v.from, day));
  return Math.round((paid / DAY) * L1_FEE_PER_DAY);
}

/** Fees per day of some validations, newest first, or their running total, or how many paid each day. */
export function feeSeries(validations: readonly Validation[], what: 'daily' | 'cumulative' | 'paying'): Point[] {
  if (validations.length === 0) return [];
  const daily = days(Math.min(...validations.map((v) => v.from))).map((day) => ({
    timestamp: day,
    value: what === 'paying' ? validations.filter((v) => feeOn(v, day) > 0).length : validations.reduce((a, v) => a + feeOn(v, day), 0),
  }));
  return what === 'cumulative' ? running(daily) : daily;
}

// --- ICM ---------------------------------------------------------------------------------------

export interface IcmSent {
  timestamp: number;
  src: string;
  dest: string;
  network: NetworkName;
}

/** The world's ICM messages as the Metrics API counts them: when sent (or delivered, where the source is not indexed), from and to which chain. */
export function icmSent(seed: string): IcmSent[] {
  return (['mainnet', 'fuji'] as const).flatMap((network) =>
    getEvmWorld(network, seed).icm.map((m) => ({
      network,
      timestamp: m.sourceTransaction?.timestamp ?? m.destinationTransaction!.timestamp,
      src: m.sourceBlockchainId,
      dest: m.destinationBlockchainId,
    })),
  );
}

// --- BTC.b bridgers -------------------------------------------------------------------------------

/** C-Chain accounts that bridged BTC.b, with the amount (satoshis, BTC.b has 8 decimals), most first. */
export function btcbBridgers(seed: string): { address: string; amount: bigint }[] {
  const c = getEvmWorld('mainnet', seed).chains.get('43114');
  if (!c) return [];
  return c.accounts
    .filter((a) => fraction(seed, a, 'btcb') < 0.6)
    .map((address) => ({ address, amount: BigInt(Math.floor(fraction(seed, address, 'btcb-amount') ** 3 * 5e9)) + 1000n }))
    .sort((a, b) => (a.amount === b.amount ? a.address.localeCompare(b.address) : a.amount > b.amount ? -1 : 1));
}
