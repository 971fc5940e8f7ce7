/**
 * A private redis-server for a test: its own port, no persistence, stopped by the test. The
 * binary comes from Debian's redis-server package (.ci/run installs it when missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './ports.js';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port, after `stop()`. */
  restart(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('redis-server is not installed: `apt-get install -y redis-server` (.ci/run does this), or put it on PATH');
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    probe.on('error', () => undefined);
    for (let i = 0; i < 100; i++) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        await sleep(50);
      }
    }
    probe.disconnect();
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await launch();
  return { url, port, stop, restart: launch };
}

/**
 * One redis-server for the file (or the describe it is called in): started before its first test,
 * stopped after its last. The handle is usable once the tests run.
 */
export function useRedis(): RedisServer {
  let current: RedisServer | undefined;
  beforeAll(async () => {
    current = await startRedis();
  });
  afterAll(() => current?.stop());
  const started = (): RedisServer => {
    if (!current) throw new Error('redis-server starts in beforeAll: use it inside hooks and tests');
    return current;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    stop: () => started().stop(),
    restart: () => started().restart(),
  };
}
