/**
 * The supergraph a federation router serves in front of the gateway: our subgraph
 * (schema/subgraph.graphql, what /subgraph answers to `_service { sdl }`) composed alone with
 * Apollo's composition, routed to `routingUrl`. The cluster harness (bench/cluster.ts) composes
 * one for its gateways' address; deploy/compose/supergraph.graphql is the one compose.yaml's
 * router reads, written by `npm run compose:supergraph` (test/deploy/compose.test.ts fails when it no
 * longer matches the subgraph).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';

const SUBGRAPH_SDL = fileURLToPath(new URL('../../schema/subgraph.graphql', import.meta.url));

/** The subgraph's name in the supergraph: what a router's logs and query plans call it. */
export const SUBGRAPH_NAME = 'avalanche';

/** compose.yaml's router reaches the gateways by their service name. */
export const COMPOSE_ROUTING_URL = 'http://gateway:4000/subgraph';
export const COMPOSE_SUPERGRAPH = fileURLToPath(new URL('../../deploy/compose/supergraph.graphql', import.meta.url));

export function composeSupergraph(routingUrl: string): string {
  const result = composeServices([{ name: SUBGRAPH_NAME, url: routingUrl, typeDefs: parse(readFileSync(SUBGRAPH_SDL, 'utf8')) }]);
  if (result.errors) throw new Error(`composition failed: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.supergraphSdl;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(COMPOSE_SUPERGRAPH, composeSupergraph(COMPOSE_ROUTING_URL));
  console.log(`wrote ${COMPOSE_SUPERGRAPH}`);
}
