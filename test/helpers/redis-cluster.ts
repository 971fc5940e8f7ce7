/**
 * Redis as deployments run it, for tests: a Redis Cluster of three local redis-server processes
 * (three masters, no replicas: every slot served, every multi-key command checked for slots), and
 * a master watched by one Sentinel. Each in a temporary folder of its own, without persistence,
 * stopped (and the folder removed) by `stop()`. The binaries are Debian's redis-server package's,
 * as for test/helpers/redis-server.ts; a sentinel is redis-server with --sentinel.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports.js';

export interface RedisTopology {
  /** REDIS_URL and REDIS_MODE (with REDIS_SENTINEL_MASTER) to reach it. */
  env: Record<string, string>;
  /** The data nodes' ports: the cluster's masters, or the sentinel's master. */
  ports: number[];
  /** Kills the data nodes (not the sentinel), empty, and starts them again once `down` resolves. */
  restart(down?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

function cli(port: number, ...args: string[]): string {
  const result = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8', timeout: 10_000 });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
}

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) if (check()) return;
  throw new Error(`not in time: ${what}`);
}

function requireRedis(): void {
  if (spawnSync('redis-server', ['--version']).error || spawnSync('redis-cli', ['--version']).error) {
    throw new Error('redis-server is not installed: `apt-get install -y redis-server` (.ci/run does this), or put it on PATH');
  }
}

/** Starts `count` processes, stops them all (and removes `dir`) if anything fails. */
function processes(dir: string) {
  const children: { args: string[]; child: ChildProcess; data: boolean }[] = [];
  const kill = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  const stop = async () => {
    await Promise.all(children.map(({ child }) => kill(child)));
    rmSync(dir, { recursive: true, force: true });
  };
  const start = (args: string[], data = true) => {
    children.push({ args, child: spawn('redis-server', args, { cwd: dir, stdio: 'ignore' }), data });
  };
  /** The data nodes killed, and started again with the same arguments (a cluster node finds its peers in its nodes.conf). */
  const restart = async (down: () => Promise<void>) => {
    const nodes = children.filter((c) => c.data);
    await Promise.all(nodes.map(({ child }) => kill(child)));
    await down();
    for (const node of nodes) node.child = spawn('redis-server', node.args, { cwd: dir, stdio: 'ignore' });
  };
  return { start, stop, restart };
}

const NO_PERSISTENCE = ['--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'];

/** Three masters on free ports, their slots assigned by `redis-cli --cluster create`. */
export async function startRedisCluster(): Promise<RedisTopology> {
  requireRedis();
  const dir = mkdtempSync(join(tmpdir(), 'agw-redis-cluster-'));
  const running = processes(dir);
  try {
    const ports: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [port, bus] = [await freePort(), await freePort()];
      ports.push(port);
      running.start([
        '--port',
        String(port),
        // Redis 7: the bus port given, rather than port + 10000, which may be taken or out of range.
        '--cluster-port',
        String(bus),
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        '2000',
        ...NO_PERSISTENCE,
      ]);
    }
    for (const port of ports) await until(`redis-server on ${port}`, () => cli(port, 'ping') === 'PONG');
    const created = cli(
      ports[0]!,
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    );
    if (!created.includes('All 16384 slots covered')) throw new Error(`redis-cli --cluster create failed:\n${created}`);
    // Every node must know every other's slots, or a client's first MOVED goes in circles.
    const ready = () =>
      until('cluster_state:ok on every node', () => ports.every((p) => cli(p, 'cluster', 'info').includes('cluster_state:ok')));
    await ready();
    return {
      env: { REDIS_MODE: 'cluster', REDIS_URL: ports.map((p) => `redis://127.0.0.1:${p}`).join(',') },
      ports,
      async restart(down = () => sleep(0)) {
        await running.restart(down);
        await ready();
      },
      stop: running.stop,
    };
  } catch (error) {
    await running.stop();
    throw error;
  }
}

/** One master and one sentinel watching it as `mymaster` (quorum 1). */
export async function startRedisSentinel(): Promise<RedisTopology> {
  requireRedis();
  const dir = mkdtempSync(join(tmpdir(), 'agw-redis-sentinel-'));
  const running = processes(dir);
  try {
    const [master, sentinel] = [await freePort(), await freePort()];
    running.start(['--port', String(master), ...NO_PERSISTENCE]);
    await until(`redis-server on ${master}`, () => cli(master, 'ping') === 'PONG');
    // A sentinel rewrites its configuration file: it must be a file of its own, writable.
    const conf = join(dir, 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${sentinel}`,
        'bind 127.0.0.1',
        `sentinel monitor mymaster 127.0.0.1 ${master} 1`,
        'sentinel down-after-milliseconds mymaster 2000',
        '',
      ].join('\n'),
    );
    running.start([conf, '--sentinel'], false);
    await until('the sentinel names the master', () =>
      cli(sentinel, 'sentinel', 'get-master-addr-by-name', 'mymaster').includes(String(master)),
    );
    return {
      env: { REDIS_MODE: 'sentinel', REDIS_URL: `redis://127.0.0.1:${sentinel}`, REDIS_SENTINEL_MASTER: 'mymaster' },
      ports: [master],
      async restart(down = () => sleep(0)) {
        await running.restart(down);
        await until(`redis-server on ${master}`, () => cli(master, 'ping') === 'PONG');
      },
      stop: running.stop,
    };
  } catch (error) {
    await running.stop();
    throw error;
  }
}
