/**
 * What an upstream can cost the gateway, whatever it does: answers capped while they stream,
 * every attempt charged to the request's budget, and a circuit breaker that stops calling an
 * upstream that keeps failing, then probes it and closes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { InvalidResponseError } from '../../src/upstreams/errors.js';
import { HttpClient } from '../../src/upstreams/http.js';
import { codes, startHarness, useHarness } from '../helpers/harness.js';

const world = getWorld('mainnet');

describe('answers capped while they stream', () => {
  let server: Server;
  let base: string;
  let sent = 0;
  beforeAll(async () => {
    // 50 MB of a JSON array, 64 KB at a time, with no length announced (chunked), or announced.
    server = createServer((req, res) => {
      sent = 0;
      const announce = req.url === '/announced';
      res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(50 * 1024 * 1024) } : {}) });
      const chunk = Buffer.alloc(64 * 1024, 0x31);
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('[');
      pump();
      res.on('close', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('cuts a 50 MB answer off at the cap, without buffering it first', async () => {
    const http = new HttpClient({ timeoutMs: 10_000, retries: 0, connections: 2, maxResponseBytes: { 'data-api': 1024 * 1024 } });
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const error = await http
      .json({ service: 'data-api', operation: 'big', method: 'GET', baseUrl: base, path: '/streamed' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/larger than the 1048576 bytes allowed for data-api/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(16 * 1024 * 1024);
    await sleep(50);
    // The server got to write far less than the whole answer before the gateway hung up.
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    await http.close();
  });

  it('refuses an answer announced bigger than the cap before reading it', async () => {
    const http = new HttpClient({ timeoutMs: 10_000, retries: 0, connections: 2, maxResponseBytes: 1024 * 1024 });
    const started = performance.now();
    const error = await http
      .json({ service: 'node', operation: 'big', method: 'GET', baseUrl: base, path: '/announced' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/larger than the 1048576 bytes allowed for node/);
    expect(performance.now() - started).toBeLessThan(500);
    await http.close();
  });
});

describe('the call budget counts every attempt', () => {
  const h = useHarness({ UPSTREAM_CALL_BUDGET: '10', UPSTREAM_RETRIES: '2', DEMAND_CONTROL: 'measure' });

  it('holds a fan-out over a failing upstream to the budget, retries included', async () => {
    h.sandbox.fail({ operation: 'getTxByHash', kind: 'status', status: 503, times: -1 });
    const aliases = world.transactions.p
      .slice(0, 30)
      .map((tx, i) => `t${i}: transaction(chain: P_CHAIN, txHash: "${tx.txHash}") { txHash }`);
    const res = await h.raw(`{ network { ${aliases.join(' ')} } }`);
    expect(codes(res)).toHaveLength(30);
    expect(codes(res)).toContain('UPSTREAM_BUDGET_EXCEEDED');
    for (const code of codes(res)) expect(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_BUDGET_EXCEEDED']).toContain(code);
    // 30 lookups with 3 attempts each would be 90 calls: the budget stops them at 10.
    expect(h.sandbox.count('getTxByHash')).toBe(10);
  });
});

/** A breaker that opens after three calls, half of them failing, from any one client, and probes after a second. */
const BREAKER = {
  BREAKER_FAILURE_RATE: '0.5',
  BREAKER_MIN_REQUESTS: '3',
  BREAKER_WINDOW_MS: '5000',
  BREAKER_HALF_OPEN_MS: '1000',
  BREAKER_MIN_CLIENTS: '1',
  UPSTREAM_RETRIES: '0',
};
/** A distinct document per call (an alias), so that nothing is answered from the request's own reads. */
const q = (i: number) => `{ network { s${i}: subnets(first: 1) { nodes { subnetId } } } }`;

describe('the circuit breaker', () => {
  it('opens when most calls fail, fails fast with a retry hint, then probes and closes', async () => {
    const h = await startHarness(BREAKER);
    try {
      h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: 3 });
      for (let i = 0; i < 3; i++) expect(codes(await h.raw(q(i)))).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(h.sandbox.count('listSubnets')).toBe(3);

      // Open: refused without a call, with the time to wait.
      const refused = await h.raw(q(3));
      expect(codes(refused)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(refused.errors![0]!.extensions).toMatchObject({ retryAfter: 1 });
      expect(refused.errors![0]!.message).toMatch(/keeps failing.*retry after 1 s/);
      expect(h.sandbox.count('listSubnets')).toBe(3);

      // Other upstreams are not affected.
      expect((await h.raw('{ network { xChain { height } } }')).errors).toBeUndefined();

      // After the pause, one probe goes out; it succeeds, and the circuit is closed again.
      await sleep(1100);
      expect((await h.raw(q(4))).errors).toBeUndefined();
      expect((await h.raw(q(5))).errors).toBeUndefined();
      expect(h.sandbox.count('listSubnets')).toBe(5);
    } finally {
      await h.close();
    }
  });

  it('stays closed through a burst of failures among good answers', async () => {
    const h = await startHarness(BREAKER);
    try {
      for (let i = 0; i < 10; i++) expect((await h.raw(q(i))).errors).toBeUndefined();
      h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: 4 });
      for (let i = 10; i < 14; i++) expect(codes(await h.raw(q(i)))).toEqual(['UPSTREAM_UNAVAILABLE']);
      // 4 failures in 14 calls: not an upstream that keeps failing; the next call goes out.
      expect((await h.raw(q(14))).errors).toBeUndefined();
      expect(h.sandbox.count('listSubnets')).toBe(15);
    } finally {
      await h.close();
    }
  });
});
