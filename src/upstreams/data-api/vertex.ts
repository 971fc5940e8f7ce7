/**
 * X-Chain DAG vertices: the latest (listLatestXChainVertices), one by hash (getVertexByHash), and
 * those at a height (getVertexByHeight).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, SortOrder, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const vertexOperations = {
  listLatestXChainVertices: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  // The DAG stopped growing at Cortina: an accepted vertex, and the vertices of a height, never change.
  getVertexByHash: { freshness: 'immutable' },
  getVertexByHeight: { freshness: 'immutable', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof vertexOperations> {}
}

export type XChainVertex = Schemas['XChainVertex'];

export type ListXChainVerticesResponse = Answer<'listLatestXChainVertices'>;

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/vertices (listLatestXChainVertices).
 * Spec: operationId `listLatestXChainVertices` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
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

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash} (getVertexByHash).
 * Null when the upstream has none (404).
 * Spec: operationId `getVertexByHash` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const vertex = await getVertexByHash(ctx.dataApi, 'mainnet', vertexHash); // null when unknown
 */
export function getVertexByHash(client: DataApiClient, network: WireNetwork, vertexHash: string): Promise<XChainVertex | null> {
  return client.getOrNone('getVertexByHash', `/v1/networks/${segment(network)}/blockchains/x-chain/vertices/${segment(vertexHash)}`);
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight (getVertexByHeight):
 * the vertices at one height of the DAG.
 * Spec: operationId `getVertexByHeight` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { vertices } = await getVertexByHeight(ctx.dataApi, 'mainnet', { vertexHeight: 12 });
 */
export function getVertexByHeight(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & { vertexHeight: number; sortOrder?: SortOrder },
): Promise<ListXChainVerticesResponse> {
  return client.get(
    'getVertexByHeight',
    `/v1/networks/${segment(network)}/blockchains/x-chain/vertices:listByHeight`,
    { vertexHeight: params.vertexHeight, pageToken: params.pageToken, pageSize: params.pageSize, sortOrder: params.sortOrder },
    'vertices',
  );
}
