/** An X-Chain asset as the Data API describes it, in one request: what it is, and its newest transactions. */
import { useQuery } from 'urql';
import { ListTable } from '../components/ListTable';
import { Lookup, scope } from '../components/Status';
import { formatTime, humanize } from '../format';
import { graphql } from '../gql';
import { href, networkName, type Network } from '../router';

const AssetPageQuery = graphql(`
  query AssetPage($network: NetworkName!, $assetId: CB58Id!) {
    network(name: $network) {
      xChainAsset(assetId: $assetId) {
        id
        assetId
        name
        symbol
        denomination
        type
        cap
        createdAtTimestamp
        transactions(first: 10) {
          pageInfo {
            hasNextPage
          }
          nodes {
            txHash
            txType
            blockTimestamp
          }
        }
      }
    }
  }
`);

export function AssetPage({ network, assetId }: { network: Network; assetId: string }) {
  const [result, reexecute] = useQuery({ query: AssetPageQuery, variables: { network: networkName(network), assetId } });
  const errors = result.error?.graphQLErrors ?? [];
  return (
    <>
      <h1>
        Asset <span className="id">{assetId}</span>
      </h1>
      <Lookup
        result={result}
        found={result.data?.network.xChainAsset}
        what="the asset"
        none={`There is no asset ${assetId} on this network's X-Chain.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(asset) => (
          <>
            <dl className="facts">
              <dt>Name</dt>
              <dd>
                {asset.name} ({asset.symbol})
              </dd>
              <dt>Denomination</dt>
              <dd>{asset.denomination} decimal places</dd>
              {asset.type && (
                <>
                  <dt>Kind</dt>
                  <dd>{asset.type === 'NFT' ? 'NFT' : 'Fungible (secp256k1)'}</dd>
                </>
              )}
              {asset.cap && (
                <>
                  <dt>Supply</dt>
                  <dd>{humanize(asset.cap)} cap</dd>
                </>
              )}
              <dt>Created</dt>
              <dd>{formatTime(asset.createdAtTimestamp)}</dd>
            </dl>
            <h2>X-Chain transactions</h2>
            <ListTable
              what="Transactions"
              items={asset.transactions?.nodes}
              errors={scope(errors, ['network', 'xChainAsset', 'transactions'])}
              empty="No transactions."
              columns={['Transaction', 'Type', 'Time']}
              row={(tx) => (
                <tr key={tx.txHash}>
                  <td>
                    <a className="id" href={href({ page: 'transaction', network, chain: 'X_CHAIN', txHash: tx.txHash })}>
                      {tx.txHash}
                    </a>
                  </td>
                  <td>{tx.txType}</td>
                  <td className="nowrap">{formatTime(tx.blockTimestamp)}</td>
                </tr>
              )}
              className="transactions"
            />
            {asset.transactions?.pageInfo.hasNextPage && <p className="muted small">The newest 10 transactions are shown.</p>}
          </>
        )}
      </Lookup>
    </>
  );
}
