/**
 * Redis restarting (killed, started again empty) under one running gateway, the built gateway as
 * users run it: its live subscriptions go on receiving every event, none skipped, while Redis is
 * away and once it is back. A soak saw a single gateway's streams stall for good after such a
 * restart. On one server (REDIS_URL), on a Redis Cluster (its three nodes restarted) and behind
 * Sentinel (the master restarted; the sentinel stays).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, untilRedisConnected } from '../helpers/gateway-process.js';
import { subscribeSse, type SseSubscription } from '../helpers/live.js';
import { startRedisCluster, startRedisSentinel, type RedisTopology } from '../helpers/redis-cluster.js';
import { startRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const POLL_MS = 300;
const TOPICS = [
  ['acceptedBlocks', 'index', 'subscription { acceptedBlocks(chain: C_CHAIN) { index } }'],
  ['pChainBlocks', 'height', 'subscription { pChainBlocks { height } }'],
  ['xChainBlocks', 'height', 'subscription { xChainBlocks { height } }'],
  ['pChainBlocks', 'height', 'subscription { pChainBlocks(network: FUJI) { height } }'],
] as const;

// Not reset before each test: the chains only move on (nextBlocks), as subscriptions and
// the Redis of a topology see them from test to test.
const sandbox = useSandbox({ reset: 'never' });

/** One redis-server, as test/helpers/redis-server.ts starts it. */
async function standalone(): Promise<RedisTopology> {
  const redis = await startRedis();
  return {
    env: { REDIS_URL: redis.url },
    ports: [redis.port],
    async restart(down = async () => undefined) {
      await redis.stop();
      await down();
      await redis.restart();
    },
    stop: redis.stop,
  };
}

/** Each subscription's next block number, once the chains moved one block. */
async function nextBlocks(subs: SseSubscription[], timeoutMs = POLL_MS * 8): Promise<number[]> {
  sandbox.live.advance();
  return Promise.all(
    subs.map(async (s, i) => {
      const [field, number] = TOPICS[i]!;
      const event = await s.next(timeoutMs).catch(() => ({ data: { data: { [field]: { [number]: -1 } } } }));
      return Number(event.data.data[field][number]);
    }),
  );
}

describe.each([
  ['one server', standalone],
  ['a Redis Cluster of three nodes', startRedisCluster],
  ['a master behind Sentinel', startRedisSentinel],
] as const)('Redis restarting under one gateway, on %s', (_, start) => {
  let redis: RedisTopology | undefined;
  beforeAll(async () => {
    redis = await start();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('costs its subscriptions no event, while away and once back', async () => {
    // The default lease (10 s, checked every 3.3 s): Redis comes back before a check sees it gone.
    const gw = await startGatewayProcess(sandbox, { ...redis!.env, LIVE_POLL_BLOCKS_MS: String(POLL_MS) });
    try {
      await untilRedisConnected(gw, 10_000);
      sandbox.reset();
      const subs = await Promise.all(TOPICS.map(([, , query]) => subscribeSse(gw.url, query)));
      await sleep(POLL_MS * 2);
      let last = await nextBlocks(subs, 5_000);
      expect(last).not.toContain(-1);
      const step = async () => {
        const now = await nextBlocks(subs);
        expect(now).toEqual(last.map((n) => n + 1));
        last = now;
      };
      // Three blocks while Redis is away, each received.
      await redis!.restart(async () => {
        for (let i = 0; i < 3; i++) await step();
      });
      await untilRedisConnected(gw, 15_000);
      // Long enough for the lease to be taken again and the subscriber connection to be back.
      for (const until = Date.now() + 12_000; Date.now() < until; ) {
        await step();
        await sleep(POLL_MS);
      }
      await Promise.all(subs.map((s) => s.close()));
      // The gateway saw Redis go and come back: this was a restart it went through, not one it missed.
      const said = (pattern: RegExp) => gw.logs.some((l) => pattern.test(String(l.msg)));
      expect([said(/Redis is unreachable/), said(/Redis is back/)]).toEqual([true, true]);
    } finally {
      await gw.stop();
    }
  }, 90_000);
});
