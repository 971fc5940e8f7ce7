/**
 * Every entry of the built gateway, for the fuzzer: the fast JSON POST (src/yoga/lean-post.ts),
 * a POST that yoga's request layer answers (an `accept` list the fast path leaves to yoga), GET,
 * GraphQL over WebSocket, GraphQL over SSE, a batch (a JSON array, BATCHING_LIMIT > 1), and the
 * graph as a federation subgraph (`/subgraph`, FEDERATION=true: what a router sends), and the
 * JSON POST with its body compressed (`content-encoding` gzip, deflate or br, by turns). Each
 * answers with the time it took, and within a deadline: a request that gets no answer is an
 * outcome too (`status: 'timeout'`).
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { ENTRIES, merged, type Outcome, readJson, type Sent } from '../helpers/entries.js';
import type { Generated } from './generate.js';

export type FuzzEntry = 'post' | 'yoga' | 'get' | 'ws' | 'sse' | 'batch' | 'subgraph' | 'compressed';
export const FUZZ_ENTRIES: readonly FuzzEntry[] = ['post', 'yoga', 'get', 'ws', 'sse', 'batch', 'subgraph', 'compressed'];

/** The codings the `compressed` entry takes by turns, and how each is made. */
const CODINGS = [
  ['gzip', gzipSync],
  ['deflate', deflateSync],
  ['br', brotliCompressSync],
] as const;
let compressedSent = 0;

export interface Answer extends Outcome {
  /** Milliseconds from sending to the whole answer. */
  ms: number;
  /** A batch's other answers (the first is `body`). */
  rest?: unknown[];
}

/** What a batch carries beside the generated operation: a second, cheap one, so the batch is a batch. */
export const BATCH_COMPANION: Generated = { query: '{ network { name } }' };

/** An accept header the fast path does not take: yoga negotiates it (src/yoga/lean-post.ts `mediaType`). */
const YOGA_ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

async function multipartOrJson(res: Response, sent: Sent): Promise<unknown> {
  if (!res.headers.get('content-type')?.startsWith('multipart/mixed')) return readJson(res);
  const parts = (await res.text())
    .split(/\r\n--[-\w]+/)
    .map((chunk) => chunk.slice(chunk.indexOf('\r\n\r\n') + 4).trim())
    .filter((chunk) => chunk.startsWith('{'))
    .map((chunk) => JSON.parse(chunk));
  return merged(parts, sent);
}

const timeout = (ms: number) =>
  new Promise<Outcome>((resolve) => {
    const timer = setTimeout(() => resolve({ status: 'timeout', body: null }), ms);
    timer.unref();
  });

/** Sends `sent` through `entry` of the gateway at `origin`, answered within `deadlineMs` or `timeout`. */
export async function send(entry: FuzzEntry, origin: string, sent: Generated, deadlineMs: number): Promise<Answer> {
  const started = performance.now();
  const signal = AbortSignal.timeout(deadlineMs);
  const asSent: Sent = { query: sent.query, variables: sent.variables, operationName: sent.operationName };
  const body = JSON.stringify(asSent);
  let outcome: Outcome & { rest?: unknown[] };
  try {
    switch (entry) {
      case 'post':
      case 'yoga':
      case 'subgraph': {
        const res = await fetch(`${origin}/${entry === 'subgraph' ? 'subgraph' : 'graphql'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: entry === 'yoga' ? YOGA_ACCEPT : 'application/json' },
          body,
          signal,
        });
        outcome = { status: res.status, body: await multipartOrJson(res, asSent) };
        break;
      }
      case 'compressed': {
        const [coding, compress] = CODINGS[compressedSent++ % CODINGS.length]!;
        const res = await fetch(`${origin}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'content-encoding': coding },
          body: new Uint8Array(compress(body)),
          signal,
        });
        outcome = { status: res.status, body: await readJson(res) };
        break;
      }
      case 'batch': {
        const res = await fetch(`${origin}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify([asSent, BATCH_COMPANION]),
          signal,
        });
        const answer = await readJson(res);
        outcome = Array.isArray(answer)
          ? { status: res.status, body: answer[0], rest: answer.slice(1) }
          : { status: res.status, body: answer };
        break;
      }
      case 'get': {
        const params = new URLSearchParams({ query: sent.query });
        if (sent.variables !== undefined) params.set('variables', JSON.stringify(sent.variables));
        if (sent.operationName !== undefined) params.set('operationName', sent.operationName);
        const res = await fetch(`${origin}/graphql?${params}`, {
          headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
          signal,
        });
        outcome = { status: res.status, body: await readJson(res) };
        break;
      }
      case 'ws':
      case 'sse':
        outcome = await Promise.race([ENTRIES[entry](origin, asSent), timeout(deadlineMs)]);
        break;
    }
  } catch (error) {
    const name = (error as Error).name;
    outcome = { status: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `failed: ${(error as Error).message}`, body: null };
  }
  return { ...outcome, ms: performance.now() - started };
}
