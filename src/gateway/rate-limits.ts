/**
 * The rate limits (RATE_LIMIT_*) as the gateway wires them: the limiter the server admits
 * requests through, its refusals counted and reported, and a request's side of it that the
 * schema reads (what it spent, what is left).
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../base/logger.js';
import type { RedisConnection } from '../base/redis.js';
import type { Config } from '../config/config.js';
import type { ClientLimits } from '../graphql/context.js';
import type { ClientIdentity } from '../guards/identity.js';
import { RateLimiter } from '../guards/limiter.js';
import type { GatewayMetrics } from '../ops/prometheus.js';
import { every } from './logging.js';

export function rateLimiter(
  config: Config,
  cors: Config['cors'],
  identity: ClientIdentity,
  redis: RedisConnection | undefined,
  logger: Logger | undefined,
  metrics: GatewayMetrics | undefined,
): RateLimiter | undefined {
  if (!config.rateLimit) return undefined;
  const report = every(60_000, (held) => logger?.info(`rate limits refused requests (${held + 1} since the last report)`));
  const refused = () => {
    metrics?.rateLimited();
    report();
  };
  return new RateLimiter(config.rateLimit, { identity, redis, cors, onRefused: refused });
}

/** A request's side of the rate limits (ClientLimits), once it was admitted through `req`. */
export function clientLimits(limiter: RateLimiter, req: IncomingMessage): ClientLimits {
  let names: string[] | undefined;
  const buckets = () => (names ??= limiter.bucketsOf(req));
  return {
    settle: (calls, reserved) => limiter.settle(buckets(), calls, reserved),
    standing: async () => {
      const { remaining, fullInMs } = await limiter.standing(buckets());
      return { ...limiter.limits, remaining, resetAt: new Date(Date.now() + fullInMs) };
    },
  };
}
