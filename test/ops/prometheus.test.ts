/**
 * /metrics: scraped after known requests, its counters and histograms must have moved by exactly
 * what those requests did: requests by operation and outcome, errors by code, upstream calls by
 * status with their latency, retries, circuit states, cache reads by kind, the call budget,
 * rate limits and requests in flight; and its labels stay bounded.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { Registry } from 'prom-client';
import { CounterFamily, HistogramFamily } from '../../src/ops/series.js';
import type { GatewayServer } from '../../src/http/server.js';
import { codes, serve, startHarness, type Harness } from '../helpers/harness.js';
import { subscribeSse } from '../helpers/live.js';
import { has, sample } from '../helpers/prom-text.js';
import { client } from '../helpers/sockets.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const world = getWorld('mainnet');
const [txA, txB] = world.transactions.p.slice(0, 2).map((tx) => tx.txHash);
const SUBNETS = 'query Subnets { network { subnets(first: 2) { nodes { subnetId } } } }';

const sandbox = useSandbox();
const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const h = await startHarness(env, { sandbox });
  open.push(h);
  return h;
}

const scrape = async (h: Harness) => (await h.gateway.metrics!.text()).body;

describe('GraphQL requests', () => {
  it('are counted and timed by operation name and outcome, with errors by code', async () => {
    const h = await harness();
    for (let i = 0; i < 3; i++) expect((await h.raw(SUBNETS)).errors).toBeUndefined();
    expect(codes(await h.raw('{ network { nope } }'))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const text = await scrape(h);
    const ok = { graphql_operation_type: 'query', graphql_operation_name: 'Subnets', outcome: 'ok' };
    expect(sample(text, 'graphql_server_requests_total', ok)).toBe(3);
    // Durations by operation, whatever the outcome.
    const subnets = { graphql_operation_type: 'query', graphql_operation_name: 'Subnets' };
    expect(sample(text, 'graphql_server_request_duration_seconds_count', subnets)).toBe(3);
    expect(sample(text, 'graphql_server_request_duration_seconds_sum', subnets)).toBeGreaterThan(0);
    // Every request is in the +Inf bucket; the histogram's buckets only grow.
    expect(sample(text, 'graphql_server_request_duration_seconds_bucket', { ...subnets, le: '+Inf' })).toBe(3);
    expect(sample(text, 'graphql_server_request_duration_seconds_bucket', { ...subnets, le: '0.05' })).toBeLessThanOrEqual(3);
    expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: '(anonymous)', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'gateway_graphql_errors_total', { code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
    expect(sample(text, 'gateway_graphql_errors_total')).toBe(1);
    // One upstream call per request (no cache here), each timed.
    const call = { service: 'data-api', operation: 'listSubnets' };
    expect(sample(text, 'gateway_upstream_calls_total', { ...call, status: '200' })).toBe(3);
    expect(sample(text, 'gateway_upstream_call_duration_seconds_count', call)).toBe(3);
  });

  it('count an upstream failure: each attempt by status, the retries, the error code, a failed outcome', async () => {
    const h = await harness({ UPSTREAM_RETRIES: '2' });
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: -1 });
    const res = await h.raw(SUBNETS);
    expect(codes(res)).toEqual(['UPSTREAM_UNAVAILABLE']);
    const text = await scrape(h);
    const call = { service: 'data-api', operation: 'listSubnets' };
    expect(sample(text, 'gateway_upstream_calls_total', { ...call, status: '503' })).toBe(3);
    expect(sample(text, 'gateway_upstream_calls_total', { ...call, status: '200' })).toBe(0);
    expect(sample(text, 'gateway_upstream_retries_total', { ...call, reason: '503' })).toBe(2);
    expect(sample(text, 'gateway_graphql_errors_total', { code: 'UPSTREAM_UNAVAILABLE' })).toBe(1);
    const outcome = res.data ? 'partial' : 'failed';
    expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'Subnets', outcome })).toBe(1);
  });

  it('count a request that used up its call budget', async () => {
    const h = await harness({ UPSTREAM_CALL_BUDGET: '1', DEMAND_CONTROL: 'measure' });
    const both = `query Two { network { one: transaction(chain: P_CHAIN, txHash: "${txA}") { txHash } two: transaction(chain: P_CHAIN, txHash: "${txB}") { txHash } } }`;
    expect(codes(await h.raw(both))).toEqual(['UPSTREAM_BUDGET_EXCEEDED']);
    await h.raw(SUBNETS);
    const text = await scrape(h);
    expect(sample(text, 'gateway_call_budget_exhausted_total')).toBe(1);
    expect(sample(text, 'gateway_graphql_errors_total', { code: 'UPSTREAM_BUDGET_EXCEEDED' })).toBe(1);
    expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'Two', outcome: 'partial' })).toBe(1);
  });

  /** The harness behind a real server, and a query named `name` sent from loopback address 127.0.0.`n`. */
  async function clients(env: Record<string, string>) {
    const h = await harness(env);
    const { gw, url } = await serve(h);
    const send = (n: number, query: string, variables?: unknown) =>
      client(`127.0.0.${n}`).post(url, {}, JSON.stringify({ query, variables }));
    return { h, send, close: () => gw.drain(100) };
  }

  it('keep operation names bounded: past METRICS_MAX_OPERATIONS, and for names only refused documents had, `(other)`', async () => {
    const { h, send, close } = await clients({ METRICS_MAX_OPERATIONS: '2' });
    try {
      // Each name from a client of its own: a client's share of the names is the next test's.
      for (const [i, name] of ['A', 'B', 'C', 'D'].entries()) await send(10 + i, `query ${name} { network { name } }`);
      await send(20, 'query Unknown { network { nope } }');
      await send(21, '{ network { name } }');
      const text = await scrape(h);
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'A' })).toBe(1);
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'B' })).toBe(1);
      expect(has(text, 'graphql_server_requests_total', { graphql_operation_name: 'C' })).toBe(false);
      expect(has(text, 'graphql_server_requests_total', { graphql_operation_name: 'Unknown' })).toBe(false);
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: '(other)', outcome: 'ok' })).toBe(2);
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: '(other)', outcome: 'refused' })).toBe(1);
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: '(anonymous)', outcome: 'ok' })).toBe(1);
      // An outcome that never happened has no series.
      expect(has(text, 'graphql_server_requests_total', { graphql_operation_name: 'A', outcome: 'failed' })).toBe(false);
      // No variable value, address or id is ever a label.
      const address = world.addresses[0]!;
      await send(22, 'query Mine($a: AvalancheAddress!) { network { address(address: $a) { chains { blockchainId } } } }', { a: address });
      expect(await scrape(h)).not.toContain(address);
    } finally {
      await close();
    }
  });

  it('let one client name at most a quarter of them, so that it cannot crowd out the others', async () => {
    const { h, send, close } = await clients({ METRICS_MAX_OPERATIONS: '8' });
    try {
      for (const name of ['A', 'B', 'C', 'D']) await send(10, `query ${name} { network { name } }`);
      await send(11, 'query E { network { name } }');
      const text = await scrape(h);
      for (const name of ['A', 'B', 'E']) expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: name })).toBe(1);
      for (const name of ['C', 'D']) expect(has(text, 'graphql_server_requests_total', { graphql_operation_name: name })).toBe(false);
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: '(other)', outcome: 'ok' })).toBe(2);
    } finally {
      await close();
    }
  });
});

describe('subscriptions over SSE', () => {
  it('count as requests of their operation, outcome stream', async () => {
    const h = await harness();
    const sub = await subscribeSse(
      h.gateway,
      'subscription Blocks($chain: PrimaryNetworkChain!) { acceptedBlocks(chain: $chain) { id } }',
      {
        chain: 'P_CHAIN',
      },
    );
    try {
      expect(sub.status).toBe(200);
      const text = await scrape(h);
      expect(
        sample(text, 'graphql_server_requests_total', {
          graphql_operation_type: 'subscription',
          graphql_operation_name: 'Blocks',
          outcome: 'stream',
        }),
      ).toBe(1);
    } finally {
      await sub.close();
    }
  });
});

describe('caches (CACHE=memory)', () => {
  it('count read hits and misses by kind, whole-response hits, and the bytes held by kind', async () => {
    const h = await harness({ CACHE: 'memory' });
    await h.raw(SUBNETS);
    // The same document again: the whole response is reused.
    await h.raw(SUBNETS);
    // Another document reading the same list: no whole response, but the read is reused.
    await h.raw('query SubnetIds { network { subnets(first: 2) { nodes { subnetId isL1 } } } }');
    expect(sandbox.count('listSubnets')).toBe(1);
    const text = await scrape(h);
    expect(sample(text, 'gateway_cache_reads_total', { kind: 'subnets', result: 'miss' })).toBe(1);
    expect(sample(text, 'gateway_cache_reads_total', { kind: 'subnets', result: 'hit' })).toBe(1);
    expect(sample(text, 'gateway_cache_reads_total', { kind: 'response', result: 'hit' })).toBe(1);
    expect(sample(text, 'gateway_cache_reads_total', { kind: 'response', result: 'miss' })).toBe(2);
    expect(sample(text, 'gateway_cache_bytes', { store: 'reads', kind: 'subnets' })).toBeGreaterThan(100);
    expect(sample(text, 'gateway_cache_entries', { store: 'reads', kind: 'subnets' })).toBe(1);
    expect(sample(text, 'gateway_cache_entries', { store: 'responses', kind: 'response' })).toBe(2);
    // A response-cache hit is still a request of its operation.
    expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'Subnets', outcome: 'ok' })).toBe(2);
  });

  it('count the list items kept for lookups by id, each with what its slot holds', async () => {
    const h = await harness({ CACHE: 'memory' });
    await h.raw('{ network { transactions(chain: P_CHAIN, first: 10) { nodes { txHash } } } }');
    const text = await scrape(h);
    const entries = sample(text, 'gateway_cache_entries', { store: 'reads', kind: 'list items' });
    expect(entries).toBeGreaterThanOrEqual(10);
    // Each item's share of the page, plus its key and slot (ENTRY_BYTES): never counted as nothing.
    expect(sample(text, 'gateway_cache_bytes', { store: 'reads', kind: 'list items' })).toBeGreaterThan(entries * 160);
  });

  it('count evictions by kind when the byte bound is reached', async () => {
    const h = await harness({ CACHE: 'memory', CACHE_MAX_BYTES: '40000' });
    for (const tx of world.transactions.p.slice(0, 40))
      await h.raw(`{ network { transaction(chain: P_CHAIN, txHash: "${tx.txHash}") { txHash } } }`);
    const text = await scrape(h);
    expect(sample(text, 'gateway_cache_evictions_total', { kind: 'immutable' })).toBeGreaterThan(0);
    expect(sample(text, 'gateway_cache_bytes', { store: 'reads' })).toBeLessThanOrEqual(40000);
  });
});

describe('the circuit breaker', () => {
  it('shows an upstream whose circuit opened as 2, and 0 while closed', async () => {
    const h = await harness({
      UPSTREAM_RETRIES: '0',
      BREAKER_FAILURE_RATE: '0.5',
      BREAKER_MIN_REQUESTS: '2',
      BREAKER_WINDOW_MS: '5000',
      BREAKER_HALF_OPEN_MS: '60000',
      BREAKER_MIN_CLIENTS: '1',
    });
    await h.raw(SUBNETS);
    const upstream = { service: 'data-api', upstream: new URL(sandbox.dataApiUrl).host };
    expect(sample(await scrape(h), 'gateway_upstream_circuit_state', upstream)).toBe(0);
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: -1 });
    for (let i = 0; i < 5; i++) await h.raw(SUBNETS);
    const text = await scrape(h);
    expect(sample(text, 'gateway_upstream_circuit_state', upstream)).toBe(2);
    expect(sample(text, 'gateway_upstream_calls_total', { operation: 'listSubnets', status: 'CircuitOpenError' })).toBeGreaterThan(0);
  });

  it("labels an upstream by its host, never by its base URL's path, where providers put keys", async () => {
    const h = await harness({ BREAKER_FAILURE_RATE: '0.5' });
    await h.raw('{ network { pChain { height } } }');
    const text = await scrape(h);
    const base = new URL(sandbox.nodeUrl('mainnet'));
    expect(base.pathname.length).toBeGreaterThan(1);
    const circuits = text.split('\n').filter((line) => line.startsWith('gateway_upstream_circuit_state{'));
    expect(circuits.some((line) => line.includes(`upstream="${base.host}/ext/bc/P"`))).toBe(true);
    for (const line of circuits) expect(line).not.toContain(base.pathname);
  });
});

describe('GET /metrics on the server', () => {
  let h: Harness;
  let gw: GatewayServer;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({}, { sandbox, tuning: { processMetrics: true } });
    ({ gw, origin: base } = await serve(h, { metrics: { token: 'scrape-token-0123456789' } }));
  });
  afterAll(async () => {
    await gw.drain(100);
    await h.close();
  });
  const get = (path: string, token?: string) => fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('needs the token when METRICS_TOKEN is set, and then serves the text format with process metrics', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', 'wrong-token-0123456789xx')).status).toBe(401);
    const res = await get('/metrics', 'scrape-token-0123456789');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(has(text, 'process_cpu_user_seconds_total')).toBe(true);
    expect(has(text, 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts rate-limit refusals, and neither scrapes nor probes count against a client', async () => {
    const limited = await startHarness({ RATE_LIMIT_PER_SECOND: '0.01', RATE_LIMIT_BURST: '1', READY_UPSTREAMS: 'none' }, { sandbox });
    const { gw: server, origin: url } = await serve(limited);
    try {
      const post = () =>
        fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ network { name } }' }),
        });
      expect((await post()).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${url}/metrics`)).status).toBe(200);
        expect((await fetch(`${url}/ready`)).status).toBe(200);
      }
      expect((await post()).status).toBe(429);
      const text = await (await fetch(`${url}/metrics`)).text();
      expect(sample(text, 'gateway_rate_limited_total')).toBe(1);
    } finally {
      await server.drain(100);
      await limited.close();
    }
  });

  it('shows the requests in flight, and counts what the lean path serves', async () => {
    sandbox.knobs.latencyMs = 400;
    const slow = fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' }),
    });
    await sleep(150);
    const during = await (await get('/metrics', 'scrape-token-0123456789')).text();
    await slow;
    sandbox.knobs.latencyMs = 0;
    const after = await (await get('/metrics', 'scrape-token-0123456789')).text();
    expect(sample(during, 'http_server_active_requests')).toBe(1);
    expect(sample(after, 'http_server_active_requests')).toBe(0);
    // That POST took the lean path (src/yoga/lean-post.ts), which is counted as yoga's is.
    expect(sample(after, 'graphql_server_requests_total', { graphql_operation_name: '(anonymous)', outcome: 'ok' })).toBe(1);
    expect(sample(after, 'gateway_upstream_calls_total', { operation: 'listSubnets', status: '200' })).toBe(1);
  });

  it('is not served with METRICS=off, and not on the main port when it has a port of its own', async () => {
    const off = await startHarness({ METRICS: 'off' }, { sandbox });
    expect(off.gateway.metrics).toBeUndefined();
    const offServer = await serve(off);
    const elsewhere = await serve(h, { metrics: false });
    try {
      for (const { origin } of [offServer, elsewhere]) expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    } finally {
      await Promise.all([offServer.gw.drain(100), elsewhere.gw.drain(100)]);
      await off.close();
    }
  });
});

describe('the bound series', () => {
  it("are exposed in Prometheus' text format: cumulative buckets, sum and count, escaped labels", async () => {
    const registry = new Registry();
    const counter = new CounterFamily('t_total', 'A counter.', ['a'], registry);
    const histogram = new HistogramFamily('t_seconds', 'A histogram.', ['a'], [0.1, 1], registry);
    const quoted = counter.bind('say "hi"');
    quoted.value += 2;
    expect(counter.bind('say "hi"')).toBe(quoted);
    const series = histogram.bind('x');
    for (const value of [0.05, 0.1, 0.5, 3]) series.observe(value);
    expect(await registry.metrics()).toBe(
      [
        '# HELP t_total A counter.',
        '# TYPE t_total counter',
        't_total{a="say \\"hi\\""} 2',
        '',
        '# HELP t_seconds A histogram.',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{a="x",le="0.1"} 2',
        't_seconds_bucket{a="x",le="1"} 3',
        't_seconds_bucket{a="x",le="+Inf"} 4',
        't_seconds_sum{a="x"} 3.65',
        't_seconds_count{a="x"} 4',
        '',
      ].join('\n'),
    );
  });
});

describe('/metrics of `npm start` under made-up operation names', () => {
  it('keeps a client to its share of the names, and stays under 300 KB (40 KB gzipped, as Prometheus fetches it) with every name taken', async () => {
    const gw = await startGatewayProcess(sandbox);
    try {
      const scrapeText = async () => (await fetch(`${gw.origin}/metrics`)).text();
      const send = (from: string, name: string) =>
        client(from).post(gw.url, {}, JSON.stringify({ query: `query ${name} { network { name } }` }));
      // One client, 2,000 names of its own.
      for (let i = 0; i < 2_000; i += 50) {
        await Promise.all(Array.from({ length: 50 }, (_, j) => send('127.0.0.2', `Made${i + j}`)));
      }
      const one = await scrapeText();
      expect(Buffer.byteLength(one)).toBeLessThan(300_000);
      expect(sample(one, 'graphql_server_requests_total', { graphql_operation_name: '(other)' })).toBe(1_950);
      // Another client's name is still its own label.
      await send('127.0.0.3', 'Honest');
      expect(sample(await scrapeText(), 'graphql_server_requests_total', { graphql_operation_name: 'Honest' })).toBe(1);
      // Every one of the 200 names taken, by four clients: under 300 KB; what a scraper fetches is that gzipped.
      for (const from of ['127.0.0.4', '127.0.0.5', '127.0.0.6']) {
        await Promise.all(Array.from({ length: 50 }, (_, j) => send(from, `Op${from.replaceAll('.', '')}x${j}`)));
      }
      const full = await scrapeText();
      const names = new Set(
        [...full.matchAll(/graphql_server_requests_total\{graphql_operation_type="query",graphql_operation_name="([^"]+)"/g)].map(
          (m) => m[1],
        ),
      );
      expect(names.size).toBeGreaterThanOrEqual(200);
      expect(Buffer.byteLength(full)).toBeLessThan(300_000);
      const zipped = await request(`${gw.origin}/metrics`, { headers: { 'accept-encoding': 'gzip' } });
      const packed = Buffer.from(await zipped.body.arrayBuffer());
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(packed.length).toBeLessThan(40_000);
      console.log(`/metrics with every name taken: ${Buffer.byteLength(full)} bytes, ${packed.length} gzipped`);
    } finally {
      await gw.stop();
    }
  }, 60_000);
});
