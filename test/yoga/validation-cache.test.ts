/**
 * The validation cache (src/yoga/use-validation-cache.ts): a document is validated once per
 * rule set, rule sets are told apart by their rules rather than their names, and errors come back
 * the same from the cache as the first time, in the gateway too.
 */
import { GraphQLError, type ValidationRule } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptOutOfValidationCache, useValidationCache } from '../../src/yoga/use-validation-cache.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const schema = createSchema({ typeDefs: 'type Query { a: Int, b: Int }', resolvers: { Query: { a: () => 1, b: () => 2 } } });

/** A rule that counts the documents it visits, and refuses field `b` when `refuseB`. */
function countingRule(seen: { count: number }, refuseB: boolean): ValidationRule {
  // The same name for every rule made here: names must not be what tells sets apart.
  const rule: ValidationRule = (context) => {
    seen.count++;
    return {
      Field(node) {
        if (refuseB && node.name.value === 'b') context.reportError(new GraphQLError('field b is refused here', { nodes: node }));
      },
    };
  };
  Object.defineProperty(rule, 'name', { value: 'CountingRule' });
  return rule;
}

/** Adds `pick(request)`'s rule to each request's validation. */
function useRule(pick: (request: Request) => ValidationRule): Plugin {
  return {
    onValidate({ addValidationRule, context }) {
      addValidationRule(pick((context as { request: Request }).request));
    },
  };
}

/** A yoga with yoga's validation cache off and ours last, adding `pick(request)`'s rule to each request. */
function cachedYoga(pick: (request: Request) => ValidationRule) {
  return createYoga({
    schema,
    logging: false,
    parserAndValidationCache: { validationCache: false },
    plugins: [useRule(pick), useValidationCache()],
  });
}

async function run(yoga: ReturnType<typeof createYoga>, query: string, headers: Record<string, string> = {}) {
  const res = await yoga.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as { data?: unknown; errors?: { message: string }[] };
}

describe('useValidationCache', () => {
  it('validates a document once per rule set', async () => {
    const seen = { count: 0 };
    const rule = countingRule(seen, false);
    const yoga = cachedYoga(() => rule);
    for (let i = 0; i < 5; i++) expect(await run(yoga, '{ a }')).toEqual({ data: { a: 1 } });
    expect(seen.count).toBe(1);
    await run(yoga, '{ b }');
    expect(seen.count).toBe(2);
  });

  it('tells apart rule sets whose rules share a name', async () => {
    const seen = { count: 0 };
    const lenient = countingRule(seen, false);
    const strict = countingRule(seen, true);
    const yoga = cachedYoga((request) => (request.headers.get('x-strict') ? strict : lenient));
    expect(await run(yoga, '{ b }')).toEqual({ data: { b: 2 } });
    // Same document, same rule name, another rule: validated again, and refused.
    const refused = await run(yoga, '{ b }', { 'x-strict': '1' });
    expect(refused.errors?.map((e) => e.message)).toEqual(['field b is refused here']);
    expect(seen.count).toBe(2);
    // Each set's result is kept apart.
    expect(await run(yoga, '{ b }')).toEqual({ data: { b: 2 } });
    expect((await run(yoga, '{ b }', { 'x-strict': '1' })).errors?.map((e) => e.message)).toEqual(['field b is refused here']);
    expect(seen.count).toBe(2);
  });

  it('keeps no result a plugin set in place of validation from settings a reload may change', async () => {
    const seen = { count: 0 };
    const rule = countingRule(seen, false);
    let refuse = true;
    const yoga = createYoga({
      schema,
      logging: false,
      parserAndValidationCache: { validationCache: false },
      plugins: [
        useRule(() => rule),
        {
          onValidate({ setResult }) {
            if (refuse) setResult([keptOutOfValidationCache(new GraphQLError('priced past the limit'))]);
          },
        } satisfies Plugin,
        useValidationCache(),
      ],
    });
    expect((await run(yoga, '{ a }')).errors?.map((e) => e.message)).toEqual(['priced past the limit']);
    // The limit raised: the document is validated and runs; nothing of the refusal was kept.
    refuse = false;
    expect(await run(yoga, '{ a }')).toEqual({ data: { a: 1 } });
    expect(seen.count).toBe(1);
  });

  it('gives a refused document the same errors from the cache', async () => {
    const seen = { count: 0 };
    const rule = countingRule(seen, true);
    const yoga = cachedYoga(() => rule);
    const first = await run(yoga, '{ b }');
    const second = await run(yoga, '{ b }');
    expect(first.errors?.map((e) => e.message)).toEqual(['field b is refused here']);
    expect(second).toEqual(first);
    expect(seen.count).toBe(1);
  });

  it('stops remembering new rule sets once rules are made per request, and still validates each', async () => {
    const seen = { count: 0 };
    // A new rule every request: a plugin that does this must not make the cache grow.
    const yoga = cachedYoga(() => countingRule(seen, false));
    for (let i = 0; i < 20; i++) expect(await run(yoga, '{ a }')).toEqual({ data: { a: 1 } });
    expect(seen.count).toBe(20);
  });
});

describe('the gateway', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('answers a valid document, and refuses an invalid one with its code when its result comes from the cache', async () => {
    const query = '{ network(name: MAINNET) { __typename } }';
    expect((await h.raw(query)).errors).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const bad = await h.raw('{ network(name: MAINNET) { noSuchField } }');
      expect(bad.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
  });
});
