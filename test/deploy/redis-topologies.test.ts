/**
 * Redis as deployments run it: two built gateways (`npm start`, CACHE=redis, a REDIS_KEY_PREFIX)
 * on a real Redis Cluster of three redis-server processes, and on a master behind Sentinel. On
 * each they share what instances share: what one read the other answers without calling (the
 * sandbox counts the calls), one call between them for a question both are asked at once, one
 * client budget for rate limits (with two buckets per request, which sit in different cluster
 * slots), one poller per subscription topic with its events on both; and every key they wrote is
 * under the prefix.
 */
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, liveOf } from '../helpers/live.js';
import { loadConfig } from '../../src/config/config.js';
import { RedisBuckets } from '../../src/guards/buckets.js';
import { REQUEST_POINTS, RESERVED } from '../../src/guards/limiter.js';
import { RedisConnection } from '../../src/base/redis.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, untilRedisConnected } from '../helpers/gateway-process.js';
import { subscribeSse } from '../helpers/live.js';
import { startRedisCluster, startRedisSentinel, type RedisTopology } from '../helpers/redis-cluster.js';
import { useSandbox } from '../helpers/sandbox.js';

const world = getWorld('mainnet');
const PREFIX = 'agw-test:';
const POLL_MS = 200;
const BURST = 10;
const BLOCKS = 'subscription { acceptedBlocks(chain: C_CHAIN) { index } }';

// Not reset before each test: the gateways share a Redis from test to test; each test resets
// the sandbox where its counts start.
const sandbox = useSandbox({ reset: 'never' });

/** Every client its own address (TRUST_PROXY=1): each step of the test draws from budgets of its own. */
let addresses = 0;
const from = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}` });

describe.each([
  ['a Redis Cluster of three nodes', startRedisCluster],
  ['a master behind Sentinel', startRedisSentinel],
] as const)('two gateways on %s', (_, start) => {
  let topology: RedisTopology | undefined;
  beforeAll(async () => {
    topology = await start();
  }, 30_000);
  afterAll(async () => {
    await topology?.stop();
  });

  const instance = async () => {
    const gw = await startGatewayProcess(sandbox, {
      ...topology!.env,
      CACHE: 'redis',
      REDIS_KEY_PREFIX: PREFIX,
      RATE_LIMIT_PER_SECOND: '1',
      RATE_LIMIT_BURST: String(BURST),
      TRUST_PROXY: '1',
      LIVE_POLL_BLOCKS_MS: String(POLL_MS),
      LIVE_LEASE_MS: '1000',
    });
    // A gateway that never connected is stopped here: the test never gets it to stop.
    await untilRedisConnected(gw, 10_000).catch(async (error: unknown) => {
      await gw.stop();
      throw error;
    });
    return gw;
  };

  it('share the cache, single-flight, rate limits and subscriptions, every key under REDIS_KEY_PREFIX', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      // The cache: what A read, B answers with no upstream call.
      sandbox.reset();
      const subnetId = world.subnets[3]!.subnetId;
      const txHash = world.transactions.p[5]!.txHash;
      const q = (alias: string) =>
        `{ network { ${alias}: subnet(subnetId: "${subnetId}") { subnetId } tx: transaction(chain: P_CHAIN, txHash: "${txHash}") { txHash } } }`;
      const first = await a.query(q('fromA'), {}, from());
      expect(first.body.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ listSubnets: 1, getTxByHash: 1 });
      await sleep(100); // the writes to Redis are not awaited by the request
      const second = await b.query(q('fromB'), {}, from());
      expect(second.body.errors).toBeUndefined();
      expect(await b.query(q('fromA'), {}, from())).toEqual(first);
      expect(sandbox.counts).toEqual({ listSubnets: 1, getTxByHash: 1 });

      // Single-flight: ten requests on both for a new read make one call between them.
      sandbox.reset();
      sandbox.knobs.latencyMs = 300;
      const once = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[30]!.txHash}") { txHash } } }`;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).query(once, {}, from())));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.body.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ getTxByHash: 1 });
      sandbox.reset();

      // Rate limits: one client (an address and an API key) has BURST at once across both, not
      // BURST each. Each request a read of its own, slow: they all hold their reservation at once.
      sandbox.knobs.latencyMs = 300;
      const client = { ...from(), 'x-service-api-key': 'shared-budget-key' };
      const read = (i: number) =>
        `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[40 + i]!.txHash}") { txHash } } }`;
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: 2 * BURST }, (_, i) => (i % 2 ? a : b).query(read(i), {}, client).then((r) => r.status)),
      );
      const refilled = ((performance.now() - started) / 1000) * 1; // RATE_LIMIT_PER_SECOND
      sandbox.knobs.latencyMs = 0;
      const served = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      // A request of one call costs the call and its tenth, all drawn as it is let in (which
      // needs a point): in whatever order the two gateways draw, the bucket lets in one at each
      // point it holds until less than a point is left, 9 of a burst of 10...
      const price = 1 + REQUEST_POINTS;
      expect(served).toBeGreaterThanOrEqual(Math.floor((BURST - RESERVED) / price) + 1);
      // ...and together they spend no more than the bucket held, what refilled meanwhile and one
      // request's price: a burst across both gateways, not one each (18 served).
      expect(served * price).toBeLessThanOrEqual(BURST + refilled + price + 1e-9);

      // Subscriptions: one poller between them, its events on both.
      const fromA = await subscribeSse(a.url, BLOCKS, {}, from());
      await eventually(async () => (await liveOf(a)).polled === 1, 'A polls');
      const fromB = await subscribeSse(b.url, BLOCKS, {}, from());
      await eventually(async () => (await liveOf(b)).topics === 1, 'B listens');
      await sleep(POLL_MS * 2);
      sandbox.live.advance();
      const [eventA, eventB] = [await fromA.next(), await fromB.next()];
      expect(eventA.data.data.acceptedBlocks).toEqual(eventB.data.data.acceptedBlocks);
      expect((await liveOf(a)).polled + (await liveOf(b)).polled).toBe(1);
      await Promise.all([fromA.close(), fromB.close()]);

      // Every key either wrote, on every node, is under the prefix.
      const keys = topology!.ports.flatMap((port) =>
        spawnSync('redis-cli', ['-p', String(port), '--scan'], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(Boolean),
      );
      expect(keys.length).toBeGreaterThan(5);
      expect(keys.filter((key) => !key.startsWith(PREFIX))).toEqual([]);
      expect(keys.some((key) => key.startsWith(`${PREFIX}agw:rl:`))).toBe(true);
      expect(keys.some((key) => key.startsWith(`${PREFIX}live:`))).toBe(true);
      // No command was refused (a cluster's CROSSSLOT would have been taken for Redis going away).
      // A command that timed out is not a refusal: the suite's heaviest files run beside this one,
      // and CI runs 49 and 50 each had one of the cluster's commands wait past the 300 ms the
      // gateway gives it (src/base/redis.ts), with every sharing check above passed.
      const refused = (gw: typeof a) =>
        gw.logs.filter((l) => /Redis is unreachable/.test(String(l.msg)) && l.cause !== 'Command timed out').map((l) => l.cause);
      for (const gw of [a, b]) expect(refused(gw)).toEqual([]);
    } finally {
      sandbox.knobs.latencyMs = 0;
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);

  it("draws from none of a request's buckets when one of them refuses it", async () => {
    const connection = new RedisConnection(loadConfig({ ...topology!.env, REDIS_KEY_PREFIX: PREFIX }).redis!);
    try {
      for (let i = 0; i < 100 && !connection.ready; i++) await sleep(50);
      expect(connection.ready).toBe(true);
      const buckets = new RedisBuckets(connection, { perSecond: 0.01, burst: 3 });
      const [address, key] = [`addr-${Date.now()}`, `key-${Date.now()}`];
      // In a cluster these two lie in different slots: the script runs once for each.
      expect(await buckets.take([key], 3)).toBe(0);
      expect(await buckets.take([address, key], 1)).toBeGreaterThan(0);
      // The address's bucket drew and gave back, or never drew: full either way.
      expect((await buckets.standing([address]))?.remaining).toBeCloseTo(3, 1);
      expect(await buckets.take([address], 3)).toBe(0);
    } finally {
      await connection.close();
    }
  });
});
