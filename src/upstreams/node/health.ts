/**
 * health.* at /ext/health, and its GET routes: the node's health, readiness and liveness. Health
 * is per node: only a node of your own serves it.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/api/health/service.md
 */
import type { NetworkName } from '../../base/ids.js';
import { HttpError, InvalidResponseError } from '../errors.js';
import type { HttpRequest } from '../http.js';
import { parseNodeJson, type Endpoint, type NodeClient, type Uint, type NodeMethod, type NodeMethodTable } from './client.js';

/** How long the answers of this file's methods are shared (src/upstreams/sharing.ts). */
export const healthMethods = {
  'health.health': { freshness: 'health' },
  'health.readiness': { freshness: 'health' },
  'health.liveness': { freshness: 'health' },
  'GET /ext/health': { freshness: 'health' },
  'GET /ext/health/readiness': { freshness: 'health' },
  'GET /ext/health/liveness': { freshness: 'health' },
} as const satisfies NodeMethodTable;

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof healthMethods> {}
}

export interface HealthResult {
  message?: unknown;
  error?: string;
  timestamp?: string;
  duration: Uint;
  contiguousFailures?: Uint;
  timeOfFirstFailure?: string | null;
}

export interface HealthReply {
  checks: Record<string, HealthResult>;
  healthy: boolean;
}

export type HealthRoute = 'health' | 'readiness' | 'liveness';

const HEALTH: Endpoint = { api: 'health', path: '/ext/health' };

/** health.health: the last results of every check (or those of `tags`). */
export function healthHealth(client: NodeClient, network: NetworkName, params: { tags?: string[] }): Promise<HealthReply> {
  return client.call(network, HEALTH, 'health.health', params);
}

/** health.readiness: the checks run at start-up. */
export function healthReadiness(client: NodeClient, network: NetworkName, params: { tags?: string[] }): Promise<HealthReply> {
  return client.call(network, HEALTH, 'health.readiness', params);
}

/** health.liveness */
export function healthLiveness(client: NodeClient, network: NetworkName): Promise<HealthReply> {
  return client.call(network, HEALTH, 'health.liveness', {});
}

/** GET /ext/health[/readiness|/liveness]?tag=...: 200 when healthy, 503 (same body) when not. */
export function healthGet(
  client: NodeClient,
  network: NetworkName,
  route: HealthRoute,
  tags: readonly string[] = [],
): Promise<{ status: number; reply: HealthReply }> {
  const path = route === 'health' ? '/ext/health' : (`/ext/health/${route}` as const);
  const operation = `GET ${path}` as const satisfies NodeMethod;
  const endpoint = { api: 'health', path };
  const req: HttpRequest = {
    service: 'node',
    operation,
    method: 'GET',
    baseUrl: client.url(network),
    path,
    query: { tag: tags.length ? [...tags] : undefined },
    acceptStatuses: [503],
    parse: parseNodeJson,
  };
  return client
    .read(req, (res) => ({ status: res.status, reply: res.body as HealthReply }))
    .catch((error: unknown) => {
      // A 503 without a health report (a proxy's page, a node still starting) is unavailability.
      if (error instanceof InvalidResponseError && error.status === 503)
        throw new HttpError({ service: 'node', operation, status: 503, cause: error });
      return client.unavailable(network, endpoint, operation)(error);
    });
}
