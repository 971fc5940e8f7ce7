/**
 * P- and X-Chain blocks as the Data API indexes them (getBlockById, listLatestPrimaryNetworkBlocks,
 * listPrimaryNetworkBlocksByNodeId): summaries with their transaction ids, size and proposer. The
 * node answers about the same blocks in its own terms (`PChain.block`, `XChain.block`: the block
 * decoded from its bytes, with whole transactions); the Data API adds what an index knows (the
 * proposer, the supply, L1 fees) and the lists. Each is its own entry: a block is asked of the
 * upstream whose view the field names.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { parseCb58Id, type NetworkName } from '../base/ids.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import {
  getBlockById,
  listLatestPrimaryNetworkBlocks,
  listPrimaryNetworkBlocksByNodeId,
  type BlockChainPath,
  type ListPrimaryNetworkBlocksResponse,
} from '../upstreams/data-api/primary-network-block.js';
import type { PrimaryChainAlias } from '../upstreams/data-api/transaction.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { NetworkNameEnum, PrimaryNetworkChainEnum } from './enums.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { checkTimeRange } from './inputs.js';
import { lookupPrice } from './lookups.js';
import { checkBlockAsk } from './node-common.js';
import { CB58IdScalar, NodeIdScalar } from './scalars.js';
import {
  NetworkRef,
  PChainTransactionRef,
  PChainValidatorRef,
  PrimaryNetworkBlockRef,
  PrimaryNetworkChainInfoRef,
  PRIMARY_NETWORK_BLOCK_TXS,
  type PnBlockModel,
} from './refs.js';

/** The chain of a block field; the C-Chain's blocks are EVM blocks, refused before any call. */
function blockChain(chain: PrimaryChainAlias): BlockChainPath {
  if (chain === 'c-chain') {
    throw badInput("The Data API's Primary Network blocks are the P- and X-Chain's: the C-Chain's are EVM blocks (`EvmChain`).", {
      argument: 'chain',
    });
  }
  return chain;
}

/** A block by hash or height, once per request; null without an id or when the Data API has none. */
export async function findBlock(ctx: GatewayContext, network: NetworkName, chain: BlockChainPath, blockId: string | undefined) {
  if (!blockId) return null;
  const block = await getBlockById(ctx.dataApi, network, chain, blockId);
  return block ? ({ ...block, network, chain } satisfies PnBlockModel) : null;
}

const LETTER = { 'p-chain': 'P', 'x-chain': 'X' } as const;

/** A global id's key: the chain's letter and the block hash (`P:2oY…`). */
function parseBlockKey(key: string): { chain: BlockChainPath; hash: string } {
  const [letter, hash] = key.split(':');
  const chain = letter === 'P' ? 'p-chain' : letter === 'X' ? 'x-chain' : undefined;
  if (!chain || !hash) throw new Error('a block key is "P:<hash>" or "X:<hash>"');
  return { chain, hash: parseCb58Id(hash) };
}

const ProposerRef = builder.objectRef<NonNullable<PnBlockModel['proposerDetails']>>('BlockProposer').implement({
  description: 'What the ProposerVM recorded of the block it wrapped: who built it, and on which P-Chain view.',
  fields: (t) => ({
    proposerId: t.exposeString('proposerId', { nullable: true, description: 'The id of the ProposerVM block.' }),
    proposerParentId: t.exposeString('proposerParentId', { nullable: true, description: 'Its parent ProposerVM block.' }),
    nodeId: t.exposeString('proposerNodeId', { nullable: true, description: 'The validator that built it.' }),
    pChainHeight: t.expose('proposerPChainHeight', {
      type: 'SafeInt',
      nullable: true,
      description: 'The P-Chain height whose validator set it was built under.',
    }),
    timestamp: t.expose('proposerTimestamp', { type: 'SafeInt', nullable: true, description: 'Unix time (s) the proposer gave it.' }),
  }),
});

builder.node(PrimaryNetworkBlockRef, {
  description:
    "A P- or X-Chain block as the Data API indexes it: height, hash, parent, time, type, size, proposer and its transactions. The node's decoded view of a block is `PChain.block` / `XChain.block`.",
  id: {
    resolve: (b) => nodeKey(b.network, `${LETTER[b.chain]}:${b.blockHash}`),
    parse: (id) => parseNodeKey(id, parseBlockKey),
  },
  loadOne: ({ network, key }, ctx) => {
    const { chain, hash } = parseBlockKey(key);
    return findBlock(ctx, network, chain, hash);
  },
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network.' }),
    chain: t.expose('chain', { type: PrimaryNetworkChainEnum, description: 'P_CHAIN or X_CHAIN.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Its height.' }),
    blockHash: t.exposeString('blockHash', { description: 'Its id (cb58).' }),
    parentHash: t.exposeString('parentHash', { description: 'The previous block (see `parent`).' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'SafeInt', description: 'Unix time (s) of the block.' }),
    blockType: t.exposeString('blockType', {
      description: 'Its type as the chain names it, e.g. "BanffStandardBlock", "BanffProposalBlock".',
    }),
    txCount: t.exposeInt('txCount', { description: 'How many transactions it holds.' }),
    transactionIds: t.exposeStringList('transactions', {
      description: 'The ids of its transactions (see `transactions` for them whole).',
      price: { items: PRIMARY_NETWORK_BLOCK_TXS },
    }),
    blockSizeBytes: t.exposeInt('blockSizeBytes', { description: 'Its size in bytes.' }),
    l1ValidatorsAccruedFees: t.expose('l1ValidatorsAccruedFees', {
      type: 'SafeInt',
      nullable: true,
      description: 'P-Chain since Etna: the continuous fees L1 validators had accrued, in nAVAX.',
    }),
    activeL1Validators: t.exposeInt('activeL1Validators', {
      nullable: true,
      description: 'P-Chain since Etna: how many L1 validators were active.',
    }),
    currentSupply: t.expose('currentSupply', {
      type: 'BigInt',
      nullable: true,
      description: 'P-Chain: the AVAX supply after it, in nAVAX.',
    }),
    proposer: t.expose('proposerDetails', {
      type: ProposerRef,
      nullable: true,
      description: 'Who proposed it, for blocks built by the ProposerVM.',
    }),
    parent: t.field({
      type: PrimaryNetworkBlockRef,
      nullable: true,
      description: 'The previous block (getBlockById); null at the start of the chain.',
      price: { calls: 1, reaches: ['getBlockById'] },
      resolve: (b, _args, ctx) => findBlock(ctx, b.network, b.chain, b.parentHash),
    }),
  }),
});

lookupPrice('PrimaryNetworkBlock', { calls: 1 });

builder.asEntity(PrimaryNetworkBlockRef, {
  key: builder.selection<{ network: string; chain: string; blockHash: string }>('network chain blockHash'),
  resolveReference: async (key, ctx) => {
    const network = keyNetwork('PrimaryNetworkBlock', key.network);
    const chain = key.chain === 'P_CHAIN' ? 'p-chain' : key.chain === 'X_CHAIN' ? 'x-chain' : undefined;
    if (!chain) throw badInput('A PrimaryNetworkBlock representation needs `chain`: P_CHAIN or X_CHAIN.');
    return findBlock(ctx, network, chain, keyField('PrimaryNetworkBlock', 'blockHash', key.blockHash, parseCb58Id));
  },
});

const LATEST_PAGE = pageSpec('listLatestPrimaryNetworkBlocks', 'blocks');
const PROPOSED_PAGE = pageSpec('listPrimaryNetworkBlocksByNodeId', 'proposedBlocks');

const BlockConnection = builder.connectionObject(
  {
    type: PrimaryNetworkBlockRef,
    name: 'PrimaryNetworkBlockConnection',
    description: 'A page of P- or X-Chain blocks, newest first.',
    fields: (t) => ({
      chainInfo: t.field({
        type: PrimaryNetworkChainInfoRef,
        description: 'The chain and network the Data API answered for (its `chainInfo`).',
        resolve: (conn) => (conn as { firstPage?: ListPrimaryNetworkBlocksResponse }).firstPage!.chainInfo,
      }),
    }),
  },
  { name: 'PrimaryNetworkBlockEdge', description: 'A block and its cursor.' },
);

interface Window {
  startTimestamp?: number | null;
  endTimestamp?: number | null;
}

function blockConnection(ctx: GatewayContext, network: NetworkName, chain: BlockChainPath, args: Window & ConnectionArgs, nodeId?: string) {
  checkTimeRange(args.startTimestamp, args.endTimestamp);
  const window = { startTimestamp: args.startTimestamp ?? undefined, endTimestamp: args.endTimestamp ?? undefined };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: nodeId ? PROPOSED_PAGE : LATEST_PAGE,
    filters: [network, chain, window, nodeId],
    fetchPage: (page) =>
      nodeId
        ? listPrimaryNetworkBlocksByNodeId(ctx.dataApi, network, chain, nodeId, { ...page, ...window })
        : listLatestPrimaryNetworkBlocks(ctx.dataApi, network, chain, { ...page, ...window }),
    read: (page) => ({ items: page.blocks, nextPageToken: page.nextPageToken }),
    toNode: (b): PnBlockModel => ({ ...b, network, chain }),
    keyOf: (b) => b.blockHash,
    rankOf: (b) => -b.blockTimestamp,
  });
}

const CHAIN_DESCRIPTION = 'P_CHAIN or X_CHAIN (the C-Chain has EVM blocks: `EvmChain`).';
const PAGE_NOTE = '`first`: 1 to 500 (default 10); 100 per upstream call.';

builder.objectFields(NetworkRef, (t) => ({
  primaryNetworkBlock: t.field({
    type: PrimaryNetworkBlockRef,
    nullable: true,
    description:
      'A P- or X-Chain block by hash or by height (exactly one) as the Data API indexes it (getBlockById); null when it has none. `pChain { block }` / `xChain { block }` ask the node for the same block decoded.',
    args: {
      chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: CHAIN_DESCRIPTION }),
      blockHash: t.arg({ type: CB58IdScalar, description: 'The block id (cb58).' }),
      height: t.arg({ type: 'Uint64', description: 'The block height.' }),
    },
    price: { calls: 1, reaches: ['getBlockById'] },
    resolve: (n, { chain, blockHash, height }, ctx) => {
      const asked = checkBlockAsk(blockHash, height);
      return findBlock(ctx, n.name, blockChain(chain), asked.blockId ?? asked.height);
    },
  }),
  primaryNetworkBlocks: t.connection(
    {
      type: PrimaryNetworkBlockRef,
      nullable: true,
      description: `The latest blocks of the P- or X-Chain, newest first (listLatestPrimaryNetworkBlocks). ${PAGE_NOTE}`,
      args: {
        chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: CHAIN_DESCRIPTION }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only blocks from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only blocks up to this Unix time (s).' }),
      },
      price: paged(LATEST_PAGE),
      resolve: (n, args, ctx) => blockConnection(ctx, n.name, blockChain(args.chain), args),
    },
    BlockConnection,
  ),
  proposedBlocks: t.connection(
    {
      type: PrimaryNetworkBlockRef,
      nullable: true,
      description: `The latest P- or X-Chain blocks a node proposed, newest first (listPrimaryNetworkBlocksByNodeId). ${PAGE_NOTE}`,
      args: {
        nodeId: t.arg({ type: NodeIdScalar, required: true, description: 'The proposing node ("NodeID-…").' }),
        chain: t.arg({ type: PrimaryNetworkChainEnum, required: true, description: CHAIN_DESCRIPTION }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only blocks from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only blocks up to this Unix time (s).' }),
      },
      price: paged(PROPOSED_PAGE),
      resolve: (n, args, ctx) => blockConnection(ctx, n.name, blockChain(args.chain), args, args.nodeId),
    },
    BlockConnection,
  ),
}));

builder.objectField(PChainValidatorRef, 'proposedBlocks', (t) =>
  t.connection(
    {
      type: PrimaryNetworkBlockRef,
      nullable: true,
      description: `The latest blocks this validator proposed on the P- or X-Chain, newest first (listPrimaryNetworkBlocksByNodeId). ${PAGE_NOTE}`,
      args: {
        chain: t.arg({ type: PrimaryNetworkChainEnum, defaultValue: 'p-chain', description: `${CHAIN_DESCRIPTION} P_CHAIN by default.` }),
        startTimestamp: t.arg({ type: 'SafeInt', description: 'Only blocks from this Unix time (s).' }),
        endTimestamp: t.arg({ type: 'SafeInt', description: 'Only blocks up to this Unix time (s).' }),
      },
      price: paged(PROPOSED_PAGE),
      resolve: (v, args, ctx) => blockConnection(ctx, v.network, blockChain(args.chain ?? 'p-chain'), args, v.nodeID),
    },
    BlockConnection,
  ),
);

builder.objectField(PChainTransactionRef, 'block', (t) =>
  t.field({
    type: PrimaryNetworkBlockRef,
    nullable: true,
    description: 'The block it was accepted in, as the Data API indexes it (getBlockById by its `blockHash`).',
    price: { calls: 1, reaches: ['getBlockById'] },
    resolve: (tx, _args, ctx) => findBlock(ctx, tx.network, 'p-chain', tx.blockHash),
  }),
);
