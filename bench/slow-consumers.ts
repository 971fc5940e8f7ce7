/**
 * `npm run bench:slow-consumers`: clients that never read what they asked for, against `npm start`
 * in its default configuration over the sandbox. Each scenario prints the gateway's RSS over time
 * and how each client's connection ended (the WebSocket close code it was sent, or none), so that
 * one run shows whether memory stays flat while the sockets are closed with a code.
 *
 *  1. one WebSocket that never reads and sends graphql-ws `ping` messages as fast as it can;
 *  2. SLOW_SOCKETS WebSockets that never read, each sending 50 queries of a large answer;
 *  3. SLOW_SOCKETS SSE subscriptions that never read, on a sandbox whose chains move every 100 ms,
 *     beside SSE queries of the large answer on connections that never read.
 *
 * The clients are raw sockets: a WebSocket library would read for them.
 */
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { lazySocket, type Received } from '../test/helpers/sockets.js';
import { memoryOf, rssMb, startGateway, startSandbox, stopAll, type StartedGateway } from './processes.js';

const SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 20);
const SOCKETS = Number(process.env.SLOW_SOCKETS ?? 20);
const LARGE = `{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId ownerAddresses { address } blockchains { blockchainId blockchainName evmChainId
  genesisData { config { chainId homesteadBlock eip150Block eip155Block eip158Block byzantiumBlock feeConfig { gasLimit minBaseFee targetBlockRate targetGas } } alloc { address balance } coinbase difficulty extraData gasLimit parentHash timestamp } } } } } }`;

/** How a lazy socket's connection ended, as its client finds out once it reads. */
function ending(received: Received): string {
  const answers = received.messages.filter((m) => m.type === 'next').length;
  if (received.closeCode !== undefined) return `closed with ${received.closeCode} (${answers} answers before it)`;
  if (received.endedBeforeRead) return `dropped without a close frame (${answers} answers before it)`;
  return `open; ${answers} answers once it read`;
}

interface Samples {
  rss: number[];
  heap: number[];
}

/** Samples the gateway's RSS and heap every second while `work` runs. */
async function sampled(gateway: StartedGateway, work: () => Promise<void>): Promise<Samples> {
  const samples: Samples = { rss: [], heap: [] };
  const sample = async () => {
    samples.rss.push(rssMb(gateway.pid));
    samples.heap.push(Math.round((await memoryOf(gateway.url).catch(() => ({ heapUsedMb: Number.NaN }))).heapUsedMb));
  };
  await sample();
  const timer = setInterval(sample, 1000);
  await work();
  clearInterval(timer);
  await sample();
  return samples;
}

function summary(name: string, samples: Samples, endings: string[]): void {
  const counts = new Map<string, number>();
  for (const e of endings) counts.set(e, (counts.get(e) ?? 0) + 1);
  const { rss, heap } = samples;
  console.log(`\n${name}`);
  console.log(`  RSS (MB, every second): ${rss.join(' ')}`);
  console.log(`  heap used (MB): ${heap.join(' ')}`);
  console.log(`  RSS start ${rss[0]} MB, peak ${Math.max(...rss)} MB, end ${rss.at(-1)} MB`);
  console.log(`  connections: ${[...counts].map(([e, n]) => `${n} ${e}`).join('; ')}`);
}

async function pings(gateway: StartedGateway): Promise<void> {
  const socket = await lazySocket(gateway.url);
  const samples = await sampled(gateway, async () => {
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      for (let i = 0; i < 200; i++) socket.send({ type: 'ping' });
      await sleep(1);
    }
  });
  summary(`1. one WebSocket that never reads, sending pings for ${SECONDS} s`, samples, [ending(await socket.readAll())]);
}

async function queries(gateway: StartedGateway): Promise<void> {
  const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => lazySocket(gateway.url)));
  const samples = await sampled(gateway, async () => {
    for (let q = 0; q < 50; q++) for (const s of sockets) s.send({ id: `q${q}`, type: 'subscribe', payload: { query: LARGE } });
    await sleep(SECONDS * 1000);
  });
  summary(`2. ${SOCKETS} WebSockets that never read, 50 queries each`, samples, (await Promise.all(sockets.map((s) => s.readAll()))).map(ending));
}

/** An HTTP request whose answer is never read; `end()` says whether the gateway ended the connection. */
async function lazyHttp(gateway: StartedGateway, body: string): Promise<{ end(): Promise<string> }> {
  const { port } = new URL(gateway.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  let closed = false;
  socket.once('close', () => (closed = true));
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: text/event-stream\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.pause();
  return {
    async end() {
      const state = closed ? 'closed by the gateway' : 'still open';
      socket.destroy();
      return state;
    },
  };
}

async function sse(gateway: StartedGateway): Promise<void> {
  const subscription = JSON.stringify({ query: 'subscription { pChainBlocks(network: MAINNET) { height blockId transactions { txId unsignedTx } } }' });
  const large = JSON.stringify({ query: LARGE });
  const clients = await Promise.all([
    ...Array.from({ length: SOCKETS }, () => lazyHttp(gateway, subscription)),
    ...Array.from({ length: SOCKETS }, () => lazyHttp(gateway, large)),
  ]);
  const samples = await sampled(gateway, () => sleep(SECONDS * 1000));
  summary(`3. ${SOCKETS} SSE subscriptions and ${SOCKETS} SSE queries that never read`, samples, await Promise.all(clients.map((c) => c.end())));
}

try {
  const { upstreams } = await startSandbox({ SANDBOX_BLOCK_MS: '100' });
  const gateway = await startGateway(upstreams);
  await sleep(1000);
  console.log(`gateway idle: ${rssMb(gateway.pid)} MB`);
  await pings(gateway);
  await queries(gateway);
  await sse(gateway);
  await sleep(3000);
  console.log(`\ngateway after the clients left: ${rssMb(gateway.pid)} MB`);
} finally {
  await stopAll();
}
