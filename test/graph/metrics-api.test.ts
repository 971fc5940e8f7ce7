/**
 * The Metrics API's /v2 operations in the graph, each on the object it describes, checked against
 * the sandbox's world and the calls made: chain metrics and rolling windows on EvmChain, the
 * measured chains and network-wide metrics on Network, BTC.b bridgers on the C-Chain, ICM counts
 * on Network and EvmChain, staking and L1 fee metrics on Network, Subnet and L1Validator, a
 * subnet's validators over a range, the composite query, and the service's own health.
 */
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import {
  btcbBridgers,
  chainMetricSeries,
  feeSeries,
  icmSent,
  measuredChains,
  rollingWindows,
  stakingSeries,
  validationsOf,
} from '../../sandbox/world/metrics.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const world = getWorld('mainnet');

type Point = { timestamp: number; value: number };
const metricsCalls = (operation: string) => h.sandbox.log.filter((r) => r.service === 'metrics-api' && r.operation === operation);
const noMetricsCalls = () => expect(h.sandbox.log.filter((r) => r.service === 'metrics-api')).toEqual([]);

describe('EVM chain metrics (getEvmChainMetrics)', () => {
  const Q = `query($metric: EvmChainMetric!, $interval: MetricsTimeInterval, $first: Int, $after: String, $start: SafeInt, $end: SafeInt) {
    network { evmChain(evmChainId: 43114) { metrics(metric: $metric, interval: $interval, first: $first, after: $after, startTimestamp: $start, endTimestamp: $end) {
      pageInfo { hasNextPage endCursor } nodes { timestamp value } } } } }`;
  type R = { network: { evmChain: { metrics: Page<Point> } } };
  const page = async (vars: Record<string, unknown>) => {
    const res = await h.raw<R>(Q, vars);
    expect(res.errors).toBeUndefined();
    return res.data!.network.evmChain.metrics;
  };

  it("walks a chain's daily transaction count to its end, the daily TPS times a day's seconds", async () => {
    const got = await walk((after) => page({ metric: 'TX_COUNT', first: 200, after }));
    const daily = chainMetricSeries([cChain], 'txCount', 'day');
    expect(got).toEqual(daily);
    expect(got.slice(0, 5).map((p) => p.value)).toEqual(cChain.tps.slice(0, 5).map((t) => Math.round(t.value * 86_400)));
    const calls = metricsCalls('getEvmChainMetrics');
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls[0]!.path).toBe('/v2/chains/43114/metrics/txCount');
    expect(calls[0]!.query).toEqual([
      ['timeInterval', 'day'],
      ['pageSize', '200'],
    ]);
  });

  it('gives hourly points that add up to their day, within a time range, and the range is sent', async () => {
    const day = chainMetricSeries([cChain], 'txCount', 'day')[3]!;
    const hours = await page({ metric: 'TX_COUNT', interval: 'HOUR', start: day.timestamp, end: day.timestamp + 23 * 3600, first: 30 });
    expect(hours.nodes).toHaveLength(24);
    expect(hours.pageInfo.hasNextPage).toBe(false);
    expect(hours.nodes.reduce((a, p) => a + p.value, 0)).toBe(day.value);
    expect(new Set(metricsCalls('getEvmChainMetrics')[0]!.query)).toEqual(
      new Set([
        ['startTimestamp', String(day.timestamp)],
        ['endTimestamp', String(day.timestamp + 23 * 3600)],
        ['timeInterval', 'hour'],
        ['pageSize', '30'],
      ]),
    );
  });

  it('refuses, before any call, an interval a metric does not have, and a range that is backwards or negative', async () => {
    const daily = await h.raw(Q, { metric: 'AVG_TPS', interval: 'WEEK' });
    expect(codes(daily)).toEqual(['BAD_USER_INPUT']);
    expect(daily.errors![0]!.message).toContain('AVG_TPS per DAY only');
    const backwards = await h.raw(Q, { metric: 'TX_COUNT', start: 200, end: 100 });
    expect(codes(backwards)).toEqual(['BAD_USER_INPUT']);
    expect(backwards.errors![0]!.message).toBe('`startTimestamp` (200) must not be after `endTimestamp` (100).');
    expect(codes(await h.raw(Q, { metric: 'TX_COUNT', start: -1 }))).toEqual(['BAD_USER_INPUT']);
    noMetricsCalls();
  });

  it("gives the network's metric over its chains (`mainnet`), and over both networks (`total`)", async () => {
    const res = await h.raw<{ network: { m: Page<Point>; t: Page<Point> } }>(
      `{ network { m: evmMetrics(metric: GAS_USED, interval: MONTH, first: 3) { nodes { timestamp value } pageInfo { hasNextPage } }
        t: evmMetrics(metric: GAS_USED, interval: MONTH, first: 3, allNetworks: true) { nodes { timestamp value } pageInfo { hasNextPage } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const mainnet = measuredChains('avalanche').filter((c) => c.network === 'mainnet');
    expect(res.data!.network.m.nodes).toEqual(chainMetricSeries(mainnet, 'gasUsed', 'month').slice(0, 3));
    expect(res.data!.network.t.nodes).toEqual(chainMetricSeries(measuredChains('avalanche'), 'gasUsed', 'month').slice(0, 3));
    expect(
      metricsCalls('getEvmChainMetrics')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/v2/chains/mainnet/metrics/gasUsed', '/v2/chains/total/metrics/gasUsed']);
  });
});

describe('rolling windows and measured chains (getEvmChainRollingWindowMetrics, getChain, listChains)', () => {
  it('gives the rolling windows of a metric, and active addresses only over the last hour, day and week', async () => {
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
      tx: rollingWindowMetrics(metric: TX_COUNT) { metric lastHour lastDay lastWeek lastMonth last90Days lastYear allTime }
      active: rollingWindowMetrics(metric: ACTIVE_ADDRESSES) { lastWeek lastMonth allTime } } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.evmChain.tx).toEqual({ metric: 'TX_COUNT', ...rollingWindows([cChain], 'txCount') });
    expect(res.data.network.evmChain.active).toEqual({
      lastWeek: rollingWindows([cChain], 'activeAddresses').lastWeek,
      lastMonth: null,
      allTime: null,
    });
    expect(
      metricsCalls('getEvmChainRollingWindowMetrics')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/v2/chains/43114/rollingWindowMetrics/activeAddresses', '/v2/chains/43114/rollingWindowMetrics/txCount']);
  });

  it("lists the network's measured chains, each leading to its EVM chain, and says how the Metrics API knows one", async () => {
    const res =
      await h.raw<any>(`{ network { measuredChains(first: 500) { pageInfo { hasNextPage } nodes { evmChainId chainName blockchainId subnetId chain { evmChainId } } }
      evmChain(evmChainId: 43114) { measured { chainName subnetId } } } }`);
    expect(res.errors).toBeUndefined();
    const mainnet = measuredChains('avalanche').filter((c) => c.network === 'mainnet');
    expect(res.data.network.measuredChains.nodes.map((c: any) => c.blockchainId)).toEqual(mainnet.map((c) => c.blockchainId));
    expect(res.data.network.measuredChains.nodes.every((c: any) => c.chain.evmChainId === c.evmChainId)).toBe(true);
    expect(res.data.network.evmChain.measured).toEqual({ chainName: 'c_chain', subnetId: PRIMARY_NETWORK_ID });
    expect(metricsCalls('listChains')[0]!.query).toEqual([['network', 'mainnet']]);
    expect(metricsCalls('getChain')[0]!.path).toBe('/v2/chains/43114');
  });
});

describe("the C-Chain's BTC.b bridgers (getAddressesByBtcbBridged)", () => {
  const Q = `query($t: String!, $first: Int, $after: String) { network { evmChain(evmChainId: 43114) { btcbBridgers(threshold: $t, first: $first, after: $after) {
    pageInfo { hasNextPage endCursor } nodes { amount address { address } } } } } }`;

  it('walks the bridgers above a threshold to the end, most first, each an EVM address of the C-Chain', async () => {
    const threshold = '1000000000';
    const got = await walk(async (after) => (await h.raw<any>(Q, { t: threshold, first: 7, after })).data.network.evmChain.btcbBridgers);
    const expected = btcbBridgers('avalanche').filter((b) => b.amount >= 1_000_000_000n);
    expect(expected.length).toBeGreaterThan(7);
    expect(got.map((b: any) => [b.address.address.toLowerCase(), b.amount])).toEqual(expected.map((b) => [b.address, String(b.amount)]));
    expect(metricsCalls('getAddressesByBtcbBridged')[0]!.query).toEqual([
      ['threshold', threshold],
      ['pageSize', '7'],
    ]);
  });

  it('is null on another chain without a call, and refuses a threshold that is not a whole amount', async () => {
    const other = [...evm.chains.values()].find((c) => c.chainId !== '43114')!;
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: ${other.chainId}) { btcbBridgers(threshold: "1") { nodes { amount } } } } }`,
    );
    expect(res.data.network.evmChain.btcbBridgers).toBeNull();
    expect(codes(await h.raw(Q, { t: '1.5' }))).toEqual(['BAD_USER_INPUT']);
    noMetricsCalls();
  });
});

describe('ICM counts (getICMTimeseries, getICMSummary)', () => {
  it("counts the network's messages per day, and per pair, as many as the world sent", async () => {
    const res = await h.raw<any>(`{ network {
      all: icmMetrics(first: 2000) { nodes { timestamp count sourceBlockchainId destinationBlockchainId } }
      pairs: icmMetrics(first: 2000, breakdown: PAIR, interval: MONTH) { nodes { count sourceBlockchainId destinationBlockchainId } }
      icmSummary { allTime lastYear } } }`);
    expect(res.errors).toBeUndefined();
    const sent = icmSent('avalanche').filter((m) => m.network === 'mainnet');
    const total = (nodes: { count: number }[]) => nodes.reduce((a, n) => a + n.count, 0);
    expect(total(res.data.network.all.nodes)).toBe(sent.length);
    expect(res.data.network.all.nodes[0].sourceBlockchainId).toBeNull();
    expect(total(res.data.network.pairs.nodes)).toBe(sent.length);
    const pair = res.data.network.pairs.nodes[0];
    expect(sent.some((m) => m.src === pair.sourceBlockchainId && m.dest === pair.destinationBlockchainId)).toBe(true);
    expect(res.data.network.icmSummary.allTime).toBe(sent.length);
    const pairs = metricsCalls('getICMTimeseries').find((r) => r.query.some(([k]) => k === 'groupBy'))!;
    expect(new Set(pairs.query)).toEqual(
      new Set([
        ['network', 'mainnet'],
        ['groupBy', 'srcBlockchainId,destBlockchainId'],
        ['timeInterval', 'month'],
        ['pageSize', '2000'],
      ]),
    );
    expect(metricsCalls('getICMSummary')[0]!.query).toEqual([['network', 'mainnet']]);
  });

  it('counts what a chain sent, by destination, and what it received', async () => {
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
      sent: icmMetrics(first: 2000, byCounterpart: true) { nodes { count sourceBlockchainId destinationBlockchainId } }
      received: icmSummary(direction: RECEIVED) { allTime } } } }`);
    expect(res.errors).toBeUndefined();
    const mine = icmSent('avalanche').filter((m) => m.network === 'mainnet');
    const nodes = res.data.network.evmChain.sent.nodes;
    expect(nodes.reduce((a: number, n: any) => a + n.count, 0)).toBe(mine.filter((m) => m.src === cChain.blockchainId).length);
    expect(nodes.every((n: any) => n.sourceBlockchainId === cChain.blockchainId && n.destinationBlockchainId)).toBe(true);
    expect(res.data.network.evmChain.received.allTime).toBe(mine.filter((m) => m.dest === cChain.blockchainId).length);
    const q = new Set(metricsCalls('getICMTimeseries')[0]!.query.map(([k, v]) => `${k}=${v}`));
    expect(q).toContain(`srcBlockchainId=${cChain.blockchainId}`);
    expect(q).toContain('groupBy=destBlockchainId');
  });
});

describe('staking and L1 validator metrics', () => {
  it("walks the Primary Network's validator count per day to its end, as the world's stakes say", async () => {
    const Q = `query($after: String) { network { stakingMetrics(metric: VALIDATOR_COUNT, first: 700, after: $after) { pageInfo { hasNextPage endCursor } nodes { timestamp value } } } }`;
    const got = await walk(async (after) => (await h.raw<any>(Q, { after })).data.network.stakingMetrics);
    expect(got).toEqual(stakingSeries('mainnet', 'avalanche', PRIMARY_NETWORK_ID, 'validatorCount'));
    const call = metricsCalls('getStakingMetrics')[0]!;
    expect(call.path).toBe('/v2/networks/mainnet/metrics/validatorCount');
    expect(call.query).toContainEqual(['subnetId', PRIMARY_NETWORK_ID]);
  });

  it("gives a subnet's fees, paying validators and validators in a range, and a validation's and a node's fees", async () => {
    const v = validationsOf('mainnet', 'avalanche')[0]!;
    const res = await h.raw<any>(
      `query($subnet: CB58Id!, $node: NodeID!, $start: SafeInt) { network {
        subnet(subnetId: $subnet) {
          feeMetrics(metric: PER_SUBNET_DAILY_FEES_PAID, startTimestamp: $start) { timestamp value }
          paying: feeMetrics(metric: PER_SUBNET_PAYING_VALIDATORS) { value }
          stakingMetrics(metric: VALIDATOR_COUNT, first: 2) { nodes { value } }
          validatorsBetween(first: 500) { nodes { sortKey addresses { address } } }
        }
        validatorFeeMetrics(nodeId: $node, metric: PER_NODE_CUMULATIVE_FEES_PAID) { timestamp value }
        l1ValidatorFeeMetrics(metric: TOTAL_PAYING_VALIDATORS_DAILY, startTimestamp: $start) { timestamp value }
        l1Validators(subnetId: $subnet, first: 20, includeInactive: true) { nodes { validationId feeMetrics(metric: VALIDATION_CUMULATIVE_FEES_DAILY) { timestamp value } } }
      } }`,
      { subnet: v.subnetId, node: v.nodeId, start: 1_762_000_000 },
    );
    expect(res.errors).toBeUndefined();
    const net = res.data.network;
    const all = validationsOf('mainnet', 'avalanche');
    const ofSubnet = all.filter((x) => x.subnetId === v.subnetId);
    const since = (points: Point[]) => points.filter((p) => p.timestamp >= 1_762_000_000);
    expect(net.subnet.feeMetrics).toEqual(since(feeSeries(ofSubnet, 'daily')));
    expect(net.subnet.paying.map((p: Point) => p.value)).toEqual(feeSeries(ofSubnet, 'paying').map((p) => p.value));
    expect(net.subnet.validatorsBetween.nodes).toHaveLength(ofSubnet.length);
    expect(net.validatorFeeMetrics).toEqual(
      feeSeries(
        all.filter((x) => x.nodeId === v.nodeId),
        'cumulative',
      ),
    );
    expect(net.l1ValidatorFeeMetrics).toEqual(since(feeSeries(all, 'paying')));
    const mine = net.l1Validators.nodes.find((n: any) => n.validationId === v.validationId);
    expect(mine.feeMetrics).toEqual(feeSeries([v], 'cumulative'));
    expect(metricsCalls('getMetricsBySubnetId')[0]!.path).toBe(`/v2/subnet/${v.subnetId}/metrics/perSubnetDailyFeesPaid`);
    expect(metricsCalls('getMetricsBySubnetId').some((r) => r.query.length === 1 && r.query[0]![0] === 'startTimestamp')).toBe(true);
    expect(metricsCalls('getMetricsByNodeId')[0]!.path).toBe(`/v2/validator/${v.nodeId}/metrics/perNodeCumulativeFeesPaid`);
    expect(metricsCalls('getMetricsByValidationId').length).toBe(net.l1Validators.nodes.length);
    expect(metricsCalls('getTotalL1ValidatorMetrics')[0]!.path).toBe('/v2/validators/metrics/totalPayingValidatorsDaily');
    expect(metricsCalls('getValidatorsByDateRange')[0]!.path).toBe(`/v2/subnets/${v.subnetId}/validators:getAddresses`);
    expect(metricsCalls('getStakingMetrics')[0]!.query).toContainEqual(['subnetId', v.subnetId]);
  });

  it("walks the Primary Network's validators within a range, each with its stake as sort key", async () => {
    const start = 1_700_000_000;
    const end = 1_710_000_000;
    const Q = `query($after: String) { network { subnet(subnetId: "${PRIMARY_NETWORK_ID}") { validatorsBetween(startTimestamp: ${start}, endTimestamp: ${end}, first: 9, after: $after) {
      pageInfo { hasNextPage endCursor } nodes { sortKey addresses { address } } } } } }`;
    const got = await walk(async (after) => (await h.raw<any>(Q, { after })).data.network.subnet.validatorsBetween);
    const txs = world.transactions.p.filter(
      (tx) =>
        ['AddValidatorTx', 'AddPermissionlessValidatorTx'].includes(tx.txType) && tx.startTimestamp! <= end && tx.endTimestamp! >= start,
    );
    expect(got.length).toBe(txs.length);
    expect(got.length).toBeGreaterThan(9);
    expect(new Set(got.map((v: any) => v.sortKey))).toEqual(new Set(txs.map((tx) => tx.amountStaked![0]!.amount)));
    expect(metricsCalls('getValidatorsByDateRange')[0]!.query).toEqual([
      ['startTimestamp', String(start)],
      ['endTimestamp', String(end)],
      ['pageSize', '9'],
      ['network', 'mainnet'],
    ]);
  });

  it('is null for total L1 fees on the test network without a call, and refuses a backwards range first', async () => {
    const res = await h.raw<any>('{ network(name: FUJI) { l1ValidatorFeeMetrics(metric: TOTAL_VALIDATOR_FEES_DAILY) { value } } }');
    expect(res.data.network.l1ValidatorFeeMetrics).toBeNull();
    const bad = await h.raw(
      '{ network { l1ValidatorFeeMetrics(metric: TOTAL_VALIDATOR_FEES_DAILY, startTimestamp: 5, endTimestamp: 4) { value } } }',
    );
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
    noMetricsCalls();
  });
});

describe('the composite query (compositeQueryV2)', () => {
  const Q = `query($op: AddressConditionOperator!, $c: [AddressCondition!]!, $first: Int, $after: String) { network {
    addressesMatching(operator: $op, conditions: $c, first: $first, after: $after) { totalCount conditionCounts { id count } pageInfo { hasNextPage endCursor } nodes { address } } } }`;

  it('walks the addresses holding a native balance now to the end, with the counts, and sends the typed body', async () => {
    const min = 10n ** 18n;
    const conditions = [{ id: 'rich', type: 'LATEST_BALANCE', evmChainId: 43114, minBalance: String(min) }];
    const got = await walk(
      async (after) => (await h.raw<any>(Q, { op: 'AND', c: conditions, first: 10, after })).data.network.addressesMatching,
    );
    const parties = new Set(
      cChain.transactions.flatMap((tx) => [tx.from.address, tx.to?.address].filter(Boolean).map((a) => a!.toLowerCase())),
    );
    const expected = [...parties].filter((a) => cChain.balanceAt(a) >= min).sort();
    expect(got.map((m: any) => m.address.toLowerCase())).toEqual(expected);
    const first = (await h.raw<any>(Q, { op: 'AND', c: conditions, first: 1 })).data.network.addressesMatching;
    expect(first.totalCount).toBe(expected.length);
    expect(first.conditionCounts).toEqual([{ id: 'rich', count: expected.length }]);
    const call = metricsCalls('compositeQueryV2')[0]!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      operator: 'AND',
      queries: [{ id: 'rich', type: 'LatestBalance', params: { minBalance: String(min), evmChainId: '43114', tokenType: 'NATIVE' } }],
      pageSize: 10,
    });
  });

  it('combines conditions with OR and AND', async () => {
    const c = [
      { id: 'a', type: 'LATEST_BALANCE', evmChainId: 43114, minBalance: '1' },
      {
        id: 'b',
        type: 'ANY_TIME_NATIVE_BALANCE',
        evmChainId: 43114,
        minBalance: String(10n ** 20n),
        firstDate: '2020-01-01',
        lastDate: '2025-11-01',
      },
    ];
    const or = (await h.raw<any>(Q, { op: 'OR', c, first: 1 })).data.network.addressesMatching;
    const and = (await h.raw<any>(Q, { op: 'AND', c, first: 1 })).data.network.addressesMatching;
    const [a, b] = or.conditionCounts.map((x: any) => x.count);
    expect(or.totalCount).toBeGreaterThanOrEqual(Math.max(a, b));
    expect(and.totalCount).toBeLessThanOrEqual(Math.min(a, b));
    expect(a + b).toBe(or.totalCount + and.totalCount);
  });

  it('refuses, before any call, a condition without what its type needs, a field it does not take, a bad date, and repeated ids', async () => {
    const cases: [unknown[], string][] = [
      [
        [{ id: 'x', type: 'ANY_TIME_ERC20_BALANCE', evmChainId: 43114, minBalance: '1', firstDate: '2025-01-01', lastDate: '2025-02-01' }],
        'needs `conditions[0].contractAddress`',
      ],
      [
        [{ id: 'x', type: 'LATEST_BALANCE', evmChainId: 43114, minBalance: '1', subjectAddress: cChain.accounts[0] }],
        '`conditions[0].subjectAddress` does not apply',
      ],
      [
        [{ id: 'x', type: 'ALL_TIME_NATIVE_BALANCE', evmChainId: 43114, minBalance: '1', firstDate: '2025-02-30', lastDate: '2025-03-01' }],
        'must be a date written YYYY-MM-DD',
      ],
      [
        [{ id: 'x', type: 'ALL_TIME_NATIVE_BALANCE', evmChainId: 43114, minBalance: '1', firstDate: '2025-03-02', lastDate: '2025-03-01' }],
        'must not be after',
      ],
      [[{ id: 'x', type: 'LATEST_BALANCE', evmChainId: 43114, minBalance: '-1' }], 'must be 0 or more'],
      [
        [
          { id: 'x', type: 'LATEST_BALANCE', evmChainId: 43114, minBalance: '1' },
          { id: 'x', type: 'LATEST_BALANCE', evmChainId: 43114, minBalance: '2' },
        ],
        'repeats',
      ],
      [[], 'takes 1 to 10 conditions'],
    ];
    for (const [c, message] of cases) {
      const res = await h.raw(Q, { op: 'AND', c });
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toContain(message);
    }
    noMetricsCalls();
  });
});

describe("the Metrics API's own checks (metrics-health-check, metrics-live-check)", () => {
  it('reports its health and liveness, each from its own route', async () => {
    const res = await h.raw<any>(
      '{ h: metricsApiHealth { status indicators { name up } } l: metricsApiHealth(check: LIVENESS) { status } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ h: { status: 'OK', indicators: [{ name: 'database', up: true }] }, l: { status: 'OK' } });
    expect(metricsCalls('metrics-health-check')[0]!.path).toBe('/v2/health-check');
    expect(metricsCalls('metrics-live-check')[0]!.path).toBe('/v2/live-check');
  });
});
