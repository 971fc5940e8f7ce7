/**
 * An interchain (ICM) message, in one request: its route between two chains, its status, the
 * transactions that sent and delivered it (each a link to its page on its chain), and the reward.
 */
import { useQuery } from 'urql';
import { EvmAddressLink, EvmTransactionLink } from '../components/EvmLinks';
import { Lookup } from '../components/Status';
import { formatTime, formatUnits, groupDigits, humanize } from '../format';
import { graphql } from '../gql';
import { href, networkName, type Network } from '../router';

const IcmMessagePageQuery = graphql(`
  query IcmMessagePage($network: NetworkName!, $messageId: String!) {
    network(name: $network) {
      icmMessage(messageId: $messageId) {
        id
        messageId
        status
        messageNonce
        from
        to
        sourceEvmChainId
        destinationEvmChainId
        sourceBlockchain {
          blockchainName
        }
        destinationBlockchain {
          blockchainName
        }
        sourceBlockchainId
        destinationBlockchainId
        sourceTransaction {
          txHash
          timestamp
        }
        destinationTransaction {
          txHash
          timestamp
        }
        rewardDetails {
          symbol
          decimals
          value
        }
      }
    }
  }
`);

/** A chain's EVM chain id as the message carries it, when it is one. */
const chainId = (value: string): number | undefined => (/^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : undefined);

export function IcmMessagePage({ network, messageId }: { network: Network; messageId: string }) {
  const [result, reexecute] = useQuery({ query: IcmMessagePageQuery, variables: { network: networkName(network), messageId } });
  return (
    <>
      <h1>
        ICM message <span className="id">{messageId}</span>
      </h1>
      <Lookup
        result={result}
        found={result.data?.network.icmMessage}
        what="the message"
        none={`There is no ICM message ${messageId} on this network.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(m) => {
          const source = chainId(m.sourceEvmChainId);
          const destination = chainId(m.destinationEvmChainId);
          const chain = (id: number | undefined, name: string | undefined, blockchainId: string) =>
            id === undefined ? (name ?? blockchainId) : <a href={href({ page: 'evm-chain', network, evmChainId: id })}>{name ?? id}</a>;
          return (
            <dl className="facts">
              <dt>Status</dt>
              <dd>{m.status ? humanize(m.status) : 'Unknown'}</dd>
              <dt>Route</dt>
              <dd>
                {chain(source, m.sourceBlockchain?.blockchainName, m.sourceBlockchainId)} →{' '}
                {chain(destination, m.destinationBlockchain?.blockchainName, m.destinationBlockchainId)}
              </dd>
              <dt>From</dt>
              <dd>{source === undefined ? m.from : <EvmAddressLink value={m.from} evmChainId={source} network={network} />}</dd>
              <dt>To</dt>
              <dd>{destination === undefined ? m.to : <EvmAddressLink value={m.to} evmChainId={destination} network={network} />}</dd>
              <dt>Nonce</dt>
              <dd>{groupDigits(m.messageNonce)}</dd>
              <dt>Sent</dt>
              <dd>
                {m.sourceTransaction && source !== undefined ? (
                  <>
                    {formatTime(m.sourceTransaction.timestamp)} in{' '}
                    <EvmTransactionLink txHash={m.sourceTransaction.txHash} evmChainId={source} network={network} />
                  </>
                ) : (
                  'Sending transaction not indexed'
                )}
              </dd>
              <dt>Delivered</dt>
              <dd>
                {m.destinationTransaction && destination !== undefined ? (
                  <>
                    {formatTime(m.destinationTransaction.timestamp)} in{' '}
                    <EvmTransactionLink txHash={m.destinationTransaction.txHash} evmChainId={destination} network={network} />
                  </>
                ) : (
                  'Not yet'
                )}
              </dd>
              <dt>Relayer reward</dt>
              <dd>
                {formatUnits(m.rewardDetails.value, m.rewardDetails.decimals)} {m.rewardDetails.symbol}
              </dd>
            </dl>
          );
        }}
      </Lookup>
    </>
  );
}
