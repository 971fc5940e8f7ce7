/**
 * Memory back to the system once a burst of work is over.
 *
 * V8 grows its heap under load and keeps what it grew to: an idle node process collects nothing,
 * and gives nothing back, until it allocates again or V8's memory reducer comes round (after about
 * half a minute, measured here; npm start turns the reducer off, see below). After a minute of
 * varied traffic the gateway held 220 MB for 25 s of idleness when a third of that was live. Node
 * runs none of the idle-time collection a browser does, so this does it: once the event loop has
 * been nearly idle for `idleMs` after being busy, two full collections a second apart (`gc` with
 * the "last-resort" flavour, which compacts and returns free pages, posted as a task; see
 * `exposedGc` for how it is had). The first finds the garbage; the pages it empties are swept in
 * the background and returned by the second (one alone gave back a fifth as much). Nothing happens
 * while traffic flows, nor more than once per burst.
 *
 * Told by the event loop alone (under 2 % busy for five seconds), quiet sometimes never came: after
 * a burst V8 collects what it left in tasks on the main thread, a debug log is still going out, and
 * on a machine shared with busy processes each callback takes longer by the clock (CI runs 10 and
 * 15 waited 20 s for it). The server knows its traffic, so a second is also quiet when no request
 * began in it, none is in flight at its end, no WebSocket is open, and the loop was under half busy.
 * Requests in flight, waiting on an upstream with the loop nearly idle, do not make a second quiet
 * by this rule (counting only requests begun released inside such a burst, in CI run 29), and an
 * open socket leaves the decision to the event loop, as before. A burst is a busy second with
 * traffic: what it left for V8, and these collections themselves, start no new round.
 *
 * Why the quiet is long (20 s by default, within the 30 s bench/mixed-soak.ts gives memory to come
 * back) and V8's own memory reducer is off (`--no-memory-reducer` in npm start's flags, src/cli.ts's
 * `workerFlags`): a full collection while no request is in flight frees objects of the request path
 * that V8's optimized code holds weakly, and V8 then discards that code ("embedded weak objects
 * cleared" under `--trace-deopt`, 180 to 330 functions each time, the request path's own among
 * them). The next burst ran at about twice the CPU per request until V8 had optimized it all again,
 * several seconds later. The reducer's collections came a few seconds into every pause, and this
 * release's after 5 s; now a pause shorter than `idleMs` keeps the code, a longer one gives the
 * memory back.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A second whose event loop was busy less than this is quiet. */
const QUIET = 0.02;
/** A second without traffic is quiet when its event loop was busy less than this. */
const CALM = 0.5;
/** A second busier than this, with traffic, makes the heap worth collecting once quiet returns. */
const BUSY = 0.1;
const TICK_MS = 1_000;

type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void> | void;

/**
 * V8's `gc` without starting node with `--expose-gc`. That flag is part of the hash V8 checks code
 * caches against: with it, Node's builtins could not use the code cache built into the binary, nor
 * entries made without it, and every builtin a start loads was compiled again (node:http, crypto
 * and zlib: 11 to 12 ms instead of 5; about a tenth of the gateway's start). So the flag is on only
 * while a new context is made, which is when V8 installs `gc`, and off again at once: the hash, and
 * what the caches accept, are as before. A process started with `--expose-gc` keeps its own.
 */
export function exposedGc(): Collect | undefined {
  const own = (globalThis as { gc?: Collect }).gc;
  if (own) return own;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as Collect;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** What the server has served, read once a second. */
export interface Traffic {
  /** Requests begun since the start, WebSocket upgrades among them. */
  readonly begun: number;
  /** Requests in flight and WebSockets open now. */
  readonly open: number;
}

/** The event loop's utilization (0 to 1) since the last call: for each tick of the release. */
export function loopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return utilization;
  };
}

/**
 * Starts watching the event loop (`utilization`) and, when given, the server's `traffic`; returns
 * a function that stops it. Does nothing with `idleMs` 0. `onRelease` hears the RSS given back.
 * `collect` is V8's gc (`exposedGc`); a test may count the calls instead.
 *
 * V8's gc is had at the first collection, not here: making the context that installs it took
 * about 4 ms of a profiled start (createContext), and the start waits for this call before it
 * answers. Where it cannot be had, the first collection stops the watch.
 */
export function releaseMemoryWhenIdle(
  idleMs: number,
  traffic?: Traffic,
  onRelease?: (freedBytes: number) => void,
  utilization = loopUtilization(),
  collect?: Collect,
): () => void {
  if (idleMs <= 0) return () => {};
  let gc = collect;
  const collectLastResort = async () => {
    gc ??= exposedGc();
    if (!gc) {
      clearInterval(timer);
      throw new Error('V8 gc is not available');
    }
    await gc({ type: 'major', execution: 'async', flavor: 'last-resort' });
  };
  let begun = traffic?.begun ?? 0;
  let quietMs = 0;
  let busy = false;
  /** The RSS before the first collection, while the second is due. */
  let releasing: number | undefined;
  const timer = setInterval(() => {
    const loop = utilization();
    const idleServer = traffic !== undefined && traffic.begun === begun && traffic.open === 0;
    begun = traffic?.begun ?? 0;
    quietMs = loop < QUIET || (idleServer && loop < CALM) ? quietMs + TICK_MS : 0;
    // Work without traffic (what a burst left for V8, these collections themselves) starts no round.
    if (loop > BUSY && !idleServer) busy = true;
    if (releasing !== undefined) {
      const before = releasing;
      releasing = undefined;
      collectLastResort().then(
        () => onRelease?.(before - process.memoryUsage().rss),
        () => undefined,
      );
      return;
    }
    if (!busy || quietMs < idleMs) return;
    busy = false;
    releasing = process.memoryUsage().rss;
    collectLastResort().catch(() => undefined);
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
