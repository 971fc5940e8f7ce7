/**
 * GET /v1/networks/{network}/rewards (listHistoricalPrimaryNetworkRewards), priced in any currency.
 */
import type { HistoricalReward } from '../../src/upstreams/data-api/reward.js';
import { paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { FX_RATES } from '../world/timeline.js';
import { CURRENCIES, fingerprint, readAddresses, readNodeIds, sorted, SORT, withWorld } from './common.js';

export function rewardRoutes(seed: string) {
  return {
    listHistoricalPrimaryNetworkRewards: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/rewards$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['addresses', 'pageToken', 'pageSize', 'nodeIds', 'sortOrder', 'currency']);
        const addresses = readAddresses(q, world, q.string('addresses'), false);
        const nodeIds = readNodeIds(q, q.string('nodeIds'));
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        if (!addresses?.length && !nodeIds?.length) q.problem('At least one of addresses or nodeIds is required');
        q.done();
        const matches = world.rewards.filter(
          (r) => (!addresses?.length || r.addresses.some((a) => addresses.includes(a))) && (!nodeIds?.length || nodeIds.includes(r.nodeId)),
        );
        const { page, nextPageToken } = paginate(
          sorted(matches, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('rewards', world.network, addresses, nodeIds, sortOrder),
          (r) => `${r.txHash}:${r.utxoId}`,
        );
        const rate = FX_RATES[currency]!;
        const historicalRewards: HistoricalReward[] = page.map(({ priceUsd, reward, ...rest }) => ({
          ...rest,
          reward: { ...reward, historicalPrice: { currencyCode: currency, value: Math.round(priceUsd * rate * 100) / 100 } },
        }));
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), historicalRewards } };
      }),
    },
  } satisfies DataApiRoutes;
}
