/**
 * What the sandbox's Data API routes share: networks and chains as paths name them, address
 * lists, sort orders, and the handlers that find a network's world or an EVM chain's.
 */
import { InvalidIdError, isEvmAddress, parseBech32Address, parseNodeId, type NetworkName } from '../../src/base/ids.js';
import type { CurrencyCode, SortOrder } from '../../src/upstreams/data-api/wire.js';
import { apiError, type Handle, type QueryReader, type SandboxAnswer } from '../routes.js';
import { getEvmWorld, type EvmChainWorld } from '../world/evm.js';
import { FX_RATES } from '../world/timeline.js';
import type { SandboxWorld } from '../world/types.js';
import { getWorld } from '../world/world.js';

export const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
export const SORT = ['asc', 'desc'] as const;
export const CURRENCIES = Object.keys(FX_RATES) as CurrencyCode[];
export type ChainKey = 'p' | 'x' | 'c';

/** The network a path names (`testnet` is Fuji). */
export function networkOf(value: string | undefined): NetworkName | undefined {
  if (value === 'mainnet') return 'mainnet';
  if (value === 'fuji' || value === 'testnet') return 'fuji';
  return undefined;
}

export function chainOf(world: SandboxWorld, blockchainId: string, allowed: readonly ChainKey[]): ChainKey | string {
  const aliases: Record<string, ChainKey> = { 'p-chain': 'p', 'x-chain': 'x', 'c-chain': 'c' };
  const key = aliases[blockchainId] ?? (Object.entries(world.chainIds).find(([, id]) => id === blockchainId)?.[0] as ChainKey | undefined);
  if (!key || !allowed.includes(key)) {
    const names = allowed.map((k) => `${k}-chain`).join(', ');
    return `blockchainId must be one of ${names} or a cb58 id of those chains on ${world.network}`;
  }
  return key;
}

export function sorted<T>(items: readonly T[], order: SortOrder): readonly T[] {
  return order === 'asc' ? items : [...items].reverse();
}

/** Splits a comma list of X/P addresses (optionally `X-`/`P-` prefixed) and checks their network. */
export function readAddresses(q: QueryReader, world: SandboxWorld, raw: string | undefined, allowEvm: boolean): string[] | undefined {
  if (raw === undefined) return undefined;
  const out: string[] = [];
  for (const item of raw.split(',')) {
    if (allowEvm && isEvmAddress(item)) {
      out.push(item.toLowerCase());
      continue;
    }
    try {
      const parsed = parseBech32Address(item);
      if (parsed.hrp !== world.hrp) throw new InvalidIdError('wrong network');
      out.push(parsed.canonical);
    } catch {
      q.problem(`Invalid address format: ${item}`);
    }
  }
  return out;
}

/** Splits a comma list of node ids, each checked as the service checks them. */
export function readNodeIds(q: QueryReader, raw: string | undefined): string[] | undefined {
  const ids = raw?.split(',');
  for (const id of ids ?? []) {
    try {
      parseNodeId(id);
    } catch {
      q.problem(`Invalid nodeId format: ${id}`);
    }
  }
  return ids;
}

export function fingerprint(...parts: unknown[]): string {
  return JSON.stringify(parts);
}

export function withWorld(
  seed: string,
  handler: (world: SandboxWorld, network: string, params: string[], q: URLSearchParams) => SandboxAnswer,
): Handle {
  return (req, params) => {
    const [network, ...rest] = params;
    const name = networkOf(network!);
    if (!name) return apiError(400, [`network must be one of the following values: ${NETWORKS.join(', ')}`]);
    return handler(getWorld(name, seed), network!, rest, req.query);
  };
}

export function findChain(seed: string, chainId: string): EvmChainWorld | undefined {
  for (const network of ['mainnet', 'fuji'] as const) {
    const evm = getEvmWorld(network, seed);
    const chain = evm.chains.get(chainId) ?? evm.byBlockchainId.get(chainId);
    if (chain) return chain;
  }
  return undefined;
}

export const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
export const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function withChain(
  seed: string,
  handler: (chain: EvmChainWorld, address: string | undefined, query: URLSearchParams) => SandboxAnswer,
): Handle {
  return (req, [chainId, address]) => {
    const id = decodeURIComponent(chainId!);
    const chain = findChain(seed, id);
    if (!chain) return apiError(404, `Chain ${id} is not supported`);
    const raw = address === undefined ? undefined : decodeURIComponent(address);
    if (raw !== undefined && !isEvmAddress(raw)) return apiError(400, ['Invalid address format']);
    return handler(chain, raw?.toLowerCase(), req.query);
  };
}

export function blockRange(q: QueryReader): { start?: number; end?: number } {
  return { start: q.int('startBlock', 0), end: q.int('endBlock', 0) };
}

export const inRange = (block: string, r: { start?: number; end?: number }) =>
  (r.start === undefined || Number(block) >= r.start) && (r.end === undefined || Number(block) < r.end);
