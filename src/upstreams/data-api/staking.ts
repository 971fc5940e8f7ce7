/**
 * Staking on the Primary Network and its subnets: validators (listValidators, one node's
 * validations by getSingleValidatorDetails), delegators (listDelegators) and the rewards still to
 * be paid (listPendingPrimaryNetworkRewards).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { Answer, Flat, Schemas, SortOrder, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const stakingOperations = {
  listValidators: { freshness: 'validators', pages: { max: 100, default: 10 } },
  getSingleValidatorDetails: { freshness: 'validators', pages: { max: 100, default: 10 } },
  listDelegators: { freshness: 'validators', pages: { max: 100, default: 10 } },
  listPendingPrimaryNetworkRewards: { freshness: 'validators', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof stakingOperations> {}
}

export type ValidationStatus = Schemas['ValidationStatusType'];
export type DelegationStatus = Schemas['DelegationStatusType'];
export type ValidatorSortBy = Schemas['SortByOption'];

/** The four shapes of a validation (pending, active, completed, removed) as one (see `Flat`), told apart by `validationStatus`. */
export type ValidatorDetails = Flat<Answer<'listValidators'>['validators'][number]>;

/** The three shapes of a delegation (pending, active, completed) as one, told apart by `delegationStatus`. */
export type DelegatorDetails = Flat<Answer<'listDelegators'>['delegators'][number]>;

export type PendingReward = Schemas['PendingReward'];

export type ListValidatorsResponse = Omit<Answer<'listValidators'>, 'validators'> & { validators: ValidatorDetails[] };
export type ListDelegatorsResponse = Omit<Answer<'listDelegators'>, 'delegators'> & { delegators: DelegatorDetails[] };
export type ListPendingRewardsResponse = Answer<'listPendingPrimaryNetworkRewards'>;

/** The filters of listValidators, as the spec names them (numbers where it takes numbers, nAVAX as decimal strings). */
export interface ValidatorFilters {
  nodeIds?: readonly string[];
  sortBy?: ValidatorSortBy;
  sortOrder?: SortOrder;
  validationStatus?: ValidationStatus;
  minDelegationCapacity?: string;
  maxDelegationCapacity?: string;
  minTimeRemaining?: number;
  maxTimeRemaining?: number;
  minFeePercentage?: number;
  maxFeePercentage?: number;
  minUptimePerformance?: number;
  maxUptimePerformance?: number;
  subnetId?: string;
}

const commaList = (list: readonly string[] | undefined) => (list?.length ? list.join(',') : undefined);

/**
 * GET /v1/networks/{network}/validators (listValidators). pageSize 1..100.
 * Spec: operationId `listValidators` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { validators } = await listValidators(ctx.dataApi, 'mainnet', { validationStatus: 'active', pageSize: 50 });
 */
export function listValidators(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & ValidatorFilters,
): Promise<ListValidatorsResponse> {
  return client.get(
    'listValidators',
    `/v1/networks/${segment(network)}/validators`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      nodeIds: commaList(params.nodeIds),
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      validationStatus: params.validationStatus,
      minDelegationCapacity: params.minDelegationCapacity,
      maxDelegationCapacity: params.maxDelegationCapacity,
      minTimeRemaining: params.minTimeRemaining,
      maxTimeRemaining: params.maxTimeRemaining,
      minFeePercentage: params.minFeePercentage,
      maxFeePercentage: params.maxFeePercentage,
      minUptimePerformance: params.minUptimePerformance,
      maxUptimePerformance: params.maxUptimePerformance,
      subnetId: params.subnetId,
    },
    'validators',
  );
}

/**
 * GET /v1/networks/{network}/validators/{nodeId} (getSingleValidatorDetails): every validation of
 * one node, on the Primary Network and on subnets, newest first unless asked; null when the
 * node never validated (404). pageSize 1..100.
 * Spec: operationId `getSingleValidatorDetails` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { validators } = await getSingleValidatorDetails(ctx.dataApi, 'mainnet', 'NodeID-…', { validationStatus: 'active' });
 */
export function getSingleValidatorDetails(
  client: DataApiClient,
  network: WireNetwork,
  nodeId: string,
  params: PageParams & { validationStatus?: ValidationStatus; sortOrder?: SortOrder },
): Promise<ListValidatorsResponse | null> {
  return client.getOrNone('getSingleValidatorDetails', `/v1/networks/${segment(network)}/validators/${segment(nodeId)}`, {
    pageToken: params.pageToken,
    pageSize: params.pageSize,
    validationStatus: params.validationStatus,
    sortOrder: params.sortOrder,
  });
}

/**
 * GET /v1/networks/{network}/delegators (listDelegators): by validating node, by reward address, or
 * both. pageSize 1..100.
 * Spec: operationId `listDelegators` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { delegators } = await listDelegators(ctx.dataApi, 'mainnet', { nodeIds: ['NodeID-…'], delegationStatus: 'active' });
 */
export function listDelegators(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & {
    rewardAddresses?: readonly string[];
    nodeIds?: readonly string[];
    sortOrder?: SortOrder;
    delegationStatus?: DelegationStatus;
  },
): Promise<ListDelegatorsResponse> {
  return client.get(
    'listDelegators',
    `/v1/networks/${segment(network)}/delegators`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      rewardAddresses: commaList(params.rewardAddresses),
      sortOrder: params.sortOrder,
      delegationStatus: params.delegationStatus,
      nodeIds: commaList(params.nodeIds),
    },
    'delegators',
  );
}

/**
 * GET /v1/networks/{network}/rewards:listPending (listPendingPrimaryNetworkRewards): the rewards
 * running stakes will pay if they end well. Needs addresses or nodeIds. pageSize 1..100.
 * Spec: operationId `listPendingPrimaryNetworkRewards` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { pendingRewards } = await listPendingPrimaryNetworkRewards(ctx.dataApi, 'mainnet', { addresses: ['avax1…'] });
 */
export function listPendingPrimaryNetworkRewards(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & { addresses?: readonly string[]; nodeIds?: readonly string[]; sortOrder?: SortOrder },
): Promise<ListPendingRewardsResponse> {
  return client.get(
    'listPendingPrimaryNetworkRewards',
    `/v1/networks/${segment(network)}/rewards:listPending`,
    {
      addresses: commaList(params.addresses),
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      nodeIds: commaList(params.nodeIds),
      sortOrder: params.sortOrder,
    },
    'pendingRewards',
  );
}
