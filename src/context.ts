/**
 * What every resolver gets: the per-request upstream clients and loaders.
 * Built fresh for each GraphQL request (see src/gateway.ts), so nothing a request caches
 * leaks into another, except the bounded shared caches the loaders choose to use.
 */
import type { AdminAccess } from './admin-access.js';
import type { Loaders } from './loaders.js';
import type { NodeLoaders } from './node-loaders.js';
import type { CursorCodec } from './schema/connection.js';
import type { DataApiClient } from './upstreams/data-api.js';
import type { MetricsApiClient } from './upstreams/metrics-api.js';
import type { NodeClient } from './upstreams/node-rpc.js';

export interface GatewayContext {
  /** The Data API, bound to this request's abort signal and API key. */
  dataApi: DataApiClient;
  /** The Metrics API, bound to this request's abort signal (it takes no key). */
  metricsApi: MetricsApiClient;
  /** The avalanchego node of each network, bound to this request's abort signal. */
  node: NodeClient;
  loaders: Loaders & NodeLoaders;
  /** Signs and checks connection cursors (one secret per gateway). */
  cursors: CursorCodec;
  /** Whether this request may use the node's admin operations. */
  admin: AdminAccess;
}
