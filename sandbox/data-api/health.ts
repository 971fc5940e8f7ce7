/**
 * GET /v1/health-check (data-health-check): the service's own health, which the gateway's
 * readiness (/ready) asks; GET /v1/live-check (live-check): whether its process runs. The sandbox is always healthy; a test makes it fail with a fault.
 */
import type { DataApiRoutes } from '../routes.js';

/** The spec's HealthCheckResultDto of a healthy service. */
export const HEALTHY = { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } };

export function healthRoutes() {
  return {
    'data-health-check': { method: 'GET', pattern: /^\/v1\/health-check$/, handle: () => ({ status: 200, body: HEALTHY }) },
    'live-check': { method: 'GET', pattern: /^\/v1\/live-check$/, handle: () => ({ status: 200, body: HEALTHY }) },
  } satisfies DataApiRoutes;
}
