/**
 * EVM blocks and transactions by id, the latest of a chain or of every chain of a network, and the
 * chain registry: the chains the Data API indexes, one chain's details, the chains an address is
 * active on.
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { Answer, Schemas, WireNetwork } from './wire.js';
import type { EvmTransactionStatus } from './evm-chain.js';

/**
 * How long the answers of this file's operations are shared, and how the paged ones page
 * (src/upstreams/sharing.ts). An accepted block and its transactions never change on Avalanche
 * (no reorgs past acceptance); a transaction's answer carries prices and the ICM message it is
 * part of, which the indexer fills in later, so it lives as a transaction list does.
 */
export const evmBlockOperations = {
  getLatestBlocks: { freshness: 'heights', pages: { max: 100, default: 10 } },
  getBlock: { freshness: 'immutable' },
  getTransactionsForBlock: { freshness: 'immutable', pages: { max: 100, default: 0 } },
  listLatestBlocksAllChains: { freshness: 'heights', pages: { max: 100, default: 10 } },
  getTransaction: { freshness: 'transactions' },
  listLatestTransactionsAllChains: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  supportedChains: { freshness: 'subnets' },
  getChainInfo: { freshness: 'subnets' },
  listAddressChains: { freshness: 'transactions' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof evmBlockOperations> {}
}

export type EvmBlock = Schemas['EvmBlock'];

export type ListEvmBlocksResponse = Answer<'getLatestBlocks'>;

export type GetTransactionResponse = Answer<'getTransaction'>;

export type FullNativeTransaction = Schemas['FullNativeTransactionDetails'];

export type TeleporterMessageInfo = Schemas['TeleporterMessageInfo'];

export type ChainInfo = Schemas['ChainInfo'];

export type ApiFeature = Schemas['ApiFeature'];

export type ListAddressChainsResponse = Answer<'listAddressChains'>;

/**
 * GET /v1/chains/{chainId}/blocks (getLatestBlocks). Newest first.
 * Spec: operationId `getLatestBlocks` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { blocks } = await getLatestBlocks(ctx.dataApi, '43114', { pageSize: 20 });
 */
export function getLatestBlocks(client: DataApiClient, chainId: string, params: PageParams): Promise<ListEvmBlocksResponse> {
  return client.get(
    'getLatestBlocks',
    `/v1/chains/${segment(chainId)}/blocks`,
    { pageToken: params.pageToken, pageSize: params.pageSize },
    'blocks',
  );
}

/**
 * GET /v1/chains/{chainId}/blocks/{blockId} (getBlock). `blockId`: a block number (decimal) or a
 * 0x block hash. Null when the upstream has none (404).
 * Spec: operationId `getBlock` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const block = await getBlock(ctx.dataApi, '43114', '339');
 */
export function getBlock(client: DataApiClient, chainId: string, blockId: string): Promise<Answer<'getBlock'> | null> {
  return client.getOrNone('getBlock', `/v1/chains/${segment(chainId)}/blocks/${segment(blockId)}`);
}

/**
 * GET /v1/chains/{chainId}/blocks/{blockId}/transactions (getTransactionsForBlock), in block order.
 * Spec: operationId `getTransactionsForBlock` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await getTransactionsForBlock(ctx.dataApi, '43114', '0x17533a…', { pageSize: 100 });
 */
export function getTransactionsForBlock(
  client: DataApiClient,
  chainId: string,
  blockId: string,
  params: PageParams,
): Promise<Answer<'getTransactionsForBlock'>> {
  return client.get(
    'getTransactionsForBlock',
    `/v1/chains/${segment(chainId)}/blocks/${segment(blockId)}/transactions`,
    { pageToken: params.pageToken, pageSize: params.pageSize },
    'transactions',
  );
}

/**
 * GET /v1/blocks (listLatestBlocksAllChains): the latest blocks of every EVM chain of a network, newest first.
 * Spec: operationId `listLatestBlocksAllChains` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { blocks } = await listLatestBlocksAllChains(ctx.dataApi, { network: 'mainnet' });
 */
export function listLatestBlocksAllChains(
  client: DataApiClient,
  params: PageParams & { network?: WireNetwork },
): Promise<Answer<'listLatestBlocksAllChains'>> {
  return client.get(
    'listLatestBlocksAllChains',
    '/v1/blocks',
    { pageToken: params.pageToken, pageSize: params.pageSize, network: params.network },
    'blocks',
  );
}

/**
 * GET /v1/chains/{chainId}/transactions/{txHash} (getTransaction): the transaction with its
 * transfers, internal transactions and ICM message. Null when the upstream has none (404).
 * Spec: operationId `getTransaction` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const tx = await getTransaction(ctx.dataApi, '43114', '0x3e9303…');
 */
export function getTransaction(client: DataApiClient, chainId: string, txHash: string): Promise<GetTransactionResponse | null> {
  return client.getOrNone('getTransaction', `/v1/chains/${segment(chainId)}/transactions/${segment(txHash)}`);
}

/**
 * GET /v1/transactions (listLatestTransactionsAllChains): the latest transactions of every EVM chain of a network, newest first.
 * Spec: operationId `listLatestTransactionsAllChains` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listLatestTransactionsAllChains(ctx.dataApi, { network: 'fuji', status: 'failed' });
 */
export function listLatestTransactionsAllChains(
  client: DataApiClient,
  params: PageParams & { network?: WireNetwork; status?: EvmTransactionStatus },
): Promise<Answer<'listLatestTransactionsAllChains'>> {
  return client.get(
    'listLatestTransactionsAllChains',
    '/v1/transactions',
    { pageToken: params.pageToken, pageSize: params.pageSize, network: params.network, status: params.status },
    'transactions',
  );
}

/**
 * GET /v1/chains (supportedChains): the EVM chains the Data API indexes, of a network, with a feature.
 * Spec: operationId `supportedChains` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { chains } = await supportedChains(ctx.dataApi, { network: 'mainnet', feature: 'nftIndexing' });
 */
export function supportedChains(
  client: DataApiClient,
  params: { network?: WireNetwork; feature?: ApiFeature },
): Promise<Answer<'supportedChains'>> {
  return client.get('supportedChains', '/v1/chains', { network: params.network, feature: params.feature }, 'chains');
}

/**
 * GET /v1/chains/{chainId} (getChainInfo): one chain's registry entry. Null when the upstream has none (404).
 * Spec: operationId `getChainInfo` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const info = await getChainInfo(ctx.dataApi, '43114');
 */
export function getChainInfo(client: DataApiClient, chainId: string): Promise<Answer<'getChainInfo'> | null> {
  return client.getOrNone('getChainInfo', `/v1/chains/${segment(chainId)}`);
}

/**
 * GET /v1/address/{address}/chains (listAddressChains): the chains an EVM address has activity on
 * (`indexedChains`), and those it may have some on that the Data API does not index (`unindexedChains`).
 * Spec: operationId `listAddressChains` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { indexedChains } = await listAddressChains(ctx.dataApi, '0x71C7…');
 */
export function listAddressChains(client: DataApiClient, address: string): Promise<ListAddressChainsResponse> {
  return client.get('listAddressChains', `/v1/address/${segment(address)}/chains`);
}
