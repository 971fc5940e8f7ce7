/**
 * Runs the sandbox on its own, e.g. for benchmarks in another process:
 *   SANDBOX_PORT=4100 tsx src/sandbox/main.ts
 * Prints one JSON line with its URLs once it listens.
 */
import { getNodeWorld } from './node-data.js';
import { startSandbox } from './server.js';

const seed = process.env.SANDBOX_SEED ?? 'avalanche';
const sandbox = await startSandbox({
  port: Number(process.env.SANDBOX_PORT ?? 0),
  seed,
  latencyMs: Number(process.env.SANDBOX_LATENCY_MS ?? 0),
});
// In-process sandboxes build the nodes' data on their first request; a standalone one serves
// benchmarks, whose first measured request should not pay for it.
getNodeWorld('mainnet', seed);
getNodeWorld('fuji', seed);
console.log(
  JSON.stringify({
    url: sandbox.url,
    dataApiUrl: sandbox.dataApiUrl,
    metricsApiUrl: sandbox.metricsApiUrl,
    nodeUrls: { mainnet: sandbox.nodeUrl('mainnet'), fuji: sandbox.nodeUrl('fuji') },
  }),
);
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
process.once('SIGINT', () => void sandbox.close().then(() => process.exit(0)));
