/**
 * What looking one object up by its key costs, for the fields that look up objects of any type:
 * `node(id:)` and `nodes(ids:)` by global id, the subgraph's `_entities` by representation. Each
 * type says it beside its `loadOne` and `resolveReference` (`lookupPrice`), as any field prices its
 * own lookup; those fields add up what their ids or representations name (`lookupsPrice`).
 */
import type { NetworkName } from '../base/ids.js';
import type { FieldCost, Pool } from './cost.js';

/** What finding one object of a type by its key costs: its own calls, and the pools it uses. */
export interface LookupPrice {
  calls?: number;
  pools?: readonly Pool[];
}

const byType = new Map<string, LookupPrice>();

/** Says what finding an object of `typename` by its key costs (nothing: leave it out). */
export function lookupPrice(typename: string, price: LookupPrice): void {
  byType.set(typename, price);
}

/** An object that an id or a representation names: its type, and its network when it says one. */
export interface Named {
  typename: string;
  network: NetworkName | undefined;
}

/**
 * The price of a field that looks up the objects `named` from its arguments: each one's lookup, its
 * pools on its own network; the objects below are on that network when they all share one. What
 * names no type that can be looked up costs nothing: the field refuses it before any call.
 */
export function lookupsPrice<Args>(read: (args: Args) => readonly Named[]): FieldCost<Args> {
  // Read once per field asked, for its calls, pools and scope alike.
  const seen = new WeakMap<object, readonly Named[]>();
  const named = (args: Args): readonly Named[] => {
    if (args === null || typeof args !== 'object') return read(args);
    let found = seen.get(args);
    if (!found) seen.set(args, (found = read(args)));
    return found;
  };
  return {
    calls: (args) => named(args).reduce((sum, n) => sum + (byType.get(n.typename)?.calls ?? 0), 0),
    pools: (args) =>
      named(args).flatMap((n) => (byType.get(n.typename)?.pools ?? []).map((pool) => (n.network ? { ...pool, scope: n.network } : pool))),
    scope: (args) => {
      const networks = new Set(named(args).map((n) => n.network));
      return networks.size === 1 ? [...networks][0] : undefined;
    },
  };
}
