/**
 * The P-Chain as the node serves it (platform.* at /ext/bc/P): blocks, the current validator
 * sets with their delegators and owners, supply, and each blockchain's status. Linked both ways
 * with the Data API's graph: a subnet's current validators and supply, a blockchain's status, an
 * L1 validator's P-Chain entry (one call per subnet for every L1 validator of a response).
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput, notFound } from '../graphql/errors.js';
import { PRIMARY_CHAIN_IDS, PRIMARY_NETWORK_ID, type NetworkName } from '../base/ids.js';
import { LOOKUP_CONCURRENCY } from '../loaders/data-api.js';
import type { AvmInput, AvmOutput, Uint } from '../upstreams/node/client.js';
import type { PBlockJson, PDelegator, PValidator } from '../upstreams/node/p-chain.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription, nodeKey, parseNodeKey } from './global-id.js';
import { lookupPrice } from './lookups.js';
import type { FieldCost } from './cost.js';
import { BLOCK_HEX_BYTES, learnt, usually } from './list-sizes.js';
import { MAX_BLOCKS_PER_POLL, pChainBlocksFeed, validatorsFeed } from '../live/feeds.js';
import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import { checkAddresses, toNetwork } from './inputs.js';
import {
  BLOCK_ID_DESCRIPTION,
  checkBlockAsk,
  checkHeightKey,
  checkNodeIds,
  type BlockAsk,
  UNSIGNED_TX_BYTES,
  UNSIGNED_TX_ENTRIES,
} from './node-common.js';
import { BLS_PUBLIC_KEY_BYTES, BLS_SIGNATURE_BYTES, SECP256K1_SIGNATURE_BYTES, TX_MEMO_BYTES } from './leaf-bytes.js';
import { toSafeInt } from '../upstreams/node/client.js';
import { blockIdOf } from '../domain/blocks.js';
import { AvalancheAddressScalar, CB58IdScalar, NodeIdScalar } from './scalars.js';
import {
  platformGetBalance,
  platformGetBlock,
  platformGetBlockByHeight,
  platformGetBlockchainStatus,
  platformGetBlockchains,
  platformGetCurrentSupply,
  platformGetCurrentValidators,
  platformGetHeight,
  platformGetL1Validator,
  platformGetProposedHeight,
  platformGetStakingAssetID,
  platformGetTimestamp,
  platformGetTotalStake,
  platformGetTx,
  platformSampleValidators,
} from '../upstreams/node/p-chain.js';
import { BlockchainStatusEnum } from './enums.js';
import { nondeterministic } from './descriptions.js';
import {
  ONCE_PER_SUBNET,
  AddressRef,
  L1ValidatorRef,
  BALANCE_ASSETS,
  CREDENTIALS,
  NetworkRef,
  OutputOwnersRef,
  PBlockTxRef,
  PChainBlockchainEntryRef,
  PChainValidatorRef,
  SubnetRef,
  TransferableInputRef,
  TransferableOutputRef,
  TX_CREDENTIALS,
  TX_INPUTS,
  TX_OUTPUTS,
  inputsOf,
  outputsOf,
  type OwnersModel,
  type PBlockTxModel,
  type PValidatorModel,
} from './refs.js';

export interface PChainModel {
  network: NetworkName;
}

const owners = (network: NetworkName, o: PValidator['remainingBalanceOwner']): OwnersModel | null => (o ? { ...o, network } : null);
const optionalUint = (value: Uint | undefined) => (value === undefined ? null : String(value));
const optionalFloat = (value: string | undefined) => (value === undefined ? null : Number(value));

// --- validators ------------------------------------------------------------------------------------

/**
 * Delegations a validator holds, priced as last seen (the longest list of any validator of the
 * network, ./list-sizes.ts), at most 500: most Primary Network validators have a few, the largest
 * hundreds. A validator's delegated stake is at most four times its own (avalanchego's
 * MaxValidatorWeightFactor of 5) and a delegation at least 25 AVAX, so a validator of the minimum
 * 2,000 AVAX holds at most 320; 500 is an assumption for the largest, not a protocol bound (no
 * upstream reference in this repository states a count): a longer list is answered whole, its
 * objects past the estimate.
 */
const DELEGATORS_KIND = 'delegators';
const DELEGATORS = learnt({ kind: DELEGATORS_KIND, most: { mainnet: 500, fuji: 500 } });

/**
 * Current validators of a set, priced as last seen for that set (`subnetId`, or the Primary
 * Network); where the price cannot name the set (a subnet or chain reached by listing), as the
 * longest set its place in the document held when it last ran; else the most it may hold:
 * - the Primary Network's, at most 1,500 (issue 29: "about 1,500 Primary Network validators" on
 *   mainnet; Fuji is assumed no larger). A query for each one's delegators (a call each) is refused
 *   up front on a network where that passes the call budget, instead of being cut by it as it runs;
 * - an L1's or a legacy subnet's, at most 100 (an assumption: the sets seen on L1s are a few to a
 *   few dozen; no upstream reference in this repository states a bound).
 * With `nodeIds`, as many as it names. A subnet reached by listing (`subnets { currentValidators }`)
 * is priced as a subnet, whichever it is. The validators of one set share their subnet: their
 * lookups below (`l1Validator`) share its listing.
 */
const VALIDATORS = { primary: { mainnet: 1_500, fuji: 1_500 }, subnet: { mainnet: 100, fuji: 100 } };

/** The arguments a validator set's price reads. */
interface SetArgs {
  subnetId?: string | null;
  nodeIds?: readonly string[] | null;
}

/** The items of a validator set: see VALIDATORS. `subnetOf` names the set from the arguments, when they do. */
export function validatorSetItems(
  subnetOf: (args: SetArgs) => string | undefined,
  parentOf?: (source: never, args: SetArgs) => string | undefined,
) {
  return learnt<SetArgs>({
    kind: (subnet) => (subnet === PRIMARY_NETWORK_ID ? 'primary-validators' : 'subnet-validators'),
    most: (kind) => (kind === 'primary-validators' ? VALIDATORS.primary : VALIDATORS.subnet),
    parent: subnetOf,
    parentOf,
    // An empty list is no filter to the node: the whole set, as when `nodeIds` is omitted.
    given: (args) => args.nodeIds?.length || undefined,
    // Any set, the Primary Network's among them.
    assumedSize: Math.max(VALIDATORS.primary.mainnet, VALIDATORS.primary.fuji, VALIDATORS.subnet.mainnet, VALIDATORS.subnet.fuji),
  });
}

function validatorSet(
  subnetOf: (args: SetArgs) => string | undefined,
  parentOf?: (source: never, args: SetArgs) => string | undefined,
): FieldCost<SetArgs> {
  return { calls: 1, items: validatorSetItems(subnetOf, parentOf), groups: ['subnet'] };
}

type DelegatorModel = PDelegator & { network: NetworkName };

/**
 * What names a current validator on its subnet: an L1 validator's validation id, else its node and
 * the transaction that added it (a node may validate again later, under another transaction).
 */
const pValidatorKey = (v: PValidatorModel): string =>
  `${v.subnetId ?? PRIMARY_NETWORK_ID}:${v.validationID ?? `${v.nodeID}:${v.txID ?? ''}`}`;

const PChainDelegatorRef = builder.objectRef<DelegatorModel>('PChainDelegator').implement({
  description: 'A stake delegated to a Primary Network validator.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its delegation transaction',
        "platform.getCurrentValidators answers delegators only under their validator, and only while they delegate. The Data API's record of the same stake, `Delegator` (a Node), has the same transaction in its key.",
      ),
      resolve: (d) => entityId('PChainDelegator', d.network, d.txID),
    }),
    txId: t.exposeString('txID', { description: 'The delegation transaction.' }),
    nodeId: t.exposeString('nodeID', { description: 'The validator delegated to.' }),
    weight: t.field({ type: 'BigInt', description: 'The stake, in nAVAX.', resolve: (d) => String(d.weight) }),
    startTime: t.field({ type: 'SafeInt', description: 'Unix time (s) the delegation started.', resolve: (d) => toSafeInt(d.startTime) }),
    endTime: t.field({ type: 'SafeInt', description: 'Unix time (s) it ends.', resolve: (d) => toSafeInt(d.endTime) }),
    potentialReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The reward it earns if the validator stays up, in nAVAX.',
      resolve: (d) => optionalUint(d.potentialReward),
    }),
    rewardOwner: t.field({
      type: OutputOwnersRef,
      nullable: true,
      description: 'Who receives the reward.',
      resolve: (d) => owners(d.network, d.rewardOwner),
    }),
  }),
});

const SignerRef = builder.objectRef<NonNullable<PValidator['signer']>>('ValidatorSigner').implement({
  description: "A validator's BLS key.",
  fields: (t) => ({
    publicKey: t.exposeString('publicKey', { description: 'The BLS public key (hex).', price: { bytes: BLS_PUBLIC_KEY_BYTES } }),
    proofOfPossession: t.string({
      nullable: true,
      description: 'The proof of possession of the key (hex).',
      price: { bytes: BLS_SIGNATURE_BYTES },
      resolve: (s) => s.proofOfPossession ?? s.proofOfPosession ?? null,
    }),
  }),
});

PChainValidatorRef.implement({
  description:
    'A current validator as the P-Chain has it (platform.getCurrentValidators). Which fields are set depends on the subnet: Primary Network validators have stake, rewards, uptime and delegators; L1 validators a validation id, balance and owners; legacy subnet validators a staking period.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its subnet and validation id, or for a Primary Network or legacy subnet validator its node and staking transaction',
        'platform.getCurrentValidators answers it only while it validates; events of `subnetValidators` carry the same id.',
      ),
      resolve: (v) => entityId('PChainValidator', v.network, pValidatorKey(v)),
    }),
    nodeId: t.exposeString('nodeID', { description: 'The validating node.' }),
    weight: t.field({
      type: 'BigInt',
      description: 'Its weight: the stake in nAVAX on the Primary Network.',
      resolve: (v) => String(v.weight),
    }),
    txId: t.string({
      nullable: true,
      description: 'The transaction that added it (Primary Network, legacy subnets).',
      resolve: (v) => v.txID ?? null,
    }),
    validationId: t.string({ nullable: true, description: 'Its validation id (L1s).', resolve: (v) => v.validationID ?? null }),
    startTime: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (s) it started validating.',
      resolve: (v) => (v.startTime === undefined ? null : toSafeInt(v.startTime)),
    }),
    endTime: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (s) it stops (not for L1 validators).',
      resolve: (v) => (v.endTime === undefined ? null : toSafeInt(v.endTime)),
    }),
    publicKey: t.exposeString('publicKey', {
      nullable: true,
      description: 'Its BLS public key (L1s).',
      price: { bytes: BLS_PUBLIC_KEY_BYTES },
    }),
    signer: t.expose('signer', {
      type: SignerRef,
      nullable: true,
      description: 'Its BLS key with proof of possession (permissionless Primary Network validators).',
    }),
    minNonce: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The lowest nonce a SetL1ValidatorWeightTx for it may carry (L1s).',
      resolve: (v) => optionalUint(v.minNonce),
    }),
    balance: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'What is left to pay its continuous fee, in nAVAX (L1s).',
      resolve: (v) => optionalUint(v.balance),
    }),
    potentialReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The reward it earns if it stays up, in nAVAX (Primary Network).',
      resolve: (v) => optionalUint(v.potentialReward),
    }),
    delegationFee: t.float({
      nullable: true,
      description: "Its fee on delegators' rewards, in percent (Primary Network).",
      resolve: (v) => optionalFloat(v.delegationFee),
    }),
    uptime: t.float({
      nullable: true,
      description: 'Its uptime as this node measured it, in percent.',
      resolve: (v) => optionalFloat(v.uptime),
    }),
    connected: t.exposeBoolean('connected', { nullable: true, description: 'Whether it is connected to this node.' }),
    delegatorCount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'How many delegate to it (Primary Network).',
      resolve: (v) => optionalUint(v.delegatorCount),
    }),
    delegatorWeight: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The stake delegated to it, in nAVAX (Primary Network).',
      resolve: (v) => optionalUint(v.delegatorWeight),
    }),
    delegators: t.field({
      type: [PChainDelegatorRef],
      nullable: true,
      description: `Its delegations (Primary Network validators). The node lists them only in an answer naming this one node: from any other listing, each validator whose \`delegatorCount\` is not 0 is asked for alone (one platform.getCurrentValidators call each, ${LOOKUP_CONCURRENCY} at a time, counted in the request's call budget: past it this field fails with UPSTREAM_BUDGET_EXCEEDED). Empty when \`delegatorCount\` is 0; null for validators nobody can delegate to (L1 and legacy subnet validators, which have no \`delegatorCount\`); NOT_FOUND when the validator left the set since it was listed.`,
      // A call per validator with delegators, unless the validator's listing named it alone.
      price: { calls: 1, items: DELEGATORS, reaches: ['platform.getCurrentValidators'] },
      resolve: async (v, _args, ctx) => {
        const withNetwork = (list: readonly PDelegator[]) => list.map((d) => ({ ...d, network: v.network }));
        if (v.delegators) return withNetwork(v.delegators);
        if (v.delegatorCount === undefined) return null;
        if (BigInt(v.delegatorCount) === 0n) return [];
        const listed = await ctx.nodeLoaders.delegators({ network: v.network, subnetId: v.subnetId, nodeId: v.nodeID });
        if (!listed) {
          throw notFound(
            `${v.nodeID} is no longer a current validator${v.subnetId ? ` of subnet ${v.subnetId}` : ''}: the node lists no delegators for it since it was listed.`,
          );
        }
        return withNetwork(listed);
      },
    }),
    validationRewardOwner: t.field({
      type: OutputOwnersRef,
      nullable: true,
      description: 'Who receives its validation reward (Primary Network).',
      resolve: (v) => owners(v.network, v.validationRewardOwner),
    }),
    delegationRewardOwner: t.field({
      type: OutputOwnersRef,
      nullable: true,
      description: 'Who receives its fees on delegations (Primary Network).',
      resolve: (v) => owners(v.network, v.delegationRewardOwner),
    }),
    remainingBalanceOwner: t.field({
      type: OutputOwnersRef,
      nullable: true,
      description: 'Who gets its remaining balance when it leaves (L1s).',
      resolve: (v) => owners(v.network, v.remainingBalanceOwner),
    }),
    deactivationOwner: t.field({
      type: OutputOwnersRef,
      nullable: true,
      description: 'Who may deactivate it (L1s).',
      resolve: (v) => owners(v.network, v.deactivationOwner),
    }),
  }),
});

/** platform.getCurrentValidators of a subnet (the Primary Network when undefined). */
export async function currentValidators(
  ctx: GatewayContext,
  network: NetworkName,
  subnetId: string | undefined,
  nodeIds: readonly string[] | null | undefined,
): Promise<PValidatorModel[]> {
  const subnet = subnetOf(subnetId);
  const res = await platformGetCurrentValidators(ctx.node, network, {
    ...(subnet ? { subnetID: subnet } : {}),
    ...(nodeIds ? { nodeIDs: checkNodeIds(nodeIds) } : {}),
  });
  // Each validator's `delegatorCount` is the length of its delegators: noted now, so that a query for
  // them is priced by the longest list of the set before any of them was read (see DELEGATORS).
  const lengths = ctx.lengths;
  if (lengths) {
    let longest = -1;
    for (const v of res.validators) if (v.delegatorCount !== undefined) longest = Math.max(longest, Number(v.delegatorCount));
    if (longest >= 0) lengths.saw({ kind: DELEGATORS_KIND, network }, longest);
  }
  return res.validators.map((v) => ({ ...v, network, subnetId: subnet }));
}

/** The `subnetID` platform.* methods take: none for the Primary Network. */
const subnetOf = (subnetId: string | undefined) => (subnetId && subnetId !== PRIMARY_NETWORK_ID ? subnetId : undefined);

const NODE_IDS_DESCRIPTION =
  'Only these nodes (up to 100); omitted or empty: every validator of the set (the node reads an empty list as no filter). Naming exactly one node brings its delegators in the same call; otherwise `delegators` costs a call per validator that has some.';

// --- blocks ------------------------------------------------------------------------------------------

type PBlockModel = PBlockJson & { network: NetworkName; asked: BlockAsk };

/** What every P-Chain transaction carries, whether the node writes it flat or nested under `inputs` (older docs). */
interface PBaseTx {
  networkID?: number;
  blockchainID?: string;
  inputs?: AvmInput[];
  outputs?: AvmOutput[];
  memo?: string;
  sourceChain?: string;
  importedInputs?: AvmInput[];
  destinationChain?: string;
  exportedOutputs?: AvmOutput[];
}

function baseOf(tx: PBlockTxModel): PBaseTx {
  const unsigned = tx.unsignedTx as PBaseTx & { inputs?: unknown };
  const nested = unsigned.inputs && !Array.isArray(unsigned.inputs) ? (unsigned.inputs as PBaseTx) : undefined;
  return nested ? { ...unsigned, ...nested } : unsigned;
}

const PCredentialRef = builder.objectRef<{ signatures?: string[] | null; network: NetworkName }>('PCredential').implement({
  description: 'Signatures proving a P-Chain transaction may spend one of its inputs.',
  fields: (t) => ({
    signatures: t.field({
      type: ['String'],
      description: 'The signatures (hex).',
      price: { items: CREDENTIALS, bytes: SECP256K1_SIGNATURE_BYTES },
      resolve: (c) => c.signatures ?? [],
    }),
  }),
});

PBlockTxRef.implement({
  description: "A transaction of a P-Chain block, decoded from the node's JSON: what every type shares typed, the rest in `unsignedTx`.",
  fields: (t) => ({
    txId: t.string({ nullable: true, description: 'The transaction id, when the node includes it.', resolve: (tx) => tx.id ?? null }),
    networkId: t.int({
      nullable: true,
      description: 'The network id it was signed for: 1 on mainnet, 5 on Fuji.',
      resolve: (tx) => baseOf(tx).networkID ?? null,
    }),
    blockchainId: t.string({
      nullable: true,
      description: 'The chain it was issued on (the P-Chain).',
      resolve: (tx) => baseOf(tx).blockchainID ?? null,
    }),
    memo: t.string({
      nullable: true,
      description: 'Its memo (hex).',
      price: { bytes: TX_MEMO_BYTES },
      resolve: (tx) => baseOf(tx).memo ?? null,
    }),
    inputs: t.field({
      type: [TransferableInputRef],
      price: { items: TX_INPUTS },
      description: 'P-Chain UTXOs it spends (imported ones are in `importedInputs`).',
      resolve: (tx) => inputsOf(tx.network, baseOf(tx).inputs),
    }),
    outputs: t.field({
      type: [TransferableOutputRef],
      price: { items: TX_OUTPUTS },
      description: "Outputs it creates on the P-Chain (stakes and exports are in the type's own fields).",
      resolve: (tx) => outputsOf(tx.network, baseOf(tx).outputs),
    }),
    sourceChain: t.string({
      nullable: true,
      description: 'For an import: the chain the value comes from.',
      resolve: (tx) => baseOf(tx).sourceChain ?? null,
    }),
    importedInputs: t.field({
      type: [TransferableInputRef],
      price: { items: TX_INPUTS },
      nullable: true,
      description: 'For an import: the UTXOs it takes.',
      resolve: (tx) => (baseOf(tx).importedInputs ? inputsOf(tx.network, baseOf(tx).importedInputs) : null),
    }),
    destinationChain: t.string({
      nullable: true,
      description: 'For an export: the chain the value goes to.',
      resolve: (tx) => baseOf(tx).destinationChain ?? null,
    }),
    exportedOutputs: t.field({
      type: [TransferableOutputRef],
      price: { items: TX_OUTPUTS },
      nullable: true,
      description: 'For an export: the outputs it sends.',
      resolve: (tx) => (baseOf(tx).exportedOutputs ? outputsOf(tx.network, baseOf(tx).exportedOutputs) : null),
    }),
    unsignedTx: t.expose('unsignedTx', {
      type: 'JSON',
      description:
        'The whole unsigned transaction, with the fields of its type (validator, subnet, chain, owners…); `transaction.txType` names the type.',
      price: { entries: UNSIGNED_TX_ENTRIES, bytes: UNSIGNED_TX_BYTES },
    }),
    credentials: t.field({
      type: [PCredentialRef],
      price: { items: TX_CREDENTIALS },
      description: 'One credential per input, in input order.',
      // With the network, under which the lengths of their signatures are kept (CREDENTIALS).
      resolve: (tx) => (tx.credentials ?? []).map((c) => ({ ...c, network: tx.network })),
    }),
  }),
});

/** platform.getBlock or platform.getBlockByHeight, as asked; the request's memo makes a repeat free. */
function platformBlock<E extends 'json' | 'hex'>(ctx: GatewayContext, network: NetworkName, ask: BlockAsk, encoding: E) {
  return ask.blockId !== undefined
    ? platformGetBlock(ctx.node, network, { blockID: ask.blockId, encoding })
    : platformGetBlockByHeight(ctx.node, network, { height: ask.height!, encoding });
}

/** The block's hex encoding: one read, whether `blockId` or `hex` (or both) need it. */
const BLOCK_HEX = { calls: 1, sharesWith: 'block hex' } as const;

const platformBlockHex = async (ctx: GatewayContext, b: PBlockModel) =>
  (await platformBlock(ctx, b.network, b.asked, 'hex'))?.block ?? null;

/**
 * The transactions of a P-Chain block, priced at the most a block held when last seen on the
 * network (with a margin), at most 100 until one was seen: a block holds the decisions accepted
 * since the one before, one to a few dozen (the sandbox's largest, 34). An assumption, not a bound
 * the node states: avalanchego builds blocks up to 128 KiB, room for some 500 of the smallest
 * transactions, but priced at that a block's transactions with their Data API lookup (a call each)
 * would pass the call budget and be refused before any block was ever seen. A block past what was
 * priced is stopped by the call budget as it runs. Priced at a fixed 5, a standard block of 34
 * decisions answered past its price (fuzz case 35, issue 29).
 */
const P_BLOCK_TXS = learnt({ kind: 'p-block-transactions', most: { mainnet: 100, fuji: 100 } });

// By id (`node(id:)`): one platform.getBlockByHeight.
lookupPrice('PBlock', { calls: 1 });

const PBlockRef = builder.node(builder.objectRef<PBlockModel>('PBlock'), {
  description:
    "A P-Chain block, decoded from the node's JSON (platform.getBlock, platform.getBlockByHeight). Its id is its height (the P-Chain is linear: an accepted height names one block); `node(id:)` reads it again with platform.getBlockByHeight.",
  id: {
    resolve: (b) => nodeKey(b.network, String(b.height)),
    parse: (id) => parseNodeKey(id, checkHeightKey),
  },
  loadOne: async ({ network, key }, ctx) => {
    const asked = { height: key };
    const res = await platformBlock(ctx, network, asked, 'json');
    return res ? { ...res.block, network, asked } : null;
  },
  fields: (t) => ({
    // Only when the node's JSON omits the id of a block asked by height; the read is `hex`'s.
    blockId: t.string({
      description: BLOCK_ID_DESCRIPTION,
      price: { ...BLOCK_HEX, reaches: ['platform.getBlock', 'platform.getBlockByHeight'] },
      resolve: (b, _args, ctx) => blockIdOf(b, () => platformBlockHex(ctx, b)),
    }),
    parentId: t.exposeString('parentID', { description: 'The previous block.' }),
    height: t.field({ type: 'BigInt', description: 'Its height.', resolve: (b) => String(b.height) }),
    time: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Its Unix time (s), for blocks since Banff.',
      resolve: (b) => (b.time === undefined ? null : toSafeInt(b.time)),
    }),
    transactions: t.field({
      type: [PBlockTxRef],
      price: { items: P_BLOCK_TXS },
      description:
        "Its transactions: a standard block's decisions, a proposal block's proposal (after any decisions), none for a commit or abort.",
      resolve: (b) => [...(b.txs ?? []), ...(b.tx ? [b.tx] : [])].map((tx) => ({ ...tx, network: b.network })),
    }),
    hex: t.string({
      nullable: true,
      description: 'The block bytes (hex with checksum): one more call, with hex encoding.',
      price: { ...BLOCK_HEX, bytes: BLOCK_HEX_BYTES, reaches: ['platform.getBlock', 'platform.getBlockByHeight'] },
      resolve: (b, _args, ctx) => platformBlockHex(ctx, b),
    }),
  }),
});

// --- the P-Chain object ------------------------------------------------------------------------------

PChainBlockchainEntryRef.implement({
  description: 'A blockchain as platform.getBlockchains lists it.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its blockchain id',
        'it is a row of platform.getBlockchains, which lists them all; `node(id:)` fetches the blockchain itself as a `Blockchain`.',
      ),
      resolve: (b) => entityId('PChainBlockchainEntry', b.network, b.id),
    }),
    blockchainId: t.exposeString('id', { description: 'The blockchain id.' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    subnetId: t.exposeString('subnetID', { description: 'The subnet that validates it.' }),
    vmId: t.exposeString('vmID', { description: 'The VM it runs.' }),
  }),
});

interface PBalanceModel {
  network: NetworkName;
  byKind: Record<'balances' | 'unlockeds' | 'lockedStakeables' | 'lockedNotStakeables', Record<string, Uint>>;
  utxoIDs: { txID: string; outputIndex: number }[];
}

export const AssetAmountEntryRef = builder.objectRef<{ assetId: string; amount: string }>('PChainAssetAmount').implement({
  description: 'An amount of one asset on the P-Chain.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'The asset id.' }),
    amount: t.expose('amount', { type: 'BigInt', description: 'The amount, in the smallest unit.' }),
  }),
});

const entries = (map: Record<string, Uint> | undefined) =>
  Object.entries(map ?? {}).map(([assetId, amount]) => ({ assetId, amount: String(amount) }));

const PBalanceRef = builder.objectRef<PBalanceModel>('PChainBalance').implement({
  description: 'P-Chain balances of some addresses, as platform.getBalance reports them.',
  fields: (t) => ({
    balances: t.field({
      price: { items: BALANCE_ASSETS },
      type: [AssetAmountEntryRef],
      description: 'Everything, per asset.',
      resolve: (b) => entries(b.byKind.balances),
    }),
    unlocked: t.field({
      price: { items: BALANCE_ASSETS },
      type: [AssetAmountEntryRef],
      description: 'Spendable now.',
      resolve: (b) => entries(b.byKind.unlockeds),
    }),
    lockedStakeable: t.field({
      type: [AssetAmountEntryRef],
      price: { items: BALANCE_ASSETS },
      description: 'Locked, but usable for staking.',
      resolve: (b) => entries(b.byKind.lockedStakeables),
    }),
    lockedNotStakeable: t.field({
      type: [AssetAmountEntryRef],
      price: { items: BALANCE_ASSETS },
      description: 'Locked, not usable for staking.',
      resolve: (b) => entries(b.byKind.lockedNotStakeables),
    }),
    utxoCount: t.int({ description: 'How many UTXOs hold it.', resolve: (b) => b.utxoIDs.length }),
  }),
});

export const PChainRef = builder.objectRef<PChainModel>('PChain').implement({
  description: "The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status.",
  fields: (t) => ({
    blockchainId: t.string({
      description: "The P-Chain's blockchain id (the same on every network).",
      resolve: (p) => PRIMARY_CHAIN_IDS[p.network].p,
    }),
    height: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the last accepted block (platform.getHeight).',
      price: { calls: 1, reaches: ['platform.getHeight'] },
      resolve: async (p, _args, ctx) => String((await platformGetHeight(ctx.node, p.network)).height),
    }),
    block: t.field({
      type: PBlockRef,
      nullable: true,
      description:
        'A block by id or by height (exactly one), decoded (platform.getBlock, platform.getBlockByHeight); null when there is none.',
      args: {
        blockId: t.arg({ type: CB58IdScalar, description: 'The block id (cb58).' }),
        height: t.arg({ type: 'Uint64', description: 'The block height.' }),
      },
      price: { calls: 1, reaches: ['platform.getBlock', 'platform.getBlockByHeight'] },
      resolve: async (p, { blockId, height }, ctx) => {
        const asked = checkBlockAsk(blockId, height);
        const res = await platformBlock(ctx, p.network, asked, 'json');
        return res ? { ...res.block, network: p.network, asked } : null;
      },
    }),
    blockchainStatus: t.field({
      type: BlockchainStatusEnum,
      nullable: true,
      description: 'What this node knows of a blockchain, including ones only proposed (platform.getBlockchainStatus).',
      args: { blockchainId: t.arg({ type: CB58IdScalar, required: true, description: 'The blockchain id (cb58).' }) },
      price: { calls: 1, reaches: ['platform.getBlockchainStatus'] },
      resolve: async (p, { blockchainId }, ctx) =>
        (await platformGetBlockchainStatus(ctx.node, p.network, { blockchainID: blockchainId })).status,
    }),
    currentSupply: t.field({
      type: 'BigInt',
      nullable: true,
      description:
        'An upper bound of the tokens that can stake a subnet, in its smallest unit (platform.getCurrentSupply): burnt tokens and fees are not subtracted. The Primary Network (AVAX) when `subnetId` is omitted; null for a subnet without a staking token.',
      args: { subnetId: t.arg({ type: CB58IdScalar, description: 'The subnet; the Primary Network when omitted.' }) },
      price: { calls: 1, reaches: ['platform.getCurrentSupply'] },
      resolve: (p, { subnetId }, ctx) => supplyOf(ctx, p.network, subnetId ?? undefined),
    }),
    currentValidators: t.field({
      type: [PChainValidatorRef],
      nullable: true,
      description: "The current validators of a subnet (platform.getCurrentValidators); the Primary Network's when `subnetId` is omitted.",
      args: {
        subnetId: t.arg({ type: CB58IdScalar, description: 'The subnet; the Primary Network when omitted.' }),
        nodeIds: t.arg({ type: [NodeIdScalar], description: NODE_IDS_DESCRIPTION }),
      },
      price: { ...validatorSet((args) => args.subnetId ?? PRIMARY_NETWORK_ID), reaches: ['platform.getCurrentValidators'] },
      resolve: (p, args, ctx) => currentValidators(ctx, p.network, args.subnetId ?? undefined, args.nodeIds),
    }),
    blockchains: t.field({
      type: [PChainBlockchainEntryRef],
      nullable: true,
      deprecationReason:
        'platform.getBlockchains is deprecated since avalanchego v1.9.12: use `subnets { blockchains }` (the Data API listing).',
      description: 'Every blockchain but the P-Chain (platform.getBlockchains).',
      // Every blockchain of the network, one list a network: hundreds, priced at 500 until the list
      // was seen, then as seen. No protocol bound limits them; Fuji, where anyone creates chains to
      // try them, holds the most, and 10,000 is an assumption for the largest.
      price: { calls: 1, items: usually('pChainBlockchains', 500, 10_000), reaches: ['platform.getBlockchains'] },
      resolve: async (p, _args, ctx) =>
        (await platformGetBlockchains(ctx.node, p.network)).blockchains.map((b) => ({ ...b, network: p.network })),
    }),
    balance: t.field({
      type: PBalanceRef,
      nullable: true,
      deprecationReason: "platform.getBalance is deprecated since avalanchego v1.9.12: use the Data API's P-Chain UTXOs and balances.",
      description: 'P-Chain balances of some addresses (platform.getBalance).',
      args: { addresses: t.arg({ type: [AvalancheAddressScalar], required: true, description: 'Addresses of this network (up to 100).' }) },
      price: { calls: 1, reaches: ['platform.getBalance'] },
      resolve: (p, { addresses }, ctx) => pBalanceOf(ctx, p.network, addresses),
    }),
  }),
});

builder.objectField(NetworkRef, 'pChain', (t) =>
  t.field({
    type: PChainRef,
    description: "The P-Chain as this network's node serves it (NODE_URL_MAINNET / NODE_URL_FUJI).",
    resolve: (network) => ({ network: network.name }),
  }),
);

// --- links from the Data API's graph ---------------------------------------------------------------

builder.objectFields(SubnetRef, (t) => ({
  currentValidators: t.field({
    type: [PChainValidatorRef],
    nullable: true,
    description:
      'Its current validators as the P-Chain has them (platform.getCurrentValidators): with delegators and reward owners on the Primary Network, balances and owners on an L1.',
    args: { nodeIds: t.arg({ type: [NodeIdScalar], description: NODE_IDS_DESCRIPTION }) },
    price: {
      ...validatorSet(
        () => undefined,
        (s: { subnetId: string }) => s.subnetId,
      ),
      per: ONCE_PER_SUBNET,
      reaches: ['platform.getCurrentValidators'],
    },
    resolve: (s, args, ctx) => currentValidators(ctx, s.network, s.subnetId, args.nodeIds),
  }),
}));

builder.objectField(L1ValidatorRef, 'pChainValidator', (t) =>
  t.field({
    type: PChainValidatorRef,
    nullable: true,
    description:
      "This validator's current entry on the P-Chain (balance, nonce, uptime); null when it is no longer a current validator. One call per subnet for all the L1 validators of a response.",
    // One platform.getCurrentValidators call per subnet for all its validators the response names.
    price: { calls: 1, per: { group: 'subnet' }, reaches: ['platform.getCurrentValidators'] },
    resolve: async (v, _args, ctx) => {
      const entry = await ctx.nodeLoaders.pChainValidator({ network: v.network, subnetId: v.subnetId, nodeId: v.nodeId });
      // A node may validate again under a new validation id: only the same validation counts.
      return entry && (!entry.validationID || entry.validationID === v.validationId)
        ? { ...entry, network: v.network, subnetId: subnetOf(v.subnetId) }
        : null;
    },
  }),
);

/** The supply of a subnet; null where the node has none (subnets without a staking token). */
export async function supplyOf(ctx: GatewayContext, network: NetworkName, subnetId: string | undefined): Promise<string | null> {
  const res = await platformGetCurrentSupply(ctx.node, network, subnetId && subnetId !== PRIMARY_NETWORK_ID ? { subnetID: subnetId } : {});
  return res ? String(res.supply) : null;
}

builder.subscriptionField('subnetValidators', (t) =>
  t.field({
    type: [PChainValidatorRef],
    nullable: true,
    description: `A subnet's validator set (platform.getCurrentValidators): first as it stands, then whole each time a validator joins, leaves or changes weight (uptimes and balances move all the time and are not changes). ${POLL_NOTE}`,
    args: {
      ...networkArg,
      subnetId: t.arg({
        type: CB58IdScalar,
        required: true,
        description: "The subnet (cb58); the Primary Network's id for its validators.",
      }),
    },
    // An event costs what its selection does: the poll is the live hub's, shared by every subscriber of the topic.
    price: {
      ...validatorSet((args) => args.subnetId ?? undefined),
      calls: 0,
      scope: (args) => toNetwork(args.network),
      reaches: ['platform.getCurrentValidators'],
    },
    subscribe: (_root, { network, subnetId }, ctx) => openFeed(ctx, validatorsFeed(toNetwork(network), subnetId)),
    resolve: (event, { subnetId }) =>
      eventValue(event, (e) => e.validators.map((v) => ({ ...v, network: e.network, subnetId: subnetOf(subnetId) }))),
  }),
);

builder.subscriptionField('pChainBlocks', (t) =>
  t.field({
    type: PBlockRef,
    nullable: true,
    description: `Each block the P-Chain accepts from now on, in height order, decoded like \`pChain { block }\`: the first event is the next block, not history. Works against public endpoints (platform.getHeight each poll, then platform.getBlockByHeight for each new height; at most ${MAX_BLOCKS_PER_POLL} per poll: a chain that moved further between two polls is followed from its newest ${MAX_BLOCKS_PER_POLL}, the older ones skipped). ${POLL_NOTE}`,
    args: {
      ...networkArg,
    },
    // An event costs what its selection does: the poll is the live hub's, shared by every subscriber of the topic.
    price: { scope: ({ network }) => toNetwork(network), reaches: ['platform.getHeight', 'platform.getBlockByHeight'] },
    subscribe: (_root, { network }, ctx) => openFeed(ctx, pChainBlocksFeed(toNetwork(network))),
    resolve: (event) => eventValue(event, (e): PBlockModel => ({ ...e.block, network: e.network, asked: { height: e.height } })),
  }),
);

/** platform.getBalance of some addresses, checked first (bech32 of the network, at most 100). */
async function pBalanceOf(ctx: GatewayContext, network: NetworkName, addresses: readonly string[]): Promise<PBalanceModel> {
  const owned = checkAddresses(network, addresses, { argument: 'addresses' }).map((a) => `P-${a}`);
  const res = await platformGetBalance(ctx.node, network, { addresses: owned });
  return { network, byKind: res, utxoIDs: res.utxoIDs ?? [] };
}

// --- the rest of platform.*: the chain's clock, stake, one transaction, one L1 validator ---------------

/** The most validators platform.sampleValidators draws in one call (its `size` is a uint16; a set is smaller). */
const MAX_SAMPLE = 1_500;

const subnetArg = { type: CB58IdScalar, description: 'The subnet (cb58); the Primary Network when omitted.' } as const;

builder.objectFields(PChainRef, (t) => ({
  proposedHeight: t.field({
    type: 'BigInt',
    nullable: true,
    description:
      "The P-Chain height this node's ProposerVM proposes now (platform.getProposedHeight): the height validator sets are read at for Warp messages, at most `height`.",
    price: { calls: 1, reaches: ['platform.getProposedHeight'] },
    resolve: async (p, _args, ctx) => String((await platformGetProposedHeight(ctx.node, p.network)).height),
  }),
  timestamp: t.string({
    nullable: true,
    description: "The chain's time (platform.getTimestamp), that of its last accepted block, in RFC 3339 as the node writes it.",
    price: { calls: 1, reaches: ['platform.getTimestamp'] },
    resolve: async (p, _args, ctx) => (await platformGetTimestamp(ctx.node, p.network)).timestamp,
  }),
  stakingAssetId: t.string({
    nullable: true,
    description:
      "The asset a subnet is staked with (platform.getStakingAssetID): AVAX's id for the Primary Network, an elastic subnet's own token; null for a subnet without one (permissioned subnets and L1s).",
    args: { subnetId: t.arg(subnetArg) },
    price: { calls: 1, reaches: ['platform.getStakingAssetID'] },
    resolve: async (p, { subnetId }, ctx) =>
      (await platformGetStakingAssetID(ctx.node, p.network, { subnetID: subnetId ?? PRIMARY_NETWORK_ID }))?.assetID ?? null,
  }),
  totalStake: t.field({
    type: 'BigInt',
    nullable: true,
    description:
      "The weight of a subnet's current validators (platform.getTotalStake): on the Primary Network the nAVAX staked and delegated; 0 for a subnet without validators.",
    args: { subnetId: t.arg(subnetArg) },
    price: { calls: 1, reaches: ['platform.getTotalStake'] },
    resolve: async (p, { subnetId }, ctx) =>
      String((await platformGetTotalStake(ctx.node, p.network, { subnetID: subnetId ?? PRIMARY_NETWORK_ID })).weight),
  }),
  sampleValidators: t.field({
    type: [NodeIdScalar],
    nullable: true,
    description: `\`size\` distinct current validators of a subnet, drawn by weight (platform.sampleValidators), sorted; a new draw each request, never shared. Fails with the node's error when the subnet has fewer validators. \`size\`: 0 to ${MAX_SAMPLE}. ${nondeterministic('the node draws anew at every call and takes no seed, so two identical requests answer different samples.')}`,
    args: {
      size: t.arg.int({ required: true, description: `How many to draw (0 to ${MAX_SAMPLE}).` }),
      subnetId: t.arg(subnetArg),
    },
    price: {
      calls: 1,
      items: (args) => (Number.isInteger(args.size) && args.size >= 0 && args.size <= MAX_SAMPLE ? args.size : 0),
      reaches: ['platform.sampleValidators'],
    },
    resolve: async (p, { size, subnetId }, ctx) => {
      if (!Number.isInteger(size) || size < 0 || size > MAX_SAMPLE) {
        throw badInput(`\`size\` must be 0 to ${MAX_SAMPLE} (got ${size}).`, { argument: 'size' });
      }
      const res = await platformSampleValidators(ctx.node, p.network, { size, subnetID: subnetId ?? PRIMARY_NETWORK_ID });
      return res.validators ?? [];
    },
  }),
  transaction: t.field({
    type: PBlockTxRef,
    nullable: true,
    description:
      "A P-Chain transaction by id from the node (platform.getTx), decoded like a block's; null when the node has none (a transaction it has not accepted: see `txStatus`). Unlike `Network.transaction`, it needs no Data API and sees a transaction as soon as the node accepts it.",
    args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
    price: { calls: 1, reaches: ['platform.getTx'] },
    resolve: async (p, { txId }, ctx) => {
      const res = await platformGetTx(ctx.node, p.network, { txID: txId, encoding: 'json' });
      return res ? { ...res.tx, id: res.tx.id ?? txId, network: p.network } : null;
    },
  }),
  l1Validator: t.field({
    type: PChainValidatorRef,
    nullable: true,
    description:
      'A current L1 validator by validation id, as the P-Chain has it (platform.getL1Validator): weight, balance, nonce, owners; null when there is none (it left, or never was).',
    args: { validationId: t.arg({ type: CB58IdScalar, required: true, description: 'The validation id (cb58).' }) },
    price: { calls: 1, reaches: ['platform.getL1Validator'] },
    resolve: async (p, { validationId }, ctx) => {
      const v = await platformGetL1Validator(ctx.node, p.network, { validationID: validationId });
      return v ? { ...v, network: p.network, subnetId: v.subnetID } : null;
    },
  }),
}));

builder.objectField(AddressRef, 'pChainNodeBalance', (t) =>
  t.field({
    type: PBalanceRef,
    nullable: true,
    deprecationReason:
      "platform.getBalance is deprecated since avalanchego v1.9.12: use `pChainNodeUtxos`, or the Data API's P-Chain balances.",
    description:
      "This address's P-Chain balances as the network's node answers them (platform.getBalance): unlocked, locked, stakeable, per asset. The node's own count, fresher than the Data API's.",
    price: { calls: 1, reaches: ['platform.getBalance'] },
    resolve: (a, _args, ctx) => pBalanceOf(ctx, a.network, [a.address]),
  }),
);
