/**
 * Each HTTP request's id, sent back as `x-request-id` and written in its log lines, so that a
 * client's report, a proxy's log and the gateway's line of one request can be matched.
 *
 * The caller's `x-request-id` is kept when it is one a log line can hold as it is (a load
 * balancer's or a client's: one id then follows the request across hops); anything else (too
 * long, or with characters that could forge log fields or headers) is replaced by a new UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { earlyHeader } from '../base/early-headers.js';

export const REQUEST_ID_HEADER = 'x-request-id';
/** UUIDs, ULIDs, AWS and Envoy ids, W3C trace ids: letters, digits and a few separators, up to 128. */
const WELL_FORMED = /^[\w.:+/=@-]{1,128}$/;
/** Kept on the request itself: a WeakMap entry per request is an ephemeron the collector must trace. */
const ID = Symbol('request id');
type Identified = IncomingMessage & { [ID]?: string };

/** Gives `req` its id, and the answer its header, written with whatever headers its writer gives (../base/early-headers.ts). */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
  (req as Identified)[ID] = id;
  earlyHeader(res, REQUEST_ID_HEADER, id);
  return id;
}

/** The id `assignRequestId` gave `req`; undefined for a request it did not see (in-process, a test's). */
export const requestIdOf = (req: IncomingMessage | undefined): string | undefined => (req as Identified | undefined)?.[ID];
