/**
 * The explorer's GraphQL client: urql, whose `useQuery` takes the typed documents of src/gql/
 * and infers each page's data and variables from them. Its cache is Graphcache, normalised, set up
 * by what `npm run codegen` generates from the schema (examples/cache/graphcache.generated.ts):
 * objects with a global `id` keyed by it, value objects kept in their parent, each Relay connection
 * answered as one list of every page loaded, and the possible types of each interface. So the same
 * subnet or transaction is one object on every page, and a subscription's event updates it there.
 * Subscriptions go over the same POST as queries, answered as a stream (SSE).
 *
 * A production build sends each query's id, not its text: the sha256 hash `npm run codegen`
 * embeds in the document (`__meta__.hash`) and lists in src/gql/persisted-documents.json, which
 * the gateway serves as trusted documents (TRUSTED_DOCUMENTS=allow or only). The id goes as
 * Apollo's `extensions.persistedQuery.sha256Hash`, in a JSON POST. `VITE_SEND_DOCUMENTS=true`
 * builds one that sends the text, for a gateway with TRUSTED_DOCUMENTS=off or other manifests.
 */
import { cacheExchange } from '@urql/exchange-graphcache';
import { persistedExchange } from '@urql/exchange-persisted';
import { Client, fetchExchange, type Exchange } from 'urql';
import { keys, possibleTypes, resolvers } from '../../cache/graphcache.generated';
import { liveTransactionUpdates } from './components/LiveTransactions';

/** The one setting: the gateway's GraphQL URL. Same origin by default, so no CORS is needed. */
export const GATEWAY_URL = import.meta.env.VITE_GATEWAY_URL || '/graphql';

const sendIds = import.meta.env.PROD && import.meta.env.VITE_SEND_DOCUMENTS !== 'true';

const ids: Exchange[] = sendIds
  ? [
      persistedExchange({
        // The manifest's ids: never fall back to registering the text (the text urql would send
        // carries the __typename fields its cache adds, so its hash is not the manifest's).
        enforcePersistedQueries: true,
        // A GET would need a CSRF header (see the README); a POST needs none.
        preferGetForPersistedQueries: false,
        enableForSubscriptions: true,
        generateHash: async (_query, document) => (document as { __meta__?: { hash?: string } }).__meta__?.hash,
      }),
    ]
  : [];

export const client = new Client({
  url: GATEWAY_URL,
  exchanges: [cacheExchange({ keys, resolvers, possibleTypes, updates: liveTransactionUpdates }), ...ids, fetchExchange],
  // POST, so every page's request has the same shape whether its query is short or long.
  preferGetMethod: false,
  // Subscriptions as POSTs too, their events streamed back (text/event-stream): no WebSocket to proxy.
  fetchSubscriptions: true,
});
