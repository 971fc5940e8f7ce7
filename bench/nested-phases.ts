/**
 * Where the nested query's time goes, phase by phase: the query of the nested figure (subnets(100)
 * → blockchains → genesis + l1Validators(10), 20 ms a call, cache off), through `npm start` over
 * the sandbox, beside the raw client making the same calls (its best plan: the listing, then every
 * L1's validators at once).
 *
 * The figure takes the median of a fresh gateway's first ten runs, each after a raw client's run,
 * so what a young process costs weighs on it. The gateway is measured here in that same sequence,
 * and again after WARM_RUNS more runs, so that what a young process adds shows apart from what the
 * plan itself costs. The gateway's phases are timed inside it by bench/nested-probe.ts (undici's
 * and node:http's diagnostics channels, subscribed only there); the raw client's calls, and the
 * client's send and its answer parsed, here, on the same monotonic clock. So the edges (the
 * request reaching the gateway, the answer reaching the client) are rows of their own: the raw
 * client has none, and the medians of a gateway's phases once fell 4 to 8 ms short of its whole.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool } from 'undici';
import { monotonicMs, type ProbedRequest } from './nested-probe.js';
import { startGateway, startSandbox, stop } from './processes.js';
import { median } from './stats.js';

export const NESTED_LATENCY_MS = 20;
export const NESTED = JSON.stringify({
  query: `{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId isL1 blockchains { blockchainName genesisData { config { chainId } } }
    l1Validators(first: 10) { nodes { nodeId weight } } } } } }`,
});
/** What the yardstick sends a new gateway before its first measured run: a query whose upstream calls differ. */
export const NESTED_WARM_UP = JSON.stringify({ query: '{ network(name: MAINNET) { subnets(first: 5) { nodes { subnetId isL1 } } } }' });

export const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json() as Promise<{ errors?: unknown }>);

/** The raw client of the nested query over the sandbox whose Data API is at `dataApiUrl`: `run` makes its calls and resolves with its time in ms. */
export function rawNestedClient(dataApiUrl: string): { origin: string; run(): Promise<number>; close(): Promise<void> } {
  const base = new URL(dataApiUrl);
  const pool = new Pool(base.origin, { connections: 64 });
  const prefix = base.pathname.replace(/\/$/, '');
  const get = async (path: string) => {
    const { statusCode, body } = await pool.request({ path: prefix + path, method: 'GET' });
    const json = (await body.json()) as { subnets: { subnetId: string; isL1: boolean }[] };
    if (statusCode !== 200) throw new Error(`${path} answered ${statusCode}`);
    return json;
  };
  return {
    origin: base.origin,
    async run() {
      const started = performance.now();
      const listing = await get('/v1/networks/mainnet/subnets?pageSize=100');
      await Promise.all(listing.subnets.filter((s) => s.isL1).map((s) => get(`/v1/networks/mainnet/l1Validators?pageSize=10&subnetId=${s.subnetId}`)));
      return performance.now() - started;
    },
    close: () => pool.close(),
  };
}

/** One run's phases, in ms. */
interface Phases {
  /** The client's send to the request's arrival in the gateway (the gateway's only). */
  toGateway: number;
  /** Then to the listing call. */
  toListing: number;
  /** The listing call to its answer's last byte: the upstream's latency and the sandbox building 100 subnets. */
  listing: number;
  /** The listing's last byte to the first L1 call: its text decoded, parsed, checked, and the fan-out planned. */
  toFanOut: number;
  /** The first L1 call to the last L1 answer's last byte. */
  fanOut: number;
  /** The last answer's last byte to the answer written to the socket (the gateway), or parsed (the raw client). */
  toAnswer: number;
  /** The answer written to the client holding it parsed (the gateway's only). */
  toClient: number;
  /** The whole run, as the client saw it. */
  whole: number;
}

/** The phases of a run the client sent at `clientSent` and held parsed at `parsed`, of the request `probed` timed (monotonicMs). */
function phasesOf({ start, sent, done, end }: ProbedRequest, clientSent: number, parsed: number): Phases {
  const last = Math.max(...done);
  return {
    toGateway: start - clientSent,
    toListing: sent[0]! - start,
    listing: done[0]! - sent[0]!,
    toFanOut: sent[1]! - done[0]!,
    fanOut: last - sent[1]!,
    toAnswer: end - last,
    toClient: parsed - end,
    whole: parsed - clientSent,
  };
}

/** The raw client's run, its calls timed as the probe times the gateway's. */
async function probedRaw(raw: ReturnType<typeof rawNestedClient>): Promise<Phases> {
  const probed: ProbedRequest = { start: monotonicMs(), sent: [], done: [], end: 0 };
  const ours = (message: unknown) => String((message as { request: { origin?: unknown } }).request.origin) === raw.origin;
  const created = (message: unknown) => ours(message) && probed.sent.push(monotonicMs());
  const finished = (message: unknown) => ours(message) && probed.done.push(monotonicMs());
  subscribe('undici:request:create', created);
  subscribe('undici:request:trailers', finished);
  try {
    await raw.run();
    probed.end = monotonicMs();
    return phasesOf(probed, probed.start, probed.end);
  } finally {
    unsubscribe('undici:request:create', created);
    unsubscribe('undici:request:trailers', finished);
  }
}

const RUNS = 10;
/** Runs between the measured young ones and the warm ones: the per-answer path reaches TurboFan after about 90 (src/cli.ts, `--no-maglev`). */
const WARM_RUNS = 100;

/** The medians of each phase over `runs`. */
function medians(runs: Phases[]): Phases {
  return Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((run) => run[key as keyof Phases]))])) as unknown as Phases;
}

/** The phases of the nested query: the raw client's, a fresh gateway's first RUNS runs, and the same gateway's once warm; the markdown section of bench/PROFILE.md. */
export async function nestedPhasesSection(dir: string): Promise<string> {
  const probe = resolve(dir, 'nested-probe.mjs');
  const out = join(tmpdir(), `nested-probe-${process.pid}.jsonl`);
  rmSync(out, { force: true });
  const sandbox = await startSandbox({ SANDBOX_LATENCY_MS: String(NESTED_LATENCY_MS) });
  const raw = rawNestedClient(sandbox.urls.dataApiUrl);
  const gw = await startGateway({ CACHE: 'off', LOG_LEVEL: 'warn', ...sandbox.upstreams, NODE_OPTIONS: `--import=${probe}`, NESTED_PROBE_OUT: out });
  const rawRuns: Phases[] = [];
  const clientTimes: [sent: number, parsed: number][] = [];
  try {
    await raw.run();
    await post(gw.url, NESTED_WARM_UP);
    for (let i = 0; i < RUNS + WARM_RUNS + RUNS; i++) {
      if (i < RUNS) rawRuns.push(await probedRaw(raw));
      const sent = monotonicMs();
      const res = await post(gw.url, NESTED);
      clientTimes.push([sent, monotonicMs()]);
      if (res.errors) throw new Error(`nested query failed: ${JSON.stringify(res.errors).slice(0, 300)}`);
    }
  } finally {
    await stop(gw.child);
    await raw.close();
    await stop(sandbox.child);
  }
  // The nested query's lines: the readiness probe's and the warm-up's made fewer than two calls.
  const probed = existsSync(out)
    ? readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ProbedRequest)
        .filter((request) => request.sent.length >= 2)
    : [];
  rmSync(out, { force: true });
  if (probed.length !== clientTimes.length) throw new Error(`the probe saw ${probed.length} nested queries of ${clientTimes.length}`);
  const runs = probed.map((request, i) => phasesOf(request, ...clientTimes[i]!));
  const young = medians(runs.slice(0, RUNS));
  const warm = medians(runs.slice(-RUNS));
  const rawPhases = medians(rawRuns);
  const ms = (value: number) => value.toFixed(1);
  const row = (what: string, key: keyof Phases, rawCell = ms(rawPhases[key])) => `| ${what} | ${rawCell} | ${ms(young[key])} | ${ms(warm[key])} |`;
  return `## Where the nested query's time goes

From bench/nested-phases.ts: the nested figure's query (${NESTED_LATENCY_MS} ms a call, cache off) through \`npm start\` over the
sandbox, in the figure's own sequence (a fresh gateway, one warm-up query, then ${RUNS} runs, each after a raw client's),
and again after ${WARM_RUNS} more runs. Each phase is timed inside the gateway (bench/nested-probe.ts, on undici's and
node:http's diagnostics channels, subscribed only there), and in the bench for its client (\`fetch\`, as the yardstick
sends it) and for the raw client, on the one monotonic clock of the machine. Each cell is the median of its runs, so
a column's cells need not add up to its whole.

| phase, ms | raw client | gateway, runs 1–${RUNS} | gateway, runs ${RUNS + WARM_RUNS + 1}–${2 * RUNS + WARM_RUNS} |
|---|---:|---:|---:|
${row("the client's send to the request's arrival", 'toGateway', '')}
${row('the arrival to the listing call', 'toListing', '')}
${row('the listing call to its last byte', 'listing')}
${row('its last byte to the first L1 call', 'toFanOut')}
${row('the first L1 call to the last L1 answer', 'fanOut')}
${row('the last L1 answer to the answer written (raw: parsed)', 'toAnswer')}
${row('the answer written to the client holding it parsed', 'toClient', '')}
${row('whole, as the client saw it', 'whole')}
`;
}
