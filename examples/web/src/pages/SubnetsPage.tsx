/**
 * The subnets of a network, a page of them per request: "Load more" asks for the next page after
 * the last one's `pageInfo.endCursor` (Relay pagination) and adds it below the ones shown.
 */
import { useState } from 'react';
import { useQuery } from 'urql';
import { SubnetRow } from '../components/SubnetRow';
import { Loading, PartialData, RequestFailed } from '../components/Status';
import { graphql } from '../gql';
import { networkName, type Network } from '../router';

export const PAGE_SIZE = 10;

const SubnetsPageQuery = graphql(`
  query SubnetsPage($network: NetworkName!, $first: Int!, $after: String) {
    network(name: $network) {
      subnets(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          ...SubnetRow_subnet
        }
      }
    }
  }
`);

/** One page of subnets: its rows, and below the last page the button for the next. */
function SubnetChunk(props: { network: Network; after: string | null; isLast: boolean; onLoadMore: (cursor: string) => void }) {
  const [result, reexecute] = useQuery({
    query: SubnetsPageQuery,
    variables: { network: networkName(props.network), first: PAGE_SIZE, after: props.after },
  });
  const retry = () => reexecute({ requestPolicy: 'network-only' });
  const page = result.data?.network.subnets;
  return (
    <>
      <tbody>
        {page?.nodes.map((subnet) => (
          <SubnetRow key={subnet.id} subnet={subnet} network={props.network} />
        ))}
        {(result.fetching || (!page && result.error)) && (
          <tr>
            <td colSpan={4}>
              {result.fetching ? (
                <Loading what={props.after ? 'more subnets' : 'subnets'} />
              ) : (
                result.error && <RequestFailed error={result.error} onRetry={retry} />
              )}
            </td>
          </tr>
        )}
        {page && result.error && (
          <tr>
            <td colSpan={4}>
              <PartialData errors={result.error.graphQLErrors} />
            </td>
          </tr>
        )}
      </tbody>
      {props.isLast && page?.pageInfo.hasNextPage && page.pageInfo.endCursor && (
        <tfoot>
          <tr>
            <td colSpan={4}>
              <button type="button" onClick={() => props.onLoadMore(page.pageInfo.endCursor!)}>
                Load more
              </button>
            </td>
          </tr>
        </tfoot>
      )}
    </>
  );
}

export function SubnetsPage({ network }: { network: Network }) {
  // The cursor each loaded page started after; null for the first.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <>
      <h1>Subnets</h1>
      <p className="lede">Every subnet and L1 of {network === 'fuji' ? 'Fuji' : 'Mainnet'}, newest first.</p>
      <table className="subnets">
        <thead>
          <tr>
            <th>Subnet</th>
            <th>Kind</th>
            <th>Blockchains</th>
            <th>Created</th>
          </tr>
        </thead>
        {cursors.map((after, i) => (
          <SubnetChunk
            key={after ?? 'first'}
            network={network}
            after={after}
            isLast={i === cursors.length - 1}
            onLoadMore={(cursor) => setCursors((loaded) => [...loaded, cursor])}
          />
        ))}
      </table>
    </>
  );
}
