/** Every chain the addresses behind a transaction's UTXOs have touched, once each. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { chainName } from './ChainChips';

export const TouchedChainsFragment = graphql(`
  fragment TouchedChains_utxo on Utxo {
    addresses {
      chains {
        blockchainId
        primaryChain
        blockchain {
          blockchainName
        }
      }
    }
  }
`);

export function TouchedChains(props: { utxos: readonly FragmentType<typeof TouchedChainsFragment>[] }) {
  const utxos = getFragmentData(TouchedChainsFragment, props.utxos);
  const chains = new Map<string, string>();
  for (const chain of utxos.flatMap((u) => u.addresses.flatMap((a) => a.chains ?? []))) chains.set(chain.blockchainId, chainName(chain));
  if (!chains.size) return <p className="muted">No chains known for these addresses.</p>;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of chips, not form controls: a fieldset would say otherwise.
    <p className="chips" role="group" aria-label="Chains touched">
      {[...chains].map(([id, name]) => (
        <span className="chip" key={id} title={id}>
          {name}
        </span>
      ))}
    </p>
  );
}
