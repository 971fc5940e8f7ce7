/**
 * EVM chains: the C-Chain and every Subnet-EVM blockchain, by EVM chain id or blockchain id.
 * The Data API's EVM endpoints take a chain id without a network; the graph reaches a chain from
 * its network (or its blockchain), so every EVM object still carries the network.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { C_CHAIN_EVM_ID, PRIMARY_CHAIN_IDS, parseCb58Id, toChecksumAddress, type NetworkName } from '../base/ids.js';
import { builder } from './builder.js';
import type { Pool, Where } from './cost.js';
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { NetworkNameEnum } from './enums.js';
import { keyField, keyNetwork, shown } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { CB58IdScalar, EvmAddressScalar } from './scalars.js';
import { listAddressChains, supportedChains, type ChainInfo } from '../upstreams/data-api/evm-block.js';
import { EvmApiFeatureEnum } from './chain-info.js';
import { learnt } from './list-sizes.js';
import { checkEvmBlockNumber, checkHash, evmBlockArg } from './inputs.js';
import { at, BLOCK_ARG_HELP, checkCall, checkNonce, decimal, ETH_CALL, EvmCallInput, feeQuantity } from './evm-node-reads.js';
import {
  ethBaseFee,
  ethBlockNumber,
  ethCall,
  ethChainId,
  ethEstimateGas,
  ethGasPrice,
  ethMaxPriorityFeePerGas,
} from '../upstreams/node/evm-state.js';
import {
  ethGetBlockTransactionCountByHash,
  ethGetBlockTransactionCountByNumber,
  toQuantity,
  type BlockTag,
} from '../upstreams/node/evm-blocks.js';
import {
  EvmAddressRef,
  EvmChainRef,
  EvmTransactionSubmissionRef,
  IcmMessageRef,
  NetworkRef,
  PartyRef,
  evmModelOf,
  type EvmChainModel,
} from './refs.js';
import { hexJsonBytes } from './leaf-bytes.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

/**
 * The chains of the Data API's registry on a network, as its whole listing was last seen (a
 * feature's chains and an address's are some of them, and priced as all), at most 300: the
 * sandbox's registry holds 208 on mainnet, the Data API's tens per network, and 300 leaves room
 * for the registry to grow (an assumption: no protocol bounds it). A chain's registry entry
 * (`info`) comes with the listing (`answers`), so a listing of every chain with its entries makes
 * one call; a field of each chain that calls its node is priced per chain, and a
 * registry past the budget's worth of chains is refused up front rather than stopped halfway.
 */
const REGISTRY_CHAINS = learnt<{ feature?: unknown }>({
  kind: 'evmRegistryChains',
  most: { mainnet: 300, fuji: 300 },
  // Noted, a feature's few chains priced the next whole listing: seed p35 of the fuzzer listed the
  // 2 with webhooks, then every chain was priced at 3 and made 250 calls.
  narrowed: (_network, args) => args.feature != null,
});
const ADDRESS_CHAINS = learnt({ kind: 'evmRegistryChains', most: { mainnet: 300, fuji: 300 }, narrowed: () => true });

/** Finds an EVM chain of a network through the subnet listing (the C-Chain is known by heart). */
export async function resolveEvmChain(
  ctx: GatewayContext,
  network: NetworkName,
  by: { evmChainId?: number | null; blockchainId?: string | null },
): Promise<EvmChainModel | null> {
  const cChain = { network, evmChainId: C_CHAIN_EVM_ID[network], blockchainId: PRIMARY_CHAIN_IDS[network].c };
  if (by.blockchainId === cChain.blockchainId || by.evmChainId === cChain.evmChainId) return cChain;
  if (by.blockchainId != null) {
    const hit = await ctx.loaders.blockchain(network, by.blockchainId);
    return hit ? evmModelOf(network, hit.blockchain) : null;
  }
  if (by.evmChainId != null) {
    const hit = await ctx.loaders.blockchainByEvmChainId(network, by.evmChainId);
    return hit ? { network, evmChainId: by.evmChainId, blockchainId: hit.blockchain.blockchainId } : null;
  }
  return null;
}

/** The EVM chain an ICM message names by its EVM chain id (a decimal string), if the network has it. */
/**
 * What finding an EVM chain costs: nothing for the C-Chain of the network the walk is on (known by
 * heart), else the subnet catalog.
 */
export function evmChainLookup(by: { evmChainId?: number | null; blockchainId?: string | null }, { scope }: Where): readonly Pool[] {
  const network = scope as NetworkName | undefined;
  const cChain = network && (by.evmChainId === C_CHAIN_EVM_ID[network] || by.blockchainId === PRIMARY_CHAIN_IDS[network].c);
  return cChain ? [] : [SUBNET_CATALOG];
}

export const chainOf = (ctx: GatewayContext, network: NetworkName, evmChainId: string) =>
  /^\d+$/.test(evmChainId) ? resolveEvmChain(ctx, network, { evmChainId: Number(evmChainId) }) : null;

/** A value the upstream sends, or the fallback when it sends one this API does not know. */
export function known<T extends string>(values: readonly T[], value: string | undefined, fallback: T | null): T | null {
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

PartyRef.implement({
  description: 'The sender or recipient of an EVM transfer, with its token identity when it is a token contract.',
  fields: (t) => ({
    address: t.string({
      description: 'The 0x address, EIP-55 checksummed (mixed case).',
      resolve: (p) => toChecksumAddress(p.address),
    }),
    name: t.exposeString('name', { nullable: true, description: 'Token or contract name, when it is one.' }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Token symbol, when it is a token.' }),
    decimals: t.exposeInt('decimals', { nullable: true, description: 'Token decimals, when it is a token.' }),
    logoUri: t.exposeString('logoUri', {
      nullable: true,
      description: 'Logo, when known.',
      price: { bytes: upstreamText('native-logo', TEXT_BYTES.url) },
    }),
    account: t.field({
      type: EvmAddressRef,
      description: 'The address on its chain: balances, transfers, contract metadata.',
      resolve: (p) => ({ chain: p.chain, address: p.address }),
    }),
  }),
});

// By id (`node(id:)`, `_entities`): from the subnet catalog (the C-Chain, known by heart, is counted too).
lookupPrice(EvmChainRef.name, { pools: [SUBNET_CATALOG] });

/**
 * What a call returns, in hex, as the longest seen. Only the node's gas cap for a call bounds it
 * (RPCGasCap, 50M by default: memory for some 5 MB), which would price a call on every chain of the
 * registry past MAX_RESULT_BYTES before one was seen: 64 KiB is an assumption for the longest (a call
 * answers a few ABI words; a contract returning a large `bytes` or `string` passes it).
 */
const CALL_RESULT_BYTES = learnt({
  kind: 'evm-call-result-bytes',
  most: { mainnet: hexJsonBytes(64 * 1024), fuji: hexJsonBytes(64 * 1024) },
  anyNetwork: true,
});

builder.node(EvmChainRef, {
  description: 'An EVM chain: the C-Chain or a Subnet-EVM blockchain. Its id is its EVM chain id on its network.',
  id: {
    resolve: (c) => nodeKey(c.network, String(c.evmChainId)),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        if (!/^[1-9]\d{0,15}$/.test(key)) throw new Error('expected an EVM chain id');
      }),
  },
  loadOne: ({ network, key }, ctx) => resolveEvmChain(ctx, network, { evmChainId: Number(key) }),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network of its blockchain.' }),
    evmChainId: t.expose('evmChainId', { type: 'SafeInt', description: 'The EVM chain id (in its genesis).' }),
    blockchainId: t.exposeString('blockchainId', { description: 'Its Avalanche blockchain id (cb58).' }),
    address: t.field({
      type: EvmAddressRef,
      description: 'An address on this chain: its transfers, balances, collectibles and contract metadata.',
      args: { address: t.arg({ type: EvmAddressScalar, required: true, description: 'The 0x address.' }) },
      resolve: (chain, { address }) => ({ chain, address }),
    }),
  }),
});

// A neighbour subgraph names an EVM chain by network and EVM chain id, or by network and
// blockchain id; `_entities` finds it as `Network.evmChain` does.
builder.asEntity(EvmChainRef, {
  key: [
    builder.selection<{ network: string; evmChainId: number }>('network evmChainId'),
    builder.selection<{ network: string; blockchainId: string }>('network blockchainId'),
  ],
  resolveReference: async (key, ctx) => {
    const network = keyNetwork('EvmChain', key.network);
    if ('blockchainId' in key && key.blockchainId != null) {
      return resolveEvmChain(ctx, network, { blockchainId: keyField('EvmChain', 'blockchainId', key.blockchainId, parseCb58Id) });
    }
    const evmChainId = (key as { evmChainId?: unknown }).evmChainId;
    if (typeof evmChainId !== 'number' || !Number.isSafeInteger(evmChainId) || evmChainId <= 0) {
      throw badInput(
        `An EvmChain representation needs \`blockchainId\` (cb58) or \`evmChainId\` (a positive integer), got ${shown(evmChainId)}.`,
      );
    }
    return resolveEvmChain(ctx, network, { evmChainId });
  },
});

builder.objectField(NetworkRef, 'evmChain', (t) =>
  t.field({
    type: EvmChainRef,
    nullable: true,
    description: 'An EVM chain of this network, by EVM chain id or by blockchain id (give exactly one); null if the network has none such.',
    args: {
      evmChainId: t.arg({ type: 'SafeInt', description: 'The EVM chain id, e.g. 43114 for the mainnet C-Chain.' }),
      blockchainId: t.arg({ type: CB58IdScalar, description: 'The blockchain id (cb58).' }),
    },
    price: { pools: evmChainLookup },
    resolve: (network, args, ctx) => {
      if ((args.evmChainId == null) === (args.blockchainId == null)) {
        throw badInput('`evmChain` takes exactly one of `evmChainId` and `blockchainId`.', { argument: 'evmChainId' });
      }
      if (args.evmChainId != null && args.evmChainId <= 0) {
        throw badInput(`\`evmChainId\` must be a positive integer (got ${args.evmChainId}).`, { argument: 'evmChainId' });
      }
      return resolveEvmChain(ctx, network.name, args);
    },
  }),
);

builder.objectFields(IcmMessageRef, (t) => ({
  sourceChain: t.field({
    type: EvmChainRef,
    nullable: true,
    description: 'The source as an EVM chain.',
    // The C-Chain, or a chain of the subnet catalog.
    price: { pools: [SUBNET_CATALOG] },
    resolve: (m, _a, ctx) => chainOf(ctx, m.network, m.sourceEvmChainId),
  }),
  destinationChain: t.field({
    type: EvmChainRef,
    nullable: true,
    description: 'The destination as an EVM chain.',
    price: { pools: [SUBNET_CATALOG] },
    resolve: (m, _a, ctx) => chainOf(ctx, m.network, m.destinationEvmChainId),
  }),
}));

/** The registry's entries of `network` as its EVM chains: those of Avalanche (with a blockchain id) and of this network. */
export function registryChains(network: NetworkName, chains: readonly ChainInfo[]): EvmChainModel[] {
  const out: EvmChainModel[] = [];
  for (const info of chains) {
    if (!info.platformChainId || info.isTestnet !== (network === 'fuji') || !/^[1-9]\d{0,15}$/.test(info.chainId)) continue;
    out.push({ network, evmChainId: Number(info.chainId), blockchainId: info.platformChainId, registry: info });
  }
  return out;
}

builder.objectField(NetworkRef, 'evmChains', (t) =>
  t.field({
    type: [EvmChainRef],
    description:
      "The EVM chains of this network the Data API indexes (its chain registry, supportedChains), each with its registry entry as `info`: those with a feature when `feature` is given. Chains the Data API does not index are reached by `evmChain` (from the P-Chain's listing).",
    args: { feature: t.arg({ type: EvmApiFeatureEnum, description: 'Only chains with this Data API feature.' }) },
    price: { calls: 1, items: REGISTRY_CHAINS, answers: ['info'], reaches: ['supportedChains'] },
    resolve: async (network, args, ctx) => {
      const { chains } = await supportedChains(ctx.dataApi, { network: network.name, feature: args.feature ?? undefined });
      return registryChains(network.name, chains);
    },
  }),
);

builder.objectField(EvmAddressRef, 'activeChains', (t) =>
  t.field({
    type: [EvmChainRef],
    description:
      "The EVM chains of this address's network it has activity on, as the Data API indexes them (listAddressChains), each with its registry entry as `info`. The same address on another chain is `EvmChain.address`.",
    price: { calls: 1, items: ADDRESS_CHAINS, answers: ['info'], reaches: ['listAddressChains'] },
    resolve: async (a, _a, ctx) => {
      const { indexedChains } = await listAddressChains(ctx.dataApi, a.address);
      return registryChains(a.chain.network, indexedChains ?? []);
    },
  }),
);

builder.objectField(EvmChainRef, 'blockTransactionCount', (t) =>
  t.field({
    type: 'Int',
    nullable: true,
    description:
      "How many transactions a block holds, by `number` or `hash` (give exactly one), counted by the chain's node (eth_getBlockTransactionCountByNumber / …ByHash) without reading the block; null when the node has no such block.",
    args: {
      number: t.arg({ type: 'BigInt', description: 'The block number.' }),
      hash: t.arg.string({ description: 'The block hash, "0x" and 64 hex digits.' }),
    },
    price: { calls: 1, reaches: ['eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber'] },
    resolve: async (chain, args, ctx) => {
      if ((args.number == null) === (args.hash == null)) {
        throw badInput('`blockTransactionCount` takes exactly one of `number` and `hash`.', { argument: 'number' });
      }
      const count =
        args.hash != null
          ? await ethGetBlockTransactionCountByHash(ctx.node, chain.network, chain.blockchainId, checkHash(args.hash, 'hash'))
          : await ethGetBlockTransactionCountByNumber(
              ctx.node,
              chain.network,
              chain.blockchainId,
              toQuantity(BigInt(checkEvmBlockNumber(args.number!, 'number'))) as BlockTag,
            );
      return count === null ? null : Number(BigInt(count));
    },
  }),
);

// --- what the chain's own node says (eth_*, read through evm-node-reads.ts) -------------------------

builder.objectFields(EvmChainRef, (t) => ({
  headBlockNumber: t.field({
    ...feeQuantity(
      "The chain's last accepted block as its node says it (eth_blockNumber): the node's answer, fresher than the Data API, which indexes blocks after they are accepted.",
      ethBlockNumber,
      'eth_blockNumber',
    ),
  }),
  rpcChainId: t.field({
    type: 'SafeInt',
    description:
      'The EVM chain id its node serves (eth_chainId). The same as `evmChainId` unless the node is not the chain it is taken for: signed transactions name this one.',
    price: { ...ETH_CALL, reaches: ['eth_chainId'] },
    resolve: async (chain, _a, ctx) => Number(await ethChainId(ctx.node, at(chain))),
  }),
  gasPrice: t.field({
    ...feeQuantity(
      "The node's suggested gas price for a legacy transaction, in wei (eth_gasPrice): base fee and tip.",
      ethGasPrice,
      'eth_gasPrice',
    ),
  }),
  baseFee: t.field({
    ...feeQuantity('The base fee the next block will charge a gas unit, in wei (eth_baseFee).', ethBaseFee, 'eth_baseFee'),
  }),
  maxPriorityFeePerGas: t.field({
    ...feeQuantity(
      "The node's suggested tip a gas unit for a dynamic-fee transaction, in wei (eth_maxPriorityFeePerGas).",
      ethMaxPriorityFeePerGas,
      'eth_maxPriorityFeePerGas',
    ),
  }),
  call: t.field({
    type: 'String',
    description:
      "What a call returns (0x hex), run against the state at `block` and changing nothing (eth_call). A revert is an UPSTREAM_RPC_ERROR with the node's message, its revert data in `extensions.upstream.data`.",
    args: {
      input: t.arg({ type: EvmCallInput, required: true, description: 'The call.' }),
      block: t.arg.string({ required: true, defaultValue: 'latest', description: `${BLOCK_ARG_HELP} or a block hash.` }),
    },
    price: { ...ETH_CALL, bytes: CALL_RESULT_BYTES, reaches: ['eth_call'] },
    resolve: (chain, { input, block }, ctx) => ethCall(ctx.node, at(chain), checkCall(input), evmBlockArg(block, 'block', { hash: true })),
  }),
  estimateGas: t.field({
    type: 'BigInt',
    description:
      'The gas a call or transaction needs at `block` (eth_estimateGas). One that reverts is an UPSTREAM_RPC_ERROR, as for `call`.',
    args: {
      input: t.arg({ type: EvmCallInput, required: true, description: 'The call or transaction.' }),
      block: t.arg.string({ required: true, defaultValue: 'latest', description: `${BLOCK_ARG_HELP} or a block hash.` }),
    },
    price: { ...ETH_CALL, reaches: ['eth_estimateGas'] },
    resolve: async (chain, { input, block }, ctx) =>
      decimal(await ethEstimateGas(ctx.node, at(chain), checkCall(input), evmBlockArg(block, 'block', { hash: true }))),
  }),
  submittedTransaction: t.field({
    type: EvmTransactionSubmissionRef,
    description:
      'A transaction sent to this chain (by `sendEvmTransaction` or elsewhere), to see where it stands: give its hash, sender and nonce (the mutation answers all three).',
    args: {
      txHash: t.arg.string({ required: true, description: 'Its hash.' }),
      from: t.arg({ type: EvmAddressScalar, required: true, description: 'Its sender.' }),
      nonce: t.arg({ type: 'BigInt', required: true, description: 'Its nonce.' }),
    },
    resolve: (chain, args) => ({
      ...chain,
      chain,
      txHash: checkHash(args.txHash, 'txHash'),
      from: args.from.toLowerCase(),
      nonce: checkNonce(args.nonce),
    }),
  }),
}));
