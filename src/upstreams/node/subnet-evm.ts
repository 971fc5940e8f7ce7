/**
 * The EVM chains: eth_* at /ext/bc/<id>/rpc (batched per chain, see NodeClient.evm) and
 * Subnet-EVM's validators.* at /ext/bc/<id>/validators.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/graft/subnet-evm/plugin/evm/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { segment } from '../http.js';
import { nullIfMissing, nodeMethods, Id, NodeId, Uint, type NodeClient, type AnswerOf } from './client.js';

export const FeeConfig = z.object({
  gasLimit: Uint,
  targetBlockRate: Uint,
  minBaseFee: Uint,
  targetGas: Uint,
  baseFeeChangeDenominator: Uint,
  minBlockGasCost: Uint,
  maxBlockGasCost: Uint,
  blockGasCostStep: Uint,
});
export type FeeConfig = z.infer<typeof FeeConfig>;

export const FeeConfigReply = z.object({ feeConfig: FeeConfig, lastChangedAt: Uint });
export type FeeConfigReply = z.infer<typeof FeeConfigReply>;

const Addresses = z.array(z.string()).nullable().optional();

/** A precompile's config: its activation and role lists, the rest (its own settings) let through. */
export const PrecompileConfig = z.looseObject({
  blockTimestamp: Uint.optional(),
  disable: z.boolean().optional(),
  adminAddresses: Addresses,
  managerAddresses: Addresses,
  enabledAddresses: Addresses,
});
export type PrecompileConfig = z.infer<typeof PrecompileConfig>;

/** The chain config: what the gateway reads typed, the forks and the rest let through. */
export const ChainConfigReply = z.looseObject({
  chainId: Uint.optional(),
  feeConfig: FeeConfig.optional(),
  allowFeeRecipients: z.boolean().optional(),
  upgrades: z.looseObject({ precompileUpgrades: z.array(z.record(z.string(), PrecompileConfig)).optional() }).optional(),
});
export type ChainConfigReply = z.infer<typeof ChainConfigReply>;

export const ActiveRulesReply = z.object({
  ethRules: z.record(z.string(), z.boolean()),
  avalancheRules: z.record(z.string(), z.boolean()),
  precompiles: z.record(z.string(), z.object({ timestamp: Uint })),
});
export type ActiveRulesReply = z.infer<typeof ActiveRulesReply>;

export const SubnetEvmValidator = z.object({
  validationID: Id,
  nodeID: NodeId,
  weight: Uint,
  startTimestamp: Uint,
  isActive: z.boolean(),
  isL1Validator: z.boolean(),
  isConnected: z.boolean(),
  uptimeSeconds: Uint,
  uptimePercentage: z.number(),
});
export type SubnetEvmValidator = z.infer<typeof SubnetEvmValidator>;

/** An EVM method's one optional positional param. */
const Optional = <T extends z.ZodType>(param: T) => z.union([z.tuple([]), z.tuple([param])]);

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts), the params
 * each takes (positional for `eth_*`) and the shape of its answer.
 */
export const subnetEvmMethods = nodeMethods({
  eth_feeConfig: { freshness: 'config', params: () => Optional(z.string()), answer: () => FeeConfigReply },
  eth_getChainConfig: { freshness: 'config', params: () => z.tuple([]), answer: () => ChainConfigReply },
  eth_getActiveRulesAt: { freshness: 'config', params: () => Optional(z.number()), answer: () => ActiveRulesReply },
  eth_getActivePrecompilesAt: {
    freshness: 'config',
    params: () => Optional(z.number()),
    answer: () => z.record(z.string(), PrecompileConfig),
  },
  'validators.getCurrentValidators': {
    freshness: 'validators',
    params: () => z.object({ nodeIDs: z.array(z.string()).optional() }),
    answer: () => z.object({ validators: z.array(SubnetEvmValidator) }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof subnetEvmMethods> {}
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
): Promise<AnswerOf<'eth_getActivePrecompilesAt'>> {
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
): Promise<AnswerOf<'validators.getCurrentValidators'> | null> {
  const answer = client.call(
    network,
    { api: 'blockchain', path: `/ext/bc/${segment(blockchainId)}/validators` },
    'validators.getCurrentValidators',
    params,
  );
  return params.nodeIDs?.length ? nullIfMissing(answer, /^couldn't find validator with node ID /) : answer;
}
