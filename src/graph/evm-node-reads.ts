/**
 * What the fields reading an EVM chain's own node share (evm-state.ts, and the reads written with
 * the type they are on, in evm-chain.ts and evm-address.ts): where a chain's node is, how its
 * quantities read, what a read costs, and the checks of what a client hands it (a call, a slot, a
 * nonce, a block) before any call. Apart from those files so that each can import it without the
 * others (evm-state.ts imports evm-chain.ts).
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput, quote } from '../graphql/errors.js';
import { MAX_SIGNED_TX_BYTES } from '../domain/evm-transactions.js';
import type { CallArgs, ethGasPrice } from '../upstreams/node/evm-state.js';
import { builder } from './builder.js';
import type { OperationId } from '../upstreams/operations.js';
import { EvmAddressScalar } from './scalars.js';
import type { EvmChainModel } from './refs.js';

/** A quantity the node wrote (0x hex) as the decimal text the Data API writes. */
export const decimal = (quantity: string): string => BigInt(quantity).toString();

/** The reads of one chain in a tick share one JSON-RPC batch: the fields that make them cost one call together. */
export const ETH_CALL = { calls: 1, sharesWith: 'eth batch' } as const;

/** Where a chain's node answers: its network and blockchain id. */
export const at = (chain: EvmChainModel) => ({ network: chain.network, blockchainId: chain.blockchainId });
/** A number as the node takes it, 0x hex. */
export const hexOf = (n: bigint | number) => `0x${n.toString(16)}`;

/** What a block argument may be, for descriptions. */
export const BLOCK_ARG_HELP =
  '"latest" (default), "earliest", "finalized", "safe", "pending" or "accepted", a block number (decimal or 0x hex)';

/** A `block` argument of a state read: "latest" unless given. */
export const blockArg = { required: true, defaultValue: 'latest', description: `The block: ${BLOCK_ARG_HELP} or a block hash.` } as const;

/** Call data of a call or estimate, at most: what a transaction the pool takes can carry. */
export const MAX_CALL_DATA_BYTES = MAX_SIGNED_TX_BYTES;

/** A storage slot: "0x" and 1 to 64 hex digits (a 32-byte key), sent as 32 bytes. */
export function checkSlot(value: string, argument: string): string {
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw badInput(`\`${argument}\` must be a storage slot, "0x" and 1 to 64 hex digits (got ${quote(value)}).`, { argument });
  return `0x${value.slice(2).toLowerCase().padStart(64, '0')}`;
}

function checkUint(value: string | null | undefined, argument: string, bits: number): string | undefined {
  if (value == null) return undefined;
  if (!/^\d{1,78}$/.test(value) || BigInt(value) >= 1n << BigInt(bits))
    throw badInput(`\`${argument}\` must be a whole number from 0 to 2^${bits} - 1 (got ${quote(value)}).`, { argument });
  return hexOf(BigInt(value));
}

export const EvmCallInput = builder.inputType('EvmCallInput', {
  description: "A call to run against a block's state without sending it (eth_call, eth_estimateGas).",
  fields: (t) => ({
    from: t.field({ type: EvmAddressScalar, description: 'The sender; the zero address when omitted.' }),
    to: t.field({ type: EvmAddressScalar, description: 'The contract or account called; omitted for a contract creation.' }),
    data: t.string({ description: `The call data, 0x hex (a selector and its arguments), at most ${MAX_CALL_DATA_BYTES} bytes.` }),
    value: t.field({ type: 'BigInt', description: 'Native value sent with it, in wei.' }),
    gas: t.field({ type: 'BigInt', description: "Gas it may use; the node's cap when omitted." }),
  }),
});

type CallInput = { from?: string | null; to?: string | null; data?: string | null; value?: string | null; gas?: string | null };

export function checkCall(input: CallInput): CallArgs {
  const args: CallArgs = {};
  if (input.from) args.from = input.from.toLowerCase();
  if (input.to) args.to = input.to.toLowerCase();
  if (input.data != null) {
    if (input.data.length > 2 + 2 * MAX_CALL_DATA_BYTES)
      throw badInput(`\`input.data\` holds ${Math.floor((input.data.length - 2) / 2)} bytes; at most ${MAX_CALL_DATA_BYTES} are allowed.`, {
        argument: 'input.data',
      });
    if (!/^0x([0-9a-fA-F]{2})*$/.test(input.data))
      throw badInput(`\`input.data\` must be 0x hex, two digits a byte (got ${quote(input.data)}).`, { argument: 'input.data' });
    args.input = input.data.toLowerCase();
  }
  const value = checkUint(input.value, 'input.value', 256);
  if (value) args.value = value;
  const gas = checkUint(input.gas, 'input.gas', 64);
  if (gas) args.gas = gas;
  return args;
}

/** A nonce as a client gives it: a whole number a JavaScript number holds exactly. */
export function checkNonce(nonce: string): number {
  if (!/^\d{1,16}$/.test(nonce) || !Number.isSafeInteger(Number(nonce)))
    throw badInput(`\`nonce\` must be a whole number from 0 to 2^53 - 1 (got ${quote(nonce)}).`, { argument: 'nonce' });
  return Number(nonce);
}

/** A fee the node quotes, in wei: a `BigInt` field over one read of the chain's node. */
export const feeQuantity = (description: string, read: typeof ethGasPrice, operation: OperationId) =>
  ({
    type: 'BigInt',
    description,
    price: { ...ETH_CALL, reaches: [operation] },
    resolve: async (chain: EvmChainModel, _a: unknown, ctx: GatewayContext) => decimal(await read(ctx.node, at(chain))),
  }) as const;
