/**
 * NFT collections: their tokens (listTokens), one token (getTokenDetails), and a reindex of a
 * token's metadata (reindexNft, taken once an hour per token as the Data API does).
 */
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { holdingsOf } from '../world/evm-holdings.js';
import { fingerprint, withChain } from './common.js';

const HOUR_MS = 3_600_000;

/** A token id as the path gives it: a uint256 in decimal. */
const TOKEN_ID = /^\d{1,78}$/;

export function nftRoutes(seed: string) {
  // When each token was last reindexed, by chain, contract and token id: this sandbox's only memory of requests.
  const reindexed = new Map<string, number>();
  return {
    listTokens: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/nfts\/collections\/([^/]+)\/tokens$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const { page, nextPageToken } = paginate(
          holdingsOf(chain).tokensOf.get(address!) ?? [],
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('nft-tokens', chain.chainId, address),
          (t) => t.tokenId,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), tokens: page } };
      }),
    },
    getTokenDetails: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/nfts\/collections\/([^/]+)\/tokens\/([^/:]+)$/,
      handle: (req, params) =>
        withChain(seed, (chain, address, query) => {
          new QueryReader(query, []).done();
          const tokenId = decodeURIComponent(params[2]!);
          if (!TOKEN_ID.test(tokenId)) return apiError(400, ['tokenId must be a number string']);
          const token = holdingsOf(chain)
            .tokensOf.get(address!)
            ?.find((t) => t.tokenId === String(BigInt(tokenId)));
          return token ? { status: 200, body: token } : apiError(404, `Token ${tokenId} of ${address} not found`);
        })(req, params),
    },
    reindexNft: {
      method: 'POST',
      pattern: /^\/v1\/chains\/([^/]+)\/nfts\/collections\/([^/]+)\/tokens\/([^/]+):reindex$/,
      handle: (req, params) =>
        withChain(seed, (chain, address, query) => {
          new QueryReader(query, []).done();
          const tokenId = decodeURIComponent(params[2]!);
          if (!TOKEN_ID.test(tokenId)) return apiError(400, ['tokenId must be a number string']);
          if (
            !holdingsOf(chain)
              .tokensOf.get(address!)
              ?.some((t) => t.tokenId === String(BigInt(tokenId)))
          ) {
            return apiError(404, `Token ${tokenId} of ${address} not found`);
          }
          const key = `${chain.chainId}:${address}:${BigInt(tokenId)}`;
          const last = reindexed.get(key);
          if (last !== undefined && Date.now() - last < HOUR_MS)
            return apiError(429, `Token ${tokenId} of ${address} was reindexed within the hour`);
          reindexed.set(key, Date.now());
          return { status: 201, body: '' };
        })(req, params),
    },
  } satisfies DataApiRoutes;
}
