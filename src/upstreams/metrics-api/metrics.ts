/**
 * Chain metrics: the daily average TPS of an EVM chain.
 */
import { segment } from '../http.js';
import type { MetricsApiClient, MetricsApiOperationTable } from './client.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const metricsOperations = {
  // The legacy route takes no page size: the service sends pages of 100 days.
  getAvgTps: { freshness: 'tps', pages: { max: 100, default: 100 } },
} as const satisfies MetricsApiOperationTable;

declare module './client.js' {
  interface DeclaredMetricsApiOperations extends Readonly<typeof metricsOperations> {}
}

/** GET /v1/avg_tps/{chainId}: the legacy route of the usage guide, which the Metrics spec does not have. */
export interface AverageTpsResponse {
  results: { timestamp: number; value: number }[];
  status: number;
  lastRun: number;
  nextPageToken?: string;
}

/**
 * GET /v1/avg_tps/{chainId}: daily average TPS of an EVM chain, newest first. Its `pageToken`
 * is a UUID valid 24 hours; past that the listing starts again from the first page.
 * Not in the Metrics spec: the usage guide documents it (test/contract/examples/metrics.v1.avg_tps.json).
 * @example
 * const { results, nextPageToken } = await getAvgTps(ctx.metricsApi, '43114', {});
 */
export function getAvgTps(client: MetricsApiClient, chainId: string, params: { pageToken?: string }): Promise<AverageTpsResponse> {
  return client.getList('getAvgTps', `/v1/avg_tps/${segment(chainId)}`, { pageToken: params.pageToken }, 'results');
}
