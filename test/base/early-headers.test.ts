/**
 * Early headers (src/base/early-headers.ts) over a real socket: every way a writer writes its
 * answer, against the same writer on a plain ServerResponse given the same headers first with
 * `setHeader`, as the gateway gave them before. What the client receives must be the same
 * headers with the same values. Writers are generated (their headers, the case of their names,
 * how they write) besides the cases named here.
 */
import { createServer, request as httpRequest, type OutgoingHttpHeaders, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarlyHeadersResponse, earlyHeader } from '../../src/base/early-headers.js';

/** How a writer writes: its headers object or list to `writeHead`, or one by one with `setHeader`, or none. */
interface Writer {
  how: 'object' | 'reason' | 'list' | 'set' | 'implicit' | 'retry';
  headers: [string, string][];
}

interface Case {
  early: [string, string][];
  writer: Writer;
  /** For `retry`: how the refused first headers were given. */
  retryAs?: 'object' | 'set';
}

function write(res: ServerResponse, { how, headers }: Writer, retryAs?: 'object' | 'set'): void {
  const object = Object.fromEntries(headers) as OutgoingHttpHeaders;
  const body = '{"ok":true}';
  if (how === 'object') res.writeHead(200, object).end(body);
  else if (how === 'reason') res.writeHead(200, 'Fine', object).end(body);
  else if (how === 'list') res.writeHead(200, headers.flat()).end(body);
  else if (how === 'set') {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.writeHead(200).end(body);
  } else if (how === 'retry') {
    // Node refuses a header value with a line break: the writer answers an error instead.
    try {
      if (retryAs === 'set') for (const [name, value] of headers) res.setHeader(name, value);
      else res.writeHead(200, Object.fromEntries(headers) as OutgoingHttpHeaders);
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('refused');
    }
  } else {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.end(body);
  }
}

let current: { c: Case; early: boolean; setBefore?: string[] } | undefined;
let early: Server;
let plain: Server;

function handler(res: ServerResponse): void {
  const { c, early: useEarly } = current!;
  for (const [name, value] of c.early) {
    if (useEarly) earlyHeader(res, name, value);
    else res.setHeader(name, value);
  }
  current!.setBefore = res.getHeaderNames();
  write(res, c.writer, c.retryAs);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

let earlyPort = 0;
let plainPort = 0;
beforeAll(async () => {
  early = createServer({ ServerResponse: EarlyHeadersResponse }, (_req, res) => handler(res));
  plain = createServer((_req, res) => handler(res));
  earlyPort = await listen(early);
  plainPort = await listen(plain);
});
afterAll(async () => {
  await new Promise((resolve) => early.close(resolve));
  await new Promise((resolve) => plain.close(resolve));
});

/** The headers the client received, by lower-case name (repeated ones joined), without the date. */
function received(port: number): Promise<{ status: number; message: string; headers: Record<string, string[]> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
      const headers: Record<string, string[]> = {};
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        if (name !== 'date') (headers[name] ??= []).push(res.rawHeaders[i + 1]!);
      }
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, message: res.statusMessage!, headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function both(c: Case) {
  current = { c, early: true };
  const given = c.writer.headers.map(([n, v]) => [n, v]);
  const got = await received(earlyPort);
  // Given early, nothing is on the response before its writer: node's writeHead keeps to its fast path.
  expect(current.setBefore).toEqual([]);
  // The writer's own headers are never changed.
  expect(c.writer.headers).toEqual(given);
  current = { c, early: false };
  const expected = await received(plainPort);
  return { got, expected };
}

describe('early headers', () => {
  it('are written with a writer’s headers object, which wins over them whatever its case', async () => {
    const { got } = await both({
      early: [
        ['x-request-id', 'r1'],
        ['cache-control', 'no-store'],
      ],
      writer: {
        how: 'object',
        headers: [
          ['Cache-Control', 'public, max-age=5'],
          ['content-type', 'application/json'],
        ],
      },
    });
    expect(got.headers['x-request-id']).toEqual(['r1']);
    expect(got.headers['cache-control']).toEqual(['public, max-age=5']);
  });

  it('are set before a writer that sets its own one by one, which replace them', async () => {
    const { got } = await both({
      early: [
        ['x-request-id', 'r2'],
        ['cache-control', 'no-store'],
      ],
      writer: { how: 'set', headers: [['cache-control', 'max-age=1']] },
    });
    expect(got.headers['x-request-id']).toEqual(['r2']);
    expect(got.headers['cache-control']).toEqual(['max-age=1']);
  });

  it('reach an answer written without writeHead, and one given its headers as a list', async () => {
    for (const how of ['implicit', 'list', 'reason'] as const) {
      const { got, expected } = await both({ early: [['x-request-id', `r-${how}`]], writer: { how, headers: [['x-a', '1']] } });
      expect(got).toEqual(expected);
      expect(got.headers['x-request-id']).toEqual([`r-${how}`]);
    }
  });

  it('leave a writer that names a header twice in two cases to node, which keeps the last', async () => {
    for (const how of ['object', 'reason'] as const) {
      const { got, expected } = await both({
        early: [['cache-control', 'no-store']],
        writer: {
          how,
          headers: [
            ['Cache-Control', 'no-cache'],
            ['content-type', 'text/event-stream'],
            ['cache-control', 'no-store'],
          ],
        },
      });
      expect(got).toEqual(expected);
      expect(got.headers['cache-control']).toEqual(['no-store']);
    }
  });

  it('reach the answer a writer makes after node refused its first headers', async () => {
    for (const how of ['object', 'set'] as const) {
      const { got, expected } = await both({
        early: [['x-request-id', `r-retry-${how}`]],
        writer: { how: 'retry', headers: [['x-bad', 'a\nb']] },
        retryAs: how,
      });
      expect(got).toEqual(expected);
      expect(got.status).toBe(500);
      expect(got.headers['x-request-id']).toEqual([`r-retry-${how}`]);
    }
  });

  it('fall back to setHeader on any other response', () => {
    const res = new ServerResponse({ method: 'GET', httpVersionMajor: 1, httpVersionMinor: 1 } as never);
    earlyHeader(res, 'x-request-id', 'r3');
    expect(res.getHeader('x-request-id')).toBe('r3');
  });

  it('give what setHeader first gave, for generated writers', async () => {
    let seed = 0x5eed;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const pick = <T>(items: readonly T[]): T => items[next() % items.length]!;
    const names = ['x-request-id', 'cache-control', 'x-avalanche-sandbox', 'content-type', 'etag', 'vary', 'x-other'];
    const cased = (name: string) =>
      pick([name, name.toUpperCase(), name.replace(/(^|-)(\w)/g, (_m, d: string, c: string) => d + c.toUpperCase())]);
    const twinned = (headers: [string, string][]) => {
      const twins = headers
        .filter(() => next() % 4 === 0)
        .map(([name, value]): [string, string] => [name.toLowerCase() === name ? name.toUpperCase() : name.toLowerCase(), `${value}-twin`]);
      return [...headers, ...twins];
    };
    for (let i = 0; i < 200; i++) {
      const earlyNames = names.filter(() => next() % 3 === 0);
      const c: Case = {
        early: earlyNames.map((name) => [name, `early-${i}-${name}`]),
        writer: {
          how: pick(['object', 'reason', 'list', 'set', 'implicit'] as const),
          // Some names twice, in two cases (yoga's response for an event stream held `Cache-Control`
          // and `cache-control`): the last is kept when set one by one.
          headers: twinned(names.filter(() => next() % 2 === 0).map((name) => [cased(name), `writer-${i}-${name}`] as [string, string])),
        },
      };
      const { got, expected } = await both(c);
      expect(got, JSON.stringify(c)).toEqual(expected);
    }
  });
});
