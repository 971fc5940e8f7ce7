import { fakePromise, iterateAsync as library } from '@whatwg-node/promise-helpers-v2';
import { describe, expect, it } from 'vitest';
import { iterateAsync } from '../../src/base/iterate-async.js';

/** What a hook does at its step. */
const KINDS = ['value', 'falsy', 'throw', 'end', 'resolve', 'resolveFalsy', 'reject', 'endThenResolve', 'fake', 'late'] as const;
type Kind = (typeof KINDS)[number];

/** xorshift32: the same lists on every run. */
function random(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

interface Run {
  calls: [string, number][];
  results: unknown[] | undefined;
  outcome: string;
}

type Iterate = typeof iterateAsync;

/** Runs `iterate` over hooks doing `kinds`, and what it did: the calls, the results and how it ended (at once or later). */
async function run(iterate: Iterate, kinds: Kind[], { asSet, withResults }: { asSet: boolean; withResults: boolean }): Promise<Run> {
  const calls: [string, number][] = [];
  const results: unknown[] | undefined = withResults ? [] : undefined;
  const ends: (() => void)[] = [];
  const hooks = kinds.map((kind, at) => ({ kind, at }));
  const hook = ({ kind, at }: { kind: Kind; at: number }, endEarly: () => void, index: number): unknown => {
    calls.push([kind, index]);
    ends.push(endEarly);
    const value = `answer ${at}`;
    switch (kind) {
      case 'value':
        return value;
      case 'falsy':
        return [undefined, null, false, 0, ''][at % 5];
      case 'throw':
        throw new Error(`thrown at ${at}`);
      case 'end':
        endEarly();
        return at % 2 ? value : undefined;
      case 'resolve':
        return Promise.resolve(value);
      case 'resolveFalsy':
        return Promise.resolve(undefined);
      case 'reject':
        return Promise.reject(new Error(`rejected at ${at}`));
      case 'endThenResolve':
        return new Promise((resolve) =>
          setImmediate(() => {
            endEarly();
            resolve(value);
          }),
        );
      case 'fake':
        return fakePromise(value);
      case 'late':
        // The previous step's endEarly, called once that step is over: it stops nothing.
        ends.at(-2)?.();
        return value;
    }
  };
  let outcome: string;
  try {
    const answer = iterate(asSet ? new Set(hooks) : hooks, hook as never, results as never);
    if (answer instanceof Promise) {
      outcome = await answer.then(
        (settled) => `later: ${String(settled)}`,
        (error: Error) => `later rejected: ${error.message}`,
      );
    } else outcome = `at once: ${String(answer)}`;
  } catch (error) {
    outcome = `threw: ${(error as Error).message}`;
  }
  return { calls, results, outcome };
}

describe('iterateAsync, the bundle’s in place of promise-helpers’', () => {
  it('answers as the library does, on generated lists of hooks', async () => {
    const next = random(0x5eed);
    for (let n = 0; n < 3000; n++) {
      const kinds = Array.from({ length: Math.floor(next() * 7) }, () => KINDS[Math.floor(next() * KINDS.length)]!);
      const options = { asSet: next() < 0.3, withResults: next() < 0.7 };
      const ours = await run(iterateAsync, kinds, options);
      const theirs = await run(library as Iterate, kinds, options);
      expect(ours, `${kinds.join(', ')} ${JSON.stringify(options)}`).toEqual(theirs);
    }
  });

  it('answers at once, not with a promise, when every hook does', () => {
    const results: string[] = [];
    expect(iterateAsync(['a', '', 'b'], (value) => value.toUpperCase(), results)).toBeUndefined();
    expect(results).toEqual(['A', 'B']);
  });

  it('stops after the step that ended early, at once or later', async () => {
    const seen: number[] = [];
    await iterateAsync([1, 2, 3], async (value, endEarly) => {
      seen.push(value);
      if (value === 2) endEarly();
    });
    expect(seen).toEqual([1, 2]);
  });
});
