/**
 * Staking and validator metrics: the Primary Network's (or a subnet's) validator and delegator
 * counts and weights, the L1 validators' continuous fees (in total, per validation, per node, per
 * subnet), and the validators of a subnet over a date range.
 */
import { segment } from '../http.js';
import type { MetricsApiClient, MetricsApiOperationTable } from './client.js';
import type { MetricSeries, SeriesParams } from './chains.js';
import type {
  L1ValidatorTotalMetric,
  MetricsAnswer,
  MetricsNetwork,
  NetworkMetric,
  NodeMetric,
  SubnetMetric,
  ValidationMetric,
} from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const metricsValidatorOperations = {
  getStakingMetrics: { freshness: 'tps', pages: { max: 2160, default: 100 } },
  getTotalL1ValidatorMetrics: { freshness: 'tps' },
  getMetricsByValidationId: { freshness: 'tps' },
  getMetricsByNodeId: { freshness: 'tps' },
  getMetricsBySubnetId: { freshness: 'tps' },
  getValidatorsByDateRange: { freshness: 'validators', pages: { max: 5000, default: 1000 } },
} as const satisfies MetricsApiOperationTable;

declare module './client.js' {
  interface DeclaredMetricsApiOperations extends Readonly<typeof metricsValidatorOperations> {}
}

/** A time range (Unix seconds): the daily fee series take no page. */
export interface TimeRange {
  startTimestamp?: number;
  endTimestamp?: number;
}

export type ValidatorsByDateRange = MetricsAnswer<'getValidatorsByDateRange'>;

/**
 * GET /v2/networks/{network}/metrics/{metric} (getStakingMetrics): validator and delegator counts
 * and weights per day, newest first, of the Primary Network or of `subnetId`.
 * @example
 * const { results } = await getStakingMetrics(ctx.metricsApi, 'mainnet', 'validatorCount', { pageSize: 30 });
 */
export function getStakingMetrics(
  client: MetricsApiClient,
  network: MetricsNetwork,
  metric: NetworkMetric,
  params: SeriesParams & { subnetId?: string },
): Promise<MetricSeries> {
  return client.get(
    'getStakingMetrics',
    `/v2/networks/${segment(network)}/metrics/${segment(metric)}`,
    {
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      subnetId: params.subnetId,
    },
    'results',
  );
}

/**
 * GET /v2/validators/metrics/{metric} (getTotalL1ValidatorMetrics): the L1 validators' fees and
 * paying validators per day, newest first, in one answer.
 * @example
 * const { results } = await getTotalL1ValidatorMetrics(ctx.metricsApi, 'totalValidatorFeesDaily', {});
 */
export function getTotalL1ValidatorMetrics(
  client: MetricsApiClient,
  metric: L1ValidatorTotalMetric,
  range: TimeRange,
): Promise<MetricSeries> {
  return client.get('getTotalL1ValidatorMetrics', `/v2/validators/metrics/${segment(metric)}`, { ...range }, 'results');
}

/**
 * GET /v2/validation/{l1ValidationId}/metrics/{metric} (getMetricsByValidationId): the fees one L1 validation paid per day.
 * @example
 * const { results } = await getMetricsByValidationId(ctx.metricsApi, validationId, 'validationFeesDaily', {});
 */
export function getMetricsByValidationId(
  client: MetricsApiClient,
  l1ValidationId: string,
  metric: ValidationMetric,
  range: TimeRange,
): Promise<MetricSeries> {
  return client.get(
    'getMetricsByValidationId',
    `/v2/validation/${segment(l1ValidationId)}/metrics/${segment(metric)}`,
    { ...range },
    'results',
  );
}

/**
 * GET /v2/validator/{nodeId}/metrics/{metric} (getMetricsByNodeId): the L1 validation fees a node paid per day.
 * @example
 * const { results } = await getMetricsByNodeId(ctx.metricsApi, 'NodeID-…', 'perNodeDailyFeesPaid', {});
 */
export function getMetricsByNodeId(client: MetricsApiClient, nodeId: string, metric: NodeMetric, range: TimeRange): Promise<MetricSeries> {
  return client.get('getMetricsByNodeId', `/v2/validator/${segment(nodeId)}/metrics/${segment(metric)}`, { ...range }, 'results');
}

/**
 * GET /v2/subnet/{subnetId}/metrics/{metric} (getMetricsBySubnetId): a subnet's L1 validator fees and paying validators per day.
 * @example
 * const { results } = await getMetricsBySubnetId(ctx.metricsApi, subnetId, 'perSubnetDailyFeesPaid', {});
 */
export function getMetricsBySubnetId(
  client: MetricsApiClient,
  subnetId: string,
  metric: SubnetMetric,
  range: TimeRange,
): Promise<MetricSeries> {
  return client.get('getMetricsBySubnetId', `/v2/subnet/${segment(subnetId)}/metrics/${segment(metric)}`, { ...range }, 'results');
}

/**
 * GET /v2/subnets/{subnetId}/validators:getAddresses (getValidatorsByDateRange): the validators of
 * a subnet within a time range, each as the P-Chain addresses of one validator with the route's
 * `sortKey` (the spec: a value the route associates with them at a point in time).
 * @example
 * const { addresses } = await getValidatorsByDateRange(ctx.metricsApi, subnetId, { network: 'mainnet', startTimestamp, endTimestamp });
 */
export function getValidatorsByDateRange(
  client: MetricsApiClient,
  subnetId: string,
  params: SeriesParams & { network?: MetricsNetwork },
): Promise<ValidatorsByDateRange> {
  return client.get(
    'getValidatorsByDateRange',
    `/v2/subnets/${segment(subnetId)}/validators:getAddresses`,
    {
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      network: params.network,
    },
    'addresses',
  );
}
