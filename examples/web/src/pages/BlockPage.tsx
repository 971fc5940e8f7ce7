/**
 * A P- or X-Chain block as the Data API indexes it, in one request: its height, time, proposer
 * and parent, and its transactions, each a link to its page.
 */
import { useQuery } from 'urql';
import { Lookup } from '../components/Status';
import { formatTime, groupDigits } from '../format';
import { graphql } from '../gql';
import type { PrimaryNetworkChain, Scalars } from '../gql/graphql';
import { href, networkName, type Network } from '../router';

const BlockPageQuery = graphql(`
  query BlockPage($network: NetworkName!, $chain: PrimaryNetworkChain!, $blockHash: CB58Id!) {
    network(name: $network) {
      primaryNetworkBlock(chain: $chain, blockHash: $blockHash) {
        id
        blockHash
        blockNumber
        blockTimestamp
        blockType
        blockSizeBytes
        parentHash
        txCount
        proposer {
          nodeId
        }
        transactions {
          txHash
          txType
        }
      }
    }
  }
`);

const CHAIN_NAMES: Record<PrimaryNetworkChain, string> = { X_CHAIN: 'X-Chain', P_CHAIN: 'P-Chain', C_CHAIN: 'C-Chain' };

export function BlockPage({ network, chain, blockHash }: { network: Network; chain: PrimaryNetworkChain; blockHash: string }) {
  const [result, reexecute] = useQuery({ query: BlockPageQuery, variables: { network: networkName(network), chain, blockHash } });
  return (
    <>
      <h1>
        {CHAIN_NAMES[chain]} block <span className="id">{blockHash}</span>
      </h1>
      <Lookup
        result={result}
        found={result.data?.network.primaryNetworkBlock}
        what="the block"
        none={`There is no block ${blockHash} on the ${CHAIN_NAMES[chain]}.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(block) => (
          <>
            <dl className="facts">
              <dt>Height</dt>
              <dd>{groupDigits(block.blockNumber)}</dd>
              <dt>Time</dt>
              <dd>{formatTime(block.blockTimestamp)}</dd>
              <dt>Type</dt>
              <dd>{block.blockType}</dd>
              <dt>Size</dt>
              <dd>{groupDigits(String(block.blockSizeBytes))} bytes</dd>
              {block.proposer?.nodeId && (
                <>
                  <dt>Proposer</dt>
                  <dd>
                    <a
                      className="id"
                      href={href({ page: 'validator', network, nodeId: block.proposer.nodeId as Scalars['NodeID']['input'] })}
                    >
                      {block.proposer.nodeId}
                    </a>
                  </dd>
                </>
              )}
              <dt>Parent</dt>
              <dd>
                <a className="id" href={href({ page: 'block', network, chain, blockHash: block.parentHash })}>
                  {block.parentHash}
                </a>
              </dd>
            </dl>
            <h2>
              Transactions <span className="count">({block.txCount})</span>
            </h2>
            {block.transactions.length === 0 ? (
              <p className="muted empty">No transactions.</p>
            ) : (
              <table aria-label="Transactions">
                <thead>
                  <tr>
                    <th>Transaction</th>
                    <th>Type</th>
                  </tr>
                </thead>
                <tbody>
                  {block.transactions.map((tx) => (
                    <tr key={tx.txHash}>
                      <td>
                        <a className="id" href={href({ page: 'transaction', network, chain, txHash: tx.txHash })}>
                          {tx.txHash}
                        </a>
                      </td>
                      <td>{tx.txType}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Lookup>
    </>
  );
}
