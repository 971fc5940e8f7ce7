/**
 * The fuzzer's findings of issue 29, each as a test of its own on the built gateway (`npm run
 * build` first) over the sandbox, with CACHE=off (every read is a call), besides their entries in
 * ./known.ts (which keep `npm run fuzz` and ./fuzz.test.ts from reporting them as new):
 * - a list of the chain registry, a node call per chain, and its registry entries answered by the listing;
 * - a P- and an X-Chain transaction's `unsignedTx` tree: its entries priced, not one per tree;
 * - `sampleValidators`, a random draw by the node's contract, declared so by the schema, and the
 *   only field the fuzzer's same-data check leaves out for it;
 * - several items of one list failing into one propagated null: compared by where the null is;
 * - an empty page of UTXOs, which both alternatives of the spec's oneOf take: checked by its chain;
 * - the errors of answers discarded by a null, reported by a compiled run and not by the first
 *   (interpreted) one: the same answer through every entry in every cache mode, run after run;
 * - a streamed list nulled by one of its items: the items before it, whichever call came first.
 * - a transaction's whole bytes in hex (a C-Chain atomic transaction's `signedTx`, an X-Chain
 *   transaction's `hex`), priced as any leaf: priced by their own bytes (test/fuzz/long-leaves.test.ts
 *   finds every such leaf).
 */
import type { GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import { NONDETERMINISTIC } from '../../src/graph/descriptions.js';
import type { RecordedRequest } from '../../sandbox/server.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { checkSandboxAnswer, useSandbox } from '../helpers/sandbox.js';
import { FUZZ_SETTINGS, servedSchema, startTargets, type Targets } from './fuzzer.js';
import { checkAnswer, comparable, MODES, nondeterministicFields, SIZE, volatileKeys } from './invariants.js';
import type { Generated } from './generate.js';
import { type Answer, FUZZ_ENTRIES, send } from './send.js';

const sandbox = useSandbox({ reset: 'never' });
let gw: GatewayProcess;

beforeAll(async () => {
  gw = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off' });
}, 60_000);
afterAll(() => gw?.stop());

interface Cost {
  estimated: { calls: number; nodes: number; bytes?: number };
  actual?: { calls: number };
  settled?: { calls: number; nodes: number; bytes: number };
}
interface Body {
  data?: any;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string; estimated?: Cost['estimated'] } }[];
  extensions?: { cost?: Cost };
}

/** The built gateway in every cache mode (and a Redis), for the tests of the describe it is called in. */
function useTargets(): () => Targets {
  let targets: Targets | undefined;
  beforeAll(async () => {
    targets = await startTargets(sandbox, MODES);
  }, 90_000);
  afterAll(() => targets?.stop());
  return () => targets!;
}

/**
 * Sends `sent` through every entry of each cache mode's gateway, twice (an operation's first run is
 * interpreted, the next compiled), and hands each answer to `check` with where it came from.
 */
async function throughEveryEntry(targets: () => Targets, sent: Generated, check: (body: Body, where: string) => void): Promise<void> {
  for (const mode of MODES) {
    const origin = targets().gateways[mode]!.origin;
    for (let run = 0; run < 2; run++)
      for (const entry of FUZZ_ENTRIES) check((await send(entry, origin, sent, 20_000)).body as Body, `${entry} CACHE=${mode} run ${run}`);
  }
}

async function post(query: string, url = gw.url): Promise<Body> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
}

/** The estimate an answer carries, run or refused. */
const estimateOf = (body: Body) =>
  body.extensions?.cost?.estimated ?? body.errors?.find((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED')?.extensions?.estimated;

describe("the chain registry's chains, a node call each (fuzz: 209 calls made, 101 estimated)", () => {
  const chains = getEvmWorld('mainnet').chains.size;

  it.each([
    ['before the registry was seen', '{ network { evmChains(feature: ICM) { rpcChainId } } }'],
    ['after it was seen', '{ network { evmChains { evmChainId } } }', '{ network { evmChains(feature: ICM) { rpcChainId } } }'],
  ])('are priced at the calls one per chain makes, %s', async (_when, ...queries) => {
    let body: Body | undefined;
    for (const q of queries) body = await post(q);
    const estimated = estimateOf(body!);
    expect(chains).toBeGreaterThan(100);
    expect(estimated?.calls).toBeGreaterThanOrEqual(1 + chains);
    const made = body!.extensions?.cost?.actual?.calls;
    if (made !== undefined) expect(made).toBeLessThanOrEqual(estimated!.calls);
  });

  it('answer each chain with its registry entry in the one call of the listing, however many the registry holds', async () => {
    const body = await post('{ network { evmChains { evmChainId info { name rpcUrl } } } }');
    expect(body.errors).toBeUndefined();
    expect(body.data.network.evmChains.length).toBeGreaterThan(100);
    expect(body.data.network.evmChains.every((c: { info: unknown }) => c.info !== null)).toBe(true);
    expect(body.extensions!.cost).toMatchObject({ estimated: { calls: 1 }, actual: { calls: 1 } });
  });
});

describe('whole lists after some of their items were listed (fuzz seed p35: 250 calls made, 9 estimated; p37: 657 objects priced at 16)', () => {
  // Its own gateway: what the registry is priced at depends on what this instance has listed.
  let fresh: GatewayProcess;
  beforeAll(async () => {
    fresh = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off' });
  }, 60_000);
  afterAll(() => fresh?.stop());

  it('the last days of a fee series price the whole series no lower (fuzz seed p38: 1,347 entries priced at 12)', async () => {
    const series = '{ network(name: MAINNET) { l1ValidatorFeeMetrics(metric: TOTAL_VALIDATOR_FEES_DAILY%s) { timestamp value } } }';
    // The newest point, from the other gateway: this one must not have seen the whole series.
    const newest = (await post(series.replace('%s', ''))).data.network.l1ValidatorFeeMetrics[0].timestamp as number;
    const recent = await post(series.replace('%s', `, startTimestamp: ${newest - 3 * 86_400}`), fresh.url);
    expect(recent.data.network.l1ValidatorFeeMetrics.length).toBeLessThan(10);
    const body = await post(series.replace('%s', ''), fresh.url);
    expect(body.data.network.l1ValidatorFeeMetrics.length).toBeGreaterThan(100);
    expect(checkAnswer({ status: 200, body, ms: 0 }, 'post', 'off', 0)).toEqual([]);
  });

  it("a node's liveness, readiness and tagged checks price its whole report no lower", async () => {
    for (const q of [
      '{ network { health { liveness { checks { name } } } } }',
      '{ network { health { readiness { checks { name } } } } }',
      '{ network { health { probe(route: LIVENESS) { checks { name } } report(tags: ["avax"]) { checks { name } } } } }',
    ])
      expect((await post(q, fresh.url)).errors).toBeUndefined();
    const body = await post('{ network { health { report { checks { name healthy } } } } }', fresh.url);
    expect(body.data.network.health.report.checks.length).toBeGreaterThan(10);
    expect(checkAnswer({ status: 200, body, ms: 0 }, 'post', 'off', 0)).toEqual([]);
  });

  it.each([
    {
      // Each chain's set was priced at the longest seen of its kind, which was none; the price
      // cannot name a chain's set below a page of chains, so it is priced at its most the first time.
      finding: "a page of chains' validator sets after only an empty set was seen (fuzz seed p39: 922 entries priced at 702)",
      answeredCold: true,
      page: '{ network { blockchains(first: 99) { nodes { blockchainId validators { nodeId uptimeSeconds isL1Validator } } } } }',
      lengths: (data: any) => data.network.blockchains.nodes.map((c: { validators: unknown[] | null }) => c.validators?.length),
      // This gateway sees one chain's empty set first.
      before: async () => {
        const chains = (await post('{ network { blockchains(first: 99) { nodes { blockchainId validators { nodeId } } } } }')).data.network
          .blockchains.nodes as { blockchainId: string; validators: unknown[] | null }[];
        const empty = chains.find((c) => c.validators?.length === 0)!;
        const seen = await post(`{ network { blockchain(blockchainId: "${empty.blockchainId}") { validators { nodeId } } } }`, fresh.url);
        expect(seen.data.network.blockchain.validators).toEqual([]);
      },
      assumed: 0,
    },
    {
      // The addresses behind a validation, priced at a fixed two: three answered on every entry, the
      // first answer and every one after it. Now an owner set, as any other.
      finding: "a subnet's validators over a time range, with their addresses (fuzz seed p44: 8 entries priced at 7)",
      page: '{ network { subnet(subnetId: "895mqZPjz9kM5you76HEZCxwCyEkFApU5KwyMmk2D3wtuRkUD") { validatorsBetween(first: 1) { nodes { addresses { network } } } } } }',
      lengths: (data: any) => data.network.subnet.validatorsBetween.nodes.map((n: { addresses: unknown[] }) => n.addresses.length),
      assumed: 2,
    },
    {
      // An output of two keys among one-key ones.
      finding: 'a page of UTXOs with a multisig among them (fuzz seed p40: 19 entries priced at 18)',
      page: '{ network { addressUtxos(addresses: ["X-avax1vxwzdezeep760krt76l5sx0s2asf7z9a7jz3ph", "avax1c4f42an20vp30n3zza4dvpqyakdp2hd27zqsp9", "avax1dfx5djxk80sy7dvd2gea2y8evaxcdu448yl4el"], chain: P_CHAIN, first: 5) { edges { node { addresses { id } } } } } }',
      lengths: (data: any) => data.network.addressUtxos?.edges.map((e: { node: { addresses: unknown[] } }) => e.node.addresses.length),
      assumed: 1,
    },
    {
      // Three assets, where an amount list is assumed to hold two: a balance list is priced at its
      // most until one was seen, and answered whole the first time.
      finding: "addresses' X-Chain balances in three assets (fuzz seed p41: 6 entries priced at 5)",
      answeredCold: true,
      page: '{ network { addressBalances(addresses: ["avax1mwsqn5jd4576e87u47a7ljdp6wmja5255hpn82", "avax1cwkhkk3gf5enxuuxsgzrw0ep930nz8h426m5q8", "C-avax1x4dgslhgxk2qfnc00895tmsxc04urugjqrdfvm"], chain: X_CHAIN) { unlocked { amount } } } }',
      lengths: (data: any) => [data.network.addressBalances?.unlocked.length],
      assumed: 2,
    },
  ])('$finding: answered whole within its price once its lists are known', async ({ page, lengths, before, assumed, answeredCold }) => {
    // From the other gateway, once it knows the lists: one holds more than this one's price assumes.
    await post(page);
    const whole = lengths((await post(page)).data);
    expect(Math.max(...whole.filter(Number.isInteger))).toBeGreaterThan(assumed);
    await before?.();
    const first = await post(page, fresh.url);
    expect(checkAnswer({ status: 200, body: first, ms: 0 }, 'post', 'off', 0)).toEqual([]);
    expect(lengths(first.data)).toEqual(whole);
    if (answeredCold) return expect(first.extensions?.cost?.settled).toBeUndefined();
    // Else a list may hold more than its price read: what it adds is priced as it is answered,
    // before its items are built (`settled`), and checkAnswer holds the answer to both.
    // Its lengths noted as it was answered: sent again, it is priced by them up front and answered whole.
    const again = await post(page, fresh.url);
    expect(again.extensions?.cost?.settled).toBeUndefined();
    expect(again.errors?.filter((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED') ?? []).toEqual([]);
    expect(lengths(again.data)).toEqual(whole);
    expect(checkAnswer({ status: 200, body: again, ms: 0 }, 'post', 'off', 0)).toEqual([]);
  });

  it('a list longer than its price read is refused as it is answered when it would take the answer past MAX_RESULT_NODES', async () => {
    const page =
      '{ network { addressUtxos(addresses: ["X-avax1vxwzdezeep760krt76l5sx0s2asf7z9a7jz3ph", "avax1c4f42an20vp30n3zza4dvpqyakdp2hd27zqsp9", "avax1dfx5djxk80sy7dvd2gea2y8evaxcdu448yl4el"], chain: P_CHAIN, first: 5) { edges { node { addresses { id } } } } } }';
    // What a gateway that has seen nothing prices it at, and what its answer holds: more.
    const probe = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off' });
    let priced: number;
    try {
      const body = await post(page, probe.url);
      priced = body.extensions!.cost!.estimated.nodes;
      expect(SIZE.entries(body.data)).toBeGreaterThan(priced);
    } finally {
      await probe.stop();
    }
    // A gateway whose limit is that price admits the request, and refuses it where the longer list is answered.
    const tight = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off', MAX_RESULT_NODES: String(priced) });
    try {
      const first = await post(page, tight.url);
      const refused = first.errors!.filter((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.path!.join('.')).toMatch(/^network\.addressUtxos\.edges\.\d+\.node\.addresses$/);
      expect(refused[0]!.message).toMatch(
        /answered \d+ items? more than its price read .* past the \d+ a request may \(MAX_RESULT_NODES\)/,
      );
      // The answer holds no more than the limit, and says what it was priced at.
      expect(SIZE.entries(first.data)).toBeLessThanOrEqual(priced);
      expect(first.extensions!.cost!.settled!.nodes).toBeGreaterThan(0);
      // The length was noted: sent again, it is refused up front, before any call.
      const again = await post(page, tight.url);
      expect(again.data).toBeUndefined();
      expect(again.errors![0]!.extensions!.code).toBe('QUERY_LIMIT_EXCEEDED');
      expect(again.errors![0]!.extensions!.estimated!.nodes).toBeGreaterThan(priced);
    } finally {
      await tight.stop();
    }
    // A batch is one request: two such pages fit a limit of twice the price, and the longer lists
    // they answer take the batch past it.
    const batched = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off', MAX_RESULT_NODES: String(2 * priced) });
    try {
      const res = await fetch(batched.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify([{ query: page }, { query: page }]),
      });
      const both = (await res.json()) as Body[];
      expect(both).toHaveLength(2);
      const refused = both.flatMap((b) => b.errors ?? []).filter((e) => e.extensions?.code === 'QUERY_LIMIT_EXCEEDED');
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.message).toMatch(/this batch would hold \d+ entries, past the \d+ a request may/);
      expect(both.reduce((n, b) => n + SIZE.entries(b.data ?? null), 0)).toBeLessThanOrEqual(2 * priced);
    } finally {
      await batched.stop();
    }
  }, 90_000);

  it('a query answered once is priced the same the next time, its lists no longer than usual (fuzz seed p53: 178 calls priced, then 530)', async () => {
    // A vertex's parents four deep: seen at their usual two, they were priced at their margin, three each.
    const parents = '{ network { vertices(first: 4) { nodes { parents { parents { parents { parents { vertexHash } } } } } } } }';
    const own = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off' });
    try {
      const first = await post(parents, own.url);
      expect(first.errors).toBeUndefined();
      const again = await post(parents, own.url);
      expect(again.errors).toBeUndefined();
      expect(again.extensions!.cost!.estimated).toEqual(first.extensions!.cost!.estimated);
    } finally {
      await own.stop();
    }
  }, 60_000);

  it("a block's bytes longer than any seen before are priced as they are answered (fuzz seed p53: 13,549 bytes priced at 7,405)", async () => {
    const short = '{ network { index(name: P_BLOCK) { container(index: "0") { bytes } } } }';
    const longer =
      '{ network { index(name: P_BLOCK) { a1: container(id: "2sWzVZGnzPNfBD2PiJdPbzwQFe5Ld4ChM3Qz9EG4ko9AuqhPBi") { bytes a2: bytes id } } } }';
    const own = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off' });
    try {
      expect((await post(short, own.url)).errors).toBeUndefined();
      const body = await post(longer, own.url);
      expect(body.errors).toBeUndefined();
      expect(Buffer.byteLength(JSON.stringify(body.data))).toBeGreaterThan(body.extensions!.cost!.estimated.bytes!);
      expect(body.extensions!.cost!.settled!.bytes).toBeGreaterThan(0);
      expect(checkAnswer({ status: 200, body, ms: 0 }, 'post', 'off', 0)).toEqual([]);
    } finally {
      await own.stop();
    }
  }, 60_000);

  it("a feature's chains and an address's price every chain's listing no lower", async () => {
    const evm = getEvmWorld('mainnet');
    const account = evm.chains.get('43114')!.accounts[3]!;
    const parts = [
      '{ network(name: MAINNET) { evmChains(feature: WEBHOOKS) { evmChainId } } }',
      `{ network { evmChain(evmChainId: 43114) { address(address: "${account}") { activeChains { evmChainId } } } } }`,
    ];
    for (const q of parts) {
      const body = await post(q, fresh.url);
      expect(body.errors).toBeUndefined();
      expect(body.extensions!.cost!.actual!.calls).toBe(1);
    }
    const body = await post('{ network(name: MAINNET) { evmChains { latestBlock { number } } } }', fresh.url);
    const estimated = estimateOf(body)!;
    expect(estimated.calls).toBeGreaterThanOrEqual(1 + evm.chains.size);
    expect(body.errors?.[0]?.extensions?.code).toBe('QUERY_LIMIT_EXCEEDED');
  });
});

describe('what the answer holds besides its fields (fuzz seed p36)', () => {
  // A Subnet-EVM chain of the sandbox's mainnet, as the fuzzer's world samples name it.
  const blockchainId = 'tmZ64oBZBxHaK6fYh7aVe4SC3fhG61RH1QgnL38LFsk62FCWu';
  const containers = (page: string) => `{ network { index(name: C_BLOCK) { containers${page} { nodes { bytes } } } } }`;
  it.each([
    // 208 chains answered 208 empty objects priced at none.
    ['objects whose every field is skipped', ['{ network { evmChains { evmChainId @include(if: false) } } }']],
    // `null` is two bytes longer than the `{}` it was priced as.
    ['such an object answered null', ['{ node(id: "x") { ... on Subnet { subnetId @include(if: false) } } }']],
    // Until one was seen, a container is priced as a whole block (4 MiB of hex): a page of 10 fits in MAX_RESULT_BYTES, 100 do not.
    ['C-Chain blocks as the index holds them, in hex', [containers('(first: 10)'), containers('')]],
    ["a chain's config as the node wrote it", [`{ network { blockchain(blockchainId: "${blockchainId}") { chainConfig { raw } } } }`]],
    ["what a node's health checks report, each in its shape", ['{ network { health { report { checks { message } } } } }']],
  ])('%s: within what it was priced at, first and once seen', async (_what, queries) => {
    for (const [i, query] of [...queries, queries.at(-1)!].entries()) {
      const body = await post(query);
      expect(body.data, `request ${i}: ${JSON.stringify(body.errors)}`).toBeTruthy();
      expect(checkAnswer({ status: 200, body, ms: 0 }, 'post', 'off', query.length), `request ${i}`).toEqual([]);
    }
  });
});

describe("a transaction's unsignedTx tree (fuzz: more entries answered than priced)", () => {
  it.each(['pChain', 'xChain'])('on %s, every block of the sandbox is answered within the entries priced', async (chain) => {
    const height = Number((await post(`{ network { ${chain} { height } } }`)).data.network[chain].height);
    // One block first: it teaches the gateway how many transactions a block holds (100 until seen).
    expect((await post(`{ network { ${chain} { block(height: "1") { transactions { unsignedTx } } } } }`)).errors).toBeUndefined();
    let largest = 0;
    // 25 blocks a request: under MAX_ALIASES (30).
    for (let from = 0; from <= height; from += 25) {
      const heights = Array.from({ length: 25 }, (_, i) => from + i).filter((h) => h <= height);
      const blocks = heights.map((h) => `b${h}: block(height: "${h}") { transactions { unsignedTx } }`).join(' ');
      const body = await post(`{ network { ${chain} { ${blocks} } } }`);
      expect(body.errors).toBeUndefined();
      const entries = SIZE.entries(body.data);
      expect(entries).toBeLessThanOrEqual(body.extensions!.cost!.estimated.nodes);
      for (const b of Object.values(body.data.network[chain]) as { transactions: { unsignedTx: unknown }[] }[])
        for (const tx of b.transactions) largest = Math.max(largest, SIZE.entries(tx.unsignedTx));
    }
    // A tree of many entries was among them: the test reaches what the finding was about.
    expect(largest).toBeGreaterThan(50);
  });
});

describe('fields the schema declares nondeterministic (fuzz: sampleValidators differed between entries)', () => {
  it("are sampleValidators and a query's own price, declared in their descriptions", () => {
    const schema = servedSchema();
    // rateLimit's price follows the lists seen (fuzz: rateLimit.nodeCount 7824 vs 344 on two entries).
    expect([...nondeterministicFields(schema)].sort()).toEqual(['cost', 'nodeCount', 'sampleValidators']);
    for (const name of ['cost', 'nodeCount'])
      expect((schema.getType('RateLimit') as GraphQLObjectType).getFields()[name]!.description).toContain(NONDETERMINISTIC);
    const field = (schema.getType('PChain') as GraphQLObjectType).getFields().sampleValidators!;
    expect(field.description).toContain(NONDETERMINISTIC);
  });

  it('are compared as volatile, under their aliases too; the rest of the answer still is compared', () => {
    const fields = nondeterministicFields(servedSchema());
    const query = '{ network { pChain { s: sampleValidators(size: 2) height } } }';
    const volatile = volatileKeys(query, fields);
    const answer = (sample: string[], height: string): Answer => ({
      status: 200,
      ms: 1,
      body: { data: { network: { pChain: { s: sample, height } } } },
    });
    expect(comparable(answer(['NodeID-a', 'NodeID-b'], '1'), volatile)).toEqual(
      comparable(answer(['NodeID-c', 'NodeID-d'], '1'), volatile),
    );
    expect(comparable(answer(['NodeID-a', 'NodeID-b'], '1'), volatile)).not.toEqual(
      comparable(answer(['NodeID-a', 'NodeID-b'], '2'), volatile),
    );
  });

  it('answer a new draw each time on the gateway (what the declaration is for)', async () => {
    const draws = new Set<string>();
    // Twenty: the sandbox draws uniformly, and eight draws of one from a set of two were all alike
    // once in CI (a chance of 1 in 128); twenty are, once in half a million.
    for (let i = 0; i < 20; i++) {
      const body = await post('{ network { pChain { sampleValidators(size: 1) } } }');
      expect(body.errors).toBeUndefined();
      draws.add(JSON.stringify(body.data.network.pChain.sampleValidators));
    }
    expect(draws.size).toBeGreaterThan(1);
  });
});

describe('errors of one list propagated into one null (fuzz: evmChains.1.call vs evmChains.182.call)', () => {
  const answer = (data: unknown, path: (string | number)[]): Answer => ({
    status: 200,
    ms: 1,
    body: { data, errors: [{ message: 'm', path, extensions: { code: 'NODE_API_UNAVAILABLE' } }] },
  });

  it('are compared by where the null landed, whichever item failed first', () => {
    expect(comparable(answer(null, ['network', 'evmChains', 1, 'call']))).toEqual(
      comparable(answer(null, ['network', 'evmChains', 182, 'call'])),
    );
    const network = { network: { evmChains: null, name: 'mainnet' } };
    expect(comparable(answer(network, ['network', 'evmChains', 1, 'call']))).toEqual(
      comparable(answer(network, ['network', 'evmChains', 68, 'call'])),
    );
  });

  it('whether the null is the failing field itself or propagated to it (case 29#203: one error, or that and another)', () => {
    const data = { network: { a7: null } };
    const two: Answer = {
      status: 200,
      ms: 1,
      body: {
        data,
        errors: [
          { message: 'm', path: ['network', 'a7'], extensions: { code: 'NODE_API_UNAVAILABLE' } },
          { message: 'm', path: ['network', 'a7', 3, 'call'], extensions: { code: 'NODE_API_UNAVAILABLE' } },
        ],
      },
    };
    expect(comparable(two)).toEqual(comparable(answer(data, ['network', 'a7'])));
  });

  it('whichever code the item that failed first had (fuzz seed p41: a refused call, or a node not serving its chain)', () => {
    const coded = (code: string, path: (string | number)[]): Answer => ({
      status: 200,
      ms: 1,
      body: { data: { network: { measuredChains: null } }, errors: [{ message: 'm', path, extensions: { code } }] },
    });
    expect(comparable(coded('UPSTREAM_RPC_ERROR', ['network', 'measuredChains', 'edges', 0, 'node', 'chain', 'call']))).toEqual(
      comparable(coded('NODE_API_UNAVAILABLE', ['network', 'measuredChains', 'edges', 2, 'node', 'chain', 'headBlockNumber'])),
    );
    // A field's own null still says its own code.
    expect(comparable(coded('UPSTREAM_RPC_ERROR', ['network', 'measuredChains']))).not.toEqual(
      comparable(coded('NODE_API_UNAVAILABLE', ['network', 'measuredChains'])),
    );
  });

  it('and by their own path where their null is in the data', () => {
    const chains = { network: { evmChains: [{ call: null }, { call: null }] } };
    expect(comparable(answer(chains, ['network', 'evmChains', 0, 'call']))).not.toEqual(
      comparable(answer(chains, ['network', 'evmChains', 1, 'call'])),
    );
  });
});
describe("an empty page of UTXOs against the spec's oneOf (fuzz case 29#154: both alternatives took it)", () => {
  it.each([
    ['getUtxosByAddresses', 'GET', 'p-chain'],
    ['getUtxosByAddresses', 'GET', 'x-chain'],
    ['getUtxosByAddressesV2', 'POST', 'c-chain'],
  ] as const)("%s on the %s is checked against its chain's shape", (operation, method, chain) => {
    const request: RecordedRequest = {
      service: 'data-api',
      operation,
      method,
      path: `/v1/networks/mainnet/blockchains/${chain}/utxos`,
      query: [],
      status: 200,
    };
    const page = (utxos: unknown[]) => ({ status: 200, body: { utxos, chainInfo: { chainName: chain, network: 'mainnet' } } });
    expect(checkSandboxAnswer(request, page([]))).toEqual([]);
    // Still checked: a UTXO of neither shape is a problem.
    expect(checkSandboxAnswer(request, page([{ nope: 1 }]))).not.toEqual([]);
  });
});

describe("an owner set's addresses (fuzz: a subnet's two control keys answered 6 entries, priced at 5)", () => {
  const world = getWorld('mainnet');

  it("are priced at the longest owner set seen, so a subnet's control keys are answered within the entries priced", async () => {
    const multisig = world.subnets.filter((s) => s.ownerAddresses.length >= 2).slice(0, 20);
    expect(multisig.length).toBeGreaterThan(1);
    const query = `{ network { pChain { ${multisig.map((s, i) => `s${i}: subnet(subnetId: "${s.subnetId}") { controlKeys { address } }`).join(' ')} } } }`;
    // Twice: priced at the most an owner set holds until one was seen, then at the longest seen.
    for (let run = 0; run < 2; run++) {
      const body = await post(query);
      expect(body.errors).toBeUndefined();
      const keys = Object.values(body.data.network.pChain as Record<string, { controlKeys: unknown[] }>).map((s) => s.controlKeys.length);
      expect(Math.max(...keys)).toBeGreaterThan(1);
      expect(SIZE.entries(body.data)).toBeLessThanOrEqual(body.extensions!.cost!.estimated.nodes);
    }
  });

  it.each(['deactivationOwner', 'remainingBalanceOwner'])(
    'of an L1 validator (%s) price a call made under each address per address',
    async (owner) => {
      const list = (below: string) =>
        `{ network { l1Validators(first: 40, includeInactive: true) { nodes { ${owner} { addresses { address ${below} } } } } } }`;
      // Until an owner set was seen each is priced at the most one holds (16), past the budget with a call below.
      const unseen = await post(list('xChainUtxos(first: 1) { nodes { utxoId } }'));
      if (!unseen.data) expect(estimateOf(unseen)!.calls).toBeGreaterThanOrEqual(1 + 40 * 16);
      expect((await post(list(''))).errors).toBeUndefined();
      for (let run = 0; run < 2; run++) {
        const body = await post(list('xChainUtxos(first: 1) { nodes { utxoId } }'));
        expect(body.errors).toBeUndefined();
        const owners = (body.data.network.l1Validators.nodes as Record<string, { addresses: { address: string }[] } | null>[]).map(
          (v) => v[owner]?.addresses.map((a) => a.address) ?? [],
        );
        // Multisig owners among them: more addresses than validators, each its own call (once per distinct address).
        expect(owners.flat().length).toBeGreaterThan(owners.length);
        const cost = body.extensions!.cost!;
        expect(cost.actual!.calls).toBeGreaterThanOrEqual(new Set(owners.flat()).size);
        expect(cost.actual!.calls).toBeLessThanOrEqual(cost.estimated.calls);
        expect(SIZE.entries(body.data)).toBeLessThanOrEqual(cost.estimated.nodes);
      }
    },
  );

  it('longer than the last seen, price the calls of their extra addresses as they are answered (fuzz seed p87: 10 calls made, 9 estimated)', async () => {
    // Each address makes calls of its own: its stake, its X-Chain UTXOs, its staking transactions.
    const owners = (subnetId: string) =>
      `{ network { subnet(subnetId: "${subnetId}") { ownerAddresses { pChainNodeStake(validatorsOnly: false) { outputs } xChainUtxos { __typename } activeStakingTransactions(first: 10, startTimestamp: 1600000000) { __typename } } } } }`;
    const single = world.subnets.find((s) => s.ownerAddresses.length === 1)!;
    const longest = Math.max(...world.subnets.map((s) => s.ownerAddresses.length));
    const multisig = world.subnets.find((s) => s.ownerAddresses.length === longest)!;
    expect(longest).toBeGreaterThan(2);
    const own = await startGatewayProcess(sandbox, { ...FUZZ_SETTINGS, CACHE: 'off' });
    try {
      // An owner set of one seen last: the next is priced at about that, and answers more.
      expect((await post(owners(single.subnetId), own.url)).errors).toBeUndefined();
      const body = await post(owners(multisig.subnetId), own.url);
      expect(body.errors).toBeUndefined();
      expect(body.data.network.subnet.ownerAddresses).toHaveLength(longest);
      const cost = body.extensions!.cost!;
      expect(cost.actual!.calls).toBeGreaterThan(cost.estimated.calls);
      expect(cost.settled!.calls).toBeGreaterThan(0);
      expect(cost.actual!.calls).toBeLessThanOrEqual(cost.estimated.calls + cost.settled!.calls);
      expect(checkAnswer({ status: 200, body, ms: 0 }, 'post', 'off', 0)).toEqual([]);
    } finally {
      await own.stop();
    }
  }, 60_000);
});

describe("a network's hourly metric series (fuzz: no answer within the deadline, on every entry)", () => {
  it('is answered in parts merged whole, in a batch, within the fuzzer’s deadline', async () => {
    // The sandbox made the network's hourly series hour by hour (186 chains, two million hours,
    // 15-22 s in the process that runs it), so every request for it stalled past the deadline.
    const query =
      '{ network(name: FUJI) { evmMetrics(first: 15, interval: HOUR, metric: ACTIVE_ADDRESSES) { edges @stream(initialCount: 2) { node { timestamp } } } } }';
    const started = performance.now();
    const res = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify([{ query }, { query: '{ network { name } }' }]),
      signal: AbortSignal.timeout(10_000),
    });
    const [body] = (await res.json()) as Body[];
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(body!.errors).toBeUndefined();
    const timestamps = body!.data.network.evmMetrics.edges.map((e: { node: { timestamp: number } }) => e.node.timestamp);
    expect(timestamps).toHaveLength(15);
    // Newest first, an hour apart.
    for (const [i, t] of timestamps.slice(1).entries()) expect(timestamps[i] - t).toBe(3600);
  }, 30_000);
});

describe("a node's fee series after shorter ones (fuzz: 1,072 entries priced at 932)", () => {
  it('is priced at no fewer points than it answers, whatever series were seen before', async () => {
    // Validations' series first: shorter than a node's, they were the longest fee series seen.
    const before = await post(
      '{ network(name: MAINNET) { l1Validators(first: 20, includeInactive: true) { nodes { feeMetrics(metric: VALIDATION_FEES_DAILY) { value } } } } }',
    );
    expect(before.errors).toBeUndefined();
    const body = await post(
      '{ network(name: MAINNET) { validatorFeeMetrics(metric: PER_NODE_CUMULATIVE_FEES_PAID, nodeId: "NodeID-BmBzqQU9DwzpbE92ewiU1bNKiu2WTKpw3") { value a2: value timestamp a3: timestamp } } }',
    );
    expect(body.errors).toBeUndefined();
    const points = body.data.network.validatorFeeMetrics.length;
    const shortest = Math.min(
      ...before.data.network.l1Validators.nodes.map((n: { feeMetrics: unknown[] | null }) => n.feeMetrics?.length ?? Infinity),
    );
    // The case of the finding: a series longer than one seen before it.
    expect(points).toBeGreaterThan(shortest);
    expect(SIZE.entries(body.data)).toBeLessThanOrEqual(body.extensions!.cost!.estimated.nodes);
  });
});

describe('errors of answers discarded by a null (fuzz seed p35: one error on the first POST, more through the other entries)', () => {
  const targets = useTargets();

  // Each query's first run is interpreted, the next ones compiled (src/yoga/use-compiled-execution.ts),
  // which ran every field and reported every error, the discarded ones too (src/yoga/use-reported-errors.ts).
  it.each([
    [
      'a bad call input under a list of chains, some of whose nodes the node does not serve',
      {
        query:
          'query Q16($v14: EvmCallInput!) { network { measuredChains { nodes { chain { rpcChainId } ... on MeasuredChain { chain { call(input: $v14) } } } } } }',
        variables: { v14: { data: 'P' } },
      },
      { network: { measuredChains: null } },
      'BAD_USER_INPUT',
      /^network\.measuredChains\.nodes\.\d+\.chain\.call$/,
    ],
    [
      'a bad global id at the root beside a transaction the Data API refuses to aggregate',
      {
        query:
          '{ nodes(ids: ["WENoYW"]) { ... on Node { id } } network { aggregatedSignature(txHash: "Vq6nfrdFqCU3XBFNDKzCaaBUREc7vQbEHAenRGtVEX54cEoa1") { signedMessage } } }',
      },
      null,
      'BAD_USER_INPUT',
      /^nodes$/,
    ],
  ])(
    '%s: the one error of the null, through every entry, in every cache mode, run after run',
    async (_what, sent, data, code, path) => {
      const ethCalls = () => sandbox.log.filter((r) => JSON.stringify(r.body ?? null).includes('"eth_call"')).length;
      const before = ethCalls();
      await throughEveryEntry(targets, sent, (body, where) => {
        expect({ where, data: body.data, errors: body.errors?.map((e) => e.extensions?.code) }).toEqual({ where, data, errors: [code] });
        expect(body.errors![0]!.path!.join('.'), where).toMatch(path);
      });
      // The refused call data never reached a node.
      expect(ethCalls()).toBe(before);
    },
    120_000,
  );
});

describe('a deferred fragment an error nulls whole (fuzz seed p56: one error or two, by which of its fields failed first)', () => {
  const targets = useTargets();
  // An EVM block's fragment under @defer whose two fields fail (the node refuses eth_estimateGas; the
  // slot is not one): merged for a JSON client, the block object was kept without the fragment's
  // fields and both errors reported or one, by timing; without @defer the block is null, one error.
  const sent = {
    query: `query ($v2: EvmCallInput! = {from: "0xfe8f3f1cfffcadcdda2e84b4d320ec78d9f6586f", gas: "932"}) {
  nodes(ids: ["QWRkcmVzczptYWlubmV0OmF2YXgxcHp1ZnM3MmRsZ3dtNjQzOHZxaDdoemx2cHQ4NHM2dnNzczU4Y3Y", "RXZtQmxvY2s6bWFpbm5ldDo0MjYzNzAwMjk0OjB4NWZkNjhkNjlmYjZiMGE1MjcwZGZhOTI0YWFlYjhlNTEzMWZiNGI0NzJkNDJkZWNmNzFmZTJjMjgwYTc2NTI2NQ"]) {
    __typename
    id
    ... on EvmBlock @defer(label: "d9") {
      a0: chain { ... on EvmChain { estimateGas(block: "1", input: $v2) } }
      transactionAt(index: 0) { a5: receiver { storageAt(block: "1", slot: "C") } }
    }
  }
}`,
  };

  it('answers what the query without @defer answers, the block null and its one error, through every entry, in every cache mode, run after run', async () => {
    const undeferred = { query: sent.query.replace(' @defer(label: "d9")', '') };
    const expected = (await send('post', targets().gateways.off!.origin, undeferred, 20_000)).body as Body;
    expect(expected.data.nodes[1]).toBeNull();
    expect(expected.errors).toHaveLength(1);
    await throughEveryEntry(targets, sent, (body, where) => {
      const errors = body.errors?.map((e) => e.path?.slice(0, 2).join('.'));
      expect({ where, data: body.data, errors }).toEqual({ where, data: expected.data, errors: ['nodes.1'] });
    });
  }, 120_000);
});

describe("an object's global id (fuzz, seed p35: `nodes(ids:) { id }` of an EVM block answered 147 bytes, priced at 120)", () => {
  it('is priced at the longest id the gateway writes, so an EVM block found again by its id is answered within the bytes priced', async () => {
    const latest = await post('{ network(name: MAINNET) { evmChain(evmChainId: 43114) { latestBlock { id } } } }');
    expect(latest.errors).toBeUndefined();
    const id: string = latest.data.network.evmChain.latestBlock.id;
    // Longer than a leaf's 96 bytes: the case of the finding.
    expect(id.length).toBeGreaterThan(96);
    for (let run = 0; run < 2; run++) {
      const body = await post(`{ nodes(ids: ["${id}"]) { id } }`);
      expect(body.errors).toBeUndefined();
      expect(body.data.nodes[0].id).toBe(id);
      expect(Buffer.byteLength(JSON.stringify(body.data))).toBeLessThanOrEqual(body.extensions!.cost!.estimated.bytes!);
    }
  });
});

describe('a streamed list nulled by one of its items (fuzz seed p39 case 7150: an item before it there or not, by entry and cache mode)', () => {
  const targets = useTargets();

  // The first measured chain is the C-Chain, whose node the sandbox's serves; the next two are
  // chains it does not track, whose `headBlockNumber` (non-null, up to the non-null edge) fails and
  // nulls the streamed list. The executor dropped every item before the failing one that was not
  // yet sent: the C-Chain's edge, whose latest block (from the Data API, slowed here) came last.
  const sent = {
    query:
      '{ network(name: MAINNET) { measuredChains(first: 3) { edges @stream(initialCount: 0) { node { chainName chain { headBlockNumber latestBlock(from: DATA_API) { number } } } } } } }',
  };

  it('answers the items before the failing one and its one error, through every entry, in every cache mode, run after run', async () => {
    try {
      sandbox.fail({ operation: 'getLatestBlocks', kind: 'slow', delayMs: 300, times: -1 });
      await throughEveryEntry(targets, sent, (body, where) => {
        expect({
          where,
          chains: body.data?.network?.measuredChains?.edges?.map((e: { node: { chainName: string } }) => e.node.chainName),
          errors: body.errors?.map((e) => `${e.extensions?.code} ${e.path?.join('.')}`),
        }).toEqual({
          where,
          chains: ['c_chain'],
          errors: ['NODE_API_UNAVAILABLE network.measuredChains.edges.1.node.chain.headBlockNumber'],
        });
      });
    } finally {
      sandbox.knobs.faults = sandbox.knobs.faults.filter((f) => f.operation !== 'getLatestBlocks');
    }
  }, 120_000);
});

describe("a transaction's whole bytes (fuzz: `cChainAtomic { transaction { signedTx } }` answered 684 bytes of data, priced at 164)", () => {
  async function priced(query: string, variables: Record<string, unknown>) {
    const res = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body.errors).toBeUndefined();
    return { body, bytes: Buffer.byteLength(JSON.stringify(body.data)), estimated: body.extensions!.cost!.estimated.bytes! };
  }

  it.each([
    [
      "a C-Chain atomic transaction's signed bytes",
      'query ($v0: CB58Id!) { network { cChainAtomic { transaction(txId: $v0) { signedTx } } } }',
      { v0: 'tZijPPpkipcT7MKwcgBy8SDBDa9wyMi2oLfy5Ym2kmZb1XvRt' },
      (data: any) => data.network.cChainAtomic.transaction.signedTx as string,
    ],
    [
      "an X-Chain transaction's bytes, memo and signatures",
      'query ($v0: CB58Id!) { network { xChain { transaction(txId: $v0) { hex memo unsignedTx credentials { signatures } } } } }',
      { v0: getWorld('mainnet').transactions.x[0]!.txHash },
      (data: any) => data.network.xChain.transaction.hex as string,
    ],
  ])('%s: within the bytes priced before such bytes were seen, and after', async (_what, query, variables, value) => {
    const unseen = await priced(query, variables);
    // The case of the finding: a value longer than a leaf's 96 bytes.
    expect(value(unseen.body.data).length).toBeGreaterThan(96);
    expect(unseen.bytes).toBeLessThanOrEqual(unseen.estimated);
    const seen = await priced(query, variables);
    expect(seen.bytes).toBeLessThanOrEqual(seen.estimated);
    // Priced by the longest seen, with a margin, once one was: below the most a transaction may take.
    expect(seen.estimated).toBeLessThan(unseen.estimated);
  });
});
