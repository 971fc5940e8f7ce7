/**
 * rediss:// as deployments have it: a redis-server that speaks only TLS, with a certificate from
 * a private CA and client certificates required (--tls-auth-clients yes). The built gateway
 * reaches it with REDIS_TLS_CA_FILE and its own certificate (REDIS_TLS_CERT_FILE,
 * REDIS_TLS_KEY_FILE), and only with them: without the CA it does not trust the server, without
 * its certificate the server refuses it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, untilRedisConnected } from '../helpers/gateway-process.js';
import { freePort } from '../helpers/ports.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
let dir: string;
let redis: ChildProcess | undefined;
let port: number;

function openssl(...args: string[]): void {
  const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${result.stderr}`);
}

/** A certificate for `name` signed by the test CA; `san` for a server's address. */
function issue(name: string, san?: string): void {
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
  if (san) writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${san}\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '1',
    ...(san ? ['-extfile', `${name}.ext`] : []),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agw-redis-tls-'));
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=agw-test-ca');
  issue('server', 'IP:127.0.0.1');
  issue('client');
  port = await freePort();
  redis = spawn(
    'redis-server',
    [
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--tls-cert-file',
      'server.crt',
      '--tls-key-file',
      'server.key',
      '--tls-ca-cert-file',
      'ca.crt',
      '--tls-auth-clients',
      'yes',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  const tls = ['--tls', '--cacert', 'ca.crt', '--cert', 'client.crt', '--key', 'client.key'];
  for (
    let i = 0;
    spawnSync('redis-cli', ['-p', String(port), ...tls, 'ping'], { cwd: dir, encoding: 'utf8' }).stdout.trim() !== 'PONG';
    i++
  ) {
    if (i > 100) throw new Error('redis-server with TLS did not answer');
    await sleep(50);
  }
}, 30_000);
afterAll(async () => {
  if (redis && redis.exitCode === null) {
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const file = (name: string) => join(dir, name);

async function redisState(origin: string): Promise<string | undefined> {
  return ((await fetch(`${origin}/ready`).then((r) => r.json())) as { redis?: string }).redis;
}

describe('rediss:// with a private CA and client certificates', () => {
  it('connects with the configured CA and client certificate, and shares the cache there', async () => {
    const gw = await startGatewayProcess(sandbox, {
      REDIS_URL: `rediss://127.0.0.1:${port}`,
      REDIS_TLS_CA_FILE: file('ca.crt'),
      REDIS_TLS_CERT_FILE: file('client.crt'),
      REDIS_TLS_KEY_FILE: file('client.key'),
    });
    try {
      await untilRedisConnected(gw);
      const subnetId = getWorld('mainnet').subnets[2]!.subnetId;
      expect((await gw.query(`{ network { subnet(subnetId: "${subnetId}") { subnetId } } }`)).body.errors).toBeUndefined();
      await sleep(100);
      const tls = ['--tls', '--cacert', 'ca.crt', '--cert', 'client.crt', '--key', 'client.key'];
      const size = spawnSync('redis-cli', ['-p', String(port), ...tls, 'dbsize'], { cwd: dir, encoding: 'utf8' }).stdout.trim();
      expect(Number(size)).toBeGreaterThan(0);
    } finally {
      await gw.stop();
    }
  });

  it.each([
    ['without the CA, it does not trust the server', { REDIS_TLS_CERT_FILE: 'client.crt', REDIS_TLS_KEY_FILE: 'client.key' }],
    ['without its certificate, the server refuses it', { REDIS_TLS_CA_FILE: 'ca.crt' }],
  ])('stays unconnected %s, and serves from memory', async (_, files) => {
    const gw = await startGatewayProcess(sandbox, {
      REDIS_URL: `rediss://127.0.0.1:${port}`,
      ...Object.fromEntries(Object.entries(files).map(([key, name]) => [key, file(name)])),
    });
    try {
      await sleep(2_000);
      expect(await redisState(gw.origin)).toBe('unreachable');
      expect((await gw.query('{ __typename }')).status).toBe(200);
    } finally {
      await gw.stop();
    }
  });
});
