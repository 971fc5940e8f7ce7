/** One interchain (ICM) message: where from and to, its status, when sent and the relayer's reward. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatTime, formatUnits, humanize } from '../format';
import type { Network } from '../router';
import { AddressLink } from './AddressLink';

export const IcmMessageRowFragment = graphql(`
  fragment IcmMessageRow_message on IcmMessage {
    messageId
    status
    from
    to
    sourceBlockchain {
      blockchainName
    }
    destinationBlockchain {
      blockchainName
    }
    sourceBlockchainId
    destinationBlockchainId
    sourceTransaction {
      timestamp
    }
    rewardDetails {
      symbol
      decimals
      value
    }
  }
`);

export function IcmMessageRow(props: { message: FragmentType<typeof IcmMessageRowFragment>; network: Network }) {
  const m = getFragmentData(IcmMessageRowFragment, props.message);
  return (
    <tr data-message-id={m.messageId}>
      <td>
        <div className="id">{m.messageId}</div>
        <div className="muted small">
          {m.sourceTransaction ? `sent ${formatTime(m.sourceTransaction.timestamp)}` : 'sending transaction not indexed'}
        </div>
      </td>
      <td>
        <div>
          {m.sourceBlockchain?.blockchainName ?? m.sourceBlockchainId} →{' '}
          {m.destinationBlockchain?.blockchainName ?? m.destinationBlockchainId}
        </div>
        <div className="small">
          from <AddressLink value={m.from} network={props.network} />
        </div>
        <div className="small">
          to <AddressLink value={m.to} network={props.network} />
        </div>
      </td>
      <td>{m.status ? humanize(m.status) : 'Unknown'}</td>
      <td className="num nowrap">
        {formatUnits(m.rewardDetails.value, m.rewardDetails.decimals)} {m.rewardDetails.symbol}
      </td>
    </tr>
  );
}
