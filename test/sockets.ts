/**
 * Clients over real sockets for the tests of src/server.ts's rate limits: each on its own
 * loopback address (127.0.0.2, .3, ...), as distinct clients would be.
 */
import { Agent, request } from 'undici';

const QUERY = JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' });

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** A client on one loopback address, POSTing the query (one upstream call when served). */
export function client(localAddress: string) {
  const dispatcher = new Agent({ localAddress });
  return {
    localAddress,
    async post(url: string, headers: Record<string, string> = {}): Promise<Answer> {
      const res = await request(url, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', ...headers },
        body: QUERY,
      });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: await res.body.json() };
    },
    close: () => dispatcher.close(),
  };
}

/** `n` requests at once; the answers, and how long they took. */
export async function flood(n: number, send: (i: number) => Promise<Answer>) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const elapsedMs = performance.now() - started;
  return { answers, elapsedMs, served: answers.filter((a) => a.status === 200).length, refused: answers.filter((a) => a.status === 429) };
}

/** At 10 tokens a second, what a bucket of 20 can have let through in `elapsedMs` (one token of slack). */
export const atMost = (burst: number, perSecond: number, elapsedMs: number) => burst + Math.ceil((elapsedMs / 1000) * perSecond) + 1;
