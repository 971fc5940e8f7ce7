/**
 * The gateway's Prometheus metrics (prom-client), served at /metrics by src/http/server.ts.
 *
 * Cost per request is what matters here: every series a hot path touches is bound once and kept
 * (by document, by upstream operation, by kind of data; ./series.ts), so counting a request or a
 * call is a map lookup and an increment, with no label object or string built.
 * What can be read when Prometheus asks (requests in flight, circuit states, bytes cached) is
 * read then, in `collect`, and costs requests nothing.
 *
 * Labels are bounded: operation names are those of documents that ran, up to `maxOperations`
 * distinct ones (then `(other)`), of which one client (its address) may name a quarter, so one
 * client sending made-up names cannot crowd out everyone else's; no id, address, variable or
 * document text is ever a label. An operation's series are made as they are used (an outcome
 * that never happened has none), and its duration is one histogram of a few buckets, so that
 * even with every name taken /metrics stays a few hundred KB.
 *
 * Names and labels are OpenTelemetry's semantic conventions in Prometheus' form (HTTP's
 * `http.server.request.duration`, GraphQL's `graphql.operation.type` and `.name`), so dashboards
 * and alerts written for the conventions apply; what they have no name for (upstream calls,
 * caches, the budget, rate limits, cost) keeps the `gateway_` prefix. README (Metrics) maps the
 * names earlier versions used.
 *
 * Why not @graphql-yoga/plugin-prometheus or @envelop/prometheus: the first needs graphql-yoga
 * 5.24 (we are pinned at 5.21); the second labels by the raw operation name a client sends
 * (unbounded) and builds label objects per phase and request; neither sees upstream calls,
 * caches, the budget or rate limits, which are most of what an operator of this gateway asks.
 */
import type { DocumentNode, ExecutionResult, OperationDefinitionNode } from 'graphql';
import { codeOf } from '../graphql/errors.js';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  METRIC_HTTP_SERVER_REQUEST_DURATION,
} from '@opentelemetry/semantic-conventions';
import { collectDefaultMetrics, Gauge, Registry } from './prom-client-core.js';
import type { Freshness } from '../reuse/freshness.js';
import type { LiveStats } from '../live/hub.js';
import type { ReadOutcome } from '../reuse/reads.js';
import type { MemoryUsage } from '../reuse/store.js';
import type { CallObserver, CircuitReport, HttpRequest } from '../upstreams/http.js';
import { clusterMetrics } from './cluster-metrics.js';
import { CounterFamily, type CounterSeries, HistogramFamily, type HistogramSeries } from './series.js';

/**
 * OpenTelemetry's GraphQL attributes, still "development" in the semantic conventions: copied
 * rather than imported from their `incubating` entry, which may rename them in a minor version.
 */
export const ATTR_GRAPHQL_OPERATION_TYPE = 'graphql.operation.type';
export const ATTR_GRAPHQL_OPERATION_NAME = 'graphql.operation.name';
/** Likewise "development" in the conventions. */
const METRIC_HTTP_SERVER_ACTIVE_REQUESTS = 'http.server.active_requests';

/**
 * An OpenTelemetry name in Prometheus' form, as the OTLP-to-Prometheus translation writes it:
 * dots become underscores, and a metric's unit is a suffix (`http.server.request.duration`, in
 * seconds, is `http_server_request_duration_seconds`).
 */
export const promName = (name: string, unit?: 'seconds'): string => name.replaceAll('.', '_') + (unit ? `_${unit}` : '');

const OPERATION_LABELS = [promName(ATTR_GRAPHQL_OPERATION_TYPE), promName(ATTR_GRAPHQL_OPERATION_NAME)] as const;

export type Outcome = 'ok' | 'partial' | 'failed' | 'refused' | 'stream';

/** A (type, operation) label pair's series: its duration, and a count per outcome, each bound on first use. */
export class OperationSeries {
  private readonly counts: Partial<Record<Outcome, CounterSeries>> = {};
  private calls?: { estimated: CounterSeries; actual: CounterSeries; estimatedOfType: HistogramSeries; actualOfType: HistogramSeries };

  constructor(
    private readonly requests: CounterFamily,
    private readonly labels: readonly [type: string, operation: string],
    readonly duration: HistogramSeries,
    private readonly callFamilies: OperationCallFamilies,
  ) {}

  count(outcome: Outcome): CounterSeries {
    let series = this.counts[outcome];
    if (!series) this.counts[outcome] = series = this.requests.bind(...this.labels, outcome);
    return series;
  }

  /** The upstream calls an operation was priced at before it ran, and those it made. */
  cost(estimated: number, actual: number): void {
    const [type, operation] = this.labels;
    this.calls ??= {
      estimated: this.callFamilies.byOperation.bind(type, operation, 'estimated'),
      actual: this.callFamilies.byOperation.bind(type, operation, 'actual'),
      estimatedOfType: this.callFamilies.byType.bind(type, 'estimated'),
      actualOfType: this.callFamilies.byType.bind(type, 'actual'),
    };
    this.calls.estimated.value += estimated;
    this.calls.actual.value += actual;
    this.calls.estimatedOfType.observe(estimated);
    this.calls.actualOfType.observe(actual);
  }
}

/**
 * Calls estimated and made: summed per operation (two series each, so that every name taken keeps
 * /metrics small; divide by graphql_server_requests_total for the mean), and their distribution
 * per operation type.
 */
interface OperationCallFamilies {
  byOperation: CounterFamily;
  byType: HistogramFamily;
}

interface CallSeries {
  readonly duration: HistogramSeries;
  readonly byStatus: Map<number | string, CounterSeries>;
  readonly retries: Map<string, CounterSeries>;
}

export interface MetricsOptions {
  /** Distinct operation names kept as labels; later ones count as `(other)`. */
  maxOperations: number;
  /** Node's process metrics (CPU, memory, event loop, GC); off in tests that read exact values. */
  processMetrics?: boolean;
}

const ANONYMOUS = '(anonymous)';
const OTHER = '(other)';
/** No document: the request failed before one was parsed. */
const UNPARSED = '(unparsed)';
const MAX_NAME_LENGTH = 100;
/** OpenTelemetry's advised buckets for `http.server.request.duration`. */
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** Methods OpenTelemetry names; any other is `_OTHER`, so a client cannot make up label values. */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);
/**
 * Buckets of a GraphQL operation's duration: four, since every operation name has its own and the
 * semantic conventions' label names are long; with all 200 names taken /metrics stays under 300 KB.
 * The HTTP histogram (one series per status and route) has OpenTelemetry's finer buckets.
 */
const OPERATION_SECONDS = [0.05, 0.25, 1, 5];
/** Buckets of an operation's upstream calls, estimated or made: the call budget is 250 by default. */
const OPERATION_CALLS = [0, 1, 2, 5, 10, 25, 50, 100, 250];
const CIRCUIT_VALUE = { closed: 0, 'half-open': 1, open: 2 } as const;

/** Durations of upstream attempts, in seconds. */
const UPSTREAM_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The worst circuit of each upstream, read when /metrics is scraped. */
function circuitGauge(registers: Registry[], circuits: () => Iterable<CircuitReport>): void {
  new Gauge({
    name: 'gateway_upstream_circuit_state',
    // Summed over the command's workers (./cluster-metrics.ts), the worst is the one to show.
    aggregator: 'max',
    help: 'Circuit breaker of each upstream (a node endpoint per path): 0 closed, 1 half-open, 2 open.',
    labelNames: ['service', 'upstream'],
    registers,
    collect() {
      this.reset();
      const worst = new Map<string, { service: string; upstream: string; value: number }>();
      for (const circuit of circuits()) {
        const upstream = boundedUpstream(circuit.upstream);
        const key = `${circuit.service} ${upstream}`;
        const value = CIRCUIT_VALUE[circuit.state];
        const known = worst.get(key);
        if (!known || known.value < value) worst.set(key, { service: circuit.service, upstream, value });
      }
      for (const { service, upstream, value } of worst.values()) this.labels(service, upstream).set(value);
    },
  });
}

/** What the memory caches hold, by store and kind, read when /metrics is scraped. */
function cacheGauges(registers: Registry[], stores: readonly [string, MemoryUsage][]): void {
  const usage = (pick: 'bytes' | 'entries') =>
    function (this: Gauge<'store' | 'kind'>) {
      this.reset();
      for (const [name, store] of stores) for (const [kind, u] of store.usageByKind()) this.labels(name, kind).set(u[pick]);
    };
  new Gauge({
    name: 'gateway_cache_bytes',
    help: "Bytes held in this process's memory cache, by store (reads, responses) and kind of data.",
    labelNames: ['store', 'kind'],
    registers,
    collect: usage('bytes'),
  });
  new Gauge({
    name: 'gateway_cache_entries',
    help: "Entries held in this process's memory cache, by store (reads, responses) and kind of data.",
    labelNames: ['store', 'kind'],
    registers,
    collect: usage('entries'),
  });
}

/** The subscriptions' hub, read when /metrics is scraped. */
function liveGauges(registers: Registry[], live: () => LiveStats | undefined): void {
  new Gauge({
    name: 'gateway_subscriptions',
    help: 'Subscriptions open on this instance (SSE and WebSocket).',
    registers,
    collect() {
      this.set(live()?.subscribers ?? 0);
    },
  });
  new Gauge({
    name: 'gateway_subscription_topics',
    help: 'Distinct subscription topics (what is watched) this instance serves.',
    registers,
    collect() {
      this.set(live()?.topics ?? 0);
    },
  });
  new Gauge({
    name: 'gateway_subscription_topics_polled',
    help: 'Subscription topics this instance polls its upstream for; with REDIS_URL, one instance polls each topic for the cluster.',
    registers,
    collect() {
      this.set(live()?.polling.length ?? 0);
    },
  });
}

function inflightGauge(registers: Registry[], inflight: () => number): void {
  new Gauge({
    name: promName(METRIC_HTTP_SERVER_ACTIVE_REQUESTS),
    help: 'HTTP requests being answered (GraphQL and GraphiQL; not /metrics, /ready).',
    registers,
    collect() {
      this.set(inflight());
    },
  });
}

export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly ofCluster = clusterMetrics(this.registry);
  private readonly requests = new CounterFamily(
    'graphql_server_requests_total',
    'GraphQL requests by operation type, operation name (bounded) and outcome (ok, partial, failed, refused, stream).',
    [...OPERATION_LABELS, 'outcome'],
    this.registry,
  );
  private readonly requestDuration = new HistogramFamily(
    'graphql_server_request_duration_seconds',
    'Time from a GraphQL request read to its result, by operation type and name.',
    OPERATION_LABELS,
    OPERATION_SECONDS,
    this.registry,
  );
  private readonly httpDuration = new HistogramFamily(
    promName(METRIC_HTTP_SERVER_REQUEST_DURATION, 'seconds'),
    'Duration of HTTP requests answered, by method, status and route (GraphQL, health, readiness, metrics); its _count is the requests by status.',
    [promName(ATTR_HTTP_REQUEST_METHOD), promName(ATTR_HTTP_RESPONSE_STATUS_CODE), promName(ATTR_HTTP_ROUTE)],
    HTTP_SECONDS,
    this.registry,
  );
  private readonly httpSeries = new Map<string, HistogramSeries>();
  private readonly errors = new CounterFamily(
    'gateway_graphql_errors_total',
    'Errors in GraphQL results, by extensions.code.',
    ['code'],
    this.registry,
  );
  private readonly errorsByCode = new Map<string, CounterSeries>();
  private readonly calls = new CounterFamily(
    'gateway_upstream_calls_total',
    'Upstream attempts (retries included) by service, operation and status: the HTTP status, or why none came (ECONNRESET, TimeoutError, CircuitOpenError...).',
    ['service', 'operation', 'status'],
    this.registry,
  );
  private readonly callDuration = new HistogramFamily(
    'gateway_upstream_call_duration_seconds',
    'Duration of upstream attempts by service and operation, body read included.',
    ['service', 'operation'],
    UPSTREAM_SECONDS,
    this.registry,
  );
  private readonly retries = new CounterFamily(
    'gateway_upstream_retries_total',
    'Upstream calls retried, by service, operation and the reason of the failed attempt.',
    ['service', 'operation', 'reason'],
    this.registry,
  );
  private readonly callSeries = new Map<string, Map<string, CallSeries>>();
  private readonly cacheReads = new CounterFamily(
    'gateway_cache_reads_total',
    "Reads that may be shared, by kind of data and result: hit, stale (served while refreshed), joined (another request's call), miss (called upstream). Kind `response` is the whole-response cache (hit or miss).",
    ['kind', 'result'],
    this.registry,
  );
  private readonly cacheReadSeries = new Map<string, Record<ReadOutcome, CounterSeries>>();
  private readonly evictions = new CounterFamily(
    'gateway_cache_evictions_total',
    'Cache entries dropped from memory to make room (not expiry), by kind of data.',
    ['kind'],
    this.registry,
  );
  private readonly budgetExhausted = new CounterFamily(
    'gateway_call_budget_exhausted_total',
    'GraphQL requests that used up their allowance of upstream calls (UPSTREAM_CALL_BUDGET).',
    [],
    this.registry,
  ).bind();
  private readonly operationCalls = {
    byOperation: new CounterFamily(
      'gateway_graphql_operation_calls_total',
      'Upstream calls of the operations that ran, by operation type and name: `estimated`, what they were priced at before running (a cold-cache upper bound), and `actual`, what they made (retries included; cache hits make none).',
      [...OPERATION_LABELS, 'kind'],
      this.registry,
    ),
    byType: new HistogramFamily(
      'gateway_graphql_operation_calls',
      'Upstream calls per operation, estimated before it ran and made, by operation type.',
      [OPERATION_LABELS[0], 'kind'],
      OPERATION_CALLS,
      this.registry,
    ),
  };
  private readonly costRefusals = new CounterFamily(
    'gateway_graphql_cost_refusals_total',
    'Operations refused before they ran because their price passed a limit: `calls` (UPSTREAM_CALL_BUDGET), `nodes` (MAX_RESULT_NODES) or `bytes` (MAX_RESULT_BYTES).',
    ['limit'],
    this.registry,
  );
  private readonly rateLimitedChild = new CounterFamily(
    'gateway_rate_limited_total',
    'Requests refused with 429 by the per-client rate limits.',
    [],
    this.registry,
  ).bind();
  private readonly names = new Set<string>();
  /** Operation names each client made labels of, for its share of them. */
  private readonly namedBy = new Map<string, number>();
  private readonly byLabel = new Map<string, OperationSeries>();
  private readonly byDocument = new WeakMap<DocumentNode, OperationSeries>();
  private inflightSource?: () => number;
  private circuitSource?: () => Iterable<CircuitReport>;
  private liveSource?: () => LiveStats;
  private readonly stores: [string, MemoryUsage][] = [];

  constructor(private readonly options: MetricsOptions) {
    const registers = [this.registry];
    circuitGauge(registers, () => this.circuitSource?.() ?? []);
    cacheGauges(registers, this.stores);
    liveGauges(registers, () => this.liveSource?.());
    inflightGauge(registers, () => this.inflightSource?.() ?? 0);
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * The series of a document that runs; bound on its first request, then kept with the parsed
   * document. `client` says who sent it (asked only when its name would become a label).
   */
  seriesOf(document: DocumentNode, operationName: string | undefined, client?: () => string): OperationSeries {
    let series = this.byDocument.get(document);
    if (!series) {
      const operation = operationOf(document, operationName);
      series = this.series(operation?.operation ?? '', this.admit(operation?.name?.value, client));
      // A document naming several operations runs whichever is asked: only a single one is kept by document.
      if (operationName === undefined || document.definitions.length === 1) this.byDocument.set(document, series);
    }
    return series;
  }

  /** The series of a request refused before it ran: its name only if a document that ran had it. */
  refusedSeries(document: DocumentNode | undefined, operationName: string | undefined): OperationSeries {
    if (!document) return this.series('', UNPARSED);
    const operation = operationOf(document, operationName);
    const name = operation?.name?.value;
    return this.series(operation?.operation ?? '', name === undefined ? ANONYMOUS : this.names.has(name) ? name : OTHER);
  }

  /**
   * Counts one request's result under `series`: its outcome (`stream` for a subscription), its
   * duration since `started`, its errors by code. `ran` false: it was refused before it ran.
   */
  record(series: OperationSeries, ran: boolean, result: unknown, started: number): void {
    let outcome: Outcome;
    if (result !== null && typeof result === 'object' && Symbol.asyncIterator in result) outcome = 'stream';
    else {
      const { data, errors } = result as ExecutionResult;
      if (errors?.length) {
        for (const error of errors) this.error(codeOf(error));
        outcome = !ran ? 'refused' : data ? 'partial' : 'failed';
      } else outcome = 'ok';
    }
    series.count(outcome).value++;
    series.duration.observe((performance.now() - started) / 1000);
  }

  /**
   * Counts one HTTP request answered: `route` is one of the gateway's own paths (or '' for any
   * other), so the series are a few methods by the statuses that happened by a few routes.
   */
  httpRequest(method: string | undefined, status: number, route: string, seconds: number): void {
    const known = method !== undefined && HTTP_METHODS.has(method) ? method : '_OTHER';
    const key = `${known} ${status} ${route}`;
    let series = this.httpSeries.get(key);
    if (!series) this.httpSeries.set(key, (series = this.httpDuration.bind(known, String(status), route)));
    series.observe(seconds);
  }

  /** Counts one error by its code; codes are the gateway's own (src/graphql/errors.ts), a bounded set. */
  error(code: string): void {
    let child = this.errorsByCode.get(code);
    if (!child) {
      child = this.errors.bind(this.errorsByCode.size < 100 ? code : OTHER);
      this.errorsByCode.set(code, child);
    }
    child.value++;
  }

  /** Counts an operation refused for its price, by the limit it passed. */
  readonly costRefused = (limit: 'calls' | 'nodes' | 'bytes'): void => {
    this.costRefusals.bind(limit).value++;
  };

  budgetExceeded(): void {
    this.budgetExhausted.value++;
  }

  rateLimited(): void {
    this.rateLimitedChild.value++;
  }

  /** Upstream attempts and retries (src/upstreams/http.ts). */
  readonly callObserver: CallObserver = {
    attempt: (req, status, seconds) => {
      const series = this.callSeriesOf(req);
      series.duration.observe(seconds);
      let count = series.byStatus.get(status);
      if (!count) {
        count = this.calls.bind(req.service, req.operation, String(status));
        series.byStatus.set(status, count);
      }
      count.value++;
    },
    retry: (req, reason) => {
      const series = this.callSeriesOf(req);
      let count = series.retries.get(reason);
      if (!count) {
        count = this.retries.bind(req.service, req.operation, reason);
        series.retries.set(reason, count);
      }
      count.value++;
    },
  };

  /** Reads of the reuse layer (src/reuse/reads.ts), by kind of data. */
  readonly onRead = (freshness: Freshness, how: ReadOutcome): void => {
    this.readSeries(freshness.kind)[how].value++;
  };

  /** Lookups of the whole-response cache. */
  readonly onResponseLookup = (hit: boolean): void => {
    this.readSeries('response')[hit ? 'hit' : 'miss'].value++;
  };

  readonly onEvict = (entry: { kind?: string }): void => {
    this.evictions.bind(entry.kind ?? 'unknown').value++;
  };

  /** What the scrape reads: requests in flight, circuits, caches. */
  observeInflight(source: () => number): void {
    this.inflightSource = source;
  }

  observeLive(source: () => LiveStats): void {
    this.liveSource = source;
  }

  observeCircuits(source: () => Iterable<CircuitReport>): void {
    this.circuitSource = source;
  }

  observeStore(name: string, store: MemoryUsage): void {
    this.stores.push([name, store]);
  }

  /** The text Prometheus scrapes: with the command's several workers, theirs summed (./cluster-metrics.ts). */
  async text(): Promise<{ contentType: string; body: string }> {
    const body = (await this.ofCluster()) ?? (await this.registry.metrics());
    return { contentType: this.registry.contentType, body };
  }

  private readSeries(kind: string): Record<ReadOutcome, CounterSeries> {
    let series = this.cacheReadSeries.get(kind);
    if (!series) {
      const child = (result: ReadOutcome) => this.cacheReads.bind(kind, result);
      series = { hit: child('hit'), stale: child('stale'), joined: child('joined'), miss: child('miss') };
      this.cacheReadSeries.set(kind, series);
    }
    return series;
  }

  private callSeriesOf(req: HttpRequest): CallSeries {
    let byOperation = this.callSeries.get(req.service);
    if (!byOperation) this.callSeries.set(req.service, (byOperation = new Map()));
    let series = byOperation.get(req.operation);
    if (!series) {
      // Operations are the clients' own names (operationIds, JSON-RPC methods), never client input.
      series = { duration: this.callDuration.bind(req.service, req.operation), byStatus: new Map(), retries: new Map() };
      byOperation.set(req.operation, series);
    }
    return series;
  }

  /**
   * The label of an operation name: kept while fewer than `maxOperations` are and its client has
   * named fewer than a quarter of them, else `(other)`.
   */
  private admit(name: string | undefined, client?: () => string): string {
    if (name === undefined) return ANONYMOUS;
    if (this.names.has(name)) return name;
    if (this.names.size >= this.options.maxOperations || name.length > MAX_NAME_LENGTH) return OTHER;
    const who = client?.() ?? '';
    const named = this.namedBy.get(who) ?? 0;
    if (named >= Math.ceil(this.options.maxOperations / 4)) return OTHER;
    this.namedBy.set(who, named + 1);
    this.names.add(name);
    return name;
  }

  private series(type: string, operation: string): OperationSeries {
    const key = `${type} ${operation}`;
    let series = this.byLabel.get(key);
    if (!series) {
      series = new OperationSeries(this.requests, [type, operation], this.requestDuration.bind(type, operation), this.operationCalls);
      this.byLabel.set(key, series);
    }
    return series;
  }
}

function operationOf(document: DocumentNode, operationName: string | undefined): OperationDefinitionNode | undefined {
  let found: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    if (operationName === undefined) {
      if (found) return undefined;
      found = definition;
    } else if (definition.name?.value === operationName) return definition;
  }
  return found;
}

/**
 * A circuit's upstream as a label: a node's chain endpoints are per blockchain id, which
 * clients choose, so an id-like path segment becomes `:chain`.
 */
function boundedUpstream(upstream: string): string {
  return upstream.replace(/\/ext\/bc\/([^/]{20,})/, '/ext/bc/:chain');
}
