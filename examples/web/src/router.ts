/**
 * The explorer's routes, kept in the URL's hash (`#/mainnet/subnets/…`) so that the built app
 * is plain static files any server can host, with no rewrite rules. Each route names its network,
 * so one link works for mainnet and Fuji alike.
 */
import { useSyncExternalStore } from 'react';
import type { NetworkName, PrimaryNetworkChain, Scalars } from './gql/graphql';

export type Network = 'mainnet' | 'fuji';
type AvalancheAddress = Scalars['AvalancheAddress']['input'];

export type Route =
  | { page: 'subnets'; network: Network }
  | { page: 'subnet'; network: Network; subnetId: string }
  | { page: 'transaction'; network: Network; chain: PrimaryNetworkChain; txHash: string }
  | { page: 'address'; network: Network; address: AvalancheAddress }
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
