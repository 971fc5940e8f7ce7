/**
 * The gateway as users run it: `npm start` (the built dist/, plain node) in a child process, in
 * its default configuration except what a test sets, pointed at a sandbox. Tests of what only
 * the shipped build shows (bundling, Redis, the HTTP server, WebSocket, shutdown) use this, so a
 * slip of the bundle fails a test instead of passing with the sources.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sandbox } from '../../sandbox/server.js';
import { withoutCost } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface GatewayProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Its /graphql URL. */
  url: string;
  port: number;
  /** The log lines it wrote so far (pino JSON, parsed; other lines as `{ msg }`). */
  logs: { level?: string; msg?: string; [key: string]: unknown }[];
  /** Resolves with its exit code (or signal name) once it exited. */
  exited: Promise<number | string | null>;
  /** POSTs a query as JSON and returns the status and body. */
  query<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T }>;
  /** Sends `signal` to npm and the gateway (their process group). */
  kill(signal: NodeJS.Signals): void;
  /** Sends `signal` (to npm and the gateway) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

/** The sandbox's upstream URLs, as the environment names them. */
export function sandboxEnv(sandbox: Sandbox): Record<string, string> {
  return {
    DATA_API_URL: sandbox.dataApiUrl,
    METRICS_API_URL: sandbox.metricsApiUrl,
    NODE_URL_MAINNET: sandbox.nodeUrl('mainnet'),
    NODE_URL_FUJI: sandbox.nodeUrl('fuji'),
  };
}

/**
 * Starts `npm start` on a free loopback port with `env` added to the sandbox's URLs, and resolves
 * once it logged that it is ready. Nothing else is set: caches, limits and plugins are the defaults.
 */
export async function startGatewayProcess(
  sandbox: Sandbox | undefined,
  env: Record<string, string> = {},
  /**
   * `demo` runs `npm run demo`: the built gateway serving its own embedded sandbox; `{ cli }` runs
   * the package's command (dist/cli.js) with these arguments, its workers under it.
   */
  script: 'start' | 'demo' | { cli: string[] } = 'start',
): Promise<GatewayProcess> {
  const [command, args] =
    typeof script === 'object'
      ? ['node', ['dist/cli.js', ...script.cli]]
      : ['npm', script === 'start' ? ['start', '--silent'] : ['run', script, '--silent']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(sandbox ? sandboxEnv(sandbox) : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: a signal reaches npm and the gateway it started alike (npm
    // passes SIGTERM on, but not SIGKILL, which would leave the gateway running).
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Gone already.
    }
  };
  const logs: GatewayProcess['logs'] = [];
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const ready = new Promise<string>((resolve, reject) => {
    const read = (line: string) => {
      let parsed: GatewayProcess['logs'][number];
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = { msg: line };
      }
      logs.push(parsed);
      if (typeof parsed.url === 'string' && String(parsed.msg).startsWith('GraphQL gateway ready')) resolve(parsed.url);
    };
    createInterface({ input: child.stdout! }).on('line', read);
    createInterface({ input: child.stderr! }).on('line', read);
    void exited.then((code) =>
      reject(new Error(`npm start exited (${code}) before it was ready:\n${logs.map((l) => JSON.stringify(l)).join('\n')}`)),
    );
  });
  const timeout = sleep(20_000).then(() => {
    throw new Error(`npm start was not ready within 20 s:\n${logs.map((l) => JSON.stringify(l)).join('\n')}`);
  });
  let url: string;
  try {
    url = await Promise.race([ready, timeout]);
  } catch (error) {
    signal('SIGKILL');
    throw error;
  }
  const origin = url.replace(/\/graphql$/, '');
  return {
    child,
    origin,
    url,
    port: Number(new URL(origin).port),
    logs,
    exited,
    async query(query, variables, headers = {}) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: withoutCost(await res.json()) };
    },
    kill: signal,
    async stop(name = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) signal(name);
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Waits until `/ready` reports Redis connected: the instance shares what it reads from then on. */
export async function untilRedisConnected(gw: GatewayProcess, withinMs = 5_000): Promise<void> {
  let last: unknown;
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(25)) {
    last = await fetch(`${gw.origin}/ready`).then((r) => r.json());
    if ((last as { redis?: string }).redis === 'connected') return;
  }
  throw new Error(`Redis never connected: /ready says ${JSON.stringify(last)}; log: ${JSON.stringify(gw.logs)}`);
}
