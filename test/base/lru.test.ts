import { describe, expect, it } from 'vitest';
import { growingLru } from '../../src/base/lru.js';

describe('growingLru', () => {
  it('holds at most its number of entries, forgetting the least recently used first, as lru-cache’s `max` does', () => {
    const lru = growingLru<string, number>(3);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      lru.set(key, value);
    expect(lru.get('a')).toBe(1); // a is now the most recently used
    lru.set('d', 4);
    expect([...lru.keys()].sort()).toEqual(['a', 'c', 'd']);
    lru.set('c', 30); // replacing an entry makes no room for another
    lru.set('e', 5);
    expect(lru.size).toBe(3);
    expect(lru.has('a')).toBe(false);
    expect([...lru.entries()]).toEqual([
      ['e', 5],
      ['c', 30],
      ['d', 4],
    ]);
  });

  it('grows as entries come, to any number within its bound', () => {
    const lru = growingLru<number, number>(100_000);
    for (let i = 0; i < 100_001; i++) lru.set(i, i);
    expect(lru.size).toBe(100_000);
    expect(lru.has(0)).toBe(false);
    expect(lru.get(100_000)).toBe(100_000);
  });
});
