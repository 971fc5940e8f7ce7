/**
 * Every setting of the gateway, declared once: its name, the schema that checks it (with its
 * default), the words the README's configuration table gives it, and whether a reload may change
 * it or it must never be shown. The checked values' type (`Settings`) is inferred from the
 * schemas; src/config/config.ts turns them into the `Config` the gateway reads, the settings file
 * (src/config/settings-file.ts) and the reload (src/gateway/reload.ts) take their names from here,
 * and `npm run codegen:settings` writes the README's table from these rows (a test fails when it
 * is out of date).
 */
import * as z from 'zod';
import { packagePath } from '../base/package-root.js';
import { FRESHNESS_KINDS, type FreshnessKind } from '../reuse/freshness.js';
import { DEFAULT_HASH_CHAINS, MAX_HASH_CHAINS } from '../domain/search.js';
import {
  bool,
  corsOrigins,
  commaList,
  fraction,
  headerName,
  httpUrl,
  int,
  MiB,
  otlpProtocol,
  rate,
  READY_UPSTREAMS,
  readableFile,
  readyUpstreams,
  redisUrls,
  token,
  trustProxy,
} from './kinds.js';

export { READY_UPSTREAMS, type ReadyUpstream } from './kinds.js';

/** One row of the README's table: settings described together, and what they share. */
export interface Row<S extends z.ZodRawShape = z.ZodRawShape> {
  /** The settings, in the order the row names them, each with its schema (and default). */
  settings: S;
  /** What they do and what they allow: the row's last column. */
  about: string;
  /** The Default column, where the schemas' own defaults would not say it (none, or computed elsewhere). */
  shown?: string;
  /** The Variable column, where the names one by one would not do. */
  title?: string;
  /** A reload applies a change to them (src/gateway/reload.ts says how); else a change needs a restart. */
  reloadable?: true;
  /** Never shown: not in a problem's message, not in a reload's log line. */
  secret?: true;
}

function row<S extends z.ZodRawShape>(settings: S, about: string, options: Omit<Row, 'settings' | 'about'> = {}): Row<S> {
  return { settings, about, ...options };
}

export const PUBLIC_DEFAULTS = {
  DATA_API_URL: 'https://data-api.avax.network',
  METRICS_API_URL: 'https://metrics.avax.network',
  NODE_URL_MAINNET: 'https://api.avax.network',
  NODE_URL_FUJI: 'https://api.avax-test.network',
} as const;

/**
 * The manifests `npm run codegen` writes: the example queries' and the example explorer's.
 */
export const DEFAULT_MANIFESTS = ['examples/gql/persisted-documents.json', 'examples/web/src/gql/persisted-documents.json'].map(
  packagePath,
);

/** The most operations BATCHING_LIMIT may allow in one request: past a few dozen a client should send requests of its own. */
export const BATCHING_MAX = 100;

/** The shortest poll interval of a subscription topic. */
export const MIN_POLL_MS = 200;

/** Every kind of chain state in the freshness table whose time-to-live may be set. */
export const TTL_KINDS = (Object.keys(FRESHNESS_KINDS) as FreshnessKind[]).filter((kind) => kind !== 'immutable');
type TtlVariable = `CACHE_TTL_${Uppercase<FreshnessKind>}_MS`;
export const ttlVariable = (kind: FreshnessKind) => `CACHE_TTL_${kind.toUpperCase()}_MS` as TtlVariable;
const TTL_SETTINGS = Object.fromEntries(TTL_KINDS.map((kind) => [ttlVariable(kind), int(0, 86_400_000).optional()])) as Record<
  TtlVariable,
  z.ZodOptional<ReturnType<typeof int>>
>;

/** The README's table, row by row; the schema takes the settings in this order, and lists problems in it. */
export const ROWS = [
  row(
    {
      PORT: int(0, 65535).default(4000),
      HOST: z.string().min(1).default('127.0.0.1'),
    },
    'Where the gateway listens (`HOST=0.0.0.0` in a container)',
  ),
  row(
    {
      SANDBOX: z.enum(['auto', 'on', 'off'], { message: 'must be one of auto, on, off' }).default('auto'),
    },
    '`on`: serve the built-in sandbox, on purpose; `off`: never; `auto`: on a laptop with no upstream URL set and the public Data API unreachable, the sandbox stands in, never passing for the network: every answer carries `x-avalanche-sandbox` and `/ready` answers 503. Never in a deployment (`NODE_ENV=production`, or `REDIS_URL` or `TRUSTED_DOCUMENTS` set): there an unreachable upstream is logged as an error and `/ready` answers 503, rather than made-up data served as if all were well',
  ),
  row(
    {
      SANDBOX_SEED: z.string().min(1).default('avalanche'),
      SANDBOX_LATENCY_MS: int(0, 60_000).default(0),
    },
    "The sandbox world's seed; latency it adds per call",
  ),
  row(
    {
      SANDBOX_PORT: int(0, 65535).default(0),
    },
    'The port of the sandbox `npm start` runs offline (and `npm run demo` always), on 127.0.0.1; `0`: a free one. Also read by `npm run sandbox`',
  ),
  row(
    {
      SANDBOX_BLOCK_MS: int(0, 3_600_000).default(3_000),
    },
    "How often the built-in sandbox's chains move on (a block on each chain; now and then a transaction, a fee config or validator change, a TPS point): see [Subscriptions](subscriptions.md#subscriptions). `0` keeps them still. While the gateway serves its embedded sandbox, each `LIVE_POLL_<KIND>_MS` left unset polls at most this often, so that every event comes as it happens. Also read by `npm run sandbox`",
  ),
  row(
    {
      DATA_API_URL: httpUrl.optional(),
    },
    'Data API base URL',
    { shown: '`https://data-api.avax.network`' },
  ),
  row(
    {
      METRICS_API_URL: httpUrl.optional(),
    },
    'Metrics API base URL',
    { shown: '`https://metrics.avax.network`' },
  ),
  row(
    {
      NODE_URL_MAINNET: httpUrl.optional(),
      NODE_URL_FUJI: httpUrl.optional(),
    },
    'avalanchego JSON-RPC per network',
    { shown: '`https://api.avax.network`, `https://api.avax-test.network`' },
  ),
  row(
    {
      DATA_API_KEY: z.string().min(1).optional(),
    },
    'Sent to the Data API; never logged or echoed',
    { secret: true },
  ),
  row(
    {
      ADMIN_TOKEN: token.optional(),
    },
    "Turns the node's admin operations on (16+ characters); requests must send `Authorization: Bearer <ADMIN_TOKEN>`. Unset: admin fields answer `FORBIDDEN`",
    { secret: true },
  ),
  row(
    {
      CURSOR_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    },
    'Signs connection cursors (16+ characters). Set the same value on every instance behind one endpoint, or cursors from one are refused by another and none survive a restart',
    { shown: 'random per process', secret: true },
  ),
  row(
    {
      API_KEY_HEADER: headerName.default('x-service-api-key'),
    },
    'Header name for the key (the OpenAPI spec names `x-glacier-api-key`). A client may send its own key in this header; it is forwarded for that request only, when it may be a key (1 to 256 visible ASCII characters: else its Data API fields fail with `BAD_USER_INPUT` and nothing is sent)',
  ),
  row(
    {
      UPSTREAM_TIMEOUT_MS: int(100, 120_000).default(10_000),
    },
    'Deadline of one upstream attempt, answer and body together',
  ),
  row(
    {
      UPSTREAM_RETRIES: int(0, 5).default(2),
    },
    'Retries of idempotent calls',
  ),
  row(
    {
      UPSTREAM_CONNECTIONS: int(1, 1024).default(64),
    },
    'Keep-alive connections per upstream origin',
  ),
  row(
    {
      UPSTREAM_CALL_BUDGET: int(1, 100_000).default(250),
    },
    'Upstream calls one GraphQL request may make, and may be priced at before it runs (see [What a query costs](cost-model.md#what-a-query-costs))',
    { reloadable: true },
  ),
  row(
    {
      SEARCH_HASH_CHAINS: int(1, MAX_HASH_CHAINS).default(DEFAULT_HASH_CHAINS),
    },
    "The most EVM chains of each network on which `search` looks for a 0x hash: the C-Chain, then the chain registry's others in its order. Fewer when its lookups would not all go out at once over `UPSTREAM_CONNECTIONS` (two per chain, so 15 of each network with the default 64 connections when both networks are searched, 31 when one is): a search then takes one upstream latency, not two. Each chain costs a search of a hash two upstream calls per network; a hash on a chain past them is found by `evmChain(evmChainId:) { transaction }`",
  ),
  row(
    {
      MAX_RESULT_NODES: int(1, 100_000_000).default(40_000),
    },
    'Entries an answer may be priced at before it runs: every field of every object in it (leaves and `__typename` too, each alias on its own) and every item of a list of leaves. Past it the operation is refused with `QUERY_LIMIT_EXCEEDED` (`limit: nodes`). The default takes the largest page a field documents (`subnets(first: 10000)`) with a few fields per item',
    { reloadable: true },
  ),
  row(
    {
      MAX_RESULT_BYTES: int(1024, 1_073_741_824).default(64 * 1024 * 1024),
    },
    "Bytes an answer's `data` may be priced at before it runs, as JSON: every key, and every value (a leaf whose size the data decides, such as a block's bytes, a contract's code or a genesis, at the size declared or last seen beside its field). Past it the operation is refused with `QUERY_LIMIT_EXCEEDED` (`limit: bytes`), before any call. The default (64 MiB) takes `subnets(first: 10000)` with a dozen fields per subnet, and sixty subnets with their chains' whole genesis, contract code priced at the most a contract may hold (24 KiB) until code was seen",
    { reloadable: true },
  ),
  row(
    {
      DEMAND_CONTROL: z.enum(['enforce', 'measure'], { message: 'must be enforce or measure' }).default('enforce'),
    },
    '`measure` prices every operation and reports it (`extensions.cost`) but refuses none: to try the limits on real traffic first. The call budget still holds while a query runs',
    { reloadable: true },
  ),
  row(
    {
      COST_EXTENSIONS: bool.default(true),
    },
    'Every answer says what it was priced at and what it cost (`extensions.cost`); `false` leaves it out',
    { reloadable: true },
  ),
  row(
    {
      MAX_DEPTH: int(1, 1000).default(15),
      MAX_ALIASES: int(0, 10_000).default(30),
      MAX_TOKENS: int(100, 1_000_000).default(4000),
    },
    "Limits on a document's shape, counted with fragments spread where they are used (aliases of any field, `__typename` too; also: at most 50 directives, 100 fragment spreads, list arguments of at most 100 items, brackets nested at most 320 levels deep, `limit: nesting`)",
  ),
  row(
    {
      CACHE: z.enum(['off', 'memory', 'redis'], { message: 'must be one of off, memory, redis' }).optional(),
    },
    'Reuse of upstream answers and whole responses between requests: `off`, `memory` (this process), `redis` (shared by every instance, memory in front). See [Caching, and several instances](caching.md#caching-and-several-instances)',
    { shown: '`memory` (`redis` when `REDIS_URL` is set)' },
  ),
  row(
    {
      CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(32 * MiB),
      RESPONSE_CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(16 * MiB),
    },
    "Memory bounds of the two caches, least recently used first out, counted as what their entries hold: an upstream answer its bytes as received (its decoded form holds about 1.1–1.3× that) plus its key; a whole response 4.5× its JSON (the executor's objects, the JSON and compressed forms kept to serve it). Answers past their time are dropped every 5 s. See [Memory](operating.md#memory)",
    { shown: '`33554432` (32 MiB), `16777216` (16 MiB)' },
  ),
  row(
    {
      // What documents cost to keep: parsed (with their validation), and compiled to JavaScript.
      DOCUMENT_CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(4 * MiB),
    },
    'Parsed documents (and their validation), counted as about 80 bytes per character of their text; least recently used first out',
    { shown: '`4194304` (4 MiB)' },
  ),
  row(
    {
      COMPILED_CACHE_MAX_BYTES: int(0, 64 * 1024 * MiB).default(16 * MiB),
    },
    'Operations compiled to JavaScript (graphql-jit), counted as about 2.5 bytes per character of the code generated (some 100 KB for a page of subnets with their chains). An operation is compiled at its second run, so documents sent once (an inlined id, a random alias) are never compiled. `0`: everything runs interpreted',
    { shown: '`16777216` (16 MiB)' },
  ),
  row(
    {
      PACE_ITEMS_PER_TURN: int(0, 10_000_000).default(500),
    },
    "List items (objects in lists) one request completes in a turn of the event loop before letting others in, so that one large answer cannot hold up every other client's query (see [Memory](operating.md#memory)); `0`: every answer is completed in one pass",
  ),
  row(
    {
      IDLE_RELEASE_MS: int(0, 3_600_000).default(20_000),
    },
    'After a burst of work, how long the gateway stays quiet (no GraphQL request begun or in flight and no WebSocket open, or its event loop under 2 % busy) before it runs two full collections that give memory back; `0`: never. A collection while idle discards much of the code V8 optimized for the traffic, which the next burst then pays for, so shorter pauses keep it. See [Memory](operating.md#memory)',
  ),
  row(
    {
      // Read by `npm start` (node's --max-old-space-size); checked here so that a typo stops the start.
      HEAP_MAX_MB: int(128, 1_048_576).optional(),
    },
    "V8's old-generation limit, passed by `npm start` as `--max-old-space-size` (node's command line wins over `NODE_OPTIONS`, so set it here). Below 2 GB it also makes V8 grow its heap by at most about 1.4× what is live before collecting, instead of up to 4×. Plan the container's memory for it (see [Memory](operating.md#memory))",
    { shown: '`512`' },
  ),
  row(
    {
      ...TTL_SETTINGS,
    },
    `How long an answer of each kind of chain state stays fresh: ${TTL_KINDS.map((kind) => `\`${kind.toUpperCase()}\``).join(', ')}; \`0\` turns sharing of that kind off`,
    { shown: 'see [the freshness table](caching.md#caching-and-several-instances)', title: '`CACHE_TTL_<KIND>_MS`' },
  ),
  row(
    {
      DATA_API_MAX_RESPONSE_BYTES: int(1024, 1024 * MiB).default(8 * MiB),
      METRICS_API_MAX_RESPONSE_BYTES: int(1024, 1024 * MiB).default(2 * MiB),
      NODE_MAX_RESPONSE_BYTES: int(1024, 1024 * MiB).default(8 * MiB),
    },
    'The largest answer taken from each upstream; a bigger one is cut off as it streams in and fails its field with `UPSTREAM_INVALID_RESPONSE`',
    { shown: '8 MiB, 2 MiB, 8 MiB' },
  ),
  row(
    {
      BREAKER_FAILURE_RATE: fraction.default(0.5),
      BREAKER_WINDOW_MS: int(1000, 600_000).default(10_000),
      BREAKER_MIN_REQUESTS: int(1, 100_000).default(20),
      BREAKER_MIN_CLIENTS: int(1, 1_000).default(3),
      BREAKER_HALF_OPEN_MS: int(100, 3_600_000).default(5_000),
    },
    "An upstream's circuit opens when more than that share of its calls failed over the window, with at least that many calls, made for at least that many clients (addresses, by `TRUST_PROXY`; subscription polls and probes count as one): one client whose lookups fail, however often, cannot open a circuit every client shares. Calls then fail fast with `UPSTREAM_UNAVAILABLE` and a `retryAfter` (reads kept in the cache are still served), until one probe succeeds. `BREAKER_FAILURE_RATE=0` turns the breaker off; with a single client (one backend), set `BREAKER_MIN_CLIENTS=1`",
  ),
  row(
    {
      MAX_BODY_BYTES: int(1024, 64 * MiB).default(MiB),
    },
    'The largest request body, as sent and, for a body sent compressed (`content-encoding` gzip, deflate or br), decompressed; a bigger one is `413 PAYLOAD_TOO_LARGE` as soon as it is announced or grows past it',
    { shown: '`1048576` (1 MiB)' },
  ),
  row(
    {
      HTTP_HEADERS_TIMEOUT_MS: int(1000, 600_000).default(10_000),
      HTTP_REQUEST_TIMEOUT_MS: int(1000, 600_000).default(15_000),
    },
    'How long a client has to send its headers, and its whole request; a slower one is answered `408` and disconnected',
  ),
  row(
    {
      DRAIN_TIMEOUT_MS: int(0, 600_000).default(15_000),
    },
    'On SIGTERM or SIGINT: how long requests in flight may take to finish before connections are closed',
  ),
  row(
    {
      DRAIN_DELAY_MS: int(0, 600_000).default(0),
    },
    "On SIGTERM: how long the gateway goes on answering, every new request `503 SHUTTING_DOWN` and `/ready` 503, before it exits, so that load balancers take it out of rotation first (set it to your readiness probe's period)",
  ),
  row(
    {
      REDIS_URL: redisUrls.optional(),
    },
    "A Redis every instance shares (`redis://` or `rediss://`, `[user:password@]host:port[/db]`): for the cache (`CACHE=redis`, the default when it is set), the rate limits and the subscriptions' pollers (one per topic in the cluster). Never a single point of failure: while it is away each instance uses its own memory and polls for its own subscribers. With `REDIS_MODE` `cluster` or `sentinel`, a comma list (see [Redis: Cluster, Sentinel, TLS](caching.md#redis-cluster-sentinel-tls))",
    { secret: true },
  ),
  row(
    {
      REDIS_MODE: z
        .enum(['standalone', 'cluster', 'sentinel'], { message: 'must be one of standalone, cluster, sentinel' })
        .default('standalone'),
    },
    "`standalone`: `REDIS_URL` is one server. `cluster`: a Redis Cluster, `REDIS_URL` lists some of its nodes (the rest are found; database 0 only). `sentinel`: a master watched by Sentinel, `REDIS_URL` lists the sentinels (port `26379` when none is given); its user and password are the master's",
  ),
  row(
    {
      REDIS_SENTINEL_MASTER: z.string().min(1).optional(),
    },
    'With `REDIS_MODE=sentinel` (and needed there): the name of the master the sentinels watch, e.g. `mymaster`',
  ),
  row(
    {
      REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
    },
    "With `REDIS_MODE=sentinel`: the sentinels' own password, when it is not the master's",
    { shown: "the URL's password", secret: true },
  ),
  row(
    {
      REDIS_TLS_CA_FILE: readableFile.optional(),
    },
    "With a `rediss://` URL: a PEM file of the CA that signed Redis's certificate (a private CA)",
    { shown: "the system's CAs" },
  ),
  row(
    {
      REDIS_TLS_CERT_FILE: readableFile.optional(),
      REDIS_TLS_KEY_FILE: readableFile.optional(),
    },
    "With a `rediss://` URL: this client's certificate and key (PEM), for a Redis that requires client certificates (`tls-auth-clients yes`); both or neither. Files are read at start: one that cannot be read stops the start",
  ),
  row(
    {
      // Braces would make part of the prefix the cluster hash tag: every key in one slot.
      REDIS_KEY_PREFIX: z
        .string()
        .regex(/^[^\s{}]{1,64}$/, { message: 'must be up to 64 characters without spaces or braces, e.g. gateway-eu:' })
        .optional(),
    },
    'Before every key and pub/sub channel the gateway uses, e.g. `gateway-eu:`, so that several deployments can share one Redis (up to 64 characters; no spaces or braces, which would pick the cluster slot)',
  ),
  row(
    {
      // Subscriptions: how often a topic's poller calls its upstream (whatever subscribers ask), and the bounds.
      LIVE_POLL_BLOCKS_MS: int(MIN_POLL_MS, 3_600_000).default(2_000),
      LIVE_POLL_TRANSACTIONS_MS: int(MIN_POLL_MS, 3_600_000).default(5_000),
      LIVE_POLL_FEE_CONFIG_MS: int(MIN_POLL_MS, 3_600_000).default(10_000),
      LIVE_POLL_VALIDATORS_MS: int(MIN_POLL_MS, 3_600_000).default(10_000),
      LIVE_POLL_TPS_MS: int(MIN_POLL_MS, 3_600_000).default(60_000),
    },
    "How often a subscription topic's poller asks its upstream, per kind (at least `200`). Whatever the number of subscribers, one call per topic and interval. Serving the embedded sandbox, unset ones follow `SANDBOX_BLOCK_MS`",
  ),
  row(
    {
      LIVE_MAX_PER_CLIENT: int(1, 100_000).default(20),
      LIVE_MAX_SUBSCRIPTIONS: int(1, 1_000_000).default(10_000),
    },
    'Open subscriptions one client (its address) may hold, and one instance in all; past them a new one is refused with `QUERY_LIMIT_EXCEEDED`',
  ),
  row(
    {
      LIVE_MAX_TOPICS: int(1, 100_000).default(500),
      LIVE_MAX_TOPICS_PER_CLIENT: int(1, 100_000).default(10),
    },
    'Distinct subscription topics (what is watched: chain, subnet, blockchain, address set, …) one instance serves at once, each its own poller (1 to 100000), and of them, those one client (its address) may have opened while they are served, so that a few clients cannot hold them all; a subscription that would open one more is refused with `QUERY_LIMIT_EXCEEDED` (`extensions.limit: subscriptionTopics`, `subscriptionTopicsPerClient`), one joining a topic already served is not',
  ),
  row(
    {
      LIVE_MAX_ADDRESSES: int(1, 100).default(20),
    },
    'Addresses one `addressTransactions` subscription may watch (at most `100`)',
  ),
  row(
    {
      LIVE_LEASE_MS: int(500, 600_000).default(10_000),
    },
    "With `REDIS_URL`: how long an instance's lease on a topic lasts unless renewed (every third of it): how long a dead instance's topics wait before another polls them",
  ),
  row(
    {
      // GraphQL over WebSocket: what one socket runs at once, how many sockets one client holds open,
      // and how much one socket may have waiting unread by its client before it is closed.
      WS_MAX_OPERATIONS_PER_SOCKET: int(1, 10_000).default(50),
    },
    'Operations (queries, mutations, subscriptions) one WebSocket runs at once (`1` to `10000`); past it a new one gets a `QUERY_LIMIT_EXCEEDED` error (`limit: operationsPerSocket`) and the socket stays open',
  ),
  row(
    {
      WS_MAX_SOCKETS_PER_CLIENT: int(1, 100_000).default(20),
    },
    'WebSockets one client (its address, by `TRUST_PROXY`) may hold open (`1` to `100000`); past it the upgrade is answered `429`',
  ),
  row(
    {
      WS_MAX_BUFFERED_BYTES: int(65_536, 1_073_741_824).default(4_194_304),
    },
    'What one WebSocket may have waiting unsent because its client does not read (64 KiB to 1 GiB). Answers are built only while less than a quarter of it waits, at most 6 at a time per socket; past it, or past 1000 unsent messages (pongs to a flood of pings), the socket is closed with `1008`',
    { shown: '`4194304` (4 MiB)' },
  ),
  row(
    {
      // What the gateway holds for one client's answers, and for all of them (src/http/held-bytes.ts).
      MAX_HELD_BYTES_PER_CLIENT: int(1_048_576, 1_073_741_824).default(16_777_216),
      MAX_HELD_BYTES: int(1_048_576, 17_179_869_184).default(134_217_728),
    },
    "Bytes of answers the gateway holds for one client (its address, by `TRUST_PROXY`), and for every client of the instance (1 MiB to 1 GiB, and to 16 GiB): answers written and not yet taken by the client's connections (WebSocket messages, HTTP answers, SSE events), and each answer being built at 256 bytes per object its price counts. Past either, no new operation of that client starts: a WebSocket operation gets a `QUERY_LIMIT_EXCEEDED` error (`limit: heldBytesPerClient` or `heldBytes`), an HTTP request `429` or `503` with that code, until what is held is read or dropped; past its own, the client's WebSockets are not read from either until it reads (a socket that cannot answer pings then is dropped by the keep-alive). An SSE stream or HTTP answer that still holds `WS_MAX_BUFFERED_BYTES` unread when more is written is cut off. Size `MAX_HELD_BYTES` within the heap (`HEAP_MAX_MB`), see [Memory](operating.md#memory)",
    { shown: '`16777216` (16 MiB), `134217728` (128 MiB)' },
  ),
  row(
    {
      RATE_LIMIT_PER_SECOND: rate.optional(),
    },
    'Points a client may spend a second, sustained (decimals allowed: `0.5`): an upstream call a request makes is a point, the request itself a tenth. A client is its address, and also its API key when it sends one (see [Running it in public](running-in-public.md#running-it-in-public))',
    { shown: '— (off)', reloadable: true },
  ),
  row(
    {
      RATE_LIMIT_BURST: int(1, 1_000_000).optional(),
    },
    "Points a client may spend at once before the rate applies (the token bucket's size)",
    { shown: 'twice the rate', reloadable: true },
  ),
  row(
    {
      TRUST_PROXY: trustProxy.default(false),
    },
    "Whose `x-forwarded-for` names the client's address: `false` (nobody: the connection's address), a number of proxy hops every request passes through (`1`), or a comma list of the proxies' addresses and CIDR ranges (`10.0.0.0/8,fd00::/8`)",
  ),
  row(
    {
      CORS_ORIGINS: corsOrigins.optional(),
    },
    "Origins whose pages may call the gateway from a browser: a comma list of exact origins (`https://app.example.org,http://localhost:5173`), or `*` for any. Unset: no CORS headers, so only pages served from the gateway's own origin (or a proxy in front of it) can read answers. The same list decides which pages may open a WebSocket (an upgrade with any other `Origin` is `403`; one without `Origin`, from a client that is no browser, is let in)",
    { reloadable: true },
  ),
  row(
    {
      CORS_CREDENTIALS: bool.default(false),
    },
    'Let the listed origins send cookies and HTTP auth (`Access-Control-Allow-Credentials`). Refused with `*`',
    { reloadable: true },
  ),
  row(
    {
      GRAPHIQL: bool.default(true),
    },
    'Serve GraphiQL on GET /graphql',
  ),
  row(
    {
      TRUSTED_DOCUMENTS: z.enum(['off', 'allow', 'only'], { message: 'must be one of off, allow, only' }).default('allow'),
    },
    "Which documents run: `allow` (any, a manifest's by id, and automatic persisted queries), `only` (a manifest's by id, nothing else), `off` (any, no ids). See [Trusted documents](running-in-public.md#trusted-documents)",
  ),
  row(
    {
      TRUSTED_DOCUMENTS_MANIFESTS: z
        .string()
        .transform(commaList)
        .refine((list) => list.length > 0, { message: 'must be a comma list of persisted-documents.json files' })
        .optional(),
    },
    'Comma list of persisted-documents manifests: graphql-codegen\'s (`{"<sha256 hex>": "<document>"}`) or Apollo\'s persisted-query manifests (`{"format":"apollo-persisted-query-manifest",…}`), mixed as you like (the defaults are in the package, your paths relative to the working directory); each is checked at start (ids against documents, Apollo operations parsed), and a bad file stops the start; read again on reload, where a bad file keeps the documents loaded before',
    { shown: '`examples/gql/persisted-documents.json,examples/web/src/gql/persisted-documents.json`', reloadable: true },
  ),
  row(
    {
      // Arrays of operations in one POST (0: refused); each is charged and limited as if sent alone.
      BATCHING_LIMIT: int(0, BATCHING_MAX).default(0),
    },
    'The most operations one POST may carry as a JSON array (`1` to `100`); `0` refuses arrays with `400 BATCHING_DISABLED`. Each operation is charged and limited as if sent alone: see [Batching](running-in-public.md#batching)',
    { shown: '`0` (off)', reloadable: true },
  ),
  row(
    {
      // Read by the process itself (the CLI's --config sets it): settings under the environment's, read again on reload.
      CONFIG_FILE: z.string().min(1).optional(),
    },
    'A JSON or YAML file of settings by these names, under the environment\'s (a variable set in the environment wins); read at start and again on every reload. The command\'s `--config` sets it. Editors complete and check it against `schema/settings.schema.json` (in the package too): `# yaml-language-server: $schema=node_modules/avalanche-graphql-gateway/schema/settings.schema.json`, or `"$schema"` in JSON',
  ),
  row(
    {
      // 0: reload on SIGHUP only; else also when CONFIG_FILE or a manifest changes, checked this often.
      RELOAD_WATCH_MS: int(0, 3_600_000)
        .refine((n) => n === 0 || n >= 100, { message: 'must be 0 (off) or from 100 to 3600000' })
        .default(0),
    },
    'Also reload when `CONFIG_FILE` or a trusted-document manifest changes, checked this often (`100` to `3600000`); SIGHUP always reloads',
    { shown: '`0` (off)' },
  ),
  row(
    {
      TRUSTED_DOCUMENTS_APQ_MAX_BYTES: int(0, 1024 * MiB).default(4 * MiB),
    },
    'Memory for documents registered by automatic persisted queries (`allow`), least recently used first out',
    { shown: '`4194304` (4 MiB)' },
  ),
  row(
    {
      COMPRESSION: bool.default(true),
    },
    "gzip or brotli for answers, by the request's `accept-encoding`. See [Compression](running-in-public.md#compression)",
  ),
  row(
    {
      COMPRESSION_MIN_BYTES: int(0, 64 * MiB).default(1024),
    },
    'Answers smaller than this go uncompressed',
  ),
  row(
    {
      INTROSPECTION: bool.default(true),
    },
    'Answer `__schema` and `__type` (GraphiQL and codegen need it); `false` refuses them as invalid documents. Either way an operation may ask for introspection once: a second `__schema` or `__type` (aliased, or through fragments) is `QUERY_LIMIT_EXCEEDED`',
    { reloadable: true },
  ),
  row(
    {
      FEDERATION: bool.default(false),
    },
    'Also serve the graph as an Apollo Federation v2 subgraph at `/subgraph` (see [Federation](federation.md#federation)); `/graphql` stays as it is',
  ),
  row(
    {
      SUBGRAPH_TOKEN: token.optional(),
    },
    'With `FEDERATION`: `/subgraph` answers only `Authorization: Bearer <SUBGRAPH_TOKEN>` (16+ characters; required with `TRUSTED_DOCUMENTS=only` or `INTROSPECTION=false`)',
    { secret: true },
  ),
  row(
    {
      LOG_LEVEL: z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          message: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    },
    '`fatal` … `trace`, `silent`; at `info`, one line per GraphQL request (see [Operating it](operating.md#operating-it))',
    { reloadable: true },
  ),
  row(
    {
      LOG_SAMPLE_RATE: fraction.default(1),
    },
    'The share, from `0` to `1`, of requests that went well whose line is logged; a request with errors, or refused, is always logged',
    { reloadable: true },
  ),
  row(
    {
      METRICS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
    },
    'Prometheus metrics at `GET /metrics`; `off` turns them off (nothing is counted)',
  ),
  row(
    {
      METRICS_TOKEN: token.optional(),
    },
    'When set (16+ characters), `/metrics` needs `Authorization: Bearer <METRICS_TOKEN>`; else `401`. Never logged or echoed',
    { secret: true },
  ),
  row(
    {
      METRICS_PORT: int(1, 65535).optional(),
    },
    "Serve `/metrics` on this port of its own (on `HOST`) instead of the gateway's port, e.g. one only the scraper can reach",
  ),
  row(
    {
      METRICS_MAX_OPERATIONS: int(1, 10_000).default(200),
    },
    'Distinct operation names kept as a label, of which one client (its address) may name a quarter; later ones are counted as `(other)`',
  ),
  row(
    {
      READY_UPSTREAMS: readyUpstreams.default([...READY_UPSTREAMS]),
    },
    'Which upstreams `/ready` probes (a comma list), or `none` (then only draining makes it 503)',
  ),
  row(
    {
      READY_CACHE_MS: int(0, 600_000).default(5_000),
      READY_TIMEOUT_MS: int(100, 60_000).default(2_000),
    },
    'How long a readiness answer is kept (one probe per upstream in that time, however often `/ready` is asked), and how long a probe may take before its upstream counts as down',
  ),
  row(
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
    },
    'Turn OpenTelemetry tracing on: where spans go, as OTLP over HTTP (`http://collector:4318`; `/v1/traces` is added to the first, the second is used as it is). The other standard `OTEL_*` variables apply (see [Tracing](operating.md#tracing))',
    { shown: '— (tracing off)' },
  ),
  row(
    {
      OTEL_SDK_DISABLED: bool.optional(),
      OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none'], { message: 'must be otlp or none (traces go out as OTLP over HTTP)' }).optional(),
    },
    '`true`, or `none`, turn tracing off even with an endpoint set',
    { shown: '`false`, `otlp`' },
  ),
  row(
    {
      OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol('traces').optional(),
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol('traces').optional(),
    },
    'How spans go out: OTLP over HTTP as protobuf, or JSON with `http/json` (the second for traces alone, over the first); gRPC (`grpc`) is refused at start',
    { shown: '`http/protobuf`' },
  ),
  row(
    {
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: httpUrl.optional(),
      OTEL_METRICS_EXPORTER: z
        .enum(['otlp', 'none'], { message: 'must be otlp or none (metrics are pushed as OTLP over HTTP, or scraped at /metrics)' })
        .optional(),
    },
    'Push the metrics of `/metrics` as OTLP over HTTP too: to the first, used as it is, or with `OTEL_METRICS_EXPORTER=otlp` to `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/metrics` (else `http://localhost:4318/v1/metrics`). `OTEL_EXPORTER_OTLP_ENDPOINT` alone does not turn them on; `none`, or `OTEL_SDK_DISABLED=true`, turns them off. Needs `METRICS=on` (see [Metrics over OTLP](operating.md#metrics-over-otlp))',
    { shown: '— (OTLP metrics off)' },
  ),
  row(
    {
      OTEL_METRIC_EXPORT_INTERVAL: int(100, 3_600_000).default(60_000),
      OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: otlpProtocol('metrics').optional(),
    },
    'How often (ms, 100 or more) metrics are pushed, and as protobuf or `http/json` (else `OTEL_EXPORTER_OTLP_PROTOCOL`)',
    { shown: '`60000`, `http/protobuf`' },
  ),
];

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every setting's schema, checked together: what loadConfig parses the environment with. */
export const SETTINGS_SCHEMA = z.object(
  Object.assign({}, ...ROWS.map((r) => r.settings)) as UnionToIntersection<(typeof ROWS)[number]['settings']>,
);

/** The settings once checked, by name: what each schema gives. */
export type Settings = z.infer<typeof SETTINGS_SCHEMA>;

/** Every variable the gateway reads: what a settings file (the CLI's --config) or a manifest may name. */
export const SETTING_NAMES: readonly string[] = Object.keys(SETTINGS_SCHEMA.shape);

const namesWhere = (flag: 'reloadable' | 'secret'): ReadonlySet<string> =>
  new Set(ROWS.filter((r) => r[flag]).flatMap((r) => Object.keys(r.settings)));

/** Settings a reload applies: read per request (or per poll), none decides what is built at start. */
export const RELOADABLE = namesWhere('reloadable');

/** Settings whose values are never shown. */
export const SECRET_KEYS = namesWhere('secret');
