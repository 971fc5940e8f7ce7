/**
 * The graph as an Apollo Federation v2 subgraph (FEDERATION=on, /subgraph): its entities resolve
 * through the same loaders, batched; it composes with a neighbour's subgraph (Apollo's composition)
 * and a supergraph query crossing both runs in Apollo's gateway; the plain graph is unchanged.
 */
import { manualBlocks } from '../helpers/manual.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { useApolloFederation } from '@envelop/apollo-federation';
import { buildASTSchema, GraphQLBoolean, GraphQLID, type GraphQLObjectType, GraphQLString, parse, print } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema, subgraphSchema } from '../../src/graph/index.js';
import { createGatewayServer, type GatewayServer } from '../../src/http/server.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const world = getWorld('mainnet');
const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

let h: Harness;
let gw: GatewayServer;
let ours: string;
/** Requests our server received, by path: how many fetches the router sent us. */
let ourRequests: string[] = [];

beforeAll(async () => {
  h = await startHarness({ FEDERATION: 'true' });
  gw = createGatewayServer(h.gateway, h.config.server);
  gw.server.on('request', (req) => ourRequests.push(req.url ?? ''));
  ours = `${await listen(gw.server)}/subgraph`;
});
afterAll(async () => {
  await gw.drain(100);
  await h.close();
});
beforeEach(() => {
  h.sandbox.reset();
  ourRequests = [];
});

/** A router's request to a subgraph: any document, at /subgraph. */
async function subgraph(query: string, variables: Record<string, unknown> = {}, on: Harness = h) {
  const res = await on.gateway.subgraph!.fetch('http://gateway.test/subgraph', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; path?: unknown[]; extensions?: any }[] };
}

async function entities(representations: Record<string, unknown>[], selection: string, on: Harness = h) {
  return subgraph(
    `query ($r: [_Any!]!) { _entities(representations: $r) { __typename ${selection} } }`,
    { r: representations },
    on,
  ) as Promise<{
    data?: { _entities: any[] };
    errors?: { message: string; path?: unknown[]; extensions?: any }[];
  }>;
}

const subnets = world.subnets.filter((s) => s.blockchains.length > 0).slice(0, 3);
const validators = world.l1Validators.slice(0, 2);
const pTx = world.transactions.p[0]!;
const xTx = world.transactions.x[0]!;

describe('the subgraph at /subgraph', () => {
  it('serves the SDL that npm run codegen printed to schema/subgraph.graphql', async () => {
    const res = await fetch(ours, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    const sdl = ((await res.json()) as any).data._service.sdl as string;
    expect(`${sdl}\n`).toBe(readFileSync(new URL('../../schema/subgraph.graphql', import.meta.url), 'utf8'));
    for (const key of [
      'type Subnet implements Node\n  @key(fields: "network subnetId")',
      'type Blockchain implements Node\n  @key(fields: "network blockchainId")',
      'type Address implements Node\n  @key(fields: "network address")',
      'type L1Validator implements Node\n  @key(fields: "network validationId")',
      'interface PrimaryNetworkTransaction implements Node\n  @key(fields: "network chain txHash")',
      'type EvmChain implements Node\n  @key(fields: "network evmChainId")\n  @key(fields: "network blockchainId")',
    ]) {
      expect(sdl).toContain(key);
    }
  });

  it('finds subnets and blockchains in one subnet listing, however many are asked', async () => {
    const reps = [
      ...subnets.map((s) => ({ __typename: 'Subnet', network: 'MAINNET', subnetId: s.subnetId })),
      ...subnets.map((s) => ({ __typename: 'Blockchain', network: 'MAINNET', blockchainId: s.blockchains[0]!.blockchainId })),
    ];
    const { data, errors } = await entities(reps, '... on Subnet { subnetId isL1 } ... on Blockchain { blockchainId subnet { subnetId } }');
    expect(errors).toBeUndefined();
    expect(data!._entities).toEqual([
      ...subnets.map((s) => ({ __typename: 'Subnet', subnetId: s.subnetId, isL1: s.isL1 })),
      ...subnets.map((s) => ({ __typename: 'Blockchain', blockchainId: s.blockchains[0]!.blockchainId, subnet: { subnetId: s.subnetId } })),
    ]);
    expect(h.sandbox.count('listSubnets')).toBe(1);
  });

  it("looks up every address's chains in one call, and an address needs no call of its own", async () => {
    const addresses = world.addresses.slice(0, 4);
    const { data } = await entities(
      addresses.map((address) => ({ __typename: 'Address', network: 'MAINNET', address })),
      '... on Address { address chains { blockchainId } }',
    );
    expect(data!._entities.map((a) => a.address)).toEqual(addresses);
    for (const [i, address] of addresses.entries()) {
      expect(data!._entities[i].chains.map((c: any) => c.blockchainId).sort()).toEqual(
        [...(world.chainIdsByAddress.get(address) ?? [])].sort(),
      );
    }
    expect(h.sandbox.count()).toBe(1);
    expect(h.sandbox.count('getChainIdsForAddresses')).toBe(1);
  });

  it('finds L1 validators, transactions (by the interface or their own type) and EVM chains (by either key)', async () => {
    const c = [...world.subnets.flatMap((s) => s.blockchains)].find((b) => b.evmChainId && b.blockchainId !== world.chainIds.c)!;
    const { data, errors } = await entities(
      [
        ...validators.map((v) => ({ __typename: 'L1Validator', network: 'MAINNET', validationId: v.validationId })),
        // The same validator again is the same lookup.
        { __typename: 'L1Validator', network: 'MAINNET', validationId: validators[0]!.validationId },
        { __typename: 'PrimaryNetworkTransaction', network: 'MAINNET', chain: 'P_CHAIN', txHash: pTx.txHash },
        { __typename: 'XChainTransaction', network: 'MAINNET', chain: 'X_CHAIN', txHash: xTx.txHash },
        { __typename: 'EvmChain', network: 'MAINNET', evmChainId: 43114 },
        { __typename: 'EvmChain', network: 'MAINNET', blockchainId: c.blockchainId },
      ],
      `... on L1Validator { validationId nodeId }
       ... on PrimaryNetworkTransaction { txHash chain }
       ... on EvmChain { evmChainId blockchainId }`,
    );
    expect(errors).toBeUndefined();
    expect(data!._entities).toEqual([
      ...validators.map((v) => ({ __typename: 'L1Validator', validationId: v.validationId, nodeId: v.nodeId })),
      { __typename: 'L1Validator', validationId: validators[0]!.validationId, nodeId: validators[0]!.nodeId },
      { __typename: 'PChainTransaction', txHash: pTx.txHash, chain: 'P_CHAIN' },
      { __typename: 'XChainTransaction', txHash: xTx.txHash, chain: 'X_CHAIN' },
      { __typename: 'EvmChain', evmChainId: 43114, blockchainId: world.chainIds.c },
      { __typename: 'EvmChain', evmChainId: Number(c.evmChainId), blockchainId: c.blockchainId },
    ]);
    expect(h.sandbox.count('listL1Validators')).toBe(2);
    expect(h.sandbox.count('getTxByHash')).toBe(2);
    expect(h.sandbox.count('listSubnets')).toBe(1);
  });

  it('answers null for an unknown id, and a precise error for a malformed representation, the others still resolving', async () => {
    const { data, errors } = await entities(
      [
        { __typename: 'Subnet', network: 'MAINNET', subnetId: subnets[0]!.subnetId },
        // Well-formed, but no subnet's: an X-Chain transaction id.
        { __typename: 'Subnet', network: 'MAINNET', subnetId: xTx.txHash },
        { __typename: 'Subnet', network: 'MOON', subnetId: subnets[0]!.subnetId },
        { __typename: 'Blockchain', network: 'MAINNET', blockchainId: 'not-cb58' },
        { __typename: 'PChainTransaction', network: 'MAINNET', chain: 'X_CHAIN', txHash: pTx.txHash },
      ],
      '... on Subnet { subnetId } ... on Blockchain { blockchainId } ... on PChainTransaction { txHash }',
    );
    expect(data!._entities).toEqual([{ __typename: 'Subnet', subnetId: subnets[0]!.subnetId }, null, null, null, null]);
    expect(errors!.map((e) => [e.path, e.extensions?.code])).toEqual([
      [['_entities', 2], 'BAD_USER_INPUT'],
      [['_entities', 3], 'BAD_USER_INPUT'],
      [['_entities', 4], 'BAD_USER_INPUT'],
    ]);
    expect(errors![0]!.message).toMatch(/`network`: MAINNET, FUJI or TESTNET/);
    expect(errors![1]!.message).toMatch(/malformed `blockchainId` "not-cb58"/);
    expect(errors![2]!.message).toMatch(/`chain`: P_CHAIN/);
  });

  it('fails a representation that names no entity of ours, or is no object, alone with BAD_USER_INPUT', async () => {
    const { data, errors } = await entities(
      [
        { __typename: 'Subnet', network: 'MAINNET', subnetId: subnets[0]!.subnetId },
        { __typename: 'Planet', network: 'MAINNET', subnetId: subnets[0]!.subnetId },
        'Subnet' as never,
        [{ __typename: 'Subnet' }] as never,
        { network: 'MAINNET', subnetId: subnets[0]!.subnetId },
        { __typename: 'PChainTransaction', network: 'MAINNET', chain: 'P_CHAIN', txHash: pTx.txHash },
      ],
      '... on Subnet { subnetId } ... on PChainTransaction { txHash }',
    );
    expect(data!._entities).toEqual([
      { __typename: 'Subnet', subnetId: subnets[0]!.subnetId },
      null,
      null,
      null,
      null,
      { __typename: 'PChainTransaction', txHash: pTx.txHash },
    ]);
    expect(errors!.map((e) => [e.path, e.extensions?.code])).toEqual([1, 2, 3, 4].map((i) => [['_entities', i], 'BAD_USER_INPUT']));
    expect(errors![0]!.message).toMatch(/`__typename` names one of this subgraph's entities: .*Subnet.* \(got "Planet"\)/);
    expect(errors![1]!.message).toMatch(/is an object with `__typename`.*\(got "Subnet"\)/);
  });

  it('takes up to 1000 representations, and refuses more with a message', async () => {
    const many = (n: number) =>
      Array.from({ length: n }, () => ({ __typename: 'Subnet', network: 'MAINNET', subnetId: subnets[0]!.subnetId }));
    expect((await entities(many(1000), '... on Subnet { subnetId }')).data!._entities).toHaveLength(1000);
    expect(h.sandbox.count('listSubnets')).toBe(1);
    const refused = await entities(many(1001), '... on Subnet { subnetId }');
    expect(refused.errors!.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(refused.errors![0]!.message).toMatch(/1001 items.*at most 1000/);
  });
});

describe('entities a router has just listed', () => {
  const listing = `{ network {
    transactions(chain: P_CHAIN, first: 20) { nodes { txHash } }
    l1Validators(first: 20, includeInactive: true) { nodes { validationId } }
  } }`;
  const selection = '... on PChainTransaction { txHash txType } ... on L1Validator { validationId nodeId }';
  const representationsOf = (listed: any) => [
    ...listed.network.transactions.nodes.map((t: any) => ({
      __typename: 'PChainTransaction',
      network: 'MAINNET',
      chain: 'P_CHAIN',
      txHash: t.txHash,
    })),
    ...listed.network.l1Validators.nodes.map((v: any) => ({ __typename: 'L1Validator', network: 'MAINNET', validationId: v.validationId })),
  ];

  it.each([
    ['memory', 0],
    ['off', 40],
  ] as const)('with CACHE=%s cost %i calls: with the cache, the lists answer for them while fresh', async (cache, calls) => {
    const c = await startHarness({ FEDERATION: 'true', CACHE: cache }, { sandbox: h.sandbox });
    try {
      // A router's plan: a list from us, a neighbour's fields, then back to us for more fields of the same entities.
      const listed = await subgraph(listing, {}, c);
      expect(listed.errors).toBeUndefined();
      const before = h.sandbox.total;
      const reps = representationsOf(listed.data);
      expect(reps).toHaveLength(40);
      const { data, errors } = await entities(reps, selection, c);
      expect(errors).toBeUndefined();
      expect(data!._entities).toEqual(
        reps.map((r) => {
          if (r.__typename === 'L1Validator') {
            const v = world.l1Validators.find((w) => w.validationId === r.validationId)!;
            return { __typename: 'L1Validator', validationId: v.validationId, nodeId: v.nodeId };
          }
          const tx = world.transactions.p.find((t) => t.txHash === r.txHash)!;
          return { __typename: 'PChainTransaction', txHash: tx.txHash, txType: tx.txType };
        }),
      );
      // Without the cache nothing outlives a request: one lookup each, as the README says.
      expect(h.sandbox.total - before).toBe(calls);
    } finally {
      await c.close();
    }
  });

  it('asks again once the lists are no longer fresh', async () => {
    const c = await startHarness(
      { FEDERATION: 'true', CACHE: 'memory', CACHE_TTL_TRANSACTIONS_MS: '200', CACHE_TTL_VALIDATORS_MS: '200' },
      { sandbox: h.sandbox },
    );
    try {
      const listed = await subgraph(listing, {}, c);
      await sleep(250);
      const before = h.sandbox.count('getTxByHash');
      expect((await entities(representationsOf(listed.data), selection, c)).errors).toBeUndefined();
      expect(h.sandbox.count('getTxByHash') - before).toBe(20);
    } finally {
      await c.close();
    }
  });
});

describe('the plain graph', () => {
  it("keeps no trace of the subgraph's directives: no AST nodes on its types or on GraphQL's own", () => {
    subgraphSchema();
    expect(schema.getType('Subnet')!.astNode).toBeUndefined();
    expect(schema.astNode).toBeUndefined();
    for (const type of [GraphQLString, GraphQLID, GraphQLBoolean]) expect(type.astNode).toBeUndefined();
    expect(
      subgraphSchema()
        .getType('Subnet')!
        .astNode?.directives?.map((d) => d.name.value),
    ).toEqual(['key']);
  });

  it("is built without the federation plugin's directives, which every start would pay for; the subgraph has them", () => {
    const directivesOf = (s: typeof schema) =>
      Object.values(s.getTypeMap()).flatMap((type) => [
        ...(type.extensions.directives ? [type.name] : []),
        ...('getFields' in type ? Object.values(type.getFields()) : [])
          .filter((field) => field.extensions.directives)
          .map((field) => `${type.name}.${field.name}`),
      ]);
    expect(directivesOf(schema)).toEqual([]);
    const priced = directivesOf(subgraphSchema());
    expect(priced).toContain('Subnet');
    expect(priced).toContain('Network.subnets');
  });

  it('is unchanged: /graphql has no _service or _entities', async () => {
    const r = await h.raw('{ _service { sdl } }');
    expect(r.errors?.[0]?.message).toMatch(/Cannot query field "_service" on type "Query"/);
  });

  it('with SUBGRAPH_TOKEN, answers only the router that sends it', async () => {
    const token = 'router-secret-0123456789';
    const guarded = await startHarness({ FEDERATION: 'true', SUBGRAPH_TOKEN: token }, { sandbox: h.sandbox });
    const server = createGatewayServer(guarded.gateway, guarded.config.server);
    const base = await listen(server.server);
    const ask = (headers: Record<string, string>) =>
      fetch(`${base}/subgraph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ _service { sdl } }' }),
      });
    try {
      const calls = h.sandbox.total;
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }] as Record<string, string>[]) {
        const refused = await ask(headers);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({
          errors: [{ message: expect.stringContaining('Authorization: Bearer <SUBGRAPH_TOKEN>'), extensions: { code: 'FORBIDDEN' } }],
        });
      }
      const allowed = await ask({ authorization: `Bearer ${token}` });
      expect(allowed.status).toBe(200);
      expect(((await allowed.json()) as { data: { _service: { sdl: string } } }).data._service.sdl).toContain('@key');
      // The graph itself needs no token.
      const graph = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(graph.status).toBe(200);
      expect(h.sandbox.total).toBe(calls);
    } finally {
      await server.drain(100);
      await guarded.close();
    }
  });

  it('has no /subgraph when FEDERATION is off', async () => {
    const off = await startHarness({}, { sandbox: h.sandbox });
    const server = createGatewayServer(off.gateway, off.config.server);
    const base = await listen(server.server);
    const res = await fetch(`${base}/subgraph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    expect(res.status).toBe(404);
    expect(off.gateway.subgraph).toBeUndefined();
    await server.drain(100);
    await off.close();
  });
});

// --- a neighbour's subgraph, composed with ours into a supergraph ------------------------------

/** Labels a neighbour keeps for addresses of our graph. */
const labelled = world.subnets.find((s) => s.ownerAddresses.length > 1)!;
const LABELS = new Map(labelled.ownerAddresses.map((a, i) => [a, `owner ${i + 1}`]));
const TEAMS = [
  { id: 't1', name: 'Red', subnetIds: [subnets[0]!.subnetId, subnets[1]!.subnetId], wallet: world.addresses[0]! },
  { id: 't2', name: 'Blue', subnetIds: [subnets[2]!.subnetId], wallet: world.addresses[1]! },
];

const NEIGHBOUR_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

  enum NetworkName { FUJI MAINNET TESTNET }

  type Address @key(fields: "network address") {
    network: NetworkName!
    address: String!
    label: String
  }

  type Subnet @key(fields: "network subnetId", resolvable: false) {
    network: NetworkName!
    subnetId: String!
  }

  type Team @key(fields: "id") {
    id: ID!
    name: String!
    subnets: [Subnet!]!
    wallet: Address!
  }

  type Query {
    teams: [Team!]!
  }
`;

let neighbourEntityCalls: number[] = [];
let neighbour: Server;
let supergraph: YogaServerInstance<Record<string, unknown>, Record<string, unknown>>;
let apolloGateway: ApolloGateway;

beforeAll(async () => {
  const schema = buildSubgraphSchema({
    typeDefs: parse(NEIGHBOUR_SDL),
    resolvers: {
      Query: { teams: () => TEAMS },
      Team: {
        subnets: (team: (typeof TEAMS)[number]) => team.subnetIds.map((subnetId) => ({ network: 'MAINNET', subnetId })),
        wallet: (team: (typeof TEAMS)[number]) => ({ network: 'MAINNET', address: team.wallet }),
      },
      Address: {
        __resolveReference: (ref: { network: string; address: string }) => ({ ...ref, label: LABELS.get(ref.address) ?? null }),
        label: (a: { address: string }) => LABELS.get(a.address) ?? null,
      },
    } as never,
  });
  const yoga = createYoga({
    schema,
    graphqlEndpoint: '/graphql',
    plugins: [
      {
        onExecute: ({ args }: { args: { variableValues?: unknown } }) => {
          const reps = (args.variableValues as { representations?: unknown[] } | undefined)?.representations;
          if (reps) neighbourEntityCalls.push(reps.length);
        },
      },
    ],
  });
  neighbour = createServer(yoga);
  const theirs = `${await listen(neighbour)}/graphql`;

  const ourSdl = readFileSync(new URL('../../schema/subgraph.graphql', import.meta.url), 'utf8');
  const composed = composeServices([
    { name: 'avalanche', typeDefs: parse(ourSdl), url: ours },
    { name: 'teams', typeDefs: parse(NEIGHBOUR_SDL), url: theirs },
  ]);
  if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
  supergraphSdl = composed.supergraphSdl;

  apolloGateway = new ApolloGateway({ supergraphSdl: composed.supergraphSdl, logger: { debug() {}, info() {}, warn() {}, error() {} } });
  await apolloGateway.load();
  supergraph = createYoga({ plugins: [useApolloFederation({ gateway: apolloGateway, logger: console })], logging: false });
});
afterAll(async () => {
  await apolloGateway?.stop();
  neighbour?.closeAllConnections();
  await new Promise((resolve) => neighbour?.close(resolve));
});
beforeEach(() => {
  neighbourEntityCalls = [];
});

async function superQuery(query: string) {
  const res = await supergraph.fetch('http://supergraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as { data?: any; errors?: unknown[] };
}

let supergraphSdl: string;

describe('demand control in the supergraph', () => {
  it("keeps our fields' prices as @cost and @listSize, for a router that prices queries as we do", () => {
    const types = buildASTSchema(parse(supergraphSdl), { assumeValidSDL: true });
    const subnets = (types.getType('Network') as GraphQLObjectType).getFields().subnets!;
    const directives = (subnets.astNode?.directives ?? []).map((d) => print(d));
    expect(directives).toContain('@cost(weight: 1)');
    expect(directives).toContain('@listSize(slicingArguments: ["first"], sizedFields: ["edges", "nodes"])');
    const blockchains = (types.getType('Subnet') as GraphQLObjectType).getFields().blockchains!;
    expect((blockchains.astNode?.directives ?? []).map((d) => print(d))).toContain('@listSize(assumedSize: 3)');
  });
});

describe('a supergraph of our subgraph and a neighbour that labels our addresses', () => {
  it("runs the manual's supergraph query (docs/federation.md)", async () => {
    const query = manualBlocks('graphql').find((b) => b.text.startsWith('# In the supergraph'))!.text;
    const { data, errors } = await superQuery(query);
    expect(errors).toBeUndefined();
    expect(data.network.subnets.nodes).toHaveLength(5);
    expect(data.teams.map((t: any) => t.wallet.label)).toEqual(TEAMS.map((t) => LABELS.get(t.wallet) ?? null));
  });

  it("reads a subnet's owners from our graph with their labels from theirs, in one fetch each", async () => {
    const { data, errors } = await superQuery(`{
      network(name: MAINNET) {
        subnet(subnetId: "${labelled.subnetId}") { subnetId ownerAddresses { address label } }
      }
    }`);
    expect(errors).toBeUndefined();
    expect(data.network.subnet).toEqual({
      subnetId: labelled.subnetId,
      ownerAddresses: labelled.ownerAddresses.map((address, i) => ({ address, label: `owner ${i + 1}` })),
    });
    // One fetch from us, then one from them with every owner.
    expect(ourRequests).toEqual(['/subgraph']);
    expect(neighbourEntityCalls).toEqual([labelled.ownerAddresses.length]);
  });

  it("reads their teams with our subnets and their wallet's chains from ours, our lookups batched", async () => {
    const { data, errors } = await superQuery(`{
      teams {
        name
        subnets { subnetId isL1 blockchains { blockchainId } }
        wallet { address label chains { blockchainId } }
      }
    }`);
    expect(errors).toBeUndefined();
    expect(data.teams).toEqual(
      TEAMS.map((team) => ({
        name: team.name,
        subnets: team.subnetIds.map((id) => {
          const s = world.subnets.find((x) => x.subnetId === id)!;
          return { subnetId: id, isL1: s.isL1, blockchains: s.blockchains.map((b) => ({ blockchainId: b.blockchainId })) };
        }),
        wallet: {
          address: team.wallet,
          label: LABELS.get(team.wallet) ?? null,
          chains: expect.arrayContaining((world.chainIdsByAddress.get(team.wallet) ?? []).map((blockchainId) => ({ blockchainId }))),
        },
      })),
    );
    // The router asks us once for the subnets and once for the wallets' chains; each is one upstream call.
    expect(ourRequests).toEqual(['/subgraph', '/subgraph']);
    expect(h.sandbox.count('listSubnets')).toBe(1);
    expect(h.sandbox.count('getChainIdsForAddresses')).toBe(1);
    expect(h.sandbox.count()).toBe(2);
  });
});
