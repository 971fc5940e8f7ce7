/**
 * `npm run bench:compression`: what compression (src/base/compression.ts) costs and saves, for a large
 * JSON answer and for GraphiQL's page, per encoding: bytes on the wire, the gateway's CPU per
 * request, and the time to the last byte.
 *
 * The gateway runs compiled, as users run it (dist/main.js), over the built-in sandbox, with the
 * response cache on: after the first request the answer comes from the cache, so what is left per
 * request is the HTTP work and the compression, which is what differs between the rows. CPU is
 * the process's (every thread: zlib compresses on libuv's pool), read from /proc/<pid>/stat, so
 * Linux only. Requests go one at a time from a node:http client that does not decode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test/helpers/ports.js';
import { cpuTime } from './processes.js';

/** A large answer: a hundred subnets with their chains, genesis and L1 validators (about 200 KB of JSON). */
const LARGE = JSON.stringify({
  query: `{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId isL1 subnetOwnershipInfo { threshold addresses { address } }
    blockchains { blockchainId blockchainName vmId evmChainId genesisData { gasLimit config { chainId feeConfig { gasLimit minBaseFee targetGas } }
    alloc { address balance } } } l1Validators(first: 10) { nodes { validationId nodeId weight remainingBalance } } } } } }`,
});

const ENCODINGS = ['identity', 'gzip', 'br'] as const;

/** The process's CPU so far (user + system, every thread), in ms. */
const cpuMs = (pid: number) => cpuTime(pid).total / 1000;

interface Answer {
  status: number;
  encoding: string;
  bytes: number;
}

function send(port: number, method: 'GET' | 'POST', headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: '/graphql', headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode!, encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Row {
  what: string;
  encoding: string;
  bytes: number;
  cpuMs: number;
  wallMs: number;
}

async function measure(pid: number, what: string, runs: number, ask: (encoding: string) => Promise<Answer>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const encoding of ENCODINGS) {
    for (let i = 0; i < 3; i++) await ask(encoding); // warm: JIT, cache, the page's assets
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    let last: Answer | undefined;
    for (let i = 0; i < runs; i++) last = await ask(encoding);
    const wall = performance.now() - t0;
    const cpu = cpuMs(pid) - cpu0;
    if (last!.status !== 200 || last!.encoding !== encoding) throw new Error(`${what}: ${last!.status}, ${last!.encoding} for ${encoding}`);
    rows.push({ what, encoding, bytes: last!.bytes, cpuMs: cpu / runs, wallMs: wall / runs });
  }
  return rows;
}

async function main() {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SANDBOX: 'on', CACHE: 'memory', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dist/main.js exited with ${child.exitCode} (run npm run build first)`);
      try {
        if ((await send(port, 'POST', { 'content-type': 'application/json' }, '{"query":"{ __typename }"}')).status === 200) break;
      } catch {
        await sleep(50);
      }
    }
    const json = (encoding: string) => send(port, 'POST', { 'content-type': 'application/json', 'accept-encoding': encoding }, LARGE);
    const page = (encoding: string) => send(port, 'GET', { accept: 'text/html', 'accept-encoding': encoding });
    const rows = [
      ...(await measure(child.pid!, 'large JSON answer', Number(process.env.BENCH_JSON_RUNS ?? 100), json)),
      ...(await measure(child.pid!, 'GraphiQL page', Number(process.env.BENCH_PAGE_RUNS ?? 5), page)),
    ];
    const identity = new Map(rows.filter((r) => r.encoding === 'identity').map((r) => [r.what, r]));
    console.log('| answer | encoding | bytes | of identity | gateway CPU / request | extra CPU | time / request |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const base = identity.get(r.what)!;
      console.log(
        `| ${r.what} | ${r.encoding} | ${r.bytes.toLocaleString('en')} | ${((100 * r.bytes) / base.bytes).toFixed(1)} % | ${r.cpuMs.toFixed(2)} ms | ${
          r === base ? '' : `+${(r.cpuMs - base.cpuMs).toFixed(2)} ms`
        } | ${r.wallMs.toFixed(2)} ms |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
