/**
 * Where reused answers live between requests: in this process (an LRU bounded in bytes), and
 * with REDIS_URL also in a Redis that every instance shares. Redis is a second tier, never a
 * single point of failure: a command that fails or takes longer than a few hundred
 * milliseconds is a miss (see src/redis.ts), and the process keeps serving from (and filling)
 * its own memory.
 */
import { createHash } from 'node:crypto';
import type { RedisConnection } from '../redis.js';
import { LRUCache } from 'lru-cache';

export interface Entry {
  value: unknown;
  /** The kind of data (a freshness kind, or `response` for whole responses), for metrics; unknown when absent. */
  kind?: string;
  /** Bytes the answer took on the wire: what the memory bound counts. */
  size: number;
  /** Until when (ms since the epoch) it is fresh; Infinity for immutable data. */
  freshUntil: number;
  /** Until when it may still be served while it is refreshed. */
  staleUntil: number;
}

export interface CacheStore {
  get(key: string): Entry | undefined | Promise<Entry | undefined>;
  set(key: string, entry: Entry): void;
  close(): Promise<void>;
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

export class MemoryStore implements CacheStore {
  private readonly lru: LRUCache<string, Entry>;

  constructor(
    maxBytes: number,
    private readonly options: StoreEvents & { freezeValues?: boolean } = {},
  ) {
    this.lru = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.size),
      // An answer larger than a quarter of the whole would churn everything else out.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      dispose: (entry, _key, reason) => {
        if (reason === 'evict') options.onEvict?.(entry);
      },
    });
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
  }

  /** Bytes held and entries, for metrics and tests. */
  get usage(): { bytes: number; entries: number } {
    return { bytes: this.lru.calculatedSize, entries: this.lru.size };
  }

  /**
   * Bytes and entries by kind of data. Walks every entry: it is for a metrics scrape (every few
   * seconds at most), which costs nothing per request, unlike counting on every set and dispose.
   */
  usageByKind(): Map<string, { bytes: number; entries: number }> {
    const out = new Map<string, { bytes: number; entries: number }>();
    for (const entry of this.lru.values()) {
      const kind = entry.kind ?? 'unknown';
      const usage = out.get(kind);
      if (usage) {
        usage.bytes += Math.max(1, entry.size);
        usage.entries++;
      } else out.set(kind, { bytes: Math.max(1, entry.size), entries: 1 });
    }
    return out;
  }

  async close(): Promise<void> {
    this.lru.clear();
  }
}

/** What an immutable answer is kept for in Redis: it never changes, but Redis memory is finite. */
const REDIS_IMMUTABLE_TTL_MS = 24 * 3600_000;
const KEY_PREFIX = 'agw:1:';

/** Answers in Redis, where every instance finds them. */
export class RedisStore implements CacheStore {
  constructor(private readonly redis: RedisConnection) {}

  get ready(): boolean {
    return this.redis.ready;
  }

  /** Keys are hashed: a read's key can be a URL with a hundred addresses in it. */
  private key(key: string): string {
    return KEY_PREFIX + createHash('sha256').update(key).digest('base64url');
  }

  async get(key: string): Promise<Entry | undefined> {
    const client = this.redis.client;
    if (!client) return undefined;
    let raw: string | null;
    try {
      raw = await client.get(this.key(key));
    } catch (error) {
      this.redis.down(error as Error);
      return undefined;
    }
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

/** Memory first, then Redis; what Redis answers is kept in memory too. */
export class TieredStore implements CacheStore {
  constructor(
    readonly memory: MemoryStore,
    readonly redis: RedisStore,
  ) {}

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

  async close(): Promise<void> {
    await Promise.all([this.memory.close(), this.redis.close()]);
  }
}
