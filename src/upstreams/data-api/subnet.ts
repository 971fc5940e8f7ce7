/**
 * Subnets and their blockchains, as listSubnets answers them.
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, WireNetwork, SortOrder } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const subnetOperations = {
  listSubnets: { freshness: 'subnets', pages: { max: 10_000, default: 100 } },
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
 * Spec: operationId `listSubnets` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
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
