/** An EVM transaction on one chain, in one request: its block, parties, value, gas and status. */
import { useQuery } from 'urql';
import { EvmChainName, nativeToken } from '../components/EvmChainName';
import { EvmAddressLink, EvmBlockLink } from '../components/EvmLinks';
import { Lookup } from '../components/Status';
import { formatTime, formatUnits, groupDigits, humanize } from '../format';
import { graphql } from '../gql';
import { networkName, type Network } from '../router';

const EvmTransactionPageQuery = graphql(`
  query EvmTransactionPage($network: NetworkName!, $evmChainId: SafeInt!, $txHash: String!) {
    network(name: $network) {
      evmChain(evmChainId: $evmChainId) {
        ...EvmChainName_chain
        transaction(txHash: $txHash) {
          id
          txHash
          status
          blockNumber
          blockHash
          blockTimestamp
          from {
            address
            name
          }
          to {
            address
            name
          }
          value
          nonce
          gasUsed
          gasPrice
          method {
            callType
            methodName
            methodHash
          }
        }
      }
    }
  }
`);

export function EvmTransactionPage({ network, evmChainId, txHash }: { network: Network; evmChainId: number; txHash: string }) {
  const [result, reexecute] = useQuery({
    query: EvmTransactionPageQuery,
    variables: { network: networkName(network), evmChainId, txHash },
  });
  const chain = result.data?.network.evmChain;
  return (
    <>
      <h1>
        EVM transaction <span className="id">{txHash}</span>
      </h1>
      <Lookup
        result={result}
        found={chain?.transaction}
        what="the transaction"
        none={chain ? `There is no transaction ${txHash} on chain ${evmChainId}.` : `There is no EVM chain ${evmChainId} on this network.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(tx) => {
          const token = nativeToken(chain!);
          return (
            <dl className="facts">
              <dt>Chain</dt>
              <dd>
                <EvmChainName chain={chain!} network={network} />
              </dd>
              <dt>Status</dt>
              <dd>{tx.status ? humanize(tx.status) : 'Unknown'}</dd>
              <dt>Block</dt>
              <dd>
                <EvmBlockLink blockHash={tx.blockHash} evmChainId={evmChainId} network={network} label={groupDigits(tx.blockNumber)} />
              </dd>
              <dt>Time</dt>
              <dd>{formatTime(tx.blockTimestamp)}</dd>
              <dt>From</dt>
              <dd>
                <EvmAddressLink value={tx.from.address} evmChainId={evmChainId} network={network} /> {tx.from.name}
              </dd>
              <dt>To</dt>
              <dd>
                <EvmAddressLink value={tx.to.address} evmChainId={evmChainId} network={network} /> {tx.to.name}
              </dd>
              {tx.method && (
                <>
                  <dt>Method</dt>
                  <dd>
                    {/* A native transfer calls no method: its kind says what it did. */}
                    {tx.method.methodName || (tx.method.callType ? humanize(tx.method.callType) : tx.method.methodHash)}
                  </dd>
                </>
              )}
              <dt>Value</dt>
              <dd>
                {formatUnits(tx.value, token.decimals)} {token.symbol}
              </dd>
              <dt>Gas</dt>
              <dd>
                {groupDigits(tx.gasUsed)} at {formatUnits(tx.gasPrice, 9)} gwei
              </dd>
              <dt>Nonce</dt>
              <dd>{groupDigits(tx.nonce)}</dd>
            </dl>
          );
        }}
      </Lookup>
    </>
  );
}
