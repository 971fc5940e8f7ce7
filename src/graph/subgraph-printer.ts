/**
 * `printSubgraphSchema` of @apollo/subgraph, loaded when first called. The build points
 * @pothos/plugin-federation's import of it here (build.mjs): the package's entry pulls in
 * @apollo/federation-internals, about 5 MB and 150 ms at every start, though only a gateway with
 * FEDERATION=true ever prints a subgraph. esbuild bundles a CommonJS module that is required
 * inside a function in a wrapper that runs on that first call (the bundle's banner defines
 * `require`).
 */
import type { GraphQLSchema } from 'graphql';

export function printSubgraphSchema(schema: GraphQLSchema): string {
  return (require('@apollo/subgraph') as typeof import('@apollo/subgraph')).printSubgraphSchema(schema);
}
