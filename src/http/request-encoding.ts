/**
 * Request bodies sent compressed: `content-encoding: gzip`, `deflate` or `br` (RFC 9110 §8.4), as
 * a client or a proxy may send a large document. Before, the header was ignored: a gzip body reached the JSON parser as binary and
 * came back as "invalid JSON" quoting its bytes, and a plain body labelled gzip was answered as if
 * the label were not there. Now a body is decoded before either path reads it, within the same
 * MAX_BODY_BYTES as a plain one (a small body that inflates past it is refused, not inflated
 * whole: zlib stops at `maxOutputLength`), and a coding the gateway does not decode is refused
 * with 415 and the `Accept-Encoding` that says which it does (RFC 9110 §15.5.16), before the body
 * is read. Decoding runs on libuv's threads (zlib's asynchronous calls), not on the event loop.
 */
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';
import { ErrorCode } from '../graphql/errors.js';

type Decoder = (body: Buffer, options: { maxOutputLength: number }, done: (error: Error | null, out: Buffer) => void) => void;

/** The codings decoded, by their name in `content-encoding` (lower case). */
const DECODERS: Record<string, Decoder> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  // RFC 9110's deflate is the zlib format; some clients send the raw stream, which is taken too.
  deflate: (body, options, done) =>
    inflate(body, options, (error, out) =>
      error && (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' ? inflateRaw(body, options, done) : done(error, out),
    ),
  br: brotliDecompress,
};

/** What a refused body's answer says of the codings taken, in `Accept-Encoding` (RFC 9110 §12.5.3). */
export const ACCEPTED_CODINGS = 'gzip, deflate, br';

/** Codings one over another: one is what clients send; two covers a proxy that compresses again. More is refused. */
const MAX_LAYERS = 2;

/** Why a body is refused: the status, the code and the message of its answer. */
export class BodyEncodingError extends Error {
  override name = 'BodyEncodingError';
  constructor(
    readonly status: 400 | 413 | 415,
    readonly code: string,
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * The codings a `content-encoding` header lists, in the order they were applied (`identity` and
 * empty elements left out: RFC 9110 §5.6.1); an empty list for a body sent as is. Throws a 415
 * for a coding not decoded here, or more than MAX_LAYERS of them.
 */
export function codingsOf(header: string | undefined): string[] {
  if (header === undefined) return [];
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const unknown = codings.find((coding) => !(coding in DECODERS));
  if (unknown !== undefined) {
    const shown = unknown.length > 40 ? `${unknown.slice(0, 40)}…` : unknown;
    throw new BodyEncodingError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `content-encoding ${JSON.stringify(shown)} is not one this gateway decodes: send the body uncompressed, or compressed with gzip, deflate or br.`,
      { accepted: ACCEPTED_CODINGS.split(', ') },
    );
  }
  if (codings.length > MAX_LAYERS) {
    throw new BodyEncodingError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `content-encoding lists ${codings.length} codings one over another (${codings.join(', ')}): at most ${MAX_LAYERS} are decoded. Compress the body once.`,
      { accepted: ACCEPTED_CODINGS.split(', ') },
    );
  }
  return codings;
}

/**
 * `body` decoded from `codings` (as `codingsOf` returned them), never longer than `limit`:
 * rejects with a 413 when it would be, a 400 when it is not what its coding says.
 */
export async function decodeBody(body: Buffer, codings: readonly string[], limit: number): Promise<Buffer> {
  let decoded = body;
  // The last coding listed is the last applied: undone first. A layer between two codings holds
  // compressed data, which may be a little longer than the body it holds (incompressible bytes,
  // under gzip and then br): it may take up to twice the limit, the body itself no more than it.
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!;
    const maxOutputLength = i === 0 ? limit : 2 * limit;
    decoded = await new Promise<Buffer>((resolve, reject) =>
      DECODERS[coding]!(decoded, { maxOutputLength }, (error, out) => (error ? reject(refusal(error, coding, limit)) : resolve(out))),
    );
  }
  return decoded;
}

function tooLarge(limit: number): BodyEncodingError {
  return new BodyEncodingError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `Decompressed, the request body is larger than the ${limit} bytes this gateway accepts (MAX_BODY_BYTES): send a smaller document or variables.`,
    { limit },
  );
}

function refusal(error: Error, coding: string, limit: number): BodyEncodingError {
  if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(limit);
  return new BodyEncodingError(
    400,
    ErrorCode.BAD_REQUEST,
    `The request body is not ${coding} data, as its content-encoding says (${error.message}): send it compressed with ${coding}, or uncompressed without content-encoding.`,
  );
}
