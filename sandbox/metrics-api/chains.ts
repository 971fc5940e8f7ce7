/**
 * The sandbox's Metrics API chains: the EVM chains it measures (every EVM chain of the world),
 * their metrics as series and rolling windows (sandbox/world/metrics.ts), and the C-Chain's BTC.b
 * bridgers. Errors as the service gives them: 404 for a chain it does not measure, 400 with every
 * problem of the query.
 */
import type { NetworkName } from '../../src/base/ids.js';
import type { MetricsSchemas } from '../../src/upstreams/metrics-api/wire.js';
import {
  CHAIN_METRICS,
  CHAIN_ROLLING_WINDOW_METRICS,
  DAILY_ONLY_CHAIN_METRICS,
  METRICS_NETWORKS,
  TIME_INTERVALS,
} from '../../src/upstreams/metrics-api/wire.js';
import { apiError, paginate, QueryReader, type MetricsApiRoutes } from '../routes.js';
import { toChecksumAddress, type EvmChainWorld } from '../world/evm.js';
import { btcbBridgers, chainMetricSeries, chainsNamed, measuredChains, rollingWindows } from '../world/metrics.js';
import { getWorld } from '../world/world.js';
import { inRange, readPage, readRange, seriesPage } from './series.js';

/** The service pages its chain list by 10000 (the spec); the world has far fewer. */
const CHAINS_PAGE = 10_000;

/** A chain as the Metrics API writes it. */
export function metricsChainOf(chain: EvmChainWorld, seed: string): MetricsSchemas['Chain'] {
  const subnet = getWorld(chain.network, seed).subnets.find((s) => s.blockchains.some((b) => b.blockchainId === chain.blockchainId));
  return {
    evmChainId: Number(chain.chainId),
    chainName: chain.blockchainName.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
    blockchainId: chain.blockchainId,
    subnetId: subnet!.subnetId,
    network: chain.network === 'mainnet' ? 'mainnet' : 'testnet',
  };
}

const networkOf = (n: (typeof METRICS_NETWORKS)[number]): NetworkName => (n === 'mainnet' ? 'mainnet' : 'fuji');

export function metricsChainRoutes(seed: string) {
  return {
    listChains: {
      method: 'GET',
      pattern: /^\/v2\/chains$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['pageToken', 'network']);
        const network = q.oneOf('network', METRICS_NETWORKS);
        const pageToken = q.string('pageToken');
        q.done();
        const chains = measuredChains(seed).filter((c) => network === undefined || c.network === networkOf(network));
        const { page, nextPageToken } = paginate(chains, { pageToken, pageSize: CHAINS_PAGE }, `chains:${network}`, (c) => c.blockchainId);
        return { status: 200, body: { chains: page.map((c) => metricsChainOf(c, seed)), ...(nextPageToken ? { nextPageToken } : {}) } };
      },
    },
    getChain: {
      method: 'GET',
      pattern: /^\/v2\/chains\/([^/]+)$/,
      handle: (req, [raw]) => {
        new QueryReader(req.query, []).done();
        const chainId = decodeURIComponent(raw!);
        const chain = measuredChains(seed).find((c) => c.chainId === chainId);
        return chain ? { status: 200, body: metricsChainOf(chain, seed) } : apiError(404, [`Chain ${chainId} is not supported`]);
      },
    },
    getEvmChainMetrics: {
      method: 'GET',
      pattern: /^\/v2\/chains\/([^/]+)\/metrics\/([^/]+)$/,
      handle: (req, [rawChain, rawMetric]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp', 'timeInterval', 'pageToken', 'pageSize']);
        const metric = decodeURIComponent(rawMetric!) as (typeof CHAIN_METRICS)[number];
        if (!CHAIN_METRICS.includes(metric)) q.problem(`metric must be one of the following values: ${CHAIN_METRICS.join(', ')}`);
        const range = readRange(q);
        const interval = q.oneOf('timeInterval', TIME_INTERVALS) ?? 'day';
        if (DAILY_ONLY_CHAIN_METRICS.has(metric) && interval !== 'day') q.problem(`timeInterval must be day for ${metric}`);
        const page = readPage(q, 2160, 100);
        q.done();
        const chainId = decodeURIComponent(rawChain!);
        const chains = chainsNamed(seed, chainId);
        if (!chains) return apiError(404, [`Chain ${chainId} is not supported`]);
        const series = inRange(chainMetricSeries(chains, metric, interval), range);
        return { status: 200, body: seriesPage(series, page, `chain:${chainId}:${metric}:${interval}:${range.start}:${range.end}`) };
      },
    },
    getEvmChainRollingWindowMetrics: {
      method: 'GET',
      pattern: /^\/v2\/chains\/([^/]+)\/rollingWindowMetrics\/([^/]+)$/,
      handle: (req, [rawChain, rawMetric]) => {
        const q = new QueryReader(req.query, []);
        const metric = decodeURIComponent(rawMetric!) as (typeof CHAIN_ROLLING_WINDOW_METRICS)[number];
        if (!CHAIN_ROLLING_WINDOW_METRICS.includes(metric))
          q.problem(`metric must be one of the following values: ${CHAIN_ROLLING_WINDOW_METRICS.join(', ')}`);
        q.done();
        const chainId = decodeURIComponent(rawChain!);
        const chains = chainsNamed(seed, chainId);
        if (!chains) return apiError(404, [`Chain ${chainId} is not supported`]);
        return { status: 200, body: { result: rollingWindows(chains, metric) } };
      },
    },
    getAddressesByBtcbBridged: {
      method: 'GET',
      pattern: /^\/v2\/chains\/43114\/btcb\/bridged:getAddresses$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['threshold', 'pageToken', 'pageSize']);
        const threshold = q.required('threshold');
        if (threshold !== undefined && !/^\d+$/.test(threshold)) q.problem('threshold must be a non-negative integer string');
        const page = readPage(q, 5000, 1000);
        q.done();
        const min = BigInt(threshold!);
        const above = btcbBridgers(seed).filter((b) => b.amount >= min);
        const { page: items, nextPageToken } = paginate(above, page, `btcb:${min}`, (b) => b.address);
        return {
          status: 200,
          body: {
            addresses: items.map((b) => ({ address: toChecksumAddress(b.address), sortKey: String(b.amount) })),
            ...(nextPageToken ? { nextPageToken } : {}),
          },
        };
      },
    },
  } satisfies MetricsApiRoutes;
}
