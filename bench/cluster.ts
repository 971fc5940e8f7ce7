/**
 * `npm run cluster`: the topology of compose.yaml as processes on this machine, from the built
 * gateway. N gateways (dist/main.js with npm start's node flags, FEDERATION=true, one Redis, one
 * cursor secret), a real redis-server, a real federation router (Hive Gateway, the version of
 * deploy/router/package.json, installed there on first use) serving the supergraph of our
 * subgraph, and the sandbox as the upstreams, with its chains moving.
 *
 * Between the router and the gateways, a TCP round-robin balancer stands for what Docker's DNS or
 * a Kubernetes Service does: each new connection goes to the next gateway that accepts it, so a
 * gateway that is down is skipped and one that is back takes connections again.
 *
 *   npm run cluster                      # 3 gateways; CLUSTER_GATEWAYS=1 for one
 *   → one JSON line: the router's URL, each gateway's, Redis's, the sandbox's; Ctrl-C stops all.
 *
 * bench/cluster-soak.ts drives it (kills a gateway, restarts Redis) through startCluster().
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test/helpers/ports.js';
import { startSandbox, stopAll, type SandboxUrls } from './processes.js';
import { composeSupergraph } from '../test/generate/supergraph.js';
import { workerFlags } from '../src/cli.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUTER_DIR = join(ROOT, 'deploy/router');
const HIVE_GATEWAY = join(ROUTER_DIR, 'node_modules/.bin/hive-gateway');

/** npm start's node flags (package.json, checked against them), run without npm so that a signal reaches the gateway itself. */
const NODE_FLAGS = workerFlags(undefined);

export interface ClusterGateway {
  index: number;
  port: number;
  origin: string;
  child: ChildProcess;
  /** SIGKILL: the process dies with whatever it had in flight, as a crash or an OOM kill would. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers /health. */
  start(): Promise<void>;
  /** SIGTERM, and the wait for it to drain and exit. */
  stop(): Promise<void>;
}

export interface Cluster {
  routerUrl: string;
  /** The balancer in front of the gateways: what the router's supergraph routes to. */
  balancerUrl: string;
  gateways: ClusterGateway[];
  sandbox: SandboxUrls;
  redis: { url: string; kill(): Promise<void>; start(): Promise<void> };
  /** Connections the balancer handed to each gateway, by index. */
  connectionsTo: number[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  gateways: number;
  /** Added to every gateway's environment. */
  env?: Record<string, string>;
  /** How often the sandbox's chains move on (subscriptions see a block per this). */
  blockMs?: number;
  /** Where the router's and gateways' logs go; quiet (warnings and errors only) unless set. */
  logLevel?: string;
}

/** What this harness started itself (the sandbox is bench/processes.ts's): none outlives it, whatever happens. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function until(what: string, check: () => Promise<boolean>, withinMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(50)) {
    if (await check().catch(() => false)) return;
  }
  throw new Error(`${what} within ${withinMs / 1000} s`);
}

/** Hive Gateway from deploy/router, installed from its lockfile the first time. */
export function ensureRouter(): string {
  if (!existsSync(HIVE_GATEWAY)) {
    console.error('installing the federation router (deploy/router, Hive Gateway) for the first time…');
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: ROUTER_DIR, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm ci in deploy/router failed');
  }
  return HIVE_GATEWAY;
}

function startRedis(port: number) {
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = track(spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));
    await until('redis-server did not answer', async () => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG');
  };
  const kill = async () => {
    if (!child) return;
    const c = child;
    c.kill('SIGKILL');
    await waitForExit(c);
  };
  return { url, start, kill };
}

/** A TCP balancer: each connection to the next backend that accepts it. */
function startBalancer(ports: number[], counts: number[]): Promise<{ server: Server; url: string }> {
  let next = 0;
  const server = createServer((client) => {
    client.pause();
    const attempt = (tried: number) => {
      if (tried >= ports.length) {
        client.destroy();
        return;
      }
      const index = next++ % ports.length;
      const upstream: Socket = connect(ports[index]!, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        counts[index]!++;
        client.pipe(upstream).pipe(client);
        client.resume();
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        client.once('error', close).once('close', close);
        upstream.once('error', close).once('close', close);
      });
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (connected) return;
        if (error.code === 'ECONNREFUSED') attempt(tried + 1);
        else client.destroy();
      });
    };
    attempt(0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const hive = ensureRouter();
  const logLevel = options.logLevel ?? 'warn';
  const { urls, upstreams } = await startSandbox({ SANDBOX_BLOCK_MS: String(options.blockMs ?? 2000) });
  const redis = startRedis(await freePort());
  await redis.start();

  const ports = await Promise.all(Array.from({ length: options.gateways }, () => freePort()));
  const connectionsTo = ports.map(() => 0);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SANDBOX: 'off',
    ...upstreams,
    REDIS_URL: redis.url,
    CURSOR_SECRET: 'cluster-harness-cursor-secret-0123456789',
    FEDERATION: 'true',
    LOG_LEVEL: logLevel,
    ...options.env,
  };
  const gateways: ClusterGateway[] = ports.map((port, index) => {
    const gateway: ClusterGateway = {
      index,
      port,
      origin: `http://127.0.0.1:${port}`,
      child: undefined as unknown as ChildProcess,
      async start() {
        gateway.child = track(
          spawn(process.execPath, [...NODE_FLAGS, join(ROOT, 'dist/main.js')], {
            cwd: ROOT,
            env: { ...env, PORT: String(port) },
            // Their logs to stderr: stdout is for what a script built on the harness prints.
            stdio: ['ignore', 2, 'inherit'],
          }),
        );
        await until(`gateway ${index} did not answer /health`, async () => (await fetch(`${gateway.origin}/health`)).ok);
      },
      async kill() {
        gateway.child.kill('SIGKILL');
        await waitForExit(gateway.child);
      },
      async stop() {
        gateway.child.kill('SIGTERM');
        await waitForExit(gateway.child);
      },
    };
    return gateway;
  });
  await Promise.all(gateways.map((g) => g.start()));

  const balancer = await startBalancer(ports, connectionsTo);
  const dir = mkdtempSync(join(tmpdir(), 'cluster-'));
  const supergraph = join(dir, 'supergraph.graphql');
  writeFileSync(supergraph, composeSupergraph(`${balancer.url}/subgraph`));
  const routerPort = await freePort();
  const router = track(spawn(hive, ['supergraph', supergraph, '--port', String(routerPort), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { PATH: env.PATH, HOME: env.HOME, NODE_ENV: 'production', LOG_LEVEL: logLevel },
    // Its request logs only when asked for (npm run cluster); its warnings and errors always.
    stdio: ['ignore', logLevel === 'info' ? 2 : 'ignore', 'inherit'],
    detached: true,
  }));
  const routerUrl = `http://127.0.0.1:${routerPort}/graphql`;
  await until('the router did not answer', async () => {
    const res = await fetch(routerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    return res.ok;
  });

  return {
    routerUrl,
    balancerUrl: balancer.url,
    gateways,
    sandbox: urls,
    redis,
    connectionsTo,
    async stop() {
      try {
        process.kill(-router.pid!, 'SIGTERM');
      } catch {
        // gone already
      }
      await waitForExit(router);
      await Promise.all(gateways.map((g) => g.stop()));
      balancer.server.close();
      await redis.kill();
      await stopAll();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.env.CLUSTER_GATEWAYS ?? 3);
  if (!existsSync(join(ROOT, 'dist/main.js'))) throw new Error('no dist/main.js: npm run build first (npm run cluster does)');
  const cluster = await startCluster({ gateways: count, logLevel: process.env.LOG_LEVEL ?? 'info' });
  console.log(
    JSON.stringify({
      url: cluster.routerUrl,
      gateways: cluster.gateways.map((g) => `${g.origin}/graphql`),
      subgraphs: `${cluster.balancerUrl}/subgraph`,
      redis: cluster.redis.url,
      sandbox: cluster.sandbox.url,
    }),
  );
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
