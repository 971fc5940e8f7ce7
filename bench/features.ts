/**
 * What each default feature that a setting turns off costs a one-call request, in CPU, measured
 * so that the machine's noise cancels: several gateways in one process (the package's
 * `createAvalancheGateway`, as built in dist/, one per variant of the settings), over the bench's
 * stub, each driven in turn by the same 10 concurrent clients through yoga's `fetch`, in windows of
 * half a second interleaved round after round. A variant's cost is the median, over the rounds, of
 * its window's CPU per request minus the shipped settings' window of the same round; the shipped
 * settings a second time measure what that difference is when nothing differs. The stub runs in
 * the same process, so that no other process's wake-ups fall into the windows (its CPU is in
 * every variant's figure alike).
 *
 * Why in one process and interleaved: on this shared machine one configuration measured 177 to
 * 361 µs a request from run to run, through HTTP and a process each (bench/run.ts), so a feature
 * of a few µs could not be told from noise. Here the slow stretches fall on every variant alike.
 * What it leaves out is the HTTP layer (bench/profile.ts has all of it).
 *
 * Run by bench/run.ts in a process of its own, whose stdout is the gateways' request log:
 * `node --import tsx bench/features.ts`. Its answer is the last line of its stderr.
 *
 * The features a reload can turn off are measured through HTTP too, in one `npm start` process
 * (`reloadedCosts`), which bench/run.ts calls itself.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { AvalancheGateway } from '../src/embed.js';
import { CONNECTIONS, load, startGateway, stop } from './processes.js';
import { median, quantile } from './stats.js';
import { ONE_CALL_QUERY, onStub, stubServer } from './stub.js';

export interface FeatureCost {
  variant: string;
  /** The setting that turns the feature off; empty for the shipped settings. */
  setting: string;
  /** CPU µs per request, median of its windows. */
  us: number;
  /** Median of its windows' difference to the shipped settings' window of the same round. */
  diff: number;
  /** The middle half of those differences (first and third quartiles): how far to trust `diff`. */
  quartiles: [number, number];
}

/** The features, each by the setting that turns it off. */
const VARIANTS: { variant: string; setting: Record<string, string> }[] = [
  { variant: 'as shipped', setting: {} },
  { variant: 'as shipped, again (the noise)', setting: {} },
  { variant: 'request log off', setting: { LOG_LEVEL: 'warn' } },
  { variant: 'metrics off', setting: { METRICS: 'off' } },
  { variant: 'compiled queries off', setting: { COMPILED_CACHE_MAX_BYTES: '0' } },
];

const CLIENTS = 10;
const WINDOW_MS = 500;
const ROUNDS = Number(process.env.BENCH_FEATURE_ROUNDS ?? 24);

export async function featureCosts(): Promise<FeatureCost[]> {
  const upstream = stubServer().listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const stubUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const { createAvalancheGateway } = (await import(
    pathToFileURL(join(import.meta.dirname, '../dist/embed.js')).href
  )) as typeof import('../src/embed.js');
  const gateways: AvalancheGateway[] = [];
  for (const { setting } of VARIANTS) {
    gateways.push(
      await createAvalancheGateway({
        settings: {
          SANDBOX: 'off',
          CACHE: 'off',
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          ...onStub(stubUrl),
          ...setting,
        },
      }),
    );
  }
  const body = JSON.stringify({ query: ONE_CALL_QUERY });
  let active = 0;
  let answered = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const response = await gateways[active]!.yoga.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"blockchainId"') || text.includes('"errors"')) {
        throw new Error(`${VARIANTS[active]!.variant} answered ${response.status} ${text.slice(0, 300)}`);
      }
      answered++;
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  const failed = Promise.all(clients).then(() => undefined);
  try {
    // Warm each (the JIT, the compiled queries, the upstream connections).
    for (let i = 0; i < gateways.length; i++) {
      active = i;
      await Promise.race([sleep(3000), failed]);
    }
    const windows = VARIANTS.map((): number[] => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < gateways.length; i++) {
        active = i;
        // The previous variant's requests in flight finish before the window opens.
        await sleep(20);
        const cpu = process.cpuUsage();
        const before = answered;
        await Promise.race([sleep(WINDOW_MS), failed]);
        const used = process.cpuUsage(cpu);
        windows[i]!.push((used.user + used.system) / (answered - before));
      }
    }
    return costsOf(VARIANTS, windows);
  } finally {
    stopped = true;
    await Promise.allSettled(clients);
    await Promise.all(gateways.map((gateway) => gateway.close()));
    upstream.closeAllConnections();
    upstream.close();
  }
}

/** Each variant's figures from its windows, the first variant's (the shipped settings') being the reference of each round. */
function costsOf(variants: readonly { variant: string; setting: Record<string, unknown> }[], windows: number[][]): FeatureCost[] {
  return variants.map(({ variant, setting }, i) => {
    const diffs = windows[i]!.map((us, round) => us - windows[0]![round]!);
    return {
      variant,
      setting: Object.entries(setting)
        .map(([name, value]) => `${name}=${value}`)
        .join(' '),
      us: median(windows[i]!),
      diff: median(diffs),
      quartiles: [quantile(diffs, 0.25), quantile(diffs, 0.75)],
    };
  });
}

/**
 * The features a reload can turn off, each by its setting in the settings file (`CONFIG_FILE`).
 * LOG_SAMPLE_RATE=0 leaves the request log's hook in place and writes none of its lines: what it
 * measures is the line, its fields included.
 */
const RELOADED: { variant: string; setting: Record<string, unknown> }[] = [
  { variant: 'as shipped', setting: { LOG_SAMPLE_RATE: 1 } },
  { variant: 'as shipped, again (the noise)', setting: { LOG_SAMPLE_RATE: 1 } },
  { variant: 'request log lines off', setting: { LOG_SAMPLE_RATE: 0 } },
];

const RELOAD_ROUNDS = Number(process.env.BENCH_RELOAD_ROUNDS ?? 10);
const RELOAD_WINDOW_S = 2;
/**
 * A reload reads the settings file and applies it at once; this is ample. One not applied would
 * show: its variant's row would read as the noise row does.
 */
const RELOAD_SETTLE_MS = 300;

/**
 * What the features a reload can turn off cost, through HTTP as users run the gateway: one
 * `npm start` (CACHE=off) over the stub at `stubUrl`, its settings file rewritten and the gateway
 * sent SIGHUP before each window, driven by autocannon (`load`, CONNECTIONS) for RELOAD_WINDOW_S;
 * CPU per request of the gateway's process alone, from /proc. The windows of a round run in a
 * turning order, so that a slow stretch does not fall on one variant's windows every time.
 *
 * Why this beside `featureCosts`: in one process and one gateway, nothing differs between two
 * windows but the setting (not the process's JIT, its heap, its place on the machine), so its
 * noise row is within a microsecond or two where featureCosts' is tens.
 */
export async function reloadedCosts(stubUrl: string): Promise<FeatureCost[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reload-'));
  const file = join(dir, 'settings.json');
  writeFileSync(file, JSON.stringify(RELOADED[0]!.setting));
  const gateway = await startGateway({ CACHE: 'off', CONFIG_FILE: file, ...onStub(stubUrl) });
  const opts = { url: gateway.url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: ONE_CALL_QUERY }) };
  try {
    await load(opts, 3);
    const windows = RELOADED.map((): number[] => []);
    for (let round = 0; round < RELOAD_ROUNDS; round++) {
      for (let turn = 0; turn < RELOADED.length; turn++) {
        const i = (round + turn) % RELOADED.length;
        writeFileSync(file, JSON.stringify(RELOADED[i]!.setting));
        process.kill(gateway.pid, 'SIGHUP');
        await sleep(RELOAD_SETTLE_MS);
        windows[i]!.push((await load(opts, RELOAD_WINDOW_S, gateway.pid)).cpuUs);
      }
    }
    return costsOf(RELOADED, windows);
  } finally {
    await stop(gateway.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const signed = (us: number) => `${us > 0 ? '+' : ''}${us.toFixed(1)}`;

/** A table of variants, the first (the shipped settings) as the reference. */
function costTable(costs: FeatureCost[]): string[] {
  return [
    '| variant | setting | µs/request | against as shipped, same round (median) | middle half of those |',
    '|---|---|---:|---:|---:|',
    ...costs.map(({ variant, setting, us, diff, quartiles }, i) =>
      i === 0
        ? `| ${variant} | | ${us.toFixed(1)} | | |`
        : `| ${variant} | ${setting ? `\`${setting}\`` : ''} | ${us.toFixed(1)} | ${signed(diff)} | ${signed(quartiles[0])} to ${signed(quartiles[1])} |`,
    ),
  ];
}

/** bench/PROFILE.md's section: what was measured, how, and the tables. */
export function featureSection(costs: FeatureCost[], reloaded: FeatureCost[]): string {
  return [
    '## What each feature a setting turns off costs',
    '',
    'From bench/features.ts: one gateway per variant of the settings in one process (the package, built), over the',
    "bench's stub in that process, driven in turn through yoga's `fetch` by 10 clients in half-second windows interleaved over the",
    "rounds, so that the machine's slow stretches fall on every variant alike. CPU per request of the process (the",
    "clients' side included, the same for all); a variant's cost is the median of its differences to the shipped",
    "settings' window of the same round. The HTTP layer is not in these figures (the profile above has it).",
    '',
    ...costTable(costs),
    '',
    'Those a reload can change, through HTTP as users run it (bench/features.ts, `reloadedCosts`): one `npm start`',
    `(CACHE=off) over the stub, its settings file rewritten and the gateway sent SIGHUP before each ${RELOAD_WINDOW_S}-second window`,
    `of the one-call query under ${CONNECTIONS} connections, ${RELOAD_ROUNDS} rounds with the windows in a turning order; CPU per request`,
    "of the gateway's process alone. Nothing differs between two windows but the setting.",
    '',
    ...costTable(reloaded),
    '',
  ].join('\n');
}

if (import.meta.filename === process.argv[1]) {
  const costs = await featureCosts();
  process.stderr.write(`${JSON.stringify(costs)}\n`);
  process.exit(0);
}
