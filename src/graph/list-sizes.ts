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
 *
 * Calls only some parents make, or as many as the data decides, are declared with `price: { made }`
 * (see `Made`): the plugin adds up, per place of the field in the document, what each parent's
 * answer needed, and notes the sum once the request has run (`noteMade`); the next run of the same
 * document with the same variables prices the field by it (src/yoga/cost-estimate.ts).
 */
import { createHash } from 'node:crypto';
import { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import type { FieldNode, GraphQLFieldResolver, GraphQLResolveInfo, OperationDefinitionNode } from 'graphql';
import { MAX_CURSOR_LENGTH } from '../graphql/connection.js';
import type { GatewayContext, Overrun, RequestCost } from '../graphql/context.js';
import { type ListKey, withMargin } from '../reuse/list-lengths.js';
import type { FieldCost, Made, Where } from './cost.js';

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
  /**
   * Which list of the kind, from the object the field is on, when the answer is read. Where
   * `parent` does not name it, the price reads the longest list the field's place in its document
   * held when it last ran, and the most until then: the lists of such a kind differ by parent.
   */
  parentOf?: (source: never, args: Args) => string | undefined;
  /** What a router assumes (`@listSize`), which knows no lengths seen: by default the most of the kind without a parent. */
  assumedSize?: number;
  /** The items when the arguments bound them (`nodeIds`): priced so, and such a filtered list is not noted. */
  given?: (args: Args) => number | undefined;
  /** Kept for every network at once, when the parent does not say its network (a connection's edge, for a cursor). */
  anyNetwork?: boolean;
  /**
   * When the list answered is part of the whole the kind prices (a registry listing with a feature,
   * the chains one address touched): priced as the whole, and not noted, since a part's length
   * would price the next whole listing below what it holds.
   */
  narrowed?: (source: never, args: Args) => boolean;
  /**
   * What a price assumes until a list of the kind was seen, when that is far below its most: the
   * usual length (one key for an output's owners), so that hundreds of such lists are not priced
   * at their most each. A longer list is noted as it is answered: the next price reads it.
   */
  unseen?: number;
}

const LEARNT = Symbol('learnt');
/** What `bound` answers for a list never seen when asked with it (no length is negative). */
const NEVER_SEEN = -1;

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
    if (parent === undefined && sized.parentOf) {
      // A list of one parent the price cannot name (a chain's validator set below a page of
      // chains): the longest of its kind seen says nothing of this one's (after one empty set, a
      // page answered 922 entries priced at 702: fuzz seed p39). Priced at its most, and once
      // the document has run, at the longest it held at this place.
      const place = where.place?.();
      return place === undefined ? cap : where.lengths.bound(longestKey(place), cap);
    }
    // A kind with a usual length is never priced below it: after only shorter lists were seen (an
    // amount of no asset), the next list of the kind, as long as usual, passed a price of none, and
    // the calls below its items with it (fuzz seed p51: a C-Chain atomic transaction's asset
    // descriptions, made 2 calls priced at 1). Nor above it while no longer list was seen: what
    // was seen bore the usual length out, and its margin (for lists that grow) priced nested
    // parents of two at three each, so that a query answered once was refused the next time
    // (fuzz seed p53: a vertex's parents four deep, 178 calls priced, then 530; 11 made).
    const usual = (n: number) => (sized.unseen === undefined ? n : Math.min(cap, n <= withMargin(sized.unseen) ? sized.unseen : n));
    if (sized.anyNetwork) return usual(where.lengths.bound({ kind, network: undefined, parent }, cap, sized.unseen));
    // A kind priced at its most until seen stays so on a network that saw none.
    if (sized.unseen === undefined) return where.lengths.bound({ kind, network: where.scope, parent }, cap);
    const own = where.lengths.bound({ kind, network: where.scope, parent }, cap, NEVER_SEEN);
    // A list whose parent object does not say its network is noted for none (`*`): a kind priced at
    // its usual length until seen reads so when this network saw none, rather than never learning.
    return usual(own !== NEVER_SEEN ? own : where.lengths.bound({ kind, network: undefined, parent }, cap, sized.unseen));
  };
  // A router has no lengths seen: it assumes the most a list of the kind holds when no parent is named.
  const most = mostOf(sized, kindOf(sized, undefined));
  return Object.assign(items, { assumedSize: sized.assumedSize ?? Math.max(most.mainnet, most.fuji), [LEARNT]: sized });
}

/**
 * A list the data decides whose usual length is far below what it may hold (a transaction's outputs,
 * a message's receipts): priced at `usual` until a list of the kind was seen on the network, then
 * at the longest seen (with its margin), never above `most`, the realistic maximum written beside
 * the field. Priced at a fixed `usual`, a longer list passed its price on every answer (seed p44: a
 * validator's three addresses, priced at two); learnt, only on the first answer that holds it.
 */
export const usually = (kind: string, usual: number, most: number): LearntItems<Record<string, unknown>> =>
  // A router, which sees no lengths, assumes the usual length, as it did when the price was fixed at it.
  learnt({ kind, most: { mainnet: most, fuji: most }, unseen: usual, assumedSize: usual });

const kindOf = (sized: Sized<never>, parent: string | undefined) => (typeof sized.kind === 'string' ? sized.kind : sized.kind(parent));
const mostOf = (sized: Sized<never>, kind: string) => (typeof sized.most === 'function' ? sized.most(kind) : sized.most);

/**
 * Bytes of leaves whose size the data decides, priced at the longest value seen of the kind on the
 * network (with a margin), and at their most until one was seen (`bytes` in ./cost.ts):
 * - a block's bytes in hex (`hex`): avalanchego accepts blocks up to 2 MiB, 4 MiB of hex with its
 *   `0x` and checksum;
 * - a contract's code in hex: EIP-170 bounds runtime code to 24,576 bytes, 49,154 characters of
 *   hex; a genesis allocation's code is not bound by it, and is priced the same until seen;
 * - a Warp message signed (`signedMessage`): its payload is the sender's, bounded only by the
 *   transaction or block that carries it, so priced as a block's hex until one was seen (priced as
 *   any leaf, 96 bytes, it answered 456: the fuzzer's bytes-within-estimate).
 */
export const BLOCK_HEX_BYTES = learnt({ kind: 'block-hex-bytes', most: { mainnet: 4_194_320, fuji: 4_194_320 } });
export const CONTRACT_CODE_BYTES = learnt({ kind: 'contract-code-bytes', most: { mainnet: 49_160, fuji: 49_160 } });
export const SIGNED_MESSAGE_BYTES = learnt({ kind: 'signed-message-bytes', most: { mainnet: 4_194_320, fuji: 4_194_320 } });

/**
 * Bytes of a connection's cursor, as the longest seen (with a margin), and at most the longest the
 * gateway takes back as `after` (MAX_CURSOR_LENGTH, with its quotes) until one was seen. A cursor
 * carries its upstream's page token, whose length the upstream decides: priced as any leaf (96
 * bytes), a page of cursors answered more bytes than its price (the fuzzer's bytes-within-estimate).
 * Kept for every network: an edge does not say its network, and the encoding is the gateway's.
 */
export const CURSOR_BYTES = learnt({
  kind: 'cursor-bytes',
  most: { mainnet: MAX_CURSOR_LENGTH + 2, fuji: MAX_CURSOR_LENGTH + 2 },
  anyNetwork: true,
});

/**
 * A `JSON` leaf's price, the tree it holds as the largest of its kind seen on any network (with a
 * margin): its entries (`entries` in ./cost.ts, every key at every level) and its bytes, at `most`
 * until one was seen. A tree counted as one entry of 96 bytes, a chain's config answered 72 entries
 * priced at 4 (the fuzzer's seed p36).
 */
export function jsonTree(
  kind: string,
  most: { entries: number; bytes: number },
): { entries: LearntItems<object>; bytes: LearntItems<object> } {
  const on = (n: number): Most => ({ mainnet: n, fuji: n });
  return {
    entries: learnt({ kind: `${kind}-entries`, most: on(most.entries), anyNetwork: true }),
    bytes: learnt({ kind: `${kind}-bytes`, most: on(most.bytes), anyNetwork: true }),
  };
}

/** Documents by what they say, for places that are the same across instances and parses. */
const documentIds = new WeakMap<OperationDefinitionNode, string>();
/** Variables by what they are: the executor's coerced values are one object per request. */
const variablesIds = new WeakMap<object, string>();

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * Where a field stands in a document run with some variables: the document's text, the variables'
 * values (as the executor coerced them), the field's place in the text and its coordinate. Undefined
 * for a document without locations (one built, not parsed): such a place is never learnt.
 */
export function placeOf(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null | undefined,
  node: FieldNode,
  coordinate: string,
): string | undefined {
  const body = operation.loc?.source.body;
  if (body === undefined || node.loc === undefined) return undefined;
  let doc = documentIds.get(operation);
  if (doc === undefined) documentIds.set(operation, (doc = digest(`${operation.loc!.start}:${body}`)));
  let vars = '';
  if (operation.variableDefinitions?.length && variables) {
    let id = variablesIds.get(variables);
    if (id === undefined) {
      try {
        id = digest(JSON.stringify(variables));
      } catch {
        // A value JSON cannot say (a bigint): the place is not learnt.
        return undefined;
      }
      variablesIds.set(variables, id);
    }
    vars = id;
  }
  return `${doc}.${vars}.${node.loc.start}.${coordinate}`;
}

/** The key a place's calls are kept under (src/reuse/list-lengths.ts). */
export const madeKey = (place: string): ListKey => ({ kind: 'made', network: undefined, parent: place, place: true });

/** The key the longest list a place held is kept under, for lists the price cannot name. */
const longestKey = (place: string): ListKey => ({ kind: 'longest', network: undefined, parent: place, place: true });

/**
 * Notes in the table what this request's places made and held, once it has run: the calls of the
 * fields priced by `made`, and the longest list of each place whose lists the price cannot name.
 */
export function noteMade(ctx: Partial<GatewayContext>): void {
  const { made, longest, lengths } = ctx;
  ctx.made = ctx.longest = undefined;
  if (!lengths) return;
  for (const [place, calls] of made ?? []) if (!Number.isNaN(calls)) lengths.saw(madeKey(place), calls);
  for (const [place, length] of longest ?? []) if (!Number.isNaN(length)) lengths.saw(longestKey(place), length);
}

/** Keeps the longest list answered at the field's place in this request (NaN: one of them failed, and the place is not noted). */
function holdLongest(ctx: Partial<GatewayContext>, info: GraphQLResolveInfo, length: number): void {
  const place = placeOf(info.operation, info.variableValues, info.fieldNodes[0]!, `${info.parentType.name}.${info.fieldName}`);
  if (place === undefined) return;
  ctx.longest ??= new Map();
  const before = ctx.longest.get(place);
  ctx.longest.set(place, before === undefined || Number.isNaN(length) ? length : Math.max(before, length));
}

/** Adds what one parent's answer needed to its place's sum in the request (NaN: the resolver failed, and the place is not noted). */
function tally(ctx: Partial<GatewayContext>, info: GraphQLResolveInfo, calls: number): void {
  const place = placeOf(info.operation, info.variableValues, info.fieldNodes[0]!, `${info.parentType.name}.${info.fieldName}`);
  if (place === undefined) return;
  ctx.made ??= new Map();
  ctx.made.set(place, (ctx.made.get(place) ?? 0) + calls);
}

/** The entries a JSON tree holds, as the answer is counted: every key at every level, every item of a list of leaves. */
function jsonEntries(value: unknown): number {
  if (Array.isArray(value)) {
    let n = value.some((item) => item !== null && typeof item === 'object') ? 0 : value.length;
    for (const item of value) n += jsonEntries(item);
    return n;
  }
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  for (const child of Object.values(value)) n += 1 + jsonEntries(child);
  return n;
}

/** The bytes a leaf's value takes in JSON: a list's, its longest item's. */
function jsonBytes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((most: number, item) => Math.max(most, jsonBytes(item)), 0);
  return Buffer.byteLength(JSON.stringify(value) ?? 'null');
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | null)?.then === 'function';

/** Notes the length of every list a `learnt` field returns in the request's table. */
export class ListSizesPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const price = (fieldConfig.pothosOptions as { price?: FieldCost & { made?: Made } }).price;
    if (price?.made) return madeBy(resolver, price, price.made);
    const learntOf = (value: unknown) =>
      typeof value === 'function' ? (value as Partial<LearntItems<Record<string, unknown>>>)[LEARNT] : undefined;
    // A list's length, and the bytes of a leaf's values (the longest of a list's), as the answer gives them.
    const sized = learntOf(price?.items);
    const sizedBytes = learntOf(price?.bytes);
    const sizedEntries = learntOf(price?.entries);
    if (!sized && !sizedBytes && !sizedEntries) return resolver;
    return (source, fieldArgs, ctx, info) => {
      const args = fieldArgs as Record<string, unknown>;
      const lengths = (ctx as Partial<GatewayContext>).lengths;
      // A list the price cannot name is priced at its place (see `learnt`): what it held there, or that it failed.
      const placed = lengths && sized?.parentOf && sized.parent?.(args) === undefined && sized.given?.(args) === undefined;
      let result: unknown;
      try {
        result = resolver(source, fieldArgs, ctx, info);
      } catch (error) {
        if (placed) holdLongest(ctx as Partial<GatewayContext>, info, Number.NaN);
        throw error;
      }
      if (!lengths) return result;
      const saw = (of: Sized<Record<string, unknown>>, n: number) => {
        const network = networkOf(source, info);
        const parent = of.parentOf ? of.parentOf(source as never, args) : of.parent?.(args);
        lengths.saw({ kind: kindOf(of, parent), network: of.anyNetwork ? undefined : network, parent }, n);
      };
      const note = (value: unknown) => {
        // What the price read for this value, before its length is noted (which may raise what it reads).
        const cost = (ctx as Partial<GatewayContext>).cost;
        const over =
          cost?.overran && value != null ? overOf(value, price!, { sized, sizedBytes, sizedEntries }, args, source, info, cost) : undefined;
        if (placed) holdLongest(ctx as Partial<GatewayContext>, info, Array.isArray(value) ? value.length : 0);
        if (sized && Array.isArray(value) && sized.given?.(args) === undefined && !sized.narrowed?.(source as never, args))
          saw(sized, value.length);
        if (sizedBytes && value != null && sizedBytes.given?.(args) === undefined) saw(sizedBytes, jsonBytes(value));
        if (sizedEntries && value != null) saw(sizedEntries, jsonEntries(value));
        // More than priced: what it adds is priced before its items are built, and refused past the limits.
        if (over) cost!.overran!(info, over, networkOf(source, info));
        return value;
      };
      const failed = (error: unknown) => {
        if (placed) holdLongest(ctx as Partial<GatewayContext>, info, Number.NaN);
        throw error;
      };
      return isPromise(result) ? result.then(note, failed) : note(result);
    };
  }
}

/** The network of the object a field is on, when it says it: a Network's fields are on the network it names. */
function networkOf(source: unknown, info: GraphQLResolveInfo): string | undefined {
  const on = source as { network?: unknown; name?: unknown } | null;
  const network = info.parentType.name === 'Network' ? on?.name : on?.network;
  return typeof network === 'string' ? network : undefined;
}

/**
 * The items the request's price gave one list, from the lengths it read (`RequestCost.lengths`).
 * The price read them on the network its arguments said, or on none when they said none: whichever
 * of the two it read; the lower when it read neither whole, so that a list longer than priced is
 * never missed.
 */
function pricedLength(
  items: LearntItems<Record<string, unknown>>,
  args: Record<string, unknown>,
  source: unknown,
  info: GraphQLResolveInfo,
  cost: RequestCost,
): number {
  const lengths = cost.lengths!;
  const place = () => placeOf(info.operation, info.variableValues, info.fieldNodes[0]!, `${info.parentType.name}.${info.fieldName}`);
  const on = (scope: string | undefined) => {
    lengths.misses = 0;
    const n = items(args, { scope, lengths, place });
    return { n, read: lengths.misses === 0 };
  };
  const network = networkOf(source, info);
  const own = on(network);
  if (network === undefined || own.read) return own.n;
  const any = on(undefined);
  return any.read ? any.n : Math.min(own.n, any.n);
}

/**
 * What a value holds beyond what the request's price read for it: a list's items, a JSON tree's
 * entries, a leaf's bytes (each item's, for a list of leaves). Undefined when it holds no more.
 */
function overOf(
  value: unknown,
  price: FieldCost,
  of: { sized?: Sized<never>; sizedBytes?: Sized<never>; sizedEntries?: Sized<never> },
  args: Record<string, unknown>,
  source: unknown,
  info: GraphQLResolveInfo,
  cost: RequestCost,
): Overrun | undefined {
  const learntOf = (items: unknown) => pricedLength(items as LearntItems<Record<string, unknown>>, args, source, info, cost);
  const list = Array.isArray(value) ? value : undefined;
  let items = 0;
  let entries = 0;
  let bytes = 0;
  if (of.sized && list && of.sized.given?.(args as never) === undefined) items = list.length - learntOf(price.items);
  if (of.sizedEntries) entries = jsonEntries(value) - pricedTree(price, args, source, info, cost, list?.length);
  if (of.sizedBytes && of.sizedBytes.given?.(args as never) === undefined) {
    const leaf = learntOf(price.bytes);
    for (const item of list ?? [value]) bytes += Math.max(0, jsonBytes(item) - leaf);
  }
  if (items <= 0 && entries <= 0 && bytes <= 0) return undefined;
  return { items: Math.max(items, 0), entries: Math.max(entries, 0), bytes };
}

/** The entries the request's price gave a JSON leaf's value (a list's: each item, and each item's tree), as `pricedLength` reads them. */
function pricedTree(
  price: FieldCost,
  args: Record<string, unknown>,
  source: unknown,
  info: GraphQLResolveInfo,
  cost: RequestCost,
  items: number | undefined,
): number {
  const tree = pricedLength(price.entries as LearntItems<Record<string, unknown>>, args, source, info, cost);
  return items === undefined ? tree : items * (1 + tree);
}

/** A resolver that tallies, per place, what each parent's answer needed (see Made). */
function madeBy<Context>(
  resolver: GraphQLFieldResolver<unknown, Context, object>,
  price: FieldCost,
  made: Made,
): GraphQLFieldResolver<unknown, Context, object> {
  return (source, fieldArgs, context, info) => {
    const ctx = context as Partial<GatewayContext>;
    if (!ctx.lengths) return resolver(source, fieldArgs, context, info);
    const args = fieldArgs as Record<string, unknown>;
    const count = (answer: unknown) => {
      const n = made.made(source as never, args, answer);
      if (n !== true) return Number(n);
      const network = (source as { network?: unknown } | null)?.network;
      const where: Where = { scope: typeof network === 'string' ? network : undefined, lengths: NO_LENGTHS_SEEN };
      return typeof price.calls === 'function' ? price.calls(args, where) : (price.calls ?? 0);
    };
    const done = (answer: unknown) => {
      tally(ctx, info, count(answer));
      return answer;
    };
    const failed = (error: unknown) => {
      tally(ctx, info, Number.NaN);
      throw error;
    };
    let result: unknown;
    try {
      result = resolver(source, fieldArgs, context, info);
    } catch (error) {
      failed(error);
    }
    return isPromise(result) ? result.then(done, failed) : done(result);
  };
}

/** What a price reads for one parent's calls: the most, as if nothing were seen. */
const NO_LENGTHS_SEEN = { bound: (_key: ListKey, most: number) => most };
