/** One validator of a chain as the chain's own node sees it: weight, uptime, whether active. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatPercent, groupDigits } from '../format';

export const ValidatorUptimeRowFragment = graphql(`
  fragment ValidatorUptimeRow_validator on ChainValidator {
    nodeId
    weight
    uptimePercentage
    isActive
    isConnected
  }
`);

export function ValidatorUptimeRow(props: { validator: FragmentType<typeof ValidatorUptimeRowFragment> }) {
  const v = getFragmentData(ValidatorUptimeRowFragment, props.validator);
  return (
    <tr data-node-id={v.nodeId}>
      <td className="id">{v.nodeId}</td>
      <td className="num">{groupDigits(v.weight)}</td>
      <td className="num">{formatPercent(v.uptimePercentage)}</td>
      <td>
        {v.isActive ? 'yes' : 'no'}
        {v.isConnected ? '' : ' (disconnected)'}
      </td>
    </tr>
  );
}
