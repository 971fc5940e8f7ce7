/**
 * The process's connection to Redis (REDIS_URL), shared by everything several instances share:
 * the cache, rate limits. Redis is never a single point of failure: a command sent while it is
 * away fails at once (no offline queue) or after a few hundred milliseconds, callers treat that
 * as "not shared right now", and the client keeps reconnecting in the background.
 */
import type { Redis } from 'ioredis';

export interface RedisEvents {
  /** Redis went away or came back: logged by the gateway, rate-limited. */
  onState?: (state: 'down' | 'up', error?: Error) => void;
}

export class RedisConnection {
  private current?: Redis;
  private up = false;
  private closed = false;

  constructor(
    url: string,
    private readonly events: RedisEvents = {},
  ) {
    // ioredis is loaded only by an instance that uses Redis (13 MB and 75 ms of start-up otherwise).
    void import('ioredis').then(({ Redis }) => {
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
    });
  }

  /** The client while commands are being answered; undefined while Redis is away. */
  get client(): Redis | undefined {
    return this.up && this.current?.status === 'ready' ? this.current : undefined;
  }

  get ready(): boolean {
    return this.client !== undefined;
  }

  /** A command failed: Redis counts as away until the client reconnects. */
  down(error: Error): void {
    if (this.closed) return;
    this.up = false;
    this.events.onState?.('down', error);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.current?.disconnect();
  }
}
