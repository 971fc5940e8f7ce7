/**
 * `Query.search`: one box for any id on any chain of either network. The string's shape decides
 * the candidates with no call (src/domain/search.ts); each candidate is then confirmed by the
 * cheapest lookup the graph already has for its type (the same functions and loaders its own
 * field uses), all at once. What it finds is the graph's object itself, in the union
 * `SearchResult`.
 *
 * A lookup that answers "none" (an upstream 404) means "not this kind". A lookup that fails
 * otherwise is not dropped: an empty or shorter answer would tell the person the id does not
 * exist when it was not checked. It becomes a null item with its own error (its code and upstream
 * from maskError) after the matches, as `nodes(ids:)` reports a failed lookup, so what was found
 * still comes back.
 */
import { brandWithType } from '@pothos/core';
import { C_CHAIN_EVM_ID, PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import { classify, DEFAULT_HASH_CHAINS, MAX_EVM_CHAIN_ID, MAX_SEARCH_LENGTH, namePrefixOf, type Shape } from '../domain/search.js';
import type { GatewayContext, SearchBreadth } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { NETWORKS } from '../loaders/data-api.js';
import { listAddressChains, supportedChains } from '../upstreams/data-api/evm-block.js';
import { findBlockchain } from './blockchain.js';
import { builder } from './builder.js';
import type { FieldCost, Pool } from './cost.js';
import { NetworkNameEnum } from './enums.js';
import { toNetwork } from './inputs.js';
import { findEvmBlock } from './evm-block.js';
import { registryChains, resolveEvmChain } from './evm-chain.js';
import { findEvmTransaction } from './evm-transaction.js';
import { findIcmMessage } from './icm.js';
import { findL1Validator } from './l1-validator.js';
import { SUBNET_CATALOG } from './pools.js';
import { findBlock } from './primary-network-block.js';
import {
  AddressRef,
  BlockchainRef,
  EvmAddressRef,
  EvmBlockRef,
  EvmChainRef,
  EvmTransactionRef,
  IcmMessageRef,
  L1ValidatorRef,
  PChainTransactionRef,
  PrimaryNetworkBlockRef,
  SubnetRef,
  ValidatorRef,
  XChainAssetRef,
  type EvmChainModel,
} from './refs.js';
import { findValidator } from './staking.js';
import { findSubnet } from './subnet.js';
import { CChainTransactionRef, findTransaction, XChainTransactionRef } from './transaction.js';
import { findAsset } from './x-chain-asset.js';

/**
 * The breadth of a gateway with the default settings, and of an embedding's context that gives
 * none: 64 connections is UPSTREAM_CONNECTIONS's default.
 */
const DEFAULT_BREADTH: SearchBreadth = { hashChains: DEFAULT_HASH_CHAINS, connections: 64 };

/**
 * The chains per network a 0x hash is looked for on, so that its first wave of Data API calls
 * (a transaction and a block on each, the ICM message, each network's registry when it is not
 * shared yet) fits the connections: one more waits for a connection, and the search takes a
 * second round of the upstream's latency. 15 of each network when both are searched and 31 of
 * one, with the default 64 connections. At least the C-Chain, whatever the connections.
 */
export const hashChainsPer = (networks: number, breadth: SearchBreadth = DEFAULT_BREADTH): number =>
  Math.max(1, Math.min(breadth.hashChains, Math.floor((breadth.connections - 1 - networks) / (2 * networks))));

/** The most results `first` may ask for, and its default. */
const MAX_FIRST = 50;
const DEFAULT_FIRST = 10;

/** A candidate's confirmation: what it found (empty: not this kind), or why it could not tell. */
type Found = { typename: string; value: object };
type Candidate = () => Promise<readonly Found[]>;

const one = (typename: string, value: object | null): Found[] => (value ? [{ typename, value }] : []);

const HEIGHT_CHAINS = ['p-chain', 'x-chain'] as const;

/** The C-Chain of a network, known by heart. */
const cChainOf = (network: NetworkName): EvmChainModel => ({
  network,
  evmChainId: C_CHAIN_EVM_ID[network],
  blockchainId: PRIMARY_CHAIN_IDS[network].c,
});

/**
 * The EVM chains of a network a hash may be on besides the C-Chain, at most `limit` (one
 * supportedChains call, shared while fresh: the `subnets` freshness).
 */
async function registryHashChains(ctx: GatewayContext, network: NetworkName, limit: number): Promise<EvmChainModel[]> {
  const { chains } = await supportedChains(ctx.dataApi, { network });
  return registryChains(network, chains)
    .filter((chain) => chain.evmChainId !== C_CHAIN_EVM_ID[network])
    .slice(0, limit);
}

/** Each candidate of a shape on the networks asked, most specific kind first, each kind on every network. */
function candidates(ctx: GatewayContext, shape: Shape, networks: readonly NetworkName[]): Candidate[] {
  const each = (make: (network: NetworkName) => Candidate) => networks.map(make);
  switch (shape.kind) {
    case 'id': {
      const { id } = shape;
      return [
        ...each((n) => async () => one(L1ValidatorRef.name, await findL1Validator(ctx, n, id))),
        ...each((n) => async () => one(SubnetRef.name, await findSubnet(ctx, n, id))),
        ...each((n) => async () => one(BlockchainRef.name, await findBlockchain(ctx, n, id))),
        ...each((n) => async () => one(XChainAssetRef.name, await findAsset(ctx, n, id))),
        ...HEIGHT_CHAINS.flatMap((chain) => each((n) => async () => one(PrimaryNetworkBlockRef.name, await findBlock(ctx, n, chain, id)))),
        ...each((n) => async () => one(PChainTransactionRef.name, await findTransaction(ctx, n, 'p-chain', id))),
        ...each((n) => async () => one(XChainTransactionRef.name, await findTransaction(ctx, n, 'x-chain', id))),
        ...each((n) => async () => one(CChainTransactionRef.name, await findTransaction(ctx, n, 'c-chain', id))),
      ];
    }
    case 'hash': {
      const { hash } = shape;
      const others = hashChainsPer(networks.length, ctx.search) - 1;
      // The C-Chain is known by heart: its lookups go out beside the registry's read, not after it.
      const onChains = (typename: string, find: (chain: EvmChainModel) => Promise<object | null>) => [
        ...each((n) => async () => one(typename, await find(cChainOf(n)))),
        ...each((n) => async () => {
          const found = await Promise.all(
            (await registryHashChains(ctx, n, others)).map(async (chain) => one(typename, await find(chain))),
          );
          return found.flat();
        }),
      ];
      return [
        ...onChains(EvmTransactionRef.name, (chain) => findEvmTransaction(ctx, chain, hash)),
        ...onChains(EvmBlockRef.name, (chain) => findEvmBlock(ctx, chain, { hash }, 'data-api')),
        ...each((n) => async () => one(IcmMessageRef.name, await findIcmMessage(ctx, n, hash))),
      ];
    }
    case 'node-id':
      return each((n) => async () => one(ValidatorRef.name, await findValidator(ctx, n, shape.nodeId)));
    case 'address':
      return networks.includes(shape.network) ? [async () => one(AddressRef.name, { network: shape.network, address: shape.address })] : [];
    case 'evm-address':
      return [
        async () => {
          const { indexedChains } = await listAddressChains(ctx.dataApi, shape.address);
          return networks.flatMap((n) =>
            registryChains(n, indexedChains ?? []).map((chain) => ({
              typename: EvmAddressRef.name,
              value: { chain, address: shape.address },
            })),
          );
        },
      ];
    case 'number': {
      const { value } = shape;
      const height = value.toString();
      return [
        ...(value > 0n && value <= MAX_EVM_CHAIN_ID
          ? each((n) => async () => one(EvmChainRef.name, await resolveEvmChain(ctx, n, { evmChainId: Number(value) })))
          : []),
        ...HEIGHT_CHAINS.flatMap((chain) =>
          each((n) => async () => one(PrimaryNetworkBlockRef.name, await findBlock(ctx, n, chain, height))),
        ),
        ...each((n) => async () => one(EvmBlockRef.name, await findEvmBlock(ctx, cChainOf(n), { number: height }, 'data-api'))),
      ];
    }
    case 'name':
      return each((n) => async () => {
        const { chains } = await supportedChains(ctx.dataApi, { network: n });
        return registryChains(n, chains)
          .filter(({ registry }) =>
            [registry?.chainName, registry?.networkToken.name, registry?.networkToken.symbol].some(
              (name) => name !== undefined && namePrefixOf(name, shape.prefix),
            ),
          )
          .map((chain) => ({ typename: EvmChainRef.name, value: chain }));
      });
  }
}

/** The query as searched: trimmed, and refused past its bound before it is looked at. */
function searched(query: string): string {
  if (query.length > MAX_SEARCH_LENGTH) {
    throw badInput(`\`query\` is ${query.length} characters long; a search takes at most ${MAX_SEARCH_LENGTH} (no id is longer).`, {
      argument: 'query',
    });
  }
  return query.trim();
}

const networksOf = (network: NetworkName | 'testnet' | null | undefined): readonly NetworkName[] =>
  network ? [toNetwork(network)] : NETWORKS;

/** What a search makes, from its arguments: the calls each candidate's lookup makes, the catalogs it reads. */
interface SearchArgs {
  query: string;
  network?: NetworkName | 'testnet' | null;
  first?: number | null;
}

/** The calls and the subnet catalogs of one shape on `networks`, as `candidates` makes them. */
function callsOf(
  shape: Shape,
  networks: readonly NetworkName[],
  breadth: SearchBreadth | undefined,
): { calls: number; catalogs: readonly NetworkName[] } {
  const n = networks.length;
  switch (shape.kind) {
    case 'id':
      // L1 validator, asset, two blocks, three transactions; the subnet and the blockchain from the catalog.
      return { calls: 7 * n, catalogs: networks };
    case 'hash':
      // The registry, and a transaction and a block on each chain; the ICM message once, placed by the catalogs.
      return { calls: n * (1 + 2 * hashChainsPer(n, breadth)) + 1, catalogs: NETWORKS };
    case 'node-id':
      return { calls: n, catalogs: [] };
    case 'address':
      return { calls: 0, catalogs: [] };
    case 'evm-address':
      return { calls: 1, catalogs: [] };
    case 'number':
      // Two Primary Network blocks and a C-Chain block by height; the chain id from the catalog (no call for the C-Chain's).
      return { calls: 3 * n, catalogs: networks };
    case 'name':
      return { calls: n, catalogs: [] };
  }
}

/** A search refused before any call costs nothing; any other costs what its candidates' lookups make. */
function shapesOf(args: SearchArgs): Shape[] {
  if (typeof args.query !== 'string' || args.query.length > MAX_SEARCH_LENGTH) return [];
  const first = args.first ?? DEFAULT_FIRST;
  if (!Number.isInteger(first) || first < 1 || first > MAX_FIRST) return [];
  return classify(args.query.trim());
}

const SEARCH_PRICE: FieldCost<SearchArgs> = {
  calls: (args, where) => shapesOf(args).reduce((sum, shape) => sum + callsOf(shape, networksOf(args.network), where.search).calls, 0),
  pools: (args, where) =>
    shapesOf(args).flatMap((shape) =>
      callsOf(shape, networksOf(args.network), where.search).catalogs.map((network): Pool => ({ ...SUBNET_CATALOG, scope: network })),
    ),
  // No `slicing`: a router's @listSize names sized fields of a connection, and this is a plain list.
  items: (args) => (shapesOf(args).length === 0 ? 0 : (args.first ?? DEFAULT_FIRST)),
};

export const SearchResultRef = builder.unionType('SearchResult', {
  description: 'What `search` found: the graph object itself. Select its fields with `... on <Type>`; `__typename` says which it is.',
  types: [
    PChainTransactionRef,
    XChainTransactionRef,
    CChainTransactionRef,
    PrimaryNetworkBlockRef,
    SubnetRef,
    BlockchainRef,
    L1ValidatorRef,
    ValidatorRef,
    XChainAssetRef,
    AddressRef,
    EvmAddressRef,
    EvmTransactionRef,
    EvmBlockRef,
    EvmChainRef,
    IcmMessageRef,
  ],
});

builder.queryField('search', (t) =>
  t.field({
    type: [SearchResultRef],
    nullable: { list: false, items: true },
    description: `Whatever an id is, on any chain of either network, in one request: a P-, X- or C-Chain transaction id, a P- or X-Chain block id, a subnet, blockchain, validation or asset id (cb58); a NodeID-…; an X/P address (avax1…, fuji1…, with or without "P-"/"X-"); a 0x address (its EVM chains with activity); a 0x hash (a transaction or block on the C-Chain and the first other indexed EVM chains of each network, as many as the gateway's SEARCH_HASH_CHAINS allows: ${hashChainsPer(2) - 1} others with the default settings, ${hashChainsPer(1) - 1} when \`network\` is given; or an ICM message); a number (an EVM chain id, a P-/X-/C-Chain block height); the start of an indexed EVM chain's or its native token's name. The shape of \`query\` decides what to look for with no call (a string of no id shape makes none); each candidate is then confirmed by one lookup, all at once. Every match is returned, the most specific first (a subnet before the transaction that created it); an unknown id gives an empty list. A lookup that fails (not a "none") is a null item with its own error after the matches. \`query\`: at most ${MAX_SEARCH_LENGTH} characters. \`first\`: 1 to ${MAX_FIRST} (default ${DEFAULT_FIRST}).`,
    args: {
      query: t.arg.string({
        required: true,
        description: 'The id, address, hash, number or name prefix to look for; spaces around it are ignored.',
      }),
      network: t.arg({ type: NetworkNameEnum, description: 'Only this network; both when omitted.' }),
      first: t.arg.int({ description: `The most matches to return: 1 to ${MAX_FIRST} (default ${DEFAULT_FIRST}).` }),
    },
    price: SEARCH_PRICE,
    resolve: async (_root, args, ctx) => {
      const text = searched(args.query);
      const first = args.first ?? DEFAULT_FIRST;
      if (!Number.isInteger(first) || first < 1 || first > MAX_FIRST) {
        throw badInput(`\`first\` must be 1 to ${MAX_FIRST} (got ${first}).`, { argument: 'first' });
      }
      const networks = networksOf(args.network);
      const settled = await Promise.allSettled(classify(text).flatMap((shape) => candidates(ctx, shape, networks).map((c) => c())));
      const found = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []));
      const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
      const matches = found.slice(0, first).map(({ typename, value }) => {
        brandWithType(value, typename as never);
        return value;
      });
      // graphql-js makes an Error in a list an error at that item's path: the matches still come back.
      return [...matches, ...failed] as (typeof SearchResultRef.$inferType)[];
    },
  }),
);
