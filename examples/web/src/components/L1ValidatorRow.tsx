/**
 * One L1 validator of a subnet, with its entry in the P-Chain's current validator set (balance,
 * since when) and its latest P-Chain transactions, each a link to the transaction's page.
 */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatAvax, formatTime, groupDigits } from '../format';
import { href, type Network } from '../router';

export const L1ValidatorRowFragment = graphql(`
  fragment L1ValidatorRow_validator on L1Validator {
    validationId
    nodeId
    weight
    remainingBalance
    pChainValidator {
      weight
      balance
      startTime
      connected
    }
    transactions(first: 3) {
      nodes {
        txHash
        txType
        blockTimestamp
      }
    }
  }
`);

export function L1ValidatorRow(props: { validator: FragmentType<typeof L1ValidatorRowFragment>; network: Network }) {
  const v = getFragmentData(L1ValidatorRowFragment, props.validator);
  const entry = v.pChainValidator;
  return (
    <tr data-validation-id={v.validationId}>
      <td>
        <div className="id">{v.nodeId}</div>
        <div className="id muted small" title="Validation id">
          {v.validationId}
        </div>
      </td>
      <td className="num">{groupDigits(v.weight)}</td>
      <td className="num">{formatAvax(v.remainingBalance)}</td>
      <td>
        {entry ? (
          <>
            <div>
              weight {groupDigits(entry.weight)}
              {entry.balance != null && <>, balance {formatAvax(entry.balance)}</>}
            </div>
            {entry.startTime != null && <div className="muted small">since {formatTime(entry.startTime)}</div>}
          </>
        ) : (
          <span className="muted">not in the current set</span>
        )}
      </td>
      <td>
        <ul className="plain">
          {(v.transactions?.nodes ?? []).map((tx) => (
            <li key={tx.txHash}>
              <a href={href({ page: 'transaction', network: props.network, chain: 'P_CHAIN', txHash: tx.txHash })}>{tx.txType}</a>{' '}
              <span className="muted small">{formatTime(tx.blockTimestamp)}</span>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
