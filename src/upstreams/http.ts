/**
 * The one HTTP layer every upstream client sends through.
 *
 * undici's `dispatch` on a keep-alive `Pool` per origin (global fetch measured 4x slower here;
 * `request()` and its body stream, slower too: see Exchange).
 * Each call runs in the scope of the GraphQL request that needs it: the request's one abort
 * signal ends the call and any wait before a retry, and its budget pays for every attempt.
 * Deadlines use undici's own header and body timers plus one timer while the body streams in,
 * rather than an AbortSignal per attempt (which cost 6 % of the gateway's CPU under load).
 * Answers are capped while they stream, per service. Retries are for idempotent calls only: on
 * 429/502/503 and connection failures, honouring `retry-after`, with bounded exponential
 * backoff. A circuit breaker per upstream (./circuit.ts) stops hammering one that keeps failing
 * for many callers.
 */
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { shownUrl } from '../base/shown-url.js';
import type { Pool } from './undici-core.js';
import type { CallBudget } from './budget.js';
import { onCancel, type CancelSignal } from './cancellation.js';
import { Circuit, type CircuitOptions } from './circuit.js';
import { answerText, parseJsonBytes } from './json-bytes.js';
import {
  CircuitOpenError,
  ConnectionError,
  HttpError,
  InvalidResponseError,
  RequestAbortedError,
  TimeoutError,
  type UpstreamError,
  type UpstreamService,
} from './errors.js';

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface HttpRequest {
  service: UpstreamService;
  /** The upstream operation or method, used in errors, logs and the freshness table. */
  operation: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  baseUrl: string;
  /** Path below `baseUrl`, starting with "/"; dynamic segments already encoded with `segment()`. */
  path: string;
  /** Arrays become repeated keys (`txTypes=A&txTypes=B`), as the upstream specs define. */
  query?: Record<string, QueryValue>;
  /** Sent as they are; what identifies the call is `credential`, never a header. */
  headers?: Record<string, string>;
  /**
   * Who the call is made as when not the operator: a digest of the client's own key
   * (`clientCredential` in data-api/client.ts). Part of what identifies a read: the reuse layer
   * never hands a call made with one credential to a request under another (src/reuse/reads.ts).
   */
  credential?: string;
  body?: unknown;
  /** Whether a retry is safe. Defaults to true for GET, false otherwise. */
  idempotent?: boolean;
  /** Statuses that are an answer, not a failure, for this call (e.g. health's 503). */
  acceptStatuses?: readonly number[];
  /** Parses the answer; JSON.parse unless the upstream needs more (wide integers). */
  parse?: (text: string) => unknown;
}

/** What a call runs under: the GraphQL request that needs it. */
export interface CallScope {
  /** Ends the call, and any wait before a retry, when the request goes away. */
  signal?: CancelSignal;
  /** Every attempt, retries and pages included, takes one call from it. */
  budget?: CallBudget;
  /** The trace the request belongs to, as the configured CallTracer knows it; absent when tracing is off. */
  trace?: object;
  /**
   * Who the call is made for (a request's client), asked only when a call fails: a circuit opens
   * on failures of several callers (./circuit.ts). Absent: the gateway's own calls (polls, probes).
   */
  caller?: () => string;
}

/** The caller of calls no client made: subscription polls, readiness probes. */
const GATEWAY_CALLER = 'gateway';

/**
 * Sees every attempt, for metrics. Called with positional arguments, so that observing a call
 * allocates nothing: `status` is the HTTP status, or the failure's reason when none came
 * (`ECONNRESET`, `TimeoutError`, `CircuitOpenError`...).
 */
export interface CallObserver {
  attempt(req: HttpRequest, status: number | string, seconds: number): void;
  retry(req: HttpRequest, reason: string): void;
}

/** The span of one call, retries included: its `traceparent` goes upstream with every attempt. */
export interface CallSpan {
  readonly headers: Readonly<Record<string, string>>;
  end(status: number | string, retries: number): void;
}

/** Makes call spans (src/ops/tracing.ts implements it, loaded only when tracing is configured). */
export interface CallTracer {
  start(req: HttpRequest, trace: object): CallSpan;
}

export interface HttpResponse<T> {
  status: number;
  body: T;
  /** Size of the answer as received, for caches that count bytes. */
  bytes: number;
}

export interface RetryInfo {
  service: UpstreamService;
  operation: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

/** When an upstream is considered to keep failing (./circuit.ts). */
export type BreakerOptions = CircuitOptions;

export interface HttpClientOptions {
  timeoutMs: number;
  retries: number;
  connections: number;
  /** The largest answer kept, per service; a bigger one fails while it streams in. */
  maxResponseBytes?: number | Partial<Record<UpstreamService, number>>;
  /** First backoff step; doubled per attempt. */
  baseDelayMs?: number;
  /** Longest wait before a retry; a longer `retry-after` fails the call at once instead. */
  maxDelayMs?: number;
  /** When an upstream is considered to keep failing (5xx, timeouts, broken connections, invalid answers); false: never. */
  breaker?: BreakerOptions | false;
  onRetry?: (info: RetryInfo) => void;
  /** An attempt failed (whether or not it is retried): `reason` is the status, the error code or the error's name. */
  onFailure?: (info: { service: UpstreamService; operation: string; reason: string }) => void;
  /** An upstream's circuit opened (`open`), let a probe through (`half-open`) or closed again. */
  onCircuit?: (info: { service: UpstreamService; upstream: string; state: 'open' | 'half-open' | 'closed' }) => void;
  /** Metrics of every attempt; absent: nothing is timed. */
  observer?: CallObserver;
  /** Spans of calls made in a traced request; absent when tracing is off. */
  tracer?: CallTracer;
  /** Calls wait until it settles: the embedded sandbox the upstream URLs point at is still starting (src/gateway/embedded-sandbox.ts). */
  startsAfter?: Promise<unknown>;
}

/** The state of one circuit breaker, for metrics. */
export interface CircuitReport {
  service: UpstreamService;
  /**
   * The base URL's host, plus the endpoint path for a node: never the base URL's path or
   * credentials, where some providers put the API key (https://x.example/<token>).
   */
  upstream: string;
  state: 'closed' | 'half-open' | 'open';
}

const RETRY_STATUSES = new Set([429, 502, 503]);
const RETRY_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Percent-encodes one path segment: client input never changes the path's shape. */
export function segment(value: string | number): string {
  const encoded = encodeURIComponent(String(value));
  // encodeURIComponent leaves dots alone, and "." or ".." would walk the path.
  return encoded === '.' || encoded === '..' ? encoded.replace(/\./g, '%2E') : encoded;
}

export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  let out = '';
  for (const key in query) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) out += `${out ? '&' : '?'}${key}=${encodeURIComponent(item)}`;
    } else {
      out += `${out ? '&' : '?'}${key}=${encodeURIComponent(String(value))}`;
    }
  }
  return out;
}

/** Parses `retry-after` as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

interface Upstream {
  pool: Pool;
  /** The base URL's path, without its trailing slash. */
  prefix: string;
  /** The largest answer kept from this service. */
  cap: number;
  /** By node endpoint path; '' for a REST API's one circuit. */
  circuits: Map<string, Circuit>;
}

const ACCEPT_JSON: Readonly<Record<string, string>> = { accept: 'application/json' };
const SEND_JSON: Readonly<Record<string, string>> = { accept: 'application/json', 'content-type': 'application/json' };

/** A failure in a word or two, for logs: `503`, `ECONNRESET`, `TimeoutError`. */
function failureReason(error: UpstreamError): string {
  if (error instanceof HttpError) return String(error.status);
  return (error as ConnectionError).code ?? error.name;
}

/** What opens a circuit: the upstream failing, not the request being refused or cancelled. */
function breaks(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500;
  return error instanceof TimeoutError || error instanceof ConnectionError || error instanceof InvalidResponseError;
}

/**
 * undici's Pool and errors (./undici-core.ts), once loaded: by the first call, not at start, where
 * loading them (with node:http2, which undici's client reads as it loads) was about 25 ms of CPU
 * before the gateway's first answer, which most often calls no upstream.
 */
let undici: typeof import('./undici-core.js') | undefined;
let loadingUndici: Promise<unknown> | undefined;

function loadUndici(): Promise<unknown> {
  loadingUndici ??= import('./undici-core.js').then((module) => {
    undici = module;
  });
  return loadingUndici;
}

export class HttpClient {
  private readonly pools = new Map<string, Pool>();
  private readonly upstreams = new Map<string, Upstream>();
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  /** Until `startsAfter` settles: what every call waits for first. */
  private starting?: Promise<unknown>;

  constructor(private readonly options: HttpClientOptions) {
    this.baseDelayMs = options.baseDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
    const clear = () => (this.starting = undefined);
    this.starting = options.startsAfter?.then(clear, clear);
  }

  /**
   * Sends the request and parses the JSON answer; failures are typed UpstreamErrors. Not an async
   * function: once the gateway has started, a call's answer is `send`'s promise itself. An async
   * function returning it made two more promises a call (bench/pipeline.ts counts 28 a one-call
   * request instead of 30) and took two more turns of the microtask queue to adopt it.
   */
  json<T>(req: HttpRequest, scope: CallScope = {}): Promise<HttpResponse<T>> {
    // After the wait, the call itself, not `json` again: one call is one call of `json` for whoever wraps it (test/helpers/attribution.ts).
    if (this.starting || !undici) return this.ready().then(() => this.call<T>(req, scope));
    return this.call<T>(req, scope);
  }

  /** The call once the client is ready: within a span of the request's trace when it is traced. */
  private call<T>(req: HttpRequest, scope: CallScope): Promise<HttpResponse<T>> {
    return !scope.trace || !this.options.tracer ? this.send<T>(req, scope) : this.traced<T>(req, scope);
  }

  /** What a call waits for before its first: the start the options name, and undici's load. */
  private async ready(): Promise<void> {
    if (this.starting) await this.starting;
    if (!undici) await loadUndici();
  }

  /** `json` within a span of the request's trace. */
  private async traced<T>(req: HttpRequest, scope: CallScope): Promise<HttpResponse<T>> {
    const span = scope.trace && this.options.tracer?.start(req, scope.trace);
    if (!span) return this.send<T>(req, scope);
    let attempts = 0;
    try {
      const res = await this.send<T>(req, scope, span.headers, () => attempts++);
      span.end(res.status, attempts - 1);
      return res;
    } catch (error) {
      span.end(error instanceof HttpError ? error.status : failureReason(error as UpstreamError), Math.max(0, attempts - 1));
      throw error;
    }
  }

  /** The attempts of one call: retries, the breaker, the budget. */
  private async send<T>(
    req: HttpRequest,
    scope: CallScope,
    extraHeaders?: Readonly<Record<string, string>>,
    onAttempt?: () => void,
  ): Promise<HttpResponse<T>> {
    const idempotent = req.idempotent ?? req.method === 'GET';
    const upstream = this.upstream(req);
    const circuit = this.circuit(req, upstream);
    const observer = this.options.observer;
    for (let attempt = 0; ; attempt++) {
      if (scope.signal?.aborted) throw new RequestAbortedError(req);
      scope.budget?.take(req.service, req.operation, attempt > 0);
      onAttempt?.();
      const started = observer ? performance.now() : 0;
      try {
        const res = circuit
          ? await this.through(circuit, req, scope, () => this.attempt<T>(req, upstream, scope, extraHeaders))
          : await this.attempt<T>(req, upstream, scope, extraHeaders);
        observer?.attempt(req, res.status, (performance.now() - started) / 1000);
        return res;
      } catch (caught) {
        const error = caught as UpstreamError;
        const reason = failureReason(error);
        observer?.attempt(req, reason, (performance.now() - started) / 1000);
        this.options.onFailure?.({ service: req.service, operation: req.operation, reason });
        const delay = idempotent && attempt < this.options.retries ? this.retryDelay(error, attempt) : undefined;
        if (delay === undefined) throw error;
        observer?.retry(req, reason);
        await this.wait(req, scope, attempt, delay, reason);
      }
    }
  }

  /** Every circuit breaker made so far and its state. */
  *circuits(): Iterable<CircuitReport> {
    for (const [key, upstream] of this.upstreams) {
      const [service, baseUrl] = key.split(' ') as [UpstreamService, string];
      const host = new URL(baseUrl).host;
      for (const [path, circuit] of upstream.circuits) yield { service, upstream: host + path, state: circuit.state };
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }

  /** How long to wait before retrying after `error`; undefined when it is not worth retrying. */
  private retryDelay(error: UpstreamError, attempt: number): number | undefined {
    if (error instanceof HttpError && RETRY_STATUSES.has(error.status)) {
      const delay = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : this.backoff(attempt);
      return delay <= this.maxDelayMs ? delay : undefined;
    }
    if (error instanceof ConnectionError && error.code !== undefined && RETRY_CODES.has(error.code)) return this.backoff(attempt);
    return undefined;
  }

  /** One attempt: the request, its status, and its body read within the cap and the deadline. */
  private async attempt<T>(
    req: HttpRequest,
    upstream: Upstream,
    scope: CallScope,
    extraHeaders?: Readonly<Record<string, string>>,
  ): Promise<HttpResponse<T>> {
    let options: Dispatcher.DispatchOptions;
    try {
      options = {
        method: req.method,
        path: upstream.prefix + req.path + encodeQuery(req.query),
        headers: extraHeaders
          ? { ...(req.body === undefined ? ACCEPT_JSON : SEND_JSON), ...req.headers, ...extraHeaders }
          : req.body === undefined
            ? req.headers
              ? { ...ACCEPT_JSON, ...req.headers }
              : ACCEPT_JSON
            : { ...SEND_JSON, ...req.headers },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        // The exchange's own deadline bounds the call (Exchange): undici's timers are off.
        headersTimeout: 0,
        bodyTimeout: 0,
      };
    } catch (error) {
      // A body or query that cannot be written (a BigInt, a lone surrogate): no call is made.
      throw this.transportError(error, req, scope, upstream);
    }
    // Made once nothing can throw before dispatch: it listens to the request's cancellation.
    const exchange = new Exchange(upstream.cap, this.options.timeoutMs, scope.signal);
    upstream.pool.dispatch(options, exchange);
    let answer: Buffer;
    try {
      answer = await exchange.answer;
    } catch (error) {
      if (exchange.tooLarge) throw this.tooLarge(req, upstream, exchange.status);
      throw this.transportError(error, req, scope, upstream, exchange.status);
    }
    const { status, headers } = exchange;
    if (!((status >= 200 && status < 300) || req.acceptStatuses?.includes(status) === true))
      throw this.httpError(status, headers, req, answerText(answer));
    try {
      const body = (req.parse ? req.parse(answerText(answer)) : parseJsonBytes(answer)) as T;
      return { status, body, bytes: answer.length };
    } catch (cause) {
      // The body itself is never quoted: it is the upstream's, not something to show a client.
      const type = String(headers['content-type'] ?? 'no content type');
      throw new InvalidResponseError(status, `not JSON (${answer.length} bytes of ${type})`, {
        service: req.service,
        operation: req.operation,
        cause,
      });
    }
  }

  private tooLarge(req: HttpRequest, upstream: Upstream, status: number): InvalidResponseError {
    return new InvalidResponseError(status, `an answer larger than the ${upstream.cap} bytes allowed for ${req.service}`, {
      service: req.service,
      operation: req.operation,
    });
  }

  private cap(service: UpstreamService): number {
    const caps = this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    return typeof caps === 'number' ? caps : (caps[service] ?? DEFAULT_MAX_RESPONSE_BYTES);
  }

  /**
   * What every call to `req`'s upstream shares, looked up once per call: the pool (one per
   * origin and service, so that each carries its service's answer cap), the path prefix, the
   * breaker.
   */
  private upstream(req: HttpRequest): Upstream {
    const key = `${req.service} ${req.baseUrl}`;
    let upstream = this.upstreams.get(key);
    if (!upstream) {
      const url = new URL(req.baseUrl);
      const cap = this.cap(req.service);
      const poolKey = `${req.service} ${url.origin}`;
      let pool = this.pools.get(poolKey);
      if (!pool) {
        // Loaded: only a call (`json`, which loads it first) gets here.
        pool = new undici!.Pool(url.origin, {
          connections: this.options.connections,
          keepAliveTimeout: 30_000,
          maxResponseSize: cap,
          connect: { timeout: Math.min(this.options.timeoutMs, 10_000) },
        });
        this.pools.set(poolKey, pool);
      }
      upstream = { pool, prefix: url.pathname.replace(/\/+$/, ''), cap, circuits: new Map() };
      this.upstreams.set(key, upstream);
    }
    return upstream;
  }

  /**
   * The circuit of the upstream `req` goes to: one per REST API, one per node API or chain
   * endpoint (a node answers 503 for a chain still bootstrapping while serving the rest).
   */
  private circuit(req: HttpRequest, upstream: Upstream): Circuit | undefined {
    const options = this.options.breaker;
    if (!options) return undefined;
    const key = req.service === 'node' ? req.path : '';
    let circuit = upstream.circuits.get(key);
    if (!circuit) {
      const where = shownUrl(req.baseUrl, req.service === 'node' ? req.path : '');
      circuit = new Circuit(options, (state) => this.options.onCircuit?.({ service: req.service, upstream: where, state }));
      upstream.circuits.set(key, circuit);
    }
    return circuit;
  }

  /** One attempt through its circuit: refused while the circuit is open, its outcome counted. */
  private async through<T>(
    circuit: Circuit,
    req: HttpRequest,
    scope: CallScope,
    attempt: () => Promise<HttpResponse<T>>,
  ): Promise<HttpResponse<T>> {
    if (!circuit.admit()) throw this.circuitOpen(req, circuit);
    try {
      const res = await attempt();
      circuit.succeeded();
      return res;
    } catch (error) {
      if (breaks(error)) circuit.failed(scope.caller?.() ?? GATEWAY_CALLER);
      else if (error instanceof RequestAbortedError) circuit.abandoned();
      // Any other answer (a 404, a 429) is an upstream at work.
      else circuit.succeeded();
      throw error;
    }
  }

  private circuitOpen(req: HttpRequest, circuit: Circuit): CircuitOpenError {
    const halfOpenMs = this.options.breaker ? this.options.breaker.halfOpenMs : 0;
    // While a probe runs (half-open) others still fail fast: a second is a fair hint then.
    const waitMs = circuit.state === 'open' ? circuit.openedAt + halfOpenMs - Date.now() : 1000;
    return new CircuitOpenError(Math.max(1, Math.ceil(waitMs / 1000)), { service: req.service, operation: req.operation });
  }

  private backoff(attempt: number): number {
    const exp = Math.min(this.baseDelayMs * 2 ** attempt, this.maxDelayMs);
    // Full jitter keeps many gateways from retrying in lockstep.
    return Math.round(exp / 2 + Math.random() * (exp / 2));
  }

  /** Waits before a retry; a request that goes away ends the wait, and the call. */
  private wait(req: HttpRequest, scope: CallScope, attempt: number, delayMs: number, reason: string): Promise<void> {
    this.options.onRetry?.({ service: req.service, operation: req.operation, attempt: attempt + 1, delayMs, reason });
    const { signal } = scope;
    if (!signal) return new Promise((resolve) => setTimeout(resolve, delayMs));
    if (signal.aborted) return Promise.reject(new RequestAbortedError(req));
    return new Promise((resolve, reject) => {
      const stop = onCancel(signal, () => {
        clearTimeout(timer);
        reject(new RequestAbortedError(req));
      });
      const timer = setTimeout(() => {
        stop();
        resolve();
      }, delayMs);
    });
  }

  private httpError(status: number, headers: IncomingHttpHeaders, req: HttpRequest, text: string): HttpError {
    let upstreamMessage: string | undefined;
    let upstreamError: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
      if (Array.isArray(parsed.message)) upstreamMessage = parsed.message.map(String).join('; ');
      else if (typeof parsed.message === 'string') upstreamMessage = parsed.message;
      if (typeof parsed.error === 'string') upstreamError = parsed.error;
    } catch {
      // Plain text (the node's 405/415 answers, a proxy's page): kept short; src/graphql/errors.ts decides what a client sees.
      if (text) upstreamMessage = text.slice(0, 200);
    }
    return new HttpError({
      service: req.service,
      operation: req.operation,
      status,
      upstreamMessage,
      upstreamError,
      retryAfterSeconds: parseRetryAfter(headers['retry-after']),
    });
  }

  private transportError(error: unknown, req: HttpRequest, scope: CallScope, upstream: Upstream, status = 0): UpstreamError {
    const meta = { service: req.service, operation: req.operation, cause: error };
    if (scope.signal?.aborted) return new RequestAbortedError(meta);
    if ((error as { code?: string } | undefined)?.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return this.tooLarge(req, upstream, status);
    if (error instanceof undici!.errors.HeadersTimeoutError || error instanceof undici!.errors.BodyTimeoutError) {
      return new TimeoutError(this.options.timeoutMs, meta);
    }
    return new ConnectionError((error as { code?: string } | undefined)?.code, meta);
  }
}

/** An exchange's deadline: undici's error for where the exchange was when it passed. */
function expire(exchange: Exchange): void {
  exchange.end(exchange.responded ? new undici!.errors.BodyTimeoutError() : new undici!.errors.HeadersTimeoutError());
}

/**
 * One attempt's exchange with the upstream, through undici's handler API (`dispatch`) rather than
 * `request()`: an answer is wanted whole, in bytes, and `request()` hands it over as a Readable
 * stream, whose machinery (a stream per answer, its events, the consume step) runs for every one
 * of a nested query's dozens of answers. Measured on 34 parallel calls to a stub, warm: 31–34 µs
 * of CPU a call against 31–39; and through the gateway, cold (the first 12 nested queries of a
 * fresh process, 34 answers each), 244 µs per answer against 296 (medians of 44 queries).
 *
 * What `request()` did is kept: the request's cancellation ends the exchange whenever it comes
 * (while waiting for headers, while the body streams in; a call still queued for a socket is
 * ended when it gets one, as `request()` ended it); an answer
 * announced bigger than the cap is refused at its headers, before its first byte, and one that
 * grows past it is cut by the pool's `maxResponseSize`; a UTF-8 byte order mark is dropped, as
 * `body.text()` dropped it (./json-bytes.ts).
 *
 * One timer bounds the whole exchange, from its dispatch to the answer's last byte, so an
 * upstream that trickles the body cannot hold a call past the timeout (undici's `bodyTimeout` is
 * per chunk); it ends the exchange with undici's own error for where it was (headers or body).
 * undici's `headersTimeout` and `bodyTimeout` are off: each is one of undici's coarse timers,
 * kept in an array swept every half second, so on the one-call query its two to three timers a
 * call outlived two young-generation collections and were promoted. Node's timer of one fixed
 * duration is unlinked when cleared, and dies young.
 */
class Exchange implements Dispatcher.DispatchHandler {
  status = 0;
  headers: IncomingHttpHeaders = {};
  /** The answer was announced bigger than the cap. */
  tooLarge = false;
  readonly answer: Promise<Buffer>;
  private resolve!: (bytes: Buffer) => void;
  private reject!: (error: unknown) => void;
  private readonly chunks: Buffer[] = [];
  private controller?: Dispatcher.DispatchController;
  private cancelled?: Error;
  private readonly deadline: NodeJS.Timeout;
  private stopListening?: () => void;

  constructor(
    private readonly cap: number,
    timeoutMs: number,
    signal: CancelSignal | undefined,
  ) {
    this.answer = new Promise<Buffer>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (signal?.aborted) this.cancelled = new undici!.errors.RequestAbortedError();
    else if (signal) this.stopListening = onCancel(signal, () => this.end(new undici!.errors.RequestAbortedError()));
    this.deadline = setTimeout(expire, timeoutMs, this);
  }

  /** Ends the exchange with `error`: at once when it has a socket, else as soon as it gets one. */
  end(error: Error): void {
    this.cancelled ??= error;
    this.controller?.abort(this.cancelled);
  }

  /** Whether the answer's headers have come. */
  get responded(): boolean {
    return this.status !== 0 || this.tooLarge;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cancelled) controller.abort(this.cancelled);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    if (status < 200) return;
    this.status = status;
    this.headers = headers;
    if (Number(headers['content-length']) > this.cap) {
      this.tooLarge = true;
      controller.abort(new undici!.errors.ResponseExceededMaxSizeError());
    }
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.settle();
    const { chunks } = this;
    this.resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.settle();
    this.reject(error);
  }

  private settle(): void {
    clearTimeout(this.deadline);
    this.stopListening?.();
  }
}
