/**
 * Facts about Avalanche data that several layers need: which chains are EVMs, and the form the
 * Data API writes addresses in. Nothing here calls an upstream or knows GraphQL.
 */
import { EVM_VM_IDS, parseBech32Address } from './ids.js';

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

/** `avax1...` for `X-avax1...`: the form the Data API uses in its answers. */
export function canonicalAddress(address: string): string {
  if (address.startsWith('0x')) return address.toLowerCase();
  try {
    return parseBech32Address(address).canonical;
  } catch {
    return address;
  }
}
