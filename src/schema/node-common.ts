/**
 * What the node-backed types share: reading the node's "not found" as null, its uint64 values,
 * and output owners.
 */
import { type NetworkName } from '../ids.js';
import { RpcError } from '../upstreams/errors.js';
import type { OutputOwners, Uint } from '../upstreams/node.types.js';
import { AddressRef, toAddresses } from './address.js';
import { builder } from './builder.js';

const NOT_FOUND = /not found/i;

/** The node's way of saying an id names nothing: a -32000 error whose message says "not found". */
export function isNotFound(error: unknown, words: RegExp = NOT_FOUND): boolean {
  return error instanceof RpcError && words.test(error.rpcMessage);
}

/**
 * The answer, or null when the node says the thing does not exist (`words`, for methods that say
 * it otherwise); other failures propagate.
 */
export async function orNull<T>(call: Promise<T>, words: RegExp = NOT_FOUND): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error, words)) return null;
    throw error;
  }
}

/** A uint64 the node sent as digits (or a JSON number that fits), as a number when it is safe. */
export function toSafeInt(value: Uint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`the node sent ${value}, beyond what a SafeInt carries`);
  return n;
}

/** `X-avax1…`/`P-avax1…` as the node writes owners, to the graph's chain-less addresses. */
export function withoutChainPrefix(addresses: readonly string[]): string[] {
  return addresses.map((a) => a.replace(/^[A-Za-z]+-(?=[a-z]+1)/, ''));
}

export type OwnersModel = OutputOwners & { network: NetworkName };

export const OutputOwnersRef = builder.objectRef<OwnersModel>('OutputOwners').implement({
  description: 'Who controls something on the P-/X-Chain: `threshold` signatures of `addresses`, after `locktime`.',
  fields: (t) => ({
    locktime: t.field({ type: 'BigInt', description: 'Unix time (s) before which nothing can be done; 0 for none.', resolve: (o) => String(o.locktime) }),
    threshold: t.int({ description: 'How many of `addresses` must sign.', resolve: (o) => toSafeInt(o.threshold) }),
    addresses: t.field({ type: [AddressRef], description: 'The addresses that may sign.', resolve: (o) => toAddresses(o.network, withoutChainPrefix(o.addresses)) }),
  }),
});
