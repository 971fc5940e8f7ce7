/**
 * What a field costs, declared where the field is (its `cost` option), so that a query is priced
 * in upstream calls before it runs (src/yoga/use-demand-control.ts), from the same place that
 * knows which lookup the field makes. No second table to drift from the code.
 *
 * A field's price (its `price` option) says:
 * - `calls`: the upstream calls it makes for one parent object (a JSON-RPC batch is one call; a
 *   page is one call, so a connection costs the pages its `first` needs: see `paged`);
 * - `per`: how the calls of several parents combine: each parent its own (the default), one call
 *   per `batch` parents (a loader that batches keys), once per request whatever the parents
 *   (a read every lookup of the request shares), or once per `group` of parents that share
 *   something (the L1 validators of one subnet, found in one listing of it);
 * - `items`: for a field returning a list (or a connection), the most items it returns per parent,
 *   from its arguments, or the size assumed for a list the upstream does not bound (a list of
 *   leaves' items are entries of the answer, priced against MAX_RESULT_NODES as every field is);
 * - `entries`: for a leaf whose value is a tree (a `JSON` scalar), the entries that tree holds;
 * - `pools`: the loaders it looks things up through that the whole request shares (the subnet
 *   catalog, read once per network; asset descriptions, one call per asset): what they cost is
 *   counted once for every field of the request that uses them (see `Pool`);
 * - `groups`: for a list, what all the items of one list share, so that a `per: { group }` field
 *   below counts one call per list rather than per item;
 * - `answers`: for a list, the fields of its items its own answer holds, which make no call below it;
 * - `sharesWith`: fields of one object whose calls go out together (the `eth_*` calls to one
 *   chain, one JSON-RPC batch) or make the same read: together they cost what the dearest does;
 * - `scope`: the network the objects below are on, when the arguments say it (`network(name:)`),
 *   which keeps the pools of one network apart from the other's;
 * - `made`: for calls only some parents make, or as many as the data decides: what one parent's
 *   answer needed, so that a document run before is priced by what each such place made then
 *   (`Made`).
 *
 * The estimate is an upper bound where the code bounds the calls (pages from `first`, a lookup per
 * parent that may be answered from a list read earlier, batches), and an assumption where only the
 * data does (the size of an unbounded list, the subnets a catalog holds, the assets a response
 * names): each such assumption is written beside the price that makes it.
 *
 * A field without `price` makes no call (it maps what its parent holds). test/yoga/cost.test.ts runs a
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
import type { ConnectionArgs, PageSpec } from '../graphql/connection.js';
import type { SearchBreadth } from '../graphql/context.js';
import type { LengthsView } from '../reuse/list-lengths.js';
import type { OperationId } from '../upstreams/operations.js';

/**
 * Where a price is asked: the network the parents are on, when the arguments above named it, and
 * the lengths of lists the data decides as last seen (`learnt` in ./list-sizes.ts reads them).
 */
export interface Where {
  scope: string | undefined;
  lengths: LengthsView;
  /** The gateway's breadth of `search`, which its price depends on; its defaults when absent. */
  search?: SearchBreadth;
  /**
   * Where the field stands in the document run with these variables (`placeOf` in
   * ./list-sizes.ts); undefined when the price is not of a parsed document.
   */
  place?: () => string | undefined;
}

/** A number, or a function of the field's arguments (as the client gave them, defaults applied) and of where it is asked. */
export type ByArgs<Args, T = number> = T | ((args: Args, where: Where) => T);

/**
 * A loader (or a read) that every field of a request shares: its calls depend on all the keys the
 * request gives it, not on each field's parents. Prices that name the same pool on the same network
 * add their keys to it, and the pool costs `calls` per `batch` keys, at most `max` batches.
 */
export interface Pool {
  /** What the loader is; prices naming it must agree on what it costs. */
  name: string;
  /** Calls per batch of keys (the pages of a listing). */
  calls: number;
  /** Keys one batch takes: 1 (the default) for one lookup per key. */
  batch?: number;
  /** The most batches a request makes, whatever its keys: 1 for a listing read once. */
  max?: number;
  /** The network, when the field knows it better than the walk does (a global id's). */
  scope?: string;
  /** Keys each parent gives the pool: 1 unless the arguments name several. */
  keys?: number;
}

export interface FieldCost<Args = Record<string, unknown>> {
  /** Upstream calls for one parent object. Default 0. */
  calls?: ByArgs<Args>;
  /** How several parents' calls combine: each its own (`parent`, the default), one per `batch` parents, one per request, or one per `group` of parents (and `batch` of them within it). */
  per?: 'parent' | 'request' | { batch: number } | { group: string; batch?: number };
  /** For a list or a connection: the most items per parent (from `first`), or the size assumed for an unbounded list. */
  items?: ByArgs<Args>;
  /**
   * For a leaf whose value is a tree (a `JSON` scalar, such as a transaction's `unsignedTx`): the
   * most entries its value holds per parent, every key at every level and every item of a list of
   * leaves, the answer's unit. Default 0: a scalar is one entry.
   */
  entries?: ByArgs<Args>;
  /** The arguments that bound `items` (`first`), named in refusals ("lower `first` on …"). */
  slicing?: readonly string[];
  /** Loaders the request shares that the field looks things up through (see Pool). */
  pools?: ByArgs<Args, readonly Pool[]>;
  /** For a list or a connection: what the items of one list share, for `per: { group }` fields below them. */
  groups?: ByArgs<Args, readonly string[]>;
  /**
   * For a list: fields of its items that the list's own answer already holds (an EVM chain's
   * registry entry, `info`, which the registry's listing returns): priced at no call below it,
   * whatever they cost elsewhere, as they make none there.
   */
  answers?: readonly string[];
  /** Fields of one object whose calls go out as one (one JSON-RPC batch, or the same read): they cost what the dearest costs. */
  sharesWith?: string;
  /** The network of the objects below, when the arguments name it; undefined: the parent's. */
  scope?: (args: Args) => string | undefined;
  /**
   * The upstream operations its resolver calls, by id (`paged` fills in its page's operation):
   * docs/caching.md's table names, for each operation, the fields that reach it from here.
   */
  reaches?: readonly OperationId[];
  /**
   * For a leaf (or a list of leaves) whose size the data decides (a block's bytes, a contract's
   * code, a genesis, a message): the most bytes one value takes in the answer's JSON, quotes
   * included, declared or learnt (`learntBytes` in ./list-sizes.ts). Other leaves are priced at
   * LEAF_BYTES (src/yoga/cost-estimate.ts).
   */
  bytes?: ByArgs<Args>;
  /** Calls only some parents make, or as many as the data decides: priced by what the place made when its document last ran (see Made). */
  made?: Made<Args>;
}

/**
 * Calls only some parents make (a lookup for the transactions that name a reward, an L1's
 * validators and none for a subnet that is no L1, the catalog for a manager that is not on its L1's
 * own chain), or as many as the data decides (the pages of an address's UTXOs). The field's `calls`
 * (and `pools`) stay what every parent would cost at most: that is the price until the place was
 * run. Once a document has run, each place of the field in it (with the same variables) is priced at
 * what its parents made then, with the margin (`withMargin` in src/reuse/list-lengths.ts; ./list-sizes.ts tallies what each place made), never above that most: as a list's
 * length last seen prices it, a place's last calls price it.
 */
export interface Made<Args = Record<string, unknown>> {
  /**
   * The lookups one parent's answer needed: calls of its own, or keys given to its pools; `true`
   * for what the price says one parent costs (`calls` for these arguments), `false` for none. An
   * upper bound: a lookup the request had made already is counted all the same.
   */
  made: (source: never, args: Args, answer: unknown) => number | boolean;
  /** A parent that made none holds no items (a subnet that is no L1 has no L1 validators): the items below are those of the parents that made one. */
  empty?: boolean;
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
       * What the field costs in upstream calls (src/graph/cost.ts). Leave it out for a field that
       * calls nothing. (`cost` is the federation plugin's: a router's `@cost` weight, derived from this.)
       */
      price?: FieldCost<InputShapeFromFields<Args>>;
    }
  }
}

/**
 * The price of a connection over an upstream's pages: `first` (or the default) items, in pages of
 * what one call of its operation returns (`pageSpec` takes it from the operation's entry), plus one when resuming (`after` may need the page its cursor's
 * item was on before the next one). `calls` adds what a page needs besides (a lookup first, say).
 * Arguments the connection refuses before any call (checkConnectionArgs: `first` out of bounds,
 * `last`, `before`) cost nothing: the field answers BAD_USER_INPUT, not the objects they ask for.
 */
export function paged<Args extends ConnectionArgs = ConnectionArgs>(
  spec: PageSpec,
  extra: Omit<FieldCost<NoInfer<Args>>, 'items' | 'slicing'> = {},
): FieldCost<NoInfer<Args>> {
  const first = (args: Args) => {
    const asked = args.first ?? spec.defaultFirst;
    const refused = args.last != null || args.before != null || !Number.isInteger(asked) || asked < 1 || asked > spec.maxFirst;
    return refused ? 0 : asked;
  };
  const more = extra.calls;
  return {
    ...extra,
    reaches: [...(spec.operation ? [spec.operation] : []), ...(extra.reaches ?? [])],
    calls: (args, where) =>
      first(args) === 0
        ? 0
        : Math.ceil(first(args) / spec.pricedPageSize) +
          (args.after ? 1 : 0) +
          (typeof more === 'function' ? more(args, where) : (more ?? 0)),
    items: first,
    slicing: ['first'],
  };
}

/**
 * `price` reading its list arguments as execution does: GraphQL coerces a single value given for a
 * list (`nodes(ids: "…")`) to a list of one, but the estimator hands prices the literals uncoerced
 * (src/yoga/cost-estimate.ts, argumentsOf), so a price reading `ids.length` or `ids.flatMap` met a
 * string, and a request the executor accepts failed with a 500 before it ran. `lists` names the
 * field's list arguments.
 */
export function withListArguments<Args>(price: FieldCost<Args>, lists: readonly string[]): FieldCost<Args> {
  if (lists.length === 0) return price;
  const coerce = (args: Args): Args => {
    let out: Record<string, unknown> | undefined;
    for (const name of lists) {
      const value = (args as Record<string, unknown>)[name];
      if (value === undefined || value === null || Array.isArray(value)) continue;
      out ??= { ...(args as Record<string, unknown>) };
      out[name] = [value];
    }
    return (out ?? args) as Args;
  };
  const wrap = <F>(f: F): F => {
    if (typeof f !== 'function') return f;
    // A function's own properties (an `items`' assumedSize, read for @listSize) stay on it.
    return Object.assign((args: Args, ...rest: unknown[]) => f(coerce(args), ...rest), f) as F;
  };
  return {
    ...price,
    calls: wrap(price.calls),
    items: wrap(price.items),
    entries: wrap(price.entries),
    pools: wrap(price.pools),
    groups: wrap(price.groups),
    scope: wrap(price.scope),
  };
}

/**
 * Copies each field's `price` into its extensions, where the estimator reads it, and gives the
 * federation plugin the `@cost` and `@listSize` a router reads: the calls per parent as the
 * weight, and the list's size (its slicing arguments, or the size assumed). What the directives
 * cannot say (pools, groups, calls shared by sibling fields) is left out: a router prices such
 * fields as if each parent made its own call. Runs before the
 * federation plugin, which prints those options as directives.
 */
export class CostPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const price = (fieldConfig.pothosOptions as { price?: FieldCost }).price;
    if (!price) return fieldConfig;
    const federation: { cost?: number; listSize?: { assumedSize?: number; slicingArguments?: string[]; sizedFields?: string[] } } = {};
    if (typeof price.calls === 'number' && price.calls > 0) federation.cost = price.calls;
    // Calls that follow a list the data decides (a lookup per item): as many as a router assumes it holds.
    else if (typeof price.calls === 'function' && typeof (price.calls as unknown as { assumedSize?: number }).assumedSize === 'number')
      federation.cost = (price.calls as unknown as { assumedSize: number }).assumedSize;
    // A lookup by arguments, or through a loader the request shares: a router has no way to say
    // either, and weighs it as one call per parent.
    else if (typeof price.calls === 'function' || price.pools) federation.cost = 1;
    // Federation refuses @cost on an interface's field, and Pothos builds the implementations' fields
    // from the interface's: such a field (a transaction's `blockchain`) has no weight for a router.
    if (fieldConfig.kind === 'Interface') delete federation.cost;
    if (price.slicing) federation.listSize = { slicingArguments: [...price.slicing], sizedFields: ['edges', 'nodes'] };
    else if (typeof price.items === 'number') federation.listSize = { assumedSize: price.items };
    // A list the data decides: a router knows no lengths seen, and assumes the most it may hold.
    else if (typeof price.items === 'function' && typeof (price.items as unknown as { assumedSize?: number }).assumedSize === 'number')
      federation.listSize = { assumedSize: (price.items as unknown as { assumedSize: number }).assumedSize };
    // A union of option shapes, one per kind of field: only the two federation options are added.
    return {
      ...fieldConfig,
      pothosOptions: { ...fieldConfig.pothosOptions, ...federation },
      extensions: { ...fieldConfig.extensions, [COST_EXTENSION]: withListArguments(price, listArguments(fieldConfig.args)) },
    } as PothosOutputFieldConfig<Types>;
  }
}

/** The names of the arguments whose type is a list. */
function listArguments(args: Record<string, { type: { kind: string } }>): string[] {
  return Object.entries(args)
    .filter(([, arg]) => arg.type.kind === 'List')
    .map(([name]) => name);
}
