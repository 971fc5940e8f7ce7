/**
 * Introspection's cost: an operation asks for it at most once (30 aliased `__schema` selections
 * used to answer 6.1 MB to 5.8 KB), and INTROSPECTION=false turns it off.
 */
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { codes, startHarness, useHarness } from '../helpers/harness.js';

const h = useHarness();
const SCHEMA = '__schema { types { name fields { name type { name ofType { name } } } } }';

async function bodyOf(
  query: string,
): Promise<{ size: number; json: { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] } }> {
  const res = await h.gateway.yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  return { size: text.length, json: JSON.parse(text) };
}

describe('an operation asks for introspection at most once', () => {
  it('the full introspection query (GraphiQL, codegen) is answered', async () => {
    const res = await h.raw<{ __schema: { types: unknown[] } }>(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    expect(res.data!.__schema.types.length).toBeGreaterThan(50);
  });

  it.each([
    [
      '30 aliased __schema selections (the issue: 6.1 MB out)',
      `{ ${Array.from({ length: 30 }, (_v, i) => `s${i}: ${SCHEMA}`).join(' ')} }`,
      30,
    ],
    ['two __type selections', '{ a: __type(name: "Query") { name } b: __type(name: "Subnet") { name } }', 2],
    ['__schema and __type', `{ ${SCHEMA} __type(name: "Query") { name } }`, 2],
    ['one fragment spread twice', `query { ...F ...F } fragment F on Query { ${SCHEMA} }`, 2],
    ['an inline fragment beside the field', `{ ${SCHEMA} ... on Query { ${SCHEMA} } }`, 2],
  ])('refuses %s with QUERY_LIMIT_EXCEEDED, before running it', async (_name, query, times) => {
    const { size, json } = await bodyOf(query);
    expect(json.data).toBeUndefined();
    expect(json.errors!.map((e) => e.extensions.code)).toEqual(['QUERY_LIMIT_EXCEEDED']);
    expect(json.errors![0]!.extensions.limit).toBe('introspection');
    expect(json.errors![0]!.message).toBe(
      `An operation may ask for introspection (\`__schema\` or \`__type\`) once; this one asks ${times} times. Select it once, without aliases or repeated fragments.`,
    );
    expect(size).toBeLessThan(1000);
    expect(h.sandbox.total).toBe(0);
  });

  it('fragments that spread each other twice per level (2^40 selections) are counted in milliseconds', async () => {
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_v, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const query = `query { ...F0 } ${fragments} fragment F${levels} on Query { __typename __schema { queryType { name } } }`;
    const start = performance.now();
    const { json } = await bodyOf(query);
    const ms = performance.now() - start;
    // The shape of the document refuses it first, as soon as it is parsed: its spreads, counted the same way.
    expect(json.errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'fragmentSpreads' });
    expect(ms).toBeLessThan(200);
  });

  it('__typename is not introspection', async () => {
    const res = await h.raw('{ a: __typename b: __typename network { __typename } }');
    expect(res.errors).toBeUndefined();
  });
});

describe('INTROSPECTION=false', () => {
  it('is read from the environment, true by default', () => {
    expect(loadConfig({}).introspection).toBe(true);
    expect(loadConfig({ INTROSPECTION: 'false' }).introspection).toBe(false);
    expect(() => loadConfig({ INTROSPECTION: 'no' })).toThrow(/INTROSPECTION: .*\(got "no"\)/);
  });

  it('refuses __schema and __type as invalid documents; everything else still runs', async () => {
    const off = await startHarness({ INTROSPECTION: 'false' });
    try {
      const schema = await off.raw(getIntrospectionQuery());
      expect(schema.data).toBeUndefined();
      // graphql-js's rule names every introspection field it meets.
      expect(new Set(codes(schema))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
      expect(schema.errors![0]!.message).toMatch(
        /GraphQL introspection has been disabled, but the requested query contained the field "__schema"/,
      );

      const type = await off.raw('{ __type(name: "Query") { name } }');
      expect(codes(type)).toEqual(['GRAPHQL_VALIDATION_FAILED']);

      const plain = await off.raw('{ network { __typename name } }');
      expect(plain.errors).toBeUndefined();
      expect(off.sandbox.total).toBe(0);
    } finally {
      await off.close();
    }
  });

  // A document that ran is taken as prepared, without its validation (src/yoga/use-prepared-operations.ts):
  // a reload bumps the settings generation, and the document is validated again under the new rules.
  it('refuses, after a reload turns it off, an introspection query that ran many times before', async () => {
    const on = await startHarness();
    try {
      for (let i = 0; i < 3; i++) expect((await on.raw('{ __type(name: "Query") { name } }')).data).toEqual({ __type: { name: 'Query' } });
      on.gateway.reload({ ...on.config, introspection: false });
      const refused = await on.raw('{ __type(name: "Query") { name } }');
      expect(codes(refused)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      on.gateway.reload({ ...on.config, introspection: true });
      expect((await on.raw('{ __type(name: "Query") { name } }')).data).toEqual({ __type: { name: 'Query' } });
    } finally {
      await on.close();
    }
  });
});
