/**
 * GET /v1/networks/{network}/addresses:listChainIds (getChainIdsForAddresses).
 */
import { QueryReader, type DataApiRoutes } from '../routes.js';
import { readAddresses, withWorld } from './common.js';

export function addressRoutes(seed: string) {
  return {
    getChainIdsForAddresses: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/addresses:listChainIds$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['addresses']);
        const addresses = readAddresses(q, world, q.required('addresses'), false);
        q.done();
        return {
          status: 200,
          body: { addresses: (addresses ?? []).map((address) => ({ address, blockchainIds: world.chainIdsByAddress.get(address) ?? [] })) },
        };
      }),
    },
  } satisfies DataApiRoutes;
}
