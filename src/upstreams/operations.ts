/**
 * Every operation the gateway sends, by upstream, with what its domain file declares about it:
 * the one list the reuse layer's freshness table, the connections' page sizes and prices
 * (`pageSpec`), the README's table of operations and the sandbox's routes are keyed by. Each
 * table must name every operation its client may send (the `satisfies` below): a domain file left
 * out of it fails to compile.
 */
import { addressOperations } from './data-api/address.js';
import type { DataApiOperation } from './data-api/client.js';
import { contractOperations } from './data-api/contract.js';
import { exportJobOperations } from './data-api/export-jobs.js';
import { dataHealthOperations } from './data-api/health.js';
import { evmAddressOperations } from './data-api/evm-address.js';
import { evmChainOperations } from './data-api/evm-chain.js';
import { evmBlockOperations } from './data-api/evm-block.js';
import { icmOperations } from './data-api/icm.js';
import { l1ValidatorOperations } from './data-api/l1-validator.js';
import { nftOperations } from './data-api/nft.js';
import { primaryNetworkAddressOperations } from './data-api/primary-network-address.js';
import { primaryNetworkBlockOperations } from './data-api/primary-network-block.js';
import { networkOperations } from './data-api/network.js';
import { rewardOperations } from './data-api/reward.js';
import { signaturesOperations } from './data-api/signatures.js';
import { stakingOperations } from './data-api/staking.js';
import { subnetOperations } from './data-api/subnet.js';
import { transactionOperations } from './data-api/transaction.js';
import { usageOperations } from './data-api/usage.js';
import { vertexOperations } from './data-api/vertex.js';
import { webhookOperations } from './data-api/webhooks.js';
import { xChainAssetOperations } from './data-api/x-chain-asset.js';
import type { MetricsApiOperation } from './metrics-api/client.js';
import { metricsChainOperations } from './metrics-api/chains.js';
import { metricsHealthOperations } from './metrics-api/health.js';
import { metricsIcmOperations } from './metrics-api/icm.js';
import { metricsLookingGlassOperations } from './metrics-api/looking-glass.js';
import { metricsOperations } from './metrics-api/metrics.js';
import { metricsValidatorOperations } from './metrics-api/validators.js';
import { adminMethods } from './node/admin.js';
import { cChainAtomicMethods } from './node/c-chain-atomic.js';
import type { NodeMethod } from './node/client.js';
import { evmStateMethods } from './node/evm-state.js';
import { healthMethods } from './node/health.js';
import { infoMethods } from './node/info.js';
import { nodeIndexMethods } from './node/node-index.js';
import { pChainMethods } from './node/p-chain.js';
import { proposervmMethods } from './node/proposervm.js';
import { signedTxMethods } from './node/signed-tx.js';
import { subnetEvmMethods } from './node/subnet-evm.js';
import { evmBlockMethods } from './node/evm-blocks.js';
import { xChainMethods } from './node/x-chain.js';
import type { OperationEntry, PageBounds } from './sharing.js';

export const DATA_API_OPERATIONS = {
  ...subnetOperations,
  ...l1ValidatorOperations,
  ...transactionOperations,
  ...rewardOperations,
  ...vertexOperations,
  ...addressOperations,
  ...evmChainOperations,
  ...evmBlockOperations,
  ...evmAddressOperations,
  ...contractOperations,
  ...nftOperations,
  ...icmOperations,
  ...signaturesOperations,
  ...primaryNetworkAddressOperations,
  ...primaryNetworkBlockOperations,
  ...xChainAssetOperations,
  ...networkOperations,
  ...stakingOperations,
  ...webhookOperations,
  ...usageOperations,
  ...exportJobOperations,
  ...dataHealthOperations,
} as const satisfies Record<DataApiOperation, OperationEntry>;

export const METRICS_API_OPERATIONS = {
  ...metricsOperations,
  ...metricsHealthOperations,
  ...metricsChainOperations,
  ...metricsIcmOperations,
  ...metricsValidatorOperations,
  ...metricsLookingGlassOperations,
} as const satisfies Record<MetricsApiOperation, OperationEntry>;

export const NODE_METHODS = {
  ...xChainMethods,
  ...pChainMethods,
  ...healthMethods,
  ...nodeIndexMethods,
  ...subnetEvmMethods,
  ...evmStateMethods,
  ...evmBlockMethods,
  ...adminMethods,
  ...infoMethods,
  ...cChainAtomicMethods,
  ...proposervmMethods,
  ...signedTxMethods,
} as const satisfies Record<NodeMethod, OperationEntry>;

/** An operation any client sends: a Data API or Metrics API operationId, or a node method. */
export type OperationId = DataApiOperation | MetricsApiOperation | NodeMethod;

/** Every operation, by upstream (the `service` of its requests). */
export const OPERATIONS_BY_UPSTREAM = {
  'data-api': DATA_API_OPERATIONS,
  'metrics-api': METRICS_API_OPERATIONS,
  node: NODE_METHODS,
} as const;

export const OPERATIONS: Readonly<Record<OperationId, OperationEntry>> = {
  ...DATA_API_OPERATIONS,
  ...METRICS_API_OPERATIONS,
  ...NODE_METHODS,
};

type Entries = typeof DATA_API_OPERATIONS & typeof METRICS_API_OPERATIONS & typeof NODE_METHODS;

/** An operation that pages: one whose entry says its page bounds. */
export type PagedOperation = { [Id in keyof Entries]: Entries[Id] extends { pages: PageBounds } ? Id : never }[keyof Entries];

/** The page bounds its domain file declares for an operation that pages. */
export function pagesOf(operation: PagedOperation): PageBounds {
  return (OPERATIONS[operation] as Entries[PagedOperation]).pages;
}
