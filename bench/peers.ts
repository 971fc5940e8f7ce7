/**
 * The peers `npm run bench` measures beside the gateway, ported from ../shared/bench/peers/ (where
 * they are measured from outside): the same servers, but over the bench's own stub (bench/stub.ts)
 * and answering the gateway's one-call query, so that every server in a run makes the same
 * upstream call and sends the same answer. PEER chooses which:
 *
 *   mercurius  mercurius (fastify) over an SDL schema, graphql-jit compiling after the first use
 *   yoga       graphql-yoga over a Pothos schema, with @envelop/graphql-jit
 *
 * Each resolves the query's one field with one undici Pool call to PEER_UPSTREAM (the stub's
 * origin), as the peers do, and has nothing else: no limits, no metrics, no log. Prints one JSON
 * line with its /graphql URL once it listens.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useGraphQlJit } from '@envelop/graphql-jit';
import SchemaBuilder from '@pothos/core';
import Fastify from 'fastify';
import { createYoga } from 'graphql-yoga';
import mercurius from 'mercurius';
import { Pool } from 'undici';

const pool = new Pool(process.env.PEER_UPSTREAM!, { connections: 32, pipelining: 1, keepAliveTimeout: 60_000 });

interface Blockchain {
  blockchainId: string;
}
interface Subnet {
  subnetId: string;
  blockchains: Blockchain[];
}

/** The one upstream call: a page of subnets, as the stub (and the Data API) answers it. */
async function subnets(network: string, first: number): Promise<{ nodes: Subnet[] }> {
  const { statusCode, body } = await pool.request({ path: `/v1/networks/${network.toLowerCase()}/subnets?pageSize=${first}`, method: 'GET' });
  const json = (await body.json()) as { subnets: Subnet[] };
  if (statusCode !== 200) throw new Error(`upstream ${statusCode}`);
  return { nodes: json.subnets.slice(0, first) };
}

const SDL = `
enum NetworkName { MAINNET FUJI }
type Blockchain { blockchainId: ID! }
type Subnet { subnetId: ID! blockchains: [Blockchain!]! }
type SubnetConnection { nodes: [Subnet!]! }
type Network { name: NetworkName! subnets(first: Int): SubnetConnection! }
type Query { network(name: NetworkName!): Network }`;

async function mercuriusPeer(): Promise<number> {
  const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
  const resolvers = {
    Query: { network: (_root: unknown, args: { name: string }) => ({ name: args.name }) },
    Network: { subnets: (network: { name: string }, args: { first?: number }) => subnets(network.name, args.first ?? 10) },
  };
  await app.register(mercurius, { schema: SDL, resolvers, jit: 1, graphiql: false, path: '/graphql' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

function yogaPeer(): Promise<number> {
  const builder = new SchemaBuilder<{ Objects: { Network: { name: string }; SubnetConnection: { nodes: Subnet[] }; Subnet: Subnet; Blockchain: Blockchain } }>(
    // No plugin: the options the project's plugins declare for its own builder (scopeAuth) do not apply.
    {} as never,
  );
  const NetworkName = builder.enumType('NetworkName', { values: ['MAINNET', 'FUJI'] as const });
  builder.objectType('Blockchain', { fields: (t) => ({ blockchainId: t.exposeID('blockchainId') }) });
  builder.objectType('Subnet', { fields: (t) => ({ subnetId: t.exposeID('subnetId'), blockchains: t.expose('blockchains', { type: ['Blockchain'] }) }) });
  builder.objectType('SubnetConnection', { fields: (t) => ({ nodes: t.expose('nodes', { type: ['Subnet'] }) }) });
  builder.objectType('Network', {
    fields: (t) => ({
      name: t.field({ type: NetworkName, resolve: (network) => network.name as 'MAINNET' | 'FUJI' }),
      subnets: t.field({ type: 'SubnetConnection', args: { first: t.arg.int() }, resolve: (network, args) => subnets(network.name, args.first ?? 10) }),
    }),
  });
  builder.queryType({
    fields: (t) => ({ network: t.field({ type: 'Network', nullable: true, args: { name: t.arg({ type: NetworkName, required: true }) }, resolve: (_root, args) => ({ name: args.name }) }) }),
  });
  const yoga = createYoga({ schema: builder.toSchema(), plugins: [useGraphQlJit()], graphqlEndpoint: '/graphql', logging: false, graphiql: false, landingPage: false });
  const server = createServer(yoga);
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const peers: Record<string, () => Promise<number>> = { mercurius: mercuriusPeer, yoga: yogaPeer };
const peer = peers[process.env.PEER ?? ''];
if (!peer) throw new Error(`PEER must be one of ${Object.keys(peers).join(', ')}`);
const port = await peer();
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/graphql` }));
process.on('SIGTERM', () => process.exit(0));
