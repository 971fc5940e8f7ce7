/**
 * What the package exports (`import … from 'avalanche-graphql-gateway'`): the gateway inside a
 * server of one's own, whole or as a schema.
 *
 * - `createAvalancheGateway(options)`: the gateway as `npm start` builds it, from the same
 *   settings (by their environment variable names). Its `yoga` is the whole gateway (every plugin:
 *   limits, error codes, response cache, metrics) as a yoga server, which is a request handler:
 *   mount it in a node:http server, or call its `fetch`. Its `schema`, `context` and `maskError`
 *   put the graph in a yoga server of one's own instead.
 * - `avalancheSchema`: the graph's schema alone, e.g. to print it or to type-check documents; its
 *   resolvers need the context a gateway makes.
 *
 * Built as its own bundle (build.mjs) whose dependencies stay imports, so that `graphql` is the
 * application's one copy (two copies cannot share a schema). The declarations of this file are
 * the package's types: they name only graphql's and graphql-yoga's types, never a module of
 * src/, so build.mjs writes them from this file alone (TypeScript's isolated declarations).
 */
import type { GraphQLSchema } from 'graphql';
import type { YogaInitialContext, YogaServerInstance } from 'graphql-yoga';
import { loadConfig, servingSandbox } from './config/config.js';
import { startEmbeddedSandbox } from './gateway/embedded-sandbox.js';
import { maskError } from './graphql/errors.js';
import { createGateway } from './gateway/gateway.js';
import { createLogger } from './base/logger.js';
import { schema, subgraphSchema } from './graph/index.js';

export interface AvalancheGatewayOptions {
  /**
   * The settings, by the names of the environment variables the server reads (README,
   * "Configuration"): `{ DATA_API_KEY: '…', REDIS_URL: 'redis://…', LOG_LEVEL: 'warn' }`. Every
   * one is checked, and every problem reported at once (an Error). Default: `process.env`.
   * `SANDBOX: 'on'` serves the built-in sandbox world (a process of its own, closed with the
   * gateway); any other value reads the configured upstreams or the public ones: an embedded
   * gateway never swaps the sandbox in by itself.
   */
  settings?: Record<string, string | undefined>;
}

export interface AvalancheGateway {
  /**
   * The whole gateway as a yoga server at /graphql (GraphiQL too, unless GRAPHIQL=false): a
   * node:http request handler (`createServer(gateway.yoga)`), or `gateway.yoga.fetch(request)`.
   */
  readonly yoga: YogaServerInstance<Record<string, unknown>, Record<string, unknown>>;
  /** The graph as an Apollo Federation v2 subgraph at /subgraph, with FEDERATION=true. */
  readonly subgraph: YogaServerInstance<Record<string, unknown>, Record<string, unknown>> | undefined;
  /** The graph's schema, for a yoga server of one's own (with `context` and `maskError`). */
  readonly schema: GraphQLSchema;
  /**
   * What the schema's resolvers need for one request (its upstream clients, loaders, call
   * budget): yoga's `context` option; spread it into a context of one's own.
   */
  context(initial: YogaInitialContext): Record<string, unknown>;
  /**
   * yoga's `maskedErrors.maskError`: upstream failures become errors with their
   * `extensions.code` (UPSTREAM_UNAVAILABLE, …), anything unexpected is masked.
   */
  maskError(error: unknown, message: string, isDev?: boolean): Error;
  /** Stops the pollers, closes upstream connections, Redis and the sandbox. */
  close(): Promise<void>;
}

type AnyYoga = YogaServerInstance<Record<string, unknown>, Record<string, unknown>>;

/** The graph's schema (what schema/schema.graphql prints). */
export const avalancheSchema: GraphQLSchema = schema;

/** The graph as an Apollo Federation v2 subgraph (schema/subgraph.graphql), built on first use. */
export function avalancheSubgraphSchema(): GraphQLSchema {
  return subgraphSchema();
}

export async function createAvalancheGateway(options: AvalancheGatewayOptions = {}): Promise<AvalancheGateway> {
  let config = loadConfig(options.settings ?? process.env);
  const sandbox =
    config.sandbox === 'on'
      ? await startEmbeddedSandbox({
          port: config.sandboxPort,
          seed: config.sandboxSeed,
          latencyMs: config.sandboxLatencyMs,
          blockMs: config.sandboxBlockMs,
        })
      : undefined;
  if (sandbox) config = servingSandbox(config, sandbox.urls);
  const logger = createLogger(config.logLevel);
  // As src/main.ts: the SDK only when an endpoint says where spans go.
  const tracing = config.tracing ? (await import('./ops/otel.js')).startTracing(config.tracing) : undefined;
  let gateway: ReturnType<typeof createGateway>;
  try {
    gateway = createGateway(config, logger, { tracing, startsAfter: sandbox?.ready });
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  return {
    yoga: gateway.yoga as unknown as AnyYoga,
    subgraph: gateway.subgraph as unknown as AnyYoga | undefined,
    schema,
    context: (initial) => gateway.context(initial) as unknown as Record<string, unknown>,
    maskError,
    async close() {
      await gateway.close();
      await sandbox?.close();
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    },
  };
}
