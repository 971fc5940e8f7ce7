/**
 * The schema: importing each domain file registers its types and fields on the builder. A new
 * domain file is added here (docs/ARCHITECTURE.md, "Adding an endpoint").
 */
import { type GraphQLSchema, graphqlSync } from 'graphql';
import { builder, subgraphBuild } from './builder.js';
import { isolateRepresentations, priceRepresentations } from './entity-keys.js';
import './scalars.js';
import './enums.js';
import './network.js';
import './address.js';
import './subnet.js';
import './blockchain.js';
import './genesis.js';
import './l1-validator.js';
import './utxo.js';
import './transaction.js';
import './vertex.js';
import './reward.js';
import './staking.js';
import './network-details.js';
import './price.js';
import './evm-chain.js';
import './evm-transaction.js';
import './evm-block.js';
import './chain-info.js';
import './contract.js';
import './evm-address.js';
import './evm-address-balances.js';
import './nft.js';
import './evm-address-history.js';
import './contract-activity.js';
import './icm.js';
import './metrics.js';
import './chain-metrics.js';
import './validator-metrics.js';
import './icm-metrics.js';
import './looking-glass.js';
import './metrics-health.js';
import './data-api-account.js';
import './signatures.js';
import './x-chain.js';
import './p-chain.js';
import './p-chain-state.js';
import './node-index.js';
import './health.js';
import './subnet-evm.js';
import './evm-state.js';
import './admin.js';
import './node-info.js';
import './signed-tx.js';
import './c-chain-atomic.js';
import './proposervm.js';
import './rate-limit.js';
import './subscriptions.js';
import './primary-network-address.js';
import './primary-network-block.js';
import './x-chain-asset.js';
import './search.js';

export const schema = builder.toSchema({ sortSchema: false });

let subgraph: GraphQLSchema | undefined;

/**
 * The same graph as an Apollo Federation v2 subgraph: the entities of the domain files
 * (`builder.asEntity`) with their `@key`s, `_entities` resolving them through the same lookups,
 * and `_service { sdl }`. Built on first use: a gateway that does not serve it never builds it.
 */
export function subgraphSchema(): GraphQLSchema {
  if (!subgraph) {
    // v2.9: the first with @cost and @listSize (demand control), which the fields' prices print.
    subgraph = subgraphBuild(() => builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.9' }));
    isolateRepresentations(subgraph);
    priceRepresentations(subgraph);
  }
  return subgraph;
}

/** The subgraph's SDL, as a supergraph's composition reads it from `_service { sdl }`. */
export function subgraphSdl(): string {
  const result = graphqlSync({ schema: subgraphSchema(), source: '{ _service { sdl } }' });
  if (result.errors?.length) throw result.errors[0];
  return (result.data as { _service: { sdl: string } })._service.sdl;
}
