/**
 * The peers `npm run bench` measures beside the gateway, ported from ../shared/bench/peers/ (where
 * they are measured from outside): the same servers, but over the bench's own stub (bench/stub.ts)
 * and answering the gateway's one-call query, so that every server in a run makes the same
 * upstream call and sends the same answer. PEER chooses which:
 *
 *   mercurius           mercurius (fastify) over an SDL schema, graphql-jit compiling after the first use
 *   yoga                graphql-yoga over a Pothos schema, with @envelop/graphql-jit
 *   mercurius-features  the mercurius peer with the gateway's per-request default features added as
 *                       a fastify user adds them (`mercuriusFeaturesPeer` says which)
 *
 * Each resolves the query's one field with one undici Pool call to PEER_UPSTREAM (the stub's
 * origin), as the peers do. The first two have nothing else: no limits, no metrics, no log, as
 * ../shared/bench/peers/ has them and as issue 35's target is set. Prints one JSON line with its
 * /graphql URL once it listens.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useGraphQlJit } from '@envelop/graphql-jit';
import SchemaBuilder from '@pothos/core';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import mercurius from 'mercurius';
import pino from 'pino';
import { Histogram, Registry } from 'prom-client';
import { Pool } from 'undici';

const pool = new Pool(process.env.PEER_UPSTREAM!, { connections: 32, pipelining: 1, keepAliveTimeout: 60_000 });

interface Blockchain {
  blockchainId: string;
}
interface Subnet {
  subnetId: string;
  blockchains: Blockchain[];
}

/** What a peer does with each upstream answer (the features peer times and checks it); the bare peers do nothing. */
type OnAnswer = (status: number, started: number, json: unknown) => void;

/** The one upstream call: a page of subnets, as the stub (and the Data API) answers it. */
async function subnets(network: string, first: number, onAnswer?: OnAnswer): Promise<{ nodes: Subnet[] }> {
  const started = onAnswer && performance.now();
  const { statusCode, body } = await pool.request({ path: `/v1/networks/${network.toLowerCase()}/subnets?pageSize=${first}`, method: 'GET' });
  const json = (await body.json()) as { subnets: Subnet[] };
  if (statusCode !== 200) throw new Error(`upstream ${statusCode}`);
  onAnswer?.(statusCode, started!, json);
  return { nodes: json.subnets.slice(0, first) };
}

const SDL = `
enum NetworkName { MAINNET FUJI }
type Blockchain { blockchainId: ID! }
type Subnet { subnetId: ID! blockchains: [Blockchain!]! }
type SubnetConnection { nodes: [Subnet!]! }
type Network { name: NetworkName! subnets(first: Int): SubnetConnection! }
type Query { network(name: NetworkName!): Network }`;

/** The mercurius peers' resolvers over the SDL. */
const resolvers = (onAnswer?: OnAnswer) => ({
  Query: { network: (_root: unknown, args: { name: string }) => ({ name: args.name }) },
  Network: { subnets: (network: { name: string }, args: { first?: number }) => subnets(network.name, args.first ?? 10, onAnswer) },
});

async function mercuriusPeer(): Promise<number> {
  const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
  await app.register(mercurius, { schema: SDL, resolvers: resolvers(), jit: 1, graphiql: false, path: '/graphql' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** The request log's one line a request, written when the answer is sent, as the gateway writes its own. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { status: reply.statusCode, ms: reply.elapsedTime, operation: 'query' };
    if (error) request.log.error({ ...fields, err: error }, 'request failed');
    else request.log.info(fields, 'request');
  }
}

/**
 * The mercurius peer with what the gateway does for every request by default, each added as a
 * fastify or mercurius user adds it, so the comparison with the gateway is feature for feature:
 *
 * - request log: fastify's logger (pino, info, written in the background to /dev/null as the
 *   benchmarks send the gateway's stdout there), one line a request with its id, status and time;
 * - request id: `x-request-id` when the client sends one, else a random UUID, and echoed back;
 * - metrics: prom-client histograms of each request (operation, status) and each upstream call
 *   (service, operation, status), as the gateway keeps them;
 * - a limit on the query: mercurius's `queryDepth` (the gateway prices every document instead,
 *   which costs it more per new document and the same per known one);
 * - the upstream answer checked against the spec: the gateway's own generated check of
 *   listSubnets (src/upstreams/answer-checks.generated.ts);
 * - `cache-control` on every answer.
 *
 * What it leaves out, and the gateway does: rate-limit and budget bookkeeping, the cost in the
 * answer's extensions, retries, the circuit breaker, a graph of 400 types. So it is a floor under
 * what these features cost mercurius, not a match of everything.
 */
async function mercuriusFeaturesPeer(): Promise<number> {
  const { data_listSubnets: fitsSpec } = await import('../src/upstreams/answer-checks.generated.js');
  const registry = new Registry();
  const requests = new Histogram({ name: 'requests_seconds', help: 'Requests', labelNames: ['operation', 'status'], registers: [registry] });
  const calls = new Histogram({ name: 'upstream_seconds', help: 'Upstream calls', labelNames: ['service', 'operation', 'status'], registers: [registry] });
  const onAnswer: OnAnswer = (status, started, json) => {
    calls.observe({ service: 'data', operation: 'listSubnets', status: String(status) }, (performance.now() - started) / 1000);
    if (!(fitsSpec as (data: unknown) => boolean)(json)) throw new Error('the upstream answer does not fit the spec');
  };
  const app = Fastify({
    logger: { level: 'info', stream: pino.destination({ dest: '/dev/null', sync: false }) },
    logController: new OneLinePerRequest(),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    keepAliveTimeout: 60_000,
  });
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  app.addHook('onResponse', async (_request, reply) => {
    requests.observe({ operation: 'query', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  await app.register(mercurius, { schema: SDL, resolvers: resolvers(onAnswer), jit: 1, graphiql: false, path: '/graphql', queryDepth: 12 });
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

const peers: Record<string, () => Promise<number>> = { mercurius: mercuriusPeer, yoga: yogaPeer, 'mercurius-features': mercuriusFeaturesPeer };
const peer = peers[process.env.PEER ?? ''];
if (!peer) throw new Error(`PEER must be one of ${Object.keys(peers).join(', ')}`);
const port = await peer();
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/graphql` }));
process.on('SIGTERM', () => process.exit(0));
