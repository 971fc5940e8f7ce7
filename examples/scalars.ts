/**
 * The gateway's custom scalars as TypeScript types, and the graphql-codegen `scalars` mapping
 * that uses them: the one file a frontend copies beside its codegen config (it imports
 * nothing). Generated types then import these aliases, so a hover in the editor says what each
 * value is on the wire.
 *
 * Input and output differ where the gateway accepts more than it writes: a `BigInt` variable may
 * be a safe-integer number, but a `BigInt` in a response is always a decimal string.
 * Template literal types catch the wrong kind of value (a number where a decimal string comes, a
 * 0x address where a node id goes) at compile time; checksums are the gateway's job, and a value
 * that fails one comes back as a BAD_USER_INPUT error before any upstream is called.
 */

/** `BigInt` and `Uint64` as the gateway writes them: a decimal integer string, never rounded ("365865167637779183"). */
export type DecimalString = `${bigint}`;

/** `BigInt` and `Uint64` as variables: a decimal string, or a number up to 2^53 - 1. */
export type DecimalInput = DecimalString | number;

/** `SafeInt`: an exact JSON number (up to 2^53 - 1), e.g. a Unix timestamp in seconds or an EVM chain id. */
export type SafeInt = number;

/** `CB58Id`: a 32-byte id in cb58 (subnet, blockchain, transaction, validation, asset); no fixed prefix to type. */
export type CB58Id = string;

/** `NodeID`: "NodeID-" and 20 bytes in cb58. */
export type NodeID = `NodeID-${string}`;

/** `EvmHexAddress`: "0x" and 40 hex digits, any letter case (the same shape as viem's `Address`). */
export type EvmHexAddress = `0x${string}`;

/**
 * `AvalancheAddress`: bech32 with a network's prefix ("avax" or "fuji", the networks the
 * gateway serves), optionally after its chain ("X-", "P-", "C-"); where a field says so, a 0x
 * address of a C-Chain atomic transaction.
 */
export type AvalancheAddress = `${'' | 'X-' | 'P-' | 'C-'}${'avax' | 'fuji'}1${string}` | EvmHexAddress;

/** `JSON`: any JSON value, as the node wrote it (integers too wide for a number arrive as strings). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The `scalars` option of graphql-codegen's typescript plugins and client preset, with
 * `strictScalars: true` so that a scalar added to the schema fails the run until it is mapped.
 * @param importPath this file as the generated file imports it, e.g. `'../scalars.js'`.
 */
export function codegenScalars(importPath: string) {
  const type = (name: string) => `${importPath}#${name}`;
  return {
    BigInt: { input: type('DecimalInput'), output: type('DecimalString') },
    Uint64: { input: type('DecimalInput'), output: type('DecimalString') },
    SafeInt: { input: type('SafeInt'), output: type('SafeInt') },
    CB58Id: { input: type('CB58Id'), output: type('CB58Id') },
    NodeID: { input: type('NodeID'), output: type('NodeID') },
    EvmHexAddress: { input: type('EvmHexAddress'), output: type('EvmHexAddress') },
    AvalancheAddress: { input: type('AvalancheAddress'), output: type('AvalancheAddress') },
    JSON: { input: type('JsonValue'), output: type('JsonValue') },
  };
}
