/**
 * GET /v1/chains/{chainId}/transactions (listLatestTransactions), from the EVM side of the world.
 */
import { paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { fingerprint, newestFirst, withChain } from './common.js';

export function evmChainRoutes(seed: string) {
  return {
    listLatestTransactions: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/transactions$/,
      handle: withChain(seed, (chain, _address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'status']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const status = q.oneOf('status', ['failed', 'success'] as const);
        q.done();
        const txs = chain.transactions.filter((t) => !status || (status === 'failed') === (t.txStatus === '0'));
        const { page, nextPageToken } = paginate(
          newestFirst(txs),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('evmTxs', chain.chainId, status),
          (t) => t.txHash,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page } };
      }),
    },
  } satisfies DataApiRoutes;
}
