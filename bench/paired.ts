/**
 * CPU a request of servers loaded at the same time: each at the same fixed rate, over the same
 * windows, its main thread's CPU read from /proc at each window's edges. What a window's
 * figures share (the machine's other load, its caches, the stub) falls on every server alike,
 * so the difference between two servers in one window is steadier than either figure: compare
 * the per-window differences, not the medians of each.
 *
 * Why beside the throughput rounds of bench/run.ts: there each server is loaded alone, in turn,
 * and a round meets whatever else the machine runs then. Over three runs of `npm run bench` on the
 * same gateway code, mercurius + graphql-jit measured 0.666, 0.790 and 0.950 of the raw proxy,
 * and the gateway 0.543, 0.567 and 0.601: the verdict held, the gap moved by more than half.
 * Loaded together, in 3 s windows after 15 s of warm-up, two gateways of the same build differed
 * by a median of −0.4 µs a request (3,000 a second each, three servers; −6 to +3 per window after
 * the first, where each moved by 50 µs with the machine), +1.4 (2,000 each, four servers; middle
 * half −5 to +6) and −2.6 (2,500 each, three servers), while mercurius + jit ran 33 to 57 µs a
 * request below the gateway in every window after the first of two runs (2,000 each, the two
 * alone; medians 40.0 and 44.9). How many servers run, and at what rate, moves the size of a gap
 * (the same two measured 32 to 63 µs apart in other line-ups); within one run, its windows agree.
 *
 * A fixed rate, not as fast as each can go: a server's CPU a request falls as its rate rises
 * (more requests share each wake-up of its event loop), so servers are compared at one rate.
 * The figure is not the saturated rounds' CPU a request; the same rate for all is what makes it
 * a comparison. `tsx bench/run.ts paired` runs it alone, and with BENCH_AGAINST=<dir> (another
 * checkout, built) adds that build's gateway beside this one's: a change's cost or gain in µs.
 */
import autocannon from 'autocannon';
import { CONNECTIONS, mainThreadCpu } from './processes.js';
import { median, quantile } from './stats.js';

/** A server to load: where to send the one-call request, and its process. */
export interface PairedServer {
  opts: autocannon.Options;
  pid: number;
}

export interface PairedOptions {
  /** Requests a second each server is sent. */
  rate: number;
  windows: number;
  /** Each window's length. */
  seconds: number;
  /** The load before the first window: V8 optimizes what each server runs. */
  warmSeconds: number;
}

export interface PairedFigures {
  options: PairedOptions;
  /** Per server, its main thread's CPU µs a request in each window, in order. */
  windows: Record<string, number[]>;
  /** Per server, the requests a second it was answered at over the windows (below the rate: it could not keep up). */
  answered: Record<string, number>;
}

/** One load of every server at once for `seconds`, at `rate` each; any answer not 2xx fails it. */
async function together(servers: Record<string, PairedServer>, rate: number, seconds: number) {
  const names = Object.keys(servers);
  const before = names.map((name) => mainThreadCpu(servers[name]!.pid));
  const results = await Promise.all(
    names.map((name) => autocannon({ connections: CONNECTIONS, pipelining: 1, overallRate: rate, duration: seconds, ...servers[name]!.opts })),
  );
  return names.map((name, i) => {
    const result = results[i]!;
    if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors from ${name}`);
    return { name, requests: result.requests.total, cpuUs: (mainThreadCpu(servers[name]!.pid) - before[i]!) / result.requests.total };
  });
}

/** Loads `servers` together and measures each window (`pairedRows` compares the others with the first). */
export async function pairedCpu(servers: Record<string, PairedServer>, options: PairedOptions): Promise<PairedFigures> {
  const names = Object.keys(servers);
  await together(servers, options.rate, options.warmSeconds);
  const windows: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const requests: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
  for (let window = 0; window < options.windows; window++) {
    for (const { name, requests: n, cpuUs } of await together(servers, options.rate, options.seconds)) {
      windows[name]!.push(cpuUs);
      requests[name]! += n;
    }
  }
  const answered = Object.fromEntries(names.map((name) => [name, requests[name]! / (options.windows * options.seconds)]));
  return { options, windows, answered };
}

/** `server`'s CPU a request minus `base`'s, window by window: the median and the middle half, µs. */
export function windowDifferences(figures: PairedFigures, server: string, base: string): { median: number; low: number; high: number } {
  const own = figures.windows[server]!;
  const theirs = figures.windows[base]!;
  const differences = own.map((us, i) => us - theirs[i]!);
  return { median: median(differences), low: quantile(differences, 0.25), high: quantile(differences, 0.75) };
}

/** The figures as markdown rows: each server's median CPU a request and its windows, and its difference to the first. */
export function pairedRows(figures: PairedFigures): string {
  const names = Object.keys(figures.windows);
  const { rate, windows, seconds, warmSeconds } = figures.options;
  const lines = [
    `Loaded together, ${rate} requests a second each, ${windows} windows of ${seconds} s after ${warmSeconds} s of warm-up (bench/paired.ts): main thread's CPU µs a request.`,
    '',
    `| server | median | each window | against ${names[0]}, per window: median (middle half) | answered req/s |`,
    '|---|---:|---|---|---:|',
  ];
  for (const name of names) {
    const own = figures.windows[name]!;
    const against = name === names[0] ? undefined : windowDifferences(figures, name, names[0]!);
    const versus = against ? `${signed(against.median)} (${signed(against.low)} to ${signed(against.high)})` : '';
    lines.push(`| ${name} | ${median(own).toFixed(1)} | ${own.map((us) => us.toFixed(0)).join(' ')} | ${versus} | ${Math.round(figures.answered[name]!)} |`);
  }
  return lines.join('\n');
}

const signed = (us: number) => `${us > 0 ? '+' : ''}${us.toFixed(1)}`;
