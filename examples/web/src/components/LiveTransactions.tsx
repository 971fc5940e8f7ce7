/**
 * An X-/P-Chain address's newest P-Chain transactions, kept current: the `addressTransactions`
 * subscription brings each new one as the chain accepts it. Graphcache normalises the event's
 * transaction by `__typename` and `id` like any query's, and `updates` (below, given to the cache
 * in client.ts) puts it at the head of the cached list, so the table shows it with no query sent
 * again; one the list already holds is updated where it stands.
 */
import type { UpdatesConfig } from '@urql/exchange-graphcache';
import { useQuery, useSubscription } from 'urql';
import { formatTime } from '../format';
import { Loading, Unavailable } from './Status';
import { graphql } from '../gql';
import type { LiveTransactionsQuery as Answer, NetworkName, Scalars } from '../gql/graphql';
import { href, networkName, type Network } from '../router';

/** Transactions shown. */
const SHOWN = 5;

const LiveTransactionsQuery = graphql(`
  query LiveTransactions($network: NetworkName!, $address: AvalancheAddress!, $first: Int!) {
    network(name: $network) {
      address(address: $address) {
        id
        transactions(chain: P_CHAIN, first: $first) {
          nodes {
            id
            txHash
            txType
            blockTimestamp
          }
        }
      }
    }
  }
`);

const NewTransactionsSubscription = graphql(`
  subscription NewTransactions($network: NetworkName!, $address: AvalancheAddress!) {
    addressTransactions(network: $network, addresses: [$address], chains: [P_CHAIN]) {
      id
      txHash
      txType
      blockTimestamp
    }
  }
`);

type Transaction = NonNullable<Answer['network']['address']['transactions']>['nodes'][number];

/** What the cache does with an event: the transaction, already normalised, joins the head of the list. */
export const liveTransactionUpdates: UpdatesConfig = {
  Subscription: {
    addressTransactions(result, args, cache) {
      const tx = result.addressTransactions as Transaction | null;
      const [address] = args.addresses as Scalars['AvalancheAddress']['input'][];
      if (!tx || !address) return;
      cache.updateQuery(
        { query: LiveTransactionsQuery, variables: { network: args.network as NetworkName, address, first: SHOWN } },
        (data) => {
          const list = data?.network.address.transactions;
          if (!list || list.nodes.some((n) => n.id === tx.id)) return data;
          list.nodes = [tx, ...list.nodes];
          return data;
        },
      );
    },
  },
};

export function LiveTransactions({ network, address }: { network: Network; address: Scalars['AvalancheAddress']['input'] }) {
  const variables = { network: networkName(network), address };
  const [result] = useQuery({ query: LiveTransactionsQuery, variables: { ...variables, first: SHOWN } });
  useSubscription({ query: NewTransactionsSubscription, variables });
  const list = result.data?.network.address.transactions?.nodes;
  if (result.fetching && !list) return <Loading what="P-Chain transactions" />;
  if (!list) return <Unavailable what="P-Chain transactions" errors={result.error?.graphQLErrors ?? []} />;
  if (!list.length) return <p className="muted empty">No P-Chain transactions.</p>;
  return (
    <table className="live-transactions" aria-label="P-Chain transactions">
      <thead>
        <tr>
          <th>Transaction</th>
          <th>Type</th>
          <th>Accepted</th>
        </tr>
      </thead>
      <tbody>
        {list.map((tx) => (
          <tr key={tx.id} data-tx-hash={tx.txHash}>
            <td className="id">
              <a href={href({ page: 'transaction', network, chain: 'P_CHAIN', txHash: tx.txHash })}>{tx.txHash}</a>
            </td>
            <td>{tx.txType}</td>
            <td>{formatTime(tx.blockTimestamp)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
