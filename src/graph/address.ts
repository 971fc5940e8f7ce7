/**
 * Address: an X-/P-Chain address (or an EVM address where the Data API takes one), the hub
 * from which a user walks to every chain the address touched, its transactions and rewards.
 */
import { badInput } from '../graphql/errors.js';
import { isEvmAddress, parseBech32Address, toChecksumAddress, type NetworkName } from '../base/ids.js';
import { primaryChainOf } from '../domain/chains.js';
import { builder } from './builder.js';
import { NetworkNameEnum, PrimaryNetworkChainEnum } from './enums.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { checkAddresses } from './inputs.js';
import { AvalancheAddressScalar } from './scalars.js';
import { AddressChainRef, AddressRef, NetworkRef } from './refs.js';
import { CHAIN_IDS } from './pools.js';

AddressChainRef.implement({
  description: 'A chain an address has interacted with.',
  fields: (t) => ({
    blockchainId: t.exposeString('blockchainId', { description: 'The chain id (cb58), as the Data API reports it.' }),
    primaryChain: t.field({
      type: PrimaryNetworkChainEnum,
      nullable: true,
      description: 'P_CHAIN, X_CHAIN or C_CHAIN when it is one of them.',
      resolve: (c) => primaryChainOf(c.network, c.blockchainId),
    }),
  }),
});

function parseAddressKey(key: string): string {
  if (isEvmAddress(key)) return key.toLowerCase();
  return parseBech32Address(key).canonical;
}

/** An address id's key, checked to belong to the id's network like any address argument. */
function parseAddressId(id: string): { network: NetworkName; key: string } {
  const { network, key } = parseNodeKey(id, parseAddressKey);
  return { network, key: checkAddresses(network, [key], { argument: 'id', allowEvm: true })[0]! };
}

builder.node(AddressRef, {
  description: 'An address on the Primary Network: the chains it touched, its transactions, its staking rewards.',
  id: {
    resolve: (a) => nodeKey(a.network, a.address),
    parse: parseAddressId,
  },
  // Any well-formed address exists: there is nothing to look up (no lookupPrice: it costs nothing).
  loadOne: ({ network, key }) => ({ network, address: key }),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network of the address.' }),
    address: t.string({
      description: 'The address: "avax1…"/"fuji1…" without chain prefix, or a 0x address EIP-55 checksummed (mixed case).',
      resolve: (a) => (a.address.startsWith('0x') ? toChecksumAddress(a.address) : a.address),
    }),
    chains: t.field({
      type: [AddressChainRef],
      nullable: true,
      description:
        'Every Primary Network chain this address has interacted with (addresses:listChainIds). All addresses of one response are looked up in one upstream call.',
      // The Primary Network's three chains at most.
      price: { pools: [CHAIN_IDS], items: 3, reaches: ['getChainIdsForAddresses'] },
      resolve: async (a, _args, ctx) => {
        if (a.address.startsWith('0x')) {
          throw badInput(`addresses:listChainIds accepts X-/P-Chain bech32 addresses only, not the EVM address ${a.address}.`);
        }
        const ids = await ctx.loaders.chainIdsOf(a.network, a.address);
        return ids.map((blockchainId) => ({ network: a.network, blockchainId }));
      },
    }),
  }),
});

// A neighbour subgraph names an address by network and address, as this graph writes them; like
// `Network.address`, any well-formed address of the network is one, without a call.
builder.asEntity(AddressRef, {
  key: builder.selection<{ network: string; address: string }>('network address'),
  resolveReference: async (key) => {
    const network = keyNetwork('Address', key.network);
    const address = keyField(
      'Address',
      'address',
      key.address,
      (a) => checkAddresses(network, [a], { argument: 'address', allowEvm: true })[0]!,
    );
    return { network, address };
  },
});

builder.objectFields(NetworkRef, (t) => ({
  address: t.field({
    type: AddressRef,
    description: 'An address of this network, to read its chains, transactions and rewards.',
    args: {
      address: t.arg({
        type: AvalancheAddressScalar,
        required: true,
        description:
          'A bech32 address of this network ("avax1…", "P-avax1…", "X-fuji1…"), or a 0x address for C-Chain atomic transactions.',
      }),
    },
    resolve: (network, args) => ({
      network: network.name,
      address: checkAddresses(network.name, [args.address], { argument: 'address', allowEvm: true })[0]!,
    }),
  }),
  addresses: t.field({
    type: [AddressRef],
    description: 'Several addresses at once (up to 100), in the order given.',
    args: {
      addresses: t.arg({
        type: [AvalancheAddressScalar],
        required: true,
        description: 'Bech32 addresses of this network, or 0x addresses.',
      }),
    },
    price: { items: (args) => args.addresses.length },
    resolve: (network, args) =>
      checkAddresses(network.name, args.addresses, { argument: 'addresses', allowEvm: true }).map((address) => ({
        network: network.name,
        address,
      })),
  }),
}));
