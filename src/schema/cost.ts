/**
 * What a field costs, declared where the field is (its `cost` option), so that a query is priced
 * in upstream calls before it runs (src/plugins/use-demand-control.ts), from the same place that
 * knows which lookup the field makes. No second table to drift from the code.
 *
 * A field's price (its `price` option) says:
 * - `calls`: the upstream calls it makes for one parent object (a JSON-RPC batch is one call; a
 *   page is one call, so a connection costs the pages its `first` needs: see `paged`);
 * - `per`: how the calls of several parents combine: each parent its own (the default), one call
 *   per `batch` parents (a loader that batches keys), or once per request whatever the parents
 *   (a listing every lookup of the request shares);
 * - `items`: for a field returning a list (or a connection), the most items it returns per parent,
 *   from its arguments, or the size assumed for a list the upstream does not bound.
 *
 * A field without `price` makes no call (it maps what its parent holds). test/cost.test.ts runs a
 * corpus with every field's calls attributed and fails when a field that called has no price, and
 * compares estimates with the calls made.
 *
 * The subgraph prints the same prices as `@cost` and `@listSize` (`CostPlugin` below), for routers
 * that implement demand control.
 */
import {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type InputShapeFromFields,
  type PothosOutputFieldConfig,
  type SchemaTypes,
  type TypeParam,
} from '@pothos/core';
import type { ConnectionArgs, PageSpec } from '../paging/connection.js';

/** A number, or a function of the field's arguments (as the client gave them, defaults applied). */
export type ByArgs<Args> = number | ((args: Args) => number);

export interface FieldCost<Args = Record<string, unknown>> {
  /** Upstream calls for one parent object. Default 0. */
  calls?: ByArgs<Args>;
  /** How several parents' calls combine: each its own (`parent`, the default), one per `batch` parents, or one per request. */
  per?: 'parent' | 'request' | { batch: number };
  /** For a list or a connection: the most items per parent (from `first`), or the size assumed for an unbounded list. */
  items?: ByArgs<Args>;
  /** The arguments that bound `items` (`first`), named in refusals ("lower `first` on …"). */
  slicing?: readonly string[];
}

/** A field's price as the schema keeps it: in its extensions, under this key. */
export const COST_EXTENSION = 'price';

declare global {
  export namespace PothosSchemaTypes {
    export interface FieldOptions<
      Types extends SchemaTypes,
      ParentShape,
      Type extends TypeParam<Types>,
      Nullable extends FieldNullability<Type>,
      Args extends InputFieldMap,
      ResolveShape,
      ResolveReturnShape,
    > {
      /**
       * What the field costs in upstream calls (src/schema/cost.ts). Leave it out for a field that
       * calls nothing. (`cost` is the federation plugin's: a router's `@cost` weight, derived from this.)
       */
      price?: FieldCost<InputShapeFromFields<Args>>;
    }
  }
}

/**
 * The price of a connection over an upstream's pages: `first` (or the default) items, in pages of
 * the upstream's largest size, plus one when resuming (`after` may need the page its cursor's
 * item was on before the next one). `calls` adds what a page needs besides (a lookup first, say).
 */
export function paged(spec: PageSpec, extra: Omit<FieldCost<ConnectionArgs>, 'items' | 'slicing'> = {}): FieldCost<ConnectionArgs> {
  // A `first` out of bounds costs nothing: the field refuses it (BAD_USER_INPUT) before any call.
  const first = (args: ConnectionArgs) => {
    const n = args.first ?? spec.defaultFirst;
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= spec.maxFirst ? n : 0;
  };
  const more = extra.calls;
  return {
    ...extra,
    calls: (args) =>
      first(args) === 0
        ? 0
        : Math.ceil(first(args) / spec.maxPageSize) + (args.after ? 1 : 0) + (typeof more === 'function' ? more(args) : (more ?? 0)),
    items: first,
    slicing: ['first'],
  };
}

/**
 * Copies each field's `price` into its extensions, where the estimator reads it, and gives the
 * federation plugin the `@cost` and `@listSize` a router reads: the calls per parent as the
 * weight, and the list's size (its slicing arguments, or the size assumed). Runs before the
 * federation plugin, which prints those options as directives.
 */
export class CostPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const price = (fieldConfig.pothosOptions as { price?: FieldCost }).price;
    if (!price) return fieldConfig;
    const federation: { cost?: number; listSize?: { assumedSize?: number; slicingArguments?: string[]; sizedFields?: string[] } } = {};
    if (typeof price.calls === 'number' && price.calls > 0) federation.cost = price.calls;
    else if (typeof price.calls === 'function') federation.cost = 1;
    if (price.slicing) federation.listSize = { slicingArguments: [...price.slicing], sizedFields: ['edges', 'nodes'] };
    else if (typeof price.items === 'number') federation.listSize = { assumedSize: price.items };
    // A union of option shapes, one per kind of field: only the two federation options are added.
    return {
      ...fieldConfig,
      pothosOptions: { ...fieldConfig.pothosOptions, ...federation },
      extensions: { ...fieldConfig.extensions, [COST_EXTENSION]: price },
    } as PothosOutputFieldConfig<Types>;
  }
}
