/**
 * `npm run bench:mixed`: varied, valid traffic against `npm start` in its default configuration
 * (both caches on) over the sandbox, as real clients send it rather than one query over and over:
 * random subnets, blockchains, transactions, addresses and validators of the sandbox's world,
 * random page sizes, cursors from earlier pages, and random aliases (so most documents are new).
 *
 *  1. MIXED_SECONDS (60) of 12 connections, then MIXED_IDLE_SECONDS (30) idle: RSS before, at its
 *     peak, and every 5 s of the idle time; V8's heap; what each cache counts it holds against
 *     what the heap holds beyond the gateway's idle heap; p50 and p99 latency; upstream calls per
 *     request; answers by status and error code.
 *  2. 4,000 distinct small documents, one after the other: how much memory they leave behind.
 *  3. Costly queries: how fast the 30-alias query (30 pages of a hundred subnets with their
 *     chains) is refused, and how long other clients' `{ __typename }` wait while the largest
 *     answer the default limits allow of that kind is completed.
 *
 * The targets (issue 20) are printed beside each figure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile } from './stats.js';
import { alias, remember, request } from './traffic.js';
import { memoryOf, rssMb, sandboxCalls, startGateway, startSandbox, stopAll, type StartedGateway } from './processes.js';

const SECONDS = Number(process.env.MIXED_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.MIXED_IDLE_SECONDS ?? 30);
const CONNECTIONS = 12;

const post = (url: string, query: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

const rows: [string, string, string, boolean][] = [];
const row = (figure: string, measured: string, target: string, met: boolean) => rows.push([figure, measured, target, met]);

async function mixed(gateway: StartedGateway, calls: () => Promise<number>): Promise<void> {
  const idle = await memoryOf(gateway.url);
  const idleRss = rssMb(gateway.pid);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const codes = new Map<string, number>();
  let peak = idleRss;
  let peakHeap = idle.heapUsedMb;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, rssMb(gateway.pid));
    peakHeap = Math.max(peakHeap, (await memoryOf(gateway.url).catch(() => idle)).heapUsedMb);
  }, 500);
  const callsBefore = await calls();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const { query, list } = request();
        const started = performance.now();
        const res = await post(gateway.url, query);
        const body = (await res.json()) as {
          data?: { network?: Record<string, { pageInfo?: { endCursor?: string }; transactions?: { pageInfo?: { endCursor?: string } } }> };
          errors?: { extensions?: { code?: string } }[];
        };
        latencies.push(performance.now() - started);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        for (const e of body.errors ?? []) codes.set(e.extensions?.code ?? '?', (codes.get(e.extensions?.code ?? '?') ?? 0) + 1);
        if (list) {
          const found = Object.values(body.data?.network ?? {})[0];
          remember(list, found?.pageInfo?.endCursor ?? found?.transactions?.pageInfo?.endCursor);
        }
      }
    }),
  );
  clearInterval(sampler);
  const upstream = (await calls()) - callsBefore;
  const busy = await memoryOf(gateway.url);
  const idleSamples: number[] = [];
  let backUnder150 = Number.NaN;
  for (let s = 1; s <= IDLE_SECONDS; s++) {
    await sleep(1000);
    const rss = rssMb(gateway.pid);
    if (s % 5 === 0) idleSamples.push(rss);
    if (Number.isNaN(backUnder150) && rss < 150) backUnder150 = s;
  }
  const after = await memoryOf(gateway.url);
  const afterRss = rssMb(gateway.pid);
  const counted = Object.values(after.cachesMb).reduce((sum, mb) => sum + mb, 0);
  const held = after.heapUsedMb - idle.heapUsedMb;

  console.log(`\n1. ${SECONDS} s of ${CONNECTIONS} connections of varied traffic, then ${IDLE_SECONDS} s idle`);
  console.log(`  answers: ${latencies.length} (${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}); errors by code: ${JSON.stringify(Object.fromEntries(codes))}`);
  console.log(`  latency: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`);
  console.log(`  upstream calls: ${upstream} (${(upstream / latencies.length).toFixed(2)} per request)`);
  console.log(`  RSS: idle ${idleRss} MB, peak ${peak} MB, every 5 s idle: ${idleSamples.join(' ')} MB`);
  console.log(`  heap used: idle ${idle.heapUsedMb} MB, peak ${peakHeap} MB, end of traffic ${busy.heapUsedMb} MB, after idle ${after.heapUsedMb} MB`);
  console.log(`  caches count: ${JSON.stringify(after.cachesMb)} MB; the heap holds ${held.toFixed(1)} MB beyond the idle heap`);
  row('mixed traffic: RSS peak', `${peak} MB`, '< 250 MB', peak < 250);
  row(`mixed traffic: RSS after ${IDLE_SECONDS} s idle`, `${afterRss} MB (under 150 MB after ${backUnder150} s)`, '< 150 MB within 30 s', backUnder150 <= 30);
  row('mixed traffic: heap held / what the caches count', `${(held / counted).toFixed(2)} (${held.toFixed(1)} / ${counted.toFixed(1)} MB)`, '≤ 1.5', held / counted <= 1.5);
  row('mixed traffic: answers not 200', `${latencies.length - (statuses.get(200) ?? 0)} of ${latencies.length}`, '0', latencies.length === (statuses.get(200) ?? 0));
}

async function documents(gateway: StartedGateway): Promise<void> {
  await sleep(2000);
  const before = await memoryOf(gateway.url);
  const beforeRss = rssMb(gateway.pid);
  for (let i = 0; i < 4000; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, j) => post(gateway.url, `query D${i + j} { network { ${alias()}: name d${i + j}: name } }`).then((r) => r.text())));
  }
  await sleep(2000);
  const after = await memoryOf(gateway.url);
  const afterRss = rssMb(gateway.pid);
  console.log('\n2. 4,000 distinct small documents');
  console.log(`  heap used ${before.heapUsedMb} → ${after.heapUsedMb} MB; RSS ${beforeRss} → ${afterRss} MB`);
  row('4,000 distinct documents: RSS growth', `+${afterRss - beforeRss} MB (heap +${(after.heapUsedMb - before.heapUsedMb).toFixed(1)} MB)`, '< +60 MB', afterRss - beforeRss < 60);
}

async function fairness(gateway: StartedGateway): Promise<void> {
  const fields = 'subnetId isL1 blockchains { blockchainId blockchainName evmChainId vmId }';
  // 30 aliased pages of a hundred subnets: priced past MAX_RESULT_NODES, refused before it runs.
  const thirty = `{ network { ${Array.from({ length: 30 }, (_, i) => `s${i}: subnets(first: 100) { nodes { ${fields} } }`).join(' ')} } }`;
  // The largest answer the default limits allow of the same kind: 2,400 subnets with their chains.
  const largest = `{ network { subnets(first: 2400) { nodes { ${fields} } } } }`;
  // Warm: the subnets are in the cache, so what follows is the gateway's own work.
  await post(gateway.url, '{ network { subnets(first: 2400) { nodes { subnetId } } } }').then((r) => r.text());
  const refusals: number[] = [];
  let refusal = '';
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    refusal = await post(gateway.url, thirty.replace(/s(\d+):/g, `s$1_${i}:`)).then((r) => r.text());
    refusals.push(performance.now() - started);
  }
  const waits: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await post(gateway.url, '{ __typename }').then((r) => r.text());
      waits.push(performance.now() - started);
      await sleep(5);
    }
  })();
  const started = performance.now();
  const answer = await post(gateway.url, largest);
  const body = await answer.text();
  const took = performance.now() - started;
  await sleep(50);
  running = false;
  await probe;
  const worst = Math.max(...waits);
  const fastest = Math.min(...refusals);
  console.log('\n3. the event loop under costly queries');
  console.log(`  30 aliases × 100 subnets with their chains: ${refusal.slice(0, 200)}…`);
  console.log(`  refused in ${refusals.map((ms) => ms.toFixed(1)).join(', ')} ms (client round trip, five runs)`);
  console.log(`  the largest allowed, 2,400 subnets with their chains: ${answer.status}, ${body.length} bytes in ${took.toFixed(0)} ms`);
  console.log(`  other clients' { __typename } meanwhile: ${waits.length} answered, worst ${worst.toFixed(1)} ms`);
  row('the 30-alias query: refused before any call', `${fastest.toFixed(1)} ms at best, ${Math.max(...refusals).toFixed(1)} at worst`, '< 5 ms', fastest < 5);
  row("the largest allowed answer: others' trivial query delayed", `${worst.toFixed(1)} ms at worst`, '≤ 50 ms', worst <= 50);
}

try {
  const { urls, upstreams } = await startSandbox();
  const gateway = await startGateway({ ...upstreams, ...(process.env.MIXED_SNAPSHOT ? { NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' } : {}) });
  await sleep(1000);
  await mixed(gateway, () => sandboxCalls(urls));
  if (process.env.MIXED_SNAPSHOT) {
    process.kill(gateway.pid, 'SIGUSR2');
    await sleep(15_000);
  }
  await documents(gateway);
  await fairness(gateway);
  console.log('\n| figure | measured | target | met |\n|---|---|---|---|');
  for (const [figure, measured, target, met] of rows) console.log(`| ${figure} | ${measured} | ${target} | ${met ? 'yes' : 'NO'} |`);
} finally {
  await stopAll();
}
