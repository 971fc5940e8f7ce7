/**
 * The explorer's routes, kept in the URL's hash (`#/mainnet/subnets/…`) so that the built app
 * is plain static files any server can host, with no rewrite rules. Each route names its network,
 * so one link works for mainnet and Fuji alike.
 */
import { useSyncExternalStore } from 'react';
import type { NetworkName, PrimaryNetworkChain, Scalars } from './gql/graphql.js';

export type Network = 'mainnet' | 'fuji';
type AvalancheAddress = Scalars['AvalancheAddress']['input'];
type EvmHexAddress = Scalars['EvmHexAddress']['input'];
type NodeId = Scalars['NodeID']['input'];

export type Route =
  | { page: 'subnets'; network: Network }
  | { page: 'subnet'; network: Network; subnetId: string }
  | { page: 'transaction'; network: Network; chain: PrimaryNetworkChain; txHash: string }
  | { page: 'address'; network: Network; address: AvalancheAddress }
  | { page: 'block'; network: Network; chain: PrimaryNetworkChain; blockHash: string }
  | { page: 'asset'; network: Network; assetId: string }
  | { page: 'validator'; network: Network; nodeId: NodeId }
  | { page: 'icm-message'; network: Network; messageId: string }
  | { page: 'evm-chain'; network: Network; evmChainId: number }
  | { page: 'evm-address'; network: Network; evmChainId: number; address: EvmHexAddress }
  | { page: 'evm-transaction'; network: Network; evmChainId: number; txHash: string }
  | { page: 'evm-block'; network: Network; evmChainId: number; blockHash: string }
  | { page: 'search'; network: Network; query: string }
  | { page: 'not-found'; network: Network; what: string };

const CHAINS: Record<string, PrimaryNetworkChain> = { x: 'X_CHAIN', p: 'P_CHAIN', c: 'C_CHAIN' };

export function networkName(network: Network): NetworkName {
  return network === 'fuji' ? 'FUJI' : 'MAINNET';
}

/**
 * The shape of an address the gateway may accept; the gateway checks the checksum. Anything else
 * is no address, and the explorer says so without asking.
 */
export function asAddress(value: string): AvalancheAddress | undefined {
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return value as `0x${string}`;
  if (/^(?:[XPC]-)?(?:avax|fuji)1[0-9a-z]+$/.test(value)) return value as AvalancheAddress;
  return undefined;
}

/** An EVM chain id as a route names it: a positive integer, nothing else. */
function asEvmChainId(value: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : undefined;
}

/** The EVM pages: `evm/<chain id>`, and its address, transaction and block below it. */
function parseEvmRoute(network: Network, rest: readonly string[]): Route | undefined {
  const evmChainId = rest[0] === undefined ? undefined : asEvmChainId(rest[0]);
  if (evmChainId === undefined) return undefined;
  if (rest.length === 1) return { page: 'evm-chain', network, evmChainId };
  if (rest.length !== 3) return undefined;
  const [, kind, id] = rest as [string, string, string];
  if (kind === 'address' && /^0x[0-9a-fA-F]{40}$/.test(id))
    return { page: 'evm-address', network, evmChainId, address: id as EvmHexAddress };
  if (kind === 'tx') return { page: 'evm-transaction', network, evmChainId, txHash: id };
  if (kind === 'block') return { page: 'evm-block', network, evmChainId, blockHash: id };
  return undefined;
}

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [first, page, ...rest] = parts;
  if (first !== undefined && first !== 'mainnet' && first !== 'fuji')
    return { page: 'not-found', network: 'mainnet', what: parts.join('/') };
  const network: Network = first ?? 'mainnet';
  const notFound: Route = { page: 'not-found', network, what: parts.join('/') };
  if (page === undefined || (page === 'subnets' && rest.length === 0)) return { page: 'subnets', network };
  if (page === 'subnets' && rest.length === 1) return { page: 'subnet', network, subnetId: rest[0]! };
  if (page === 'tx' && rest.length === 2) {
    const chain = CHAINS[rest[0]!.toLowerCase()];
    return chain ? { page: 'transaction', network, chain, txHash: rest[1]! } : notFound;
  }
  if (page === 'address' && rest.length === 1) {
    const address = asAddress(rest[0]!);
    return address ? { page: 'address', network, address } : notFound;
  }
  if (page === 'block' && rest.length === 2) {
    const chain = CHAINS[rest[0]!.toLowerCase()];
    return chain && chain !== 'C_CHAIN' ? { page: 'block', network, chain, blockHash: rest[1]! } : notFound;
  }
  if (page === 'asset' && rest.length === 1) return { page: 'asset', network, assetId: rest[0]! };
  if (page === 'validator' && rest.length === 1 && /^NodeID-[1-9A-HJ-NP-Za-km-z]+$/.test(rest[0]!))
    return { page: 'validator', network, nodeId: rest[0] as NodeId };
  if (page === 'icm' && rest.length === 1) return { page: 'icm-message', network, messageId: rest[0]! };
  if (page === 'evm') return parseEvmRoute(network, rest) ?? notFound;
  if (page === 'search' && rest.length === 1) return { page: 'search', network, query: rest[0]! };
  return notFound;
}

export function href(route: Exclude<Route, { page: 'not-found' }>): string {
  const at = `#/${route.network}`;
  switch (route.page) {
    case 'subnets':
      return `${at}/subnets`;
    case 'subnet':
      return `${at}/subnets/${encodeURIComponent(route.subnetId)}`;
    case 'transaction':
      return `${at}/tx/${route.chain[0]!.toLowerCase()}/${encodeURIComponent(route.txHash)}`;
    case 'address':
      return `${at}/address/${encodeURIComponent(route.address)}`;
    case 'block':
      return `${at}/block/${route.chain[0]!.toLowerCase()}/${encodeURIComponent(route.blockHash)}`;
    case 'asset':
      return `${at}/asset/${encodeURIComponent(route.assetId)}`;
    case 'validator':
      return `${at}/validator/${encodeURIComponent(route.nodeId)}`;
    case 'icm-message':
      return `${at}/icm/${encodeURIComponent(route.messageId)}`;
    case 'evm-chain':
      return `${at}/evm/${route.evmChainId}`;
    case 'evm-address':
      return `${at}/evm/${route.evmChainId}/address/${encodeURIComponent(route.address)}`;
    case 'evm-transaction':
      return `${at}/evm/${route.evmChainId}/tx/${encodeURIComponent(route.txHash)}`;
    case 'evm-block':
      return `${at}/evm/${route.evmChainId}/block/${encodeURIComponent(route.blockHash)}`;
    case 'search':
      return `${at}/search/${encodeURIComponent(route.query)}`;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route; re-renders on every hash change (links, back and forward). */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
