/**
 * Blockchain: a chain created on a subnet by a CreateChainTx, with its VM and genesis.
 * Blockchains come inside the subnet listing; a blockchain by id is found in that listing.
 */
import type { GatewayContext } from '../graphql/context.js';
import { parseCb58Id, type NetworkName } from '../base/ids.js';
import { evmChainIdOf, primaryChainOf } from '../domain/chains.js';
import { builder } from './builder.js';
import { NetworkNameEnum, PrimaryNetworkChainEnum, SortOrderEnum } from './enums.js';
import { paged } from './cost.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { listBlockchains } from '../upstreams/data-api/subnet.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { CB58IdScalar } from './scalars.js';
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { BlockchainStatusEnum } from './enums.js';
import { platformGetBlockchainStatus } from '../upstreams/node/p-chain.js';
import { PRIMARY_CHAIN_IDS } from '../base/ids.js';
import {
  AddressChainRef,
  BlockchainRef,
  EvmChainRef,
  EvmGenesisRef,
  IcmMessageRef,
  NetworkRef,
  PChainBlockchainEntryRef,
  TransactionInterface,
  ValidatorManagerRef,
  XChainRef,
  blockchainModel,
  evmModelOf,
  subnetModel,
  type BlockchainModel,
} from './refs.js';
import { ENCODED_GENESIS_BYTES } from './leaf-bytes.js';

/** A blockchain by id from the subnet listing, with its subnet attached. */
export async function findBlockchain(ctx: GatewayContext, network: NetworkName, blockchainId: string): Promise<BlockchainModel | null> {
  const hit = await ctx.loaders.blockchain(network, blockchainId);
  return hit ? blockchainModel(network, hit.blockchain, subnetModel(network, hit.subnet)) : null;
}

// By id (`node(id:)`, `_entities`): from the subnet catalog, as `Network.blockchain`.
lookupPrice(BlockchainRef.name, { pools: [SUBNET_CATALOG] });

builder.node(BlockchainRef, {
  description: 'A blockchain: an instance of a VM that a subnet validates, with its genesis.',
  id: {
    resolve: (b) => nodeKey(b.network, b.blockchainId),
    parse: (id) => parseNodeKey(id, parseCb58Id),
  },
  loadOne: ({ network, key }, ctx) => findBlockchain(ctx, network, key),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network the blockchain is on.' }),
    blockchainId: t.exposeString('blockchainId', { description: 'The blockchain id (cb58): the id of the CreateChainTx that made it.' }),
    blockchainName: t.exposeString('blockchainName', { description: 'The name given at creation.' }),
    vmId: t.exposeString('vmId', {
      description: 'The id of the VM it runs, e.g. srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy for Subnet-EVM.',
    }),
    subnetId: t.exposeString('subnetId', { description: 'The subnet that validates it.' }),
    primaryChain: t.field({
      type: PrimaryNetworkChainEnum,
      nullable: true,
      description: 'Which Primary Network chain this is (X_CHAIN, C_CHAIN), or null for a subnet or L1 chain.',
      resolve: (b) => primaryChainOf(b.network, b.blockchainId),
    }),
    createBlockTimestamp: t.expose('createBlockTimestamp', {
      type: 'SafeInt',
      description: 'Unix time (s) of the P-Chain block that created it.',
    }),
    createBlockNumber: t.expose('createBlockNumber', {
      type: 'BigInt',
      description: 'Height of the P-Chain block that created it.',
    }),
    evmChainId: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'The EVM chain id (from the genesis) of an EVM chain; null for other VMs, even those whose genesis has a `chainId`.',
      resolve: (b) => evmChainIdOf(b) ?? null,
    }),
    genesisData: t.field({
      type: EvmGenesisRef,
      nullable: true,
      description: 'The genesis of an EVM chain, fully typed. Null for other VMs: see `encodedGenesis`.',
      resolve: (b) => (b.genesisData && typeof b.genesisData === 'object' ? b.genesisData : null),
    }),
    encodedGenesis: t.string({
      nullable: true,
      description: 'The genesis of a non-EVM chain as the upstream sends it: an encoding that depends on the VM. Null for EVM chains.',
      price: { bytes: ENCODED_GENESIS_BYTES },
      resolve: (b) => (typeof b.genesisData === 'string' ? b.genesisData : null),
    }),
    evm: t.field({
      type: EvmChainRef,
      nullable: true,
      description: 'This blockchain as an EVM chain (transactions, addresses, contracts); null for other VMs.',
      resolve: (b) => evmModelOf(b.network, b),
    }),
    status: t.field({
      type: BlockchainStatusEnum,
      nullable: true,
      description: 'What the node knows of this chain: validating, syncing, or only created (platform.getBlockchainStatus).',
      price: { calls: 1, reaches: ['platform.getBlockchainStatus'] },
      resolve: async (b, _args, ctx) => (await platformGetBlockchainStatus(ctx.node, b.network, { blockchainID: b.blockchainId })).status,
    }),
  }),
});

// A neighbour subgraph names a blockchain by network and id; `_entities` finds it as `Network.blockchain` does.
builder.asEntity(BlockchainRef, {
  key: builder.selection<{ network: string; blockchainId: string }>('network blockchainId'),
  resolveReference: async (key, ctx) =>
    findBlockchain(ctx, keyNetwork('Blockchain', key.network), keyField('Blockchain', 'blockchainId', key.blockchainId, parseCb58Id)),
});

const BLOCKCHAINS_PAGE = pageSpec('listBlockchains', 'blockchains', { maxFirst: 10_000 });

builder.objectFields(NetworkRef, (t) => ({
  blockchain: t.field({
    type: BlockchainRef,
    nullable: true,
    description:
      'One blockchain by id; null if the network has no such blockchain (the P-Chain is none). Found in the subnet listing, which the lookups of a request share, or, for one created since the listing was read, by its id (getBlockchainById).',
    args: { blockchainId: t.arg({ type: CB58IdScalar, required: true, description: 'The blockchain id (cb58).' }) },
    // The catalog, which the request's other lookups share; one more call when it lacks the chain.
    price: { calls: 1, pools: [SUBNET_CATALOG], reaches: ['listSubnets', 'getBlockchainById'] },
    resolve: async (network, { blockchainId }, ctx) => {
      const hit = await ctx.loaders.blockchainOrLatest(network.name, blockchainId);
      return hit ? blockchainModel(network.name, hit.blockchain, hit.subnet && subnetModel(network.name, hit.subnet)) : null;
    },
  }),
  blockchains: t.connection(
    {
      type: BlockchainRef,
      nullable: true,
      description:
        "Every blockchain of the network (listBlockchains), newest first unless asked: each one's `subnet` is one more call per subnet. `first`: 1 to 10000 (default 100).",
      args: {
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By creation time; newest first when omitted.' }),
      },
      price: paged(BLOCKCHAINS_PAGE),
      resolve: (network, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: BLOCKCHAINS_PAGE,
          filters: [network.name, args.sortOrder],
          fetchPage: (page) => listBlockchains(ctx.dataApi, network.name, { ...page, sortOrder: args.sortOrder ?? undefined }),
          read: (page) => ({ items: page.blockchains, nextPageToken: page.nextPageToken }),
          toNode: (b) => blockchainModel(network.name, b),
          keyOf: (b) => b.blockchainId,
        }),
    },
    { name: 'BlockchainConnection', description: 'A page of blockchains.' },
    { name: 'BlockchainEdge', description: 'A blockchain and its cursor.' },
  ),
}));

// --- every field that returns a Blockchain ---------------------------------------------------------

builder.objectField(AddressChainRef, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'The chain, when the subnet listing knows it (the P-Chain itself is not listed as a blockchain).',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (c, _args, ctx) => findBlockchain(ctx, c.network, c.blockchainId),
  }),
);

builder.interfaceField(TransactionInterface, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'The chain as a Blockchain, when the subnet listing has it (the P-Chain itself is not listed).',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (tx, _args, ctx) => findBlockchain(ctx, tx.network, PRIMARY_CHAIN_IDS[tx.network][tx.chain[0] as 'p' | 'x' | 'c']),
  }),
);

builder.objectField(EvmChainRef, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'Its blockchain: subnet, VM, genesis.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (c, _args, ctx) => findBlockchain(ctx, c.network, c.blockchainId),
  }),
);

builder.objectFields(IcmMessageRef, (t) => ({
  sourceBlockchain: t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'The source blockchain.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (m, _a, ctx) => findBlockchain(ctx, m.network, m.sourceBlockchainId),
  }),
  destinationBlockchain: t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'The destination blockchain.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (m, _a, ctx) => findBlockchain(ctx, m.network, m.destinationBlockchainId),
  }),
}));

type ManagerModel = typeof ValidatorManagerRef.$inferType;

/** The L1's own chain when its manager contract lives there: no lookup needed. */
const ownChainOf = (m: ManagerModel) => m.subnet?.blockchains.find((b) => b.blockchainId === m.blockchainId);

builder.objectField(ValidatorManagerRef, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'The blockchain the contract lives on; null if the subnet listing does not know it.',
    // None when the contract lives on its L1's own chain (the usual case): which it is, is the data's (`made`).
    price: { pools: [SUBNET_CATALOG], made: { made: (m: ManagerModel) => !ownChainOf(m) } },
    resolve: (m, _args, ctx): Promise<BlockchainModel | null> | BlockchainModel => {
      const own = ownChainOf(m);
      return own && m.subnet ? blockchainModel(m.network, own, m.subnet) : findBlockchain(ctx, m.network, m.blockchainId);
    },
  }),
);

builder.objectField(PChainBlockchainEntryRef, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'The same chain in the graph (from the Data API listing).',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (c, _args, ctx) => findBlockchain(ctx, c.network, c.id),
  }),
);

builder.objectField(XChainRef, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'This chain as the Data API lists it (VM, genesis, creation, subnet).',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (x, _args, ctx) => findBlockchain(ctx, x.network, x.avmBlockchainId ?? PRIMARY_CHAIN_IDS[x.network].x),
  }),
);
