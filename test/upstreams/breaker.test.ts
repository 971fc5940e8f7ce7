/**
 * The circuit breaker (src/upstreams/circuit.ts) on the built gateway (`npm start`, its default
 * settings), with clients on distinct loopback addresses: one client, however many of its calls
 * fail, cannot open a circuit that every client shares; several failing clients do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/graph/global-id.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { client } from '../helpers/sockets.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
let gw: GatewayProcess;
let lookup: string;

beforeAll(async () => {
  gw = await startGatewayProcess(sandbox);
  // Ten transactions by their global ids, which no list read before (one would answer them): one upstream lookup each.
  const ids = getWorld('mainnet')
    .transactions.p.slice(0, 10)
    .map((tx) => encodeGlobalId('PChainTransaction', `mainnet:${tx.txHash}`));
  lookup = JSON.stringify({ query: 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids } });
});
afterAll(async () => {
  await gw?.stop();
});

/** Another client's read of the Data API (the subnets, not a transaction), of a page size no one asked before: one call. */
let reads = 0;
const healthyRead = (from: string) =>
  client(from).post(gw.url, {}, JSON.stringify({ query: `{ network { subnets(first: ${++reads}) { nodes { subnetId } } } }` }));
const codes = (body: any): string[] => (body.errors ?? []).map((e: any) => e.extensions?.code);

describe('the circuit breaker shared by every client', () => {
  it("stays closed when one client's lookups fail, however often, and opens when several clients' do", async () => {
    sandbox.fail({ operation: 'getTxByHash', kind: 'status', status: 503, times: -1 });
    try {
      // One client: 10 lookups, each tried 3 times, three times over: 90 failures in the window.
      const attacker = client('127.0.0.2');
      for (let i = 0; i < 3; i++) {
        const { body } = await attacker.post(gw.url, {}, lookup);
        expect(codes(body)).toEqual(Array(10).fill('UPSTREAM_UNAVAILABLE'));
      }
      const before = sandbox.count('listSubnets');
      const healthy = await healthyRead('127.0.0.5');
      expect(healthy.body.errors).toBeUndefined();
      expect(sandbox.count('listSubnets')).toBe(before + 1);

      // The upstream failing for three clients is an upstream that keeps failing.
      for (const from of ['127.0.0.3', '127.0.0.4']) await client(from).post(gw.url, {}, lookup);
      const refused = await healthyRead('127.0.0.6');
      expect(codes(refused.body)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(refused.body.errors[0].message).toMatch(/keeps failing/);
      expect(sandbox.count('listSubnets')).toBe(before + 1);
    } finally {
      sandbox.reset();
    }
  }, 60_000);
});
