/**
 * A router that implements demand control prices our fields from the @cost and @listSize our
 * subgraph prints (issue 21): Hive Gateway, the version deploy/router pins and compose.yaml runs,
 * in front of the built gateway's /subgraph. Its estimate follows a connection's `first` (it read
 * @listSize's slicing argument) and a field's weight (it read @cost), and past its `maxCost` it
 * refuses before any request reaches us. Without the directives its estimate would stay flat.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRouter } from '../../bench/cluster.js';
import { composeSupergraph } from '../../test/generate/supergraph.js';
import { getWorld } from '../../sandbox/world/world.js';
import { freePort } from '../helpers/ports.js';
import { GATHERED_MS } from '../../src/base/logger.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

/** The router's cost limit: between the cheap query's estimate and the dear one's. */
const MAX_COST = 500;

// Not reset before each test: the one gateway behind the router carries from test to test, and
// the test that counts resets the sandbox itself.
const sandbox = useSandbox({ reset: 'never' });
let gateway: GatewayProcess;
let router: ChildProcess | undefined;
let routerUrl: string;
let dir: string;

interface Answer {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, any> }[];
  extensions?: { cost?: { estimated?: number } };
}

async function ask(query: string): Promise<Answer> {
  const res = await fetch(routerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await res.json()) as Answer;
}

const subnets = (first: number, below = '') => `{ network { subnets(first: ${first}) { nodes { subnetId ${below} } } } }`;

beforeAll(async () => {
  const hive = ensureRouter();
  gateway = await startGatewayProcess(sandbox, { FEDERATION: 'true' });
  dir = mkdtempSync(join(tmpdir(), 'router-cost-'));
  writeFileSync(join(dir, 'supergraph.graphql'), composeSupergraph(`${gateway.origin}/subgraph`));
  // Hive Gateway reads gateway.config.* from its working folder; defineConfig is the identity, so
  // a plain object needs no import from a folder without node_modules.
  writeFileSync(
    join(dir, 'gateway.config.mjs'),
    `export const gatewayConfig = { demandControl: { maxCost: ${MAX_COST}, includeExtensionMetadata: true } };\n`,
  );
  const port = await freePort();
  routerUrl = `http://127.0.0.1:${port}/graphql`;
  router = spawn(hive, ['supergraph', 'supergraph.graphql', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    const up = await fetch(routerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (i > 300) throw new Error('Hive Gateway did not answer within 30 s');
    await sleep(100);
  }
}, 240_000);

afterAll(async () => {
  if (router && router.exitCode === null) {
    router.kill('SIGTERM');
    await new Promise((resolve) => router!.once('exit', resolve));
  }
  await gateway?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Hive Gateway with demand control, in front of our subgraph', () => {
  it('prices a connection by its `first` (@listSize) and a field by its weight (@cost), and runs what is under its limit', async () => {
    const few = await ask(subnets(2));
    expect(few.errors).toBeUndefined();
    expect(few.data!.network.subnets.nodes).toHaveLength(2);
    const more = await ask(subnets(20));
    expect(more.errors).toBeUndefined();
    const [two, twenty] = [few.extensions!.cost!.estimated!, more.extensions!.cost!.estimated!];
    // Each item asked is an object priced: read from @listSize's slicing argument (without it, flat).
    expect(twenty - two).toBe(20 - 2);
    // A field of weight 9 (xChainBalances: up to nine avm.getUTXOs pages) adds 9 per address, beside its items.
    const owner = getWorld('mainnet').addresses[0];
    const address = `{ network { address(address: "${owner}") { xChainBalances { assetId } } } }`;
    const plain = `{ network { address(address: "${owner}") { address } } }`;
    const [weighed, bare] = await Promise.all([ask(address), ask(plain)]);
    expect([weighed.errors, bare.errors]).toEqual([undefined, undefined]);
    expect(weighed.extensions!.cost!.estimated! - bare.extensions!.cost!.estimated!).toBeGreaterThanOrEqual(9);
  });

  it('refuses past its limit before any request reaches us: the query we would refuse for its calls', async () => {
    // The log lines of the requests before: lines below warn are written within GATHERED_MS.
    await sleep(GATHERED_MS + 150);
    sandbox.reset();
    const before = gateway.logs.length;
    const dear = await ask(subnets(300, 'l1Validators(first: 5) { nodes { nodeId } }'));
    expect(dear.data ?? undefined).toBeUndefined();
    expect(dear.errors![0]!.extensions?.code).toBe('COST_ESTIMATED_TOO_EXPENSIVE');
    expect(dear.errors![0]!.extensions?.cost?.estimated ?? dear.extensions?.cost?.estimated).toBeGreaterThan(MAX_COST);
    await sleep(GATHERED_MS + 150);
    expect(sandbox.total).toBe(0);
    expect(gateway.logs.slice(before).filter((l) => l.msg === 'graphql request')).toEqual([]);
  });
});
