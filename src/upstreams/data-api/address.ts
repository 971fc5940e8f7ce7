/**
 * The chains an address has touched (getChainIdsForAddresses).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable } from './client.js';
import type { Answer, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const addressOperations = {
  getChainIdsForAddresses: { freshness: 'transactions' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof addressOperations> {}
}

export type ChainAddressChainIdMapListResponse = Answer<'getChainIdsForAddresses'>;

/**
 * GET /v1/networks/{network}/addresses:listChainIds (getChainIdsForAddresses).
 * Spec: operationId `getChainIdsForAddresses` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { addresses } = await getChainIdsForAddresses(ctx.dataApi, 'mainnet', ['avax1…', 'avax1…']);
 */
export function getChainIdsForAddresses(
  client: DataApiClient,
  network: WireNetwork,
  addresses: readonly string[],
): Promise<ChainAddressChainIdMapListResponse> {
  return client.get(
    'getChainIdsForAddresses',
    `/v1/networks/${segment(network)}/addresses:listChainIds`,
    {
      addresses: addresses.join(','),
    },
    'addresses',
  );
}
