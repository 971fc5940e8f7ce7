/** One subnet in the list: its id (a link to its page), whether it is an L1, its chains, its age. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatTime } from '../format';
import { href, type Network } from '../router';

export const SubnetRowFragment = graphql(`
  fragment SubnetRow_subnet on Subnet {
    subnetId
    isL1
    createBlockTimestamp
    blockchains {
      blockchainId
      blockchainName
    }
  }
`);

export function SubnetRow(props: { subnet: FragmentType<typeof SubnetRowFragment>; network: Network }) {
  const subnet = getFragmentData(SubnetRowFragment, props.subnet);
  return (
    <tr data-subnet-id={subnet.subnetId}>
      <td>
        <a className="id" href={href({ page: 'subnet', network: props.network, subnetId: subnet.subnetId })}>
          {subnet.subnetId}
        </a>
      </td>
      <td>{subnet.isL1 ? <span className="badge l1">L1</span> : <span className="badge">Subnet</span>}</td>
      <td>{subnet.blockchains.map((b) => b.blockchainName).join(', ') || '—'}</td>
      <td className="nowrap">{formatTime(subnet.createBlockTimestamp)}</td>
    </tr>
  );
}
