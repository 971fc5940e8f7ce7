/**
 * V8's `gc` for the idle release, had without `--expose-gc` on the command line (src/ops/idle-release.ts
 * says why the flag is not there). test/http/memory.test.ts checks the release itself on `npm start`.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { exposedGc, releaseMemoryWhenIdle } from '../../src/ops/idle-release.js';

describe('exposedGc', () => {
  it('gives a gc that collects, and leaves the flag off again', async () => {
    const own = (globalThis as { gc?: unknown }).gc;
    const collect = exposedGc();
    expect(collect).toBeTypeOf('function');
    // This test's process was started without --expose-gc: the function came from the flag being on for a moment.
    if (!own) {
      expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
      expect(runInNewContext('typeof gc')).toBe('undefined');
    }
    let held: object | undefined = { big: new Array(100_000).fill(1) };
    const ref = new WeakRef(held);
    held = undefined;
    await collect?.({ type: 'major', execution: 'async', flavor: 'last-resort' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ref.deref()).toBeUndefined();
  });
});

/** One second of the release's watch: the requests begun in it, those open at its end, and how busy the event loop was. */
interface Second {
  begun: number;
  open: number;
  loop: number;
}

const seconds = (n: number, second: Second): Second[] => Array.from({ length: n }, () => second);

/**
 * Runs the release over `plan`, one tick per second (its timer faked, so the seconds are exact),
 * and says at which seconds it collected. Its collections are counted, not run: a real one's time
 * (a test worker's heap, a loaded machine) would decide which second heard of it. V8's is checked
 * above, and the release with it on the built gateway by test/http/memory.test.ts. Without
 * `withTraffic` it runs as the release of a process that has no server.
 */
async function release(plan: Second[], { idleMs = 2_000, withTraffic = true } = {}) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const traffic = { begun: 0, open: 0 };
  let loop = 0;
  let second = 0;
  const collected: number[] = [];
  const released: number[] = [];
  const stop = releaseMemoryWhenIdle(
    idleMs,
    withTraffic ? traffic : undefined,
    () => released.push(second),
    () => loop,
    async () => {
      collected.push(second);
    },
  );
  try {
    for (const planned of plan) {
      traffic.begun += planned.begun;
      traffic.open = planned.open;
      loop = planned.loop;
      second++;
      vi.advanceTimersByTime(1_000);
      // The report follows the second collection's promise.
      await Promise.resolve();
      await Promise.resolve();
    }
  } finally {
    stop();
    vi.useRealTimers();
  }
  return { collected, released };
}

const burst = (n: number) => seconds(n, { begun: 50, open: 10, loop: 0.4 });

describe('releaseMemoryWhenIdle', () => {
  it('hands memory back after a burst once no request is begun or in flight, though the loop keeps some work of its own', async () => {
    // Seconds after the burst in which the loop is still 15 % busy (V8 collecting what the burst
    // left, a log going out, a shared machine): by the loop alone (under 2 %) quiet never came.
    // Quiet from second 3, two quiet seconds by second 4, the second collection (and the report) at 5.
    const after = seconds(7, { begun: 0, open: 0, loop: 0.15 });
    expect(await release([...burst(2), ...after])).toEqual({ collected: [4, 5], released: [5] });
    expect(await release([...burst(2), ...after], { withTraffic: false })).toEqual({ collected: [], released: [] });
  });

  it('waits while requests are in flight, however idle the loop is between them', async () => {
    // CI run 29's burst: each round's requests wait seconds on the upstream, none begun meanwhile.
    const waiting = seconds(4, { begun: 0, open: 12, loop: 0.05 });
    const found = await release([...burst(1), ...waiting, ...burst(1), ...waiting, ...seconds(4, { begun: 0, open: 0, loop: 0.05 })]);
    expect(found).toEqual({ collected: [12, 13], released: [13] });
  });

  it('counts a second in which a request began as traffic, even one that ended within it', async () => {
    const found = await release([
      ...burst(2),
      ...seconds(4, { begun: 1, open: 0, loop: 0.05 }),
      ...seconds(4, { begun: 0, open: 0, loop: 0.05 }),
    ]);
    expect(found).toEqual({ collected: [8, 9], released: [9] });
  });

  it('leaves an open WebSocket to the event loop: quiet once it is under 2 % busy', async () => {
    const socket = { begun: 0, open: 1 };
    const found = await release([...burst(2), ...seconds(3, { ...socket, loop: 0.15 }), ...seconds(4, { ...socket, loop: 0.01 })]);
    expect(found).toEqual({ collected: [7, 8], released: [8] });
  });

  it('counts a second whose loop is mostly busy as work, with traffic or without', async () => {
    // An answer still being written after the last request began: not quiet until it is done.
    const found = await release([
      ...burst(2),
      ...seconds(3, { begun: 0, open: 0, loop: 0.9 }),
      ...seconds(4, { begun: 0, open: 0, loop: 0.05 }),
    ]);
    expect(found).toEqual({ collected: [7, 8], released: [8] });
  });

  it('starts no round without a burst of traffic: busy work alone, its own collections after a release', async () => {
    expect(await release([...seconds(3, { begun: 0, open: 0, loop: 0.3 }), ...seconds(4, { begun: 0, open: 0, loop: 0 })])).toEqual({
      collected: [],
      released: [],
    });
    // After a release, its collections and what V8 still does (busy seconds without traffic) make no other.
    expect(
      await release([
        ...burst(2),
        ...seconds(3, { begun: 0, open: 0, loop: 0 }),
        ...seconds(2, { begun: 0, open: 0, loop: 0.3 }),
        ...seconds(6, { begun: 0, open: 0, loop: 0.12 }),
      ]),
    ).toEqual({ collected: [4, 5], released: [5] });
  });

  it('does nothing with IDLE_RELEASE_MS 0', async () => {
    expect(await release([...burst(2), ...seconds(6, { begun: 0, open: 0, loop: 0 })], { idleMs: 0 })).toEqual({
      collected: [],
      released: [],
    });
  });
});
