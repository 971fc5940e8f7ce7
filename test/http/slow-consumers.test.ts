/**
 * Clients that do not read what they asked for (src/http/websocket.ts's bounds), against the built
 * gateway (`npm start`) in its default configuration: a socket cannot make the gateway hold more
 * than WS_MAX_BUFFERED_BYTES for it, and answers are built only as fast as the client reads them,
 * with nothing lost for a client that reads late. bench/slow-consumers.ts measures the same with
 * many sockets.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { lazySocket } from '../helpers/sockets.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
let gw: GatewayProcess;

beforeAll(async () => {
  // Answers of a few hundred KB, more objects than MAX_RESULT_NODES allows by default: the bound
  // under test is the socket's, not the price's.
  gw = await startGatewayProcess(sandbox, { MAX_RESULT_NODES: '100000' });
});
afterAll(async () => {
  await gw?.stop();
});

const metrics = async () => (await fetch(`${gw.origin}/metrics`)).text();

/** The gateway's resident memory, in MB, as it reports it. */
async function gatewayRssMb(): Promise<number> {
  return sample(await metrics(), 'process_resident_memory_bytes') / 1_048_576;
}

/** Queries the gateway answered so far. */
async function answered(): Promise<number> {
  return sample(await metrics(), 'graphql_server_requests_total', { graphql_operation_type: 'query' });
}

const FIELDS =
  'subnetId blockchains { blockchainId blockchainName evmChainId genesisData { config { chainId } alloc { address balance } } }';
/** `n` aliases of a hundred subnets with their chains: about 180 KB of answer each. */
const subnets = (n: number) =>
  `{ network { ${Array.from({ length: n }, (_, i) => `s${i}: subnets(first: 100) { nodes { ${FIELDS} } }`).join(' ')} } }`;

describe('a WebSocket whose client does not read', () => {
  it('is closed with 1008 once WS_MAX_BUFFERED_BYTES wait unsent, and memory stays flat', async () => {
    const before = await gatewayRssMb();
    const socket = await lazySocket(gw.url);
    const closed = () => gw.logs.some((l) => String(l.msg).startsWith('closed a WebSocket whose client left'));
    // Pongs echo their ping's payload: 16 KB each, far more than the kernel's buffers take.
    const payload = { echo: 'x'.repeat(16_000) };
    for (let i = 0; i < 500 && !closed() && !socket.ended; i++) {
      for (let j = 0; j < 20; j++) socket.send({ type: 'ping', payload });
      await sleep(5);
    }
    // The gateway reads what was sent a little behind.
    for (let i = 0; i < 100 && !closed(); i++) await sleep(100);
    expect(closed()).toBe(true);
    expect((await gatewayRssMb()) - before).toBeLessThan(100);
    const received = await socket.readAll(10_000);
    expect(received.closeCode).toBe(1008);
    expect(received.messages.filter((m) => m.type !== 'pong').map((m) => m.type)).toEqual(['connection_ack']);
  }, 60_000);

  it('is closed with 1008 too when a thousand small messages wait, whatever their bytes', async () => {
    const socket = await lazySocket(gw.url);
    const closed = () => gw.logs.filter((l) => String(l.msg).startsWith('closed a WebSocket whose client left')).length;
    const earlier = closed();
    for (let i = 0; i < 5_000 && closed() === earlier && !socket.ended; i++) {
      for (let j = 0; j < 500; j++) socket.send({ type: 'ping' });
      await sleep(1);
    }
    for (let i = 0; i < 100 && closed() === earlier; i++) await sleep(100);
    expect(closed()).toBe(earlier + 1);
    expect((await socket.readAll(10_000)).closeCode).toBe(1008);
  }, 60_000);

  it('has its answers built only as it makes room for them, so what waits unread stays bounded', async () => {
    const start = await answered();
    const socket = await lazySocket(gw.url);
    // About 900 KB an answer: fifty of them are far more than the kernel's buffers take.
    for (let i = 0; i < 50; i++) socket.send({ id: `q${i}`, type: 'subscribe', payload: { query: subnets(5) } });
    await sleep(3_000);
    // Without the bound, all fifty were built at once, however little of them could be sent.
    const built = (await answered()) - start;
    expect(built).toBeGreaterThan(0);
    expect(built).toBeLessThan(40);
    const received = await socket.readAll(20_000);
    // Past WS_MAX_BUFFERED_BYTES unsent, it was closed; what came before is whole.
    expect(received.closeCode).toBe(1008);
    expect(received.messages.filter((m) => m.type === 'next').every((m) => m.payload.data.network.s4.nodes.length === 100)).toBe(true);
  }, 60_000);

  it('gets every answer when it reads late, within the bound', async () => {
    const socket = await lazySocket(gw.url);
    for (let i = 0; i < 50; i++) socket.send({ id: `q${i}`, type: 'subscribe', payload: { query: subnets(1) } });
    await sleep(3_000);
    const received = await socket.readAll(20_000);
    expect(received.closeCode).toBeUndefined();
    const answers = received.messages.filter((m) => m.type === 'next');
    expect(answers.map((m) => m.id).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `q${i}`).sort());
    expect(answers.every((m) => m.payload.data.network.s0.nodes.length === 100)).toBe(true);
  }, 60_000);
});
