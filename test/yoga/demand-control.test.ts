/**
 * Demand control as a client meets it (src/yoga/use-demand-control.ts): what each answer says
 * it cost, a query priced past the call budget or the object limit refused before any upstream
 * call with where the cost is, `rateLimit` in the graph, the metrics. test/yoga/cost.test.ts checks
 * the prices themselves against the calls queries make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { serve, startHarness, type Harness, type Served } from '../helpers/harness.js';
import { sample } from '../helpers/prom-text.js';
import { useSandbox } from '../helpers/sandbox.js';

// Not reset before each test: the gateway's cache carries from test to test, and each test
// resets the sandbox where its counts start.
const sandbox = useSandbox({ reset: 'never' });
let h: Harness;
let served: Served;

beforeAll(async () => {
  // The default cache: a repeat is answered whole from it.
  h = await startHarness({ CACHE: 'memory' }, { sandbox });
  served = await serve(h);
});
afterAll(async () => {
  await served?.gw.drain(100);
  await h?.close();
});

interface Answer {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions: Record<string, any> }[];
  extensions?: {
    cost?: {
      estimated: { calls: number; nodes: number; bytes: number };
      actual: { calls: number; cacheHits: number; retries?: number };
      budget: number;
    };
  };
}

async function post(query: string, variables?: Record<string, unknown>, url = served.url): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Answer;
}

const SUBNETS = '{ network { subnets(first: 7) { nodes { subnetId } } } }';
const FIELDS = 'subnetId isL1 blockchains { blockchainId blockchainName evmChainId vmId }';
const THIRTY = `{ network { ${Array.from({ length: 30 }, (_, i) => `s${i}: subnets(first: 100) { nodes { ${FIELDS} } }`).join(' ')} } }`;

describe('extensions.cost', () => {
  it('says what an answer was priced at and what it cost: calls made, then none from the cache', async () => {
    sandbox.reset();
    const first = await post(SUBNETS);
    expect(first.errors).toBeUndefined();
    expect(first.extensions?.cost).toEqual({
      estimated: { calls: 1, nodes: 10, bytes: expect.any(Number) },
      actual: { calls: 1, cacheHits: 0 },
      budget: 250,
    });
    expect(sandbox.total).toBe(1);
    const again = await post(SUBNETS);
    expect(again.data).toEqual(first.data);
    expect(again.extensions?.cost).toEqual({
      estimated: { calls: 1, nodes: 10, bytes: expect.any(Number) },
      actual: { calls: 0, cacheHits: 1 },
      budget: 250,
    });
    expect(sandbox.total).toBe(1);
  });

  it('says how many of the calls made were retries, which no price counts', async () => {
    sandbox.reset();
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: 1 });
    const retried = await post('{ network { subnets(first: 6) { nodes { subnetId } } } }');
    expect(retried.errors).toBeUndefined();
    expect(retried.extensions?.cost).toMatchObject({ estimated: { calls: 1 }, actual: { calls: 2, cacheHits: 0, retries: 1 } });
    expect(sandbox.total).toBe(2);
    sandbox.reset();
  });

  it('is on GET answers too, and priced with the variables a request sends', async () => {
    const query = 'query ($n: Int) { network { subnets(first: $n) { nodes { subnetId } } } }';
    const res = await fetch(`${served.url}?${new URLSearchParams({ query, variables: JSON.stringify({ n: 150 }) })}`, {
      headers: { 'x-graphql-yoga-csrf': '1' },
    });
    const body = (await res.json()) as Answer;
    expect(body.extensions?.cost?.estimated).toEqual({ calls: 1, nodes: 153, bytes: expect.any(Number) });
  });

  it('is priced with the variables as the executor coerces them: defaults applied, one value for a list', async () => {
    const byDefault = await post('query ($n: Int = 150) { network { subnets(first: $n) { nodes { subnetId } } } }');
    // Entries: network, subnets, nodes, and each subnet's one field: 3 + 150, as the GET above.
    expect(byDefault.extensions?.cost?.estimated).toEqual({ calls: 1, nodes: 153, bytes: expect.any(Number) });
    // Left unset without a default, the argument takes its own default (100), as execution does.
    const unset = await post('query ($n: Int) { network { subnets(first: $n) { nodes { subnetId } } } }');
    expect(unset.extensions?.cost?.estimated).toEqual({ calls: 1, nodes: 103, bytes: expect.any(Number) });
    const w = getWorld('mainnet');
    const one = await post('query ($ids: [NodeID!]) { network { pChain { currentValidators(nodeIds: $ids) { nodeId } } } }', {
      ids: w.nodeIds[0],
    });
    expect(one.errors).toBeUndefined();
    const listed = await post('query ($ids: [NodeID!]) { network { pChain { currentValidators(nodeIds: $ids) { nodeId } } } }', {
      ids: [w.nodeIds[0]],
    });
    expect(one.extensions?.cost?.estimated).toEqual(listed.extensions?.cost?.estimated);
  });

  it('is left out with COST_EXTENSIONS=false', async () => {
    const quiet = await startHarness({ COST_EXTENSIONS: 'false' }, { sandbox });
    try {
      const res = await quiet.gateway.yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: SUBNETS }),
      });
      expect(Object.keys((await res.json()) as object)).toEqual(['data']);
    } finally {
      await quiet.close();
    }
  });
});

describe('a query priced past the limits', () => {
  it('is refused before any upstream call when it could pass the call budget, naming where the calls are and what to lower', async () => {
    sandbox.reset();
    const res = await post('{ network { subnets(first: 300) { nodes { subnetId l1Validators(first: 5) { nodes { nodeId } } } } } }');
    expect(res.data).toBeUndefined();
    expect(sandbox.total).toBe(0);
    const [error] = res.errors!;
    expect(error!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'calls', allowed: 250, estimated: { calls: 301 } });
    expect(error!.message).toContain(
      '`network.subnets.nodes.l1Validators`: up to 300 calls (100 %); lower `first` on `subnets` or `l1Validators`',
    );
    expect(error!.message).toContain('past the 250 a request may (UPSTREAM_CALL_BUDGET)');
  });

  it('is refused before any call when its answer could pass MAX_RESULT_NODES: thirty aliases of a hundred subnets, each field an entry', async () => {
    sandbox.reset();
    const res = await post(THIRTY);
    expect(sandbox.total).toBe(0);
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'nodes', allowed: 40_000 });
    // One page read for all thirty: the same read is made once in a request.
    expect(res.errors![0]!.extensions.estimated.calls).toBe(1);
    expect(res.errors![0]!.message).toMatch(
      /^This operation could cost up to 45061 entries in its answer \(fields and list items\), past the 40000 a request may \(MAX_RESULT_NODES\)\. `network\.subnets\.nodes\.blockchains`: up to 36000 entries \(80 %\); lower `first` on `subnets`/,
    );
  });

  it('is refused before validation when it takes no variables: the price of a walk, not of comparing every pair of aliases', async () => {
    sandbox.reset();
    // Thirty aliases past the object limit, one of them naming a field the graph does not have:
    // refused for its price, without validation's verdict (which would have cost more than the walk).
    const res = await post(THIRTY.replace('s0: subnets(first: 100) { nodes {', 's0: subnets(first: 100) { nodes { noSuchField'));
    expect(sandbox.total).toBe(0);
    expect(res.errors!.map((e) => e.extensions.code)).toEqual(['QUERY_LIMIT_EXCEEDED']);
    // With a variable, its price waits for the variables, after validation.
    const withVariable = await post(`query ($n: Int) { network { a: subnets(first: $n) { nodes { subnetId } } noSuchField } }`, { n: 5 });
    expect(withVariable.errors!.map((e) => e.extensions.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('runs with DEMAND_CONTROL=measure, says what it was priced at, and is held to the call budget while it runs', async () => {
    const measured = await startHarness({ DEMAND_CONTROL: 'measure', UPSTREAM_CALL_BUDGET: '3', CACHE: 'off' }, { sandbox });
    try {
      sandbox.reset();
      const lookups = getWorld('mainnet')
        .transactions.p.slice(0, 5)
        .map((tx, i) => `t${i}: transaction(chain: P_CHAIN, txHash: "${tx.txHash}") { txHash }`)
        .join(' ');
      const res = (await (
        await measured.gateway.yoga.fetch('http://gateway.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ network { ${lookups} } }` }),
        })
      ).json()) as Answer;
      // Priced past the budget (five lookups), not refused: the run stops at the budget.
      expect(res.extensions!.cost!.estimated.calls).toBe(5);
      expect(res.extensions!.cost!.actual.calls).toBe(3);
      expect(sandbox.total).toBe(3);
      expect(new Set(res.errors!.map((e) => e.extensions.code))).toEqual(new Set(['UPSTREAM_BUDGET_EXCEEDED']));
    } finally {
      await measured.close();
    }
  });

  it('counts what @defer and @stream deliver later, and fragments, as what runs', async () => {
    sandbox.reset();
    const deferred = await post(
      `{ network { subnets(first: 300) { nodes { ...F } } } } fragment F on Subnet { ... @defer { l1Validators(first: 5) { nodes { nodeId } } } }`,
    );
    expect(deferred.errors![0]!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'calls' });
    expect(sandbox.total).toBe(0);
  });

  it('is refused for a subscription whose every event would cost past the budget, before it starts', async () => {
    const res = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: `subscription { pChainBlocks(network: MAINNET) { height transactions { transaction { ... on PChainTransaction { subnet {
          ${Array.from({ length: 12 }, (_, i) => `v${i}: l1Validators(first: 500, includeInactive: ${i % 2 === 0}) { nodes { nodeId } }`).join(' ')}
        } } } } } }`,
      }),
    });
    const text = await res.text();
    expect(text).toContain('QUERY_LIMIT_EXCEEDED');
    expect(text).toContain('Each event of this subscription could cost up to');
  });
});

describe('rateLimit', () => {
  it("prices the query it is asked in, and says nothing of a client's bucket while rate limits are off", async () => {
    const res = await post(
      '{ rateLimit { cost nodeCount limit perSecond remaining resetAt } network { subnets(first: 3) { nodes { subnetId } } } }',
    );
    expect(res.data!.rateLimit).toEqual({ cost: 1, nodeCount: 13, limit: null, perSecond: null, remaining: null, resetAt: null });
  });
});

describe('metrics', () => {
  it('estimated and made calls per operation, their distribution per type, and refusals by limit', async () => {
    await post('query Priced { network { subnets(first: 4) { nodes { subnetId } } } }');
    await post(THIRTY);
    const text = await (await fetch(`${served.origin}/metrics`)).text();
    expect(
      sample(text, 'gateway_graphql_operation_calls_total', {
        graphql_operation_type: 'query',
        graphql_operation_name: 'Priced',
        kind: 'estimated',
      }),
    ).toBe(1);
    expect(
      sample(text, 'gateway_graphql_operation_calls_total', {
        graphql_operation_type: 'query',
        graphql_operation_name: 'Priced',
        kind: 'actual',
      }),
    ).toBe(1);
    expect(
      sample(text, 'gateway_graphql_operation_calls_count', { graphql_operation_type: 'query', kind: 'estimated' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'gateway_graphql_operation_calls_bucket', { graphql_operation_type: 'query', kind: 'actual', le: '1' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'gateway_graphql_cost_refusals_total', { limit: 'nodes' })).toBeGreaterThanOrEqual(1);
  });
});
