/**
 * The sandbox's Metrics API: its health and liveness checks, GET /v1/avg_tps/{chainId} (the legacy
 * route of the usage guide, test/contract/examples/metrics.v1.avg_tps.json), and the /v2 routes of
 * the spec, one file per domain (chains.ts, icm.ts, validators.ts, looking-glass.ts). The legacy
 * route's page tokens are UUIDs valid 24 hours; an expired one restarts the listing from the first
 * page, as the guide says.
 */
import { randomUUID } from 'node:crypto';
import { getEvmWorld, type EvmChainWorld } from '../world/evm.js';
import { apiError, QueryReader, type MetricsApiRouteOperation, type RoutesOf } from '../routes.js';
import type { SandboxLive } from '../live.js';
import { HEALTHY } from '../data-api/health.js';
import { metricsChainRoutes } from './chains.js';
import { metricsIcmRoutes } from './icm.js';
import { metricsLookingGlassRoutes } from './looking-glass.js';
import { metricsValidatorRoutes } from './validators.js';

/** Points per page: the usage guide does not say; a hundred days reads well. */
export const TPS_PAGE = 100;
const LAST_RUN = 1_762_990_000;

export interface MetricsState {
  tokens: Map<string, { chainId: string; offset: number; issuedAt: number }>;
  /** How long a page token lives; 24 hours like the real service, shorter in tests. */
  tokenTtlMs: number;
}

export function metricsRoutes(seed: string, state: MetricsState, live?: SandboxLive): RoutesOf<MetricsApiRouteOperation> {
  const find = (chainId: string): EvmChainWorld | undefined => {
    for (const network of ['mainnet', 'fuji'] as const) {
      const evm = getEvmWorld(network, seed);
      const chain = evm.chains.get(chainId) ?? evm.byBlockchainId.get(chainId);
      if (chain) return chain;
    }
    return undefined;
  };
  return {
    // GET /v2/health-check (metrics-health-check), which the gateway's readiness asks.
    'metrics-health-check': { method: 'GET', pattern: /^\/v2\/health-check$/, handle: () => ({ status: 200, body: HEALTHY }) },
    'metrics-live-check': {
      method: 'GET',
      pattern: /^\/v2\/live-check$/,
      handle: () => ({ status: 200, body: { status: 'ok', info: {}, error: {}, details: {} } }),
    },
    ...metricsChainRoutes(seed),
    ...metricsIcmRoutes(seed),
    ...metricsValidatorRoutes(seed),
    ...metricsLookingGlassRoutes(seed),
    getAvgTps: {
      method: 'GET',
      pattern: /^\/v1\/avg_tps\/([^/]+)$/,
      handle: (req, [rawChainId]) => {
        const q = new QueryReader(req.query, ['pageToken']);
        q.done();
        const chainId = decodeURIComponent(rawChainId!);
        const chain = find(chainId);
        if (!chain) return apiError(404, [`Chain ${chainId} is not supported`]);
        let offset = 0;
        const token = q.string('pageToken');
        if (token !== undefined) {
          const known = state.tokens.get(token);
          if (!known || known.chainId !== chain.chainId) return apiError(400, ['Invalid pageToken']);
          // A token whose lifetime is over restarts the listing: with a lifetime of 0, one issued in
          // the same millisecond too, or a test of expiry fails now and then.
          offset = Date.now() - known.issuedAt >= state.tokenTtlMs ? 0 : known.offset;
        }
        // Newest first: the days the live clock has added (../live.ts), then the world's.
        const added = live?.tpsPoints() ?? 0;
        const newest = chain.tps[0];
        const series =
          added === 0 || !newest
            ? chain.tps
            : [
                ...Array.from({ length: added }, (_, i) => ({
                  timestamp: newest.timestamp + (added - i) * 86_400,
                  value: Math.round(newest.value * (1 + ((added - i) % 7) / 20) * 100) / 100,
                })),
                ...chain.tps,
              ];
        const results = series.slice(offset, offset + TPS_PAGE);
        let nextPageToken: string | undefined;
        if (offset + TPS_PAGE < series.length) {
          nextPageToken = randomUUID();
          state.tokens.set(nextPageToken, { chainId: chain.chainId, offset: offset + TPS_PAGE, issuedAt: Date.now() });
        }
        // `lastRun` is when the series was last updated: a day later for each day the clock added.
        const lastRun = LAST_RUN + added * 86_400;
        return { status: 200, body: { results, status: 200, lastRun, ...(nextPageToken ? { nextPageToken } : {}) } };
      },
    },
  };
}
