/**
 * X-Chain DAG vertices (listLatestXChainVertices).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const vertexOperations = {
  listLatestXChainVertices: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof vertexOperations> {}
}

export type XChainVertex = Schemas['XChainVertex'];

export type ListXChainVerticesResponse = Answer<'listLatestXChainVertices'>;

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/vertices (listLatestXChainVertices).
 * Spec: operationId `listLatestXChainVertices` in test/upstream/data-api.glacier.openapi.json (digest: test/upstream/data-api-digest.md).
 * @example
 * const { vertices } = await listLatestXChainVertices(ctx.dataApi, 'mainnet', 'x-chain', { pageSize: 10 });
 */
export function listLatestXChainVertices(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: string,
  params: PageParams,
): Promise<ListXChainVerticesResponse> {
  return client.get(
    'listLatestXChainVertices',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/vertices`,
    { pageToken: params.pageToken, pageSize: params.pageSize },
    'vertices',
  );
}
