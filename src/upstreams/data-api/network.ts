/**
 * A network as a whole: its staking figures (getNetworkDetails) and the AVAX supply (getAvaxSupply).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable } from './client.js';
import type { Answer, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared (src/upstreams/sharing.ts). */
export const networkOperations = {
  getNetworkDetails: { freshness: 'validators' },
  getAvaxSupply: { freshness: 'status' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof networkOperations> {}
}

export type NetworkDetails = Answer<'getNetworkDetails'>;

export type AvaxSupply = Answer<'getAvaxSupply'>;

/**
 * GET /v1/networks/{network} (getNetworkDetails): validator and delegator counts and stakes, the
 * staking ratio and the stake by AvalancheGo version.
 * Spec: operationId `getNetworkDetails` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { validatorDetails, delegatorDetails } = await getNetworkDetails(ctx.dataApi, 'mainnet');
 */
export function getNetworkDetails(client: DataApiClient, network: WireNetwork): Promise<NetworkDetails> {
  return client.get('getNetworkDetails', `/v1/networks/${segment(network)}`);
}

/**
 * GET /v1/avax/supply (getAvaxSupply): the AVAX supply (circulating, total, burned per chain,
 * staked, locked, rewards) in AVAX as decimal strings. Mainnet's: the route names no network.
 * Spec: operationId `getAvaxSupply` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { circulatingSupply, totalSupply } = await getAvaxSupply(ctx.dataApi);
 */
export function getAvaxSupply(client: DataApiClient): Promise<AvaxSupply> {
  return client.get('getAvaxSupply', '/v1/avax/supply');
}
