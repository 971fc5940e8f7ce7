/**
 * What runs before and around pricing, on every entry of the built gateway (`npm start`): the
 * JSON POST of the fast path, a POST through yoga's request layer (an Origin), GET, a batch,
 * GraphQL over WebSocket and over SSE.
 *
 * - A document's shape (depth, aliases of any field, `__typename` included, fragment spreads) is
 *   refused as soon as it is parsed, before demand control walks it: 22 levels of fragments
 *   spread twice each (2^22 paths, 2.3 KB) took seconds to price and held every other client.
 * - An operation is priced with the variables the executor runs with, coerced by graphql-js:
 *   defaults applied, a single value for a list, so that a default is priced as the literal
 *   would be; what does not coerce is BAD_USER_INPUT, never a 500 or an error without a code.
 * - Generated cases: list sizes and `first` in defaults and values, single values for lists,
 *   each priced as the same query written inline.
 */
import { DirectiveLocation } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRIES, type Outcome, type Sent } from '../helpers/entries.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { servedSchema } from '../fuzz/fuzzer.js';

const sandbox = useSandbox({ reset: 'never' });
/** The defaults, but batching on (CORS for the Origin entry). */
let gw: GatewayProcess;
/** Limits on depth and aliases as high as they go: the fragment spreads' own limit, then the price, stand alone. */
let loose: GatewayProcess;

const ORIGIN_ENV = { CORS_ORIGINS: 'https://app.example' };

beforeAll(async () => {
  [gw, loose] = await Promise.all([
    startGatewayProcess(sandbox, { BATCHING_LIMIT: '10', ...ORIGIN_ENV }),
    startGatewayProcess(sandbox, { BATCHING_LIMIT: '10', MAX_DEPTH: '1000', MAX_ALIASES: '10000', ...ORIGIN_ENV }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([gw?.stop(), loose?.stop()]);
});

type Name = 'post' | 'origin' | 'get' | 'batch' | 'ws' | 'sse';
const NAMES: Name[] = ['post', 'origin', 'get', 'batch', 'ws', 'sse'];

/** A batch of one: an array POSTed through yoga, its one answer. */
async function batch(origin: string, sent: Sent): Promise<Outcome> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify([{ query: sent.query, variables: sent.variables }]),
  });
  const body = (await res.json()) as unknown;
  return { status: res.status, body: Array.isArray(body) ? body[0] : body };
}

const send = (name: Name, origin: string, sent: Sent): Promise<Outcome> =>
  name === 'batch' ? batch(origin, sent) : ENTRIES[name](origin, sent);

interface Body {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string; limit?: string; estimated?: { calls: number; nodes: number } } }[];
  extensions?: { cost?: { estimated: { calls: number; nodes: number }; actual: { calls: number } } };
}

const bodyOf = (o: Outcome) => (o.body ?? {}) as Body;
const codesOf = (o: Outcome) => (bodyOf(o).errors ?? []).map((e) => e.extensions?.code);

/** Nothing an entry answers is the gateway failing: no 5xx, no INTERNAL_SERVER_ERROR, a code on every error. */
function sound(o: Outcome, what: string): void {
  expect(typeof o.status === 'number' ? o.status < 500 : !String(o.status).startsWith('close'), `${what}: ${o.status}`).toBe(true);
  for (const error of bodyOf(o).errors ?? []) {
    expect(error.extensions?.code, `${what}: ${error.message}`).toBeTruthy();
    expect(error.extensions?.code, `${what}: ${error.message}`).not.toBe('INTERNAL_SERVER_ERROR');
  }
}

/** What a request was priced at, or which limit refused it: the same for a query and its inline twin. */
function verdict(o: Outcome): unknown {
  const body = bodyOf(o);
  const refusal = body.errors?.find((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED');
  if (refusal) return { refused: refusal.extensions?.limit, estimated: refusal.extensions?.estimated };
  return { estimated: body.extensions?.cost?.estimated, codes: (body.errors ?? []).map((e) => e.extensions?.code) };
}

/** `levels` fragments, each spreading the next twice under aliases (the issue's case 1). */
function fanOut(levels: number): string {
  let doc = '{ network(name: MAINNET) { subnets(first: 1) { nodes { ...F0 } } } }\n';
  for (let i = 0; i < levels; i++) {
    const inner = i + 1 < levels ? `...F${i + 1}` : 'subnetId';
    doc += `fragment F${i} on Subnet { a: blockchains { subnet { ${inner} } } b: blockchains { subnet { ${inner} } } }\n`;
  }
  return doc;
}

/** `n` aliases of `__typename` in a fragment on GenesisAccount (the issue's case 2). */
function typenames(n: number): string {
  const aliases = Array.from({ length: n }, (_v, i) => `t${i}: __typename`).join(' ');
  return `{ network(name: MAINNET) { subnets(first: 120) { nodes { blockchains { genesisData { alloc { ...A } } } } } } } fragment A on GenesisAccount { ${aliases} }`;
}

describe("a document's shape is refused before it is priced, on every entry", () => {
  it.each(NAMES)('%s: 22 levels of fragments spread twice are refused at once, and a trivial query beside them answers', async (name) => {
    const started = performance.now();
    const [refused, beside] = await Promise.all([
      send(name, gw.origin, { query: fanOut(22) }),
      send(name, gw.origin, { query: '{ __typename }' }),
    ]);
    const ms = performance.now() - started;
    sound(refused, name);
    expect(codesOf(refused)).toEqual(['QUERY_LIMIT_EXCEEDED']);
    expect(bodyOf(refused).errors![0]!.extensions?.limit).toBe('depth');
    expect(bodyOf(beside).data).toEqual({ __typename: 'Query' });
    // Seconds before (6.8 s at 20 levels); generous for a loaded machine and a fresh socket.
    expect(ms).toBeLessThan(1_000);
  });

  it.each(NAMES)('%s: with depth and aliases as high as they go, the aliases, then the fragment spreads refuse a fan-out', async (name) => {
    const started = performance.now();
    // 2^23 aliases once spread, past MAX_ALIASES=10000.
    const aliased = await send(name, loose.origin, { query: fanOut(22) });
    sound(aliased, name);
    expect(bodyOf(aliased).errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases' });
    // Without aliases or depth: each fragment spreads the next twice, 2^41 - 1 spreads.
    const doubling = `{ network(name: MAINNET) { subnets(first: 1) { nodes { ...F0 } } } } ${Array.from(
      { length: 40 },
      (_v, i) => `fragment F${i} on Subnet { ...F${i + 1} ...F${i + 1} }`,
    ).join(' ')} fragment F40 on Subnet { subnetId }`;
    const spreads = await send(name, loose.origin, { query: doubling });
    sound(spreads, name);
    expect(bodyOf(spreads).errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'fragmentSpreads' });
    expect(bodyOf(spreads).errors![0]!.message).toMatch(/Fragment spreads limit of 100 exceeded, found 2199023255551 /);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each(NAMES)('%s: aliases of __typename count as any alias: 31 are refused, 30 answer', async (name) => {
    const many = await send(name, gw.origin, { query: typenames(1_300) });
    sound(many, name);
    // 22 KB does not fit in a URL: the server refuses its headers (431) before GraphQL sees it.
    if (name === 'get') expect(many.status).toBe(431);
    else {
      expect(bodyOf(many).errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases' });
      expect(bodyOf(many).errors![0]!.message).toMatch(/Aliases limit of 30 exceeded, found 1300/);
    }
    const over = await send(name, gw.origin, { query: `{ ${Array.from({ length: 31 }, (_v, i) => `t${i}: __typename`).join(' ')} }` });
    expect(bodyOf(over).errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases' });
    const within = await send(name, gw.origin, { query: `{ ${Array.from({ length: 30 }, (_v, i) => `t${i}: __typename`).join(' ')} }` });
    expect(bodyOf(within).errors).toBeUndefined();
    expect(Object.keys(bodyOf(within).data as object)).toHaveLength(30);
  });

  it('an aliased fragment fan-out is counted in the expanded document, in time linear in the text', async () => {
    // 60 levels: 2^61 aliases once expanded, 6 KB of text.
    const started = performance.now();
    const refused = await send('post', loose.origin, { query: fanOut(60) });
    expect(bodyOf(refused).errors![0]!.extensions?.code).toBe('QUERY_LIMIT_EXCEEDED');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('an operation is priced with the variables the executor runs with, on every entry', () => {
  let subnetId: string;
  let globalId: string;
  beforeAll(async () => {
    const res = await gw.query<{ data: { network: { subnets: { nodes: { id: string; subnetId: string }[] } } } }>(
      '{ network(name: MAINNET) { subnets(first: 1) { nodes { id subnetId } } } }',
    );
    globalId = res.body.data.network.subnets.nodes[0]!.id;
    subnetId = res.body.data.network.subnets.nodes[0]!.subnetId;
  });

  it.each(NAMES)('%s: a list default, and one id given for a list, fetch the node (were HTTP 500)', async (name) => {
    const byDefault = await send(name, gw.origin, { query: `query($ids: [ID!]! = ["${globalId}"]) { nodes(ids: $ids) { id } }` });
    sound(byDefault, name);
    expect(bodyOf(byDefault).data).toEqual({ nodes: [{ id: globalId }] });
    const single = await send(name, gw.origin, { query: 'query($ids:[ID!]!){nodes(ids:$ids){id}}', variables: { ids: globalId } });
    sound(single, name);
    expect(bodyOf(single).data).toEqual({ nodes: [{ id: globalId }] });
    // The issue's own: an id that is no global id is the field's BAD_USER_INPUT, not a 500.
    for (const sent of [
      { query: 'query($ids: [ID!]! = ["x"]) { nodes(ids: $ids) { id } }' },
      { query: 'query($ids:[ID!]!){nodes(ids:$ids){id}}', variables: { ids: 'x' } },
    ]) {
      const o = await send(name, gw.origin, sent);
      sound(o, name);
      expect(codesOf(o)).toEqual(['BAD_USER_INPUT']);
    }
  });

  it.each(NAMES)('%s: @include(if: $v) with a default just works; null for its Boolean! is BAD_USER_INPUT', async (name) => {
    const query = 'query($v: Boolean = true) { network(name: MAINNET) { name @include(if: $v) } }';
    const o = await send(name, gw.origin, { query });
    sound(o, name);
    expect(bodyOf(o).data).toEqual({ network: { name: 'MAINNET' } });
    const skipped = await send(name, gw.origin, { query: query.replace('= true', '= false') });
    expect(bodyOf(skipped).data).toEqual({ network: {} });
    const nulled = await send(name, gw.origin, { query, variables: { v: null } });
    sound(nulled, name);
    expect(codesOf(nulled)).toEqual(['BAD_USER_INPUT']);
  });

  it.each(NAMES)(
    "%s: null for any directive's `if: Boolean!` is BAD_USER_INPUT, before anything runs (fuzz seed p40: @defer's had no code)",
    async (name) => {
      // Every directive the served schema gives an `if: Boolean!`, placed where it may stand: on an
      // inline fragment when it can be, else on a list field (where @stream may stand too).
      const directives = servedSchema()
        .getDirectives()
        .filter((d) => d.args.some((a) => a.name === 'if' && String(a.type) === 'Boolean!'));
      expect(directives.map((d) => d.name).sort()).toEqual(['defer', 'include', 'skip', 'stream']);
      for (const d of directives) {
        const query = d.locations.includes(DirectiveLocation.INLINE_FRAGMENT)
          ? `query($v: Boolean = true) { network(name: MAINNET) { ... on Network @${d.name}(if: $v) { name } } }`
          : `query($v: Boolean = true) { network(name: MAINNET) { evmChains @${d.name}(if: $v) { evmChainId } } }`;
        const o = await send(name, gw.origin, { query, variables: { v: null } });
        sound(o, `${name} @${d.name}`);
        expect({ directive: d.name, codes: codesOf(o) }).toEqual({ directive: d.name, codes: ['BAD_USER_INPUT'] });
      }
    },
  );

  it.each(NAMES)('%s: a default of first: 10000 is priced as the literal is', async (name) => {
    const byDefault = await send(name, gw.origin, {
      query: 'query Q($n: Int = 10000) { network(name: MAINNET) { subnets(first: $n) { nodes { id } } } }',
    });
    const inline = await send(name, gw.origin, { query: 'query Q { network(name: MAINNET) { subnets(first: 10000) { nodes { id } } } }' });
    sound(byDefault, name);
    expect(verdict(byDefault)).toEqual(verdict(inline));
    expect((verdict(byDefault) as { estimated: { nodes: number } }).estimated.nodes).toBeGreaterThanOrEqual(10_000);
  });

  it.each(NAMES)('%s: a value that does not coerce is BAD_USER_INPUT naming the variable, before anything runs', async (name) => {
    const query = 'query Q($n: Int!) { network(name: MAINNET) { subnets(first: $n) { nodes { id } } } }';
    for (const variables of [{ n: 'ten' }, {}, { n: null }, { n: [1, 2] }]) {
      const o = await send(name, gw.origin, { query, variables });
      sound(o, `${name} ${JSON.stringify(variables)}`);
      expect(codesOf(o)).toEqual(['BAD_USER_INPUT']);
      expect(bodyOf(o).errors![0]!.message).toMatch(/\$n/);
    }
  });

  it('a default page of 120 with a call per subnet is priced at the 120 calls it makes (was priced 101)', async () => {
    const query = 'query Q($n: Int = 120) { network(name: MAINNET) { subnets(first: $n) { nodes { supply } } } }';
    const o = await send('post', gw.origin, { query });
    sound(o, 'post');
    const cost = bodyOf(o).extensions!.cost!;
    expect(cost.actual.calls).toBeGreaterThan(101);
    expect(cost.estimated.calls).toBeGreaterThanOrEqual(cost.actual.calls);
  });

  it('a subscription is priced with its defaults too (SSE and WebSocket)', async () => {
    for (const name of ['sse', 'ws'] as const) {
      const o = await send(name, gw.origin, {
        query: `subscription S($s: CB58Id! = "${subnetId}") { subnetValidators(subnetId: $s) { nodeId } }`,
      });
      sound(o, name);
      expect(bodyOf(o).data, name).toBeTruthy();
    }
  });
});

/** A seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('generated: sizes in defaults and values are priced as the same query inline', () => {
  const next = random(29);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const FIRSTS = [-1, 0, 1, 7, 99, 100, 101, 120, 500, 4_999, 9_999, 10_000, 10_001, 2 ** 31 - 1];

  it('first: as a default, as a value, as null, and inline, through every entry', async () => {
    for (let i = 0; i < 12; i++) {
      const n = pick(FIRSTS);
      const name = pick(NAMES);
      const selection = pick(['nodes { subnetId }', 'nodes { subnetId supply }', 'nodes { blockchains { blockchainId } }']);
      const inlineQuery = { query: `{ network(name: MAINNET) { subnets(first: ${n}) { ${selection} } } }` };
      // A subnet's chains are priced by the longest list seen: the first answer teaches it, then
      // the three forms are priced with the same lengths.
      await send(name, gw.origin, inlineQuery);
      const inline = await send(name, gw.origin, inlineQuery);
      const viaDefault = await send(name, gw.origin, {
        query: `query($n: Int = ${n}) { network(name: MAINNET) { subnets(first: $n) { ${selection} } } }`,
      });
      const viaValue = await send(name, gw.origin, {
        query: `query($n: Int) { network(name: MAINNET) { subnets(first: $n) { ${selection} } } }`,
        variables: { n },
      });
      const what = `${name} first ${n} ${selection}`;
      for (const o of [inline, viaDefault, viaValue]) sound(o, what);
      expect(verdict(viaDefault), what).toEqual(verdict(inline));
      expect(verdict(viaValue), what).toEqual(verdict(inline));
    }
  });

  it('lists of ids: sizes 0 to 120, as a default or a value, a single id for a list, through every entry', async () => {
    const ids = (
      await gw.query<{ data: { network: { subnets: { nodes: { id: string }[] } } } }>(
        '{ network(name: MAINNET) { subnets(first: 5) { nodes { id } } } }',
      )
    ).body.data.network.subnets.nodes.map((s) => s.id);
    for (let i = 0; i < 12; i++) {
      const name = pick(NAMES);
      const size = pick([0, 1, 2, 5, 100, 101, 120]);
      const list = Array.from({ length: size }, () => pick(ids));
      const literal = JSON.stringify(list);
      const inline = await send(name, gw.origin, { query: `{ nodes(ids: ${literal}) { id } }` });
      const asDefault = await send(name, gw.origin, { query: `query($ids: [ID!]! = ${literal}) { nodes(ids: $ids) { id } }` });
      const asValue = await send(name, gw.origin, { query: 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids: list } });
      const what = `${name} ${size} ids`;
      for (const o of [inline, asDefault, asValue]) sound(o, what);
      expect(verdict(asDefault), what).toEqual(verdict(inline));
      expect(codesOf(asValue), what).toEqual(codesOf(inline));
      if (size > 100) expect(codesOf(asValue), what).toEqual(['BAD_USER_INPUT']);
      else expect(bodyOf(asValue).data, what).toEqual(bodyOf(inline).data);
      // One id where a list is declared is a list of one, as graphql-js coerces it.
      const single = await send(name, gw.origin, { query: 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids: ids[0] } });
      sound(single, what);
      expect(bodyOf(single).data).toEqual({ nodes: [{ id: ids[0] }] });
    }
  });
  it('a single value for a list, inline, as a default or as a value, is priced as the list of it (fuzz seed p35: 1 call and 2)', async () => {
    // Two probes with the same tags are one call; written `"avax"` and `["avax"]` they were priced as two.
    for (let i = 0; i < 8; i++) {
      const name = pick(NAMES);
      const tag = pick(['avax', 'C', '11111111111111111111111111111111LpoYY']);
      const beside = pick([`["${tag}"]`, `"${tag}"`]);
      const selection = `a: probe(tags: ${beside}) { healthy } probe(tags: $t) { checks { name } }`;
      const asList = await send(name, gw.origin, { query: `{ network { health { ${selection.replace('$t', `["${tag}"]`)} } } }` });
      const asOne = await send(name, gw.origin, { query: `{ network { health { ${selection.replace('$t', `"${tag}"`)} } } }` });
      const asDefault = await send(name, gw.origin, { query: `query($t: [String!] = "${tag}") { network { health { ${selection} } } }` });
      const asValue = await send(name, gw.origin, {
        query: `query($t: [String!]) { network { health { ${selection} } } }`,
        variables: { t: tag },
      });
      const what = `${name} ${beside} beside ${tag}`;
      for (const o of [asList, asOne, asDefault, asValue]) sound(o, what);
      expect((verdict(asList) as { estimated: { calls: number } }).estimated.calls, what).toBe(1);
      for (const o of [asOne, asDefault, asValue]) expect(verdict(o), what).toEqual(verdict(asList));
    }
  });
});

describe('a batch item that is not an operation', () => {
  it.each([[null], ['x'], [1], [[]], [[{ query: '{ __typename }' }]]])(
    '%j is refused in its place with BAD_USER_INPUT; its neighbours answer',
    async (item) => {
      const res = await fetch(gw.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ query: '{ __typename }' }, item, { query: '{ network(name: MAINNET) { name } }' }]),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Body[];
      expect(body).toHaveLength(3);
      expect(body[0]!.data).toEqual({ __typename: 'Query' });
      expect(body[1]!.errors!.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
      expect(body[1]!.errors![0]!.message).toMatch(/must be an object of GraphQL parameters/);
      expect(body[2]!.data).toEqual({ network: { name: 'MAINNET' } });
    },
  );
});
