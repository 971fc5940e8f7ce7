/**
 * index.* at /ext/index/<chain>/<kind>: every container (block, vertex, transaction) the node
 * accepted, by position. Only nodes started with --index-enabled=true serve them.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/indexer/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { nullIfMissing, nodeMethods, Hex, Id, Uint, type NodeClient, type Endpoint, type AnswerOf } from './client.js';

export const Container = z.object({ id: Id, bytes: Hex, timestamp: z.string(), encoding: z.literal('hex'), index: Uint });
export type Container = z.infer<typeof Container>;

/** What every index method takes besides its own params: the encoding, always hex. */
const Hexed = { encoding: z.literal('hex') };

/**
 * How long the answers of this file's methods are shared, and how the paged ones page
 * (src/upstreams/sharing.ts); the params each takes and the shape of its answer. A range past
 * the last accepted container grows, so ranges and what is accepted are chain state.
 */
export const nodeIndexMethods = nodeMethods({
  'index.getContainerByID': { freshness: 'immutable', params: () => z.object({ id: z.string(), ...Hexed }), answer: () => Container },
  'index.getContainerByIndex': { freshness: 'immutable', params: () => z.object({ index: Uint, ...Hexed }), answer: () => Container },
  'index.getIndex': {
    freshness: 'immutable',
    params: () => z.object({ id: z.string(), ...Hexed }),
    answer: () => z.object({ index: Uint }),
  },
  'index.getContainerRange': {
    freshness: 'heights',
    pages: { max: 1024 },
    params: () => z.object({ startIndex: Uint, numToFetch: z.number(), ...Hexed }),
    // The docs show a bare array, the node's code answers `{containers: [...]}`: both are read.
    answer: () => z.union([z.array(Container), z.object({ containers: z.array(Container) })]),
  },
  'index.getLastAccepted': { freshness: 'heights', params: () => z.object(Hexed), answer: () => Container },
  'index.isAccepted': {
    freshness: 'heights',
    params: () => z.object({ id: z.string(), ...Hexed }),
    answer: () => z.object({ isAccepted: z.boolean() }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof nodeIndexMethods> {}
}

export type IndexName = 'C/block' | 'P/block' | 'X/tx' | 'X/block' | 'X/vtx';

/** The node's answers for a range past the last container, and for an index still empty: nothing more. */
const PAST_THE_END = /^start index \(\d+\) > last accepted index|^no containers have been accepted/;
/** How index.getContainerByID and getContainerByIndex say there is no such container. */
const NO_CONTAINER = /not found|^no container at index/;

function indexEndpoint(index: IndexName): Endpoint {
  return { api: 'index', path: `/ext/index/${index}` };
}

/** index.getContainerByID Null when the index has none. */
export function indexGetContainerByID(
  client: NodeClient,
  network: NetworkName,
  index: IndexName,
  params: { id: string },
): Promise<Container | null> {
  return nullIfMissing(client.call(network, indexEndpoint(index), 'index.getContainerByID', { ...params, encoding: 'hex' }), NO_CONTAINER);
}

/** index.getContainerByIndex Null when the index has none. */
export function indexGetContainerByIndex(
  client: NodeClient,
  network: NetworkName,
  index: IndexName,
  params: { index: Uint },
): Promise<Container | null> {
  return nullIfMissing(
    client.call(network, indexEndpoint(index), 'index.getContainerByIndex', { ...params, encoding: 'hex' }),
    NO_CONTAINER,
  );
}

/**
 * index.getContainerRange: `numToFetch` from 1 to 1024. The docs show a bare array, the node's
 * code answers `{containers: [...]}`: both are read. Empty past the last container and while
 * the index is empty.
 */
export async function indexGetContainerRange(
  client: NodeClient,
  network: NetworkName,
  index: IndexName,
  params: { startIndex: Uint; numToFetch: number },
): Promise<Container[]> {
  const reply = await nullIfMissing(
    client.call(network, indexEndpoint(index), 'index.getContainerRange', {
      ...params,
      encoding: 'hex',
    }),
    PAST_THE_END,
  );
  return reply === null ? [] : Array.isArray(reply) ? reply : reply.containers;
}

/** index.getIndex: the position of a container in the index. Null when the index does not hold it. */
export function indexGetIndex(
  client: NodeClient,
  network: NetworkName,
  index: IndexName,
  params: { id: string },
): Promise<AnswerOf<'index.getIndex'> | null> {
  return nullIfMissing(client.call(network, indexEndpoint(index), 'index.getIndex', { ...params, encoding: 'hex' }));
}

/** index.getLastAccepted Null while the index is empty. */
export function indexGetLastAccepted(client: NodeClient, network: NetworkName, index: IndexName): Promise<Container | null> {
  return nullIfMissing(client.call(network, indexEndpoint(index), 'index.getLastAccepted', { encoding: 'hex' }), PAST_THE_END);
}

/** index.isAccepted */
export function indexIsAccepted(
  client: NodeClient,
  network: NetworkName,
  index: IndexName,
  params: { id: string },
): Promise<AnswerOf<'index.isAccepted'>> {
  return client.call(network, indexEndpoint(index), 'index.isAccepted', { ...params, encoding: 'hex' });
}
