/**
 * health.* at /ext/health, and its GET routes: the node's health, readiness and liveness. Health
 * is per node: only a node of your own serves it.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/api/health/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { HttpError, InvalidResponseError } from '../errors.js';
import type { HttpRequest } from '../http.js';
import { checkAnswer, nodeMethods, parseNodeJson, NoParams, Uint, type Endpoint, type NodeClient, type NodeMethod } from './client.js';

export const HealthResult = z.object({
  message: z.unknown().optional(),
  error: z.string().optional(),
  timestamp: z.string().optional(),
  duration: Uint,
  contiguousFailures: Uint.optional(),
  timeOfFirstFailure: z.string().nullable().optional(),
});
export type HealthResult = z.infer<typeof HealthResult>;

export const HealthReply = z.object({ checks: z.record(z.string(), HealthResult), healthy: z.boolean() });
export type HealthReply = z.infer<typeof HealthReply>;

const Tags = z.object({ tags: z.array(z.string()).optional() });
/** A GET route's query: `?tag=…` for each tag. */
const TagQuery = z.object({ tag: z.array(z.string()).optional() });

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts), the params
 * each takes and the shape of its answer (a GET route's body, the same report in 200 and 503).
 */
export const healthMethods = nodeMethods({
  'health.health': { freshness: 'health', params: () => Tags, answer: () => HealthReply },
  'health.readiness': { freshness: 'health', params: () => Tags, answer: () => HealthReply },
  'health.liveness': { freshness: 'health', params: () => NoParams, answer: () => HealthReply },
  'GET /ext/health': { freshness: 'health', params: () => TagQuery, answer: () => HealthReply },
  'GET /ext/health/readiness': { freshness: 'health', params: () => TagQuery, answer: () => HealthReply },
  'GET /ext/health/liveness': { freshness: 'health', params: () => TagQuery, answer: () => HealthReply },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof healthMethods> {}
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
    .read(req, (res) => ({ status: res.status, reply: checkAnswer(operation, res.body, res.status) as HealthReply }))
    .catch((error: unknown) => {
      // A 503 without a health report (a proxy's page, a node still starting) is unavailability.
      if (error instanceof InvalidResponseError && error.status === 503)
        throw new HttpError({ service: 'node', operation, status: 503, cause: error });
      return client.unavailable(network, endpoint, operation)(error);
    });
}
