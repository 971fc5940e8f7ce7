/**
 * CACHE=redis: several gateway instances share one cache through a real Redis, and Redis going
 * away costs them the sharing, never a request.
 */
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { getWorld } from '../sandbox/world/world.js';
import { startHarness, type Harness } from './helpers.js';
import { startRedis, type RedisServer } from './redis-server.js';

const world = getWorld('mainnet');
const subnetId = world.subnets[3]!.subnetId;
const txHash = world.transactions.p[5]!.txHash;

/** A logger whose lines a test can read. */
function captured() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

let sandbox: Sandbox;
let redis: RedisServer;
beforeAll(async () => {
  sandbox = await startSandbox();
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  await sandbox?.close();
});

async function instance(logger?: ReturnType<typeof captured>['logger'], env: Record<string, string> = {}): Promise<Harness> {
  const h = await startHarness({ CACHE: 'redis', REDIS_URL: redis.url, ...env }, { sandbox, logger });
  // Connected before the test reads, as a long-running instance would be.
  for (let i = 0; i < 50 && !h.gateway.redis?.ready; i++) await sleep(20);
  expect(h.gateway.redis?.ready).toBe(true);
  return h;
}

describe('two instances on one Redis', () => {
  it('serve each other: what one read, the other does not ask again', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      const q = (alias: string) =>
        `{ network { ${alias}: subnet(subnetId: "${subnetId}") { subnetId } tx: transaction(chain: P_CHAIN, txHash: "${txHash}") { txHash } } }`;
      const first = await a.raw(q('fromA'));
      expect(first.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ listSubnets: 1, getTxByHash: 1 });
      await sleep(50); // the writes to Redis are not awaited by the request
      // Another document, so B builds its response from the shared reads...
      const second = await b.raw(q('fromB'));
      expect(second.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ listSubnets: 1, getTxByHash: 1 });
      // ...and the same document, answered whole from the response A kept.
      expect(await b.raw(q('fromA'))).toEqual(first);
      expect(sandbox.total).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
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
      const answers = await Promise.all([...Array.from({ length: 5 }, () => a.raw(q)), ...Array.from({ length: 5 }, () => b.raw(q))]);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.errors).toBeUndefined();
      expect(sandbox.counts).toEqual({ getTxByHash: 1 });
    } finally {
      sandbox.reset();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('still make one call when it takes longer than the lease: the holder renews it while it calls', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      sandbox.knobs.latencyMs = 3_000;
      const q = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[32]!.txHash}") { txHash } } }`;
      const [first, second] = await Promise.all([a.raw(q), sleep(50).then(() => b.raw(q))]);
      expect(first.errors).toBeUndefined();
      expect(second).toEqual(first);
      expect(sandbox.counts).toEqual({ getTxByHash: 1 });
    } finally {
      sandbox.reset();
      await Promise.all([a.close(), b.close()]);
    }
  }, 15_000);

  it('each call for themselves when the one calling fails: a failure is not shared, and nobody waits for it', async () => {
    const [a, b] = [await instance(undefined, { UPSTREAM_RETRIES: '0' }), await instance(undefined, { UPSTREAM_RETRIES: '0' })];
    try {
      sandbox.reset();
      sandbox.knobs.latencyMs = 200;
      sandbox.fail({ operation: 'getTxByHash', kind: 'status', status: 500 });
      const q = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[31]!.txHash}") { txHash } } }`;
      const started = Date.now();
      const [first, second] = await Promise.all([a.raw(q), sleep(50).then(() => b.raw(q))]);
      // One of them met the failure; the other called again as soon as the lease was let go.
      expect([first, second].filter((r) => r.errors === undefined)).toHaveLength(1);
      expect(sandbox.count('getTxByHash')).toBe(2);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      sandbox.reset();
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('Redis going away', () => {
  it('degrades to the memory cache with a warning, never to failed requests, and shares again once back', async () => {
    const log = captured();
    const h = await instance(log.logger);
    try {
      sandbox.reset();
      expect((await h.raw(`{ network { before: subnet(subnetId: "${subnetId}") { subnetId } } }`)).errors).toBeUndefined();
      const listings = sandbox.count('listSubnets');
      await redis.stop();
      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        const res = await h.raw(
          `{ network { during${i}: subnet(subnetId: "${subnetId}") { subnetId } t${i}: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[10 + i]!.txHash}") { txHash } } }`,
        );
        expect(res.errors).toBeUndefined();
      }
      // Misses cost no waiting on a dead Redis: five requests in well under a second.
      expect(Date.now() - started).toBeLessThan(1500);
      // The subnet listing still comes from this instance's memory.
      expect(sandbox.count('listSubnets')).toBe(listings);
      expect(sandbox.count('getTxByHash')).toBe(5);
      expect(log.lines.some((l) => l.level === 40 && /Redis is unreachable/.test(l.msg))).toBe(true);
      // One warning, not one per request.
      expect(log.lines.filter((l) => /Redis is unreachable/.test(l.msg)).length).toBe(1);

      await redis.restart();
      for (let i = 0; i < 500 && !h.gateway.redis?.ready; i++) await sleep(20);
      expect(h.gateway.redis?.ready).toBe(true);
      expect(log.lines.some((l) => /Redis is back/.test(l.msg))).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('shares again after a moment when Redis was too busy to answer, though the connection never dropped', async () => {
    const log = captured();
    const h = await instance(log.logger);
    const busy = new Redis(redis.url);
    try {
      // A script holds Redis for a second: the gateway's next command times out.
      const blocking = busy.eval(
        "local s = redis.call('TIME') local n repeat n = redis.call('TIME') until (n[1] - s[1]) * 1000000 + n[2] - s[2] > 1000000 return 1",
        0,
      );
      await sleep(50);
      expect((await h.raw(`{ network { busy: subnet(subnetId: "${subnetId}") { subnetId } } }`)).errors).toBeUndefined();
      await blocking;
      expect(log.lines.some((l) => /Redis is unreachable/.test(l.msg))).toBe(true);
      for (let i = 0; i < 150 && !h.gateway.redis?.ready; i++) await sleep(20);
      expect(h.gateway.redis?.ready).toBe(true);
      expect(log.lines.some((l) => /Redis is back/.test(l.msg))).toBe(true);
    } finally {
      busy.disconnect();
      await h.close();
    }
  });

  it('starts and serves when Redis is not there at all', async () => {
    const log = captured();
    const h = await startHarness({ CACHE: 'redis', REDIS_URL: 'redis://127.0.0.1:9' }, { sandbox, logger: log.logger });
    try {
      const res = await h.raw(`{ network { nowhere: subnet(subnetId: "${subnetId}") { subnetId } } }`);
      expect(res.errors).toBeUndefined();
      expect(h.gateway.redis?.ready).toBe(false);
    } finally {
      await h.close();
    }
  });
});
