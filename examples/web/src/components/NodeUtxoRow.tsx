/** One UTXO an address can spend on the X-Chain, decoded by the node; its transaction is a link. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatUnits } from '../format';
import { href, type Network } from '../router';

export const NodeUtxoRowFragment = graphql(`
  fragment NodeUtxoRow_utxo on NodeUtxo {
    utxoId
    txId
    outputIndex
    outputType
    amount
    asset {
      symbol
      denomination
    }
    sourceChain
  }
`);

export function NodeUtxoRow(props: { utxo: FragmentType<typeof NodeUtxoRowFragment>; network: Network }) {
  const u = getFragmentData(NodeUtxoRowFragment, props.utxo);
  return (
    <tr data-utxo-id={u.utxoId}>
      <td className="id">{u.utxoId}</td>
      <td className="num nowrap">
        {u.amount != null && u.asset ? `${formatUnits(u.amount, u.asset.denomination)} ${u.asset.symbol}` : u.outputType}
      </td>
      <td>
        {/* An atomic UTXO was created by an export on its source chain; the others on the X-Chain. */}
        {u.sourceChain ? (
          <span className="id muted">{u.txId}</span>
        ) : (
          <a className="id" href={href({ page: 'transaction', network: props.network, chain: 'X_CHAIN', txHash: u.txId })}>
            {u.txId}
          </a>
        )}
        <span className="muted small"> output {u.outputIndex}</span>
      </td>
    </tr>
  );
}
