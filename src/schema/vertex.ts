/**
 * X-Chain vertices: the DAG the X-Chain used before the Cortina upgrade (listLatestXChainVertices).
 */
import type { NetworkName } from '../base/ids.js';
import type { ListXChainVerticesResponse, XChainVertex } from '../upstreams/data-api/vertex.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { listLatestXChainVertices } from '../upstreams/data-api/vertex.js';
import { NetworkRef, PrimaryNetworkChainInfoRef } from './refs.js';

type VertexModel = XChainVertex & { network: NetworkName };

const VertexRef = builder.objectRef<VertexModel>('XChainVertex').implement({
  description: 'A vertex of the X-Chain DAG: a batch of transactions with its parent vertices.',
  fields: (t) => ({
    vertexHash: t.exposeString('vertexHash', { description: 'The vertex id (cb58).' }),
    parentHashes: t.exposeStringList('parentHashes', { description: 'Parent vertices.' }),
    vertexHeight: t.expose('vertexHeight', { type: 'SafeInt', description: 'Height in the DAG.' }),
    vertexIndex: t.expose('vertexIndex', { type: 'SafeInt', description: 'Acceptance order.' }),
    vertexTimestamp: t.expose('vertexTimestamp', { type: 'SafeInt', description: 'Unix time (s) of acceptance.' }),
    txCount: t.exposeInt('txCount', { description: 'Transactions in the vertex.' }),
    transactions: t.exposeStringList('transactions', {
      description: 'Ids of its transactions (see `Network.transaction(chain: X_CHAIN, txHash:)`).',
    }),
    vertexSizeBytes: t.exposeInt('vertexSizeBytes', { description: 'Size in bytes.' }),
  }),
});

const VERTICES_PAGE = pageSpec('listLatestXChainVertices', 'vertices');

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
