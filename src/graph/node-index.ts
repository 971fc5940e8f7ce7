/**
 * The node's indexes (index.* at /ext/index/<chain>/<kind>): every container (block, vertex,
 * transaction) the node accepted, by position. Only nodes started with --index-enabled serve
 * them; public endpoints do not.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import type { IndexName } from '../upstreams/node/node-index.js';
import type { Container } from '../upstreams/node/node-index.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { learnt } from './list-sizes.js';
import { blocksFeed, type BlockChain } from '../live/feeds.js';
import { PrimaryNetworkChainEnum } from './enums.js';
import { toNetwork } from './inputs.js';
import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { pagesOf } from '../upstreams/operations.js';
import { CB58IdScalar } from './scalars.js';
import {
  indexGetContainerByID,
  indexGetContainerByIndex,
  indexGetContainerRange,
  indexGetIndex,
  indexGetLastAccepted,
  indexIsAccepted,
} from '../upstreams/node/node-index.js';
import { NetworkRef } from './refs.js';

interface IndexModel {
  network: NetworkName;
  name: IndexName;
}

type ContainerModel = Container & { network: NetworkName };

export const IndexNameEnum = builder.enumType('IndexName', {
  description: 'The indexes a node keeps (with --index-enabled).',
  values: {
    C_BLOCK: { value: 'C/block', description: 'C-Chain blocks.' },
    P_BLOCK: { value: 'P/block', description: 'P-Chain blocks.' },
    X_TX: { value: 'X/tx', description: 'X-Chain transactions.' },
    X_BLOCK: { value: 'X/block', description: 'X-Chain blocks (since Cortina).' },
    X_VTX: {
      value: 'X/vtx',
      description: 'X-Chain DAG vertices, from before Cortina.',
      deprecationReason: 'No longer filled since the Cortina activation (avalanchego v1.10.0): it keeps the DAG era only. Use X_BLOCK.',
    },
  } as const,
});

/**
 * A container's bytes in hex: a block (avalanchego accepts up to 2 MiB, 4 MiB of hex with its `0x`
 * and checksum), a vertex or a transaction, priced as the longest container seen on the network and
 * as a whole block until one was; priced as any leaf (96 bytes), a page of C-Chain blocks answered
 * 42,455 bytes priced at 7,861 (fuzz seed p36).
 */
const CONTAINER_HEX_BYTES = learnt({ kind: 'container-hex-bytes', most: { mainnet: 4_194_320, fuji: 4_194_320 } });

const ContainerRef = builder.objectRef<ContainerModel>('IndexedContainer').implement({
  description: "A block, vertex or transaction as the node's index holds it.",
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Its id (cb58).' }),
    index: t.field({
      type: 'BigInt',
      description: 'Its position: how many containers this index accepted before it (the first is 0).',
      resolve: (c) => String(c.index),
    }),
    bytes: t.exposeString('bytes', { description: 'Its bytes (hex with checksum).', price: { bytes: CONTAINER_HEX_BYTES } }),
    acceptedAt: t.exposeString('timestamp', {
      description: 'When this node accepted it (RFC 3339); containers indexed while the node bootstrapped carry the bootstrap time.',
    }),
  }),
});

/** Containers per index.getContainerRange call: the node's MaxFetchedByRange. */
const MAX_RANGE = pagesOf('index.getContainerRange').max;
// One container more than a page is fetched to know whether another page follows.
const CONTAINERS_PAGE = pageSpec('index.getContainerRange', 'containers', { defaultFirst: 100, maxFirst: 10_000, lookahead: 1 });

function containers(ctx: GatewayContext, index: IndexModel, from: string, args: Parameters<typeof pageConnection>[0]['args']) {
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: CONTAINERS_PAGE,
    filters: [index.network, index.name, from],
    fetchPage: async ({ pageToken, pageSize }) => {
      const start = pageToken ?? from;
      const list = await indexGetContainerRange(ctx.node, index.network, index.name, { startIndex: start, numToFetch: pageSize + 1 });
      return { start, list, pageSize };
    },
    read: ({ start, list, pageSize }) => ({
      items: list.slice(0, pageSize).map((c): ContainerModel => ({ ...c, network: index.network })),
      nextPageToken: list.length > pageSize ? (BigInt(start) + BigInt(pageSize)).toString() : undefined,
    }),
    toNode: (c) => c,
    keyOf: (c) => c.id,
  });
}

const NodeIndexRef = builder.objectRef<IndexModel>('NodeIndex').implement({
  description: "One of the node's indexes: its containers in the order the node accepted them.",
  fields: (t) => ({
    name: t.expose('name', { type: IndexNameEnum, description: 'Which index.' }),
    lastAccepted: t.field({
      type: ContainerRef,
      nullable: true,
      description:
        'The container accepted last (index.getLastAccepted); null while the index is empty (an index just turned on, or X_VTX on a node that never saw a vertex).',
      price: { calls: 1, reaches: ['index.getLastAccepted'] },
      resolve: async (i, _args, ctx) => {
        const last = await indexGetLastAccepted(ctx.node, i.network, i.name);
        return last ? { ...last, network: i.network } : null;
      },
    }),
    container: t.field({
      type: ContainerRef,
      nullable: true,
      description:
        'A container by id or by position (exactly one): index.getContainerByID, index.getContainerByIndex. Null when the index has none.',
      args: {
        id: t.arg({ type: CB58IdScalar, description: 'The container id (cb58).' }),
        index: t.arg({ type: 'Uint64', description: 'Its position in the index (0 for the first).' }),
      },
      price: { calls: 1, reaches: ['index.getContainerByID', 'index.getContainerByIndex'] },
      resolve: async (i, args, ctx) => {
        if ((args.id == null) === (args.index == null))
          throw badInput('`container` takes exactly one of `id` and `index`.', { argument: 'id' });
        const found = await (args.id != null
          ? indexGetContainerByID(ctx.node, i.network, i.name, { id: args.id })
          : indexGetContainerByIndex(ctx.node, i.network, i.name, { index: args.index! }));
        return found ? { ...found, network: i.network } : null;
      },
    }),
    indexOf: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The position of a container in the index (index.getIndex); null when the index does not hold it.',
      args: { id: t.arg({ type: CB58IdScalar, required: true, description: 'The container id (cb58).' }) },
      price: { calls: 1, reaches: ['index.getIndex'] },
      resolve: async (i, { id }, ctx) => {
        const res = await indexGetIndex(ctx.node, i.network, i.name, { id });
        return res ? String(res.index) : null;
      },
    }),
    isAccepted: t.boolean({
      nullable: true,
      description: 'Whether the index holds this container as accepted (index.isAccepted).',
      args: { id: t.arg({ type: CB58IdScalar, required: true, description: 'The container id (cb58).' }) },
      price: { calls: 1, reaches: ['index.isAccepted'] },
      resolve: async (i, { id }, ctx) => (await indexIsAccepted(ctx.node, i.network, i.name, { id })).isAccepted,
    }),
    containers: t.connection(
      {
        type: ContainerRef,
        nullable: true,
        description: `Containers in acceptance order from \`startIndex\` (index.getContainerRange). \`first\`: 1 to 10000 (default 100); up to ${MAX_RANGE} per node call. Empty past the last container and while the index is empty.`,
        args: {
          startIndex: t.arg({
            type: 'Uint64',
            required: true,
            defaultValue: '0',
            description: 'The position to start from (0, the first, by default).',
          }),
        },
        price: paged(CONTAINERS_PAGE),
        resolve: (i, args, ctx) => containers(ctx, i, args.startIndex, args),
      },
      { name: 'IndexedContainerConnection', description: 'A page of indexed containers.' },
      { name: 'IndexedContainerEdge', description: 'A container and its cursor.' },
    ),
  }),
});

builder.objectField(NetworkRef, 'index', (t) =>
  t.field({
    type: NodeIndexRef,
    description:
      "One of the node's indexes. Only nodes started with --index-enabled serve them (public endpoints do not): elsewhere its fields fail with NODE_API_UNAVAILABLE.",
    args: { name: t.arg({ type: IndexNameEnum, required: true, description: 'Which index.' }) },
    resolve: (network, { name }) => ({ network: network.name, name }),
  }),
);

const BLOCK_CHAIN = { 'p-chain': 'P', 'x-chain': 'X', 'c-chain': 'C' } as const satisfies Record<string, BlockChain>;

builder.subscriptionField('acceptedBlocks', (t) =>
  t.field({
    type: ContainerRef,
    nullable: true,
    description: `Each block the chain accepts from now on, oldest first, as the node's index holds it: its id, position, time and bytes (index.getLastAccepted, then index.getContainerRange for what came since; at most 32 per poll). Needs a node with --index-enabled: public endpoints do not serve the index, and there the subscription ends at once with NODE_API_UNAVAILABLE. For the P- and X-Chain on a public endpoint, use \`pChainBlocks\` and \`xChainBlocks\` (by height, decoded); this field is the one for C-Chain blocks. ${POLL_NOTE}`,
    args: {
      ...networkArg,
      chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: 'P_CHAIN, X_CHAIN or C_CHAIN.' }),
    },
    // An event costs what its selection does: the poll is the live hub's, shared by every subscriber of the topic.
    price: { scope: ({ network }) => toNetwork(network), reaches: ['index.getLastAccepted', 'index.getContainerRange'] },
    subscribe: (_root, { network, chain }, ctx) => openFeed(ctx, blocksFeed(toNetwork(network), BLOCK_CHAIN[chain])),
    resolve: (event) => eventValue(event, (b): ContainerModel => ({ ...b.container, network: b.network })),
  }),
);
