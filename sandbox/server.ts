/**
 * The sandbox server: the upstream services on one loopback port, each under its own prefix
 * (`/data` for the Data API, `/metrics` for the Metrics API, `/node/mainnet` and `/node/fuji`
 * for an avalanchego node of each network), with knobs for tests and benchmarks (added
 * latency, 429 with retry-after, 5xx, hangs, resets, malformed JSON), per-operation request
 * counts, a log of every request, and observers of each request and answer (the tests check
 * every request against its upstream's spec: test/helpers/sandbox.ts).
 *
 * Control endpoints, for processes that do not share memory with the sandbox:
 *   GET  /_sandbox/stats     counts per operation
 *   GET  /_sandbox/requests  the request log
 *   POST /_sandbox/knobs     JSON `Partial<Knobs>` (with `node`: `Partial<NodeKnobs>`), merged into the current knobs
 *   POST /_sandbox/reset     counts, log, knobs and node state back to the start
 *   POST /_sandbox/advance   JSON `{ "ticks": n }` (1 when absent): the chains move on (./live.ts)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataApiRoutes } from './data-api/index.js';
import { metricsRoutes, type MetricsState } from './metrics-api/metrics.js';
import { SandboxNode, type NodeKnobs } from './node/index.js';
import { getNodeWorld, SANDBOX_NODE_ID } from './node/chains/node-world.js';
import { getWorld } from './world/world.js';
import { SandboxLive } from './live.js';
import { apiError, BadRequest, routeList, type Route, type SandboxAnswer, type SandboxRequest } from './routes.js';
import type { NetworkName } from '../src/base/ids.js';
import { sandboxUrls } from './urls.js';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

export interface Fault {
  /** The operation to hit (e.g. `listSubnets`); every operation when absent. */
  operation?: string;
  /**
   * `status`: answer `status` with the error body; `hang`: never answer; `reset`: drop the
   * connection; `malformed`: 200 with broken JSON; `body`: 200 with `body`, whatever its shape;
   * `trickle`: 200 at once, then the real body one byte every `intervalMs`; `slow`: the real
   * answer, `delayMs` late (one slow operation among fast ones); `alter`: the real answer with
   * `body` put at `at` in its JSON (the whole body when `at` is empty; `at: ['result', 'height']`
   * reaches into a JSON-RPC result), or the member at `at` removed when `body` is absent: an
   * answer of the wrong shape that is otherwise the real one.
   */
  kind: 'status' | 'hang' | 'reset' | 'malformed' | 'body' | 'trickle' | 'slow' | 'alter';
  /** For `alter`: the path of what to replace (object keys and list indices). */
  at?: (string | number)[];
  intervalMs?: number;
  delayMs?: number;
  status?: number;
  body?: unknown;
  /** Seconds sent as `retry-after` (with 429 and 503). */
  retryAfter?: number;
  /** How many matching requests the fault applies to; 1 when absent, `-1` for all. */
  times?: number;
}

export interface Knobs {
  /** Added before every answer. */
  latencyMs: number;
  faults: Fault[];
  /** When set, Data API calls must carry this key (in `x-service-api-key` or `x-glacier-api-key`). */
  requireApiKey?: string;
}

export interface RecordedRequest {
  service: string;
  operation: string;
  method: string;
  path: string;
  query: [string, string][];
  /** The JSON body of a POST, parsed. */
  body?: unknown;
  apiKey?: string;
  /** Which of the two key headers carried it. */
  apiKeyHeader?: 'x-service-api-key' | 'x-glacier-api-key';
  /** The W3C trace context the caller sent, when it sent one. */
  traceparent?: string;
  status: number;
}

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** A listening socket the sandbox was handed (its file descriptor), in place of `port` and `host`. */
  listenFd?: number;
  seed?: string;
  latencyMs?: number;
  /** Keep at most this many requests in the log (oldest dropped). */
  logLimit?: number;
  /** The chains advance by themselves every this many ms (a block, and now and then more: ./live.ts); never when 0 or absent. */
  blockMs?: number;
}

/**
 * One look at the sandbox's traffic. Any number watch at once, each added by `observe()`: the
 * contract check of every request, and a test's own look at what it is answered.
 */
export interface SandboxObserver {
  /** Every request as it arrives, before latency or a fault: what the caller sent. */
  request?: (request: RecordedRequest) => void;
  /**
   * Every answer the routes, a status fault or a `body` fault give; not a hang, a reset or broken
   * JSON, which have none. `written` says the body is one a test wrote (a `body` fault), not the sandbox.
   */
  answer?: (request: RecordedRequest, answer: SandboxAnswer, written: boolean) => void;
}

interface Service {
  prefix: string;
  name: string;
  routes: Route[];
  /** Headers of every answer; an answer's own headers take precedence. */
  headers: Record<string, string>;
  /** The answer to a path no route serves. */
  notFound: (req: SandboxRequest) => SandboxAnswer;
  /** The answer of an injected `status` fault. */
  fault: (status: number, headers: Record<string, string>) => SandboxAnswer;
}

export class Sandbox {
  readonly knobs: Knobs;
  counts: Record<string, number> = {};
  total = 0;
  log: RecordedRequest[] = [];
  /**
   * One test's own look at every answer, set and cleared within that test; what watches for
   * longer (a helper, a whole file) uses `observe()`, so that it never takes this slot from a test.
   */
  onAnswer?: (request: RecordedRequest, answer: SandboxAnswer) => void;
  private readonly observers = new Set<SandboxObserver>();
  private server?: Server;
  private readonly services: Service[];
  private readonly hanging = new Set<ServerResponse>();
  /** Metrics page tokens are state, as in the real service; tests may shorten their life. */
  readonly metrics: MetricsState = { tokens: new Map(), tokenTtlMs: 24 * 3600 * 1000 };
  /** The avalanchego node of each network: its knobs, and its admin state per network. */
  readonly node: SandboxNode;
  /** The chains moving on: new blocks, transactions, fee and validator changes, TPS points. */
  readonly live: SandboxLive;

  constructor(private readonly options: SandboxOptions = {}) {
    const seed = options.seed ?? 'avalanche';
    // Built now rather than on a first request, whose latency (and an upstream timeout of the
    // gateway under test) would otherwise include it. The node's data brings the EVM world along.
    for (const network of ['mainnet', 'fuji'] as const) {
      getWorld(network, seed);
      getNodeWorld(network, seed);
    }
    this.knobs = { latencyMs: options.latencyMs ?? 0, faults: [] };
    this.live = new SandboxLive(seed);
    this.live.run(options.blockMs ?? 0);
    this.node = new SandboxNode(seed, this.live);
    const json = { 'content-type': 'application/json' };
    const dataApi = {
      headers: json,
      notFound: (req: SandboxRequest) => apiError(404, `Cannot ${req.method} ${req.path}`),
      fault: (status: number, headers: Record<string, string>) => apiError(status, faultMessage(status), headers),
    };
    this.services = [
      {
        prefix: '/data',
        name: 'data-api',
        routes: routeList(dataApiRoutes(seed, this.live, (network) => this.node.acceptedChanges(network))),
        ...dataApi,
      },
      {
        prefix: '/metrics',
        name: 'metrics-api',
        routes: routeList(metricsRoutes(seed, this.metrics, this.live)),
        ...dataApi,
        // The Metrics API sends its messages as an array.
        fault: (status, headers) => apiError(status, [faultMessage(status)], headers),
      },
      {
        prefix: '/node',
        name: 'node',
        routes: [this.node.route()],
        headers: { 'node-id': SANDBOX_NODE_ID },
        notFound: () => this.node.notFound(),
        fault: (status, headers) => this.node.fault(status, headers),
      },
    ];
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('sandbox is not listening');
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  get dataApiUrl(): string {
    return sandboxUrls(this.url).dataApi;
  }

  get metricsApiUrl(): string {
    return sandboxUrls(this.url).metricsApi;
  }

  /** The base URL of the network's node: its APIs are below, e.g. `${nodeUrl('fuji')}/ext/bc/P`. */
  nodeUrl(network: NetworkName): string {
    return sandboxUrls(this.url).node[network];
  }

  async listen(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      const { listenFd, port, host } = this.options;
      if (listenFd !== undefined) this.server!.listen({ fd: listenFd }, resolve);
      else this.server!.listen(port ?? 0, host ?? '127.0.0.1', resolve);
    });
    return this;
  }

  async close(): Promise<void> {
    this.live.stop();
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }

  /** Counts, log, knobs and the node's state back to their start. */
  reset() {
    this.counts = {};
    this.total = 0;
    this.log = [];
    this.knobs.latencyMs = this.options.latencyMs ?? 0;
    this.knobs.faults = [];
    delete this.knobs.requireApiKey;
    this.node.reset();
    this.live.reset();
  }

  /** Adds an observer until the function it returns is called; `reset()` keeps it. */
  observe(observer: SandboxObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Requests the sandbox is holding open (hanging or trickling). */
  get openRequests(): number {
    return this.hanging.size;
  }

  /** Requests served for one operation, or all of them. */
  count(operation?: string): number {
    return operation ? (this.counts[operation] ?? 0) : this.total;
  }

  /** Adds faults; each applies to `times` matching requests (1 by default). */
  fail(...faults: Fault[]) {
    this.knobs.faults.push(...faults.map((f) => ({ times: 1, ...f })));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const body = await readBody(req);
    if (url.pathname.startsWith('/_sandbox/')) return this.control(url.pathname, body, res);

    const service = this.services.find((s) => url.pathname === s.prefix || url.pathname.startsWith(`${s.prefix}/`));
    const path = service ? url.pathname.slice(service.prefix.length) || '/' : url.pathname;
    const request: SandboxRequest = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, body };
    let route: Route | undefined;
    let params: string[] = [];
    for (const candidate of service?.routes ?? []) {
      const match = candidate.method === undefined || candidate.method === req.method ? candidate.pattern.exec(path) : null;
      if (match) {
        route = candidate;
        params = match.slice(1);
        break;
      }
    }
    const operation = !route ? 'unknown' : typeof route.operation === 'string' ? route.operation : route.operation(request, params);
    this.total++;
    this.counts[operation] = (this.counts[operation] ?? 0) + 1;
    const apiKeyHeader =
      req.headers['x-service-api-key'] !== undefined
        ? 'x-service-api-key'
        : req.headers['x-glacier-api-key'] !== undefined
          ? 'x-glacier-api-key'
          : undefined;
    const apiKey = apiKeyHeader ? (req.headers[apiKeyHeader] as string) : undefined;
    const record: RecordedRequest = {
      service: service?.name ?? 'none',
      operation,
      method: req.method ?? 'GET',
      path,
      query: [...url.searchParams],
      ...(body ? { body: parseJson(body) } : {}),
      ...(apiKeyHeader ? { apiKey, apiKeyHeader } : {}),
      ...(typeof req.headers.traceparent === 'string' ? { traceparent: req.headers.traceparent } : {}),
      status: 0,
    };
    this.log.push(record);
    if (this.log.length > (this.options.logLimit ?? 20_000)) this.log.shift();
    for (const observer of this.observers) observer.request?.(record);

    if (this.knobs.latencyMs > 0) await sleep(this.knobs.latencyMs);

    const fault = this.takeFault(operation);
    if (fault?.kind === 'slow') await sleep(fault.delayMs ?? 200);
    if (fault?.kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'malformed') {
      record.status = 200;
      res.writeHead(200, { ...service?.headers, 'content-type': 'application/json' }).end('{"subnets": [{"subnetId": ');
      return;
    }

    let answer: SandboxAnswer;
    if (fault?.kind === 'body') {
      answer = { status: 200, body: fault.body ?? null };
    } else if (fault?.kind === 'status') {
      const status = fault.status ?? 500;
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) {
        headers['retry-after'] = String(fault.retryAfter);
        headers['ratelimit-reset'] = String(fault.retryAfter);
      }
      answer = service ? service.fault(status, headers) : apiError(status, faultMessage(status), headers);
    } else if (!route) {
      answer = service ? service.notFound(request) : apiError(404, `Cannot ${req.method} ${path}`);
    } else if (service?.name === 'data-api' && this.knobs.requireApiKey !== undefined && apiKey !== this.knobs.requireApiKey) {
      answer = apiError(401, 'Invalid or missing API key');
    } else {
      try {
        answer = await route.handle(request, params);
      } catch (error) {
        answer = error instanceof BadRequest ? apiError(400, error.messages) : apiError(500, String((error as Error).message));
      }
    }
    if (fault?.kind === 'alter') answer = alter(answer, fault);
    record.status = answer.status;
    this.onAnswer?.(record, answer);
    for (const observer of this.observers) observer.answer?.(record, answer, fault?.kind === 'body' || fault?.kind === 'alter');
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { ...(service?.headers ?? { 'content-type': 'application/json' }), ...answer.headers });
    if (fault?.kind === 'trickle') return this.trickle(res, text, fault.intervalMs ?? 200);
    res.end(text);
  }

  private trickle(res: ServerResponse, text: string, intervalMs: number) {
    this.hanging.add(res);
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed || at >= text.length) {
        clearInterval(timer);
        this.hanging.delete(res);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(text[at++]!);
    }, intervalMs);
    res.on('close', () => {
      clearInterval(timer);
      this.hanging.delete(res);
    });
  }

  private takeFault(operation: string): Fault | undefined {
    const index = this.knobs.faults.findIndex((f) => !f.operation || f.operation === operation);
    if (index === -1) return undefined;
    const fault = this.knobs.faults[index]!;
    if (fault.times !== undefined && fault.times > 0) {
      fault.times -= 1;
      if (fault.times === 0) this.knobs.faults.splice(index, 1);
    }
    return fault;
  }

  private control(path: string, body: string, res: ServerResponse) {
    const send = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    switch (path) {
      case '/_sandbox/stats':
        return send({ total: this.total, counts: this.counts });
      case '/_sandbox/requests':
        return send(this.log);
      case '/_sandbox/reset':
        this.reset();
        return send({ ok: true });
      case '/_sandbox/advance': {
        const { ticks = 1 } = JSON.parse(body || '{}') as { ticks?: number };
        this.live.advance(Math.max(0, Math.min(10_000, Math.floor(Number(ticks) || 0))));
        return send({ tick: this.live.tick });
      }
      case '/_sandbox/knobs': {
        const patch = JSON.parse(body || '{}') as Partial<Knobs> & { node?: Partial<NodeKnobs> };
        if (patch.latencyMs !== undefined) this.knobs.latencyMs = patch.latencyMs;
        if (patch.faults) this.fail(...patch.faults);
        if (patch.requireApiKey !== undefined) this.knobs.requireApiKey = patch.requireApiKey;
        if (patch.node) this.node.setKnobs(patch.node);
        return send({ ...this.knobs, node: this.node.knobs });
      }
      default:
        res.writeHead(404).end();
    }
  }
}

/**
 * The answer with `fault.body` at `fault.at` (see Fault). Numbers keep their digits (lossless), as
 * the rest of the answer must stay the real one.
 */
function alter(answer: SandboxAnswer, fault: Fault): SandboxAnswer {
  const body = typeof answer.body === 'string' ? parseLossless(answer.body) : structuredClone(answer.body);
  const at = fault.at ?? [];
  let altered: unknown = fault.body;
  if (at.length > 0) {
    altered = body;
    let parent = body as Record<string | number, unknown>;
    for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    if (parent === null || typeof parent !== 'object') throw new Error(`alter: nothing at ${at.join('.')} in the answer`);
    const last = at[at.length - 1]!;
    if (!('body' in fault)) delete parent[last];
    else parent[last] = fault.body;
  }
  return {
    ...answer,
    body: typeof answer.body === 'string' ? `${stringifyLossless(altered)}\n` : altered,
    headers: { ...answer.headers, 'content-type': 'application/json' },
  };
}

function faultMessage(status: number): string {
  return status === 429 ? 'Too many requests, please try again later.' : `Sandbox fault ${status}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    req.resume();
    return '';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Starts a sandbox on a free loopback port (or `options.port`). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return new Sandbox(options).listen();
}
