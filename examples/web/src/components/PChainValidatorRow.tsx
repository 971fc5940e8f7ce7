/**
 * One validator of a subnet as the P-Chain has it (platform.getCurrentValidators): its weight,
 * its uptime as the node measured it, its delegators on the Primary Network, and until when.
 */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatPercent, formatTime, groupDigits } from '../format';

export const PChainValidatorRowFragment = graphql(`
  fragment PChainValidatorRow_validator on PChainValidator {
    nodeId
    weight
    uptime
    connected
    delegatorCount
    endTime
  }
`);

export function PChainValidatorRow(props: { validator: FragmentType<typeof PChainValidatorRowFragment> }) {
  const v = getFragmentData(PChainValidatorRowFragment, props.validator);
  return (
    <tr data-node-id={v.nodeId}>
      <td className="id">{v.nodeId}</td>
      <td className="num">{groupDigits(v.weight)}</td>
      <td className="num">
        {v.uptime != null ? formatPercent(v.uptime) : '—'}
        {v.connected === false ? ' (disconnected)' : ''}
      </td>
      <td className="num">{v.delegatorCount ?? '—'}</td>
      <td className="nowrap">{v.endTime != null ? formatTime(v.endTime) : '—'}</td>
    </tr>
  );
}
