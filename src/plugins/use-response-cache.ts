/**
 * Whole responses of read operations, kept for as long as every upstream answer they were built
 * from stays fresh (yoga's response cache, with its time-to-live cut to the request's reads).
 *
 * - Never kept: mutations, results with errors, responses that read something never shared
 *   (admin reads), introspection, and responses built on a stale answer.
 * - Stored in the same kind of store as upstream answers: memory bounded in bytes, and with
 *   REDIS_URL the Redis every instance shares. Entity invalidation (what envelop's Redis store
 *   adds) is off: none of our mutations changes anything a query reads.
 * - One response for everyone: the data does not depend on the API key or on who asks.
 * - A hit is answered in yoga's onParams, before parse: src/plugins/use-prometheus.ts counts it by
 *   the mark yoga's plugin leaves on the result (`RESPONSE_CACHE_HIT`).
 */
import { createHash } from 'node:crypto';
import { useResponseCache, type Cache } from '@graphql-yoga/plugin-response-cache';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import type { CacheStore } from '../loaders/store.js';

/** The mark yoga's response cache leaves on a result it served. */
export const RESPONSE_CACHE_HIT = Symbol.for('servedFromResponseCache');

export interface ResponseCacheOptions {
  store: CacheStore;
  /** For a response that read nothing with a time-to-live of its own. */
  maxTtlMs: number;
}

/** envelop's Cache over our store. */
function storeCache(store: CacheStore): Cache {
  return {
    get(id) {
      const found = store.get(`response ${id}`);
      const fresh = (entry: Awaited<typeof found>) => (entry && entry.freshUntil > Date.now() ? (entry.value as never) : undefined);
      return found instanceof Promise ? found.then(fresh) : fresh(found);
    },
    set(id, data, _entities, ttl) {
      const now = Date.now();
      store.set(`response ${id}`, {
        value: data,
        kind: 'response',
        size: JSON.stringify(data).length,
        freshUntil: now + ttl,
        staleUntil: now + ttl,
      });
    },
    invalidate() {
      // Not called: invalidation through mutations is off (see the module comment).
    },
  };
}

export function useGatewayResponseCache(options: ResponseCacheOptions): Plugin {
  return useResponseCache({
    cache: storeCache(options.store),
    session: () => null,
    ttl: options.maxTtlMs,
    invalidateViaMutation: false,
    // Node's hash, not WebCrypto's: synchronous, and it runs for every request.
    buildResponseCacheKey: ({ documentString, variableValues, operationName }) =>
      createHash('sha256')
        .update(documentString)
        .update('\0')
        .update(variableValues ? JSON.stringify(variableValues) : '')
        .update('\0')
        .update(operationName ?? '')
        .digest('base64url'),
    onTtl: ({ ttl, context }) => {
      const reads = (context as Partial<GatewayContext>).reads;
      if (!reads) return ttl;
      if (reads.uncacheable) return 0;
      return Math.max(0, Math.min(ttl, reads.freshUntil - Date.now()));
    },
  }) as Plugin;
}
