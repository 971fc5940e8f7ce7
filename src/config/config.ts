/**
 * The gateway's whole configuration, read from the environment and validated once at start.
 * Every problem is reported at once, each naming its variable, so a bad deployment fails
 * with one readable message instead of one error per restart.
 */
import { accessSync, constants } from 'node:fs';
import { z } from 'zod';
import { FRESHNESS_KINDS, type FreshnessKind } from '../reuse/freshness.js';
import type { LiveKind } from '../live/feeds.js';
import type { BreakerOptions } from '../upstreams/http.js';
import type { CorsConfig } from '../guards/cross-site.js';
import { parseRange, type TrustProxy } from '../guards/identity.js';
import type { RedisSettings } from '../base/redis.js';
import { packagePath } from '../base/package-root.js';

export const PUBLIC_DEFAULTS = {
  DATA_API_URL: 'https://data-api.avax.network',
  METRICS_API_URL: 'https://metrics.avax.network',
  NODE_URL_MAINNET: 'https://api.avax.network',
  NODE_URL_FUJI: 'https://api.avax-test.network',
} as const;

const httpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL without query or fragment, e.g. https://data-api.avax.network' },
);

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `must be an integer from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be an integer from ${min} to ${max}` });

const MiB = 1024 * 1024;

/** The manifests `npm run codegen` writes: the example queries' and the example explorer's. */
export const DEFAULT_MANIFESTS = ['examples/gql/persisted-documents.json', 'examples/web/src/gql/persisted-documents.json'].map(
  packagePath,
);

/** `CACHE_TTL_<KIND>_MS` for every kind of chain state in the freshness table. */
const TTL_KINDS = (Object.keys(FRESHNESS_KINDS) as FreshnessKind[]).filter((kind) => kind !== 'immutable');
const ttlVariable = (kind: FreshnessKind) => `CACHE_TTL_${kind.toUpperCase()}_MS`;

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// RFC 9110 token characters: what a header name may hold.
const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { message: 'must be a valid HTTP header name, e.g. x-service-api-key' })
  .transform((v) => v.toLowerCase());

/** The items of a comma list, trimmed, empty ones dropped. */
function commaList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `*`, or a comma list of exact origins (scheme://host[:port], as a browser sends them in Origin). */
const corsOrigins = z
  .string()
  .transform(commaList)
  .refine(
    (list) => (list.length === 1 && list[0] === '*') || (list.length > 0 && list.every((v) => URL.canParse(v) && new URL(v).origin === v)),
    {
      message: 'must be * or a comma list of origins like https://app.example.org (scheme, host and port only, no path or trailing slash)',
    },
  );

/** `false`, a number of proxy hops, or a comma list of the proxies' addresses and CIDR ranges. */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  if (value === 'false') return false;
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const list = commaList(value);
  if (list.length > 0 && !/^\d+$/.test(value) && list.every((v) => parseRange(v))) return list;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, a number of proxy hops from 1 to 10, or a comma list of proxy addresses and CIDR ranges, e.g. 10.0.0.0/8,fd00::/8',
  });
  return z.NEVER;
});

/** A positive decimal, e.g. 0.5 for one request every two seconds. */
const rate = z
  .string()
  .regex(/^\d+(\.\d+)?$/, { message: 'must be a number above 0 and at most 100000, e.g. 10 or 0.5' })
  .transform(Number)
  .refine((n) => n > 0 && n <= 100_000, { message: 'must be a number above 0 and at most 100000, e.g. 10 or 0.5' });

const fraction = z
  .string()
  .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { message: 'must be a fraction from 0 to 1, e.g. 0.5' })
  .transform(Number);

/** What /ready can probe (src/ops/readiness.ts). */
export const READY_UPSTREAMS = ['data-api', 'metrics-api', 'node-mainnet', 'node-fuji'] as const;
export type ReadyUpstream = (typeof READY_UPSTREAMS)[number];

/** `none`, or a comma list of the upstreams /ready probes. */
const readyUpstreams = z.string().transform((value, ctx): ReadyUpstream[] => {
  if (value.trim() === 'none') return [];
  const list = commaList(value);
  const unknown = list.filter((v) => !(READY_UPSTREAMS as readonly string[]).includes(v));
  if (list.length > 0 && unknown.length === 0) return [...new Set(list)] as ReadyUpstream[];
  ctx.addIssue({ code: 'custom', message: `must be none or a comma list of ${READY_UPSTREAMS.join(', ')}` });
  return z.NEVER;
});

/** The most operations BATCHING_LIMIT may allow in one request: past a few dozen a client should send requests of its own. */
export const BATCHING_MAX = 100;

/** A comma list of redis:// or rediss:// URLs (one, unless REDIS_MODE says cluster or sentinel). */
const redisUrls = z
  .string()
  .transform(commaList)
  .refine(
    (list) =>
      list.length > 0 &&
      list.every((v) => {
        if (!/^rediss?:\/\//.test(v) || !URL.canParse(v)) return false;
        const url = new URL(v);
        return url.hostname !== '' && /^(\/\d{0,2})?$/.test(url.pathname) && !url.search && !url.hash;
      }),
    {
      message:
        'must be a redis:// or rediss:// URL (or, with REDIS_MODE cluster or sentinel, a comma list of them), e.g. redis://127.0.0.1:6379',
    },
  );

/** A file the gateway can read now (a certificate, a key): a typo stops the start, not the first connection. */
const readableFile = z.string().refine(
  (path) => {
    try {
      accessSync(path, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must name a file this process can read' },
);

/** The shortest poll interval of a subscription topic. */
const MIN_POLL_MS = 200;

const schema = z.object({
  PORT: int(0, 65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX: z.enum(['auto', 'on', 'off'], { message: 'must be one of auto, on, off' }).default('auto'),
  SANDBOX_SEED: z.string().min(1).default('avalanche'),
  SANDBOX_PORT: int(0, 65535).default(0),
  SANDBOX_LATENCY_MS: int(0, 60_000).default(0),
  SANDBOX_BLOCK_MS: int(0, 3_600_000).default(3_000),
  DATA_API_URL: httpUrl.optional(),
  METRICS_API_URL: httpUrl.optional(),
  NODE_URL_MAINNET: httpUrl.optional(),
  NODE_URL_FUJI: httpUrl.optional(),
  DATA_API_KEY: z.string().min(1).optional(),
  CURSOR_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  ADMIN_TOKEN: z.string().min(16, { message: 'must be at least 16 characters, e.g. from `openssl rand -hex 32`' }).optional(),
  API_KEY_HEADER: headerName.default('x-service-api-key'),
  UPSTREAM_TIMEOUT_MS: int(100, 120_000).default(10_000),
  UPSTREAM_RETRIES: int(0, 5).default(2),
  UPSTREAM_CONNECTIONS: int(1, 1024).default(64),
  CACHE: z.enum(['off', 'memory', 'redis'], { message: 'must be one of off, memory, redis' }).optional(),
  REDIS_URL: redisUrls.optional(),
  REDIS_MODE: z
    .enum(['standalone', 'cluster', 'sentinel'], { message: 'must be one of standalone, cluster, sentinel' })
    .default('standalone'),
  REDIS_SENTINEL_MASTER: z.string().min(1).optional(),
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
  REDIS_TLS_CA_FILE: readableFile.optional(),
  REDIS_TLS_CERT_FILE: readableFile.optional(),
  REDIS_TLS_KEY_FILE: readableFile.optional(),
  // Braces would make part of the prefix the cluster hash tag: every key in one slot.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[^\s{}]{1,64}$/, { message: 'must be up to 64 characters without spaces or braces, e.g. gateway-eu:' })
    .optional(),
  CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(32 * MiB),
  RESPONSE_CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(16 * MiB),
  // What documents cost to keep: parsed (with their validation), and compiled to JavaScript.
  DOCUMENT_CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(4 * MiB),
  COMPILED_CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(16 * MiB),
  ...Object.fromEntries(TTL_KINDS.map((kind) => [ttlVariable(kind), int(0, 86_400_000).optional()])),
  DATA_API_MAX_RESPONSE_BYTES: int(1024, 1024 * MiB).default(8 * MiB),
  METRICS_API_MAX_RESPONSE_BYTES: int(1024, 1024 * MiB).default(2 * MiB),
  NODE_MAX_RESPONSE_BYTES: int(1024, 1024 * MiB).default(8 * MiB),
  BREAKER_FAILURE_RATE: fraction.default(0.5),
  BREAKER_WINDOW_MS: int(1000, 600_000).default(10_000),
  BREAKER_MIN_REQUESTS: int(1, 100_000).default(20),
  BREAKER_MIN_CLIENTS: int(1, 1_000).default(3),
  MAX_BODY_BYTES: int(1024, 64 * MiB).default(MiB),
  HTTP_HEADERS_TIMEOUT_MS: int(1000, 600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: int(1000, 600_000).default(15_000),
  DRAIN_TIMEOUT_MS: int(0, 600_000).default(15_000),
  DRAIN_DELAY_MS: int(0, 600_000).default(0),
  BREAKER_HALF_OPEN_MS: int(100, 3_600_000).default(5_000),
  UPSTREAM_CALL_BUDGET: int(1, 100_000).default(250),
  PACE_ITEMS_PER_TURN: int(0, 10_000_000).default(500),
  MAX_RESULT_NODES: int(1, 100_000_000).default(10_000),
  COST_EXTENSIONS: bool.default(true),
  DEMAND_CONTROL: z.enum(['enforce', 'measure'], { message: 'must be enforce or measure' }).default('enforce'),
  // Read by `npm start` (node's --max-old-space-size); checked here so that a typo stops the start.
  HEAP_MAX_MB: int(128, 1_048_576).optional(),
  IDLE_RELEASE_MS: int(0, 3_600_000).default(5_000),
  MAX_DEPTH: int(1, 1000).default(15),
  MAX_ALIASES: int(0, 10_000).default(30),
  MAX_TOKENS: int(100, 1_000_000).default(4000),
  // Subscriptions: how often a topic's poller calls its upstream (whatever subscribers ask), and the bounds.
  LIVE_POLL_BLOCKS_MS: int(MIN_POLL_MS, 3_600_000).default(2_000),
  LIVE_POLL_TRANSACTIONS_MS: int(MIN_POLL_MS, 3_600_000).default(5_000),
  LIVE_POLL_FEE_CONFIG_MS: int(MIN_POLL_MS, 3_600_000).default(10_000),
  LIVE_POLL_VALIDATORS_MS: int(MIN_POLL_MS, 3_600_000).default(10_000),
  LIVE_POLL_TPS_MS: int(MIN_POLL_MS, 3_600_000).default(60_000),
  LIVE_MAX_PER_CLIENT: int(1, 100_000).default(20),
  LIVE_MAX_SUBSCRIPTIONS: int(1, 1_000_000).default(10_000),
  LIVE_MAX_TOPICS: int(1, 100_000).default(500),
  LIVE_MAX_ADDRESSES: int(1, 100).default(20),
  LIVE_LEASE_MS: int(500, 600_000).default(10_000),
  // GraphQL over WebSocket: what one socket runs at once, how many sockets one client holds open,
  // and how much one socket may have waiting unread by its client before it is closed.
  WS_MAX_OPERATIONS_PER_SOCKET: int(1, 10_000).default(50),
  WS_MAX_SOCKETS_PER_CLIENT: int(1, 100_000).default(20),
  WS_MAX_BUFFERED_BYTES: int(65_536, 1_073_741_824).default(4_194_304),
  RATE_LIMIT_PER_SECOND: rate.optional(),
  RATE_LIMIT_BURST: int(1, 1_000_000).optional(),
  TRUST_PROXY: trustProxy.default(false),
  CORS_ORIGINS: corsOrigins.optional(),
  CORS_CREDENTIALS: bool.default(false),
  GRAPHIQL: bool.default(true),
  TRUSTED_DOCUMENTS: z.enum(['off', 'allow', 'only'], { message: 'must be one of off, allow, only' }).default('allow'),
  TRUSTED_DOCUMENTS_MANIFESTS: z
    .string()
    .transform(commaList)
    .refine((list) => list.length > 0, { message: 'must be a comma list of persisted-documents.json files' })
    .optional(),
  TRUSTED_DOCUMENTS_APQ_MAX_BYTES: int(0, 1024 * MiB).default(4 * MiB),
  // Arrays of operations in one POST (0: refused); each is charged and limited as if sent alone.
  BATCHING_LIMIT: int(0, BATCHING_MAX).default(0),
  // Read by the process itself (the CLI's --config sets it): settings under the environment's, read again on reload.
  CONFIG_FILE: z.string().min(1).optional(),
  // 0: reload on SIGHUP only; else also when CONFIG_FILE or a manifest changes, checked this often.
  RELOAD_WATCH_MS: int(0, 3_600_000)
    .refine((n) => n === 0 || n >= 100, { message: 'must be 0 (off) or from 100 to 3600000' })
    .default(0),
  COMPRESSION: bool.default(true),
  COMPRESSION_MIN_BYTES: int(0, 64 * MiB).default(1024),
  INTROSPECTION: bool.default(true),
  FEDERATION: bool.default(false),
  SUBGRAPH_TOKEN: z.string().min(16, { message: 'must be at least 16 characters, e.g. from `openssl rand -hex 32`' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_SAMPLE_RATE: fraction.default(1),
  METRICS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters, e.g. from `openssl rand -hex 32`' }).optional(),
  METRICS_PORT: int(1, 65535).optional(),
  METRICS_MAX_OPERATIONS: int(1, 10_000).default(200),
  READY_UPSTREAMS: readyUpstreams.default([...READY_UPSTREAMS]),
  READY_CACHE_MS: int(0, 600_000).default(5_000),
  READY_TIMEOUT_MS: int(100, 60_000).default(2_000),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_SDK_DISABLED: bool.optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none'], { message: 'must be otlp or none (traces go out as OTLP over HTTP)' }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/json', 'http/protobuf'], {
      message:
        'must be http/protobuf (the default) or http/json: traces go out as OTLP over HTTP; gRPC is not supported (a collector takes both on 4318)',
    })
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z
    .enum(['http/json', 'http/protobuf'], {
      message:
        'must be http/protobuf (the default) or http/json: traces go out as OTLP over HTTP; gRPC is not supported (a collector takes both on 4318)',
    })
    .optional(),
  OTEL_METRICS_EXPORTER: z
    .enum(['otlp', 'none'], { message: 'must be otlp or none (metrics are pushed as OTLP over HTTP, or scraped at /metrics)' })
    .optional(),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: z
    .enum(['http/json', 'http/protobuf'], {
      message:
        'must be http/protobuf (the default) or http/json: metrics go out as OTLP over HTTP; gRPC is not supported (a collector takes both on 4318)',
    })
    .optional(),
  OTEL_METRIC_EXPORT_INTERVAL: int(100, 3_600_000).default(60_000),
});

/** Every variable the gateway reads: what a settings file (the CLI's --config) or a manifest may name. */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

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
  };
  /** `auto`: public endpoints when reachable, else the sandbox; only when no URL was configured, and never in a deployment. */
  sandbox: 'auto' | 'on' | 'off';
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
    mode: 'off' | 'memory' | 'redis';
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
  /**
   * Demand control (src/yoga/use-demand-control.ts): the most objects an answer may be priced
   * at, whether answers say what they cost, and whether a price past a limit is refused
   * (`enforce`) or only reported (`measure`, Apollo Router's mode of the same name: for trying
   * the limits on real traffic before enforcing them; the call budget still holds while it runs).
   */
  cost: { maxNodes: number; extensions: boolean; mode: 'enforce' | 'measure' };
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
  trustedDocuments: { mode: 'off' | 'allow' | 'only'; manifests: string[]; apqMaxBytes: number };
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

/**
 * The configuration once the embedded sandbox serves it, at `upstreams`. The sandbox's chains
 * move on every SANDBOX_BLOCK_MS, far faster than the real ones (three of its blocks make a day
 * of TPS, which the Metrics API publishes daily): a poll interval left at its default, made for
 * the real pace, would gather many of its events into one poll. Those follow its pace instead,
 * so each event is sent as it happens; intervals set explicitly are kept.
 */
export function servingSandbox(config: Config, upstreams: UpstreamUrls): Config {
  const pace = config.sandboxBlockMs;
  if (pace <= 0) return { ...config, upstreams };
  const intervals = { ...config.live.intervals };
  for (const kind of config.live.defaultIntervals) intervals[kind] = Math.max(MIN_POLL_MS, Math.min(intervals[kind], pace));
  return { ...config, upstreams, live: { ...config.live, intervals } };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'DATA_API_KEY',
  'CURSOR_SECRET',
  'ADMIN_TOKEN',
  'REDIS_URL',
  'REDIS_SENTINEL_PASSWORD',
  'METRICS_TOKEN',
  'SUBGRAPH_TOKEN',
]);

/**
 * The settings as given, by name, before they are checked: what a reload compares. Empty
 * variables count as unset, the way shells and .env files usually mean them.
 */
export function settingsOf(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
}

/** Reads and validates the configuration; throws a ConfigError that lists every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = settingsOf(env);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      const got = SECRET_KEYS.has(key) ? '' : ` (got ${JSON.stringify(input[key])})`;
      return `${key}: ${issue.message}${got}`;
    });
    throw new ConfigError(problems);
  }
  const c = parsed.data as typeof parsed.data & Record<string, number | undefined>;
  const cacheMode = c.CACHE ?? (c.REDIS_URL ? 'redis' : 'memory');
  if (c.FEDERATION && !c.SUBGRAPH_TOKEN && (c.TRUSTED_DOCUMENTS === 'only' || !c.INTROSPECTION)) {
    throw new ConfigError([
      `SUBGRAPH_TOKEN: needed with FEDERATION=true and ${c.TRUSTED_DOCUMENTS === 'only' ? 'TRUSTED_DOCUMENTS=only' : 'INTROSPECTION=false'}: /subgraph runs any document and gives its SDL to whoever reaches it, so only the router that sends \`Authorization: Bearer <SUBGRAPH_TOKEN>\` may use it`,
    ]);
  }
  if (cacheMode === 'redis' && !c.REDIS_URL) throw new ConfigError(['CACHE: redis needs REDIS_URL, e.g. redis://127.0.0.1:6379']);
  const redis = redisOf(c, input);
  if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_MS: must not be more than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)']);
  }
  if (c.METRICS === 'off' && metricsExportOf(c)) {
    throw new ConfigError([
      'METRICS: OTLP metrics export (OTEL_METRICS_EXPORTER=otlp or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) pushes the metrics METRICS=off turns off: set METRICS=on (METRICS_PORT or METRICS_TOKEN keep /metrics private) or OTEL_METRICS_EXPORTER=none',
    ]);
  }
  if (c.RATE_LIMIT_BURST !== undefined && c.RATE_LIMIT_PER_SECOND === undefined) {
    throw new ConfigError(['RATE_LIMIT_BURST: needs RATE_LIMIT_PER_SECOND (rate limits are off without it)']);
  }
  if (c.CORS_CREDENTIALS && (!c.CORS_ORIGINS || c.CORS_ORIGINS[0] === '*')) {
    throw new ConfigError([
      "CORS_CREDENTIALS: true needs CORS_ORIGINS to list exact origins (never *: any site could then act with a visitor's credentials)",
    ]);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    server: {
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
    },
    sandbox: c.SANDBOX,
    sandboxSeed: c.SANDBOX_SEED,
    sandboxPort: c.SANDBOX_PORT,
    sandboxLatencyMs: c.SANDBOX_LATENCY_MS,
    sandboxBlockMs: c.SANDBOX_BLOCK_MS,
    upstreams: {
      dataApi: c.DATA_API_URL ?? PUBLIC_DEFAULTS.DATA_API_URL,
      metricsApi: c.METRICS_API_URL ?? PUBLIC_DEFAULTS.METRICS_API_URL,
      node: {
        mainnet: c.NODE_URL_MAINNET ?? PUBLIC_DEFAULTS.NODE_URL_MAINNET,
        fuji: c.NODE_URL_FUJI ?? PUBLIC_DEFAULTS.NODE_URL_FUJI,
      },
    },
    upstreamsConfigured: Boolean(c.DATA_API_URL ?? c.METRICS_API_URL ?? c.NODE_URL_MAINNET ?? c.NODE_URL_FUJI),
    deployment:
      env.NODE_ENV === 'production'
        ? 'NODE_ENV=production'
        : input.REDIS_URL !== undefined
          ? 'REDIS_URL is set'
          : input.TRUSTED_DOCUMENTS !== undefined
            ? 'TRUSTED_DOCUMENTS is set'
            : undefined,
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
    cache: {
      mode: cacheMode,
      maxBytes: c.CACHE_MAX_BYTES,
      responseMaxBytes: c.RESPONSE_CACHE_MAX_BYTES,
      ttls: Object.fromEntries(TTL_KINDS.flatMap((kind) => (c[ttlVariable(kind)] === undefined ? [] : [[kind, c[ttlVariable(kind)]]]))),
    },
    redis,
    documents: { parsedMaxBytes: c.DOCUMENT_CACHE_MAX_BYTES, compiledMaxBytes: c.COMPILED_CACHE_MAX_BYTES },
    callBudget: c.UPSTREAM_CALL_BUDGET,
    cost: { maxNodes: c.MAX_RESULT_NODES, extensions: c.COST_EXTENSIONS, mode: c.DEMAND_CONTROL },
    paceItemsPerTurn: c.PACE_ITEMS_PER_TURN,
    idleReleaseMs: c.IDLE_RELEASE_MS,
    live: {
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
      maxAddresses: c.LIVE_MAX_ADDRESSES,
      leaseMs: c.LIVE_LEASE_MS,
    },
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

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** The REDIS_* settings, checked together; every problem at once. */
function redisOf(
  c: {
    REDIS_URL?: string[];
    REDIS_MODE: RedisSettings['mode'];
    REDIS_SENTINEL_MASTER?: string;
    REDIS_SENTINEL_PASSWORD?: string;
    REDIS_TLS_CA_FILE?: string;
    REDIS_TLS_CERT_FILE?: string;
    REDIS_TLS_KEY_FILE?: string;
    REDIS_KEY_PREFIX?: string;
  },
  input: Record<string, string | undefined>,
): RedisSettings | undefined {
  const urls = c.REDIS_URL;
  if (!urls) {
    const orphans = Object.keys(input).filter((key) => key.startsWith('REDIS_') && key !== 'REDIS_URL' && input[key] !== undefined);
    if (orphans.length > 0) throw new ConfigError(orphans.map((key) => `${key}: needs REDIS_URL (Redis is not used without it)`));
    return undefined;
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
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    mode,
    urls,
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
function tracingOf(c: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SDK_DISABLED?: boolean;
  OTEL_TRACES_EXPORTER?: string;
  OTEL_EXPORTER_OTLP_PROTOCOL?: OtlpProtocol;
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: OtlpProtocol;
}): Config['tracing'] {
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
function metricsExportOf(c: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?: string;
  OTEL_SDK_DISABLED?: boolean;
  OTEL_METRICS_EXPORTER?: string;
  OTEL_EXPORTER_OTLP_PROTOCOL?: OtlpProtocol;
  OTEL_EXPORTER_OTLP_METRICS_PROTOCOL?: OtlpProtocol;
  OTEL_METRIC_EXPORT_INTERVAL: number;
}): Config['metricsExport'] {
  if (c.OTEL_SDK_DISABLED || c.OTEL_METRICS_EXPORTER === 'none') return undefined;
  const protocol = c.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? c.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const intervalMs = c.OTEL_METRIC_EXPORT_INTERVAL;
  // The exporter's rule, as for traces: a metrics endpoint is used as it is, a general one gets /v1/metrics.
  if (c.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) return { endpoint: c.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, protocol, intervalMs };
  if (c.OTEL_METRICS_EXPORTER !== 'otlp') return undefined;
  const base = (c.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318').replace(/\/+$/, '');
  return { endpoint: `${base}/v1/metrics`, protocol, intervalMs };
}
