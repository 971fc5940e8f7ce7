/**
 * Compressed request bodies (src/http/request-encoding.ts): every coding and pair of codings on
 * generated bodies around the limit, and hostile ones (bombs, truncated and mislabelled data,
 * garbage, headers that list what is not a coding), and what the built gateway does with a
 * refused body on its connection. Each coding on both paths: test/http/entries.test.ts
 * (`requestEncoding`); the whole generated corpus compressed: the fuzzer's `compressed` entry.
 */
import { Agent, request } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { ACCEPTED_CODINGS, BodyEncodingError, codingsOf, decodeBody } from '../../src/http/request-encoding.js';
import { Rng } from '../fuzz/random.js';

const ENCODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => gzipSync(body),
  'x-gzip': (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
  br: (body) => brotliCompressSync(body),
};
const NAMES = Object.keys(ENCODERS);

/** `body` encoded with `codings` in the order listed, as a client applies them. */
const encode = (body: Buffer, codings: string[]) => codings.reduce((bytes, coding) => ENCODERS[coding.trim().toLowerCase()]!(bytes), body);

/** What decodeBody refused with, or the body it gave. */
async function outcome(body: Buffer, codings: string[], limit: number): Promise<Buffer | BodyEncodingError> {
  try {
    return await decodeBody(body, codings, limit);
  } catch (error) {
    expect(error).toBeInstanceOf(BodyEncodingError);
    return error as BodyEncodingError;
  }
}

describe('codingsOf', () => {
  it('lists the codings applied, in order, without identity or empty elements, in any case', () => {
    expect(codingsOf(undefined)).toEqual([]);
    expect(codingsOf('')).toEqual([]);
    expect(codingsOf('identity')).toEqual([]);
    expect(codingsOf('GZip')).toEqual(['gzip']);
    expect(codingsOf(' gzip ,, identity, BR ')).toEqual(['gzip', 'br']);
    expect(codingsOf('x-gzip')).toEqual(['x-gzip']);
  });

  it('refuses a coding it does not decode with 415, naming it and those it does', () => {
    for (const header of ['compress', 'zstd', 'gzip, lzma', 'gzip;q=1', 'deflate-raw']) {
      const error = (() => {
        try {
          codingsOf(header);
        } catch (e) {
          return e as BodyEncodingError;
        }
        throw new Error(`${header} was taken`);
      })();
      expect({ header, status: error.status, code: error.code }).toEqual({ header, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(error.message).toMatch(/gzip, deflate or br/);
      expect(error.extensions).toEqual({ accepted: ACCEPTED_CODINGS.split(', ') });
    }
    // A long name is quoted cut short, not whole into the answer.
    expect(() => codingsOf('a'.repeat(10_000))).toThrow(/"a{40}…" is not one this gateway decodes/);
  });

  it('refuses more than two codings one over another', () => {
    expect(() => codingsOf('gzip, gzip, gzip')).toThrow(/3 codings one over another.*at most 2/);
    expect(codingsOf('gzip, identity, br')).toEqual(['gzip', 'br']);
  });
});

describe('decodeBody', () => {
  it('gives back every generated body, under every coding and pair of codings, up to the limit exactly', async () => {
    const rng = new Rng('request-encoding');
    const limit = 4096;
    for (let i = 0; i < 300; i++) {
      // Sizes around the limit, and small ones; text that compresses and bytes that do not.
      const size = rng.chance(0.5) ? limit + rng.int(-3, 3) : rng.int(1, limit);
      const body = Buffer.alloc(size);
      const repetitive = rng.chance(0.5);
      for (let b = 0; b < size; b++) body[b] = repetitive ? 97 + (b % 7) : rng.int(0, 255);
      const codings = Array.from({ length: rng.int(1, 2) }, () => NAMES[rng.int(0, NAMES.length - 1)]!);
      const result = await outcome(encode(body, codings), codings, limit);
      if (size <= limit) expect({ i, codings, same: Buffer.isBuffer(result) && result.equals(body) }).toEqual({ i, codings, same: true });
      else expect({ i, codings, status: (result as BodyEncodingError).status }).toEqual({ i, codings, status: 413 });
    }
  });

  it('takes deflate as the zlib format, and as the raw stream some clients send', async () => {
    const body = Buffer.from('{"query":"{ __typename }"}');
    expect(await decodeBody(deflateSync(body), ['deflate'], 1024)).toEqual(body);
    expect(await decodeBody(deflateRawSync(body), ['deflate'], 1024)).toEqual(body);
  });

  it('stops a bomb at the limit: 64 MB of zeros in 64 KB of gzip, and brotli, and gzip inside brotli', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const gz = gzipSync(zeros, { level: 9 });
    for (const [codings, bytes] of [
      [['gzip'], gz],
      [['br'], brotliCompressSync(zeros)],
      [['gzip', 'br'], brotliCompressSync(gz)],
    ] as const) {
      const used = process.memoryUsage().arrayBuffers;
      const error = (await outcome(bytes, [...codings], 1024 * 1024)) as BodyEncodingError;
      expect({ codings, status: error.status, code: error.code, limit: error.extensions.limit }).toEqual({
        codings,
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        limit: 1024 * 1024,
      });
      expect(error.message).toMatch(/^Decompressed, the request body is larger than the 1048576 bytes/);
      // Never inflated whole: far less than the 64 MB held at any time.
      expect(process.memoryUsage().arrayBuffers - used).toBeLessThan(16 * 1024 * 1024);
    }
  });

  it('refuses with 400 what is not the data its coding names: garbage, plain text, truncated, the other coding', async () => {
    const rng = new Rng('request-encoding-hostile');
    const body = Buffer.from(JSON.stringify({ query: '{ network { name } }' }));
    const cases: [string, Buffer][] = [
      ['gzip', body],
      ['deflate', body],
      ['gzip', brotliCompressSync(body)],
      ['br', gzipSync(body)],
      ['gzip', gzipSync(body).subarray(0, 12)],
      ['deflate', deflateSync(body).subarray(0, 5)],
      ['br', brotliCompressSync(Buffer.alloc(10_000, 1)).subarray(0, 8)],
    ];
    for (let i = 0; i < 60; i++)
      cases.push([NAMES[i % NAMES.length]!, Buffer.from(Array.from({ length: rng.int(1, 200) }, () => rng.int(0, 255)))]);
    for (const [coding, bytes] of cases) {
      const result = await outcome(bytes, [coding], 4096);
      // Random bytes may now and then be a valid stream (brotli's shortest are a byte or two); what comes out is then within the limit.
      if (Buffer.isBuffer(result)) {
        expect(result.length).toBeLessThanOrEqual(4096);
        continue;
      }
      expect({ coding, status: result.status, code: result.code }).toEqual({ coding, status: 400, code: 'BAD_REQUEST' });
      expect(result.message).toMatch(
        new RegExp(
          `^The request body is not ${coding} data, as its content-encoding says \\(.+\\): send it compressed with ${coding}, or uncompressed`,
        ),
      );
    }
    // The fixed cases above are never valid.
    for (const [coding, bytes] of cases.slice(0, 7)) expect(await outcome(bytes, [coding], 4096)).toBeInstanceOf(BodyEncodingError);
  });
});

describe('a refused coding on the built gateway’s connection', () => {
  const sandbox = useSandbox();
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, { MAX_BODY_BYTES: '65536' });
  }, 30_000);
  afterAll(() => gw?.stop());

  /** One POST on `agent`, its body written in `chunks`; the status, or the error that cut it. */
  const post = (agent: Agent, headers: Record<string, string>, chunks: Buffer[]) =>
    new Promise<number | string>((resolve) => {
      const req = request(gw.url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });

  it('answers 415 before reading the body, and serves the next request on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    agent.on('free', (socket) => sockets.add(socket));
    try {
      const body = Buffer.from('{"query":"{ __typename }"}');
      expect(await post(agent, { 'content-encoding': 'zstd', 'content-length': String(body.length) }, [body])).toBe(415);
      expect(await post(agent, { 'content-encoding': 'gzip' }, [gzipSync(body)])).toBe(200);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('cuts off an endless body under a refused coding once past twice the limit, instead of reading it all', async () => {
    // Chunked, written for as long as the connection stays open: the gateway stops reading at 128 KB.
    // Read to its end instead, it went on for seconds (until the server's own timeouts).
    const started = performance.now();
    const written = await new Promise<number>((resolve) => {
      const req = request(gw.url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'compress' } });
      let bytes = 0;
      const chunk = Buffer.alloc(16 * 1024, 97);
      const more = () => {
        while (!req.destroyed && bytes < 256 * 1024 * 1024) {
          bytes += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        resolve(bytes);
      };
      req.on('response', (res) => res.resume());
      req.on('error', () => resolve(bytes));
      req.on('close', () => resolve(bytes));
      more();
    });
    // What was written before the cut is the 128 KB read plus what the sockets' buffers held.
    expect({ written: written < 32 * 1024 * 1024, cutWithinTwoSeconds: performance.now() - started < 2_000 }).toEqual({
      written: true,
      cutWithinTwoSeconds: true,
    });
  });
});
