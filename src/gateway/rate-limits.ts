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
import { ADMITTED, RateLimiter, REQUEST_POINTS, RESERVED } from '../guards/limiter.js';
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

/**
 * A request's side of the rate limits (ClientLimits), once it was admitted through `req`: what it
 * holds in its client's buckets (what its admission drew, then its price), so that settling it draws
 * or gives back only the difference.
 */
export function clientLimits(limiter: RateLimiter, req: IncomingMessage): ClientLimits {
  let names: string[] | undefined;
  const buckets = () => (names ??= limiter.bucketsOf(req));
  let held = ADMITTED;
  return {
    async reserve(calls) {
      const points = calls + REQUEST_POINTS - held;
      if (points <= 0) {
        // Priced below its admission's point: what it will not use goes back at once.
        held += points;
        void limiter.draw(buckets(), points);
        return undefined;
      }
      const wait = await limiter.reserve(buckets(), points);
      if (wait === 0) {
        held += points;
        return undefined;
      }
      // The request gives back all but its tenth when it is answered; the next one needs a point.
      return limiter.refusal(
        wait,
        `This request was priced at up to ${calls} upstream call${calls === 1 ? '' : 's'}, reserved before it runs, and its client owes points from requests before it: none runs until they are paid back.`,
        RESERVED - (held - REQUEST_POINTS),
      );
    },
    settle(calls, reserved = true) {
      const points = reserved ? calls + REQUEST_POINTS - held : calls;
      if (reserved) held = 0;
      void limiter.draw(buckets(), points);
    },
    async charge(points) {
      const wait = await limiter.draw(buckets(), points);
      return wait > 0
        ? limiter.refusal(wait, 'Subscriptions are charged their share of the polls they cause, and this client owes points.', RESERVED)
        : undefined;
    },
    standing: async () => {
      const { remaining, fullInMs } = await limiter.standing(buckets());
      return { ...limiter.limits, remaining, resetAt: new Date(Date.now() + fullInMs) };
    },
  };
}
