/**
 * Contracts: their metadata (getContractMetadata), the contracts an address deployed
 * (listContractDeployments), the transaction that deployed one (getDeploymentTransaction), and a
 * token contract's transfers (listTransfers).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import { rangeQuery, type BlockRange } from './evm-address.js';
import type { Answer, CurrencyCode, Flat } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const contractOperations = {
  getContractMetadata: { freshness: 'contracts' },
  listContractDeployments: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  // Priced in a currency at the current price: not immutable.
  getDeploymentTransaction: { freshness: 'transactions' },
  listTransfers: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof contractOperations> {}
}

export type ErcType = ContractMetadata['ercType'];

/** The four contract shapes of the spec (ERC-20, ERC-721, ERC-1155, unknown) as one (see `Flat`). */
export type ContractMetadata = Flat<Answer<'getContractMetadata'>>;

/**
 * GET /v1/chains/{chainId}/addresses/{address} (getContractMetadata).
 * Null when the upstream has none (404); that answer is kept a short while, in case one is deployed.
 * Spec: operationId `getContractMetadata` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const contract = await getContractMetadata(ctx.dataApi, '43114', '0xb97e…'); // null when there is none
 */
export function getContractMetadata(client: DataApiClient, chainId: string, address: string): Promise<ContractMetadata | null> {
  return client.getOrNone('getContractMetadata', `/v1/chains/${segment(chainId)}/addresses/${segment(address)}`);
}

export type ListContractDeploymentsResponse = Answer<'listContractDeployments'>;

/** A contract the address deployed: one of the four contract shapes, as `ContractMetadata`. */
export type DeployedContract = ListContractDeploymentsResponse['contracts'][number];

export type GetDeploymentTransactionResponse = Answer<'getDeploymentTransaction'>;

export type ListTransfersResponse = Answer<'listTransfers'>;

/** A transfer of a token contract: ERC-20, ERC-721 or ERC-1155 by the token it names. */
export type TokenTransfer = ListTransfersResponse['transfers'][number];

/**
 * GET /v1/chains/{chainId}/contracts/{address}/deployments (listContractDeployments): the contracts
 * `address` deployed, itself or through a factory.
 * Spec: operationId `listContractDeployments` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { contracts } = await listContractDeployments(ctx.dataApi, '43114', '0x71c7…', { pageSize: 50 });
 */
export function listContractDeployments(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams,
): Promise<ListContractDeploymentsResponse> {
  return client.get(
    'listContractDeployments',
    `/v1/chains/${segment(chainId)}/contracts/${segment(address)}/deployments`,
    { pageToken: params.pageToken, pageSize: params.pageSize },
    'contracts',
  );
}

/**
 * GET /v1/chains/{chainId}/contracts/{address}/transactions:getDeployment (getDeploymentTransaction).
 * Null when the upstream has none (404: not a contract, or not indexed).
 * Spec: operationId `getDeploymentTransaction` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const deployment = await getDeploymentTransaction(ctx.dataApi, '43114', '0xb97e…', { currency: 'usd' });
 */
export function getDeploymentTransaction(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: { currency?: CurrencyCode },
): Promise<GetDeploymentTransactionResponse | null> {
  return client.getOrNone(
    'getDeploymentTransaction',
    `/v1/chains/${segment(chainId)}/contracts/${segment(address)}/transactions:getDeployment`,
    { currency: params.currency },
  );
}

/**
 * GET /v1/chains/{chainId}/tokens/{address}/transfers (listTransfers): the transfers of an ERC-20,
 * ERC-721 or ERC-1155 contract's tokens, newest first.
 * Spec: operationId `listTransfers` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transfers } = await listTransfers(ctx.dataApi, '43114', '0xb97e…', { startBlock: 6479329 });
 */
export function listTransfers(
  client: DataApiClient,
  chainId: string,
  address: string,
  params: PageParams & BlockRange,
): Promise<ListTransfersResponse> {
  return client.get(
    'listTransfers',
    `/v1/chains/${segment(chainId)}/tokens/${segment(address)}/transfers`,
    rangeQuery(params),
    'transfers',
  );
}
