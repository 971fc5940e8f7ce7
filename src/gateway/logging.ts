/**
 * What the gateway tells an operator about failures it cannot answer for itself (upstreams that
 * fail, Redis away, masked errors, failed polls): rate-limited here, so that one failure repeated
 * across a fan-out or a burst is a line every few seconds, never one per call.
 */
import { GraphQLError } from 'graphql';
import type { Logger } from '../base/logger.js';
import { UpstreamError } from '../upstreams/errors.js';
import type { HttpClientOptions } from '../upstreams/http.js';

/** Rate-limits a repeated log line to one per `ms`, with how many were held back and the arguments of the call that logs. */
export function every<A extends unknown[] = []>(ms: number, log: (held: number, ...args: A) => void): (...args: A) => void {
  let last = 0;
  let held = 0;
  return (...args) => {
    const now = Date.now();
    if (now - last < ms) {
      held++;
      return;
    }
    log(held, ...args);
    last = now;
    held = 0;
  };
}

/**
 * Upstream failures, counted and logged at warn at most once per 10 s ("data-api listSubnets 503
 * ×120"): a failing upstream is one line every few seconds, not one per call. Cancellations by
 * clients that left are not failures.
 */
export function upstreamFailureLog(logger: Logger | undefined): HttpClientOptions['onFailure'] {
  if (!logger) return undefined;
  const counts = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (counts.size === 0) return;
    logger.warn(`upstream failures: ${[...counts].map(([what, n]) => `${what} ×${n}`).join(', ')}`);
    counts.clear();
    // What fails in the next 10 s waits for the next line.
    timer = setTimeout(flush, 10_000).unref();
  };
  return ({ service, operation, reason }) => {
    if (reason === 'RequestAbortedError') return;
    const what = `${service} ${operation} ${reason}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
    if (!timer) flush();
  };
}

/** A circuit that opens is a warning (calls now fail fast); one that half-opens or closes is news. */
export function circuitLog(logger: Logger | undefined, halfOpenMs: number): HttpClientOptions['onCircuit'] {
  return ({ service, upstream, state }) =>
    state === 'open'
      ? logger?.warn(`${service} at ${upstream} keeps failing: calls to it fail fast for ${halfOpenMs} ms, then one probe`)
      : logger?.info(`${service} at ${upstream}: circuit ${state}`);
}

/**
 * yoga's logging, through pino. yoga logs every error it masks: an upstream failure is not news
 * there (the request's log line counts it, upstreamFailureLog reports it), and one unexpected
 * error repeated across a fan-out is logged once per 10 s with how often it happened.
 */
export function yogaLogging(logger: Logger) {
  const seen = new Map<string, { count: number; since: number }>();
  return {
    // yoga writes a few debug lines per request: joined only when they are to be written.
    debug: (...args: unknown[]) => {
      if (logger.isLevelEnabled('debug')) logger.debug(args.map(String).join(' '));
    },
    info: (...args: unknown[]) => logger.info(args.map(String).join(' ')),
    warn: (...args: unknown[]) => logger.warn(args.map(String).join(' ')),
    error: (...args: unknown[]) => {
      const [first] = args;
      const original = first instanceof GraphQLError ? (first.originalError ?? first) : first;
      if (original instanceof UpstreamError) return;
      const message = original instanceof Error ? original.message : String(original);
      const now = Date.now();
      const known = seen.get(message);
      if (known && now - known.since < 10_000) {
        known.count++;
        return;
      }
      if (seen.size > 1000) seen.clear();
      seen.set(message, { count: 0, since: now });
      logger.error({ err: original, repeated: known?.count || undefined }, 'unexpected error (masked for the client)');
    },
  };
}
