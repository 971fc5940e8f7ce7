/**
 * The gateway: a yoga server over the schema, with one HTTP client, one reuse layer (and its
 * stores) for every request, and per request its reads (signal, budget, API key) and loaders.
 * This file wires the parts together; each part is made in a file of its own beside it
 * (logging, stores, rate limits, trusted documents, the plugins, the request context, the
 * settings a reload changes).
 */
import type { IncomingMessage } from 'node:http';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { YogaInitialContext } from 'graphql-yoga';
import type { Logger } from '../base/logger.js';
import type { RedisConnection } from '../base/redis.js';
import { OFFLINE_STAND_IN, type Config } from '../config/config.js';
import { adminAccess } from '../graphql/admin-access.js';
import { CursorCodec } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { describeLiveError, ErrorCode, maskError } from '../graphql/errors.js';
import { allowsSocketOrigin, corsOptions } from '../guards/cross-site.js';
import { ClientIdentity } from '../guards/identity.js';
import type { RateLimiter, Refusal } from '../guards/limiter.js';
import { LiveHub } from '../live/hub.js';
import { GatewayMetrics } from '../ops/prometheus.js';
import { Readiness } from '../ops/readiness.js';
import type { GatewayTracing } from '../ops/tracing.js';
import { freshnessTable } from '../reuse/freshness.js';
import { ListLengths } from '../reuse/list-lengths.js';
import { Reuse } from '../reuse/reads.js';
import { schema, subgraphSchema } from '../graph/index.js';
import { HttpClient, type HttpClientOptions } from '../upstreams/http.js';
import { documentCaches } from '../yoga/document-caches.js';
import { DEFAULT_QUERY, lazyGraphiQL } from '../yoga/graphiql.js';
import { fastPath, type LeanPost } from '../yoga/lean-post.js';
import type { DoorOptions } from '../yoga/kept-door.js';
import { YOGA_BATCHING } from '../yoga/use-batching.js';
import { useCompiledExecution } from '../yoga/use-compiled-execution.js';
import { contextFactory, upstreamClients, upstreamOptions, type UpstreamOptions } from './context.js';
import { circuitLog, every, upstreamFailureLog, yogaLogging } from './logging.js';
import { gatewayPlugins, type PluginParts } from './plugins.js';
import { clientLimits, rateLimiter } from './rate-limits.js';
import { applySettings, liveSettings, type LiveSettings } from './settings.js';
import { connectRedis, createStores, readEvents } from './stores.js';
import { trustedDocuments, type ReloadReport } from './trusted.js';

export type { ReloadReport } from './trusted.js';

type GatewayYoga = YogaServerInstance<Record<string, unknown>, GatewayContext>;

export interface Gateway {
  yoga: GatewayYoga;
  /** The graph as an Apollo Federation v2 subgraph at /subgraph, when FEDERATION is on. */
  subgraph?: GatewayYoga;
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

/** Settings the environment does not configure: tests shorten the backoff and freeze what is cached. */
export interface GatewayTuning extends Partial<HttpClientOptions> {
  freezeCachedValues?: boolean;
  /** Spans, when tracing is configured (src/ops/otel.ts) or a test traces in memory. */
  tracing?: GatewayTracing;
  /** Node's process metrics in /metrics (default true). */
  processMetrics?: boolean;
}

/**
 * @param tuning settings the environment does not configure (tests shorten the backoff).
 */
export function createGateway(config: Config, logger?: Logger, tuning: GatewayTuning = {}): Gateway {
  // First: a manifest that does not load stops the start before anything opens.
  const trusted = trustedDocuments(config, logger);
  const { tracing } = tuning;
  const metrics = config.metrics.enabled
    ? new GatewayMetrics({ maxOperations: config.metrics.maxOperations, processMetrics: tuning.processMetrics })
    : undefined;
  const settings = liveSettings(config, metrics);
  const http = httpClient(config, logger, metrics, tuning);
  const redis = connectRedis(config, logger);
  // Lengths of the lists the data decides, noted by every request and read by every price; shared
  // as the cache is (CACHE=redis).
  const lengths = new ListLengths({ redis: config.cache.mode === 'redis' ? redis : undefined });
  settings.costs.lengths = lengths;
  const identity = new ClientIdentity(config.trustProxy, config.apiKeyHeader);
  const limiter = rateLimiter(config, settings.cors, identity, redis, logger, metrics);
  const stores = createStores(config, redis, tuning.freezeCachedValues, metrics);
  if (metrics) metrics.observeCircuits(() => http.circuits());
  const reuse = new Reuse(http, freshnessTable(config.cache.ttls), stores.reads, readEvents(metrics, tracing));
  if (stores.reads) metrics?.observeStore('reads', reuse);
  const upstreams = upstreamOptions(config);
  const live = liveHub(config, settings, reuse, upstreams, redis, logger);
  metrics?.observeLive(() => live.stats());
  const cursors = new CursorCodec(config.cursorSecret);
  const context = contextFactory({ config, settings, reuse, upstreams, identity, cursors, live, limiter, tracing, lengths });
  const yogas = yogaServers(config, logger, context, {
    settings,
    identity,
    limiter,
    metrics,
    tracing,
    logger,
    responses: stores.responses,
    documentById: trusted.documentById,
    trusted: trusted.plugins,
  });
  return {
    ...yogas,
    context,
    subgraphAccess: config.subgraphToken ? (authorization) => adminAccess(config.subgraphToken, authorization ?? null).granted : undefined,
    http,
    reuse,
    redis,
    live,
    allowsDocument: trusted.allows,
    admit: limiter && ((req) => limiter.admit(req)),
    allowsSocketOrigin: (req) => allowsSocketOrigin(settings.cors, req.headers.origin, req.headers.host),
    clientOf: (req) => identity.addressBucket(req.socket.remoteAddress, req.headers['x-forwarded-for']),
    metrics,
    logger,
    readiness: new Readiness(http, {
      ...config.ready,
      dataApi: config.upstreams.dataApi,
      metricsApi: config.upstreams.metricsApi,
      node: upstreams.node,
      apiKeyHeader: config.apiKeyHeader,
      apiKey: config.apiKey,
      redis,
      standIn: config.sandboxServed === 'offline' ? OFFLINE_STAND_IN : undefined,
    }),
    reload: (next) => reload(next, settings, logger, limiter, trusted.reload),
    async close() {
      lengths.close();
      await live.close();
      await Promise.all([http.close(), stores.reads?.close(), stores.responses?.close(), redis?.close(), tracing?.shutdown()]);
    },
  };
}

/** The one HTTP client every upstream call goes through, with its failures logged and observed. */
function httpClient(config: Config, logger: Logger | undefined, metrics: GatewayMetrics | undefined, tuning: GatewayTuning): HttpClient {
  return new HttpClient({
    observer: metrics?.callObserver,
    tracer: tuning.tracing?.calls,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    connections: config.connections,
    maxResponseBytes: config.maxResponseBytes,
    breaker: config.breaker,
    onFailure: upstreamFailureLog(logger),
    onCircuit: circuitLog(logger, config.breaker ? config.breaker.halfOpenMs : 0),
    ...tuning,
  });
}

/** The subscriptions' pollers: their clients are a query's (./context.ts), over reads that never take a kept answer. */
function liveHub(
  config: Config,
  settings: LiveSettings,
  reuse: Reuse,
  upstreams: UpstreamOptions,
  redis: RedisConnection | undefined,
  logger: Logger | undefined,
): LiveHub {
  const pollFailed = every(10_000, (held) =>
    logger?.warn(`subscription polls failed: their subscribers got error events${held ? ` (${held} more failures)` : ''}`),
  );
  return new LiveHub({
    clients: (scope) => upstreamClients(reuse.forPoll(scope), upstreams),
    intervals: config.live.intervals,
    perClient: config.live.perClient,
    total: config.live.total,
    maxTopics: config.live.maxTopics,
    topicsPerClient: config.live.topicsPerClient,
    // Read per poll: a reload may change it.
    get callBudget() {
      return settings.costs.maxCalls;
    },
    describeError: describeLiveError,
    // The node does not serve the API (its index is off, a chain it does not track): polling again will not help.
    isFinal: (error) => error.extensions.code === ErrorCode.NODE_API_UNAVAILABLE,
    redis,
    leaseMs: config.live.leaseMs,
    onPollError: () => pollFailed(),
  });
}

/** `Gateway.reload`: what may change while serving, each swapped whole between two requests. */
function reload(
  next: Config,
  settings: LiveSettings,
  logger: Logger | undefined,
  limiter: RateLimiter | undefined,
  reloadManifests: (manifests: readonly string[]) => ReloadReport,
): ReloadReport {
  // Within one turn of the event loop: no request runs between two of these assignments.
  if (logger) logger.level = next.logLevel;
  applySettings(settings, next);
  // Turning rate limits on or off changes which plugins run: src/gateway/reload.ts refuses that.
  if (limiter && next.rateLimit) limiter.update(next.rateLimit);
  return reloadManifests(next.trustedDocuments.manifests);
}

/** The yoga instances (the graph's, and the subgraph's with FEDERATION), each with its fast path. */
function yogaServers(
  config: Config,
  logger: Logger | undefined,
  context: (initial: YogaInitialContext) => GatewayContext,
  parts: Omit<PluginParts, 'compiledExecution' | 'documents'> & { trusted: Plugin[] },
): Pick<Gateway, 'yoga' | 'subgraph' | 'lean' | 'subgraphLean'> {
  // Parsed documents, shared by both schemas; compiled queries, for the graph only (see the subgraph below).
  const documents = documentCaches(config.documents.parsedMaxBytes);
  // COMPILED_CACHE_MAX_BYTES=0: every operation is interpreted.
  const compiledExecution =
    config.documents.compiledMaxBytes > 0 ? useCompiledExecution({ maxBytes: config.documents.compiledMaxBytes }) : undefined;
  parts.metrics?.observeStore('documents', documents);
  if (compiledExecution) parts.metrics?.observeStore('compiled', compiledExecution);
  const pluginParts = { ...parts, compiledExecution, documents: documents.options.documentCache };
  // A request with either header is answered as its sender's own (src/yoga/use-cache-control.ts): never at the door.
  const { limiter } = parts;
  const door: DoorOptions = {
    personalHeaders: [config.apiKeyHeader.toLowerCase(), 'authorization'],
    identity: parts.identity,
    limitsOf: limiter && ((req) => clientLimits(limiter, req)),
  };
  const graphPlugins = gatewayPlugins(pluginParts, { scope: 'graph', trusted: parts.trusted });
  const subgraphPlugins = gatewayPlugins(pluginParts, { scope: 'subgraph', compiled: false });
  // Made for each instance: each keeps its own log of masked errors, as before.
  const shared = () => ({
    landingPage: false,
    // Cross-site requests: src/yoga/use-cross-site.ts. Nothing here is uploaded.
    cors: corsOptions(parts.settings.cors),
    multipart: false,
    batching: YOGA_BATCHING,
    maskedErrors: { maskError },
    // Documents are parsed once (src/yoga/document-caches.ts); their validation is kept by src/yoga/use-validation-cache.ts.
    parserAndValidationCache: documents.options,
    logging: logger ? yogaLogging(logger) : (false as const),
    context,
  });
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    ...shared(),
    schema,
    graphqlEndpoint: '/graphql',
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
    plugins: graphPlugins,
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
        ...shared(),
        schema: subgraphSchema(),
        graphqlEndpoint: '/subgraph',
        graphiql: false,
        plugins: subgraphPlugins,
      })
    : undefined;
  return {
    yoga,
    subgraph,
    lean: fastPath(yoga, graphPlugins, door),
    subgraphLean: subgraph && fastPath(subgraph, subgraphPlugins, door),
  };
}
