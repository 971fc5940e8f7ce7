/** An EVM chain as the EVM pages name it: a link to its page, with its native token for amounts. */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import { href, type Network } from '../router';

export const EvmChainNameFragment = graphql(`
  fragment EvmChainName_chain on EvmChain {
    id
    evmChainId
    info {
      name
      networkToken {
        symbol
        decimals
      }
    }
  }
`);

/** The chain's native token, for amounts in its smallest unit; 18 decimals when the registry does not say. */
export function nativeToken(chain: FragmentType<typeof EvmChainNameFragment>): { symbol: string; decimals: number } {
  const c = getFragmentData(EvmChainNameFragment, chain);
  return { symbol: c.info?.networkToken.symbol ?? '', decimals: c.info?.networkToken.decimals ?? 18 };
}

export function EvmChainName({ chain, network }: { chain: FragmentType<typeof EvmChainNameFragment>; network: Network }) {
  const c = getFragmentData(EvmChainNameFragment, chain);
  return (
    <a href={href({ page: 'evm-chain', network, evmChainId: c.evmChainId })}>
      {c.info?.name ?? 'EVM chain'} ({c.evmChainId})
    </a>
  );
}
