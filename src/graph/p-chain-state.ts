/**
 * The P-Chain's state as the network's node answers it, beyond blocks and current validators
 * (./p-chain.ts): fees, minimum stake, a subnet's owners and chains, validator sets at a height,
 * a transaction's status, and the UTXOs, stake and reward UTXOs of addresses. The node's answers
 * are the freshest there are (the last accepted block); where the Data API answers too, fields say
 * which they use. The P-Chain's endpoint takes one call per request (no JSON-RPC batches): a
 * repeat in one request is answered once by the request's reads.
 */
import type { NetworkName } from '../base/ids.js';
import { PRIMARY_CHAIN_IDS, PRIMARY_NETWORK_ID } from '../base/ids.js';
import { canonicalAddress } from '../domain/addresses.js';
import { newUtxos, type NodeUtxo, type UtxoSource } from '../domain/utxos.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import type { NodeClient, Uint, UtxoIndex } from '../upstreams/node/client.js';
import type { OperationId } from '../upstreams/operations.js';
import {
  platformGetAllValidatorsAt,
  platformGetFeeConfig,
  platformGetFeeState,
  platformGetMinStake,
  platformGetRewardUTXOs,
  platformGetStake,
  platformGetSubnet,
  platformGetSubnets,
  platformGetTxStatus,
  platformGetUTXOs,
  platformGetValidatorFeeConfig,
  platformGetValidatorFeeState,
  platformGetValidatorsAt,
  platformValidatedBy,
  platformValidates,
  type PHeight,
  type PWarpSet,
} from '../upstreams/node/p-chain.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { paged, type FieldCost } from './cost.js';
import { checkAddresses } from './inputs.js';
import { nodeUtxoValue } from './node-common.js';
import { AssetAmountEntryRef, PChainRef, validatorSetItems, type PChainModel } from './p-chain.js';
import {
  AddressRef,
  AMOUNT_ASSETS,
  SUBNET_BLOCKCHAINS,
  BlockchainRef,
  PBlockTxRef,
  PChainTransactionRef,
  SubnetRef,
  SUBNET_OWNERS,
  toAddresses,
  type AddressModel,
} from './refs.js';
import { CB58IdScalar } from './scalars.js';
import { BLS_PUBLIC_KEY_BYTES, DROPPED_REASON_BYTES, UTXO_HEX_BYTES } from './leaf-bytes.js';

const ZERO_ID = '11111111111111111111111111111111LpoYY';
const big = (value: Uint) => String(value);
/** The node writes the zero id for "none". */
const idOrNull = (id: string) => (id === ZERO_ID ? null : id);

// --- fees --------------------------------------------------------------------------------------------

const FeeConfigRef = builder
  .objectRef<{
    weights: Uint[];
    maxCapacity: Uint;
    maxPerSecond: Uint;
    targetPerSecond: Uint;
    minPrice: Uint;
    excessConversionConstant: Uint;
  }>('PChainFeeConfig')
  .implement({
    description:
      "The P-Chain's dynamic fee parameters (ACP-103, platform.getFeeConfig): gas is metered in four dimensions and priced by excess.",
    fields: (t) => ({
      weights: t.field({
        type: ['BigInt'],
        description: 'How the four dimensions (bandwidth, reads, writes, compute) merge into one gas amount.',
        resolve: (c) => c.weights.map(big),
      }),
      maxCapacity: t.field({ type: 'BigInt', description: 'The gas the chain may bank for later.', resolve: (c) => big(c.maxCapacity) }),
      maxPerSecond: t.field({ type: 'BigInt', description: 'The gas the chain may use per second.', resolve: (c) => big(c.maxPerSecond) }),
      targetPerSecond: t.field({
        type: 'BigInt',
        description: 'The gas per second that keeps the price stable.',
        resolve: (c) => big(c.targetPerSecond),
      }),
      minPrice: t.field({ type: 'BigInt', description: 'The lowest price of a unit of gas, in nAVAX.', resolve: (c) => big(c.minPrice) }),
      excessConversionConstant: t.field({
        type: 'BigInt',
        description: 'How excess gas turns into a price: price = minPrice · e^(excess / this).',
        resolve: (c) => big(c.excessConversionConstant),
      }),
    }),
  });

const FeeStateRef = builder.objectRef<{ capacity?: Uint; excess: Uint; price: Uint; timestamp: string }>('PChainFeeState').implement({
  description: 'A fee state of the P-Chain at its last accepted block: what the next transaction pays per unit.',
  fields: (t) => ({
    capacity: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The gas banked for use now (transaction fees only).',
      resolve: (s) => (s.capacity === undefined ? null : big(s.capacity)),
    }),
    excess: t.field({ type: 'BigInt', description: 'The excess over the target, which sets the price.', resolve: (s) => big(s.excess) }),
    price: t.field({ type: 'BigInt', description: 'The price now, in nAVAX per unit.', resolve: (s) => big(s.price) }),
    timestamp: t.exposeString('timestamp', { description: 'The chain time it is computed at (RFC 3339).' }),
  }),
});

const ValidatorFeeConfigRef = builder
  .objectRef<{ capacity: Uint; target: Uint; minPrice: Uint; excessConversionConstant: Uint }>('PChainValidatorFeeConfig')
  .implement({
    description: "The L1 validators' continuous fee parameters (ACP-77, platform.getValidatorFeeConfig).",
    fields: (t) => ({
      capacity: t.field({ type: 'BigInt', description: 'The most L1 validators the chain may hold.', resolve: (c) => big(c.capacity) }),
      target: t.field({ type: 'BigInt', description: 'The L1 validators that keep the fee stable.', resolve: (c) => big(c.target) }),
      minPrice: t.field({
        type: 'BigInt',
        description: 'The lowest fee, in nAVAX per validator per second.',
        resolve: (c) => big(c.minPrice),
      }),
      excessConversionConstant: t.field({
        type: 'BigInt',
        description: 'How excess turns into a price: price = minPrice · e^(excess / this).',
        resolve: (c) => big(c.excessConversionConstant),
      }),
    }),
  });

const MinStakeRef = builder.objectRef<{ minValidatorStake: Uint; minDelegatorStake: Uint }>('PChainMinStake').implement({
  description: 'The least that may be staked on a subnet (platform.getMinStake), in its staking asset’s smallest unit.',
  fields: (t) => ({
    validator: t.field({ type: 'BigInt', description: 'To validate.', resolve: (m) => big(m.minValidatorStake) }),
    delegator: t.field({ type: 'BigInt', description: 'To delegate.', resolve: (m) => big(m.minDelegatorStake) }),
  }),
});

// --- validator sets at a height ----------------------------------------------------------------------

type ValidatorAtModel = { nodeId: string; weight: Uint; publicKey: string | null };

const ValidatorAtRef = builder.objectRef<ValidatorAtModel>('PChainValidatorAtHeight').implement({
  description: 'A validator of a set at a P-Chain height (platform.getValidatorsAt).',
  fields: (t) => ({
    nodeId: t.exposeString('nodeId', { description: 'The validating node.' }),
    weight: t.field({
      type: 'BigInt',
      description: 'Its weight then: on the Primary Network its stake plus what was delegated to it, in nAVAX.',
      resolve: (v) => big(v.weight),
    }),
    publicKey: t.exposeString('publicKey', {
      nullable: true,
      description: 'Its BLS public key (hex, compressed), if it registered one.',
      price: { bytes: BLS_PUBLIC_KEY_BYTES },
    }),
  }),
});

const WarpValidatorRef = builder.objectRef<NonNullable<PWarpSet['validators']>[number]>('PChainWarpValidator').implement({
  description: 'One BLS key of a canonical validator set: what signs Warp messages for the nodes holding it.',
  fields: (t) => ({
    publicKey: t.exposeString('publicKey', {
      description: 'The BLS public key (hex, compressed).',
      price: { bytes: BLS_PUBLIC_KEY_BYTES },
    }),
    weight: t.field({ type: 'BigInt', description: 'The weight of the nodes holding it.', resolve: (v) => big(v.weight) }),
    // A key is one node's but for the rare operator who registers it twice; 16 is an assumption for the most.
    nodeIds: t.exposeStringList('nodeIDs', {
      description: 'The nodes that registered this key.',
      price: { items: usually('blsKeyNodes', 1, 16) },
    }),
  }),
});

/**
 * Sets of platform.getAllValidatorsAt, as a price assumes: subnets and L1s with validators, a few
 * dozen on mainnet (an assumption; no upstream reference in this repository states a bound).
 */
const VALIDATOR_SETS = 60;
/**
 * BLS keys per set, as a price assumes: an average, not a bound. The Primary Network's set holds
 * about 1,500 (issue 29) and an L1's at most 100 (./p-chain.ts's VALIDATORS), so 60 sets hold
 * about 1,500 + 59 × 100 keys: 125 a set. One set priced alone (the Primary Network's) is under-
 * counted; every set together is what the field returns.
 */
const WARP_KEYS = 125;

const ValidatorSetRef = builder.objectRef<PWarpSet & { subnetId: string }>('PChainValidatorSet').implement({
  description: "A subnet's canonical validator set at a height (platform.getAllValidatorsAt): the BLS keys that sign its Warp messages.",
  fields: (t) => ({
    subnetId: t.exposeString('subnetId', { description: "The subnet (the Primary Network's id for its own)." }),
    totalWeight: t.field({
      type: 'BigInt',
      description: 'The weight of every validator of the set, with or without a BLS key.',
      resolve: (s) => big(s.totalWeight),
    }),
    validators: t.field({
      type: [WarpValidatorRef],
      price: { items: WARP_KEYS },
      description: 'Its BLS keys in key order, each with its weight and nodes.',
      resolve: (s) => s.validators ?? [],
    }),
  }),
});

const HEIGHT_DESCRIPTION =
  "The P-Chain height; this node's proposed height (`PChain.proposedHeight`) when omitted. A height the chain has not reached fails with the node's error.";

const heightOf = (height: string | null | undefined): PHeight => (height == null ? 'proposed' : height);

async function validatorsAt(
  ctx: GatewayContext,
  network: NetworkName,
  subnetId: string,
  height: string | null | undefined,
): Promise<ValidatorAtModel[]> {
  const res = await platformGetValidatorsAt(ctx.node, network, { height: heightOf(height), subnetID: subnetId });
  return Object.entries(res.validators ?? {})
    .map(([nodeId, v]) => ({ nodeId, weight: v.weight, publicKey: v.publicKey ?? null }))
    .sort((a, b) => (a.nodeId < b.nodeId ? -1 : 1));
}

/** Priced as the current set of the subnet (./p-chain.ts's VALIDATORS): a set at a past height is of its size. */
const validatorsAtPrice = (
  parentOf?: (source: never) => string | undefined,
): FieldCost<{ subnetId?: string | null; height?: string | null }> => ({
  calls: 1,
  items: parentOf ? validatorSetItems(() => undefined, parentOf) : validatorSetItems((args) => args.subnetId ?? PRIMARY_NETWORK_ID),
  // The set's arguments are `subnetId` (when the field takes it) and no `nodeIds`: the same reading as a current set's.
});

// --- subnets -----------------------------------------------------------------------------------------

/** A subnet as the P-Chain's node has it: its owners (none for the Primary Network, which has no owner). */
interface PSubnetModel {
  network: NetworkName;
  subnetId: string;
  owner: Awaited<ReturnType<typeof platformGetSubnet>>;
}

/** platform.getSubnet, but none for the Primary Network, which the node refuses ("isn't a subnet"); null when the node has no such subnet. */
async function pSubnet(ctx: GatewayContext, network: NetworkName, subnetId: string): Promise<PSubnetModel | null> {
  if (subnetId === PRIMARY_NETWORK_ID) return { network, subnetId, owner: null };
  const owner = await platformGetSubnet(ctx.node, network, { subnetID: subnetId });
  return owner ? { network, subnetId, owner } : null;
}

const PChainSubnetRef = builder.objectRef<PSubnetModel>('PChainSubnet').implement({
  description:
    "A subnet as the P-Chain's node has it (platform.getSubnet): who owns it and, for an L1, who manages its validators; and from further calls, the chains it validates and its validator set at any height. The owner fields are null for the Primary Network, which has no owner.",
  fields: (t) => ({
    subnetId: t.exposeString('subnetId', { description: 'The subnet id.' }),
    isPermissioned: t.boolean({
      nullable: true,
      description: 'Whether its owner still controls its validator set: false once it became elastic or an L1.',
      resolve: (s) => s.owner?.isPermissioned ?? null,
    }),
    controlKeys: t.field({
      type: [AddressRef],
      nullable: true,
      price: { items: SUBNET_OWNERS },
      description: 'The addresses that own it (P-Chain, without prefix).',
      resolve: (s) => (s.owner ? toAddresses(s.network, (s.owner.controlKeys ?? []).map(canonicalAddress)) : null),
    }),
    threshold: t.int({
      nullable: true,
      description: 'Signatures of `controlKeys` a change needs.',
      resolve: (s) => (s.owner ? Number(s.owner.threshold) : null),
    }),
    locktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Unix time (s) before which its owners cannot act.',
      resolve: (s) => (s.owner ? big(s.owner.locktime) : null),
    }),
    transformationTxId: t.string({
      nullable: true,
      description: 'The TransformSubnetTx that made it elastic, if one did.',
      resolve: (s) => (s.owner ? idOrNull(s.owner.subnetTransformationTxID) : null),
    }),
    conversionId: t.string({
      nullable: true,
      description: 'The id of its conversion to an L1, if it was converted.',
      resolve: (s) => (s.owner ? idOrNull(s.owner.conversionID) : null),
    }),
    managerChainId: t.string({
      nullable: true,
      description: 'For an L1: the chain of the contract that manages its validators.',
      resolve: (s) => (s.owner ? idOrNull(s.owner.managerChainID) : null),
    }),
    managerAddress: t.string({
      nullable: true,
      description: 'For an L1: the address of that contract (hex).',
      resolve: (s) => (s.owner?.managerAddress ? s.owner.managerAddress : null),
    }),
    blockchainIds: t.stringList({
      nullable: true,
      description:
        'The blockchains it validates (platform.validates): every chain created on it, the P-Chain aside for the Primary Network. Null when the node has no such subnet.',
      price: { calls: 1, items: SUBNET_BLOCKCHAINS, reaches: ['platform.validates'] },
      resolve: async (s, _args, ctx) => {
        const res = await platformValidates(ctx.node, s.network, { subnetID: s.subnetId });
        return res ? (res.blockchainIDs ?? []) : null;
      },
    }),
    minStake: t.field({
      type: MinStakeRef,
      nullable: true,
      description: 'The least that may be staked on it (platform.getMinStake); null for a subnet without a staking token.',
      price: { calls: 1, reaches: ['platform.getMinStake'] },
      resolve: (s, _args, ctx) => platformGetMinStake(ctx.node, s.network, { subnetID: s.subnetId }),
    }),
    validatorsAt: t.field({
      type: [ValidatorAtRef],
      nullable: true,
      description: 'Its validators at a P-Chain height, by node id (platform.getValidatorsAt).',
      args: { height: t.arg({ type: 'Uint64', description: HEIGHT_DESCRIPTION }) },
      price: { ...validatorsAtPrice((s: PSubnetModel) => s.subnetId), reaches: ['platform.getValidatorsAt'] },
      resolve: (s, { height }, ctx) => validatorsAt(ctx, s.network, s.subnetId, height),
    }),
  }),
});

const SubnetEntryRef = builder
  .objectRef<{ network: NetworkName; id: string; controlKeys: string[] | null; threshold: Uint }>('PChainSubnetEntry')
  .implement({
    description: 'A subnet as platform.getSubnets lists it: its id and, while it is permissioned, its owners.',
    fields: (t) => ({
      id: t.id({
        description: keyOnlyIdDescription(
          'its subnet id',
          'it is a row of platform.getSubnets; `node(id:)` fetches the subnet itself as a `Subnet`.',
        ),
        resolve: (s) => entityId('PChainSubnetEntry', s.network, s.id),
      }),
      subnetId: t.exposeString('id', { description: 'The subnet id.' }),
      controlKeys: t.field({
        type: [AddressRef],
        price: { items: SUBNET_OWNERS },
        description: 'Its owners; empty for the Primary Network and elastic subnets.',
        resolve: (s) => toAddresses(s.network, (s.controlKeys ?? []).map(canonicalAddress)),
      }),
      threshold: t.int({
        description: 'Signatures of `controlKeys` a change needs; 0 without owners.',
        resolve: (s) => Number(s.threshold),
      }),
    }),
  });

// --- transactions' status ----------------------------------------------------------------------------

const PTxStatusEnum = builder.enumType('PChainTxStatus', {
  description: 'What the node knows of a P-Chain transaction (platform.getTxStatus).',
  values: {
    COMMITTED: { value: 'Committed', description: 'Accepted, or will be, by every node.' },
    ABORTED: { value: 'Aborted', description: 'A proposal the network voted down.' },
    PROCESSING: { value: 'Processing', description: 'In this node’s mempool or preferred block, being voted on.' },
    DROPPED: { value: 'Dropped', description: 'Will never be accepted: `reason` says why.' },
    UNKNOWN: { value: 'Unknown', description: 'This node has not seen it.' },
  } as const,
});

const TxStatusRef = builder
  .objectRef<{ status: 'Committed' | 'Aborted' | 'Processing' | 'Dropped' | 'Unknown'; reason?: string }>('PChainTxStatusReport')
  .implement({
    description: "A P-Chain transaction's status on this node.",
    fields: (t) => ({
      status: t.field({ type: PTxStatusEnum, description: 'Its status.', resolve: (s) => s.status }),
      reason: t.exposeString('reason', {
        nullable: true,
        description: 'Why it was dropped (DROPPED only).',
        price: { bytes: DROPPED_REASON_BYTES },
      }),
    }),
  });

const txStatusOf = (ctx: GatewayContext, network: NetworkName, txId: string) => platformGetTxStatus(ctx.node, network, { txID: txId });

// --- UTXOs, stake, rewards ---------------------------------------------------------------------------

type PUtxoModel = NodeUtxo;

const P_UTXO_VALUE = nodeUtxoValue('a stakeable locked output (type 22)');

const PChainUtxoRef = builder.objectRef<PUtxoModel>('PChainNodeUtxo').implement({
  description:
    'An unspent P-Chain output as the node holds it (platform.getUTXOs, platform.getRewardUTXOs), read from its bytes. A stakeable locked output (type 22) shows its type and bytes only.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription('its UTXO id', 'platform.getUTXOs lists UTXOs by address only, and a spent one is gone.'),
      resolve: (u) => entityId('PChainNodeUtxo', u.network, u.utxoId),
    }),
    utxoId: t.exposeString('utxoId', { description: 'The UTXO id (cb58).' }),
    txId: t.exposeString('txId', { description: 'The transaction that created it (for a reward, the staking transaction).' }),
    outputIndex: t.exposeInt('outputIndex', { description: "Its index among that transaction's outputs." }),
    assetId: t.exposeString('assetId', { description: 'The asset id.' }),
    outputType: t.exposeString('outputType', {
      description: '"secp256k1 transfer" for value, or the codec type id of another output (22: stakeable locked).',
    }),
    amount: t.field(P_UTXO_VALUE.amount),
    locktime: t.field(P_UTXO_VALUE.locktime),
    threshold: t.int(P_UTXO_VALUE.threshold),
    addresses: t.field(P_UTXO_VALUE.addresses),
    sourceChain: t.exposeString('sourceChain', {
      nullable: true,
      description: 'For an atomic UTXO read with `sourceChain`: the chain that exported it, waiting to be imported.',
    }),
    bytes: t.exposeString('bytes', { description: 'The UTXO as the node sent it (hex with checksum).', price: { bytes: UTXO_HEX_BYTES } }),
  }),
});

const PUtxoConnection = builder.connectionObject(
  { type: PChainUtxoRef, name: 'PChainNodeUtxoConnection', description: 'A page of P-Chain UTXOs from the node.' },
  { name: 'PChainNodeUtxoEdge', description: 'A UTXO and its cursor.' },
);

const P_UTXOS_PAGE = pageSpec('platform.getUTXOs', 'pChainNodeUtxos', { defaultFirst: 100, maxFirst: 4096 });

const P_SOURCE_CHAINS = { 'x-chain': 'x', 'c-chain': 'c' } as const;

const PSourceChainEnum = builder.enumType('PChainAtomicSourceChain', {
  description: 'A chain that exports to the P-Chain through shared memory.',
  values: {
    X_CHAIN: { value: 'x-chain', description: 'The Exchange Chain.' },
    C_CHAIN: { value: 'c-chain', description: 'The Contract Chain.' },
  } as const,
});

const decoded = (network: NetworkName, hexes: readonly string[] | null, method: UtxoSource, source: string | null = null) =>
  newUtxos(network, hexes ?? [], source, new Set(), method);

/** The node's form of an address of the P-Chain, checked: "P-avax1…". */
function pOwner(a: AddressModel, field: string): string {
  if (a.address.startsWith('0x')) throw badInput(`\`${field}\` is for P-Chain (bech32) addresses, not EVM addresses.`);
  return `P-${checkAddresses(a.network, [a.address], { argument: 'address' })[0]}`;
}

/** A connection over platform.getUTXOs for one address: the cursor wraps the node's `endIndex`, pages of up to 1024. */
function pUtxoConnection(ctx: GatewayContext, a: AddressModel, source: keyof typeof P_SOURCE_CHAINS | null | undefined, args: object) {
  const owner = pOwner(a, 'pChainNodeUtxos');
  const sourceChain = source ? PRIMARY_CHAIN_IDS[a.network][P_SOURCE_CHAINS[source]] : null;
  const seen = new Set<string>();
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: P_UTXOS_PAGE,
    filters: [a.network, owner, sourceChain],
    fetchPage: async ({ pageToken, pageSize }) => {
      const page = await platformGetUTXOs(ctx.node, a.network, {
        addresses: [owner],
        limit: pageSize,
        ...(pageToken ? { startIndex: JSON.parse(pageToken) as UtxoIndex } : {}),
        ...(sourceChain ? { sourceChain } : {}),
        encoding: 'hex',
      });
      const hexes = page.utxos ?? [];
      return {
        utxos: newUtxos(a.network, hexes, sourceChain, seen, 'platform.getUTXOs'),
        endIndex: page.endIndex,
        more: hexes.length >= pageSize,
      };
    },
    read: (page) => ({ items: page.utxos, nextPageToken: page.more && page.utxos.length > 0 ? JSON.stringify(page.endIndex) : undefined }),
    toNode: (u) => u,
    keyOf: (u) => u.utxoId,
  });
}

const StakeRef = builder
  .objectRef<{ network: NetworkName; stakeds: Record<string, Uint>; stakedOutputs: string[] | null }>('PChainNodeStake')
  .implement({
    description:
      'What addresses stake on the Primary Network, current and pending, as the node sums it (platform.getStake); rewards not included.',
    fields: (t) => ({
      amounts: t.field({
        type: [AssetAmountEntryRef],
        // AVAX alone on the Primary Network; the assets an L1's stake may hold besides, as any amount's.
        price: { items: AMOUNT_ASSETS },
        description: 'Staked, per asset (AVAX on the Primary Network).',
        resolve: (s) => Object.entries(s.stakeds).map(([assetId, amount]) => ({ assetId, amount: big(amount) })),
      }),
      outputs: t.stringList({
        description: 'The staked outputs (TransferableOutput bytes, hex with checksum), one per stake.',
        price: { bytes: UTXO_HEX_BYTES },
        resolve: (s) => s.stakedOutputs ?? [],
      }),
    }),
  });

async function rewardUtxos(ctx: GatewayContext, network: NetworkName, txId: string): Promise<PUtxoModel[]> {
  const res = await platformGetRewardUTXOs(ctx.node, network, { txID: txId, encoding: 'hex' });
  return res ? decoded(network, res.utxos, 'platform.getRewardUTXOs') : [];
}

/**
 * Reward UTXOs of one staking transaction, at most two, a bound of the protocol: avalanchego's
 * reward executor (vms/platformvm/txs/executor) records under a validator's transaction its
 * validation reward and its accrued delegatee reward, and under a delegator's its reward and, before
 * Cortina, the validator's fee share: one `AddRewardUTXO` each.
 */
const REWARD_UTXOS = 2;

const REWARD_DESCRIPTION =
  "The UTXOs the node recorded as the reward of a staking transaction (platform.getRewardUTXOs, deprecated since avalanchego v1.9.12 but served), empty while it runs or when it earned none. The Data API's rewards (`Address.rewards`) say the same from an index.";

// --- the fields --------------------------------------------------------------------------------------

const subnetArg = { type: CB58IdScalar, description: 'The subnet (cb58); the Primary Network when omitted.' } as const;
const txIdArg = { type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' } as const;

/** A field of the P-Chain over one read of its node that takes nothing but the network; null when the node answers none. */
const nodeRead = <Ref, T>(
  type: Ref,
  description: string,
  method: OperationId,
  read: (node: NodeClient, network: NetworkName) => Promise<T>,
) =>
  ({
    type,
    nullable: true,
    description,
    price: { calls: 1, reaches: [method] },
    resolve: (p: PChainModel, _args: unknown, ctx: GatewayContext) => read(ctx.node, p.network),
  }) as const;

builder.objectFields(PChainRef, (t) => ({
  feeConfig: t.field(
    nodeRead(FeeConfigRef, "The dynamic fee's parameters (platform.getFeeConfig).", 'platform.getFeeConfig', platformGetFeeConfig),
  ),
  feeState: t.field(
    nodeRead(
      FeeStateRef,
      "The dynamic fee's state now (platform.getFeeState): the gas price the next transaction pays.",
      'platform.getFeeState',
      platformGetFeeState,
    ),
  ),
  validatorFeeConfig: t.field(
    nodeRead(
      ValidatorFeeConfigRef,
      "The L1 validators' continuous fee parameters (platform.getValidatorFeeConfig).",
      'platform.getValidatorFeeConfig',
      platformGetValidatorFeeConfig,
    ),
  ),
  validatorFeeState: t.field(
    nodeRead(
      FeeStateRef,
      "The L1 validators' fee now (platform.getValidatorFeeState): what each pays per second from its balance.",
      'platform.getValidatorFeeState',
      platformGetValidatorFeeState,
    ),
  ),
  minStake: t.field({
    type: MinStakeRef,
    nullable: true,
    description: 'The least that may be staked on a subnet (platform.getMinStake); null for a subnet without a staking token.',
    args: { subnetId: t.arg(subnetArg) },
    price: { calls: 1, reaches: ['platform.getMinStake'] },
    resolve: (p, { subnetId }, ctx) => platformGetMinStake(ctx.node, p.network, { subnetID: subnetId ?? PRIMARY_NETWORK_ID }),
  }),
  subnet: t.field({
    type: PChainSubnetRef,
    nullable: true,
    description:
      "A subnet as the node has it (platform.getSubnet); null when it has none. The Primary Network's id gives it without owners.",
    args: { subnetId: t.arg({ type: CB58IdScalar, required: true, description: 'The subnet (cb58).' }) },
    price: { calls: 1, reaches: ['platform.getSubnet'] },
    resolve: (p, { subnetId }, ctx) => pSubnet(ctx, p.network, subnetId),
  }),
  subnets: t.field({
    type: [SubnetEntryRef],
    nullable: true,
    deprecationReason:
      'platform.getSubnets is deprecated since avalanchego v1.9.12: use `subnet(subnetId:)`, or the Data API listing `Network.subnets`.',
    description:
      'Subnets by id, those the node has (platform.getSubnets); every subnet and the Primary Network when `subnetIds` is omitted or empty (the node reads an empty list as no filter).',
    args: { subnetIds: t.arg({ type: [CB58IdScalar], description: 'The subnets (cb58), up to 100; omitted or empty: every subnet.' }) },
    // Every subnet of the network when none is named, by an empty list too: hundreds.
    price: { calls: 1, items: (args) => args.subnetIds?.length || 500, reaches: ['platform.getSubnets'] },
    resolve: async (p, { subnetIds }, ctx) => {
      if (subnetIds && subnetIds.length > 100)
        throw badInput(`\`subnetIds\` holds ${subnetIds.length} ids; at most 100 are allowed.`, { argument: 'subnetIds' });
      const res = await platformGetSubnets(ctx.node, p.network, subnetIds ? { ids: [...subnetIds] } : {});
      return (res.subnets ?? []).map((s) => ({ ...s, network: p.network }));
    },
  }),
  validatorsAt: t.field({
    type: [ValidatorAtRef],
    nullable: true,
    description:
      "A subnet's validators at a P-Chain height, by node id (platform.getValidatorsAt); the Primary Network's when `subnetId` is omitted.",
    args: { height: t.arg({ type: 'Uint64', description: HEIGHT_DESCRIPTION }), subnetId: t.arg(subnetArg) },
    price: { ...validatorsAtPrice(), reaches: ['platform.getValidatorsAt'] },
    resolve: (p, { height, subnetId }, ctx) => validatorsAt(ctx, p.network, subnetId ?? PRIMARY_NETWORK_ID, height),
  }),
  allValidatorsAt: t.field({
    type: [ValidatorSetRef],
    nullable: true,
    description:
      "Every subnet's canonical validator set at a P-Chain height (platform.getAllValidatorsAt): the BLS keys Warp messages are verified against.",
    args: { height: t.arg({ type: 'Uint64', description: HEIGHT_DESCRIPTION }) },
    price: { calls: 1, items: VALIDATOR_SETS, reaches: ['platform.getAllValidatorsAt'] },
    resolve: async (p, { height }, ctx) => {
      const res = await platformGetAllValidatorsAt(ctx.node, p.network, { height: heightOf(height) });
      return Object.entries(res.validatorSets)
        .map(([subnetId, set]) => ({ ...set, subnetId }))
        .sort((a, b) => (a.subnetId < b.subnetId ? -1 : 1));
    },
  }),
  txStatus: t.field({
    type: TxStatusRef,
    description:
      "A transaction's status on this node (platform.getTxStatus): PROCESSING while it waits in the mempool, COMMITTED once accepted, DROPPED with its reason; UNKNOWN for an id it has not seen.",
    args: { txId: t.arg(txIdArg) },
    price: { calls: 1, reaches: ['platform.getTxStatus'] },
    resolve: (p, { txId }, ctx) => txStatusOf(ctx, p.network, txId),
  }),
  rewardUtxos: t.field({
    type: [PChainUtxoRef],
    nullable: true,
    description: REWARD_DESCRIPTION,
    args: { txId: t.arg({ ...txIdArg, description: 'The staking (validation or delegation) transaction (cb58).' }) },
    price: { calls: 1, items: REWARD_UTXOS, reaches: ['platform.getRewardUTXOs'] },
    resolve: (p, { txId }, ctx) => rewardUtxos(ctx, p.network, txId),
  }),
}));

builder.objectFields(SubnetRef, (t) => ({
  pChain: t.field({
    type: PChainSubnetRef,
    nullable: true,
    description:
      "This subnet as the P-Chain's node has it (platform.getSubnet): its owners now, which the node knows as soon as a change is accepted; null when the node has none.",
    price: { calls: 1, per: { group: 'subnet' }, reaches: ['platform.getSubnet'] },
    resolve: (s, _args, ctx) => pSubnet(ctx, s.network, s.subnetId),
  }),
  validatorsAt: t.field({
    type: [ValidatorAtRef],
    nullable: true,
    description: 'Its validators at a P-Chain height, by node id, as the node has them (platform.getValidatorsAt).',
    args: { height: t.arg({ type: 'Uint64', description: HEIGHT_DESCRIPTION }) },
    price: { ...validatorsAtPrice((s: { subnetId: string }) => s.subnetId), reaches: ['platform.getValidatorsAt'] },
    resolve: (s, { height }, ctx) => validatorsAt(ctx, s.network, s.subnetId, height),
  }),
}));

builder.objectField(BlockchainRef, 'validatedBy', (t) =>
  t.field({
    type: PChainSubnetRef,
    nullable: true,
    description:
      "The subnet that validates this blockchain, as the P-Chain's node says (platform.validatedBy, then platform.getSubnet); null when the node has no such blockchain.",
    price: { calls: 2, reaches: ['platform.validatedBy', 'platform.getSubnet'] },
    resolve: async (b, _args, ctx) => {
      const res = await platformValidatedBy(ctx.node, b.network, { blockchainID: b.blockchainId });
      return res ? pSubnet(ctx, b.network, res.subnetID) : null;
    },
  }),
);

builder.objectField(PBlockTxRef, 'status', (t) =>
  t.field({
    type: TxStatusRef,
    nullable: true,
    description:
      "Its status on this node (platform.getTxStatus): COMMITTED, or ABORTED for a proposal voted down; null when the node's JSON has no id.",
    price: { calls: 1, reaches: ['platform.getTxStatus'] },
    resolve: (tx, _args, ctx) => (tx.id ? txStatusOf(ctx, tx.network, tx.id) : null),
  }),
);

builder.objectField(PChainTransactionRef, 'nodeRewardUtxos', (t) =>
  t.field({
    type: [PChainUtxoRef],
    nullable: true,
    description: `For a staking transaction: ${REWARD_DESCRIPTION}`,
    price: { calls: 1, items: REWARD_UTXOS, reaches: ['platform.getRewardUTXOs'] },
    resolve: (tx, _args, ctx) => rewardUtxos(ctx, tx.network, tx.txHash),
  }),
);

builder.objectFields(AddressRef, (t) => ({
  pChainNodeUtxos: t.connection(
    {
      type: PChainUtxoRef,
      nullable: true,
      description:
        "This address's unspent P-Chain outputs as the network's node answers them (platform.getUTXOs), in the node's order: fresher than the Data API's `Address.utxos`, unindexed. `first`: 1 to 4096 (default 100); up to 1024 per node call. With `sourceChain`, the atomic UTXOs that chain exported to the P-Chain, waiting to be imported.",
      args: {
        sourceChain: t.arg({
          type: PSourceChainEnum,
          description: "Read the UTXOs this chain exported to the P-Chain that are not imported yet, instead of the P-Chain's own.",
        }),
      },
      price: paged(P_UTXOS_PAGE),
      resolve: (a, args, ctx) => pUtxoConnection(ctx, a, args.sourceChain, args),
    },
    PUtxoConnection,
  ),
  pChainNodeStake: t.field({
    type: StakeRef,
    nullable: true,
    deprecationReason: "platform.getStake is deprecated since avalanchego v1.9.12: the Data API's staking transactions say the same.",
    description: 'What this address stakes on the Primary Network, current and pending, as the node sums it (platform.getStake).',
    args: { validatorsOnly: t.arg.boolean({ description: 'Count only validations, not delegations.' }) },
    price: { calls: 1, reaches: ['platform.getStake'] },
    resolve: async (a, { validatorsOnly }, ctx) => {
      const res = await platformGetStake(ctx.node, a.network, {
        addresses: [pOwner(a, 'pChainNodeStake')],
        ...(validatorsOnly ? { validatorsOnly: true } : {}),
        encoding: 'hex',
      });
      return { network: a.network, stakeds: res.stakeds, stakedOutputs: res.stakedOutputs };
    },
  }),
}));
