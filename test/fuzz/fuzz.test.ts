/**
 * Queries generated from the schema, in `npm test`: a fixed seed and a bounded count of the
 * fuzzer (./fuzzer.ts) through every entry of the built gateway (`npm start`: POST, POST through
 * yoga's request layer, GET, WebSocket, SSE, batch) in every cache mode (memory, Redis, off), and
 * one of each hostile family as a regression of what issue 29 found. Each invariant is a test of
 * its own; a kind of failure known on main (./known.ts) is left out of it, with a skipped test
 * that says which case of the issue it is and whose fix turns it on. `npm run fuzz` runs longer.
 *
 * The sandbox's requests are checked by the fuzzer itself (invariant `upstream-contract`, with
 * the query that made the request), not after each test: hence `contract: 'unchecked'` here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { type Example, formatReport, type FuzzReport, Fuzzer, servedSchema, startTargets, type Targets } from './fuzzer.js';
import { type Generated, QueryGenerator } from './generate.js';
import {
  deepNesting,
  fieldAliases,
  fragmentFanOut,
  type HostileCase,
  listSizeInDefault,
  MAX_ALIASES,
  slowReaders,
  typenameAliases,
} from './hostile.js';
import { type InvariantName, MODES, SIZE } from './invariants.js';
import { KNOWN, knownAs } from './known.js';
import { Rng } from './random.js';
import { FUZZ_ENTRIES } from './send.js';
import { shrink } from './shrink.js';
import { worldSamples } from './world-samples.js';

const SEED = 'issue-29';
const COUNT = 12;

const ran = (body: unknown) => (body as { data?: unknown } | null)?.data != null;

/** One of each hostile family, at a size that shows what issue 29 found and answers within seconds on main. */
const FIXED: HostileCase[] = [
  { family: 'fragment fan-out', sent: fragmentFanOut(18), entry: 'post' },
  {
    family: 'typename aliases',
    sent: typenameAliases(60, 2),
    entry: 'ws',
    expect: (body) => (ran(body) ? `60 aliases of __typename ran (MAX_ALIASES is ${MAX_ALIASES})` : undefined),
  },
  {
    family: 'field aliases',
    sent: fieldAliases(40),
    entry: 'get',
    expect: (body) => (ran(body) ? `40 aliases of name ran (MAX_ALIASES is ${MAX_ALIASES})` : undefined),
  },
  { family: 'deep nesting', sent: deepNesting(40), entry: 'sse', expect: (body) => (ran(body) ? 'a document 85 deep ran' : undefined) },
  { family: 'list size in a default', sent: listSizeInDefault(10_000, false), entry: 'post' },
  {
    family: 'huge batch',
    sent: { query: '{ network { name } }' },
    batchOf: 50,
    expect: (body) => (Array.isArray(body) ? 'a batch of 50 was answered (BATCHING_LIMIT is 10)' : undefined),
  },
];

const sandbox = useSandbox({ reset: 'never', contract: 'unchecked' });
let targets: Targets;
let fuzzer: Fuzzer;
let report: FuzzReport;

beforeAll(async () => {
  targets = await startTargets(sandbox, MODES);
  fuzzer = new Fuzzer(targets);
  report = await fuzzer.run({
    seed: SEED,
    count: COUNT,
    entries: FUZZ_ENTRIES,
    modes: MODES,
    hostileEvery: 0,
    fixed: FIXED,
    shrinkBudget: 20,
    maxShrinks: 4,
    shrinkMs: 4_000,
    deadlineMs: 8_000,
  });
}, 120_000);

afterAll(async () => {
  fuzzer?.close();
  await targets?.stop();
  if (report) console.log(formatReport(report, (e) => knownAs(e)?.id));
});

describe(`generated queries (seed ${SEED}, ${COUNT} through ${FUZZ_ENTRIES.length} entries in ${MODES.length} cache modes) and one of each hostile family`, () => {
  it('reach the data: most generated requests run, through every entry and mode', () => {
    expect(Object.keys(report.byEntry).sort()).toEqual([...FUZZ_ENTRIES].sort());
    expect(Object.keys(report.byMode).sort()).toEqual([...MODES].sort());
    expect(report.requests).toBeGreaterThanOrEqual(COUNT * FUZZ_ENTRIES.length * MODES.length);
    expect(report.ran / report.requests).toBeGreaterThan(0.5);
  });

  const invariants: InvariantName[] = [
    'no-5xx',
    'no-internal-error',
    'errors-have-codes',
    'answered',
    'alive',
    'calls-within-estimate',
    'objects-within-estimate',
    'entries-within-estimate',
    'bytes-within-estimate',
    'pricing-time',
    'same-data',
    'variables-as-inline',
    'hostile-expectation',
    'upstream-contract',
  ];
  /** A failure as a test shows it: what it broke and the request. */
  const shown = (e: Example) => `${e.finding.entry} CACHE=${e.finding.mode}: ${e.finding.detail}\n${JSON.stringify(e.sent).slice(0, 2000)}`;

  it.each(invariants)('%s: no answer breaks it (but the known findings below)', (invariant) => {
    // A failure known on main and not yet fixed is left to its own (skipped) test below.
    const unknown = report.kinds
      .filter((k) => k.invariant === invariant)
      .flatMap((k) => k.examples)
      .filter((e) => knownAs(e)?.fixed ?? true);
    expect(unknown.map(shown)).toEqual([]);
  });

  describe.each(KNOWN.map((k) => [k.id, k] as const))('known on main: %s', (_id, known) => {
    it.skipIf(!known.fixed)(known.reason, () => {
      const found = report.kinds.flatMap((k) => k.examples).filter((e) => known.matches(e));
      expect(found.map(shown)).toEqual([]);
    });
  });
});

describe('sockets that stop reading (light: helper sockets owns the bound)', () => {
  it('leave the gateway alive and answering another client', async () => {
    const gw = targets.gateways.memory!;
    const found = await slowReaders(gw.url, { sockets: 4, queries: 15, settleMs: 1_500 });
    expect({ alive: gw.child.exitCode === null && gw.child.signalCode === null, status: found.probeStatus }).toEqual({
      alive: true,
      status: 200,
    });
    // Generous on a loaded machine: what it catches is a gateway stuck behind the lazy sockets' answers.
    expect(found.probeMs).toBeLessThan(2_000);
  });
});

describe('the shrinker', () => {
  it('reduces a generated document to the little that keeps a failure', async () => {
    const schema = servedSchema();
    const generator = new QueryGenerator(schema, worldSamples());
    // A generated document that selects a subnet's id somewhere, and a "failure" that is that selection.
    let sent: Generated | undefined;
    for (let i = 0; !sent; i++) {
      const candidate = generator.generate(new Rng(`shrink#${i}`));
      if (/\bsubnetId\b(?!:)/.test(candidate.query) && candidate.query.length > 300) sent = candidate;
    }
    const fails = async (s: { query: string }) => /\bsubnetId\b(?!:)/.test(s.query);
    const shrunk = await shrink(sent, fails, { schema, budget: 500 });
    expect(await fails(shrunk.sent)).toBe(true);
    expect(shrunk.sent.query.length).toBeLessThan(sent.query.length / 2);
    expect(shrunk.sent.query.replace(/\s+/g, ' ').length).toBeLessThan(120);
  });
});

describe("the answer's size, in the price's unit (src/yoga/cost-estimate.ts)", () => {
  it('counts every key and the items of lists of leaves, not the items of lists of objects', () => {
    // Case 29#6's shape: ten edges of one cursor, priced at ten entries (and the keys above them).
    const edges = Array.from({ length: 10 }, (_, i) => ({ cursor: `c${i}` }));
    expect(SIZE.entries({ network: { icmMessages: { edges } } })).toBe(1 + 1 + 1 + 10);
    expect(SIZE.entries({ a: { ids: ['x', null] } })).toBe(1 + 1 + 2);
    expect(SIZE.entries({ a: [{ b: 1 }, null] })).toBe(1 + 1);
  });
});
