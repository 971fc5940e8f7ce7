/**
 * The process's connection to Redis (REDIS_URL), shared by everything several instances share:
 * the cache, rate limits. Redis is never a single point of failure: a command sent while it is
 * away fails at once (no offline queue) or after a few hundred milliseconds, callers treat that
 * as "not shared right now", and the client keeps reconnecting in the background.
 */
import type { Redis } from 'ioredis';

/**
 * ioredis's client class. ioredis is CommonJS: from the sources Node gives its namespace the named
 * export `Redis`, but in the esbuild bundle `npm start` runs, the namespace holds only `default`
 * (its `module.exports`). Reading `{ Redis }` alone got undefined there, and the built gateway
 * silently kept everything in memory; test/redis.test.ts runs the built gateway to catch that.
 */
async function loadIoredis(): Promise<typeof Redis> {
  const namespace = await import('ioredis');
  const found = (namespace.Redis as typeof Redis | undefined) ?? namespace.default?.Redis;
  if (typeof found !== 'function') throw new Error('ioredis has no Redis class: is the installed ioredis 5?');
  return found;
}

export interface RedisEvents {
  /** Redis went away or came back: logged by the gateway, rate-limited. */
  onState?: (state: 'down' | 'up', error?: Error) => void;
}

export class RedisConnection {
  private current?: Redis;
  private up = false;
  private closed = false;
  private probing?: NodeJS.Timeout;
  private readonly subscribers: Redis[] = [];
  private readonly loading: Promise<typeof Redis>;

  constructor(
    private readonly url: string,
    private readonly events: RedisEvents = {},
  ) {
    // ioredis is loaded only by an instance that uses Redis (13 MB and 75 ms of start-up otherwise).
    this.loading = loadIoredis();
    void this.loading.then(
      (Redis) => {
        if (this.closed) return;
        const client = new Redis(url, {
          // A command while disconnected fails at once instead of queueing behind the outage.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          commandTimeout: 300,
          connectTimeout: 2_000,
          // Keep trying to come back, at most every 2 s.
          retryStrategy: (times) => Math.min(times * 200, 2_000),
        });
        client.on('ready', () => {
          this.up = true;
          this.events.onState?.('up');
        });
        client.on('error', (error: Error) => this.down(error));
        // A dropped connection is an outage at once, not when the first reconnection fails.
        client.on('close', () => this.down(new Error('the connection to Redis closed')));
        this.current = client;
      },
      (error: Error) => this.events.onState?.('down', error),
    );
  }

  /** The client while commands are being answered; undefined while Redis is away. */
  get client(): Redis | undefined {
    return this.up && this.current?.status === 'ready' ? this.current : undefined;
  }

  get ready(): boolean {
    return this.client !== undefined;
  }

  /** A command failed: Redis counts as away until the client reconnects, or answers a ping. */
  down(error: Error): void {
    if (this.closed) return;
    this.up = false;
    this.events.onState?.('down', error);
    this.probe();
  }

  /**
   * A command that timed out (Redis busy for a moment) leaves the connection open: no 'ready'
   * would ever come to say Redis is back, and the instance would stop sharing for good. So ask.
   */
  private probe(): void {
    if (this.probing) return;
    this.probing = setInterval(() => {
      const client = this.current;
      if (this.up || this.closed) {
        clearInterval(this.probing);
        this.probing = undefined;
        return;
      }
      // A reconnecting client says so itself, with 'ready'.
      if (client?.status !== 'ready') return;
      client.ping().then(
        () => {
          if (this.up || this.closed) return;
          this.up = true;
          this.events.onState?.('up');
        },
        () => undefined,
      );
    }, 1_000);
    this.probing.unref();
  }

  /**
   * A second connection for pub/sub (a subscribed connection takes no other commands). Unlike
   * the main one it queues while away: ioredis subscribes again on every reconnection, so
   * messages resume by themselves when Redis is back.
   */
  async subscriber(): Promise<Redis> {
    const Redis = await this.loading;
    const client = new Redis(this.url, { maxRetriesPerRequest: null, retryStrategy: (times) => Math.min(times * 200, 2_000) });
    // Its outages are the main connection's to report.
    client.on('error', () => undefined);
    if (this.closed) client.disconnect();
    else this.subscribers.push(client);
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probing);
    this.current?.disconnect();
    for (const client of this.subscribers.splice(0)) client.disconnect();
  }
}
