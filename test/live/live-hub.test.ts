/**
 * The subscription hub on its own, over a feed whose upstream is a counter: the bounds, the
 * poll interval that no number of subscribers changes, and the hub's shutdown.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Feed, LiveClients } from '../../src/live/feeds.js';
import type { LiveError, LiveOptions } from '../../src/live/hub.js';
import type { CallScope } from '../../src/upstreams/http.js';
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
    // Its start, in flight when its subscribers left, is let finish (to be remembered) first.
    await sleep(5);
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

  it('does not call the upstream again for a subscriber who left and came back before the next poll was due', async () => {
    const live = hub({ perClient: 100, total: 100 });
    const { feed, calls } = counter();
    const started = performance.now();
    // Subscribe and leave in a loop, as fast as a client can, for six intervals.
    let rounds = 0;
    while (performance.now() - started < INTERVAL * 6) {
      const sub = live.subscribe(feed, 'a');
      await sleep(1);
      await sub.return!();
      rounds++;
    }
    const elapsed = performance.now() - started;
    // At most one call (a start or a poll) per interval, however many rounds.
    expect(rounds).toBeGreaterThan(20);
    expect(calls.start + calls.poll).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL) + 1);
    // Past the interval, a new subscriber starts afresh: its first event is news, not a stale state.
    await sleep(INTERVAL * 2);
    const starts = calls.start;
    const sub = live.subscribe(feed, 'a');
    await sleep(INTERVAL / 2);
    expect(calls.start).toBe(starts + 1);
    await sub.return!();
    await live.close();
  });

  it('lets one client open only its share of the topics, while others may still join them', async () => {
    const live = hub({ perClient: 100, total: 100, maxTopics: 10, topicsPerClient: 2 });
    const [one, two, three] = [counter('blocks:one'), counter('blocks:two'), counter('blocks:three')];
    const opened = live.subscribe(one.feed, 'a');
    live.subscribe(two.feed, 'a');
    expect(live.admit('a', three.feed.key)).toEqual({ bound: 'topicsPerClient', limit: 2 });
    // Joining a topic already served opens none.
    expect(live.admit('a', one.feed.key)).toBeUndefined();
    expect(live.admit('b', three.feed.key)).toBeUndefined();
    const joined = live.subscribe(one.feed, 'b');
    // The topic a opened counts as a's while it is served: leaving it to b frees no share...
    await opened.return!();
    expect(live.admit('a', three.feed.key)).toEqual({ bound: 'topicsPerClient', limit: 2 });
    // ...its end does (once its start, in flight, finished).
    await joined.return!();
    await sleep(5);
    expect(live.admit('a', three.feed.key)).toBeUndefined();
    await live.close();
  });

  it("charges a poll's calls to its topic's subscribers, each its share, and ends the subscription of a client in debt", async () => {
    const charged: Record<string, number> = { a: 0, b: 0 };
    const debt: LiveError = { message: 'in debt', extensions: { code: 'RATE_LIMITED', retryAfter: 3 } };
    // Each start and poll makes two calls.
    const calling: Feed<number, number> = {
      kind: 'blocks',
      key: 'blocks:calling',
      start: async (clients) => {
        (clients as unknown as { scope: CallScope }).scope.budget!.take('node', 'start');
        (clients as unknown as { scope: CallScope }).scope.budget!.take('node', 'start');
        return 0;
      },
      poll: async (clients, state) => {
        (clients as unknown as { scope: CallScope }).scope.budget!.take('node', 'poll');
        (clients as unknown as { scope: CallScope }).scope.budget!.take('node', 'poll');
        return { state: state + 1, events: [state + 1] };
      },
    };
    const live = hub({ perClient: 100, total: 100, clients: (scope) => ({ scope }) as unknown as LiveClients });
    const a = live.subscribe(calling, 'a', (points) => {
      charged.a! += points;
      return undefined;
    });
    // b may spend three points: then it is in debt, and its subscription ends.
    const b = live.subscribe(calling, 'b', async (points) => {
      charged.b! += points;
      return charged.b! > 3 ? debt : undefined;
    });
    const seen: unknown[] = [];
    for (let r = await b.next(); !r.done; r = await b.next()) seen.push(r.value);
    expect(seen.at(-1)).toEqual({ error: debt });
    expect(seen.slice(0, -1).every((e) => (e as { data?: number }).data !== undefined)).toBe(true);
    // a alone pays the polls after b left.
    const before = charged.a!;
    await sleep(INTERVAL * 3);
    expect(charged.a! - before).toBeGreaterThanOrEqual(2);
    expect(Number.isInteger(charged.a! - before)).toBe(true);
    // Shared while both held it: a and b paid a call each per poll.
    expect(charged.b).toBe(4);
    expect(live.stats().subscribers).toBe(1);
    await a.return!();
    await live.close();
  });
});
