/**
 * Which documents run compiled (graphql-jit) and which interpreted (graphql-js), and that both
 * answer alike where it matters: the whole suite runs through both, by what its documents hold.
 */
import { GraphQLError, parse } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { compilable, useCompiledExecution } from '../../src/yoga/use-compiled-execution.js';
import { useHarness, withoutCost } from '../helpers/harness.js';

describe('compilable()', () => {
  it.each([
    ['a plain query', '{ network { name } }', true],
    ['variables without defaults', 'query($id: CB58Id!) { network { subnet(subnetId: $id) { subnetId } } }', true],
    ['a mutation', 'mutation($n: NetworkName!) { __typename }', true],
    ['a variable with a default', 'query($n: NetworkName! = MAINNET) { network(name: $n) { name } }', false],
    ['@defer', '{ network { ... @defer { name } } }', false],
    ['@stream', '{ network { subnets(first: 2) { nodes @stream { subnetId } } } }', false],
    ['a subscription', 'subscription { __typename }', false],
    ['a condition on a field', 'query($v: Boolean!) { network { name @include(if: $v) } }', true],
    [
      'conditions on inline fragments alone',
      'query($v: Boolean!) { network { ... @include(if: $v) { name } ... on Network { name } } }',
      true,
    ],
    ['a conditional spread', '{ network { ...F @include(if: false) ...F } } fragment F on Network { name }', false],
    [
      'a conditional inline fragment beside a spread',
      '{ network { ... @skip(if: true) { name } ...F } } fragment F on Network { name }',
      false,
    ],
  ])('%s: %s', (_name, source, expected) => {
    expect(compilable(parse(source))).toBe(expected);
  });
});

describe('a document graphql-jit would get wrong', () => {
  const h = useHarness();

  it('still takes the default of a non-null variable left out (interpreted)', async () => {
    const res = await h.raw('query($n: NetworkName! = FUJI) { network(name: $n) { name } }');
    expect(res).toMatchObject({ status: 200, data: { network: { name: 'FUJI' } } });
  });

  // Issue 29's fuzzer (seed p48): the first run (interpreted) had cChainAtomic, every later one (compiled) did not.
  it.each([
    [
      'spread twice, once skipped',
      'query { network { ...F @include(if: false) } network { ...F } } fragment F on Network { cChainAtomic { __typename } }',
    ],
    [
      'spread under two fields, one skipped',
      'query($no: Boolean!) { a: network { ...F @include(if: $no) } b: network { ...F } } fragment F on Network { cChainAtomic { __typename } }',
    ],
  ])('answers a fragment %s alike at every run', async (_name, query) => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await h.raw(query, { no: false })).data);
    expect(JSON.stringify(answers[0])).toContain('"cChainAtomic":{"__typename":"CChainAtomic"}');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});

/**
 * One document, two operations: each request runs the operation it names, whichever ran first.
 * graphql-jit's envelop plugin kept one compiled query per document and ran it for every name.
 */
describe.each(['off', 'memory'])('a document with a query and a mutation (CACHE=%s)', (cache) => {
  const h = useHarness({ CACHE: cache });
  const document = `query Q { network { name } }
mutation M { aggregateSignatures(input: { message: "0x${'00'.repeat(8)}${'ab'.repeat(40)}" }) { signedMessage } }`;
  const get = (operationName: string) =>
    h.gateway.yoga.fetch(`http://gateway.test/graphql?${new URLSearchParams({ query: document, operationName })}`, {
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
    });
  const post = (operationName: string) =>
    h.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: document, operationName }),
    });

  it('runs the query a GET names after a POST ran the mutation, and never the mutation from a GET', async () => {
    const mutation = (await (await post('M')).json()) as { data?: { aggregateSignatures?: unknown } };
    expect(mutation.data?.aggregateSignatures).toMatchObject({ signedMessage: expect.any(String) });
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
    const query = await get('Q');
    expect(query.status).toBe(200);
    expect(withoutCost(await query.json())).toEqual({ data: { network: { name: 'MAINNET' } } });
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
    const refused = await get('M');
    expect(refused.status).toBe(405);
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
  });

  it('runs the mutation a POST names after the query ran, rather than answering the query', async () => {
    h.sandbox.reset();
    expect(withoutCost(await (await get('Q')).json())).toEqual({ data: { network: { name: 'MAINNET' } } });
    const mutation = (await (await post('M')).json()) as { data?: Record<string, unknown> };
    expect(Object.keys(mutation.data ?? {})).toEqual(['aggregateSignatures']);
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
  });

  it('refuses an operation name the document lacks, as yoga does without graphql-jit', async () => {
    const res = await post('Nope');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }] });
  });
});

describe('which operations are compiled, and what they may hold', () => {
  const yogaWith = (plugin: ReturnType<typeof useCompiledExecution>) =>
    createYoga({
      schema: createSchema({
        typeDefs: 'type Query { hello(n: Int!): String! }',
        resolvers: {
          Query: {
            hello: (_: unknown, { n }: { n: number }) => {
              if (n < 0) throw new GraphQLError('n must not be negative', { extensions: { code: 'BAD_USER_INPUT' } });
              return `hello ${n}`;
            },
          },
        },
      }),
      plugins: [plugin],
    });
  const ask = async (yoga: ReturnType<typeof yogaWith>, query: string) =>
    (
      await yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    ).json();
  const compiledEntries = (plugin: ReturnType<typeof useCompiledExecution>) => plugin.usageByKind().get('compiled')!.entries;

  it('runs an operation interpreted the first time and compiled from its second run', async () => {
    const plugin = useCompiledExecution({ maxBytes: 1_000_000 });
    const yoga = yogaWith(plugin);
    expect(await ask(yoga, '{ a: hello(n: 1) }')).toEqual({ data: { a: 'hello 1' } });
    expect(compiledEntries(plugin)).toBe(0);
    expect(await ask(yoga, '{ a: hello(n: 1) }')).toEqual({ data: { a: 'hello 1' } });
    expect(compiledEntries(plugin)).toBe(1);
    expect(await ask(yoga, '{ a: hello(n: 1) }')).toEqual({ data: { a: 'hello 1' } });
    expect(compiledEntries(plugin)).toBe(1);
  });

  it('keeps compiled operations within their bytes, least recently run out first', async () => {
    const plugin = useCompiledExecution({ maxBytes: 40_000 });
    const yoga = yogaWith(plugin);
    for (let i = 0; i < 40; i++) {
      for (let run = 0; run < 2; run++) expect(await ask(yoga, `{ a${i}: hello(n: ${i}) }`)).toEqual({ data: { [`a${i}`]: `hello ${i}` } });
    }
    const usage = plugin.usageByKind().get('compiled')!;
    expect(usage.bytes).toBeLessThanOrEqual(40_000);
    expect(usage.entries).toBeGreaterThan(0);
    expect(usage.entries).toBeLessThan(40);
  });

  it('answers errors alike, compiled or interpreted: same message, path and locations', async () => {
    const yoga = yogaWith(useCompiledExecution({ maxBytes: 1_000_000 }));
    const query = '{\n  ok: hello(n: 1)\n  bad: hello(n: -1)\n}';
    const interpreted = await ask(yoga, query);
    expect(interpreted).toMatchObject({
      errors: [{ message: 'n must not be negative', path: ['bad'], locations: [{ line: 3, column: 3 }] }],
    });
    expect(await ask(yoga, query)).toEqual(interpreted);
  });
});

describe('the order of an answer’s keys', () => {
  // A field that answers late must still come first when it was asked first (the spec's
  // "ordered map"). graphql-tools' executor, which runs what is not compiled, wrote keys as their
  // values arrived until 4.1.5; patches/ backports its fix to the 1.x that yoga 5 uses.
  const schema = createSchema({
    typeDefs: 'type Query { late: [Int!]! soon: [Int!]! now: [Int!]! }',
    resolvers: {
      Query: {
        late: () => new Promise((resolve) => setTimeout(() => resolve([1]), 20)),
        soon: () => Promise.resolve([2]),
        now: () => [3],
      },
    },
  });
  it.each([
    ['interpreted the first time, compiled after', '{ late soon now }'],
    [
      'interpreted every time (a variable with a default is never compiled)',
      'query ($yes: Boolean = true) { late soon @include(if: $yes) now }',
    ],
  ])('%s', async (_how, query) => {
    const yoga = createYoga({ schema, plugins: [useCompiledExecution({ maxBytes: 1_000_000 })] });
    for (let run = 0; run < 3; run++) {
      const res = await yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      expect(await res.text()).toBe('{"data":{"late":[1],"soon":[2],"now":[3]}}');
    }
  });
});
