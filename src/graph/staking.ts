/**
 * Staking as the Data API indexes it: validations (listValidators; one node's by
 * getSingleValidatorDetails), delegations (listDelegators) and the rewards running stakes will
 * pay (listPendingPrimaryNetworkRewards). A validator is one validation period of a node on one
 * subnet; a delegator is one delegation to a node. Both have global ids and lead to each other.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { parseBech32Address, parseCb58Id, parseNodeId, PRIMARY_NETWORK_ID, type NetworkName } from '../base/ids.js';
import {
  getSingleValidatorDetails,
  listDelegators,
  listPendingPrimaryNetworkRewards,
  listValidators,
  type DelegationStatus,
  type DelegatorDetails,
  type PendingReward,
  type ValidationStatus,
  type ValidatorDetails,
  type ValidatorFilters,
} from '../upstreams/data-api/staking.js';
import type { SortOrder } from '../upstreams/data-api/wire.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { NetworkNameEnum, RewardTypeEnum, SortOrderEnum } from './enums.js';
import { entityId, keyOnlyIdDescription, nodeKey, parseNodeKey } from './global-id.js';
import { checkAddresses, checkListSize } from './inputs.js';
import { lookupPrice } from './lookups.js';
import { AvalancheAddressScalar, CB58IdScalar, NodeIdScalar } from './scalars.js';
import {
  AddressRef,
  AssetAmountRef,
  BlsCredentialsRef,
  DelegatorRef,
  NetworkRef,
  OWNER_ADDRESSES,
  ValidatorRef,
  toAddresses,
  type DelegatorModel,
  type ValidatorModel,
} from './refs.js';

const ValidationStatusEnum = builder.enumType('ValidationStatus', {
  description: 'Where a validation is in its life.',
  values: {
    PENDING: { value: 'pending', description: 'Added; its start time has not come.' },
    ACTIVE: { value: 'active', description: 'Validating now.' },
    COMPLETED: { value: 'completed', description: 'Its end time has passed (rewarded, for the Primary Network, if it earned it).' },
    REMOVED: { value: 'removed', description: 'A permissioned subnet validator its subnet removed before its end.' },
  } as const,
});

const DelegationStatusEnum = builder.enumType('DelegationStatus', {
  description: 'Where a delegation is in its life.',
  values: {
    PENDING: { value: 'pending', description: 'Added; its start time has not come.' },
    ACTIVE: { value: 'active', description: 'Delegating now.' },
    COMPLETED: { value: 'completed', description: 'Its end time has passed.' },
  } as const,
});

const ValidatorSortEnum = builder.enumType('ValidatorSortBy', {
  description: 'What a validator list is sorted by (with `sortOrder`).',
  values: {
    BLOCK_INDEX: { value: 'blockIndex', description: 'When the validation was added (the default).' },
    DELEGATION_CAPACITY: { value: 'delegationCapacity', description: 'Stake that can still be delegated to it.' },
    TIME_REMAINING: { value: 'timeRemaining', description: 'Time until it ends.' },
    DELEGATION_FEE: { value: 'delegationFee', description: 'Its delegation fee (mainnet Primary Network validators only).' },
    UPTIME_PERFORMANCE: { value: 'uptimePerformance', description: 'Its uptime as observed by the Data API.' },
  } as const,
});

const decimal = (value: string | undefined) => (value === undefined ? null : Number(value));

type RewardsModel = NonNullable<ValidatorDetails['rewards']> & { network: NetworkName };

const ValidatorRewardsRef = builder.objectRef<RewardsModel>('ValidatorRewards').implement({
  description: "A validation's rewards: its own and its share of its delegators' (the delegation fee).",
  fields: (t) => ({
    validationRewardAmount: t.expose('validationRewardAmount', { type: 'BigInt', description: 'For validating, in nAVAX.' }),
    delegationRewardAmount: t.expose('delegationRewardAmount', { type: 'BigInt', description: 'Delegation fees, in nAVAX.' }),
    rewardAddresses: t.field({
      type: [AddressRef],
      description: 'Where they are paid.',
      price: { items: OWNER_ADDRESSES },
      resolve: (r) => toAddresses(r.network, r.rewardAddresses ?? []),
    }),
    rewardTxHash: t.exposeString('rewardTxHash', {
      nullable: true,
      description: 'The RewardValidatorTx that paid them; null until paid.',
    }),
  }),
});

const ValidatorHealthRef = builder.objectRef<NonNullable<ValidatorDetails['validatorHealth']>>('ValidatorHealth').implement({
  description: "How a node answered the Data API's own node at its last polling.",
  fields: (t) => ({
    reachabilityPercent: t.exposeFloat('reachabilityPercent', { description: 'Percent of requests it answered.' }),
    benchedPChainRequestsPercent: t.exposeFloat('benchedPChainRequestsPercent', { description: 'Percent of P-Chain requests benched.' }),
    benchedXChainRequestsPercent: t.exposeFloat('benchedXChainRequestsPercent', { description: 'Percent of X-Chain requests benched.' }),
    benchedCChainRequestsPercent: t.exposeFloat('benchedCChainRequestsPercent', { description: 'Percent of C-Chain requests benched.' }),
  }),
});

const GeolocationRef = builder.objectRef<NonNullable<ValidatorDetails['geolocation']>>('Geolocation').implement({
  description: 'Where a node is, as its IP address places it.',
  fields: (t) => ({
    city: t.exposeString('city', { description: 'City.' }),
    country: t.exposeString('country', { description: 'Country.' }),
    countryCode: t.exposeString('countryCode', { description: 'ISO 3166 country code.' }),
    latitude: t.exposeFloat('latitude', { description: 'Latitude.' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude.' }),
  }),
});

const validatorModel = (network: NetworkName, v: ValidatorDetails): ValidatorModel => ({ ...v, network });
const delegatorModel = (network: NetworkName, d: DelegatorDetails): DelegatorModel => ({ ...d, network });

/** The most validations of one node a lookup reads: one page of getSingleValidatorDetails. */
const NODE_VALIDATIONS = 100;

/** One validation of a node by its transaction, among the node's newest 100; null if none. */
/** A node's newest validation (of `subnetId` when given) among its 100 newest, in one call; null if it never validated. */
export async function findValidator(
  ctx: GatewayContext,
  network: NetworkName,
  nodeId: string,
  only: { subnetId?: string | null; validationStatus?: ValidationStatus | null } = {},
): Promise<ValidatorModel | null> {
  const res = await getSingleValidatorDetails(ctx.dataApi, network, nodeId, {
    pageSize: NODE_VALIDATIONS,
    validationStatus: only.validationStatus ?? undefined,
  });
  const found = res?.validators.find((v) => !only.subnetId || v.subnetId === only.subnetId);
  return found ? validatorModel(network, found) : null;
}

async function findValidation(ctx: GatewayContext, network: NetworkName, nodeId: string, txHash: string): Promise<ValidatorModel | null> {
  const res = await getSingleValidatorDetails(ctx.dataApi, network, nodeId, { pageSize: NODE_VALIDATIONS });
  const found = res?.validators.find((v) => v.txHash === txHash);
  return found ? validatorModel(network, found) : null;
}

/** One delegation by its node, a reward address and its transaction; null if none. */
async function findDelegation(
  ctx: GatewayContext,
  network: NetworkName,
  key: { nodeId: string; rewardAddress: string; txHash: string },
): Promise<DelegatorModel | null> {
  const res = await listDelegators(ctx.dataApi, network, {
    nodeIds: [key.nodeId],
    rewardAddresses: [key.rewardAddress],
    pageSize: pageSpec('listDelegators', 'delegators').maxPageSize,
  });
  const found = res.delegators.find((d) => d.txHash === key.txHash);
  return found ? delegatorModel(network, found) : null;
}

const checkTx = (txHash: string) => parseCb58Id(txHash);

function parseValidatorKey(key: string): { nodeId: string; txHash: string } {
  const [nodeId, txHash, ...rest] = key.split(':');
  if (!nodeId || !txHash || rest.length) throw new Error('expected <nodeId>:<txHash>');
  parseNodeId(nodeId);
  checkTx(txHash);
  return { nodeId, txHash };
}

function parseDelegatorKey(key: string): { nodeId: string; rewardAddress: string; txHash: string } {
  const [nodeId, rewardAddress, txHash, ...rest] = key.split(':');
  if (!nodeId || !rewardAddress || !txHash || rest.length) throw new Error('expected <nodeId>:<rewardAddress>:<txHash>');
  parseNodeId(nodeId);
  parseBech32Address(rewardAddress);
  checkTx(txHash);
  return { nodeId, rewardAddress, txHash };
}

// By id (`node(id:)`): one getSingleValidatorDetails or listDelegators call each.
lookupPrice(ValidatorRef.name, { calls: 1 });
lookupPrice(DelegatorRef.name, { calls: 1 });

builder.node(ValidatorRef, {
  description:
    'One validation of a node: the stake it put up on a subnet (the Primary Network, or a permissioned subnet) for a period, with its delegations and rewards. A node that validated several times, or on several subnets, has one of these each.',
  id: {
    resolve: (v) => nodeKey(v.network, `${v.nodeId}:${v.txHash}`),
    parse: (id) => parseNodeKey(id, parseValidatorKey),
  },
  loadOne: ({ network, key }, ctx) => {
    const { nodeId, txHash } = parseValidatorKey(key);
    return findValidation(ctx, network, nodeId, txHash);
  },
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network it validates on.' }),
    nodeId: t.exposeString('nodeId', { description: 'The node (NodeID-…).' }),
    txHash: t.exposeString('txHash', {
      description: 'The transaction that added it (AddValidatorTx, AddPermissionlessValidatorTx, AddSubnetValidatorTx).',
    }),
    subnetId: t.exposeString('subnetId', {
      description: 'The subnet it validates (11111111111111111111111111111111LpoYY: the Primary Network).',
    }),
    isPrimaryNetwork: t.boolean({
      description: 'Whether it validates the Primary Network.',
      resolve: (v) => v.subnetId === PRIMARY_NETWORK_ID,
    }),
    validationStatus: t.field({
      type: ValidationStatusEnum,
      description: 'Pending, active, completed or removed.',
      resolve: (v) => v.validationStatus,
    }),
    amountStaked: t.expose('amountStaked', {
      type: 'BigInt',
      description: 'Its own stake in nAVAX (its weight, on a permissioned subnet).',
    }),
    delegationFee: t.float({
      nullable: true,
      description: "Percent of its delegators' rewards it keeps; null where the Data API gives none (subnet validations).",
      resolve: (v) => decimal(v.delegationFee),
    }),
    startTimestamp: t.expose('startTimestamp', { type: 'SafeInt', description: 'Unix time (s) it starts validating.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'SafeInt', description: 'Unix time (s) it stops.' }),
    blsCredentials: t.expose('blsCredentials', {
      type: BlsCredentialsRef,
      nullable: true,
      description: 'Its BLS key, for AddPermissionlessValidatorTx validations.',
    }),
    stakePercentage: t.exposeFloat('stakePercentage', {
      nullable: true,
      description: "Its stake as a percent of the network's active stake; active validations only.",
    }),
    delegatorCount: t.exposeInt('delegatorCount', {
      nullable: true,
      description: 'Delegators it has (active ones, while active; all, once completed); null while pending or once removed.',
    }),
    amountDelegated: t.expose('amountDelegated', {
      type: 'BigInt',
      nullable: true,
      description: 'nAVAX delegated to it, counted as `delegatorCount`.',
    }),
    uptimePerformance: t.exposeFloat('uptimePerformance', {
      nullable: true,
      description: "Uptime percent as the Data API's own node observed it over time; active validations only.",
    }),
    avalancheGoVersion: t.exposeString('avalancheGoVersion', {
      nullable: true,
      description: 'The AvalancheGo version the node runs; active validations only.',
    }),
    delegationCapacity: t.expose('delegationCapacity', {
      type: 'BigInt',
      nullable: true,
      description: 'nAVAX that can still be delegated to it; active validations only.',
    }),
    potentialRewards: t.field({
      type: ValidatorRewardsRef,
      nullable: true,
      description: 'What it will earn if it ends well; active validations only.',
      resolve: (v) => (v.potentialRewards ? { ...v.potentialRewards, network: v.network } : null),
    }),
    rewards: t.field({
      type: ValidatorRewardsRef,
      nullable: true,
      description: 'What it earned; completed validations only. For the reward UTXOs, see `rewardHistory`.',
      resolve: (v) => (v.rewards ? { ...v.rewards, network: v.network } : null),
    }),
    validatorHealth: t.expose('validatorHealth', {
      type: ValidatorHealthRef,
      nullable: true,
      description: 'How the node answered at the last polling; active validations only.',
    }),
    geolocation: t.expose('geolocation', { type: GeolocationRef, nullable: true, description: 'Where the node is, when known.' }),
    removeTxHash: t.exposeString('removeTxHash', { nullable: true, description: 'The RemoveSubnetValidatorTx, for removed validations.' }),
    removeTimestamp: t.expose('removeTimestamp', { type: 'SafeInt', nullable: true, description: 'Unix time (s) it was removed.' }),
  }),
});

builder.node(DelegatorRef, {
  description: "One delegation: stake lent to a validating node for a period, earning a share of rewards less the validator's fee.",
  id: {
    resolve: (d) => nodeKey(d.network, `${d.nodeId}:${d.rewardAddresses[0] ?? ''}:${d.txHash}`),
    parse: (id) => parseNodeKey(id, parseDelegatorKey),
  },
  loadOne: ({ network, key }, ctx) => findDelegation(ctx, network, parseDelegatorKey(key)),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network it delegates on.' }),
    txHash: t.exposeString('txHash', { description: 'The transaction that added it (AddDelegatorTx, AddPermissionlessDelegatorTx).' }),
    nodeId: t.exposeString('nodeId', { description: 'The node it delegates to.' }),
    rewardAddresses: t.field({
      type: [AddressRef],
      description: 'Where its rewards are paid.',
      price: { items: OWNER_ADDRESSES },
      resolve: (d) => toAddresses(d.network, d.rewardAddresses),
    }),
    delegationStatus: t.field({
      type: DelegationStatusEnum,
      description: 'Pending, active or completed.',
      resolve: (d) => d.delegationStatus,
    }),
    amountDelegated: t.expose('amountDelegated', { type: 'BigInt', description: 'Its stake, in nAVAX.' }),
    delegationFee: t.float({ description: "The validator's fee, in percent of the reward.", resolve: (d) => Number(d.delegationFee) }),
    startTimestamp: t.expose('startTimestamp', { type: 'SafeInt', description: 'Unix time (s) it starts.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'SafeInt', description: 'Unix time (s) it ends.' }),
    grossReward: t.expose('grossReward', {
      type: 'BigInt',
      nullable: true,
      description: 'The whole reward it earned, fee included; completed delegations only.',
    }),
    netReward: t.expose('netReward', {
      type: 'BigInt',
      nullable: true,
      description: 'What the delegator got, after the fee; completed delegations only.',
    }),
    estimatedGrossReward: t.expose('estimatedGrossReward', {
      type: 'BigInt',
      nullable: true,
      description: 'The whole reward it should earn; pending and active delegations only.',
    }),
    estimatedNetReward: t.expose('estimatedNetReward', {
      type: 'BigInt',
      nullable: true,
      description: 'What the delegator should get, after the fee; pending and active delegations only.',
    }),
  }),
});

type PendingRewardModel = PendingReward & { network: NetworkName };

const PendingRewardRef = builder.objectRef<PendingRewardModel>('PendingReward').implement({
  description: 'A reward a running stake (validation or delegation) will pay when it ends, if it ends well.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription('its staking transaction and reward type', 'the Data API lists pending rewards by address only.'),
      resolve: (r) => entityId('PendingReward', r.network, `${r.txHash}:${r.rewardType}`),
    }),
    addresses: t.field({
      type: [AddressRef],
      description: 'Where it will be paid.',
      price: { items: OWNER_ADDRESSES },
      resolve: (r) => toAddresses(r.network, r.addresses),
    }),
    txHash: t.exposeString('txHash', { description: 'The staking transaction.' }),
    amountStaked: t.expose('amountStaked', { type: 'BigInt', description: 'The stake, in nAVAX.' }),
    nodeId: t.exposeString('nodeId', { description: 'The validating node.' }),
    startTimestamp: t.expose('startTimestamp', { type: 'SafeInt', description: 'Unix time (s) the stake started.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'SafeInt', description: 'Unix time (s) it ends.' }),
    rewardType: t.expose('rewardType', { type: RewardTypeEnum, description: 'Validator reward, delegator reward or validator fee.' }),
    progress: t.exposeFloat('progress', { description: 'How far the stake is through its period, in percent.' }),
    estimatedReward: t.field({
      type: AssetAmountRef,
      description: 'The reward it should pay.',
      resolve: (r) => ({ ...r.estimatedReward, network: r.network }),
    }),
  }),
});

const VALIDATORS_PAGE = pageSpec('listValidators', 'validators');
const NODE_VALIDATIONS_PAGE = pageSpec('getSingleValidatorDetails', 'validatorHistory');
const DELEGATORS_PAGE = pageSpec('listDelegators', 'delegators');
const PENDING_PAGE = pageSpec('listPendingPrimaryNetworkRewards', 'pendingRewards');

const ValidatorConnection = builder.connectionObject(
  { type: ValidatorRef, name: 'ValidatorConnection', description: 'A page of validations.' },
  { name: 'ValidatorEdge', description: 'A validation and its cursor.' },
);
const DelegatorConnection = builder.connectionObject(
  { type: DelegatorRef, name: 'DelegatorConnection', description: 'A page of delegations.' },
  { name: 'DelegatorEdge', description: 'A delegation and its cursor.' },
);
const PendingRewardConnection = builder.connectionObject(
  { type: PendingRewardRef, name: 'PendingRewardConnection', description: 'A page of pending rewards.' },
  { name: 'PendingRewardEdge', description: 'A pending reward and its cursor.' },
);

type DelegatorArgs = {
  rewardAddresses?: readonly string[] | null;
  nodeIds?: readonly string[] | null;
  delegationStatus?: DelegationStatus | null;
  sortOrder?: SortOrder | null;
};

function delegatorConnection(ctx: GatewayContext, network: NetworkName, f: DelegatorArgs, args: ConnectionArgs) {
  const rewardAddresses = f.rewardAddresses?.length
    ? checkAddresses(network, f.rewardAddresses, { argument: 'rewardAddresses' })
    : undefined;
  const nodeIds = f.nodeIds?.length ? [...new Set(f.nodeIds)] : undefined;
  if (nodeIds) checkListSize(nodeIds, 'nodeIds');
  const params = { rewardAddresses, nodeIds, delegationStatus: f.delegationStatus ?? undefined, sortOrder: f.sortOrder ?? undefined };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: DELEGATORS_PAGE,
    filters: [network, params],
    fetchPage: (page) => listDelegators(ctx.dataApi, network, { ...page, ...params }),
    read: (page) => ({ items: page.delegators, nextPageToken: page.nextPageToken }),
    toNode: (d) => delegatorModel(network, d),
    keyOf: (d) => d.txHash,
  });
}

function pendingConnection(
  ctx: GatewayContext,
  network: NetworkName,
  f: { addresses?: readonly string[] | null; nodeIds?: readonly string[] | null; sortOrder?: SortOrder | null },
  args: ConnectionArgs,
) {
  const addresses = f.addresses?.length ? checkAddresses(network, f.addresses, { argument: 'addresses' }) : undefined;
  const nodeIds = f.nodeIds?.length ? [...new Set(f.nodeIds)] : undefined;
  if (nodeIds) checkListSize(nodeIds, 'nodeIds');
  if (!addresses && !nodeIds) {
    throw badInput('Pending rewards need `addresses` or `nodeIds` (or both): the Data API does not list them all.', {
      argument: 'addresses',
    });
  }
  const params = { addresses, nodeIds, sortOrder: f.sortOrder ?? undefined };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: PENDING_PAGE,
    filters: [network, params],
    fetchPage: (page) => listPendingPrimaryNetworkRewards(ctx.dataApi, network, { ...page, ...params }),
    read: (page) => ({ items: page.pendingRewards, nextPageToken: page.nextPageToken }),
    toNode: (r): PendingRewardModel => ({ ...r, network }),
    keyOf: (r) => `${r.txHash}:${r.rewardType}`,
  });
}

/** A percent argument within the spec's bounds, checked before any call. */
function percentArg(value: number | null | undefined, argument: string, min: number): number | undefined {
  if (value == null) return undefined;
  if (!Number.isFinite(value) || value < min || value > 100) {
    throw badInput(`\`${argument}\` must be a percent from ${min} to 100 (got ${value}).`, { argument });
  }
  return value;
}

/** nAVAX bounds of delegation capacity: the spec takes 0 to 720,000,000 AVAX. */
const MAX_CAPACITY = 720_000_000_000_000_000n;
/** Seconds of time remaining: the spec's int32 bound. */
const MAX_REMAINING = 2_147_483_647;

function capacityArg(value: string | null | undefined, argument: string): string | undefined {
  if (value == null) return undefined;
  if (!/^\d+$/.test(value) || BigInt(value) > MAX_CAPACITY) {
    throw badInput(`\`${argument}\` must be nAVAX from 0 to ${MAX_CAPACITY} (got ${value}).`, { argument });
  }
  return BigInt(value).toString();
}

function remainingArg(value: number | null | undefined, argument: string): number | undefined {
  if (value == null) return undefined;
  if (!Number.isInteger(value) || value < 0 || value > MAX_REMAINING) {
    throw badInput(`\`${argument}\` must be whole seconds from 0 to ${MAX_REMAINING} (got ${value}).`, { argument });
  }
  return value;
}

type ValidatorArgs = ConnectionArgs & {
  nodeIds?: readonly string[] | null;
  subnetId?: string | null;
  validationStatus?: ValidationStatus | null;
  sortBy?: ValidatorFilters['sortBy'] | null;
  sortOrder?: SortOrder | null;
  minDelegationCapacity?: string | null;
  maxDelegationCapacity?: string | null;
  minTimeRemaining?: number | null;
  maxTimeRemaining?: number | null;
  minFeePercentage?: number | null;
  maxFeePercentage?: number | null;
  minUptimePerformance?: number | null;
  maxUptimePerformance?: number | null;
};

function validatorFilters(args: ValidatorArgs): ValidatorFilters {
  const nodeIds = args.nodeIds?.length ? [...new Set(args.nodeIds)] : undefined;
  if (nodeIds) checkListSize(nodeIds, 'nodeIds');
  const filters: ValidatorFilters = {
    nodeIds,
    subnetId: args.subnetId ?? undefined,
    validationStatus: args.validationStatus ?? undefined,
    sortBy: args.sortBy ?? undefined,
    sortOrder: args.sortOrder ?? undefined,
    minDelegationCapacity: capacityArg(args.minDelegationCapacity, 'minDelegationCapacity'),
    maxDelegationCapacity: capacityArg(args.maxDelegationCapacity, 'maxDelegationCapacity'),
    minTimeRemaining: remainingArg(args.minTimeRemaining, 'minTimeRemaining'),
    maxTimeRemaining: remainingArg(args.maxTimeRemaining, 'maxTimeRemaining'),
    minFeePercentage: percentArg(args.minFeePercentage, 'minFeePercentage', 2),
    maxFeePercentage: percentArg(args.maxFeePercentage, 'maxFeePercentage', 2),
    minUptimePerformance: percentArg(args.minUptimePerformance, 'minUptimePerformance', 0),
    maxUptimePerformance: percentArg(args.maxUptimePerformance, 'maxUptimePerformance', 0),
  };
  for (const [min, max, name] of [
    [
      filters.minDelegationCapacity && BigInt(filters.minDelegationCapacity),
      filters.maxDelegationCapacity && BigInt(filters.maxDelegationCapacity),
      'DelegationCapacity',
    ],
    [filters.minTimeRemaining, filters.maxTimeRemaining, 'TimeRemaining'],
    [filters.minFeePercentage, filters.maxFeePercentage, 'FeePercentage'],
    [filters.minUptimePerformance, filters.maxUptimePerformance, 'UptimePerformance'],
  ] as const) {
    if (min != null && max != null && min !== '' && max !== '' && min > max) {
      throw badInput(`\`min${name}\` (${min}) is above \`max${name}\` (${max}); no validator could match.`, { argument: `min${name}` });
    }
  }
  return filters;
}

const sortOrderArg = { type: SortOrderEnum, description: 'Newest first (the default) or oldest first.' } as const;

builder.objectFields(NetworkRef, (t) => ({
  validators: t.connection(
    {
      type: ValidatorRef,
      nullable: true,
      description:
        'Validations on this network (the Primary Network and permissioned subnets), filtered and sorted as the Data API allows. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: {
        nodeIds: t.arg({ type: [NodeIdScalar], description: 'Only these nodes (at most 100).' }),
        subnetId: t.arg({ type: CB58IdScalar, description: 'Only validations of this subnet; all subnets when omitted.' }),
        validationStatus: t.arg({ type: ValidationStatusEnum, description: 'Only validations in this state.' }),
        sortBy: t.arg({ type: ValidatorSortEnum, description: 'What to sort by; when they were added, by default.' }),
        sortOrder: t.arg(sortOrderArg),
        minDelegationCapacity: t.arg({
          type: 'BigInt',
          description: 'At least this much nAVAX can still be delegated (0 to 720000000000000000).',
        }),
        maxDelegationCapacity: t.arg({ type: 'BigInt', description: 'At most this much nAVAX can still be delegated.' }),
        minTimeRemaining: t.arg({ type: 'SafeInt', description: 'At least this many seconds left (0 to 2147483647).' }),
        maxTimeRemaining: t.arg({ type: 'SafeInt', description: 'At most this many seconds left.' }),
        minFeePercentage: t.arg({
          type: 'Float',
          description: 'Delegation fee at least this percent (2 to 100); excludes subnet validations.',
        }),
        maxFeePercentage: t.arg({
          type: 'Float',
          description: 'Delegation fee at most this percent (2 to 100); excludes subnet validations.',
        }),
        minUptimePerformance: t.arg({ type: 'Float', description: 'Uptime at least this percent (0 to 100).' }),
        maxUptimePerformance: t.arg({ type: 'Float', description: 'Uptime at most this percent (0 to 100).' }),
      },
      price: paged(VALIDATORS_PAGE),
      resolve: (network, args, ctx) => {
        const filters = validatorFilters(args);
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: VALIDATORS_PAGE,
          filters: [network.name, filters],
          fetchPage: (page) => listValidators(ctx.dataApi, network.name, { ...page, ...filters }),
          read: (page) => ({ items: page.validators, nextPageToken: page.nextPageToken }),
          toNode: (v) => validatorModel(network.name, v),
          keyOf: (v) => v.txHash,
        });
      },
    },
    ValidatorConnection,
  ),
  validator: t.field({
    type: ValidatorRef,
    nullable: true,
    description:
      "A node's newest validation (of `subnetId` when given, else of any subnet) among its 100 newest; null if it never validated. Its whole history: `validatorHistory`.",
    args: {
      nodeId: t.arg({ type: NodeIdScalar, required: true, description: 'The node (NodeID-…).' }),
      subnetId: t.arg({
        type: CB58IdScalar,
        description: 'Only its validations of this subnet (11111111111111111111111111111111LpoYY: the Primary Network).',
      }),
      validationStatus: t.arg({ type: ValidationStatusEnum, description: 'Only a validation in this state (ACTIVE: the current one).' }),
    },
    price: { calls: 1 },
    resolve: (network, args, ctx) => findValidator(ctx, network.name, args.nodeId, args),
  }),
  validatorHistory: t.connection(
    {
      type: ValidatorRef,
      nullable: true,
      description:
        'Every validation of one node, on every subnet, newest first unless asked; empty if it never validated. `first`: 1 to 500 (default 10).',
      args: {
        nodeId: t.arg({ type: NodeIdScalar, required: true, description: 'The node (NodeID-…).' }),
        validationStatus: t.arg({ type: ValidationStatusEnum, description: 'Only validations in this state.' }),
        sortOrder: t.arg(sortOrderArg),
      },
      price: paged(NODE_VALIDATIONS_PAGE),
      resolve: (network, args, ctx) => {
        const params = { validationStatus: args.validationStatus ?? undefined, sortOrder: args.sortOrder ?? undefined };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: NODE_VALIDATIONS_PAGE,
          filters: [network.name, args.nodeId, params],
          fetchPage: async (page) =>
            (await getSingleValidatorDetails(ctx.dataApi, network.name, args.nodeId, { ...page, ...params })) ?? { validators: [] },
          read: (page) => ({ items: page.validators, nextPageToken: page.nextPageToken }),
          toNode: (v) => validatorModel(network.name, v),
          keyOf: (v) => v.txHash,
        });
      },
    },
    ValidatorConnection,
  ),
  delegators: t.connection(
    {
      type: DelegatorRef,
      nullable: true,
      description: 'Delegations on this network, by the nodes they delegate to and the addresses they pay. `first`: 1 to 500 (default 10).',
      args: {
        nodeIds: t.arg({ type: [NodeIdScalar], description: 'Only delegations to these nodes (at most 100).' }),
        rewardAddresses: t.arg({ type: [AvalancheAddressScalar], description: 'Only delegations paying these addresses (at most 100).' }),
        delegationStatus: t.arg({ type: DelegationStatusEnum, description: 'Only delegations in this state.' }),
        sortOrder: t.arg(sortOrderArg),
      },
      price: paged(DELEGATORS_PAGE),
      resolve: (network, args, ctx) => delegatorConnection(ctx, network.name, args, args),
    },
    DelegatorConnection,
  ),
  pendingRewards: t.connection(
    {
      type: PendingRewardRef,
      nullable: true,
      description:
        'Rewards running Primary Network stakes will pay, to `addresses` or for `nodeIds` (at least one is required). `first`: 1 to 500 (default 10).',
      args: {
        addresses: t.arg({ type: [AvalancheAddressScalar], description: 'Reward addresses of this network (at most 100).' }),
        nodeIds: t.arg({ type: [NodeIdScalar], description: 'Validating nodes (at most 100).' }),
        sortOrder: t.arg(sortOrderArg),
      },
      price: paged(PENDING_PAGE),
      resolve: (network, args, ctx) => pendingConnection(ctx, network.name, args, args),
    },
    PendingRewardConnection,
  ),
}));

builder.objectFields(ValidatorRef, (t) => ({
  delegators: t.connection(
    {
      type: DelegatorRef,
      nullable: true,
      description:
        "Delegations to this validation's node (the Data API lists them by node), newest first unless asked. `first`: 1 to 500 (default 10).",
      args: {
        delegationStatus: t.arg({ type: DelegationStatusEnum, description: 'Only delegations in this state.' }),
        sortOrder: t.arg(sortOrderArg),
      },
      price: paged(DELEGATORS_PAGE),
      resolve: (v, args, ctx) => delegatorConnection(ctx, v.network, { ...args, nodeIds: [v.nodeId] }, args),
    },
    DelegatorConnection,
  ),
  pendingRewards: t.connection(
    {
      type: PendingRewardRef,
      nullable: true,
      description: "Rewards this node's running stakes (its own and its delegators') will pay. `first`: 1 to 500 (default 10).",
      args: { sortOrder: t.arg(sortOrderArg) },
      price: paged(PENDING_PAGE),
      resolve: (v, args, ctx) => pendingConnection(ctx, v.network, { nodeIds: [v.nodeId], sortOrder: args.sortOrder }, args),
    },
    PendingRewardConnection,
  ),
}));

builder.objectField(DelegatorRef, 'validator', (t) =>
  t.field({
    type: ValidatorRef,
    nullable: true,
    description:
      "The node's Primary Network validation this delegation falls within; null if the Data API no longer lists it among the node's 100 newest.",
    price: { calls: 1 },
    resolve: async (d, _args, ctx) => {
      const res = await getSingleValidatorDetails(ctx.dataApi, d.network, d.nodeId, { pageSize: NODE_VALIDATIONS });
      const found = res?.validators.find(
        (v) => v.subnetId === PRIMARY_NETWORK_ID && v.startTimestamp <= d.startTimestamp && v.endTimestamp >= d.endTimestamp,
      );
      return found ? validatorModel(d.network, found) : null;
    },
  }),
);

builder.objectFields(AddressRef, (t) => ({
  delegations: t.connection(
    {
      type: DelegatorRef,
      nullable: true,
      description: 'Delegations that pay this address. `first`: 1 to 500 (default 10).',
      args: {
        delegationStatus: t.arg({ type: DelegationStatusEnum, description: 'Only delegations in this state.' }),
        sortOrder: t.arg(sortOrderArg),
      },
      price: paged(DELEGATORS_PAGE),
      resolve: (a, args, ctx) => {
        if (a.address.startsWith('0x')) throw badInput('Delegations pay P-Chain addresses, not EVM addresses.', { argument: 'address' });
        return delegatorConnection(ctx, a.network, { ...args, rewardAddresses: [a.address] }, args);
      },
    },
    DelegatorConnection,
  ),
  pendingRewards: t.connection(
    {
      type: PendingRewardRef,
      nullable: true,
      description: 'Rewards running stakes will pay this address. `first`: 1 to 500 (default 10).',
      args: { sortOrder: t.arg(sortOrderArg) },
      price: paged(PENDING_PAGE),
      resolve: (a, args, ctx) => {
        if (a.address.startsWith('0x'))
          throw badInput('Staking rewards are paid to P-Chain addresses, not to EVM addresses.', { argument: 'address' });
        return pendingConnection(ctx, a.network, { addresses: [a.address], sortOrder: args.sortOrder }, args);
      },
    },
    PendingRewardConnection,
  ),
}));
