/**
 * Whether node or V8 flags would make the gateway cheaper than `npm start`'s own, measured so that
 * a process's own luck shows: `npm run bench:flags -- --max-semi-space-size=8 [--pairs 2] [--rounds 16]`.
 *
 * Two gateways started alike differ in CPU a request by more than most flags change it (which code
 * V8 optimised and when, where objects landed), and the machine's slow stretches are longer than a
 * run. So gateways are compared in pairs over the bench's stub, driven in turn by the same 10
 * connections in interleaved windows of 1.5 s, and each window's CPU a request (/proc, user +
 * system, every thread) is set against the other gateway's window of the same round. The first
 * pair is two gateways started alike, whose difference is what "no difference" looks like; then
 * `--pairs` pairs of `npm start`'s flags against the same with the flags asked for after them
 * (node and V8 take the last of a flag given twice). Both run the built dist/main.js with node
 * directly, with the start script's flags read from package.json and its environment.
 *
 * The figures in docs/operating.md on the young generation's size and parallel scavenging come
 * from this.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cpuTime, freePort, peakRssMb, rssMb } from './processes.js';
import { median, quantile } from './stats.js';
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

/** `npm start`'s node flags and environment, from the start script, with its defaults filled in. */
function startScript(): { flags: string[]; env: Record<string, string> } {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const withDefaults = script.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
  const match = /^exec env ((?:\w+=\S+ )*)node ((?:--\S+ )*)dist\/main\.js$/.exec(withDefaults);
  if (!match) throw new Error(`the start script is not of the form this reads (exec env K=V… node --flags… dist/main.js): ${script}`);
  const env = Object.fromEntries(match[1]!.trim().split(' ').filter(Boolean).map((kv) => kv.split('=') as [string, string]));
  return { flags: match[2]!.trim().split(' '), env };
}

/** Every gateway started, stopped however this exits (a failed window, a gateway that would not start). */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

async function startGateway(label: string, flags: string[], env: Record<string, string>): Promise<Gateway> {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), SANDBOX: 'off', NODE_ENV: 'production', LOG_LEVEL: 'warn', CACHE: 'off' },
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

async function window(gateway: Gateway, duration: number): Promise<void> {
  const before = cpuTime(gateway.child.pid!).total;
  const result = await autocannon({
    url: gateway.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: ONE_CALL_QUERY }),
    connections: 10,
    pipelining: 1,
    duration,
  });
  if (result.non2xx || result.errors) throw new Error(`${gateway.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  gateway.cpu.push((cpuTime(gateway.child.pid!).total - before) / result.requests.total);
}


/** One pair, interleaved: the row of the table. */
async function pair(base: string[], extra: string[], env: Record<string, string>, rounds: number): Promise<string> {
  const label = extra.length ? extra.join(' ') : '(the same again)';
  const a = await startGateway('as shipped', base, env);
  const b = await startGateway(label, [...base, ...extra], env);
  try {
    for (const g of [a, b]) await window(g, WARM_S);
    for (let round = 0; round < rounds; round++) for (const g of round % 2 ? [b, a] : [a, b]) await window(g, WINDOW_S);
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

function options(argv: string[]): { extra: string[]; pairs: number; rounds: number } {
  const extra: string[] = [];
  let pairs = 2;
  let rounds = 16;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--pairs' || arg === '--rounds') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} takes a whole number of at least 1, not ${argv[i]}`);
      if (arg === '--pairs') pairs = value;
      else rounds = value;
    } else if (arg.startsWith('--')) extra.push(arg);
    else throw new Error(`${arg}: give node or V8 flags (--name or --name=value), --pairs N or --rounds N`);
  }
  if (extra.length === 0) throw new Error('give the flags to compare, e.g. npm run bench:flags -- --max-semi-space-size=8');
  return { extra, pairs, rounds };
}

const { extra, pairs, rounds } = options(process.argv.slice(2));
const { flags, env } = startScript();
const stub = stubServer();
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
const stubEnv = { ...env, ...onStub(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`) };
console.log(`npm start's flags: ${flags.join(' ')}; the one-call query, cache off, ${rounds} windows of ${WINDOW_S} s a gateway\n`);
console.log('| against as shipped | as shipped, µs/request | these flags, µs/request | difference, same round (median) | middle half of those | RSS idle, MB | RSS peak, MB |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
console.log(await pair(flags, [], stubEnv, rounds));
for (let i = 0; i < pairs; i++) console.log(await pair(flags, extra, stubEnv, rounds));
stub.close();
stub.closeAllConnections();
