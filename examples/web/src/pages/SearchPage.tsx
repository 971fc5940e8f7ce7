/**
 * What a search found, in one request (`search`): the page of the single match straight away, or
 * the matches listed, each linked to its page.
 */
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { Loading, PartialData, RequestFailed } from '../components/Status';
import { graphql } from '../gql';
import type { SearchPageQuery as Data } from '../gql/graphql';
import { href, networkName, type Network, type Route } from '../router';

const SearchPageQuery = graphql(`
  query SearchPage($query: String!, $network: NetworkName) {
    search(query: $query, network: $network) {
      __typename
      ... on PChainTransaction { txHash txType }
      ... on XChainTransaction { txHash txType }
      ... on CChainAtomicTransaction { txHash txType }
      ... on PrimaryNetworkBlock { blockHash blockNumber blockChain: chain }
      ... on Subnet { subnetId }
      ... on Blockchain { blockchainId blockchainName subnetId }
      ... on L1Validator { validationId nodeId subnetId }
      ... on Validator { nodeId subnetId }
      ... on XChainAsset { assetId name symbol }
      ... on Address { address }
      ... on EvmAddress { evmAddress: address chain { evmChainId } }
      ... on EvmTransaction { evmTxHash: txHash chain { evmChainId } }
      ... on EvmBlock { hash number chain { evmChainId } }
      ... on EvmChain { evmChainId info { name } }
      ... on IcmMessage { messageId }
    }
  }
`);

type Match = NonNullable<Data['search'][number]>;
type Page = Exclude<Route, { page: 'not-found' | 'search' }>;

/** What a match is called, its id, and its page (the subnet's, for a blockchain and an L1 validator). */
function describe(m: Match, network: Network): { kind: string; id: string; page?: Page | undefined } {
  switch (m.__typename) {
    case 'PChainTransaction':
    case 'XChainTransaction':
    case 'CChainAtomicTransaction': {
      const chain = m.__typename === 'PChainTransaction' ? 'P_CHAIN' : m.__typename === 'XChainTransaction' ? 'X_CHAIN' : 'C_CHAIN';
      return {
        kind: `${chain[0]}-Chain transaction (${m.txType})`,
        id: m.txHash,
        page: { page: 'transaction', network, chain, txHash: m.txHash },
      };
    }
    case 'Subnet':
      return { kind: 'Subnet', id: m.subnetId, page: { page: 'subnet', network, subnetId: m.subnetId } };
    case 'Blockchain':
      return { kind: `Blockchain ${m.blockchainName}`, id: m.blockchainId, page: { page: 'subnet', network, subnetId: m.subnetId } };
    case 'L1Validator':
      return { kind: `L1 validator (${m.nodeId})`, id: m.validationId, page: { page: 'subnet', network, subnetId: m.subnetId } };
    case 'Validator':
      return {
        kind: 'Validator',
        id: m.nodeId,
        page: { page: 'validator', network, nodeId: m.nodeId as Extract<Page, { page: 'validator' }>['nodeId'] },
      };
    case 'Address':
      return {
        kind: 'Address',
        id: m.address,
        page: { page: 'address', network, address: m.address as Extract<Page, { page: 'address' }>['address'] },
      };
    case 'PrimaryNetworkBlock':
      return {
        kind: `${m.blockChain[0]}-Chain block ${m.blockNumber}`,
        id: m.blockHash,
        page: { page: 'block', network, chain: m.blockChain, blockHash: m.blockHash },
      };
    case 'XChainAsset':
      return { kind: `Asset ${m.name} (${m.symbol})`, id: m.assetId, page: { page: 'asset', network, assetId: m.assetId } };
    case 'EvmAddress': {
      const address = m.evmAddress as Extract<Page, { page: 'evm-address' }>['address'];
      const evmChainId = m.chain.evmChainId;
      return { kind: `EVM address on chain ${evmChainId}`, id: address, page: { page: 'evm-address', network, evmChainId, address } };
    }
    case 'EvmTransaction': {
      const evmChainId = m.chain.evmChainId;
      return {
        kind: `EVM transaction on chain ${evmChainId}`,
        id: m.evmTxHash,
        page: { page: 'evm-transaction', network, evmChainId, txHash: m.evmTxHash },
      };
    }
    case 'EvmBlock': {
      const evmChainId = m.chain.evmChainId;
      return {
        kind: `EVM block ${m.number} on chain ${evmChainId}`,
        id: m.hash,
        page: { page: 'evm-block', network, evmChainId, blockHash: m.hash },
      };
    }
    case 'EvmChain':
      return {
        kind: `EVM chain ${m.info?.name ?? ''}`.trim(),
        id: String(m.evmChainId),
        page: { page: 'evm-chain', network, evmChainId: m.evmChainId },
      };
    case 'IcmMessage':
      return { kind: 'ICM message', id: m.messageId, page: { page: 'icm-message', network, messageId: m.messageId } };
    default:
      return { kind: 'Unknown', id: '' };
  }
}

export function SearchPage({ network, query }: { network: Network; query: string }) {
  const [{ data, fetching, error }, retry] = useQuery({ query: SearchPageQuery, variables: { query, network: networkName(network) } });
  const matches = (data?.search ?? []).filter((m): m is Match => m !== null).map((m) => describe(m, network));
  const only = matches.length === 1 && !error?.graphQLErrors.length ? matches[0]!.page : undefined;
  useEffect(() => {
    // One match with a page: go there, in place of this page in the history.
    if (only) window.location.replace(href(only));
  }, [only]);
  if (fetching && !data) return <Loading what="the search" />;
  if (error && !data) return <RequestFailed error={error} onRetry={() => retry({ requestPolicy: 'network-only' })} />;
  return (
    <>
      <h1>
        Search <span className="id">{query}</span>
      </h1>
      {error && <PartialData errors={error.graphQLErrors} />}
      {matches.length === 0 ? (
        <p className="notice">Nothing on {network === 'fuji' ? 'Fuji' : 'Mainnet'} has this id.</p>
      ) : (
        <table className="search-results">
          <thead>
            <tr>
              <th>What</th>
              <th>Id</th>
            </tr>
          </thead>
          <tbody>
            {matches.map((m) => (
              <tr key={`${m.kind}:${m.id}`}>
                <td>{m.kind}</td>
                <td className="id">{m.page ? <a href={href(m.page)}>{m.id}</a> : m.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
