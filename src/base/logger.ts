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

/** Lines below warn are gathered up to this many characters before they are written... */
const GATHERED_CHARS = 4096;
/** ...or for at most this long after the first of them. */
export const GATHERED_MS = 250;

/** Every logger's lines still gathered, taken as the process exits. */
const stillGathered = new Set<() => string>();
let exitHooked = false;

/** `text` on stdout before the process exits (no event loop left): waits out a full pipe for up to a second, as pino's own exit hook does. */
function writeAtExit(text: string): void {
  const bytes = Buffer.from(text);
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

/**
 * pino's destination behind a gathering of its lines: those below warn are handed to it together
 * (GATHERED_CHARS, GATHERED_MS), a line at warn or above at once with those before it. The
 * destination (minLength 0) writes what it is handed as soon as no write is under way, so nothing
 * handed over waits on anything else. What is still gathered when the process exits is written
 * then, after the destination's older lines (pino's exit hook, registered first, writes those).
 *
 * Not sonic-boom's own `minLength` and `periodicFlush`: a flush asked while a write is under way
 * is dropped, so a warning logged then waited, below `minLength`, for the next line
 * (test/base/logger.test.ts), and the periodic flush writes even when there is nothing to write.
 */
function gathering(dest: ReturnType<typeof destination>) {
  let text = '';
  let later: NodeJS.Timeout | undefined;
  const handOver = () => {
    clearTimeout(later);
    later = undefined;
    if (text === '') return;
    try {
      dest.write(text);
      text = '';
    } catch {
      // Ended by pino as the process ends: the exit hook writes them.
    }
  };
  stillGathered.add(() => {
    const lines = text;
    text = '';
    return lines;
  });
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const take of stillGathered) {
        const lines = take();
        if (lines !== '') writeAtExit(lines);
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
      text += line;
      if (this.lastLevel >= levels.values.warn! || text.length >= GATHERED_CHARS) handOver();
      else later ??= setTimeout(handOver, GATHERED_MS).unref();
    },
    /** `logger.flush(cb)`: what is gathered, then the destination's own. */
    flush(cb?: (error?: Error) => void) {
      handOver();
      dest.flush(cb);
    },
  };
}

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
  return pino(
    { level, base: undefined, timestamp: () => isoTime(), formatters: { level: (label) => ({ level: label }) } },
    gathering(destination({ dest: 1, sync: false })),
  );
}
