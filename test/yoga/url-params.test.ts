/**
 * A GET's parameters (src/yoga/use-url-params.ts): generated query strings through a bare yoga
 * and one with the plugin, which must answer alike wherever yoga's own parser does not fail, and
 * 400 BAD_REQUEST naming the parameter where it answered 500; then the built gateway, by GET and
 * by GraphQL over SSE.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useUrlParams } from '../../src/yoga/use-url-params.js';
import { Rng } from '../fuzz/random.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const schema = createSchema({
  typeDefs: 'type Query { echo(s: String): String, n(i: Int): Int }',
  resolvers: { Query: { echo: (_: unknown, { s }: { s?: string }) => s ?? null, n: (_: unknown, { i }: { i?: number }) => i ?? null } },
});
const bare = createYoga({ schema, logging: false, maskedErrors: true });
const ours = createYoga({ schema, logging: false, maskedErrors: true, plugins: [useUrlParams()] });

const answer = async (yoga: typeof bare, search: string) => {
  const res = await yoga.fetch(`http://localhost/graphql?${search}`, { headers: { accept: 'application/json' } });
  return { status: res.status, body: await res.text() };
};

/** Values a parameter may carry: JSON of each kind, JSON cut short or wrong, text, nothing. */
const VALUES = [
  '{"s":"a"}',
  '{"i":3}',
  '{}',
  'null',
  '5',
  '[1]',
  '"x"',
  '{',
  '{"s":',
  '{s:1}',
  "{'s':'a'}",
  'undefined',
  '',
  '%7B',
  '\u00e9\u{1F600}',
  '{"s":"\\ud800"}',
  '1e999',
  'query { echo }',
];
const QUERIES = ['query($s: String) { echo(s: $s) }', 'query($i: Int) { n(i: $i) }', '{ echo }', '{ nope }', '{', '', 'mutation { x }'];
const NAMES = ['query', 'variables', 'extensions', 'operationName', 'other'];

describe('useUrlParams', () => {
  it('answers every generated GET as yoga does, but a JSON parameter that is not JSON: 400 naming it, never 500', async () => {
    const rng = new Rng('url-params');
    const pick = <T>(xs: readonly T[]) => xs[rng.int(0, xs.length - 1)]!;
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const params = new URLSearchParams();
      params.append('query', pick(QUERIES));
      for (let p = rng.int(0, 4); p > 0; p--) params.append(pick(NAMES), pick(VALUES));
      const search = params.toString();
      const [before, after] = [await answer(bare, search), await answer(ours, search)];
      expect({ search, status: after.status }).not.toEqual({ search, status: 500 });
      if (before.status !== 500) {
        expect({ search, ...after }).toEqual({ search, ...before });
        continue;
      }
      refused++;
      const error = JSON.parse(after.body).errors[0];
      const first = (name: string) => params.get(name) || undefined;
      const broken = ['variables', 'extensions'].find((name) => {
        const text = first(name);
        if (!text) return false;
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      });
      expect({ search, status: after.status, code: error.extensions.code }).toEqual({ search, status: 400, code: 'BAD_REQUEST' });
      expect(error.message).toMatch(
        new RegExp(`^The URL's \`${broken}\` parameter is not JSON \\(.+\\): send it as URL-encoded JSON, e\\.g\\. \`${broken}=%7B`),
      );
    }
    // The generator reached the defect: yoga's parser failed on some of these.
    expect(refused).toBeGreaterThan(20);
  });
});

describe('the built gateway', () => {
  const sandbox = useSandbox();
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox);
  }, 30_000);
  afterAll(() => gw?.stop());

  it.each([
    ['variables', 'variables=%7B'],
    ['extensions', 'extensions=%7Bx'],
  ])('a GET whose `%s` is not JSON: 400 BAD_REQUEST, by GET and by SSE', async (name, param) => {
    const url = `${gw.url}?query=${encodeURIComponent('{ network { name } }')}&${param}`;
    const get = await fetch(url, { headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' } });
    expect(get.status).toBe(400);
    expect((await get.json()).errors[0]).toMatchObject({
      message: expect.stringContaining(`The URL's \`${name}\` parameter is not JSON`),
      extensions: { code: 'BAD_REQUEST' },
    });
    const sse = await fetch(url, { headers: { accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' } });
    const text = await sse.text();
    expect(text).toContain(`The URL's \`${name}\` parameter is not JSON`);
    expect(text).not.toContain('INTERNAL_SERVER_ERROR');
  });
});
