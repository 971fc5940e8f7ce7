/**
 * Test harness: a sandbox on a random loopback port, a gateway pointed at it, and that gateway
 * behind src/http/server.ts on a loopback port, as src/main.ts serves it. `raw()` sends over that
 * socket, so a test sees what a client sees: the server, the fast path for JSON POSTs and yoga, in
 * the order production runs them. `inProcess()` skips the socket and the server (`yoga.fetch`), for
 * the few tests the server would get in the way of: each says why. Every request its sandbox
 * receives is checked against the upstream's spec (./sandbox.ts): a problem fails the test after
 * which it is found (with `useHarness`), or the harness's `close()` (started by hand).
 */
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { GraphQLFormattedError } from 'graphql';
import { loadConfig, type Config } from '../../src/config/config.js';
import { createGateway, type Gateway, type GatewayTuning } from '../../src/gateway/gateway.js';
import type { Logger } from '../../src/base/logger.js';
import { createGatewayServer, type GatewayServer, type ServerOptions, serverOptionsOf } from '../../src/http/server.js';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { checkRequests } from './sandbox.js';

export interface Result<T> {
  status: number;
  data?: T | null;
  errors?: (GraphQLFormattedError & { extensions?: Record<string, unknown> })[];
}

export interface Harness {
  sandbox: Sandbox;
  gateway: Gateway;
  config: Config;
  /** The gateway's server, on `http://127.0.0.1:<port>`: the one `raw()` sends to. */
  served: Served;
  /** A JSON POST to /graphql over a socket to the gateway's server, as a server-side client sends it. */
  raw<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Result<T>>;
  /**
   * The same request through `yoga.fetch`, without the socket or the server: only for a test the
   * server would get in the way of (a body past MAX_BODY_BYTES, a timing the transfer would blur).
   * Each caller says why.
   */
  inProcess<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Result<T>>;
  /** The JSON bodies the sandbox received for one operation (a node method), in order. */
  bodies(operation: string): any[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** A sandbox another harness started (two gateways over one upstream); this one does not close it. */
  sandbox?: Sandbox;
  logger?: Logger;
  /** Added to the tests' tuning (a short backoff, frozen cache values): tracing in memory, say. */
  tuning?: GatewayTuning;
}

export async function startHarness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = options.sandbox ?? (await startSandbox());
  // A sandbox already checked (by useSandbox, or another harness) reports to whoever checks it.
  const { checks, created: ownChecks } = checkRequests(sandbox);
  const config = loadConfig({
    SANDBOX: 'off',
    DATA_API_URL: sandbox.dataApiUrl,
    METRICS_API_URL: sandbox.metricsApiUrl,
    NODE_URL_MAINNET: sandbox.nodeUrl('mainnet'),
    NODE_URL_FUJI: sandbox.nodeUrl('fuji'),
    // Tests count upstream calls per request: nothing is shared between requests unless a test
    // turns the cache on (and then cached answers are frozen, so a resolver mutating one fails).
    CACHE: 'off',
    // Faults injected by one test would otherwise open a circuit for the next: tests of the
    // breaker turn it on.
    BREAKER_FAILURE_RATE: '0',
    UPSTREAM_TIMEOUT_MS: '5000',
    ...env,
  });
  const gateway = createGateway(config, options.logger, {
    baseDelayMs: 5,
    maxDelayMs: 200,
    freezeCachedValues: true,
    processMetrics: false,
    ...options.tuning,
  });

  // What src/main.ts gives the server, but GraphiQL's page, which no test of the harness asks for.
  const served = await listen(createGatewayServer(gateway, serverOptionsOf(gateway, config, { graphiql: false })));
  // One pool per harness: its keep-alive connections end with it, not in the next test file.
  const dispatcher = new Agent();

  async function raw<T>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Result<T>> {
    const res = await request(served.url, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'gzip', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const encoding = res.headers['content-encoding'];
    const text = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
    return { status: res.statusCode, ...withoutCost(JSON.parse(text.toString('utf8')) as Omit<Result<T>, 'status'>) };
  }

  async function inProcess<T>(
    query: string,
    variables?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Result<T>> {
    const res = await gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, ...withoutCost((await res.json()) as Omit<Result<T>, 'status'>) };
  }

  return {
    sandbox,
    gateway,
    config,
    served,
    raw,
    inProcess,
    bodies: (operation) => sandbox.log.filter((r) => r.operation === operation).map((r) => r.body),
    async close() {
      const { server } = served.gw;
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await Promise.all([closed, dispatcher.destroy()]);
      await gateway.close();
      if (!options.sandbox) await sandbox.close();
      if (ownChecks) {
        checks?.close();
        checks?.assertNone('while the harness ran');
      }
    },
  };
}

/**
 * A GraphQL answer without its `extensions.cost`: what a request cost (its calls, the cache hits)
 * differs between runs of the same query, and most tests compare answers whole. The extension
 * itself is what test/yoga/demand-control.test.ts checks.
 */
export function withoutCost<T>(body: T): T {
  const extensions = (body as { extensions?: Record<string, unknown> } | null)?.extensions;
  if (!extensions || !('cost' in extensions)) return body;
  const { cost: _, ...rest } = extensions;
  const copy = { ...body } as { extensions?: Record<string, unknown> };
  if (Object.keys(rest).length) copy.extensions = rest;
  else delete copy.extensions;
  return copy as T;
}

/** The codes of a result's errors, in order. */
export function codes(result: Result<unknown>): unknown[] {
  return (result.errors ?? []).map((e) => e.extensions?.code);
}

/**
 * One harness for the whole test file: started before the first test, closed after the last,
 * its sandbox's counts, log and knobs reset before each test, and the requests each test made
 * its sandbox receive checked against the spec after it.
 */
export function useHarness(env: Record<string, string> = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await startHarness(env);
  });
  afterAll(() => current?.close());
  beforeEach(() => current?.sandbox.reset());
  afterEach(({ task }) => current && checkRequests(current.sandbox).checks?.assertNone(`during "${task.name}"`));
  return new Proxy({} as Harness, {
    get: (_target, key) => {
      if (!current) throw new Error('the harness starts in beforeAll: use it inside tests');
      return current[key as keyof Harness];
    },
  });
}

/** A connection as the tests select it: its nodes and where it ends. */
export interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  nodes: T[];
}

/** Follows a connection's `endCursor` to its end; returns every node. */
export async function walk<T>(fetch: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetch(after);
    out.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return out;
    after = page.pageInfo.endCursor!;
  }
}

/** A gateway served over a socket: its server, `http://127.0.0.1:<port>`, its /graphql URL and port. */
export interface Served {
  gw: GatewayServer;
  origin: string;
  url: string;
  port: number;
}

/**
 * The harness's gateway behind src/http/server.ts on a loopback port, for tests of what only a real
 * socket shows; `options` override the config's server settings.
 */
export function serve(h: Harness, options: Partial<ServerOptions> = {}): Promise<Served> {
  return listen(createGatewayServer(h.gateway, { ...h.config.server, ...options }));
}

async function listen(gw: GatewayServer): Promise<Served> {
  await new Promise<void>((resolve) => gw.server.listen(0, '127.0.0.1', resolve));
  const port = (gw.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return { gw, origin, url: `${origin}/graphql`, port };
}
