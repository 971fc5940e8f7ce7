/**
 * Rate limits with REDIS_URL: two gateway instances on one Redis draw from the same buckets, and
 * Redis going away leaves each instance limiting from its own memory, never failing requests and
 * never letting them through unlimited.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { GatewayServer } from '../../src/http/server.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';
import { useRedis } from '../helpers/redis-server.js';
import { atLeast, atMost, client, flood } from '../helpers/sockets.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const redis = useRedis();
const instances: { h: Harness; gw: GatewayServer; url: string }[] = [];

async function instance() {
  // CACHE stays off (the harness's default): Redis is there for the rate limits alone.
  const h = await startHarness({ REDIS_URL: redis.url, RATE_LIMIT_PER_SECOND: '10', RATE_LIMIT_BURST: '20' }, { sandbox });
  for (let i = 0; i < 50 && !h.gateway.redis?.ready; i++) await sleep(20);
  expect(h.gateway.redis?.ready).toBe(true);
  const served = { h, ...(await serve(h)) };
  instances.push(served);
  return served;
}

afterAll(async () => {
  for (const { h, gw } of instances) {
    await gw.drain(100);
    await h.close();
  }
});

describe('two instances on one Redis', () => {
  it('share a client budget: 20 at once across both, not 20 each', async () => {
    const [a, b] = [await instance(), await instance()];
    const c = client('127.0.0.20');
    const { served, refused, elapsedMs } = await flood(60, (i) => c.post(i % 2 ? a.url : b.url));
    await c.close();
    expect(served).toBeGreaterThanOrEqual(atLeast(20));
    expect(served).toBeLessThanOrEqual(atMost(20, 10, elapsedMs));
    expect(refused[0]!.body.errors[0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 1 });
    expect(sandbox.counts).toEqual({ listSubnets: served });
    console.info(`two instances, one client, 60 parallel requests: ${served} served in ${Math.round(elapsedMs)} ms`);
  });
});

describe('points on two instances', () => {
  it('charge what a request called on one instance to the budget the other sees', async () => {
    const [a, b] = instances.length >= 2 ? instances : [await instance(), await instance()];
    const c = client('127.0.0.23');
    // A page of subnets with each L1's validators, new each time (the cache is off): several calls.
    const costly = (i: number) =>
      JSON.stringify({
        query: `{ network { subnets(first: ${30 + i}) { nodes { subnetId l1Validators(first: ${30 + i}) { nodes { nodeId } } } } } }`,
      });
    let servedOnA = 0;
    sandbox.reset();
    for (let i = 0; i < 20; i++) {
      const answer = await c.post(a!.url, {}, costly(i));
      if (answer.status !== 200) break;
      servedOnA++;
    }
    expect(sandbox.total / servedOnA).toBeGreaterThan(3);
    expect(servedOnA).toBeLessThan(20);
    // The debt A drew is B's too: the same client is refused there at once.
    const onB = await c.post(b!.url);
    expect(onB.status).toBe(429);
    expect(onB.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    await c.close();
  });
});

describe('Redis going away', () => {
  it("limits from each instance's memory while it is away, and shares again once it is back", async () => {
    const [a, b] = instances.length >= 2 ? instances : [await instance(), await instance()];
    await redis.stop();
    for (let i = 0; i < 50 && (a!.h.gateway.redis?.ready || b!.h.gateway.redis?.ready); i++) await sleep(20);

    const c = client('127.0.0.21');
    const started = performance.now();
    const away = await flood(60, () => c.post(a!.url));
    // Every answer is a 200 or a 429, at once: nothing waits on the dead Redis or fails for it.
    expect(away.answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(away.served).toBeGreaterThanOrEqual(atLeast(20));
    expect(away.served).toBeLessThanOrEqual(atMost(20, 10, away.elapsedMs));
    // The other instance has its own memory buckets meanwhile: per instance, not shared.
    const other = await flood(30, () => c.post(b!.url));
    expect(other.served).toBeGreaterThanOrEqual(atLeast(20));
    expect(other.served).toBeLessThanOrEqual(atMost(20, 10, other.elapsedMs));
    await c.close();

    await redis.restart();
    for (let i = 0; i < 250 && !(a!.h.gateway.redis?.ready && b!.h.gateway.redis?.ready); i++) await sleep(20);
    expect(a!.h.gateway.redis?.ready && b!.h.gateway.redis?.ready).toBe(true);
    const d = client('127.0.0.22');
    const back = await flood(60, (i) => d.post(i % 2 ? a!.url : b!.url));
    await d.close();
    expect(back.served).toBeGreaterThanOrEqual(atLeast(20));
    expect(back.served).toBeLessThanOrEqual(atMost(20, 10, back.elapsedMs));
  });
});
