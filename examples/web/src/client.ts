/**
 * The explorer's GraphQL client: urql, whose `useQuery` takes the typed documents of src/gql/
 * and infers each page's data and variables from them.
 */
import { cacheExchange, Client, fetchExchange } from 'urql';

/** The one setting: the gateway's GraphQL URL. Same origin by default, so no CORS is needed. */
export const GATEWAY_URL = import.meta.env.VITE_GATEWAY_URL || '/graphql';

export const client = new Client({
  url: GATEWAY_URL,
  exchanges: [cacheExchange, fetchExchange],
  // POST, so every page's request has the same shape whether its query is short or long.
  preferGetMethod: false,
});
