/**
 * An EVM address: its balances (native, ERC-20, ERC-721, ERC-1155, collectibles) and its history
 * (every transaction with its transfers, native transactions, ERC-20/721/1155 transfers, internal
 * transactions).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, Flat, CurrencyCode, SortOrder } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const evmAddressOperations = {
  listErc20Transactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listInternalTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  getNativeBalance: { freshness: 'balances' },
  listCollectibleBalances: { freshness: 'balances', pages: { max: 500, default: 10 } },
  listErc20Balances: { freshness: 'balances', pages: { max: 500, default: 10 } },
  listErc721Balances: { freshness: 'balances', pages: { max: 500, default: 10 } },
  listErc1155Balances: { freshness: 'balances', pages: { max: 500, default: 10 } },
  listTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listTransactionsV2: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listNativeTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listErc721Transactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listErc1155Transactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
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

/** The query of a listing by block range, in the spec's names. */
export const rangeQuery = (params: PageParams & BlockRange) => ({
  startBlock: params.startBlock,
  endBlock: params.endBlock,
  pageToken: params.pageToken,
  pageSize: params.pageSize,
});

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20 (listErc20Transactions).
 * `startBlock` is inclusive, `endBlock` exclusive.
 * Spec: operationId `listErc20Transactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
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
    rangeQuery(params),
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listInternals (listInternalTransactions).
 * Only CALL/CALLCODE with value and CREATE/CREATE2/CREATE3 are listed.
 * Spec: operationId `listInternalTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
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
    rangeQuery(params),
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:getNative (getNativeBalance).
 * Spec: operationId `getNativeBalance` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
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
 * Spec: operationId `listCollectibleBalances` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
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

export type Erc20TokenBalance = Schemas['Erc20TokenBalance'];

export type ListErc20BalancesResponse = Answer<'listErc20Balances'>;

export type ListErc721BalancesResponse = Answer<'listErc721Balances'>;

export type ListErc1155BalancesResponse = Answer<'listErc1155Balances'>;

/** One transaction of an address's history with the transfers in it that the address took part in (v1). */
export type TransactionDetails = Schemas['TransactionDetails'];

/** The same, v2: its ERC-20 tokens carry their reputation (`tokenReputation`). */
export type TransactionDetailsV2 = Schemas['TransactionDetailsV2'];

export type ListTransactionsResponse = Answer<'listTransactions'>;

export type ListTransactionsV2Response = Answer<'listTransactionsV2'>;

export type ListAddressNativeTransactionsResponse = Answer<'listNativeTransactions'>;

export type Erc721Transfer = Schemas['Erc721Transfer'];

export type Erc1155Transfer = Schemas['Erc1155Transfer'];

export type ListErc721TransactionsResponse = Answer<'listErc721Transactions'>;

export type ListErc1155TransactionsResponse = Answer<'listErc1155Transactions'>;

/** The ERC-20 balances' query: at a block (the latest when omitted), of some contracts only, priced in a currency. */
export interface Erc20BalanceParams extends PageParams {
  blockNumber?: string;
  /** Contract addresses; sent as the spec's comma list. */
  contractAddresses?: readonly string[];
  currency?: CurrencyCode;
  filterSpamTokens?: boolean;
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20 (listErc20Balances). pageSize 1..500.
 * Spec: operationId `listErc20Balances` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { erc20TokenBalances } = await listErc20Balances(ctx.dataApi, '43114', '0x71c7…', { currency: 'usd', pageSize: 100 });
 */
export function listErc20Balances(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: Erc20BalanceParams,
): Promise<ListErc20BalancesResponse> {
  return client.get(
    'listErc20Balances',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:listErc20`,
    {
      blockNumber: params.blockNumber,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      filterSpamTokens: params.filterSpamTokens,
      contractAddresses: params.contractAddresses?.length ? params.contractAddresses.join(',') : undefined,
      currency: params.currency,
    },
    'erc20TokenBalances',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:listErc721 (listErc721Balances). pageSize 1..500.
 * Spec: operationId `listErc721Balances` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { erc721TokenBalances } = await listErc721Balances(ctx.dataApi, '43114', '0x71c7…', { contractAddress: '0xb97e…' });
 */
export function listErc721Balances(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & { contractAddress?: string },
): Promise<ListErc721BalancesResponse> {
  return client.get(
    'listErc721Balances',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:listErc721`,
    { pageToken: params.pageToken, pageSize: params.pageSize, contractAddress: params.contractAddress },
    'erc721TokenBalances',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155 (listErc1155Balances). pageSize 1..500.
 * Spec: operationId `listErc1155Balances` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { erc1155TokenBalances } = await listErc1155Balances(ctx.dataApi, '43114', '0x71c7…', { blockNumber: '6479329' });
 */
export function listErc1155Balances(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & { blockNumber?: string; contractAddress?: string },
): Promise<ListErc1155BalancesResponse> {
  return client.get(
    'listErc1155Balances',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:listErc1155`,
    {
      blockNumber: params.blockNumber,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      contractAddress: params.contractAddress,
    },
    'erc1155TokenBalances',
  );
}

/** A history listing's query: a block range (`startBlock` inclusive, `endBlock` exclusive), in an order. */
export interface HistoryParams extends PageParams, BlockRange {
  sortOrder?: SortOrder;
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions (listTransactions): every transaction the
 * address took part in, each with the ERC-20/721/1155 transfers and internal transactions of it
 * that the address sent or received.
 * Spec: operationId `listTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listTransactions(ctx.dataApi, '43114', '0x71c7…', { sortOrder: 'asc' });
 */
export function listTransactions(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: HistoryParams,
): Promise<ListTransactionsResponse> {
  return client.get(
    'listTransactions',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions`,
    { ...rangeQuery(params), sortOrder: params.sortOrder },
    'transactions',
  );
}

/**
 * GET /v2/chains/{chainId}/addresses/{address}/transactions (listTransactionsV2): listTransactions
 * with each ERC-20 token's reputation, and spam tokens' transfers left out on request.
 * Spec: operationId `listTransactionsV2` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listTransactionsV2(ctx.dataApi, '43114', '0x71c7…', { filterSpamTokens: true });
 */
export function listTransactionsV2(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: HistoryParams & { filterSpamTokens?: boolean },
): Promise<ListTransactionsV2Response> {
  return client.get(
    'listTransactionsV2',
    `/v2/chains/${segment(chainId)}/addresses/${segment(address)}/transactions`,
    { ...rangeQuery(params), filterSpamTokens: params.filterSpamTokens, sortOrder: params.sortOrder },
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative (listNativeTransactions).
 * Spec: operationId `listNativeTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listNativeTransactions(ctx.dataApi, '43114', '0x71c7…', { startBlock: 1 });
 */
export function listNativeTransactions(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & BlockRange,
): Promise<ListAddressNativeTransactionsResponse> {
  return client.get(
    'listNativeTransactions',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listNative`,
    rangeQuery(params),
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721 (listErc721Transactions).
 * Spec: operationId `listErc721Transactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listErc721Transactions(ctx.dataApi, '43114', '0x71c7…', {});
 */
export function listErc721Transactions(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & BlockRange,
): Promise<ListErc721TransactionsResponse> {
  return client.get(
    'listErc721Transactions',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listErc721`,
    rangeQuery(params),
    'transactions',
  );
}

/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155 (listErc1155Transactions).
 * Spec: operationId `listErc1155Transactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listErc1155Transactions(ctx.dataApi, '43114', '0x71c7…', {});
 */
export function listErc1155Transactions(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & BlockRange,
): Promise<ListErc1155TransactionsResponse> {
  return client.get(
    'listErc1155Transactions',
    `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listErc1155`,
    rangeQuery(params),
    'transactions',
  );
}
