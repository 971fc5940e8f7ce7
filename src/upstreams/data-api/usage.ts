/**
 * What the operator's Data API account used: requests and credits over time, the log of each
 * request, and the RPC usage of the operator's subnets and of the Primary Network. Operator-only:
 * sent with the operator's key (`asOperator`), never a client's own; never shared between requests.
 */
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { operations } from './openapi.js';
import type { Answer } from './wire.js';

/** How long the answers of this file's operations are shared (never), and how the log pages. */
export const usageOperations = {
  getApiUsageMetrics: { freshness: 'never' },
  getApiLogs: { freshness: 'never', pages: { max: 100, default: 10 } },
  getSubnetRpcUsageMetrics: { freshness: 'never' },
  getPrimaryNetworkRpcUsageMetrics: { freshness: 'never' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof usageOperations> {}
}

/** The query parameters of an operation, as the spec types them. */
export type UsageQuery<Op extends keyof typeof usageOperations> = NonNullable<operations[Op]['parameters']['query']>;

/**
 * GET /v1/apiUsageMetrics (getApiUsageMetrics): requests, credits and success rate per interval,
 * grouped as asked.
 * Spec: operationId `getApiUsageMetrics` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { metrics } = await getApiUsageMetrics(ctx.dataApi, { timeInterval: 'daily', groupBy: 'requestPath' });
 */
export function getApiUsageMetrics(client: DataApiClient, query: UsageQuery<'getApiUsageMetrics'>): Promise<Answer<'getApiUsageMetrics'>> {
  return client.asOperator().get('getApiUsageMetrics', '/v1/apiUsageMetrics', { ...query }, 'metrics');
}

/**
 * GET /v1/apiLogs (getApiLogs): the account's requests one by one, newest first.
 * Spec: operationId `getApiLogs` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { logs, nextPageToken } = await getApiLogs(ctx.dataApi, { responseCode: '429', pageSize: 100 });
 */
export function getApiLogs(
  client: DataApiClient,
  query: Omit<UsageQuery<'getApiLogs'>, 'pageToken' | 'pageSize'> & PageParams,
): Promise<Answer<'getApiLogs'>> {
  return client.asOperator().get('getApiLogs', '/v1/apiLogs', { ...query }, 'logs');
}

/**
 * GET /v1/subnetRpcUsageMetrics (getSubnetRpcUsageMetrics): RPC requests to the operator's subnet
 * RPC per interval.
 * Spec: operationId `getSubnetRpcUsageMetrics` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { metrics } = await getSubnetRpcUsageMetrics(ctx.dataApi, { chainId: '43114', groupBy: 'rpcMethod' });
 */
export function getSubnetRpcUsageMetrics(
  client: DataApiClient,
  query: UsageQuery<'getSubnetRpcUsageMetrics'>,
): Promise<Answer<'getSubnetRpcUsageMetrics'>> {
  return client.asOperator().get('getSubnetRpcUsageMetrics', '/v1/subnetRpcUsageMetrics', { ...query }, 'metrics');
}

/**
 * GET /v1/primaryNetworkRpcUsageMetrics (getPrimaryNetworkRpcUsageMetrics): RPC requests to the
 * Primary Network's public RPC per interval.
 * Spec: operationId `getPrimaryNetworkRpcUsageMetrics` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { metrics } = await getPrimaryNetworkRpcUsageMetrics(ctx.dataApi, { network: 'mainnet', groupBy: 'country' });
 */
export function getPrimaryNetworkRpcUsageMetrics(
  client: DataApiClient,
  query: UsageQuery<'getPrimaryNetworkRpcUsageMetrics'>,
): Promise<Answer<'getPrimaryNetworkRpcUsageMetrics'>> {
  return client.asOperator().get('getPrimaryNetworkRpcUsageMetrics', '/v1/primaryNetworkRpcUsageMetrics', { ...query }, 'metrics');
}
