/**
 * Rate limits over real sockets, sent as an outsider would: a flood from one address, forged
 * x-forwarded-for, a fresh API key per request; each client on its own loopback address
 * (127.0.0.2, .3, ...), so the buckets of one test are not another's. Then the pieces alone:
 * who a request is (TRUST_PROXY, IPv6 networks, hashed keys) and the token bucket's arithmetic.
 */
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { MemoryBuckets } from '../../src/guards/buckets.js';
import { ClientIdentity } from '../../src/guards/identity.js';
import type { GatewayServer } from '../../src/http/server.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';
import { atLeast, atMost, client, flood } from '../helpers/sockets.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('RATE_LIMIT_PER_SECOND=10, RATE_LIMIT_BURST=20, no proxy trusted', () => {
  let h: Harness;
  let gw: GatewayServer;
  let url: string;
  beforeAll(async () => {
    h = await startHarness({ RATE_LIMIT_PER_SECOND: '10', RATE_LIMIT_BURST: '20', CORS_ORIGINS: 'https://app.example.org' }, { sandbox });
    ({ gw, url } = await serve(h));
  });
  afterAll(async () => {
    await gw.drain(100);
    await h.close();
  });

  it('serves about 20 of 200 parallel requests from one client; the rest get 429 with retry-after and cost no upstream call', async () => {
    const a = client('127.0.0.2');
    const { answers, served, refused, elapsedMs } = await flood(200, () => a.post(url));
    await a.close();
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(served).toBeGreaterThanOrEqual(atLeast(20));
    expect(served).toBeLessThanOrEqual(atMost(20, 10, elapsedMs));
    expect(refused.length).toBe(200 - served);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.body).toEqual({
        errors: [
          {
            message: expect.stringMatching(
              /^Too many requests: a client may spend 20 points at once and 10 a second after that, a point per upstream call its requests make and a tenth per request .*Retry after 1 s\.$/,
            ),
            extensions: { code: 'RATE_LIMITED', retryAfter: 1 },
          },
        ],
      });
    }
    // One listSubnets per served request, nothing for the refused ones.
    expect(sandbox.counts).toEqual({ listSubnets: served });
    console.info(`200 parallel requests at 10/s burst 20: ${served} served, ${refused.length} refused in ${Math.round(elapsedMs)} ms`);

    // Another client is unaffected...
    const b = client('127.0.0.3');
    const other = await flood(5, () => b.post(url));
    await b.close();
    expect(other.served).toBe(5);
    // ...and this one is served again once it waited what retry-after said.
    await sleep(1000);
    const again = client('127.0.0.2');
    expect((await again.post(url)).status).toBe(200);
    await again.close();
  });

  it('does not let a client escape by forging x-forwarded-for', async () => {
    const c = client('127.0.0.4');
    const { served, elapsedMs } = await flood(60, (i) => c.post(url, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}` }));
    await c.close();
    expect(served).toBeGreaterThanOrEqual(atLeast(20));
    expect(served).toBeLessThanOrEqual(atMost(20, 10, elapsedMs));
  });

  it('does not let a client escape by sending a fresh API key each time', async () => {
    const c = client('127.0.0.5');
    const { served, elapsedMs } = await flood(60, (i) => c.post(url, { 'x-service-api-key': `minted-key-${i}` }));
    await c.close();
    expect(served).toBeGreaterThanOrEqual(atLeast(20));
    expect(served).toBeLessThanOrEqual(atMost(20, 10, elapsedMs));
  });

  it('limits an API key across the addresses it is sent from', async () => {
    const [c, d] = [client('127.0.0.6'), client('127.0.0.7')];
    const key = { 'x-service-api-key': 'one-key-two-places' };
    const { served, elapsedMs } = await flood(40, (i) => (i % 2 ? c : d).post(url, key));
    await Promise.all([c.close(), d.close()]);
    // Each address alone would have let 20 through: 40 in all.
    expect(served).toBeGreaterThanOrEqual(atLeast(20));
    expect(served).toBeLessThanOrEqual(atMost(20, 10, elapsedMs));
  });

  it('lets a page CORS allows read the 429 and its retry-after', async () => {
    const f = client('127.0.0.9');
    const { refused } = await flood(30, () => f.post(url, { origin: 'https://app.example.org' }));
    await f.close();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example.org',
      'access-control-expose-headers': 'retry-after',
      vary: 'Origin',
    });
  });
});

describe('points: what a request costs is what it called', () => {
  let h: Harness;
  let url: string;
  let gw: GatewayServer;
  beforeAll(async () => {
    // The cache on, as deployed: a repeated query is answered from it, at no call.
    h = await startHarness({ RATE_LIMIT_PER_SECOND: '2', RATE_LIMIT_BURST: '20', CACHE: 'memory' }, { sandbox });
    ({ gw, url } = await serve(h));
  });
  afterAll(async () => {
    await gw.drain(100);
    await h.close();
  });
  const body = (query: string) => JSON.stringify({ query });
  /** Several calls a request: a page of subnets, and the L1 validators of its L1s; the cache never has them (a new `first` each time). */
  const costly = (i: number) =>
    body(`{ network { subnets(first: ${20 + i}) { nodes { subnetId l1Validators(first: ${20 + i}) { nodes { nodeId } } } } } }`);

  it('lets a client ask what the cache holds almost freely, and one fanning out pay per call, one after the other', async () => {
    const cheap = client('127.0.0.30');
    const cached = body('{ network { subnets(first: 2) { nodes { subnetId } } } }');
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push((await cheap.post(url, {}, cached)).status);
    await cheap.close();
    // 60 requests, one call in all: 6.1 points of 20.
    expect(answers.filter((s) => s === 200)).toHaveLength(60);

    const dear = client('127.0.0.31');
    const started = performance.now();
    const dearAnswers = [];
    for (let i = 0; i < 20; i++) dearAnswers.push((await dear.post(url, {}, costly(i))).status);
    const elapsed = performance.now() - started;
    await dear.close();
    const calls = sandbox.count('listSubnets') + sandbox.count('listL1Validators');
    const servedDear = dearAnswers.filter((s) => s === 200).length;
    // Each costs its calls: the 20 points (and what refilled meanwhile) pay for a few of them only.
    expect(servedDear).toBeGreaterThanOrEqual(1);
    expect(servedDear).toBeLessThan(20);
    expect(calls / servedDear).toBeGreaterThan(3);
    expect(calls - 1).toBeLessThanOrEqual(20 + (elapsed / 1000) * 2 + 10 + 1);
    expect(dearAnswers.slice(servedDear).every((s) => s === 429)).toBe(true);
  });

  it('says in rateLimit what the query costs and what the client has left', async () => {
    const mine = client('127.0.0.32');
    const ask = async () =>
      (
        await mine.post(
          url,
          {},
          body('{ rateLimit { cost limit perSecond remaining resetAt } network { subnets(first: 3) { nodes { subnetId } } } }'),
        )
      ).body as { data: { rateLimit: { cost: number; limit: number; perSecond: number; remaining: number; resetAt: string } } };
    const asked = performance.now();
    const first = (await ask()).data.rateLimit;
    const refilled = ((performance.now() - asked) / 1000) * 2;
    // While it runs, its price is reserved: a call, and its tenth (less what refilled meanwhile, on a busy machine).
    expect(first).toMatchObject({ cost: 1, limit: 20, perSecond: 2 });
    expect(first.remaining).toBeGreaterThanOrEqual(18.9);
    expect(first.remaining).toBeLessThanOrEqual(18.9 + refilled + 0.1);
    expect(Date.parse(first.resetAt) - Date.now()).toBeGreaterThan(0);
    // It cost one call and a tenth, and the next one reserves as much while it runs (plus what refilled since).
    const second = (await ask()).data.rateLimit;
    expect(second.remaining).toBeGreaterThanOrEqual(17.8);
    expect(second.remaining).toBeLessThan(18.9);
    await mine.close();
  });
});

describe('RATE_LIMIT_PER_SECOND=0.05, RATE_LIMIT_BURST=1', () => {
  // A bucket that refills once in 20 s: the second request is refused however slow the machine.
  it('refuses before reading the body: the 429 comes while the announced body never does', async () => {
    const h = await startHarness({ RATE_LIMIT_PER_SECOND: '0.05', RATE_LIMIT_BURST: '1' }, { sandbox });
    const { gw, url } = await serve(h);
    try {
      const e = client('127.0.0.8');
      expect((await e.post(url)).status).toBe(200);
      await e.close();
      const { port } = gw.server.address() as AddressInfo;
      const calls = sandbox.total;
      const started = performance.now();
      const status = await new Promise<string>((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.8' }, () => {
          socket.write(`POST /graphql HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"query":`);
        });
        socket.once('data', (chunk) => {
          resolve(String(chunk).split('\r\n')[0]!);
          socket.destroy();
        });
        socket.once('error', reject);
      });
      expect(status).toBe('HTTP/1.1 429 Too Many Requests');
      expect(performance.now() - started).toBeLessThan(1000);
      expect(sandbox.total).toBe(calls);
    } finally {
      await gw.drain(100);
      await h.close();
    }
  });
});

describe('probes are no client of the rate limits', () => {
  // The kubelet probes from the node's address; behind TRUST_PROXY a client may forge that address
  // in x-forwarded-for and spend its bucket: liveness and readiness must answer all the same, or
  // the forger gets the pods restarted.
  it('answers /health and /ready to an address whose bucket is spent, by its socket or forged by a client', async () => {
    const h = await startHarness({ RATE_LIMIT_PER_SECOND: '0.05', RATE_LIMIT_BURST: '1', TRUST_PROXY: '127.0.0.12' }, { sandbox });
    const { gw, url } = await serve(h);
    const origin = url.replace(/\/graphql$/, '');
    const prober = client('127.0.0.13');
    const proxy = client('127.0.0.12');
    try {
      expect((await prober.post(url)).status).toBe(200);
      expect((await prober.post(url)).status).toBe(429);
      // Through the trusted proxy, forging the prober's address: the same bucket, spent.
      expect((await proxy.post(url, { 'x-forwarded-for': '127.0.0.14' })).status).toBe(200);
      expect((await proxy.post(url, { 'x-forwarded-for': '127.0.0.14' })).status).toBe(429);
      for (const [who, headers] of [
        [prober, {}],
        [proxy, { 'x-forwarded-for': '127.0.0.14' }],
      ] as const) {
        for (const path of ['/health', '/ready']) {
          const res = await who.get(`${origin}${path}`, headers);
          expect({ path, status: res.status }).toEqual({ path, status: 200 });
        }
      }
    } finally {
      await Promise.all([prober.close(), proxy.close()]);
      await gw.drain(100);
      await h.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('with the proxy listed, tells its clients apart by x-forwarded-for, and a forged entry to the left changes nothing', async () => {
    const h = await startHarness({ RATE_LIMIT_PER_SECOND: '10', RATE_LIMIT_BURST: '20', TRUST_PROXY: '127.0.0.10' }, { sandbox });
    const { gw, url } = await serve(h);
    const proxy = client('127.0.0.10');
    const direct = client('127.0.0.11');
    try {
      // Two clients behind the proxy: 25 each; a forged leftmost entry does not make new clients.
      const behind = await flood(50, (i) =>
        proxy.post(url, { 'x-forwarded-for': i % 2 ? `forged-${i}, 198.51.100.1` : `10.${i}.0.1, 198.51.100.2` }),
      );
      expect(behind.served).toBeGreaterThanOrEqual(2 * atLeast(20));
      expect(behind.served).toBeLessThanOrEqual(2 * atMost(20, 10, behind.elapsedMs));
      // A client that is not the proxy is its own address, whatever it forwards.
      const forged = await flood(40, (i) => direct.post(url, { 'x-forwarded-for': `198.51.100.${100 + i}` }));
      expect(forged.served).toBeGreaterThanOrEqual(atLeast(20));
      expect(forged.served).toBeLessThanOrEqual(atMost(20, 10, forged.elapsedMs));
    } finally {
      await Promise.all([proxy.close(), direct.close()]);
      await gw.drain(100);
      await h.close();
    }
  });
});

describe('configuration', () => {
  it('is off unless RATE_LIMIT_PER_SECOND is set; the burst defaults to two seconds of it', async () => {
    expect(loadConfig({}).rateLimit).toBeUndefined();
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '2.5' }).rateLimit).toEqual({ perSecond: 2.5, burst: 5 });
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '0.1' }).rateLimit).toEqual({ perSecond: 0.1, burst: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,192.0.2.7' }).trustProxy).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
    const h = await startHarness({}, { sandbox });
    expect(h.gateway.admit).toBeUndefined();
    await h.close();
  });

  it('lists every problem at once', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems({ RATE_LIMIT_PER_SECOND: '0', RATE_LIMIT_BURST: '-1', TRUST_PROXY: 'true' }).map((p) => p.split(':')[0])).toEqual([
      'RATE_LIMIT_PER_SECOND',
      'RATE_LIMIT_BURST',
      'TRUST_PROXY',
    ]);
    for (const bad of ['true', '0', '11', '10.0.0.0/33', 'proxy.example', '1.2.3.4,,x', '::1/129']) {
      expect(problems({ TRUST_PROXY: bad }), bad).toEqual([
        expect.stringMatching(/^TRUST_PROXY: must be false, a number of proxy hops from 1 to 10, or a comma list/),
      ]);
    }
    expect(problems({ RATE_LIMIT_BURST: '5' })).toEqual([expect.stringMatching(/^RATE_LIMIT_BURST: needs RATE_LIMIT_PER_SECOND/)]);
  });
});

describe('who a request is', () => {
  const none = new ClientIdentity(false, 'x-service-api-key');
  it('without a trusted proxy: the socket address, x-forwarded-for ignored', () => {
    expect(none.address('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(none.address('::ffff:203.0.113.9', undefined)).toBe('203.0.113.9');
    expect(none.address(undefined, undefined)).toBe('unknown');
  });

  it('with hops: the entry the first of them appended, whatever the client wrote to its left', () => {
    const one = new ClientIdentity(1, 'k');
    expect(one.address('10.0.0.1', 'forged, 203.0.113.9')).toBe('203.0.113.9');
    expect(one.address('10.0.0.1', ['forged', '203.0.113.9:5123'])).toBe('203.0.113.9');
    expect(one.address('10.0.0.1', undefined)).toBe('10.0.0.1');
    const two = new ClientIdentity(2, 'k');
    expect(two.address('10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
    // A garbled entry is not believed: the last address a trusted proxy vouched for stands.
    expect(two.address('10.0.0.2', 'garbage, 10.0.0.1')).toBe('10.0.0.1');
  });

  it('with addresses: walks back only through the proxies listed', () => {
    const listed = new ClientIdentity(['10.0.0.0/8', '2001:db8::/32'], 'k');
    expect(listed.address('10.1.2.3', 'forged, 203.0.113.9, 10.9.9.9')).toBe('203.0.113.9');
    expect(listed.address('10.1.1.1', '203.0.113.5, [2001:db8::7]:443')).toBe('203.0.113.5');
    // Every entry a listed proxy: the leftmost is the client.
    expect(listed.address('10.1.1.1', '2001:db8::2, 10.0.0.5')).toBe('2001:db8::2');
    expect(listed.address('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('buckets: the address (IPv6: its /64) and a hash of the API key, never the key itself', () => {
    expect(none.buckets({}, '203.0.113.9')).toEqual(['a:203.0.113.9']);
    expect(none.buckets({}, '2001:db8:0:1::5')).toEqual(['a:2001:db8:0:1::/64']);
    expect(none.buckets({}, '2001:0db8:0000:0001:ffff:1:2:3')).toEqual(['a:2001:db8:0:1::/64']);
    expect(none.buckets({}, '::1')).toEqual(['a:0:0:0:0::/64']);
    const keyed = none.buckets({ 'x-service-api-key': 'secret-key-value' }, '203.0.113.9');
    expect(keyed).toHaveLength(2);
    expect(keyed[1]).toMatch(/^k:[\w-]{22}$/);
    expect(keyed.join()).not.toContain('secret');
    expect(none.buckets({ 'x-service-api-key': '' }, '203.0.113.9')).toEqual(['a:203.0.113.9']);
  });
});

describe('the token bucket', () => {
  it('settles what a request cost: draws more into debt, kept whole, or gives back what it did not use', () => {
    const buckets = new MemoryBuckets({ perSecond: 10, burst: 20 });
    const t = 1_000_000;
    expect(buckets.take(['a:x'], t, 1)).toBe(0);
    // It made 30 calls: the client is in debt, and waits until it is paid back (settling says how long).
    expect(buckets.settle(['a:x'], 30 - 1, t)).toBe(1000);
    expect(buckets.standing(['a:x'], t).remaining).toBe(-10);
    expect(buckets.take(['a:x'], t, 1)).toBe(1100);
    // What was made is spent: a debt is never cut short, or a costly request would be charged less than it made.
    buckets.settle(['a:x'], 100, t);
    expect(buckets.standing(['a:x'], t)).toEqual({ remaining: -110, fullInMs: 13_000 });
    // A request answered from the cache gives back most of its reservation.
    const other = new MemoryBuckets({ perSecond: 10, burst: 20 });
    other.take(['a:y'], t, 1);
    expect(other.settle(['a:y'], 0.1 - 1, t)).toBe(0);
    expect(other.standing(['a:y'], t).remaining).toBeCloseTo(19.9);
  });

  it('reserves a price while no bucket is in debt, into debt when it holds less, and then none until the debt is paid', () => {
    const buckets = new MemoryBuckets({ perSecond: 2, burst: 5 });
    const t = 1_000_000;
    // Admitted (a point), then priced at 100 calls: reserved whole, though the bucket held 5.
    expect(buckets.take(['a:x'], t, 1)).toBe(0);
    expect(buckets.take(['a:x'], t, 99.1, 0)).toBe(0);
    expect(buckets.standing(['a:x'], t).remaining).toBeCloseTo(-95.1);
    // A second request admitted at once (it was, before the first was priced) finds the debt: refused.
    expect(buckets.take(['a:x'], t, 99.1, 0)).toBe(47_550);
    // Its admission waits as long, and a point more.
    expect(buckets.take(['a:x'], t, 1)).toBe(48_050);
  });

  it('lets the burst through at once, then the rate, and says how long to wait', () => {
    const buckets = new MemoryBuckets({ perSecond: 10, burst: 20 });
    const t = 1_000_000;
    const waits = Array.from({ length: 21 }, () => buckets.take(['a:x'], t));
    expect(waits.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(waits[20]).toBe(100);
    expect(buckets.take(['a:x'], t + 50)).toBe(50);
    expect(buckets.take(['a:x'], t + 100)).toBe(0);
    // Refills to the burst, not beyond.
    expect(Array.from({ length: 25 }, () => buckets.take(['a:x'], t + 60_000)).filter((w) => w === 0)).toHaveLength(20);
  });

  it('draws from every bucket a request names, or from none', () => {
    const buckets = new MemoryBuckets({ perSecond: 1, burst: 2 });
    expect(buckets.take(['a:x', 'k:1'], 0)).toBe(0);
    expect(buckets.take(['a:x', 'k:1'], 0)).toBe(0);
    // The address is empty: the fresh key's bucket is not drawn from.
    expect(buckets.take(['a:x', 'k:2'], 0)).toBe(1000);
    expect(buckets.take(['a:y', 'k:2'], 0)).toBe(0);
    expect(buckets.take(['a:y', 'k:2'], 0)).toBe(0);
  });
});
