/**
 * The Metrics API's series, on the objects they describe (every field that returns a MetricPoint
 * lives here, with the type). Chain metrics: an EVM chain's metrics as time
 * series and rolling windows (`EvmChain.metrics`, `EvmChain.rollingWindowMetrics`), the network's
 * across its chains (`Network.evmMetrics`), the chains the Metrics API measures
 * (`Network.measuredChains`, `EvmChain.measured`), and the C-Chain's BTC.b bridgers
 * (`EvmChain.btcbBridgers`). What the metrics files share (a point, a series connection, the
 * checks of a time range) is here too. Staking and validator series: the network's (or a subnet's)
 * validator and delegator counts and weights (`Network.stakingMetrics`, `Subnet.stakingMetrics`),
 * the L1 validators' fees in total (`Network.l1ValidatorFeeMetrics`), per validation
 * (`L1Validator.feeMetrics`), per node (`Network.validatorFeeMetrics(nodeId:)`, `Validator.feeMetrics`) and per subnet
 * (`Subnet.feeMetrics`).
 */
import { PRIMARY_NETWORK_ID, type NetworkName } from '../base/ids.js';
import { pageConnection, pageSpec, type ConnectionArgs, type PageSpec } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import {
  BTCB_CHAIN_ID,
  getAddressesByBtcbBridged,
  getChain,
  getEvmChainMetrics,
  getEvmChainRollingWindowMetrics,
  listChains,
  type MetricPoint,
  type MetricSeries,
  type MetricsChain,
  type RollingWindows,
} from '../upstreams/metrics-api/chains.js';
import {
  L1_VALIDATOR_TOTAL_METRICS,
  NETWORK_METRICS,
  NODE_METRICS,
  SUBNET_METRICS,
  VALIDATION_METRICS,
  CHAIN_METRICS,
  CHAIN_ROLLING_WINDOW_METRICS,
  DAILY_ONLY_CHAIN_METRICS,
  SHORT_WINDOW_METRICS,
  TIME_INTERVALS,
  type ChainMetric,
  type ChainRollingWindowMetric,
  type TimeInterval,
} from '../upstreams/metrics-api/wire.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { learnt } from './list-sizes.js';
import { NodeIdScalar } from './scalars.js';
import { EvmChainRef, EvmAddressRef, L1ValidatorRef, NetworkRef, SubnetRef, ValidatorRef, type EvmChainModel } from './refs.js';
import {
  getMetricsByNodeId,
  getMetricsBySubnetId,
  getMetricsByValidationId,
  getStakingMetrics,
  getTotalL1ValidatorMetrics,
} from '../upstreams/metrics-api/validators.js';

// --- what the metrics files share ---------------------------------------------------------------

/** A spec value as a GraphQL enum value name: `activeAddresses` → `ACTIVE_ADDRESSES`. */
const constantCase = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/**
 * A GraphQL enum of a spec value set: one value per spec value (the record is typed by the spec's
 * list, so the compiler refuses a missing or extra one), named in constant case, its internal
 * value the spec's own string.
 */
export function specEnum<T extends string>(name: string, description: string, values: readonly T[], describe: Record<T, string>) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(values.map((v) => [constantCase(v), { value: v, description: describe[v] }])) as Record<
      string,
      { value: T; description: string }
    >,
  });
}

export const TimeIntervalEnum = specEnum('MetricsTimeInterval', 'How long each point of a metric series covers.', TIME_INTERVALS, {
  hour: 'An hour; points start on the hour.',
  day: 'A day; points start at 0:00 UTC.',
  week: 'A week; points start on Monday 0:00 UTC.',
  month: 'A calendar month; points start on its first day, 0:00 UTC.',
});

export const MetricPointRef = builder.objectRef<MetricPoint>('MetricPoint').implement({
  description: "One point of a Metrics API series: the metric's value over the interval that starts at `timestamp`.",
  fields: (t) => ({
    timestamp: t.field({ type: 'SafeInt', description: 'Start of the interval, Unix time (s).', resolve: (p) => p.timestamp }),
    value: t.exposeFloat('value', { description: 'The value over that interval (counts, gas, nAVAX or wei, as the metric says).' }),
  }),
});

export const MetricSeriesConnection = builder.connectionObject(
  { type: MetricPointRef, name: 'MetricSeriesConnection', description: 'A metric series, newest first.' },
  { name: 'MetricSeriesEdge', description: 'A point and its cursor.' },
);

/** The time range arguments of a series (Unix seconds): `startTimestamp` and `endTimestamp`, both optional. */
export interface RangeArgs {
  startTimestamp?: number | null;
  endTimestamp?: number | null;
}

export const rangeArgs = {
  startTimestamp: { type: 'SafeInt', description: 'Only points at or after this time, Unix seconds (0 or more).' },
  endTimestamp: {
    type: 'SafeInt',
    description: 'Only points at or before this time, Unix seconds (0 or more, not before `startTimestamp`).',
  },
} as const;

/**
 * A series' time range, checked before any call: the Metrics API takes whole non-negative seconds,
 * the start not after the end. Returns it as the client functions take it.
 */
export function checkRange(args: RangeArgs): { startTimestamp?: number; endTimestamp?: number } {
  const { startTimestamp: start, endTimestamp: end } = args;
  for (const [name, value] of [
    ['startTimestamp', start],
    ['endTimestamp', end],
  ] as const) {
    if (value != null && value < 0)
      throw badInput(`\`${name}\` must be a Unix time in seconds, 0 or more (got ${value}).`, { argument: name });
  }
  if (start != null && end != null && start > end) {
    throw badInput(`\`startTimestamp\` (${start}) must not be after \`endTimestamp\` (${end}).`, { argument: 'startTimestamp' });
  }
  return { ...(start != null ? { startTimestamp: start } : {}), ...(end != null ? { endTimestamp: end } : {}) };
}

/** A connection over a newest-first Metrics API series that pages by token. */
export function seriesConnection(
  ctx: GatewayContext,
  args: ConnectionArgs,
  spec: PageSpec,
  filters: unknown,
  fetchPage: (page: { pageToken: string | undefined; pageSize: number }) => Promise<MetricSeries>,
) {
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec,
    filters,
    fetchPage,
    read: (page) => ({ items: page.results, nextPageToken: page.nextPageToken }),
    toNode: (p) => p,
    keyOf: (p) => String(p.timestamp),
    // Newest first: a point's rank never decreases along the list.
    rankOf: (p) => -p.timestamp,
  });
}

/** A whole series (the routes that take no page) as a list, newest first. */
/**
 * The points of a fee series (one a day, in one call: the route takes no page): as many days as
 * `startTimestamp` and `endTimestamp` touch when both are given, at most a year (366) until one was
 * seen. Priced at a fixed 366, a series of a few weeks was priced at ten times its points (issue 29).
 *
 * A node's, a validation's or a subnet's series is priced by its own length last seen when the
 * arguments name it (`validatorFeeMetrics(nodeId:)`), else by the length of the network's total
 * series (`l1ValidatorFeeMetrics`): every fee is paid within the days the total counts, so no
 * series is longer. Priced by the longest series of any of them seen, a node's year of fees was
 * priced after a subnet's few months, at two thirds of its points (issue 29's fuzzer).
 */
const feePoints = (
  parent?: (args: RangeArgs & { nodeId?: string }) => string | undefined,
  parentOf?: (source: never) => string | undefined,
) =>
  learnt<RangeArgs & { nodeId?: string }>({
    kind: (of) => (of === undefined ? 'fee-metric-points' : 'fee-metric-points-of'),
    most: { mainnet: 366, fuji: 366 },
    parent,
    parentOf,
    // The days the range touches, and one more for a point the series dates at the day's end.
    given: ({ startTimestamp: start, endTimestamp: end }: RangeArgs) =>
      start != null && end != null && end >= start ? Math.min(366, Math.floor(end / 86_400) - Math.floor(start / 86_400) + 2) : undefined,
    // A series one bound cut (its last days) is some of the series: noted, it priced the whole
    // network's series at its few points (fuzz seed p38: 1,347 entries priced at 12).
    narrowed: (_source, { startTimestamp: start, endTimestamp: end }: RangeArgs) => start != null || end != null,
  });

export const seriesDescription = (what: string) =>
  `${what}, one point a day, newest first, in one Metrics API call (the route takes no page): bound it with \`startTimestamp\` and \`endTimestamp\`.`;

// --- EVM chain metrics ------------------------------------------------------------------------

export const ChainMetricEnum = specEnum('EvmChainMetric', 'A metric of an EVM chain (Metrics API).', CHAIN_METRICS, {
  activeAddresses: 'Distinct addresses in the `from` or `to` of a transaction or token transfer during the interval.',
  activeSenders: 'Distinct addresses in the `from` of a transaction or token transfer during the interval.',
  cumulativeTxCount: 'Transactions since genesis, up to 24 hours after the timestamp. DAY only.',
  cumulativeAddresses: 'Distinct addresses since genesis, up to 24 hours after the timestamp. DAY only.',
  cumulativeContracts: 'Contracts created since genesis, up to the timestamp. DAY only.',
  cumulativeDeployers: 'Distinct contract deployers since genesis, up to 24 hours after the timestamp. DAY only.',
  contracts: 'Contracts created during the interval. DAY only.',
  deployers: 'Distinct contract deployers during the interval. DAY only.',
  gasUsed: 'Gas used by transactions during the interval.',
  txCount: 'Transactions during the interval.',
  avgGps: 'Average gas used per second that day. DAY only.',
  maxGps: 'Highest gas used per second of one block that day. DAY only.',
  avgTps: 'Average transactions per second that day. DAY only.',
  maxTps: 'Highest transactions per second of one block that day. DAY only.',
  avgGasPrice: 'Average gas price of the receipts that day (wei). DAY only.',
  maxGasPrice: 'Highest gas price of a receipt that day (wei). DAY only.',
  feesPaid: 'Transaction fees paid that day: gas used times gas price, over all receipts. DAY only.',
});

export const RollingWindowMetricEnum = specEnum(
  'EvmChainRollingWindowMetric',
  'A metric of an EVM chain that the Metrics API also gives over rolling windows.',
  CHAIN_ROLLING_WINDOW_METRICS,
  {
    gasUsed: 'Gas used.',
    txCount: 'Transactions.',
    avgGps: 'Average gas used per second.',
    maxGps: 'Highest gas used per second of one block.',
    avgTps: 'Average transactions per second.',
    maxTps: 'Highest transactions per second of one block.',
    avgGasPrice: 'Average gas price (wei).',
    maxGasPrice: 'Highest gas price (wei).',
    feesPaid: 'Transaction fees paid.',
    contracts: 'Contracts created.',
    deployers: 'Distinct contract deployers.',
    activeAddresses: 'Distinct active addresses: last hour, day and week only.',
    activeSenders: 'Distinct sending addresses: last hour, day and week only.',
  },
);

const CHAIN_METRICS_PAGE = pageSpec('getEvmChainMetrics', 'metrics', { maxFirst: 2160 * 4 });

interface ChainMetricArgs extends ConnectionArgs, RangeArgs {
  metric: ChainMetric;
  interval?: TimeInterval | null;
}

/** `interval` for a metric, checked before any call: the spec gives some metrics daily points only. */
function checkInterval(metric: ChainMetric, interval: TimeInterval | null | undefined): TimeInterval {
  const asked = interval ?? 'day';
  if (asked !== 'day' && DAILY_ONLY_CHAIN_METRICS.has(metric)) {
    throw badInput(`The Metrics API gives ${constantCase(metric)} per DAY only (got ${constantCase(asked)}): ask for \`interval: DAY\`.`, {
      argument: 'interval',
    });
  }
  return asked;
}

/** A chain metric series of `chainId` (an EVM chain id, or `mainnet`, `testnet`, `total`). */
function chainMetrics(ctx: GatewayContext, chainId: string, args: ChainMetricArgs) {
  const interval = checkInterval(args.metric, args.interval);
  const range = checkRange(args);
  return seriesConnection(ctx, args, CHAIN_METRICS_PAGE, ['chain', chainId, args.metric, interval, range], (page) =>
    getEvmChainMetrics(ctx.metricsApi, chainId, args.metric, { ...range, ...page, timeInterval: interval }),
  );
}

const metricsDescription =
  '`first`: 1 to 8640 (default 100); more than 2160 points are fetched as several Metrics API pages. `interval` defaults to DAY; metrics marked DAY only refuse the others. The latest point may change on each update (several times an hour).';

builder.objectFields(EvmChainRef, (t) => {
  const args = {
    metric: t.arg({ type: ChainMetricEnum, required: true, description: 'Which metric.' }),
    interval: t.arg({ type: TimeIntervalEnum, description: 'How long each point covers; default DAY.' }),
    startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
    endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
  };
  return {
    metrics: t.connection(
      {
        type: MetricPointRef,
        nullable: true,
        description: `One metric of this chain as a time series, newest first (Metrics API getEvmChainMetrics). ${metricsDescription}`,
        args,
        price: paged(CHAIN_METRICS_PAGE),
        resolve: (chain, a, ctx) => chainMetrics(ctx, String(chain.evmChainId), a),
      },
      MetricSeriesConnection,
    ),
    rollingWindowMetrics: t.field({
      type: RollingWindowsRef,
      nullable: true,
      description:
        'One metric of this chain over the last hour, day, week, month, 90 days, year and all time (Metrics API getEvmChainRollingWindowMetrics).',
      args: { metric: t.arg({ type: RollingWindowMetricEnum, required: true, description: 'Which metric.' }) },
      price: { calls: 1, reaches: ['getEvmChainRollingWindowMetrics'] },
      resolve: async (chain, { metric }, ctx) => ({
        metric,
        ...(await getEvmChainRollingWindowMetrics(ctx.metricsApi, String(chain.evmChainId), metric)).result,
      }),
    }),
    measured: t.field({
      type: MeasuredChainRef,
      nullable: true,
      description: 'How the Metrics API knows this chain (its name there, its subnet); null if it does not measure it.',
      price: { calls: 1, reaches: ['getChain'] },
      resolve: async (chain, _args, ctx) => {
        const found = await getChain(ctx.metricsApi, String(chain.evmChainId));
        return found ? { ...found, network: chain.network } : null;
      },
    }),
    btcbBridgers: t.connection(
      {
        type: BtcbBridgerRef,
        nullable: true,
        description: `The addresses that bridged at least \`threshold\` BTC.b to this chain, most first (Metrics API getAddressesByBtcbBridged). Only the mainnet C-Chain has them: null on any other chain, without a call. \`first\`: 1 to 5000 (default 1000).`,
        args: {
          threshold: t.arg.string({
            required: true,
            description: 'The least amount bridged, in BTC.b\'s smallest unit (8 decimals: "100000000" is 1 BTC.b), as decimal digits.',
          }),
        },
        price: paged(BTCB_PAGE),
        resolve: (chain, args, ctx) => {
          if (!/^\d{1,40}$/.test(args.threshold)) {
            throw badInput(
              `\`threshold\` must be a whole amount in decimal digits, at most 40 (got ${JSON.stringify(args.threshold.slice(0, 60))}).`,
              {
                argument: 'threshold',
              },
            );
          }
          if (chain.network !== 'mainnet' || chain.evmChainId !== BTCB_CHAIN_ID) return null;
          return pageConnection({
            cursors: ctx.cursors,
            args,
            spec: BTCB_PAGE,
            filters: ['btcb', args.threshold],
            fetchPage: (page) => getAddressesByBtcbBridged(ctx.metricsApi, { ...page, threshold: args.threshold }),
            read: (page) => ({ items: page.addresses, nextPageToken: page.nextPageToken }),
            toNode: (a) => ({ ...a, chain }),
            keyOf: (a) => a.address.toLowerCase(),
          });
        },
      },
      BtcbBridgerConnection,
    ),
  };
});

type RollingModel = RollingWindows & { metric: ChainRollingWindowMetric };

const window = (key: keyof RollingWindows, what: string) => ({
  type: 'Float' as const,
  nullable: true as const,
  description: `The metric over ${what}; null where the Metrics API gives none.`,
  resolve: (w: RollingModel) => w[key] ?? null,
});

const RollingWindowsRef = builder.objectRef<RollingModel>('RollingWindowMetrics').implement({
  description: 'A metric over rolling windows ending now. Active addresses and senders have only the last hour, day and week.',
  fields: (t) => ({
    metric: t.field({ type: RollingWindowMetricEnum, description: 'The metric.', resolve: (w) => w.metric }),
    lastHour: t.field(window('lastHour', 'the last hour')),
    lastDay: t.field(window('lastDay', 'the last day')),
    lastWeek: t.field(window('lastWeek', 'the last week')),
    lastMonth: t.field({
      ...window('lastMonth', 'the last month'),
      resolve: (w) => (SHORT_WINDOW_METRICS.has(w.metric) ? null : (w.lastMonth ?? null)),
    }),
    last90Days: t.field(window('last90Days', 'the last 90 days')),
    lastYear: t.field(window('lastYear', 'the last year')),
    allTime: t.field(window('allTime', 'all time')),
  }),
});

/** A measured chain on the graph's network (the Metrics API writes the test network `testnet`). */
type MeasuredModel = Omit<MetricsChain, 'network'> & { network: NetworkName };

const MeasuredChainRef = builder.objectRef<MeasuredModel>('MeasuredChain').implement({
  description: 'An EVM chain as the Metrics API lists it: one it measures.',
  fields: (t) => ({
    evmChainId: t.field({ type: 'SafeInt', description: 'Its EVM chain id.', resolve: (c) => c.evmChainId }),
    chainName: t.exposeString('chainName', { description: 'Its name at the Metrics API, e.g. "c_chain".' }),
    blockchainId: t.exposeString('blockchainId', { description: 'Its blockchain id (cb58).' }),
    subnetId: t.exposeString('subnetId', { description: 'The subnet it belongs to (cb58).' }),
    chain: t.field({
      type: EvmChainRef,
      description: 'The chain itself, to read its blocks, transactions and metrics.',
      resolve: (c): EvmChainModel => ({ network: c.network, evmChainId: c.evmChainId, blockchainId: c.blockchainId }),
    }),
  }),
});

const MeasuredChainConnection = builder.connectionObject(
  { type: MeasuredChainRef, name: 'MeasuredChainConnection', description: 'A page of the chains the Metrics API measures.' },
  { name: 'MeasuredChainEdge', description: 'A chain and its cursor.' },
);

const CHAINS_PAGE = pageSpec('listChains', 'measuredChains', { defaultFirst: 100 });

const BTCB_PAGE = pageSpec('getAddressesByBtcbBridged', 'btcbBridgers', { maxFirst: 5000 });

type BridgerModel = { address: string; sortKey: string; chain: EvmChainModel };

const BtcbBridgerRef = builder.objectRef<BridgerModel>('BtcbBridger').implement({
  description: 'An address that bridged BTC.b to the C-Chain, and how much.',
  fields: (t) => ({
    address: t.field({
      type: EvmAddressRef,
      description: 'The address, to read its balances and transfers.',
      resolve: (b) => ({ chain: b.chain, address: b.address }),
    }),
    amount: t.field({
      type: 'BigInt',
      description: "The amount bridged, in BTC.b's smallest unit (the Metrics API's `sortKey`).",
      resolve: (b) => b.sortKey,
    }),
  }),
});

const BtcbBridgerConnection = builder.connectionObject(
  { type: BtcbBridgerRef, name: 'BtcbBridgerConnection', description: 'BTC.b bridgers, most bridged first.' },
  { name: 'BtcbBridgerEdge', description: 'A bridger and its cursor.' },
);

builder.objectFields(NetworkRef, (t) => ({
  measuredChains: t.connection(
    {
      type: MeasuredChainRef,
      nullable: true,
      description: 'The EVM chains of this network the Metrics API measures (Metrics API listChains). `first`: 1 to 500 (default 100).',
      price: paged(CHAINS_PAGE),
      resolve: (network, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: CHAINS_PAGE,
          filters: ['chains', network.name],
          fetchPage: (page) => listChains(ctx.metricsApi, { network: network.name, pageToken: page.pageToken }),
          read: (page) => ({ items: page.chains, nextPageToken: page.nextPageToken }),
          toNode: (c): MeasuredModel => ({ ...c, network: network.name }),
          keyOf: (c) => c.blockchainId,
        }),
    },
    MeasuredChainConnection,
  ),
  evmMetrics: t.connection(
    {
      type: MetricPointRef,
      nullable: true,
      description: `One metric over every EVM chain of this network the Metrics API measures, as a time series, newest first (getEvmChainMetrics of \`mainnet\` or \`testnet\`; \`allNetworks\`: of \`total\`). ${metricsDescription}`,
      args: {
        metric: t.arg({ type: ChainMetricEnum, required: true, description: 'Which metric.' }),
        interval: t.arg({ type: TimeIntervalEnum, description: 'How long each point covers; default DAY.' }),
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
        allNetworks: t.arg.boolean({
          defaultValue: false,
          description: "Mainnet's and the test network's chains together (the Metrics API's `total`).",
        }),
      },
      price: paged(CHAIN_METRICS_PAGE),
      resolve: (network, args, ctx) =>
        chainMetrics(ctx, args.allNetworks ? 'total' : network.name === 'mainnet' ? 'mainnet' : 'testnet', args),
    },
    MetricSeriesConnection,
  ),
}));

// --- staking and L1 validator fee series ------------------------------------------------------

const StakingMetricEnum = specEnum('StakingMetric', 'A staking metric of a subnet, per day (Metrics API).', NETWORK_METRICS, {
  delegatorCount: 'Delegations active at the end of the day.',
  delegatorWeight: 'Weight delegated at the end of the day (nAVAX on the Primary Network).',
  validatorCount: 'Validators active at the end of the day.',
  validatorWeight: 'Weight of the validators at the end of the day (nAVAX staked on the Primary Network).',
});

const L1FeeTotalMetricEnum = specEnum(
  'L1ValidatorTotalMetric',
  "All L1 validators' continuous fees, per day (Metrics API).",
  L1_VALIDATOR_TOTAL_METRICS,
  {
    totalCumulativeFeesDaily: 'Fees paid since the first L1 validator, up to each day (nAVAX).',
    totalValidatorFeesDaily: 'Fees paid that day (nAVAX).',
    totalPayingValidatorsDaily: 'L1 validators that paid a fee that day.',
  },
);

const ValidationMetricEnum = specEnum(
  'L1ValidationMetric',
  "One L1 validation's continuous fee, per day (Metrics API).",
  VALIDATION_METRICS,
  {
    validationCumulativeFeesDaily: 'Fees this validation paid up to each day (nAVAX).',
    validationFeesDaily: 'Fees it paid that day (nAVAX).',
  },
);

const NodeFeeMetricEnum = specEnum('NodeFeeMetric', 'The L1 validation fees of one node, per day (Metrics API).', NODE_METRICS, {
  perNodeCumulativeFeesPaid: 'Fees the node paid, over its L1 validations, up to each day (nAVAX).',
  perNodeDailyFeesPaid: 'Fees it paid that day (nAVAX).',
});

const SubnetFeeMetricEnum = specEnum('SubnetFeeMetric', "An L1's validator fees, per day (Metrics API).", SUBNET_METRICS, {
  perSubnetDailyFeesPaid: "Fees the subnet's L1 validators paid that day (nAVAX).",
  perSubnetCumulativeFeesPaid: 'Fees they paid up to each day (nAVAX).',
  perSubnetPayingValidators: 'Its L1 validators that paid a fee that day.',
});

const STAKING_PAGE = pageSpec('getStakingMetrics', 'stakingMetrics', { maxFirst: 2160 * 4 });
const stakingDescription = (of: string) =>
  `A staking metric of ${of} per day, newest first (Metrics API getStakingMetrics). \`first\`: 1 to 8640 (default 100); more than 2160 days are fetched as several Metrics API pages.`;

function stakingSeries(
  ctx: Parameters<typeof seriesConnection>[0],
  network: NetworkName,
  subnetId: string,
  args: Parameters<typeof seriesConnection>[1] & {
    metric: (typeof NETWORK_METRICS)[number];
    startTimestamp?: number | null;
    endTimestamp?: number | null;
  },
) {
  const range = checkRange(args);
  return seriesConnection(ctx, args, STAKING_PAGE, ['staking', network, subnetId, args.metric, range], (page) =>
    getStakingMetrics(ctx.metricsApi, network, args.metric, { ...range, ...page, subnetId }),
  );
}

builder.objectFields(NetworkRef, (t) => ({
  stakingMetrics: t.connection(
    {
      type: MetricPointRef,
      nullable: true,
      description: stakingDescription('the Primary Network (or of the subnet `subnetId`: see also `Subnet.stakingMetrics`)'),
      args: {
        metric: t.arg({ type: StakingMetricEnum, required: true, description: 'Which metric.' }),
        subnetId: t.arg({ type: 'CB58Id', description: 'A subnet of this network; default the Primary Network.' }),
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
      },
      price: paged(STAKING_PAGE),
      resolve: (network, args, ctx) => stakingSeries(ctx, network.name, args.subnetId ?? PRIMARY_NETWORK_ID, args),
    },
    MetricSeriesConnection,
  ),
  l1ValidatorFeeMetrics: t.field({
    type: [MetricPointRef],
    nullable: true,
    description: `${seriesDescription("Every L1 validator's continuous fees together (Metrics API getTotalL1ValidatorMetrics)")} The route names no network: it measures mainnet's L1s, so this is null on the test network, without a call.`,
    args: {
      metric: t.arg({ type: L1FeeTotalMetricEnum, required: true, description: 'Which metric.' }),
      startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
      endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
    },
    price: { calls: 1, items: feePoints(), reaches: ['getTotalL1ValidatorMetrics'] },
    resolve: async (network, args, ctx) => {
      const range = checkRange(args);
      if (network.name !== 'mainnet') return null;
      return (await getTotalL1ValidatorMetrics(ctx.metricsApi, args.metric, range)).results;
    },
  }),
  validatorFeeMetrics: t.field({
    type: [MetricPointRef],
    nullable: true,
    description: seriesDescription(
      'The continuous fees a node paid over its L1 validations (Metrics API getMetricsByNodeId); empty for a node that validates no L1',
    ),
    args: {
      nodeId: t.arg({ type: NodeIdScalar, required: true, description: 'The node.' }),
      metric: t.arg({ type: NodeFeeMetricEnum, required: true, description: 'Which metric.' }),
      startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
      endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
    },
    price: { calls: 1, items: feePoints((args) => args.nodeId), reaches: ['getMetricsByNodeId'] },
    resolve: async (_network, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsByNodeId(ctx.metricsApi, args.nodeId, args.metric, range)).results;
    },
  }),
}));

builder.objectFields(ValidatorRef, (t) => ({
  feeMetrics: t.field({
    type: [MetricPointRef],
    nullable: true,
    description: `${seriesDescription(
      "The continuous fees this validator's node paid over its L1 validations (Metrics API getMetricsByNodeId, by `nodeId`: the series `Network.validatorFeeMetrics(nodeId:)` gives); empty for a node that validates no L1",
    )} Its stake and uptime are \`amountStaked\` and \`uptimePerformance\`; the network's daily staking series is \`Network.stakingMetrics\`.`,
    args: {
      metric: t.arg({ type: NodeFeeMetricEnum, required: true, description: 'Which metric.' }),
      startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
      endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
    },
    price: { calls: 1, items: feePoints(undefined, (v: { nodeId: string }) => v.nodeId), reaches: ['getMetricsByNodeId'] },
    resolve: async (v, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsByNodeId(ctx.metricsApi, v.nodeId, args.metric, range)).results;
    },
  }),
}));

builder.objectFields(L1ValidatorRef, (t) => ({
  feeMetrics: t.field({
    type: [MetricPointRef],
    nullable: true,
    description: seriesDescription('The continuous fees this validation paid (Metrics API getMetricsByValidationId)'),
    args: {
      metric: t.arg({ type: ValidationMetricEnum, required: true, description: 'Which metric.' }),
      startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
      endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
    },
    price: {
      calls: 1,
      items: feePoints(undefined, (v: { validationId: string }) => v.validationId),
      reaches: ['getMetricsByValidationId'],
    },
    resolve: async (v, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsByValidationId(ctx.metricsApi, v.validationId, args.metric, range)).results;
    },
  }),
}));

builder.objectFields(SubnetRef, (t) => ({
  stakingMetrics: t.connection(
    {
      type: MetricPointRef,
      nullable: true,
      description: stakingDescription('this subnet'),
      args: {
        metric: t.arg({ type: StakingMetricEnum, required: true, description: 'Which metric.' }),
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
      },
      price: paged(STAKING_PAGE),
      resolve: (subnet, args, ctx) => stakingSeries(ctx, subnet.network, subnet.subnetId, args),
    },
    MetricSeriesConnection,
  ),
  feeMetrics: t.field({
    type: [MetricPointRef],
    nullable: true,
    description: seriesDescription(
      "The continuous fees of this subnet's L1 validators (Metrics API getMetricsBySubnetId); empty for a subnet that is not an L1",
    ),
    args: {
      metric: t.arg({ type: SubnetFeeMetricEnum, required: true, description: 'Which metric.' }),
      startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
      endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
    },
    price: { calls: 1, items: feePoints(undefined, (s: { subnetId: string }) => s.subnetId), reaches: ['getMetricsBySubnetId'] },
    resolve: async (subnet, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsBySubnetId(ctx.metricsApi, subnet.subnetId, args.metric, range)).results;
    },
  }),
}));
