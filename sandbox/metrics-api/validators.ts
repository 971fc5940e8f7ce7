/**
 * The sandbox's Metrics API staking and L1 validator metrics, from the world's staking
 * transactions and L1 validations (sandbox/world/metrics.ts), and a subnet's validators over a
 * time range.
 */
import { PRIMARY_NETWORK_ID, type NetworkName } from '../../src/base/ids.js';
import {
  L1_VALIDATOR_TOTAL_METRICS,
  METRICS_NETWORKS,
  NETWORK_METRICS,
  NODE_METRICS,
  SUBNET_METRICS,
  VALIDATION_METRICS,
} from '../../src/upstreams/metrics-api/wire.js';
import { apiError, paginate, QueryReader, type MetricsApiRoutes } from '../routes.js';
import { feeSeries, stakesOf, stakingSeries, validationsOf, type Point, type Validation } from '../world/metrics.js';
import { getWorld } from '../world/world.js';
import { TIMELINE } from '../world/timeline.js';
import { inRange, readPage, readRange, seriesPage } from './series.js';

const NETWORKS: readonly NetworkName[] = ['mainnet', 'fuji'];
const networkOf = (n: (typeof METRICS_NETWORKS)[number]): NetworkName => (n === 'mainnet' ? 'mainnet' : 'fuji');

/** A metric path parameter, checked against the spec's list. */
function metricOf<T extends string>(q: QueryReader, raw: string, values: readonly T[]): T {
  const metric = decodeURIComponent(raw) as T;
  if (!values.includes(metric)) q.problem(`metric must be one of the following values: ${values.join(', ')}`);
  return metric;
}

/** A fee metric's series of some validations: the spec's names end in what they measure. */
function feesOf(validations: readonly Validation[], metric: string): Point[] {
  if (metric.includes('Paying')) return feeSeries(validations, 'paying');
  return feeSeries(validations, metric.includes('Cumulative') ? 'cumulative' : 'daily');
}

/** A whole series in one answer, as the routes without a page answer. */
const whole = (points: Point[]) => ({ status: 200, body: { results: points } });

export function metricsValidatorRoutes(seed: string) {
  const allValidations = () => NETWORKS.flatMap((n) => validationsOf(n, seed));
  return {
    getStakingMetrics: {
      method: 'GET',
      pattern: /^\/v2\/networks\/([^/]+)\/metrics\/([^/]+)$/,
      handle: (req, [rawNetwork, rawMetric]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp', 'pageToken', 'pageSize', 'subnetId']);
        const network = decodeURIComponent(rawNetwork!) as (typeof METRICS_NETWORKS)[number];
        if (!METRICS_NETWORKS.includes(network)) q.problem(`network must be one of the following values: ${METRICS_NETWORKS.join(', ')}`);
        const metric = metricOf(q, rawMetric!, NETWORK_METRICS);
        const range = readRange(q);
        const page = readPage(q, 2160, 100);
        const subnetId = q.string('subnetId') ?? PRIMARY_NETWORK_ID;
        q.done();
        const series = inRange(stakingSeries(networkOf(network), seed, subnetId, metric), range);
        return { status: 200, body: seriesPage(series, page, `staking:${network}:${metric}:${subnetId}:${range.start}:${range.end}`) };
      },
    },
    getTotalL1ValidatorMetrics: {
      method: 'GET',
      pattern: /^\/v2\/validators\/metrics\/([^/]+)$/,
      handle: (req, [rawMetric]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp']);
        const metric = metricOf(q, rawMetric!, L1_VALIDATOR_TOTAL_METRICS);
        const range = readRange(q);
        q.done();
        // The route names no network: the service measures mainnet's L1s.
        return whole(inRange(feesOf(validationsOf('mainnet', seed), metric), range));
      },
    },
    getMetricsByValidationId: {
      method: 'GET',
      pattern: /^\/v2\/validation\/([^/]+)\/metrics\/([^/]+)$/,
      handle: (req, [rawId, rawMetric]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp']);
        const metric = metricOf(q, rawMetric!, VALIDATION_METRICS);
        const range = readRange(q);
        q.done();
        const id = decodeURIComponent(rawId!);
        const validation = allValidations().filter((v) => v.validationId === id);
        if (validation.length === 0) return apiError(404, [`Validation ${id} not found`]);
        return whole(inRange(feesOf(validation, metric), range));
      },
    },
    getMetricsByNodeId: {
      method: 'GET',
      pattern: /^\/v2\/validator\/([^/]+)\/metrics\/([^/]+)$/,
      handle: (req, [rawNode, rawMetric]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp']);
        const metric = metricOf(q, rawMetric!, NODE_METRICS);
        const range = readRange(q);
        q.done();
        const nodeId = decodeURIComponent(rawNode!);
        // A node that validates no L1 paid no fee: an empty series, not an error.
        return whole(
          inRange(
            feesOf(
              allValidations().filter((v) => v.nodeId === nodeId),
              metric,
            ),
            range,
          ),
        );
      },
    },
    getMetricsBySubnetId: {
      method: 'GET',
      pattern: /^\/v2\/subnet\/([^/]+)\/metrics\/([^/]+)$/,
      handle: (req, [rawSubnet, rawMetric]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp']);
        const metric = metricOf(q, rawMetric!, SUBNET_METRICS);
        const range = readRange(q);
        q.done();
        const subnetId = decodeURIComponent(rawSubnet!);
        return whole(
          inRange(
            feesOf(
              allValidations().filter((v) => v.subnetId === subnetId),
              metric,
            ),
            range,
          ),
        );
      },
    },
    getValidatorsByDateRange: {
      method: 'GET',
      pattern: /^\/v2\/subnets\/([^/]+)\/validators:getAddresses$/,
      handle: (req, [rawSubnet]) => {
        const q = new QueryReader(req.query, ['startTimestamp', 'endTimestamp', 'pageToken', 'pageSize', 'network']);
        const range = readRange(q);
        const page = readPage(q, 5000, 1000);
        const network = networkOf(q.oneOf('network', METRICS_NETWORKS) ?? 'mainnet');
        q.done();
        const subnetId = decodeURIComponent(rawSubnet!);
        if (!getWorld(network, seed).subnets.some((s) => s.subnetId === subnetId)) return apiError(404, [`Subnet ${subnetId} not found`]);
        const start = range.start ?? 0;
        const end = range.end ?? TIMELINE.now;
        // Validators whose period overlaps the range: staking validators, and L1 validations; the sort key is the weight.
        const stakes = stakesOf(network, seed)
          .filter((s) => s.kind === 'validator' && s.subnetId === subnetId && s.start <= end && s.end >= start)
          .map((s) => ({ key: s.txHash, addresses: s.addresses, weight: s.weight }));
        const l1 = validationsOf(network, seed)
          .filter((v) => v.subnetId === subnetId && v.from <= end && v.until >= start)
          .map((v) => ({ key: v.validationId, addresses: v.addresses, weight: v.weight }));
        const all = [...stakes, ...l1].sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
        const { page: items, nextPageToken } = paginate(all, page, `validators:${network}:${subnetId}:${start}:${end}`, (v) => v.key);
        return {
          status: 200,
          body: {
            addresses: items.map((v) => ({ addresses: v.addresses, sortKey: String(v.weight) })),
            ...(nextPageToken ? { nextPageToken } : {}),
          },
        };
      },
    },
  } satisfies MetricsApiRoutes;
}
