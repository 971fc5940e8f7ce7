/**
 * Scalars that check input before it can reach an upstream URL, and keep wide integers exact.
 * Ids on output are plain strings: the gateway passes through what the upstream says.
 */
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { ErrorCode } from '../errors.js';
import { InvalidIdError, isEvmAddress, parseBech32Address, parseCb58Id, parseNodeId } from '../ids.js';
import { builder } from './builder.js';

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT } });
}

function stringLiteral(node: ValueNode, scalar: string): string {
  if (node.kind !== Kind.STRING) throw invalid(`${scalar} must be given as a string.`);
  return node.value;
}

function idScalar(name: string, description: string, check: (value: string) => string) {
  const parse = (value: unknown) => {
    if (typeof value !== 'string') throw invalid(`${name} must be a string.`);
    try {
      return check(value);
    } catch (error) {
      if (error instanceof InvalidIdError) throw invalid(`"${value}" is not a valid ${name}: it ${error.reason}.`);
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

export const BigIntScalar = builder.scalarType('BigInt', {
  description:
    'An integer of any size as a decimal string, e.g. "365865167637779183". Amounts (in the asset\'s smallest unit, nAVAX for AVAX), weights and heights use it so no digit is ever rounded.',
  serialize: (value) => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
    if (typeof value === 'string' && DECIMAL_RE.test(value)) return value;
    throw new GraphQLError(`BigInt cannot represent ${JSON.stringify(value)}`);
  },
  parseValue: (value) => {
    if (typeof value === 'string' && DECIMAL_RE.test(value)) return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    throw invalid(`BigInt must be a decimal integer string such as "1000000000", got ${JSON.stringify(value)}.`);
  },
  parseLiteral: (node) => {
    if ((node.kind === Kind.STRING && DECIMAL_RE.test(node.value)) || node.kind === Kind.INT) return node.value;
    throw invalid('BigInt must be a decimal integer string such as "1000000000".');
  },
});

export const SafeIntScalar = builder.scalarType('SafeInt', {
  description:
    'An integer that JSON numbers carry exactly (up to 2^53 - 1), such as a Unix timestamp in seconds or an EVM chain id; wider than GraphQL\'s 32-bit Int.',
  serialize: (value) => {
    const n = typeof value === 'string' && DECIMAL_RE.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
    throw new GraphQLError(`SafeInt cannot represent ${JSON.stringify(value)}`);
  },
  parseValue: (value) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    throw invalid(`SafeInt must be an integer from -(2^53 - 1) to 2^53 - 1, got ${JSON.stringify(value)}.`);
  },
  parseLiteral: (node) => {
    const n = node.kind === Kind.INT ? Number(node.value) : NaN;
    if (Number.isSafeInteger(n)) return n;
    throw invalid('SafeInt must be an integer from -(2^53 - 1) to 2^53 - 1.');
  },
});

export const CB58IdScalar = idScalar(
  'CB58Id',
  'A 32-byte Avalanche id in cb58 (base58 with a 4-byte checksum): a subnet, blockchain, transaction, validation or asset id, e.g. "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM". The checksum is verified, so a mistyped id is refused before any call.',
  parseCb58Id,
);

export const NodeIdScalar = idScalar(
  'NodeID',
  'A node id: "NodeID-" followed by 20 bytes in cb58, e.g. "NodeID-111111111111111111116DBWJs".',
  parseNodeId,
);

export const AvalancheAddressScalar = idScalar(
  'AvalancheAddress',
  'An X-/P-Chain address in bech32 with the network\'s prefix, optionally preceded by its chain: "avax1…", "P-avax1…", "X-fuji1…". Where a field says so, a 0x EVM address is accepted too (C-Chain atomic transactions).',
  (value) => {
    if (isEvmAddress(value)) return value;
    parseBech32Address(value);
    return value;
  },
);

export const EvmAddressScalar = idScalar(
  'EvmHexAddress',
  'A 20-byte EVM address, "0x" and 40 hex digits, in any letter case, e.g. "0x71C7656EC7ab88b098defB751B7401B5f6d8976F".',
  (value) => {
    if (!isEvmAddress(value)) throw new InvalidIdError('must be "0x" followed by 40 hex digits');
    return value;
  },
);

/** Parses a literal into the plain value it denotes, for JSON arguments written inline. */
function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.LIST:
      return node.values.map((v) => literalValue(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literalValue(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

export const JsonScalar = builder.scalarType('JSON', {
  description:
    'Any JSON value, passed through as the node wrote it: used where the node\'s answer has no fixed shape (a health check\'s message, a transaction body that depends on its type). Integers too wide for a JSON number arrive as strings.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});

const UINT64_MAX = 2n ** 64n - 1n;

export const Uint64Scalar = builder.scalarType('Uint64', {
  description:
    'A 64-bit unsigned integer as a decimal string (or a JSON number up to 2^53 - 1 in variables), e.g. "1200": a height or position on the node, from 0 to 18446744073709551615.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    const digits = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof digits === 'string' && /^\d{1,20}$/.test(digits) && BigInt(digits) <= UINT64_MAX) return String(BigInt(digits));
    throw invalid(`Uint64 must be an integer from 0 to ${UINT64_MAX}, as a decimal string such as "1200", got ${JSON.stringify(value)}.`);
  },
  parseLiteral: (node) => {
    const digits = node.kind === Kind.STRING || node.kind === Kind.INT ? node.value : undefined;
    if (digits !== undefined && /^\d{1,20}$/.test(digits) && BigInt(digits) <= UINT64_MAX) return String(BigInt(digits));
    throw invalid(`Uint64 must be an integer from 0 to ${UINT64_MAX}, as a decimal string such as "1200".`);
  },
});
