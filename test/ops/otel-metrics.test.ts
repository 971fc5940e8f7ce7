/**
 * OTLP metrics: the prom-client registry converted at each collection (counters, gauges,
 * histograms), the settings that turn it on, and the built gateway (`npm start`) pushing what
 * /metrics shows to a collector, as protobuf or JSON, every OTEL_METRIC_EXPORT_INTERVAL and once
 * more on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataPointType, type HistogramMetricData, type MetricData } from '@opentelemetry/sdk-metrics';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedAtStart } from '../helpers/bundle.js';
import { startCollector, type Collector } from '../helpers/otlp-collector.js';
import { loadConfig } from '../../src/config/config.js';
import { metricsOf, type PromFamily, PromRegistryProducer } from '../../src/ops/otel-metrics.js';
import { CounterFamily, HistogramFamily } from '../../src/ops/series.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { useSandbox } from '../helpers/sandbox.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('the registry as OTLP metric data', () => {
  it('converts counters, gauges and histograms, prom-client’s and the bound families alike', async () => {
    const registry = new Registry();
    new Counter({ name: 'jobs_total', help: 'Jobs.', labelNames: ['kind'], registers: [registry] }).inc({ kind: 'a' }, 3);
    new Gauge({ name: 'queue_bytes', help: 'Queued.', registers: [registry] }).set(42);
    const prom = new Histogram({ name: 'wait_seconds', help: 'Wait.', labelNames: ['q'], buckets: [0.1, 1], registers: [registry] });
    for (const v of [0.05, 0.5, 0.7, 3]) prom.observe({ q: 'x' }, v);
    const family = new HistogramFamily('call_duration_seconds', 'Calls.', ['service'], [0.1, 1, 10], registry);
    for (const v of [0.01, 0.02, 5]) family.bind('data-api').observe(v);
    new CounterFamily('calls_total', 'Calls.', ['service'], registry).bind('node').value += 7;

    const { resourceMetrics, errors } = await new PromRegistryProducer(registry).collect();
    expect(errors).toEqual([]);
    expect(resourceMetrics.scopeMetrics[0]!.scope).toEqual({ name: 'avalanche-graphql-gateway', version });
    const byName = new Map<string, MetricData>(resourceMetrics.scopeMetrics[0]!.metrics.map((m) => [m.descriptor.name, m]));

    expect(byName.get('jobs_total')).toMatchObject({
      dataPointType: DataPointType.SUM,
      isMonotonic: true,
      descriptor: { description: 'Jobs.', unit: '' },
      dataPoints: [{ attributes: { kind: 'a' }, value: 3 }],
    });
    expect(byName.get('calls_total')).toMatchObject({
      dataPointType: DataPointType.SUM,
      dataPoints: [{ attributes: { service: 'node' }, value: 7 }],
    });
    expect(byName.get('queue_bytes')).toMatchObject({
      dataPointType: DataPointType.GAUGE,
      descriptor: { unit: 'By' },
      dataPoints: [{ attributes: {}, value: 42 }],
    });
    // Prometheus' buckets are cumulative; OTLP's count each bucket, the one past the last bound too.
    const wait = byName.get('wait_seconds') as HistogramMetricData;
    expect(wait.descriptor.unit).toBe('s');
    expect(wait.dataPoints).toEqual([
      expect.objectContaining({
        attributes: { q: 'x' },
        value: { buckets: { boundaries: [0.1, 1], counts: [1, 2, 1] }, sum: 4.25, count: 4 },
      }),
    ]);
    const calls = byName.get('call_duration_seconds') as HistogramMetricData;
    expect(calls.dataPoints.map((p) => [p.attributes, p.value])).toEqual([
      [{ service: 'data-api' }, { buckets: { boundaries: [0.1, 1, 10], counts: [2, 0, 1, 0] }, sum: 5.03, count: 3 }],
    ]);
    // Cumulative: counters from the producer's start, a gauge at the collection.
    const [point] = byName.get('jobs_total')!.dataPoints;
    expect(point!.startTime).not.toEqual(point!.endTime);
    expect(byName.get('queue_bytes')!.dataPoints[0]!.startTime).toEqual(byName.get('queue_bytes')!.dataPoints[0]!.endTime);
  });

  it('keeps series apart by their labels, whatever their order, and leaves out summaries', () => {
    const families: PromFamily[] = [
      {
        name: 'h',
        help: '',
        type: 'histogram',
        values: [
          { labels: { a: '1', le: 1 }, value: 1, metricName: 'h_bucket' },
          { labels: { a: '2', le: 1 }, value: 0, metricName: 'h_bucket' },
          { labels: { le: '+Inf', a: '1' }, value: 2, metricName: 'h_bucket' },
          { labels: { le: '+Inf', a: '2' }, value: 1, metricName: 'h_bucket' },
          { labels: { a: '1' }, value: 3, metricName: 'h_sum' },
          { labels: { a: '1' }, value: 2, metricName: 'h_count' },
          { labels: { a: '2' }, value: 9, metricName: 'h_sum' },
          { labels: { a: '2' }, value: 1, metricName: 'h_count' },
        ],
      },
      { name: 's', help: '', type: 'summary', values: [{ labels: { quantile: 0.5 }, value: 1 }] },
    ];
    const metrics = metricsOf(families, [0, 0]);
    expect(metrics).toHaveLength(1);
    expect((metrics[0] as HistogramMetricData).dataPoints.map((p) => [p.attributes, p.value.buckets.counts, p.value.count])).toEqual([
      [{ a: '1' }, [1, 1], 2],
      [{ a: '2' }, [0, 1], 1],
    ]);
  });
});

describe('the settings of OTLP metrics', () => {
  const base = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' };
  it('are off by default, and with only the general endpoint (traces there need not mean metrics)', () => {
    expect(loadConfig({}).metricsExport).toBeUndefined();
    expect(loadConfig(base).metricsExport).toBeUndefined();
    expect(loadConfig(base).tracing).toBeDefined();
  });
  it('are on by the metrics endpoint, or by OTEL_METRICS_EXPORTER=otlp, unless turned off', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://m:4318/custom' }).metricsExport).toEqual({
      endpoint: 'http://m:4318/custom',
      protocol: 'http/protobuf',
      intervalMs: 60_000,
    });
    expect(loadConfig({ ...base, OTEL_METRICS_EXPORTER: 'otlp', OTEL_METRIC_EXPORT_INTERVAL: '500' }).metricsExport).toEqual({
      endpoint: 'http://collector:4318/v1/metrics',
      protocol: 'http/protobuf',
      intervalMs: 500,
    });
    expect(loadConfig({ OTEL_METRICS_EXPORTER: 'otlp' }).metricsExport?.endpoint).toBe('http://localhost:4318/v1/metrics');
    expect(
      loadConfig({
        ...base,
        OTEL_METRICS_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/json',
      }).metricsExport?.protocol,
    ).toBe('http/json');
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://m:4318/x', OTEL_METRICS_EXPORTER: 'none' }).metricsExport,
    ).toBeUndefined();
    expect(loadConfig({ OTEL_METRICS_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' }).metricsExport).toBeUndefined();
  });
  it('refuses gRPC, and METRICS=off with the export asked for', () => {
    expect(() => loadConfig({ OTEL_METRICS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'grpc' })).toThrow(
      /gRPC is not supported/,
    );
    expect(() => loadConfig({ OTEL_METRICS_EXPORTER: 'otlp', METRICS: 'off' })).toThrow(/METRICS=off/);
    expect(() => loadConfig({ OTEL_METRICS_EXPORTER: 'prometheus' })).toThrow(/otlp or none/);
  });
});

it('the built gateway loads no metrics SDK until OTLP metrics are configured', () => {
  const seen = loadedAtStart();
  const loaded = [...seen].map((file) => readFileSync(join('dist', file), 'utf8')).join('\n');
  expect(loaded).not.toContain('PeriodicExportingMetricReader');
  expect(loaded).toMatch(/import\("\.\/otel-metrics-[A-Z0-9]+\.js"\)/);
});

describe('`npm start` pushing its metrics', () => {
  const sandbox = useSandbox();
  let collector: Collector;
  let received: Collector['received'];
  beforeAll(async () => {
    collector = await startCollector();
    received = collector.received;
  });
  afterAll(async () => {
    await collector?.close();
  });
  const collectorUrl = () => collector.url();
  const QUERY = 'query Subnets { network { subnets(first: 1) { nodes { subnetId } } } }';

  it('sends JSON every interval with the resource, and the counts and buckets /metrics shows', async () => {
    received.length = 0;
    const gw = await startGatewayProcess(sandbox, {
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${collectorUrl()}/custom/metrics`,
      OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/json',
      OTEL_METRIC_EXPORT_INTERVAL: '500',
      OTEL_SERVICE_NAME: 'gw-metrics',
    });
    let scraped: string;
    let exported: any;
    try {
      for (let i = 0; i < 3; i++) expect((await gw.query(QUERY)).status).toBe(200);
      scraped = await (await fetch(`${gw.origin}/metrics`)).text();
      // The first export that counted all three requests.
      const requestsIn = (body: any) =>
        body.resourceMetrics[0].scopeMetrics
          .flatMap((s: any) => s.metrics)
          .find((m: any) => m.name === 'graphql_server_requests_total')
          ?.sum.dataPoints.find((p: any) => p.attributes.some((a: any) => a.value.stringValue === 'Subnets'));
      for (let i = 0; i < 50 && !exported; i++) {
        await sleep(100);
        exported = received.map((r) => JSON.parse(r.body.toString('utf8'))).find((b) => Number(requestsIn(b)?.asDouble) === 3);
      }
      expect(exported).toBeDefined();
      expect(new Set(received.map((r) => `${r.path} ${r.type}`))).toEqual(new Set(['/custom/metrics application/json']));
    } finally {
      await gw.stop();
    }
    const attributes = (list: { key: string; value: { stringValue?: string } }[]) =>
      Object.fromEntries(list.map((a) => [a.key, a.value.stringValue]));
    expect(attributes(exported.resourceMetrics[0].resource.attributes)).toMatchObject({
      'service.name': 'gw-metrics',
      'service.version': version,
      'service.instance.id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const metrics = new Map<string, any>(
      exported.resourceMetrics[0].scopeMetrics.flatMap((s: any) => s.metrics).map((m: any) => [m.name, m]),
    );
    const counted = metrics.get('graphql_server_requests_total');
    expect(counted.sum).toMatchObject({ isMonotonic: true, aggregationTemporality: 2 });
    expect(counted.sum.dataPoints.map((p: any) => [attributes(p.attributes), Number(p.asDouble)])).toContainEqual([
      { graphql_operation_type: 'query', graphql_operation_name: 'Subnets', outcome: 'ok' },
      3,
    ]);
    // The operation's histogram: the buckets /metrics showed (no GraphQL request came between).
    const duration = metrics.get('graphql_server_request_duration_seconds');
    expect(duration.unit).toBe('s');
    const point = duration.histogram.dataPoints.find((p: any) => attributes(p.attributes).graphql_operation_name === 'Subnets');
    expect(Number(point.count)).toBe(3);
    const labels = { graphql_operation_type: 'query', graphql_operation_name: 'Subnets' };
    const bounds: number[] = point.explicitBounds;
    expect(bounds).toEqual([0.05, 0.25, 1, 5]);
    let cumulative = 0;
    bounds.forEach((bound, i) => {
      cumulative += Number(point.bucketCounts[i]);
      expect({ bound, cumulative }).toEqual({
        bound,
        cumulative: sample(scraped!, 'graphql_server_request_duration_seconds_bucket', { ...labels, le: String(bound) }),
      });
    });
    expect(point.bucketCounts.map(Number).reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(Number(point.sum)).toBeCloseTo(sample(scraped!, 'graphql_server_request_duration_seconds_sum', labels), 9);
    // HTTP's histogram and the process' gauges came along.
    expect(metrics.get('http_server_request_duration_seconds').histogram.dataPoints.length).toBeGreaterThan(0);
    expect(metrics.get('nodejs_heap_size_used_bytes').gauge.dataPoints.length).toBe(1);
  }, 40_000);

  it('sends protobuf by default to <endpoint>/v1/metrics, and exports once more on SIGTERM', async () => {
    received.length = 0;
    const gw = await startGatewayProcess(sandbox, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl(),
      OTEL_METRICS_EXPORTER: 'otlp',
      // Traces go to the same collector; only metrics are looked at here.
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_SERVICE_NAME: 'gw-metrics-proto',
    });
    try {
      expect((await gw.query(QUERY)).status).toBe(200);
      // The interval is the default minute: nothing is sent before the stop.
      await sleep(300);
      expect(received).toEqual([]);
    } finally {
      expect(await gw.stop()).toBe(0);
    }
    expect(received.map((r) => `${r.path} ${r.type}`)).toEqual(['/v1/metrics application/x-protobuf']);
    // Protobuf writes strings as their UTF-8 bytes: names, label values and the resource are in it.
    const bytes = received[0]!.body;
    expect(bytes[0]).not.toBe('{'.charCodeAt(0));
    for (const text of [
      'gw-metrics-proto',
      'service.version',
      version,
      'graphql_server_requests_total',
      'graphql_server_request_duration_seconds',
      'graphql_operation_name',
      'Subnets',
    ]) {
      expect({ text, found: bytes.includes(Buffer.from(text)) }).toEqual({ text, found: true });
    }
  }, 40_000);
});
