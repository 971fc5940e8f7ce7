/**
 * platform.* at /ext/bc/P: the P-Chain's blocks, validators, supply, balances and blockchains.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import {
  nullIfMissing,
  nodeMethods,
  byEncoding,
  Id,
  NodeId,
  DecimalText,
  NoParams,
  Uint,
  GoList,
  OutputOwners,
  type NodeClient,
  type Endpoint,
  type Encoding,
  type InEncoding,
  type AnswerOf,
  type ParamsOf,
  Hex,
  UtxoIndex,
  getUtxosArgs,
} from './client.js';

export const PTxJson = z.object({
  unsignedTx: z.record(z.string(), z.unknown()),
  credentials: GoList(z.object({ signatures: GoList(z.string()).optional() })).optional(),
  id: Id.optional(),
});
export type PTxJson = z.infer<typeof PTxJson>;

/**
 * A P-Chain block in JSON: standard blocks hold `txs`; Apricot proposal and atomic blocks hold one
 * `tx`; Banff proposal blocks hold decision `txs` and their proposal `tx`; commits and aborts none.
 */
export const PBlockJson = z.object({
  id: Id.optional(),
  parentID: Id,
  height: Uint,
  time: Uint.optional(),
  txs: GoList(PTxJson).optional(),
  tx: PTxJson.optional(),
});
export type PBlockJson = z.infer<typeof PBlockJson>;

export const BlockchainStatus = z.enum(['Validating', 'Created', 'Preferred', 'Syncing', 'Unknown']);
export type BlockchainStatus = z.infer<typeof BlockchainStatus>;

export const PDelegator = z.object({
  txID: Id,
  startTime: Uint,
  endTime: Uint,
  weight: Uint,
  nodeID: NodeId,
  rewardOwner: OutputOwners.optional(),
  potentialReward: Uint.optional(),
});
export type PDelegator = z.infer<typeof PDelegator>;

/** A validator of platform.getCurrentValidators; which fields appear depends on the subnet's kind. */
export const PValidator = z.object({
  txID: Id.optional(),
  startTime: Uint.optional(),
  endTime: Uint.optional(),
  nodeID: NodeId,
  weight: Uint,
  validationID: Id.optional(),
  publicKey: z.string().optional(),
  minNonce: Uint.optional(),
  balance: Uint.optional(),
  potentialReward: Uint.optional(),
  delegationFee: DecimalText.optional(),
  uptime: DecimalText.optional(),
  connected: z.boolean().optional(),
  delegatorCount: Uint.optional(),
  delegatorWeight: Uint.optional(),
  remainingBalanceOwner: OutputOwners.optional(),
  deactivationOwner: OutputOwners.optional(),
  validationRewardOwner: OutputOwners.optional(),
  delegationRewardOwner: OutputOwners.optional(),
  /** The node writes `proofOfPossession` (the docs spell it `proofOfPosession`). */
  signer: z.object({ publicKey: z.string(), proofOfPossession: z.string().optional(), proofOfPosession: z.string().optional() }).optional(),
  delegators: z.array(PDelegator).nullable().optional(),
});
export type PValidator = z.infer<typeof PValidator>;

const Amounts = z.record(z.string(), Uint);

const UtxoId = z.object({ txID: Id, outputIndex: z.number().int() });

/** A height as platform.getValidatorsAt and getAllValidatorsAt take it: a number, or the node's proposed height. */
export type PHeight = number | string | 'proposed';

/** A time the node writes as Go's time.Time (RFC 3339, to the nanosecond). */
const GoTime = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/, { error: 'an RFC 3339 time' });

/** A validator set of platform.getAllValidatorsAt: the canonical (warp) set, BLS keys with their nodes. */
export const PWarpSet = z.object({
  validators: GoList(z.object({ publicKey: Hex, weight: Uint, nodeIDs: z.array(NodeId) })),
  totalWeight: Uint,
});
export type PWarpSet = z.infer<typeof PWarpSet>;

const SubnetArgs = z.object({ subnetID: z.string().optional() });

const PBlockAnswer = byEncoding('block', PBlockJson);

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts), the params
 * each takes and the shape of its answer.
 */
export const pChainMethods = nodeMethods({
  'platform.getBalance': {
    freshness: 'balances',
    params: () => z.object({ addresses: z.array(z.string()) }),
    answer: () =>
      z.object({
        balances: Amounts,
        unlockeds: Amounts,
        lockedStakeables: Amounts,
        lockedNotStakeables: Amounts,
        utxoIDs: GoList(UtxoId),
      }),
  },
  'platform.getBlock': {
    freshness: 'immutable',
    params: () => z.object({ blockID: z.string(), encoding: z.enum(['hex', 'json']) }),
    answer: () => PBlockAnswer,
  },
  'platform.getBlockByHeight': {
    freshness: 'immutable',
    params: () => z.object({ height: z.union([z.number(), z.string()]), encoding: z.enum(['hex', 'json']) }),
    answer: () => PBlockAnswer,
  },
  'platform.getBlockchains': {
    freshness: 'subnets',
    params: () => NoParams,
    answer: () => z.object({ blockchains: z.array(z.object({ id: Id, name: z.string(), subnetID: Id, vmID: Id })) }),
  },
  'platform.getBlockchainStatus': {
    freshness: 'status',
    params: () => z.object({ blockchainID: z.string() }),
    answer: () => z.object({ status: BlockchainStatus }),
  },
  'platform.getCurrentSupply': {
    freshness: 'status',
    params: () => z.object({ subnetID: z.string().optional() }),
    answer: () => z.object({ supply: Uint }),
  },
  'platform.getCurrentValidators': {
    freshness: 'validators',
    params: () => z.object({ subnetID: z.string().optional(), nodeIDs: z.array(z.string()).optional() }),
    answer: () => z.object({ validators: z.array(PValidator) }),
  },
  'platform.getHeight': { freshness: 'heights', params: () => NoParams, answer: () => z.object({ height: Uint }) },
  'platform.getProposedHeight': { freshness: 'heights', params: () => NoParams, answer: () => z.object({ height: Uint }) },
  'platform.getTimestamp': { freshness: 'heights', params: () => NoParams, answer: () => z.object({ timestamp: GoTime }) },
  /** gas.Config: bare JSON numbers (uint64s the node does not quote), read losslessly. */
  'platform.getFeeConfig': {
    freshness: 'config',
    params: () => NoParams,
    answer: () =>
      z.object({
        weights: z.array(Uint),
        maxCapacity: Uint,
        maxPerSecond: Uint,
        targetPerSecond: Uint,
        minPrice: Uint,
        excessConversionConstant: Uint,
      }),
  },
  'platform.getFeeState': {
    freshness: 'status',
    params: () => NoParams,
    answer: () => z.object({ capacity: Uint, excess: Uint, price: Uint, timestamp: GoTime }),
  },
  'platform.getValidatorFeeConfig': {
    freshness: 'config',
    params: () => NoParams,
    answer: () => z.object({ capacity: Uint, target: Uint, minPrice: Uint, excessConversionConstant: Uint }),
  },
  'platform.getValidatorFeeState': {
    freshness: 'status',
    params: () => NoParams,
    answer: () => z.object({ excess: Uint, price: Uint, timestamp: GoTime }),
  },
  'platform.getStakingAssetID': { freshness: 'subnets', params: () => SubnetArgs, answer: () => z.object({ assetID: Id }) },
  'platform.getMinStake': {
    freshness: 'config',
    params: () => SubnetArgs,
    answer: () => z.object({ minValidatorStake: Uint, minDelegatorStake: Uint }),
  },
  /** `stake` is the deprecated name of `weight`, still sent. */
  'platform.getTotalStake': {
    freshness: 'validators',
    params: () => SubnetArgs,
    answer: () => z.object({ weight: Uint, stake: Uint.optional() }),
  },
  'platform.getSubnet': {
    freshness: 'subnets',
    params: () => z.object({ subnetID: z.string() }),
    answer: () =>
      z.object({
        isPermissioned: z.boolean(),
        controlKeys: GoList(z.string()),
        threshold: Uint,
        locktime: Uint,
        subnetTransformationTxID: Id,
        conversionID: Id,
        managerChainID: Id,
        /** types.JSONByteSlice: hex without checksum, or null for none. */
        managerAddress: Hex.nullable(),
      }),
  },
  'platform.getSubnets': {
    freshness: 'subnets',
    params: () => z.object({ ids: z.array(z.string()).optional() }),
    answer: () => z.object({ subnets: GoList(z.object({ id: Id, controlKeys: GoList(z.string()), threshold: Uint })) }),
  },
  'platform.validates': {
    freshness: 'subnets',
    params: () => z.object({ subnetID: z.string() }),
    answer: () => z.object({ blockchainIDs: GoList(Id) }),
  },
  'platform.validatedBy': {
    freshness: 'subnets',
    params: () => z.object({ blockchainID: z.string() }),
    answer: () => z.object({ subnetID: Id }),
  },
  /** A random sample each call: never shared. */
  'platform.sampleValidators': {
    freshness: 'never',
    params: () => z.object({ size: z.number(), subnetID: z.string().optional() }),
    answer: () => z.object({ validators: GoList(NodeId) }),
  },
  /** A map of node id to its weight and BLS key (hex, compressed), or null. */
  'platform.getValidatorsAt': {
    freshness: 'validators',
    params: () => z.object({ height: z.union([z.number(), z.string()]), subnetID: z.string().optional() }),
    answer: () => z.object({ validators: z.record(NodeId, z.object({ publicKey: Hex.nullable().optional(), weight: Uint })).nullable() }),
  },
  'platform.getAllValidatorsAt': {
    freshness: 'validators',
    params: () => z.object({ height: z.union([z.number(), z.string()]) }),
    answer: () => z.object({ validatorSets: z.record(Id, PWarpSet) }),
  },
  'platform.getTx': {
    freshness: 'immutable',
    params: () => z.object({ txID: z.string(), encoding: z.enum(['hex', 'json']) }),
    answer: () => byEncoding('tx', PTxJson),
  },
  'platform.getTxStatus': {
    freshness: 'status',
    params: () => z.object({ txID: z.string() }),
    answer: () => z.object({ status: z.enum(['Committed', 'Aborted', 'Processing', 'Dropped', 'Unknown']), reason: z.string().optional() }),
  },
  'platform.getUTXOs': {
    freshness: 'balances',
    // One call returns at most 1024 UTXOs (the node's bound on `limit`).
    pages: { max: 1024, default: 1024 },
    params: getUtxosArgs,
    answer: () => z.object({ numFetched: Uint, utxos: GoList(Hex), endIndex: UtxoIndex, encoding: z.literal('hex') }),
  },
  'platform.getStake': {
    freshness: 'balances',
    params: () => z.object({ addresses: z.array(z.string()), validatorsOnly: z.boolean().optional(), encoding: z.literal('hex') }),
    answer: () => z.object({ staked: Uint, stakeds: Amounts, stakedOutputs: GoList(Hex), encoding: z.literal('hex') }),
  },
  'platform.getRewardUTXOs': {
    freshness: 'transactions',
    params: () => z.object({ txID: z.string(), encoding: z.literal('hex') }),
    answer: () => z.object({ numFetched: Uint, utxos: GoList(Hex), encoding: z.literal('hex') }),
  },
  'platform.getL1Validator': {
    freshness: 'validators',
    params: () => z.object({ validationID: z.string() }),
    answer: () => PValidator.extend({ subnetID: Id, validationID: Id, height: Uint }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof pChainMethods> {}
}

export type PBalance = AnswerOf<'platform.getBalance'>;

const P: Endpoint = { api: 'P-Chain', path: '/ext/bc/P' };

/** platform.getBalance (deprecated since v1.9.12). */
export function platformGetBalance(client: NodeClient, network: NetworkName, params: { addresses: string[] }): Promise<PBalance> {
  return client.call(network, P, 'platform.getBalance', params);
}

/** platform.getBlock Null when the node has none. */
export function platformGetBlock<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { blockID: string; encoding: E },
): Promise<InEncoding<AnswerOf<'platform.getBlock'>, E> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getBlock', params)) as Promise<InEncoding<
    AnswerOf<'platform.getBlock'>,
    E
  > | null>;
}

/** platform.getBlockByHeight: `height` as an integer, as the node documents it. Null when the node has none. */
export function platformGetBlockByHeight<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { height: number | string; encoding: E },
): Promise<InEncoding<AnswerOf<'platform.getBlockByHeight'>, E> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getBlockByHeight', params)) as Promise<InEncoding<
    AnswerOf<'platform.getBlockByHeight'>,
    E
  > | null>;
}

/** platform.getBlockchains (deprecated since v1.9.12): every blockchain but the P-Chain. */
export function platformGetBlockchains(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getBlockchains'>> {
  return client.call(network, P, 'platform.getBlockchains', {});
}

/** platform.getBlockchainStatus */
export function platformGetBlockchainStatus(
  client: NodeClient,
  network: NetworkName,
  params: { blockchainID: string },
): Promise<AnswerOf<'platform.getBlockchainStatus'>> {
  return client.call(network, P, 'platform.getBlockchainStatus', params);
}

/** platform.getCurrentSupply: an upper bound of the tokens that can stake the subnet. Null for a subnet without a staking token. */
export function platformGetCurrentSupply(
  client: NodeClient,
  network: NetworkName,
  params: { subnetID?: string },
): Promise<AnswerOf<'platform.getCurrentSupply'> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getCurrentSupply', params));
}

/**
 * platform.getCurrentValidators: of the Primary Network unless `subnetID`; all unless `nodeIDs`.
 * Delegators come only when `nodeIDs` names exactly one node.
 */
export function platformGetCurrentValidators(
  client: NodeClient,
  network: NetworkName,
  params: { subnetID?: string; nodeIDs?: string[] },
): Promise<AnswerOf<'platform.getCurrentValidators'>> {
  return client.call(network, P, 'platform.getCurrentValidators', params);
}

/** platform.getHeight: height of the last accepted block. */
export function platformGetHeight(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getHeight'>> {
  return client.call(network, P, 'platform.getHeight', {});
}

/** platform.getProposedHeight: the P-Chain height this node's ProposerVM proposes now (at most its accepted height). */
export function platformGetProposedHeight(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getProposedHeight'>> {
  return client.call(network, P, 'platform.getProposedHeight', {});
}

/** platform.getTimestamp: the chain's time, that of its last accepted block. */
export function platformGetTimestamp(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getTimestamp'>> {
  return client.call(network, P, 'platform.getTimestamp', {});
}

/** platform.getFeeConfig: the dynamic fee's parameters (ACP-103). */
export function platformGetFeeConfig(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getFeeConfig'>> {
  return client.call(network, P, 'platform.getFeeConfig', {});
}

/** platform.getFeeState: the dynamic fee's state now (capacity, excess, the gas price). */
export function platformGetFeeState(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getFeeState'>> {
  return client.call(network, P, 'platform.getFeeState', {});
}

/** platform.getValidatorFeeConfig: the L1 validators' continuous fee parameters (ACP-77). */
export function platformGetValidatorFeeConfig(
  client: NodeClient,
  network: NetworkName,
): Promise<AnswerOf<'platform.getValidatorFeeConfig'>> {
  return client.call(network, P, 'platform.getValidatorFeeConfig', {});
}

/** platform.getValidatorFeeState: the L1 validators' fee state now (excess, price per second). */
export function platformGetValidatorFeeState(client: NodeClient, network: NetworkName): Promise<AnswerOf<'platform.getValidatorFeeState'>> {
  return client.call(network, P, 'platform.getValidatorFeeState', {});
}

/** platform.getStakingAssetID: AVAX for the Primary Network; an elastic subnet's token. Null for a subnet without one. */
export function platformGetStakingAssetID(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getStakingAssetID'>,
): Promise<AnswerOf<'platform.getStakingAssetID'> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getStakingAssetID', params));
}

/** platform.getMinStake: of the Primary Network, or of an elastic subnet. Null for a subnet without a staking token. */
export function platformGetMinStake(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getMinStake'>,
): Promise<AnswerOf<'platform.getMinStake'> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getMinStake', params));
}

/** platform.getTotalStake: the weight of a subnet's current validators (0 for a subnet without any). */
export function platformGetTotalStake(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getTotalStake'>,
): Promise<AnswerOf<'platform.getTotalStake'>> {
  return client.call(network, P, 'platform.getTotalStake', params);
}

/** platform.getSubnet: a subnet's owners and, for an L1, its manager. Null when the node has none. */
export function platformGetSubnet(client: NodeClient, network: NetworkName, params: ParamsOf<'platform.getSubnet'>) {
  return nullIfMissing(client.call(network, P, 'platform.getSubnet', params));
}

/** platform.getSubnets (deprecated since v1.9.12): subnets by id (those the node has), or all with the Primary Network. */
export function platformGetSubnets(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getSubnets'>,
): Promise<AnswerOf<'platform.getSubnets'>> {
  return client.call(network, P, 'platform.getSubnets', params);
}

/** platform.validates: the blockchains a subnet validates. Null when there is no such subnet. */
export function platformValidates(client: NodeClient, network: NetworkName, params: ParamsOf<'platform.validates'>) {
  return nullIfMissing(client.call(network, P, 'platform.validates', params));
}

/** platform.validatedBy: the subnet that validates a blockchain. Null when there is no such blockchain. */
export function platformValidatedBy(client: NodeClient, network: NetworkName, params: ParamsOf<'platform.validatedBy'>) {
  return nullIfMissing(client.call(network, P, 'platform.validatedBy', params));
}

/** platform.sampleValidators: `size` distinct validators of a subnet, drawn by weight; fails when it has fewer. */
export function platformSampleValidators(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.sampleValidators'>,
): Promise<AnswerOf<'platform.sampleValidators'>> {
  return client.call(network, P, 'platform.sampleValidators', params);
}

/** platform.getValidatorsAt: a subnet's validators (the Primary Network's without `subnetID`) at a height, or at the proposed height. */
export function platformGetValidatorsAt(
  client: NodeClient,
  network: NetworkName,
  params: { height: PHeight; subnetID?: string },
): Promise<AnswerOf<'platform.getValidatorsAt'>> {
  return client.call(network, P, 'platform.getValidatorsAt', params);
}

/** platform.getAllValidatorsAt: every subnet's canonical (warp) validator set at a height, or at the proposed height. */
export function platformGetAllValidatorsAt(
  client: NodeClient,
  network: NetworkName,
  params: { height: PHeight },
): Promise<AnswerOf<'platform.getAllValidatorsAt'>> {
  return client.call(network, P, 'platform.getAllValidatorsAt', params);
}

/** platform.getTx Null when the node has none. */
export function platformGetTx<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { txID: string; encoding: E },
): Promise<InEncoding<AnswerOf<'platform.getTx'>, E> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getTx', params)) as Promise<InEncoding<AnswerOf<'platform.getTx'>, E> | null>;
}

/** platform.getTxStatus: Committed, Aborted, Processing, Dropped (with its reason) or Unknown. */
export function platformGetTxStatus(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getTxStatus'>,
): Promise<AnswerOf<'platform.getTxStatus'>> {
  return client.call(network, P, 'platform.getTxStatus', params);
}

/** platform.getUTXOs: at most `limit` (≤ 1024) UTXOs; pass `endIndex` back as `startIndex` for the next page. */
export function platformGetUTXOs(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getUTXOs'>,
): Promise<AnswerOf<'platform.getUTXOs'>> {
  return client.call(network, P, 'platform.getUTXOs', params);
}

/** platform.getStake (deprecated since v1.9.12): what addresses stake, current and pending, per asset, with the staked outputs. */
export function platformGetStake(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getStake'>,
): Promise<AnswerOf<'platform.getStake'>> {
  return client.call(network, P, 'platform.getStake', params);
}

/** platform.getRewardUTXOs (deprecated since v1.9.12): the UTXOs a staking transaction was rewarded with. Null when it has none recorded. */
export function platformGetRewardUTXOs(
  client: NodeClient,
  network: NetworkName,
  params: ParamsOf<'platform.getRewardUTXOs'>,
): Promise<AnswerOf<'platform.getRewardUTXOs'> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getRewardUTXOs', params));
}

/** platform.getL1Validator: a current L1 validator by validation id. Null when there is none. */
export function platformGetL1Validator(client: NodeClient, network: NetworkName, params: ParamsOf<'platform.getL1Validator'>) {
  return nullIfMissing(client.call(network, P, 'platform.getL1Validator', params));
}
