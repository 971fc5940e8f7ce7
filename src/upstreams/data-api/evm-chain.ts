/**
 * An EVM chain's latest transactions (listLatestTransactions).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const evmChainOperations = {
  listLatestTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof evmChainOperations> {}
}

export type EvmTransactionStatus = Schemas['TransactionStatus'];

export type TransactionMethodType = Schemas['TransactionMethodType'];

export type RichAddress = Schemas['RichAddress'];

export type NativeTransaction = Schemas['NativeTransaction'];

export type ListNativeTransactionsResponse = Answer<'listLatestTransactions'>;

/**
 * GET /v1/chains/{chainId}/transactions (listLatestTransactions). `chainId`: EVM chain id or blockchain id.
 * Spec: operationId `listLatestTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listLatestTransactions(ctx.dataApi, '43114', { status: 'success' });
 */
export function listLatestTransactions(
  client: DataApiClient,
  chainId: string,
  params: PageParams & { status?: EvmTransactionStatus },
): Promise<ListNativeTransactionsResponse> {
  return client.get(
    'listLatestTransactions',
    `/v1/chains/${segment(chainId)}/transactions`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      status: params.status,
    },
    'transactions',
  );
}
