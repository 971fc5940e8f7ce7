/**
 * platform.* at /ext/bc/P: the P-Chain's blocks, validators, supply, balances and blockchains.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/service.md
 */
import { z } from 'zod';
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

const PBlockAnswer = byEncoding('block', PBlockJson);

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts), the params
 * each takes and the shape of its answer.
 */
export const pChainMethods = nodeMethods({
  'platform.getBalance': {
    freshness: 'balances',
    params: z.object({ addresses: z.array(z.string()) }),
    answer: z.object({
      balances: Amounts,
      unlockeds: Amounts,
      lockedStakeables: Amounts,
      lockedNotStakeables: Amounts,
      utxoIDs: GoList(UtxoId),
    }),
  },
  'platform.getBlock': {
    freshness: 'immutable',
    params: z.object({ blockID: z.string(), encoding: z.enum(['hex', 'json']) }),
    answer: PBlockAnswer,
  },
  'platform.getBlockByHeight': {
    freshness: 'immutable',
    params: z.object({ height: z.union([z.number(), z.string()]), encoding: z.enum(['hex', 'json']) }),
    answer: PBlockAnswer,
  },
  'platform.getBlockchains': {
    freshness: 'subnets',
    params: NoParams,
    answer: z.object({ blockchains: z.array(z.object({ id: Id, name: z.string(), subnetID: Id, vmID: Id })) }),
  },
  'platform.getBlockchainStatus': {
    freshness: 'status',
    params: z.object({ blockchainID: z.string() }),
    answer: z.object({ status: BlockchainStatus }),
  },
  'platform.getCurrentSupply': {
    freshness: 'status',
    params: z.object({ subnetID: z.string().optional() }),
    answer: z.object({ supply: Uint }),
  },
  'platform.getCurrentValidators': {
    freshness: 'validators',
    params: z.object({ subnetID: z.string().optional(), nodeIDs: z.array(z.string()).optional() }),
    answer: z.object({ validators: z.array(PValidator) }),
  },
  'platform.getHeight': { freshness: 'heights', params: NoParams, answer: z.object({ height: Uint }) },
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
