/**
 * The example's Apollo Client: queries over HTTP, subscriptions over WebSocket (graphql-ws, the
 * graphql-transport-ws protocol the gateway serves at /graphql), both on the page's own origin.
 * Its cache is configured by what `npm run codegen` generates from the schema
 * (examples/cache/apollo.generated.ts): the possible types of every interface, so fragments on
 * `PrimaryNetworkTransaction` match; Relay connections merged page after page; objects without a
 * global id kept inside their parent. Entities are keyed by `__typename` and `id`, the default.
 */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { possibleTypes, typePolicies } from '../../cache/apollo.generated';

const http = new HttpLink({ uri: '/graphql' });
const ws = new GraphQLWsLink(createClient({ url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql` }));

const isSubscription = ({ query }: ApolloLink.Operation) => {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
};

export const client = new ApolloClient({
  link: ApolloLink.split(isSubscription, ws, http),
  cache: new InMemoryCache({ possibleTypes, typePolicies }),
});
