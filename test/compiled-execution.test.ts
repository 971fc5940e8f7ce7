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
