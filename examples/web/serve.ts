/**
 * `npm run explorer` / `npm run explorer:public`: the example explorer in Vite's dev server, its
 * `/graphql` answered by a gateway in the same process. `SANDBOX=on` serves the gateway's
 * sandbox world (offline); `SANDBOX=off` the public Avalanche endpoints (or the upstream URLs
 * configured, as for `npm start`). Every other variable of the gateway applies too, SANDBOX_PORT
 * included; EXPLORER_PORT is the explorer's own (5173 by default). The npm scripts `exec` tsx, so
 * a SIGTERM to npm reaches this process rather than stopping at the shell in between.
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { ConfigError, loadConfig, type Config } from '../../src/config/config.js';
import { createGateway } from '../../src/gateway/gateway.js';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';
import { serveGraphql } from './gateway-plugin.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let sandbox: Sandbox | undefined;
if (config.sandbox === 'on') {
  sandbox = await startSandbox({ port: config.sandboxPort, seed: config.sandboxSeed, latencyMs: config.sandboxLatencyMs });
  config = {
    ...config,
    upstreams: {
      dataApi: sandbox.dataApiUrl,
      metricsApi: sandbox.metricsApiUrl,
      node: { mainnet: sandbox.nodeUrl('mainnet'), fuji: sandbox.nodeUrl('fuji') },
    },
  };
}
const gateway = createGateway(config);

const vite = await createServer({
  configFile: fileURLToPath(new URL('vite.config.ts', import.meta.url)),
  plugins: [serveGraphql(gateway.yoga)],
  server: { port: Number(process.env.EXPLORER_PORT ?? 5173), host: config.host },
});
await vite.listen();
console.log(
  `Explorer over ${sandbox ? 'the sandbox world (offline)' : `the Data API at ${config.upstreams.dataApi} and the node at ${config.upstreams.node.mainnet}`}:`,
);
vite.printUrls();

const stop = async () => {
  await vite.close();
  await gateway.close();
  await sandbox?.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
