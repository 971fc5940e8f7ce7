/**
 * X-Chain vertices: the DAG the X-Chain used before the Cortina upgrade: the latest
 * (listLatestXChainVertices), one by hash (getVertexByHash), those at a height (getVertexByHeight).
 */
import type { GatewayContext } from '../graphql/context.js';
import { parseCb58Id, type NetworkName } from '../base/ids.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { lookupPrice } from './lookups.js';
import { CB58IdScalar } from './scalars.js';
import { NetworkNameEnum, SortOrderEnum } from './enums.js';
import type { ListXChainVerticesResponse, XChainVertex } from '../upstreams/data-api/vertex.js';
import { badInput } from '../graphql/errors.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { getVertexByHash, getVertexByHeight, listLatestXChainVertices } from '../upstreams/data-api/vertex.js';
import { NetworkRef, PrimaryNetworkChainInfoRef } from './refs.js';

type VertexModel = XChainVertex & { network: NetworkName };

/**
 * A vertex's parents, with a lookup each: two until a vertex of more was seen, then the most seen
 * (at two always, a vertex of more passed its price on every answer); never above the 128 parents a
 * vertex may have (avalanchego snow/engine/avalanche/vertex maxNumParents). The calls follow the items.
 */
const VERTEX_PARENTS = usually('vertexParents', 2, 128);

/** A vertex's transactions: ten, what a list was assumed to hold, until more were seen; at most 128 (maxTxsPerVtx, as above). */
const VERTEX_TXS = usually('vertexTransactions', 10, 128);

/** A vertex by hash, once per request and kept (the DAG no longer changes); null when the Data API has none. */
async function findVertex(ctx: GatewayContext, network: NetworkName, vertexHash: string): Promise<VertexModel | null> {
  const vertex = await getVertexByHash(ctx.dataApi, network, vertexHash);
  return vertex ? { ...vertex, network } : null;
}

const VertexRef = builder.objectRef<VertexModel>('XChainVertex');
builder.node(VertexRef, {
  description: 'A vertex of the X-Chain DAG: a batch of transactions with its parent vertices.',
  id: {
    resolve: (v) => nodeKey(v.network, v.vertexHash),
    parse: (id) => parseNodeKey(id, parseCb58Id),
  },
  loadOne: ({ network, key }, ctx) => findVertex(ctx, network, key),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network.' }),
    vertexHash: t.exposeString('vertexHash', { description: 'The vertex id (cb58).' }),
    parentHashes: t.exposeStringList('parentHashes', { description: 'Parent vertices.', price: { items: VERTEX_PARENTS } }),
    vertexHeight: t.expose('vertexHeight', { type: 'SafeInt', description: 'Height in the DAG.' }),
    vertexIndex: t.expose('vertexIndex', { type: 'SafeInt', description: 'Acceptance order.' }),
    vertexTimestamp: t.expose('vertexTimestamp', { type: 'SafeInt', description: 'Unix time (s) of acceptance.' }),
    txCount: t.exposeInt('txCount', { description: 'Transactions in the vertex.' }),
    transactions: t.exposeStringList('transactions', {
      description: 'Ids of its transactions (see `Network.transaction(chain: X_CHAIN, txHash:)`).',
      price: { items: VERTEX_TXS },
    }),
    vertexSizeBytes: t.exposeInt('vertexSizeBytes', { description: 'Size in bytes.' }),
    parents: t.field({
      type: [VertexRef],
      price: { calls: VERTEX_PARENTS, items: VERTEX_PARENTS, reaches: ['getVertexByHash'] },
      description: 'Its parent vertices (getVertexByHash each), those the Data API has.',
      resolve: async (v, _args, ctx) =>
        (await Promise.all(v.parentHashes.map((hash) => findVertex(ctx, v.network, hash)))).filter((p) => p !== null),
    }),
  }),
});

lookupPrice('XChainVertex', { calls: 1 });

builder.asEntity(VertexRef, {
  key: builder.selection<{ network: string; vertexHash: string }>('network vertexHash'),
  resolveReference: async (key, ctx) =>
    findVertex(ctx, keyNetwork('XChainVertex', key.network), keyField('XChainVertex', 'vertexHash', key.vertexHash, parseCb58Id)),
});

const VERTICES_PAGE = pageSpec('listLatestXChainVertices', 'vertices');

const HEIGHT_PAGE = pageSpec('getVertexByHeight', 'verticesAtHeight');

builder.objectFields(NetworkRef, (t) => ({
  vertex: t.field({
    type: VertexRef,
    nullable: true,
    description: 'An X-Chain vertex by hash (getVertexByHash); null when the Data API has none.',
    args: { vertexHash: t.arg({ type: CB58IdScalar, required: true, description: 'The vertex id (cb58).' }) },
    price: { calls: 1, reaches: ['getVertexByHash'] },
    resolve: (n, { vertexHash }, ctx) => findVertex(ctx, n.name, vertexHash),
  }),
  verticesAtHeight: t.connection(
    {
      type: VertexRef,
      nullable: true,
      description:
        'The X-Chain vertices at one height of the DAG (getVertexByHeight). `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: {
        vertexHeight: t.arg({ type: 'SafeInt', required: true, description: 'The height, 0 or more.' }),
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By time; newest first when omitted.' }),
      },
      price: paged(HEIGHT_PAGE),
      resolve: (n, args, ctx) => {
        if (args.vertexHeight < 0) {
          throw badInput(`\`vertexHeight\` must be 0 or more (got ${args.vertexHeight}).`, { argument: 'vertexHeight' });
        }
        const params = { vertexHeight: args.vertexHeight, sortOrder: args.sortOrder ?? undefined };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: HEIGHT_PAGE,
          filters: [n.name, params],
          fetchPage: (page) => getVertexByHeight(ctx.dataApi, n.name, { ...page, ...params }),
          read: (page) => ({ items: page.vertices, nextPageToken: page.nextPageToken }),
          toNode: (v): VertexModel => ({ ...v, network: n.name }),
          keyOf: (v) => v.vertexHash,
        });
      },
    },
    { name: 'XChainVertexAtHeightConnection', description: 'A page of the X-Chain vertices at one height.' },
    { name: 'XChainVertexAtHeightEdge', description: 'A vertex and its cursor.' },
  ),
}));

builder.objectField(NetworkRef, 'vertices', (t) =>
  t.connection(
    {
      type: VertexRef,
      nullable: true,
      description: 'Latest X-Chain vertices, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      price: paged(VERTICES_PAGE),
      resolve: (network, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: VERTICES_PAGE,
          filters: [network.name],
          fetchPage: (page) => listLatestXChainVertices(ctx.dataApi, network.name, 'x-chain', page),
          read: (page) => ({ items: page.vertices, nextPageToken: page.nextPageToken }),
          toNode: (v): VertexModel => ({ ...v, network: network.name }),
          keyOf: (v) => v.vertexHash,
        }),
    },
    {
      name: 'XChainVertexConnection',
      description: 'A page of X-Chain vertices.',
      fields: (t) => ({
        chainInfo: t.field({
          type: PrimaryNetworkChainInfoRef,
          description: 'The chain and network the Data API answered for (its `chainInfo`): the X-Chain of this network.',
          resolve: (conn) => (conn as { firstPage?: ListXChainVerticesResponse }).firstPage!.chainInfo,
        }),
      }),
    },
    { name: 'XChainVertexEdge', description: 'A vertex and its cursor.' },
  ),
);
