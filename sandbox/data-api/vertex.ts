/**
 * X-Chain vertices: the latest (listLatestXChainVertices), one by hash (getVertexByHash), those at
 * a height (getVertexByHeight).
 */
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { SORT } from './common.js';
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
    getVertexByHash: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/vertices\/([^/:]+)$/,
      handle: withWorld(seed, (world, _network, [blockchainId, vertexHash], query) => {
        const q = new QueryReader(query, []);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['x']);
        if (chain.length > 1) q.problem(chain);
        q.done();
        const hash = decodeURIComponent(vertexHash!);
        const vertex = world.vertices.find((v) => v.vertexHash === hash);
        return vertex ? { status: 200, body: vertex } : apiError(404, `Vertex ${hash} not found`);
      }),
    },
    getVertexByHeight: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/vertices:listByHeight$/,
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, ['vertexHeight', 'pageToken', 'pageSize', 'sortOrder']);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['x']);
        if (chain.length > 1) q.problem(chain);
        const height = q.int('vertexHeight', 0);
        if (height === undefined) q.problem('vertexHeight should not be empty');
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        q.done();
        const { page, nextPageToken } = paginate(
          sorted(
            world.vertices.filter((v) => v.vertexHeight === height),
            sortOrder,
          ),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('vertices at', world.network, height, sortOrder),
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
