/**
 * Every way a client can send an operation to a running gateway, as clients send it: the fast
 * JSON POST, a POST with an Origin (yoga's whole request layer), GET, GraphQL over WebSocket
 * (graphql-transport-ws), GraphQL over SSE, and the federation subgraph. Each answers with the
 * same `Outcome`, so one request can be compared across entries and cache modes.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, type DocumentNode, type GraphQLSchema, parse } from 'graphql';
import WebSocket from 'ws';
import { mergedParts, type Undefer } from '../../src/yoga/use-incremental-delivery.js';
import { undeferredAnswer } from '../../src/yoga/use-reported-errors.js';

/** One request of the corpus, as parameters; `raw` replaces the JSON body (malformed requests). */
export interface Sent {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * What came back: the HTTP status (WebSocket: `next` for results, `error` for an operation
 * refused before it ran, `close <code>` when the socket was closed), the GraphQL result (an
 * answer in parts merged whole; a subscription's first event), and the headers that matter here.
 */
export interface Outcome {
  status: number | string;
  body: unknown;
  etag?: string | null;
  vary?: string | null;
}

export type EntryName = 'post' | 'origin' | 'get' | 'ws' | 'sse' | 'subgraph';

export type Entry = (origin: string, sent: Sent) => Promise<Outcome>;

/** The Origin a browser page of an allowed site sends (the gateways under test allow it in CORS_ORIGINS). */
export const PAGE_ORIGIN = 'https://app.example';

function jsonBody(sent: Sent): string {
  return sent.raw ?? JSON.stringify({ query: sent.query, variables: sent.variables, operationName: sent.operationName });
}

/** An answer's body as JSON, as text when it is not JSON, null when empty. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The graph as published (`schema/schema.graphql`), for merging answers in parts as the gateway does. */
let published: GraphQLSchema | undefined;

/**
 * The results of an answer in parts (GraphQL incremental delivery) merged into one, as the gateway
 * merges them for a client that accepts only JSON (src/yoga/use-incremental-delivery.ts
 * `mergedParts`): deeply, lists item by item (graphql-tools' merge joined a deferred fragment's
 * lists to the ones the object had, end to end), and, for the operation `sent` (a query of the
 * graph), as the operation answers without `@defer`: a fragment an error nulled nulls what the
 * error would null, and each null reports one error (src/yoga/use-reported-errors.ts).
 */
export function merged(parts: any[], sent?: Sent): unknown {
  if (parts.length === 0) return null;
  return mergedParts(structuredClone(parts), sent && undeferOf(sent));
}

function undeferOf(sent: Sent): Undefer | undefined {
  if (typeof sent.query !== 'string') return undefined;
  let document: DocumentNode;
  try {
    document = parse(sent.query);
  } catch {
    return undefined;
  }
  published ??= buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
  const schema = published;
  const operationName = typeof sent.operationName === 'string' ? sent.operationName : undefined;
  return (whole, nulled) => undeferredAnswer(schema, document, operationName, whole, nulled);
}

const headersOf = (res: Response) => ({ etag: res.headers.get('etag'), vary: res.headers.get('vary') });

async function post(url: string, sent: Sent, extra: Record<string, string>): Promise<Outcome> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...extra, ...sent.headers },
    body: jsonBody(sent),
  });
  if (res.headers.get('content-type')?.startsWith('multipart/mixed')) {
    const text = await res.text();
    const parts = text
      .split(/\r\n--[-\w]+/)
      .map((chunk) => chunk.slice(chunk.indexOf('\r\n\r\n') + 4).trim())
      .filter((chunk) => chunk.startsWith('{'))
      .map((chunk) => JSON.parse(chunk));
    return { status: res.status, body: merged(parts, sent), ...headersOf(res) };
  }
  return { status: res.status, body: await readJson(res), ...headersOf(res) };
}

/** The SSE events of a response until `complete` (or the first `next` of a subscription, which never completes). */
async function sseEvents(res: Response, firstOnly: boolean): Promise<any[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: any[] = [];
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return events;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (event === 'complete') return events;
        if (event === 'next' && data) {
          events.push(JSON.parse(data));
          if (firstOnly) return events;
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * One operation over a fresh socket, spoken in graphql-transport-ws by hand (graphql-ws's client
 * would refuse to send a malformed message): its results (merged), its refusal, or the code the
 * socket was closed with.
 */
function overSocket(origin: string, sent: Sent, subscription: boolean): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: sent.headers });
    const results: any[] = [];
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      ws.close(1000);
    };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init' })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: any };
      if (message.type === 'connection_ack') {
        const payload = { query: sent.query, variables: sent.variables, operationName: sent.operationName };
        ws.send(JSON.stringify({ type: 'subscribe', id: '1', payload }));
      } else if (message.type === 'next') {
        results.push(message.payload);
        if (subscription) settle({ status: 'next', body: results[0] });
      } else if (message.type === 'error') settle({ status: 'error', body: { errors: message.payload } });
      else if (message.type === 'complete') settle({ status: 'next', body: merged(results, sent) });
    });
    ws.on('close', (code) => settle({ status: `close ${code}`, body: null }));
    ws.on('error', () => settle({ status: 'close (error)', body: null }));
  });
}

/** Whether `sent` is a subscription (its first event is its answer). */
const isSubscription = (sent: Sent) => typeof sent.query === 'string' && /^\s*subscription\b/.test(sent.query);

export const ENTRIES: Record<EntryName, Entry> = {
  /** The common JSON POST: src/yoga/lean-post.ts answers it. */
  post: (origin, sent) => post(`${origin}/graphql`, sent, { accept: 'application/json' }),
  /** A page of an allowed site: yoga's whole request layer (CORS) answers it. */
  origin: (origin, sent) => post(`${origin}/graphql`, sent, { accept: 'application/json', origin: PAGE_ORIGIN }),
  get: async (origin, sent) => {
    const params = new URLSearchParams();
    if (sent.query !== undefined) params.set('query', String(sent.query));
    if (sent.variables !== undefined) params.set('variables', JSON.stringify(sent.variables));
    if (sent.operationName !== undefined) params.set('operationName', String(sent.operationName));
    const res = await fetch(`${origin}/graphql?${params}`, {
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1', ...sent.headers },
    });
    return { status: res.status, body: await readJson(res), ...headersOf(res) };
  },
  ws: (origin, sent) => overSocket(origin, sent, isSubscription(sent)),
  sse: async (origin, sent) => {
    const res = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...sent.headers },
      body: jsonBody(sent),
    });
    if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
      return { status: res.status, body: await readJson(res), ...headersOf(res) };
    }
    const events = await sseEvents(res, isSubscription(sent));
    return { status: res.status, body: isSubscription(sent) ? events[0] : merged(events, sent), ...headersOf(res) };
  },
  subgraph: (origin, sent) => post(`${origin}/subgraph`, sent, { accept: 'application/json' }),
};
