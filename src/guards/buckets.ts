/**
 * Token buckets of points: each client may spend `burst` at once, and `perSecond` a second after
 * that. A request reserves a call and its tenth from every bucket it names (its address's, its
 * key's) as it arrives, or nothing when any holds less than a point; once priced, it reserves what it was priced at
 * (src/guards/limiter.ts), drawn only while no bucket is in debt; when it is over, it is
 * settled to what it cost: the difference is drawn, or given back. A bucket may so go into debt
 * by what one request was priced at (or made, past its price), never more: every request after it
 * waits until the debt is paid back. Kept in this process (an LRU, so bounded however many
 * clients come), and with REDIS_URL in Redis, where every instance draws from the same buckets.
 *
 * rate-limiter-flexible was the candidate library, but it counts fixed windows rather than
 * refilling a bucket (its BurstyRateLimiter is two windows, letting twice the burst through where
 * they meet), keeps its memory counters in an unbounded Map with a timer each, and binds its
 * Redis limiter to one client for good, where src/base/redis.ts has none while Redis is away.
 */
import { growingLru } from '../base/lru.js';
import type { RedisClient, RedisConnection } from '../base/redis.js';

export interface BucketSettings {
  /** Points added a second. */
  perSecond: number;
  /** The most a bucket holds: points a client may spend at once. */
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
 * What a reservation was answered: 0 when it may go ahead (and drew its points), else how many
 * milliseconds until every bucket it names holds what it needs. What a settlement was answered: 0
 * when no bucket is in debt after it, else how many milliseconds until none is.
 */
export type Wait = number;

/** What a client's buckets hold now: the least of them, and when it will be full again. */
export interface Standing {
  remaining: number;
  /** Milliseconds until the bucket that holds least is full. */
  fullInMs: number;
}

export class MemoryBuckets {
  private readonly levels = growingLru<string, Level>(MEMORY_CLIENTS);

  constructor(private readonly settings: BucketSettings) {}

  private levelsOf(names: readonly string[], now: number): number[] {
    const { perSecond, burst } = this.settings;
    const perMs = perSecond / 1000;
    return names.map((name) => {
      const level = this.levels.get(name);
      return level ? Math.min(burst, level.tokens + Math.max(0, now - level.at) * perMs) : burst;
    });
  }

  /**
   * Draws `points` from every bucket of `names` if each holds `need` (by default the points
   * themselves); else draws nothing and says how long to wait.
   */
  take(names: readonly string[], now = Date.now(), points = 1, need = points): Wait {
    const perMs = this.settings.perSecond / 1000;
    const tokens = this.levelsOf(names, now);
    const wait = Math.max(0, ...tokens.map((t) => (t < need ? Math.ceil((need - t) / perMs) : 0)));
    if (wait > 0) return wait;
    names.forEach((name, i) => {
      this.levels.set(name, { tokens: tokens[i]! - points, at: now });
    });
    return 0;
  }

  /**
   * Draws `points` (or gives them back, when negative) whatever the buckets hold: what a request
   * made is spent, so a debt is kept whole. Says how long until no bucket is in debt.
   */
  settle(names: readonly string[], points: number, now = Date.now()): Wait {
    const { perSecond, burst } = this.settings;
    const tokens = this.levelsOf(names, now);
    let wait = 0;
    names.forEach((name, i) => {
      const t = Math.min(burst, tokens[i]! - points);
      this.levels.set(name, { tokens: t, at: now });
      if (t < 0) wait = Math.max(wait, Math.ceil((-t / perSecond) * 1000));
    });
    return wait;
  }

  standing(names: readonly string[], now = Date.now()): Standing {
    const { perSecond, burst } = this.settings;
    const remaining = Math.min(...this.levelsOf(names, now));
    return { remaining, fullInMs: Math.ceil(((burst - remaining) / perSecond) * 1000) };
  }
}

/**
 * The same in one Lua script, so the buckets of a request are read and drawn from atomically
 * whichever instance asks, on Redis's clock (instances' clocks may differ): ARGV[4] is what each
 * bucket must hold for the draw, or '' to settle (draw whatever the buckets hold, and answer how
 * long until none is in debt). A bucket expires once it would be full again (a debt paid back
 * included): a missing bucket is a full one.
 *
 * A Redis Cluster refuses a script whose keys lie in different slots, and a request's buckets
 * (its address's, its key's) do: a hash tag putting every bucket in one slot would send every
 * request of the deployment to one node. There the script runs once per bucket instead, each a
 * slot of its own, in one order for every request: a request refused by one bucket gives back
 * what the ones before it drew. Between the draw and the give-back another request may see
 * those buckets a point lower: the cluster's limits can be a little stricter than one server's
 * for that moment, never looser.
 */
const DRAW = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local perMs, burst, points, need = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local tokens, wait = {}, 0
for i, key in ipairs(KEYS) do
  local level = redis.call('HMGET', key, 't', 'at')
  local t, at = tonumber(level[1]), tonumber(level[2])
  if t == nil or at == nil then t = burst else t = math.min(burst, t + math.max(0, now - at) * perMs) end
  tokens[i] = t
  if need ~= nil and t < need then wait = math.max(wait, math.ceil((need - t) / perMs)) end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local t = math.min(burst, tokens[i] - points)
  redis.call('HSET', key, 't', tostring(t), 'at', now)
  redis.call('PEXPIRE', key, math.ceil((burst - t) / perMs) + 1000)
  if need == nil and t < 0 then wait = math.max(wait, math.ceil(-t / perMs)) end
end
return wait
`;

/** The least a client's buckets hold, on Redis's clock: "<tokens> <ms now>". */
const PEEK = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local perMs, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local least = burst
for _, key in ipairs(KEYS) do
  local level = redis.call('HMGET', key, 't', 'at')
  local t, at = tonumber(level[1]), tonumber(level[2])
  if t ~= nil and at ~= nil then least = math.min(least, math.min(burst, t + math.max(0, now - at) * perMs)) end
end
return tostring(least)
`;

/** After REDIS_KEY_PREFIX, apart from the cache's keys (agw:1:), and versioned like them. */
const KEY_PREFIX = 'agw:rl:1:';

type WithScripts = RedisClient & {
  agwDrawTokens(keys: number, ...args: (string | number)[]): Promise<number>;
  agwPeekTokens(keys: number, ...args: (string | number)[]): Promise<string>;
};

export class RedisBuckets {
  /** ioredis sends a defined script by its hash, and its text only when Redis does not know it yet. */
  private readonly defined = new WeakSet<RedisClient>();

  constructor(
    private readonly redis: RedisConnection,
    private readonly settings: BucketSettings,
  ) {}

  private client(): WithScripts | undefined {
    const client = this.redis.client;
    if (client && !this.defined.has(client)) {
      client.defineCommand('agwDrawTokens', { lua: DRAW });
      client.defineCommand('agwPeekTokens', { lua: PEEK });
      this.defined.add(client);
    }
    return client as WithScripts | undefined;
  }

  private keys(names: readonly string[]): string[] {
    return names.map((n) => this.redis.prefix + KEY_PREFIX + n);
  }

  /** `need` undefined: a settlement. */
  private async draw(names: readonly string[], points: number, need: number | undefined): Promise<Wait | undefined> {
    const client = this.client();
    if (!client) return undefined;
    const { perSecond, burst } = this.settings;
    const run = async (keys: readonly string[], points: number, need: number | undefined) =>
      Number(await client.agwDrawTokens(keys.length, ...keys, perSecond / 1000, burst, points, need ?? ''));
    const keys = this.keys(names);
    try {
      if (!this.redis.cluster || keys.length < 2) return await run(keys, points, need);
      if (need === undefined) return Math.max(...(await Promise.all(keys.map((key) => run([key], points, undefined)))));
      // One bucket after the other, in one order for every request: two requests of a client
      // drawing in parallel could each be refused by the bucket the other had just drawn from,
      // both giving back, and neither served. (Measured: 9 of a burst of 10 served, not 10.)
      const drawn: string[] = [];
      for (const key of [...keys].sort()) {
        const wait = await run([key], points, need);
        if (wait > 0) {
          await Promise.all(drawn.map((k) => run([k], -points, undefined)));
          return wait;
        }
        drawn.push(key);
      }
      return 0;
    } catch (error) {
      this.redis.down(error as Error);
      return undefined;
    }
  }

  /** The wait, or undefined when Redis cannot answer now: the caller then uses its memory buckets. */
  take(names: readonly string[], points = 1, need = points): Promise<Wait | undefined> {
    return this.draw(names, points, need);
  }

  /** How long until no bucket is in debt, or undefined when Redis cannot take it now: the caller settles in its memory buckets. */
  settle(names: readonly string[], points: number): Promise<Wait | undefined> {
    return this.draw(names, points, undefined);
  }

  async standing(names: readonly string[]): Promise<Standing | undefined> {
    const client = this.client();
    if (!client) return undefined;
    const { perSecond, burst } = this.settings;
    const peek = async (keys: readonly string[]) => Number(await client.agwPeekTokens(keys.length, ...keys, perSecond / 1000, burst));
    const keys = this.keys(names);
    try {
      const remaining = this.redis.cluster ? Math.min(burst, ...(await Promise.all(keys.map((key) => peek([key]))))) : await peek(keys);
      return { remaining, fullInMs: Math.ceil(((burst - remaining) / perSecond) * 1000) };
    } catch (error) {
      this.redis.down(error as Error);
      return undefined;
    }
  }
}
