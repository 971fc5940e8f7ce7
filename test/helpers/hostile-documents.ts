/**
 * Documents built to make pricing slow (src/yoga/cost-estimate.ts): fragments that double at each
 * level, and 100 KB of each hostile shape, and how long pricing one takes (`timed`).
 * test/yoga/cost-walk.test.ts holds the walk to them; bench/pricing.ts times them as the gateway is built.
 */
import { type DocumentNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { schema } from '../../src/graph/index.js';
import { type Estimate, estimate } from '../../src/yoga/cost-estimate.js';

/** A parsed document's operation and its fragments by name, as pricing takes them. */
export function parts(document: DocumentNode) {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  return { operation, fragments };
}

/**
 * The least time, in ms, of `runs` walks of a parsed document, and its estimate; beside it, the
 * least time of parsing the same text, measured between the walks (`parseMs`). Time is the
 * process's CPU time, which other processes of a busy machine do not add to as they do to the
 * clock; the least of several is the walk's, the rest what the collector did besides. Enough runs
 * for the walk's code to be optimised, as it is in a gateway that prices every request: the first
 * few run unoptimised: the fragments spreading the next thirty took 17.8 ms at best of a fresh
 * process's first 11 walks (21.8 with the whole suite beside it on two cores), 9.1 of 30, 2.4 of 200.
 */
export function timed(query: string, variables: Record<string, unknown> = {}, runs = 30): { ms: number; parseMs: number; found: Estimate } {
  const { operation, fragments } = parts(parse(query, { maxTokens: 1_000_000 }));
  let ms = Number.POSITIVE_INFINITY;
  let parseMs = Number.POSITIVE_INFINITY;
  let found: Estimate | undefined;
  const cpuMs = (start: NodeJS.CpuUsage) => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  for (let i = 0; i < runs; i++) {
    let start = process.cpuUsage();
    found = estimate(schema, operation, fragments, variables);
    ms = Math.min(ms, cpuMs(start));
    start = process.cpuUsage();
    parse(query, { maxTokens: 1_000_000 });
    parseMs = Math.min(parseMs, cpuMs(start));
  }
  return { ms, parseMs, found: found! };
}

/** `levels` fragments on Subnet, each spreading the next under `fanOut` aliases of `reach` (which leads back to a Subnet). */
export function doubling(levels: number, fanOut: number, reach: (next: string) => string, leaf = 'subnetId'): string {
  const fragments = Array.from({ length: levels }, (_, i) => {
    const next = i + 1 < levels ? `...F${i + 1}` : leaf;
    return `fragment F${i} on Subnet { ${leaf} ${Array.from({ length: fanOut }, (_, a) => `a${a}: ${reach(next)}`).join(' ')} }`;
  });
  return fragments.join('\n');
}

export const THROUGH_CHAINS = (next: string) => `blockchains { subnet { ${next} } }`;
/** One subnet's conversion and back: single objects all the way, so each level's reads are one parent's (made once). */
export const THROUGH_CONVERSION = (next: string) => `l1ConversionTransaction { subnet { ${next} } }`;

export const KB100 = 100 * 1024;

/** `unit` repeated until `around` it makes 100 KB. */
const fill = (unit: (i: number) => string, around: (body: string) => string) => {
  const units: string[] = [];
  let length = around('').length;
  for (let i = 0; length < KB100; i++) {
    const u = unit(i);
    units.push(u);
    length += u.length + 1;
  }
  return around(units.join(' '));
};
/** Documents of about 100 KB built to make a walk slow, each in its own way, by what they are. */
export const HOSTILE_100KB: Record<string, () => { query: string; variables?: Record<string, unknown> }> = {
  'wide aliases of leaves under a list': () => ({
    query: fill(
      (i) => `a${i}: subnetId`,
      (b) => `{ network { subnets(first: 100) { nodes { ${b} } } } }`,
    ),
  }),
  'wide aliases of __typename at the root': () => ({
    query: fill(
      (i) => `t${i}: __typename`,
      (b) => `{ ${b} }`,
    ),
  }),
  'wide aliases of lists, each with a call': () => ({
    query: fill(
      (i) => `s${i}: subnets(first: ${(i % 100) + 1}) { nodes { subnetId supply } }`,
      (b) => `{ network { ${b} } }`,
    ),
  }),
  'deep nesting, wide at each level': () => {
    // As deep as the parser takes (about 1,500 levels of chains and subnets), the rest leaves.
    const levels = 1200;
    const leaves = Math.ceil((KB100 - levels * 27) / levels / 12);
    const level = `blockchains { blockchainId ${Array.from({ length: leaves }, (_, i) => `b${i}: vmId`).join(' ')} subnet { subnetId `;
    return { query: `{ network { subnets(first: 2) { nodes { ${level.repeat(levels)}${'} } '.repeat(levels)}} } } }` };
  },
  'fragments spread four times at each of 500 levels': () => ({
    query: `{ network { subnets(first: 1) { nodes { ...F0 } } } }\n${doubling(500, 4, THROUGH_CHAINS)}`,
  }),
  'fragments spread twice in one parent, reads at each level': () => ({
    query: `{ network { subnet(subnetId: "x") { ...F0 } } }\n${doubling(580, 2, THROUGH_CONVERSION, 'isL1 supply currentValidators { nodeId }')}`,
  }),
  'many fragments, each spreading the next thirty': () => {
    const n = 330;
    const fragments = Array.from(
      { length: n },
      (_, i) =>
        `fragment F${i} on Subnet { subnetId blockchains { subnet { ${Array.from({ length: 30 }, (_, k) => i + k + 1)
          .filter((j) => j < n)
          .map((j) => `...F${j}`)
          .join(' ')} isL1 } } }`,
    );
    return { query: `{ network { subnets(first: 3) { nodes { ...F0 } } } }\n${fragments.join('\n')}` };
  },
  'inline fragments on interfaces, aliased lookups by id': () => ({
    query: fill(
      (i) =>
        `n${i}: node(id: "id${i}") { id ... on Subnet { isL1 supply } ... on Blockchain { blockchainName } ... on PChainTransaction { subnet { isL1 } } ... on Node { ...on L1Validator { weight } } }`,
      (b) => `{ ${b} }`,
    ),
  }),
  'fragments on an interface through lists of transactions': () => ({
    query: `{ network { transactions(chain: P_CHAIN, first: 20) { nodes { ...T0 } } } }\n${Array.from(
      { length: 430 },
      (_, i) =>
        `fragment T${i} on PrimaryNetworkTransaction { txHash ... on PChainTransaction { a: subnet { l1ConversionTransaction { ${i < 429 ? `...T${i + 1}` : 'txHash'} } } b: subnet { l1ConversionTransaction { ${i < 429 ? `...T${i + 1}` : 'txHash'} } } } ... on XChainTransaction { chainFormat } }`,
    ).join('\n')}`,
  }),
  'directives on every selection, with variables': () => ({
    query: fill(
      (i) => `a${i}: subnetId @include(if: $yes) @skip(if: $no) ... @include(if: $yes) { b${i}: isL1 @skip(if: false) }`,
      (b) => `query ($yes: Boolean!, $no: Boolean!) { network { subnets(first: 50) { nodes { ${b} } } } }`,
    ),
    variables: { yes: true, no: false },
  }),
};
