/**
 * The official SDK (@avalanche-sdk/chainkit, its `metrics` sub-SDK) pointed at the sandbox: every
 * Metrics API operation it has is called through it, its answer parsed by the SDK's own schemas,
 * and the paged ones followed to a second page with the SDK's own iterator. compositeQueryV2 is
 * not in this SDK (0.x): its answer is checked against the spec by the sandbox's contract checks
 * (test/helpers/sandbox.ts) through the gateway in test/graph/metrics-api.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { validationsOf } from '../../sandbox/world/metrics.js';
import { chainkit } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const validation = validationsOf('mainnet', 'avalanche')[0]!;

/**
 * The SDK, and the per-call option that sends its Metrics API calls to the sandbox. Its telemetry
 * is off: on by default, it posts every call to a third party (us.i.posthog.com).
 */
function sdk(globals: { chainId?: string; network?: 'mainnet' | 'fuji' | 'testnet' } = {}) {
  return {
    avalanche: chainkit({ serverURL: sandbox.dataApiUrl, ...globals }),
    at: { serverURL: sandbox.metricsApiUrl },
  };
}

/** The first two pages of an SDK page iterator: the second proves its token followed. */
async function twoPages<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const pages: T[] = [];
  for await (const page of iterator) {
    pages.push(page);
    if (pages.length === 2) break;
  }
  return pages;
}

describe('the Metrics API through the official SDK', () => {
  it('parses its health and liveness checks', async () => {
    const { avalanche, at } = sdk();
    expect((await avalanche.metrics.healthCheck(at)).status).toBe('ok');
    expect((await avalanche.metrics.liveCheck(at)).status).toBe('ok');
  });

  it('parses the chain list and one chain', async () => {
    const { avalanche, at } = sdk({ chainId: '43114' });
    const [first] = await twoPages(await avalanche.metrics.chains.list({ network: 'mainnet' }, at));
    expect(first!.result.chains.some((c) => c.evmChainId === 43114)).toBe(true);
    const chain = await avalanche.metrics.chains.get({ chainId: '43114' }, at);
    expect(chain).toMatchObject({ evmChainId: 43114, chainName: 'c_chain', network: 'mainnet' });
  });

  it('parses chain metrics page after page, and rolling windows', async () => {
    const { avalanche, at } = sdk();
    const pages = await twoPages(
      await avalanche.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', timeInterval: 'day', pageSize: 5 }, at),
    );
    expect(pages.map((p) => p.result.results.length)).toEqual([5, 5]);
    expect(pages[1]!.result.results[0]!.timestamp).toBeLessThan(pages[0]!.result.results[4]!.timestamp);
    const windows = await avalanche.metrics.chains.getRollingWindowMetrics({ chainId: '43114', metric: 'gasUsed' }, at);
    expect(windows.result.allTime).toBeGreaterThan(0);
  });

  it('parses ICM timeseries page after page, and the summary', async () => {
    const { avalanche, at } = sdk();
    // This one the SDK does not iterate: its token is sent back by hand.
    const request = { network: 'mainnet', groupBy: 'srcBlockchainId,destBlockchainId', pageSize: 3 } as const;
    const first = await avalanche.metrics.chains.getICMTimeseries(request, at);
    const second = await avalanche.metrics.chains.getICMTimeseries({ ...request, pageToken: first.nextPageToken! }, at);
    expect([first.results.length, second.results.length]).toEqual([3, 3]);
    expect(first.results[0]!.srcBlockchainId).not.toBe('');
    const summary = await avalanche.metrics.chains.getICMSummary({ network: 'mainnet' }, at);
    expect(summary.result.allTime).toBeGreaterThan(0);
  });

  it("parses the C-Chain's BTC.b bridgers page after page", async () => {
    const { avalanche, at } = sdk();
    const pages = await twoPages(await avalanche.metrics.chains.listBTCbBridgersAboveThreshold({ threshold: '0', pageSize: 4 }, at));
    expect(pages.map((p) => p.result.addresses.length)).toEqual([4, 4]);
  });

  it('parses staking metrics page after page', async () => {
    const { avalanche, at } = sdk({ network: 'mainnet' });
    const pages = await twoPages(
      await avalanche.metrics.networks.getStakingMetrics({ metric: 'validatorCount', pageSize: 10, subnetId: PRIMARY_NETWORK_ID }, at),
    );
    expect(pages.map((p) => p.result.results.length)).toEqual([10, 10]);
  });

  it('parses the L1 validator metrics: in total, by validation id, by node id, by subnet id', async () => {
    const { avalanche, at } = sdk();
    const total = await avalanche.metrics.l1Validators.listMetrics({ metric: 'totalValidatorFeesDaily' }, at);
    expect(total.results.length).toBeGreaterThan(0);
    const byValidation = await avalanche.metrics.l1Validators.getMetricsByValidationId(
      { l1ValidationId: validation.validationId, metric: 'validationFeesDaily' },
      at,
    );
    expect(byValidation.results.length).toBeGreaterThan(0);
    const byNode = await avalanche.metrics.l1Validators.getMetricsByNodeId(
      { nodeId: validation.nodeId, metric: 'perNodeDailyFeesPaid' },
      at,
    );
    expect(byNode.results.length).toBeGreaterThan(0);
    const bySubnet = await avalanche.metrics.l1Validators.getMetricsBySubnetId(
      { subnetId: validation.subnetId, metric: 'perSubnetPayingValidators' },
      at,
    );
    expect(bySubnet.results.length).toBeGreaterThan(0);
  });

  it("parses a subnet's validators by date range page after page", async () => {
    const { avalanche, at } = sdk();
    const pages = await twoPages(
      await avalanche.metrics.subnets.getValidators({ subnetId: PRIMARY_NETWORK_ID, network: 'mainnet', pageSize: 3 }, at),
    );
    expect(pages.map((p) => p.result.addresses.length)).toEqual([3, 3]);
  });
});
