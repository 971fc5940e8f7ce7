/**
 * Interchain messaging counts: a time series and rolling windows, for a network, a source chain,
 * a destination chain or a pair, optionally broken down by chain.
 */
import type { MetricsApiClient, MetricsApiOperationTable } from './client.js';
import type { SeriesParams } from './chains.js';
import type { IcmGroupBy, MetricsAnswer, MetricsNetwork, TimeInterval } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const metricsIcmOperations = {
  getICMTimeseries: { freshness: 'tps', pages: { max: 2160, default: 100 } },
  getICMSummary: { freshness: 'tps' },
} as const satisfies MetricsApiOperationTable;

declare module './client.js' {
  interface DeclaredMetricsApiOperations extends Readonly<typeof metricsIcmOperations> {}
}

export type IcmTimeseries = MetricsAnswer<'getICMTimeseries'>;
export type IcmCount = IcmTimeseries['results'][number];
export type IcmSummary = MetricsAnswer<'getICMSummary'>['result'];

/** What selects the messages counted: a network, a source, a destination; and how they are grouped. */
export interface IcmFilter {
  network?: MetricsNetwork;
  srcBlockchainId?: string;
  destBlockchainId?: string;
  groupBy?: IcmGroupBy;
}

/**
 * GET /v2/icm/timeseries (getICMTimeseries): ICM message counts per interval, newest first.
 * @example
 * const { results } = await getICMTimeseries(ctx.metricsApi, { network: 'mainnet', timeInterval: 'day' });
 */
export function getICMTimeseries(
  client: MetricsApiClient,
  params: IcmFilter & SeriesParams & { timeInterval?: TimeInterval },
): Promise<IcmTimeseries> {
  return client.get(
    'getICMTimeseries',
    '/v2/icm/timeseries',
    {
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      srcBlockchainId: params.srcBlockchainId,
      destBlockchainId: params.destBlockchainId,
      timeInterval: params.timeInterval,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      groupBy: params.groupBy,
      network: params.network,
    },
    'results',
  );
}

/**
 * GET /v2/icm/summary (getICMSummary): ICM message counts over the last hour, day, week, month,
 * 90 days, year and all time. Its `result` is one object, whatever `groupBy` says (the spec's shape).
 * @example
 * const { result } = await getICMSummary(ctx.metricsApi, { network: 'mainnet' });
 */
export function getICMSummary(client: MetricsApiClient, params: IcmFilter): Promise<MetricsAnswer<'getICMSummary'>> {
  return client.get('getICMSummary', '/v2/icm/summary', {
    srcBlockchainId: params.srcBlockchainId,
    destBlockchainId: params.destBlockchainId,
    groupBy: params.groupBy,
    network: params.network,
  });
}
