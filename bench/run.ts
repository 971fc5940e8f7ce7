/**
 * `npm run bench`: every figure the runtime targets name, each beside its floor measured in the
 * same run, the way ../shared/bench measures them from outside. The gateway runs as users run
 * it (`npm start`, compiled); the floors are a raw node:http + undici proxy over a minimal
 * in-memory Data API (bench/stub.ts: the sandbox would spend CPU building answers and flatter
 * the ratio), and a raw client making the nested query's calls to the sandbox.
 *
 *  1. one-call query throughput, cross-request cache off, vs the raw proxy; RSS idle and peak,
 *     start to first answer (beside its floor: `npm start` of a one-line node:http server) and the
 *     page faults to it, beside what a page touched for the first time costs on this machine
 *     (`firstTouchUs` in ./processes.ts says why), upstream calls per request; in the same rounds, the peers of
 *     bench/peers.ts (mercurius + graphql-jit, graphql-yoga + graphql-jit, and mercurius + graphql-jit
 *     with the gateway's per-request default features) over the same stub,
 *     answering the same query, each as a ratio to the same raw proxy, with each server's CPU a
 *     request: all its threads, and its main thread apart (the one JavaScript runs on, which a
 *     server's rate is bound by under this load; `mainThreadCpu` in ./processes.ts);
 * 1b. the gateway, mercurius + graphql-jit, the same with the gateway's features, and the raw proxy
 *     loaded together at one fixed rate, each one's main-thread CPU a request per window, and the
 *     per-window differences (bench/paired.ts);
 *  2. the same with the cache on;
 *  3. RSS over a soak (BENCH_SOAK_SECONDS, 60 by default) under 10 connections;
 *  4. the nested subnets(100) → blockchains → genesis + l1Validators(10) query with 20 ms per
 *     upstream call, cache off, vs a raw client making the same calls: the median over every run,
 *     as from outside, beside each run's time and the median from the 4th run on (the first
 *     runs execute cold code, and set the median when the warm runs are close to the floor);
 *  5. with the cache on: the same query repeated, and 20 clients sending a new query at once;
 *  6. the profile of the uncached one-call path as shipped (bench/profile.ts), what the gateway's
 *     own code costs a request without its sockets (bench/pipeline.ts), what a request
 *     allocates there and in mercurius + graphql-jit (bench/allocations.ts), and what each
 *     feature a setting turns off costs it (bench/features.ts), and where the nested query's time
 *     goes, phase by phase, young and warm, beside the raw client (bench/nested-phases.ts), written
 *     to bench/PROFILE.md.
 *     `npm run bench:profile` (`tsx bench/run.ts profile`) does only this,
 *     `tsx bench/run.ts pipeline` only bench/pipeline.ts's part (to compare two builds),
 *     `tsx bench/run.ts nested-phases` only bench/nested-phases.ts's;
 *     `tsx bench/run.ts throughput` only 1 and 2;
 *     `tsx bench/run.ts paired` only 1b (BENCH_AGAINST=<dir> adds the gateway built there);
 *  7. pricing time of 100 KB documents of every hostile shape (bench/pricing.ts), bundled as the
 *     gateway is; `tsx bench/run.ts pricing` does only this.
 *
 * The machine is shared and noisy: compare the ratios, not the absolutes, and run it twice
 * before believing a regression.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { build } from 'esbuild';
import { type Allocations, allocationSection, allocationsUnderLoad } from './allocations.js';
import { type FeatureCost, featureSection, reloadedCosts } from './features.js';
import { pairedCpu, type PairedFigures, pairedRows, type PairedServer, windowDifferences } from './paired.js';
import { pipelineSection } from './pipeline.js';
import { profileOneCall } from './profile.js';
import { median } from './stats.js';
import { NESTED, NESTED_LATENCY_MS, NESTED_WARM_UP, nestedPhasesSection, post, rawNestedClient } from './nested-phases.js';
import { ONE_CALL_QUERY, onStub } from './stub.js';
import { firstTouchUs, load, rssMb, type Run, sandboxCalls, type StartedGateway, startFloor, startGateway, startProcess as start, startSandbox, stop, stopAll } from './processes.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** The load each server gets right before each of its measured rounds, as ../shared/bench/run.js gives it. */
const WARM_SECONDS = 2;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const NESTED_RUNS = Number(process.env.BENCH_NESTED_RUNS ?? 10);
/**
 * bench/paired.ts: the rate each server is loaded at together, and its windows. Three servers at
 * 2,000 a second left this 2-core machine room; four at 2,000 nearly filled it (the gateways then
 * answered 1,900), and four at 1,600 left the gateway short (1,404 and 1,535 answered), so the
 * four of the default line-up get 1,300 each, which all four kept up with. A fifth (BENCH_AGAINST)
 * needs less: lower BENCH_PAIRED_RATE when the answered rates fall short.
 */
const PAIRED = {
  rate: Number(process.env.BENCH_PAIRED_RATE ?? 1300),
  windows: Number(process.env.BENCH_PAIRED_WINDOWS ?? 10),
  seconds: 3,
  warmSeconds: 15,
};

const ONE_CALL = JSON.stringify({ query: ONE_CALL_QUERY });
/** A query no earlier step asked: subnets looked up by id through the listing, and the latest P-Chain transactions. */
const BURST = (n: number) =>
  JSON.stringify({
    query: `{ network(name: MAINNET) { l1Validators(first: ${n}) { nodes { nodeId subnet { subnetId blockchains { blockchainName } } } } transactions(chain: P_CHAIN, first: ${n}) { nodes { txHash } } } }`,
  });

/** A server measured beside the gateway: its URL and pid. */
interface Floor {
  url: string;
  pid: number;
}

/** A server's figures over the rounds: its median round's (by rate), and its ratios to the raw proxy's. */
interface Measured {
  rps: number;
  /** req/s over the raw proxy's. */
  ratio: number;
  /** CPU µs per request, every thread of the process. */
  cpuUs: number;
  /** CPU µs per request of the process's main thread, where its JavaScript runs: what bounds its rate under load. */
  mainUs: number;
  /** The raw proxy's CPU per request over this server's: the throughput ratio a CPU-bound machine would see, less sensitive to other processes. */
  cpuRatio: number;
}

interface Throughput extends Measured {
  raw: Measured;
  /** Each peer, measured in the same rounds. */
  peers: Record<string, Measured>;
  idleRssMb: number;
  peakRssMb: number;
  startMs: number;
  startFaults: number;
  upstreamPerRequest: number;
}

/**
 * Gateway vs raw proxy (and `peers`, by name) over the stub, the order reversed every round so
 * that drift on a shared machine hits all of them alike. Each measured round follows
 * WARM_SECONDS of load on the same server, as in ../shared/bench/run.js: a server measured right
 * after the others' rounds (tens of seconds idle) is measured warm, as the yardstick measures it.
 */
async function throughput(stubUrl: string, raw: Floor, cache: 'off' | 'memory', peers: Record<string, Floor> = {}): Promise<Throughput> {
  const gw = await startGateway({ CACHE: cache, LOG_LEVEL: 'warn', ...onStub(stubUrl) });
  await sleep(500);
  const idleRssMb = rssMb(gw.pid);
  const gql = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: ONE_CALL };
  const servers: Record<string, { opts: autocannon.Options; pid: number }> = {
    raw: { opts: { url: raw.url }, pid: raw.pid },
    gateway: { opts: { ...gql, url: gw.url }, pid: gw.pid },
    ...Object.fromEntries(Object.entries(peers).map(([name, peer]) => [name, { opts: { ...gql, url: peer.url }, pid: peer.pid }])),
  };
  const counts = async () => ((await (await fetch(`${stubUrl}/__counts`)).json()) as { total: number }).total;
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  let peak = 0;
  let calls = 0;
  let requests = 0;
  const order = Object.keys(servers);
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? [...order].reverse() : order) {
      const { opts, pid } = servers[name]!;
      await load(opts, WARM_SECONDS);
      if (name !== 'gateway') {
        runs[name]!.push(await load(opts, SECONDS, pid));
        continue;
      }
      const before = await counts();
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(gw.pid))), 250);
      const run = await load(opts, SECONDS, pid);
      clearInterval(sampler);
      runs.gateway!.push(run);
      calls += (await counts()) - before;
      requests += run.rps * SECONDS;
    }
  }
  await stop(gw.child);
  // A server's CPU is its median round's, the one whose rate is the median: medians taken apart
  // paired one round's rate with another's CPU, and in a noisy hour put a main thread busier
  // than the clock (124 µs a request at 12,104 requests a second).
  const medianRound = (name: string): Run => {
    const own = runs[name]!;
    const rps = median(own.map((r) => r.rps));
    return own.find((r) => r.rps === rps)!;
  };
  const { rps: rawRps, cpuUs: rawCpu } = medianRound('raw');
  const measured = (name: string): Measured => {
    const { rps, cpuUs, mainUs } = medianRound(name);
    return { rps: Math.round(rps), ratio: rps / rawRps, cpuUs: Math.round(cpuUs), mainUs: Math.round(mainUs), cpuRatio: rawCpu / cpuUs };
  };
  return {
    ...measured('gateway'),
    raw: measured('raw'),
    peers: Object.fromEntries(Object.keys(peers).map((name) => [name, measured(name)])),
    idleRssMb,
    peakRssMb: peak,
    startMs: gw.startMs,
    startFaults: gw.startFaults,
    upstreamPerRequest: calls / requests,
  };
}

/** The mercurius peer with the gateway's per-request default features (bench/peers.ts, `mercuriusFeaturesPeer`). */
const FEATURED = 'mercurius+jit+features';

/**
 * The gateway (cache off), mercurius + graphql-jit (as the target sets it, and with the
 * gateway's features) and the raw proxy loaded together (bench/paired.ts),
 * and, with BENCH_AGAINST set, the gateway built in that checkout beside this one's.
 */
async function paired(stubUrl: string, raw: Floor, peers: Record<string, Floor>): Promise<PairedFigures> {
  const env = { CACHE: 'off', LOG_LEVEL: 'warn', ...onStub(stubUrl) };
  const gateways: [string, StartedGateway][] = [['gateway', await startGateway(env)]];
  const against = process.env.BENCH_AGAINST;
  if (against) gateways.push([`gateway of ${against}`, await startGateway(env, resolve(against))]);
  for (const [name, gw] of gateways) await answersOneCall(name, gw.url);
  const gql = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: ONE_CALL };
  const servers: Record<string, PairedServer> = {
    ...Object.fromEntries(gateways.map(([name, gw]) => [name, { opts: { ...gql, url: gw.url }, pid: gw.pid }])),
    ...Object.fromEntries(['mercurius+jit', FEATURED].map((name) => [name, { opts: { ...gql, url: peers[name]!.url }, pid: peers[name]!.pid }])),
    raw: { opts: { url: raw.url }, pid: raw.pid },
  };
  try {
    return await pairedCpu(servers, PAIRED);
  } finally {
    await Promise.all(gateways.map(([, gw]) => stop(gw.child)));
  }
}

/** RSS every 5 s under 10 connections for SOAK_SECONDS, cache off (the most a request allocates). */
async function soak(stubUrl: string): Promise<{ samples: number[]; first: number; last: number }> {
  const gw = await startGateway({ CACHE: 'off', LOG_LEVEL: 'warn', ...onStub(stubUrl) });
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(gw.pid)), 5000);
  await load({ url: gw.url, method: 'POST', headers: { 'content-type': 'application/json' }, body: ONE_CALL }, SOAK_SECONDS, gw.pid);
  clearInterval(sampler);
  await stop(gw.child);
  return { samples, first: samples[0] ?? Number.NaN, last: samples.at(-1) ?? Number.NaN };
}

interface Nested {
  /** Median over every run, as ../shared/bench/nested.js takes it: the first, cold runs included. */
  ratio: number;
  gatewayMs: number;
  rawMs: number;
  /** Each run's gateway time, in order: the first runs execute code V8 has not optimized yet, and the operation is compiled at its second run (src/yoga/use-compiled-execution.ts). */
  gatewayRunsMs: number[];
  /** The same median from the fourth run on, past the three that run the coldest code: what the plan costs once warm. */
  warmRatio: number;
  firstCalls: number;
  repeatCalls: number;
  singleCalls: number;
  burstCalls: number;
}

/** The nested query against the sandbox (20 ms a call): cache off vs a raw client; then cache on. */
async function nested(): Promise<Nested> {
  const { urls, upstreams } = await startSandbox({ SANDBOX_LATENCY_MS: String(NESTED_LATENCY_MS) });
  const total = () => sandboxCalls(urls);
  const raw = rawNestedClient(urls.dataApiUrl);

  const off = await startGateway({ CACHE: 'off', LOG_LEVEL: 'warn', ...upstreams });
  await raw.run();
  await post(off.url, NESTED_WARM_UP);
  const gatewayMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < NESTED_RUNS; i++) {
    rawMs.push(await raw.run());
    const started = performance.now();
    const res = await post(off.url, NESTED);
    gatewayMs.push(performance.now() - started);
    if (res.errors) throw new Error(`nested query failed: ${JSON.stringify(res.errors).slice(0, 300)}`);
  }
  await stop(off.child);
  await raw.close();

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
    gatewayRunsMs: gatewayMs.map(Math.round),
    warmRatio: median(gatewayMs.slice(3)) / median(rawMs.slice(3)),
    firstCalls,
    repeatCalls: median(repeats),
    singleCalls,
    burstCalls,
  };
}

/**
 * The stub, the raw proxy and the peers run as plain JavaScript, as the gateway does, with the
 * project's own packages (in the project, so that node finds them).
 */
async function compileFloors(): Promise<string> {
  const dir = join('node_modules', '.cache', 'gateway-bench');
  await build({ entryPoints: ['bench/stub.ts', 'bench/raw-proxy.ts', 'bench/peers.ts', 'bench/allocation-sampler.ts', 'bench/nested-probe.ts'], outdir: dir, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node22', outExtension: { '.js': '.mjs' }, logLevel: 'warning' });
  return dir;
}

/** Fails unless the server at `url` answers the one-call query with its data and no error: a failing server would flatter its figures. */
async function answersOneCall(name: string, url: string): Promise<void> {
  const answer = JSON.stringify(await post(url, ONE_CALL));
  if (!answer.includes('"blockchainId"') || answer.includes('"errors"')) throw new Error(`${name} answered ${answer.slice(0, 300)}`);
}

/** The peers, each as a process of its own over the stub, by name. */
async function startPeers(dir: string, stubUrl: string): Promise<{ peers: Record<string, Floor>; children: ChildProcess[] }> {
  const peers: Record<string, Floor> = {};
  const children: ChildProcess[] = [];
  for (const [name, peer] of [['mercurius+jit', 'mercurius'], ['yoga+jit', 'yoga'], [FEATURED, 'mercurius-features']] as const) {
    const { child, line } = await start(process.execPath, [join(dir, 'peers.mjs')], { PEER: peer, PEER_UPSTREAM: stubUrl, NODE_ENV: 'production' });
    children.push(child);
    peers[name] = { url: String(line.url), pid: child.pid! };
    await answersOneCall(name, peers[name].url);
  }
  return { peers, children };
}

/**
 * Profiles the uncached one-call path, measures what the gateway's code costs without its sockets
 * (bench/pipeline.ts), what a request allocates there and in mercurius + graphql-jit
 * (bench/allocations.ts) and what the features a setting turns off cost it (bench/features.ts),
 * and writes the four to bench/PROFILE.md; its markdown.
 */
async function profile(dir: string, stubUrl: string): Promise<string> {
  const seconds = Math.max(SECONDS, 8);
  const { markdown } = await profileOneCall(stubUrl, ONE_CALL, seconds);
  const { gateway, peers } = await allocations(dir, stubUrl, seconds);
  const whole = `${markdown}\n${await pipelineSection(stubUrl)}\n${allocationSection(gateway, peers, seconds)}\n${featureSection(await featureCostsApart(), await reloadedCosts(stubUrl))}\n${await nestedPhasesSection(dir)}`;
  writeFileSync('bench/PROFILE.md', whole);
  return whole;
}

/**
 * What a one-call request allocates in the gateway as shipped (`npm start`, CACHE=off) and in
 * mercurius + graphql-jit, each preloaded with the sampler (bench/allocation-sampler.ts).
 */
async function allocations(dir: string, stubUrl: string, seconds: number): Promise<{ gateway: Allocations; peers: Record<string, Allocations> }> {
  const sampler = resolve(dir, 'allocation-sampler.mjs');
  const file = resolve(dir, 'allocations.json');
  const gw = await startGateway({
    CACHE: 'off',
    ...onStub(stubUrl),
    NODE_OPTIONS: `--import=${sampler}`,
    ALLOCATION_PROFILE: file,
  });
  try {
    const gateway = await allocationsUnderLoad(gw.pid, gw.url, ONE_CALL, seconds, file);
    const peer = await start(process.execPath, ['--import', sampler, join(dir, 'peers.mjs')], {
      PEER: 'mercurius',
      PEER_UPSTREAM: stubUrl,
      NODE_ENV: 'production',
      ALLOCATION_PROFILE: file,
    });
    try {
      return { gateway, peers: { 'mercurius+jit': await allocationsUnderLoad(peer.child.pid!, String(peer.line.url), ONE_CALL, seconds, file) } };
    } finally {
      await stop(peer.child);
    }
  } finally {
    await stop(gw.child);
  }
}

/** bench/features.ts in a process of its own: its stdout is the gateways' request log. */
async function featureCostsApart(): Promise<FeatureCost[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/features.ts'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`bench/features.ts exited with ${code}: ${stderr.slice(-2000)}`);
  return JSON.parse(stderr.trim().split('\n').pop()!) as FeatureCost[];
}

/** Pricing time of each 100 KB hostile document (bench/pricing.ts), bundled as the gateway bundles it, in a process of its own. */
async function pricing(dir: string): Promise<Record<string, { ms: number; parses: number }>> {
  const out = join(dir, 'pricing.mjs');
  await build({
    entryPoints: ['bench/pricing.ts'],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // graphql-js as ES modules, as build.mjs bundles it for the gateway.
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const { stdout } = await promisify(execFile)(process.execPath, [out], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, { ms: number; parses: number }>;
}

async function main() {
  const dir = await compileFloors();
  if (process.argv[2] === 'pricing') {
    console.log(JSON.stringify(await pricing(dir), null, 2));
    return;
  }
  if (process.argv[2] === 'nested-phases') {
    console.log(await nestedPhasesSection(dir));
    return;
  }
  const stub = await start(process.execPath, [join(dir, 'stub.mjs')], {});
  const stubUrl = String(stub.line.url);
  if (process.argv[2] === 'profile') {
    console.log(await profile(dir, stubUrl));
    return;
  }
  if (process.argv[2] === 'pipeline') {
    console.log(await pipelineSection(stubUrl));
    return;
  }
  const raw = await start(process.execPath, [join(dir, 'raw-proxy.mjs')], { PROXY_TARGET: `${stubUrl}/v1/networks/mainnet/subnets?pageSize=3` });
  const rawFloor = { url: String(raw.line.url), pid: raw.child.pid! };
  const { peers, children } = await startPeers(dir, stubUrl);
  if (process.argv[2] === 'paired') {
    console.log(pairedRows(await paired(stubUrl, rawFloor, peers)));
    return;
  }

  const off = await throughput(stubUrl, rawFloor, 'off', peers);
  const on = await throughput(stubUrl, rawFloor, 'memory');
  const floor = await startFloor();
  const touchUs = firstTouchUs();
  if (process.argv[2] === 'throughput') {
    console.log(JSON.stringify({ cacheOff: off, cacheOn: on, startFloor: floor, firstTouchUs: touchUs }, null, 2));
    return;
  }
  const together = await paired(stubUrl, rawFloor, peers);
  const rss = await soak(stubUrl);
  const profiled = await profile(dir, stubUrl);
  await Promise.all(children.map(stop));
  await stop(raw.child);
  await stop(stub.child);
  const deep = await nested();
  const priced = await pricing(dir);
  const [slowest, slowestFigure] = Object.entries(priced).sort((a, b) => b[1].ms - a[1].ms)[0]!;

  const mercurius = off.peers['mercurius+jit']!;
  const overMercurius = windowDifferences(together, 'gateway', 'mercurius+jit');
  // The gateway's CPU a request over a peer's, as the figures table gives it.
  const byWindow = ({ median: us, low, high }: ReturnType<typeof windowDifferences>) =>
    `window by window: ${us.toFixed(1)} µs (middle half ${low.toFixed(1)} to ${high.toFixed(1)})`;
  const startMs = Math.max(off.startMs, on.startMs);
  const startFaults = Math.max(off.startFaults, on.startFaults);
  // A server's figures against the raw proxy of its own rounds (the cache-on rounds have theirs).
  const of = (m: Measured, raw = off.raw) =>
    `${m.ratio.toFixed(3)} of raw (${m.rps} vs ${raw.rps} req/s); CPU ${m.cpuUs} µs/request (main thread ${m.mainUs}), ${m.cpuRatio.toFixed(3)} of raw's ${raw.cpuUs} (${raw.mainUs})`;
  const rows: [string, string, string, boolean | undefined][] = [
    ['one-call throughput, cache off', `${of(off)}; ${off.upstreamPerRequest.toFixed(3)} upstream calls/request`, `≥ mercurius+jit's ${mercurius.ratio.toFixed(3)} (CPU ${mercurius.cpuRatio.toFixed(3)})`, off.ratio >= mercurius.ratio],
    ...Object.entries(off.peers).map(([name, peer]): [string, string, string, undefined] => [`peer ${name}, same rounds`, of(peer), '', undefined]),
    [
      `one-call CPU a request, loaded together at ${PAIRED.rate} req/s each`,
      `gateway ${median(together.windows.gateway!).toFixed(1)} µs (main thread), mercurius+jit ${median(together.windows['mercurius+jit']!).toFixed(1)}, raw ${median(together.windows.raw!).toFixed(1)}; the gateway over mercurius+jit, ${byWindow(overMercurius)}`,
      "≤ mercurius+jit's",
      overMercurius.median <= 0,
    ],
    [
      'the same, against mercurius+jit with the gateway\'s features',
      `${FEATURED} ${median(together.windows[FEATURED]!).toFixed(1)} µs; the gateway over it, ${byWindow(windowDifferences(together, 'gateway', FEATURED))}`,
      '',
      undefined,
    ],
    ['one-call throughput, cache on', `${of(on, on.raw)}; ${on.upstreamPerRequest.toFixed(3)} upstream calls/request`, '≥ 1.0', on.ratio >= 1],
    ['RSS idle', `${Math.max(off.idleRssMb, on.idleRssMb)} MB`, '< 120 MB', Math.max(off.idleRssMb, on.idleRssMb) < 120],
    ['RSS peak, 10 connections', `${Math.max(off.peakRssMb, on.peakRssMb)} MB (cache off ${off.peakRssMb}, on ${on.peakRssMb})`, '< 200 MB', Math.max(off.peakRssMb, on.peakRssMb) < 200],
    [`RSS over a ${SOAK_SECONDS} s soak`, `${rss.samples.join(' ')} MB (every 5 s; peak ${Math.max(...rss.samples)})`, 'flat, < 200 MB', Math.max(...rss.samples) < 200 && rss.last <= rss.first * 1.2],
    [
      'start to first answer',
      `${startMs} ms (cache off ${off.startMs}, on ${on.startMs}); floor: ${floor.ms} ms for npm start of a one-line node:http server. ${startFaults} page faults to the first answer (the floor's server ${floor.faults}), at ${touchUs.toFixed(1)} µs a page first touched here`,
      '< 500 ms',
      startMs < 500,
    ],
    [
      'nested query, cache off',
      `${deep.ratio.toFixed(2)}× the raw client (${deep.gatewayMs} vs ${deep.rawMs} ms, 20 ms a call); runs ${deep.gatewayRunsMs.join(' ')} ms, ${deep.warmRatio.toFixed(2)}× from the 4th on`,
      '≤ 1.10×',
      deep.ratio <= 1.1,
    ],
    ['nested query repeated', `${deep.repeatCalls} upstream calls vs ${deep.firstCalls} the first time`, '≤ 10 % of the first', deep.repeatCalls <= deep.firstCalls * 0.1],
    ['20 clients, one new query', `${deep.burstCalls} upstream calls vs ${deep.singleCalls} for one`, '≤ 2× one', deep.burstCalls <= deep.singleCalls * 2],
    [
      '100 KB documents priced, slowest shape',
      `${slowestFigure.ms} ms CPU, ${slowestFigure.parses} parses of it (${slowest}; ${Object.keys(priced).length} shapes)`,
      '< 20 ms',
      slowestFigure.ms < 20,
    ],
  ];
  console.log(JSON.stringify({ cacheOff: off, cacheOn: on, together, startFloor: floor, firstTouchUs: touchUs, soak: rss, nested: deep, pricing: priced }, null, 2));
  console.log(`\n${profiled}`);
  console.log(`\n${pairedRows(together)}`);
  console.log('\n| figure | measured | target | met |\n|---|---|---|---|');
  for (const [figure, measured, target, met] of rows) console.log(`| ${figure} | ${measured} | ${target} | ${met === undefined ? '' : met ? 'yes' : 'NO'} |`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopAll);
