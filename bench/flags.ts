/**
 * Whether node or V8 flags would make the gateway cheaper than `npm start`'s own, or what a setting
 * costs, measured so that a process's own luck shows:
 * `npm run bench:flags -- --max-semi-space-size=8 [LOG_LEVEL=warn] [--pairs 2] [--rounds 16] [--query typename]`.
 *
 * Two gateways started alike differ in CPU a request by more than most flags change it (which code
 * V8 optimised and when, where objects landed), and the machine's slow stretches are longer than a
 * run. So gateways are compared in pairs over the bench's stub, driven in turn by the same 10
 * connections in interleaved windows of 1.5 s, and each window's CPU a request (/proc, user +
 * system, every thread) is set against the other gateway's window of the same round. The first
 * pair is two gateways started alike, whose difference is what "no difference" looks like; then
 * `--pairs` pairs of `npm start`'s flags against the same with the flags asked for after them
 * (node and V8 take the last of a flag given twice), and with the settings asked for (NAME=value)
 * in its environment. Both run the built dist/main.js with node directly, with the start script's
 * flags read from package.json and its environment, and every other setting at its default (the
 * request log at info included, written to nothing). The query is the one-call query, or
 * `{ __typename }` (`--query typename`), which prices what every request pays before its fields.
 * Unlike bench/features.ts (in one process, through yoga's fetch), the HTTP layer is in the figures.
 *
 * The figures in docs/operating.md on the young generation's size and parallel scavenging come
 * from this.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/ports.js';
import { cpuTime, peakRssMb, rssMb } from './processes.js';
import { median, quantile } from './stats.js';
import { startCommand } from '../warm-compile-cache.mjs';
import { ONE_CALL_QUERY, onStub, stubServer } from './stub.js';

const WINDOW_S = 1.5;
const WARM_S = 3;

interface Gateway {
  label: string;
  child: ChildProcess;
  url: string;
  idleMb: number;
  cpu: number[];
}

/** Every gateway started, stopped however this exits (a failed window, a gateway that would not start). */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

async function startGateway(label: string, flags: string[], env: Record<string, string>): Promise<Gateway> {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SANDBOX: 'off', NODE_ENV: 'production', CACHE: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}/graphql`;
  for (const started = Date.now(); ; ) {
    if (Date.now() - started > 30_000) throw new Error(`${label}: the gateway did not answer within 30 s`);
    if (child.exitCode !== null) throw new Error(`${label}: the gateway exited with ${child.exitCode}`);
    try {
      await (await fetch(`${url}?query=%7B__typename%7D`)).text();
      break;
    } catch {
      await sleep(50);
    }
  }
  await sleep(1000);
  return { label, child, url, idleMb: rssMb(child.pid!), cpu: [] };
}

/** The queries a run can drive: what one upstream call costs, or only what every request pays. */
const QUERIES: Record<string, string> = { 'one-call': ONE_CALL_QUERY, typename: '{ __typename }' };

async function window(gateway: Gateway, duration: number, query: string): Promise<void> {
  const before = cpuTime(gateway.child.pid!).total;
  const result = await autocannon({
    url: gateway.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    connections: 10,
    pipelining: 1,
    duration,
  });
  if (result.non2xx || result.errors) throw new Error(`${gateway.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  gateway.cpu.push((cpuTime(gateway.child.pid!).total - before) / result.requests.total);
}

/** What the second gateway of a pair runs with beyond `npm start`'s: node flags, settings. */
interface Variant {
  flags: string[];
  settings: Record<string, string>;
}

/** One pair, interleaved: the row of the table. */
async function pair(base: string[], variant: Variant, env: Record<string, string>, rounds: number, query: string): Promise<string> {
  const asked = [...variant.flags, ...Object.entries(variant.settings).map(([name, value]) => `${name}=${value}`)];
  const label = asked.length ? asked.join(' ') : '(the same again)';
  const a = await startGateway('as shipped', base, env);
  const b = await startGateway(label, [...base, ...variant.flags], { ...env, ...variant.settings });
  try {
    for (const g of [a, b]) await window(g, WARM_S, query);
    for (let round = 0; round < rounds; round++) for (const g of round % 2 ? [b, a] : [a, b]) await window(g, WINDOW_S, query);
    const diffs = b.cpu.map((cpu, i) => cpu - a.cpu[i]!);
    const q = (at: number) => quantile(diffs, at).toFixed(1);
    return `| ${label} | ${median(a.cpu).toFixed(1)} | ${median(b.cpu).toFixed(1)} | ${median(diffs).toFixed(1)} | ${q(0.25)} to ${q(0.75)} | ${a.idleMb} / ${b.idleMb} | ${peakRssMb(a.child.pid!)} / ${peakRssMb(b.child.pid!)} |`;
  } finally {
    for (const g of [a, b]) {
      g.child.kill('SIGTERM');
      children.delete(g.child);
    }
  }
}

function options(argv: string[]): { variant: Variant; pairs: number; rounds: number; query: string } {
  const variant: Variant = { flags: [], settings: {} };
  let pairs = 2;
  let rounds = 16;
  let query = ONE_CALL_QUERY;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const setting = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(arg);
    if (arg === '--pairs' || arg === '--rounds') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} takes a whole number of at least 1, not ${argv[i]}`);
      if (arg === '--pairs') pairs = value;
      else rounds = value;
    } else if (arg === '--query') {
      const name = argv[++i] ?? '';
      if (!Object.hasOwn(QUERIES, name)) throw new Error(`--query takes one of ${Object.keys(QUERIES).join(', ')}, not ${name || 'nothing'}`);
      query = QUERIES[name]!;
    } else if (setting) variant.settings[setting[1]!] = setting[2]!;
    else if (arg.startsWith('--')) variant.flags.push(arg);
    else throw new Error(`${arg}: give node or V8 flags (--name or --name=value), settings (NAME=value), --pairs N, --rounds N or --query NAME`);
  }
  if (variant.flags.length === 0 && Object.keys(variant.settings).length === 0) {
    throw new Error('give the flags or settings to compare, e.g. npm run bench:flags -- --max-semi-space-size=8, or -- LOG_LEVEL=warn');
  }
  return { variant, pairs, rounds, query };
}

const { variant, pairs, rounds, query } = options(process.argv.slice(2));
const { flags, env } = startCommand();
const stub = stubServer();
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
const stubEnv = { ...env, ...onStub(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`) };
console.log(`npm start's flags: ${flags.join(' ')}; ${query}, cache off, ${rounds} windows of ${WINDOW_S} s a gateway\n`);
console.log('| against as shipped | as shipped, µs/request | this variant, µs/request | difference, same round (median) | middle half of those | RSS idle, MB | RSS peak, MB |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
console.log(await pair(flags, { flags: [], settings: {} }, stubEnv, rounds, query));
for (let i = 0; i < pairs; i++) console.log(await pair(flags, variant, stubEnv, rounds, query));
stub.close();
stub.closeAllConnections();
