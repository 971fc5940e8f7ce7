/**
 * OpenTelemetry tracing, with the SDK's in-memory exporter: a span per operation continuing the
 * client's `traceparent` (on the lean path and on yoga's), parse, validate and execute as its
 * children, a span per upstream call under execute with its status, retries and cache hit, and
 * the call's own `traceparent` received by the upstream. Off, nothing is traced or sent, and the
 * built gateway does not load the SDK.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadedAtStart } from '../helpers/bundle.js';
import { startCollector, type Collector } from '../helpers/otlp-collector.js';
import { loadConfig } from '../../src/config/config.js';
import { createTracing } from '../../src/ops/tracing.js';
import type { GatewayServer } from '../../src/http/server.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const CLIENT_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CLIENT_SPAN = 'b7ad6b7169203331';
const TRACEPARENT = `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`;
const SUBNETS = 'query Subnets { network { subnets(first: 2) { nodes { subnetId } } } }';

const sandbox = useSandbox();
let h: Harness;
let gw: GatewayServer;
let base: string;

beforeAll(async () => {
  h = await startHarness({}, { sandbox, tuning: { tracing: createTracing(provider.getTracer('test')) } });
  ({ gw, origin: base } = await serve(h));
});
afterAll(async () => {
  await gw.drain(100);
  await h.close();
});
afterEach(() => {
  exporter.reset();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
/** Waits for a span to end: over HTTP, the operation's ends once the answer is sent, maybe after the client read it. */
async function ended(name: string): Promise<void> {
  for (let i = 0; i < 100 && !exporter.getFinishedSpans().some((s) => s.name === name); i++) await new Promise((r) => setTimeout(r, 10));
}

function byName(name: string): ReadableSpan {
  const found = exporter.getFinishedSpans().filter((s) => s.name === name);
  expect(found.map((s) => s.name)).toEqual([name]);
  return found[0]!;
}

/** The spans of one traced query, checked: the tree, the client's trace, the upstream's traceparent. */
function checkTrace(operationName: string) {
  const operation = byName(operationName);
  expect(operation.spanContext().traceId).toBe(CLIENT_TRACE);
  expect(parentOf(operation)).toBe(CLIENT_SPAN);
  expect(operation.kind).toBe(1); // SERVER
  expect(operation.attributes).toMatchObject({ 'graphql.operation.type': 'query', 'gateway.outcome': 'ok' });
  const parse = byName('graphql.parse');
  const validate = byName('graphql.validate');
  const execute = byName('graphql.execute');
  for (const phase of [parse, validate, execute]) {
    expect(parentOf(phase)).toBe(idOf(operation));
    expect(phase.spanContext().traceId).toBe(CLIENT_TRACE);
  }
  const call = byName('data-api listSubnets');
  expect(parentOf(call)).toBe(idOf(execute));
  expect(call.kind).toBe(2); // CLIENT
  expect(call.attributes).toMatchObject({
    'gateway.upstream.service': 'data-api',
    'gateway.upstream.operation': 'listSubnets',
    'http.response.status_code': 200,
    'gateway.upstream.retries': 0,
    'gateway.cache.hit': false,
  });
  // The upstream received the call's own span as its parent.
  const received = sandbox.log.filter((r) => r.operation === 'listSubnets').map((r) => r.traceparent);
  expect(received).toEqual([`00-${CLIENT_TRACE}-${idOf(call)}-01`]);
  return { operation, call };
}

describe('a traced request', () => {
  it('on the lean path (a JSON POST), continues the client trace down to the upstream call', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: TRACEPARENT },
      body: JSON.stringify({ query: SUBNETS }),
    });
    expect(res.status).toBe(200);
    await ended('query Subnets');
    const { operation, call } = checkTrace('query Subnets');
    expect(operation.attributes['graphql.operation.name']).toBe('Subnets');
    // The server span carries HTTP's attributes, the status once the answer is sent.
    expect(operation.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/graphql',
      'http.route': '/graphql',
      'http.response.status_code': 200,
      'user_agent.original': expect.any(String),
    });
    // The client span names its upstream by the current conventions, never its base URL's path.
    const upstream = new URL(sandbox.dataApiUrl);
    expect(call.attributes).toMatchObject({
      'http.request.method': 'GET',
      'server.address': upstream.hostname,
      'server.port': Number(upstream.port),
      'url.full': expect.stringMatching(new RegExp(`^http://${upstream.host}/REDACTED/v1/networks/mainnet/subnets$`)),
    });
  });

  // The document of the test before, now known: a known query skips parse and validation
  // (src/yoga/use-prepared-operations.ts), but not when traced, whose phases are spans.
  it("on yoga's path (a GET), does the same", async () => {
    const res = await fetch(`${base}/graphql?query=${encodeURIComponent(SUBNETS)}`, {
      headers: { traceparent: TRACEPARENT, 'x-graphql-yoga-csrf': '1', accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    await ended('query Subnets');
    const { operation } = checkTrace('query Subnets');
    expect(operation.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200 });
  });

  it('starts a trace of its own without a traceparent, and still sends one upstream', async () => {
    await h.raw(SUBNETS);
    const operation = byName('query Subnets');
    expect(operation.parentSpanContext).toBeUndefined();
    const call = byName('data-api listSubnets');
    expect(call.spanContext().traceId).toBe(operation.spanContext().traceId);
    expect(sandbox.log[0]!.traceparent).toBe(`00-${operation.spanContext().traceId}-${idOf(call)}-01`);
  });

  it('starts a trace of its own when the traceparent is malformed, and answers as usual', async () => {
    const res = await h.raw(SUBNETS, undefined, { traceparent: '00-not-a-trace-01' });
    expect(res.errors).toBeUndefined();
    const operation = byName('query Subnets');
    expect(operation.parentSpanContext).toBeUndefined();
    expect(operation.spanContext().traceId).not.toBe(CLIENT_TRACE);
  });

  it('records the retries and the failure of a call, and the error codes of the operation', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: 1 });
    await h.raw(SUBNETS);
    expect(byName('data-api listSubnets').attributes).toMatchObject({ 'http.response.status_code': 200, 'gateway.upstream.retries': 1 });
    exporter.reset();
    sandbox.reset();
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: -1 });
    await h.raw(SUBNETS);
    const call = byName('data-api listSubnets');
    expect(call.attributes).toMatchObject({ 'http.response.status_code': 503, 'gateway.upstream.retries': 2 });
    expect(call.status.code).toBe(2); // ERROR
    const operation = byName('query Subnets');
    expect(operation.attributes['graphql.error.codes']).toEqual(['UPSTREAM_UNAVAILABLE']);
    // Each of the three attempts carried the same call span.
    expect(sandbox.log.map((r) => r.traceparent)).toEqual(Array(3).fill(`00-${call.spanContext().traceId}-${idOf(call)}-01`));
  });

  it('marks a read answered from the cache as a cache hit, with no call', async () => {
    const cached = await startHarness({ CACHE: 'memory' }, { sandbox, tuning: { tracing: createTracing(provider.getTracer('test')) } });
    try {
      await cached.raw(SUBNETS);
      exporter.reset();
      await cached.raw('query Again { network { subnets(first: 2) { nodes { subnetId isL1 } } } }');
      const hit = byName('cache listSubnets');
      expect(hit.attributes).toMatchObject({ 'gateway.cache.hit': true, 'gateway.cache.kind': 'subnets', 'gateway.cache.result': 'hit' });
      expect(parentOf(hit)).toBe(idOf(byName('graphql.execute')));
      expect(exporter.getFinishedSpans().some((s) => s.name === 'data-api listSubnets')).toBe(false);
    } finally {
      await cached.close();
    }
  });

  it('ends the operation span of a document refused by validation, with its error', async () => {
    await h.raw('query Bad { network { nope } }');
    const validate = byName('graphql.validate');
    expect(validate.status.code).toBe(2);
    const operation = byName('graphql.operation');
    expect(operation.attributes['graphql.error.codes']).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(operation.status.code).toBe(2);
  });
});

describe('without tracing', () => {
  it('sends no traceparent upstream, even when the client sent one', async () => {
    const plain = await startHarness({}, { sandbox });
    try {
      await plain.raw(SUBNETS, undefined, { traceparent: TRACEPARENT });
      expect(sandbox.log.map((r) => r.traceparent)).toEqual([undefined]);
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('the built gateway loads no OpenTelemetry SDK until tracing is configured', () => {
    // What dist/main.js loads at start: itself and the chunks it imports statically.
    const seen = loadedAtStart();
    // main.js shares chunks with the sandbox's entry: they were followed.
    expect(seen.size).toBeGreaterThan(1);
    const loaded = [...seen].map((file) => readFileSync(join('dist', file), 'utf8')).join('\n');
    expect(loaded).not.toContain('OTLPTraceExporter');
    expect(loaded).not.toContain('BatchSpanProcessor');
    // ...while the chunk loaded when it is configured has them.
    expect(loaded).toMatch(/import\("\.\/otel-[A-Z0-9]+\.js"\)/);
  });
});

describe('the SDK, configured by OTEL_* variables', () => {
  let collector: Collector;
  let received: Collector['received'];
  beforeAll(async () => {
    collector = await startCollector();
    received = collector.received;
  });
  afterAll(() => collector?.close());

  afterEach(() => {
    received.length = 0;
  });

  /** Runs one query with tracing configured by `env` (the SDK reads it from process.env) and returns what the collector got. */
  async function export_(env: Record<string, string>) {
    const all = { OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url()}`, ...env };
    Object.assign(process.env, all);
    try {
      const { startTracing } = await import('../../src/ops/otel.js');
      const config = loadConfig(all);
      const traced = await startHarness(all, { sandbox, tuning: { tracing: startTracing(config.tracing!) } });
      expect(traced.config.tracing?.endpoint).toBe(`${all.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`);
      await traced.raw(SUBNETS);
      // Closing the gateway flushes the batch.
      await traced.close();
    } finally {
      for (const key of Object.keys(all)) delete process.env[key];
    }
    expect(received.map((r) => r.path)).toEqual(['/v1/traces']);
    return received[0]!;
  }

  it('sends spans as OTLP protobuf by default, with the resource of the standard variables and this version', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const got = await export_({ OTEL_SERVICE_NAME: 'gw-test', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,team=chain' });
    expect(got.type).toBe('application/x-protobuf');
    // Protobuf writes strings as their UTF-8 bytes, each after its field's tag and length: the
    // span names and resource values are in the body as they are, and the body is no JSON.
    const bytes = got.body;
    expect(bytes[0]).not.toBe('{'.charCodeAt(0));
    for (const text of [
      'gw-test',
      'service.version',
      version,
      'deployment.environment.name',
      'staging',
      'query Subnets',
      'data-api listSubnets',
    ]) {
      expect({ text, found: bytes.includes(Buffer.from(text)) }).toEqual({ text, found: true });
    }
  });

  it('sends JSON with OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json, the resource alike', async () => {
    const got = await export_({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' });
    expect(got.type).toBe('application/json');
    const body = JSON.parse(got.body.toString('utf8'));
    const attributes = Object.fromEntries(
      body.resourceSpans[0].resource.attributes.map((a: { key: string; value: { stringValue: string } }) => [a.key, a.value.stringValue]),
    );
    expect(attributes).toMatchObject({ 'service.name': 'avalanche-graphql-gateway', 'service.version': expect.any(String) });
    const names = body.resourceSpans[0].scopeSpans.flatMap((s: { spans: { name: string }[] }) => s.spans.map((span) => span.name));
    expect(names).toEqual(expect.arrayContaining(['query Subnets', 'data-api listSubnets']));
  });
});
