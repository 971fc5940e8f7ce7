/**
 * What the Data API indexes about Primary Network addresses: their balances, UTXOs and last
 * activity on the P-, X- or C-Chain, and their active staking transactions on the P-Chain. The
 * UTXO and last-activity reads have two routes: a GET with the addresses in the query string, and
 * a V2 POST with them in the body, for lists a URL cannot carry (and, for UTXOs, pages of up to
 * 1024).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { ListTransactionsResponse, PChainTransaction, PChainUtxo, XChainUtxo } from './transaction.js';
import type { Answer, PrimaryNetworkTxType, Schemas, SortOrder, WireNetwork } from './wire.js';

/**
 * How long the answers of this file's operations are shared, and how the paged ones page
 * (src/upstreams/sharing.ts). Balances and UTXOs move with every transaction of the address;
 * activity and staking transactions too.
 */
export const primaryNetworkAddressOperations = {
  getBalancesByAddresses: { freshness: 'balances' },
  getUtxosByAddresses: { freshness: 'balances', pages: { max: 100, default: 10 } },
  getUtxosByAddressesV2: { freshness: 'balances', pages: { max: 1024, default: 10 } },
  getLastActivityTimestampByAddresses: { freshness: 'transactions' },
  getLastActivityTimestampByAddressesV2: { freshness: 'transactions' },
  listActivePrimaryNetworkStakingTransactions: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof primaryNetworkAddressOperations> {}
}

/** The Primary Network chains these routes take, by alias. */
export type PrimaryChainPath = 'p-chain' | 'x-chain' | 'c-chain';

export type PChainBalances = Schemas['PChainBalance'];
export type XChainBalances = Schemas['XChainBalances'];
export type CChainAtomicBalances = Schemas['CChainAtomicBalances'];
export type AggregatedAssetAmount = Schemas['AggregatedAssetAmount'];

/** One chain's answer of getBalancesByAddresses (the spec lists the three as oneOf; `chainInfo` says which). */
export type BalancesResponse = Answer<'getBalancesByAddresses'>;

/** One chain's answer of the UTXO routes: P-Chain UTXOs in their shape, X- and C-Chain UTXOs in theirs. */
export interface UtxosResponse {
  nextPageToken?: string;
  utxos: (PChainUtxo | XChainUtxo)[];
  chainInfo: Schemas['PrimaryNetworkChainInfo'];
}

export type LastActivityTimestamp = Schemas['LastActivityTimestamp'];

export type UtxoSortBy = Schemas['UtxosSortByOption'];

/** The filters both UTXO routes take. */
export interface UtxoFilters {
  assetId?: string;
  minUtxoAmount?: number;
  includeSpent?: boolean;
  sortBy?: UtxoSortBy;
  sortOrder?: SortOrder;
}

const utxoQuery = (params: PageParams & UtxoFilters) => ({
  pageToken: params.pageToken,
  pageSize: params.pageSize,
  assetId: params.assetId,
  minUtxoAmount: params.minUtxoAmount,
  includeSpent: params.includeSpent,
  sortBy: params.sortBy,
  sortOrder: params.sortOrder,
});

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/balances (getBalancesByAddresses): the
 * balances of all the addresses together. On the C-Chain only the atomic memory (what was exported
 * to it and waits to be imported); the EVM balance is another route.
 * Spec: operationId `getBalancesByAddresses` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { balances } = await getBalancesByAddresses(ctx.dataApi, 'mainnet', 'p-chain', { addresses: ['avax1…'] });
 */
export function getBalancesByAddresses(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: PrimaryChainPath,
  params: { addresses: readonly string[]; blockTimestamp?: number },
): Promise<BalancesResponse> {
  return client.get('getBalancesByAddresses', `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/balances`, {
    blockTimestamp: params.blockTimestamp,
    addresses: params.addresses.join(','),
  });
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/utxos (getUtxosByAddresses): the UTXOs of
 * the addresses, up to 100 a page.
 * Spec: operationId `getUtxosByAddresses` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { utxos } = await getUtxosByAddresses(ctx.dataApi, 'mainnet', 'x-chain', { addresses: ['avax1…'], pageSize: 10 });
 */
export function getUtxosByAddresses(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: PrimaryChainPath,
  params: PageParams & UtxoFilters & { addresses: readonly string[] },
): Promise<UtxosResponse> {
  return client.get(
    'getUtxosByAddresses',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/utxos`,
    { addresses: params.addresses.join(','), ...utxoQuery(params) },
    'utxos',
  );
}

/**
 * POST /v1/networks/{network}/blockchains/{blockchainId}/utxos (getUtxosByAddressesV2): the same
 * listing with the addresses in the body (`{ addresses: "a,b,…" }`) and pages of up to 1024.
 * Spec: operationId `getUtxosByAddressesV2` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { utxos } = await getUtxosByAddressesV2(ctx.dataApi, 'mainnet', 'p-chain', { addresses: manyAddresses, pageSize: 1024 });
 */
export function getUtxosByAddressesV2(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: PrimaryChainPath,
  params: PageParams & UtxoFilters & { addresses: readonly string[] },
): Promise<UtxosResponse> {
  return client.post(
    'getUtxosByAddressesV2',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/utxos`,
    utxoQuery(params),
    { addresses: params.addresses.join(',') } satisfies Schemas['PrimaryNetworkAddressesBodyDto'],
    'utxos',
  );
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses
 * (getLastActivityTimestampByAddresses): the latest UTXO created or consumed for any of the addresses;
 * null when none has any (404).
 * Spec: operationId `getLastActivityTimestampByAddresses` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { timestamp, txHash } = await getLastActivityTimestampByAddresses(ctx.dataApi, 'mainnet', 'p-chain', ['avax1…']);
 */
export function getLastActivityTimestampByAddresses(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: PrimaryChainPath,
  addresses: readonly string[],
): Promise<LastActivityTimestamp | null> {
  return client.getOrNone(
    'getLastActivityTimestampByAddresses',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/lastActivityTimestampByAddresses`,
    { addresses: addresses.join(',') },
  );
}

/**
 * POST /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses
 * (getLastActivityTimestampByAddressesV2): the same, with the addresses in the body.
 * Spec: operationId `getLastActivityTimestampByAddressesV2` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { timestamp } = await getLastActivityTimestampByAddressesV2(ctx.dataApi, 'mainnet', 'x-chain', manyAddresses);
 */
export function getLastActivityTimestampByAddressesV2(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: PrimaryChainPath,
  addresses: readonly string[],
): Promise<LastActivityTimestamp | null> {
  return client.postOrNone(
    'getLastActivityTimestampByAddressesV2',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/lastActivityTimestampByAddresses`,
    { addresses: addresses.join(',') } satisfies Schemas['PrimaryNetworkAddressesBodyDto'],
  );
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking
 * (listActivePrimaryNetworkStakingTransactions): the P-Chain staking transactions of the addresses
 * whose staking period has not ended.
 * Spec: operationId `listActivePrimaryNetworkStakingTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listActivePrimaryNetworkStakingTransactions(ctx.dataApi, 'mainnet', { addresses: ['avax1…'] });
 */
export function listActivePrimaryNetworkStakingTransactions(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & {
    addresses: readonly string[];
    txTypes?: readonly PrimaryNetworkTxType[];
    startTimestamp?: number;
    endTimestamp?: number;
    sortOrder?: SortOrder;
  },
): Promise<ListTransactionsResponse<PChainTransaction>> {
  return client.get(
    'listActivePrimaryNetworkStakingTransactions',
    `/v1/networks/${segment(network)}/blockchains/p-chain/transactions:listStaking`,
    {
      addresses: params.addresses.join(','),
      txTypes: params.txTypes?.length ? params.txTypes : undefined,
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      sortOrder: params.sortOrder,
    },
    'transactions',
  );
}
