/**
 * Rate limits charged up front, on the built gateway (`npm start`) over the sandbox, as a hostile
 * client would try them: requests whose calls are known (each alias of `subnets` is one call,
 * priced at one), sent one after the other, all at once, in a batch, over a WebSocket and HTTP
 * together, and subscriptions. Each asserts what the sandbox received: never more than the bucket
 * held, what it refilled meanwhile and one request's price (`rate × time + burst + estimate`).
 * Before, a request reserved one point and settled after the fact, its debt stopping at minus a
 * burst: requests of 100 calls got 13.8 times the rate, batches 27.6 times.
 *
 * Each client is its own loopback address (127.0.0.x), so the buckets of one test are not another's.
 * Loads are kept to a few seconds: the figures are bounds, not timings.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { client } from '../helpers/sockets.js';

const sandbox = useSandbox();

/**
 * A query of `n` upstream calls, priced at `n`: aliases of a page of subnets, each of its own size
 * (from `salt`, among `sizes`), so that few are shared with another request's.
 */
function aliased(n: number, salt: number, sizes = 97): string {
  const fields = Array.from(
    { length: n },
    (_, i) => `a${i}: network { subnets(first: ${1 + ((salt * n + i) % sizes)}) { nodes { subnetId } } }`,
  );
  return `{ ${fields.join(' ')} }`;
}

/** Upstream calls the sandbox received since its last reset. */
const received = () => sandbox.total;

/** What a client at `perSecond` with a bucket of `burst` may have made the gateway call in `ms`, one request of `estimate` past it. */
const bound = (perSecond: number, burst: number, ms: number, estimate: number) => Math.floor(burst + (perSecond * ms) / 1000 + estimate);

/** A graphql-ws client whose socket comes from `localAddress`. */
function wsClient(url: string, localAddress: string) {
  class Local extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { localAddress });
    }
  }
  return createClient({ url: url.replace(/^http/, 'ws'), webSocketImpl: Local, retryAttempts: 0, lazy: true });
}

/** Runs `query` over `ws`: its result, or the error it was refused with. */
function overSocket(ws: ReturnType<typeof createClient>, query: string): Promise<any> {
  return new Promise((resolve) => {
    let last: unknown;
    ws.subscribe(
      { query },
      { next: (r) => (last = r), error: (e) => resolve({ errors: Array.isArray(e) ? e : [e] }), complete: () => resolve(last) },
    );
  });
}

describe('RATE_LIMIT_PER_SECOND=2, RATE_LIMIT_BURST=5 (the cache off, batches of 50)', () => {
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, { RATE_LIMIT_PER_SECOND: '2', RATE_LIMIT_BURST: '5', CACHE: 'off', BATCHING_LIMIT: '50' });
  }, 60_000);
  afterAll(async () => {
    await gw?.stop();
  });

  it('one after the other: requests of 29 calls spend what the bucket held, its refill and one price, and the rest is refused up front', async () => {
    const c = client('127.0.0.41');
    sandbox.reset();
    const started = performance.now();
    const statuses: number[] = [];
    for (let i = 0; performance.now() - started < 3000 && i < 200; i++) {
      statuses.push((await c.post(gw.url, {}, JSON.stringify({ query: aliased(29, i) }))).status);
      await sleep(50);
    }
    const elapsed = performance.now() - started;
    await c.close();
    const served = statuses.filter((s) => s === 200).length;
    console.info(
      `sequential 29-call requests at 2/s burst 5: ${served} of ${statuses.length} served, ${received()} calls in ${Math.round(elapsed)} ms`,
    );
    expect(served).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(received()).toBe(29 * served);
    expect(received()).toBeLessThanOrEqual(bound(2, 5, elapsed, 29));
  });

  it('all at once: 20 requests of 29 calls together spend no more than the bucket and one price', async () => {
    const c = client('127.0.0.42');
    sandbox.reset();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.post(gw.url, {}, JSON.stringify({ query: aliased(29, 100 + i) }))),
    );
    const elapsed = performance.now() - started;
    await c.close();
    const served = answers.filter((a) => a.status === 200).length;
    console.info(`20 concurrent 29-call requests at 2/s burst 5: ${served} served, ${received()} calls in ${Math.round(elapsed)} ms`);
    expect(received()).toBeLessThanOrEqual(bound(2, 5, elapsed, 29));
    // Refused after their admission, once priced: RATE_LIMITED with retry-after, as the server's own 429.
    const late = answers.filter((a) => a.status === 429 && a.body.errors[0].message.includes('priced at up to 29 upstream calls'));
    for (const a of late) {
      expect(a.body.errors[0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(Number(a.headers['retry-after'])).toBe(a.body.errors[0].extensions.retryAfter);
      expect(a.body.errors[0].extensions.retryAfter).toBeGreaterThanOrEqual(1);
    }
    console.info(`of them, ${late.length} refused once priced, the client then in debt`);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
  });

  it('in a batch: 40 nine-call operations in one POST spend no more than the bucket and one price; the others are RATE_LIMITED in their place', async () => {
    const c = client('127.0.0.43');
    sandbox.reset();
    const started = performance.now();
    const batch = Array.from({ length: 40 }, (_, i) => ({ query: aliased(9, 200 + i) }));
    const answer = await c.post(gw.url, {}, JSON.stringify(batch));
    const elapsed = performance.now() - started;
    await c.close();
    expect(answer.status).toBe(200);
    const ran = answer.body.filter((r: any) => r.data).length;
    const codes = new Set(answer.body.filter((r: any) => r.errors).map((r: any) => r.errors[0].extensions.code));
    console.info(`a batch of 40 nine-call operations at 2/s burst 5: ${ran} ran, ${received()} calls in ${Math.round(elapsed)} ms`);
    expect(ran).toBeGreaterThanOrEqual(1);
    expect([...codes]).toEqual(['RATE_LIMITED']);
    expect(received()).toBeLessThanOrEqual(bound(2, 5, elapsed, 9));
  });

  it('over a WebSocket and HTTP together: one bucket, the same bound', async () => {
    const ws = wsClient(gw.url, '127.0.0.44');
    const c = client('127.0.0.44');
    sandbox.reset();
    const started = performance.now();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => overSocket(ws, aliased(29, 300 + i))),
      ...Array.from({ length: 10 }, (_, i) => c.post(gw.url, {}, JSON.stringify({ query: aliased(29, 400 + i) })).then((a) => a.body)),
    ]);
    const elapsed = performance.now() - started;
    await Promise.all([ws.dispose(), c.close()]);
    const served = results.filter((r) => r?.data).length;
    console.info(
      `10 WebSocket and 10 HTTP 29-call requests at once at 2/s burst 5: ${served} served, ${received()} calls in ${Math.round(elapsed)} ms`,
    );
    expect(received()).toBeLessThanOrEqual(bound(2, 5, elapsed, 29));
    for (const r of results.filter((r) => !r?.data)) expect(r.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});

describe("the Kubernetes example's settings: 2/s, burst 20, UPSTREAM_CALL_BUDGET 100", () => {
  it('20 concurrent requests of 29 calls spend the burst and one price, not 20 prices', async () => {
    const gw = await startGatewayProcess(sandbox, {
      RATE_LIMIT_PER_SECOND: '2',
      RATE_LIMIT_BURST: '20',
      UPSTREAM_CALL_BUDGET: '100',
      CACHE: 'off',
    });
    const c = client('127.0.0.45');
    try {
      sandbox.reset();
      const started = performance.now();
      let served = 0;
      // Two waves, a second apart: the second finds the debt the first left.
      for (let wave = 0; wave < 2; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => c.post(gw.url, {}, JSON.stringify({ query: aliased(29, 500 + 20 * wave + i) }))),
        );
        served += answers.filter((a) => a.status === 200).length;
        await sleep(1000);
      }
      const elapsed = performance.now() - started;
      console.info(
        `two waves of 20 concurrent 29-call requests at 2/s burst 20: ${served} served, ${received()} calls in ${Math.round(elapsed)} ms`,
      );
      expect(received()).toBeLessThanOrEqual(bound(2, 20, elapsed, 29));
    } finally {
      await c.close();
      await gw.stop();
    }
  }, 60_000);
});

describe('BATCHING_LIMIT=50 without rate limits', () => {
  it('prices and budgets a batch as the one request it is: 40 nine-call operations make at most UPSTREAM_CALL_BUDGET calls, the excess refused with what to do', async () => {
    const gw = await startGatewayProcess(sandbox, { BATCHING_LIMIT: '50', CACHE: 'off' });
    try {
      sandbox.reset();
      // Small pages: the batch's objects stay far below MAX_RESULT_NODES, so its calls are what it passes.
      const batch = Array.from({ length: 40 }, (_, i) => ({ query: aliased(9, i, 10) }));
      const answer = await client('127.0.0.46').post(gw.url, {}, JSON.stringify(batch));
      expect(answer.status).toBe(200);
      const ran = answer.body.filter((r: any) => r.data);
      const refused = answer.body.filter((r: any) => r.errors);
      console.info(`a batch of 40 nine-call operations, budget 250: ${ran.length} ran, ${refused.length} refused, ${received()} calls`);
      // 27 of 9 calls fit in 250; each further one is refused before any call (operations sharing a page share its call).
      expect(ran).toHaveLength(27);
      expect(refused).toHaveLength(13);
      expect(received()).toBeLessThanOrEqual(250);
      for (const r of refused) {
        expect(r.data).toBeUndefined();
        expect(r.errors[0].extensions).toMatchObject({
          code: 'QUERY_LIMIT_EXCEEDED',
          limit: 'calls',
          allowed: 250,
          estimated: { calls: 9 },
          batch: { calls: 243 },
        });
        expect(r.errors[0].message).toMatch(
          /could cost up to 9 upstream calls, and the operations of its batch let run before it 243: together past the 250 one request may \(UPSTREAM_CALL_BUDGET\), and a batch is one request/,
        );
      }
    } finally {
      await gw.stop();
    }
  }, 60_000);
});

describe('subscriptions: LIVE_POLL_BLOCKS_MS=250', () => {
  it('charges a client its polls: at 1/s burst 6, its subscriptions end with RATE_LIMITED once it owes points, and what the polls called stays within the bound', async () => {
    const gw = await startGatewayProcess(sandbox, {
      RATE_LIMIT_PER_SECOND: '1',
      RATE_LIMIT_BURST: '6',
      LIVE_POLL_BLOCKS_MS: '250',
      CACHE: 'off',
    });
    const ws = wsClient(gw.url, '127.0.0.47');
    try {
      sandbox.reset();
      const started = performance.now();
      // Three topics of its own (P-, X-Chain blocks of two networks), each a call a poll: 12 calls a second against a rate of 1.
      const topics = ['pChainBlocks(network: MAINNET)', 'xChainBlocks(network: MAINNET)', 'pChainBlocks(network: FUJI)'];
      const outcomes = await Promise.all(
        topics.map(
          (field) =>
            new Promise<any>((resolve) => {
              const events: any[] = [];
              const stop = setTimeout(() => resolve({ events, ended: false }), 6000);
              ws.subscribe(
                { query: `subscription { ${field} { height } }` },
                {
                  next: (e) => events.push(e),
                  error: (e) => {
                    clearTimeout(stop);
                    resolve({ events, error: e, ended: true });
                  },
                  complete: () => {
                    clearTimeout(stop);
                    resolve({ events, ended: true });
                  },
                },
              );
            }),
        ),
      );
      const elapsed = performance.now() - started;
      const calls = received();
      // Nothing polls once they ended.
      await sleep(600);
      console.info(
        `three subscriptions of one client at 1/s burst 6: ${calls} calls in ${Math.round(elapsed)} ms, then ${received() - calls} more`,
      );
      for (const { events, ended } of outcomes) {
        expect(ended).toBe(true);
        const last = events.at(-1);
        expect(last.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
        expect(last.errors[0].message).toMatch(/Subscriptions are charged their share of the polls they cause/);
      }
      // The burst, the refill, and one poll of each topic past it.
      expect(calls).toBeLessThanOrEqual(bound(1, 6, elapsed, topics.length));
      expect(received() - calls).toBe(0);
    } finally {
      await ws.dispose();
      await gw.stop();
    }
  }, 60_000);

  it('subscribing and completing in a loop on one socket polls a topic no more than once an interval', async () => {
    const gw = await startGatewayProcess(sandbox, { LIVE_POLL_BLOCKS_MS: '1000', CACHE: 'off' });
    const ws = wsClient(gw.url, '127.0.0.48');
    try {
      sandbox.reset();
      const started = performance.now();
      let rounds = 0;
      while (performance.now() - started < 3000 && rounds < 500) {
        const unsubscribe = ws.subscribe(
          { query: 'subscription { pChainBlocks { height } }' },
          { next: () => undefined, error: () => undefined, complete: () => undefined },
        );
        await sleep(10);
        unsubscribe();
        rounds++;
      }
      const elapsed = performance.now() - started;
      const heights = sandbox.count('platform.getHeight');
      console.info(`${rounds} subscribe/complete rounds on one socket in ${Math.round(elapsed)} ms: ${heights} platform.getHeight calls`);
      expect(rounds).toBeGreaterThan(30);
      expect(heights).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    } finally {
      await ws.dispose();
      await gw.stop();
    }
  }, 60_000);

  it('lets one address open only LIVE_MAX_TOPICS_PER_CLIENT topics, and another join them', async () => {
    const gw = await startGatewayProcess(sandbox, { LIVE_MAX_TOPICS_PER_CLIENT: '2', LIVE_POLL_BLOCKS_MS: '1000' });
    const [a, b] = [wsClient(gw.url, '127.0.0.49'), wsClient(gw.url, '127.0.0.50')];
    const first = (ws: ReturnType<typeof createClient>, field: string) =>
      new Promise<any>((resolve) => {
        const unsubscribe = ws.subscribe(
          { query: `subscription { ${field} { height } }` },
          {
            next: (e) => {
              if (e.errors) resolve(e);
            },
            error: (e) => resolve({ errors: Array.isArray(e) ? e : [e] }),
            complete: () => resolve({ completed: true }),
          },
        );
        setTimeout(() => resolve({ open: true, unsubscribe }), 1500);
      });
    try {
      const opened = await Promise.all([first(a, 'pChainBlocks(network: MAINNET)'), first(a, 'xChainBlocks(network: MAINNET)')]);
      expect(opened.map((o) => o.open)).toEqual([true, true]);
      const third = await first(a, 'pChainBlocks(network: FUJI)');
      expect(third.errors[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'subscriptionTopicsPerClient' });
      expect(third.errors[0].message).toMatch(/already opened 2 of the subscription topics .*\(LIVE_MAX_TOPICS_PER_CLIENT\)/);
      // Another address opens it, and the first may join it then.
      expect((await first(b, 'pChainBlocks(network: FUJI)')).open).toBe(true);
      expect((await first(a, 'pChainBlocks(network: FUJI)')).open).toBe(true);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
      await gw.stop();
    }
  }, 60_000);
});
