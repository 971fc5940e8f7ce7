/**
 * Safety bounds: the shape of a document (depth, aliases, tokens) and the upstream calls one
 * request may make. Over a bound the request, or just the field, fails with a clear code.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

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
