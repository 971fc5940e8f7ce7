/**
 * A node's newest validation (of any subnet), in one request: its subnet, stake or weight,
 * delegations, uptime and time span, and the P-Chain transaction that added it.
 */
import { useQuery } from 'urql';
import { Lookup } from '../components/Status';
import { formatAvax, formatPercent, formatTime, groupDigits, humanize } from '../format';
import { graphql } from '../gql';
import type { Scalars } from '../gql/graphql';
import { href, networkName, type Network } from '../router';

const ValidatorPageQuery = graphql(`
  query ValidatorPage($network: NetworkName!, $nodeId: NodeID!) {
    network(name: $network) {
      validator(nodeId: $nodeId) {
        id
        nodeId
        subnetId
        isPrimaryNetwork
        validationStatus
        txHash
        amountStaked
        amountDelegated
        delegatorCount
        delegationFee
        uptimePerformance
        startTimestamp
        endTimestamp
        avalancheGoVersion
      }
    }
  }
`);

export function ValidatorPage({ network, nodeId }: { network: Network; nodeId: Scalars['NodeID']['input'] }) {
  const [result, reexecute] = useQuery({ query: ValidatorPageQuery, variables: { network: networkName(network), nodeId } });
  return (
    <>
      <h1>
        Validator <span className="id">{nodeId}</span>
      </h1>
      <Lookup
        result={result}
        found={result.data?.network.validator}
        what="the validator"
        none={`${nodeId} never validated on this network.`}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      >
        {(v) => (
          <>
            <p className="muted">Its newest validation.</p>
            <dl className="facts">
              <dt>Status</dt>
              <dd>{humanize(v.validationStatus)}</dd>
              <dt>Subnet</dt>
              <dd>
                <a className="id" href={href({ page: 'subnet', network, subnetId: v.subnetId })}>
                  {v.subnetId}
                </a>
              </dd>
              {/* A subnet's validator has a weight its owner gave it, not AVAX at stake. */}
              <dt>{v.isPrimaryNetwork ? 'Staked' : 'Weight'}</dt>
              <dd>{v.isPrimaryNetwork ? formatAvax(v.amountStaked) : groupDigits(v.amountStaked)}</dd>
              {v.amountDelegated != null && (
                <>
                  <dt>Delegated</dt>
                  <dd>
                    {formatAvax(v.amountDelegated)} by {v.delegatorCount ?? 0} delegators
                  </dd>
                </>
              )}
              {v.delegationFee != null && (
                <>
                  <dt>Delegation fee</dt>
                  <dd>{formatPercent(v.delegationFee)}</dd>
                </>
              )}
              {v.uptimePerformance != null && (
                <>
                  <dt>Uptime</dt>
                  <dd>{formatPercent(v.uptimePerformance)}</dd>
                </>
              )}
              <dt>From</dt>
              <dd>{formatTime(v.startTimestamp)}</dd>
              <dt>Until</dt>
              <dd>{formatTime(v.endTimestamp)}</dd>
              {v.avalancheGoVersion && (
                <>
                  <dt>Version</dt>
                  <dd>{v.avalancheGoVersion}</dd>
                </>
              )}
              <dt>Added by</dt>
              <dd>
                <a className="id" href={href({ page: 'transaction', network, chain: 'P_CHAIN', txHash: v.txHash })}>
                  {v.txHash}
                </a>
              </dd>
            </dl>
          </>
        )}
      </Lookup>
    </>
  );
}
