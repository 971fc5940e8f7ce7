/**
 * Estimates that know the data (issue 29, case 14), on the built gateway over the sandbox, with its
 * defaults and CACHE=off (every read is a call):
 * - the nested queries of examples/ (with their .variables.json) and six nested shapes where the
 *   data decides how long lists are (validators → delegators → reward owners; X-Chain transactions
 *   → UTXOs → addresses → chains → subnets; an L1's lifecycle; ICM by address; C-Chain fan-out; a
 *   subnet's chains and their validators), each run twice in turn: every estimate is at least the
 *   calls made (extensions.cost), and the second run's within twice them;
 *   calls that only some items make (a lookup for the transactions that name a reward, an L1's
 *   validators and none for other subnets, the pages of an address's UTXOs) are priced, once the
 *   query has run, by what each place of the query made (`made` in src/graph/cost.ts), so every
 *   query of the corpus is held to the bound;
 * - a query whose learnt estimate passes the call budget is refused up front (QUERY_LIMIT_EXCEEDED,
 *   no upstream call), where it would otherwise have run until the budget stopped it.
 *
 * A query priced past the budget before its lists were seen (the Primary Network's validators are
 * priced at mainnet's 1,500 until the gateway saw the set) is refused on its first run: that run
 * made no call, and the run after the set was read somewhere (here: the listing of the validators,
 * a query of the corpus) is held to the bound.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Kind, parse, print, type OperationDefinitionNode } from 'graphql';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ reset: 'never' });
const ADMIN_TOKEN = 'examples-admin-token-0123456789';

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
}

const examplesDir = new URL('../../examples/', import.meta.url);

function examples(): Case[] {
  const cases: Case[] = [];
  for (const file of readdirSync(examplesDir).filter((f) => f.endsWith('.graphql'))) {
    const text = readFileSync(new URL(file, examplesDir), 'utf8');
    const sidecar = new URL(file.replace(/\.graphql$/, '.variables.json'), examplesDir);
    const variables = existsSync(sidecar) ? (JSON.parse(readFileSync(sidecar, 'utf8')) as Record<string, unknown>) : undefined;
    const document = parse(text);
    const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    for (const op of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
      // Mutations change the node's state: run once, they are not a query to price twice.
      if (op.operation !== 'query') continue;
      cases.push({ name: `examples/${file} ${op.name!.value}`, query: [op, ...fragments].map((d) => print(d)).join('\n'), variables });
    }
  }
  return cases;
}

const world = getWorld('mainnet');
const evm = getEvmWorld('mainnet');
const l1 = world.subnets.find((s) => s.isL1 && s.blockchains.some((b) => b.vmId === 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'))!;
const icmSender = evm.icm[0]!.from;

/** The six shapes of issue 29 where the data decides the lists, written against schema/schema.graphql. */
const shapes: Case[] = [
  {
    name: "the Primary Network's validators (teaches the set's length)",
    query: '{ network { pChain { currentValidators { nodeId delegatorCount } } } }',
  },
  {
    name: 'validators → delegators → reward owners',
    query:
      '{ network { pChain { currentValidators { nodeId delegatorCount delegators { txId weight rewardOwner { threshold addresses { address chains { blockchainId } } } } } } } }',
  },
  {
    name: 'X-Chain transactions → UTXOs → addresses → chains → subnets',
    query:
      '{ network { transactions(chain: X_CHAIN, first: 10) { nodes { txHash emittedUtxos { utxoId addresses { address chains { blockchainId blockchain { blockchainName subnet { subnetId isL1 } } } } } } } } }',
  },
  {
    name: "an L1's lifecycle",
    query: `{ network { subnet(subnetId: "${l1.subnetId}") { isL1 l1ConversionTransaction { txHash ... on PChainTransaction { l1ValidatorDetails { validator { weight } } } } l1Validators(first: 10) { nodes { validationId pChainValidator { balance } transactions(first: 5) { nodes { txHash txType } } } } currentValidators { nodeId balance l1Validator { weight } } blockchains { blockchainName validators { nodeId l1Validator { weight } } } } } }`,
  },
  {
    name: 'ICM by address',
    query: `{ network { address(address: "${icmSender}") { icmMessages(first: 10) { nodes { messageId sourceBlockchain { blockchainName subnet { subnetId } } destinationChain { evmChainId } sender { address } } } } } }`,
  },
  {
    name: 'C-Chain fan-out',
    query:
      '{ network { evmChain(evmChainId: 43114) { blockchain { subnet { blockchains { blockchainName } } } transactions(first: 10) { nodes { txHash from { account { address } } } } } transactions(chain: C_CHAIN, first: 10) { nodes { txHash ... on CChainAtomicTransaction { evmInputs { fromAddress } consumedUtxos { addresses { chains { blockchainId } } } } } } } }',
  },
  {
    name: "thirty subnets' validator sets, with their supply",
    query: '{ network { subnets(first: 30) { nodes { subnetId supply currentValidators { nodeId weight } } } } }',
  },
];

interface Run {
  name: string;
  pass: 1 | 2;
  estimated: number;
  actual: number;
  refused: boolean;
  codes: string[];
}

async function run(gw: GatewayProcess, c: Case, pass: 1 | 2): Promise<Run> {
  const res = await fetch(gw.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify({ query: c.query, variables: c.variables }),
  });
  const body = (await res.json()) as {
    errors?: { extensions?: { code?: string; estimated?: { calls: number } } }[];
    extensions?: { cost?: { estimated: { calls: number }; actual: { calls: number } } };
  };
  const refusal = body.errors?.find((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED');
  return {
    name: c.name,
    pass,
    estimated: refusal ? refusal.extensions!.estimated!.calls : body.extensions!.cost!.estimated.calls,
    actual: refusal ? 0 : body.extensions!.cost!.actual.calls,
    refused: !!refusal,
    codes: (body.errors ?? []).map((e) => e.extensions?.code ?? '?'),
  };
}

describe('estimates that know the data, on the built gateway (CACHE=off)', () => {
  let gw: GatewayProcess;
  const runs: Run[] = [];
  const corpus = [...examples(), ...shapes];

  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, { CACHE: 'off', ADMIN_TOKEN });
    for (const pass of [1, 2] as const) for (const c of corpus) runs.push(await run(gw, c, pass));
    console.log(
      runs
        .map(
          (r) =>
            `${r.pass} ${r.name.slice(0, 70).padEnd(70)} actual ${String(r.actual).padStart(4)} estimated ${String(r.estimated).padStart(5)}${r.refused ? ' refused' : ''}`,
        )
        .join('\n'),
    );
  }, 120_000);
  afterAll(async () => {
    await gw?.stop();
  });

  it('estimates every run at least at the calls it made', () => {
    expect(runs.length).toBe(2 * corpus.length);
    for (const r of runs) expect(r.estimated, `${r.name} (run ${r.pass})`).toBeGreaterThanOrEqual(r.actual);
  });

  it('runs every query the second time, within twice its calls', () => {
    for (const r of runs.filter((x) => x.pass === 2)) {
      expect(r.refused, `${r.name} is refused on its second run (${r.estimated} calls)`).toBe(false);
      expect(r.codes, `${r.name} answers without errors`).toEqual([]);
      if (r.actual > 0) expect(r.estimated, `${r.name}: second estimate past twice the calls`).toBeLessThanOrEqual(2 * r.actual);
    }
  });

  it("prices validators' delegators by the set and the delegator counts its listing gave", () => {
    const delegators = runs.filter((r) => r.name === 'validators → delegators → reward owners');
    // Run after the listing in both passes: the set and each validator's `delegatorCount` were seen before its first run.
    expect(delegators[0]!.refused).toBe(false);
    expect(delegators[0]!.estimated).toBeLessThanOrEqual(2 * delegators[0]!.actual);
  });
});

describe('a learnt estimate past the call budget', () => {
  it('is refused up front, with no upstream call, rather than stopped by the budget as it runs', async () => {
    const gw = await startGatewayProcess(sandbox, { CACHE: 'off', UPSTREAM_CALL_BUDGET: '3' });
    try {
      const query = '{ network { pChain { currentValidators { nodeId delegators { txId } } } } }';
      // Never seen: priced at mainnet's 1,500 validators, a call each for their delegators.
      const cold = await run(gw, { name: 'cold', query }, 1);
      expect(cold.refused).toBe(true);
      expect(cold.estimated).toBeGreaterThan(1_000);
      // The set read once (one call); what the delegators would cost is now the set's length, with margin.
      const listed = await run(gw, { name: 'list', query: '{ network { pChain { currentValidators { nodeId delegatorCount } } } }' }, 1);
      expect(listed.actual).toBe(1);
      const before = sandbox.total;
      const learnt = await run(gw, { name: 'learnt', query }, 2);
      expect(learnt.refused).toBe(true);
      expect(learnt.estimated).toBeGreaterThan(3);
      expect(learnt.estimated).toBeLessThan(20);
      expect(sandbox.total - before, 'no upstream call for a refused query').toBe(0);
    } finally {
      await gw.stop();
    }
  });
});

describe('lengths shared through Redis (CACHE=redis)', () => {
  const redis = useRedis();

  it("prices with what another instance saw: one reads the Primary Network's set, the other then runs a query it would have refused", async () => {
    const env = { REDIS_URL: redis.url, CACHE: 'redis' };
    const [a, b] = await Promise.all([startGatewayProcess(sandbox, env), startGatewayProcess(sandbox, env)]);
    try {
      await Promise.all([untilRedisConnected(a), untilRedisConnected(b)]);
      const query = '{ network { pChain { currentValidators { nodeId delegators { txId } } } } }';
      expect((await run(b, { name: 'cold', query }, 1)).refused).toBe(true);
      expect(
        (await run(a, { name: 'list', query: '{ network { pChain { currentValidators { nodeId delegatorCount } } } }' }, 1)).refused,
      ).toBe(false);
      // B learns in the background (its prices never wait for Redis): the longest per kind is read back every 5 s.
      let learnt: Run | undefined;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(250)) {
        learnt = await run(b, { name: 'learnt', query }, 2);
        if (!learnt.refused) break;
      }
      expect(learnt!.refused, 'B never priced with what A saw').toBe(false);
      expect(learnt!.estimated).toBeLessThan(20);
      expect(learnt!.estimated).toBeGreaterThanOrEqual(learnt!.actual);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);
});
