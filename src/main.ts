/**
 * Starts the gateway: reads the configuration, chooses the upstreams (public endpoints, or the
 * built-in sandbox when asked or when offline), and serves GraphQL with GraphiQL on /graphql.
 * On SIGTERM or SIGINT it drains: new requests are refused, those in flight finish, then it exits.
 * On SIGHUP it reloads the settings file (CONFIG_FILE) and the trusted-document manifests, and
 * applies what may change while serving (src/gateway/reload.ts).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig, servingSandbox, type Config } from './config/config.js';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './gateway/embedded-sandbox.js';
import { createLogger, type Logger } from './base/logger.js';
import { takePortEarly, type EarlyPort } from './http/early-port.js';
import { shownUrl } from './base/shown-url.js';
import { writeCompiledCode } from './base/compile-cache.js';
import { youngCollectionsAsGiven } from './base/code-flags.js';
import { releaseMemoryWhenIdle } from './ops/idle-release.js';
import type { GatewayMetrics } from './ops/prometheus.js';
import { SettingsFileError, withSettingsFile } from './config/settings-file.js';

/**
 * The gateway's own modules: the graph (built as it is imported), yoga and the HTTP server, most
 * of a start's CPU. Imported once the sandbox's process and the Data API's probe are under way
 * (\`main\`), so that these run while the graph is built instead of after it.
 */
async function gatewayModules() {
  const [gateway, http, reload] = await Promise.all([
    import('./gateway/gateway.js'),
    import('./http/server.js'),
    import('./gateway/reload.js'),
  ]);
  return { ...gateway, ...http, ...reload };
}

type GatewayModules = Awaited<ReturnType<typeof gatewayModules>>;

/**
 * Whether an upstream answers at all (any HTTP status counts); offline machines fail fast. Only
 * asked when no upstream URL is set, with Node's own client: undici's entry (its \`request\`,
 * fetch, WebSocket...) cost more CPU to load than the probe takes, and the upstream client takes
 * undici's Pool alone (src/upstreams/undici-core.ts).
 */
async function reachable(url: string): Promise<boolean> {
  const target = new URL('/', url);
  // Offline, the name does not resolve: that is known before TLS is loaded and set up (its module,
  // the system's certificates), which was about 20 ms of a start that then serves the sandbox.
  // The upstream client resolves names itself too (no proxy), so a name that does not resolve
  // here is one the gateway could not call.
  const resolves = lookup(target.hostname).then(
    () => true,
    () => false,
  );
  if (!(await Promise.race([resolves, sleep(3500, false, { ref: false })]))) return false;
  const request = target.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve) => {
    const probe = request(target, { method: 'HEAD', timeout: 3000, signal: AbortSignal.timeout(3500) }, (res) => {
      res.resume();
      resolve(true);
    });
    probe.once('timeout', () => probe.destroy());
    probe.once('error', () => resolve(false));
    probe.end();
  });
}

/**
 * The embedded sandbox when it is to be served: SANDBOX=on, or `auto` with no upstream URL set
 * and the public Data API unreachable (an offline laptop), where it stands in without passing for
 * the network: its answers say so and the instance is not ready (src/config/config.ts
 * `sandboxServed`). In that case the sandbox is started
 * while the Data API is probed, and stopped if it answers: offline, the probe's time is not added
 * to the sandbox's. Never in a deployment (`config.deployment`): there an unreachable Data API is
 * an outage to report (/ready says 503, and why), not made-up data to serve as if all were well.
 */
async function chooseSandbox(config: Config, logger: Logger): Promise<EmbeddedSandbox | undefined> {
  const options = {
    port: config.sandboxPort,
    seed: config.sandboxSeed,
    latencyMs: config.sandboxLatencyMs,
    blockMs: config.sandboxBlockMs,
  };
  if (config.sandbox === 'on') return startEmbeddedSandbox(options);
  if (config.sandbox === 'off' || config.upstreamsConfigured) return undefined;
  if (config.deployment) {
    void reachable(config.upstreams.dataApi).then((online) => {
      if (!online)
        logger.error(
          `${shownUrl(config.upstreams.dataApi)} is unreachable, and this is a deployment (${config.deployment}): the built-in sandbox is not served in its place. /ready answers 503 until the upstreams answer; set SANDBOX=on to serve the sandbox on purpose.`,
        );
    });
    return undefined;
  }
  const [online, sandbox] = await Promise.all([reachable(config.upstreams.dataApi), startEmbeddedSandbox(options)]);
  if (online) {
    await sandbox.close();
    return undefined;
  }
  logger.warn(
    `${shownUrl(config.upstreams.dataApi)} is unreachable (offline?): serving the built-in sandbox world instead (it takes a few seconds to build; queries wait for it). Its data is made up: every answer says so in x-avalanche-sandbox, and /ready answers 503. Set SANDBOX=on to serve it on purpose, SANDBOX=off to refuse.`,
  );
  return sandbox;
}

const METRICS_ROUTES: ReadonlySet<string> = new Set(['/metrics']);

/** How long after listening the code caches are written (`listen`): after the first requests, not among them. */
const COMPILE_CACHE_FLUSH_MS = 2_000;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The configuration, or the process ends with what is wrong with it. */
function configOrExit(): Config {
  try {
    return loadConfig(withSettingsFile(process.env));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof SettingsFileError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The gateway, or undefined once the start was reported as failed and the process is exiting. */
async function startGateway(
  config: Config,
  logger: Logger,
  sandbox: EmbeddedSandbox | undefined,
  { createGateway }: GatewayModules,
): Promise<ReturnType<GatewayModules['createGateway']> | undefined> {
  // The SDK is loaded only when a trace endpoint is configured: without one, tracing costs nothing.
  const tracing = config.tracing ? (await import('./ops/otel.js')).startTracing(config.tracing) : undefined;
  if (config.tracing) logger.info(`tracing: spans go to ${config.tracing.endpoint} (OTLP over HTTP, ${config.tracing.protocol})`);
  try {
    // Upstream calls wait for the sandbox to listen; everything else is answered at once.
    return createGateway(config, logger, { tracing, startsAfter: sandbox?.ready });
  } catch (error) {
    // A setting that reads a file (TRUSTED_DOCUMENTS_MANIFESTS) is checked here.
    if (error instanceof ConfigError) {
      logger.fatal(error.message);
      await sandbox?.close();
      logger.flush(() => process.exit(1));
      return undefined;
    }
    throw error;
  }
}

/**
 * Like tracing's, the metrics SDK is loaded only when OTLP metrics are configured (the
 * configuration refuses them with METRICS=off, so the registry is there).
 */
async function startMetricsExport(config: Config, logger: Logger, metrics: GatewayMetrics | undefined) {
  if (!config.metricsExport) return undefined;
  const exporter = metrics ? (await import('./ops/otel-metrics.js')).startMetricsExport(metrics.registry, config.metricsExport) : undefined;
  logger.info(
    `metrics: pushed to ${config.metricsExport.endpoint} every ${config.metricsExport.intervalMs} ms (OTLP over HTTP, ${config.metricsExport.protocol})`,
  );
  return exporter;
}

/** Metrics on a port of their own (METRICS_PORT): reachable by the scraper, not by the gateway's public clients. */
function metricsServer(
  config: Config,
  logger: Logger,
  metrics: GatewayMetrics | undefined,
  { observeHttp, serveMetrics }: GatewayModules,
): Server | undefined {
  if (metrics && config.metrics.port === undefined && !config.metrics.token && !isLoopback(config.host)) {
    logger.warn(
      `/metrics is open to anyone who reaches ${config.host}:${config.port}: set METRICS_TOKEN, or METRICS_PORT to a port only your scraper reaches (or METRICS=off).`,
    );
  }
  if (!metrics || config.metrics.port === undefined) return undefined;
  const server = createServer((req, res) => {
    observeHttp(metrics, METRICS_ROUTES, req, res);
    if (req.url === '/metrics' && req.method === 'GET') serveMetrics(metrics, config.metrics.token, req, res);
    else res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served on METRICS_PORT.\n');
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal(error.code === 'EADDRINUSE' ? `METRICS_PORT ${config.metrics.port} is in use: set a free port.` : error.message);
    process.exit(1);
  });
  server.listen(config.metrics.port, config.host);
  return server;
}

/** What ends the process when PORT cannot be listened on. */
function portRefused(config: Config, logger: Logger) {
  return (error: NodeJS.ErrnoException) => {
    logger.fatal(error.code === 'EADDRINUSE' ? `PORT ${config.port} is in use: set PORT to a free port.` : error.message);
    process.exit(1);
  };
}

/**
 * Listens on PORT (taking it over from `early`, which took it as the start began), and says where
 * once it does (or ends the process when the port is taken).
 */
function listen(server: Server, config: Config, logger: Logger, sandboxed: boolean, early: EarlyPort | undefined): void {
  server.on('error', portRefused(config, logger));
  const listening = () => {
    // The start is over: a request's young collections are made as the command line has them
    // (the built entry shared the start's with V8's helper threads, src/base/code-flags.ts).
    youngCollectionsAsGiven();
    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/graphql`;
    logger.info(
      {
        url,
        upstream: sandboxed ? 'sandbox' : 'public',
        // The embedded sandbox's URLs are the gateway's own, and say where to reach it; an
        // operator's may hold a provider's key.
        dataApi: sandboxed ? config.upstreams.dataApi : shownUrl(config.upstreams.dataApi),
        node: sandboxed ? config.upstreams.node.mainnet : shownUrl(config.upstreams.node.mainnet),
        admin: Boolean(config.adminToken),
        cache: config.cache.mode,
      },
      `GraphQL gateway ready: ${url} (GraphiQL in a browser)`,
    );
    // Lines below warn are gathered (src/base/logger.ts): the one that says where to go is not.
    logger.flush();
    // What this start compiled, written for the next (src/boot.ts). Not at once: serializing the
    // code (a few MB for a start that had no cache) would hold the first requests, and a cache
    // made after them holds their code too; a process stopped before the timer still writes it as
    // it exits.
    setTimeout(writeCompiledCode, COMPILE_CACHE_FLUSH_MS).unref();
  };
  if (early) early.handTo(server, listening);
  else server.listen(config.port, config.host, listening);
}

/**
 * A promise nobody awaited that failed is a bug, but not one every request in flight should pay
 * for by the process dying: it is logged, at most once a minute with a count, and serving goes on.
 */
function logUnhandledRejections(logger: Logger): void {
  let unhandled = 0;
  let reported = 0;
  process.on('unhandledRejection', (reason) => {
    unhandled++;
    if (Date.now() - reported < 60_000) return;
    reported = Date.now();
    logger.error({ err: reason, count: unhandled }, 'unhandled promise rejection (a bug): the process goes on serving');
    unhandled = 0;
  });
}

async function main() {
  let config = configOrExit();
  const logger = createLogger(config.logLevel);
  // The port first: a client that comes while the graph is built waits for its answer, unrefused (src/http/early-port.ts).
  const early = takePortEarly(config.port, config.host, portRefused(config, logger));
  // Bound before the graph's build holds the event loop, and before a sandbox is started for a port that is taken.
  await early?.bound;
  // The sandbox's process and the Data API's probe first: they go on while the graph is built.
  const choosing = chooseSandbox(config, logger);
  // Awaited below, after the modules: not an unhandled rejection meanwhile.
  choosing.catch(() => undefined);
  const modules = await gatewayModules();
  const sandbox = await choosing;
  if (sandbox) {
    config = servingSandbox(config, sandbox.urls);
    sandbox.ready.catch((error: unknown) => {
      logger.fatal(`the built-in sandbox did not start: ${(error as Error).message}`);
      logger.flush(() => process.exit(1));
    });
  }
  const gateway = await startGateway(config, logger, sandbox, modules);
  if (!gateway) return;
  const metricsExport = await startMetricsExport(config, logger, gateway.metrics);
  const { server, drain, traffic } = modules.createGatewayServer(gateway, modules.serverOptionsOf(gateway, config));
  const scrapes = metricsServer(config, logger, gateway.metrics, modules);
  listen(server, config, logger, sandbox !== undefined, early);

  const reloader = new modules.Reloader({ env: { ...process.env }, gateway, logger, config });
  // Without a handler SIGHUP would end the process: a terminal closing, or an operator's reload.
  process.on('SIGHUP', () => reloader.reload('SIGHUP'));
  if (config.reload.watchMs > 0) reloader.watch(config.reload.watchMs);

  releaseMemoryWhenIdle(config.idleReleaseMs, traffic, (freed) =>
    logger.debug({ freedMb: Math.round(freed / 1_048_576) }, 'idle: memory handed back after a burst of work'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    reloader.close();
    // SIGTERM is an orchestrator's: it waits DRAIN_DELAY_MS for load balancers to see /ready say 503.
    const delay = signal === 'SIGTERM' ? config.server.drainDelayMs : 0;
    logger.info(`${signal}: draining (new requests get 503, /ready says so${delay ? `, for at least ${delay} ms` : ''}), then exiting`);
    await drain(config.server.drainTimeoutMs, delay);
    scrapes?.close();
    // The last export: what the drained requests counted. An unreachable collector delays the
    // exit by at most a few seconds.
    await Promise.race([metricsExport?.shutdown().catch(() => undefined), sleep(5_000, undefined, { ref: false })]);
    await gateway.close();
    await sandbox?.close();
    logger.flush(() => process.exit(0));
  };
  logUnhandledRejections(logger);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
