/**
 * What an EVM chain's own node says about its state (the standard `eth_*` reads at
 * /ext/bc/<id>/rpc) that has a type of its own: on `EvmChain` its fee history and logs; on
 * `EvmAddress` its proof at any block (the reads that answer a scalar, its head, chain id, fees,
 * calls and gas estimates, balance, nonce, code and storage, are written with the type they are on,
 * in evm-chain.ts and evm-address.ts, over evm-node-reads.ts); and
 * signed transactions submitted (`sendEvmTransaction`), then followed until mined or dropped (a
 * field and a subscription). The reads one request makes of one chain in the same tick go out as
 * one JSON-RPC batch; everything a client sends is checked and bounded before any call.
 */
import { badInput } from '../graphql/errors.js';
import { toChecksumAddress } from '../base/ids.js';
import { readSignedEvmTransaction, MAX_SIGNED_TX_BYTES } from '../domain/evm-transactions.js';
import { evmTransactionFeed, type SubmissionEvent } from '../live/feeds.js';
import {
  ethBlockNumber,
  ethFeeHistory,
  ethGetLogs,
  ethGetProof,
  ethSendRawTransaction,
  type AccountProof,
  type FeeHistory,
  type LogFilter,
} from '../upstreams/node/evm-state.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { NetworkNameEnum } from './enums.js';
import { evmChainLookup, resolveEvmChain } from './evm-chain.js';
import { FOLLOW, followSubmission } from './evm-transaction.js';
import { at, BLOCK_ARG_HELP, blockArg, checkNonce, checkSlot, decimal, ETH_CALL, hexOf } from './evm-node-reads.js';
import { checkHash, checkListSize, evmBlockArg, MAX_LIST_ARGUMENT, toNetwork } from './inputs.js';
import { EvmAddressScalar } from './scalars.js';
import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import { EvmAddressRef, EvmChainRef, EvmLogRef, EvmTransactionSubmissionRef, type SubmissionModel } from './refs.js';
import { hexJsonBytes } from './leaf-bytes.js';
import { learnt } from './list-sizes.js';

// --- bounds ----------------------------------------------------------------------------------------

/** Blocks one fee history covers at most (geth's own cap is 1024 per call). */
export const MAX_FEE_HISTORY_BLOCKS = 1024;
/** Blocks one `logs` range spans at most: wider ranges are refused by public endpoints too, and cost the node a scan. */
export const MAX_LOG_BLOCKS = 2048;
/** Logs one `logs` field returns at most. */
export const MAX_LOGS = 1000;
/** The topic positions a log has (its event's signature hash and three indexed arguments), and alternatives per position. */
const TOPIC_POSITIONS = ['topic0', 'topic1', 'topic2', 'topic3'] as const;
const MAX_TOPIC_ALTERNATIVES = 20;

// --- inputs ------------------------------------------------------------------------------------------

const EvmLogFilterInput = builder.inputType('EvmLogFilter', {
  description: `Which logs to read (eth_getLogs): a range of at most ${MAX_LOG_BLOCKS} blocks, or one block by hash; the emitting contracts; the topics at each position.`,
  fields: (t) => {
    const topic = (i: number) =>
      t.stringList({
        description: `${i === 0 ? "The event's signature hash (topic0)" : `Indexed argument ${i} (topic${i})`}: any of these 32-byte hashes (at most ${MAX_TOPIC_ALTERNATIVES}); any value when omitted or empty.`,
      });
    return {
      fromBlock: t.string({ description: `The first block: ${BLOCK_ARG_HELP}; "latest" when omitted.` }),
      toBlock: t.string({
        description: `The last block, likewise; "latest" when omitted. At most ${MAX_LOG_BLOCKS - 1} after \`fromBlock\`.`,
      }),
      blockHash: t.string({ description: 'One block by hash instead of a range (not with `fromBlock`/`toBlock`).' }),
      addresses: t.field({
        type: [EvmAddressScalar],
        description: `Only logs of these contracts (at most ${MAX_LIST_ARGUMENT}); any when omitted.`,
      }),
      topic0: topic(0),
      topic1: topic(1),
      topic2: topic(2),
      topic3: topic(3),
    };
  },
});

type FilterInput = {
  fromBlock?: string | null;
  toBlock?: string | null;
  blockHash?: string | null;
  addresses?: readonly string[] | null;
} & Partial<Record<(typeof TOPIC_POSITIONS)[number], readonly string[] | null>>;

const usesTags = (f: FilterInput) => !f.blockHash && [f.fromBlock, f.toBlock].some((b) => b == null || !/^(0x[0-9a-fA-F]+|\d+)$/.test(b));

/** The filter as the node takes it, every part checked; the range is checked once the head is known. */
function checkFilter(f: FilterInput): LogFilter {
  const filter: LogFilter = {};
  if (f.blockHash != null) {
    if (f.fromBlock != null || f.toBlock != null)
      throw badInput('`filter.blockHash` names one block: give it or a range (`fromBlock`, `toBlock`), not both.', {
        argument: 'filter.blockHash',
      });
    filter.blockHash = checkHash(f.blockHash, 'filter.blockHash');
  } else {
    filter.fromBlock = evmBlockArg(f.fromBlock ?? 'latest', 'filter.fromBlock', { hash: false });
    filter.toBlock = evmBlockArg(f.toBlock ?? 'latest', 'filter.toBlock', { hash: false });
  }
  if (f.addresses != null) {
    checkListSize(f.addresses, 'filter.addresses');
    filter.address = f.addresses.map((a) => a.toLowerCase());
  }
  const topics = TOPIC_POSITIONS.map((name) => {
    const alternatives = f[name];
    if (alternatives == null || alternatives.length === 0) return null;
    if (alternatives.length > MAX_TOPIC_ALTERNATIVES)
      throw badInput(`\`filter.${name}\` holds ${alternatives.length} topics; at most ${MAX_TOPIC_ALTERNATIVES} are allowed.`, {
        argument: `filter.${name}`,
      });
    return alternatives.map((topic) => checkHash(topic, `filter.${name}`));
  });
  // Positions after the last one asked are left out: a log with fewer topics still matches.
  while (topics.length > 0 && topics.at(-1) === null) topics.pop();
  if (topics.length > 0) filter.topics = topics;
  return filter;
}

/** A block of the range as a number, `latest` and its kin as the head. */
const rangeEnd = (block: string, head: bigint) => (block.startsWith('0x') ? BigInt(block) : block === 'earliest' ? 0n : head);

// --- types ---------------------------------------------------------------------------------------------

/**
 * A log's data in hex, as the longest seen. No protocol bound short of its block's gas holds it (8
 * gas a byte of log data: 15M gas, some 1.9 MB, on the C-Chain; more on an L1 that raised its
 * limit), which would price `logs(first: 1000)` past MAX_RESULT_BYTES before any was seen: 16 KiB is
 * an assumption for the longest (an event's non-indexed arguments are a few 32-byte words; a long
 * `string` or `bytes` argument passes it).
 */
const LOG_DATA_BYTES = learnt({
  kind: 'evm-log-data-bytes',
  most: { mainnet: hexJsonBytes(16 * 1024), fuji: hexJsonBytes(16 * 1024) },
  anyNetwork: true,
});

/**
 * A Merkle-Patricia trie node, RLP-encoded, in hex: a branch node, the largest, is a 3-byte list
 * header, 16 references of 33 bytes and an empty value, 532 bytes. Priced as any leaf, an account's
 * proof answered 132 bytes a node (test/fuzz/long-leaves.test.ts).
 */
const TRIE_NODE_BYTES = hexJsonBytes(3 + 16 * 33 + 1);

/**
 * The trie nodes of a proof (an account's, or a storage slot's), from the root to the key: ten, what
 * a list was assumed to hold, until a longer proof was seen, then the longest seen (as
 * ./list-sizes.ts `usually` prices). At most 65, a bound of the trie: a key is 64 nibbles
 * (keccak-256), each branch or extension node on its path takes at least one, and a leaf ends it.
 * Kept for every network at once: a proof does not say its network. Priced so, the proofs do not
 * take the slots asked, which the proof's price hands to its `storageProof`.
 */
const PROOF_NODES = learnt({ kind: 'trieProofNodes', most: { mainnet: 65, fuji: 65 }, unseen: 10, assumedSize: 10, anyNetwork: true });

EvmLogRef.implement({
  description: "A log an EVM contract emitted (eth_getLogs, or a transaction's receipt): its topics and data as the chain keeps them.",
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its EVM chain id, transaction hash and log index',
        'logs are read by range (eth_getLogs) or with their receipt; `transactionHash` leads to its transaction.',
      ),
      resolve: (l) => entityId('EvmLog', l.chain.network, `${l.chain.evmChainId}:${l.transactionHash.toLowerCase()}:${Number(l.logIndex)}`),
    }),
    address: t.string({ description: 'The emitting contract, EIP-55 checksummed.', resolve: (l) => toChecksumAddress(l.address) }),
    emitter: t.field({
      type: EvmAddressRef,
      description: 'The emitting contract as an address on its chain: its metadata, balances, its own logs.',
      resolve: (l) => ({ chain: l.chain, address: l.address }),
    }),
    topics: t.exposeStringList('topics', {
      description: "Its indexed topics: topic0 is the event signature's keccak-256, then indexed arguments.",
      // A bound of the EVM: LOG0 to LOG4 write at most four topics.
      price: { items: 4 },
    }),
    data: t.exposeString('data', { description: 'Its non-indexed arguments, ABI-encoded (0x hex).', price: { bytes: LOG_DATA_BYTES } }),
    blockNumber: t.field({ type: 'BigInt', description: 'Its block.', resolve: (l) => decimal(l.blockNumber) }),
    blockHash: t.exposeString('blockHash', { description: 'Its block hash.' }),
    transactionHash: t.exposeString('transactionHash', { description: 'The transaction that emitted it.' }),
    transactionIndex: t.field({
      type: 'SafeInt',
      description: "That transaction's position in the block.",
      resolve: (l) => Number(l.transactionIndex),
    }),
    logIndex: t.field({ type: 'SafeInt', description: "Its position among the block's logs.", resolve: (l) => Number(l.logIndex) }),
    removed: t.exposeBoolean('removed', { description: 'Whether a reorganisation removed it (never, once Avalanche accepted the block).' }),
    chain: t.expose('chain', { type: EvmChainRef, description: 'The chain it is on.' }),
  }),
});

interface FeeBlock {
  number: bigint;
  baseFeePerGas: string;
  gasUsedRatio: number;
  rewards: string[];
}

const EvmFeeHistoryBlockRef = builder.objectRef<FeeBlock>('EvmFeeHistoryBlock').implement({
  description: 'One block of a fee history.',
  fields: (t) => ({
    number: t.field({ type: 'BigInt', description: 'The block.', resolve: (b) => b.number.toString() }),
    baseFeePerGas: t.field({ type: 'BigInt', description: 'Its base fee, in wei a gas unit.', resolve: (b) => decimal(b.baseFeePerGas) }),
    gasUsedRatio: t.exposeFloat('gasUsedRatio', { description: 'Gas used over its gas limit, 0 to 1.' }),
    rewards: t.field({
      type: ['BigInt'],
      description: 'The tip (wei a gas unit) at each percentile asked, weighted by gas used, in the order asked.',
      resolve: (b) => b.rewards.map(decimal),
    }),
  }),
});

const EvmFeeHistoryRef = builder.objectRef<FeeHistory>('EvmFeeHistory').implement({
  description: 'Base fees, gas use and tips of a run of blocks (eth_feeHistory): what a wallet sets its fees from.',
  fields: (t) => ({
    oldestBlock: t.field({ type: 'BigInt', description: 'The first block covered.', resolve: (h) => decimal(h.oldestBlock) }),
    // As many as `feeHistory(blockCount:)` asked at most (fewer near genesis): that field's price hands them here.
    blocks: t.field({
      type: [EvmFeeHistoryBlockRef],
      description: 'The blocks, oldest first.',
      resolve: (h) =>
        h.gasUsedRatio.map((ratio, i) => ({
          number: BigInt(h.oldestBlock) + BigInt(i),
          baseFeePerGas: h.baseFeePerGas[i]!,
          gasUsedRatio: ratio,
          rewards: h.reward?.[i] ?? [],
        })),
    }),
    nextBaseFeePerGas: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The base fee of the block after the newest covered.',
      resolve: (h) => (h.baseFeePerGas.length > h.gasUsedRatio.length ? decimal(h.baseFeePerGas.at(-1)!) : null),
    }),
  }),
});

const EvmStorageProofRef = builder.objectRef<AccountProof['storageProof'][number]>('EvmStorageProof').implement({
  description: "One storage slot's value and its Merkle proof against the account's storage root.",
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The slot, as asked.' }),
    value: t.field({ type: 'BigInt', description: 'Its value, as a number.', resolve: (p) => decimal(p.value) }),
    proof: t.exposeStringList('proof', {
      description: 'The trie nodes from the storage root to the slot, RLP-encoded (0x hex).',
      price: { items: PROOF_NODES, bytes: TRIE_NODE_BYTES },
    }),
  }),
});

const EvmAccountProofRef = builder.objectRef<AccountProof>('EvmAccountProof').implement({
  description: 'An account and some of its storage slots with their Merkle proofs at a block (eth_getProof, EIP-1186).',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The account.' }),
    balance: t.field({ type: 'BigInt', description: 'Its native balance, in wei.', resolve: (p) => decimal(p.balance) }),
    nonce: t.field({ type: 'BigInt', description: 'Its nonce.', resolve: (p) => decimal(p.nonce) }),
    codeHash: t.exposeString('codeHash', { description: 'keccak-256 of its code (that of empty code for an account).' }),
    storageHash: t.exposeString('storageHash', { description: 'The root of its storage trie.' }),
    accountProof: t.exposeStringList('accountProof', {
      description: 'The trie nodes from the state root to the account, RLP-encoded (0x hex).',
      price: { items: PROOF_NODES, bytes: TRIE_NODE_BYTES },
    }),
    // As many as `proof(storageKeys:)` asked: that field's price hands them here.
    storageProof: t.field({
      type: [EvmStorageProofRef],
      description: 'The slots asked, each with its proof.',
      resolve: (p) => p.storageProof,
    }),
  }),
});

// --- a submitted transaction ------------------------------------------------------------------------------

const EvmSubmissionStatusEnum = builder.enumType('EvmSubmissionStatus', {
  description: 'Where a submitted EVM transaction stands.',
  values: {
    PENDING: { value: 'pending', description: 'In no block yet: in a pool, or lost from every pool while its nonce is still free.' },
    MINED: { value: 'mined', description: 'In an accepted block: its `receipt` says whether it succeeded.' },
    DROPPED: {
      value: 'dropped',
      description: 'Never to be mined: another transaction of its sender used its nonce (replaced, or overtaken).',
    },
  } as const,
});

/** A transaction submitted or named, on its chain; with what was read of it when a subscription's event carries that. */
EvmTransactionSubmissionRef.implement({
  description:
    "A signed EVM transaction handed to its chain's node, and how to follow it: `status` and `receipt` now, or the `evmTransactionStatus` subscription until it is mined or dropped.",
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its EVM chain id and transaction hash',
        'it is what the node answered when the transaction was handed to it; its `transaction` and `receipt` are read again once mined. Events of `evmTransactionStatus` carry the same id.',
      ),
      resolve: (s) => entityId('EvmTransactionSubmission', s.chain.network, `${s.chain.evmChainId}:${s.txHash.toLowerCase()}`),
    }),
    txHash: t.exposeString('txHash', { description: 'Its hash (keccak-256 of the signed bytes), as the node answered it.' }),
    chain: t.expose('chain', { type: EvmChainRef, description: 'The chain it was sent to.' }),
    from: t.field({
      type: EvmAddressRef,
      description: 'The sender, recovered from the signature.',
      resolve: (s) => ({ chain: s.chain, address: s.from }),
    }),
    nonce: t.field({ type: 'BigInt', description: "The sender's nonce it uses.", resolve: (s) => String(s.nonce) }),
    status: t.field({
      type: EvmSubmissionStatusEnum,
      description:
        "PENDING, MINED or DROPPED, from the node now: its receipt (eth_getTransactionReceipt), and while it has none the sender's nonce at the latest block (eth_getTransactionCount), which says DROPPED once another transaction took its nonce. The node's answer, not the Data API's: fresher, and it knows pending transactions.",
      price: { ...FOLLOW, reaches: ['eth_getTransactionReceipt', 'eth_getTransactionCount'] },
      resolve: async (s, _a, ctx) => (await followSubmission(ctx, s)).status,
    }),
  }),
});

const toSubmission = (e: SubmissionEvent): SubmissionModel => ({
  ...e,
  chain: { network: e.network, evmChainId: e.evmChainId, blockchainId: e.blockchainId },
  known: e,
});

// --- on EvmChain ---------------------------------------------------------------------------------------

builder.objectFields(EvmChainRef, (t) => ({
  feeHistory: t.field({
    type: EvmFeeHistoryRef,
    description: 'Base fees, gas use and tips of the blocks up to `newestBlock` (eth_feeHistory).',
    args: {
      blockCount: t.arg.int({ required: true, description: `How many blocks, 1 to ${MAX_FEE_HISTORY_BLOCKS}.` }),
      newestBlock: t.arg.string({ required: true, defaultValue: 'latest', description: `The newest block: ${BLOCK_ARG_HELP}.` }),
      rewardPercentiles: t.arg({
        type: ['Float'],
        description: 'Percentiles (0 to 100, increasing, at most 100 of them) of the tips to report per block, weighted by gas used.',
      }),
    },
    // The blocks asked, which its `blocks` holds (1 to MAX_FEE_HISTORY_BLOCKS, refused otherwise).
    price: {
      ...ETH_CALL,
      items: (args) => Math.min(Math.max(args.blockCount, 0), MAX_FEE_HISTORY_BLOCKS),
      reaches: ['eth_feeHistory'],
    },
    resolve: async (chain, args, ctx) => {
      if (args.blockCount < 1 || args.blockCount > MAX_FEE_HISTORY_BLOCKS)
        throw badInput(`\`blockCount\` must be 1 to ${MAX_FEE_HISTORY_BLOCKS} (got ${args.blockCount}).`, { argument: 'blockCount' });
      const newest = evmBlockArg(args.newestBlock, 'newestBlock', { hash: false });
      const percentiles = args.rewardPercentiles ?? [];
      checkListSize(percentiles, 'rewardPercentiles');
      percentiles.forEach((p, i) => {
        if (!(p >= 0 && p <= 100) || (i > 0 && p < percentiles[i - 1]!))
          throw badInput(`\`rewardPercentiles\` must be numbers from 0 to 100 in increasing order (got ${p} at ${i}).`, {
            argument: 'rewardPercentiles',
          });
      });
      return ethFeeHistory(ctx.node, at(chain), hexOf(args.blockCount), newest, percentiles);
    },
  }),
  logs: t.field({
    type: [EvmLogRef],
    description: `Logs of the chain that match \`filter\` (eth_getLogs), in chain order: the first \`first\` of them. A range of at most ${MAX_LOG_BLOCKS} blocks; one that names "latest" or another tag asks the head first (eth_blockNumber), to check it.`,
    args: {
      filter: t.arg({ type: EvmLogFilterInput, required: true, description: 'The blocks, contracts and topics to match.' }),
      first: t.arg.int({
        required: true,
        defaultValue: 100,
        description: `The most logs to return, 1 to ${MAX_LOGS} (default 100): narrow the range to read past them.`,
      }),
    },
    price: {
      calls: (args) => (usesTags(args.filter) ? 2 : 1),
      // `first` bounds the list (a plain list, not a connection: no `slicing`, which names a connection's edges and nodes).
      items: (args) => Math.min(Math.max(args.first, 0), MAX_LOGS),
      reaches: ['eth_blockNumber', 'eth_getLogs'],
    },
    resolve: async (chain, { filter, first }, ctx) => {
      if (first < 1 || first > MAX_LOGS) throw badInput(`\`first\` must be 1 to ${MAX_LOGS} (got ${first}).`, { argument: 'first' });
      const checked = checkFilter(filter);
      if (!checked.blockHash) {
        const head = usesTags(filter) ? BigInt(await ethBlockNumber(ctx.node, at(chain))) : 0n;
        const from = rangeEnd(checked.fromBlock!, head);
        const to = rangeEnd(checked.toBlock!, head);
        if (from > to)
          throw badInput(`\`filter.fromBlock\` (${from}) is after \`filter.toBlock\` (${to}); the range would be empty.`, {
            argument: 'filter.fromBlock',
          });
        if (to - from >= BigInt(MAX_LOG_BLOCKS))
          throw badInput(
            `\`filter\` spans ${to - from + 1n} blocks (${from} to ${to}); at most ${MAX_LOG_BLOCKS} are allowed: split the range.`,
            {
              argument: 'filter',
            },
          );
      }
      const logs = await ethGetLogs(ctx.node, at(chain), checked);
      return logs.slice(0, first).map((l) => ({ ...l, chain }));
    },
  }),
}));

// --- on EvmAddress -------------------------------------------------------------------------------------

builder.objectFields(EvmAddressRef, (t) => ({
  proof: t.field({
    type: EvmAccountProofRef,
    description: `Its account and some storage slots with their Merkle proofs at a block (eth_getProof, EIP-1186), to verify against the block's state root.`,
    args: {
      storageKeys: t.arg.stringList({
        required: true,
        defaultValue: [],
        description: `The slots to prove ("0x" and 1 to 64 hex digits each), at most ${MAX_LIST_ARGUMENT}.`,
      }),
      block: t.arg.string(blockArg),
    },
    // The slots asked, which its `storageProof` holds (at most MAX_LIST_ARGUMENT, refused past it).
    price: { ...ETH_CALL, items: (args) => Math.min(args.storageKeys?.length ?? 0, MAX_LIST_ARGUMENT), reaches: ['eth_getProof'] },
    resolve: (a, { storageKeys, block }, ctx) => {
      checkListSize(storageKeys, 'storageKeys');
      const keys = storageKeys.map((k) => checkSlot(k, 'storageKeys'));
      return ethGetProof(ctx.node, at(a.chain), a.address.toLowerCase(), keys, evmBlockArg(block, 'block', { hash: true }));
    },
  }),
}));

// --- submitting, and following ----------------------------------------------------------------------------

builder.mutationField('sendEvmTransaction', (t) =>
  t.field({
    type: EvmTransactionSubmissionRef,
    description: `Submits a signed EVM transaction to its chain's node (eth_sendRawTransaction); never a key. The bytes are checked first, with no call: 0x hex of at most ${MAX_SIGNED_TX_BYTES} bytes, one whole legacy (EIP-155) or typed transaction, signed, for the chain \`evmChainId\` names. The node then refuses what the chain's state decides (nonce too low, insufficient funds, underpriced) with its own words (UPSTREAM_RPC_ERROR). Answers its hash, sender and nonce; follow it with \`status\`, or the \`evmTransactionStatus\` subscription.`,
    args: {
      network: t.arg({ type: NetworkNameEnum, required: true, description: 'The network of the chain.' }),
      evmChainId: t.arg({
        type: 'SafeInt',
        required: true,
        description: 'The EVM chain id, e.g. 43114 for the mainnet C-Chain: the transaction must be signed for it.',
      }),
      signedTransaction: t.arg.string({
        required: true,
        description: "The signed transaction, 0x hex (what a wallet's signTransaction returns).",
      }),
    },
    // The send, and finding the chain (the C-Chain is known by heart).
    price: {
      calls: 1,
      pools: (args, where) => evmChainLookup({ evmChainId: args.evmChainId }, { ...where, scope: toNetwork(args.network) }),
      reaches: ['listSubnets', 'eth_sendRawTransaction'],
    },
    resolve: async (_root, { network, evmChainId, signedTransaction }, ctx) => {
      const read = await readSignedEvmTransaction(signedTransaction, evmChainId);
      if (!read.ok) throw badInput(`\`signedTransaction\` is refused: ${read.reason}.`, { argument: 'signedTransaction' });
      const chain = await resolveEvmChain(ctx, toNetwork(network), { evmChainId });
      if (!chain) throw badInput(`The ${toNetwork(network)} network has no EVM chain with id ${evmChainId}.`, { argument: 'evmChainId' });
      const txHash = await ethSendRawTransaction(ctx.node, at(chain), read.tx.raw);
      return { ...chain, chain, txHash: txHash.toLowerCase(), from: read.tx.from, nonce: read.tx.nonce };
    },
  }),
);

builder.subscriptionField('evmTransactionStatus', (t) =>
  t.field({
    type: EvmTransactionSubmissionRef,
    description: `A submitted EVM transaction followed: where it stands first, then each change of its \`status\`, and the subscription completes once it is MINED (with its receipt) or DROPPED. Give its hash, sender and nonce (\`sendEvmTransaction\` answers all three). ${POLL_NOTE}`,
    args: {
      ...networkArg,
      evmChainId: t.arg({ type: 'SafeInt', required: true, description: 'The EVM chain id it was sent to.' }),
      txHash: t.arg.string({ required: true, description: 'Its hash.' }),
      from: t.arg({ type: EvmAddressScalar, required: true, description: 'Its sender.' }),
      nonce: t.arg({ type: 'BigInt', required: true, description: 'Its nonce.' }),
    },
    price: { scope: ({ network }) => toNetwork(network), reaches: ['listSubnets', 'eth_getTransactionReceipt', 'eth_getTransactionCount'] },
    subscribe: async (_root, args, ctx) => {
      const txHash = checkHash(args.txHash, 'txHash');
      const nonce = checkNonce(args.nonce);
      if (args.evmChainId <= 0)
        throw badInput(`\`evmChainId\` must be a positive integer (got ${args.evmChainId}).`, { argument: 'evmChainId' });
      const network = toNetwork(args.network);
      const chain = await resolveEvmChain(ctx, network, { evmChainId: args.evmChainId });
      if (!chain) throw badInput(`The ${network} network has no EVM chain with id ${args.evmChainId}.`, { argument: 'evmChainId' });
      return openFeed(ctx, evmTransactionFeed({ ...chain, txHash, from: args.from.toLowerCase(), nonce }));
    },
    resolve: (event) => eventValue(event, toSubmission),
  }),
);
