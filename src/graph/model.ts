/**
 * Graph objects over upstream objects: the upstream's object and the network it belongs to, with
 * the upstream's fields readable on the model itself (so `exposeString('subnetId')` and
 * `evmChainIdOf(blockchain)` work unchanged). A view, not a copy: copying every subnet of a page,
 * and each of its blockchains, with a spread was a measurable part of what a listing cost, and
 * the upstream object may be a cached one that other requests read too.
 */
import type { NetworkName } from '../base/ids.js';

export type View<T> = Readonly<T> & { readonly network: NetworkName; readonly raw: T };

/**
 * A class of views over `T`. `fields` lists every field of `T` (the type checker refuses a
 * missing or extra one), each read through from `raw`.
 */
export function viewClass<T extends object>(fields: Record<keyof T, true>): new (network: NetworkName, raw: T) => View<T> {
  class Viewed {
    constructor(
      readonly network: NetworkName,
      readonly raw: T,
    ) {}
  }
  for (const key of Object.keys(fields)) {
    Object.defineProperty(Viewed.prototype, key, {
      // Never throws, even over an upstream's null: compiled execution reads fields without a
      // guard, and graphql-js would have reported a missing field, not crashed.
      get(this: Viewed) {
        return (this.raw as Record<string, unknown> | null)?.[key];
      },
    });
  }
  return Viewed as unknown as new (
    network: NetworkName,
    raw: T,
  ) => View<T>;
}
