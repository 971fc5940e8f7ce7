/**
 * Historical staking rewards (listHistoricalPrimaryNetworkRewards).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, WireNetwork, SortOrder, CurrencyCode } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const rewardOperations = {
  listHistoricalPrimaryNetworkRewards: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof rewardOperations> {}
}

export type HistoricalReward = Schemas['HistoricalReward'];

export type ListHistoricalRewardsResponse = Answer<'listHistoricalPrimaryNetworkRewards'>;

/**
 * GET /v1/networks/{network}/rewards (listHistoricalPrimaryNetworkRewards). Needs addresses or nodeIds.
 * Spec: operationId `listHistoricalPrimaryNetworkRewards` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { historicalRewards } = await listHistoricalPrimaryNetworkRewards(ctx.dataApi, 'mainnet', { addresses: ['avax1…'] });
 */
export function listHistoricalPrimaryNetworkRewards(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & {
    addresses?: readonly string[];
    nodeIds?: readonly string[];
    sortOrder?: SortOrder;
    currency?: CurrencyCode;
  },
): Promise<ListHistoricalRewardsResponse> {
  return client.get(
    'listHistoricalPrimaryNetworkRewards',
    `/v1/networks/${segment(network)}/rewards`,
    {
      addresses: params.addresses?.length ? params.addresses.join(',') : undefined,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      nodeIds: params.nodeIds?.length ? params.nodeIds.join(',') : undefined,
      sortOrder: params.sortOrder,
      currency: params.currency,
    },
    'historicalRewards',
  );
}
