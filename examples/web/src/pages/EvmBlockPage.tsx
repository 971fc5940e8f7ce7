/** An EVM block on one chain, in one request: its height, time, gas and parent, and its first transactions. */
import { useQuery } from 'urql';
import { EvmChainName, nativeToken } from '../components/EvmChainName';
import { EvmAddressLink, EvmBlockLink, EvmTransactionLink } from '../components/EvmLinks';
import { ListTable, numeric } from '../components/ListTable';
import { Lookup, scope } from '../components/Status';
import { formatTime, formatUnits, groupDigits } from '../format';
import { graphql } from '../gql';
import { networkName, type Network } from '../router';

const EvmBlockPageQuery = graphql(`
  query EvmBlockPage($network: NetworkName!, $evmChainId: SafeInt!, $blockHash: String!) {
    network(name: $network) {
      evmChain(evmChainId: $evmChainId) {
        ...EvmChainName_chain
        block(hash: $blockHash) {
          id
          hash
          number
          timestamp
          parentHash
          transactionCount
          gasUsed
          gasLimit
          baseFee
          transactions(first: 10) {
            nodes {
              id
              txHash
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
`);

export function EvmBlockPage({ network, evmChainId, blockHash }: { network: Network; evmChainId: number; blockHash: string }) {
  const [result, reexecute] = useQuery({
    query: EvmBlockPageQuery,
    variables: { network: networkName(network), evmChainId, blockHash },
  });
  const chain = result.data?.network.evmChain;
  const errors = result.error?.graphQLErrors ?? [];
  return (
    <>
      <h1>
        EVM block <span className="id">{blockHash}</span>
      </h1>
      <Lookup
        result={result}
        found={chain?.block}
        what="the block"
        none={chain ? `There is no block ${blockHash} on chain ${evmChainId}.` : `There is no EVM chain ${evmChainId} on this network.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(block) => {
          const token = nativeToken(chain!);
          return (
            <>
              <dl className="facts">
                <dt>Chain</dt>
                <dd>
                  <EvmChainName chain={chain!} network={network} />
                </dd>
                <dt>Height</dt>
                <dd>{groupDigits(block.number)}</dd>
                <dt>Time</dt>
                <dd>{formatTime(block.timestamp)}</dd>
                <dt>Gas</dt>
                <dd>
                  {groupDigits(block.gasUsed)} of {groupDigits(block.gasLimit)}, base fee {formatUnits(block.baseFee, 9)} gwei
                </dd>
                <dt>Parent</dt>
                <dd>
                  <EvmBlockLink blockHash={block.parentHash} evmChainId={evmChainId} network={network} />
                </dd>
              </dl>
              <h2>
                Transactions <span className="count">({block.transactionCount})</span>
              </h2>
              <ListTable
                what="Transactions"
                items={block.transactions?.nodes}
                errors={scope(errors, ['network', 'evmChain', 'block', 'transactions'])}
                empty="No transactions."
                columns={['Transaction', 'From → to', numeric('Value')]}
                row={(tx) => (
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
                  </tr>
                )}
                className="transactions"
              />
              {block.transactionCount > 10 && <p className="muted small">The first 10 transactions are shown.</p>}
            </>
          );
        }}
      </Lookup>
    </>
  );
}
