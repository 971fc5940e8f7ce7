/**
 * The subnets of a network, a page of them per request: "Load more" asks for the next page after
 * the last one's `pageInfo.endCursor` (Relay pagination), and the client's cache adds it below the
 * ones shown.
 */
import { useRef, useState } from 'react';
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

export function SubnetsPage({ network }: { network: Network }) {
  // The cursor the last page asked for started after; null for the first. Graphcache's
  // relayPagination (examples/cache/graphcache.generated.ts) answers every page loaded so far as
  // one list, so one query shows them all.
  const [loadMore, setLoadMore] = useState<{ network: Network; after: string | null }>({ network, after: null });
  const after = loadMore.network === network ? loadMore.after : null;
  const [result, reexecute] = useQuery({
    query: SubnetsPageQuery,
    variables: { network: networkName(network), first: PAGE_SIZE, after },
  });
  // While the next page loads, the rows already shown stay.
  const shown = useRef<{ network: Network; page: NonNullable<typeof result.data>['network']['subnets'] }>(undefined);
  const answered = result.data?.network.subnets;
  if (answered) shown.current = { network, page: answered };
  const page = answered ?? (shown.current?.network === network ? shown.current.page : undefined);
  const retry = () => reexecute({ requestPolicy: 'network-only' });
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
        <tbody>
          {page?.nodes.map((subnet) => (
            <SubnetRow key={subnet.id} subnet={subnet} network={network} />
          ))}
          {(result.fetching || (!answered && result.error)) && (
            <tr>
              <td colSpan={4}>
                {result.fetching ? (
                  <Loading what={after ? 'more subnets' : 'subnets'} />
                ) : (
                  result.error && <RequestFailed error={result.error} onRetry={retry} />
                )}
              </td>
            </tr>
          )}
          {answered && result.error && (
            <tr>
              <td colSpan={4}>
                <PartialData errors={result.error.graphQLErrors} />
              </td>
            </tr>
          )}
        </tbody>
        {!result.fetching && page?.pageInfo.hasNextPage && page.pageInfo.endCursor && (
          <tfoot>
            <tr>
              <td colSpan={4}>
                <button type="button" onClick={() => setLoadMore({ network, after: page.pageInfo.endCursor! })}>
                  Load more
                </button>
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </>
  );
}
