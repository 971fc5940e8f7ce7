/**
 * Runs the sandbox on its own, e.g. for benchmarks in another process:
 *   SANDBOX_PORT=4100 tsx sandbox/main.ts
 * Prints one JSON line with its URLs once it listens. Its chains advance every SANDBOX_BLOCK_MS
 * (3000 by default; 0 keeps them still, as the benchmarks do). The gateway runs it this way too,
 * as a process of its own, when it serves the sandbox (src/gateway/embedded-sandbox.ts).
 */
import { startSandbox } from './server.js';
import { endWithParent, inheritedListenFd } from './tie.js';

endWithParent();

const seed = process.env.SANDBOX_SEED ?? 'avalanche';
const sandbox = await startSandbox({
  port: Number(process.env.SANDBOX_PORT ?? 0),
  listenFd: inheritedListenFd(),
  // Loopback unless told: compose.yaml runs it as a service that the gateways reach by name.
  host: process.env.SANDBOX_HOST || undefined,
  seed,
  latencyMs: Number(process.env.SANDBOX_LATENCY_MS ?? 0),
  blockMs: Number(process.env.SANDBOX_BLOCK_MS ?? 3000),
});
console.log(
  JSON.stringify({
    url: sandbox.url,
    dataApiUrl: sandbox.dataApiUrl,
    metricsApiUrl: sandbox.metricsApiUrl,
    nodeUrls: { mainnet: sandbox.nodeUrl('mainnet'), fuji: sandbox.nodeUrl('fuji') },
  }),
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
