/**
 * A subnet, in one request: its blockchains with their status, fee config and validators' uptime
 * (from the node), and its validators: an L1's L1 validators with their P-Chain entries (from the
 * Data API and the P-Chain), another subnet's (the Primary Network's too) as the P-Chain has them,
 * with their uptime. Parts the node cannot give are noted in place; the rest of the page still
 * shows. A chain the node does not run says so on its card, without a notice at the top.
 *
 * The validators stay current while the page is open: the `subnetValidators` subscription brings
 * the set whenever a validator's weight changes, and Graphcache writes each event's validators
 * over the cached objects of the same `id`, so the rows on screen change in place, with no query
 * sent again and nothing done to the list here. The query asks for those ids for that reason.
 */
import type { ReactNode } from 'react';
import { useQuery, useSubscription } from 'urql';
import { AddressLink } from '../components/AddressLink';
import { BlockchainCard, notRunByNode } from '../components/BlockchainCard';
import { L1ValidatorRow } from '../components/L1ValidatorRow';
import { PChainValidatorRow } from '../components/PChainValidatorRow';
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
          status
          ...BlockchainCard_blockchain
        }
        currentValidators {
          id
          nodeId
          ...PChainValidatorRow_validator
        }
        l1Validators(first: 10) {
          pageInfo {
            hasNextPage
          }
          nodes {
            validationId
            pChainValidator {
              id
            }
            ...L1ValidatorRow_validator
          }
        }
      }
    }
  }
`);

/** The validators' fields both kinds of row show, by id: what an event has to refresh in the cache. */
const SubnetValidatorsLive = graphql(`
  subscription SubnetValidatorsLive($network: NetworkName!, $subnetId: CB58Id!) {
    subnetValidators(network: $network, subnetId: $subnetId) {
      id
      balance
      startTime
      ...PChainValidatorRow_validator
    }
  }
`);

/** The Primary Network's subnet id: the subnet of the P-, X- and C-Chain. */
const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
/** Validators listed on a subnet's page. */
const SHOWN_VALIDATORS = 10;

export function SubnetPage({ network, subnetId }: { network: Network; subnetId: string }) {
  const variables = { network: networkName(network), subnetId };
  const [result, reexecute] = useQuery({ query: SubnetPageQuery, variables });
  // Its events go into the normalised cache; the rows read them from there through the query.
  useSubscription({ query: SubnetValidatorsLive, variables, pause: !result.data?.network.subnet });
  const subnet = result.data?.network.subnet;
  const errors = result.error?.graphQLErrors ?? [];
  const at = ['network', 'subnet'];
  // What a card explains in place (the node does not run its chain) needs no notice at the top.
  const unexplained = errors.filter((e) => {
    const i = e.path?.[2] === 'blockchains' ? e.path[3] : undefined;
    return !(typeof i === 'number' && subnet?.blockchains[i] && notRunByNode(subnet.blockchains[i]));
  });

  let body: ReactNode;
  if (result.fetching) body = <Loading what="the subnet" />;
  else if (!result.data && result.error)
    body = <RequestFailed error={result.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  else if (!subnet) body = <p className="notice">There is no subnet {subnetId} on this network.</p>;
  else {
    body = (
      <>
        <PartialData errors={unexplained} />
        <dl className="facts">
          <dt>Kind</dt>
          <dd>
            {subnet.subnetId === PRIMARY_NETWORK_ID
              ? 'The Primary Network (the P-, X- and C-Chain; every validator validates it)'
              : subnet.isL1
                ? 'L1 (converted: validators managed by its own contract)'
                : 'Subnet (Primary Network validators)'}
          </dd>
          <dt>Created</dt>
          <dd>{formatTime(subnet.createBlockTimestamp)}</dd>
          {subnet.ownerAddresses.length > 0 && (
            <>
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
            </>
          )}
        </dl>
        <h2>Blockchains</h2>
        <div className="cards">
          {subnet.blockchains.map((b, i) => (
            <BlockchainCard key={b.blockchainId} blockchain={b} errors={scope(errors, [...at, 'blockchains', i])} />
          ))}
        </div>
        {subnet.isL1 ? (
          <>
            <h2>L1 validators</h2>
            <ListTable
              what="L1 validators"
              items={subnet.l1Validators?.nodes}
              errors={scope(errors, [...at, 'l1Validators'])}
              empty="No active L1 validators."
              columns={['Node and validation', numeric('Weight'), numeric('Remaining balance'), 'P-Chain entry', 'P-Chain transactions']}
              row={(v) => <L1ValidatorRow key={v.validationId} validator={v} network={network} />}
              className="validators"
            />
            {subnet.l1Validators?.pageInfo.hasNextPage && <p className="muted small">The first 10 validators are shown.</p>}
          </>
        ) : (
          <>
            <h2>Validators</h2>
            <ListTable
              what="Validators"
              items={subnet.currentValidators?.slice(0, SHOWN_VALIDATORS)}
              errors={scope(errors, [...at, 'currentValidators'])}
              empty="No validator validates this subnet now: its chains do not move."
              columns={['Node', numeric('Weight'), numeric('Uptime'), numeric('Delegators'), 'Until']}
              row={(v) => <PChainValidatorRow key={v.nodeId} validator={v} />}
              className="validators"
            />
            {(subnet.currentValidators?.length ?? 0) > SHOWN_VALIDATORS && (
              <p className="muted small">
                The first {SHOWN_VALIDATORS} of {subnet.currentValidators!.length} validators are shown.
              </p>
            )}
          </>
        )}
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
