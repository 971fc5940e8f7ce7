/**
 * The process's connection to Redis (REDIS_URL), shared by everything several instances share:
 * the cache, rate limits, subscriptions. Redis is never a single point of failure: a command sent
 * while it is away fails at once (no offline queue) or after a few hundred milliseconds, callers
 * treat that as "not shared right now", and the client keeps reconnecting in the background.
 *
 * Redis as deployments run it: one server, a Redis Cluster (REDIS_MODE=cluster: ioredis's Cluster
 * client finds the nodes from the seeds and follows slots as they move), or a master watched by
 * Sentinel (REDIS_MODE=sentinel: ioredis asks the sentinels for the master and again after a
 * failover); TLS with `rediss://` and the CA and client certificate from files; and a key prefix
 * before every key and channel, so that several deployments can share one Redis.
 *
 * In a cluster every command may touch one hash slot only: keys a command or script uses
 * together share a hash tag (`{...}`), see src/reuse/store.ts, and the rate limiter runs its
 * script once per bucket there (src/guards/buckets.ts).
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';

/** How to reach Redis: the part of the configuration (src/config/config.ts) this file reads. */
export interface RedisSettings {
  mode: 'standalone' | 'cluster' | 'sentinel';
  /** One server's URL; a cluster's seed nodes; the sentinels. Credentials and TLS (`rediss://`) come from the first. */
  urls: string[];
  /** Sentinel: the name of the master the sentinels watch. */
  sentinelMaster?: string;
  /** Sentinel: the sentinels' own password, when they have one (the URL's is the master's). */
  sentinelPassword?: string;
  /** Files of the CA that signed Redis's certificate, and of this client's certificate and key (`rediss://` only). */
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
  /** Before every key and channel the gateway uses (no braces: they would pick the cluster slot). */
  keyPrefix: string;
}

/** Both clients answer the same commands; which one is behind it matters only here. */
export type RedisClient = Redis | Cluster;

interface IoredisClasses {
  Redis: typeof Redis;
  Cluster: typeof Cluster;
}

/**
 * ioredis's classes. ioredis is CommonJS: from the sources Node gives its namespace the named
 * exports, but in the esbuild bundle `npm start` runs, the namespace holds only `default`
 * (its `module.exports`). Reading `{ Redis }` alone got undefined there, and the built gateway
 * silently kept everything in memory; test/deploy/redis.test.ts runs the built gateway to catch that.
 */
async function loadIoredis(): Promise<IoredisClasses> {
  const namespace = await import('ioredis');
  const found = (namespace.Redis as typeof Redis | undefined) ?? namespace.default?.Redis;
  const cluster = (namespace.Cluster as typeof Cluster | undefined) ?? namespace.default?.Cluster;
  if (typeof found !== 'function' || typeof cluster !== 'function')
    throw new Error('ioredis has no Redis class: is the installed ioredis 5?');
  return { Redis: found, Cluster: cluster };
}

interface Endpoint {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
}

function endpointOf(url: string, defaultPort: number): Endpoint {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : defaultPort,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined,
  };
}

/** The TLS options of `rediss://`, with the configured files read now: a missing file fails the start, not the first reconnection. */
function tlsOf(settings: RedisSettings): ConnectionOptions | undefined {
  if (!settings.urls[0]?.startsWith('rediss://')) return undefined;
  const read = (file?: string) => (file ? readFileSync(file) : undefined);
  const { caFile, certFile, keyFile } = settings.tls ?? {};
  return Object.fromEntries(
    Object.entries({ ca: read(caFile), cert: read(certFile), key: read(keyFile) }).filter(([, v]) => v !== undefined),
  ) as ConnectionOptions;
}

/** Keep trying to come back, at most every 2 s. */
const retryStrategy = (times: number) => Math.min(times * 200, 2_000);

/** A new client of `settings`: the main connection (`queue` false) or a pub/sub one (it waits while Redis is away). */
function createClient(classes: IoredisClasses, settings: RedisSettings, queue: boolean): RedisClient {
  const tls = tlsOf(settings);
  const first = endpointOf(settings.urls[0]!, settings.mode === 'sentinel' ? 26379 : 6379);
  const failFast: RedisOptions = queue
    ? { maxRetriesPerRequest: null }
    : // A command while disconnected fails at once instead of queueing behind the outage.
      { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 300 };
  const common: RedisOptions = { ...failFast, connectTimeout: 2_000, ...(tls ? { tls } : {}) };
  if (settings.mode === 'cluster') {
    const options: ClusterOptions = {
      enableOfflineQueue: queue,
      clusterRetryStrategy: retryStrategy,
      // Every node the cluster names is reached like the seeds: same credentials, same TLS.
      // Failing fast is the cluster's own offline queue's (above): ioredis keeps a node's
      // connection queueing while it connects, whatever these options say.
      redisOptions: { ...common, username: first.username, password: first.password },
    };
    return new classes.Cluster(
      settings.urls.map((url) => {
        const { host, port } = endpointOf(url, 6379);
        return { host, port };
      }),
      options,
    );
  }
  if (settings.mode === 'sentinel') {
    // The URLs are the sentinels'; their credentials and TLS are the master's too, unless
    // REDIS_SENTINEL_PASSWORD gives the sentinels their own.
    return new classes.Redis({
      ...common,
      retryStrategy,
      sentinels: settings.urls.map((url) => {
        const { host, port } = endpointOf(url, 26379);
        return { host, port };
      }),
      name: settings.sentinelMaster,
      username: first.username,
      password: first.password,
      db: first.db,
      sentinelPassword: settings.sentinelPassword ?? first.password,
      sentinelRetryStrategy: retryStrategy,
      ...(tls ? { enableTLSForSentinelMode: true, sentinelTLS: tls } : {}),
    });
  }
  return new classes.Redis({
    ...common,
    retryStrategy,
    host: first.host,
    port: first.port,
    username: first.username,
    password: first.password,
    db: first.db,
  });
}

export interface RedisEvents {
  /** Redis went away or came back: logged by the gateway, rate-limited. */
  onState?: (state: 'down' | 'up', error?: Error) => void;
}

export class RedisConnection {
  private current?: RedisClient;
  private up = false;
  private closed = false;
  private probing?: NodeJS.Timeout;
  private readonly subscribers: RedisClient[] = [];
  private readonly loading: Promise<IoredisClasses>;
  readonly settings: RedisSettings;

  constructor(
    /** A single server's URL (tests), or the settings. */
    settings: string | RedisSettings,
    private readonly events: RedisEvents = {},
  ) {
    this.settings = typeof settings === 'string' ? { mode: 'standalone', urls: [settings], keyPrefix: '' } : settings;
    // ioredis is loaded only by an instance that uses Redis (13 MB and 75 ms of start-up otherwise).
    this.loading = loadIoredis();
    void this.loading.then(
      (classes) => {
        if (this.closed) return;
        let client: RedisClient;
        try {
          client = createClient(classes, this.settings, false);
        } catch (error) {
          this.events.onState?.('down', error as Error);
          return;
        }
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

  /** Before every key and channel: REDIS_KEY_PREFIX. */
  get prefix(): string {
    return this.settings.keyPrefix;
  }

  /** Whether keys a command uses together must share a hash slot. */
  get cluster(): boolean {
    return this.settings.mode === 'cluster';
  }

  /** The client while commands are being answered; undefined while Redis is away. */
  get client(): RedisClient | undefined {
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
   * the main one it queues while away: ioredis subscribes again on every reconnection (in a
   * cluster, on another node when its node goes), so messages resume by themselves when Redis is
   * back. Cluster PUBLISH reaches every node's subscribers (the cluster bus forwards it).
   */
  async subscriber(): Promise<RedisClient> {
    const client = createClient(await this.loading, this.settings, true);
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
