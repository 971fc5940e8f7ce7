/** An EVM chain, in one request: what the chain registry says of it, its subnet, and its newest blocks. */
import { useQuery } from 'urql';
import { EvmBlockLink } from '../components/EvmLinks';
import { ListTable, numeric } from '../components/ListTable';
import { Lookup, scope } from '../components/Status';
import { formatTime, groupDigits } from '../format';
import { graphql } from '../gql';
import { href, networkName, type Network } from '../router';

const EvmChainPageQuery = graphql(`
  query EvmChainPage($network: NetworkName!, $evmChainId: SafeInt!) {
    network(name: $network) {
      evmChain(evmChainId: $evmChainId) {
        id
        evmChainId
        blockchainId
        info {
          name
          description
          vmName
          subnetId
          networkToken {
            name
            symbol
          }
        }
        blocks(first: 10) {
          nodes {
            id
            hash
            number
            timestamp
            transactionCount
          }
        }
      }
    }
  }
`);

export function EvmChainPage({ network, evmChainId }: { network: Network; evmChainId: number }) {
  const [result, reexecute] = useQuery({ query: EvmChainPageQuery, variables: { network: networkName(network), evmChainId } });
  const errors = result.error?.graphQLErrors ?? [];
  const chain = result.data?.network.evmChain;
  return (
    <>
      <h1>
        EVM chain {chain?.info?.name ?? ''} <span className="id">{evmChainId}</span>
      </h1>
      <Lookup
        result={result}
        found={chain}
        what="the chain"
        none={`There is no EVM chain ${evmChainId} on this network.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(c) => (
          <>
            <dl className="facts">
              {c.info?.description && (
                <>
                  <dt>About</dt>
                  <dd>{c.info.description}</dd>
                </>
              )}
              <dt>Blockchain</dt>
              <dd className="id">{c.blockchainId}</dd>
              {c.info?.subnetId && (
                <>
                  <dt>Subnet</dt>
                  <dd>
                    <a className="id" href={href({ page: 'subnet', network, subnetId: c.info.subnetId })}>
                      {c.info.subnetId}
                    </a>
                  </dd>
                </>
              )}
              {c.info && (
                <>
                  <dt>Native token</dt>
                  <dd>
                    {c.info.networkToken.name} ({c.info.networkToken.symbol})
                  </dd>
                  <dt>VM</dt>
                  <dd>{c.info.vmName}</dd>
                </>
              )}
            </dl>
            <h2>Newest blocks</h2>
            <ListTable
              what="Blocks"
              items={c.blocks?.nodes}
              errors={scope(errors, ['network', 'evmChain', 'blocks'])}
              empty="No blocks indexed."
              columns={[numeric('Height'), 'Block', 'Time', numeric('Transactions')]}
              row={(b) => (
                <tr key={b.hash}>
                  <td className="num">{groupDigits(b.number)}</td>
                  <td>
                    <EvmBlockLink blockHash={b.hash} evmChainId={c.evmChainId} network={network} />
                  </td>
                  <td className="nowrap">{formatTime(b.timestamp)}</td>
                  <td className="num">{b.transactionCount}</td>
                </tr>
              )}
              className="blocks"
            />
          </>
        )}
      </Lookup>
    </>
  );
}
