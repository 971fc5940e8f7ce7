/**
 * Preloaded (`--import`) into the gateway that bench/nested-phases.ts measures: for each POST it
 * answers, when its upstream calls were made and answered (undici's diagnostics channels) and
 * when its answer was written (node:http's), appended as one JSON line to the file
 * NESTED_PROBE_OUT names. Those channels publish only while something subscribes, and only here:
 * the gateway as shipped runs none of this. One query at a time, as the bench sends them: the
 * calls are those of the request in flight.
 */
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';

/** One POST's times, in ms from its arrival: each upstream call's creation and last byte, in order, and the answer's last byte. */
export interface ProbedRequest {
  sent: number[];
  done: number[];
  end: number;
}

const file = process.env.NESTED_PROBE_OUT;
if (file) {
  let current: { start: number; sent: number[]; done: number[] } | undefined;
  const isPost = (message: unknown) => (message as { request: IncomingMessage }).request.method === 'POST';
  subscribe('http.server.request.start', (message) => {
    if (isPost(message)) current = { start: performance.now(), sent: [], done: [] };
  });
  subscribe('undici:request:create', () => current?.sent.push(performance.now() - current.start));
  subscribe('undici:request:trailers', () => current?.done.push(performance.now() - current.start));
  subscribe('http.server.response.finish', (message) => {
    if (!current || !isPost(message)) return;
    const probed: ProbedRequest = { sent: current.sent, done: current.done, end: performance.now() - current.start };
    current = undefined;
    appendFileSync(file, `${JSON.stringify(probed)}\n`);
  });
}
