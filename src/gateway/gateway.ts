/**
 * The gateway: a yoga server over the schema, with one HTTP client, one reuse layer (and its
 * stores) for every request, and per request its reads (signal, budget, API key) and loaders.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin, type YogaInitialContext, type YogaServerInstance } from 'graphql-yoga';
import { adminAccess, type AdminAccess } from '../graphql/admin-access.js';
import { ConfigError, PUBLIC_DEFAULTS, type Config } from '../config/config.js';
import type { ClientLimits, GatewayContext } from '../graphql/context.js';
import { describeLiveError, ErrorCode, maskError } from '../graphql/errors.js';
import { DEFAULT_QUERY, lazyGraphiQL } from '../yoga/graphiql.js';
import { fastPath, type LeanPost } from '../yoga/lean-post.js';
import { LiveHub } from '../live/hub.js';
import { UpstreamError } from '../upstreams/errors.js';
import { DataApiLoaders } from '../loaders/data-api.js';
import { freshnessTable } from '../reuse/freshness.js';
import { NodeLoaders } from '../loaders/node.js';
import { Reuse, type ReuseEvents } from '../reuse/reads.js';
import { MemoryStore, RedisStore, TieredStore } from '../reuse/store.js';
import type { Logger } from '../base/logger.js';
import { GatewayMetrics } from '../ops/prometheus.js';
import { Readiness } from '../ops/readiness.js';
import type { GatewayTracing } from '../ops/tracing.js';
import { ClientIdentity } from '../guards/identity.js';
import { RateLimiter, type Refusal } from '../guards/limiter.js';
import { RedisConnection } from '../base/redis.js';
import { allowsSocketOrigin, corsOptions } from '../guards/cross-site.js';
import { useCrossSite } from '../yoga/use-cross-site.js';
import { useCompiledExecution } from '../yoga/use-compiled-execution.js';
import { useDemandControl } from '../yoga/use-demand-control.js';
import { useBatching, YOGA_BATCHING } from '../yoga/use-batching.js';
import { documentCaches } from '../yoga/document-caches.js';
import { Pacer } from '../graphql/pacing.js';
import { useErrorCodes } from '../yoga/use-error-codes.js';
import { useIncrementalDelivery } from '../yoga/use-incremental-delivery.js';
import { useValidationCache } from '../yoga/use-validation-cache.js';
import { useStreamLeftovers } from '../yoga/use-stream-leftovers.js';
import { useQueryLimits } from '../yoga/use-query-limits.js';
import { useRequestLog } from '../yoga/use-request-log.js';
import { useGatewayResponseCache } from '../yoga/use-response-cache.js';
import { usePrometheus } from '../yoga/use-prometheus.js';
import { loadManifests, useTrustedDocuments } from '../yoga/use-trusted-documents.js';
import { CursorCodec } from '../graphql/connection.js';
import { schema, subgraphSchema } from '../schema/index.js';
import { RequestActivity } from '../upstreams/activity.js';
import { CallBudget } from '../upstreams/budget.js';
import { Cancellation } from '../upstreams/cancellation.js';
import { DataApiClient, type DataApiOptions } from '../upstreams/data-api/client.js';
import { HttpClient, type HttpClientOptions } from '../upstreams/http.js';
import { MetricsApiClient } from '../upstreams/metrics-api/client.js';
import { NodeClient, type NodeOptions } from '../upstreams/node/client.js';

/** The longest a whole response is kept when nothing it read set a shorter time. */
const RESPONSE_MAX_TTL_MS = 600_000;

export interface Gateway {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  /** The graph as an Apollo Federation v2 subgraph at /subgraph, when FEDERATION is on. */
  subgraph?: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  /**
   * What each request's resolvers read (clients, loaders, budget, cursors): yoga's `context`, for
   * a yoga server of one's own over `schema` (src/embed.ts).
   */
  context: (initial: YogaInitialContext) => GatewayContext;
  /** The fast path for JSON POSTs to /graphql (src/yoga/lean-post.ts), and to /subgraph. */
  lean: LeanPost;
  subgraphLean?: LeanPost;
  /** Whether a request may use the subgraph: its router's bearer token, when SUBGRAPH_TOKEN is set. */
  subgraphAccess?: (authorization: string | undefined) => boolean;
  http: HttpClient;
  reuse: Reuse;
  /** The connection to Redis, when REDIS_URL is set (the cache, rate limits and subscriptions share it). */
  redis?: RedisConnection;
  /** The subscriptions' pollers. */
  live: LiveHub;
  /** Whether a document's text may run over WebSocket, where the trusted documents' hooks do not (TRUSTED_DOCUMENTS). */
  allowsDocument: (query: string) => boolean;
  /** Asked by src/http/server.ts before a request's body is read: a 429 to answer instead, when rate limits are on. */
  admit?: (req: IncomingMessage) => Promise<Refusal | undefined>;
  /**
   * Who a request comes from, for per-client bounds (WebSocket sockets): its address by
   * TRUST_PROXY (IPv6: its /64), as the rate limits' address bucket names it. Never its API key,
   * which clients choose unverified.
   */
  clientOf: (req: IncomingMessage) => string;
  /** Whether a WebSocket upgrade's Origin may open a socket (its own origin, or CORS_ORIGINS; none: not a browser). */
  allowsSocketOrigin: (req: IncomingMessage) => boolean;
  /** Prometheus metrics, unless METRICS=off. */
  metrics?: GatewayMetrics;
  /** Whether the configured upstreams answer (src/http/server.ts's /ready). */
  readiness: Readiness;
  /** For what the layers around yoga have to tell an operator (a socket closed for not reading). */
  logger?: Logger;
  /**
   * Applies the settings of `next` that can change while serving (src/gateway/reload.ts says which,
   * and refuses the others before calling this), and reads the trusted-document manifests again.
   * Each is swapped whole between two requests: a request runs under the old settings or the
   * new, never a mix of one setting's halves. Connections, subscriptions and caches stay.
   */
  reload(next: Config): ReloadReport;
  close(): Promise<void>;
}

/** What a reload did with the trusted-document manifests. */
export interface ReloadReport {
  /** How many trusted documents are served now, when the manifests loaded (undefined with TRUSTED_DOCUMENTS=off). */
  documents?: number;
  /** Why they did not load: the documents loaded before are kept. */
  manifestError?: string;
}

/** Settings the environment does not configure: tests shorten the backoff and freeze what is cached. */
export interface GatewayTuning extends Partial<HttpClientOptions> {
  freezeCachedValues?: boolean;
  /** Spans, when tracing is configured (src/ops/otel.ts) or a test traces in memory. */
  tracing?: GatewayTracing;
  /** Node's process metrics in /metrics (default true). */
  processMetrics?: boolean;
}

/** Rate-limits a repeated log line to one per `ms`, with how many were held back. */
function every(ms: number, log: (held: number) => void): () => void {
  let last = 0;
  let held = 0;
  return () => {
    const now = Date.now();
    if (now - last < ms) {
      held++;
      return;
    }
    log(held);
    last = now;
    held = 0;
  };
}

/**
 * Upstream failures, counted and logged at warn at most once per 10 s ("data-api listSubnets 503
 * ×120"): a failing upstream is one line every few seconds, not one per call. Cancellations by
 * clients that left are not failures.
 */
function upstreamFailureLog(logger: Logger | undefined): HttpClientOptions['onFailure'] {
  if (!logger) return undefined;
  const counts = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (counts.size === 0) return;
    logger.warn(`upstream failures: ${[...counts].map(([what, n]) => `${what} ×${n}`).join(', ')}`);
    counts.clear();
    // What fails in the next 10 s waits for the next line.
    timer = setTimeout(flush, 10_000).unref();
  };
  return ({ service, operation, reason }) => {
    if (reason === 'RequestAbortedError') return;
    const what = `${service} ${operation} ${reason}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
    if (!timer) flush();
  };
}

/**
 * yoga's logging, through pino. yoga logs every error it masks: an upstream failure is not news
 * there (the request's log line counts it, upstreamFailureLog reports it), and one unexpected
 * error repeated across a fan-out is logged once per 10 s with how often it happened.
 */
function yogaLogging(logger: Logger) {
  const seen = new Map<string, { count: number; since: number }>();
  return {
    debug: (...args: unknown[]) => logger.debug(args.map(String).join(' ')),
    info: (...args: unknown[]) => logger.info(args.map(String).join(' ')),
    warn: (...args: unknown[]) => logger.warn(args.map(String).join(' ')),
    error: (...args: unknown[]) => {
      const [first] = args;
      const original = first instanceof GraphQLError ? (first.originalError ?? first) : first;
      if (original instanceof UpstreamError) return;
      const message = original instanceof Error ? original.message : String(original);
      const now = Date.now();
      const known = seen.get(message);
      if (known && now - known.since < 10_000) {
        known.count++;
        return;
      }
      if (seen.size > 1000) seen.clear();
      seen.set(message, { count: 0, since: now });
      logger.error({ err: original, repeated: known?.count || undefined }, 'unexpected error (masked for the client)');
    },
  };
}

/** What the reuse layer reports, to metrics and traces; nothing when both are off. */
function readEvents(metrics: GatewayMetrics | undefined, tracing: GatewayTracing | undefined): ReuseEvents {
  if (metrics && tracing) {
    return {
      onRead: (freshness, how, operation, scope) => {
        metrics.onRead(freshness, how);
        tracing.onRead(freshness, how, operation, scope);
      },
    };
  }
  return { onRead: metrics?.onRead ?? tracing?.onRead };
}

/** One connection to Redis for everything instances share: the cache (CACHE=redis), rate limits, subscriptions' pollers. */
function connectRedis(config: Config, logger: Logger | undefined): RedisConnection | undefined {
  const uses = [config.cache.mode === 'redis' && 'the cache', config.rateLimit && 'rate limits', 'subscriptions']
    .filter(Boolean)
    .join(' and ');
  if (!config.redis || !uses) return undefined;
  const down = every(30_000, (held) =>
    logger?.warn(`Redis is unreachable: ${uses} use this instance's memory until it is back${held ? ` (${held} more failures)` : ''}.`),
  );
  return new RedisConnection(config.redis, {
    onState: (state) => (state === 'down' ? down() : logger?.info(`Redis is back: ${uses} shared again.`)),
  });
}

function rateLimiter(
  config: Config,
  cors: Config['cors'],
  identity: ClientIdentity,
  redis: RedisConnection | undefined,
  logger: Logger | undefined,
  metrics: GatewayMetrics | undefined,
): RateLimiter | undefined {
  if (!config.rateLimit) return undefined;
  const report = every(60_000, (held) => logger?.info(`rate limits refused requests (${held + 1} since the last report)`));
  const refused = () => {
    metrics?.rateLimited();
    report();
  };
  return new RateLimiter(config.rateLimit, { identity, redis, cors, onRefused: refused });
}

/** A request's side of the rate limits (ClientLimits), once it was admitted through `req`. */
function clientLimits(limiter: RateLimiter, req: IncomingMessage): ClientLimits {
  let names: string[] | undefined;
  const buckets = () => (names ??= limiter.bucketsOf(req));
  return {
    settle: (calls, reserved) => limiter.settle(buckets(), calls, reserved),
    standing: async () => {
      const { remaining, fullInMs } = await limiter.standing(buckets());
      return { ...limiter.limits, remaining, resetAt: new Date(Date.now() + fullInMs) };
    },
  };
}

/**
 * The trusted documents plugin, or nothing when TRUSTED_DOCUMENTS=off (no hook runs then); and
 * whether a document's text may run where yoga's onParams hooks do not (GraphQL over WebSocket):
 * with `only`, the text of a trusted document and nothing else.
 */
function trustedDocuments(
  config: Config,
  logger: Logger | undefined,
): {
  plugins: Plugin[];
  allows: (query: string) => boolean;
  documentById?: (id: string) => string | undefined;
  /** Reads `manifests` again and swaps them in whole, or keeps the documents it has and says why. */
  reload: (manifests: readonly string[]) => ReloadReport;
} {
  const { mode, manifests } = config.trustedDocuments;
  if (mode === 'off') return { plugins: [], allows: () => true, reload: () => ({}) };
  const documents = { current: new Map<string, string>() };
  try {
    documents.current = loadManifests(manifests);
  } catch (error) {
    throw new ConfigError([`TRUSTED_DOCUMENTS_MANIFESTS: ${(error as Error).message}`]);
  }
  if (mode === 'only' && config.graphiql) {
    logger?.warn('TRUSTED_DOCUMENTS=only refuses what GraphiQL sends (its documents are in no manifest): set GRAPHIQL=false.');
  }
  return {
    plugins: [useTrustedDocuments({ mode, documents, apqMaxBytes: config.trustedDocuments.apqMaxBytes })],
    allows: mode === 'allow' ? () => true : (query) => documents.current.has(createHash('sha256').update(query).digest('hex')),
    documentById: (id) => documents.current.get(id),
    reload: (files) => {
      try {
        documents.current = loadManifests(files);
        return { documents: documents.current.size };
      } catch (error) {
        return { documents: documents.current.size, manifestError: (error as Error).message };
      }
    },
  };
}

function createStores(config: Config, redis: RedisConnection | undefined, tuning: GatewayTuning, metrics: GatewayMetrics | undefined) {
  if (config.cache.mode === 'off') return {};
  const onEvict = metrics?.onEvict;
  const reads = new MemoryStore(config.cache.maxBytes, { freezeValues: tuning.freezeCachedValues, onEvict });
  const responses = new MemoryStore(config.cache.responseMaxBytes, { onEvict });
  metrics?.observeStore('reads', reads);
  metrics?.observeStore('responses', responses);
  if (config.cache.mode === 'memory' || !redis) return { reads, responses };
  const shared = new RedisStore(redis);
  return { reads: new TieredStore(reads, shared), responses: new TieredStore(responses, shared) };
}

/**
 * @param tuning settings the environment does not configure (tests shorten the backoff).
 */
export function createGateway(config: Config, logger?: Logger, tuning: GatewayTuning = {}): Gateway {
  // First: a manifest that does not load stops the start before anything opens.
  const trusted = trustedDocuments(config, logger);
  const { documentById } = trusted;
  const { tracing } = tuning;
  const metrics = config.metrics.enabled
    ? new GatewayMetrics({ maxOperations: config.metrics.maxOperations, processMetrics: tuning.processMetrics })
    : undefined;
  // The settings a reload may change, each an object of the gateway's own that the plugins read
  // per request, and that `reload` changes in place (src/gateway/reload.ts lists them).
  const cors = config.cors && { ...config.cors };
  const costs = {
    maxCalls: config.callBudget,
    maxNodes: config.cost.maxNodes,
    extensions: config.cost.extensions,
    enforce: config.cost.mode === 'enforce',
    onRefused: metrics?.costRefused,
  };
  const queryLimits = { ...config.limits, introspection: config.introspection };
  const requestLog = { sampleRate: config.logSampleRate };
  const batching = { limit: config.batchingLimit };
  const http = new HttpClient({
    observer: metrics?.callObserver,
    tracer: tracing?.calls,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    connections: config.connections,
    maxResponseBytes: config.maxResponseBytes,
    breaker: config.breaker,
    onFailure: upstreamFailureLog(logger),
    onCircuit: ({ service, upstream, state }) =>
      state === 'open'
        ? logger?.warn(
            `${service} at ${upstream} keeps failing: calls to it fail fast for ${config.breaker ? config.breaker.halfOpenMs : 0} ms, then one probe`,
          )
        : logger?.info(`${service} at ${upstream}: circuit ${state}`),
    ...tuning,
  });
  const redis = connectRedis(config, logger);
  const identity = new ClientIdentity(config.trustProxy, config.apiKeyHeader);
  const limiter = rateLimiter(config, cors, identity, redis, logger, metrics);
  const stores = createStores(config, redis, tuning, metrics);
  if (metrics) metrics.observeCircuits(() => http.circuits());
  const reuse = new Reuse(http, freshnessTable(config.cache.ttls), stores.reads, readEvents(metrics, tracing));
  if (stores.reads) metrics?.observeStore('reads', reuse);
  const dataApiOptions: DataApiOptions = { baseUrl: config.upstreams.dataApi, apiKeyHeader: config.apiKeyHeader, apiKey: config.apiKey };
  const metricsOptions = { baseUrl: config.upstreams.metricsApi };
  const nodeOptions: NodeOptions = {
    urls: config.upstreams.node,
    publicNetworks: new Set(
      (['mainnet', 'fuji'] as const).filter(
        (n) => config.upstreams.node[n] === PUBLIC_DEFAULTS[n === 'mainnet' ? 'NODE_URL_MAINNET' : 'NODE_URL_FUJI'],
      ),
    ),
  };
  const cursors = new CursorCodec(config.cursorSecret);
  const pollFailed = every(10_000, (held) =>
    logger?.warn(`subscription polls failed: their subscribers got error events${held ? ` (${held} more failures)` : ''}`),
  );
  const live = new LiveHub({
    clients: (scope) => {
      const reads = reuse.forPoll(scope);
      return {
        dataApi: new DataApiClient(reads, dataApiOptions),
        node: new NodeClient(reads, nodeOptions),
        metricsApi: new MetricsApiClient(reads, metricsOptions),
      };
    },
    intervals: config.live.intervals,
    perClient: config.live.perClient,
    total: config.live.total,
    maxTopics: config.live.maxTopics,
    // Read per poll: a reload may change it.
    get callBudget() {
      return costs.maxCalls;
    },
    describeError: describeLiveError,
    // The node does not serve the API (its index is off, a chain it does not track): polling again will not help.
    isFinal: (error) => error.extensions.code === ErrorCode.NODE_API_UNAVAILABLE,
    redis,
    leaseMs: config.live.leaseMs,
    onPollError: () => pollFailed(),
  });

  metrics?.observeLive(() => live.stats());

  // Parsed documents, shared by both schemas; compiled queries, for the graph only (see the subgraph below).
  const documents = documentCaches(config.documents.parsedMaxBytes);
  // COMPILED_CACHE_MAX_BYTES=0: every operation is interpreted.
  const compiledExecution =
    config.documents.compiledMaxBytes > 0 ? useCompiledExecution({ maxBytes: config.documents.compiledMaxBytes }) : undefined;
  metrics?.observeStore('documents', documents);
  if (compiledExecution) metrics?.observeStore('compiled', compiledExecution);

  // Each yoga instance gets its own plugins, but for the compiled queries, which only the graph runs.
  const plugins = ({ scope, compiled = true, trusted = [] as Plugin[] }: { scope: string; compiled?: boolean; trusted?: Plugin[] }) => [
    // Before the others, so that it sees every request whole, a response-cache hit included.
    ...(tracing ? [tracing.plugin] : []),
    // First of the operation's hooks: in a batch, each operation after the first is admitted by
    // the rate limits before anything else looks at it, as its own request would have been.
    useBatching({
      get limit() {
        return batching.limit;
      },
      admit: limiter && ((req) => limiter.admit(req)),
    }),
    useCrossSite(cors, { documentById }),
    // Before anything reads the document: it may come from an id.
    ...trusted,
    // After the document is known (from an id, too), before the response cache may answer.
    ...(metrics ? [usePrometheus(metrics)] : []),
    useQueryLimits(queryLimits),
    // After the variables' bounds, before the response cache: a query priced past the limits is refused even when kept.
    useDemandControl(costs),
    useIncrementalDelivery(),
    ...(compiled && compiledExecution ? [compiledExecution] : []),
    useErrorCodes(),
    useStreamLeftovers(),
    ...(logger
      ? [
          useRequestLog({
            logger,
            identity,
            traceIds: tracing?.idsOf,
            get sampleRate() {
              return requestLog.sampleRate;
            },
          }),
        ]
      : []),
    ...(stores.responses ? [useGatewayResponseCache({ store: stores.responses, maxTtlMs: RESPONSE_MAX_TTL_MS, scope })] : []),
    // Last: it must see every rule the plugins above add.
    useValidationCache(),
  ];

  const context = (initial: YogaInitialContext): GatewayContext => {
    const { request } = initial;
    // Over HTTP, the node response tells when the client hangs up; through yoga.fetch, the request's signal.
    const res = (initial as { res?: ServerResponse }).res;
    const activity = new RequestActivity();
    const req = (initial as { req?: IncomingMessage }).req;
    let client: string | undefined;
    // Only subscriptions and failed calls (the circuit breaker counts callers) ask: a query
    // does not pay for working it out.
    const clientOf = () => (client ??= identity.address(req?.socket?.remoteAddress, request.headers.get('x-forwarded-for') ?? undefined));
    const reads = reuse.forRequest(
      {
        signal: res ? Cancellation.untilAnswered(res) : Cancellation.following(request.signal),
        budget: new CallBudget(costs.maxCalls),
        trace: tracing?.traceOf(initial),
        caller: clientOf,
      },
      activity,
    );
    // A client may send its own Data API key; it is used for this request only. An empty
    // header is no key: the operator's applies.
    const dataApi = new DataApiClient(reads, dataApiOptions, request.headers.get(config.apiKeyHeader) || undefined);
    const node = new NodeClient(reads, nodeOptions);
    let admin: AdminAccess | undefined;
    return {
      dataApi,
      metricsApi: new MetricsApiClient(reads, metricsOptions),
      node,
      loaders: new DataApiLoaders(dataApi, reads, activity),
      nodeLoaders: new NodeLoaders(node),
      reads,
      cursors,
      admin: () => (admin ??= adminAccess(config.adminToken, request.headers.get('authorization'))),
      live,
      client: clientOf,
      liveMaxAddresses: config.live.maxAddresses,
      pacer: config.paceItemsPerTurn > 0 ? new Pacer(config.paceItemsPerTurn) : undefined,
      // Only requests admitted through the server drew from the buckets (tests' yoga.fetch did not).
      limits: limiter && req ? clientLimits(limiter, req) : undefined,
    };
  };

  const graphPlugins = plugins({ scope: 'graph', trusted: trusted.plugins });
  const subgraphPlugins = plugins({ scope: 'subgraph', compiled: false });
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // Cross-site requests: src/yoga/use-cross-site.ts. Nothing here is uploaded.
    cors: corsOptions(cors),
    multipart: false,
    batching: YOGA_BATCHING,
    // One tab per example of examples/, loaded with GraphiQL's assets on the first page: src/yoga/graphiql.ts.
    graphiql: config.graphiql
      ? {
          title: 'Avalanche GraphQL gateway',
          defaultQuery: DEFAULT_QUERY,
          // Subscriptions over SSE as POSTs of JSON: GraphiQL would send them as GETs without the
          // header that proves they are not cross-site, and be refused (src/yoga/use-cross-site.ts).
          method: 'POST',
        }
      : false,
    renderGraphiQL: lazyGraphiQL(),
    maskedErrors: { maskError },
    // Documents are parsed once (src/yoga/document-caches.ts); their validation is kept by src/yoga/use-validation-cache.ts.
    parserAndValidationCache: documents.options,
    logging: logger ? yogaLogging(logger) : false,
    plugins: graphPlugins,
    context,
  });

  // The subgraph: the same types, loaders and plugins, plus `_entities` and `_service`, for a
  // supergraph's router (Hive Gateway, Apollo Router). No GraphiQL: routers and tools talk to it.
  // No trusted documents either: a router writes its own operations from its clients'; the
  // supergraph's trusted documents are the router's to check.
  // Interpreted, not compiled: graphql-jit leaves out the entries of `_entities` whose lookup
  // failed (the list comes back shorter, so the router pairs answers with the wrong references)
  // where graphql-js puts null in their place.
  const subgraph = config.federation
    ? createYoga<Record<string, unknown>, GatewayContext>({
        schema: subgraphSchema(),
        graphqlEndpoint: '/subgraph',
        landingPage: false,
        cors: corsOptions(cors),
        multipart: false,
        batching: YOGA_BATCHING,
        graphiql: false,
        maskedErrors: { maskError },
        parserAndValidationCache: documents.options,
        logging: logger ? yogaLogging(logger) : false,
        plugins: subgraphPlugins,
        context,
      })
    : undefined;

  return {
    yoga,
    subgraph,
    context,
    lean: fastPath(yoga, graphPlugins),
    subgraphLean: subgraph && fastPath(subgraph, subgraphPlugins),
    subgraphAccess: config.subgraphToken ? (authorization) => adminAccess(config.subgraphToken, authorization ?? null).granted : undefined,
    http,
    reuse,
    redis,
    live,
    allowsDocument: trusted.allows,
    admit: limiter && ((req) => limiter.admit(req)),
    allowsSocketOrigin: (req) => allowsSocketOrigin(cors, req.headers.origin, req.headers.host),
    clientOf: (req) => identity.buckets({ 'x-forwarded-for': req.headers['x-forwarded-for'] }, req.socket.remoteAddress)[0]!,
    metrics,
    logger,
    readiness: new Readiness(http, {
      ...config.ready,
      dataApi: config.upstreams.dataApi,
      metricsApi: config.upstreams.metricsApi,
      node: nodeOptions,
      apiKeyHeader: config.apiKeyHeader,
      apiKey: config.apiKey,
      redis,
    }),
    reload(next) {
      // Within one turn of the event loop: no request runs between two of these assignments.
      if (logger) logger.level = next.logLevel;
      requestLog.sampleRate = next.logSampleRate;
      costs.maxCalls = next.callBudget;
      costs.maxNodes = next.cost.maxNodes;
      costs.extensions = next.cost.extensions;
      costs.enforce = next.cost.mode === 'enforce';
      queryLimits.introspection = next.introspection;
      batching.limit = next.batchingLimit;
      // Turning CORS or rate limits on or off changes which plugins run: src/gateway/reload.ts refuses that.
      if (cors && next.cors) Object.assign(cors, next.cors);
      if (limiter && next.rateLimit) limiter.update(next.rateLimit);
      return trusted.reload(next.trustedDocuments.manifests);
    },
    async close() {
      await live.close();
      await Promise.all([http.close(), stores.reads?.close(), stores.responses?.close(), redis?.close(), tracing?.shutdown()]);
    },
  };
}
