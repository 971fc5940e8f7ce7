import { writeSync } from 'node:fs';
import { destination, levels, pino, symbols, type Logger } from 'pino';

export type { Logger };

let second = Number.NaN;
let upToSecond = '';

/**
 * pino's `isoTime` (`,"time":"2026-11-30T16:28:24.123Z"`), with the part up to the second made
 * once a second: `Date#toISOString` cost about 1 µs a call on Node 24, and the request log writes
 * a line per request, so it was the most expensive part of one.
 */
export function isoTime(now = Date.now()): string {
  const ms = now % 1000;
  if (now - ms !== second) {
    second = now - ms;
    upToSecond = `,"time":"${new Date(second).toISOString().slice(0, 20)}`;
  }
  return `${upToSecond}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/**
 * Lines below warn are gathered up to this many bytes before they are written... Each write is a
 * round trip through libuv's thread pool (a worker woken, the write, the loop woken with its
 * completion): at 4 KiB, a write for every ~20 request-log lines, this cost the gateway's
 * one-call query about 3 µs of CPU a request against 64 KiB, measured in-process with the
 * windows of the two interleaved.
 */
export const GATHERED_BYTES = 64 * 1024;
/** ...or for at most this long after the first of them. */
export const GATHERED_MS = 250;

/** Every logger's lines still gathered, taken as the process exits. */
const stillGathered = new Set<() => Buffer>();
let exitHooked = false;

/** `bytes` on stdout before the process exits (no event loop left): waits out a full pipe for up to a second, as pino's own exit hook does. */
function writeAtExit(bytes: Buffer): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let at = 0, waits = 0; at < bytes.length && waits < 100; ) {
    try {
      at += writeSync(1, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      waits++;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/** What the gathering hands its lines to: pino's destination (sonic-boom), in its string mode. */
interface Destination {
  write(data: string): boolean;
  flush(cb?: (error?: Error) => void): void;
}

/**
 * pino's destination behind a gathering of its lines: those below warn are handed to it together
 * (GATHERED_BYTES, GATHERED_MS), a line at warn or above at once with those before it. The
 * destination (minLength 0) writes what it is handed as soon as no write is under way, so nothing
 * handed over waits on anything else. What is still gathered when the process exits is written
 * then, after the destination's older lines (pino's exit hook, registered first, writes those).
 *
 * Each line is encoded into a buffer as it comes, not kept as a string until the hand-over: at
 * info the request log writes a line per request, and its strings, alive for up to GATHERED_MS,
 * outlived two young-generation collections and were promoted. On the one-call query
 * (--trace-gc-nvp, 8 s, a process not in the mode `--no-allocation-site-pretenuring` avoids:
 * src/cli.ts) 647 bytes a request were promoted before, 227 after. What is promoted fills the
 * old generation, and each full collection costs its marking and drops the optimized code of
 * per-request closures, which V8 then compiles again.
 *
 * The buffer is the same one from hand-over to hand-over, and the destination is handed its lines
 * as one string, decoded then (a few microseconds for 64 KiB), which it writes and lets go. A new
 * buffer for each hand-over, handed over as bytes, was 64 KiB of memory outside the heap every 30
 * ms or so under load, which V8 counts toward starting a full collection. On `{ __typename }`
 * under 10 connections for 6 s (--trace-gc, the start's one included): 4 to 6 full collections
 * with a new buffer each time (6 runs, the request log on), 3 or 4 this way (7 runs); 1 or 2
 * with the request log off.
 *
 * Not sonic-boom's own `minLength` and `periodicFlush`: a flush asked while a write is under way
 * is dropped, so a warning logged then waited, below `minLength`, for the next line
 * (test/base/logger.test.ts), and the periodic flush writes even when there is nothing to write.
 */
function gathering(dest: Destination) {
  let bytes = Buffer.allocUnsafeSlow(GATHERED_BYTES);
  let used = 0;
  let later: NodeJS.Timeout | undefined;
  const handOver = () => {
    clearTimeout(later);
    later = undefined;
    if (used === 0) return;
    try {
      dest.write(bytes.toString('utf8', 0, used));
      used = 0;
      // One line longer than the rest made it bigger: back to its size, not kept at the longest line's.
      if (bytes.length > GATHERED_BYTES) bytes = Buffer.allocUnsafeSlow(GATHERED_BYTES);
    } catch {
      // Ended by pino as the process ends: the exit hook writes them.
    }
  };
  /** Room for `line` after those gathered: handed over first when it does not fit, and more room when it still does not (a line longer than GATHERED_BYTES, or a destination ended). */
  const makeRoom = (line: string) => {
    // Three bytes of UTF-8 at most for each UTF-16 unit: the exact length is counted only near the end.
    if (used + line.length * 3 <= bytes.length) return;
    const needed = Buffer.byteLength(line);
    if (used + needed <= bytes.length) return;
    handOver();
    if (used + needed <= bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(used + needed);
    bytes.copy(grown, 0, 0, used);
    bytes = grown;
  };
  stillGathered.add(() => {
    const lines = bytes.subarray(0, used);
    bytes = Buffer.allocUnsafeSlow(GATHERED_BYTES);
    used = 0;
    return lines;
  });
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const take of stillGathered) {
        const lines = take();
        if (lines.length > 0) writeAtExit(lines);
      }
    });
  }
  return {
    [symbols.needsMetadataGsym]: true as const,
    // Set by pino before each write (needsMetadataGsym), with the other `last*` fields.
    lastLevel: 0,
    lastTime: '',
    lastMsg: '',
    lastObj: {},
    lastLogger: undefined as unknown as Logger,
    write(line: string) {
      makeRoom(line);
      used += bytes.write(line, used);
      if (this.lastLevel >= levels.values.warn!) handOver();
      else later ??= setTimeout(handOver, GATHERED_MS).unref();
    },
    /** `logger.flush(cb)`: what is gathered, then the destination's own. */
    flush(cb?: (error?: Error) => void) {
      handOver();
      dest.flush(cb);
    },
  };
}

/** The destination of each logger made by `createLogger`, for `writeInfo`. */
const streams = new WeakMap<Logger, { lastLevel: number; write(line: string): void }>();

const INFO = levels.values.info!;

/**
 * JSON logs on stdout, written in the background. Request headers are never logged, so API keys
 * stay out of logs. Call `logger.flush()` before exiting.
 *
 * Lines below warn are gathered and written together (`gathering`): at info the request log is a
 * line per request, and pino's destination, which writes a line at once when no write is under
 * way, made about one more write to stdout for every two requests, each a system call.
 *
 * Levels are written by name (`"level":"warn"`), not pino's numbers: log pipelines (Loki, the
 * OpenTelemetry Collector's JSON parser, Cloud Logging) map names to severities without a table.
 */
export function createLogger(level: string): Logger {
  const stream = gathering(destination({ dest: 1, sync: false }));
  const logger = pino({ level, base: undefined, timestamp: () => isoTime(), formatters: { level: (label) => ({ level: label }) } }, stream);
  streams.set(logger, stream);
  return logger;
}

/**
 * `logger.info(fields, msg)` for a line written per request (the request log): the same line,
 * serialized by JSON.stringify instead of pino's serializer, which walks the object member by
 * member in JavaScript where JSON.stringify walks it in V8's own code. Measured in-process on the
 * one-call query, two gateways in one process with their windows interleaved: pino's call cost
 * 5.7 and 7.9 µs a request more than this (two pairs of runs; 0.8 and 1.2 µs between two
 * gateways alike).
 *
 * `fields` is a plain object of strings, numbers, booleans, null, and arrays and plain objects of
 * those; its members are written in their order, undefined ones left out, NaN and Infinity as
 * null, as pino writes them (test/base/logger.test.ts compares the two on generated objects).
 * One difference, in the gateway's favour: a lone UTF-16 surrogate in a string member is written
 * escaped (`\ud800`), as JSON.stringify does, where pino writes it raw and stdout's UTF-8 makes
 * it U+FFFD.
 *
 * False, having written nothing, for a logger `createLogger` did not make (a test's, a child
 * logger with bindings), or when info is not enabled: the caller logs through pino then.
 */
export function writeInfo(logger: Logger, fields: object, msg: string): boolean {
  const stream = streams.get(logger);
  if (!stream || !logger.isLevelEnabled('info')) return false;
  const members = JSON.stringify(fields);
  // pino sets the level before each write (needsMetadataGsym): the gathering reads it.
  stream.lastLevel = INFO;
  stream.write(`{"level":"info"${isoTime()}${members.length > 2 ? `,${members.slice(1, -1)}` : ''},"msg":${JSON.stringify(msg)}}\n`);
  return true;
}
