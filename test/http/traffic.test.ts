/**
 * The traffic the server counts for the idle release (src/ops/idle-release.ts): GraphQL requests
 * and WebSockets, not probes or scrapes. test/http/memory.test.ts checks the release on `npm start`.
 */
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serve, startHarness, type Harness, type Served } from '../helpers/harness.js';

let h: Harness;
let served: Served;

beforeAll(async () => {
  h = await startHarness();
  served = await serve(h);
});
afterAll(async () => {
  await new Promise((resolve) => served?.gw.server.close(resolve));
  await h?.close();
});

const counts = () => ({ begun: served.gw.traffic.begun, open: served.gw.traffic.open });

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what} (${JSON.stringify(counts())})`);
    await sleep(10);
  }
}

describe("the server's traffic", () => {
  it('counts a GraphQL request as begun, and open until it is answered', async () => {
    const before = counts();
    // Its body sent in two halves: the request is open, whatever the machine's speed, until the second is.
    const body = JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' });
    const req = httpRequest(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.once('response', (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode!));
      });
      req.once('error', reject);
    });
    req.write(body.slice(0, 10));
    await until(() => served.gw.traffic.open === before.open + 1, 'the request open');
    expect(served.gw.traffic.begun).toBe(before.begun + 1);
    req.end(body.slice(10));
    expect(await answered).toBe(200);
    await until(() => served.gw.traffic.open === before.open, 'the request closed');
    expect(served.gw.traffic.begun).toBe(before.begun + 1);
  });

  it('does not count probes and scrapes', async () => {
    const before = counts();
    for (const path of ['/health', '/ready', '/metrics']) await (await fetch(served.origin + path)).arrayBuffer();
    expect(counts()).toEqual(before);
  });

  it('counts a WebSocket, open until it closes, and a refused upgrade until its socket does', async () => {
    const before = counts();
    const ws = new WebSocket(served.url.replace('http', 'ws'), 'graphql-transport-ws');
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    expect(counts()).toEqual({ begun: before.begun + 1, open: before.open + 1 });
    ws.close();
    await until(() => served.gw.traffic.open === before.open, 'the socket closed');
    const refused = new WebSocket(`${served.origin}/elsewhere`, 'graphql-transport-ws');
    const status = await new Promise((resolve) =>
      refused.once('unexpected-response', (_req, res) => resolve(res.statusCode)).once('error', () => resolve('error')),
    );
    expect(status).toBe(404);
    await until(() => served.gw.traffic.open === before.open, 'the refused socket closed');
    expect(served.gw.traffic.begun).toBe(before.begun + 2);
  });
});
