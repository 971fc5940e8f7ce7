/**
 * The Metrics API's own health: its health check (which the gateway's readiness probes, as it
 * probes the Data API's) and its liveness check.
 */
import type { MetricsApiClient, MetricsApiOperationTable } from './client.js';
import type { MetricsAnswer } from './wire.js';

/** How long the answers of this file's operations are shared (src/upstreams/sharing.ts). */
export const metricsHealthOperations = {
  'metrics-health-check': { freshness: 'health' },
  'metrics-live-check': { freshness: 'health' },
} as const satisfies MetricsApiOperationTable;

declare module './client.js' {
  interface DeclaredMetricsApiOperations extends Readonly<typeof metricsHealthOperations> {}
}

export type MetricsHealth = MetricsAnswer<'metrics-health-check'>;

/** Where the health check is served: readiness (src/ops/readiness.ts) probes the same path. */
export const METRICS_HEALTH_PATH = '/v2/health-check';

/**
 * GET /v2/health-check (metrics-health-check): the service's health and its indicators (its database).
 * @example
 * const { status, details } = await metricsHealthCheck(ctx.metricsApi);
 */
export function metricsHealthCheck(client: MetricsApiClient): Promise<MetricsHealth> {
  return client.get('metrics-health-check', METRICS_HEALTH_PATH);
}

/**
 * GET /v2/live-check (metrics-live-check): whether the service's process is alive.
 * @example
 * const { status } = await metricsLiveCheck(ctx.metricsApi);
 */
export function metricsLiveCheck(client: MetricsApiClient): Promise<MetricsAnswer<'metrics-live-check'>> {
  return client.get('metrics-live-check', '/v2/live-check');
}
