/**
 * GraphQL over WebSocket's own bounds (src/http/websocket.ts, the upgrade in src/http/server.ts), on the
 * built gateway (`npm start`): each
 * operation draws from the client's rate-limit buckets, a socket runs a bounded number of
 * operations at once, a client holds a bounded number of sockets, and only pages of the
 * gateway's own origin or CORS_ORIGINS may open one. Each test is a client of its own loopback
 * address, so their buckets and socket counts are apart.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { withoutCost } from '../helpers/harness.js';
import { sample } from '../helpers/prom-text.js';
import { useSandbox } from '../helpers/sandbox.js';

const BURST = 5;
/** `npm start` with tight socket and rate limits, over a sandbox of its own. */
const sandbox = useSandbox();
let gw: GatewayProcess;
let port: number;

beforeAll(async () => {
  gw = await startGatewayProcess(sandbox, {
    // A token every 10 s: nothing refills while a test runs.
    RATE_LIMIT_PER_SECOND: '0.1',
    RATE_LIMIT_BURST: String(BURST),
    WS_MAX_OPERATIONS_PER_SOCKET: '2',
    WS_MAX_SOCKETS_PER_CLIENT: '2',
    CORS_ORIGINS: 'https://app.example',
    LIVE_POLL_BLOCKS_MS: '200',
  });
  ({ port } = gw);
});
afterAll(async () => {
  await gw?.stop();
});

/** A WebSocket class whose sockets leave from `localAddress`. */
const from = (localAddress: string, headers: Record<string, string> = {}) =>
  class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { localAddress, headers });
    }
  };

function connect(localAddress: string): { client: Client; closed: () => boolean } {
  let closed = false;
  const client = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: from(localAddress),
    retryAttempts: 0,
    lazyCloseTimeout: 60_000,
    on: { closed: () => (closed = true) },
  });
  return { client, closed: () => closed };
}

/** One operation's outcome: its results, or the errors it was refused with. */
function run(client: Client, query: string): Promise<{ results: any[]; errors?: any[] }> {
  return new Promise((resolve) => {
    const results: any[] = [];
    client.subscribe(
      { query },
      {
        next: (r) => results.push(withoutCost(r)),
        error: (errors) => resolve({ results, errors: errors as any[] }),
        complete: () => resolve({ results }),
      },
    );
  });
}

/** The status an upgrade is answered with (101 when the socket opens), and the body of a refusal. */
function handshake(localAddress: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; ws: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new (from(localAddress, headers))(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    ws.on('open', () => resolve({ status: 101, body: '', ws }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ws }));
    });
    ws.on('error', () => undefined);
  });
}

const QUERY = '{ network { name } }';
/** An operation of one upstream call the cache cannot answer (a new page size each time): a point and a tenth. */
const CALLING = (i: number) => `{ network { subnets(first: ${i + 1}) { nodes { subnetId } } } }`;
const BLOCKS = 'subscription { acceptedBlocks(chain: C_CHAIN) { index } }';

describe('rate limits per operation', () => {
  it('charges each operation sent over a socket what it called, refusing one over the limit with RATE_LIMITED while the socket stays open', async () => {
    const { client, closed } = connect('127.0.0.2');
    try {
      // The upgrade took a point; each operation a point and a tenth: 5 points pay for three (the
      // bucket refills a point in 10 s).
      for (let i = 0; i < 3; i++) expect((await run(client, CALLING(i))).results[0].data.network.subnets.nodes).toHaveLength(i + 1);
      const refused = await run(client, CALLING(3));
      expect(refused.results).toEqual([]);
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(refused.errors![0].message).toMatch(/^Too many requests: a client may spend 5 points at once/);
      expect(closed()).toBe(false);
    } finally {
      await client.dispose();
    }
  });
});

describe('operations per socket', () => {
  it('refuses an operation beyond WS_MAX_OPERATIONS_PER_SOCKET running at once, and takes one again when another completes', async () => {
    const { client, closed } = connect('127.0.0.3');
    const stops: (() => void)[] = [];
    try {
      const events: any[] = [];
      for (let i = 0; i < 2; i++)
        stops.push(
          client.subscribe({ query: BLOCKS }, { next: (r) => events.push(r), error: (e) => events.push(e), complete: () => undefined }),
        );
      const third = await run(client, QUERY);
      expect(third.errors).toHaveLength(1);
      expect(third.errors![0].extensions).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'operationsPerSocket' });
      expect(third.errors![0].message).toMatch(/runs 2 operations at once already \(WS_MAX_OPERATIONS_PER_SOCKET\)/);
      expect(closed()).toBe(false);
      // The server drops a completed operation as it reads the client's `complete`, before what follows.
      stops.shift()!();
      expect(await run(client, QUERY)).toEqual({ results: [{ data: { network: { name: 'MAINNET' } } }] });
      expect(events).toEqual([]);
    } finally {
      for (const stop of stops) stop();
      await client.dispose();
    }
  });
});

describe('sockets per client', () => {
  it('refuses an upgrade beyond WS_MAX_SOCKETS_PER_CLIENT with 429, and takes one again when a socket closes', async () => {
    const open = [await handshake('127.0.0.4'), await handshake('127.0.0.4')];
    try {
      expect(open.map((o) => o.status)).toEqual([101, 101]);
      const third = await handshake('127.0.0.4');
      expect(third.status).toBe(429);
      expect(third.body).toMatch(/holds 2 sockets open already \(WS_MAX_SOCKETS_PER_CLIENT\)/);
      // Another client is not counted with this one.
      const other = await handshake('127.0.0.5');
      expect(other.status).toBe(101);
      other.ws.close();
      const first = open.shift()!;
      await new Promise((resolve) => {
        first.ws.once('close', resolve);
        first.ws.close();
      });
      // The server's end of the connection closes a moment after the client's.
      await sleep(200);
      const again = await handshake('127.0.0.4');
      open.push(again);
      expect(again.status).toBe(101);
    } finally {
      for (const o of open) o.ws.close();
    }
  });
});

describe('Origin of an upgrade', () => {
  it('refuses a page of another site with 403, and lets in CORS_ORIGINS, the gateway’s own origin and clients without Origin', async () => {
    const evil = await handshake('127.0.0.6', { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body).toMatch(/origin "https:\/\/evil\.example" refused: .*CORS_ORIGINS/);
    expect((await handshake('127.0.0.6', { origin: 'null' })).status).toBe(403);
    const allowedOrigins: Record<string, string>[] = [{ origin: 'https://app.example' }, { origin: `http://127.0.0.1:${port}` }, {}];
    for (const [i, headers] of allowedOrigins.entries()) {
      const allowed = await handshake(`127.0.0.${7 + i}`, headers);
      expect(allowed.status).toBe(101);
      allowed.ws.close();
    }
  });
});

describe('metrics', () => {
  it('counts and times the operations of a socket as requests over HTTP are: by outcome, with the same error codes, a subscription as a stream', async () => {
    const scrape = async () => fetch(`${gw.origin}/metrics`).then((r) => r.text());
    const ok = { graphql_operation_type: 'query', graphql_operation_name: 'SocketName', outcome: 'ok' };
    const refused = { graphql_operation_type: 'query', graphql_operation_name: '(other)', outcome: 'refused' };
    const failed = { graphql_operation_type: 'query', graphql_operation_name: 'SocketVariable', outcome: 'failed' };
    const stream = { graphql_operation_type: 'subscription', graphql_operation_name: 'SocketBlocks', outcome: 'stream' };
    const before = await scrape();
    // Each operation draws a token from its client's burst: two clients, so none is refused.
    const { client } = connect('127.0.0.7');
    const { client: subscriber } = connect('127.0.0.9');
    const stops: (() => void)[] = [];
    try {
      expect(await run(client, 'query SocketName { network { name } }')).toEqual({ results: [{ data: { network: { name: 'MAINNET' } } }] });
      expect((await run(client, 'query SocketNope { network { nope } }')).errors).toHaveLength(1);
      const missing = await run(client, 'query SocketVariable($n: Int!) { network { subnets(first: $n) { nodes { subnetId } } } }');
      expect(missing.results[0].errors[0].extensions.code).toBe('BAD_USER_INPUT');
      stops.push(
        subscriber.subscribe(
          { query: 'subscription SocketBlocks { acceptedBlocks(chain: C_CHAIN) { index } }' },
          { next: () => undefined, error: () => undefined, complete: () => undefined },
        ),
      );
      await until(async () => sample(await scrape(), 'graphql_server_requests_total', stream) === 1);
      const text = await scrape();
      const moved = (name: string, labels: Record<string, string>) => sample(text, name, labels) - sample(before, name, labels);
      expect(moved('graphql_server_requests_total', ok)).toBe(1);
      expect(
        moved('graphql_server_request_duration_seconds_count', { graphql_operation_type: 'query', graphql_operation_name: 'SocketName' }),
      ).toBe(1);
      expect(moved('graphql_server_requests_total', refused)).toBe(1);
      expect(moved('gateway_graphql_errors_total', { code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
      expect(moved('graphql_server_requests_total', failed)).toBe(1);
      // The code the client got, not the one it had before the error plugin named it.
      expect(moved('gateway_graphql_errors_total', { code: 'BAD_USER_INPUT' })).toBe(1);
      expect(moved('gateway_graphql_errors_total', { code: 'INTERNAL_SERVER_ERROR' })).toBe(0);
      expect(moved('graphql_server_requests_total', stream)).toBe(1);
    } finally {
      for (const stop of stops) stop();
      await client.dispose();
      await subscriber.dispose();
    }
  });

  it('counts a rate-limited operation as HTTP counts a rate-limited request: as a rate limit, not a request', async () => {
    const scrape = async () => fetch(`${gw.origin}/metrics`).then((r) => r.text());
    const before = await scrape();
    const { client } = connect('127.0.0.8');
    try {
      let served = 0;
      let last = await run(client, CALLING(20));
      for (; !last.errors && served < BURST; served++) last = await run(client, CALLING(21 + served));
      expect(last.errors![0].extensions.code).toBe('RATE_LIMITED');
      const text = await scrape();
      const moved = (name: string, labels: Record<string, string> = {}) => sample(text, name, labels) - sample(before, name, labels);
      expect(moved('gateway_rate_limited_total')).toBe(1);
      expect(moved('gateway_graphql_errors_total', { code: 'RATE_LIMITED' })).toBe(0);
      expect(moved('graphql_server_requests_total', { outcome: 'refused' })).toBe(0);
      expect(moved('graphql_server_requests_total', { outcome: 'ok' })).toBe(served);
    } finally {
      await client.dispose();
    }
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error('metrics did not move within 2 s');
}
