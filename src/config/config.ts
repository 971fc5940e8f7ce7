/**
 * The gateway's whole configuration, read from the environment and validated once at start: the
 * settings declared in src/config/settings.ts, checked, then shaped into the `Config` every part
 * of the gateway reads. Every problem is reported at once, each naming its variable, so a bad
 * deployment fails with one readable message instead of one error per restart.
 */
import { shownUrl } from '../base/shown-url.js';
import type { FreshnessKind } from '../reuse/freshness.js';
import type { LiveKind } from '../live/feeds.js';
import type { BreakerOptions } from '../upstreams/http.js';
import type { CorsConfig } from '../guards/cross-site.js';
import type { TrustProxy } from '../guards/identity.js';
import type { RedisSettings } from '../base/redis.js';
import type { SearchBreadth } from '../graphql/context.js';
import {
  DEFAULT_MANIFESTS,
  MIN_POLL_MS,
  PUBLIC_DEFAULTS,
  type ReadyUpstream,
  SECRET_KEYS,
  SETTING_NAMES,
  SETTINGS_SCHEMA,
  type Settings,
  TTL_KINDS,
  ttlVariable,
} from './settings.js';

// What the rest of the gateway has always imported from here.
export {
  BATCHING_MAX,
  DEFAULT_MANIFESTS,
  PUBLIC_DEFAULTS,
  READY_UPSTREAMS,
  type ReadyUpstream,
  SECRET_KEYS,
  SETTING_NAMES,
} from './settings.js';

export interface UpstreamUrls {
  dataApi: string;
  metricsApi: string;
  node: { mainnet: string; fuji: string };
}

export interface Config {
  port: number;
  host: string;
  /** The HTTP server: body limit, slow-client timeouts, how long shutdown waits for requests in flight. */
  server: {
    maxBodyBytes: number;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    drainTimeoutMs: number;
    /** On SIGTERM: how long the gateway goes on answering (503, and /ready 503) before it may exit, for load balancers to notice. */
    drainDelayMs: number;
    /** GraphQL over WebSocket: operations one socket runs at once, sockets one client (its address) holds open, bytes a socket may have unsent. */
    websocket: { maxOperationsPerSocket: number; maxSocketsPerClient: number; maxBufferedBytes: number };
    /** Bytes of answers held (unsent, or being built) for one client and for the instance, past which no new operation starts. */
    held: { perClient: number; perInstance: number };
  };
  /** `auto`: public endpoints when reachable, else the sandbox; only when no URL was configured, and never in a deployment. */
  sandbox: Settings['SANDBOX'];
  sandboxSeed: string;
  /** The embedded sandbox's port (src/gateway/embedded-sandbox.ts); 0: a free one. */
  sandboxPort: number;
  sandboxLatencyMs: number;
  /** How often the offline sandbox's chains advance (a block, now and then a transaction, a fee or validator change); 0: never. */
  sandboxBlockMs: number;
  /** URLs as configured; unset ones fall back to the public endpoints (or the sandbox). */
  upstreams: UpstreamUrls;
  /** True when any upstream URL was set explicitly: `auto` then never swaps in the sandbox. */
  upstreamsConfigured: boolean;
  /**
   * Why this instance is taken for a deployment (NODE_ENV=production, REDIS_URL or
   * TRUSTED_DOCUMENTS set), or undefined on a laptop: `auto` then never swaps in the sandbox for
   * an unreachable upstream, which would be a silent outage serving made-up data.
   */
  deployment?: string;
  /**
   * Why the built-in sandbox serves this instance, once it does (`servingSandbox`): `asked` by
   * name (SANDBOX=on), or `offline` (SANDBOX=auto on a laptop that could not reach the public Data
   * API). Offline, its made-up data is not passed off as the network's: every answer says it
   * (`x-avalanche-sandbox`) and /ready says 503.
   */
  sandboxServed?: 'asked' | 'offline';
  apiKey?: string;
  apiKeyHeader: string;
  /** Signs connection cursors; random per process when unset. */
  cursorSecret?: string;
  /** Turns the node's admin operations on, for requests bearing it; off when unset. */
  adminToken?: string;
  timeoutMs: number;
  retries: number;
  connections: number;
  /** The largest answer kept from each upstream; bigger ones fail while they stream. */
  maxResponseBytes: { 'data-api': number; 'metrics-api': number; node: number };
  /**
   * When an upstream's circuit opens: more than `failureRate` of its calls failed over
   * `windowMs`, with at least `minRequests` in that window; it stays open `halfOpenMs`, then one
   * probe may close it. False: no breaker.
   */
  breaker: BreakerOptions | false;
  /**
   * Reuse between requests: `off`, in this process (`memory`), or in Redis shared by every
   * instance (`redis`, with memory in front and as the fallback).
   */
  cache: {
    mode: NonNullable<Settings['CACHE']>;
    maxBytes: number;
    responseMaxBytes: number;
    /** Time-to-live per kind of chain state, where configured. */
    ttls: Partial<Record<FreshnessKind, number>>;
  };
  /**
   * The Redis every instance shares (REDIS_URL and the other REDIS_* settings): for the cache when
   * `cache.mode` is `redis`, rate limits, subscriptions' pollers. Undefined: none.
   */
  redis?: RedisSettings;
  /**
   * Memory for documents, estimated in bytes: parsed ones (and their validation), and operations
   * compiled by graphql-jit (src/yoga/use-compiled-execution.ts). Least recently used first out.
   */
  documents: { parsedMaxBytes: number; compiledMaxBytes: number };
  /** Upstream calls one GraphQL request may make, and may be priced at before it runs. */
  callBudget: number;
  /** How widely `search` looks for a 0x hash (SEARCH_HASH_CHAINS, within UPSTREAM_CONNECTIONS). */
  search: SearchBreadth;
  /**
   * Demand control (src/yoga/use-demand-control.ts): the most entries an answer may be priced
   * at (every field of every object, and the items of lists of leaves), whether answers say what
   * they cost, and whether a price past a limit is refused (`enforce`) or only reported (`measure`, Apollo Router's mode of the same name: for trying
   * the limits on real traffic before enforcing them; the call budget still holds while it runs).
   */
  cost: { maxNodes: number; maxBytes: number; extensions: boolean; mode: Settings['DEMAND_CONTROL'] };
  /**
   * List items a request completes in one turn of the event loop before it lets other requests
   * in (src/graphql/pacing.ts); 0 completes every answer in one pass.
   */
  paceItemsPerTurn: number;
  /** How long the event loop stays quiet after being busy before memory is handed back (src/ops/idle-release.ts); 0: never. */
  idleReleaseMs: number;
  /**
   * Subscriptions: each topic's poll interval per kind, open subscriptions per client (address)
   * and in all, addresses one subscription may watch, and how long a topic's lease in Redis lasts
   * unless renewed (how long a dead instance's topics wait for another poller).
   */
  live: {
    intervals: Record<LiveKind, number>;
    /** The kinds whose interval is its default (LIVE_POLL_<KIND>_MS unset): `servingSandbox` may pace them. */
    defaultIntervals: readonly LiveKind[];
    perClient: number;
    total: number;
    maxTopics: number;
    /** Topics one client may have opened that are still served (LIVE_MAX_TOPICS_PER_CLIENT). */
    topicsPerClient: number;
    maxAddresses: number;
    leaseMs: number;
  };
  /** Shape limits of a GraphQL document (GraphQL Armor). */
  limits: { depth: number; aliases: number; tokens: number };
  /** Requests per client, as a token bucket (by API key when sent, and by address); off when unset. */
  rateLimit?: { perSecond: number; burst: number };
  /** Which proxies' x-forwarded-for entries name the client's address: none (the socket's), the last N hops, or these. */
  trustProxy: TrustProxy;
  /** Which other origins' pages may call the gateway (CORS_ORIGINS); none when unset: same-origin only. */
  cors?: CorsConfig;
  graphiql: boolean;
  /**
   * Which documents run: any, a manifest's by id, and APQ (`allow`); only a manifest's, by id
   * (`only`); any, with no ids (`off`). `manifests` are persisted-documents.json files.
   */
  trustedDocuments: { mode: Settings['TRUSTED_DOCUMENTS']; manifests: string[]; apqMaxBytes: number };
  /** The most operations one POST may carry as an array (BATCHING_LIMIT); 0: arrays are refused. */
  batchingLimit: number;
  /**
   * What reloads the settings that can change while serving (src/gateway/reload.ts): SIGHUP always, and
   * with `watchMs` a change to `file` (CONFIG_FILE) or to a manifest, checked that often.
   */
  reload: { file?: string; watchMs: number };
  /** gzip or brotli for answers of at least `minBytes`, by the request's accept-encoding. */
  compression: { minBytes: number } | false;
  /** Whether `__schema` and `__type` are answered (GraphiQL and codegen need them). */
  introspection: boolean;
  /** Whether the graph is also served as an Apollo Federation v2 subgraph, at /subgraph. */
  federation: boolean;
  /** When set, /subgraph answers only `Authorization: Bearer <SUBGRAPH_TOKEN>` (the router). */
  subgraphToken?: string;
  logLevel: string;
  /** The share of successful requests whose line is logged (requests with errors always are). */
  logSampleRate: number;
  /** Prometheus metrics at /metrics: off, or on (behind a bearer token, or on a port of their own, when set). */
  metrics: { enabled: boolean; token?: string; port?: number; maxOperations: number };
  /** What /ready probes, how long its answer is kept, how long a probe may take. */
  ready: { upstreams: ReadyUpstream[]; cacheMs: number; timeoutMs: number };
  /**
   * OpenTelemetry tracing, on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and not disabled; the SDK reads the other OTEL_* itself.
   * `protocol`: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else the
   * specification's default, http/protobuf.
   */
  tracing?: { endpoint: string; protocol: OtlpProtocol };
  /**
   * The /metrics registry pushed as OTLP too: on with OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, or with
   * OTEL_METRICS_EXPORTER=otlp (to OTEL_EXPORTER_OTLP_ENDPOINT + /v1/metrics, else the
   * specification's http://localhost:4318/v1/metrics); never by OTEL_EXPORTER_OTLP_ENDPOINT
   * alone, so a deployment that sends it only spans does not start pushing metrics too.
   * `protocol` as tracing's, by OTEL_EXPORTER_OTLP_METRICS_PROTOCOL; every `intervalMs`
   * (OTEL_METRIC_EXPORT_INTERVAL).
   */
  metricsExport?: { endpoint: string; protocol: OtlpProtocol; intervalMs: number };
}

/** Each kind of subscription and the variable of its poll interval. */
const LIVE_POLL_VARIABLES: readonly [LiveKind, string][] = [
  ['blocks', 'LIVE_POLL_BLOCKS_MS'],
  ['transactions', 'LIVE_POLL_TRANSACTIONS_MS'],
  ['feeConfig', 'LIVE_POLL_FEE_CONFIG_MS'],
  ['validators', 'LIVE_POLL_VALIDATORS_MS'],
  ['tps', 'LIVE_POLL_TPS_MS'],
];

/** Why an instance that fell back to the sandbox offline is not ready, and what every answer says. */
export const OFFLINE_STAND_IN =
  'serving the built-in sandbox (made-up data) because the public Data API was unreachable at start: set SANDBOX=on to serve it on purpose, or restart online';

/**
 * The configuration once the embedded sandbox serves it, at `upstreams`. The sandbox's chains
 * move on every SANDBOX_BLOCK_MS, far faster than the real ones (three of its blocks make a day
 * of TPS, which the Metrics API publishes daily): a poll interval left at its default, made for
 * the real pace, would gather many of its events into one poll. Those follow its pace instead,
 * so each event is sent as it happens; intervals set explicitly are kept.
 */
export function servingSandbox(config: Config, upstreams: UpstreamUrls): Config {
  const served = { ...config, upstreams, sandboxServed: config.sandbox === 'on' ? ('asked' as const) : ('offline' as const) };
  const pace = config.sandboxBlockMs;
  if (pace <= 0) return served;
  const intervals = { ...config.live.intervals };
  for (const kind of config.live.defaultIntervals) intervals[kind] = Math.max(MIN_POLL_MS, Math.min(intervals[kind], pace));
  return { ...served, live: { ...config.live, intervals } };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The settings as given, by name, before they are checked: what a reload compares. Empty
 * variables count as unset, the way shells and .env files usually mean them.
 */
export function settingsOf(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(SETTING_NAMES.map((key) => [key, env[key] === '' ? undefined : env[key]]));
}

type Input = Record<string, string | undefined>;

/**
 * Reads and validates the configuration; throws a ConfigError that lists every problem: every
 * setting whose value is not one it may hold, or, once each holds one, every conflict between
 * settings (a conflict is only judged between values that passed their own checks).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = settingsOf(env);
  const c = checked(input);
  const problems = conflicts(c, input);
  if (problems.length > 0) throw new ConfigError(problems);
  return configOf(c, input, env.NODE_ENV);
}

/**
 * Each setting by its own schema; every problem named, and a secret's value never echoed: not a
 * secret setting's, nor what a URL holds beyond its host (a provider's key in its path, query or
 * authority).
 */
function checked(input: Input): Settings {
  // Without zod's compiled parser: the settings are read once per start (or reload), and
  // generating the parser's code cost more than it saves on one run (about 20 ms of a start).
  const parsed = SETTINGS_SCHEMA.safeParse(input, { jitless: true });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      const value = input[key];
      const shown = typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? shownUrl(value) : value;
      const got = SECRET_KEYS.has(key) ? '' : ` (got ${JSON.stringify(shown)})`;
      return `${key}: ${issue.message}${got}`;
    }),
  );
}

/** Settings that are each valid but cannot work together: every one, naming what to change and why. */
function conflicts(c: Settings, input: Input): string[] {
  const problems: string[] = [];
  if (c.FEDERATION && !c.SUBGRAPH_TOKEN && (c.TRUSTED_DOCUMENTS === 'only' || !c.INTROSPECTION)) {
    problems.push(
      `SUBGRAPH_TOKEN: needed with FEDERATION=true and ${c.TRUSTED_DOCUMENTS === 'only' ? 'TRUSTED_DOCUMENTS=only' : 'INTROSPECTION=false'}: /subgraph runs any document and gives its SDL to whoever reaches it, so only the router that sends \`Authorization: Bearer <SUBGRAPH_TOKEN>\` may use it`,
    );
  }
  if (cacheModeOf(c) === 'redis' && !c.REDIS_URL) problems.push('CACHE: redis needs REDIS_URL, e.g. redis://127.0.0.1:6379');
  problems.push(...redisConflicts(c, input));
  if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not be more than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  if (c.METRICS === 'off' && metricsExportOf(c)) {
    problems.push(
      'METRICS: OTLP metrics export (OTEL_METRICS_EXPORTER=otlp or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) pushes the metrics METRICS=off turns off: set METRICS=on (METRICS_PORT or METRICS_TOKEN keep /metrics private) or OTEL_METRICS_EXPORTER=none',
    );
  }
  if (c.RATE_LIMIT_BURST !== undefined && c.RATE_LIMIT_PER_SECOND === undefined) {
    problems.push('RATE_LIMIT_BURST: needs RATE_LIMIT_PER_SECOND (rate limits are off without it)');
  }
  if (c.CORS_CREDENTIALS && (!c.CORS_ORIGINS || c.CORS_ORIGINS[0] === '*')) {
    problems.push(
      "CORS_CREDENTIALS: true needs CORS_ORIGINS to list exact origins (never *: any site could then act with a visitor's credentials)",
    );
  }
  return problems;
}

const cacheModeOf = (c: Settings): Config['cache']['mode'] => c.CACHE ?? (c.REDIS_URL ? 'redis' : 'memory');

/** The checked settings as the gateway reads them. */
function configOf(c: Settings, input: Input, nodeEnv: string | undefined): Config {
  return {
    port: c.PORT,
    host: c.HOST,
    server: serverOf(c),
    sandbox: c.SANDBOX,
    sandboxSeed: c.SANDBOX_SEED,
    sandboxPort: c.SANDBOX_PORT,
    sandboxLatencyMs: c.SANDBOX_LATENCY_MS,
    sandboxBlockMs: c.SANDBOX_BLOCK_MS,
    ...upstreamsOf(c),
    deployment:
      nodeEnv === 'production'
        ? 'NODE_ENV=production'
        : input.REDIS_URL !== undefined
          ? 'REDIS_URL is set'
          : input.TRUSTED_DOCUMENTS !== undefined
            ? 'TRUSTED_DOCUMENTS is set'
            : undefined,
    cache: {
      mode: cacheModeOf(c),
      maxBytes: c.CACHE_MAX_BYTES,
      responseMaxBytes: c.RESPONSE_CACHE_MAX_BYTES,
      ttls: Object.fromEntries(TTL_KINDS.flatMap((kind) => (c[ttlVariable(kind)] === undefined ? [] : [[kind, c[ttlVariable(kind)]]]))),
    },
    redis: redisOf(c),
    documents: { parsedMaxBytes: c.DOCUMENT_CACHE_MAX_BYTES, compiledMaxBytes: c.COMPILED_CACHE_MAX_BYTES },
    callBudget: c.UPSTREAM_CALL_BUDGET,
    search: { hashChains: c.SEARCH_HASH_CHAINS, connections: c.UPSTREAM_CONNECTIONS },
    cost: { maxNodes: c.MAX_RESULT_NODES, maxBytes: c.MAX_RESULT_BYTES, extensions: c.COST_EXTENSIONS, mode: c.DEMAND_CONTROL },
    paceItemsPerTurn: c.PACE_ITEMS_PER_TURN,
    idleReleaseMs: c.IDLE_RELEASE_MS,
    live: liveOf(c, input),
    limits: { depth: c.MAX_DEPTH, aliases: c.MAX_ALIASES, tokens: c.MAX_TOKENS },
    // The burst defaults to two seconds' worth: a page's few parallel queries pass.
    rateLimit:
      c.RATE_LIMIT_PER_SECOND === undefined
        ? undefined
        : { perSecond: c.RATE_LIMIT_PER_SECOND, burst: c.RATE_LIMIT_BURST ?? Math.max(1, Math.ceil(2 * c.RATE_LIMIT_PER_SECOND)) },
    trustProxy: c.TRUST_PROXY,
    cors: c.CORS_ORIGINS ? { origins: c.CORS_ORIGINS[0] === '*' ? '*' : c.CORS_ORIGINS, credentials: c.CORS_CREDENTIALS } : undefined,
    graphiql: c.GRAPHIQL,
    trustedDocuments: {
      mode: c.TRUSTED_DOCUMENTS,
      manifests: c.TRUSTED_DOCUMENTS_MANIFESTS ?? DEFAULT_MANIFESTS,
      apqMaxBytes: c.TRUSTED_DOCUMENTS_APQ_MAX_BYTES,
    },
    batchingLimit: c.BATCHING_LIMIT,
    reload: { file: c.CONFIG_FILE, watchMs: c.RELOAD_WATCH_MS },
    compression: c.COMPRESSION ? { minBytes: c.COMPRESSION_MIN_BYTES } : false,
    introspection: c.INTROSPECTION,
    federation: c.FEDERATION,
    subgraphToken: c.SUBGRAPH_TOKEN,
    logLevel: c.LOG_LEVEL,
    logSampleRate: c.LOG_SAMPLE_RATE,
    metrics: { enabled: c.METRICS === 'on', token: c.METRICS_TOKEN, port: c.METRICS_PORT, maxOperations: c.METRICS_MAX_OPERATIONS },
    ready: { upstreams: c.READY_UPSTREAMS, cacheMs: c.READY_CACHE_MS, timeoutMs: c.READY_TIMEOUT_MS },
    tracing: tracingOf(c),
    metricsExport: metricsExportOf(c),
  };
}

function serverOf(c: Settings): Config['server'] {
  return {
    maxBodyBytes: c.MAX_BODY_BYTES,
    headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
    drainTimeoutMs: c.DRAIN_TIMEOUT_MS,
    drainDelayMs: c.DRAIN_DELAY_MS,
    websocket: {
      maxOperationsPerSocket: c.WS_MAX_OPERATIONS_PER_SOCKET,
      maxSocketsPerClient: c.WS_MAX_SOCKETS_PER_CLIENT,
      maxBufferedBytes: c.WS_MAX_BUFFERED_BYTES,
    },
    held: { perClient: c.MAX_HELD_BYTES_PER_CLIENT, perInstance: c.MAX_HELD_BYTES },
  };
}

/** Where the upstreams are, how they are called, and when their circuits open. */
function upstreamsOf(
  c: Settings,
): Pick<
  Config,
  | 'upstreams'
  | 'upstreamsConfigured'
  | 'apiKey'
  | 'cursorSecret'
  | 'adminToken'
  | 'apiKeyHeader'
  | 'timeoutMs'
  | 'retries'
  | 'connections'
  | 'maxResponseBytes'
  | 'breaker'
> {
  return {
    upstreams: {
      dataApi: c.DATA_API_URL ?? PUBLIC_DEFAULTS.DATA_API_URL,
      metricsApi: c.METRICS_API_URL ?? PUBLIC_DEFAULTS.METRICS_API_URL,
      node: {
        mainnet: c.NODE_URL_MAINNET ?? PUBLIC_DEFAULTS.NODE_URL_MAINNET,
        fuji: c.NODE_URL_FUJI ?? PUBLIC_DEFAULTS.NODE_URL_FUJI,
      },
    },
    upstreamsConfigured: Boolean(c.DATA_API_URL ?? c.METRICS_API_URL ?? c.NODE_URL_MAINNET ?? c.NODE_URL_FUJI),
    apiKey: c.DATA_API_KEY,
    cursorSecret: c.CURSOR_SECRET,
    adminToken: c.ADMIN_TOKEN,
    apiKeyHeader: c.API_KEY_HEADER,
    timeoutMs: c.UPSTREAM_TIMEOUT_MS,
    retries: c.UPSTREAM_RETRIES,
    connections: c.UPSTREAM_CONNECTIONS,
    maxResponseBytes: {
      'data-api': c.DATA_API_MAX_RESPONSE_BYTES,
      'metrics-api': c.METRICS_API_MAX_RESPONSE_BYTES,
      node: c.NODE_MAX_RESPONSE_BYTES,
    },
    breaker:
      c.BREAKER_FAILURE_RATE > 0
        ? {
            failureRate: c.BREAKER_FAILURE_RATE,
            windowMs: c.BREAKER_WINDOW_MS,
            minRequests: c.BREAKER_MIN_REQUESTS,
            halfOpenMs: c.BREAKER_HALF_OPEN_MS,
            minClients: c.BREAKER_MIN_CLIENTS,
          }
        : false,
  };
}

function liveOf(c: Settings, input: Input): Config['live'] {
  return {
    intervals: {
      blocks: c.LIVE_POLL_BLOCKS_MS,
      transactions: c.LIVE_POLL_TRANSACTIONS_MS,
      feeConfig: c.LIVE_POLL_FEE_CONFIG_MS,
      validators: c.LIVE_POLL_VALIDATORS_MS,
      tps: c.LIVE_POLL_TPS_MS,
    },
    defaultIntervals: LIVE_POLL_VARIABLES.filter(([, variable]) => input[variable] === undefined).map(([kind]) => kind),
    perClient: c.LIVE_MAX_PER_CLIENT,
    total: c.LIVE_MAX_SUBSCRIPTIONS,
    maxTopics: c.LIVE_MAX_TOPICS,
    topicsPerClient: c.LIVE_MAX_TOPICS_PER_CLIENT,
    maxAddresses: c.LIVE_MAX_ADDRESSES,
    leaseMs: c.LIVE_LEASE_MS,
  };
}

export type OtlpProtocol = NonNullable<Settings['OTEL_EXPORTER_OTLP_PROTOCOL']>;

/** What the REDIS_* settings cannot do together: every problem. */
function redisConflicts(c: Settings, input: Input): string[] {
  const urls = c.REDIS_URL;
  if (!urls) {
    return Object.keys(input)
      .filter((key) => key.startsWith('REDIS_') && key !== 'REDIS_URL' && input[key] !== undefined)
      .map((key) => `${key}: needs REDIS_URL (Redis is not used without it)`);
  }
  const mode = c.REDIS_MODE;
  const problems: string[] = [];
  const tls = urls.map((url) => url.startsWith('rediss://'));
  if (mode === 'standalone' && urls.length > 1) {
    problems.push('REDIS_URL: one URL, unless REDIS_MODE is cluster (the seed nodes) or sentinel (the sentinels)');
  }
  if (tls.some((t) => t !== tls[0])) problems.push('REDIS_URL: all redis:// or all rediss://, not both');
  if (mode === 'cluster' && urls.some((url) => new URL(url).pathname.length > 1)) {
    problems.push('REDIS_URL: a Redis Cluster has database 0 only: no /<db> in its URLs');
  }
  if (mode === 'sentinel' && !c.REDIS_SENTINEL_MASTER) {
    problems.push('REDIS_SENTINEL_MASTER: needed with REDIS_MODE=sentinel: the name of the master the sentinels watch, e.g. mymaster');
  }
  if (mode !== 'sentinel') {
    for (const key of ['REDIS_SENTINEL_MASTER', 'REDIS_SENTINEL_PASSWORD'] as const) {
      if (c[key] !== undefined) problems.push(`${key}: only with REDIS_MODE=sentinel`);
    }
  }
  for (const key of ['REDIS_TLS_CA_FILE', 'REDIS_TLS_CERT_FILE', 'REDIS_TLS_KEY_FILE'] as const) {
    if (c[key] !== undefined && !tls[0]) problems.push(`${key}: needs a rediss:// REDIS_URL (TLS)`);
  }
  if ((c.REDIS_TLS_CERT_FILE === undefined) !== (c.REDIS_TLS_KEY_FILE === undefined)) {
    problems.push('REDIS_TLS_CERT_FILE: a client certificate needs its key (REDIS_TLS_KEY_FILE), and the key its certificate');
  }
  return problems;
}

/** The Redis every instance shares, once redisConflicts found none; undefined without REDIS_URL. */
function redisOf(c: Settings): RedisSettings | undefined {
  if (!c.REDIS_URL) return undefined;
  return {
    mode: c.REDIS_MODE,
    urls: c.REDIS_URL,
    sentinelMaster: c.REDIS_SENTINEL_MASTER,
    sentinelPassword: c.REDIS_SENTINEL_PASSWORD,
    tls:
      c.REDIS_TLS_CA_FILE || c.REDIS_TLS_CERT_FILE
        ? { caFile: c.REDIS_TLS_CA_FILE, certFile: c.REDIS_TLS_CERT_FILE, keyFile: c.REDIS_TLS_KEY_FILE }
        : undefined,
    keyPrefix: c.REDIS_KEY_PREFIX ?? '',
  };
}

/** Tracing is on when an endpoint says where spans go, unless the SDK or the traces exporter is turned off. */
function tracingOf(c: Settings): Config['tracing'] {
  if (c.OTEL_SDK_DISABLED || c.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const protocol = c.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? c.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  // The exporter's rule: a traces endpoint is used as it is, a general one gets /v1/traces.
  if (c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return { endpoint: c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, protocol };
  if (c.OTEL_EXPORTER_OTLP_ENDPOINT) return { endpoint: `${c.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`, protocol };
  return undefined;
}

/**
 * OTLP metrics are on when asked for by name: the metrics endpoint, or OTEL_METRICS_EXPORTER=otlp.
 * The specification makes `otlp` the default exporter, but here the general endpoint alone (often
 * set for traces only, and some trace backends take no metrics) leaves metrics to /metrics.
 */
function metricsExportOf(c: Settings): Config['metricsExport'] {
  if (c.OTEL_SDK_DISABLED || c.OTEL_METRICS_EXPORTER === 'none') return undefined;
  const protocol = c.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? c.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const intervalMs = c.OTEL_METRIC_EXPORT_INTERVAL;
  // The exporter's rule, as for traces: a metrics endpoint is used as it is, a general one gets /v1/metrics.
  if (c.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) return { endpoint: c.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, protocol, intervalMs };
  if (c.OTEL_METRICS_EXPORTER !== 'otlp') return undefined;
  const base = (c.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318').replace(/\/+$/, '');
  return { endpoint: `${base}/v1/metrics`, protocol, intervalMs };
}
