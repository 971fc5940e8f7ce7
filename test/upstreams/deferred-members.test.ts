/**
 * Members a large Data API answer leaves unparsed until read (`genesisData`, src/upstreams/json-bytes.ts
 * and `settle` in src/upstreams/transport.ts), on the built gateway over the sandbox, whose
 * `alter` fault puts a genesis that does not fit the spec into a real page of 100 subnets (553 KB,
 * past the size from which answers are parsed in parts). A query that does not read the genesis
 * answers whole; one that reads it fails on that blockchain's `genesisData` alone, with
 * UPSTREAM_INVALID_RESPONSE naming the operation and the place, in every cache mode, again from
 * the cache, and never INTERNAL_SERVER_ERROR. Before the members were deferred, the first query
 * failed whole too: the answer's check refused the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const redis = useRedis();

const WITHOUT = '{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId blockchains { blockchainId vmId } } } } }';
const WITH =
  '{ network(name: MAINNET) { subnets(first: 100) { nodes { subnetId blockchains { blockchainId genesisData { config { chainId } } } } } } }';

/** The first subnet of the sandbox's first page whose first blockchain has a genesis object, and where it lies. */
async function target(): Promise<{ index: number; subnetId: string }> {
  const page = (await (await fetch(`${sandbox.dataApiUrl}/v1/networks/mainnet/subnets?pageSize=100`)).json()) as {
    subnets: { subnetId: string; blockchains: { genesisData?: unknown }[] }[];
  };
  const index = page.subnets.findIndex((subnet) => typeof subnet.blockchains[0]?.genesisData === 'object');
  if (index === -1) throw new Error('no subnet with an EVM genesis on the first page');
  return { index, subnetId: page.subnets[index]!.subnetId };
}

/** A page of 100 subnets whose `index`th subnet's first genesis has a `config` that is not an object. */
function misfit(index: number): void {
  sandbox.fail({
    operation: 'listSubnets',
    kind: 'alter',
    at: ['subnets', index, 'blockchains', 0, 'genesisData', 'config'],
    body: 'not an object',
  });
}

function expectFieldRefused(body: any, index: number): void {
  expect(body.errors?.map((e: any) => e.extensions?.code)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
  const [error] = body.errors;
  expect(error.path).toEqual(['network', 'subnets', 'nodes', index, 'blockchains', 0, 'genesisData']);
  expect(error.message).toContain('listSubnets');
  expect(error.extensions.upstream).toMatchObject({ service: 'data-api', operation: 'listSubnets' });
  const nodes = body.data.network.subnets.nodes as any[];
  expect(nodes).toHaveLength(100);
  expect(nodes[index].blockchains[0].genesisData).toBeNull();
  // Every other genesis answers.
  const others = nodes.flatMap((n, i) => n.blockchains.filter((_: unknown, j: number) => i !== index || j !== 0));
  expect(others.filter((b: any) => b.genesisData?.config?.chainId !== undefined).length).toBeGreaterThan(50);
}

describe.each([
  ['off', { CACHE: 'off' } as Record<string, string>],
  ['memory (the default)', {} as Record<string, string>],
])('a genesis that does not fit, cache %s', (_mode, env) => {
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, env);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('fails only the field that reads it: a query without it answers whole', async () => {
    const { index, subnetId } = await target();
    misfit(index);
    const without = await gw.query(WITHOUT);
    expect(without.status).toBe(200);
    expect(without.body.errors).toBeUndefined();
    expect(without.body.data.network.subnets.nodes).toHaveLength(100);
    expect(without.body.data.network.subnets.nodes[index].subnetId).toBe(subnetId);
    expect(sandbox.knobs.faults).toEqual([]);

    misfit(index);
    const withGenesis = await gw.query(WITH);
    expect(withGenesis.status).toBe(200);
    expectFieldRefused(withGenesis.body, index);
  });

  it('fails it on every read of the page: again from the cache, or from each new answer', async () => {
    const { index } = await target();
    // Cached, the page the test before read (with the genesis that does not fit) answers again;
    // off, each query reads a page of its own.
    const cached = env.CACHE !== 'off';
    if (!cached) for (const _ of [1, 2]) misfit(index);
    const calls = sandbox.total;
    for (const _ of [1, 2]) expectFieldRefused((await gw.query(WITH)).body, index);
    expect(sandbox.total - calls).toBe(cached ? 0 : 2);
  });
});

describe('a genesis that does not fit, cache redis, two instances', () => {
  let a: GatewayProcess;
  let b: GatewayProcess;
  beforeAll(async () => {
    const shared = { CACHE: 'redis', REDIS_URL: redis.url };
    [a, b] = await Promise.all([startGatewayProcess(sandbox, shared), startGatewayProcess(sandbox, shared)]);
    await Promise.all([untilRedisConnected(a), untilRedisConnected(b)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('is not shared through Redis: the other instance reads the page itself, where a page that fits is shared', async () => {
    const withOn = (network: string) => WITH.replace('MAINNET', network);
    // A page that fits, read by one: the other is answered from Redis.
    expect((await a.query(withOn('FUJI'))).body.errors).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    let calls = sandbox.total;
    expect((await b.query(withOn('FUJI'))).body.errors).toBeUndefined();
    expect(sandbox.total - calls).toBe(0);
    // A page whose genesis does not fit: kept by the instance that read it, not written to Redis.
    const { index } = await target();
    misfit(index);
    expectFieldRefused((await a.query(WITH)).body, index);
    await new Promise((resolve) => setTimeout(resolve, 300));
    calls = sandbox.total;
    const fromB = await b.query(WITH);
    expect(fromB.body.errors).toBeUndefined();
    expect(sandbox.total - calls).toBe(1);
    for (const gw of [a, b]) expect(gw.logs.filter((line) => /Redis is unreachable/.test(String(line.msg)))).toEqual([]);
  });
});
