/**
 * NFT collections: the tokens of an ERC-721 or ERC-1155 contract (listTokens), one token's details
 * (getTokenDetails), and asking the Data API to read a token's metadata again (reindexNft).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { Answer, Schemas } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const nftOperations = {
  // An ERC-721 token names its owner, who changes with a transfer.
  listTokens: { freshness: 'balances', pages: { max: 100, default: 10 } },
  getTokenDetails: { freshness: 'balances' },
  reindexNft: { freshness: 'never' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof nftOperations> {}
}

export type Erc721Token = Schemas['Erc721Token'];

export type Erc1155Token = Schemas['Erc1155Token'];

/** A token of a collection: ERC-721 (with its owner) or ERC-1155. */
export type NftToken = Erc721Token | Erc1155Token;

export type ListNftTokensResponse = Answer<'listTokens'>;

/**
 * GET /v1/chains/{chainId}/nfts/collections/{address}/tokens (listTokens). pageSize 1..100.
 * Spec: operationId `listTokens` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { tokens } = await listTokens(ctx.dataApi, '43114', '0xb97e…', { pageSize: 100 });
 */
export function listTokens(client: DataApiClient, chainId: string, address: string, params: PageParams): Promise<ListNftTokensResponse> {
  return client.get(
    'listTokens',
    `/v1/chains/${segment(chainId)}/nfts/collections/${segment(address)}/tokens`,
    { pageToken: params.pageToken, pageSize: params.pageSize },
    'tokens',
  );
}

/**
 * GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId} (getTokenDetails).
 * Null when the upstream has none (404).
 * Spec: operationId `getTokenDetails` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const token = await getTokenDetails(ctx.dataApi, '43114', '0xb97e…', '145'); // null when there is none
 */
export function getTokenDetails(client: DataApiClient, chainId: string, address: string, tokenId: string): Promise<NftToken | null> {
  return client.getOrNone(
    'getTokenDetails',
    `/v1/chains/${segment(chainId)}/nfts/collections/${segment(address)}/tokens/${segment(tokenId)}`,
  );
}

/**
 * POST /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex (reindexNft); answers
 * 201 without a body. The Data API takes it once an hour per token. Operator-only: always sent with
 * the operator's key (`asOperator`), never a client's own.
 * Spec: operationId `reindexNft` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * await reindexNft(ctx.dataApi, '43114', '0xb97e…', '145');
 */
export async function reindexNft(client: DataApiClient, chainId: string, address: string, tokenId: string): Promise<void> {
  const operator = client.asOperator();
  const req = operator.request(
    'reindexNft',
    'POST',
    `/v1/chains/${segment(chainId)}/nfts/collections/${segment(address)}/tokens/${segment(tokenId)}:reindex`,
  );
  // The spec's 201 has no body.
  await operator.write({ ...req, parse: (text) => (text.trim() === '' ? null : JSON.parse(text)) });
}
