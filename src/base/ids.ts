/**
 * Avalanche identifier formats: cb58 ids, `NodeID-...`, bech32 addresses, 0x hex.
 *
 * Shared by the gateway (to validate input before it reaches an upstream URL) and by the
 * sandbox (to mint ids in the real formats). Nothing here knows GraphQL.
 */
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import { base58, bech32 } from '@scure/base';

export type NetworkName = 'mainnet' | 'fuji';

/** The bech32 human-readable part of each network's X/P-Chain addresses. */
export const NETWORK_HRP: Record<NetworkName, string> = { mainnet: 'avax', fuji: 'fuji' };

/** Well-known ids of the Primary Network: the same on every network for the P-Chain and subnet. */
export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';

export const PRIMARY_CHAIN_IDS: Record<NetworkName, { p: string; x: string; c: string }> = {
  mainnet: {
    p: PRIMARY_NETWORK_ID,
    x: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    c: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  },
  fuji: {
    p: PRIMARY_NETWORK_ID,
    x: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    c: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  },
};

/** coreth, the C-Chain's VM. */
export const CORETH_VM_ID = 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6';
export const SUBNET_EVM_VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

/** VMs that are EVMs: coreth and Subnet-EVM. */
export const EVM_VM_IDS: ReadonlySet<string> = new Set([CORETH_VM_ID, SUBNET_EVM_VM_ID]);

/** EVM chain ids of each network's C-Chain. */
export const C_CHAIN_EVM_ID: Record<NetworkName, number> = { mainnet: 43114, fuji: 43113 };

/** Thrown by the parsers below; `reason` says what is wrong and what is expected. */
export class InvalidIdError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidIdError';
  }
}

function checksum(payload: Uint8Array): Uint8Array {
  return createHash('sha256').update(payload).digest().subarray(28);
}

export function cb58Encode(payload: Uint8Array): string {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(checksum(payload), payload.length);
  return base58.encode(out);
}

const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * The longest base58 text of `bytes` bytes: log(256)/log(58) characters a byte, a leading zero
 * byte taking one character like any other. Base58 decoding is quadratic in the text's length,
 * so a longer text is refused before it is decoded.
 */
export function base58MaxLength(bytes: number): number {
  return Math.ceil((bytes * Math.log(256)) / Math.log(58));
}

/** Decodes a cb58 string (base58 with a 4-byte sha256 checksum) and checks its payload length. */
export function cb58Decode(value: string, payloadBytes: number): Uint8Array {
  const max = base58MaxLength(payloadBytes + 4);
  if (value.length > max) {
    throw new InvalidIdError(`is ${value.length} characters long; a cb58 id of ${payloadBytes} bytes has at most ${max}`);
  }
  if (!BASE58_RE.test(value)) {
    throw new InvalidIdError('is not cb58: it may hold only base58 characters (no 0, O, I or l)');
  }
  let raw: Uint8Array;
  try {
    raw = base58.decode(value);
  } catch {
    throw new InvalidIdError('is not valid base58');
  }
  if (raw.length !== payloadBytes + 4) {
    throw new InvalidIdError(`is not a cb58 id of ${payloadBytes} bytes (it decodes to ${Math.max(raw.length - 4, 0)})`);
  }
  const payload = raw.subarray(0, payloadBytes);
  const sum = checksum(payload);
  for (let i = 0; i < 4; i++) {
    if (sum[i] !== raw[payloadBytes + i]) throw new InvalidIdError('has a wrong cb58 checksum (mistyped?)');
  }
  return payload;
}

/** A 32-byte Avalanche id (subnet, blockchain, transaction, validation, asset). */
export function parseCb58Id(value: string): string {
  cb58Decode(value, 32);
  return value;
}

export function formatNodeId(bytes20: Uint8Array): string {
  return `NodeID-${cb58Encode(bytes20)}`;
}

export function parseNodeId(value: string): string {
  if (!value.startsWith('NodeID-')) throw new InvalidIdError('must start with "NodeID-"');
  cb58Decode(value.slice('NodeID-'.length), 20);
  return value;
}

export type ChainPrefix = 'X' | 'P' | 'C';

export interface Bech32Address {
  /** The chain alias the caller wrote in front of the address, if any. */
  chain?: ChainPrefix;
  hrp: string;
  /** `hrp1...` without chain prefix: the form the Data API returns in UTXOs. */
  canonical: string;
}

const BECH32_MAX_LENGTH = 90;

export function formatBech32Address(hrp: string, bytes20: Uint8Array): string {
  return bech32.encode(hrp, bech32.toWords(bytes20));
}

/** Parses `avax1...`, `X-avax1...`, `P-fuji1...`; checks the checksum and the 20-byte payload. */
export function parseBech32Address(value: string): Bech32Address {
  // A chain prefix and the longest bech32 string (90 characters, BIP 173).
  if (value.length > 2 + BECH32_MAX_LENGTH) {
    throw new InvalidIdError(`is ${value.length} characters long; an address has at most ${2 + BECH32_MAX_LENGTH}`);
  }
  let rest = value;
  let chain: ChainPrefix | undefined;
  const dash = value.indexOf('-');
  if (dash !== -1) {
    const prefix = value.slice(0, dash);
    if (prefix !== 'X' && prefix !== 'P' && prefix !== 'C') {
      throw new InvalidIdError(`has an unknown chain prefix "${prefix}-" (allowed: X-, P-, C- or none)`);
    }
    chain = prefix;
    rest = value.slice(dash + 1);
  }
  if (rest !== rest.toLowerCase()) throw new InvalidIdError('must be lower case bech32');
  let decoded: ReturnType<typeof bech32.decodeToBytes>;
  try {
    decoded = bech32.decodeToBytes(rest);
  } catch (error) {
    // The library's messages quote the whole input: say what is wrong in our own words.
    if (/checksum/i.test((error as Error).message)) throw new InvalidIdError('has a wrong bech32 checksum (mistyped?)');
    throw new InvalidIdError(
      'is not a bech32 address: expected a prefix such as "avax", then "1", then data and a 6-character checksum in the bech32 alphabet (qpzry9x8gf2tvdw0s3jn54khce6mua7l)',
    );
  }
  if (decoded.bytes.length !== 20) throw new InvalidIdError('is not a 20-byte address');
  return { chain, hrp: decoded.prefix, canonical: rest };
}

const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS_RE.test(value);
}

/**
 * An EVM address in its EIP-55 form: each hex letter upper-cased where the keccak-256 of the
 * lower-case address has a nibble of 8 or more. One spelling for one address, whatever case it
 * was given in, and one a wallet can check. `address` must pass `isEvmAddress`.
 */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(lower);
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

const HEX_RE = /^(0x)?[0-9a-fA-F]*$/;

export function isHex(value: string): boolean {
  return HEX_RE.test(value);
}

const BASE64URL_RE = /^[A-Za-z0-9_-]*$/;

/**
 * The UTF-8 text a base64url string (without padding) encodes, or undefined unless the string is
 * exactly that text's encoding. Node's decoder skips characters outside the alphabet and ignores
 * leftover bits, so "U3Vi bmV0", "U3Vi\0bmV0" and "U3VibmV0" would all decode alike; the
 * gateway's opaque ids and cursors accept only the one spelling it wrote.
 */
export function decodeCanonicalBase64url(value: string): string | undefined {
  if (!BASE64URL_RE.test(value)) return undefined;
  const text = Buffer.from(value, 'base64url').toString('utf8');
  return Buffer.from(text, 'utf8').toString('base64url') === value ? text : undefined;
}
