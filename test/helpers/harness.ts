/**
 * Test harness: a sandbox on a random loopback port and a gateway pointed at it, queried
 * in-process through `yoga.fetch` (no gateway port is opened).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { GraphQLFormattedError } from 'graphql';
import { loadConfig, type Config } from '../../src/config/config.js';
import { createGateway, type Gateway, type GatewayTuning } from '../../src/gateway/gateway.js';
import type { Logger } from '../../src/base/logger.js';
import { createGatewayServer, type GatewayServer, type ServerOptions } from '../../src/http/server.js';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';

export interface Result<T> {
  status: number;
  data?: T | null;
  errors?: (GraphQLFormattedError & { extensions?: Record<string, unknown> })[];
}

export interface Harness {
  sandbox: Sandbox;
  gateway: Gateway;
  config: Config;
  raw<T = Record<string, unknown>>(
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

  async function raw<T>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Result<T>> {
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
    raw,
    bodies: (operation) => sandbox.log.filter((r) => r.operation === operation).map((r) => r.body),
    async close() {
      await gateway.close();
      if (!options.sandbox) await sandbox.close();
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
 * and its sandbox's counts, log and knobs reset before each test.
 */
export function useHarness(env: Record<string, string> = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await startHarness(env);
  });
  afterAll(() => current?.close());
  beforeEach(() => current?.sandbox.reset());
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
export async function serve(h: Harness, options: Partial<ServerOptions> = {}): Promise<Served> {
  const gw = createGatewayServer(h.gateway, { ...h.config.server, ...options });
  await new Promise<void>((resolve) => gw.server.listen(0, '127.0.0.1', resolve));
  const port = (gw.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return { gw, origin, url: `${origin}/graphql`, port };
}
