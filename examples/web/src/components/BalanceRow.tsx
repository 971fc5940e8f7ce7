/** An address's balance of one asset on the X-Chain, as the node counts its UTXOs. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatUnits } from '../format';

export const BalanceRowFragment = graphql(`
  fragment BalanceRow_balance on XChainBalance {
    assetId
    asset {
      name
      symbol
      denomination
    }
    unlocked
    locked
    utxoCount
  }
`);

export function BalanceRow(props: { balance: FragmentType<typeof BalanceRowFragment> }) {
  const b = getFragmentData(BalanceRowFragment, props.balance);
  // Without its description the asset's denomination is unknown: show raw units rather than guess.
  const amount = (value: string) => (b.asset ? `${formatUnits(value, b.asset.denomination)} ${b.asset.symbol}` : `${value} units`);
  return (
    <tr data-asset-id={b.assetId}>
      <td>{b.asset ? `${b.asset.name} (${b.asset.symbol})` : <span className="id">{b.assetId}</span>}</td>
      <td className="num">{amount(b.unlocked)}</td>
      <td className="num">{amount(b.locked)}</td>
      <td className="num">{b.utxoCount}</td>
    </tr>
  );
}
