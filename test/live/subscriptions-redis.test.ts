/**
 * Subscriptions across instances: two gateways on one Redis deliver the same events from one
 * poller between them (the lease decides which polls), and when the poller's instance goes, the
 * other takes the topic over once the lease expires.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, eventually, liveOf, testHub } from '../helpers/live.js';
import { Redis } from 'ioredis';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import type { LiveOptions } from '../../src/live/hub.js';
import { RedisConnection } from '../../src/base/redis.js';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { subscribeSse, until } from '../helpers/live.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const POLL_MS = 200;
const LEASE_MS = 1_000;
const BLOCKS = `subscription { acceptedBlocks(chain: C_CHAIN) { id index } }`;
const last = getNodeWorld('mainnet').indexes['C/block'].containers.length - 1;

// Not reset before each test: the chains only move on, as the instances and their shared
// Redis see them from test to test; each test resets the sandbox where its counts start.
const sandbox = useSandbox({ reset: 'never' });
const redis = useRedis();

/** An instance as deployed (`npm start` with REDIS_URL), polling and leasing fast enough for a test. */
async function instance(): Promise<GatewayProcess> {
  const gw = await startGatewayProcess(sandbox, {
    REDIS_URL: redis.url,
    LIVE_POLL_BLOCKS_MS: String(POLL_MS),
    LIVE_POLL_FEE_CONFIG_MS: String(POLL_MS),
    LIVE_LEASE_MS: String(LEASE_MS),
  });
  // A gateway that never connected is stopped here: the test never gets it to stop.
  await untilRedisConnected(gw).catch(async (error: unknown) => {
    await gw.stop();
    throw error;
  });
  return gw;
}

describe('two instances on one Redis', () => {
  it('deliver the same events with one poller between them, and the other takes over when it dies', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      const fromA = await subscribeSse(a.url, BLOCKS);
      await eventually(async () => (await liveOf(a)).polled === 1 && sandbox.count('index.getLastAccepted') >= 1, 'A polls');
      const fromB = await subscribeSse(b.url, BLOCKS);
      await eventually(async () => (await liveOf(b)).topics === 1, 'B listens');
      // B's subscription on the channel is in place before the chain moves.
      await sleep(POLL_MS);
      expect([await liveOf(a), await liveOf(b)]).toEqual([
        { topics: 1, polled: 1 },
        { topics: 1, polled: 0 },
      ]);

      sandbox.live.advance();
      const [eventA, eventB] = [await fromA.next(), await fromB.next()];
      expect(eventA.data.data.acceptedBlocks).toEqual(eventB.data.data.acceptedBlocks);
      expect(eventA.data.data.acceptedBlocks.index).toBe(String(last + 1));

      // One poller for both: about one upstream poll per interval, not two.
      const before = sandbox.count('index.getLastAccepted');
      await sleep(POLL_MS * 5);
      expect(sandbox.count('index.getLastAccepted') - before).toBeLessThanOrEqual(7);
      expect((await liveOf(b)).polled).toBe(0);

      // A dies: it renews its lease no more, and gives it up neither. B waits for the lease to
      // expire, then polls, from where A stopped.
      await a.stop('SIGKILL');
      const died = Date.now();
      await sleep(LEASE_MS / 4);
      expect((await liveOf(b)).polled).toBe(0);
      await eventually(async () => (await liveOf(b)).polled === 1, 'B polls', LEASE_MS * 3);
      expect(Date.now() - died).toBeGreaterThanOrEqual(LEASE_MS / 2);
      sandbox.live.advance();
      const next = await fromB.next(LEASE_MS * 3);
      expect(next.data.data.acceptedBlocks.index).toBe(String(last + 2));
      await fromA.close();
      await fromB.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('share one P-Chain block poller by height between them', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      const query = `subscription { pChainBlocks { height blockId } }`;
      const fromA = await subscribeSse(a.url, query);
      await eventually(async () => (await liveOf(a)).polled === 1 && sandbox.count('platform.getHeight') >= 1, 'one polls');
      const fromB = await subscribeSse(b.url, query);
      await eventually(async () => (await liveOf(a)).topics === 1 && (await liveOf(b)).topics === 1, 'both listen');
      await sleep(POLL_MS);
      sandbox.live.advance();
      const [eventA, eventB] = [(await fromA.next()).data.data.pChainBlocks, (await fromB.next()).data.data.pChainBlocks];
      const node = getNodeWorld('mainnet');
      expect(eventA).toEqual({ height: String(node.platform.blocks.length), blockId: node.madeBlock('P', 0).id });
      expect(eventB).toEqual(eventA);
      expect((await liveOf(a)).polled + (await liveOf(b)).polled).toBe(1);
      // The block was fetched once, by the one poller.
      expect(sandbox.count('platform.getBlockByHeight')).toBe(1);
      await Promise.all([fromA.close(), fromB.close()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('give a value that changes to whoever subscribes, on either instance, as it stands, then its changes', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      sandbox.reset();
      const node = getNodeWorld('mainnet');
      const chain = [...node.chains.values()].find((c) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
      const query = `subscription($id: CB58Id!) { feeConfig(blockchainId: $id) { minBaseFee } }`;
      const variables = { id: chain.blockchain.blockchainId };
      const fromA = await subscribeSse(a.url, query, variables);
      const first = (await fromA.next()).data.data.feeConfig;
      const fromB = await subscribeSse(b.url, query, variables);
      expect((await fromB.next()).data.data.feeConfig).toEqual(first);
      expect([(await liveOf(a)).polled, (await liveOf(b)).polled]).toEqual([1, 0]);
      sandbox.live.advance(5);
      const [changedA, changedB] = [(await fromA.next()).data.data.feeConfig, (await fromB.next()).data.data.feeConfig];
      expect(changedA).toEqual(changedB);
      expect(BigInt(changedA.minBaseFee) - BigInt(first.minBaseFee)).toBe(1_000_000_000n);
      await Promise.all([fromA.close(), fromB.close()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('the hub on Redis', () => {
  const INTERVAL = 50;
  let connection: RedisConnection;
  let admin: Redis;
  beforeAll(async () => {
    connection = new RedisConnection(redis.url);
    admin = new Redis(redis.url);
    for (let i = 0; i < 100 && !connection.ready; i++) await sleep(20);
    expect(connection.ready).toBe(true);
  });
  afterAll(async () => {
    admin?.disconnect();
    await connection?.close();
  });

  const hub = (options: Partial<LiveOptions> = {}) =>
    testHub(INTERVAL, { perClient: 10, total: 10, maxTopics: 10, redis: connection, leaseMs: 3_000, ...options });

  it('stops polling when everyone left, even if a subscriber came back before the first lease was answered', async () => {
    const live = hub();
    const { feed, calls } = counter('race:rejoin');
    // The first topic's SET NX is in flight when its subscriber leaves and another joins: the
    // lease it wins then belongs to a topic nobody listens to any more.
    await live.subscribe(feed, 'c').return!();
    const again = live.subscribe(feed, 'c');
    expect((await again.next()).value).toEqual({ data: 1 });
    await again.return!();
    await sleep(INTERVAL * 2);
    const polled = calls.poll;
    await sleep(INTERVAL * 6);
    expect(calls.poll).toBe(polled);
    expect(live.stats()).toEqual({ topics: 0, polling: [], subscribers: 0, polls: {} });
    // The lease was given up: another instance may take the topic at once.
    expect(await admin.get('live:lease:race:rejoin')).toBeNull();
    await live.close();
  });

  it('keeps polling a topic whose lease it won while another lease check was in flight', async () => {
    // Ticks every 50 ms; write commands held for 200 ms, so several SET NX queue behind each other.
    const live = hub({ leaseMs: 150 });
    const { feed } = counter('race:overlap');
    await admin.client('PAUSE', 200, 'WRITE');
    const sub = live.subscribe(feed, 'c');
    try {
      await until(() => live.stats().polling.includes('race:overlap'), 'it polls', 2_000);
      // The later checks answered null (the lease is ours already): polling goes on.
      await sleep(400);
      expect(live.stats().polling).toEqual(['race:overlap']);
      // Held: on a loaded machine a renewal can run later than the 150 ms lease lasts, and the
      // next check takes it back, so the key may be missing for a moment, not for a second.
      let holder: string | null = null;
      for (let i = 0; i < 40 && holder === null; i++) {
        holder = await admin.get('live:lease:race:overlap');
        if (holder === null) await sleep(25);
      }
      expect(holder).not.toBeNull();
      expect(live.stats().polling).toEqual(['race:overlap']);
    } finally {
      await sub.return!();
      await live.close();
    }
  });

  it('delivers an event once when keeping the state fails but publishing does not', async () => {
    const live = hub();
    const { feed } = counter('race:state');
    const sub = live.subscribe(feed, 'c');
    try {
      expect((await sub.next()).value).toEqual({ data: 1 });
      // Out of memory: SET (the state) is refused, PUBLISH still goes through.
      await admin.config('SET', 'maxmemory', '1');
      const seen: unknown[] = [];
      for (let i = 0; i < 4; i++) seen.push((await sub.next()).value);
      const numbers = seen.map((e) => (e as { data: number }).data);
      expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2, numbers[0]! + 3]);
    } finally {
      await admin.config('SET', 'maxmemory', '0');
      await sub.return!();
      await live.close();
    }
  });
});
