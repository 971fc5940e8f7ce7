/**
 * The built gateway (`npm start`) by the conventions operators' tools expect: metrics named and
 * labelled by OpenTelemetry's semantic conventions, every HTTP answer counted by status on both
 * request paths, /metrics gzipped for Prometheus, a request id answered and logged, log levels by
 * name, and, with tracing on, the trace's ids in the request's log line and the spans exported
 * as OTLP protobuf with the resource of the standard variables.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess, startGatewayProcess } from '../helpers/gateway-process.js';
import { has, sample } from '../helpers/prom-text.js';
import { client } from '../helpers/sockets.js';
import { useSandbox } from '../helpers/sandbox.js';

const QUERY = 'query Subnets { network { subnets(first: 1) { nodes { subnetId } } } }';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const sandbox = useSandbox();

/** Waits for the gateway's log to have a line that `match` accepts (it writes in the background). */
async function logged(gw: GatewayProcess, match: (line: GatewayProcess['logs'][number]) => boolean) {
  for (let i = 0; i < 100 && !gw.logs.some(match); i++) await sleep(20);
  return gw.logs.find(match);
}

describe('`npm start` by the conventions', () => {
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, { MAX_BODY_BYTES: '4096' });
  }, 30_000);
  afterAll(() => gw?.stop());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(gw.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const scrape = async () => (await fetch(`${gw.origin}/metrics`)).text();
  const http = (status: number, route: string, method = 'POST') => ({
    http_request_method: method,
    http_response_status_code: String(status),
    http_route: route,
  });

  it('counts every HTTP answer by method, status and bounded route, on the fast path and through yoga', async () => {
    const query = JSON.stringify({ query: QUERY });
    // The fast path (a JSON POST), then yoga's (a GET), both 200.
    const lean = await post(query);
    expect(lean.status).toBe(200);
    const etag = lean.headers.get('etag');
    const get = await fetch(`${gw.url}?query=${encodeURIComponent(QUERY)}`, {
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
    });
    expect(get.status).toBe(200);
    // 304 (yoga's conditional answer), 400 (not JSON), 413 (too big), 404 (another path), /health.
    if (etag) expect((await post(query, { 'if-none-match': etag })).status).toBe(304);
    expect((await post('{')).status).toBe(400);
    expect((await post(JSON.stringify({ query: `{ network { name } } #${'x'.repeat(5000)}` }))).status).toBe(413);
    expect((await fetch(`${gw.origin}/made-up/${'a'.repeat(40)}`)).status).toBe(404);
    expect((await fetch(`${gw.origin}/health`)).status).toBe(200);
    await fetch(`${gw.origin}/metrics`);

    const text = await scrape();
    const count = 'http_server_request_duration_seconds_count';
    expect(sample(text, count, http(200, '/graphql'))).toBe(1);
    expect(sample(text, count, http(200, '/graphql', 'GET'))).toBe(1);
    if (etag) expect(sample(text, count, http(304, '/graphql'))).toBe(1);
    expect(sample(text, count, http(400, '/graphql'))).toBe(1);
    expect(sample(text, count, http(413, '/graphql'))).toBe(1);
    expect(sample(text, count, http(200, '/health', 'GET'))).toBe(1);
    expect(sample(text, count, http(200, '/metrics', 'GET'))).toBe(1);
    // A made-up path is no label value: its route is empty.
    expect(sample(text, count, http(404, '', 'GET'))).toBe(1);
    expect(text).not.toContain('made-up');
    // The histogram's buckets are OpenTelemetry's advised ones.
    expect(has(text, 'http_server_request_duration_seconds_bucket', { le: '0.075' })).toBe(true);
    // GraphQL operations by the semantic conventions' attributes.
    expect(
      sample(text, 'graphql_server_requests_total', { graphql_operation_type: 'query', graphql_operation_name: 'Subnets', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    expect(has(text, 'http_server_active_requests')).toBe(true);
    for (const old of ['gateway_graphql_requests_total', 'gateway_graphql_request_duration_seconds', 'gateway_http_requests_in_flight']) {
      expect(text).not.toContain(old);
    }
  });

  it('counts a rate-limit refusal (429), which answers a request id too', async () => {
    const limited = await startGatewayProcess(sandbox, { RATE_LIMIT_PER_SECOND: '0.01', RATE_LIMIT_BURST: '1' });
    try {
      const other = client('127.0.0.7');
      // The burst is one upstream call: the first query spends it, the second is refused.
      expect((await other.post(limited.url)).status).toBe(200);
      const refused = await other.post(limited.url, { 'x-request-id': 'limited-1' });
      await other.close();
      expect(refused.status).toBe(429);
      expect(refused.headers['x-request-id']).toBe('limited-1');
      const text = await (await fetch(`${limited.origin}/metrics`)).text();
      expect(sample(text, 'http_server_request_duration_seconds_count', http(429, '/graphql'))).toBe(1);
      expect(sample(text, 'http_server_request_duration_seconds_count', http(200, '/graphql'))).toBe(1);
    } finally {
      await limited.stop();
    }
  }, 30_000);

  it('serves /metrics gzipped to a scraper that accepts it, and plain to one that does not', async () => {
    const zipped = await request(`${gw.origin}/metrics`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    const packed = Buffer.from(await zipped.body.arrayBuffer());
    const text = gunzipSync(packed).toString('utf8');
    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    expect(packed.length).toBeLessThan(text.length / 4);
    const plain = await request(`${gw.origin}/metrics`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(await plain.body.text()).toContain('# TYPE graphql_server_requests_total counter');
    const none = await request(`${gw.origin}/metrics`);
    expect(none.headers['content-encoding']).toBeUndefined();
    await none.body.dump();
  });

  it('answers a request id on both paths, keeps a well-formed one, and logs it with the level by name', async () => {
    const query = JSON.stringify({ query: 'query Identified { network { name } }' });
    const kept = await post(query, { 'x-request-id': 'lb-7f3a.42:edge' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42:edge');
    const viaYoga = await fetch(`${gw.url}?query=${encodeURIComponent('query ViaYoga { network { name } }')}`, {
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1', 'x-request-id': 'from-a-get' },
    });
    expect(viaYoga.headers.get('x-request-id')).toBe('from-a-get');
    // Made up when absent, or when the caller's could not be logged as it is.
    const made = await post(query);
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    for (const bad of ['has space', 'x'.repeat(129), 'quote"d', 'new\\nline']) {
      expect((await post(query, { 'x-request-id': bad })).headers.get('x-request-id')).toMatch(UUID);
    }
    // Refusals and probes carry one too.
    expect((await fetch(`${gw.origin}/ready`)).headers.get('x-request-id')).toMatch(UUID);

    const line = await logged(gw, (l) => l.msg === 'graphql request' && l.request_id === 'lb-7f3a.42:edge');
    expect(line).toMatchObject({ level: 'info', operation: 'Identified', outcome: 'ok' });
    expect(await logged(gw, (l) => l.request_id === 'from-a-get')).toMatchObject({ operation: 'ViaYoga' });
    const generated = await logged(gw, (l) => l.request_id === made.headers.get('x-request-id'));
    expect(generated).toBeDefined();
    // Every line's level is a name; without tracing, no trace ids.
    expect(gw.logs.every((l) => l.level === undefined || ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].includes(l.level))).toBe(
      true,
    );
    expect(gw.logs.some((l) => 'trace_id' in l)).toBe(false);
  });
});

describe('`npm start` with tracing on', () => {
  let collector: Server;
  const received: { type: string; body: Buffer }[] = [];
  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ type: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

  it('writes the trace and span ids in the request line, and exports protobuf with the resource of OTEL_*', async () => {
    const gw = await startGatewayProcess(sandbox, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_SERVICE_NAME: 'gw-conventions',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=conventions-test',
    });
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      const res = await gw.query(QUERY, undefined, { traceparent: `00-${trace}-00f067aa0ba902b7-01`, 'x-request-id': 'traced-1' });
      expect(res.status).toBe(200);
      const line = await logged(gw, (l) => l.request_id === 'traced-1');
      expect(line).toMatchObject({ level: 'info', trace_id: trace, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(line!.span_id).not.toBe('00f067aa0ba902b7');
    } finally {
      // SIGTERM drains, and the batch of spans is flushed before the exit.
      await gw.stop();
    }
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.type === 'application/x-protobuf')).toBe(true);
    const bytes = Buffer.concat(received.map((r) => r.body));
    for (const text of ['gw-conventions', 'conventions-test', 'service.version', 'query Subnets', 'data-api listSubnets', 'url.full']) {
      expect({ text, found: bytes.includes(Buffer.from(text)) }).toEqual({ text, found: true });
    }
    expect(bytes.includes(Buffer.from(trace, 'hex'))).toBe(true);
  }, 30_000);
});
