import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout. Request headers are never logged, so API keys stay out of logs. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
