/**
 * What the gateway's own code costs a request, without its sockets: the built gateway's modules
 * (dist/, loaded as ES modules in a process of their own, under the V8 flags `npm start` gives it,
 * its default settings with CACHE off or memory and LOG_LEVEL=warn as in the throughput runs)
 * answering through its lean path (src/yoga/lean-post.ts), fed by stand-ins for node's request
 * and response, ten requests in flight. The one-call query's upstream call is real: undici over a
 * socket to the bench's stub. Beside it, the floor of that call: the same call made with undici
 * alone and its answer given to JSON.parse, what any server answering the query does.
 *
 * Why beside bench/profile.ts: through `npm start` the process also runs the HTTP server and the
 * clients' sockets, and on a virtual machine V8's sampler lands after a system call far more often
 * than the call's time warrants, so the socket writes take most of that profile's samples. Here
 * the only socket is the upstream call's (its writes are in `(native)`, as in the floor), the
 * rest of the rows are the JavaScript's own, and the CPU per request is steady (the one-call
 * query's moved by 4 % over three runs, where the load through `npm start` moves by tens of per
 * cent): a change to the GraphQL pipeline shows here first. The stand-ins' own cost is the
 * bench/pipeline.ts row.
 *
 * It does not replace the load through `npm start`, where the same code costs several times more.
 * Measured there with throwaway builds (`{ __typename }`, 10 connections, CPU from /proc, three
 * or four interleaved windows each): answering with a constant instead of running yoga's pipeline
 * took 32 µs of CPU a request, running the pipeline and then answering with the constant 49, the
 * real answer 53; running the pipeline a second time in each request added only 4 to 6, and ten
 * more no-op onExecute hooks, or ten more async layers around each upstream call, nothing
 * measurable. The pipeline's first pass in a request costs there three to four times what it costs
 * here (4.6 µs), a second pass about what it costs here. That points at the code and data a
 * request brings back into the processor's caches after the HTTP server's and the kernel's work,
 * rather than at the instructions run (this virtual machine has no hardware counters to confirm
 * it): a cut is likelier to show there when it takes code off the request's path than when it makes
 * the same code faster.
 *
 * `node --import tsx bench/pipeline.ts <case>` is the child: it prints one JSON line.
 */
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { workerFlags } from '../src/cli.js';
import { cell, type CpuProfile, selfTimes, shareRows } from './profile.js';
import { ONE_CALL_QUERY, onStub } from './stub.js';

/** What one child measured: CPU per request, and what a request left to the event loop. */
interface Measured {
  requests: number;
  us: number;
  userUs: number;
  systemUs: number;
  /** Per request, from async_hooks in a round of their own (the hooks slow every promise). */
  promises: number;
  timeouts: number;
  immediates: number;
  ticks: number;
  /** The measured rounds, on the clock V8's profile uses (µs). */
  from: number;
  to: number;
}

const CASES = {
  typename: { query: '{ __typename }', cache: 'off', label: '`{ __typename }`, CACHE=off' },
  hit: { query: ONE_CALL_QUERY, cache: 'memory', label: 'the one-call query, a response-cache hit (CACHE=memory)' },
  'one-call': { query: ONE_CALL_QUERY, cache: 'off', label: 'the one-call query, CACHE=off' },
  floor: { query: '', cache: 'off', label: 'its floor: the same upstream call by undici alone, JSON.parse of its answer' },
} as const;
type Case = keyof typeof CASES;

const IN_FLIGHT = 10;
const ROUNDS = 7;
const PER_ROUND = Number(process.env.BENCH_PIPELINE_REQUESTS ?? 30_000);

/**
 * Runs `send` for `count` requests, IN_FLIGHT at a time, each started as one before it ends (no
 * promise of its own). A request may end within its `send` (a kept answer is written at once): the
 * loop then starts the next one, rather than a call within that call, for thousands in a row.
 */
function drive(count: number, send: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    let started = 0;
    let ended = 0;
    let owed = Math.min(IN_FLIGHT, count);
    let sending = false;
    const pump = () => {
      if (sending) return;
      sending = true;
      for (; owed > 0 && started < count; owed--, started++) send(next);
      sending = false;
    };
    const next = () => {
      if (++ended === count) return resolve();
      owed++;
      pump();
    };
    pump();
  });
}

/** The built gateway's modules, found by what they export (their names carry a content hash). */
async function builtModules(): Promise<{
  loadConfig: (env: Record<string, string | undefined>) => unknown;
  createLogger: (level: unknown) => unknown;
  createGateway: (config: unknown, logger: unknown) => { lean: LeanPost; close(): Promise<void> };
}> {
  const dist = resolve('dist');
  const files = readdirSync(dist).filter((name) => name.endsWith('.js'));
  const exporting = async (name: string) => {
    const file = files.find((f) => new RegExp(`export\\{[^}]*\\b${name}\\b`).test(readFileSync(join(dist, f), 'utf8').slice(-20_000)));
    if (!file) throw new Error(`no module of dist/ exports ${name}: run \`npm run build\``);
    return ((await import(join(dist, file))) as Record<string, unknown>)[name];
  };
  return {
    loadConfig: (await exporting('loadConfig')) as never,
    createLogger: (await exporting('createLogger')) as never,
    createGateway: (await exporting('createGateway')) as never,
  };
}

type LeanPost = (req: unknown, res: unknown, body: Buffer, compression?: unknown) => boolean;

/** node's IncomingMessage as the lean path reads it: the method, URL, headers and the client's address. */
class StandInRequest extends EventEmitter {
  readonly method = 'POST';
  readonly url = '/graphql';
  readonly httpVersion = '1.1';
  readonly socket = { remoteAddress: '127.0.0.1', remotePort: 40_000, encrypted: false };
  constructor(readonly headers: Record<string, string>) {
    super();
  }
}

/** node's ServerResponse as the lean path writes it: headers, one writeHead and end, then 'finish' and 'close'. */
class StandInResponse extends EventEmitter {
  headersSent = false;
  writableFinished = false;
  statusCode = 200;
  body = '';
  private readonly headers: Record<string, unknown> = {};
  constructor(private readonly ended: (res: StandInResponse) => void) {
    super();
  }
  setHeader(name: string, value: unknown) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  writeHead(status: number, headers?: Record<string, unknown>) {
    this.statusCode = status;
    if (headers) Object.assign(this.headers, headers);
    this.headersSent = true;
    return this;
  }
  end(body: string | Buffer) {
    this.body = String(body);
    this.writableFinished = true;
    this.emit('finish');
    this.emit('close');
    this.ended(this);
  }
}

/** A child: measures one case and prints it. */
async function child(name: Case): Promise<void> {
  const { setCodeFlags } = await import('../src/base/code-flags.js');
  // As src/boot.ts does, before anything of the gateway is compiled.
  setCodeFlags();
  const stubUrl = process.env.STUB_URL!;
  let send: (done: () => void) => void;
  let close = async () => {};
  if (name === 'floor') {
    const { Pool } = await import('undici');
    const pool = new Pool(stubUrl, { connections: 32, keepAliveTimeout: 60_000 });
    const path = '/v1/networks/mainnet/subnets?pageSize=3';
    send = (done) => {
      pool
        .request({ method: 'GET', path })
        .then(({ statusCode, body }) => {
          // As the gateway's rows: an answer that is not the page would cost less.
          if (statusCode !== 200) fail(new Error(`floor: the stub answered ${statusCode}`));
          return body.arrayBuffer();
        })
        .then((bytes) => {
          JSON.parse(Buffer.from(bytes).toString('utf8'));
          done();
        }, fail);
    };
    close = () => pool.close();
  } else {
    const { loadConfig, createLogger, createGateway } = await builtModules();
    const settings = { SANDBOX: 'off', NODE_ENV: 'production', CACHE: CASES[name].cache, LOG_LEVEL: 'warn', ...onStub(stubUrl) };
    const config = loadConfig({ ...process.env, ...settings }) as { logLevel: unknown };
    const gateway = createGateway(config, createLogger(config.logLevel));
    const body = Buffer.from(JSON.stringify({ query: CASES[name].query }));
    const headers = { host: '127.0.0.1', 'content-type': 'application/json', accept: 'application/json', 'content-length': String(body.length) };
    send = (done) => {
      const res = new StandInResponse((ended) => {
        // Every answer: a request refused or failed part way would cost less, and flatter the figure.
        if (ended.statusCode !== 200 || !ended.body.startsWith('{"data":{') || ended.body.includes('"errors"'))
          fail(new Error(`${name}: ${ended.statusCode} ${ended.body.slice(0, 300)}`));
        done();
      });
      if (!gateway.lean(new StandInRequest(headers), res, body)) fail(new Error('the lean path did not take the request'));
    };
    close = () => gateway.close();
  }
  await drive(20_000, send);
  const counts = new Map<string, number>();
  const { createHook } = await import('node:async_hooks');
  const hook = createHook({ init: (_id, type) => void counts.set(type, (counts.get(type) ?? 0) + 1) }).enable();
  const counted = 2000;
  await drive(counted, send);
  hook.disable();
  const rounds: { us: number; userUs: number; systemUs: number }[] = [];
  const from = Number(process.hrtime.bigint() / 1000n);
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    await drive(PER_ROUND, send);
    const { user, system } = process.cpuUsage(before);
    rounds.push({ us: (user + system) / PER_ROUND, userUs: user / PER_ROUND, systemUs: system / PER_ROUND });
  }
  const to = Number(process.hrtime.bigint() / 1000n);
  await close();
  const middle = rounds.sort((a, b) => a.us - b.us)[ROUNDS >> 1]!;
  const per = (type: string) => (counts.get(type) ?? 0) / counted;
  const measured: Measured = {
    requests: ROUNDS * PER_ROUND,
    ...middle,
    promises: per('PROMISE'),
    timeouts: per('Timeout'),
    immediates: per('Immediate'),
    ticks: per('TickObject'),
    from,
    to,
  };
  console.log(JSON.stringify(measured));
}

function fail(error: unknown): never {
  console.error(error);
  process.exit(1);
}

/** Runs a child for `name`, with V8's profiler on when `profileDir` is given. */
async function measure(name: Case, stubUrl: string, profileDir?: string): Promise<Measured> {
  const flags = [...workerFlags(undefined), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--import', 'tsx', 'bench/pipeline.ts', name], {
    env: { ...process.env, STUB_URL: stubUrl },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Measured;
}

/** Measures every case over the stub at `stubUrl` and profiles the one-call query; PROFILE.md's section. */
export async function pipelineSection(stubUrl: string): Promise<string> {
  const measured = {} as Record<Case, Measured>;
  for (const name of Object.keys(CASES) as Case[]) measured[name] = await measure(name, stubUrl);
  const dir = resolve('node_modules/.cache/gateway-pipeline');
  rmSync(dir, { recursive: true, force: true });
  const profiled = await measure('one-call', stubUrl, dir);
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  const { byOrigin, busy } = selfTimes(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, profiled.from, profiled.to);
  const perSample = profiled.us / (busy / profiled.requests);
  const rows = [...byOrigin].map(([where, samples]) => ({ where, us: (samples / profiled.requests) * perSample, share: samples / busy })).sort((a, b) => b.us - a.us);
  const upstream = measured.floor.us;
  return [
    "## The gateway's own code, without its sockets",
    '',
    'From bench/pipeline.ts: the built gateway\'s modules in a process of their own (`npm start`\'s V8 flags, default settings,',
    'LOG_LEVEL=warn as in the throughput runs), answering through the lean path for stand-ins of node\'s request and',
    'response, 10 requests in flight; the one-call query\'s upstream call is real (undici, over a socket to the bench stub).',
    `CPU per request, the middle of ${ROUNDS} rounds of ${PER_ROUND}. Promises, timers, immediates and process.nextTick`,
    "calls per request are counted apart (async_hooks). The upstream call's socket writes are in `(native)`; the stand-ins'",
    'own cost is the bench/pipeline.ts row. Steadier than the load through `npm start` (the one-call row moved by 4 % over',
    "three runs): compare these between builds. Under that load a request costs several times what it costs here (bench/pipeline.ts",
    "says how that was measured): a cut made here is likelier to count there when it takes code off the request's path.",
    '',
    '| request | CPU µs/request | user | system | promises | timers | immediates | ticks |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...(Object.keys(CASES) as Case[]).map((name) => {
      const m = measured[name];
      return `| ${CASES[name].label} | ${cell(m.us)} | ${cell(m.userUs)} | ${cell(m.systemUs)} | ${m.promises.toFixed(1)} | ${m.timeouts.toFixed(1)} | ${m.immediates.toFixed(1)} | ${m.ticks.toFixed(1)} |`;
    }),
    '',
    `The one-call query costs ${cell(measured['one-call'].us - upstream)} µs of CPU a request beyond its floor's ${cell(upstream)}.`,
    `Where its ${cell(profiled.us)} µs went (profiled apart, ${profiled.requests} requests), by source file, self time:`,
    '',
    '| where | µs/request | share |',
    '|---|---:|---:|',
    ...shareRows(rows, (row) => row.us, cell, 0.01),
    '',
  ].join('\n');
}

const which = process.argv[2];
if (import.meta.filename === process.argv[1] && which !== undefined) {
  if (!(which in CASES)) throw new Error(`bench/pipeline.ts: give one of ${Object.keys(CASES).join(', ')}`);
  void child(which as Case).then(() => process.exit(0), fail);
}
