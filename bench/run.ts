/**
 * `npm run bench`: every figure the runtime targets name, each beside its floor measured in the
 * same run, the way ../shared/bench measures them from outside. The gateway runs as users run
 * it (`npm start`, compiled); the floors are a raw node:http + undici proxy over a minimal
 * in-memory Data API (bench/stub.ts: the sandbox would spend CPU building answers and flatter
 * the ratio), and a raw client making the nested query's calls to the sandbox.
 *
 *  1. one-call query throughput, cross-request cache off, vs the raw proxy; RSS idle and peak,
 *     start to first answer, upstream calls per request;
 *  2. the same with the cache on;
 *  3. RSS over a soak (BENCH_SOAK_SECONDS, 60 by default) under 10 connections;
 *  4. the nested subnets(100) → blockchains → genesis + l1Validators(10) query with 20 ms per
 *     upstream call, cache off, vs a raw client making the same calls;
 *  5. with the cache on: the same query repeated, and 20 clients sending a new query at once.
 *
 * The machine is shared and noisy: compare the ratios, not the absolutes, and run it twice
 * before believing a regression.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { Pool } from 'undici';
import { rssMb, sandboxCalls, startGateway, startProcess as start, startSandbox, stop, stopAll } from './processes.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const NESTED_RUNS = Number(process.env.BENCH_NESTED_RUNS ?? 10);
const LATENCY_MS = 20;

const ONE_CALL = JSON.stringify({ query: '{ network(name: MAINNET) { subnets(first: 3) { nodes { subnetId blockchains { blockchainId } } } } }' });
const NESTED = JSON.stringify({
  query: `{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId isL1 blockchains { blockchainName genesisData { config { chainId } } }
    l1Validators(first: 10) { nodes { nodeId weight } } } } } }`,
});
/** A query no earlier step asked: subnets looked up by id through the listing, and the latest P-Chain transactions. */
const BURST = (n: number) =>
  JSON.stringify({
    query: `{ network(name: MAINNET) { l1Validators(first: ${n}) { nodes { nodeId subnet { subnetId blockchains { blockchainName } } } } transactions(chain: P_CHAIN, first: ${n}) { nodes { txHash } } } }`,
  });

async function load(opts: autocannon.Options, duration: number): Promise<number> {
  const result = await autocannon({ connections: CONNECTIONS, pipelining: 1, duration, ...opts });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors from ${opts.url}`);
  return result.requests.total / duration;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json() as Promise<{ errors?: unknown }>);

interface Throughput {
  ratio: number;
  gatewayRps: number;
  rawRps: number;
  idleRssMb: number;
  peakRssMb: number;
  startMs: number;
  upstreamPerRequest: number;
}

/** Gateway vs raw proxy over the stub, alternating rounds so drift on a shared machine hits both. */
async function throughput(stubUrl: string, rawUrl: string, cache: 'off' | 'memory'): Promise<Throughput> {
  const gw = await startGateway({ CACHE: cache, LOG_LEVEL: 'warn', DATA_API_URL: stubUrl, METRICS_API_URL: stubUrl, NODE_URL_MAINNET: stubUrl, NODE_URL_FUJI: stubUrl });
  await sleep(500);
  const idleRssMb = rssMb(gw.pid);
  const gql = { url: gw.url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: ONE_CALL };
  const raw = { url: rawUrl };
  const counts = async () => ((await (await fetch(`${stubUrl}/__counts`)).json()) as { total: number }).total;
  await load(raw, 2);
  await load(gql, 2);
  const gwRps: number[] = [];
  const rawRps: number[] = [];
  let peak = 0;
  let calls = 0;
  let requests = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const which of round % 2 ? (['gw', 'raw'] as const) : (['raw', 'gw'] as const)) {
      if (which === 'raw') {
        rawRps.push(await load(raw, SECONDS));
        continue;
      }
      const before = await counts();
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(gw.pid))), 250);
      const rps = await load(gql, SECONDS);
      clearInterval(sampler);
      gwRps.push(rps);
      calls += (await counts()) - before;
      requests += rps * SECONDS;
    }
  }
  await stop(gw.child);
  return {
    ratio: median(gwRps) / median(rawRps),
    gatewayRps: Math.round(median(gwRps)),
    rawRps: Math.round(median(rawRps)),
    idleRssMb,
    peakRssMb: peak,
    startMs: gw.startMs,
    upstreamPerRequest: calls / requests,
  };
}

/** RSS every 5 s under 10 connections for SOAK_SECONDS, cache off (the most a request allocates). */
async function soak(stubUrl: string): Promise<{ samples: number[]; first: number; last: number }> {
  const gw = await startGateway({ CACHE: 'off', LOG_LEVEL: 'warn', DATA_API_URL: stubUrl, METRICS_API_URL: stubUrl, NODE_URL_MAINNET: stubUrl, NODE_URL_FUJI: stubUrl });
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(gw.pid)), 5000);
  await load({ url: gw.url, method: 'POST', headers: { 'content-type': 'application/json' }, body: ONE_CALL }, SOAK_SECONDS);
  clearInterval(sampler);
  await stop(gw.child);
  return { samples, first: samples[0] ?? Number.NaN, last: samples.at(-1) ?? Number.NaN };
}

interface Nested {
  ratio: number;
  gatewayMs: number;
  rawMs: number;
  firstCalls: number;
  repeatCalls: number;
  singleCalls: number;
  burstCalls: number;
}

/** The nested query against the sandbox (20 ms a call): cache off vs a raw client; then cache on. */
async function nested(): Promise<Nested> {
  const { urls, upstreams } = await startSandbox({ SANDBOX_LATENCY_MS: String(LATENCY_MS) });
  const total = () => sandboxCalls(urls);
  const base = new URL(urls.dataApiUrl);
  const pool = new Pool(base.origin, { connections: 64 });
  const prefix = base.pathname.replace(/\/$/, '');
  const get = async (path: string) => {
    const { statusCode, body } = await pool.request({ path: prefix + path, method: 'GET' });
    const json = (await body.json()) as { subnets: { subnetId: string; isL1: boolean }[] };
    if (statusCode !== 200) throw new Error(`${path} answered ${statusCode}`);
    return json;
  };
  const direct = async () => {
    const started = performance.now();
    const listing = await get('/v1/networks/mainnet/subnets?pageSize=100');
    await Promise.all(listing.subnets.filter((s) => s.isL1).map((s) => get(`/v1/networks/mainnet/l1Validators?pageSize=10&subnetId=${s.subnetId}`)));
    return performance.now() - started;
  };

  const off = await startGateway({ CACHE: 'off', LOG_LEVEL: 'warn', ...upstreams });
  await direct();
  await post(off.url, JSON.stringify({ query: '{ network(name: MAINNET) { subnets(first: 5) { nodes { subnetId isL1 } } } }' }));
  const gatewayMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < NESTED_RUNS; i++) {
    rawMs.push(await direct());
    const started = performance.now();
    const res = await post(off.url, NESTED);
    gatewayMs.push(performance.now() - started);
    if (res.errors) throw new Error(`nested query failed: ${JSON.stringify(res.errors).slice(0, 300)}`);
  }
  await stop(off.child);
  await pool.close();

  const on = await startGateway({ CACHE: 'memory', LOG_LEVEL: 'warn', ...upstreams });
  const callsOf = async (send: () => Promise<unknown>) => {
    const before = await total();
    await send();
    await sleep(50);
    return (await total()) - before;
  };
  const firstCalls = await callsOf(() => post(on.url, NESTED));
  const repeats: number[] = [];
  for (let i = 0; i < 5; i++) repeats.push(await callsOf(() => post(on.url, NESTED)));
  const singleCalls = await callsOf(() => post(on.url, BURST(41)));
  const burstCalls = await callsOf(() => Promise.all(Array.from({ length: 20 }, () => post(on.url, BURST(40)))));
  await stop(on.child);
  return {
    ratio: median(gatewayMs) / median(rawMs),
    gatewayMs: Math.round(median(gatewayMs)),
    rawMs: Math.round(median(rawMs)),
    firstCalls,
    repeatCalls: median(repeats),
    singleCalls,
    burstCalls,
  };
}

/** The stub and the raw proxy run as plain JavaScript, as the gateway does. */
async function compileFloors(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  await build({ entryPoints: ['bench/stub.ts', 'bench/raw-proxy.ts'], outdir: dir, bundle: true, platform: 'node', format: 'esm', target: 'node20', outExtension: { '.js': '.mjs' }, banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" }, logLevel: 'warning' });
  return dir;
}

async function main() {
  const dir = await compileFloors();
  const stub = await start(process.execPath, [join(dir, 'stub.mjs')], {});
  const stubUrl = String(stub.line.url);
  const raw = await start(process.execPath, [join(dir, 'raw-proxy.mjs')], { PROXY_TARGET: `${stubUrl}/v1/networks/mainnet/subnets?pageSize=3` });
  const rawUrl = String(raw.line.url);

  const off = await throughput(stubUrl, rawUrl, 'off');
  const on = await throughput(stubUrl, rawUrl, 'memory');
  const rss = await soak(stubUrl);
  await stop(raw.child);
  await stop(stub.child);
  const deep = await nested();

  const rows: [string, string, string, boolean][] = [
    ['one-call throughput, cache off', `${off.ratio.toFixed(3)} of raw (${off.gatewayRps} vs ${off.rawRps} req/s), ${off.upstreamPerRequest.toFixed(3)} upstream calls/request`, '≥ 0.35', off.ratio >= 0.35],
    ['one-call throughput, cache on', `${on.ratio.toFixed(3)} of raw (${on.gatewayRps} vs ${on.rawRps} req/s), ${on.upstreamPerRequest.toFixed(3)} upstream calls/request`, '≥ 0.60', on.ratio >= 0.6],
    ['RSS idle', `${Math.max(off.idleRssMb, on.idleRssMb)} MB`, '< 120 MB', Math.max(off.idleRssMb, on.idleRssMb) < 120],
    ['RSS peak, 10 connections', `${Math.max(off.peakRssMb, on.peakRssMb)} MB (cache off ${off.peakRssMb}, on ${on.peakRssMb})`, '< 200 MB', Math.max(off.peakRssMb, on.peakRssMb) < 200],
    [`RSS over a ${SOAK_SECONDS} s soak`, `${rss.samples.join(' ')} MB (every 5 s; peak ${Math.max(...rss.samples)})`, 'flat, < 200 MB', Math.max(...rss.samples) < 200 && rss.last <= rss.first * 1.2],
    ['start to first answer', `${Math.max(off.startMs, on.startMs)} ms`, '< 1000 ms', Math.max(off.startMs, on.startMs) < 1000],
    ['nested query, cache off', `${deep.ratio.toFixed(2)}× the raw client (${deep.gatewayMs} vs ${deep.rawMs} ms, 20 ms a call)`, '≤ 1.15×', deep.ratio <= 1.15],
    ['nested query repeated', `${deep.repeatCalls} upstream calls vs ${deep.firstCalls} the first time`, '≤ 10 % of the first', deep.repeatCalls <= deep.firstCalls * 0.1],
    ['20 clients, one new query', `${deep.burstCalls} upstream calls vs ${deep.singleCalls} for one`, '≤ 2× one', deep.burstCalls <= deep.singleCalls * 2],
  ];
  console.log(JSON.stringify({ cacheOff: off, cacheOn: on, soak: rss, nested: deep }, null, 2));
  console.log('\n| figure | measured | target | met |\n|---|---|---|---|');
  for (const [figure, measured, target, met] of rows) console.log(`| ${figure} | ${measured} | ${target} | ${met ? 'yes' : 'NO'} |`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopAll);
