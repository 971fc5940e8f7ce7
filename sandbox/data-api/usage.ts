/**
 * The operator's account usage: one deterministic log of the account's requests over the four
 * weeks before the world's `now` (Data API and RPC calls, their keys, paths, codes, durations and
 * credits), from which the log pages and every usage metric are aggregated, so that the figures
 * agree with each other as the real service's do.
 */
import { Rng } from '../random.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { DAY, TIMELINE } from '../world/timeline.js';
import { fingerprint } from './common.js';

export const ORG_ID = 'sandbox-org';
const HOUR = 3600;
const SPAN = 28 * DAY;
/** Buckets one answer may hold: wider ranges need a coarser interval. */
export const MAX_BUCKETS = 1000;

export interface UsageLogEntry {
  logId: string;
  eventTimestamp: number;
  apiKeyId: string;
  apiKeyAlias: string;
  requestType: 'data' | 'rpc';
  requestPath: string;
  responseCode: number;
  chainId: string;
  rpcMethod?: string;
  network: 'mainnet' | 'testnet';
  country: string;
  continent: string;
  userAgent: string;
  requestDurationMsecs: number;
  apiCreditsConsumed: number;
  ipAddress: string;
}

const DATA_PATHS = [
  '/v1/chains/43114/addresses/{address}/balances:listErc20',
  '/v1/chains/43114/blocks',
  '/v1/networks/mainnet/validators',
  '/v1/networks/mainnet/blockchains/p-chain/transactions',
  '/v1/icm/messages',
];
const RPC_METHODS = ['eth_blockNumber', 'eth_call', 'eth_getBalance', 'eth_getLogs', 'platform.getHeight'];
const PLACES = [
  ['US', 'NA'],
  ['DE', 'EU'],
  ['SG', 'AS'],
  ['BR', 'SA'],
] as const;
const CODES = [200, 200, 200, 200, 200, 200, 200, 400, 404, 429];

const logs = new Map<string, UsageLogEntry[]>();

/** The account's requests, oldest first: about one an hour on average, more on weekdays. */
export function usageLog(seed: string): readonly UsageLogEntry[] {
  let log = logs.get(seed);
  if (log) return log;
  const rng = new Rng(`${seed}:api-usage`);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
  log = [];
  for (let t = TIMELINE.now - SPAN; t < TIMELINE.now; ) {
    t += Math.floor(rng.next() * 2 * HOUR) + 1;
    if (t >= TIMELINE.now) break;
    const rpc = rng.next() < 0.3;
    const [country, continent] = pick(PLACES);
    const responseCode = pick(CODES);
    const key = rng.next() < 0.7 ? 0 : 1;
    log.push({
      logId: `log-${log.length.toString().padStart(6, '0')}`,
      eventTimestamp: t,
      apiKeyId: `key-${key}`,
      apiKeyAlias: key === 0 ? 'production' : 'staging',
      requestType: rpc ? 'rpc' : 'data',
      requestPath: rpc ? '/ext/bc/C/rpc' : pick(DATA_PATHS),
      responseCode,
      chainId: rpc ? '43114' : pick(['43114', '43113', 'p-chain']),
      ...(rpc ? { rpcMethod: pick(RPC_METHODS) } : {}),
      network: rng.next() < 0.8 ? 'mainnet' : 'testnet',
      country,
      continent,
      userAgent: pick(['node', 'curl/8.5.0', 'Mozilla/5.0']),
      requestDurationMsecs: 20 + Math.floor(rng.next() * 400),
      apiCreditsConsumed: responseCode === 200 ? (rpc ? 20 : 10) * (1 + Math.floor(rng.next() * 3)) : responseCode === 429 ? 0 : 5,
      ipAddress: `203.0.113.${1 + Math.floor(rng.next() * 200)}`,
    });
  }
  logs.set(seed, log);
  return log;
}

const INTERVAL_SECONDS = { minute: 60, hourly: HOUR, daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY } as const;
type Interval = keyof typeof INTERVAL_SECONDS;
const DURATION_NAME: Record<Interval, string> = {
  minute: '1 minute',
  hourly: '1 hour',
  daily: '1 day',
  weekly: '7 days',
  monthly: '30 days',
};

/** The range asked for (default: the last day), checked; every problem goes in the reader. */
function readRange(q: QueryReader): { start: number; end: number } {
  const start = q.int('startTimestamp', 0) ?? TIMELINE.now - DAY;
  const end = q.int('endTimestamp', 0) ?? TIMELINE.now;
  if (start > end) q.problem('startTimestamp must be before endTimestamp');
  return { start, end };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One bucket's figures for a group of entries, as the spec names them. */
function figures(entries: UsageLogEntry[], seconds: number) {
  const ok = entries.filter((e) => e.responseCode < 400).length;
  const invalid = entries.filter((e) => e.responseCode >= 400 && e.responseCode < 500 && e.responseCode !== 429);
  return {
    totalRequests: entries.length,
    requestsPerSecond: entries.length / seconds,
    successRatePercent: entries.length === 0 ? 0 : (100 * ok) / entries.length,
    medianResponseTimeMsecs: median(entries.map((e) => e.requestDurationMsecs)),
    invalidRequests: invalid.length,
    apiCreditsUsed: entries.reduce((n, e) => n + e.apiCreditsConsumed, 0),
    apiCreditsWasted: invalid.reduce((n, e) => n + e.apiCreditsConsumed, 0),
  };
}

/** The entries in range, bucketed by interval and grouped by one field (or all together: `None`). */
function aggregate(
  entries: readonly UsageLogEntry[],
  range: { start: number; end: number },
  interval: Interval,
  groupBy: string | undefined,
  groupOf: (e: UsageLogEntry) => string | number | undefined,
) {
  const seconds = INTERVAL_SECONDS[interval];
  const first = range.start - (range.start % seconds);
  const metrics = [];
  for (let t = first; t <= range.end; t += seconds) {
    const inBucket = entries.filter(
      (e) => e.eventTimestamp >= Math.max(t, range.start) && e.eventTimestamp < Math.min(t + seconds, range.end + 1),
    );
    const groups = new Map<string | number | undefined, UsageLogEntry[]>();
    for (const e of inBucket) {
      const g = groupBy ? groupOf(e) : undefined;
      groups.set(g, [...(groups.get(g) ?? []), e]);
    }
    if (groups.size === 0) groups.set(undefined, []);
    metrics.push({
      timestamp: t,
      values: [...groups].map(([g, es]) => ({
        groupedBy: groupBy ?? 'None',
        ...(g !== undefined ? { groupValue: g } : {}),
        ...figures(es, seconds),
      })),
    });
  }
  return metrics;
}

function bucketsOk(q: QueryReader, range: { start: number; end: number }, interval: Interval) {
  const buckets = Math.floor((range.end - range.start) / INTERVAL_SECONDS[interval]) + 1;
  if (buckets > MAX_BUCKETS)
    q.problem(`The range holds ${buckets} ${interval} intervals: at most ${MAX_BUCKETS} are answered, ask a coarser timeInterval`);
}

const keep = (want: string | undefined, have: string | number | undefined) => want === undefined || want === String(have);

export function usageRoutes(seed: string) {
  return {
    getApiUsageMetrics: {
      method: 'GET',
      pattern: /^\/v1\/apiUsageMetrics$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'orgId',
          'startTimestamp',
          'endTimestamp',
          'timeInterval',
          'groupBy',
          'chainId',
          'responseCode',
          'requestType',
          'apiKeyId',
          'requestPath',
        ]);
        const orgId = q.string('orgId');
        const range = readRange(q);
        const interval = q.oneOf('timeInterval', ['minute', 'hourly', 'daily', 'weekly', 'monthly'] as const) ?? 'daily';
        const groupBy = q.oneOf('groupBy', ['requestPath', 'responseCode', 'chainId', 'apiKeyId', 'requestType'] as const);
        const requestType = q.oneOf('requestType', ['data', 'rpc'] as const);
        bucketsOk(q, range, interval);
        q.done();
        if (orgId !== undefined && orgId !== ORG_ID) return apiError(403, `Organization ${orgId} is not this API key's`);
        const entries = usageLog(seed).filter(
          (e) =>
            keep(q.string('chainId'), e.chainId) &&
            keep(q.string('responseCode'), e.responseCode) &&
            keep(requestType, e.requestType) &&
            keep(q.string('apiKeyId'), e.apiKeyId) &&
            keep(q.string('requestPath'), e.requestPath),
        );
        return {
          status: 200,
          body: {
            aggregateDuration: DURATION_NAME[interval],
            orgId: ORG_ID,
            metrics: aggregate(entries, range, interval, groupBy, (e) => e[groupBy!]),
          },
        };
      },
    },
    getApiLogs: {
      method: 'GET',
      pattern: /^\/v1\/apiLogs$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'orgId',
          'startTimestamp',
          'endTimestamp',
          'chainId',
          'responseCode',
          'requestType',
          'apiKeyId',
          'requestPath',
          'pageToken',
          'pageSize',
        ]);
        const orgId = q.string('orgId');
        const range = readRange(q);
        const requestType = q.oneOf('requestType', ['data', 'rpc'] as const);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        if (orgId !== undefined && orgId !== ORG_ID) return apiError(403, `Organization ${orgId} is not this API key's`);
        const filters = [q.string('chainId'), q.string('responseCode'), requestType, q.string('apiKeyId'), q.string('requestPath')];
        const entries = usageLog(seed)
          .filter(
            (e) =>
              e.eventTimestamp >= range.start &&
              e.eventTimestamp <= range.end &&
              keep(filters[0], e.chainId) &&
              keep(filters[1], e.responseCode) &&
              keep(filters[2], e.requestType) &&
              keep(filters[3], e.apiKeyId) &&
              keep(filters[4], e.requestPath),
          )
          .reverse();
        const { page, nextPageToken } = paginate(
          entries,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('apiLogs', range, filters),
          (e) => e.logId,
        );
        return {
          status: 200,
          body: {
            orgId: ORG_ID,
            logs: page.map((e) => ({
              orgId: ORG_ID,
              logId: e.logId,
              eventTimestamp: e.eventTimestamp,
              apiKeyId: e.apiKeyId,
              apiKeyAlias: e.apiKeyAlias,
              hostRegion: 'us-east-1',
              requestType: e.requestType,
              requestPath: e.requestPath,
              apiCreditsConsumed: e.apiCreditsConsumed,
              requestDurationMsecs: e.requestDurationMsecs,
              responseCode: e.responseCode,
              chainId: e.chainId,
              ...(e.rpcMethod ? { rpcMethod: e.rpcMethod } : {}),
              metadata: { ipAddress: e.ipAddress, host: 'glacier-api.avax.network', userAgent: e.userAgent },
            })),
            ...(nextPageToken ? { nextPageToken } : {}),
          },
        };
      },
    },
    getSubnetRpcUsageMetrics: {
      method: 'GET',
      pattern: /^\/v1\/subnetRpcUsageMetrics$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'timeInterval',
          'startTimestamp',
          'endTimestamp',
          'groupBy',
          'chainId',
          'responseCode',
          'rpcMethod',
          'rlBypassApiToken',
        ]);
        const interval = q.oneOf('timeInterval', ['hourly', 'daily', 'weekly', 'monthly'] as const) ?? 'daily';
        const range = readRange(q);
        const groupBy = q.oneOf('groupBy', ['rpcMethod', 'responseCode', 'rlBypassToken'] as const);
        bucketsOk(q, range, interval);
        q.done();
        const chainId = q.string('chainId') ?? '43114';
        const entries = usageLog(seed).filter(
          (e) =>
            e.requestType === 'rpc' &&
            e.chainId === chainId &&
            keep(q.string('responseCode'), e.responseCode) &&
            keep(q.string('rpcMethod'), e.rpcMethod),
        );
        const metrics = aggregate(entries, range, interval, groupBy, (e) =>
          groupBy === 'rlBypassToken' ? 'none' : groupBy ? e[groupBy] : undefined,
        );
        return { status: 200, body: { aggregateDuration: DURATION_NAME[interval], chainId, metrics } };
      },
    },
    getPrimaryNetworkRpcUsageMetrics: {
      method: 'GET',
      pattern: /^\/v1\/primaryNetworkRpcUsageMetrics$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'timeInterval',
          'startTimestamp',
          'endTimestamp',
          'groupBy',
          'responseCode',
          'requestPath',
          'country',
          'continent',
          'userAgent',
          'rpcMethod',
          'network',
        ]);
        const interval = q.oneOf('timeInterval', ['hourly', 'daily', 'weekly', 'monthly'] as const) ?? 'daily';
        const range = readRange(q);
        const groupBy = q.oneOf('groupBy', ['rpcMethod', 'requestPath', 'responseCode', 'country', 'continent', 'userAgent'] as const);
        const network = q.oneOf('network', ['mainnet', 'fuji', 'testnet'] as const);
        if (network === undefined && q.string('network') === undefined) q.problem('network should not be empty');
        bucketsOk(q, range, interval);
        q.done();
        const wire = network === 'mainnet' ? 'mainnet' : 'testnet';
        const entries = usageLog(seed).filter(
          (e) =>
            e.requestType === 'rpc' &&
            e.network === wire &&
            keep(q.string('responseCode'), e.responseCode) &&
            keep(q.string('requestPath'), e.requestPath) &&
            keep(q.string('country'), e.country) &&
            keep(q.string('continent'), e.continent) &&
            keep(q.string('userAgent'), e.userAgent) &&
            keep(q.string('rpcMethod'), e.rpcMethod),
        );
        const metrics = aggregate(entries, range, interval, groupBy, (e) => (groupBy ? e[groupBy] : undefined));
        return { status: 200, body: { aggregateDuration: DURATION_NAME[interval], network: wire, metrics } };
      },
    },
  } satisfies DataApiRoutes;
}
