/**
 * Hostile generators beside the schema-driven one: documents shaped to cost more than they look
 * (issue 29, cases 1, 2 and 7), and batches far past BATCHING_LIMIT. Each is a seeded family: the
 * seed chooses its size, so a run covers small and large ones and a finding is replayed from its
 * seed. What each must get is what every answer must (./invariants.ts), and an expectation of its
 * own where it has one (`expect`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { lazySocket } from '../helpers/sockets.js';
import { MAX_NESTING } from '../../src/yoga/use-query-limits.js';
import type { Generated } from './generate.js';
import type { Rng } from './random.js';
import type { FuzzEntry } from './send.js';

export interface HostileCase {
  family: string;
  sent: Generated;
  /** A batch of this many copies of `sent`, instead of `sent` alone (POST only). */
  batchOf?: number;
  /** The entry it goes through (fixed cases; a run's hostile cases take the entries in turn). */
  entry?: FuzzEntry;
  /** What this family must get beyond the common invariants: a problem in a line, or undefined. */
  expect?: (body: unknown, status: number | string) => string | undefined;
}

/** The most aliases a document may have (MAX_ALIASES' default), `__typename` included. */
export const MAX_ALIASES = 30;

const codes = (body: unknown) =>
  ((body as { errors?: { extensions?: { code?: string } }[] } | null)?.errors ?? []).map((e) => e.extensions?.code);
const ran = (body: unknown) => (body as { data?: unknown } | null)?.data != null;

/** Nested fragment spreads, each level spreading the next twice: 2^levels paths in 40·levels bytes (case 1). */
export function fragmentFanOut(levels: number): Generated {
  const fragments = Array.from({ length: levels }, (_, i) =>
    i === levels - 1
      ? `fragment F${i} on Subnet { subnetId }`
      : `fragment F${i} on Subnet { a: blockchains { subnet { ...F${i + 1} } } b: blockchains { subnet { ...F${i + 1} } } }`,
  );
  return { query: `{ network(name: MAINNET) { subnets(first: 1) { nodes { ...F0 } } } }\n${fragments.join('\n')}` };
}

/** `count` aliases of `__typename` in a fragment on GenesisAccount, under `first` subnets' genesis allocations (case 2). */
export function typenameAliases(count: number, first: number): Generated {
  const aliases = Array.from({ length: count }, (_, i) => `t${i}: __typename`).join(' ');
  return {
    query: `{ network { subnets(first: ${first}) { nodes { blockchains { genesisData { alloc { ...A } } } } } } }\nfragment A on GenesisAccount { ${aliases} }`,
  };
}

/** `count` aliases of one scalar field: refused past MAX_ALIASES, as `__typename` must be. */
export function fieldAliases(count: number): Generated {
  return { query: `{ network { ${Array.from({ length: count }, (_, i) => `n${i}: name`).join(' ')} } }` };
}

/** A subnet's chains' subnet's chains… `depth` times. */
export function deepNesting(depth: number): Generated {
  let inner = 'subnetId';
  for (let i = 0; i < depth; i++) inner = `blockchains { subnet { ${inner} } }`;
  return { query: `{ network { subnets(first: 1) { nodes { ${inner} } } } }` };
}

export type Brackets = 'selections' | 'list' | 'object';

/**
 * Brackets nested `depth` deep, written tight (a GET's URL holds them): selection sets, a list
 * literal or an object literal. graphql-js parses each level by recursion; how deep the whole
 * document nests is returned beside it.
 */
export function deepBrackets(kind: Brackets, depth: number): Generated & { nesting: number } {
  if (kind === 'selections') return { query: `{${'network{'.repeat(depth)}name${'}'.repeat(depth)}}`, nesting: depth + 1 };
  const value = kind === 'list' ? `${'['.repeat(depth)}MAINNET${']'.repeat(depth)}` : `${'{a:'.repeat(depth)}1${'}'.repeat(depth)}`;
  return { query: `{network(name:${value}){name}}`, nesting: depth + 2 };
}

/** A list size in a variable's default, sent without variables (case 7), or in variables. */
export function listSizeInDefault(size: number, inVariables: boolean): Generated {
  const query = `query Q($n: Int = ${inVariables ? 1 : size}) { network { subnets(first: $n) { nodes { subnetId blockchains { blockchainId } } } } }`;
  return inVariables ? { query, variables: { n: size } } : { query };
}

/** The same list size written inline: what the default must be priced as. */
export function listSizeInline(size: number): Generated {
  return { query: `{ network { subnets(first: ${size}) { nodes { subnetId blockchains { blockchainId } } } } }` };
}

export function hostileCase(rng: Rng): HostileCase {
  return rng.weighted<() => HostileCase>([
    [3, () => ({ family: 'fragment fan-out', sent: fragmentFanOut(rng.int(4, 20)) })],
    [
      2,
      () => {
        const count = rng.int(20, 400);
        return {
          family: 'typename aliases',
          sent: typenameAliases(count, rng.int(1, 10)),
          expect: (body) =>
            count > MAX_ALIASES && ran(body) ? `${count} aliases of __typename ran (MAX_ALIASES is ${MAX_ALIASES})` : undefined,
        };
      },
    ],
    [
      1,
      () => {
        const count = rng.int(20, 60);
        return {
          family: 'field aliases',
          sent: fieldAliases(count),
          expect: (body) => (count > MAX_ALIASES && ran(body) ? `${count} aliases of name ran (MAX_ALIASES is ${MAX_ALIASES})` : undefined),
        };
      },
    ],
    [
      2,
      () => {
        const depth = rng.int(3, 120);
        return {
          family: 'deep nesting',
          sent: deepNesting(depth),
          // Two levels a step, four above: past MAX_DEPTH (15) it must be refused.
          expect: (body) => (2 * depth + 5 > 15 && ran(body) ? `a document ${2 * depth + 5} deep ran (MAX_DEPTH is 15)` : undefined),
        };
      },
    ],
    [
      2,
      () => {
        const kind = rng.pick<Brackets>(['selections', 'list', 'object']);
        // Up to what a GET's URL carries (16 KB of headers); the list's deepest ran a cold gateway's parser out of stack.
        const most = { selections: 1_100, list: 2_000, object: 1_300 }[kind];
        const sent = deepBrackets(
          kind,
          rng.pick([rng.int(2, MAX_NESTING), MAX_NESTING - 1, MAX_NESTING, rng.int(MAX_NESTING, most), most]),
        );
        return {
          family: `deep ${kind}`,
          sent: { query: sent.query },
          expect: (body) =>
            sent.nesting > MAX_NESTING && !refusedWith(body, 'QUERY_LIMIT_EXCEEDED')
              ? `brackets nested ${sent.nesting} deep were not refused (MAX_NESTING is ${MAX_NESTING})`
              : undefined,
        };
      },
    ],
    [
      2,
      () => {
        const size = rng.pick([101, 500, 1000, 10_000, 100_000]);
        return { family: 'list size in a default', sent: listSizeInDefault(size, rng.chance(0.3)) };
      },
    ],
    [
      1,
      () => {
        const size = rng.pick([11, 50, 101, 1000]);
        return {
          family: 'huge batch',
          sent: { query: '{ network { name } }' },
          batchOf: size,
          expect: (body, status) =>
            size > 10 && Array.isArray(body) ? `a batch of ${size} was answered (BATCHING_LIMIT is 10), status ${status}` : undefined,
        };
      },
    ],
  ])();
}

/** Whether an answer was refused with `code`. */
export const refusedWith = (body: unknown, code: string) => codes(body).includes(code);

/** A query whose answer is large (genesis allocations of 20 subnets' chains, a few hundred KB). */
export const LARGE_ANSWER =
  '{ network { subnets(first: 20) { nodes { blockchains { genesisData { alloc { address balance code } } } } } } }';

/**
 * Sockets that stop reading (light: helper "sockets" owns the bound itself): `sockets` WebSockets
 * each send `queries` large queries and never read; then a client that reads asks `{ __typename }`.
 * Resolves with how long that took and how many of the lazy sockets the gateway closed.
 */
export async function slowReaders(
  gatewayUrl: string,
  options: { sockets: number; queries: number; settleMs: number },
): Promise<{ probeStatus: number | string; probeMs: number; closedByGateway: number }> {
  const sockets = await Promise.all(Array.from({ length: options.sockets }, () => lazySocket(gatewayUrl)));
  for (let q = 0; q < options.queries; q++)
    for (const s of sockets) s.send({ id: `q${q}`, type: 'subscribe', payload: { query: LARGE_ANSWER } });
  await sleep(options.settleMs);
  const started = performance.now();
  let probeStatus: number | string;
  try {
    const res = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.text();
    probeStatus = res.status;
  } catch (error) {
    probeStatus = (error as Error).name;
  }
  const probeMs = performance.now() - started;
  const closedByGateway = sockets.filter((s) => s.ended).length;
  await Promise.all(sockets.map((s) => s.readAll(100)));
  return { probeStatus, probeMs, closedByGateway };
}
