/**
 * Counters and histograms whose series are bound once and then cost a field increment: what the
 * gateway counts on every request and upstream call.
 *
 * Why not prom-client's Counter and Histogram for these: their label children are not bound;
 * every `inc` or `observe` rebuilds the series' key string from its labels, validates them and,
 * for a histogram, allocates a labels-and-value pair, which is most of what counting a request
 * would cost. These families hold plain numbers in series made once, and give prom-client's
 * Registry (which does the exposition, with the process metrics and gauges) the same `get()`
 * shape its own metrics give, read only when Prometheus scrapes.
 */
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface MetricValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

abstract class Family<S> {
  protected readonly series = new Map<string, { labels: Labels; series: S }>();
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'histogram',
    protected readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of these label values (in `labelNames` order): made on first use, then the same object. */
  bind(...values: string[]): S {
    const key = values.join('\u0000');
    let found = this.series.get(key);
    if (!found) {
      const labels: Labels = {};
      this.labelNames.forEach((name, i) => {
        labels[name] = values[i] ?? '';
      });
      found = { labels, series: this.make() };
      this.series.set(key, found);
    }
    return found.series;
  }

  protected abstract make(): S;
  protected abstract values(): MetricValue[];

  /** prom-client's Registry reads a metric through this. */
  async get() {
    return { name: this.name, help: this.help, type: this.type, values: this.values(), aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

export interface CounterSeries {
  value: number;
}

export class CounterFamily extends Family<CounterSeries> {
  constructor(name: string, help: string, labelNames: readonly string[], registry: Registry) {
    super(name, help, 'counter', labelNames, registry);
  }

  protected make(): CounterSeries {
    return { value: 0 };
  }

  protected values(): MetricValue[] {
    return [...this.series.values()].map(({ labels, series }) => ({ labels, value: series.value }));
  }
}

export class HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    this.sum += value;
    this.count++;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        this.counts[i]!++;
        return;
      }
    }
  }
}

export class HistogramFamily extends Family<HistogramSeries> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    super(name, help, 'histogram', labelNames, registry);
  }

  protected make(): HistogramSeries {
    return new HistogramSeries(this.bounds);
  }

  protected values(): MetricValue[] {
    const out: MetricValue[] = [];
    for (const { labels, series } of this.series.values()) {
      // Buckets are cumulative in the exposition; kept per bucket here, so observing adds to one.
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.counts[i]!;
        out.push({ labels: { ...labels, le: String(bound) }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      out.push({ labels: { ...labels, le: '+Inf' }, value: series.count, metricName: `${this.name}_bucket` });
      out.push({ labels, value: series.sum, metricName: `${this.name}_sum` });
      out.push({ labels, value: series.count, metricName: `${this.name}_count` });
    }
    return out;
  }
}
