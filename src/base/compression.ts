/**
 * Compression of answers: gzip or brotli by the request's accept-encoding (brotli preferred when
 * both are accepted equally), for JSON answers and GraphiQL's page on both request paths.
 *
 * Streams of bytes are compressed by `compression` (the expressjs middleware): it wraps the node
 * response's writeHead, write and end, so it sees every answer whoever writes it: yoga's node
 * adapter, the server's own refusals. It negotiates q-values, adds `Vary: Accept-Encoding`,
 * honours `Cache-Control: no-transform`, and compresses only answers of at least
 * COMPRESSION_MIN_BYTES (by their content-length): below about 1 KB the bytes saved do not pay for
 * the CPU. Brotli runs at quality 4 and gzip at level 6: close to their best ratio on JSON for a
 * fraction of the CPU of the top levels (see bench/compression.ts).
 *
 * An answer whose body is already whole in memory (src/yoga/lean-post.ts's JSON answers) is compressed
 * in one synchronous call instead (`endWhole`), with the same negotiation and settings. The
 * middleware pipes it through zlib's stream on libuv's pool, chunk by chunk, and sends it
 * chunked: for the 42 KB answer of the nested benchmark query that took 2.6 ms from its
 * serialization to the response's `finish`, against 1.3 ms compressed in one call (0.4 ms of it
 * brotli) and 1.4 ms uncompressed, on a request whose whole budget over its upstream calls is a
 * few milliseconds. The middleware keeps answers bigger than WHOLE_MAX_BYTES, which would hold
 * the event loop too long.
 *
 * Streams (server-sent events, multipart) are left alone: a compressor holds bytes back until it
 * has enough, and an event must go out when it happens.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import compression from 'compression';
import Negotiator from 'negotiator';

export interface Compression {
  /** Installs compression on a response before anything is written to it. */
  install(req: IncomingMessage, res: ServerResponse): void;
  /** Answers smaller than this are sent as they are. */
  minBytes: number;
}

const STREAMS = /^(text\/event-stream|multipart\/)/i;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_LEVEL = 6;
/** The largest body compressed in one synchronous call: about 2.5 ms of brotli at quality 4. */
export const WHOLE_MAX_BYTES = 256 * 1024;

/** Compression of answers by the request's accept-encoding; undefined when off. */
export function compressor(options: { minBytes: number } | false): Compression | undefined {
  if (!options) return undefined;
  const middleware = compression({
    threshold: options.minBytes,
    level: GZIP_LEVEL,
    brotli: BROTLI,
    filter: (req, res) => !STREAMS.test(String(res.getHeader('content-type') ?? '')) && compression.filter(req, res),
  });
  const next = () => {};
  return {
    minBytes: options.minBytes,
    install(req, res) {
      // Without accept-encoding nothing would be compressed: such a request pays nothing.
      if (req.headers['accept-encoding'] === undefined) return;
      // Once: a second middleware would compress what the first compressed.
      const marked = res as ServerResponse & { [INSTALLED]?: true };
      if (marked[INSTALLED]) return;
      marked[INSTALLED] = true;
      middleware(req as never, res as never, next);
    },
  };
}

/** Set on a response the middleware is on. */
const INSTALLED = Symbol('compression installed');

/**
 * The compressed forms of a body that is sent again and again (a response-cache hit hands back
 * the same data each time): each encoding is made once, when first asked for, and kept here for
 * as long as the caller keeps the body.
 */
export type PackedForms = Map<'br' | 'gzip', Buffer>;

/**
 * Writes a whole answer (status, headers, a JSON body) in one write: compressed in one call when
 * the request accepts it and the body is at least COMPRESSION_MIN_BYTES and at most
 * WHOLE_MAX_BYTES. A bigger one is left to the middleware, installed here when its writer had not
 * (`install` is once per response). With `forms`, a form made earlier for the same body is sent as
 * it is. `headers` are given to it: it adds the length (and the encoding) to them rather than copy
 * them for every answer.
 *
 * It needs no middleware on the response for the rest, and says `Vary: Accept-Encoding` itself
 * where the middleware would (every JSON answer it may transform, whatever its size), so a writer
 * of whole answers (./lean-post.ts's) leaves the middleware off. On the one-call query sent with
 * `accept-encoding`, as every browser sends it (a 617-byte answer, not compressed), the middleware's
 * wrapping and its header hook had cost 8 to 12 µs of CPU a request for nothing but that header:
 * the median of the paired differences of two builds through `npm start`'s flags, 10 connections,
 * interleaved 3 s windows, in two series (8 and 12 pairs, 7 and 9 of them lower); without
 * accept-encoding, where the two builds do the same, 0.
 */
export function endWhole(
  compression: Compression | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string,
  forms?: PackedForms,
): void {
  const size = Buffer.byteLength(body);
  const encoding =
    compression &&
    size >= compression.minBytes &&
    size <= WHOLE_MAX_BYTES &&
    req.headers['accept-encoding'] !== undefined &&
    transformable(headers)
      ? negotiate(req)
      : undefined;
  if (encoding !== 'br' && encoding !== 'gzip') {
    if (compression && req.headers['accept-encoding'] !== undefined) {
      if (size > WHOLE_MAX_BYTES) compression.install(req, res);
      else if (mayTransform(headers)) varyOnEncoding(headers);
    }
    headers['content-length'] = size;
    res.writeHead(status, headers).end(body);
    return;
  }
  let packed = forms?.get(encoding);
  if (!packed) {
    packed = encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, { level: GZIP_LEVEL });
    if (forms) {
      // zlib's output lies in chunks of 16 KB or more: a 2 KB form kept as it came would hold its
      // whole chunk for as long as the answer is cached.
      // Copied out of it, and not into Buffer's shared pool either, which a kept slice also holds.
      if (packed.buffer.byteLength > packed.length) {
        const exact = Buffer.allocUnsafeSlow(packed.length);
        packed.copy(exact);
        packed = exact;
      }
      forms.set(encoding, packed);
    }
  }
  // A middleware on the response sees the encoding and leaves the answer alone, keeping this Vary.
  varyOnEncoding(headers);
  headers['content-encoding'] = encoding;
  headers['content-length'] = packed.length;
  res.writeHead(status, headers).end(packed);
}

/** Whether an answer's own headers let it be compressed: JSON, not encoded yet, no `Cache-Control: no-transform`. */
function transformable(headers: OutgoingHttpHeaders): boolean {
  return mayTransform(headers) && !headers['content-encoding'];
}

/** Whether the middleware would mark an answer with these headers `Vary: Accept-Encoding`: JSON, no `Cache-Control: no-transform`. */
function mayTransform(headers: OutgoingHttpHeaders): boolean {
  return (
    /^application\/([\w.-]+\+)?json\b/i.test(String(headers['content-type'] ?? '')) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(headers['cache-control'] ?? ''))
  );
}

/** `Accept-Encoding` added to the headers' Vary, unless it names it (or `*`) already. */
function varyOnEncoding(headers: OutgoingHttpHeaders): void {
  const vary = headers.vary === undefined ? undefined : String(headers.vary);
  if (vary === undefined) headers.vary = 'Accept-Encoding';
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) headers.vary = `${vary}, Accept-Encoding`;
}

/** An answer that is the same for every request, as it was first made: status, headers, body. */
export interface FixedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const ENCODINGS = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];
const squeeze = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/** The encoding `compression` would pick: q-values first, brotli then gzip among equals. */
function negotiate(req: IncomingMessage): string | undefined {
  // negotiator 0.6.4 takes the preferred order as a second argument; its types predate it.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  return negotiator.encoding(ENCODINGS, PREFERRED);
}

/**
 * Serves an answer that never changes (GraphiQL's page) compressed once per encoding, not once per
 * visit: its 9 MB took about 230 ms of CPU to compress, which anyone could ask for again and
 * again. `load` makes the answer on first use; with compression off every client gets it as is.
 */
export function fixedAnswer(
  load: () => Promise<FixedAnswer>,
  options: { minBytes: number } | false,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  let answer: Promise<FixedAnswer> | undefined;
  const forms = new Map<string, Promise<Buffer>>();
  return async (req, res) => {
    const made = await (answer ??= load().catch((error: unknown) => {
      answer = undefined;
      throw error;
    }));
    const accepted = options && made.body.length >= options.minBytes ? negotiate(req) : undefined;
    const encoding = accepted === 'br' || accepted === 'gzip' ? accepted : undefined;
    let body = made.body;
    if (encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = encoding === 'br' ? squeeze.br(made.body, BROTLI) : squeeze.gzip(made.body, { level: GZIP_LEVEL });
        forms.set(encoding, form);
        form.catch(() => forms.delete(encoding));
      }
      body = await form;
    }
    const headers: OutgoingHttpHeaders = { ...made.headers, 'content-length': body.length };
    if (options) varyOnEncoding(headers);
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(made.status, headers).end(req.method === 'HEAD' ? undefined : body);
  };
}
