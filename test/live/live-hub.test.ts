/**
 * The subscription hub on its own, over a feed whose upstream is a counter: the bounds, the
 * poll interval that no number of subscribers changes, and the hub's shutdown.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { LiveOptions } from '../../src/live/hub.js';
import { counter, testHub } from '../helpers/live.js';

const INTERVAL = 50;

function hub(options: Partial<LiveOptions> = {}) {
  return testHub(INTERVAL, { perClient: 3, total: 5, maxTopics: 100, ...options });
}

describe('the hub', () => {
  it('refuses past the bound per client and the bound in all, and takes again when one leaves', async () => {
    const live = hub();
    const { feed } = counter();
    const open = [];
    for (let i = 0; i < 3; i++) open.push(live.subscribe(feed, 'a'));
    expect(live.admit('a', feed.key)).toEqual({ bound: 'perClient', limit: 3 });
    expect(live.admit('b', feed.key)).toBeUndefined();
    open.push(live.subscribe(feed, 'b'), live.subscribe(feed, 'c'));
    expect(live.admit('d', feed.key)).toEqual({ bound: 'total', limit: 5 });
    await open[0]!.return!();
    expect(live.admit('a', feed.key)).toBeUndefined();
    expect(live.admit('d', feed.key)).toBeUndefined();
    await live.close();
  });

  it('refuses a new topic past the bound on topics, joins one already served, and takes a new one when a topic ends', async () => {
    const live = hub({ maxTopics: 2 });
    const [one, two, three] = [counter('blocks:one'), counter('blocks:two'), counter('blocks:three')];
    const first = live.subscribe(one.feed, 'a');
    live.subscribe(two.feed, 'b');
    expect(live.admit('c', three.feed.key)).toEqual({ bound: 'topics', limit: 2 });
    expect(live.admit('c', one.feed.key)).toBeUndefined();
    const joined = live.subscribe(one.feed, 'c');
    await first.return!();
    // The topic still has a subscriber: it still counts.
    expect(live.admit('c', three.feed.key)).toEqual({ bound: 'topics', limit: 2 });
    await joined.return!();
    expect(live.admit('c', three.feed.key)).toBeUndefined();
    await live.close();
  });

  it('polls a topic once per interval however many subscribe, and every subscriber gets every event', async () => {
    const live = hub({ perClient: 100, total: 100 });
    const { feed, calls } = counter();
    const subs = Array.from({ length: 20 }, () => live.subscribe(feed, 'a'));
    await sleep(INTERVAL * 5 + INTERVAL / 2);
    expect(calls.start).toBe(1);
    expect(calls.poll).toBeGreaterThanOrEqual(1);
    expect(calls.poll).toBeLessThanOrEqual(6);
    const firsts = await Promise.all(subs.map((s) => s.next()));
    expect(firsts.map((r) => r.value)).toEqual(subs.map(() => ({ data: 1 })));
    await Promise.all(subs.map((s) => s.return!()));
    const polled = calls.poll;
    await sleep(INTERVAL * 3);
    expect(calls.poll).toBe(polled);
    expect(live.stats()).toEqual({ topics: 0, polling: [], subscribers: 0, polls: {} });
    await live.close();
  });

  it('ends every subscription when it closes, and opens no more', async () => {
    const live = hub();
    const { feed } = counter();
    const sub = live.subscribe(feed, 'a');
    const pending = sub.next();
    await live.close();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(await live.subscribe(feed, 'a').next()).toEqual({ value: undefined, done: true });
  });
});
