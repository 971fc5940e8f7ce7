/**
 * The sandbox's Metrics API ICM counts: the world's ICM messages (sandbox/world/evm.ts) counted
 * per interval, or over rolling windows, for a network, a source, a destination or a pair, and
 * grouped by chain when asked.
 */
import type { NetworkName } from '../../src/base/ids.js';
import { ICM_GROUP_BYS, METRICS_NETWORKS, TIME_INTERVALS, type IcmGroupBy } from '../../src/upstreams/metrics-api/wire.js';
import { QueryReader, type MetricsApiRoutes } from '../routes.js';
import { icmSent, intervalStart, type IcmSent } from '../world/metrics.js';
import { TIMELINE } from '../world/timeline.js';
import { readPage, readRange, seriesPage } from './series.js';

/** Every message the filters select. */
function selected(seed: string, q: QueryReader): { messages: IcmSent[]; groupBy: IcmGroupBy | undefined; fingerprint: string } {
  const src = q.string('srcBlockchainId');
  const dest = q.string('destBlockchainId');
  const network = q.oneOf('network', METRICS_NETWORKS);
  const groupBy = q.oneOf('groupBy', ICM_GROUP_BYS);
  const net: NetworkName | undefined = network === undefined ? undefined : network === 'mainnet' ? 'mainnet' : 'fuji';
  const messages = icmSent(seed).filter(
    (m) => (src === undefined || m.src === src) && (dest === undefined || m.dest === dest) && (net === undefined || m.network === net),
  );
  return { messages, groupBy, fingerprint: `icm:${src}:${dest}:${net}:${groupBy}` };
}

/** The chains a count is for: the grouped side(s) as they are, the other side the filter's value or empty (all). */
function sides(m: IcmSent, groupBy: IcmGroupBy | undefined, q: QueryReader): { srcBlockchainId: string; destBlockchainId: string } {
  const bySrc = groupBy?.includes('srcBlockchainId') || q.string('srcBlockchainId') !== undefined;
  const byDest = groupBy?.includes('destBlockchainId') || q.string('destBlockchainId') !== undefined;
  return { srcBlockchainId: bySrc ? m.src : '', destBlockchainId: byDest ? m.dest : '' };
}

const WINDOWS = [
  ['lastHour', 3600],
  ['lastDay', 86_400],
  ['lastWeek', 7 * 86_400],
  ['lastMonth', 30 * 86_400],
  ['last90Days', 90 * 86_400],
  ['lastYear', 365 * 86_400],
] as const;

export function metricsIcmRoutes(seed: string) {
  return {
    getICMTimeseries: {
      method: 'GET',
      pattern: /^\/v2\/icm\/timeseries$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'startTimestamp',
          'endTimestamp',
          'srcBlockchainId',
          'destBlockchainId',
          'timeInterval',
          'pageToken',
          'pageSize',
          'groupBy',
          'network',
        ]);
        const range = readRange(q);
        const interval = q.oneOf('timeInterval', TIME_INTERVALS) ?? 'day';
        const page = readPage(q, 2160, 100);
        const { messages, groupBy, fingerprint } = selected(seed, q);
        q.done();
        const counts = new Map<string, { timestamp: number; value: number; srcBlockchainId: string; destBlockchainId: string }>();
        for (const m of messages) {
          const timestamp = intervalStart(m.timestamp, interval);
          const key = JSON.stringify([timestamp, sides(m, groupBy, q)]);
          const known = counts.get(key);
          if (known) known.value++;
          else counts.set(key, { timestamp, value: 1, ...sides(m, groupBy, q) });
        }
        const series = [...counts.values()]
          .filter((p) => (range.start === undefined || p.timestamp >= range.start) && (range.end === undefined || p.timestamp <= range.end))
          .sort(
            (a, b) =>
              b.timestamp - a.timestamp ||
              a.srcBlockchainId.localeCompare(b.srcBlockchainId) ||
              a.destBlockchainId.localeCompare(b.destBlockchainId),
          );
        const keyOf = (p: (typeof series)[number]) => `${p.timestamp}:${p.srcBlockchainId}:${p.destBlockchainId}`;
        return { status: 200, body: seriesPage(series, page, `${fingerprint}:${interval}:${range.start}:${range.end}`, keyOf) };
      },
    },
    getICMSummary: {
      method: 'GET',
      pattern: /^\/v2\/icm\/summary$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['srcBlockchainId', 'destBlockchainId', 'groupBy', 'network']);
        const { messages } = selected(seed, q);
        q.done();
        const now = TIMELINE.now;
        const result: Record<string, number | string> = {
          srcBlockchainId: q.string('srcBlockchainId') ?? '',
          destBlockchainId: q.string('destBlockchainId') ?? '',
        };
        for (const [name, seconds] of WINDOWS) result[name] = messages.filter((m) => m.timestamp > now - seconds).length;
        result.allTime = messages.length;
        return { status: 200, body: { result } };
      },
    },
  } satisfies MetricsApiRoutes;
}
