/**
 * What the gateway keeps and shares between requests and instances: the one Redis connection,
 * the stores of the reuse layer and the response cache (memory, or memory before Redis), and
 * what the reuse layer reports of its reads.
 */
import type { Logger } from '../base/logger.js';
import { RedisConnection } from '../base/redis.js';
import type { Config } from '../config/config.js';
import type { GatewayMetrics } from '../ops/prometheus.js';
import type { GatewayTracing } from '../ops/tracing.js';
import type { ReuseEvents } from '../reuse/reads.js';
import { MemoryStore, RedisStore, TieredStore } from '../reuse/store.js';
import { every } from './logging.js';

/** One connection to Redis for everything instances share: the cache (CACHE=redis), rate limits, subscriptions' pollers. */
export function connectRedis(config: Config, logger: Logger | undefined): RedisConnection | undefined {
  const uses = [config.cache.mode === 'redis' && 'the cache', config.rateLimit && 'rate limits', 'subscriptions']
    .filter(Boolean)
    .join(' and ');
  if (!config.redis || !uses) return undefined;
  // The cause says which outage it is: a refused connection, a dropped one, or a command that
  // timed out while Redis was busy (which a command Redis refused, such as a cluster's CROSSSLOT, is not).
  const down = every(30_000, (held, cause: Error | undefined) =>
    logger?.warn(
      { cause: cause?.message },
      `Redis is unreachable: ${uses} use this instance's memory until it is back${held ? ` (${held} more failures)` : ''}.`,
    ),
  );
  return new RedisConnection(config.redis, {
    onState: (state, error) => (state === 'down' ? down(error) : logger?.info(`Redis is back: ${uses} shared again.`)),
  });
}

/** The reads' store and the responses' store, none with CACHE=off; each tiered over Redis when it is shared. */
export function createStores(
  config: Config,
  redis: RedisConnection | undefined,
  freezeValues: boolean | undefined,
  metrics: GatewayMetrics | undefined,
) {
  if (config.cache.mode === 'off') return {};
  const onEvict = metrics?.onEvict;
  const reads = new MemoryStore(config.cache.maxBytes, { freezeValues, onEvict });
  const responses = new MemoryStore(config.cache.responseMaxBytes, { onEvict });
  metrics?.observeStore('reads', reads);
  metrics?.observeStore('responses', responses);
  if (config.cache.mode === 'memory' || !redis) return { reads, responses };
  const shared = new RedisStore(redis);
  return { reads: new TieredStore(reads, shared), responses: new TieredStore(responses, shared) };
}

/** What the reuse layer reports, to metrics and traces; nothing when both are off. */
export function readEvents(metrics: GatewayMetrics | undefined, tracing: GatewayTracing | undefined): ReuseEvents {
  if (metrics && tracing) {
    return {
      onRead: (freshness, how, operation, scope) => {
        metrics.onRead(freshness, how);
        tracing.onRead(freshness, how, operation, scope);
      },
    };
  }
  return { onRead: metrics?.onRead ?? tracing?.onRead };
}
