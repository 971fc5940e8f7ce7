/**
 * Staking: listValidators, getSingleValidatorDetails, listDelegators and
 * listPendingPrimaryNetworkRewards, over the validations and delegations of the world's P-Chain
 * history (sandbox/world/validators.ts), with the filters and bounds of the spec.
 */
import type { ValidatorDetails } from '../../src/upstreams/data-api/staking.js';
import { paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { TIMELINE } from '../world/timeline.js';
import { getStakingWorld } from '../world/validators.js';
import { apiError } from '../routes.js';
import { fingerprint, readAddresses, readNodeIds, sorted, SORT, withWorld } from './common.js';

const VALIDATION_STATUSES = ['completed', 'active', 'pending', 'removed'] as const;
const DELEGATION_STATUSES = ['completed', 'active', 'pending'] as const;
const SORT_BY = ['blockIndex', 'delegationCapacity', 'timeRemaining', 'delegationFee', 'uptimePerformance'] as const;
const MAX_CAPACITY = 720_000_000_000_000_000n;

function readCapacity(q: QueryReader, name: string): bigint | undefined {
  const raw = q.string(name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || BigInt(raw) > MAX_CAPACITY) {
    q.problem(`${name} must be an integer from 0 to ${MAX_CAPACITY}`);
    return undefined;
  }
  return BigInt(raw);
}

function readNumber(q: QueryReader, name: string, min: number, max: number): number | undefined {
  const raw = q.string(name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) q.problem(`${name} must be a number conforming to the specified constraints`);
  else if (n < min) q.problem(`${name} must not be less than ${min}`);
  else if (n > max) q.problem(`${name} must not be greater than ${max}`);
  else return n;
  return undefined;
}

const between = (value: number | bigint | undefined, min: number | bigint | undefined, max: number | bigint | undefined) =>
  (min === undefined || (value !== undefined && value >= min)) && (max === undefined || (value !== undefined && value <= max));

/** What `sortBy` sorts by; a validation without the figure sorts first. */
const SORT_KEYS: Record<(typeof SORT_BY)[number], (v: ValidatorDetails) => number> = {
  blockIndex: (v) => v.startTimestamp,
  delegationCapacity: (v) => Number(v.delegationCapacity ?? -1),
  timeRemaining: (v) => v.endTimestamp - TIMELINE.now,
  delegationFee: (v) => Number(v.delegationFee ?? -1),
  uptimePerformance: (v) => v.uptimePerformance ?? -1,
};

export function stakingRoutes(seed: string) {
  return {
    listValidators: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/validators$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, [
          'pageToken',
          'pageSize',
          'nodeIds',
          'sortBy',
          'sortOrder',
          'validationStatus',
          'minDelegationCapacity',
          'maxDelegationCapacity',
          'minTimeRemaining',
          'maxTimeRemaining',
          'minFeePercentage',
          'maxFeePercentage',
          'minUptimePerformance',
          'maxUptimePerformance',
          'subnetId',
        ]);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        // "Supports substring matching": a node id filter matches ids that contain it.
        const nodeIds = q.string('nodeIds')?.split(',');
        const sortBy = q.oneOf('sortBy', SORT_BY) ?? 'blockIndex';
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        const status = q.oneOf('validationStatus', VALIDATION_STATUSES);
        const capacity = [readCapacity(q, 'minDelegationCapacity'), readCapacity(q, 'maxDelegationCapacity')] as const;
        const remaining = [readNumber(q, 'minTimeRemaining', 0, 2147483647), readNumber(q, 'maxTimeRemaining', 0, 2147483647)] as const;
        const fee = [readNumber(q, 'minFeePercentage', 2, 100), readNumber(q, 'maxFeePercentage', 2, 100)] as const;
        const uptime = [readNumber(q, 'minUptimePerformance', 0, 100), readNumber(q, 'maxUptimePerformance', 0, 100)] as const;
        const subnetId = q.string('subnetId');
        q.done();
        const matches = getStakingWorld(world.network, seed).validators.filter(
          (v) =>
            (!nodeIds || nodeIds.some((id) => v.nodeId.includes(id))) &&
            (status === undefined || v.validationStatus === status) &&
            (subnetId === undefined || v.subnetId === subnetId) &&
            between(v.delegationCapacity === undefined ? undefined : BigInt(v.delegationCapacity), ...capacity) &&
            between(v.endTimestamp - TIMELINE.now, ...remaining) &&
            between(v.delegationFee === undefined ? undefined : Number(v.delegationFee), ...fee) &&
            between(v.uptimePerformance, ...uptime),
        );
        const key = SORT_KEYS[sortBy];
        const ordered = [...matches].sort((a, b) => key(a) - key(b) || (a.txHash < b.txHash ? -1 : 1));
        const { page, nextPageToken } = paginate(
          sorted(ordered, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint(
            'validators',
            world.network,
            nodeIds,
            sortBy,
            sortOrder,
            status,
            subnetId,
            capacity.map(String),
            remaining,
            fee,
            uptime,
          ),
          (v) => v.txHash,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), validators: page } };
      }),
    },
    getSingleValidatorDetails: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/validators\/([^/]+)$/,
      handle: withWorld(seed, (world, _network, [rawNodeId], query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'validationStatus', 'sortOrder']);
        const nodeId = decodeURIComponent(rawNodeId!);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const status = q.oneOf('validationStatus', VALIDATION_STATUSES);
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        readNodeIds(q, nodeId);
        q.done();
        const mine = getStakingWorld(world.network, seed).validators.filter((v) => v.nodeId === nodeId);
        if (mine.length === 0) return apiError(404, `Validator ${nodeId} not found`);
        const { page, nextPageToken } = paginate(
          sorted(
            mine.filter((v) => status === undefined || v.validationStatus === status),
            sortOrder,
          ),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('validator', world.network, nodeId, status, sortOrder),
          (v) => v.txHash,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), validators: page } };
      }),
    },
    listDelegators: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/delegators$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'rewardAddresses', 'sortOrder', 'delegationStatus', 'nodeIds']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const addresses = readAddresses(q, world, q.string('rewardAddresses'), false);
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        const status = q.oneOf('delegationStatus', DELEGATION_STATUSES);
        const nodeIds = readNodeIds(q, q.string('nodeIds'));
        q.done();
        const matches = getStakingWorld(world.network, seed).delegators.filter(
          (d) =>
            (!addresses || d.rewardAddresses.some((a) => addresses.includes(a))) &&
            (!nodeIds || nodeIds.includes(d.nodeId)) &&
            (status === undefined || d.delegationStatus === status),
        );
        const { page, nextPageToken } = paginate(
          sorted(matches, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('delegators', world.network, addresses, nodeIds, status, sortOrder),
          (d) => d.txHash,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), delegators: page } };
      }),
    },
    listPendingPrimaryNetworkRewards: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/rewards:listPending$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['addresses', 'pageToken', 'pageSize', 'nodeIds', 'sortOrder']);
        const addresses = readAddresses(q, world, q.string('addresses'), false);
        const nodeIds = readNodeIds(q, q.string('nodeIds'));
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        if (!addresses?.length && !nodeIds?.length) q.problem('At least one of addresses or nodeIds is required');
        q.done();
        const matches = getStakingWorld(world.network, seed).pendingRewards.filter(
          (r) => (!addresses?.length || r.addresses.some((a) => addresses.includes(a))) && (!nodeIds?.length || nodeIds.includes(r.nodeId)),
        );
        const { page, nextPageToken } = paginate(
          sorted(matches, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('pendingRewards', world.network, addresses, nodeIds, sortOrder),
          (r) => `${r.txHash}:${r.rewardType}`,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), pendingRewards: page } };
      }),
    },
  } satisfies DataApiRoutes;
}
