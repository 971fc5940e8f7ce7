/**
 * An EVM address: its ERC-20 transfers, internal transactions, native balance and collectibles.
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, Flat, CurrencyCode } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const evmAddressOperations = {
  listErc20Transactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listInternalTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  getNativeBalance: { freshness: 'balances' },
  listCollectibleBalances: { freshness: 'balances', pages: { max: 500, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof evmAddressOperations> {}
}

export type Erc20Token = Schemas['Erc20Token'];

export type Erc20Transfer = Schemas['Erc20Transfer'];

export type ListErc20TransactionsResponse = Answer<'listErc20Transactions'>;

export type InternalTransaction = Schemas['InternalTransaction'];

export type ListInternalTransactionsResponse = Answer<'listInternalTransactions'>;

export type NativeTokenBalance = Schemas['NativeTokenBalance'];

export type GetNativeBalanceResponse = Answer<'getNativeBalance'>;

export type Erc721TokenBalance = Schemas['Erc721TokenBalance'];

export type Erc1155TokenBalance = Schemas['Erc1155TokenBalance'];

export type CollectibleBalance = Erc721TokenBalance | Erc1155TokenBalance;

export type NftMetadata = Flat<Schemas['Erc721TokenMetadata'] | Schemas['Erc1155TokenMetadata']>;

export type ListCollectibleBalancesResponse = Answer<'listCollectibleBalances'>;

export interface BlockRange {
  startBlock?: number;
  endBlock?: number;
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20 (listErc20Transactions).
 * `startBlock` is inclusive, `endBlock` exclusive.
 * Spec: operationId `listErc20Transactions` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
 * @example
 * const { transactions } = await listErc20Transactions(ctx.dataApi, '43114', '0x71c7…', { startBlock: 1, endBlock: 100 });
 */
export function listErc20Transactions(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & BlockRange,
): Promise<ListErc20TransactionsResponse> {
  return client.get(
    'listErc20Transactions',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listErc20`,
    {
      startBlock: params.startBlock,
      endBlock: params.endBlock,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
    },
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listInternals (listInternalTransactions).
 * Only CALL/CALLCODE with value and CREATE/CREATE2/CREATE3 are listed.
 * Spec: operationId `listInternalTransactions` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
 * @example
 * const { transactions } = await listInternalTransactions(ctx.dataApi, '43114', '0x71c7…', {});
 */
export function listInternalTransactions(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & BlockRange,
): Promise<ListInternalTransactionsResponse> {
  return client.get(
    'listInternalTransactions',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listInternals`,
    {
      startBlock: params.startBlock,
      endBlock: params.endBlock,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
    },
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:getNative (getNativeBalance).
 * Spec: operationId `getNativeBalance` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
 * @example
 * const { nativeTokenBalance } = await getNativeBalance(ctx.dataApi, '43114', '0x71c7…', { currency: 'eur' });
 */
export function getNativeBalance(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: { blockNumber?: string; currency?: CurrencyCode },
): Promise<GetNativeBalanceResponse> {
  return client.get('getNativeBalance', `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:getNative`, {
    blockNumber: params.blockNumber,
    currency: params.currency,
  });
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles (listCollectibleBalances). pageSize 1..500.
 * Spec: operationId `listCollectibleBalances` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
 * @example
 * const { collectibleBalances } = await listCollectibleBalances(ctx.dataApi, '43114', '0x71c7…', { pageSize: 50 });
 */
export function listCollectibleBalances(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & { contractAddress?: string },
): Promise<ListCollectibleBalancesResponse> {
  return client.get(
    'listCollectibleBalances',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:listCollectibles`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      contractAddress: params.contractAddress,
    },
    'collectibleBalances',
  );
}
