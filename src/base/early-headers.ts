/**
 * Headers the gateway gives a response before it knows who will write it (the request id, the
 * sandbox's notice, cache-control's default), handed to node with the writer's own in its
 * `writeHead`, rather than set on the response at once with `setHeader`.
 *
 * Why: once any header is set with `setHeader`, node's `writeHead(status, headers)` takes its
 * slow path and sets each of the writer's headers again one by one (a name check, a value check,
 * an entry each). Every answer was written that way, since the request id is set first. A
 * throwaway build's HTTP layer answering a constant took 45–49 µs of CPU a request with the
 * request id set on the response, 37–41 without it. With the headers given early, through
 * `npm start`'s flags on the one-call query (10 connections, CPU of /proc, seven interleaved
 * pairs of windows against the build before): 115–126 µs a request against 121–140 with the
 * cache off (the median pair 6 lower, every pair lower), and 40–49 against 47–51 for
 * an answer kept (3 lower, every pair lower).
 *
 * What a writer sees is what it saw before. Its own value of a header wins over an early one,
 * whatever its case, as a `setHeader` before it would have been replaced; `getHeader` finds an
 * early header only once it is written. A writer that sets its headers one by one (yoga's whole
 * path, compression's wrapper of `writeHead`) gets the early ones set first, with `setHeader`, as
 * before, and so does one that names a header twice in two cases. The writer's headers object is
 * never changed: some are shared by every answer.
 */
import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The server's responses: headers may be given early (`earlyHeader`), and are written with the answer's own. */
export class EarlyHeadersResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Headers to write with the answer, by lower-case name; none until one is given. */
  private early: Record<string, string> | undefined = undefined;

  /** Gives the answer a header (`name` in lower case) unless its writer sets its own. */
  earlyHeader(name: string, value: string): void {
    (this.early ??= {})[name] = value;
  }

  override writeHead(
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const early = this.early;
    if (early === undefined) return super.writeHead(statusCode, reason as never, headers as never);
    const given = typeof reason === 'string' ? headers : (headers ?? reason);
    if (given !== undefined && !Array.isArray(given) && this.getHeaderNames().length === 0 && !caseTwins(given)) {
      const merged: OutgoingHttpHeaders = {};
      for (const name in early) if (!named(given, name)) merged[name] = early[name];
      for (const key in given) merged[key] = given[key];
      if (typeof reason === 'string') super.writeHead(statusCode, reason, merged);
      else super.writeHead(statusCode, merged);
    } else {
      // A writer that sets its headers on the response, gives them as a list, or names one twice
      // in two cases (node then sets them one by one, over these, the last of a name kept): set
      // first, as before.
      for (const name in early) if (!this.hasHeader(name)) this.setHeader(name, early[name]!);
      super.writeHead(statusCode, reason as never, headers as never);
    }
    // Only once written: a writer whose headers node refused (a value with a line break) answers
    // again, an error, and that answer carries them too.
    this.early = undefined;
    return this;
  }
}

/** Gives `res` a header early when it takes them (the server's responses), or sets it (any other response). */
export function earlyHeader(res: ServerResponse, name: string, value: string): void {
  if (res instanceof EarlyHeadersResponse) res.earlyHeader(name, value);
  else res.setHeader(name, value);
}

/** Whether `headers` has a header `name` (lower case), in any case. */
function named(headers: OutgoingHttpHeaders, name: string): boolean {
  if (name in headers) return true;
  for (const key in headers) if (key.length === name.length && key.toLowerCase() === name) return true;
  return false;
}

/**
 * Whether two of `headers`' names are one name in two cases. Node's fast path would send both;
 * set one by one, the last is kept. yoga's response for an event stream held `Cache-Control`
 * from its writer and `cache-control` from src/yoga/use-cache-control.ts.
 */
function caseTwins(headers: OutgoingHttpHeaders): boolean {
  for (const key in headers) {
    if (key.toLowerCase() !== key) {
      const keys = Object.keys(headers);
      return new Set(keys.map((name) => name.toLowerCase())).size !== keys.length;
    }
  }
  return false;
}
