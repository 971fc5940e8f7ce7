/**
 * What the gateway takes from prom-client, read from the files that define it rather than from
 * prom-client's entry, as ../upstreams/undici-core.ts does for undici. The entry also loads the
 * Pushgateway client (and with it node:https, node:tls and node:url) and the summary and
 * aggregator machinery at every start, none of which the gateway uses but the AggregatorRegistry
 * of the command's workers (./cluster-metrics.ts). prom-client's package has no `exports` map, so
 * these paths are its published files; a version that moved them fails the build and the tests,
 * not a request.
 */
import type {
  AggregatorRegistry as AggregatorRegistryClass,
  collectDefaultMetrics as collectDefaultMetricsFunction,
  Gauge as GaugeClass,
  Registry as RegistryClass,
} from 'prom-client';
import AggregatorRegistryModule from 'prom-client/lib/cluster.js';
import collectDefaultMetricsModule from 'prom-client/lib/defaultMetrics.js';
import GaugeModule from 'prom-client/lib/gauge.js';
import RegistryModule from 'prom-client/lib/registry.js';

export const Registry: typeof RegistryClass = RegistryModule;
export type Registry = RegistryClass;
export const Gauge: typeof GaugeClass = GaugeModule;
export type Gauge<T extends string = string> = GaugeClass<T>;
export const collectDefaultMetrics: typeof collectDefaultMetricsFunction = collectDefaultMetricsModule;
export const AggregatorRegistry: typeof AggregatorRegistryClass = AggregatorRegistryModule;
