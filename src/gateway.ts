/**
 * The gateway: a yoga server over the schema, with one set of upstream clients and shared
 * caches, and per request its own loaders, abort signal and (if the client sent one) API key.
 */
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, useExecutionCancellation, type YogaServerInstance } from 'graphql-yoga';
import { adminAccess } from './admin-access.js';
import { PUBLIC_DEFAULTS, type Config } from './config.js';
import type { GatewayContext } from './context.js';
import { maskError } from './errors.js';
import { createLoaders, SharedCaches } from './loaders.js';
import type { Logger } from './logger.js';
import { createNodeLoaders, SharedNodeCaches } from './node-loaders.js';
import { useErrorCodes } from './plugins/use-error-codes.js';
import { useInputBounds } from './plugins/use-input-bounds.js';
import { useIntrospection } from './plugins/use-introspection.js';
import { useQueryLimits } from './plugins/use-query-limits.js';
import { RequestActivity } from './upstreams/activity.js';
import { CallBudget } from './upstreams/budget.js';
import { CursorCodec } from './schema/connection.js';
import { schema } from './schema/index.js';
import { DataApiClient } from './upstreams/data-api.js';
import { HttpClient, type HttpClientOptions } from './upstreams/http.js';
import { MetricsApiClient } from './upstreams/metrics-api.js';
import { NodeClient } from './upstreams/node-rpc.js';

export const DEFAULT_QUERY = /* GraphQL */ `# The Avalanche graph: from a network to its subnets, their blockchains,
# genesis and L1 validators, in one request.
query SubnetsWithChains {
  network(name: MAINNET) {
    subnets(first: 5) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id
        subnetId
        isL1
        blockchains {
          blockchainName
          evmChainId
          genesisData { config { chainId feeConfig { gasLimit minBaseFee } } }
        }
        l1Validators(first: 3) {
          nodes { nodeId weight remainingBalance }
        }
      }
    }
  }
}
`;

export interface Gateway {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  http: HttpClient;
  close(): Promise<void>;
}

/**
 * @param tuning HTTP settings the environment does not configure (tests shorten the backoff).
 */
export function createGateway(config: Config, logger?: Logger, tuning: Partial<HttpClientOptions> = {}): Gateway {
  const http = new HttpClient({
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    connections: config.connections,
    onRetry: (info) => logger?.debug(info, 'retrying upstream call'),
    ...tuning,
  });
  const dataApi = new DataApiClient({
    http,
    baseUrl: config.upstreams.dataApi,
    apiKeyHeader: config.apiKeyHeader,
    apiKey: config.apiKey,
  });
  const metricsApi = new MetricsApiClient({ http, baseUrl: config.upstreams.metricsApi });
  const publicNetworks = new Set((['mainnet', 'fuji'] as const).filter((n) => config.upstreams.node[n] === PUBLIC_DEFAULTS[n === 'mainnet' ? 'NODE_URL_MAINNET' : 'NODE_URL_FUJI']));
  const node = new NodeClient({ http, urls: config.upstreams.node, publicNetworks });
  const shared = new SharedCaches(config.subnetCacheTtlMs);
  const sharedNode = new SharedNodeCaches();
  const cursors = new CursorCodec(config.cursorSecret);

  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: config.graphiql ? { title: 'Avalanche GraphQL gateway', defaultQuery: DEFAULT_QUERY } : false,
    // GraphiQL's assets come from node_modules, not a CDN, so it also works offline. Yoga's
    // GraphiQL fills its first tab from `query` (`defaultQuery` only seeds new tabs).
    renderGraphiQL: (options) => renderGraphiQL({ ...options, query: options?.defaultQuery } as typeof options),
    maskedErrors: { maskError },
    logging: logger
      ? {
          debug: (...args) => logger.debug(args.map(String).join(' ')),
          info: (...args) => logger.info(args.map(String).join(' ')),
          warn: (...args) => logger.warn(args.map(String).join(' ')),
          error: (...args) => logger.error(args.map(String).join(' ')),
        }
      : false,
    plugins: [useQueryLimits(config.limits), useInputBounds(), useIntrospection({ enabled: config.introspection }), useExecutionCancellation(), useErrorCodes()],
    context: ({ request }): GatewayContext => {
      // A client may send its own Data API key; it is used for this request only. An empty
      // header is no key: the operator's applies.
      const clientKey = request.headers.get(config.apiKeyHeader) || undefined;
      const budget = new CallBudget(config.callBudget);
      const activity = new RequestActivity();
      const requestApi = dataApi.forRequest({ signal: request.signal, apiKey: clientKey, budget, activity });
      const requestNode = node.forRequest({ signal: request.signal, budget, activity });
      return {
        dataApi: requestApi,
        metricsApi: metricsApi.forRequest({ signal: request.signal, budget, activity }),
        node: requestNode,
        loaders: { ...createLoaders(requestApi, shared, activity), ...createNodeLoaders(requestNode, sharedNode) },
        cursors,
        admin: adminAccess(config.adminToken, request.headers.get('authorization')),
      };
    },
  });

  return { yoga, http, close: () => http.close() };
}
