/**
 * The fuzzer: generated queries (./generate.ts) and hostile ones (./hostile.ts) sent through every
 * entry (./send.ts) of the built gateway (`npm start`, test/helpers/gateway-process.ts) in each
 * cache mode (memory, Redis, off), over one sandbox; every answer checked (./invariants.ts), the
 * answers to one query compared across entries and modes, every request the sandbox received
 * checked against its upstream's spec; each kind of failure shrunk (./shrink.ts) to a small query.
 *
 * Used by `npm run fuzz` (./cli.ts, long runs) and test/fuzz/fuzz.test.ts (a fixed seed, a
 * bounded count, in `npm test`).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphQLDeferDirective, GraphQLStreamDirective, astFromValueUntyped } from '@graphql-tools/utils';
import {
  buildSchema,
  type DocumentNode,
  type GraphQLSchema,
  GraphQLSchema as Schema,
  Kind,
  parse,
  print,
  visit,
  type ValueNode,
} from 'graphql';
import { isDeepStrictEqual } from 'node:util';
import type { Sandbox } from '../../sandbox/server.js';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { startRedis, type RedisServer } from '../helpers/redis-server.js';
import { RequestChecks } from '../helpers/sandbox.js';
import { type Generated, QueryGenerator } from './generate.js';
import { type HostileCase, hostileCase } from './hostile.js';
import {
  checkAnswer,
  comparable,
  comparableAnswer,
  type Finding,
  type InvariantName,
  type Mode,
  nondeterministicFields,
  VOLATILE_FIELDS,
  volatileKeys,
} from './invariants.js';
import { caseSeed, Rng } from './random.js';
import { type Answer, type FuzzEntry, send } from './send.js';
import { shrink } from './shrink.js';
import { harvest, worldSamples } from './world-samples.js';

/** The schema as the gateway serves it: the printed SDL and the directives yoga's plugins add. */
export function servedSchema(): GraphQLSchema {
  const sdl = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
  return new Schema({ ...sdl.toConfig(), directives: [...sdl.getDirectives(), GraphQLDeferDirective, GraphQLStreamDirective] });
}

/**
 * The settings every gateway under test runs with: the defaults, batches of up to 10, the
 * subgraph served (an entry of its own), and one cursor secret, as instances behind one endpoint
 * have (a cursor one gave out is then good on all).
 */
export const FUZZ_SETTINGS: Record<string, string> = {
  BATCHING_LIMIT: '10',
  CURSOR_SECRET: 'fuzz-cursor-secret-0123456789',
  FEDERATION: 'true',
};

export interface Targets {
  sandbox: Sandbox;
  gateways: Partial<Record<Mode, GatewayProcess>>;
  redis?: RedisServer;
  /** Starts the gateway of `mode` again (after it died). */
  restart(mode: Mode): Promise<GatewayProcess>;
  stop(): Promise<void>;
}

const modeEnv = (mode: Mode, redis?: RedisServer): Record<string, string> =>
  mode === 'off' ? { CACHE: 'off' } : mode === 'redis' ? { REDIS_URL: redis!.url } : {};

/** An answer that is a refusal for the request's price, without data. */
function priceRefusal(answer: Answer): boolean {
  const body = answer.body as { data?: unknown; errors?: { extensions?: { code?: unknown } }[] } | null;
  return body?.data == null && body?.errors?.[0]?.extensions?.code === 'QUERY_LIMIT_EXCEEDED';
}

/** One gateway per mode over `sandbox` (and a redis-server for the Redis mode). */
export async function startTargets(sandbox: Sandbox, modes: readonly Mode[], settings = FUZZ_SETTINGS): Promise<Targets> {
  const redis = modes.includes('redis') ? await startRedis() : undefined;
  const start = async (mode: Mode) => {
    const gw = await startGatewayProcess(sandbox, { ...settings, ...modeEnv(mode, redis) });
    if (mode === 'redis') await untilRedisConnected(gw);
    return gw;
  };
  const gateways: Partial<Record<Mode, GatewayProcess>> = {};
  await Promise.all(modes.map(async (mode) => (gateways[mode] = await start(mode))));
  return {
    sandbox,
    gateways,
    redis,
    async restart(mode) {
      await gateways[mode]?.stop('SIGKILL');
      return (gateways[mode] = await start(mode));
    },
    async stop() {
      await Promise.all(Object.values(gateways).map((g) => g.stop()));
      await redis?.stop();
    },
  };
}

export interface FuzzOptions {
  seed: string;
  /** Generated queries (each through every entry in every mode). */
  count: number;
  entries: readonly FuzzEntry[];
  modes: readonly Mode[];
  /** Every `hostileEvery`th case is a hostile one (0: none). */
  hostileEvery: number;
  /** Shrink the first failure of each kind, with at most this many requests each (0: no shrinking). */
  shrinkBudget: number;
  /** The most kinds of failure shrunk. */
  maxShrinks: number;
  /** The longest one shrink may take (a slow failure, such as pricing time, is slow to shrink). */
  shrinkMs?: number;
  /** Per request. */
  deadlineMs: number;
  /** Hostile cases of its own to send besides (each through its entry, in the first mode): regressions of known findings. */
  fixed?: readonly HostileCase[];
  /** Stop generating after this long (the cases begun finish). */
  timeLimitMs?: number;
  log?: (line: string) => void;
}

/** A request that failed, with its case and what it broke. */
export interface Example {
  caseSeed: string;
  family: string;
  sent: Generated;
  finding: Finding;
}

/** The examples a kind keeps. */
const EXAMPLES = 40;
/** How many of a timing kind's examples are sent again before it is put down to the machine. */
const RETIMED = 3;

export interface FoundKind {
  /** The invariant and the finding's shape (numbers left out): one kind of failure. */
  key: string;
  invariant: InvariantName;
  count: number;
  entries: Set<string>;
  modes: Set<string>;
  /** The first request that failed so, its case and finding. */
  first: Example;
  /** The first few requests that failed so (the first among them). */
  examples: Example[];
  /** That request shrunk, still failing so. */
  shrunk?: { sent: Generated; tries: number; finding?: Finding };
}

export interface FuzzReport {
  seed: string;
  cases: number;
  hostile: number;
  requests: number;
  byEntry: Record<string, number>;
  byMode: Record<string, number>;
  /** Answers that had data (ran), of all answers: how many queries reached execution. */
  ran: number;
  /** Answers refused with each code (first error of the answer). */
  refusals: Record<string, number>;
  kinds: FoundKind[];
  ms: number;
}

/** A finding's kind: its invariant and where, its detail with numbers and quoted values left out. */
export function kindKey(f: Finding): string {
  const shape = f.detail
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\d+(\.\d+)?/g, 'N')
    .slice(0, 120);
  return `${f.invariant}: ${shape}`;
}

/** The request with its variables written inline as literals (defaults included): what it must be priced as. */
export function inlined(sent: Generated): Generated | undefined {
  let doc: DocumentNode;
  try {
    doc = parse(sent.query);
  } catch {
    return undefined;
  }
  const values = new Map<string, ValueNode>();
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    if (sent.operationName && d.name?.value !== sent.operationName) continue;
    for (const v of d.variableDefinitions ?? []) {
      const name = v.variable.name.value;
      if (sent.variables && name in sent.variables) {
        const node = astFromValueUntyped(sent.variables[name]);
        if (!node) return undefined;
        values.set(name, node);
      } else if (v.defaultValue) values.set(name, v.defaultValue);
    }
  }
  if (values.size === 0) return undefined;
  const out = visit(doc, {
    OperationDefinition: (n) => ({ ...n, variableDefinitions: [] }),
    Variable: (n) => values.get(n.name.value) ?? n,
  });
  return { query: print(out), ...(sent.operationName ? { operationName: sent.operationName } : {}) };
}

/** The estimate an answer carries: its cost extension, or its refusal's. */
function estimateIn(body: unknown): { calls: number; nodes: number } | undefined {
  const result = body as {
    extensions?: { cost?: { estimated?: { calls: number; nodes: number } } };
    errors?: { extensions?: Record<string, any> }[];
  } | null;
  if (!result || typeof result !== 'object') return undefined;
  return (
    result.extensions?.cost?.estimated ??
    result.errors?.find((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED')?.extensions?.estimated ??
    undefined
  );
}

/**
 * A finding when `sent` (answered `asVariables`) is priced otherwise than `inline`, its variables
 * written as literals, once what each text learnt is set aside; `post` sends a request to the
 * gateway. Two things learnt move a price without any difference of spelling: the lengths of lists
 * read in answers (so an answer between the two may move it), and what only some parents call,
 * learnt per place by the document's text and variables (src/graph/list-sizes.ts placeOf), so that
 * each text prices such a field by its own runs. So the two are compared as answered; then again
 * with variables, at what the inline answer was priced with (case 29#625); then once both ran
 * (seed p36); and last as twins no text of which ran before (a comment of their own), inline first.
 * That last step is for a twin refused, which never runs: seed p86 priced a query 40 calls with
 * variables, what its text made in a run admitted before its lists were learnt longer, and 310
 * inline, refused; as fresh twins, 310 each.
 */
export async function pricedAsInline(
  sent: Generated,
  inline: Generated,
  asVariables: Answer,
  mode: Mode,
  post: (request: Generated) => Promise<Answer>,
): Promise<Finding | undefined> {
  const first = await post(inline);
  let finding = asInline(asVariables, first, mode);
  if (finding) finding = asInline(await post(sent), first, mode);
  if (finding) {
    const inlineAgain = await post(inline);
    finding = asInline(await post(sent), inlineAgain, mode);
  }
  for (let round = 0; finding && round < 2; round++) {
    // Each round's twins are new texts: the first round's answers may teach lengths the second reads.
    const mark = `\n# priced fresh ${freshTwins++}`;
    const twin = await post({ ...inline, query: inline.query + mark });
    finding = asInline(await post({ ...sent, query: sent.query + mark }), twin, mode);
  }
  return finding;
}

/** Twins priced fresh so far: each pair's comment differs from every earlier one. */
let freshTwins = 0;

/** A finding when the variables' form was priced otherwise than the inline form. */
function asInline(asVariables: Answer, inline: Answer, mode: Mode): Finding | undefined {
  const a = estimateIn(asVariables.body);
  const b = estimateIn(inline.body);
  if (!b) return undefined;
  if (!a) {
    const codes = ((asVariables.body as { errors?: { extensions?: { code?: string } }[] })?.errors ?? []).map((e) => e.extensions?.code);
    // Refused otherwise (a variable that fails coercion): not a matter of price.
    if (codes.some((c) => c === 'BAD_USER_INPUT' || c === 'GRAPHQL_VALIDATION_FAILED' || c === 'BAD_REQUEST')) return undefined;
    return {
      invariant: 'variables-as-inline',
      entry: 'post',
      mode,
      detail: `inline priced ${b.calls} calls/${b.nodes} nodes; with variables not priced (${codes.join(',') || 'no code'})`,
    };
  }
  if (a.calls !== b.calls || a.nodes !== b.nodes)
    return {
      invariant: 'variables-as-inline',
      entry: 'post',
      mode,
      detail: `with variables ${a.calls} calls/${a.nodes} nodes, inline ${b.calls} calls/${b.nodes} nodes`,
    };
  return undefined;
}

export class Fuzzer {
  readonly schema = servedSchema();
  readonly samples = worldSamples();
  readonly generator: QueryGenerator;
  /** What is compared as volatile: cursors, and the fields the schema declares nondeterministic. */
  readonly volatileFields = new Set([...VOLATILE_FIELDS, ...nondeterministicFields(this.schema)]);
  private readonly checks: RequestChecks;

  constructor(readonly targets: Targets) {
    this.generator = new QueryGenerator(this.schema, this.samples);
    this.checks = new RequestChecks(targets.sandbox);
  }

  close() {
    this.checks.close();
  }

  private origin(mode: Mode): string {
    return this.targets.gateways[mode]!.origin;
  }

  /** Whether the gateway of `mode` still runs; restarted (once it answers again) when it does not. */
  private async alive(mode: Mode): Promise<boolean> {
    const gw = this.targets.gateways[mode]!;
    if (gw.child.exitCode === null && gw.child.signalCode === null) return true;
    await this.targets.restart(mode);
    return false;
  }

  /** Waits (bounded) until the gateway answers a trivial query: after a stall, the next case starts on a gateway that answers. */
  private async settle(mode: Mode, withinMs = 60_000): Promise<void> {
    for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(200)) {
      const a = await send('post', this.origin(mode), { query: '{ __typename }' }, 5_000);
      if (a.status === 200) return;
      if (!(await this.alive(mode))) return;
    }
  }

  /** One request to one entry and mode, checked alone. */
  private async one(
    entry: FuzzEntry,
    mode: Mode,
    sent: Generated,
    deadlineMs: number,
    batchOf?: number,
  ): Promise<{ answer: Answer; findings: Finding[] }> {
    const answer = batchOf ? await this.batch(mode, sent, batchOf, deadlineMs) : await send(entry, this.origin(mode), sent, deadlineMs);
    const findings = checkAnswer(answer, entry, mode, Buffer.byteLength(sent.query));
    if (!(await this.alive(mode))) findings.push({ invariant: 'alive', entry, mode, detail: 'the gateway process exited' });
    if (answer.status === 'timeout') await this.settle(mode);
    return { answer, findings };
  }

  private async batch(mode: Mode, sent: Generated, n: number, deadlineMs: number): Promise<Answer> {
    const started = performance.now();
    try {
      const res = await fetch(`${this.origin(mode)}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(Array.from({ length: n }, () => sent)),
        signal: AbortSignal.timeout(deadlineMs),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return Array.isArray(body)
        ? { status: res.status, body: body[0], rest: body.slice(1), ms: performance.now() - started, ...{ whole: body } }
        : { status: res.status, body, ms: performance.now() - started };
    } catch (error) {
      return {
        status: (error as Error).name === 'TimeoutError' ? 'timeout' : `failed: ${(error as Error).message}`,
        body: null,
        ms: performance.now() - started,
      };
    }
  }

  async run(options: FuzzOptions): Promise<FuzzReport> {
    const started = Date.now();
    const log = options.log ?? (() => undefined);
    const report: FuzzReport = {
      seed: options.seed,
      cases: 0,
      hostile: 0,
      requests: 0,
      byEntry: {},
      byMode: {},
      ran: 0,
      refusals: {},
      kinds: [],
      ms: 0,
    };
    const kinds = new Map<string, FoundKind>();
    const record = (f: Finding, seed: string, family: string, sent: Generated) => {
      const key = kindKey(f);
      let kind = kinds.get(key);
      const example = { caseSeed: seed, family, sent, finding: f };
      if (!kind) {
        kinds.set(
          key,
          (kind = { key, invariant: f.invariant, count: 0, entries: new Set(), modes: new Set(), first: example, examples: [] }),
        );
        log(`  found ${key}\n    in ${family} case ${seed} (${f.entry}, CACHE=${f.mode}): ${f.detail}`);
      }
      if (kind.examples.length < EXAMPLES && !kind.examples.some((e) => e.sent === sent)) kind.examples.push(example);
      kind.count++;
      kind.entries.add(f.entry);
      kind.modes.add(f.mode);
    };
    const tally = (entry: string, mode: Mode, answer: Answer) => {
      report.requests++;
      report.byEntry[entry] = (report.byEntry[entry] ?? 0) + 1;
      report.byMode[mode] = (report.byMode[mode] ?? 0) + 1;
      const result = answer.body as { data?: unknown; errors?: { extensions?: { code?: string } }[] } | null;
      if (result && typeof result === 'object' && result.data != null) report.ran++;
      const code = result && typeof result === 'object' ? result.errors?.[0]?.extensions?.code : undefined;
      if (code) report.refusals[code] = (report.refusals[code] ?? 0) + 1;
    };

    /** Priced as if its variables were written inline. */
    const inlineCheck = async (sent: Generated, asVariables: Answer, mode: Mode, seed: string, family: string) => {
      const inline = sent.variables || /\$\w+\s*:[^)]*=/.test(sent.query) ? inlined(sent) : undefined;
      if (!inline) return;
      const finding = await pricedAsInline(sent, inline, asVariables, mode, async (request) => {
        const answer = await send('post', this.origin(mode), request, options.deadlineMs);
        tally('post', mode, answer);
        return answer;
      });
      if (finding) record(finding, seed, family, sent);
    };
    const hostileRun = async (h: HostileCase, seed: string, entry: FuzzEntry, mode: Mode) => {
      report.hostile++;
      const { answer, findings } = await this.one(entry, mode, h.sent, options.deadlineMs, h.batchOf);
      tally(entry, mode, answer);
      const extra = h.expect?.((answer as { whole?: unknown }).whole ?? answer.body, answer.status);
      if (extra) findings.push({ invariant: 'hostile-expectation', entry, mode, detail: `${h.family}: ${extra}` });
      for (const f of findings) record(f, seed, h.family, h.sent);
      if (!h.batchOf) await inlineCheck(h.sent, answer, mode, seed, h.family);
      this.contract(seed, h.family, h.sent, record);
    };
    for (const [i, h] of (options.fixed ?? []).entries()) {
      report.cases++;
      await hostileRun(h, `${options.seed}#fixed${i}`, h.batchOf ? 'post' : (h.entry ?? 'post'), options.modes[0]!);
    }

    for (let i = 0; i < options.count; i++) {
      if (options.timeLimitMs && Date.now() - started > options.timeLimitMs) break;
      if (i > 0 && i % 50 === 0)
        log(`${i} cases, ${report.requests} requests, ${kinds.size} kinds of failure, ${Math.round((Date.now() - started) / 1000)} s`);
      const seed = caseSeed(options.seed, i);
      const rng = new Rng(seed);
      const hostile = options.hostileEvery > 0 && i % options.hostileEvery === options.hostileEvery - 1;
      report.cases++;
      if (hostile) {
        const h = hostileCase(rng);
        // One entry and mode per hostile case, in turn: a stall on one does not hold up the rest.
        const entry = h.batchOf ? 'post' : options.entries[i % options.entries.length]!;
        const mode = options.modes[Math.floor(i / options.entries.length) % options.modes.length]!;
        await hostileRun(h, seed, entry, mode);
        continue;
      }
      const sent = this.generator.generate(rng);
      // The modes are separate processes: each goes through the entries in turn, beside the others.
      const byMode = await Promise.all(
        options.modes.map(async (mode) => {
          const out: { entry: FuzzEntry; mode: Mode; answer: Answer; findings: Finding[] }[] = [];
          let answered = false;
          for (const entry of options.entries) {
            const ran = await this.one(entry, mode, sent, options.deadlineMs);
            if (answered) for (const f of ran.findings) f.seenBefore = true;
            answered ||= (ran.answer.body as { data?: unknown } | null)?.data != null;
            out.push({ entry, mode, ...ran });
          }
          return out;
        }),
      );
      const answers = byMode.flat();
      for (const { entry, mode, answer, findings } of answers) {
        tally(entry, mode, answer);
        for (const f of findings) record(f, seed, 'schema', sent);
      }
      // The same answer everywhere.
      const volatile = volatileKeys(sent.query, this.volatileFields);
      const compared = answers.filter((a) => comparableAnswer(a.answer));
      const reference = compared[0];
      if (reference) {
        const expected = comparable(reference.answer, volatile);
        let askedAgain: unknown;
        for (const other of compared.slice(1)) {
          const got = comparable(other.answer, volatile);
          if (!isDeepStrictEqual(got, expected)) {
            // A price reads the list lengths answers taught (src/graph/list-sizes.ts): an answer
            // holding a longer list than any seen raises the price of the next request of the
            // same document, on whichever entry comes next (seed p72: a subnet's validators'
            // addresses, 100 calls priced at the first entry, 1,608 at the others). When the
            // first entry, asked again, now answers as the other did, the difference was when, not where.
            if (priceRefusal(reference.answer) !== priceRefusal(other.answer)) {
              askedAgain ??= comparable((await this.one(reference.entry, reference.mode, sent, options.deadlineMs)).answer, volatile);
              if (isDeepStrictEqual(askedAgain, got)) continue;
            }
            record(
              {
                invariant: 'same-data',
                entry: other.entry,
                mode: other.mode,
                detail: `differs from ${reference.entry} in CACHE=${reference.mode}: ${firstDifference(expected, got)}`,
                versus: { entry: reference.entry, mode: reference.mode },
              },
              seed,
              'schema',
              sent,
            );
          }
        }
        harvest(this.samples, (reference.answer.body as { data?: unknown } | null)?.data, rng);
      }
      const asVariables = answers.find((a) => a.entry === 'post' && a.mode === options.modes[0]) ?? reference;
      if (asVariables) await inlineCheck(sent, asVariables.answer, options.modes[0]!, seed, 'schema');
      this.contract(seed, 'schema', sent, record);
    }

    // A time past its allowance that the same requests do not take again, on the entry and mode
    // that took it, was the machine stalling (a shared runner busy with every other test at once),
    // not the gateway: a price that grows with a document's expansion grows every time it is
    // asked. Each is sent as a new document (a comment added): the same text would be answered
    // from the parse, validation and price caches, however long it took to price the first time.
    for (const [key, kind] of kinds) {
      if (kind.invariant !== 'pricing-time') continue;
      let again = false;
      for (const example of kind.examples.slice(0, RETIMED)) {
        const anew = { ...example.sent, query: `${example.sent.query}\n# sent again` };
        again = (await this.stillFails({ ...kind, first: example }, anew, options.deadlineMs)) !== undefined;
        if (again) break;
      }
      if (again) continue;
      kinds.delete(key);
      log(`  ${key}: none of its first ${Math.min(RETIMED, kind.examples.length)} requests took as long again: left out as the machine's`);
    }

    // Each kind of failure shrunk: its first case, on its entry and mode.
    let shrunk = 0;
    for (const kind of kinds.values()) {
      if (options.shrinkBudget <= 0 || shrunk >= options.maxShrinks) break;
      if (kind.invariant === 'alive' || kind.invariant === 'upstream-contract' || kind.first.family === 'huge batch') continue;
      if (kind.invariant === 'hostile-expectation') continue;
      shrunk++;
      kind.shrunk = await this.shrinkKind(kind, options);
      log(`  shrunk ${kind.key} to ${kind.shrunk.sent.query.length} bytes in ${kind.shrunk.tries} tries`);
    }
    report.kinds = [...kinds.values()];
    report.ms = Date.now() - started;
    return report;
  }

  private contract(
    seed: string,
    family: string,
    sent: Generated,
    record: (f: Finding, seed: string, family: string, sent: Generated) => void,
  ) {
    for (const problem of this.checks.take().slice(0, 3))
      record({ invariant: 'upstream-contract', entry: 'post', mode: 'memory', detail: problem.slice(0, 200) }, seed, family, sent);
  }

  /** Whether `sent` still fails as `kind` did, on the entry and mode it failed on. */
  private async stillFails(kind: FoundKind, sent: Generated, deadlineMs: number): Promise<Finding | undefined> {
    const f = kind.first.finding;
    const entry = f.entry === 'hostile' ? 'post' : f.entry;
    if (f.invariant === 'same-data' && f.versus) {
      const [a, b] = [
        await send(f.versus.entry, this.origin(f.versus.mode), sent, deadlineMs),
        await send(entry, this.origin(f.mode), sent, deadlineMs),
      ];
      if (!comparableAnswer(a) || !comparableAnswer(b)) return undefined;
      const volatile = volatileKeys(sent.query, this.volatileFields);
      const [x, y] = [comparable(a, volatile), comparable(b, volatile)];
      return isDeepStrictEqual(x, y) ? undefined : { ...f, detail: firstDifference(x, y) };
    }
    if (f.invariant === 'variables-as-inline') {
      const inline = inlined(sent);
      if (!inline) return undefined;
      const post = (request: Generated) => send('post', this.origin(f.mode), request, deadlineMs);
      return pricedAsInline(sent, inline, await post(sent), f.mode, post);
    }
    const { findings } = await this.one(entry, f.mode, sent, deadlineMs);
    return findings.find((x) => x.invariant === f.invariant);
  }

  private async shrinkKind(kind: FoundKind, options: FuzzOptions): Promise<{ sent: Generated; tries: number; finding?: Finding }> {
    let last: Finding | undefined;
    const result = await shrink(
      kind.first.sent,
      async (candidate) => {
        const found = await this.stillFails(kind, candidate, options.deadlineMs);
        if (found) last = found;
        return !!found;
      },
      { budget: options.shrinkBudget, schema: this.schema, withinMs: options.shrinkMs },
    );
    // The contract problems the shrinking caused belong to no case.
    this.checks.take();
    return { ...result, finding: last };
  }
}

/** Where two comparable answers first differ, in a line. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
    }
  }
  return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
}

/** A report as lines: the counts, then each kind of failure with its shrunk query. */
export function formatReport(report: FuzzReport, known?: (example: Example) => string | undefined): string {
  const lines = [
    `seed ${report.seed}: ${report.cases} cases (${report.hostile} hostile), ${report.requests} requests in ${Math.round(report.ms / 1000)} s; ${report.ran} answers ran`,
    `  by entry: ${JSON.stringify(report.byEntry)}`,
    `  by mode: ${JSON.stringify(report.byMode)}`,
    `  refusals (first error's code): ${JSON.stringify(report.refusals)}`,
    `${report.kinds.length} kinds of failure${report.kinds.length ? ':' : '.'}`,
  ];
  for (const kind of report.kinds) {
    lines.push(
      '',
      `* ${kind.key}`,
      `  ${kind.count} times; entries ${[...kind.entries].join(', ')}; modes ${[...kind.modes].join(', ')}; first in ${kind.first.family} case ${kind.first.caseSeed}`,
      `  ${kind.first.finding.detail}`,
    );
    if (known) {
      const labels = new Map<string, number>();
      for (const e of kind.examples) {
        const label = known(e) ?? 'NOT KNOWN';
        labels.set(label, (labels.get(label) ?? 0) + 1);
      }
      lines.push(`  of its first ${kind.examples.length} requests: ${[...labels].map(([l, n]) => `${n} ${l}`).join(', ')}`);
    }
    const shown = kind.shrunk?.sent ?? kind.first.sent;
    lines.push(`  ${kind.shrunk ? `shrunk (${kind.shrunk.tries} tries)` : 'not shrunk'}: ${JSON.stringify(shown).slice(0, 1500)}`);
    if (kind.shrunk?.finding) lines.push(`  which gives: ${kind.shrunk.finding.detail}`);
  }
  return lines.join('\n');
}
