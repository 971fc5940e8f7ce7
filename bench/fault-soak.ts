/**
 * `npm run bench:faults`: 30 s of an upstream misbehaving in every way the sandbox's knobs can
 * make it (429 with retry-after, 503, hangs, reset connections, malformed JSON, bodies trickled
 * a byte at a time), mixed among good answers, then 15 s of recovery, under 10 clients sending a
 * mix of queries. Every second a new batch of faults is queued: each takes the next upstream
 * request, so every kind keeps reaching the gateway (and, between good answers, the circuit
 * breaker only opens where one kind runs long). The gateway runs as users run it (npm start,
 * compiled, default settings except CACHE=off so that every request meets the faults).
 *
 * Prints requests served, 5xx answers (there must be none), partial answers by error code,
 * upstream requests per client request, and RSS before, at peak and after.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test/helpers/ports.js';
import { rssMb, stop } from './processes.js';

const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 30);
const RECOVERY_SECONDS = Number(process.env.BENCH_RECOVERY_SECONDS ?? 15);
const CLIENTS = 10;

/** What is queued every second: each fault answers the next upstream request, whatever it asks. */
const BATCH: Record<string, unknown>[] = [
  { kind: 'status', status: 429, retryAfter: 1, times: 8 },
  { kind: 'status', status: 503, times: 8 },
  { kind: 'hang', times: 2 },
  { kind: 'reset', times: 8 },
  { kind: 'malformed', times: 8 },
  { kind: 'trickle', intervalMs: 200, times: 2 },
];

const QUERIES = [
  '{ network(name: MAINNET) { subnets(first: 3) { nodes { subnetId blockchains { blockchainId } } } } }',
  '{ network(name: MAINNET) { transactions(chain: P_CHAIN, first: 5) { nodes { txHash } } l1Validators(first: 5) { nodes { nodeId } } } }',
  '{ network(name: MAINNET) { xChain { height } pChain { height } } }',
  '{ network(name: MAINNET) { subnets(first: 2) { nodes { blockchains { blockchainName status } } } } }',
];

const children: ChildProcess[] = [];

interface Tally {
  requests: number;
  byStatus: Record<number, number>;
  ok: number;
  partial: number;
  noData: number;
  errorsByCode: Record<string, number>;
  slowestMs: number;
}

const tally = (): Tally => ({ requests: 0, byStatus: {}, ok: 0, partial: 0, noData: 0, errorsByCode: {}, slowestMs: 0 });

async function main() {
  const sandbox = spawn('npm', ['run', '--silent', 'sandbox'], { env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_LATENCY_MS: '5', SANDBOX_BLOCK_MS: '0' }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  children.push(sandbox);
  const urls = await new Promise<{ url: string; dataApiUrl: string; metricsApiUrl: string; nodeUrls: { mainnet: string; fuji: string } }>((resolve) => {
    createInterface({ input: sandbox.stdout! }).on('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        // not the ready line
      }
    });
  });
  const knobs = (body: unknown) => fetch(`${urls.url}/_sandbox/knobs`, { method: 'POST', body: JSON.stringify(body) });
  let upstream = 0;
  /** Counts what the sandbox served since the last call, then clears its faults (and counts). */
  const resetSandbox = async () => {
    upstream += ((await (await fetch(`${urls.url}/_sandbox/stats`)).json()) as { total: number }).total;
    await fetch(`${urls.url}/_sandbox/reset`, { method: 'POST' });
    await knobs({ latencyMs: 5 });
  };

  const port = await freePort();
  const gateway = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'off',
      CACHE: 'off',
      LOG_LEVEL: 'warn',
      DATA_API_URL: urls.dataApiUrl,
      METRICS_API_URL: urls.metricsApiUrl,
      NODE_URL_MAINNET: urls.nodeUrls.mainnet,
      NODE_URL_FUJI: urls.nodeUrls.fuji,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(gateway);
  const url = `http://127.0.0.1:${port}/graphql`;
  for (;;) {
    try {
      await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).text();
      break;
    } catch {
      await sleep(50);
    }
  }
  const pid = Number(/pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString())![1]);
  await resetSandbox();
  upstream = 0;
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 250);

  let current = tally();
  const phases: { name: string; tally: Tally }[] = [];
  let running = true;
  const client = async (id: number) => {
    for (let i = id; running; i++) {
      const started = performance.now();
      const query = QUERIES[i % QUERIES.length]!;
      const t = current;
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
        const body = (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        t.requests++;
        t.byStatus[res.status] = (t.byStatus[res.status] ?? 0) + 1;
        if (!body.errors?.length) t.ok++;
        else if (body.data) t.partial++;
        else t.noData++;
        for (const error of body.errors ?? []) {
          const code = error.extensions?.code ?? 'NONE';
          t.errorsByCode[code] = (t.errorsByCode[code] ?? 0) + 1;
        }
      } catch {
        t.requests++;
        t.byStatus[0] = (t.byStatus[0] ?? 0) + 1;
      }
      t.slowestMs = Math.max(t.slowestMs, Math.round(performance.now() - started));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));

  current = tally();
  phases.push({ name: `${FAULT_SECONDS} s of mixed faults`, tally: current });
  for (let second = 0; second < FAULT_SECONDS; second++) {
    // Faults not taken yet are dropped, so that each second's mix is the batch.
    await resetSandbox();
    await knobs({ faults: BATCH });
    await sleep(1000);
  }
  await resetSandbox();
  for (let part = 0; part < 3; part++) {
    current = tally();
    phases.push({ name: `recovery, ${(part * RECOVERY_SECONDS) / 3}–${((part + 1) * RECOVERY_SECONDS) / 3} s`, tally: current });
    await sleep((RECOVERY_SECONDS / 3) * 1000);
  }
  running = false;
  await Promise.all(clients);
  await resetSandbox();
  clearInterval(sampler);
  await sleep(2000);
  const rssAfter = rssMb(pid);

  const all = tally();
  for (const { tally: t } of phases) {
    all.requests += t.requests;
    all.ok += t.ok;
    all.partial += t.partial;
    all.noData += t.noData;
    all.slowestMs = Math.max(all.slowestMs, t.slowestMs);
    for (const [status, n] of Object.entries(t.byStatus)) all.byStatus[Number(status)] = (all.byStatus[Number(status)] ?? 0) + n;
    for (const [code, n] of Object.entries(t.errorsByCode)) all.errorsByCode[code] = (all.errorsByCode[code] ?? 0) + n;
  }
  const fiveXx = Object.entries(all.byStatus).filter(([status]) => Number(status) >= 500 || Number(status) === 0).reduce((n, [, count]) => n + count, 0);

  console.log('| phase | requests | ok | partial | no data | HTTP statuses | errors by code | slowest |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { name, tally: t } of phases) {
    console.log(`| ${name} | ${t.requests} | ${t.ok} | ${t.partial} | ${t.noData} | ${JSON.stringify(t.byStatus)} | ${JSON.stringify(t.errorsByCode)} | ${t.slowestMs} ms |`);
  }
  console.log(
    `\nrequests served ${all.requests}, 5xx (or no answer) ${fiveXx}, ok ${all.ok}, partial ${all.partial}, no data ${all.noData}; ` +
      `upstream requests per client request ${(upstream / all.requests).toFixed(2)}; RSS before ${rssBefore} MB, peak ${rssPeak} MB, after ${rssAfter} MB`,
  );
  console.log(`errors by code: ${JSON.stringify(all.errorsByCode)}`);
  if (fiveXx > 0) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(children.map(stop));
  });
