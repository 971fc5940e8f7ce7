/**
 * V8's `gc` for the idle release, had without `--expose-gc` on the command line (src/ops/idle-release.ts
 * says why the flag is not there). test/http/memory.test.ts checks the release itself on `npm start`.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
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

/** Holds the event loop for `ms`, as work (or a slow machine's descheduled callback) does. */
function hold(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/**
 * Runs `seconds` one-second rounds, each holding the loop for `busyMs` and beginning `operations`
 * operations, and says when (in rounds) memory was handed back, if it was.
 */
async function rounds(plan: { seconds: number; busyMs: number; operations: number }[], idleMs = 2_000) {
  let begun = 0;
  let round = 0;
  const releases: number[] = [];
  const stop = releaseMemoryWhenIdle(
    idleMs,
    () => begun,
    () => releases.push(round),
  );
  try {
    for (const { seconds, busyMs, operations } of plan) {
      for (let s = 0; s < seconds; s++, round++) {
        begun += operations;
        // Spread over the second, as traffic and V8's tasks are: four slices of the hold.
        for (let q = 0; q < 4; q++) {
          hold(busyMs / 4);
          await new Promise((resolve) => setTimeout(resolve, 250 - busyMs / 4));
        }
      }
    }
  } finally {
    stop();
  }
  return releases;
}

describe('releaseMemoryWhenIdle', () => {
  it('hands memory back after a burst once no operation begins, though the loop keeps some work of its own', {
    timeout: 30_000,
  }, async () => {
    // A burst (40 % busy, with operations), then seconds without one where the loop is still 15 % busy
    // (what a burst's collections and a shared machine look like): under 2 % of utilization this never came.
    const releases = await rounds([
      { seconds: 2, busyMs: 400, operations: 50 },
      { seconds: 7, busyMs: 150, operations: 0 },
    ]);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toBeGreaterThanOrEqual(4);
  });

  it('waits while operations go on', { timeout: 30_000 }, async () => {
    // Operations every second (a trickle, then busy), then quiet: the release comes only after them.
    const during = await rounds([
      { seconds: 3, busyMs: 20, operations: 1 },
      { seconds: 3, busyMs: 400, operations: 50 },
      { seconds: 5, busyMs: 0, operations: 0 },
    ]);
    expect(during).toHaveLength(1);
    expect(during[0]).toBeGreaterThanOrEqual(8);
  });

  it('starts no round of its own without a burst of operations', { timeout: 30_000 }, async () => {
    // A busy loop with no operation (work that is not traffic) and a lone light request: no burst, nothing to hand back.
    const none = await rounds([
      { seconds: 3, busyMs: 300, operations: 0 },
      { seconds: 1, busyMs: 10, operations: 1 },
      { seconds: 4, busyMs: 0, operations: 0 },
    ]);
    expect(none).toEqual([]);
  });
});
