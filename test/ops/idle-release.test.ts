/**
 * V8's `gc` for the idle release, had without `--expose-gc` on the command line (src/ops/idle-release.ts
 * says why the flag is not there). test/http/memory.test.ts checks the release itself on `npm start`.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { exposedGc } from '../../src/ops/idle-release.js';

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
