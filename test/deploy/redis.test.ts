/**
 * REDIS_URL (the cache is then Redis, by default): several gateway instances share one cache
 * through a real Redis, and Redis going away costs them the sharing, never a request. Each
 * instance is the built gateway started with `npm start`, as users run it: a bundling slip that
 * loses Redis fails here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const world = getWorld('mainnet');
const subnetId = world.subnets[3]!.subnetId;
const txHash = world.transactions.p[5]!.txHash;

// Not reset before each test: the instances share one Redis from test to test; each test
// resets the sandbox where its counts start.
const sandbox = useSandbox({ reset: 'never' });
const redis = useRedis();

/** An instance as deployed: REDIS_URL and nothing else set; connected before the test reads, as a long-running one would be. */
async function instance(env: Record<string, string> = {}): Promise<GatewayProcess> {
  const gw = await startGatewayProcess(sandbox, { REDIS_URL: redis.url, ...env });
  // A gateway that never connected is stopped here: the test never gets it to stop.
  await untilRedisConnected(gw).catch(async (error: unknown) => {
    await gw.stop();
    throw error;
  });
  return gw;
}

/** What `/ready` says of Redis. */
async function redisState(gw: GatewayProcess): Promise<string | undefined> {
  return ((await fetch(`${gw.origin}/ready`).then((r) => r.json())) as { redis?: string }).redis;
}

async function until(condition: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(25)) if (await condition()) return true;
  return false;
}

const warnings = (gw: GatewayProcess, pattern: RegExp) => gw.logs.filter((l) => pattern.test(String(l.msg)));

describe('two instances on one Redis', () => {
  it('serve each other: what one read, the other does not ask again', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      const q = (alias: string) =>
        `{ network { ${alias}: subnet(subnetId: "${subnetId}") { subnetId } tx: transaction(chain: P_CHAIN, txHash: "${txHash}") { txHash } } }`;
      const first = await a.query(q('fromA'));
      expect(first.body.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ listSubnets: 1, getTxByHash: 1 });
      await sleep(50); // the writes to Redis are not awaited by the request
      // Another document, so B builds its response from the shared reads...
      const second = await b.query(q('fromB'));
      expect(second.body.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ listSubnets: 1, getTxByHash: 1 });
      // ...and the same document, answered whole from the response A kept.
      expect(await b.query(q('fromA'))).toEqual(first);
      expect(sandbox.total).toBe(2);
      // What they share is in Redis, where a third instance would find it.
      const probe = new Redis(redis.url);
      try {
        expect(await probe.dbsize()).toBeGreaterThan(0);
      } finally {
        probe.disconnect();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('two instances asked the same new question at once', () => {
  it('make one upstream call between them: the other instance waits for its answer through Redis', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      sandbox.knobs.latencyMs = 300;
      const q = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[30]!.txHash}") { txHash } } }`;
      const answers = await Promise.all([...Array.from({ length: 5 }, () => a.query(q)), ...Array.from({ length: 5 }, () => b.query(q))]);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.body.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ getTxByHash: 1 });
    } finally {
      sandbox.reset();
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('still make one call when it takes longer than the lease: the holder renews it while it calls', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      sandbox.knobs.latencyMs = 3_000;
      const q = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[32]!.txHash}") { txHash } } }`;
      const [first, second] = await Promise.all([a.query(q), sleep(50).then(() => b.query(q))]);
      expect(first.body.errors).toBeUndefined();
      expect(second).toEqual(first);
      expect(sandbox.counts).toEqual({ getTxByHash: 1 });
    } finally {
      sandbox.reset();
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 15_000);

  it('each call for themselves when the one calling fails: a failure is not shared, and nobody waits for it', async () => {
    const [a, b] = [await instance({ UPSTREAM_RETRIES: '0' }), await instance({ UPSTREAM_RETRIES: '0' })];
    try {
      sandbox.reset();
      sandbox.knobs.latencyMs = 200;
      sandbox.fail({ operation: 'getTxByHash', kind: 'status', status: 500 });
      const q = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[31]!.txHash}") { txHash } } }`;
      const started = Date.now();
      const [first, second] = await Promise.all([a.query(q), sleep(50).then(() => b.query(q))]);
      // One of them met the failure; the other called again as soon as the lease was let go.
      expect([first, second].filter((r) => r.body.errors === undefined)).toHaveLength(1);
      expect(sandbox.count('getTxByHash')).toBe(2);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      sandbox.reset();
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('Redis going away', () => {
  it('degrades to the memory cache with a warning, never to failed requests, and shares again once back', async () => {
    const gw = await instance();
    let stopped = false;
    try {
      sandbox.reset();
      expect((await gw.query(`{ network { before: subnet(subnetId: "${subnetId}") { subnetId } } }`)).body.errors).toBeUndefined();
      const listings = sandbox.count('listSubnets');
      await redis.stop();
      stopped = true;
      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        const res = await gw.query(
          `{ network { during${i}: subnet(subnetId: "${subnetId}") { subnetId } t${i}: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[10 + i]!.txHash}") { txHash } } }`,
        );
        expect(res.status).toBe(200);
        expect(res.body.errors).toBeUndefined();
      }
      // Misses cost no waiting on a dead Redis: five requests in well under a second.
      expect(Date.now() - started).toBeLessThan(1500);
      // The subnet listing still comes from this instance's memory.
      expect(sandbox.count('listSubnets')).toBe(listings);
      expect(sandbox.count('getTxByHash')).toBe(5);
      expect(await redisState(gw)).toBe('unreachable');
      // One warning, not one per request. Its line comes through the process's stdout, which a
      // loaded machine may deliver after /ready's answer (CI run 10: none read yet).
      expect(await until(async () => warnings(gw, /Redis is unreachable/).length > 0, 5_000)).toBe(true);
      expect(warnings(gw, /Redis is unreachable/).map((l) => l.level)).toEqual(['warn']);
      // With its cause, never a bare "unreachable": whichever the gateway met first, the connection
      // closing, reset as Redis went (a read's "ECONNRESET", first in CI run 74) or refused, a
      // command in flight as it closed (not retried: maxRetriesPerRequest 0), or one it could not
      // send on it (ioredis's "Stream isn't writeable and enableOfflineQueue options is false",
      // first in CI run 54).
      expect(String(warnings(gw, /Redis is unreachable/)[0]!.cause)).toMatch(
        /closed|ECONNREFUSED|ECONNRESET|connect|writeable|max retries/i,
      );

      await redis.restart();
      stopped = false;
      expect(await until(async () => (await redisState(gw)) === 'connected', 10_000)).toBe(true);
      expect(warnings(gw, /Redis is back/)).not.toHaveLength(0);
    } finally {
      await gw.stop();
      // A check that failed while Redis was down leaves it down for no other test (CI run 54).
      if (stopped) await redis.restart();
    }
  });

  it('shares again after a moment when Redis was too busy to answer, though the connection never dropped', async () => {
    const gw = await instance();
    const busy = new Redis(redis.url);
    try {
      // A script holds Redis for a second: the gateway's next command times out.
      const blocking = busy.eval(
        "local s = redis.call('TIME') local n repeat n = redis.call('TIME') until (n[1] - s[1]) * 1000000 + n[2] - s[2] > 1000000 return 1",
        0,
      );
      await sleep(50);
      expect((await gw.query(`{ network { busy: subnet(subnetId: "${subnetId}") { subnetId } } }`)).body.errors).toBeUndefined();
      await blocking;
      expect(warnings(gw, /Redis is unreachable/).map((l) => l.cause)).toEqual(['Command timed out']);
      expect(await until(async () => (await redisState(gw)) === 'connected', 3_000)).toBe(true);
      expect(warnings(gw, /Redis is back/)).not.toHaveLength(0);
    } finally {
      busy.disconnect();
      await gw.stop();
    }
  });

  it('starts and serves when Redis is not there at all, and says so in /ready', async () => {
    const gw = await startGatewayProcess(sandbox, { REDIS_URL: 'redis://127.0.0.1:9' });
    try {
      const res = await gw.query(`{ network { nowhere: subnet(subnetId: "${subnetId}") { subnetId } } }`);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(await redisState(gw)).toBe('unreachable');
    } finally {
      await gw.stop();
    }
  });
});
