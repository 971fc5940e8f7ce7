/** An EVM address on one chain, in one request: its native balance and its newest transactions there. */
import { useQuery } from 'urql';
import { EvmChainName, nativeToken } from '../components/EvmChainName';
import { EvmAddressLink, EvmTransactionLink } from '../components/EvmLinks';
import { ListTable, numeric } from '../components/ListTable';
import { Lookup, scope, Unavailable } from '../components/Status';
import { formatTime, formatUnits } from '../format';
import { graphql } from '../gql';
import type { Scalars } from '../gql/graphql';
import { href, networkName, type Network } from '../router';

const EvmAddressPageQuery = graphql(`
  query EvmAddressPage($network: NetworkName!, $evmChainId: SafeInt!, $address: EvmHexAddress!) {
    network(name: $network) {
      evmChain(evmChainId: $evmChainId) {
        ...EvmChainName_chain
        address(address: $address) {
          id
          address
          nativeBalance {
            balance
            decimals
            symbol
          }
          transactions(first: 10) {
            pageInfo {
              hasNextPage
            }
            nodes {
              transaction {
                id
                txHash
                blockTimestamp
                from {
                  address
                }
                to {
                  address
                }
                value
              }
            }
          }
        }
      }
    }
  }
`);

export function EvmAddressPage(props: { network: Network; evmChainId: number; address: Scalars['EvmHexAddress']['input'] }) {
  const { network, evmChainId, address } = props;
  const [result, reexecute] = useQuery({
    query: EvmAddressPageQuery,
    variables: { network: networkName(network), evmChainId, address },
  });
  const errors = result.error?.graphQLErrors ?? [];
  const at = ['network', 'evmChain', 'address'];
  return (
    <>
      <h1>
        EVM address <span className="id">{address}</span>
      </h1>
      <Lookup
        result={result}
        found={result.data?.network.evmChain}
        what="the address"
        none={`There is no EVM chain ${evmChainId} on this network.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(chain) => {
          const token = nativeToken(chain);
          const balance = chain.address.nativeBalance;
          return (
            <>
              <dl className="facts">
                <dt>Chain</dt>
                <dd>
                  <EvmChainName chain={chain} network={network} />
                </dd>
                <dt>Balance</dt>
                <dd>
                  {balance ? (
                    `${formatUnits(balance.balance, balance.decimals)} ${balance.symbol}`
                  ) : (
                    <Unavailable what="Balance" errors={scope(errors, [...at, 'nativeBalance'])} />
                  )}
                </dd>
                <dt>Other pages</dt>
                <dd>
                  <a href={href({ page: 'address', network, address })}>Its ICM messages</a>
                </dd>
              </dl>
              <h2>Newest transactions</h2>
              <ListTable
                what="Transactions"
                items={chain.address.transactions?.nodes}
                errors={scope(errors, [...at, 'transactions'])}
                empty="No transactions on this chain."
                columns={['Transaction', 'From → to', numeric('Value'), 'Time']}
                row={({ transaction: tx }) => (
                  <tr key={tx.txHash}>
                    <td>
                      <EvmTransactionLink txHash={tx.txHash} evmChainId={evmChainId} network={network} />
                    </td>
                    <td className="small">
                      <EvmAddressLink value={tx.from.address} evmChainId={evmChainId} network={network} /> →{' '}
                      <EvmAddressLink value={tx.to.address} evmChainId={evmChainId} network={network} />
                    </td>
                    <td className="num nowrap">
                      {formatUnits(tx.value, token.decimals)} {token.symbol}
                    </td>
                    <td className="nowrap">{formatTime(tx.blockTimestamp)}</td>
                  </tr>
                )}
                className="transactions"
              />
              {chain.address.transactions?.pageInfo.hasNextPage && <p className="muted small">The newest 10 transactions are shown.</p>}
            </>
          );
        }}
      </Lookup>
    </>
  );
}
