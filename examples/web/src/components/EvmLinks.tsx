/** Links to the EVM pages of one chain: an address, a transaction, a block. */
import type { Scalars } from '../gql/graphql';
import { href, type Network } from '../router';

type EvmHexAddress = Scalars['EvmHexAddress']['input'];

/** An EVM address on a chain: a link to its page on that chain when it has a 0x address's shape. */
export function EvmAddressLink({ value, evmChainId, network }: { value: string; evmChainId: number; network: Network }) {
  return /^0x[0-9a-fA-F]{40}$/.test(value) ? (
    <a className="id" href={href({ page: 'evm-address', network, evmChainId, address: value as EvmHexAddress })}>
      {value}
    </a>
  ) : (
    <span className="id">{value}</span>
  );
}

export function EvmTransactionLink({ txHash, evmChainId, network }: { txHash: string; evmChainId: number; network: Network }) {
  return (
    <a className="id" href={href({ page: 'evm-transaction', network, evmChainId, txHash })}>
      {txHash}
    </a>
  );
}

export function EvmBlockLink({
  blockHash,
  evmChainId,
  network,
  label,
}: {
  blockHash: string;
  evmChainId: number;
  network: Network;
  label?: string;
}) {
  return (
    <a className="id" href={href({ page: 'evm-block', network, evmChainId, blockHash })}>
      {label ?? blockHash}
    </a>
  );
}
