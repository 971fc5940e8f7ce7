/**
 * `npm run bench`: measures, in one run against the sandbox,
 *  1. throughput of a query that makes one upstream call, side by side with a raw undici proxy
 *     of the same upstream request (each in its own process), and their ratio;
 *  2. latency and upstream call count of the nested Subnet → blockchains → genesisData +
 *     l1Validators query with 20 ms of sandbox latency;
 *  3. the same for the Data API + node query of issue 4: subnets' chains with status, fee config,
 *     chain config and validators, and the subnets' P-Chain validators, with how many eth_* calls
 *     went out in how many batches.
 * Figures come from this run only; the machine is shared, so compare the ratio, not absolutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { getNodeWorld } from '../src/sandbox/node-data.js';
import { getWorld } from '../src/sandbox/world.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const NESTED_RUNS = Number(process.env.BENCH_NESTED_RUNS ?? 20);

const children: ChildProcess[] = [];

/** Starts a script with tsx; resolves with the JSON line it prints when ready (or `ready()`). */
interface Started {
  url: string;
  dataApiUrl?: string;
  nodeUrls?: { mainnet: string; fuji: string };
}

function start(script: string, env: Record<string, string>, ready?: () => Promise<string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    const done = (value: { url: string }) => {
      clearTimeout(deadline);
      resolve(value);
    };
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    if (ready) {
      void ready().then((url) => done({ url }), reject);
      return;
    }
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { url?: string };
        if (parsed.url) done(parsed as { url: string });
      } catch {
        // not the ready line
      }
    });
  });
}

/** Polls yoga's health endpoint until the gateway answers. */
async function healthy(url: string): Promise<string> {
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ duration: SECONDS, connections: CONNECTIONS, ...opts });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function stats(sandboxUrl: string): Promise<{ total: number; counts: Record<string, number> }> {
  return (await fetch(`${sandboxUrl}/_sandbox/stats`)).json() as Promise<{ total: number; counts: Record<string, number> }>;
}

async function main() {
  const sandbox = await start('src/sandbox/main.ts', { SANDBOX_PORT: '0' });
  const upstreamPath = '/v1/networks/mainnet/l1Validators?pageSize=10';
  const port = await freePort();
  const gateway = await start(
    'src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'off',
      DATA_API_URL: sandbox.dataApiUrl!,
      NODE_URL_MAINNET: sandbox.nodeUrls!.mainnet,
      NODE_URL_FUJI: sandbox.nodeUrls!.fuji,
      LOG_LEVEL: 'warn',
      GRAPHIQL: 'false',
    },
    () => healthy(`http://127.0.0.1:${port}`),
  );
  const proxy = await start('bench/proxy.ts', { PROXY_TARGET: `${sandbox.dataApiUrl}${upstreamPath}` });

  const oneCall = JSON.stringify({ query: '{ network(name: MAINNET) { l1Validators(first: 10) { nodes { validationId nodeId subnetId weight remainingBalance creationTimestamp } } } }' });
  // Both answer; check once that the gateway's query costs exactly one upstream call.
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
  const probe = await (await fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: oneCall })).json() as { errors?: unknown };
  if (probe.errors) throw new Error(`gateway query failed: ${JSON.stringify(probe.errors)}`);
  const oneCallCount = (await stats(sandbox.url)).total;

  // Warm both up, then alternate rounds so drift on a shared machine hits both alike.
  await load({ url: `${proxy.url}/`, duration: 2 });
  await load({ url: `${gateway.url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: oneCall, duration: 2 });
  const proxyRps: number[] = [];
  const gatewayRps: number[] = [];
  const proxyP99: number[] = [];
  const gatewayP99: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const p = await load({ url: `${proxy.url}/` });
    const g = await load({ url: `${gateway.url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: oneCall });
    if (p.non2xx || g.non2xx || p.errors || g.errors) throw new Error(`errors during load: proxy ${p.non2xx}/${p.errors}, gateway ${g.non2xx}/${g.errors}`);
    proxyRps.push(p.requests.average);
    gatewayRps.push(g.requests.average);
    proxyP99.push(p.latency.p99);
    gatewayP99.push(g.latency.p99);
  }

  // Nested query with 20 ms per upstream call.
  await fetch(`${sandbox.url}/_sandbox/knobs`, { method: 'POST', body: JSON.stringify({ latencyMs: 20 }) });
  const nested = JSON.stringify({
    query: `{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId isL1
      blockchains { blockchainId blockchainName evmChainId genesisData { gasLimit config { chainId feeConfig { gasLimit minBaseFee targetGas } warpConfig { quorumNumerator } } alloc { address balance storage { slot value } } } }
      l1Validators(first: 10) { blockHeight nodes { validationId nodeId weight remainingBalance } } } } } }`,
  });
  const latencies: number[] = [];
  const calls: number[] = [];
  let subnets = 0;
  let l1s = 0;
  for (let i = 0; i < NESTED_RUNS; i++) {
    const before = (await stats(sandbox.url)).total;
    const started = performance.now();
    const res = (await (await fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: nested })).json()) as {
      errors?: unknown;
      data: { network: { subnets: { nodes: { isL1: boolean }[] } } };
    };
    latencies.push(performance.now() - started);
    if (res.errors) throw new Error(`nested query failed: ${JSON.stringify(res.errors)}`);
    calls.push((await stats(sandbox.url)).total - before);
    subnets = res.data.network.subnets.nodes.length;
    l1s = res.data.network.subnets.nodes.filter((s) => s.isL1).length;
  }

  // Data API + node: the subnets whose chains the sandbox node tracks, one alias each.
  const world = getWorld('mainnet');
  const node = getNodeWorld('mainnet');
  const trackedSubnets = world.subnets
    .filter((x) => x.isL1 && x.blockchains.length > 0 && x.blockchains.every((b) => node.chains.get(b.blockchainId)?.status !== 'Created'))
    .slice(0, 8);
  const nodeQuery = JSON.stringify({
    query: `{ network(name: MAINNET) { ${trackedSubnets
      .map(
        (x, i) => `s${i}: subnet(subnetId: "${x.subnetId}") { subnetId currentValidators { nodeId weight balance }
        blockchains { blockchainId status feeConfig { gasLimit minBaseFee lastChangedAt } chainConfig { chainId precompileUpgrades { name } } validators { nodeId uptimePercentage } } }`,
      )
      .join('\n')} } }`,
  });
  const nodeLatencies: number[] = [];
  const nodeCalls: number[] = [];
  let ethCalls = 0;
  let batches = 0;
  for (let i = 0; i < NESTED_RUNS; i++) {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    await fetch(`${sandbox.url}/_sandbox/knobs`, { method: 'POST', body: JSON.stringify({ latencyMs: 20 }) });
    const started = performance.now();
    const res = (await (await fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: nodeQuery })).json()) as { errors?: unknown };
    nodeLatencies.push(performance.now() - started);
    if (res.errors) throw new Error(`node query failed: ${JSON.stringify(res.errors)}`);
    const log = (await (await fetch(`${sandbox.url}/_sandbox/requests`)).json()) as { operation: string; body?: unknown }[];
    nodeCalls.push(log.length);
    const rpc = log.filter((r) => r.operation === 'batch' || r.operation.startsWith('eth_'));
    batches = rpc.length;
    ethCalls = rpc.reduce((n, r) => n + (Array.isArray(r.body) ? r.body.length : 1), 0);
  }

  const report = {
    oneUpstreamCall: {
      upstreamCallsPerQuery: oneCallCount,
      rounds: ROUNDS,
      secondsPerRound: SECONDS,
      connections: CONNECTIONS,
      proxyReqPerSec: Math.round(median(proxyRps)),
      gatewayReqPerSec: Math.round(median(gatewayRps)),
      gatewayToProxyRatio: Number((median(gatewayRps) / median(proxyRps)).toFixed(3)),
      proxyP99Ms: median(proxyP99),
      gatewayP99Ms: median(gatewayP99),
      perRound: { proxy: proxyRps.map(Math.round), gateway: gatewayRps.map(Math.round) },
    },
    nested: {
      query: 'subnets(first: 100) → blockchains → genesisData + l1Validators(first: 10)',
      sandboxLatencyMs: 20,
      runs: NESTED_RUNS,
      subnets,
      l1Subnets: l1s,
      upstreamCallsPerQuery: [...new Set(calls)],
      latencyMs: { median: Math.round(median(latencies)), p90: Math.round(pct(latencies, 90)), min: Math.round(Math.min(...latencies)) },
    },
    dataApiAndNode: {
      query: `${trackedSubnets.length} subnets → currentValidators + blockchains → status, feeConfig, chainConfig, validators`,
      sandboxLatencyMs: 20,
      runs: NESTED_RUNS,
      chains: trackedSubnets.reduce((n, x) => n + x.blockchains.length, 0),
      upstreamCallsPerQuery: [...new Set(nodeCalls)],
      ethCalls,
      ethHttpRequests: batches,
      latencyMs: { median: Math.round(median(nodeLatencies)), p90: Math.round(pct(nodeLatencies, 90)), min: Math.round(Math.min(...nodeLatencies)) },
    },
  };
  console.log(JSON.stringify(report, null, 2));
  console.log(
    `\none upstream call: gateway ${report.oneUpstreamCall.gatewayReqPerSec} req/s vs raw undici proxy ${report.oneUpstreamCall.proxyReqPerSec} req/s → ratio ${report.oneUpstreamCall.gatewayToProxyRatio}`,
  );
  console.log(
    `nested query (${subnets} subnets, ${l1s} L1s, 20 ms per upstream call): median ${report.nested.latencyMs.median} ms, p90 ${report.nested.latencyMs.p90} ms, upstream calls ${report.nested.upstreamCallsPerQuery.join('/')}`,
  );
  const d = report.dataApiAndNode;
  console.log(
    `Data API + node query (${trackedSubnets.length} subnets, ${d.chains} chains, 20 ms per upstream call): median ${d.latencyMs.median} ms, p90 ${d.latencyMs.p90} ms, upstream calls ${d.upstreamCallsPerQuery.join('/')}, ${d.ethCalls} eth_* calls in ${d.ethHttpRequests} HTTP requests`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
