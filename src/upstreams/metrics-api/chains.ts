/**
 * The chains the Metrics API measures, their metrics as time series and rolling windows, and the
 * C-Chain's BTC.b bridgers.
 */
import { segment } from '../http.js';
import type { MetricsApiClient, MetricsApiOperationTable } from './client.js';
import type { ChainMetric, ChainRollingWindowMetric, MetricsAnswer, MetricsNetwork, TimeInterval } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const metricsChainOperations = {
  // No pageSize parameter: the spec says pages hold at most 10000 chains, and the service decides.
  listChains: { freshness: 'subnets', pages: { max: 10_000, default: 10_000 } },
  getChain: { freshness: 'subnets' },
  // Updated several times an hour (the spec): as long as the daily TPS.
  getEvmChainMetrics: { freshness: 'tps', pages: { max: 2160, default: 100 } },
  getEvmChainRollingWindowMetrics: { freshness: 'tps' },
  getAddressesByBtcbBridged: { freshness: 'balances', pages: { max: 5000, default: 1000 } },
} as const satisfies MetricsApiOperationTable;

declare module './client.js' {
  interface DeclaredMetricsApiOperations extends Readonly<typeof metricsChainOperations> {}
}

export type MetricsChain = MetricsAnswer<'getChain'>;
export type ListMetricsChainsResponse = MetricsAnswer<'listChains'>;
/** A time series page: `results` (value, timestamp) and the token of the next page. */
export type MetricSeries = MetricsAnswer<'getEvmChainMetrics'>;
export type MetricPoint = MetricSeries['results'][number];
export type RollingWindows = MetricsAnswer<'getEvmChainRollingWindowMetrics'>['result'];
export type BtcbBridgers = MetricsAnswer<'getAddressesByBtcbBridged'>;

/** A time range and a page, as the series operations take them (Unix seconds). */
export interface SeriesParams {
  startTimestamp?: number;
  endTimestamp?: number;
  pageToken?: string;
  pageSize?: number;
}

/** The EVM chain id the BTC.b bridgers route is for: the mainnet C-Chain's, fixed in its path. */
export const BTCB_CHAIN_ID = 43114;

/**
 * GET /v2/chains (listChains): the EVM chains the Metrics API measures, of one network or both.
 * @example
 * const { chains, nextPageToken } = await listChains(ctx.metricsApi, { network: 'mainnet' });
 */
export function listChains(
  client: MetricsApiClient,
  params: { network?: MetricsNetwork; pageToken?: string },
): Promise<ListMetricsChainsResponse> {
  return client.get('listChains', '/v2/chains', { network: params.network, pageToken: params.pageToken }, 'chains');
}

/**
 * GET /v2/chains/{chainId} (getChain): one measured chain by EVM chain id; null when the Metrics API does not measure it.
 * @example
 * const chain = await getChain(ctx.metricsApi, '43114');
 */
export function getChain(client: MetricsApiClient, chainId: string): Promise<MetricsChain | null> {
  return client.getOrNone('getChain', `/v2/chains/${segment(chainId)}`);
}

/**
 * GET /v2/chains/{chainId}/metrics/{metric} (getEvmChainMetrics): one metric of a chain (or of
 * `total`, `mainnet`, `testnet`) as a time series, newest first, at `timeInterval` granularity.
 * @example
 * const { results } = await getEvmChainMetrics(ctx.metricsApi, '43114', 'txCount', { timeInterval: 'day', pageSize: 30 });
 */
export function getEvmChainMetrics(
  client: MetricsApiClient,
  chainId: string,
  metric: ChainMetric,
  params: SeriesParams & { timeInterval?: TimeInterval },
): Promise<MetricSeries> {
  return client.get(
    'getEvmChainMetrics',
    `/v2/chains/${segment(chainId)}/metrics/${segment(metric)}`,
    {
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      timeInterval: params.timeInterval,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
    },
    'results',
  );
}

/**
 * GET /v2/chains/{chainId}/rollingWindowMetrics/{metric} (getEvmChainRollingWindowMetrics): one
 * metric over the last hour, day, week, month, 90 days, year and all time.
 * @example
 * const { result } = await getEvmChainRollingWindowMetrics(ctx.metricsApi, '43114', 'txCount');
 */
export function getEvmChainRollingWindowMetrics(
  client: MetricsApiClient,
  chainId: string,
  metric: ChainRollingWindowMetric,
): Promise<MetricsAnswer<'getEvmChainRollingWindowMetrics'>> {
  return client.get('getEvmChainRollingWindowMetrics', `/v2/chains/${segment(chainId)}/rollingWindowMetrics/${segment(metric)}`);
}

/**
 * GET /v2/chains/43114/btcb/bridged:getAddresses (getAddressesByBtcbBridged): the C-Chain
 * addresses that bridged at least `threshold` BTC.b; `sortKey` is the amount.
 * @example
 * const { addresses } = await getAddressesByBtcbBridged(ctx.metricsApi, { threshold: '1000', pageSize: 100 });
 */
export function getAddressesByBtcbBridged(
  client: MetricsApiClient,
  params: { threshold: string; pageToken?: string; pageSize?: number },
): Promise<BtcbBridgers> {
  return client.get(
    'getAddressesByBtcbBridged',
    `/v2/chains/${BTCB_CHAIN_ID}/btcb/bridged:getAddresses`,
    { threshold: params.threshold, pageToken: params.pageToken, pageSize: params.pageSize },
    'addresses',
  );
}
