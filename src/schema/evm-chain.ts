/**
 * EVM chains: the C-Chain and every Subnet-EVM blockchain, by EVM chain id or blockchain id.
 * The Data API's EVM endpoints take a chain id without a network; the graph reaches a chain from
 * its network (or its blockchain), so every EVM object still carries the network.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { C_CHAIN_EVM_ID, PRIMARY_CHAIN_IDS, parseCb58Id, toChecksumAddress, type NetworkName } from '../base/ids.js';
import type { NativeTransaction } from '../upstreams/data-api/evm-chain.js';
import { builder } from './builder.js';
import { paged, type Pool, type Where } from './cost.js';
import { SUBNET_CATALOG } from './pools.js';
import { lookupPrice } from './lookups.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { NetworkNameEnum } from './enums.js';
import { keyField, keyNetwork, shown } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { CB58IdScalar, EvmAddressScalar } from './scalars.js';
import { listLatestTransactions } from '../upstreams/data-api/evm-chain.js';
import { listNativeTransactions } from '../upstreams/data-api/evm-address.js';
import { blockArgs, checkBlockRange } from './inputs.js';
import {
  EvmAddressRef,
  EvmChainRef,
  IcmMessageRef,
  NetworkRef,
  PartyRef,
  chainIdOf,
  evmModelOf,
  toParty,
  type EvmChainModel,
} from './refs.js';

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

export const EvmTransactionStatusEnum = builder.enumType('EvmTransactionStatus', {
  description: 'Whether an EVM transaction succeeded.',
  values: {
    SUCCESS: { value: 'success', description: 'It executed.' },
    FAILED: { value: 'failed', description: 'It reverted; only its gas was spent.' },
  } as const,
});

export const EvmCallTypeEnum = builder.enumType('EvmCallType', {
  description: 'What kind of call a transaction makes.',
  values: {
    NATIVE_TRANSFER: { value: 'NATIVE_TRANSFER', description: 'A plain transfer of the native token.' },
    CONTRACT_CALL: { value: 'CONTRACT_CALL', description: 'A call to a contract.' },
    CONTRACT_CREATION: { value: 'CONTRACT_CREATION', description: 'A contract deployment.' },
  } as const,
});

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
    logoUri: t.exposeString('logoUri', { nullable: true, description: 'Logo, when known.' }),
    account: t.field({
      type: EvmAddressRef,
      description: 'The address on its chain: balances, transfers, contract metadata.',
      resolve: (p) => ({ chain: p.chain, address: p.address }),
    }),
  }),
});

export type EvmTxModel = NativeTransaction & { chain: EvmChainModel };

const MethodRef = builder.objectRef<NonNullable<NativeTransaction['method']>>('EvmMethod').implement({
  description: 'The method a transaction called.',
  fields: (t) => ({
    callType: t.field({
      type: EvmCallTypeEnum,
      nullable: true,
      description: 'Native transfer, contract call or contract creation.',
      resolve: (m) => known(['NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION'] as const, m.callType, null),
    }),
    methodHash: t.exposeString('methodHash', { description: 'The 4-byte selector, e.g. "0xa9059cbb".' }),
    methodName: t.string({
      nullable: true,
      description: 'The decoded signature, e.g. "transfer(address,uint256)", when known.',
      resolve: (m) => m.methodName || null,
    }),
  }),
});

export const EvmTransactionRef = builder.objectRef<EvmTxModel>('EvmTransaction').implement({
  description: 'A transaction on an EVM chain.',
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'The transaction hash.' }),
    chain: t.expose('chain', { type: EvmChainRef, description: 'The chain it ran on.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Its block.' }),
    blockHash: t.exposeString('blockHash', { description: 'Its block hash.' }),
    blockIndex: t.exposeInt('blockIndex', { description: 'Its position in the block.' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'SafeInt', description: 'Unix time (s) of its block.' }),
    blockTimestampMilliseconds: t.expose('blockTimestampMilliseconds', {
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (ms) of its block, where the chain records it.',
    }),
    blockMinDelayExcess: t.expose('blockMinDelayExcess', {
      type: 'SafeInt',
      nullable: true,
      description: "The block's minimum delay excess, where recorded.",
    }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id, as the Data API writes it.' }),
    txStatus: t.exposeString('txStatus', { description: 'The status as the Data API writes it ("1" success, "0" failure).' }),
    status: t.field({
      type: EvmTransactionStatusEnum,
      nullable: true,
      description: 'SUCCESS or FAILED.',
      resolve: (tx) => (tx.txStatus === '1' ? 'success' : tx.txStatus === '0' ? 'failed' : null),
    }),
    txType: t.exposeInt('txType', { description: 'EIP-2718 type: 0 legacy, 2 EIP-1559, ...' }),
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Gas limit.' }),
    gasUsed: t.expose('gasUsed', { type: 'BigInt', description: 'Gas used.' }),
    gasPrice: t.expose('gasPrice', { type: 'BigInt', description: 'Gas price, in wei.' }),
    nonce: t.expose('nonce', { type: 'BigInt', description: "The sender's nonce." }),
    value: t.expose('value', { type: 'BigInt', description: 'Native value sent, in wei.' }),
    from: t.field({
      type: PartyRef,
      description: 'The sender: always an account (EOA), so its `contract` is null without a lookup.',
      resolve: (tx) => ({ ...toParty(tx.chain, tx.from), account: true as const }),
    }),
    to: t.field({ type: PartyRef, description: 'The recipient: an account or a contract.', resolve: (tx) => toParty(tx.chain, tx.to) }),
    method: t.expose('method', { type: MethodRef, nullable: true, description: 'The method called.' }),
  }),
});

const EVM_TXS_PAGE = pageSpec('listLatestTransactions', 'transactions');

// By id (`node(id:)`, `_entities`): from the subnet catalog (the C-Chain, known by heart, is counted too).
lookupPrice(EvmChainRef.name, { pools: [SUBNET_CATALOG] });

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
    transactions: t.connection(
      {
        type: EvmTransactionRef,
        nullable: true,
        description: 'Latest transactions, newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
        args: { status: t.arg({ type: EvmTransactionStatusEnum, description: 'Only succeeded or only failed transactions.' }) },
        price: paged(EVM_TXS_PAGE),
        resolve: (chain, args, ctx) =>
          pageConnection({
            cursors: ctx.cursors,
            args,
            spec: EVM_TXS_PAGE,
            filters: [chain.network, chain.evmChainId, args.status],
            fetchPage: (page) => listLatestTransactions(ctx.dataApi, chainIdOf(chain), { ...page, status: args.status ?? undefined }),
            read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
            toNode: (tx): EvmTxModel => ({ ...tx, chain }),
            keyOf: (tx) => tx.txHash,
          }),
      },
      { name: 'EvmTransactionConnection', description: 'A page of EVM transactions.' },
      { name: 'EvmTransactionEdge', description: 'A transaction and its cursor.' },
    ),
    address: t.field({
      type: EvmAddressRef,
      description: 'An address on this chain: its transfers, balances, collectibles and contract metadata.',
      args: { address: t.arg({ type: EvmAddressScalar, required: true, description: 'The 0x address.' }) },
      resolve: (chain, { address }) => ({ chain, address }),
    }),
  }),
});

// An address's own transactions (listNativeTransactions), beside the type they are.
const NATIVE_PAGE = pageSpec('listNativeTransactions', 'nativeTransactions');

builder.objectFields(EvmAddressRef, (t) => ({
  nativeTransactions: t.connection(
    {
      type: EvmTransactionRef,
      nullable: true,
      description:
        'Transactions this address sent or received directly (not those that only moved its tokens), newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      price: paged(NATIVE_PAGE),
      resolve: (a, args, ctx) => {
        const range = checkBlockRange(args.startBlock, args.endBlock);
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: NATIVE_PAGE,
          filters: [a.chain.network, a.chain.evmChainId, a.address.toLowerCase(), range],
          fetchPage: (page) => listNativeTransactions(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...range }),
          read: (page) => ({ items: page.transactions, nextPageToken: page.nextPageToken }),
          toNode: (tx): EvmTxModel => ({ ...tx, chain: a.chain }),
          keyOf: (tx) => tx.txHash,
        });
      },
    },
    { name: 'EvmAddressNativeTransactionConnection', description: "A page of an address's native transactions." },
    { name: 'EvmAddressNativeTransactionEdge', description: 'A transaction and its cursor.' },
  ),
}));

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
