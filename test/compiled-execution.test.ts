/**
 * Which documents run compiled (graphql-jit) and which interpreted (graphql-js), and that both
 * answer alike where it matters: the whole suite runs through both, by what its documents hold.
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compilable } from '../src/plugins/use-compiled-execution.js';
import { useHarness } from './helpers.js';

describe('compilable()', () => {
  it.each([
    ['a plain query', '{ network { name } }', true],
    ['variables without defaults', 'query($id: CB58Id!) { network { subnet(subnetId: $id) { subnetId } } }', true],
    ['a mutation', 'mutation($n: NetworkName!) { __typename }', true],
    ['a variable with a default', 'query($n: NetworkName! = MAINNET) { network(name: $n) { name } }', false],
    ['@defer', '{ network { ... @defer { name } } }', false],
    ['@stream', '{ network { subnets(first: 2) { nodes @stream { subnetId } } } }', false],
    ['a subscription', 'subscription { __typename }', false],
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
    expect(await query.json()).toEqual({ data: { network: { name: 'MAINNET' } } });
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
    const refused = await get('M');
    expect(refused.status).toBe(405);
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
  });

  it('runs the mutation a POST names after the query ran, rather than answering the query', async () => {
    h.sandbox.reset();
    expect(await (await get('Q')).json()).toEqual({ data: { network: { name: 'MAINNET' } } });
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
