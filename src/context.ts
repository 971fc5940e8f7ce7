/**
 * What every resolver gets: the per-request upstream clients and loaders.
 * Built fresh for each GraphQL request (see src/gateway.ts), so nothing a request caches
 * leaks into another, except the bounded shared caches the loaders choose to use.
 */
import type { Loaders } from './loaders.js';
import type { CursorCodec } from './schema/connection.js';
import type { DataApiClient } from './upstreams/data-api.js';
import type { MetricsApiClient } from './upstreams/metrics-api.js';

export interface GatewayContext {
  /** The Data API, bound to this request's abort signal and API key. */
  dataApi: DataApiClient;
  /** The Metrics API, bound to this request's abort signal (it takes no key). */
  metricsApi: MetricsApiClient;
  loaders: Loaders;
  /** Signs and checks connection cursors (one secret per gateway). */
  cursors: CursorCodec;
}
