/**
 * Contract metadata (getContractMetadata).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable } from './client.js';
import type { Answer, Flat } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const contractOperations = {
  getContractMetadata: { freshness: 'contracts' },
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
 * Spec: operationId `getContractMetadata` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
 * @example
 * const contract = await getContractMetadata(ctx.dataApi, '43114', '0xb97e…'); // null when there is none
 */
export function getContractMetadata(client: DataApiClient, chainId: string, address: string): Promise<ContractMetadata | null> {
  return client.getOrNone('getContractMetadata', `/v1/chains/${segment(chainId)}/addresses/${segment(address)}`);
}
