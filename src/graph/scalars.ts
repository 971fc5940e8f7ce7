/**
 * Scalars that check input before it can reach an upstream URL, and keep wide integers exact.
 * Ids on output are plain strings: the gateway passes through what the upstream says.
 */
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { badInput, quote } from '../graphql/errors.js';
import { base58MaxLength, InvalidIdError, isEvmAddress, parseBech32Address, parseCb58Id, parseNodeId } from '../base/ids.js';
import { builder } from './builder.js';

/** A refused variable value in a message: a short quote of a string, the kind of anything else. */
function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `a list of ${value.length} items`;
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}

function stringLiteral(node: ValueNode, scalar: string): string {
  if (node.kind !== Kind.STRING) throw badInput(`${scalar} must be given as a string.`);
  return node.value;
}

/**
 * An id scalar. Its length is checked before anything else reads it: decoding (base58 is
 * quadratic) and even regular expressions then only ever see a short string.
 */
function idScalar(name: string, description: string, maxLength: number, check: (value: string) => string) {
  const parse = (value: unknown) => {
    if (typeof value !== 'string') throw badInput(`${name} must be a string, got ${describe(value)}.`);
    try {
      if (value.length > maxLength) throw new InvalidIdError(`is ${value.length} characters long; a ${name} has at most ${maxLength}`);
      return check(value);
    } catch (error) {
      if (error instanceof InvalidIdError) throw badInput(`${quote(value)} is not a valid ${name}: it ${error.reason}.`);
      throw error;
    }
  };
  return builder.scalarType(name as 'CB58Id', {
    description,
    serialize: (value) => String(value),
    parseValue: parse,
    parseLiteral: (node) => parse(stringLiteral(node, name)),
  });
}

const DECIMAL_RE = /^-?\d+$/;

/** Digits of the widest integer an input may hold: 2^256 - 1, the EVM's widest, has 78. */
const BIGINT_MAX_DIGITS = 78;
const BIGINT_INPUT_RE = new RegExp(`^-?\\d{1,${BIGINT_MAX_DIGITS}}$`);
const BIGINT_RULE = `BigInt must be a decimal integer of at most ${BIGINT_MAX_DIGITS} digits, as a string such as "1000000000"`;

/** Length first: a regular expression then never scans a huge string, nor BigInt() parse one. */
const isBigIntInput = (digits: string) => digits.length <= BIGINT_MAX_DIGITS + 1 && BIGINT_INPUT_RE.test(digits);

export const BigIntScalar = builder.scalarType('BigInt', {
  description:
    'An integer of any size as a decimal string, e.g. "365865167637779183". Amounts (in the asset\'s smallest unit, nAVAX for AVAX), weights and heights use it so no digit is ever rounded. As input, at most 78 digits (2^256 - 1 has 78); a field may bound it further.',
  serialize: (value) => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
    if (typeof value === 'string' && DECIMAL_RE.test(value)) return value;
    throw new GraphQLError(`BigInt cannot represent ${describe(value)}`);
  },
  parseValue: (value) => {
    if (typeof value === 'string' && isBigIntInput(value)) return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    throw badInput(`${BIGINT_RULE}, got ${describe(value)}.`);
  },
  parseLiteral: (node) => {
    if ((node.kind === Kind.STRING || node.kind === Kind.INT) && isBigIntInput(node.value)) return node.value;
    throw badInput(`${BIGINT_RULE}${node.kind === Kind.STRING || node.kind === Kind.INT ? `, got ${quote(node.value)}` : ''}.`);
  },
});

export const SafeIntScalar = builder.scalarType('SafeInt', {
  description:
    "An integer that JSON numbers carry exactly (up to 2^53 - 1), such as a Unix timestamp in seconds or an EVM chain id; wider than GraphQL's 32-bit Int.",
  serialize: (value) => {
    const n = typeof value === 'string' && DECIMAL_RE.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
    throw new GraphQLError(`SafeInt cannot represent ${describe(value)}`);
  },
  parseValue: (value) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    throw badInput(`SafeInt must be an integer from -(2^53 - 1) to 2^53 - 1, got ${describe(value)}.`);
  },
  parseLiteral: (node) => {
    const n = node.kind === Kind.INT ? Number(node.value) : NaN;
    if (Number.isSafeInteger(n)) return n;
    throw badInput('SafeInt must be an integer from -(2^53 - 1) to 2^53 - 1.');
  },
});

export const CB58IdScalar = idScalar(
  'CB58Id',
  'A 32-byte Avalanche id in cb58 (base58 with a 4-byte checksum): a subnet, blockchain, transaction, validation or asset id, e.g. "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM". The checksum is verified, so a mistyped id is refused before any call.',
  base58MaxLength(32 + 4),
  parseCb58Id,
);

export const NodeIdScalar = idScalar(
  'NodeID',
  'A node id: "NodeID-" followed by 20 bytes in cb58, e.g. "NodeID-111111111111111111116DBWJs".',
  'NodeID-'.length + base58MaxLength(20 + 4),
  parseNodeId,
);

export const AvalancheAddressScalar = idScalar(
  'AvalancheAddress',
  'An X-/P-Chain address in bech32 with the network\'s prefix, optionally preceded by its chain: "avax1…", "P-avax1…", "X-fuji1…". Where a field says so, a 0x EVM address is accepted too (C-Chain atomic transactions).',
  // "X-" and the longest bech32 string (BIP 173).
  2 + 90,
  (value) => {
    if (isEvmAddress(value)) return value;
    parseBech32Address(value);
    return value;
  },
);

export const EvmAddressScalar = idScalar(
  'EvmHexAddress',
  'A 20-byte EVM address, "0x" and 40 hex digits, in any letter case, e.g. "0x71C7656EC7ab88b098defB751B7401B5f6d8976F".',
  42,
  (value) => {
    if (!isEvmAddress(value)) throw new InvalidIdError('must be "0x" followed by 40 hex digits');
    return value;
  },
);

/**
 * Output only: no argument takes JSON, so any input is refused rather than walked. An argument
 * that one day takes it must bound its size and depth before reading it.
 */
const refuseJsonInput = (): never => {
  throw badInput('JSON is an output type: no argument of this API takes it.');
};

export const JsonScalar = builder.scalarType('JSON', {
  description:
    "Any JSON value, passed through as the node wrote it: used where the node's answer has no fixed shape (a health check's message, a transaction body that depends on its type). Integers too wide for a JSON number arrive as strings. Output only: no argument takes it.",
  serialize: (value) => value,
  parseValue: refuseJsonInput,
  parseLiteral: refuseJsonInput,
});

const UINT64_MAX = 2n ** 64n - 1n;
const UINT64_RULE = `Uint64 must be an integer from 0 to ${UINT64_MAX}, as a decimal string such as "1200"`;

/** At most 20 digits before BigInt() reads them: the regular expression bounds the work. */
const toUint64 = (digits: string): string | undefined =>
  /^\d{1,20}$/.test(digits) && BigInt(digits) <= UINT64_MAX ? String(BigInt(digits)) : undefined;

export const Uint64Scalar = builder.scalarType('Uint64', {
  description:
    'A 64-bit unsigned integer as a decimal string (or a JSON number up to 2^53 - 1 in variables), e.g. "1200": a height or position on the node, from 0 to 18446744073709551615.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    const digits = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    const parsed = typeof digits === 'string' ? toUint64(digits) : undefined;
    if (parsed !== undefined) return parsed;
    throw badInput(`${UINT64_RULE}, got ${describe(value)}.`);
  },
  parseLiteral: (node) => {
    const parsed = node.kind === Kind.STRING || node.kind === Kind.INT ? toUint64(node.value) : undefined;
    if (parsed !== undefined) return parsed;
    throw badInput(`${UINT64_RULE}${node.kind === Kind.STRING || node.kind === Kind.INT ? `, got ${quote(node.value)}` : ''}.`);
  },
});
