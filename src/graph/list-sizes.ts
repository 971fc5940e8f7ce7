/**
 * Lists whose length the data decides (a validator set, a validator's delegators, an owner's
 * addresses, a transaction's UTXOs), priced by what they held when last read rather than by a guess.
 *
 * A field declares such a list with `price: { items: learnt({ kind, most, parent }) }`: `most` is
 * the realistic maximum on each network, written beside the field with where the figure comes
 * from; it prices the list until it has been seen, and caps what was seen. `ListSizesPlugin` wraps
 * the field's resolver so that every list it returns is noted in the gateway's table
 * (src/reuse/list-lengths.ts), whichever way the answer came (upstream, request memo, shared cache):
 * the next request's price reads the length last seen, with a margin (`withMargin`).
 */
import { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';
import type { GatewayContext } from '../graphql/context.js';
import type { Where } from './cost.js';

/** The most a list may hold on each network. */
export interface Most {
  mainnet: number;
  fuji: number;
}

export interface Sized<Args> {
  /** What kind of list: the key its lengths are kept under (with the network and the parent); it may depend on the parent (the Primary Network's validator set is not a subnet's). */
  kind: string | ((parent: string | undefined) => string);
  /** The most it may hold per parent on each network: priced so until seen, and never above. */
  most: Most | ((kind: string) => Most);
  /** Which list of the kind, when the field's arguments say it (the subnet of a validator set). */
  parent?: (args: Args) => string | undefined;
  /** Which list of the kind, from the object the field is on, when the answer is read. */
  parentOf?: (source: never, args: Args) => string | undefined;
  /** What a router assumes (`@listSize`), which knows no lengths seen: by default the most of the kind without a parent. */
  assumedSize?: number;
  /** The items when the arguments bound them (`nodeIds`): priced so, and such a filtered list is not noted. */
  given?: (args: Args) => number | undefined;
}

const LEARNT = Symbol('learnt');

/** `items` that read the lengths last seen; `assumedSize` is what a router assumes (the most on any network). */
export type LearntItems<Args> = ((args: Args, where: Where) => number) & { assumedSize: number; [LEARNT]: Sized<Args> };

/** The items of a list the data decides, for a field's price. */
export function learnt<Args = Record<string, unknown>>(sized: Sized<Args>): LearntItems<Args> {
  const items = (args: Args, where: Where) => {
    const given = sized.given?.(args);
    if (given !== undefined) return given;
    const parent = sized.parent?.(args);
    const kind = kindOf(sized, parent);
    const most = mostOf(sized, kind);
    const cap = where.scope === 'mainnet' ? most.mainnet : where.scope === 'fuji' ? most.fuji : Math.max(most.mainnet, most.fuji);
    return where.lengths.bound({ kind, network: where.scope, parent }, cap);
  };
  // A router has no lengths seen: it assumes the most a list of the kind holds when no parent is named.
  const most = mostOf(sized, kindOf(sized, undefined));
  return Object.assign(items, { assumedSize: sized.assumedSize ?? Math.max(most.mainnet, most.fuji), [LEARNT]: sized });
}

const kindOf = (sized: Sized<never>, parent: string | undefined) => (typeof sized.kind === 'string' ? sized.kind : sized.kind(parent));
const mostOf = (sized: Sized<never>, kind: string) => (typeof sized.most === 'function' ? sized.most(kind) : sized.most);

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | null)?.then === 'function';

/** Notes the length of every list a `learnt` field returns in the request's table. */
export class ListSizesPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const items = (fieldConfig.pothosOptions as { price?: { items?: unknown } }).price?.items;
    const sized = typeof items === 'function' ? (items as Partial<LearntItems<Record<string, unknown>>>)[LEARNT] : undefined;
    if (!sized) return resolver;
    return (source, fieldArgs, ctx, info) => {
      const args = fieldArgs as Record<string, unknown>;
      const result = resolver(source, fieldArgs, ctx, info);
      const lengths = (ctx as Partial<GatewayContext>).lengths;
      if (!lengths) return result;
      const note = (list: unknown) => {
        if (Array.isArray(list) && sized.given?.(args) === undefined) {
          const network = (source as { network?: unknown } | null)?.network;
          const parent = sized.parentOf ? sized.parentOf(source as never, args) : sized.parent?.(args);
          lengths.saw({ kind: kindOf(sized, parent), network: typeof network === 'string' ? network : undefined, parent }, list.length);
        }
        return list;
      };
      return isPromise(result) ? result.then(note) : note(result);
    };
  }
}
