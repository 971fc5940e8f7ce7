/**
 * The HTTP server around yoga, over real sockets, on the built gateway started the way users
 * start it (`npm start`): the body limit, slow clients, empty bodies, and shutdown.
 */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch as fetchOn } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startHarness, type Harness, withoutCost } from '../helpers/harness.js';
import { sample } from '../helpers/prom-text.js';

/** For its sandbox, and yoga's own answers to compare with. */
let h: Harness;
/** `npm start` with a small body limit and short timeouts. */
let shipped: GatewayProcess;
let url: string;
let port: number;

beforeAll(async () => {
  const limits = { MAX_BODY_BYTES: '4096', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '1500' };
  h = await startHarness(limits);
  shipped = await startGatewayProcess(h.sandbox, limits);
  ({ url, port } = shipped);
});
afterAll(async () => {
  await shipped?.stop();
  await h?.close();
});

/** The gateway process's resident memory, as its /metrics says. */
const rssOf = async (gw: GatewayProcess) =>
  sample(await fetch(`${gw.origin}/metrics`).then((r) => r.text()), 'process_resident_memory_bytes');

const query = (q: string, extra = '') => JSON.stringify({ query: q + extra });

describe('the request body limit (MAX_BODY_BYTES)', () => {
  it('answers a body within it', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query('{ network { name } }') });
    expect(res.status).toBe(200);
    expect(withoutCost(await res.json())).toEqual({ data: { network: { name: 'MAINNET' } } });
  });

  it('refuses a bigger body with 413 and the limit, announced or not, before any upstream call', async () => {
    const big = query('{ network { name } }', ` # ${'x'.repeat(8000)}`);
    for (const chunked of [false, true]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A stream goes out chunked, with no length to announce: the server has to count.
        body: chunked ? new Blob([big]).stream() : big,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      const body = (await res.json()) as { errors: { message: string; extensions: { code: string; limit: number } }[] };
      expect(body.errors[0]!.extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', limit: 4096 });
      expect(body.errors[0]!.message).toMatch(/larger than the 4096 bytes .*MAX_BODY_BYTES/);
    }
    expect(h.sandbox.total).toBe(0);
  });

  it('refuses a 64 MB body as soon as it is announced, without reading it', async () => {
    const rss = await rssOf(shipped);
    const started = performance.now();
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST /graphql HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${64 * 1024 * 1024}\r\n\r\n`);
        socket.write(Buffer.alloc(64 * 1024, 32));
      });
      socket.once('data', (chunk) => {
        resolve(String(chunk).split('\r\n')[0]!);
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(performance.now() - started).toBeLessThan(500);
    expect((await rssOf(shipped)) - rss).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('slow clients', () => {
  it('closes a connection whose headers trickle in past HTTP_HEADERS_TIMEOUT_MS', async () => {
    const started = performance.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST /graphql HTTP/1.1\r\nhost: x\r\n'));
      const drip = setInterval(() => socket.write('x-slow: 1\r\n'), 200);
      let got = '';
      socket.on('data', (chunk) => (got += String(chunk)));
      socket.on('close', () => {
        clearInterval(drip);
        resolve(got.split('\r\n')[0]!);
      });
      socket.on('error', () => undefined);
    });
    const elapsed = performance.now() - started;
    expect(answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(elapsed).toBeGreaterThan(900);
    expect(elapsed).toBeLessThan(3500);
  });
});

describe('shutdown of `npm start`', () => {
  /**
   * What the gateway answers on `path` right now: its status and body, or `refused`. On a
   * connection of its own: the drain closes idle keep-alive connections, and a probe sent on one
   * as it closed would fail though the port is open.
   */
  const probe = async (base: string, path: string) => {
    const own = new Agent();
    try {
      const r = await fetchOn(`${base}${path}`, { headers: { 'x-graphql-yoga-csrf': '1' }, dispatcher: own });
      return { status: r.status, body: await r.json() };
    } catch {
      return 'refused' as const;
    } finally {
      void own.close();
    }
  };

  it('on SIGTERM answers the request in flight, answers new ones 503 and /ready 503 on a port still open, then exits', async () => {
    // A free port for the metrics (METRICS_PORT takes no 0).
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const metricsPort = (free.address() as AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const gw = await startGatewayProcess(h.sandbox, {
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: 'scrape-token-0123456789',
      // The built subgraph prints its SDL with @apollo/subgraph, which the build loads only then.
      FEDERATION: 'true',
    });
    const base = gw.origin;
    try {
      // Ready while its upstreams answer (the sandbox's health checks and nodes)...
      expect(await fetch(`${base}/ready`).then((r) => r.json())).toMatchObject({ ready: true });
      // ...with its metrics on their own port, behind the token, and not on the public one.
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
        headers: { authorization: 'Bearer scrape-token-0123456789' },
      });
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('# TYPE graphql_server_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
      const service = await fetch(`${base}/subgraph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: query('{ _service { sdl } }'),
      }).then((r) => r.json() as Promise<{ data: { _service: { sdl: string } } }>);
      expect(service.data._service.sdl).toMatch(/type Subnet implements Node\s+@key\(fields: "network subnetId"\)/);
      // Long enough that the request is still in flight when the signal lands on a loaded machine
      // (it passes through npm): with 1.5 s, under the whole suite it sometimes was not.
      h.sandbox.knobs.latencyMs = 4000;
      const listed = h.sandbox.count('listSubnets');
      const inflight = fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: query('{ network { subnets(first: 2) { nodes { subnetId } } } }'),
      });
      // The signal lands once the request is in flight for sure: its upstream call has arrived.
      // A fixed wait was sometimes too short under the whole suite, and then nothing was in flight.
      for (const deadline = Date.now() + 5000; Date.now() < deadline && h.sandbox.count('listSubnets') === listed; ) await sleep(10);
      expect(h.sandbox.count('listSubnets')).toBeGreaterThan(listed);
      gw.kill('SIGTERM');
      // The signal passes through npm: on a busy machine it may take a moment.
      let ready = await probe(base, '/ready');
      for (const deadline = Date.now() + 3000; Date.now() < deadline && ready !== 'refused' && ready.status === 200; await sleep(25)) {
        ready = await probe(base, '/ready');
      }
      // While the request in flight runs, the port is open and says why it takes nothing new.
      expect(ready).toEqual({ status: 503, body: { ready: false, reason: 'draining: the gateway is shutting down' } });
      const late = await probe(base, '/graphql?query=%7B__typename%7D');
      expect(late).toMatchObject({ status: 503, body: { errors: [{ extensions: { code: 'SHUTTING_DOWN' } }] } });
      const res = await inflight;
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { network: { subnets: { nodes: unknown[] } } }; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data.network.subnets.nodes).toHaveLength(2);
      expect(await gw.exited).toBe(0);
    } finally {
      h.sandbox.knobs.latencyMs = 0;
      await gw.stop('SIGKILL');
    }
  });

  it('with DRAIN_DELAY_MS, goes on answering 503 for that long though nothing is in flight, for load balancers to notice', async () => {
    const gw = await startGatewayProcess(h.sandbox, { DRAIN_DELAY_MS: '1500' });
    try {
      const stopped = Date.now();
      gw.kill('SIGTERM');
      await sleep(300);
      expect(await probe(gw.origin, '/ready')).toMatchObject({ status: 503 });
      expect(await probe(gw.origin, '/graphql?query=%7B__typename%7D')).toMatchObject({ status: 503 });
      expect(await gw.exited).toBe(0);
      expect(Date.now() - stopped).toBeGreaterThanOrEqual(1400);
    } finally {
      await gw.stop('SIGKILL');
    }
  });
});

describe('an empty body', () => {
  it('is answered as yoga answers a POST without one, whether announced empty or sent chunked', async () => {
    const statusOf = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(head));
        socket.once('data', (chunk) => {
          resolve(String(chunk).split('\r\n')[0]!);
          socket.destroy();
        });
        socket.once('error', reject);
      });
    const announced = await statusOf('POST /graphql HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n');
    const chunked = await statusOf(
      'POST /graphql HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    const viaYoga = await h.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(announced).toBe(`HTTP/1.1 ${viaYoga.status} ${viaYoga.statusText || 'Bad Request'}`);
    expect(chunked).toBe(announced);
  });
});

describe('an accept header no answer is written in, on a server that leaves GraphiQL to yoga', () => {
  it('406 for a GraphQL request, and yoga’s GraphiQL still for a page request', async () => {
    // The harness's server is made with `graphiql: false`: yoga renders the page itself.
    const refused = await fetch(h.served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/xml' },
      body: query('{ __typename }'),
    });
    expect(refused.status).toBe(406);
    expect((await refused.json()).errors[0].extensions.code).toBe('NOT_ACCEPTABLE');
    const page = await fetch(h.served.url, { headers: { accept: 'text/html' } });
    expect({ status: page.status, type: page.headers.get('content-type') }).toEqual({
      status: 200,
      type: expect.stringMatching(/^text\/html/),
    });
    await page.text();
  });
});
