/**
 * The Metrics API's staking and validator metrics, on what they describe: the network's (or a
 * subnet's) validator and delegator counts and weights (`Network.stakingMetrics`,
 * `Subnet.stakingMetrics`), the L1 validators' fees in total (`Network.l1ValidatorFeeMetrics`),
 * per validation (`L1Validator.feeMetrics`), per node (`Network.validatorFeeMetrics(nodeId:)`) and
 * per subnet (`Subnet.feeMetrics`), and a subnet's validators over a time range
 * (`Subnet.validatorsBetween`).
 */
import { pageConnection, pageSpec } from '../graphql/connection.js';
import type { NetworkName } from '../base/ids.js';
import { PRIMARY_NETWORK_ID } from '../base/ids.js';
import {
  getMetricsByNodeId,
  getMetricsBySubnetId,
  getMetricsByValidationId,
  getStakingMetrics,
  getTotalL1ValidatorMetrics,
  getValidatorsByDateRange,
} from '../upstreams/metrics-api/validators.js';
import {
  L1_VALIDATOR_TOTAL_METRICS,
  NETWORK_METRICS,
  NODE_METRICS,
  SUBNET_METRICS,
  VALIDATION_METRICS,
} from '../upstreams/metrics-api/wire.js';
import { builder } from './builder.js';
import {
  checkRange,
  MetricPointRef,
  MetricSeriesConnection,
  rangeArgs,
  seriesConnection,
  seriesDescription,
  specEnum,
} from './chain-metrics.js';
import { paged } from './cost.js';
import { NodeIdScalar } from './scalars.js';
import { AddressRef, L1ValidatorRef, NetworkRef, SubnetRef, toAddresses } from './refs.js';

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
const VALIDATORS_PAGE = pageSpec('getValidatorsByDateRange', 'validatorsBetween', { defaultFirst: 100, maxFirst: 5000 });

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
    price: { calls: 1, items: 366 },
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
    price: { calls: 1, items: 366 },
    resolve: async (_network, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsByNodeId(ctx.metricsApi, args.nodeId, args.metric, range)).results;
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
    price: { calls: 1, items: 366 },
    resolve: async (v, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsByValidationId(ctx.metricsApi, v.validationId, args.metric, range)).results;
    },
  }),
}));

type ValidatorAddressesModel = { network: NetworkName; addresses: string[]; sortKey: string };

const ValidatorAddressesRef = builder.objectRef<ValidatorAddressesModel>('ValidatorAddresses').implement({
  description:
    "A validator of a subnet in a time range, as the Metrics API gives it: the P-Chain addresses behind its validation and the route's sort key.",
  fields: (t) => ({
    addresses: t.field({
      type: [AddressRef],
      description: 'Its P-Chain addresses, to read their balances and transactions.',
      price: { items: 2 },
      resolve: (v) => toAddresses(v.network, v.addresses),
    }),
    sortKey: t.exposeString('sortKey', {
      description: 'The value the Metrics API orders them by (the spec: a value it associates with them at a point in time).',
    }),
  }),
});

const ValidatorAddressesConnection = builder.connectionObject(
  { type: ValidatorAddressesRef, name: 'ValidatorAddressesConnection', description: "A page of a subnet's validators in a time range." },
  { name: 'ValidatorAddressesEdge', description: 'A validator and its cursor.' },
);

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
    price: { calls: 1, items: 366 },
    resolve: async (subnet, args, ctx) => {
      const range = checkRange(args);
      return (await getMetricsBySubnetId(ctx.metricsApi, subnet.subnetId, args.metric, range)).results;
    },
  }),
  validatorsBetween: t.connection(
    {
      type: ValidatorAddressesRef,
      nullable: true,
      description:
        "This subnet's validators at any time within a range, as P-Chain addresses (Metrics API getValidatorsByDateRange). `first`: 1 to 5000 (default 100).",
      args: {
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
      },
      price: paged(VALIDATORS_PAGE),
      resolve: (subnet, args, ctx) => {
        const range = checkRange(args);
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: VALIDATORS_PAGE,
          filters: ['validatorsBetween', subnet.network, subnet.subnetId, range],
          fetchPage: (page) => getValidatorsByDateRange(ctx.metricsApi, subnet.subnetId, { ...range, ...page, network: subnet.network }),
          read: (page) => ({ items: page.addresses, nextPageToken: page.nextPageToken }),
          toNode: (v): ValidatorAddressesModel => ({ ...v, network: subnet.network }),
          keyOf: (v) => `${v.addresses.join(',')}:${v.sortKey}`,
        });
      },
    },
    ValidatorAddressesConnection,
  ),
}));
