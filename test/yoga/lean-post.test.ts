/**
 * The common JSON POST takes src/yoga/lean-post.ts, not yoga's request layer: over a real socket it
 * must answer exactly as yoga does (status, content type, body), and stop the upstream work of a
 * client that goes away. The GraphQL-over-HTTP audit runs on the built gateway in every cache
 * mode (test/http/entries.test.ts).
 */
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../../src/graphql/context.js';
import { fastPath } from '../../src/yoga/lean-post.js';
import { leanTerms } from '../../src/yoga/fast-path-terms.js';
import type { GatewayServer } from '../../src/http/server.js';
import { getWorld } from '../../sandbox/world/world.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';
import { postThroughFastPath } from '../helpers/lean-server.js';

const world = getWorld('mainnet');
let h: Harness;
let gw: GatewayServer;
let base: string;

beforeAll(async () => {
  h = await startHarness({ UPSTREAM_RETRIES: '2' });
  ({ gw, origin: base } = await serve(h));
});
afterAll(async () => {
  await gw.drain(100);
  await h.close();
});

interface Answer {
  status: number;
  type: string | null;
  body: unknown;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return { status: res.status, type: res.headers.get('content-type'), body };
}

describe('the same answers as yoga', () => {
  const subnet = world.subnets[2]!.subnetId;
  const cases: [string, string, Record<string, string>][] = [
    ['a query', JSON.stringify({ query: `{ network { subnet(subnetId: "${subnet}") { subnetId isL1 } } }` }), {}],
    ['null variables and operation name', JSON.stringify({ query: '{ network { name } }', variables: null, operationName: null }), {}],
    [
      'an operation picked by name',
      JSON.stringify({ query: 'query A { network { name } } query B { __typename }', operationName: 'B' }),
      {},
    ],
    ['an unknown operation name', JSON.stringify({ query: 'query A { network { name } }', operationName: 'Z' }), {}],
    ['a syntax error', JSON.stringify({ query: '{ network { ' }), {}],
    ['a syntax error, graphql-response+json', JSON.stringify({ query: '{ network { ' }), { accept: 'application/graphql-response+json' }],
    ['a validation error', JSON.stringify({ query: '{ network { nope } }' }), {}],
    [
      'a validation error, graphql-response+json',
      JSON.stringify({ query: '{ network { nope } }' }),
      { accept: 'application/graphql-response+json' },
    ],
    [
      'a variable that does not coerce',
      JSON.stringify({ query: 'query($id: CB58Id!) { network { subnet(subnetId: $id) { subnetId } } }', variables: { id: 'nope' } }),
      {},
    ],
    ['a refused argument', JSON.stringify({ query: '{ network { subnets(first: 0) { nodes { subnetId } } } }' }), {}],
    [
      'a charset in the content type',
      JSON.stringify({ query: '{ network { name } }' }),
      { 'content-type': 'application/json; charset=utf-8' },
    ],
    ['a query that is not a string', JSON.stringify({ query: 42 }), {}],
    ['a batch', JSON.stringify([{ query: '{ __typename }' }]), {}],
    ['broken JSON', '{"query": ', {}],
    ['an unknown parameter', JSON.stringify({ query: '{ __typename }', foo: 1 }), {}],
  ];

  it.each(cases)('%s', async (_name, body, headers) => {
    // A fresh init each: a Request may add to the headers object it is given.
    const init = () => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const viaYoga = await answer(await h.gateway.yoga.fetch('http://gateway.test/graphql', init()));
    const viaServer = await answer(await fetch(`${base}/graphql`, init()));
    expect(viaServer).toEqual(viaYoga);
  });
});

describe('a client that goes away', () => {
  it('ends the upstream call and the wait before a retry: no attempt goes out after it left', async () => {
    h.sandbox.reset();
    // Every listing answers 503 with a 1 s retry-after: the gateway would wait, then try twice more.
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, retryAfter: 1, times: -1 });
    const req = httpRequest(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ query: '{ network { subnets(first: 2) { nodes { subnetId } } } }' }));
    await sleep(300);
    expect(h.sandbox.count('listSubnets')).toBe(1);
    req.destroy();
    await sleep(2500);
    expect(h.sandbox.count('listSubnets')).toBe(1);
    h.sandbox.reset();
  });
});

describe('answers kept by the response cache', () => {
  it('come back as yoga sends them: same body, status and cache headers', async () => {
    const cached = await startHarness({ CACHE: 'memory' });
    const { gw: server, url } = await serve(cached);
    try {
      const init = () => ({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ network { subnet(subnetId: "${world.subnets[4]!.subnetId}") { subnetId isL1 } } }` }),
      });
      const first = await fetch(url, init());
      const firstBody = await first.text();
      const calls = cached.sandbox.total;
      for (let i = 0; i < 3; i++) {
        const viaServer = await fetch(url, init());
        const viaYoga = await cached.gateway.yoga.fetch('http://gateway.test/graphql', init());
        expect(await viaServer.text()).toBe(await viaYoga.text());
        expect(viaServer.status).toBe(viaYoga.status);
        for (const header of ['content-type', 'etag', 'last-modified'])
          expect(viaServer.headers.get(header)).toBe(viaYoga.headers.get(header));
        expect(viaServer.headers.get('etag')).toBeTruthy();
      }
      expect(JSON.parse(firstBody)).toMatchObject({ data: { network: { subnet: { subnetId: world.subnets[4]!.subnetId } } } });
      expect(cached.sandbox.total).toBe(calls);

      // A conditional request is yoga's to answer: its response cache answers 304 to a known ETag.
      const etag = first.headers.get('etag')!;
      const conditional = () => {
        const base = init();
        return { ...base, headers: { ...base.headers, 'if-none-match': etag } };
      };
      const viaYoga = await cached.gateway.yoga.fetch('http://gateway.test/graphql', conditional());
      const viaServer = await fetch(url, conditional());
      expect(viaServer.status).toBe(viaYoga.status);
      expect(viaServer.status).toBe(304);
    } finally {
      await server.drain(100);
      await cached.close();
    }
  });
});

describe('the fast path’s contract with plugins', () => {
  const schemaOf = () => h.gateway.yoga.getEnveloped().schema;

  it('refuses a plugin whose request-layer hooks say nothing of the fast path', () => {
    const silent: Plugin = { onResponse: () => undefined };
    const yoga = createYoga<Record<string, unknown>, GatewayContext>({ schema: schemaOf(), plugins: [silent] });
    expect(() => fastPath(yoga, [silent])).toThrow(/onResponse has no fast-path terms/);
  });

  it('adds the headers a plugin’s terms name to every lean answer', async () => {
    const tagged = leanTerms({ onResponse: ({ response }) => response.headers.set('x-tag', 'yes') } as Plugin, {
      because: 'a test',
      headers: { 'x-tag': 'yes' },
    });
    const yoga = createYoga<Record<string, unknown>, GatewayContext>({ schema: schemaOf(), plugins: [tagged] });
    const res = await postThroughFastPath(fastPath(yoga, [tagged]), { query: '{ __typename }' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tag')).toBe('yes');
  });
});
