/**
 * The HTTP server around yoga: what a GraphQL server cannot see from inside a request.
 *
 * - Requests for /subgraph go to the federation subgraph's yoga when FEDERATION is on.
 * - Request bodies are read here, within MAX_BODY_BYTES: a bigger one is refused with 413 as
 *   soon as it is announced or grows past the limit, never buffered first. The common JSON POST
 *   then runs through ./lean-post.ts; everything else through yoga whole, which reads the body
 *   from memory rather than from the socket.
 * - Rate limits (src/guards/): asked before the body is read, so a refused request costs a 429 only.
 * - Slow clients: headers and the whole request must arrive within their timeouts. An answer
 *   counts toward its client's held bytes (./held-bytes.ts) until the kernel takes it: a client
 *   (or an instance) holding past MAX_HELD_BYTES_PER_CLIENT (MAX_HELD_BYTES) has its new requests
 *   refused, 429 (503) QUERY_LIMIT_EXCEEDED, and a stream (SSE, multipart) still holding
 *   WS_MAX_BUFFERED_BYTES unread when more is written is cut off (`HeldResponse`).
 * - Compression (../base/compression.ts) wraps the response before anything writes it, but for the
 *   fast path's answers, written whole and compressed in one call (`endWhole`); GraphiQL's page,
 *   the same for everyone, is kept and compressed once (`graphiql`).
 * - Shutdown: `drain()` answers new requests 503 SHUTTING_DOWN (and `/ready` says so) on a port
 *   that stays open, ends the subscriptions (SSE streams complete, WebSockets close with 1001),
 *   lets the requests in flight finish, then closes the port and the connections.
 * - WebSocket: an `upgrade` to /graphql is GraphQL over WebSocket (./websocket.ts), after the
 *   rate limits and within WS_MAX_SOCKETS_PER_CLIENT (429), from no Origin (not a browser), the
 *   gateway's own or one CORS_ORIGINS allows (403 otherwise: CORS does not guard WebSockets);
 *   any other upgrade is refused.
 * - Methods: a GraphQL path (/graphql, /subgraph) takes GET and POST, and OPTIONS for a CORS
 *   preflight (yoga's CORS answers it); /health, /ready and /metrics take GET and HEAD. Any other
 *   method there is refused with 405 and `Allow`, before the rate limits and before either
 *   GraphQL path sees it, so both answer it alike (the fast path ran a PUT's body as a POST).
 * - Operations: `/health` (liveness: the process answers, draining or not), `/ready` (readiness:
 *   not draining, and the configured upstreams answer; see src/ops/readiness.ts) and `/metrics`
 *   (Prometheus, unless served on a port of its own), all answered here, before rate limits:
 *   probes and scrapes are no client's requests, and a client forging the prober's address
 *   (x-forwarded-for behind TRUST_PROXY) must not get a pod restarted by spending its bucket.
 * - `/`: a person who opens the gateway's address is sent to GraphiQL (302 to the endpoint).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import { type Compression, compressor, fixedAnswer } from '../base/compression.js';
import { OFFLINE_STAND_IN, type Config } from '../config/config.js';
import { graphiqlAnswer } from '../yoga/graphiql.js';
import { ErrorCode, quote } from '../graphql/errors.js';
import type { Gateway } from '../gateway/gateway.js';
import { writeResponse } from '../yoga/lean-post.js';
import { assignRequestId } from '../ops/request-id.js';
import { graphqlSockets, type GraphQLSockets, type SocketLimits } from './websocket.js';
import { HeldBytes, HeldResponse } from './held-bytes.js';
import { earlyHeader } from '../base/early-headers.js';
import { ACCEPTED_CODINGS, BodyEncodingError, codingsOf, decodeBody } from './request-encoding.js';
import { ANSWER_TYPES, answerable } from './answer-types.js';
import type { GatewayMetrics } from '../ops/prometheus.js';
import type { Traffic } from '../ops/idle-release.js';

export interface ServerOptions {
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Compresses answers (src/base/compression.ts); none when absent. */
  compress?: Compression;
  /** Answers GraphiQL's page (the same for everyone: kept, compressed once); yoga renders it when absent. */
  graphiql?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** GraphQL over WebSocket: operations a socket runs at once, sockets a client holds open, bytes a socket may have unsent. */
  websocket: Omit<SocketLimits, 'maxPayload' | 'held'>;
  /** Bytes of answers held for one client, and for the instance, past which no new operation starts (./held-bytes.ts). */
  held: { perClient: number; perInstance: number };
  /** Serve /metrics on this server (false when it has a port of its own), behind `token` when set. */
  metrics?: { token?: string } | false;
  /** Set on every answer (`x-avalanche-sandbox`) while the sandbox serves: asked for by name, or offline. */
  sandbox?: string;
}

const gzipAsync = promisify(gzip);

/**
 * The options a gateway's server is started with, from its configuration: what `npm start`
 * serves (src/main.ts), and what the tests' harness serves, so the two cannot drift apart.
 * `graphiql: false` leaves GraphiQL's page to yoga, for servers no person browses.
 */
export function serverOptionsOf(gateway: Gateway, config: Config, { graphiql = true } = {}): ServerOptions {
  return {
    ...config.server,
    compress: compressor(config.compression),
    graphiql: graphiql && config.graphiql ? fixedAnswer(() => graphiqlAnswer(gateway.yoga), config.compression) : undefined,
    metrics: config.metrics.port === undefined && { token: config.metrics.token },
    sandbox:
      config.sandboxServed === 'offline'
        ? `offline; ${OFFLINE_STAND_IN}`
        : config.sandboxServed === 'asked'
          ? 'on (SANDBOX=on)'
          : undefined,
  };
}

/**
 * Answers a Prometheus scrape: the metrics, or 401 without the bearer token when one is set.
 * The token is compared in constant time. Gzipped when the scraper accepts it (Prometheus
 * always does): the text is tens to hundreds of KB of repeated label names, a tenth of that
 * gzipped. On zlib's thread pool, not in one synchronous call: a scrape is no client's request,
 * and must not hold the event loop the requests share.
 */
export function serveMetrics(metrics: GatewayMetrics, token: string | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
    res
      .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' })
      .end('/metrics needs the bearer token of METRICS_TOKEN.\n');
    return;
  }
  const gzipped = req.headers['accept-encoding'] !== undefined && new Negotiator(req).encoding(['gzip', 'identity']) === 'gzip';
  metrics
    .text()
    .then(async ({ contentType, body }) => {
      const headers = { 'content-type': contentType, vary: 'Accept-Encoding', 'cache-control': 'no-store' };
      if (!gzipped) return void res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
      const packed = await gzipAsync(body);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': packed.length }).end(packed);
    })
    .catch(() => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n'));
}

/**
 * The `http.route` of a request: one of the gateway's own paths, or '' for anything else, which
 * OpenTelemetry leaves unset (a made-up path must not become a label value).
 */
export function routeOf(url: string | undefined, routes: ReadonlySet<string>): string {
  if (url === undefined) return '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return routes.has(path) ? path : '';
}

/**
 * Counts a request in `http_server_request_duration_seconds` once its answer is sent, whoever
 * wrote it (yoga, the fast path, a refusal here, a probe, a scrape). One that ends with no answer
 * (the client went away first) has no status to count.
 */
export function observeHttp(metrics: GatewayMetrics, routes: ReadonlySet<string>, req: IncomingMessage, res: ServerResponse): void {
  if (res instanceof GatewayResponse) {
    res.observe(metrics, routes);
    return;
  }
  const started = performance.now();
  res.once('close', () => {
    if (res.headersSent) metrics.httpRequest(req.method, res.statusCode, routeOf(req.url, routes), (performance.now() - started) / 1000);
  });
}

/**
 * The gateway server's responses. What the server does once a response is closed (its time
 * observed, the request counted out of the flight) runs in `onResponseClosed`, which
 * ./held-bytes.ts's HeldResponse calls from its own `emit` of `close`, where it gives back the
 * held bytes too, rather than from listeners added to each response: they were two `once`
 * wrappers and a closure a request, and an array of listeners for `close`.
 * Measured through `npm start`'s flags on the one-call query (cache off, 50,000 requests, the
 * `allocated` of --trace-gc-nvp): 52.0 KB allocated a request against 52.9, twice each. The CPU a
 * request moved by less than two gateways alike differ (14 interleaved pairs: median 2 µs lower).
 */
class GatewayResponse<Request extends IncomingMessage = IncomingMessage> extends HeldResponse<Request> {
  private metrics: GatewayMetrics | undefined = undefined;
  private routes: ReadonlySet<string> | undefined = undefined;
  private started = 0;
  private flight: Flight | undefined = undefined;

  /** Counts the request in `http_server_request_duration_seconds` once it is closed (observeHttp). */
  observe(metrics: GatewayMetrics, routes: ReadonlySet<string>): void {
    this.metrics = metrics;
    this.routes = routes;
    this.started = performance.now();
  }

  /** Counts the request in `flight` until it is closed. */
  fly(flight: Flight): void {
    this.flight = flight;
  }

  protected override onResponseClosed(): void {
    if (this.metrics && this.headersSent) {
      const req = this.req;
      this.metrics.httpRequest(req.method, this.statusCode, routeOf(req.url, this.routes!), (performance.now() - this.started) / 1000);
    }
    this.metrics = undefined;
    const flight = this.flight;
    this.flight = undefined;
    flight?.finished();
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

export interface GatewayServer {
  server: Server;
  /** True once `drain()` was called. */
  readonly draining: boolean;
  /**
   * Answers new requests 503 from now on, and resolves when those in flight are answered (or
   * after `timeoutMs`), but not before `delayMs`; then closes the port and the connections.
   */
  drain(timeoutMs: number, delayMs?: number): Promise<void>;
  /** What it has served, for the idle release (GraphQL requests and WebSockets; not probes nor scrapes). */
  readonly traffic: Traffic;
}

/**
 * Answers an error and, unless told to `keep` it, closes the connection once the answer is out.
 * A client still sending the body it was refused for reads the answer only if the socket stays
 * until that body is in: closed at once, its next write fails (EPIPE) before it reads anything.
 */
function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extensions: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  keep = false,
): void {
  const body = JSON.stringify({ errors: [{ message, extensions: { code, ...extensions } }] });
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(keep ? {} : { connection: 'close' }),
  });
  res.end(body);
}

/**
 * How much of a refused body is read and dropped, as a multiple of MAX_BODY_BYTES, so that its
 * client reads the 413 rather than a broken pipe; a body past it closes the connection at once.
 */
const DRAINED_BODIES = 2;

/** The methods a GraphQL path answers: as yoga's own refusal says, so that both paths agree. */
const GRAPHQL_METHODS = 'GET, POST';
/** The methods of the operations' paths: a probe or a scrape reads, with or without a body. */
const PROBE_METHODS = 'GET, HEAD';

/**
 * The methods the path of `req` takes (the `Allow` of a 405), or undefined for a path the server
 * does not serve (yoga answers it 404, whatever the method).
 */
function allowedAt(url: string | undefined, endpoint: string, gateway: Gateway, metrics: boolean): string | undefined {
  const path = pathOf(url);
  if (path === endpoint || path === `${endpoint}/` || (gateway.subgraph && isSubgraphPath(url))) return GRAPHQL_METHODS;
  if (path === '/' || path === '/health' || path === '/ready' || (metrics && path === '/metrics')) return PROBE_METHODS;
  return undefined;
}

/** A CORS preflight: what yoga's CORS answers for a GraphQL path, the one OPTIONS request it takes. */
function isPreflight(req: IncomingMessage): boolean {
  return req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
}

/**
 * Refuses a method its path does not take: 405, `Allow`, and a body that says what to send instead.
 * A body sent with it is read and dropped (up to twice `maxBodyBytes`), so its client reads the
 * answer rather than a broken pipe, as for a 413.
 */
function refuseMethod(req: IncomingMessage, res: ServerResponse, allow: string, maxBodyBytes: number): void {
  const path = (req.url ?? '/').split('?', 1)[0]!;
  const method = req.method ?? '';
  const message =
    allow === GRAPHQL_METHODS
      ? `${method} is not a method of ${path}: send a GraphQL request with POST (a JSON body), or with GET (a query in the URL); OPTIONS only as a CORS preflight.`
      : `${method} is not a method of ${path}: read it with GET (or HEAD).`;
  refuse(res, 405, ErrorCode.METHOD_NOT_ALLOWED, message, { method, allowed: allow.split(', ') }, { allow }, drainable(req, maxBodyBytes));
  dropBody(req, maxBodyBytes);
}

/** Whether the body of a refused request is small enough to read and drop, keeping the connection (`dropBody`). */
function drainable(req: IncomingMessage, maxBodyBytes: number): boolean {
  const announced = Number(req.headers['content-length']);
  return req.headers['transfer-encoding'] === undefined && !(announced > DRAINED_BODIES * maxBodyBytes);
}

/** Reads a refused request's body and drops it, cutting the connection once it passes DRAINED_BODIES limits. */
function dropBody(req: IncomingMessage, maxBodyBytes: number): void {
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > DRAINED_BODIES * maxBodyBytes) req.destroy();
  });
  req.resume();
}

function isSubgraphPath(url: string | undefined): boolean {
  return url?.startsWith('/subgraph') === true && (url.length === 9 || url[9] === '?' || url[9] === '/');
}

/**
 * The requests in flight and the drain: once draining, new requests are refused, and the drain
 * ends when the last one in flight is answered.
 */
class Flight implements Traffic {
  draining = false;
  inflight = 0;
  begun = 0;
  /** WebSockets open: the drain closes them itself, so they are not among `inflight`. */
  sockets = 0;
  private idle: (() => void) | undefined;
  /** Counts a request out, once its response is closed (GatewayResponse). */
  finished(): void {
    if (--this.inflight === 0) this.idle?.();
  }
  private readonly socketClosed = () => {
    this.sockets--;
  };

  get open(): number {
    return this.inflight + this.sockets;
  }

  start(res: GatewayResponse): void {
    this.inflight++;
    this.begun++;
    res.fly(this);
  }

  /** An upgrade's socket, counted until it closes, whether it became a WebSocket or was refused. */
  startSocket(socket: Duplex): void {
    this.sockets++;
    this.begun++;
    socket.once('close', this.socketClosed);
  }

  /**
   * Resolves when the requests in flight are answered (or after `timeoutMs`), but not before
   * `delayMs`; then closes the port and the connections.
   */
  settle(server: Server, timeoutMs: number, delayMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        server.close();
        server.closeAllConnections();
        resolve();
      };
      const timer = setTimeout(done, Math.max(timeoutMs, delayMs));
      const whenIdle = () => {
        if (this.inflight === 0) done();
        else this.idle = done;
      };
      if (delayMs > 0) setTimeout(whenIdle, delayMs).unref();
      else whenIdle();
    });
  }
}

export function createGatewayServer(gateway: Gateway, options: ServerOptions): GatewayServer {
  const flight = new Flight();
  const held = new HeldBytes(options.held.perClient, options.held.perInstance);
  gateway.metrics?.observeInflight(() => flight.inflight);
  // Node checks the two timeouts only this often (30 s by default): check at a tenth of the shorter.
  const checking = Math.max(100, Math.min(1_000, Math.floor(options.headersTimeoutMs / 10)));
  const server = createServer(
    { connectionsCheckingInterval: checking, ServerResponse: GatewayResponse },
    requestHandler(gateway, options, flight, held),
  );
  const upgrades = socketUpgrades(gateway, options, flight, held);
  server.on('upgrade', upgrades.upgrade);
  server.headersTimeout = options.headersTimeoutMs;
  server.requestTimeout = options.requestTimeoutMs;
  server.keepAliveTimeout = 5_000;

  return {
    server,
    traffic: flight,
    get draining() {
      return flight.draining;
    },
    drain(timeoutMs, delayMs = 0) {
      flight.draining = true;
      // Subscriptions never finish by themselves: they end now, and their clients reconnect elsewhere.
      void gateway.live.close();
      upgrades.close();
      // The port stays open while draining: a load balancer's probe and a late request hear why
      // (503, SHUTTING_DOWN) rather than meet a refused connection. Idle keep-alive connections
      // are closed, so their clients reconnect, to another instance once this one is out of rotation.
      server.closeIdleConnections();
      return flight.settle(server, timeoutMs, delayMs);
    },
  };
}

type NodeRequest = IncomingMessage & { body?: unknown };
type GatewayYoga = Gateway['yoga'];

/**
 * Every request, until it is a GraphQL request for one of the yogas: the operations' own paths
 * (/ready, /metrics), then the drain, the rate limits and the subgraph's token. What it does
 * before it tells a path apart is what both GraphQL paths share (./request-contract.ts).
 */
function requestHandler(gateway: Gateway, options: ServerOptions, flight: Flight, held: HeldBytes) {
  const { subgraph } = gateway;
  const metrics = options.metrics !== false && gateway.metrics ? { metrics: gateway.metrics, token: options.metrics?.token } : undefined;
  // Read once: gateway.yoga is whatwg-node's Proxy, whose get trap runs on every read of a member.
  const endpoint = gateway.yoga.graphqlEndpoint;
  const routes = new Set([endpoint, '/subgraph', '/health', '/ready', '/metrics']);
  const graphql = graphqlAnswers(gateway, options);
  return async (req: NodeRequest, res: ServerResponse) => {
    if (gateway.metrics) observeHttp(gateway.metrics, routes, req, res);
    assignRequestId(req, res);
    if (options.sandbox) earlyHeader(res, 'x-avalanche-sandbox', options.sandbox);
    const method = req.method;
    if (method !== 'GET') {
      const allow = allowedAt(req.url, endpoint, gateway, metrics !== undefined);
      const allowed = allow === PROBE_METHODS ? method === 'HEAD' : method === 'POST' || (method === 'OPTIONS' && isPreflight(req));
      if (allow !== undefined && !allowed) return refuseMethod(req, res, allow, options.maxBodyBytes);
    }
    const path = pathOf(req.url);
    if (path === '/health' && (method === 'GET' || method === 'HEAD')) return serveHealth(res);
    if (path === '/' && (method === 'GET' || method === 'HEAD')) return leadToGraphiQL(res, endpoint);
    if (req.url === '/ready') return serveReady(gateway, flight, res);
    if (metrics && req.url === '/metrics' && (req.method === 'GET' || req.method === 'HEAD'))
      return serveMetrics(metrics.metrics, metrics.token, req, res);
    if (flight.draining) {
      return refuse(res, 503, ErrorCode.SHUTTING_DOWN, 'The gateway is shutting down: retry, and another instance will answer.');
    }
    flight.start(res as GatewayResponse);
    // Rate limits: a client over its limit is answered before its body is read or parsed.
    const refusal = gateway.admit && (await gateway.admit(req));
    if (refusal) {
      refuse(res, refusal.status, refusal.code, refusal.message, refusal.extensions, refusal.headers);
      req.resume();
      return;
    }
    // A client that has not read what it was sent (here or on its sockets) is sent nothing more.
    const client = gateway.clientOf(req);
    const over = held.refusal(client);
    if (over) {
      refuse(
        res,
        over.status,
        over.code,
        over.message,
        { limit: over.limit, held: over.held, allowed: over.allowed },
        { 'retry-after': '5' },
      );
      req.resume();
      return;
    }
    (res as HeldResponse).count(client, held, options.websocket.maxBufferedBytes, gateway.logger);
    // The federation subgraph (FEDERATION=true) has a yoga of its own; everything else is the graph's.
    const yoga = subgraph && isSubgraphPath(req.url) ? subgraph : gateway.yoga;
    if (yoga === subgraph && gateway.subgraphAccess && !gateway.subgraphAccess(req.headers.authorization)) {
      refuse(res, 401, ErrorCode.FORBIDDEN, 'The subgraph answers its router only: send `Authorization: Bearer <SUBGRAPH_TOKEN>`.');
      req.resume();
      return;
    }
    graphql(req, res, yoga);
  };
}

/** The path of a request's URL, without its query. */
function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Liveness: this process answers. Yoga's own check answered the same (200, no body) but behind
 * the rate limits; it stays 200 while draining, since a restart then would cut what drains.
 */
function serveHealth(res: ServerResponse): void {
  res.writeHead(200, { 'content-length': 0, 'cache-control': 'no-store' });
  res.end();
}

/** The gateway's address leads a person to GraphiQL, and says where it is to anyone else. */
function leadToGraphiQL(res: ServerResponse, endpoint: string): void {
  const body = `<!doctype html><title>Avalanche GraphQL gateway</title><p>GraphQL is served at <a href="${endpoint}">${endpoint}</a> (GraphiQL in a browser).</p>\n`;
  res.writeHead(302, {
    location: endpoint,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** Readiness: whether to send this instance traffic. */
function serveReady(gateway: Gateway, flight: Flight, res: ServerResponse): void {
  const drainingAnswer = { ready: false, reason: 'draining: the gateway is shutting down' };
  if (flight.draining) {
    json(res, 503, drainingAnswer);
    return;
  }
  gateway.readiness.check().then(
    (report) => json(res, flight.draining ? 503 : report.ready ? 200 : 503, flight.draining ? drainingAnswer : report),
    (error: unknown) => json(res, 503, { ready: false, reason: String(error) }),
  );
}

/**
 * A request for a yoga: GraphiQL's page, a request without a body (yoga whole), or a body read
 * within MAX_BODY_BYTES and then answered by the fast path when it takes it, by yoga whole else.
 */
function graphqlAnswers(gateway: Gateway, options: ServerOptions) {
  const limit = options.maxBodyBytes;
  const tooLarge = `The request body is larger than the ${limit} bytes this gateway accepts (MAX_BODY_BYTES): send a smaller document or variables.`;
  const withBody = (req: NodeRequest, res: ServerResponse, yoga: GatewayYoga, body: Buffer) => {
    if (body.length === 0) return answerEmpty(req, res, yoga, options.compress);
    const lean = yoga === gateway.subgraph ? gateway.subgraphLean : gateway.lean;
    if (lean?.(req, res, body, options.compress)) return;
    options.compress?.install(req, res);
    req.body = body;
    void yoga(req, res);
  };
  // A compressed body is decoded first; both paths then read it as if it had been sent as is.
  const withEncodedBody = (req: NodeRequest, res: ServerResponse, yoga: GatewayYoga, body: Buffer) => {
    const codings = codingsOf(req.headers['content-encoding']);
    if (codings.length === 0) return withBody(req, res, yoga, body);
    decodeBody(body, codings, limit).then(
      (decoded) => {
        req.headers['content-encoding'] = undefined;
        req.headers['content-length'] = String(decoded.length);
        withBody(req, res, yoga, decoded);
      },
      (error: unknown) => {
        options.compress?.install(req, res);
        if (error instanceof BodyEncodingError) return refuse(res, error.status, error.code, error.message, error.extensions, {}, true);
        yoga.logger.error(error);
        refuse(res, 500, ErrorCode.INTERNAL_SERVER_ERROR, 'The request body could not be decompressed.');
      },
    );
  };
  return (req: NodeRequest, res: ServerResponse, yoga: GatewayYoga) => {
    if (options.graphiql && yoga === gateway.yoga && isGraphiQLPage(req, yoga)) {
      return serveGraphiQL(options.graphiql, req, res, yoga);
    }
    // Nothing to read: yoga sees the request as it came.
    const bodiless = req.headers['transfer-encoding'] === undefined && !(Number(req.headers['content-length']) > 0);
    const readsBody = !(req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || bodiless);
    // Before anything is written: every answer below may be compressed. A body's request gets the
    // middleware only on its way to yoga or to a refusal: the fast path writes its answers whole,
    // compressed in one call (endWhole), and the middleware's wrapping would cost it for nothing.
    const compress = options.compress;
    if (!readsBody) compress?.install(req, res);
    // A page request that reaches yoga is yoga's GraphiQL's, where it renders one (a server made with `graphiql: false`).
    if (!isGraphiQLPage(req, yoga) && !answerable(req.method, req.headers.accept)) {
      compress?.install(req, res);
      return refuseUnacceptable(req, res, limit);
    }
    // Until a path says otherwise for an answer a cache may keep (src/yoga/use-cache-control.ts).
    earlyHeader(res, 'cache-control', 'no-store');
    if (!readsBody) {
      void yoga(req, res);
      return;
    }
    const announced = Number(req.headers['content-length']);
    if (announced > limit) {
      compress?.install(req, res);
      refuse(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, tooLarge, { limit }, {}, announced <= DRAINED_BODIES * limit);
      req.resume();
      return;
    }
    // A coding not decoded here is refused before its body is read, and the body dropped as a refused method's is.
    try {
      codingsOf(req.headers['content-encoding']);
    } catch (error) {
      const { status, code, message, extensions } = error as BodyEncodingError;
      compress?.install(req, res);
      refuse(res, status, code, message, extensions, { 'accept-encoding': ACCEPTED_CODINGS }, drainable(req, limit));
      dropBody(req, limit);
      return;
    }
    readBody(req, res, yoga, limit, tooLarge, withEncodedBody, compress);
  };
}

/** A request whose accept header takes none of the types GraphQL is answered in: 406, its body dropped. */
function refuseUnacceptable(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const message = `The accept header (${quote(req.headers.accept!)}) takes none of the types this gateway answers GraphQL in: ${ANSWER_TYPES.join(', ')} (or */*).`;
  refuse(
    res,
    406,
    ErrorCode.NOT_ACCEPTABLE,
    message,
    { accepted: ANSWER_TYPES },
    { accept: ANSWER_TYPES.join(', ') },
    drainable(req, limit),
  );
  dropBody(req, limit);
}

/**
 * Reads the body into memory and hands it to `then`, or refuses it (413) as soon as it grows past
 * `limit`, never buffered first. No closure of its own per request beyond the stream's two.
 */
function readBody(
  req: NodeRequest,
  res: ServerResponse,
  yoga: GatewayYoga,
  limit: number,
  tooLarge: string,
  then: (req: NodeRequest, res: ServerResponse, yoga: GatewayYoga, body: Buffer) => void,
  compress: Compression | undefined,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      // Refused now, and the rest read and dropped up to DRAINED_BODIES limits, then cut off.
      if (!res.headersSent) {
        compress?.install(req, res);
        refuse(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, tooLarge, { limit }, {}, true);
      }
      chunks.length = 0;
      if (size > DRAINED_BODIES * limit) req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.once('end', () => {
    if (size > limit) return;
    then(req, res, yoga, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  });
}

/** A chunked body that turned out empty: yoga must see no body at all, and the socket's is spent. */
function answerEmpty(req: IncomingMessage, res: ServerResponse, yoga: GatewayYoga, compression: Compression | undefined): void {
  const headers = Object.entries(req.headers).filter(([name]) => name !== 'transfer-encoding') as [string, string][];
  void Promise.resolve(
    yoga.fetch(`http://${req.headers.host ?? 'localhost'}${req.url}`, { method: req.method, headers }, { req, res }),
  ).then((response) => writeResponse({ req, res, compression }, response));
}

function serveGraphiQL(graphiql: NonNullable<ServerOptions['graphiql']>, req: IncomingMessage, res: ServerResponse, yoga: GatewayYoga) {
  graphiql(req, res).catch((error: unknown) => {
    yoga.logger.error(error);
    if (!res.headersSent) refuse(res, 500, ErrorCode.INTERNAL_SERVER_ERROR, 'GraphiQL could not be rendered.');
    else res.destroy();
  });
}

/**
 * WebSocket upgrades to /graphql: refused while draining, from an Origin the gateway does not
 * allow, or past the rate limits; the sockets' server (./websocket.ts) is loaded on the first one.
 */
function socketUpgrades(gateway: Gateway, options: ServerOptions, flight: Flight, held: HeldBytes) {
  let sockets: Promise<GraphQLSockets> | undefined;
  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    flight.startSocket(socket);
    const refuseUpgrade = (status: number, text: string, body = text) =>
      socket.end(`HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${body}\n`);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== gateway.yoga.graphqlEndpoint) return refuseUpgrade(404, 'Not Found');
    if (flight.draining) return refuseUpgrade(503, 'Service Unavailable');
    if (!gateway.allowsSocketOrigin(req)) {
      return refuseUpgrade(
        403,
        'Forbidden',
        `WebSocket from origin ${quote(req.headers.origin ?? '')} refused: pages may open a socket here only from this gateway's own origin or one CORS_ORIGINS lists.`,
      );
    }
    const refusal = gateway.admit && (await gateway.admit(req));
    if (refusal) return refuseUpgrade(refusal.status, 'Too Many Requests');
    try {
      sockets ??= graphqlSockets(gateway, { maxPayload: options.maxBodyBytes, ...options.websocket, held });
      const tooMany = (await sockets).handleUpgrade(req, socket, head);
      if (tooMany) refuseUpgrade(429, 'Too Many Requests', tooMany);
    } catch {
      refuseUpgrade(500, 'Internal Server Error');
    }
  };
  return { upgrade, close: () => void sockets?.then((s) => s.close()) };
}

/** What yoga answers with GraphiQL's page: a GET for HTML at the GraphQL endpoint. */
function isGraphiQLPage(req: IncomingMessage, yoga: GatewayYoga): boolean {
  if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return false;
  const endpoint = yoga.graphqlEndpoint;
  const path = (req.url ?? '/').split('?', 1)[0];
  return path === endpoint || path === `${endpoint}/`;
}
