/**
 * The /metrics registry pushed as OTLP: loaded by a dynamic import from src/main.ts only when
 * OTLP metrics are configured (Config['metricsExport']), so a gateway without them never loads
 * the metrics SDK or its exporters.
 *
 * The metrics are not recorded twice. One prom-client Registry stays the source (what requests
 * count costs a field increment; ./series.ts), and a MetricProducer converts what it holds at each
 * collection, as Prometheus' scrape would read it: counters become cumulative monotonic sums,
 * gauges gauges, histograms explicit-bucket histograms (Prometheus' cumulative `le` buckets back to
 * a count per bucket, `+Inf` last). The SDK's PeriodicExportingMetricReader asks every
 * OTEL_METRIC_EXPORT_INTERVAL, and once more when the process stops.
 *
 * Why hand-written: no maintained JavaScript package bridges prom-client to the OpenTelemetry SDK
 * (Go has go.opentelemetry.io/contrib/bridges/prometheus; for Node there are only re-implementations
 * of prom-client's process metrics as OTel instruments, opentelemetry-node-metrics, which would
 * leave the gateway's own metrics out), and the conversion is the few lines below.
 *
 * Names and labels are /metrics' (`http_server_request_duration_seconds`, label
 * `graphql_operation_name`), not mapped back to OpenTelemetry's dotted names: one set of dashboards
 * and alerts serves a scrape and a push, and the collector's Prometheus exporters write the series
 * back as they were. Units are said where the name has one (`_seconds` is `s`, `_bytes` `By`),
 * which those exporters see as already suffixed. Temporality is cumulative, as Prometheus counts.
 */
import { type Attributes, type HrTime, ValueType } from '@opentelemetry/api';
import { hrTime } from '@opentelemetry/core';
import { OTLPMetricExporter as JsonExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import {
  AggregationTemporality,
  type CollectionResult,
  DataPointType,
  type MetricData,
  type MetricProducer,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ScopeMetrics,
} from '@opentelemetry/sdk-metrics';
import { emptyResource, resourceFromAttributes } from '@opentelemetry/resources';
import { randomUUID } from 'node:crypto';
import type { Registry } from 'prom-client';
import packageJson from '../../package.json' with { type: 'json' };
import type { Config } from '../config/config.js';
import { DEFAULT_SERVICE_NAME, gatewayResource } from './otel.js';

/** One family as prom-client's `getMetricsAsJSON` gives it (its own metrics and ./series.ts' alike). */
export interface PromFamily {
  name: string;
  help: string;
  type: string;
  values: { labels: Record<string, string | number>; value: number; metricName?: string }[];
}

const unitOf = (name: string): string => (/_seconds(_total)?$/.test(name) ? 's' : /_bytes(_total)?$/.test(name) ? 'By' : '');

function attributesOf(labels: Record<string, string | number>, without?: string): Attributes {
  const attributes: Attributes = {};
  for (const key in labels) if (key !== without) attributes[key] = String(labels[key]);
  return attributes;
}

/** A series' key: its labels but `le`, in a fixed order. */
function keyOf(labels: Record<string, string | number>): string {
  return Object.keys(labels)
    .filter((key) => key !== 'le')
    .sort()
    .map((key) => `${key}\u0000${labels[key]}`)
    .join('\u0001');
}

function histogramOf(family: PromFamily, start: HrTime, end: HrTime): MetricData {
  const series = new Map<string, { attributes: Attributes; bounds: [number, number][]; sum: number; count: number }>();
  for (const { labels, value, metricName } of family.values) {
    const key = keyOf(labels);
    let found = series.get(key);
    if (!found) series.set(key, (found = { attributes: attributesOf(labels, 'le'), bounds: [], sum: 0, count: 0 }));
    if (metricName === `${family.name}_sum`) found.sum = value;
    else if (metricName === `${family.name}_count`) found.count = value;
    else if (labels.le !== undefined) found.bounds.push([labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le), value]);
  }
  return {
    descriptor: { name: family.name, description: family.help, unit: unitOf(family.name), valueType: ValueType.DOUBLE },
    aggregationTemporality: AggregationTemporality.CUMULATIVE,
    dataPointType: DataPointType.HISTOGRAM,
    dataPoints: [...series.values()].map(({ attributes, bounds, sum, count }) => {
      bounds.sort((a, b) => a[0] - b[0]);
      const finite = bounds.filter(([bound]) => bound !== Number.POSITIVE_INFINITY);
      // Prometheus' buckets count everything up to their bound; OTLP's, what falls in each.
      const counts: number[] = [];
      let below = 0;
      for (const [, cumulative] of finite) {
        counts.push(cumulative - below);
        below = cumulative;
      }
      counts.push(count - below);
      return { startTime: start, endTime: end, attributes, value: { buckets: { boundaries: finite.map(([b]) => b), counts }, sum, count } };
    }),
  };
}

/**
 * The registry's families as OTLP metric data, cumulative since `start`. Summaries (prom-client
 * makes none here) have no OTLP form the SDK's exporters write, and are left out.
 */
export function metricsOf(families: readonly PromFamily[], start: HrTime, end: HrTime = hrTime()): MetricData[] {
  const out: MetricData[] = [];
  for (const family of families) {
    const descriptor = { name: family.name, description: family.help, unit: unitOf(family.name), valueType: ValueType.DOUBLE };
    const points = () =>
      family.values.map(({ labels, value }) => ({ startTime: start, endTime: end, attributes: attributesOf(labels), value }));
    if (family.type === 'counter') {
      out.push({
        descriptor,
        aggregationTemporality: AggregationTemporality.CUMULATIVE,
        dataPointType: DataPointType.SUM,
        isMonotonic: true,
        dataPoints: points(),
      });
    } else if (family.type === 'gauge') {
      // A gauge's value is of now: its start is its end.
      out.push({
        descriptor,
        aggregationTemporality: AggregationTemporality.CUMULATIVE,
        dataPointType: DataPointType.GAUGE,
        dataPoints: family.values.map(({ labels, value }) => ({ startTime: end, endTime: end, attributes: attributesOf(labels), value })),
      });
    } else if (family.type === 'histogram') {
      out.push(histogramOf(family, start, end));
    }
  }
  return out;
}

/** A MetricProducer reading `registry` at each collection; the reader adds the SDK's resource. */
export class PromRegistryProducer implements MetricProducer {
  // Counters count from the registry's making, at the gateway's start: near enough to this.
  private readonly start = hrTime();

  constructor(private readonly registry: Registry) {}

  async collect(): Promise<CollectionResult> {
    const families = (await this.registry.getMetricsAsJSON()) as unknown as PromFamily[];
    const scope: ScopeMetrics = {
      scope: { name: DEFAULT_SERVICE_NAME, version: packageJson.version },
      metrics: metricsOf(families, this.start),
    };
    return { resourceMetrics: { resource: emptyResource(), scopeMetrics: [scope] }, errors: [] };
  }
}

export interface MetricsExport {
  /** Exports once more what the registry holds, then stops. */
  shutdown(): Promise<void>;
}

export function startMetricsExport(registry: Registry, settings: NonNullable<Config['metricsExport']>): MetricsExport {
  const exporter =
    settings.protocol === 'http/json' ? new JsonExporter({ url: settings.endpoint }) : new ProtobufExporter({ url: settings.endpoint });
  const reader = new PeriodicExportingMetricReader({
    exporter,
    // Its export timeout (30 s) is cut to the interval when that is shorter.
    exportIntervalMillis: settings.intervalMs,
    metricProducers: [new PromRegistryProducer(registry)],
  });
  // Each process pushes its own cumulative series (with --workers, several): an id of the process
  // keeps them apart at the collector, as the conventions ask; OTEL_RESOURCE_ATTRIBUTES may set it.
  const resource = resourceFromAttributes({ 'service.instance.id': randomUUID() }).merge(gatewayResource());
  // The provider has no meter of its own: it binds the reader and gives the resource.
  const provider = new MeterProvider({ resource, readers: [reader] });
  return { shutdown: () => provider.shutdown() };
}
