/**
 * A large upstream answer, checked whole, on the built gateway over the sandbox: a real page of
 * 100 subnets (553 KB, most of it the blockchains' `genesisData`), into which the sandbox's `alter`
 * fault puts a genesis that does not fit the spec. The page is refused with
 * UPSTREAM_INVALID_RESPONSE naming the operation, whether or not the query reads
 * the genesis, in every cache mode, and never kept: neither in memory nor in Redis. The same page
 * unaltered answers every genesis.
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

/** The index of the first subnet of the sandbox's first page whose first blockchain has a genesis object. */
async function target(): Promise<number> {
  const page = (await (await fetch(`${sandbox.dataApiUrl}/v1/networks/mainnet/subnets?pageSize=100`)).json()) as {
    subnets: { blockchains: { genesisData?: unknown }[] }[];
  };
  const index = page.subnets.findIndex((subnet) => typeof subnet.blockchains[0]?.genesisData === 'object');
  if (index === -1) throw new Error('no subnet with an EVM genesis on the first page');
  return index;
}

/** The next page of 100 subnets has its `index`th subnet's first genesis with a `config` that is not an object. */
function misfit(index: number): void {
  sandbox.fail({
    operation: 'listSubnets',
    kind: 'alter',
    at: ['subnets', index, 'blockchains', 0, 'genesisData', 'config'],
    body: 'not an object',
  });
}

function expectPageRefused(body: any): void {
  expect(body.errors?.map((e: any) => e.extensions?.code)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
  const [error] = body.errors;
  expect(error.path).toEqual(['network', 'subnets']);
  expect(error.message).toContain('listSubnets');
  expect(error.extensions.upstream).toMatchObject({ service: 'data-api', operation: 'listSubnets' });
  expect(body.data?.network?.subnets ?? null).toBeNull();
}

function expectEveryGenesis(body: any): void {
  expect(body.errors).toBeUndefined();
  const nodes = body.data.network.subnets.nodes as any[];
  expect(nodes).toHaveLength(100);
  const chains = nodes.flatMap((n) => n.blockchains);
  expect(chains.filter((b: any) => typeof b.genesisData?.config?.chainId === 'number').length).toBeGreaterThan(50);
}

describe.each([
  ['off', { CACHE: 'off' } as Record<string, string>],
  ['memory (the default)', {} as Record<string, string>],
])('a page whose genesis does not fit, cache %s', (_mode, env) => {
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, env);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('is refused whole, whether or not the query reads the genesis', async () => {
    const index = await target();
    for (const query of [WITHOUT, WITH]) {
      misfit(index);
      const res = await gw.query(query);
      expect(res.status).toBe(200);
      expectPageRefused(res.body);
      expect(sandbox.knobs.faults).toEqual([]);
    }
  });

  it('is never kept: the next query reads the page again, and the page that fits answers every genesis', async () => {
    const index = await target();
    misfit(index);
    expectPageRefused((await gw.query(WITH)).body);
    let calls = sandbox.total;
    expectEveryGenesis((await gw.query(WITH)).body);
    expect(sandbox.total - calls).toBe(1);
    calls = sandbox.total;
    expectEveryGenesis((await gw.query(WITH)).body);
    expect(sandbox.total - calls).toBe(env.CACHE === 'off' ? 1 : 0);
  });
});

describe('a page whose genesis does not fit, cache redis, two instances', () => {
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

  it('is not written to Redis: the other instance reads the page itself, where a page that fits is shared', async () => {
    const withOn = (network: string) => WITH.replace('MAINNET', network);
    // A page that fits, read by one: the other is answered from Redis.
    expect((await a.query(withOn('FUJI'))).body.errors).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    let calls = sandbox.total;
    expect((await b.query(withOn('FUJI'))).body.errors).toBeUndefined();
    expect(sandbox.total - calls).toBe(0);
    // A page whose genesis does not fit: refused, and kept nowhere.
    const index = await target();
    misfit(index);
    expectPageRefused((await a.query(WITH)).body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    calls = sandbox.total;
    expectEveryGenesis((await b.query(WITH)).body);
    expect(sandbox.total - calls).toBe(1);
    for (const gw of [a, b]) expect(gw.logs.filter((line) => /Redis is unreachable/.test(String(line.msg)))).toEqual([]);
  });
});
