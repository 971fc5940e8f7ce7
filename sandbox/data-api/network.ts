/**
 * A network as a whole: getNetworkDetails (its staking figures) and getAvaxSupply (mainnet's AVAX
 * supply), from the world's staking (sandbox/world/validators.ts).
 */
import { QueryReader, type DataApiRoutes } from '../routes.js';
import { getStakingWorld } from '../world/validators.js';
import { withWorld } from './common.js';

export function networkRoutes(seed: string) {
  return {
    getNetworkDetails: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        new QueryReader(query, []).done();
        return { status: 200, body: getStakingWorld(world.network, seed).details };
      }),
    },
    getAvaxSupply: {
      method: 'GET',
      pattern: /^\/v1\/avax\/supply$/,
      handle: (req) => {
        new QueryReader(req.query, []).done();
        return { status: 200, body: getStakingWorld('mainnet', seed).supply };
      },
    },
  } satisfies DataApiRoutes;
}
