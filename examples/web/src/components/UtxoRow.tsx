/**
 * A UTXO a transaction consumed or emitted: its amount, the chain it moved from or to when it
 * crossed chains, and the addresses that own it, each a link with the chains it has touched.
 */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { formatUnits } from '../format';
import type { Network } from '../router';
import { AddressLink } from './AddressLink';
import { ChainChips } from './ChainChips';

export const UtxoRowFragment = graphql(`
  fragment UtxoRow_utxo on Utxo {
    utxoId
    amount
    asset {
      symbol
      denomination
    }
    createdOnChainId
    consumedOnChainId
    addresses {
      address
      chains {
        ...ChainChip_chain
      }
    }
  }
`);

export function UtxoRow(props: { utxo: FragmentType<typeof UtxoRowFragment>; network: Network }) {
  const utxo = getFragmentData(UtxoRowFragment, props.utxo);
  const crossChain = utxo.createdOnChainId !== utxo.consumedOnChainId;
  return (
    <tr data-utxo-id={utxo.utxoId}>
      <td className="id">
        {utxo.utxoId}
        {crossChain && <div className="muted small">crosses chains</div>}
      </td>
      <td className="num nowrap">
        {formatUnits(utxo.amount, utxo.asset.denomination)} {utxo.asset.symbol}
      </td>
      <td>
        <ul className="plain">
          {utxo.addresses.map((a) => (
            <li key={a.address}>
              <AddressLink value={a.address} network={props.network} />{' '}
              {a.chains ? <ChainChips chains={a.chains} /> : <span className="muted">chains unavailable</span>}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
