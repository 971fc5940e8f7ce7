/**
 * P- and X-Chain blocks as the Data API indexes them: one by hash or height, the latest, and those
 * a node proposed.
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { Answer, Schemas, WireNetwork } from './wire.js';

/**
 * How long the answers of this file's operations are shared, and how the paged ones page
 * (src/upstreams/sharing.ts). An accepted block never changes, by hash or by height; the lists
 * grow with every block.
 */
export const primaryNetworkBlockOperations = {
  getBlockById: { freshness: 'immutable' },
  listLatestPrimaryNetworkBlocks: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listPrimaryNetworkBlocksByNodeId: { freshness: 'transactions', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof primaryNetworkBlockOperations> {}
}

/** The chains whose blocks these routes list (the C-Chain's are EVM blocks, another route). */
export type BlockChainPath = 'p-chain' | 'x-chain';

export type PrimaryNetworkBlock = Schemas['PrimaryNetworkBlock'];

export type ListPrimaryNetworkBlocksResponse = Answer<'listLatestPrimaryNetworkBlocks'>;

/** A time window of the block lists, in Unix seconds. */
export interface BlockWindow {
  startTimestamp?: number;
  endTimestamp?: number;
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId} (getBlockById): `blockId`
 * is the block's hash or its height. Null when the upstream has none (404).
 * Spec: operationId `getBlockById` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const block = await getBlockById(ctx.dataApi, 'mainnet', 'p-chain', '12345'); // null when unknown
 */
export function getBlockById(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: BlockChainPath,
  blockId: string,
): Promise<PrimaryNetworkBlock | null> {
  return client.getOrNone(
    'getBlockById',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/blocks/${segment(blockId)}`,
  );
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/blocks (listLatestPrimaryNetworkBlocks). Newest first.
 * Spec: operationId `listLatestPrimaryNetworkBlocks` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { blocks } = await listLatestPrimaryNetworkBlocks(ctx.dataApi, 'mainnet', 'p-chain', { pageSize: 10 });
 */
export function listLatestPrimaryNetworkBlocks(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: BlockChainPath,
  params: PageParams & BlockWindow,
): Promise<ListPrimaryNetworkBlocksResponse> {
  return client.get(
    'listLatestPrimaryNetworkBlocks',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/blocks`,
    {
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
    },
    'blocks',
  );
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks
 * (listPrimaryNetworkBlocksByNodeId): the latest blocks the node proposed. Newest first.
 * Spec: operationId `listPrimaryNetworkBlocksByNodeId` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { blocks } = await listPrimaryNetworkBlocksByNodeId(ctx.dataApi, 'mainnet', 'p-chain', 'NodeID-…', { pageSize: 10 });
 */
export function listPrimaryNetworkBlocksByNodeId(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: BlockChainPath,
  nodeId: string,
  params: PageParams & BlockWindow,
): Promise<ListPrimaryNetworkBlocksResponse> {
  return client.get(
    'listPrimaryNetworkBlocksByNodeId',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/nodes/${segment(nodeId)}/blocks`,
    {
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
    },
    'blocks',
  );
}
