/**
 * Compression (src/base/compression.ts) over a real socket, on both request paths: the lean JSON POST
 * and yoga's (GET, GraphiQL's page). Raw bytes are read with node:http, which, unlike fetch,
 * neither asks for an encoding nor decodes one.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressor, fixedAnswer, WHOLE_MAX_BYTES } from '../../src/base/compression.js';
import { graphiqlAnswer } from '../../src/yoga/graphiql.js';
import { loadConfig } from '../../src/config/config.js';
import type { GatewayServer } from '../../src/http/server.js';
import { serve, startHarness, type Harness, withoutCost } from '../helpers/harness.js';

let h: Harness;
let gw: GatewayServer;
let port: number;
/** Requests the middleware was asked onto (with an accept-encoding: the others never get it). */
let installs = 0;

beforeAll(async () => {
  // Answers past 256 KB: more objects than MAX_RESULT_NODES allows by default.
  h = await startHarness({ MAX_RESULT_NODES: '100000' });
  const compress = compressor(h.config.compression)!;
  ({ gw, port } = await serve(h, {
    compress: {
      ...compress,
      install(req, res) {
        if (req.headers['accept-encoding'] !== undefined) installs++;
        compress.install(req, res);
      },
    },
    graphiql: fixedAnswer(() => graphiqlAnswer(h.gateway.yoga), h.config.compression),
  }));
});
afterAll(async () => {
  await gw.drain(100);
  await h.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const post = (query: string, headers: Record<string, string> = {}) =>
  send('POST', '/graphql', { 'content-type': 'application/json', ...headers }, JSON.stringify({ query }));

function decoded(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw.bytes).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.bytes.toString('utf8');
}

/** Forty subnets with their chains and genesis: about 60 KB of JSON. */
const SUBNETS = `subnets(first: 40) { nodes { subnetId isL1 blockchains { blockchainId blockchainName vmId evmChainId
  genesisData { gasLimit config { chainId feeConfig { gasLimit minBaseFee targetGas } } alloc { address balance } } } } }`;
const LARGE = `{ network { ${SUBNETS} } }`;
const SMALL = '{ network { name } }';

describe('compression of JSON answers (the lean path)', () => {
  let identity: Raw;
  beforeAll(async () => {
    identity = await post(LARGE);
    expect(identity.status).toBe(200);
    expect(identity.bytes.length).toBeGreaterThan(20_000);
  });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip'],
    ['gzip', 'br;q=0.5, gzip'],
    ['br', 'gzip;q=0.8, br'],
  ])('answers %s to accept-encoding "%s", with Vary, and decodes to the same JSON', async (encoding, accept) => {
    const raw = await post(LARGE, { 'accept-encoding': accept });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(String(raw.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
    // Compressed whole, in one call, and sent in one write: its length is known.
    expect(Number(raw.headers['content-length'])).toBe(raw.bytes.length);
    // Ids and hashes are random bytes in text: about a third is what is left.
    expect(raw.bytes.length).toBeLessThan(identity.bytes.length / 2);
    expect(JSON.parse(decoded(raw))).toEqual(JSON.parse(identity.bytes.toString('utf8')));
  });

  it('compresses the graphql-response+json media type alike', async () => {
    const raw = await post(LARGE, { 'accept-encoding': 'gzip', accept: 'application/graphql-response+json' });
    expect(raw.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(raw))).toEqual(JSON.parse(identity.bytes.toString('utf8')));
  });

  it(`streams an answer bigger than ${WHOLE_MAX_BYTES} bytes through the compressor rather than holding the event loop`, async () => {
    const huge = `{ network { ${Array.from({ length: 6 }, (_, i) => `a${i}: ${SUBNETS}`).join(' ')} } }`;
    const plain = await post(huge);
    expect(plain.bytes.length, plain.bytes.toString('utf8').slice(0, 300)).toBeGreaterThan(WHOLE_MAX_BYTES);
    const raw = await post(huge, { 'accept-encoding': 'br' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['transfer-encoding']).toBe('chunked');
    expect(String(raw.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    expect(decoded(raw)).toBe(plain.bytes.toString('utf8'));
  });

  it('leaves an answer below COMPRESSION_MIN_BYTES as it is (still saying it varies)', async () => {
    const raw = await post(SMALL, { 'accept-encoding': 'gzip, br' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(raw.headers['content-length'])).toBe(raw.bytes.length);
    expect(withoutCost(JSON.parse(raw.bytes.toString('utf8')))).toEqual({ data: { network: { name: 'MAINNET' } } });
  });

  it('sends no encoding to a client that accepts none, or only identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, br;q=0' }] as Record<string, string>[]) {
      const raw = await post(LARGE, headers);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.bytes.equals(identity.bytes)).toBe(true);
    }
  });

  it("writes its answers without the middleware on the response, and says Vary as yoga's path does", async () => {
    for (const query of [LARGE, SMALL]) {
      const before = installs;
      const lean = await post(query, { 'accept-encoding': 'gzip' });
      expect({ query, installs: installs - before }).toEqual({ query, installs: 0 });
      // `*/*` beside JSON is negotiated by yoga: the whole pipeline, the middleware on the response.
      const whole = await post(query, { 'accept-encoding': 'gzip', accept: 'application/json, */*' });
      expect({ query, installs: installs - before }).toEqual({ query, installs: 1 });
      expect({ query, lean: lean.headers.vary, encoding: lean.headers['content-encoding'] }).toEqual({
        query,
        lean: whole.headers.vary,
        encoding: whole.headers['content-encoding'],
      });
      expect(withoutCost(JSON.parse(decoded(lean)))).toEqual(withoutCost(JSON.parse(decoded(whole))));
    }
  });

  it('puts the middleware on a request the lean path leaves to yoga (one with extensions), once', async () => {
    const before = installs;
    const body = JSON.stringify({ query: LARGE, extensions: {} });
    const raw = await send('POST', '/graphql', { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(String(raw.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    expect(JSON.parse(decoded(raw))).toEqual(JSON.parse(identity.bytes.toString('utf8')));
    expect(installs - before).toBe(1);
  });

  it("compresses errors too: an answer through yoga's result processor", async () => {
    const raw = await post(
      `{ network { ${Array.from({ length: 25 }, (_, i) => `a${i}: subnet(subnetId: "nope") { subnetId }`).join(' ')} } }`,
      {
        'accept-encoding': 'gzip',
      },
    );
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(raw)).errors.length).toBeGreaterThan(0);
  });
});

describe("compression on yoga's path", () => {
  it('a GET query', async () => {
    const path = `/graphql?query=${encodeURIComponent(LARGE)}`;
    const plain = await send('GET', path, { accept: 'application/json', 'x-graphql-yoga-csrf': '1' });
    const raw = await send('GET', path, { accept: 'application/json', 'x-graphql-yoga-csrf': '1', 'accept-encoding': 'br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(raw))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
  });

  it("GraphiQL's page: megabytes become a fraction", async () => {
    const plain = await send('GET', '/graphql', { accept: 'text/html' });
    const raw = await send('GET', '/graphql', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/html/);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(decoded(raw)).toBe(plain.bytes.toString('utf8'));
    const viaYoga = await h.gateway.yoga.fetch('http://gateway.test/graphql', { headers: { accept: 'text/html' } });
    expect(plain.bytes.toString('utf8')).toBe(await viaYoga.text());
    expect(plain.headers['content-type']).toBe(viaYoga.headers.get('content-type'));
    const gzipped = await send('GET', '/graphql?query=%7B__typename%7D', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped)).toBe(plain.bytes.toString('utf8'));
  });
});

describe('an answer that never changes (fixedAnswer)', () => {
  it('is made once and compressed once per encoding, however many ask', async () => {
    let made = 0;
    const body = Buffer.from('<html>'.padEnd(50_000, 'x'));
    const serve = fixedAnswer(
      async () => {
        made++;
        return { status: 200, headers: { 'content-type': 'text/html' }, body };
      },
      { minBytes: 1024 },
    );
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fixedPort = (server.address() as AddressInfo).port;
    try {
      const get = (headers: Record<string, string>) =>
        new Promise<Raw>((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port: fixedPort, path: '/', headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
          })
            .on('error', reject)
            .end();
        });
      const answers = await Promise.all([
        get({ 'accept-encoding': 'br' }),
        get({ 'accept-encoding': 'br' }),
        get({ 'accept-encoding': 'gzip;q=1, br;q=0.5' }),
        get({}),
      ]);
      expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['br', 'br', 'gzip', undefined]);
      for (const a of answers) {
        expect(decoded(a)).toBe(body.toString('utf8'));
        expect(a.headers.vary).toBe('Accept-Encoding');
        expect(Number(a.headers['content-length'])).toBe(a.bytes.length);
      }
      // The same compressed bytes: one compression for both brotli answers.
      expect(answers[0]!.bytes.equals(answers[1]!.bytes)).toBe(true);
      expect(made).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('COMPRESSION', () => {
  it('false turns it off; COMPRESSION_MIN_BYTES sets the threshold', () => {
    expect(compressor(loadConfig({ COMPRESSION: 'false' }).compression)).toBeUndefined();
    expect(loadConfig({}).compression).toEqual({ minBytes: 1024 });
    expect(loadConfig({ COMPRESSION_MIN_BYTES: '4096' }).compression).toEqual({ minBytes: 4096 });
  });
});
