/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/vertices (listLatestXChainVertices).
 */
import { paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { chainOf, fingerprint, sorted, withWorld } from './common.js';

export function vertexRoutes(seed: string) {
  return {
    listLatestXChainVertices: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/vertices$/,
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize']);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['x']);
        if (chain.length > 1) q.problem(chain);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const { page, nextPageToken } = paginate(
          sorted(world.vertices, 'desc'),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('vertices', world.network),
          (v) => v.vertexHash,
        );
        return {
          status: 200,
          body: { ...(nextPageToken ? { nextPageToken } : {}), vertices: page, chainInfo: { chainName: 'x-chain', network } },
        };
      }),
    },
  } satisfies DataApiRoutes;
}
