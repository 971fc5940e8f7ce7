/**
 * What a string pasted into a search box can be, decided from its shape alone: no call, no GraphQL.
 * The schema's `search` field (src/graph/search.ts) confirms each candidate with one upstream call;
 * what this file rules out is never asked for, so a string of no id shape costs nothing.
 */
import {
  type ChainPrefix,
  cb58Decode,
  InvalidIdError,
  type NetworkName,
  NETWORK_HRP,
  parseBech32Address,
  parseNodeId,
} from '../base/ids.js';

/**
 * The most EVM chains of a network a 0x hash is looked for on (SEARCH_HASH_CHAINS's default and
 * bound): the C-Chain, then the chain registry's others in its order, fewer when the lookups would
 * not all go out at once over the connections (src/graph/search.ts `hashChainsPer`). The default
 * leaves the connections to decide (64: 15 of each network, 31 of one); the bound keeps a search of
 * a hash on both networks, two calls a chain, within the default call budget (2 × (1 + 2 × 60) + 1 = 243 of 250).
 */
export const DEFAULT_HASH_CHAINS = 40;
export const MAX_HASH_CHAINS = 60;

/** The longest string `search` takes: the longest id it recognises (a prefixed bech32 address, 92) with room. */
export const MAX_SEARCH_LENGTH = 128;

/** The shortest name prefix matched against names: one letter would match half the registry. */
export const MIN_NAME_PREFIX = 2;

/** The longest name prefix: no chain or token name the registry holds is longer. */
export const MAX_NAME_PREFIX = 64;

/** What a string may be. One string can have several shapes only as a number (chain id and height). */
export type Shape =
  /** 0x and 20 bytes: an EVM account or contract, on any EVM chain. */
  | { kind: 'evm-address'; address: string }
  /** 32 bytes of hex (0x optional): an EVM transaction or block on any EVM chain, or an ICM message. */
  | { kind: 'hash'; hash: string }
  /** cb58 of 32 bytes with a valid checksum: a subnet, blockchain, transaction, block, validation or asset. */
  | { kind: 'id'; id: string }
  /** `NodeID-` and cb58 of 20 bytes: a validator. */
  | { kind: 'node-id'; nodeId: string }
  /** bech32 of 20 bytes with a network's HRP (`avax`, `fuji`), with or without a chain prefix. */
  | { kind: 'address'; network: NetworkName; chain: ChainPrefix | undefined; address: string }
  /** A decimal number: an EVM chain id (when it fits one) and a block height. */
  | { kind: 'number'; value: bigint }
  /** Letters first, then letters, digits, spaces, dots and dashes: the start of a chain's or token's name. */
  | { kind: 'name'; prefix: string };

const HEX_20 = /^0x[0-9a-fA-F]{40}$/;
const HEX_32 = /^(0x)?[0-9a-fA-F]{64}$/;
const DECIMAL = /^(0|[1-9]\d{0,19})$/;
const NAME = new RegExp(`^[A-Za-z][A-Za-z0-9 .-]{${MIN_NAME_PREFIX - 1},${MAX_NAME_PREFIX - 1}}$`);
// 36 bytes (id and checksum) in base58: 37 characters when the id is mostly zeros (the Primary Network's), 50 at most.
const CB58_32 = /^[1-9A-HJ-NP-Za-km-z]{33,50}$/;
const MAX_UINT64 = 2n ** 64n - 1n;
/** The largest EVM chain id the graph can name (EvmChain.evmChainId is a SafeInt). */
export const MAX_EVM_CHAIN_ID = BigInt(Number.MAX_SAFE_INTEGER);

const networkOfHrp = (hrp: string): NetworkName | undefined =>
  (Object.keys(NETWORK_HRP) as NetworkName[]).find((network) => NETWORK_HRP[network] === hrp);

const quietly = <T>(parse: () => T): T | undefined => {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidIdError) return undefined;
    throw error;
  }
};

/**
 * The shapes of `text` (trimmed by the caller, at most MAX_SEARCH_LENGTH characters), most
 * specific first; empty when it has none, which means no call.
 */
export function classify(text: string): Shape[] {
  if (HEX_20.test(text)) return [{ kind: 'evm-address', address: text.toLowerCase() }];
  if (HEX_32.test(text)) return [{ kind: 'hash', hash: (text.startsWith('0x') ? text : `0x${text}`).toLowerCase() }];
  if (text.startsWith('NodeID-')) return quietly(() => parseNodeId(text)) ? [{ kind: 'node-id', nodeId: text }] : [];
  if (DECIMAL.test(text)) {
    const value = BigInt(text);
    return value <= MAX_UINT64 ? [{ kind: 'number', value }] : [];
  }
  const bech32 = /^([XPC]-)?[a-z]+1/.test(text) ? quietly(() => parseBech32Address(text)) : undefined;
  const network = bech32 ? networkOfHrp(bech32.hrp) : undefined;
  // An address of a network the gateway does not serve is no id of its own, nor a name.
  if (bech32) return network ? [{ kind: 'address', network, chain: bech32.chain, address: bech32.canonical }] : [];
  // A base58 string as long as a 32-byte id whose checksum fails is a mistyped id, not a name.
  if (CB58_32.test(text)) return quietly(() => cb58Decode(text, 32)) ? [{ kind: 'id', id: text }] : [];
  return NAME.test(text) ? [{ kind: 'name', prefix: text.toLowerCase() }] : [];
}

/** Whether `name` starts with the prefix a `name` shape holds, as a person types it: case and spacing aside. */
export function namePrefixOf(name: string, prefix: string): boolean {
  const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return fold(name).startsWith(fold(prefix));
}
