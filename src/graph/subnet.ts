/**
 * Subnet: a set of validators and the blockchains they validate; since Etna, possibly an L1.
 * Listed by `listSubnets`; one subnet is found in the (cached) listing, as the Data API has no
 * subnet lookup among the spec's endpoints.
 */
import type { GatewayContext } from '../graphql/context.js';
import { PRIMARY_NETWORK_ID, parseCb58Id, type NetworkName } from '../base/ids.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { NetworkNameEnum, SortOrderEnum } from './enums.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { CB58IdScalar } from './scalars.js';
import { listSubnets } from '../upstreams/data-api/subnet.js';
import { supplyOf } from './p-chain.js';
import { prefetchBelowConnection } from './lookahead.js';
import {
  AddressRef,
  BlockchainRef,
  L1ValidatorRef,
  NetworkRef,
  OwnershipRef,
  PChainTransactionRef,
  SubnetRef,
  SUBNET_BLOCKCHAINS,
  SUBNET_OWNERS,
  ValidatorManagerRef,
  ValidatorRef,
  ONCE_PER_SUBNET,
  blockchainModel,
  subnetModel,
  toAddresses,
  type SubnetModel,
} from './refs.js';

/**
 * A subnet asked for on its own (see Loaders.subnetById), as a graph object; null if the network
 * has none. A validation's: one getSubnetById call where the catalog would read every subnet.
 */
async function subnetById(ctx: GatewayContext, network: NetworkName, subnetId: string): Promise<SubnetModel | null> {
  const subnet = await ctx.loaders.subnetById(network, subnetId);
  return subnet ? subnetModel(network, subnet) : null;
}

/** A subnet by id (see Loaders.subnet), as a graph object; null if the network has none. */
export async function findSubnet(ctx: GatewayContext, network: NetworkName, subnetId: string): Promise<SubnetModel | null> {
  const subnet = await ctx.loaders.subnet(network, subnetId);
  return subnet ? subnetModel(network, subnet) : null;
}

export const SUBNETS_PAGE = pageSpec('listSubnets', 'subnets', { maxFirst: 10_000 });

OwnershipRef.implement({
  description: 'Who controls a subnet: `threshold` of `addresses` must sign its changes, after `locktime`.',
  fields: (t) => ({
    locktime: t.expose('locktime', {
      type: 'BigInt',
      description: 'Unix time before which the owners cannot act; 0 for none.',
    }),
    threshold: t.exposeInt('threshold', { description: 'How many of the addresses must sign.' }),
    addresses: t.field({
      type: [AddressRef],
      description: 'The owner addresses.',
      price: { items: SUBNET_OWNERS },
      resolve: (o) => toAddresses(o.network, o.addresses),
    }),
  }),
});

ValidatorManagerRef.implement({
  description: "The contract that manages an L1's validator set.",
  fields: (t) => ({
    blockchainId: t.exposeString('blockchainId', { description: 'The blockchain the contract lives on.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The 0x address of the manager contract.' }),
  }),
});

// By id (`node(id:)`, `_entities`): from the subnet catalog, as `Network.subnet`.
lookupPrice(SubnetRef.name, { pools: [SUBNET_CATALOG] });

builder.node(SubnetRef, {
  description: 'A subnet: a validator set and the blockchains it validates. Converted subnets are L1s (`isL1`).',
  id: {
    resolve: (s) => nodeKey(s.network, s.subnetId),
    parse: (id) => parseNodeKey(id, parseCb58Id),
  },
  loadOne: ({ network, key }, ctx) => findSubnet(ctx, network, key),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network the subnet is on.' }),
    subnetId: t.exposeString('subnetId', { description: 'The subnet id (cb58): the id of the CreateSubnetTx that made it.' }),
    isPrimaryNetwork: t.boolean({
      description: 'Whether this is the Primary Network, which every validator validates.',
      resolve: (s) => s.subnetId === PRIMARY_NETWORK_ID,
    }),
    createBlockTimestamp: t.expose('createBlockTimestamp', {
      type: 'SafeInt',
      description: 'Unix time (s) of the P-Chain block that created it.',
    }),
    createBlockIndex: t.expose('createBlockIndex', {
      type: 'BigInt',
      description: 'Height of the P-Chain block that created it.',
    }),
    ownerAddresses: t.field({
      type: [AddressRef],
      description: 'Owner addresses (same as `subnetOwnershipInfo.addresses`).',
      price: { items: SUBNET_OWNERS },
      resolve: (s) => toAddresses(s.network, s.ownerAddresses),
    }),
    threshold: t.exposeInt('threshold', { description: 'Signatures of owners needed to change the subnet.' }),
    locktime: t.expose('locktime', { type: 'BigInt', description: 'Unix time before which owners cannot act; 0 for none.' }),
    subnetOwnershipInfo: t.field({
      type: OwnershipRef,
      description: 'Current owners, threshold and locktime.',
      resolve: (s) => ({ network: s.network, ...s.subnetOwnershipInfo }),
    }),
    isL1: t.exposeBoolean('isL1', { description: 'Whether the subnet was converted to an L1 (ConvertSubnetToL1Tx).' }),
    l1ConversionTransactionHash: t.exposeString('l1ConversionTransactionHash', {
      nullable: true,
      description: 'Hash of the ConvertSubnetToL1Tx, for L1s.',
    }),
    l1ValidatorManagerDetails: t.field({
      type: ValidatorManagerRef,
      nullable: true,
      description: "The contract that manages the L1's validators, for L1s.",
      resolve: (s) => (s.l1ValidatorManagerDetails ? { network: s.network, subnet: s, ...s.l1ValidatorManagerDetails } : null),
    }),
    blockchains: t.field({
      type: [BlockchainRef],
      description: 'The blockchains this subnet validates. Comes with the subnet: no further call.',
      // As SUBNET_BLOCKCHAINS says. The chains of one subnet share it.
      price: { items: SUBNET_BLOCKCHAINS, groups: ['subnet'] },
      resolve: (s) => s.blockchains.map((b) => blockchainModel(s.network, b, s)),
    }),
    supply: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'An upper bound of the tokens that can stake it (platform.getCurrentSupply); null for a subnet without a staking token.',
      price: { calls: 1, per: ONCE_PER_SUBNET, reaches: ['platform.getCurrentSupply'] },
      resolve: (s, _args, ctx) => supplyOf(ctx, s.network, s.subnetId),
    }),
  }),
});

// A neighbour subgraph names a subnet by network and id; `_entities` finds it as `Network.subnet` does.
builder.asEntity(SubnetRef, {
  key: builder.selection<{ network: string; subnetId: string }>('network subnetId'),
  resolveReference: async (key, ctx) =>
    findSubnet(ctx, keyNetwork('Subnet', key.network), keyField('Subnet', 'subnetId', key.subnetId, parseCb58Id)),
});

builder.objectFields(NetworkRef, (t) => ({
  subnets: t.connection(
    {
      type: SubnetRef,
      nullable: true,
      description:
        'All subnets of the network, the Primary Network among them, with their blockchains. `first`: 1 to 10000 (default 100), one upstream call per page.',
      args: {
        sortOrder: t.arg({ type: SortOrderEnum, description: 'By creation time; the Data API default (newest first) when omitted.' }),
      },
      price: paged(SUBNETS_PAGE),
      resolve: async (network, args, ctx, info) => {
        const connection = await pageConnection({
          cursors: ctx.cursors,
          args,
          spec: SUBNETS_PAGE,
          filters: [network.name, args.sortOrder],
          fetchPage: async (page) => {
            const res = await listSubnets(ctx.dataApi, network.name, { ...page, sortOrder: args.sortOrder ?? undefined });
            ctx.loaders.rememberSubnets(network.name, res.subnets);
            return res;
          },
          read: (page) => ({ items: page.subnets, nextPageToken: page.nextPageToken }),
          toNode: (subnet) => subnetModel(network.name, subnet),
          keyOf: (subnet) => subnet.subnetId,
        });
        const prefetching = prefetchBelowConnection(ctx, info, SubnetRef.name, connection.edges);
        if (prefetching) await prefetching;
        return connection;
      },
    },
    { name: 'SubnetConnection', description: 'A page of subnets.' },
    { name: 'SubnetEdge', description: 'A subnet and its cursor.' },
  ),
  subnet: t.field({
    type: SubnetRef,
    nullable: true,
    description:
      'One subnet by id; null if the network has no such subnet. Found in the subnet listing, which the lookups of a request share, or, for one created since the listing was read, by its id (getSubnetById).',
    args: { subnetId: t.arg({ type: CB58IdScalar, required: true, description: 'The subnet id (cb58).' }) },
    // The catalog, which its chains' `subnet` and the request's other lookups share; one more call when it lacks the subnet.
    price: { calls: 1, pools: [SUBNET_CATALOG], reaches: ['listSubnets', 'getSubnetById'] },
    resolve: async (network, { subnetId }, ctx) => {
      const subnet = await ctx.loaders.subnetOrLatest(network.name, subnetId);
      return subnet ? subnetModel(network.name, subnet) : null;
    },
  }),
}));

// --- every other field that returns a Subnet --------------------------------------------------------

builder.objectField(BlockchainRef, 'subnet', (t) =>
  t.field({
    type: SubnetRef,
    nullable: true,
    description: 'The subnet that validates it.',
    // A Blockchain found in a subnet listing comes with its subnet, and makes no call; one listed on
    // its own (`Network.blockchains`, `Network.blockchain`) finds it in the subnet catalog, which
    // the request reads once for all of them.
    price: { pools: [SUBNET_CATALOG], reaches: ['listSubnets', 'getSubnetById'] },
    resolve: async (b, _args, ctx) => {
      if (b.parent) return b.parent;
      const subnet = await ctx.loaders.subnetOrLatest(b.network, b.subnetId);
      return subnet ? subnetModel(b.network, subnet) : null;
    },
  }),
);

builder.objectField(L1ValidatorRef, 'subnet', (t) =>
  t.field({
    type: SubnetRef,
    nullable: true,
    description: 'The L1 (subnet) it validates.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (v, _args, ctx) => findSubnet(ctx, v.network, v.subnetId),
  }),
);

builder.objectField(PChainTransactionRef, 'subnet', (t) =>
  t.field({
    type: SubnetRef,
    nullable: true,
    description: 'The subnet it concerns.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (tx, _args, ctx) => (tx.subnetId ? findSubnet(ctx, tx.network, tx.subnetId) : null),
  }),
);

builder.objectField(ValidatorRef, 'subnet', (t) =>
  t.field({
    type: SubnetRef,
    nullable: true,
    description: 'The subnet it validates (the Primary Network, or a permissioned subnet).',
    // Validations of one subnet make one call: the request's reads answer the same call once.
    price: { calls: 1, reaches: ['getSubnetById'] },
    resolve: (v, _args, ctx) => subnetById(ctx, v.network, v.subnetId),
  }),
);
