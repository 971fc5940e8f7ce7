/**
 * What the Metrics API's client files share: the types openapi-typescript generates from its
 * OpenAPI document (./openapi.d.ts, from test/contract/metrics-api.popsicle.openapi.json, by
 * `npm run codegen:wire`), named, and the spec's enums as lists the code walks (the sandbox reads
 * them too: they are the only values).
 */
import { enumValues } from '../data-api/wire.js';
import type { components, operations } from './openapi.js';

export type MetricsSchemas = components['schemas'];

/** The JSON a successful call of an operation answers. */
export type MetricsAnswer<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer T } };
}
  ? T
  : never;

/** A path or query parameter of an operation, as the spec types it. */
export type MetricsParam<
  Op extends keyof operations,
  In extends 'path' | 'query',
  Name extends string,
> = operations[Op]['parameters'] extends {
  [K in In]?: infer P;
}
  ? Name extends keyof NonNullable<P>
    ? NonNullable<P>[Name]
    : never
  : never;

export type ChainMetric = MetricsSchemas['ChainMetric'];
export type ChainRollingWindowMetric = MetricsSchemas['ChainRollingWindowMetric'];
export type TimeInterval = MetricsSchemas['TimeIntervalGranularity'];
export type NetworkMetric = MetricsSchemas['NetworkMetric'];
export type MetricsNetwork = MetricsSchemas['Network'];
export type L1ValidatorTotalMetric = MetricsParam<'getTotalL1ValidatorMetrics', 'path', 'metric'>;
export type ValidationMetric = MetricsParam<'getMetricsByValidationId', 'path', 'metric'>;
export type NodeMetric = MetricsParam<'getMetricsByNodeId', 'path', 'metric'>;
export type SubnetMetric = MetricsParam<'getMetricsBySubnetId', 'path', 'metric'>;
export type IcmGroupBy = NonNullable<MetricsParam<'getICMTimeseries', 'query', 'groupBy'>>;
export type CompositeQueryRequest = MetricsSchemas['CompositeQueryRequestDto'];
export type CompositeSubQuery = CompositeQueryRequest['queries'][number];
export type CompositeQueryType = CompositeSubQuery['type'];
export type CompositeOperator = MetricsSchemas['Operator'];
export type MetricsTokenType = MetricsSchemas['TokenType'];

export const CHAIN_METRICS = enumValues<ChainMetric>()([
  'activeAddresses',
  'activeSenders',
  'cumulativeTxCount',
  'cumulativeAddresses',
  'cumulativeContracts',
  'cumulativeDeployers',
  'contracts',
  'deployers',
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
]);

/**
 * The chain metrics the spec says take only `timeInterval=day` (its description of each:
 * "Only `timeInterval=day` supported"): the cumulative, average and maximum ones, and contracts,
 * deployers and fees paid. The rest take any interval.
 */
export const DAILY_ONLY_CHAIN_METRICS: ReadonlySet<ChainMetric> = new Set<ChainMetric>([
  'cumulativeTxCount',
  'cumulativeAddresses',
  'cumulativeContracts',
  'cumulativeDeployers',
  'contracts',
  'deployers',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
]);

export const CHAIN_ROLLING_WINDOW_METRICS = enumValues<ChainRollingWindowMetric>()([
  'gasUsed',
  'txCount',
  'avgGps',
  'maxGps',
  'avgTps',
  'maxTps',
  'avgGasPrice',
  'maxGasPrice',
  'feesPaid',
  'contracts',
  'deployers',
  'activeAddresses',
  'activeSenders',
]);

/** The rolling-window metrics the spec says have only the last hour, day and week. */
export const SHORT_WINDOW_METRICS: ReadonlySet<ChainRollingWindowMetric> = new Set<ChainRollingWindowMetric>([
  'activeAddresses',
  'activeSenders',
]);

export const TIME_INTERVALS = enumValues<TimeInterval>()(['hour', 'day', 'week', 'month']);

/** Seconds of each interval but `month`, whose points are the first day of each calendar month. */
export const INTERVAL_SECONDS: Readonly<Record<Exclude<TimeInterval, 'month'>, number>> = { hour: 3600, day: 86_400, week: 604_800 };

export const NETWORK_METRICS = enumValues<NetworkMetric>()(['delegatorCount', 'delegatorWeight', 'validatorCount', 'validatorWeight']);

export const METRICS_NETWORKS = enumValues<MetricsNetwork>()(['mainnet', 'fuji', 'testnet']);

export const L1_VALIDATOR_TOTAL_METRICS = enumValues<L1ValidatorTotalMetric>()([
  'totalCumulativeFeesDaily',
  'totalValidatorFeesDaily',
  'totalPayingValidatorsDaily',
]);

export const VALIDATION_METRICS = enumValues<ValidationMetric>()(['validationCumulativeFeesDaily', 'validationFeesDaily']);

export const NODE_METRICS = enumValues<NodeMetric>()(['perNodeCumulativeFeesPaid', 'perNodeDailyFeesPaid']);

export const SUBNET_METRICS = enumValues<SubnetMetric>()([
  'perSubnetDailyFeesPaid',
  'perSubnetCumulativeFeesPaid',
  'perSubnetPayingValidators',
]);

export const ICM_GROUP_BYS = enumValues<IcmGroupBy>()(['srcBlockchainId', 'destBlockchainId', 'srcBlockchainId,destBlockchainId']);

export const COMPOSITE_QUERY_TYPES = enumValues<CompositeQueryType>()([
  'AllTimeNativeBalance',
  'AnyTimeNativeBalance',
  'AllTimeErc20Balance',
  'AnyTimeErc20Balance',
  'AllTimeNftHolders',
  'AnyTimeNftHolders',
  'LatestBalance',
  'AllTimeStarsArenaBalance',
  'AnyTimeStarsArenaBalance',
  'LatestBalanceStarsArena',
]);

export const COMPOSITE_OPERATORS = enumValues<CompositeOperator>()(['AND', 'OR']);

export const METRICS_TOKEN_TYPES = enumValues<MetricsTokenType>()(['ERC20', 'NATIVE']);
