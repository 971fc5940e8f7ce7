/**
 * Subscriptions as a client sees them, for tests: GraphQL over SSE, in process through
 * `yoga.fetch` or over HTTP, and a condition to wait for; and the hub on its own, over a feed
 * whose upstream is a counter.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Gateway } from '../../src/gateway/gateway.js';
import type { Feed, LiveClients } from '../../src/live/feeds.js';
import { LiveHub, type LiveOptions } from '../../src/live/hub.js';
import { sample } from './prom-text.js';

export interface SseEvent {
  event: string;
  data?: any;
}

/** One subscription over SSE: its events as they come, and how to leave. */
export interface SseSubscription {
  status: number;
  /** The next event, or a failure after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  close(): Promise<void>;
}

/**
 * Subscribes over SSE: to `gateway` in process (through `yoga.fetch`), or to the gateway whose
 * /graphql URL `gateway` is (a running `npm start`).
 */
export async function subscribeSse(
  gateway: Gateway | string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<SseSubscription> {
  const abort = new AbortController();
  const send =
    typeof gateway === 'string'
      ? (init: RequestInit) => fetch(gateway, init)
      : (init: RequestInit) => gateway.yoga.fetch('http://gateway.test/graphql', init);
  const res = await send({
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];
  const read = async (): Promise<boolean> => {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let data: string | undefined;
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data = (data ?? '') + line.slice(5).trim();
      }
      // Keep-alive comments (":") carry nothing.
      if (block.startsWith(':') && data === undefined) continue;
      queue.push({ event, data: data ? JSON.parse(data) : undefined });
    }
    return true;
  };
  // yoga's stream starts (and takes the subscription's iterator) on its first read: the ping it
  // always sends first. Read it, so a subscription closed before any event is still let go.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await read();
  return {
    status: res.status,
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no SSE event in time');
        const more = await Promise.race([read(), sleep(left).then(() => 'timeout' as const)]);
        if (more === 'timeout') throw new Error('no SSE event in time');
        if (!more && queue.length === 0) return { event: 'end' };
      }
      return queue.shift()!;
    },
    async close() {
      // Cancelling the body is what a leaving client does to the stream; then the request ends.
      await reader.cancel().catch(() => undefined);
      abort.abort();
    },
  };
}

/** Waits until `check` holds (polling every 10 ms), or fails after `timeoutMs` saying what was awaited. */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

/** What an instance's /metrics says of its subscriptions: topics served, and topics it polls for the cluster. */
export async function liveOf(gw: { origin: string }): Promise<{ topics: number; polled: number }> {
  const text = await fetch(`${gw.origin}/metrics`).then((r) => r.text());
  return { topics: sample(text, 'gateway_subscription_topics'), polled: sample(text, 'gateway_subscription_topics_polled') };
}

/** Waits until an async `check` holds, or fails naming `what`. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(25)) if (await check()) return;
  throw new Error(`not in time: ${what}`);
}

/** A feed of a number that grows by one per poll, counting its starts and polls. */
export function counter(key = 'blocks:test') {
  const calls = { start: 0, poll: 0 };
  const feed: Feed<number, number> = {
    kind: 'blocks',
    key,
    start: async () => {
      calls.start++;
      return 0;
    },
    poll: async (_clients, state) => {
      calls.poll++;
      return { state: state + 1, events: [state + 1] };
    },
  };
  return { feed, calls };
}

/**
 * A hub for feeds that call nothing (`counter`): every kind polled each `interval` ms, errors
 * described as code `X`; `options` set its bounds (and Redis, for the hub across instances).
 */
export function testHub(interval: number, options: Partial<LiveOptions> & Pick<LiveOptions, 'perClient' | 'total' | 'maxTopics'>): LiveHub {
  return new LiveHub({
    clients: () => ({}) as LiveClients,
    intervals: { blocks: interval, transactions: interval, feeConfig: interval, validators: interval, tps: interval },
    callBudget: 10,
    describeError: (error) => ({ message: String(error), extensions: { code: 'X' } }),
    ...options,
  });
}
