import { destination, pino, type Logger } from 'pino';

export type { Logger };

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
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    destination({ dest: 1, sync: false }),
  );
}
