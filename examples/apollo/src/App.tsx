/**
 * One page: an address's P-Chain transactions, newest first, from the gateway through Apollo
 * Client. "Load more" fetches the next page, which the generated `relayStylePagination` policy
 * appends to the cached list. A subscription (`addressTransactions`, over WebSocket) brings each
 * new transaction of the address as it is accepted: its event is normalised by `__typename` and
 * `id` like any query's object, then put at the head of the cached list, with no query sent again.
 * The rows are read through a fragment on the `PrimaryNetworkTransaction` interface, which only the
 * generated `possibleTypes` let the cache match to the concrete `PChainTransaction`.
 *
 * The address comes from the page's URL: `?address=avax1…&network=MAINNET`.
 *
 * With `?subnet=<subnet id>` instead, the page shows a subnet's current validators, kept current by
 * the `subnetValidators` subscription: each event carries the validators with the same `id`s as
 * the query's, and the cache merges their new fields (a changed weight) into the objects the list
 * already holds, so the rows change in place with no query sent again and no code of the page's
 * touching the list.
 */
import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect } from 'react';
import type { AvalancheAddress } from '../../scalars';
import { graphql } from './gql';
import type { NetworkName, TransactionRowFragment } from './gql/graphql';

/** Transactions per page. */
const PAGE = 5;

graphql(`
  fragment TransactionRow on PrimaryNetworkTransaction {
    id
    txHash
    txType
    blockTimestamp
    ... on PChainTransaction {
      nodeId
      subnetId
    }
  }
`);

const AddressTransactions = graphql(`
  query AddressTransactions($network: NetworkName!, $address: AvalancheAddress!, $first: Int!, $after: String) {
    network(name: $network) {
      address(address: $address) {
        id
        transactions(chain: P_CHAIN, first: $first, after: $after) {
          edges {
            cursor
            node {
              ...TransactionRow
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  }
`);

const NewTransactions = graphql(`
  subscription NewTransactions($network: NetworkName!, $address: AvalancheAddress!) {
    addressTransactions(network: $network, addresses: [$address], chains: [P_CHAIN]) {
      ...TransactionRow
    }
  }
`);

graphql(`
  fragment ValidatorRow on PChainValidator {
    id
    nodeId
    validationId
    weight
    balance
  }
`);

const SubnetValidators = graphql(`
  query SubnetValidators($network: NetworkName!, $subnetId: CB58Id!) {
    network(name: $network) {
      subnet(subnetId: $subnetId) {
        subnetId
        currentValidators {
          ...ValidatorRow
        }
      }
    }
  }
`);

const ValidatorChanges = graphql(`
  subscription ValidatorChanges($network: NetworkName!, $subnetId: CB58Id!) {
    subnetValidators(network: $network, subnetId: $subnetId) {
      ...ValidatorRow
    }
  }
`);

const params = new URLSearchParams(location.search);
const address = (params.get('address') ?? '') as AvalancheAddress;
const subnetId = params.get('subnet') ?? '';
const network = (params.get('network') ?? 'MAINNET') as NetworkName;

export function App() {
  if (subnetId)
    return (
      <main>
        <h1>Validators</h1>
        <Validators subnetId={subnetId} />
      </main>
    );
  return (
    <main>
      <h1>P-Chain transactions</h1>
      {address ? (
        <Transactions address={address} />
      ) : (
        <p>
          Open this page with <code>?address=avax1…</code>.
        </p>
      )}
    </main>
  );
}

function Transactions({ address }: { address: AvalancheAddress }) {
  const { data, dataState, error, loading, fetchMore, subscribeToMore } = useQuery(AddressTransactions, {
    variables: { network, address, first: PAGE },
  });

  useEffect(
    () =>
      subscribeToMore({
        document: NewTransactions,
        variables: { network, address },
        // The event's transaction is already in the cache (normalised by its id) when this runs:
        // only the list has to learn of it. One it already holds is updated where it stands.
        updateQuery: (_, options) => {
          const tx = options.subscriptionData.data?.addressTransactions;
          if (!options.complete || !tx) return undefined;
          const { previousData } = options;
          const list = previousData.network.address.transactions;
          if (!list || list.edges.some((e) => e.node.id === tx.id)) return undefined;
          return {
            ...previousData,
            network: {
              ...previousData.network,
              address: {
                ...previousData.network.address,
                transactions: { ...list, edges: [{ __typename: 'PrimaryNetworkTransactionEdge', cursor: '', node: tx }, ...list.edges] },
              },
            },
          };
        },
      }),
    [address, subscribeToMore],
  );

  if (error) return <p role="alert">{error.message}</p>;
  if (dataState !== 'complete') return <p role="status">Loading…</p>;
  const list = data.network.address.transactions;
  if (!list) return <p>The gateway has no transactions for this address.</p>;
  const { edges, pageInfo } = list;
  return (
    <>
      <table>
        <thead>
          <tr>
            <th>Transaction</th>
            <th>Type</th>
            <th>Accepted</th>
            <th>Node</th>
          </tr>
        </thead>
        <tbody>
          {edges.map(({ node }) => (
            <Row key={node.id} tx={node} />
          ))}
        </tbody>
      </table>
      {pageInfo.hasNextPage && (
        <button type="button" disabled={loading} onClick={() => fetchMore({ variables: { after: pageInfo.endCursor } })}>
          Load more
        </button>
      )}
    </>
  );
}

function Validators({ subnetId }: { subnetId: string }) {
  const { data, dataState, error } = useQuery(SubnetValidators, { variables: { network, subnetId } });
  // Nothing to do with its events here: the cache normalises them by id into the query's objects.
  useSubscription(ValidatorChanges, { variables: { network, subnetId } });

  if (error) return <p role="alert">{error.message}</p>;
  if (dataState !== 'complete') return <p role="status">Loading…</p>;
  const validators = data.network.subnet?.currentValidators;
  if (!validators) return <p>There is no subnet {subnetId} on this network.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Node</th>
          <th>Validation</th>
          <th>Weight</th>
          <th>Balance (nAVAX)</th>
        </tr>
      </thead>
      <tbody>
        {validators.map((v) => (
          <tr key={v.id} data-validator-id={v.id}>
            <td>
              <code>{v.nodeId}</code>
            </td>
            <td>
              <code>{v.validationId ?? ''}</code>
            </td>
            <td className="weight">{v.weight}</td>
            <td>{v.balance ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Row({ tx }: { tx: TransactionRowFragment }) {
  return (
    <tr data-tx-id={tx.id} data-tx-hash={tx.txHash}>
      <td>
        <code>{tx.txHash}</code>
      </td>
      <td>{tx.txType}</td>
      <td>{new Date(tx.blockTimestamp * 1000).toISOString()}</td>
      <td>{tx.__typename === 'PChainTransaction' ? (tx.nodeId ?? '') : ''}</td>
    </tr>
  );
}
