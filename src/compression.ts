/**
 * Compression of answers: gzip or brotli by the request's accept-encoding (brotli preferred when
 * both are accepted equally), for JSON answers and GraphiQL's page on both request paths.
 *
 * Built on `compression` (the expressjs middleware): it wraps the node response's writeHead,
 * write and end, so it sees every answer whoever writes it: src/lean-post.ts's direct writes,
 * yoga's node adapter, the server's own refusals. It negotiates q-values, adds
 * `Vary: Accept-Encoding`, honours `Cache-Control: no-transform`, and compresses only answers of
 * at least COMPRESSION_MIN_BYTES (by their content-length): below about 1 KB the bytes saved do
 * not pay for the CPU. Brotli runs at quality 4 and gzip at level 6: close to their best ratio on
 * JSON for a fraction of the CPU of the top levels (see bench/compression.ts).
 *
 * Streams (server-sent events, multipart) are left alone: a compressor holds bytes back until it
 * has enough, and an event must go out when it happens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';

export type Compress = (req: IncomingMessage, res: ServerResponse) => void;

const STREAMS = /^(text\/event-stream|multipart\/)/i;

/** Installs compression on a response before anything is written to it; undefined when off. */
export function compressor(options: { minBytes: number } | false): Compress | undefined {
  if (!options) return undefined;
  const middleware = compression({
    threshold: options.minBytes,
    level: 6,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (req, res) => !STREAMS.test(String(res.getHeader('content-type') ?? '')) && compression.filter(req, res),
  });
  const next = () => {};
  return (req, res) => {
    // Without accept-encoding nothing would be compressed: such a request pays nothing.
    if (req.headers['accept-encoding'] === undefined) return;
    middleware(req as never, res as never, next);
  };
}
