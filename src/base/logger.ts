import { destination, pino, type Logger } from 'pino';

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
 * JSON logs on stdout, written in the background (a line per request at info would otherwise
 * be a write to stdout per request). Request headers are never logged, so API keys stay out of
 * logs. Call `logger.flush()` before exiting.
 *
 * Levels are written by name (`"level":"warn"`), not pino's numbers: log pipelines (Loki, the
 * OpenTelemetry Collector's JSON parser, Cloud Logging) map names to severities without a table.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: undefined, timestamp: () => isoTime(), formatters: { level: (label) => ({ level: label }) } },
    destination({ dest: 1, sync: false }),
  );
}
