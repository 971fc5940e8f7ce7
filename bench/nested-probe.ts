/**
 * Preloaded (`--import`) into the gateway that bench/nested-phases.ts measures: for each POST it
 * answers, when it arrived, when its upstream calls were made and answered (undici's diagnostics
 * channels) and when its answer was written (node:http's), appended as one JSON line to the file
 * NESTED_PROBE_OUT names. Those channels publish only while something subscribes, and only here:
 * the gateway as shipped runs none of this. One query at a time, as the bench sends them: the
 * calls are those of the request in flight.
 */
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';

/**
 * One POST's times on the machine's monotonic clock, in ms (`monotonicMs`, the same in every
 * process): its arrival, each upstream call's creation and last byte, in order, and its answer's
 * last byte handed to the socket.
 */
export interface ProbedRequest {
  start: number;
  sent: number[];
  done: number[];
  end: number;
}

/** The monotonic clock (CLOCK_MONOTONIC), in ms: one clock for the gateway and the bench's client. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

const file = process.env.NESTED_PROBE_OUT;
if (file) {
  let current: Omit<ProbedRequest, 'end'> | undefined;
  const isPost = (message: unknown) => (message as { request: IncomingMessage }).request.method === 'POST';
  subscribe('http.server.request.start', (message) => {
    if (isPost(message)) current = { start: monotonicMs(), sent: [], done: [] };
  });
  subscribe('undici:request:create', () => current?.sent.push(monotonicMs()));
  subscribe('undici:request:trailers', () => current?.done.push(monotonicMs()));
  subscribe('http.server.response.finish', (message) => {
    if (!current || !isPost(message)) return;
    const probed: ProbedRequest = { ...current, end: monotonicMs() };
    current = undefined;
    appendFileSync(file, `${JSON.stringify(probed)}\n`);
  });
}
