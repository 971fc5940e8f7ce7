/**
 * The Data API's own health: its health check (which the gateway's readiness probes) and its
 * liveness check.
 */
import type { DataApiClient, DataApiOperationTable } from './client.js';
import type { Answer } from './wire.js';

export const dataHealthOperations = {
  'data-health-check': { freshness: 'health' },
  'live-check': { freshness: 'health' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof dataHealthOperations> {}
}

export type DataApiHealth = Answer<'data-health-check'>;

/** Where the health check is served: readiness (src/ops/readiness.ts) probes the same path. */
export const DATA_API_HEALTH_PATH = '/v1/health-check';

/**
 * GET /v1/health-check (data-health-check): the service's health and its indicators (its database).
 * @example
 * const { status, details } = await dataHealthCheck(ctx.dataApi);
 */
export function dataHealthCheck(client: DataApiClient): Promise<DataApiHealth> {
  return client.get('data-health-check', DATA_API_HEALTH_PATH);
}

/**
 * GET /v1/live-check (live-check): whether the service's process is alive.
 * @example
 * const { status } = await dataLiveCheck(ctx.dataApi);
 */
export function dataLiveCheck(client: DataApiClient): Promise<Answer<'live-check'>> {
  return client.get('live-check', '/v1/live-check');
}
