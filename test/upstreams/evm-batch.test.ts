/**
 * A chain's eth_* reads of one request go out as one JSON-RPC batch even when a shared cache
 * answers their lookups in different ticks (fuzz seed p92: with Redis, a chain's call, baseFee and
 * headBlockNumber went out in two calls for a price of one). The store here answers each lookup
 * after its own delay, as Redis replies arriving in different socket reads do.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshnessTable } from '../../src/reuse/freshness.js';
import { Reuse } from '../../src/reuse/reads.js';
import type { CacheStore, Entry } from '../../src/reuse/store.js';
import { HttpClient } from '../../src/upstreams/http.js';
import { NodeClient } from '../../src/upstreams/node/client.js';
import { ethBaseFee, ethBlockNumber, ethCall, ethGasPrice } from '../../src/upstreams/node/evm-state.js';

const CHAIN = { network: 'mainnet' as const, blockchainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5' };
const ANSWERS: Record<string, string> = { eth_blockNumber: '0x10', eth_baseFee: '0x5', eth_gasPrice: '0x7', eth_call: '0x01' };

/** What the node was sent: each HTTP request's methods. */
let batches: string[][] = [];
let server: Server;
let nodeUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      // A batch is an array; a lone call is sent as itself.
      const sent = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
      const calls = Array.isArray(sent) ? sent : [sent];
      batches.push(calls.map((c) => c.method));
      const answers = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: ANSWERS[c.method] }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(sent) ? answers : answers[0]));
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  nodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  batches = [];
});

/** A store whose lookups answer after `delays[method]` ms (a miss unless `kept` holds the method), and whose callOnce, for the methods in `elsewhere`, waits for another instance's answer. */
function slowStore(delays: Record<string, number>, options: { kept?: string[]; elsewhere?: Record<string, number> } = {}): CacheStore {
  const methodOf = (key: string) => Object.keys(ANSWERS).find((m) => key.includes(` ${m} `))!;
  const entry = (value: unknown): Entry => ({ value, size: 1, freshUntil: Date.now() + 60_000, staleUntil: Date.now() + 60_000 });
  return {
    get: async (key) => {
      const method = methodOf(key);
      await sleep(delays[method] ?? 0);
      return options.kept?.includes(method) ? entry(ANSWERS[method]) : undefined;
    },
    set: () => undefined,
    callOnce: async (key, call, _signal, waiting) => {
      const method = methodOf(key);
      // The lease's own round trip.
      await sleep(1);
      const theirs = options.elsewhere?.[method];
      if (theirs === undefined) return call();
      waiting?.();
      await sleep(theirs);
      return entry(ANSWERS[method]);
    },
    close: async () => undefined,
  };
}

function client(store: CacheStore): NodeClient {
  const http = new HttpClient({ timeoutMs: 5000, retries: 0, connections: 2 });
  const reads = new Reuse(http, freshnessTable(), store).forRequest({});
  return new NodeClient(reads, { urls: { mainnet: nodeUrl, fuji: nodeUrl } });
}

describe("a chain's eth_* reads of one request", () => {
  it('go out as one batch when the cache answers their lookups in different ticks', async () => {
    const node = client(slowStore({ eth_call: 0, eth_baseFee: 4, eth_blockNumber: 12, eth_gasPrice: 25 }));
    const answers = await Promise.all([
      ethCall(node, CHAIN, { to: '0x0000000000000000000000000000000000000001' }, '0x10'),
      ethBaseFee(node, CHAIN),
      ethBlockNumber(node, CHAIN),
      ethGasPrice(node, CHAIN),
    ]);
    expect(answers).toEqual(['0x01', '0x5', '0x10', '0x7']);
    expect(batches.map((b) => b.sort())).toEqual([['eth_baseFee', 'eth_blockNumber', 'eth_call', 'eth_gasPrice']]);
  });

  it('send only what the cache did not answer, in one batch', async () => {
    const node = client(slowStore({ eth_call: 0, eth_baseFee: 8, eth_blockNumber: 3 }, { kept: ['eth_baseFee'] }));
    const answers = await Promise.all([
      ethCall(node, CHAIN, { to: '0x0000000000000000000000000000000000000001' }, '0x10'),
      ethBaseFee(node, CHAIN),
      ethBlockNumber(node, CHAIN),
    ]);
    expect(answers).toEqual(['0x01', '0x5', '0x10']);
    expect(batches.map((b) => b.sort())).toEqual([['eth_blockNumber', 'eth_call']]);
  });

  it("do not wait for a read that waits on another instance's call", async () => {
    const node = client(slowStore({ eth_call: 0, eth_baseFee: 2, eth_blockNumber: 5 }, { elsewhere: { eth_baseFee: 400 } }));
    const started = performance.now();
    const baseFee = ethBaseFee(node, CHAIN);
    const [call, blockNumber] = await Promise.all([
      ethCall(node, CHAIN, { to: '0x0000000000000000000000000000000000000001' }, '0x10'),
      ethBlockNumber(node, CHAIN),
    ]);
    const answeredMs = performance.now() - started;
    expect([call, blockNumber, await baseFee]).toEqual(['0x01', '0x10', '0x5']);
    expect(batches.map((b) => b.sort())).toEqual([['eth_blockNumber', 'eth_call']]);
    // Answered long before the other instance's 400 ms.
    expect(answeredMs).toBeLessThan(300);
  });
});
