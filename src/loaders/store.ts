/**
 * Where reused answers live between requests: in this process (an LRU bounded in bytes), and
 * with REDIS_URL also in a Redis that every instance shares. Redis is a second tier, never a
 * single point of failure: a command that fails or takes longer than a few hundred
 * milliseconds is a miss, and the process keeps serving from (and filling) its own memory.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface Entry {
  value: unknown;
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
  /** Redis failed or came back: logged by the gateway, rate-limited. */
  onRedis?: (state: 'down' | 'up', error?: Error) => void;
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

  async close(): Promise<void> {
    this.lru.clear();
  }
}

/** What an immutable answer is kept for in Redis: it never changes, but Redis memory is finite. */
const REDIS_IMMUTABLE_TTL_MS = 24 * 3600_000;
const KEY_PREFIX = 'agw:1:';

export class RedisStore implements CacheStore {
  private client?: Redis;
  private up = false;
  private closed = false;

  constructor(
    url: string,
    private readonly events: StoreEvents = {},
  ) {
    // ioredis is loaded only by an instance that uses Redis (13 MB and 75 ms of start-up otherwise).
    void import('ioredis').then(({ Redis }) => {
      if (this.closed) return;
      this.client = this.connect(new Redis(url, {
      // A command while disconnected fails at once instead of queueing behind the outage.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 300,
      connectTimeout: 2_000,
        // Keep trying to come back, at most every 2 s.
        retryStrategy: (times) => Math.min(times * 200, 2_000),
      }));
    });
  }

  private connect(client: Redis): Redis {
    client.on('ready', () => {
      this.up = true;
      this.events.onRedis?.('up');
    });
    client.on('error', (error: Error) => this.down(error));
    // A dropped connection is an outage at once, not when the first reconnection fails.
    client.on('close', () => this.down(new Error('the connection to Redis closed')));
    return client;
  }

  private down(error: Error): void {
    if (this.closed) return;
    this.up = false;
    this.events.onRedis?.('down', error);
  }

  /** Whether commands are being answered. */
  get ready(): boolean {
    return this.up && this.client?.status === 'ready';
  }

  /** Keys are hashed: a read's key can be a URL with a hundred addresses in it. */
  private key(key: string): string {
    return KEY_PREFIX + createHash('sha256').update(key).digest('base64url');
  }

  async get(key: string): Promise<Entry | undefined> {
    if (!this.ready) return undefined;
    let raw: string | null;
    try {
      raw = await this.client!.get(this.key(key));
    } catch (error) {
      this.down(error as Error);
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      const stored = JSON.parse(raw) as { v: unknown; n: number; f: number | null; s: number | null };
      return { value: stored.v, size: stored.n, freshUntil: stored.f ?? Number.POSITIVE_INFINITY, staleUntil: stored.s ?? Number.POSITIVE_INFINITY };
    } catch {
      return undefined;
    }
  }

  set(key: string, entry: Entry): void {
    if (!this.ready) return;
    const ttl = Number.isFinite(entry.staleUntil) ? Math.max(1, Math.ceil(entry.staleUntil - Date.now())) : REDIS_IMMUTABLE_TTL_MS;
    const payload = JSON.stringify({
      v: entry.value,
      n: entry.size,
      f: Number.isFinite(entry.freshUntil) ? entry.freshUntil : null,
      s: Number.isFinite(entry.staleUntil) ? entry.staleUntil : null,
    });
    this.client!.set(this.key(key), payload, 'PX', ttl).catch((error: Error) => this.down(error));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.client?.disconnect();
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
