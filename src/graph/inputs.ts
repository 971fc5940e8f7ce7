/**
 * Checks of client input that need more than a scalar: the network an address belongs to,
 * list bounds, argument combinations. Each failure says what was wrong and what is allowed.
 */
import { badInput, quote } from '../graphql/errors.js';
import { NETWORK_HRP, parseBech32Address, type NetworkName } from '../base/ids.js';

/** The most items a list argument may hold; it keeps upstream URLs within server limits. */
export const MAX_LIST_ARGUMENT = 100;

export function toNetwork(value: 'mainnet' | 'fuji' | 'testnet'): NetworkName {
  return value === 'testnet' ? 'fuji' : value;
}

/**
 * Checks that every address belongs to `network` and returns them as the Data API writes
 * them (`avax1...`, no chain prefix). EVM addresses pass only where `allowEvm` says so.
 */
export function checkAddresses(
  network: NetworkName,
  addresses: readonly string[],
  { argument, allowEvm = false }: { argument: string; allowEvm?: boolean },
): string[] {
  if (addresses.length > MAX_LIST_ARGUMENT) {
    throw badInput(`\`${argument}\` holds ${addresses.length} addresses; at most ${MAX_LIST_ARGUMENT} are allowed.`, { argument });
  }
  return addresses.map((address) => {
    if (address.startsWith('0x')) {
      if (!allowEvm) {
        throw badInput(
          `\`${argument}\`: ${quote(address)} is an EVM address; only X-/P-Chain bech32 addresses (${NETWORK_HRP[network]}1...) are allowed here.`,
          { argument },
        );
      }
      return address.toLowerCase();
    }
    const parsed = parseBech32Address(address);
    if (parsed.hrp !== NETWORK_HRP[network]) {
      throw badInput(
        `\`${argument}\`: ${quote(address)} is not a ${network} address; ${network} addresses start with "${NETWORK_HRP[network]}1".`,
        { argument },
      );
    }
    return parsed.canonical;
  });
}

/**
 * The highest EVM block number: geth (and coreth and Subnet-EVM, which the Data API reads) takes
 * block numbers as int64, negative numbers being tags such as "latest".
 */
export const MAX_EVM_BLOCK = 2n ** 63n - 1n;

/** A block number given as a BigInt, within what an EVM node can address; sent without leading zeros. */
export function checkEvmBlockNumber(value: string, argument: string): string {
  // BigInt input holds at most 78 digits, so BigInt() reads little.
  if (!/^\d+$/.test(value) || BigInt(value) > MAX_EVM_BLOCK) {
    throw badInput(
      `\`${argument}\` must be a block number from 0 to ${MAX_EVM_BLOCK} (2^63 - 1, the largest an EVM node takes), got ${quote(value)}.`,
      { argument },
    );
  }
  return BigInt(value).toString();
}

export function checkListSize(values: readonly unknown[], argument: string): void {
  if (values.length > MAX_LIST_ARGUMENT) {
    throw badInput(`\`${argument}\` holds ${values.length} values; at most ${MAX_LIST_ARGUMENT} are allowed.`, { argument });
  }
}

export function checkTimeRange(start: number | null | undefined, end: number | null | undefined): void {
  for (const [name, value] of [
    ['startTimestamp', start],
    ['endTimestamp', end],
  ] as const) {
    if (value != null && value < 0)
      throw badInput(`\`${name}\` must be a Unix time in seconds, 0 or more (got ${value}).`, { argument: name });
  }
  if (start != null && end != null && start > end) {
    throw badInput(`\`startTimestamp\` (${start}) is after \`endTimestamp\` (${end}); the range would be empty.`, {
      argument: 'startTimestamp',
    });
  }
}

/** A block range of the Data API's EVM listings: `startBlock` inclusive, `endBlock` exclusive, checked before any call. */
export function checkBlockRange(
  startBlock: number | null | undefined,
  endBlock: number | null | undefined,
): { startBlock?: number; endBlock?: number } {
  for (const [name, value] of [
    ['startBlock', startBlock],
    ['endBlock', endBlock],
  ] as const) {
    if (value != null && value < 0) throw badInput(`\`${name}\` must be a block number, 0 or more (got ${value}).`, { argument: name });
  }
  if (startBlock != null && endBlock != null && startBlock >= endBlock) {
    throw badInput(
      `\`startBlock\` (${startBlock}, inclusive) must be below \`endBlock\` (${endBlock}, exclusive); the range would be empty.`,
      { argument: 'startBlock' },
    );
  }
  return { startBlock: startBlock ?? undefined, endBlock: endBlock ?? undefined };
}

export const blockArgs = {
  startBlock: { type: 'SafeInt' as const, description: 'From this block, inclusive (default: genesis).' },
  endBlock: { type: 'SafeInt' as const, description: 'Up to this block, exclusive (default: the latest).' },
};
/** The block tags an EVM node takes beside numbers (coreth reads every one but `earliest` as its last accepted block). */
const EVM_BLOCK_TAGS = new Set(['latest', 'earliest', 'finalized', 'safe', 'pending', 'accepted']);

/**
 * A block as an EVM node's reads take it: a tag, a number (decimal or 0x hex, sent as geth wants
 * it: 0x, no leading zeros, so 1200 and 0x4b0 are one read) or, where `hash` allows (state reads,
 * EIP-1898), a 32-byte block hash.
 */
export function evmBlockArg(block: string, argument: string, { hash }: { hash: boolean }): string {
  if (EVM_BLOCK_TAGS.has(block)) return block;
  if (hash && /^0x[0-9a-fA-F]{64}$/.test(block)) return block.toLowerCase();
  const n = /^\d{1,19}$/.test(block) ? BigInt(block) : /^0x[0-9a-fA-F]{1,16}$/.test(block) ? BigInt(block) : undefined;
  if (n !== undefined && n <= MAX_EVM_BLOCK) return `0x${n.toString(16)}`;
  throw badInput(
    `\`${argument}\` must be "latest", "earliest", "finalized", "safe", "pending" or "accepted", a block number from 0 to ${MAX_EVM_BLOCK} (e.g. 1200 or 0x4b0)${hash ? ' or a 32-byte block hash' : ''} (got ${quote(block)}).`,
    { argument },
  );
}

export const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

/** A 32-byte hash argument, refused before any call unless it is `0x` and 64 hex digits; lower case, as the upstreams key it. */
export function checkHash(value: string, argument: string): string {
  if (value.length !== 66 || !HASH_RE.test(value)) {
    throw badInput(`\`${argument}\` must be a 32-byte hash, "0x" and 64 hex digits, got ${quote(value)}.`, { argument });
  }
  return value.toLowerCase();
}
