/** The chains an address has touched, as the Data API lists them: one chip each, by name. */
import { getFragmentData, graphql, type FragmentType } from '../gql';

export const ChainChipFragment = graphql(`
  fragment ChainChip_chain on AddressChain {
    blockchainId
    primaryChain
    blockchain {
      blockchainName
    }
  }
`);

const PRIMARY_NAMES = { X_CHAIN: 'X-Chain', P_CHAIN: 'P-Chain', C_CHAIN: 'C-Chain' } as const;

/** The name a person knows a chain by: its own, the Primary Network's, or its id. */
export function chainName(chain: {
  blockchainId: string;
  primaryChain?: keyof typeof PRIMARY_NAMES | null;
  blockchain?: { blockchainName: string } | null;
}) {
  return chain.blockchain?.blockchainName ?? (chain.primaryChain ? PRIMARY_NAMES[chain.primaryChain] : chain.blockchainId);
}

export function ChainChips(props: { chains: readonly FragmentType<typeof ChainChipFragment>[] }) {
  const chains = getFragmentData(ChainChipFragment, props.chains);
  if (!chains.length) return <span className="muted">no chains</span>;
  return (
    <span className="chips">
      {chains.map((c) => (
        <span className="chip" key={c.blockchainId} title={c.blockchainId}>
          {chainName(c)}
        </span>
      ))}
    </span>
  );
}
