/**
 * Which chain is which: the Primary Network's chains by id, and which chains are EVMs. Nothing
 * here calls an upstream or knows GraphQL.
 */
import { EVM_VM_IDS, type NetworkName, PRIMARY_CHAIN_IDS } from '../base/ids.js';

/**
 * The EVM chain id of an EVM chain; undefined for any other VM. The Data API reads `evmChainId`
 * from any JSON genesis with a `chainId`, custom VMs included, so the id alone proves nothing: the
 * chain must also run a known EVM or have a genesis the Data API parsed as an EVM genesis.
 */
export function evmChainIdOf(blockchain: { evmChainId?: number; vmId: string; genesisData?: unknown }): number | undefined {
  if (blockchain.evmChainId === undefined) return undefined;
  const evm = EVM_VM_IDS.has(blockchain.vmId) || (blockchain.genesisData !== null && typeof blockchain.genesisData === 'object');
  return evm ? blockchain.evmChainId : undefined;
}

/** Which Primary Network chain an id names on a network, if any. */
export function primaryChainOf(network: NetworkName, blockchainId: string): 'p-chain' | 'x-chain' | 'c-chain' | null {
  const ids = PRIMARY_CHAIN_IDS[network];
  if (blockchainId === ids.p) return 'p-chain';
  if (blockchainId === ids.x) return 'x-chain';
  if (blockchainId === ids.c) return 'c-chain';
  return null;
}
