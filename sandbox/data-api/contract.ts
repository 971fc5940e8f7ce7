/**
 * GET /v1/chains/{chainId}/addresses/{address} (getContractMetadata).
 */
import { apiError, QueryReader, type DataApiRoutes } from '../routes.js';
import { withChain } from './common.js';

export function contractRoutes(seed: string) {
  return {
    getContractMetadata: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/:]+)$/,
      handle: withChain(seed, (chain, address, query) => {
        new QueryReader(query, []).done();
        const contract = chain.contracts.get(address!);
        return contract ? { status: 200, body: contract } : apiError(404, `No contract at ${address} on chain ${chain.chainId}`);
      }),
    },
  } satisfies DataApiRoutes;
}
