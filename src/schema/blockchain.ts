/**
 * Blockchain: a chain created on a subnet by a CreateChainTx, with its VM and genesis.
 * Blockchains come inside the subnet listing; a blockchain by id is found in that listing.
 */
import type { GatewayContext } from '../context.js';
import { parseCb58Id, type NetworkName } from '../ids.js';
import { evmChainIdOf, primaryChainOf } from '../domain/chains.js';
import { builder } from './builder.js';
import { NetworkNameEnum, PrimaryNetworkChainEnum } from './enums.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { CB58IdScalar } from './scalars.js';
import { findSubnet } from './subnet.js';
import { BlockchainRef, EvmGenesisRef, NetworkRef, SubnetRef, blockchainModel, subnetModel, type BlockchainModel } from './refs.js';

/** A blockchain by id from the subnet listing, with its subnet attached. */
export async function findBlockchain(ctx: GatewayContext, network: NetworkName, blockchainId: string): Promise<BlockchainModel | null> {
  const hit = await ctx.loaders.blockchain(network, blockchainId);
  return hit ? blockchainModel(network, hit.blockchain, subnetModel(network, hit.subnet)) : null;
}

builder.node(BlockchainRef, {
  description: 'A blockchain: an instance of a VM that a subnet validates, with its genesis.',
  id: {
    resolve: (b) => nodeKey(b.network, b.blockchainId),
    parse: (id) => parseNodeKey(id, parseCb58Id),
  },
  loadOne: ({ network, key }, ctx) => findBlockchain(ctx, network, key),
  fields: (t) => ({
    network: t.field({ type: NetworkNameEnum, description: 'The network the blockchain is on.', resolve: (b) => b.network }),
    blockchainId: t.exposeString('blockchainId', { description: 'The blockchain id (cb58): the id of the CreateChainTx that made it.' }),
    blockchainName: t.exposeString('blockchainName', { description: 'The name given at creation.' }),
    vmId: t.exposeString('vmId', {
      description: 'The id of the VM it runs, e.g. srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy for Subnet-EVM.',
    }),
    subnetId: t.exposeString('subnetId', { description: 'The subnet that validates it.' }),
    subnet: t.field({
      type: SubnetRef,
      nullable: true,
      description: 'The subnet that validates it.',
      resolve: (b, _args, ctx) => b.parent ?? findSubnet(ctx, b.network, b.subnetId),
    }),
    primaryChain: t.field({
      type: PrimaryNetworkChainEnum,
      nullable: true,
      description: 'Which Primary Network chain this is (X_CHAIN, C_CHAIN), or null for a subnet or L1 chain.',
      resolve: (b) => primaryChainOf(b.network, b.blockchainId),
    }),
    createBlockTimestamp: t.field({
      type: 'SafeInt',
      description: 'Unix time (s) of the P-Chain block that created it.',
      resolve: (b) => b.createBlockTimestamp,
    }),
    createBlockNumber: t.field({
      type: 'BigInt',
      description: 'Height of the P-Chain block that created it.',
      resolve: (b) => b.createBlockNumber,
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
      resolve: (b) => (typeof b.genesisData === 'string' ? b.genesisData : null),
    }),
  }),
});

builder.objectField(NetworkRef, 'blockchain', (t) =>
  t.field({
    type: BlockchainRef,
    nullable: true,
    description: 'One blockchain by id; null if the network has no such blockchain.',
    args: { blockchainId: t.arg({ type: CB58IdScalar, required: true, description: 'The blockchain id (cb58).' }) },
    resolve: (network, { blockchainId }, ctx) => findBlockchain(ctx, network.name, blockchainId),
  }),
);
