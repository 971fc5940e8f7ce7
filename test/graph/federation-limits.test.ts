/**
 * The subgraph's documented bounds on `_entities`, as its router meets them with the default
 * limits (README, "Federation"): up to 1000 representations in one fetch; those whose lookup costs
 * a call each (transactions, L1 validators not just listed) count against the request's calls
 * (UPSTREAM_CALL_BUDGET, 250 by default), so a fetch of more of them is refused before any call,
 * with a message that says so, and taken whole where the budget allows them. On the built gateway
 * over a real socket, with the sandbox's count of the calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const SUBGRAPH_TOKEN = 'subgraph-token-for-limits-0123456789';
const world = getWorld('mainnet');
const sandbox = useSandbox();
let defaults: GatewayProcess;
let roomy: GatewayProcess;

beforeAll(async () => {
  [defaults, roomy] = await Promise.all([
    startGatewayProcess(sandbox, { FEDERATION: 'true', SUBGRAPH_TOKEN }),
    startGatewayProcess(sandbox, { FEDERATION: 'true', SUBGRAPH_TOKEN, UPSTREAM_CALL_BUDGET: '1000' }),
  ]);
}, 60_000);
afterAll(() => Promise.all([defaults?.stop(), roomy?.stop()]));

async function entities(gw: GatewayProcess, representations: unknown[]) {
  const res = await fetch(`${gw.origin}/subgraph`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SUBGRAPH_TOKEN}` },
    body: JSON.stringify({
      query: 'query ($r: [_Any!]!) { _entities(representations: $r) { __typename } }',
      variables: { r: representations },
    }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const transactions = (n: number) =>
  world.transactions.p
    .slice(0, n)
    .map((tx) => ({ __typename: 'PChainTransaction', network: 'MAINNET', chain: 'P_CHAIN', txHash: tx.txHash }));

describe('_entities with the default limits', () => {
  it('takes 1000 representations of pooled lookups (subnets and blockchains, on both networks) in a few calls', async () => {
    const withChains = world.subnets.filter((s) => s.blockchains.length > 0);
    const representations = Array.from({ length: 1000 }, (_, i) => {
      const subnet = withChains[i % withChains.length]!;
      if (i % 3 === 0) return { __typename: 'Subnet', network: 'MAINNET', subnetId: subnet.subnetId };
      if (i % 3 === 1) return { __typename: 'Blockchain', network: 'MAINNET', blockchainId: subnet.blockchains[0]!.blockchainId };
      return { __typename: 'Subnet', network: 'FUJI', subnetId: getWorld('fuji').subnets[i % getWorld('fuji').subnets.length]!.subnetId };
    });
    const { status, body } = await entities(defaults, representations);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toHaveLength(1000);
    expect(sandbox.total).toBeLessThanOrEqual(2);
  });

  it('takes as many lookups that cost a call each as UPSTREAM_CALL_BUDGET allows (250), and makes no more calls', async () => {
    const { body } = await entities(defaults, transactions(250));
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toHaveLength(250);
    expect(sandbox.count('getTxByHash')).toBe(250);
  });

  it('refuses one more before any call, saying which bound and how far', async () => {
    const { status, body } = await entities(defaults, transactions(251));
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'calls', allowed: 250 });
    expect(body.errors[0].message).toMatch(/up to 251 upstream calls, past the 250 a request may \(UPSTREAM_CALL_BUDGET\)/);
    expect(sandbox.total).toBe(0);
  });
});

describe('_entities with UPSTREAM_CALL_BUDGET=1000', () => {
  it('takes the documented maximum of 1000 representations even when each costs a call', async () => {
    const { body } = await entities(roomy, transactions(1000));
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toHaveLength(1000);
    expect(sandbox.count('getTxByHash')).toBe(1000);
  });
});

describe('_entities with representations nested deep', () => {
  it('fails each entity whose key is JSON nested past what a message can show with BAD_USER_INPUT, and answers the others', async () => {
    // `_Any` takes any JSON: 30,000 levels (180 KB) is past JSON.stringify's recursion, which
    // failed these entities as INTERNAL_SERVER_ERROR when their message tried to show the value.
    const deep = `${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`;
    const subnet = world.subnets.find((s) => s.blockchains.length > 0)!;
    const representations = [
      `{"__typename":"Subnet","network":"MAINNET","subnetId":${deep}}`,
      `{"__typename":${deep}}`,
      `{"__typename":"Subnet","network":${deep},"subnetId":"${subnet.subnetId}"}`,
      `{"__typename":"Subnet","network":"MAINNET","subnetId":"${subnet.subnetId}","extra":${deep}}`,
    ];
    const res = await fetch(`${defaults.origin}/subgraph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SUBGRAPH_TOKEN}` },
      body: `{"query":"query ($r: [_Any!]!) { _entities(representations: $r) { __typename } }","variables":{"r":[${representations.join(',')}]}}`,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { _entities: unknown[] };
      errors: { path: unknown[]; message: string; extensions: { code: string } }[];
    };
    // Errors come as the entities settle: the one of a bad `__typename` at once, the others after their lookups begin.
    const errors = body.errors.sort((a, b) => Number(a.path[1]) - Number(b.path[1]));
    expect(errors.map((e) => [e.path, e.extensions.code])).toEqual([
      [['_entities', 0], 'BAD_USER_INPUT'],
      [['_entities', 1], 'BAD_USER_INPUT'],
      [['_entities', 2], 'BAD_USER_INPUT'],
    ]);
    expect(errors[0]!.message).toMatch(/needs `subnetId` as a string \(got a.* nested too deep to show\)/);
    expect(body.data._entities).toEqual([null, null, null, { __typename: 'Subnet' }]);
  });
});
