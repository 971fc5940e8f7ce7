/**
 * X-Chain assets as the Data API indexes them: one asset's details, and its transactions.
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { ListTransactionsResponse, XChainAssetDetails, XChainTransaction } from './transaction.js';
import type { PrimaryNetworkTxType, WireNetwork } from './wire.js';

/**
 * How long the answers of this file's operations are shared, and how the paged ones page
 * (src/upstreams/sharing.ts). An asset never changes once created; its transactions grow.
 */
export const xChainAssetOperations = {
  getAssetDetails: { freshness: 'immutable' },
  listAssetTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof xChainAssetOperations> {}
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId} (getAssetDetails). Null
 * when the upstream has none (404).
 * Spec: operationId `getAssetDetails` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const asset = await getAssetDetails(ctx.dataApi, 'mainnet', assetId); // null when unknown
 */
export function getAssetDetails(client: DataApiClient, network: WireNetwork, assetId: string): Promise<XChainAssetDetails | null> {
  return client.getOrNone('getAssetDetails', `/v1/networks/${segment(network)}/blockchains/x-chain/assets/${segment(assetId)}`);
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions
 * (listAssetTransactions): the X-Chain transactions that moved or created the asset, newest first.
 * Spec: operationId `listAssetTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listAssetTransactions(ctx.dataApi, 'mainnet', assetId, { pageSize: 10 });
 */
export function listAssetTransactions(
  client: DataApiClient,
  network: WireNetwork,
  assetId: string,
  params: PageParams & { txTypes?: readonly PrimaryNetworkTxType[]; startTimestamp?: number; endTimestamp?: number },
): Promise<ListTransactionsResponse<XChainTransaction>> {
  return client.get(
    'listAssetTransactions',
    `/v1/networks/${segment(network)}/blockchains/x-chain/assets/${segment(assetId)}/transactions`,
    {
      txTypes: params.txTypes?.length ? params.txTypes : undefined,
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
    },
    'transactions',
  );
}
