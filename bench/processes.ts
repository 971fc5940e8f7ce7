/** What every benchmark script does with the processes it starts: the gateway, the sandbox, RSS, stopping. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/ports.js';

/**
 * The fields of /proc/<pid>/stat (or of one thread's, /proc/<pid>/task/<tid>/stat) after the
 * command name (which may hold spaces), from its state on: minflt is [7], utime and stime [11] and [12].
 */
function statFields(pid: number, tid?: number): string[] {
  const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** A process's CPU time so far, every thread (or only its thread `tid`), in µs: user and system apart and together, from /proc (CLK_TCK 100). */
export function cpuTime(pid: number, tid?: number): { user: number; system: number; total: number } {
  const fields = statFields(pid, tid);
  const user = Number(fields[11]) * 10_000;
  const system = Number(fields[12]) * 10_000;
  return { user, system, total: user + system };
}

/**
 * A process's main thread's CPU time so far in µs, user + system (its task whose id is the pid).
 * Node runs JavaScript there alone, so under load it bounds a server's rate, where the process's
 * CPU also counts V8's helper threads (compilers, collectors), which run beside it.
 */
export function mainThreadCpu(pid: number): number {
  return cpuTime(pid, pid).total;
}

/** The connections every load of the bench opens, as ../shared/bench/run.js does. */
export const CONNECTIONS = 10;

/** One server's run: req/s, and the CPU its process spent per request (/proc, user + system), its main thread's apart. */
export interface Run {
  rps: number;
  cpuUs: number;
  mainUs: number;
}

/** `opts` for `duration` seconds under CONNECTIONS connections; any answer not 2xx, or an error, fails it. The CPU is `pid`'s, when given. */
export async function load(opts: autocannon.Options, duration: number, pid?: number): Promise<Run> {
  const before = pid === undefined ? 0 : cpuTime(pid).total;
  const mainBefore = pid === undefined ? 0 : mainThreadCpu(pid);
  const result = await autocannon({ connections: CONNECTIONS, pipelining: 1, duration, ...opts });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors from ${opts.url}`);
  const rps = result.requests.total / duration;
  if (pid === undefined) return { rps, cpuUs: Number.NaN, mainUs: Number.NaN };
  return {
    rps,
    cpuUs: (cpuTime(pid).total - before) / result.requests.total,
    mainUs: (mainThreadCpu(pid) - mainBefore) / result.requests.total,
  };
}

/** A process's minor page faults so far, its threads' included (minflt, from /proc): each page it touched first, or a run of a file's pages it mapped. */
function minorFaults(pid: number): number {
  return Number(statFields(pid)[7]);
}

/**
 * What a page of memory touched for the first time costs on this machine, in µs: 64 MB of memory
 * this process has never touched, written a byte a page. On the virtual machines the gateway is
 * measured on, 10 to 13 µs, which makes the page faults of a start (about 15,000) a large part of it.
 */
export function firstTouchUs(): number {
  // Over glibc's largest mmap threshold (32 MB): fresh pages from the kernel, never a chunk malloc kept.
  const bytes = 64 * 1024 * 1024;
  const page = 4096;
  const started = performance.now();
  const fresh = Buffer.allocUnsafeSlow(bytes);
  for (let at = 0; at < bytes; at += page) fresh[at] = 1;
  return ((performance.now() - started) * 1000) / (bytes / page);
}

/** A process's highest resident memory so far in MB (VmHWM), from /proc. */
export function peakRssMb(pid: number): number {
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
}

/** A process's resident memory in MB, from /proc; NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
  } catch {
    return Number.NaN;
  }
}

/** SIGTERM to the child's process group (npm and what it started), resolved when it has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** Every process a benchmark started, stopped by `stopAll()` whatever happens. */
const started: ChildProcess[] = [];

export async function stopAll(): Promise<void> {
  await Promise.all(started.map(stop));
}

/**
 * Starts a process in its own group (so that `stop()` reaches npm and what it runs); resolves
 * with the first JSON line it prints that has a `url`, as `npm run sandbox` and the stub do.
 */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; line: Record<string, unknown> }> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  started.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as Record<string, unknown>;
        if (typeof line.url === 'string') {
          clearTimeout(timer);
          resolve({ child, line });
        }
      } catch {
        // not a JSON line
      }
    });
  });
}

export interface StartedGateway {
  child: ChildProcess;
  /** Its /graphql URL. */
  url: string;
  /** The gateway's own pid (npm stays in front of it). */
  pid: number;
  /** From the spawn to its first answer. */
  startMs: number;
  /** Its minor page faults by then (`minorFaults`), read just after the first answer. */
  startFaults: number;
}

/** The compiled gateway, as users start it (`npm start`, in `cwd`: this checkout by default), on a free port; resolves once it answers. */
export async function startGateway(env: Record<string, string>, cwd = process.cwd()): Promise<StartedGateway> {
  return npmStart(cwd, { SANDBOX: 'off', NODE_ENV: 'production', ...env });
}

/**
 * The floor under the gateway's start: `npm start` of a project whose start script runs a one-line
 * node:http server on the same node, timed as the gateway is. npm's own start (its CLI loaded on
 * the system's node, the script's shell) is most of it, and no gateway started by `npm start`
 * can answer sooner.
 */
export async function startFloor(): Promise<{ ms: number; faults: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'start-floor-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, scripts: { start: `exec "${process.execPath}" server.cjs` } }));
    writeFileSync(
      join(dir, 'server.cjs'),
      "require('node:http').createServer((req, res) => req.resume().on('end', () => res.end('{\"data\":{\"__typename\":\"Query\"}}'))).listen(Number(process.env.PORT), process.env.HOST);\n",
    );
    const floor = await npmStart(dir, {});
    await stop(floor.child);
    return { ms: floor.startMs, faults: floor.startFaults };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm start` in `cwd` on a free loopback port, timed from the spawn to its first answer to a POST of `{ __typename }`. */
async function npmStart(cwd: string, env: Record<string, string>): Promise<StartedGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/graphql`;
  const spawned = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  started.push(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start in ${cwd} exited with ${child.exitCode}`);
    try {
      await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).text();
      break;
    } catch {
      await sleep(20);
    }
  }
  const startMs = Math.round(performance.now() - spawned);
  const listener = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString());
  if (!listener) throw new Error(`no process listens on port ${port}`);
  const pid = Number(listener[1]);
  return { child, url, pid, startMs, startFaults: minorFaults(pid) };
}

export interface SandboxUrls {
  url: string;
  dataApiUrl: string;
  metricsApiUrl: string;
  nodeUrls: { mainnet: string; fuji: string };
}

/** `npm run sandbox` on a free port; its URLs, and the environment that points a gateway at it. */
export async function startSandbox(env: Record<string, string> = {}): Promise<{ child: ChildProcess; urls: SandboxUrls; upstreams: Record<string, string> }> {
  const { child, line } = await startProcess('npm', ['run', '--silent', 'sandbox'], { SANDBOX_PORT: '0', SANDBOX_BLOCK_MS: '0', ...env });
  const urls = line as unknown as SandboxUrls;
  const upstreams = {
    DATA_API_URL: urls.dataApiUrl,
    METRICS_API_URL: urls.metricsApiUrl,
    NODE_URL_MAINNET: urls.nodeUrls.mainnet,
    NODE_URL_FUJI: urls.nodeUrls.fuji,
  };
  return { child, urls, upstreams };
}

/** Upstream calls the sandbox served so far. */
export async function sandboxCalls(urls: SandboxUrls): Promise<number> {
  return ((await (await fetch(`${urls.url}/_sandbox/stats`)).json()) as { total: number }).total;
}

export interface GatewayMemory {
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** What each cache counts it holds, by store (`reads`, `responses`), and the bounded document caches. */
  cachesMb: Record<string, number>;
}

/** The gateway's own account of its memory, read from its /metrics (V8's heap, and what its caches count). */
export async function memoryOf(gatewayUrl: string): Promise<GatewayMemory> {
  const text = await (await fetch(gatewayUrl.replace(/\/graphql$/, '/metrics'))).text();
  const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
  const value = (name: string) => mb(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN));
  const cachesMb: Record<string, number> = {};
  for (const [, store, bytes] of text.matchAll(/^gateway_cache_bytes\{store="([^"]+)"[^}]*\} (\S+)$/gm)) {
    cachesMb[store!] = mb((cachesMb[store!] ?? 0) * 1_048_576 + Number(bytes));
  }
  return {
    heapUsedMb: value('nodejs_heap_size_used_bytes'),
    heapTotalMb: value('nodejs_heap_size_total_bytes'),
    externalMb: value('nodejs_external_memory_bytes'),
    cachesMb,
  };
}
