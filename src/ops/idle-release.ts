/**
 * Memory back to the system once a burst of work is over.
 *
 * V8 grows its heap under load and keeps what it grew to: an idle node process collects nothing,
 * and gives nothing back, until it allocates again or V8's memory reducer comes round (after
 * about half a minute, measured here). After a minute of varied traffic the gateway held 220 MB
 * for 25 s of idleness when a third of that was live. Node runs none of the idle-time collection
 * a browser does, so this does it: once no GraphQL operation has begun for `idleMs` after a
 * burst of them, two full collections a second apart (`gc` with the "last-resort" flavour, which
 * compacts and returns free pages, posted as a task; see `exposedGc` for how it is had). The first
 * finds the garbage; the pages it empties are swept in the background and returned by the
 * second (one alone gave back a fifth as much). Nothing happens while traffic flows, nor more
 * than once per burst.
 *
 * Quiet is told by the operations, not by the event loop alone. After a burst the loop is not
 * idle: V8 collects what the burst left, in tasks on the main thread, and a log written at debug
 * is still going out; on a machine shared with other busy processes each such callback also
 * takes longer by the clock. Measured by the loop's utilization (under 2 % for five seconds), or
 * by the process's CPU time, a test's gateway beside the other test files sometimes, or always,
 * never found five quiet seconds. A second is quiet when no operation began in it and the loop
 * was not mostly busy (an answer still being written is work); a burst is seconds whose
 * operations kept the loop more than a tenth busy, so neither a lone request nor these
 * collections themselves (which run with no operation) start another round.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A second in which no operation began is quiet when its event loop was busy less than this. */
const QUIET = 0.5;
/** A second with operations, busier than this, makes the heap worth collecting once quiet returns. */
const BUSY = 0.1;
const TICK_MS = 1_000;

export type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void> | void;

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
 * Starts watching the operations (`operations`: how many have begun so far) and the event loop
 * (`utilization`); returns a function that stops it. Does nothing with `idleMs` 0. `onRelease`
 * hears the RSS given back. `collect` is V8's gc (`exposedGc`); a test may count the calls instead.
 */
export function releaseMemoryWhenIdle(
  idleMs: number,
  operations: () => number,
  onRelease?: (freedBytes: number) => void,
  utilization = loopUtilization(),
  collect: Collect | undefined = idleMs > 0 ? exposedGc() : undefined,
): () => void {
  if (idleMs <= 0 || !collect) return () => {};
  let begun = operations();
  let quietMs = 0;
  let busy = false;
  /** The RSS before the first collection, while the second is due. */
  let releasing: number | undefined;
  const timer = setInterval(() => {
    const loop = utilization();
    const served = operations() !== begun;
    begun = operations();
    quietMs = !served && loop < QUIET ? quietMs + TICK_MS : 0;
    if (served && loop > BUSY) busy = true;
    if (releasing !== undefined) {
      const before = releasing;
      releasing = undefined;
      Promise.resolve(collect({ type: 'major', execution: 'async', flavor: 'last-resort' })).then(
        () => onRelease?.(before - process.memoryUsage().rss),
        () => undefined,
      );
      return;
    }
    if (!busy || quietMs < idleMs) return;
    busy = false;
    releasing = process.memoryUsage().rss;
    Promise.resolve(collect({ type: 'major', execution: 'async', flavor: 'last-resort' })).catch(() => undefined);
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
