/**
 * Where reused answers live between requests: in this process (an LRU bounded in bytes), and
 * with REDIS_URL also in a Redis that every instance shares. Redis is a second tier, never a
 * single point of failure: a command that fails or takes longer than a few hundred
 * milliseconds is a miss (see src/base/redis.ts), and the process keeps serving from (and filling)
 * its own memory.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../base/redis.js';
import type { CancelSignal } from '../upstreams/cancellation.js';

export interface Entry {
  value: unknown;
  /** The kind of data (a freshness kind, or `response` for whole responses), for metrics; unknown when absent. */
  kind?: string;
  /**
   * Bytes of memory the value holds, estimated by whoever made it (an upstream answer: its bytes
   * on the wire, which its decoded form holds within about 1.3 times): what the memory bound counts.
   */
  size: number;
  /** Until when (ms since the epoch) it is fresh; Infinity for immutable data. */
  freshUntil: number;
  /** Until when it may still be served while it is refreshed. */
  staleUntil: number;
}

export interface CacheStore {
  get(key: string): Entry | undefined | Promise<Entry | undefined>;
  /** What `get` finds in this process's memory, at once; absent when nothing is kept there (Redis alone). */
  peek?(key: string): Entry | undefined;
  set(key: string, entry: Entry): void;
  /**
   * Makes the call for `key` and keeps its answer, unless another instance is already making
   * it: then calls `waiting` and waits for that instance's answer instead. Only stores shared by
   * several instances implement it; the others leave single-flight to the process.
   */
  callOnce?(key: string, call: () => Promise<Entry>, signal?: CancelSignal, waiting?: () => void): Promise<Entry>;
  close(): Promise<void>;
}

/** Memory a cache holds, by kind of what it holds: read by /metrics (gateway_cache_bytes). */
export interface MemoryUsage {
  usageByKind(): Map<string, { bytes: number; entries: number }>;
}

export interface StoreEvents {
  /** An entry left memory to make room (not because it expired). */
  onEvict?: (entry: Entry) => void;
}

/** Deep-freezes what tests cache, so a resolver that mutates a shared answer fails loudly. */
function freeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) freeze((value as Record<string, unknown>)[key]);
}

/**
 * What an entry holds beside its value: the LRU's slot, the key string, the Entry object. Counted
 * so that many small answers cost what they hold.
 */
export const ENTRY_BYTES = 160;
/**
 * How often answers past their time are dropped. lru-cache drops an expired entry only when it is
 * asked for or pushed out by size, so answers nobody asks again (a random id, a page of an old
 * cursor) held their memory, uncounted by /metrics, until the bound pushed them out.
 */
const PURGE_INTERVAL_MS = 5_000;

/** What the memory bound counts for an entry. */
const bytesOf = (entry: Entry, key: string) => Math.max(1, entry.size) + key.length + ENTRY_BYTES;

export class MemoryStore implements CacheStore, MemoryUsage {
  private readonly lru: LRUCache<string, Entry>;
  private purging?: NodeJS.Timeout;

  constructor(
    maxBytes: number,
    private readonly options: StoreEvents & { freezeValues?: boolean } = {},
  ) {
    this.lru = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: bytesOf,
      // An answer larger than a quarter of the whole would churn everything else out.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      dispose: (entry, _key, reason) => {
        if (reason === 'evict') options.onEvict?.(entry);
      },
    });
  }

  peek(key: string): Entry | undefined {
    return this.get(key);
  }

  get(key: string): Entry | undefined {
    const entry = this.lru.get(key);
    if (entry && entry.staleUntil <= Date.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (this.options.freezeValues) freeze(entry.value);
    const ttl = entry.staleUntil - Date.now();
    this.lru.set(key, entry, Number.isFinite(ttl) ? { ttl: Math.max(1, ttl) } : undefined);
    if (!this.purging && Number.isFinite(ttl)) {
      this.purging = setInterval(() => this.lru.purgeStale(), PURGE_INTERVAL_MS);
      this.purging.unref();
    }
  }

  /** Bytes held and entries, for metrics and tests. */
  get usage(): { bytes: number; entries: number } {
    return { bytes: this.lru.calculatedSize, entries: this.lru.size };
  }

  /**
   * Bytes and entries by kind of data. Walks every entry: it is for a metrics scrape (every few
   * seconds at most), which costs nothing per request, unlike counting on every set and dispose.
   * Expired entries go first: the walk does not see them, and they would be held uncounted.
   */
  usageByKind(): Map<string, { bytes: number; entries: number }> {
    this.lru.purgeStale();
    const out = new Map<string, { bytes: number; entries: number }>();
    for (const [key, entry] of this.lru.entries()) {
      const kind = entry.kind ?? 'unknown';
      const bytes = bytesOf(entry, key);
      const usage = out.get(kind);
      if (usage) {
        usage.bytes += bytes;
        usage.entries++;
      } else out.set(kind, { bytes, entries: 1 });
    }
    return out;
  }

  async close(): Promise<void> {
    clearInterval(this.purging);
    this.lru.clear();
  }
}

/** What an immutable answer is kept for in Redis: it never changes, but Redis memory is finite. */
const REDIS_IMMUTABLE_TTL_MS = 24 * 3600_000;
/**
 * After REDIS_KEY_PREFIX; the read's hash is the hash tag of its value and of its lease, which
 * MGET reads together: in a cluster both then live in one slot.
 */
const KEY_PREFIX = 'agw:1:';
const LEASE_PREFIX = 'agw:1:lease:';
/**
 * How long a lease on a read lives unless its holder renews it (every half of it, while its call
 * runs): an instance that died or hangs costs the others this much, once.
 */
const LEASE_MS = 2_000;
/** How often an instance waiting for another's answer looks for it: soon at first, then less often. */
const LEASE_POLL_MS = 15;
const LEASE_POLL_MAX_MS = 100;
/** However long a lease is renewed, a waiter calls for itself after this: longer than any upstream call's budget of retries. */
const LEASE_WAIT_MAX_MS = 30_000;
/** Only the holder (its token) may renew or let go of a lease: a late holder must not end another's. */
const RENEW_LEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE_LEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Answers in Redis, where every instance finds them. */
export class RedisStore implements CacheStore {
  constructor(private readonly redis: RedisConnection) {}

  get ready(): boolean {
    return this.redis.ready;
  }

  /** Keys are hashed: a read's key can be a URL with a hundred addresses in it. */
  private hash(key: string): string {
    return createHash('sha256').update(key).digest('base64url');
  }

  private key(key: string): string {
    return this.valueKey(this.hash(key));
  }

  private valueKey(id: string): string {
    return `${this.redis.prefix}${KEY_PREFIX}{${id}}`;
  }

  private leaseKey(id: string): string {
    return `${this.redis.prefix}${LEASE_PREFIX}{${id}}`;
  }

  async get(key: string): Promise<Entry | undefined> {
    const client = this.redis.client;
    if (!client) return undefined;
    try {
      return decode(await client.get(this.key(key)));
    } catch (error) {
      this.redis.down(error as Error);
      return undefined;
    }
  }

  /**
   * Single-flight across instances: the first instance to miss takes a lease on the read
   * (SET NX PX with a token of its own, renewed while its call runs) and calls; the others poll
   * for a fresh answer under the value key, and take the lease themselves if it is let go with
   * no answer (the call failed) or runs out (the holder died). Redis failing is "no lease": call.
   */
  async callOnce(key: string, call: () => Promise<Entry>, signal?: CancelSignal, waiting?: () => void): Promise<Entry> {
    const id = this.hash(key);
    const valueKey = this.valueKey(id);
    const leaseKey = this.leaseKey(id);
    const token = randomUUID();
    const deadline = Date.now() + LEASE_WAIT_MAX_MS;
    let polls = 0;
    for (;;) {
      const client = this.redis.client;
      let leased: boolean;
      try {
        leased = !client || (await client.set(leaseKey, token, 'PX', LEASE_MS, 'NX')) === 'OK';
      } catch (error) {
        this.redis.down(error as Error);
        leased = true;
      }
      if (leased) return this.callAndKeep(key, call, leaseKey, token);
      // Another instance is calling: its answer arrives under the value key.
      waiting?.();
      for (;;) {
        // A request that went away stops waiting; `call` then ends at once, without calling.
        if (signal?.aborted || Date.now() >= deadline) return this.callAndKeep(key, call);
        await sleep(Math.min(LEASE_POLL_MAX_MS, LEASE_POLL_MS * ++polls));
        let value: string | null | undefined;
        let lease: string | null | undefined;
        try {
          [value, lease] = (await this.redis.client?.mget(valueKey, leaseKey)) ?? [null, null];
        } catch (error) {
          this.redis.down(error as Error);
          return this.callAndKeep(key, call);
        }
        // Only a fresh answer: a stale one is what the holder may be refreshing.
        const entry = decode(value ?? null);
        if (entry && entry.freshUntil > Date.now()) return entry;
        if (lease == null) break;
      }
    }
  }

  private async callAndKeep(key: string, call: () => Promise<Entry>, leaseKey?: string, token?: string): Promise<Entry> {
    const renew =
      leaseKey &&
      setInterval(() => {
        this.redis.client?.eval(RENEW_LEASE, 1, leaseKey, token!, LEASE_MS).catch((error: Error) => this.redis.down(error));
      }, LEASE_MS / 2);
    if (renew) renew.unref();
    try {
      const entry = await call();
      this.set(key, entry);
      return entry;
    } finally {
      if (renew) clearInterval(renew);
      // Sent after the SET on the same connection, so a waiter sees the answer or no lease, never neither.
      if (leaseKey) this.redis.client?.eval(RELEASE_LEASE, 1, leaseKey, token!).catch((error: Error) => this.redis.down(error));
    }
  }

  set(key: string, entry: Entry): void {
    const client = this.redis.client;
    if (!client) return;
    const ttl = Number.isFinite(entry.staleUntil) ? Math.max(1, Math.ceil(entry.staleUntil - Date.now())) : REDIS_IMMUTABLE_TTL_MS;
    const payload = JSON.stringify({
      v: entry.value,
      k: entry.kind,
      n: entry.size,
      f: Number.isFinite(entry.freshUntil) ? entry.freshUntil : null,
      s: Number.isFinite(entry.staleUntil) ? entry.staleUntil : null,
    });
    client.set(this.key(key), payload, 'PX', ttl).catch((error: Error) => this.redis.down(error));
  }

  async close(): Promise<void> {
    // The connection belongs to the gateway, which closes it.
  }
}

/** An entry as RedisStore writes it; undefined for none or one it cannot read. */
function decode(raw: string | null): Entry | undefined {
  if (raw === null) return undefined;
  try {
    const stored = JSON.parse(raw) as { v: unknown; k?: string; n: number; f: number | null; s: number | null };
    return {
      value: stored.v,
      kind: stored.k,
      size: stored.n,
      freshUntil: stored.f ?? Number.POSITIVE_INFINITY,
      staleUntil: stored.s ?? Number.POSITIVE_INFINITY,
    };
  } catch {
    return undefined;
  }
}

/** Memory first, then Redis; what Redis answers is kept in memory too. */
export class TieredStore implements CacheStore {
  constructor(
    readonly memory: MemoryStore,
    readonly redis: RedisStore,
  ) {}

  peek(key: string): Entry | undefined {
    return this.memory.get(key);
  }

  get(key: string): Entry | undefined | Promise<Entry | undefined> {
    const local = this.memory.get(key);
    if (local) return local;
    if (!this.redis.ready) return undefined;
    return this.redis.get(key).then((shared) => {
      if (shared) this.memory.set(key, shared);
      return shared;
    });
  }

  set(key: string, entry: Entry): void {
    this.memory.set(key, entry);
    this.redis.set(key, entry);
  }

  async callOnce(key: string, call: () => Promise<Entry>, signal?: CancelSignal, waiting?: () => void): Promise<Entry> {
    // Redis keeps what its callOnce called for; memory keeps every answer, called for or waited for.
    const entry = await (this.redis.ready ? this.redis.callOnce(key, call, signal, waiting) : call());
    this.memory.set(key, entry);
    return entry;
  }

  async close(): Promise<void> {
    await Promise.all([this.memory.close(), this.redis.close()]);
  }
}
