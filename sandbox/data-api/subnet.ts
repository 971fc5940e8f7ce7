/**
 * The world's subnets with their blockchains: listSubnets and getSubnetById; its blockchains:
 * listBlockchains (oldest first by creation, as the subnets) and getBlockchainById.
 */
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
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
    getSubnetById: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/subnets\/([^/]+)$/,
      handle: withWorld(seed, (world, _network, [rawId], query) => {
        new QueryReader(query, []).done();
        const subnetId = decodeURIComponent(rawId!);
        const subnet = world.subnets.find((s) => s.subnetId === subnetId);
        return subnet ? { status: 200, body: subnet } : apiError(404, `Subnet ${subnetId} not found`);
      }),
    },
    listBlockchains: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'sortOrder']);
        const pageSize = q.int('pageSize', 1, 10000) ?? 100;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        q.done();
        const blockchains = world.subnets
          .flatMap((s) => s.blockchains)
          .sort((a, b) => a.createBlockTimestamp - b.createBlockTimestamp || (a.blockchainId < b.blockchainId ? -1 : 1));
        const { page, nextPageToken } = paginate(
          sorted(blockchains, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('blockchains', world.network, sortOrder),
          (b) => b.blockchainId,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), blockchains: page } };
      }),
    },
    getBlockchainById: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)$/,
      handle: withWorld(seed, (world, _network, [rawId], query) => {
        new QueryReader(query, []).done();
        const blockchainId = decodeURIComponent(rawId!);
        const blockchain = world.subnets.flatMap((s) => s.blockchains).find((b) => b.blockchainId === blockchainId);
        return blockchain ? { status: 200, body: blockchain } : apiError(404, `Blockchain ${blockchainId} not found`);
      }),
    },
  } satisfies DataApiRoutes;
}
