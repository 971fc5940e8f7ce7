/**
 * Safety bounds: the shape of a document (depth, aliases, tokens) and the upstream calls one
 * request may make. Over a bound the request, or just the field, fails with a clear code.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';
import { MAX_NESTING, nestingRefusal } from '../../src/yoga/use-query-limits.js';

const h = useHarness({ MAX_DEPTH: '6', MAX_ALIASES: '3', MAX_TOKENS: '200', UPSTREAM_CALL_BUDGET: '5', DEMAND_CONTROL: 'measure' });

describe('document limits', () => {
  it.each([
    [
      'depth',
      '{ network { subnets(first: 1) { nodes { blockchains { genesisData { config { chainId } } } } } } }',
      /Query depth limit of 6 exceeded, found \d+/,
    ],
    [
      'aliases',
      '{ a: network { name } b: network { name } c: network { name } d: network { name } }',
      /Aliases limit of 3 exceeded, found 4/,
    ],
    ['tokens', `{ network { ${'name '.repeat(250)} } }`, /Token limit of 200 exceeded/],
  ])('refuses a document over the %s limit before running it', async (limit, query, message) => {
    const res = await h.raw(query);
    expect(res.data).toBeUndefined();
    expect(codes(res)).toEqual(['QUERY_LIMIT_EXCEEDED']);
    expect(res.errors![0]!.extensions).toMatchObject({ limit });
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it.each([
    // __typename too: an answer pays for each of its aliases as for any other's.
    ['aliases', `{ ${Array.from({ length: 5 }, (_v, i) => `a${i}: __typename`).join(' ')} }`, /Aliases limit of 3 exceeded, found 5/],
    [
      'aliases',
      '{ network { ...A ...A } } fragment A on Network { ...B } fragment B on Network { x: name y: name }',
      /Aliases limit of 3 exceeded, found 4/,
    ],
    [
      'fragmentSpreads',
      `{ network { ...F0 } } ${Array.from({ length: 7 }, (_v, i) => `fragment F${i} on Network { ...F${i + 1} ...F${i + 1} }`).join(' ')} fragment F7 on Network { name }`,
      /Fragment spreads limit of 100 exceeded, found 255/,
    ],
    [
      'directives',
      // 56 directives in 60 tokens, once fragments are spread (MAX_TOKENS is 200 here).
      `{ network { ${'...D '.repeat(7)}} } fragment D on Network { ${'...E '.repeat(8)}} fragment E on Network { name @include(if: true) }`,
      /Directives limit of 50 exceeded, found 56/,
    ],
  ])('counts %s of any field, through every place a fragment is spread, before pricing', async (limit, query, message) => {
    const res = await h.raw(query);
    expect(res.data).toBeUndefined();
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit });
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it('tells a syntax error apart', async () => {
    const res = await h.raw('{ network { name ');
    expect(codes(res)).toEqual(['GRAPHQL_PARSE_FAILED']);
  });

  it('counts the brackets the parser would recurse through: not those in strings or comments, nor past the token limit', () => {
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    expect(nestingRefusal(`{ a(x: ${deep(MAX_NESTING)}) }`, 4000)).toBeDefined();
    expect(nestingRefusal(`{ a(x: ${deep(MAX_NESTING - 2)}) }`, 4000)).toBeUndefined();
    expect(nestingRefusal(`{ a(x: "${'{'.repeat(5000)}") }`, 4000)).toBeUndefined();
    expect(nestingRefusal(`{ a(x: """${'[('.repeat(5000)}""") }`, 4000)).toBeUndefined();
    expect(nestingRefusal(`# ${'{'.repeat(5000)}\n{ a }`, 4000)).toBeUndefined();
    // Past the token limit, the parser stops first (and says so).
    expect(nestingRefusal(`{ ${'a '.repeat(100)} b(x: ${deep(MAX_NESTING)}) }`, 50)).toBeUndefined();
    // Many brackets side by side nest no deeper than one.
    expect(nestingRefusal(`{ ${'a { b } '.repeat(5000)} }`, 1e6)).toBeUndefined();
    // A document that does not lex is the parser's to report.
    expect(nestingRefusal(`${'{'.repeat(500)} \u0007`, 4000)).toBeDefined();
    expect(nestingRefusal(`{ \u0007 ${'{'.repeat(500)}`, 4000)).toBeUndefined();
  });
});

describe('nesting, with the default limits', () => {
  const wide = useHarness({});

  it.each([
    ['selection sets', (n: number) => `{${'network { '.repeat(n)}name${' }'.repeat(n)}}`, 1],
    ['list literals', (n: number) => `{ network(name: ${'['.repeat(n)}MAINNET${']'.repeat(n)}) { name } }`, 2],
    ['object literals', (n: number) => `{ network(name: ${'{ a: '.repeat(n)}1${' }'.repeat(n)}) { name } }`, 2],
  ])('refuses %s nested past MAX_NESTING before parsing them, whatever the other limits', async (_kind, nested, around) => {
    // At the bound, the other limits (or validation) speak; one level further, the nesting does.
    const at = await wide.raw(nested(MAX_NESTING - around));
    expect(at.errors?.[0]?.extensions?.limit).not.toBe('nesting');
    for (const n of [MAX_NESTING + 1 - around, 5_000]) {
      const res = await wide.raw(nested(n));
      expect(res.data).toBeUndefined();
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]!.extensions).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'nesting' });
      expect(res.errors![0]!.message).toMatch(`more than ${MAX_NESTING} levels deep`);
    }
    expect(wide.sandbox.count()).toBe(0);
  });
});

describe('upstream call budget', () => {
  it('fails the calls past the budget and answers the rest', async () => {
    const w = getWorld('mainnet');
    // Seven fields of one upstream call each, against a budget of five.
    const query = `{ network {
      subnet(subnetId: "${w.subnets[4]!.subnetId}") { subnetId }
      l1Validators { nodes { validationId } }
      transactions(chain: P_CHAIN) { nodes { txHash } }
      vertices { nodes { vertexHash } }
      rewards(nodeIds: ["${w.rewards[0]!.nodeId}"]) { nodes { utxoId } }
      address(address: "${w.addresses[0]}") { chains { blockchainId } rewards { nodes { utxoId } } }
    } }`;
    const res = await h.raw(query);
    expect(h.sandbox.count()).toBe(5);
    expect(codes(res)).toEqual(['UPSTREAM_BUDGET_EXCEEDED', 'UPSTREAM_BUDGET_EXCEEDED']);
    expect(res.errors![0]!.extensions).toMatchObject({ limit: 5 });
    expect(res.errors![0]!.message).toMatch(/budget of 5 upstream calls/);
    const network = (res.data as { network: Record<string, unknown> }).network;
    expect(network.subnet).toEqual({ subnetId: w.subnets[4]!.subnetId });
    expect(network.transactions).not.toBeNull();
  });

  it('counts calls, not fields: shared and batched calls cost one', async () => {
    const res = await h.raw('{ network { a: subnets(first: 2) { nodes { subnetId } } b: subnets(first: 2) { nodes { subnetId } } } }');
    expect(res.errors).toBeUndefined();
    expect(h.sandbox.count()).toBe(1);
  });
});
