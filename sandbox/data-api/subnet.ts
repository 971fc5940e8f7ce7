/**
 * GET /v1/networks/{network}/subnets (listSubnets): the world's subnets with their blockchains.
 */
import { paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { fingerprint, sorted, SORT, withWorld } from './common.js';

export function subnetRoutes(seed: string) {
  return {
    listSubnets: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/subnets$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'sortOrder']);
        const pageSize = q.int('pageSize', 1, 10000) ?? 100;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        q.done();
        const { page, nextPageToken } = paginate(
          sorted(world.subnets, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('subnets', world.network, sortOrder),
          (subnet) => subnet.subnetId,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), subnets: page } };
      }),
    },
  } satisfies DataApiRoutes;
}
