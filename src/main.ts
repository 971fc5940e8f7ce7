/**
 * Starts the gateway: reads the configuration, chooses the upstreams (public endpoints, or the
 * built-in sandbox when asked or when offline), and serves GraphQL with GraphiQL on /graphql.
 */
import { createServer } from 'node:http';
import { request } from 'undici';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createGateway } from './gateway.js';
import { createLogger } from './logger.js';
import { startSandbox, type Sandbox } from './sandbox/server.js';

/** Whether an upstream answers at all (any HTTP status counts); offline machines fail fast. */
async function reachable(url: string): Promise<boolean> {
  try {
    const res = await request(new URL('/', url), { method: 'HEAD', headersTimeout: 3000, bodyTimeout: 3000, signal: AbortSignal.timeout(3500) });
    await res.body.dump();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let sandbox: Sandbox | undefined;
  let useSandbox = config.sandbox === 'on';
  if (config.sandbox === 'auto' && !config.upstreamsConfigured && !(await reachable(config.upstreams.dataApi))) {
    logger.warn(`${config.upstreams.dataApi} is unreachable (offline?): serving the built-in sandbox world instead. Set SANDBOX=off to refuse.`);
    useSandbox = true;
  }
  if (useSandbox) {
    sandbox = await startSandbox({ seed: config.sandboxSeed, latencyMs: config.sandboxLatencyMs });
    config = {
      ...config,
      upstreams: {
        dataApi: sandbox.dataApiUrl,
        metricsApi: sandbox.metricsApiUrl,
        node: { mainnet: sandbox.nodeUrl('mainnet'), fuji: sandbox.nodeUrl('fuji') },
      },
    };
  }

  const gateway = createGateway(config, logger);
  const server = createServer(gateway.yoga);
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal(error.code === 'EADDRINUSE' ? `PORT ${config.port} is in use: set PORT to a free port.` : error.message);
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    logger.info(
      { upstream: sandbox ? 'sandbox' : 'public', dataApi: config.upstreams.dataApi, node: config.upstreams.node.mainnet, admin: Boolean(config.adminToken) },
      `GraphQL gateway ready: http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/graphql (GraphiQL in a browser)`,
    );
  });

  const stop = async () => {
    logger.info('shutting down');
    server.close();
    server.closeIdleConnections();
    await gateway.close();
    await sandbox?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
