/**
 * platform.* at /ext/bc/P: the P-Chain's blocks, validators, supply, balances and blockchains.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/service.md
 */
import type { NetworkName } from '../../base/ids.js';
import {
  nullIfMissing,
  type NodeClient,
  type Endpoint,
  type Encoding,
  type Uint,
  type OutputOwners,
  type GetBlockResponse,
  type NodeMethodTable,
} from './client.js';

/** How long the answers of this file's methods are shared (src/upstreams/sharing.ts). */
export const pChainMethods = {
  'platform.getBalance': { freshness: 'balances' },
  'platform.getBlock': { freshness: 'immutable' },
  'platform.getBlockByHeight': { freshness: 'immutable' },
  'platform.getBlockchains': { freshness: 'subnets' },
  'platform.getBlockchainStatus': { freshness: 'status' },
  'platform.getCurrentSupply': { freshness: 'status' },
  'platform.getCurrentValidators': { freshness: 'validators' },
  'platform.getHeight': { freshness: 'heights' },
} as const satisfies NodeMethodTable;

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof pChainMethods> {}
}

export interface PTxJson {
  unsignedTx: Record<string, unknown>;
  credentials: { signatures: string[] }[];
  id?: string;
}

/**
 * A P-Chain block in JSON: standard blocks hold `txs`; Apricot proposal and atomic blocks hold one
 * `tx`; Banff proposal blocks hold decision `txs` and their proposal `tx`; commits and aborts none.
 */
export interface PBlockJson {
  id?: string;
  parentID: string;
  height: Uint;
  time?: Uint;
  txs?: PTxJson[];
  tx?: PTxJson;
}

export type BlockchainStatus = 'Validating' | 'Created' | 'Preferred' | 'Syncing' | 'Unknown';

export interface PDelegator {
  txID: string;
  startTime: Uint;
  endTime: Uint;
  weight: Uint;
  nodeID: string;
  rewardOwner?: OutputOwners;
  potentialReward?: Uint;
}

/** A validator of platform.getCurrentValidators; which fields appear depends on the subnet's kind. */
export interface PValidator {
  txID?: string;
  startTime?: Uint;
  endTime?: Uint;
  nodeID: string;
  weight: Uint;
  validationID?: string;
  publicKey?: string;
  minNonce?: Uint;
  balance?: Uint;
  potentialReward?: Uint;
  delegationFee?: string;
  uptime?: string;
  connected?: boolean;
  delegatorCount?: Uint;
  delegatorWeight?: Uint;
  remainingBalanceOwner?: OutputOwners;
  deactivationOwner?: OutputOwners;
  validationRewardOwner?: OutputOwners;
  delegationRewardOwner?: OutputOwners;
  /** The node writes `proofOfPossession` (the docs spell it `proofOfPosession`). */
  signer?: { publicKey: string; proofOfPossession?: string; proofOfPosession?: string };
  delegators?: PDelegator[] | null;
}

export interface PBalance {
  balances: Record<string, Uint>;
  unlockeds: Record<string, Uint>;
  lockedStakeables: Record<string, Uint>;
  lockedNotStakeables: Record<string, Uint>;
  utxoIDs: { txID: string; outputIndex: number }[];
}

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
): Promise<GetBlockResponse<E extends 'json' ? PBlockJson : string> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getBlock', params));
}

/** platform.getBlockByHeight: `height` as an integer, as the node documents it. Null when the node has none. */
export function platformGetBlockByHeight<E extends Encoding>(
  client: NodeClient,
  network: NetworkName,
  params: { height: number | string; encoding: E },
): Promise<GetBlockResponse<E extends 'json' ? PBlockJson : string> | null> {
  return nullIfMissing(client.call(network, P, 'platform.getBlockByHeight', params));
}

/** platform.getBlockchains (deprecated since v1.9.12): every blockchain but the P-Chain. */
export function platformGetBlockchains(
  client: NodeClient,
  network: NetworkName,
): Promise<{ blockchains: { id: string; name: string; subnetID: string; vmID: string }[] }> {
  return client.call(network, P, 'platform.getBlockchains', {});
}

/** platform.getBlockchainStatus */
export function platformGetBlockchainStatus(
  client: NodeClient,
  network: NetworkName,
  params: { blockchainID: string },
): Promise<{ status: BlockchainStatus }> {
  return client.call(network, P, 'platform.getBlockchainStatus', params);
}

/** platform.getCurrentSupply: an upper bound of the tokens that can stake the subnet. Null for a subnet without a staking token. */
export function platformGetCurrentSupply(
  client: NodeClient,
  network: NetworkName,
  params: { subnetID?: string },
): Promise<{ supply: Uint } | null> {
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
): Promise<{ validators: PValidator[] }> {
  return client.call(network, P, 'platform.getCurrentValidators', params);
}

/** platform.getHeight: height of the last accepted block. */
export function platformGetHeight(client: NodeClient, network: NetworkName): Promise<{ height: Uint }> {
  return client.call(network, P, 'platform.getHeight', {});
}
