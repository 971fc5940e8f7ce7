/**
 * Subnets and their blockchains: the subnet listing (listSubnets) and one subnet by id
 * (getSubnetById); the blockchain listing (listBlockchains) and one blockchain by id
 * (getBlockchainById).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, WireNetwork, SortOrder } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const subnetOperations = {
  listSubnets: { freshness: 'subnets', pages: { max: 10_000, default: 100 } },
  getSubnetById: { freshness: 'subnets' },
  listBlockchains: { freshness: 'subnets', pages: { max: 10_000, default: 100 } },
  getBlockchainById: { freshness: 'subnets' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof subnetOperations> {}
}

export type SubnetOwnershipInfo = Schemas['SubnetOwnershipInfo'];

export type L1ValidatorManagerDetails = Schemas['L1ValidatorManagerDetails'];

export type EvmGenesisAllowListConfig = Schemas['EvmGenesisAllowListConfigDto'];

export type EvmGenesisConfig = Schemas['EvmGenesisConfigDto'];

export type EvmGenesis = Schemas['EvmGenesisDto'];

export type Blockchain = Schemas['Blockchain'];

export type Subnet = Schemas['Subnet'];

export type ListSubnetsResponse = Answer<'listSubnets'>;

/**
 * GET /v1/networks/{network}/subnets (listSubnets). pageSize 1..10000.
 * Spec: operationId `listSubnets` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { subnets, nextPageToken } = await listSubnets(ctx.dataApi, 'mainnet', { pageSize: 100 });
 */
export function listSubnets(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & { sortOrder?: SortOrder },
): Promise<ListSubnetsResponse> {
  return client.get(
    'listSubnets',
    `/v1/networks/${segment(network)}/subnets`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      sortOrder: params.sortOrder,
    },
    'subnets',
  );
}

export type ListBlockchainsResponse = Answer<'listBlockchains'>;

/**
 * GET /v1/networks/{network}/subnets/{subnetId} (getSubnetById); null when the network has no such subnet (404).
 * Spec: operationId `getSubnetById` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const subnet = await getSubnetById(ctx.dataApi, 'mainnet', '11111111111111111111111111111111LpoYY');
 */
export function getSubnetById(client: DataApiClient, network: WireNetwork, subnetId: string): Promise<Subnet | null> {
  return client.getOrNone('getSubnetById', `/v1/networks/${segment(network)}/subnets/${segment(subnetId)}`);
}

/**
 * GET /v1/networks/{network}/blockchains (listBlockchains): every blockchain of the network, without
 * its subnet's details. pageSize 1..10000.
 * Spec: operationId `listBlockchains` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { blockchains, nextPageToken } = await listBlockchains(ctx.dataApi, 'fuji', { pageSize: 100, sortOrder: 'asc' });
 */
export function listBlockchains(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & { sortOrder?: SortOrder },
): Promise<ListBlockchainsResponse> {
  return client.get(
    'listBlockchains',
    `/v1/networks/${segment(network)}/blockchains`,
    { pageToken: params.pageToken, pageSize: params.pageSize, sortOrder: params.sortOrder },
    'blockchains',
  );
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId} (getBlockchainById); null when the network has no such blockchain (404).
 * Spec: operationId `getBlockchainById` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const blockchain = await getBlockchainById(ctx.dataApi, 'mainnet', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5');
 */
export function getBlockchainById(client: DataApiClient, network: WireNetwork, blockchainId: string): Promise<Blockchain | null> {
  return client.getOrNone('getBlockchainById', `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}`);
}
