/**
 * The table of list lengths last seen (src/reuse/list-lengths.ts): bounded, read by prices without
 * ever waiting, shared through Redis, and the same table alone when Redis is slow or away. The
 * end-to-end use (prices of the built gateway against the calls made) is
 * test/yoga/learnt-estimates.test.ts; this file holds the table to its own terms, which need no
 * gateway: a Redis of its own (useRedis) and one stopped under it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisConnection } from '../../src/base/redis.js';
import { ListLengths, ReadLengths, withMargin } from '../../src/reuse/list-lengths.js';
import { startRedis, useRedis } from '../helpers/redis-server.js';

const validators = (parent?: string) => ({ kind: 'subnet-validators', network: 'mainnet', parent });

async function until(check: () => boolean, withinMs = 3_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(20)) if (check()) return;
  throw new Error(`not within ${withinMs} ms`);
}

describe('the table, in memory', () => {
  it('prices a list never seen at the most it may hold, and one seen at its length with margin, capped by the most', () => {
    const t = new ListLengths();
    expect(t.bound(validators('A'), 100)).toBe(100);
    t.saw(validators('A'), 8);
    expect(t.bound(validators('A'), 100)).toBe(withMargin(8));
    expect(withMargin(8)).toBe(10);
    // Without a parent: the longest of the kind on the network; another network knows nothing.
    t.saw(validators('B'), 3);
    expect(t.bound(validators(), 100)).toBe(withMargin(8));
    expect(t.bound({ kind: 'subnet-validators', network: 'fuji' }, 100)).toBe(100);
    // A seen length past the most is capped by it.
    t.saw(validators('C'), 5_000);
    expect(t.bound(validators('C'), 100)).toBe(100);
    // A list seen shorter than before is priced by what it holds now; the longest stays.
    t.saw(validators('A'), 2);
    expect(t.bound(validators('A'), 100)).toBe(withMargin(2));
    expect(t.seen(validators())).toBe(5_000);
  });

  it('ignores lengths that are not counts', () => {
    const t = new ListLengths();
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) t.saw(validators('A'), bad);
    expect(t.seen(validators('A'))).toBeUndefined();
  });

  it('keeps at most maxEntries parents, the least recently used going first', () => {
    const t = new ListLengths({ maxEntries: 100 });
    for (let i = 0; i < 10_000; i++) t.saw({ kind: 'owners', network: 'mainnet', parent: `p${i}` }, i % 7);
    expect(t.size).toBe(100);
    expect(t.seen({ kind: 'owners', network: 'mainnet', parent: 'p0' })).toBeUndefined();
    expect(t.seen({ kind: 'owners', network: 'mainnet', parent: 'p9999' })).toBe(9999 % 7);
    expect(t.seen({ kind: 'owners', network: 'mainnet' })).toBe(6);
  });

  it("keeps places' calls in a bounded table of their own: new documents evict places, never lists' lengths", () => {
    const t = new ListLengths({ maxEntries: 100, maxPlaces: 50 });
    t.saw(validators('A'), 8);
    const place = (i: number) => ({ kind: 'made', network: undefined, parent: `doc${i}.field`, place: true });
    expect(t.bound(place(0), 2 ** 50)).toBe(2 ** 50);
    t.saw(place(0), 0);
    // Seen making none: priced at none (a margin of a quarter adds nothing to nothing).
    expect(t.bound(place(0), 2 ** 50)).toBe(0);
    for (let i = 1; i <= 10_000; i++) t.saw(place(i), i % 5);
    expect(t.places).toBe(50);
    expect(t.seen(place(0))).toBeUndefined();
    expect(t.seen(place(10_000))).toBe(0);
    expect(t.bound(place(9_999), 2 ** 50)).toBe(withMargin(4));
    // The lists' lengths are all there, and a place is no list: no longest of its kind.
    expect(t.size).toBe(1);
    expect(t.seen(validators('A'))).toBe(8);
    expect(t.seen({ kind: 'made', network: undefined })).toBeUndefined();
  });

  it('changes its version when a bound a price reads changes, not when a list is seen again alike', () => {
    const t = new ListLengths();
    const v0 = t.version;
    t.saw(validators('A'), 8);
    const v1 = t.version;
    expect(v1).toBeGreaterThan(v0);
    // Seen again with the same length, by any number of requests: estimates kept with their document stay valid.
    for (let i = 0; i < 100; i++) t.saw(validators('A'), 8);
    expect(t.version).toBe(v1);
    t.saw(validators('A'), 9);
    expect(t.version).toBeGreaterThan(v1);
  });
});

describe("a price's reads (ReadLengths)", () => {
  it('keeps what a price read, and a view over them answers it after the table moved on', () => {
    const table = new ListLengths();
    const key = { kind: 'validators', network: 'mainnet', parent: 'P' };
    table.saw(key, 8);
    const price = new ReadLengths(table);
    expect(price.bound(key, 100)).toBe(withMargin(8));
    expect(price.bound({ ...key, parent: 'Q' }, 100, 3)).toBe(3);
    expect(price.read.size).toBe(2);
    // The answer held more: the table learns it, and the view still says what the price read.
    table.saw(key, 40);
    const view = new ReadLengths(table, price.read);
    expect(view.bound(key, 100)).toBe(withMargin(8));
    expect(view.misses).toBe(0);
    // Read with another most or usual length, it is another read: the table answers, counted as a miss.
    expect(view.bound(key, 20)).toBe(20);
    expect(view.misses).toBe(1);
    expect(view.read.size).toBe(0);
    table.close();
  });
});

describe('the table, shared through Redis', () => {
  const redis = useRedis();
  const open: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close();
  });
  const table = (url: string, refreshMs = 100) => {
    const connection = new RedisConnection(url);
    const t = new ListLengths({ redis: connection, refreshMs });
    open.push(t, connection);
    return { t, connection };
  };

  it("gives one instance what another saw: a parent's length on first lookup, the longest by refresh", async () => {
    const a = table(redis.url);
    const b = table(redis.url);
    await until(() => a.connection.ready && b.connection.ready);
    a.t.saw(validators('S1'), 40);
    // First lookup: not known here yet (the price does not wait), asked of Redis in the background.
    await until(() => {
      b.t.seen(validators('S1'));
      return b.t.seen(validators('S1')) === 40;
    });
    expect(b.t.bound(validators('S1'), 100)).toBe(withMargin(40));
    // The longest of the kind: asked for once, then read back.
    await until(() => b.t.seen(validators()) === 40);
    a.t.saw(validators('S2'), 60);
    await until(() => b.t.seen(validators()) === 60);
  });

  it('keeps pricing from memory, without waiting, while Redis is away, and shares again when it is back', async () => {
    const server = await startRedis();
    try {
      const a = table(server.url);
      const b = table(server.url);
      await until(() => a.connection.ready && b.connection.ready);
      await server.stop();
      const started = performance.now();
      for (let i = 0; i < 1_000; i++) {
        a.t.saw(validators(`X${i}`), i % 50);
        b.t.bound(validators(`X${i}`), 100);
        b.t.bound(validators(), 100);
      }
      const elapsed = performance.now() - started;
      // 3,000 operations with Redis gone: no call waits for it (measured well under 100 ms; the machine is shared).
      expect(elapsed).toBeLessThan(500);
      expect(a.t.bound(validators('X49'), 100)).toBe(withMargin(49));
      expect(b.t.seen(validators('X49'))).toBeUndefined();
      await server.restart();
      await until(() => a.connection.ready && b.connection.ready, 10_000);
      a.t.saw(validators('Y'), 7);
      await until(() => {
        b.t.seen(validators('Y'));
        return b.t.seen(validators('Y')) === 7;
      });
    } finally {
      await server.stop();
    }
  });

  it('answers a price at once while Redis is slow (paused), from memory', async () => {
    const server = await startRedis();
    const { execFileSync } = await import('node:child_process');
    const pid = execFileSync('sh', ['-c', `lsof -t -iTCP:${server.port} -sTCP:LISTEN || fuser ${server.port}/tcp 2>/dev/null`])
      .toString()
      .trim()
      .split(/\s+/)[0];
    try {
      const a = table(server.url);
      await until(() => a.connection.ready);
      a.t.saw(validators('Z'), 12);
      process.kill(Number(pid), 'SIGSTOP');
      // bound() is synchronous: a price never waits for Redis, whatever Redis does. Its lookups of
      // parents not seen here are sent in the background (at most 64 at once) and time out there.
      const started = performance.now();
      const unseen: number[] = [];
      const seen: number[] = [];
      for (let i = 0; i < 200; i++) {
        unseen.push(a.t.bound(validators(`new${i}`), 100));
        seen.push(a.t.bound(validators('Z'), 100));
      }
      const elapsed = performance.now() - started;
      expect(unseen.every((n) => n === 100)).toBe(true);
      expect(seen.every((n) => n === withMargin(12))).toBe(true);
      // Measured at a few ms; the bound leaves room for a loaded machine.
      expect(elapsed).toBeLessThan(200);
      // Redis still paused past its command timeout: the lookups failed in the background, and the table answers alike.
      await sleep(500);
      expect(a.t.bound(validators('Z'), 100)).toBe(withMargin(12));
    } finally {
      if (pid) process.kill(Number(pid), 'SIGCONT');
      await server.stop();
    }
  });
});
