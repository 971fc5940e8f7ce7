/**
 * A whole-response cache hit is compressed once per encoding (src/yoga/lean-post.ts keeps the forms
 * with the cached data), not once per hit; what each client gets is the same answer. zlib's
 * one-call compressors are wrapped to count their calls: on its CommonJS exports, then synced to
 * its ES module exports (`syncBuiltinESMExports`), so every module that imported them sees the
 * wrappers, however early it was loaded (test files share a worker's modules).
 */
import { request as httpRequest } from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressor } from '../../src/base/compression.js';
import type { GatewayServer } from '../../src/http/server.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';

const zlibExports = createRequire(import.meta.url)('node:zlib') as typeof zlib;
const { brotliCompressSync, gzipSync } = zlibExports;
const compressions = { br: 0, gzip: 0 };

let h: Harness;
let gw: GatewayServer;
let port: number;

beforeAll(async () => {
  zlibExports.brotliCompressSync = ((...args: Parameters<typeof brotliCompressSync>) => {
    compressions.br++;
    return brotliCompressSync(...args);
  }) as typeof brotliCompressSync;
  zlibExports.gzipSync = ((...args: Parameters<typeof gzipSync>) => {
    compressions.gzip++;
    return gzipSync(...args);
  }) as typeof gzipSync;
  syncBuiltinESMExports();
  h = await startHarness({ CACHE: 'memory' });
  ({ gw, port } = await serve(h, { compress: compressor(h.config.compression) }));
});
afterAll(async () => {
  zlibExports.brotliCompressSync = brotliCompressSync;
  zlibExports.gzipSync = gzipSync;
  syncBuiltinESMExports();
  await gw.drain(100);
  await h.close();
});

function post(query: string, encoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const how = res.headers['content-encoding'];
          const body = how === 'br' ? zlib.brotliDecompressSync(bytes) : how === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
          resolve({ headers: res.headers, body: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

/** About 60 KB of JSON: well over the compression threshold. */
const LARGE = `{ network { subnets(first: 40) { nodes { subnetId blockchains { blockchainId blockchainName vmId
  genesisData { gasLimit config { chainId } alloc { address balance } } } } } } }`;

describe('a cached answer', () => {
  it('is compressed once per encoding, however many hits ask for it', async () => {
    compressions.br = 0;
    compressions.gzip = 0;
    const first = await post(LARGE, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(first.body).errors).toBeUndefined();
    const calls = h.sandbox.log.length;

    const hits = [await post(LARGE, 'br'), await post(LARGE, 'br'), await post(LARGE, 'gzip'), await post(LARGE, 'gzip')];
    // Answered from the response cache: no upstream call.
    expect(h.sandbox.log.length).toBe(calls);
    // Every hit is the same body: the first answer's data, with what a hit costs (no call) in its extensions.
    for (const hit of hits) expect(hit.body).toBe(hits[0]!.body);
    expect(JSON.parse(hits[0]!.body).data).toEqual(JSON.parse(first.body).data);
    expect(JSON.parse(hits[0]!.body).extensions.cost.actual).toEqual({ calls: 0, cacheHits: 1 });
    expect(hits.map((hit) => hit.headers['content-encoding'])).toEqual(['br', 'br', 'gzip', 'gzip']);
    // The first answer (its own cost) was compressed for itself; the first brotli hit's form and
    // the first gzip hit's form served every later hit.
    expect(compressions).toEqual({ br: 2, gzip: 1 });
  });
});
