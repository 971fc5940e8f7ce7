/**
 * The Metrics API's daily TPS series (GET /v1/avg_tps), on EVM chains and blockchains.
 */
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { TPS_PAGE } from '../../sandbox/metrics-api/metrics.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness({ DATA_API_KEY: 'operator-key' });
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;

describe('average TPS (Metrics API)', () => {
  const Q = `query($after: String, $first: Int) { network { evmChain(evmChainId: 43114) { averageTps(first: $first, after: $after) {
    lastRun pageInfo { hasNextPage endCursor } nodes { timestamp value } } } } }`;
  type Tps = { network: { evmChain: { averageTps: Page<{ timestamp: number; value: number }> & { lastRun: number } } } };

  it("pages the daily series across the Metrics API's own pages, newest first", async () => {
    const got = await walk(async (after) => (await h.raw<Tps>(Q, { after, first: 70 })).data!.network.evmChain.averageTps);
    expect(got).toEqual(cChain.tps);
    expect(h.sandbox.count('getAvgTps')).toBeGreaterThan(Math.ceil(cChain.tps.length / TPS_PAGE) - 1);
  });

  it("says when the Metrics API last ran and the status it wrote in its answer, from the page's own call", async () => {
    const res = await h.raw<any>(
      '{ network { evmChain(evmChainId: 43114) { averageTps(first: 2) { status lastRun nodes { timestamp } } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.evmChain.averageTps).toMatchObject({ status: 200, lastRun: expect.any(Number) });
    expect(h.sandbox.count('getAvgTps')).toBe(1);
  });

  it('reaches the series from a blockchain too, and is null for a chain without an EVM chain id', async () => {
    const res = await h.raw<{ network: { x: { averageTps: null }; c: { averageTps: { nodes: unknown[] } } } }>(
      `{ network { x: blockchain(blockchainId: "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM") { averageTps { nodes { value } } } c: blockchain(blockchainId: "2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5") { averageTps(first: 5) { nodes { value } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.network.x.averageTps).toBeNull();
    expect(res.data!.network.c.averageTps.nodes).toHaveLength(5);
  });

  it("never sends an API key to the Metrics API, the operator's nor the client's", async () => {
    await h.raw(Q, { first: 3 }, { 'x-service-api-key': 'client-key' });
    await h.raw(Q, { first: 3 });
    const metrics = h.sandbox.log.filter((r) => r.service === 'metrics-api');
    expect(metrics).toHaveLength(2);
    expect(metrics.every((r) => r.apiKey === undefined)).toBe(true);
  });

  it('after a token expires (24 h), the series starts again from the newest day, as the Metrics API does', async () => {
    const page = (await h.raw<Tps>(Q, { first: TPS_PAGE })).data!.network.evmChain.averageTps;
    h.sandbox.metrics.tokenTtlMs = 0;
    try {
      await new Promise((r) => setTimeout(r, 5));
      const again = (await h.raw<Tps>(Q, { first: 3, after: page.pageInfo.endCursor })).data!.network.evmChain.averageTps;
      expect(again.nodes).toEqual(cChain.tps.slice(0, 3));
    } finally {
      h.sandbox.metrics.tokenTtlMs = 24 * 3600 * 1000;
    }
  });

  it('resumes a cursor from the middle of a page right after its day, and starts over when that page has expired', async () => {
    const mid = (await h.raw<Tps>(Q, { first: TPS_PAGE + 2 })).data!.network.evmChain.averageTps;
    expect(mid.nodes.at(-1)).toEqual(cChain.tps[TPS_PAGE + 1]);
    const next = (await h.raw<Tps>(Q, { first: 3, after: mid.pageInfo.endCursor })).data!.network.evmChain.averageTps;
    expect(next.nodes).toEqual(cChain.tps.slice(TPS_PAGE + 2, TPS_PAGE + 5));
    h.sandbox.metrics.tokenTtlMs = 0;
    try {
      await new Promise((r) => setTimeout(r, 5));
      // The expired token brings back the newest page, where the cursor's day is not: counting
      // into that page would silently skip days, so the series starts over as the API's does.
      const again = (await h.raw<Tps>(Q, { first: 3, after: mid.pageInfo.endCursor })).data!.network.evmChain.averageTps;
      expect(again.nodes).toEqual(cChain.tps.slice(0, 3));
    } finally {
      h.sandbox.metrics.tokenTtlMs = 24 * 3600 * 1000;
    }
  });

  it("maps the Metrics API's errors (an array of messages) to coded errors", async () => {
    const res = await h.raw('{ network { evmChain(evmChainId: 43114) { averageTps { nodes { value } } } } }');
    expect(res.errors).toBeUndefined();
    h.sandbox.fail({ operation: 'getAvgTps', kind: 'status', status: 429, retryAfter: 60 });
    const limited = await h.raw('{ network { evmChain(evmChainId: 43114) { averageTps { nodes { value } } } } }');
    expect(codes(limited)).toEqual(['UPSTREAM_RATE_LIMITED']);
    expect(limited.errors![0]!.extensions).toMatchObject({
      upstream: { service: 'metrics-api', operation: 'getAvgTps', status: 429, message: 'Too many requests, please try again later.' },
    });
    h.sandbox.fail({ operation: 'getAvgTps', kind: 'status', status: 502, times: -1 });
    const down = await h.raw('{ network { evmChain(evmChainId: 43114) { averageTps { nodes { value } } } } }');
    expect(codes(down)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(down.errors![0]!.extensions).toMatchObject({ upstream: { service: 'metrics-api', status: 502, message: 'Sandbox fault 502' } });
  });
});
