/**
 * A subnet, in one request: its blockchains with their status, fee config and validators' uptime
 * (from the node), and its L1 validators with their P-Chain entries (from the Data API and the
 * P-Chain). Parts the node cannot give are noted in place; the rest of the page still shows.
 */
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { AddressLink } from '../components/AddressLink';
import { BlockchainCard } from '../components/BlockchainCard';
import { L1ValidatorRow } from '../components/L1ValidatorRow';
import { ListTable, numeric } from '../components/ListTable';
import { Loading, PartialData, RequestFailed, scope } from '../components/Status';
import { formatTime } from '../format';
import { graphql } from '../gql';
import { networkName, type Network } from '../router';

const SubnetPageQuery = graphql(`
  query SubnetPage($network: NetworkName!, $subnetId: CB58Id!) {
    network(name: $network) {
      subnet(subnetId: $subnetId) {
        subnetId
        isL1
        createBlockTimestamp
        threshold
        ownerAddresses {
          address
        }
        blockchains {
          blockchainId
          ...BlockchainCard_blockchain
        }
        l1Validators(first: 10) {
          pageInfo {
            hasNextPage
          }
          nodes {
            validationId
            ...L1ValidatorRow_validator
          }
        }
      }
    }
  }
`);

export function SubnetPage({ network, subnetId }: { network: Network; subnetId: string }) {
  const [result, reexecute] = useQuery({ query: SubnetPageQuery, variables: { network: networkName(network), subnetId } });
  const subnet = result.data?.network.subnet;
  const errors = result.error?.graphQLErrors ?? [];
  const at = ['network', 'subnet'];

  let body: ReactNode;
  if (result.fetching) body = <Loading what="the subnet" />;
  else if (!result.data && result.error)
    body = <RequestFailed error={result.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  else if (!subnet) body = <p className="notice">There is no subnet {subnetId} on this network.</p>;
  else {
    body = (
      <>
        <PartialData errors={errors} />
        <dl className="facts">
          <dt>Kind</dt>
          <dd>{subnet.isL1 ? 'L1 (converted: validators managed by its own contract)' : 'Subnet (Primary Network validators)'}</dd>
          <dt>Created</dt>
          <dd>{formatTime(subnet.createBlockTimestamp)}</dd>
          <dt>Owners</dt>
          <dd>
            {subnet.threshold} of{' '}
            {subnet.ownerAddresses.map((o, i) => (
              <span key={o.address}>
                {i > 0 && ', '}
                <AddressLink value={o.address} network={network} />
              </span>
            ))}
          </dd>
        </dl>
        <h2>Blockchains</h2>
        <div className="cards">
          {subnet.blockchains.map((b, i) => (
            <BlockchainCard key={b.blockchainId} blockchain={b} errors={scope(errors, [...at, 'blockchains', i])} />
          ))}
        </div>
        <h2>L1 validators</h2>
        <ListTable
          what="L1 validators"
          items={subnet.l1Validators?.nodes}
          errors={scope(errors, [...at, 'l1Validators'])}
          empty={subnet.isL1 ? 'No active L1 validators.' : 'A subnet that is not an L1 has no L1 validators.'}
          columns={['Node and validation', numeric('Weight'), numeric('Remaining balance'), 'P-Chain entry', 'P-Chain transactions']}
          row={(v) => <L1ValidatorRow key={v.validationId} validator={v} network={network} />}
          className="validators"
        />
        {subnet.l1Validators?.pageInfo.hasNextPage && <p className="muted small">The first 10 validators are shown.</p>}
      </>
    );
  }

  return (
    <>
      <h1>
        Subnet <span className="id">{subnetId}</span>
      </h1>
      {body}
    </>
  );
}
