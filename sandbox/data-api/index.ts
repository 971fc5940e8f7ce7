/**
 * The sandbox's Data API, served from the world with the rules, bounds and error bodies of the
 * spec (test/contract/data-api-digest.md): one file of routes per domain, named like the gateway's
 * client (src/upstreams/data-api/) and schema (src/graph/) files of the same endpoints.
 */
import type { DataApiRouteOperation, RoutesOf } from '../routes.js';
import type { SandboxLive } from '../live.js';
import { subnetRoutes } from './subnet.js';
import { l1ValidatorRoutes } from './l1-validator.js';
import { transactionRoutes } from './transaction.js';
import { rewardRoutes } from './reward.js';
import { vertexRoutes } from './vertex.js';
import { addressRoutes } from './address.js';
import { evmChainRoutes } from './evm-chain.js';
import { evmBlockRoutes } from './evm-block.js';
import { evmAddressRoutes } from './evm-address.js';
import { contractRoutes } from './contract.js';
import { nftRoutes } from './nft.js';
import { icmRoutes } from './icm.js';
import { signatureRoutes } from './signatures.js';
import { healthRoutes } from './health.js';
import { primaryNetworkAddressRoutes, type AcceptedChanges } from './primary-network-address.js';
import { primaryNetworkBlockRoutes } from './primary-network-block.js';
import { xChainAssetRoutes } from './x-chain-asset.js';
import { networkRoutes } from './network.js';
import { stakingRoutes } from './staking.js';
import { webhookRoutes } from './webhooks.js';
import { usageRoutes } from './usage.js';
import { exportJobRoutes } from './export-jobs.js';

/**
 * Every Data API route of the sandbox by operation id, gathered from the domain files named like
 * the gateway's client and schema files: an operation the clients declare (DATA_API_OPERATIONS)
 * that no file routes fails to compile here.
 */
export function dataApiRoutes(seed: string, live?: SandboxLive, accepted?: AcceptedChanges): RoutesOf<DataApiRouteOperation> {
  return {
    ...subnetRoutes(seed),
    ...l1ValidatorRoutes(seed),
    ...transactionRoutes(seed, live),
    ...rewardRoutes(seed),
    ...vertexRoutes(seed),
    ...addressRoutes(seed),
    ...evmChainRoutes(seed),
    ...evmBlockRoutes(seed, live),
    ...evmAddressRoutes(seed),
    ...contractRoutes(seed),
    ...nftRoutes(seed),
    ...icmRoutes(seed),
    ...signatureRoutes(seed),
    ...primaryNetworkAddressRoutes(seed, accepted),
    ...primaryNetworkBlockRoutes(seed),
    ...xChainAssetRoutes(seed),
    ...networkRoutes(seed),
    ...stakingRoutes(seed),
    ...webhookRoutes(seed),
    ...usageRoutes(seed),
    ...exportJobRoutes(seed),
    ...healthRoutes(),
  };
}
