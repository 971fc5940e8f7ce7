/**
 * The EVM chains: eth_* at /ext/bc/<id>/rpc (batched per chain, see NodeClient.evm) and
 * Subnet-EVM's validators.* at /ext/bc/<id>/validators.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/graft/subnet-evm/plugin/evm/service.md
 */
import type { NetworkName } from '../../base/ids.js';
import { segment } from '../http.js';
import { nullIfMissing, type NodeClient, type Uint, type NodeMethodTable } from './client.js';

/** How long the answers of this file's methods are shared (src/upstreams/sharing.ts). */
export const subnetEvmMethods = {
  eth_feeConfig: { freshness: 'config' },
  eth_getChainConfig: { freshness: 'config' },
  eth_getActiveRulesAt: { freshness: 'config' },
  eth_getActivePrecompilesAt: { freshness: 'config' },
  'validators.getCurrentValidators': { freshness: 'validators' },
} as const satisfies NodeMethodTable;

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof subnetEvmMethods> {}
}

export interface FeeConfig {
  gasLimit: Uint;
  targetBlockRate: Uint;
  minBaseFee: Uint;
  targetGas: Uint;
  baseFeeChangeDenominator: Uint;
  minBlockGasCost: Uint;
  maxBlockGasCost: Uint;
  blockGasCostStep: Uint;
}

export interface FeeConfigReply {
  feeConfig: FeeConfig;
  lastChangedAt: Uint;
}

export interface PrecompileConfig {
  blockTimestamp?: Uint;
  disable?: boolean;
  adminAddresses?: string[] | null;
  managerAddresses?: string[] | null;
  enabledAddresses?: string[] | null;
  [field: string]: unknown;
}

export interface ChainConfigReply {
  chainId?: Uint;
  feeConfig?: FeeConfig;
  allowFeeRecipients?: boolean;
  upgrades?: { precompileUpgrades?: Record<string, PrecompileConfig>[] };
  [field: string]: unknown;
}

export interface ActiveRulesReply {
  ethRules: Record<string, boolean>;
  avalancheRules: Record<string, boolean>;
  precompiles: Record<string, { timestamp: Uint }>;
}

export interface SubnetEvmValidator {
  validationID: string;
  nodeID: string;
  weight: Uint;
  startTimestamp: Uint;
  isActive: boolean;
  isL1Validator: boolean;
  isConnected: boolean;
  uptimeSeconds: Uint;
  uptimePercentage: number;
}

/** eth_feeConfig: the fee config at a block (`latest` by default) and when it last changed. */
export function ethFeeConfig(client: NodeClient, network: NetworkName, blockchainId: string, block = 'latest'): Promise<FeeConfigReply> {
  return client.evm(network, blockchainId, 'eth_feeConfig', [block]);
}

/** eth_getChainConfig: the chain config with its precompile upgrades. */
export function ethGetChainConfig(client: NodeClient, network: NetworkName, blockchainId: string): Promise<ChainConfigReply> {
  return client.evm(network, blockchainId, 'eth_getChainConfig', []);
}

/** eth_getActiveRulesAt: rules and precompiles active at a Unix time (the latest block's by default). */
export function ethGetActiveRulesAt(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  timestamp?: number,
): Promise<ActiveRulesReply> {
  return client.evm(network, blockchainId, 'eth_getActiveRulesAt', timestamp === undefined ? [] : [timestamp]);
}

/** eth_getActivePrecompilesAt (deprecated: use eth_getActiveRulesAt). */
export function ethGetActivePrecompilesAt(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  timestamp?: number,
): Promise<Record<string, PrecompileConfig>> {
  return client.evm(network, blockchainId, 'eth_getActivePrecompilesAt', timestamp === undefined ? [] : [timestamp]);
}

/**
 * validators.getCurrentValidators at /ext/bc/<id>/validators, with uptimes: every validator, or
 * those of `nodeIDs`. The node refuses the whole call when one of `nodeIDs` does not validate
 * the chain ("couldn't find validator with node ID …"): that answer is null.
 */
export function validatorsGetCurrentValidators(
  client: NodeClient,
  network: NetworkName,
  blockchainId: string,
  params: { nodeIDs?: string[] },
): Promise<{ validators: SubnetEvmValidator[] } | null> {
  const answer = client.call<{ validators: SubnetEvmValidator[] }>(
    network,
    { api: 'blockchain', path: `/ext/bc/${segment(blockchainId)}/validators` },
    'validators.getCurrentValidators',
    params,
  );
  return params.nodeIDs?.length ? nullIfMissing(answer, /^couldn't find validator with node ID /) : answer;
}
