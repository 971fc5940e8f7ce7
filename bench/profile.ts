/**
 * Where the CPU of one uncached one-call request goes, as shipped: `npm start` with its default
 * settings (metrics, the request log at info, request ids, demand control, answer checks against
 * the spec; CACHE=off so that every request makes its call), over the bench's stub, under 10
 * connections, with V8's sampling profiler on (`--cpu-prof` through NODE_OPTIONS, so that
 * `npm start`'s own flags stay as they are). Only the samples taken while the load ran count;
 * each is put on the source file its function came from (through dist/'s source maps), or the
 * package, or node's own module, and divided by the requests answered in that time.
 *
 * `npm run bench` writes the table to bench/PROFILE.md and prints it (`npm run bench:profile`
 * does only this part).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuTime, startGateway, stop } from './processes.js';
import { onStub } from './stub.js';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileResult {
  requests: number;
  /** CPU µs per request, from the kernel's account of the process (utime + stime), profiler included. */
  usPerRequest: number;
  /** The part of it the kernel counted as system time (stime): its side of the sockets, the page faults. */
  systemUsPerRequest: number;
  /** Samples (all but idle) per request. */
  samplesPerRequest: number;
  rows: { where: string; us: number; share: number }[];
  functions: { name: string; where: string; us: number }[];
  markdown: string;
}

/** The source a bundled position came from: `src/…` of the gateway, a package, or the bundle itself. */
export function originOf(frame: CallFrame, maps: Map<string, SourceMap | null>): string {
  const { url } = frame;
  if (url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return url;
  // A module's URL, or the path of a script the gateway runs (src/base/scripts.ts).
  if (!url.startsWith('file://') && !url.startsWith('/')) return url;
  const file = url.startsWith('/') ? url : fileURLToPath(url);
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  const source = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const original = source && 'originalSource' in source ? source.originalSource : file;
  return shortName(original);
}

/** `src/yoga/lean-post.ts`, or a package's name (`graphql`, `@envelop/core`), from a path or URL. */
function shortName(path: string): string {
  const clean = path.replace(/^file:\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = clean.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const root = resolve('.');
  return clean.startsWith(root) ? clean.slice(root.length + 1) : clean.replace(/^.*?\/(src|dist)\//, '$1/');
}

/**
 * Samples taken in [from, to] (µs, the monotonic clock the profile and hrtime share), by node id.
 * Counted, not weighed by the time to the next sample: on a busy machine that time includes
 * the time the process waited for a core.
 */
function sampleCounts(profile: CpuProfile, from: number, to: number): Map<number, number> {
  const counts = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    if (at < from || at > to) continue;
    const id = profile.samples[i]!;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The busy samples taken in [from, to], by the source each function came from and by function. */
export function selfTimes(
  profile: CpuProfile,
  from: number,
  to: number,
): { byOrigin: Map<string, number>; byFunction: Map<string, { name: string; where: string; us: number }>; busy: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const maps = new Map<string, SourceMap | null>();
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, { name: string; where: string; us: number }>();
  let busy = 0;
  for (const [id, us] of sampleCounts(profile, from, to)) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += us;
    const where = originOf(frame, maps);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${where}`;
    const entry = byFunction.get(name) ?? { name: frame.functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    byFunction.set(name, entry);
  }
  return { byOrigin, byFunction, busy };
}

export const cell = (us: number) => (us >= 10 ? us.toFixed(0) : us.toFixed(1));

/**
 * The body of a table by source (`| where | figure | share |`): each row of at least `least` of
 * the whole on its own, the others summed into one row.
 */
export function shareRows<Row extends { where: string; share: number }>(
  rows: readonly Row[],
  figure: (row: Row) => number,
  format: (value: number) => string,
  least: number,
): string[] {
  const shown = rows.filter((row) => row.share >= least);
  const rest = rows.filter((row) => row.share < least);
  const summed = (of: (row: Row) => number) => rest.reduce((sum, row) => sum + of(row), 0);
  return [
    ...shown.map((row) => `| ${row.where} | ${format(figure(row))} | ${(row.share * 100).toFixed(1)} % |`),
    `| ${rest.length} others, under ${least * 100} % each | ${format(summed(figure))} | ${(summed((row) => row.share) * 100).toFixed(1)} % |`,
  ];
}

/**
 * Profiles the gateway's uncached one-call path over the stub at `stubUrl` for `seconds`, with
 * `body` as the request, and writes bench/PROFILE.md.
 */
export async function profileOneCall(stubUrl: string, body: string, seconds: number): Promise<ProfileResult> {
  const dir = resolve('node_modules/.cache/gateway-profile');
  rmSync(dir, { recursive: true, force: true });
  const gw = await startGateway({
    CACHE: 'off',
    ...onStub(stubUrl),
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir} --cpu-prof-interval=250`,
  });
  const opts = { url: gw.url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body, connections: 10, pipelining: 1 };
  await autocannon({ ...opts, duration: 3 });
  const before = cpuTime(gw.pid);
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await autocannon({ ...opts, duration: seconds });
  const to = Number(process.hrtime.bigint() / 1000n);
  const after = cpuTime(gw.pid);
  const kernelUs = after.total - before.total;
  const systemUs = after.system - before.system;
  if (result.non2xx || result.errors) throw new Error(`profile load: ${result.non2xx} non-2xx, ${result.errors} errors`);
  // SIGINT: the gateway drains without the orchestrator's delay, exits, and V8 writes the profile.
  process.kill(gw.pid, 'SIGINT');
  await new Promise<void>((done) => {
    const poll = setInterval(() => {
      try {
        process.kill(gw.pid, 0);
      } catch {
        clearInterval(poll);
        done();
      }
    }, 50);
  });
  await stop(gw.child);
  const file = readdirSync(dir).find((name) => name.includes(`.${gw.pid}.`));
  if (!file) throw new Error(`no profile of pid ${gw.pid} in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;

  const requests = result.requests.total;
  const { byOrigin, byFunction, busy } = selfTimes(profile, from, to);
  // Each busy sample stands for an equal share of the CPU the kernel counted.
  const usPerRequest = kernelUs / requests;
  const systemUsPerRequest = systemUs / requests;
  const perSample = kernelUs / busy / requests;
  const rows = [...byOrigin]
    .map(([where, samples]) => ({ where, us: samples * perSample, share: samples / busy }))
    .sort((a, b) => b.us - a.us);
  const functions = [...byFunction.values()].map((f) => ({ ...f, us: f.us * perSample })).sort((a, b) => b.us - a.us);
  const samplesPerRequest = busy / requests;
  const markdown = [
    '# Where the CPU of an uncached one-call request goes',
    '',
    'Written by `npm run bench` (or `npm run bench:profile`) from bench/profile.ts: `npm start` with its default settings',
    '(metrics, the request log at info, request ids, demand control, answer checks) and `CACHE=off`, over the bench stub,',
    `the one-call query under 10 connections for ${seconds} s with \`--cpu-prof\`. Self time of each function (its share of`,
    'the busy samples times the CPU the kernel counted for the process), by the source file it came from (through',
    "dist/'s source maps), a package, or node's own module, per request answered. `(native)` is V8 and node's C++",
    '(string encoding, socket writes, microtask runs); the profiler itself is in the total. The machine is shared:',
    'compare the shares, not the absolutes, between runs. On a virtual machine the sampler lands after a system call',
    "more often than the call's time warrants: when the socket writes' rows (writeUtf8String, writeLatin1String) add up to",
    'more than the system time below, read the JavaScript rows against each other, or use perf.',
    '',
    `${requests} requests (${Math.round(requests / seconds)} req/s while profiled); ${cell(usPerRequest)} µs of CPU per request, ${cell(systemUsPerRequest)} of it system time (${samplesPerRequest.toFixed(1)} busy samples).`,
    '',
    '| where | µs/request | share |',
    '|---|---:|---:|',
    ...shareRows(rows, (row) => row.us, cell, 0.005),
    '',
    '## The 30 functions with the most self time',
    '',
    '| function | where | µs/request |',
    '|---|---|---:|',
    ...functions.slice(0, 30).map((f) => `| ${f.name} | ${f.where} | ${cell(f.us)} |`),
    '',
  ].join('\n');
  return { requests, usPerRequest, systemUsPerRequest, samplesPerRequest, rows, functions, markdown };
}
