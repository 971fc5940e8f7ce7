/**
 * Readiness: whether this instance should be sent traffic. It is, when every configured upstream
 * answers a cheap request and the process is not draining (src/http/server.ts answers /ready).
 *
 * - One probe per upstream: the Data API's and Metrics API's own health checks
 *   (`GET /v1/health-check`, `GET /v2/health-check`), and for a node `platform.getHeight`
 *   (public endpoints serve no /ext/health, and a node that answers it serves the P-Chain).
 * - The answer is kept `cacheMs`: however often an orchestrator asks, an upstream sees one probe
 *   per instance in that time, and probes that overlap share one round.
 * - Probes go straight to the HTTP layer: no client's budget or rate limit, no cache, no retry (a
 *   probe reports; the next one tries again), and at most `timeoutMs` before the upstream counts
 *   as not answering.
 */
import type { ReadyUpstream } from '../config/config.js';
import type { NetworkName } from '../base/ids.js';
import { platformGetHeight } from '../upstreams/node/p-chain.js';
import { NodeClient, type NodeOptions } from '../upstreams/node/client.js';
import type { HttpClient, HttpRequest } from '../upstreams/http.js';
import { directTransport } from '../upstreams/transport.js';
import { METRICS_HEALTH_PATH } from '../upstreams/metrics-api/health.js';
import { DATA_API_HEALTH_PATH } from '../upstreams/data-api/health.js';

export interface UpstreamReadiness {
  ok: boolean;
  /** Why it is not ready: the status or failure the probe met. */
  reason?: string;
  /** How long the probe took. */
  ms: number;
}

export interface ReadinessReport {
  ready: boolean;
  /** The first reason it is not ready, in a sentence. */
  reason?: string;
  upstreams: Partial<Record<ReadyUpstream, UpstreamReadiness>>;
  /**
   * With REDIS_URL: whether this instance shares its cache, rate limits and subscriptions right
   * now. It does not make the instance unready: without Redis it serves from its own memory.
   */
  redis?: 'connected' | 'unreachable';
}

export interface ReadinessOptions {
  upstreams: readonly ReadyUpstream[];
  cacheMs: number;
  timeoutMs: number;
  dataApi: string;
  metricsApi: string;
  node: NodeOptions;
  apiKeyHeader: string;
  apiKey?: string;
  /** The connection to Redis, when REDIS_URL is set: reported, never a reason to be unready. */
  redis?: { readonly ready: boolean };
  /**
   * Why this instance is never ready, whatever its upstreams say: it serves the built-in
   * sandbox's made-up data in place of a network it could not reach (SANDBOX=auto, offline).
   */
  standIn?: string;
}

type Probe = () => Promise<unknown>;

export class Readiness {
  private readonly probes: [ReadyUpstream, Probe][];
  private last?: { at: number; report: ReadinessReport };
  private round?: Promise<ReadinessReport>;

  constructor(
    http: HttpClient,
    private readonly options: ReadinessOptions,
  ) {
    const transport = directTransport(http);
    const node = new NodeClient(transport, options.node);
    const rest = (service: 'data-api' | 'metrics-api', operation: string, baseUrl: string, path: string): Probe => {
      const req: HttpRequest = {
        service,
        operation,
        method: 'GET',
        baseUrl,
        path,
        idempotent: false,
        headers: service === 'data-api' && options.apiKey ? { [options.apiKeyHeader]: options.apiKey } : undefined,
      };
      return () => http.json(req);
    };
    const all: Record<ReadyUpstream, Probe> = {
      'data-api': rest('data-api', 'data-health-check', options.dataApi, DATA_API_HEALTH_PATH),
      'metrics-api': rest('metrics-api', 'metrics-health-check', options.metricsApi, METRICS_HEALTH_PATH),
      'node-mainnet': () => platformGetHeight(node, 'mainnet' satisfies NetworkName),
      'node-fuji': () => platformGetHeight(node, 'fuji' satisfies NetworkName),
    };
    this.probes = options.upstreams.map((name) => [name, all[name]]);
  }

  /** The upstreams' state, probed at most once per `cacheMs`. */
  check(): Promise<ReadinessReport> {
    const { redis } = this.options;
    const withRedis = (report: ReadinessReport): ReadinessReport =>
      redis ? { ...report, redis: redis.ready ? 'connected' : 'unreachable' } : report;
    if (this.last && Date.now() - this.last.at < this.options.cacheMs) return Promise.resolve(withRedis(this.last.report));
    this.round ??= this.probeAll().finally(() => (this.round = undefined));
    return this.round.then(withRedis);
  }

  private async probeAll(): Promise<ReadinessReport> {
    const results = await Promise.all(this.probes.map(([name, probe]) => this.probe(probe).then((r) => [name, r] as const)));
    const upstreams = Object.fromEntries(results) as ReadinessReport['upstreams'];
    const failing = results.find(([, r]) => !r.ok);
    const report: ReadinessReport = this.options.standIn
      ? { ready: false, reason: this.options.standIn, upstreams }
      : failing
        ? { ready: false, reason: `${failing[0]} does not answer: ${failing[1].reason}`, upstreams }
        : { ready: true, upstreams };
    this.last = { at: Date.now(), report };
    return report;
  }

  private probe(probe: Probe): Promise<UpstreamReadiness> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<UpstreamReadiness>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, reason: `no answer within ${this.options.timeoutMs} ms`, ms: ms() }),
        this.options.timeoutMs,
      );
    });
    const answered = probe().then(
      () => ({ ok: true, ms: ms() }),
      // Upstream errors say what failed (status, code) and never carry a key.
      (error: unknown) => ({ ok: false, reason: error instanceof Error ? error.message : String(error), ms: ms() }),
    );
    return Promise.race([answered, late]).finally(() => clearTimeout(timer));
  }
}
