/**
 * Token buckets: each client may make `burst` requests at once, and `perSecond` a second after
 * that. A request draws one token from every bucket it names (its address's, its key's), or from
 * none when any is empty. Kept in this process (an LRU, so bounded however many clients come),
 * and with REDIS_URL in Redis, where every instance draws from the same buckets.
 *
 * rate-limiter-flexible was the candidate library, but it counts fixed windows rather than
 * refilling a bucket (its BurstyRateLimiter is two windows, letting twice the burst through where
 * they meet), keeps its memory counters in an unbounded Map with a timer each, and binds its
 * Redis limiter to one client for good, where src/redis.ts has none while Redis is away.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../redis.js';

export interface BucketSettings {
  /** Tokens added a second. */
  perSecond: number;
  /** The most a bucket holds: requests a client may make at once. */
  burst: number;
}

/**
 * Clients one process keeps buckets for, the least recently seen forgotten first. A forgotten
 * bucket comes back full, the state of a client idle for `burst / perSecond` seconds; a client
 * would need this many other identities active at once to win that back for itself. About 150
 * bytes each.
 */
const MEMORY_CLIENTS = 100_000;

interface Level {
  tokens: number;
  at: number;
}

/**
 * What a request was answered: 0 when it may go ahead (and drew its tokens), else how many
 * milliseconds until every bucket it names holds a token again.
 */
export type Wait = number;

export class MemoryBuckets {
  private readonly levels = new LRUCache<string, Level>({ max: MEMORY_CLIENTS });

  constructor(private readonly settings: BucketSettings) {}

  take(names: readonly string[], now = Date.now()): Wait {
    const { perSecond, burst } = this.settings;
    const perMs = perSecond / 1000;
    const tokens = names.map((name) => {
      const level = this.levels.get(name);
      return level ? Math.min(burst, level.tokens + Math.max(0, now - level.at) * perMs) : burst;
    });
    const wait = Math.max(0, ...tokens.map((t) => (t < 1 ? Math.ceil((1 - t) / perMs) : 0)));
    if (wait > 0) return wait;
    names.forEach((name, i) => {
      this.levels.set(name, { tokens: tokens[i]! - 1, at: now });
    });
    return 0;
  }
}

/**
 * The same in one Lua script, so the buckets of a request are read and drawn from atomically
 * whichever instance asks, on Redis's clock (instances' clocks may differ). A bucket expires
 * once it would be full again: a missing bucket is a full one. Its keys are one request's
 * buckets, so the script needs a single Redis (not a cluster, where they would sit in different
 * slots), as src/redis.ts connects to.
 */
const TAKE = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local perMs, burst, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens, wait = {}, 0
for i, key in ipairs(KEYS) do
  local level = redis.call('HMGET', key, 't', 'at')
  local t, at = tonumber(level[1]), tonumber(level[2])
  if t == nil or at == nil then t = burst else t = math.min(burst, t + math.max(0, now - at) * perMs) end
  tokens[i] = t
  if t < 1 then wait = math.max(wait, math.ceil((1 - t) / perMs)) end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 't', tostring(tokens[i] - 1), 'at', now)
  redis.call('PEXPIRE', key, ttl)
end
return 0
`;

/** Apart from the cache's keys (agw:1:), and versioned like them. */
const KEY_PREFIX = 'agw:rl:1:';

type WithTake = Redis & { agwTakeTokens(keys: number, ...args: (string | number)[]): Promise<number> };

export class RedisBuckets {
  /** ioredis sends a defined script by its hash, and its text only when Redis does not know it yet. */
  private readonly defined = new WeakSet<Redis>();

  constructor(
    private readonly redis: RedisConnection,
    private readonly settings: BucketSettings,
  ) {}

  /** The wait, or undefined when Redis cannot answer now: the caller then uses its memory buckets. */
  async take(names: readonly string[]): Promise<Wait | undefined> {
    const client = this.redis.client;
    if (!client) return undefined;
    if (!this.defined.has(client)) {
      client.defineCommand('agwTakeTokens', { lua: TAKE });
      this.defined.add(client);
    }
    const { perSecond, burst } = this.settings;
    const ttl = Math.ceil((burst / perSecond) * 1000) + 1000;
    try {
      const wait = await (client as WithTake).agwTakeTokens(
        names.length,
        ...names.map((n) => KEY_PREFIX + n),
        perSecond / 1000,
        burst,
        ttl,
      );
      return Number(wait);
    } catch (error) {
      this.redis.down(error as Error);
      return undefined;
    }
  }
}
