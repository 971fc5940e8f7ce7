/**
 * The static price of an operation: the upstream calls it can make on a cold cache, and the
 * entries its answer can hold, from the document, its variables and the fields' prices
 * (src/graph/cost.ts), before anything runs.
 *
 * Arguments are read as sent, not coerced (a price reads numbers and lengths). The walk follows
 * what execution would: fragments and inline fragments (for an abstract type,
 * the dearest of its possible types), `@skip`/`@include` with the request's variables, `@defer`
 * and `@stream` (counted whole: they change when parts arrive, not what runs), aliases (each is
 * run). Each field multiplies what is below it by the items it returns per parent (`first`, or
 * the size assumed for an unbounded list); a connection's `edges` and `nodes` are the items its
 * field sliced. Calls are an upper bound: every parent that reaches a field is counted as calling
 * (a subnet's `l1Validators` is counted for every subnet, though only an L1 calls), batches are
 * full ones at most, and one read asked twice in one request (aliases of the same page) is made
 * once, as the reuse layer makes it. Retries are not counted: the estimate is of a request that
 * does not fail.
 *
 * The answer is priced in entries, what it holds: every selected field of every object in it
 * (leaves and `__typename` too, each alias on its own), every item of a list of leaves (its
 * `items`, or the size assumed), and an object whose every field is skipped. So its entries also
 * bound its objects.
 *
 * What the reuse layer shares is counted as it is shared: a pool (a loader every field of the
 * request uses, such as the subnet catalog) costs what all the keys given to it cost together,
 * once per network; fields of one object that go out as one call (`sharesWith`) cost what the
 * dearest of them costs; a `per: { group }` field costs one call per group of its parents, as the
 * lists above it group them (`groups`: the validators of one subnet's list share that subnet).
 *
 * The walk takes time in the document's size, not in its expansion (fragments that spread a
 * fragment twice, level after level, double it at each level): what a selection set costs below
 * the same parents in the same context (`At`, less its path) is worked out once and kept as an
 * `Effect`, which the set reached again adds without walking it: its calls and entries, the keys it
 * gives pools (counted with the request's others), the reads it makes (made once however often they
 * are asked), and the dearest paths below it for refusals (a set reached again adds to the paths it
 * was first found at). Only sets that spread a fragment (those the doubling goes through) are kept:
 * a set that spreads none is reached again only when the set above it is priced again, and is
 * priced where it stands (see objectCost). A set reached in many contexts is priced, past
 * EXACT_CONTEXTS of them, for a power of two at least as many parents and without its single
 * parent's reads (each counted): a bound above that keeps contexts few.
 */
import {
  type ArgumentNode,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLAbstractType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import type { SearchBreadth } from '../graphql/context.js';
import { type LengthsView, ReadLengths } from '../reuse/list-lengths.js';
import { type ByArgs, COST_EXTENSION, type FieldCost, type Pool, type Where } from '../graph/cost.js';
import { GLOBAL_ID_BYTES } from '../graph/global-id.js';
import { madeKey, placeOf } from '../graph/list-sizes.js';

/** Items assumed for a list that neither its arguments nor its price bound. */
export const ASSUMED_LIST_SIZE = 10;

/**
 * The most bytes a leaf's value takes in the answer's JSON, unless its price says (`bytes`): upstream
 * ids, hashes (66), addresses, amounts (a uint256 is 78 digits), names, times, enums. A leaf whose size the
 * data decides (a block's or a transaction's bytes, a contract's code, a genesis, a message)
 * declares its own, learnt or declared beside it (src/graph/cost.ts); a global id, `ID`, is priced by its type (leafBytesOf).
 */
export const LEAF_BYTES = 96;

/**
 * The bytes of a leaf of `type` whose price does not say: an `ID` is a global id, which the gateway
 * writes at most GLOBAL_ID_BYTES long (src/graph/global-id.ts), longer than other leaves (an EVM
 * block's answered 147 bytes where a leaf's 96 were priced); any other, LEAF_BYTES. Known from the
 * type alone, so an id costs the walk what any leaf does.
 */
const leafBytesOf = (type: GraphQLNamedType): number => (type.name === 'ID' ? GLOBAL_ID_BYTES : LEAF_BYTES);
/** What an entry adds besides its value: its key's quotes, the colon and the comma. */
const ENTRY_FRAME = 4;

/** The largest count the walk keeps (parents, calls, entries): far past any limit, and exact in a double. */
const CAP = 2 ** 50;
/** Contexts a selection set is priced in exactly before it is priced for bounds above (see the header). */
const EXACT_CONTEXTS = 8;
/** Effects the walk works out exactly in all, before every further one is priced for bounds above. */
const EXACT_EFFECTS = 20_000;
/** Fields a path is named by in full; a longer one by its first and last four. */
const LONG_PATH = 12;
/** Paths an effect keeps, by calls and by entries: the dearest, which refusals name. */
const KEPT_PATHS = 8;
/**
 * Fields below fields the walk follows: what is deeper is priced past every limit (CAP), and
 * refused. MAX_DEPTH (at most 1000, 15 by default) refuses such documents anyway; this keeps the
 * walk's recursion within the stack whatever runs first.
 */
const MAX_WALK_DEPTH = 300;
/**
 * Selections the walk may visit in all. Fields of one name merge across the fragments that ask
 * them, and a document can make every level of such merges a new union of fragments (each
 * fragment spreading the next thirty): past this, what is left is priced past every limit. A
 * document of 100 KB visits its selections about once: some 10,000.
 */
const WORK = 60_000;

export interface PathCost {
  /** The fields from the root, by name (`network.subnets.nodes.l1Validators`). */
  path: string;
  calls: number;
  /** Entries of the answer at this path. */
  nodes: number;
  /** The fields of the path whose slicing arguments (`first`) multiply it. */
  slicedBy: { field: string; argument: string }[];
}

export interface Estimate {
  /** Upstream calls on a cold cache, at most. */
  calls: number;
  /** The bytes of the answer's `data` as JSON, at most: keys, values, and what frames them. */
  bytes: number;
  /** Entries the answer holds, at most: every field of every object (leaves and `__typename` too), and the items of lists of leaves. */
  nodes: number;
  /** The dearest paths (by calls and by entries), for refusals that say where the cost is. */
  paths: PathCost[];
  /** The lengths of lists the data decides that the price read (see ReadLengths): an answer is measured against them. */
  lengthsRead: ReadonlyMap<string, number>;
}

/** No lengths seen: every list the data decides is priced at the most it may hold. */
export const NO_LENGTHS: LengthsView = { bound: (_key, most) => most };

/** How many groups the parents form, by what their members share (`subnet`); absent: each parent its own. */
type Groups = Readonly<Record<string, number>>;

const NO_GROUPS: Groups = Object.freeze({});
/** Groups as a context's key says them, written once per groups. */
const GROUPS_TEXT = new WeakMap<Groups, string>();

function groupsText(groups: Groups): string {
  if (groups === NO_GROUPS) return '{}';
  let text = GROUPS_TEXT.get(groups);
  if (text === undefined) GROUPS_TEXT.set(groups, (text = JSON.stringify(groups)));
  return text;
}

/** The slicing arguments that multiply a path, the last first: shared by every path below. */
interface Slicers {
  field: string;
  argument: string;
  above: Slicers | undefined;
}

/** What a path costs, as the walk counts it: the path by its number (see `Walk.paths`). */
interface PathEntry {
  path: number;
  calls: number;
  nodes: number;
  slicedBy: Slicers | undefined;
}

/** Where the walk is, and what the parents there share. */
interface At {
  /** The path's number; -1 at the root. */
  path: number;
  /** Fields above. */
  depth: number;
  slicedBy: Slicers | undefined;
  /** The items a connection's field asked for, which its `edges` and `nodes` hold. */
  sliced: number | undefined;
  /** The groups a connection's field declared, which its `edges` and `nodes` form. */
  slicedGroups: Groups | undefined;
  /** The items a connection's `edges` and `nodes` hold over all its parents, when fewer than each its slice (only some parents made its call: `made.empty`). */
  slicedCap?: number | undefined;
  /** What identifies the one parent, when there is one (a read below it is the same read however often it is asked); undefined once there are several. */
  key: string | undefined;
  /** The network the parents are on, when the arguments above said it. */
  scope: string | undefined;
  groups: Groups;
  /** Fields of the parents the list above already answered (its `answers`): they make no call here. */
  answered?: readonly string[] | undefined;
}

interface PoolEntry {
  pool: Pool;
  keys: number;
}

/** Reads of one parent that go out as one (`sharesWith`), or a single read: it costs its dearest member not read yet. */
interface ReadGroup {
  members: { key: string; calls: number }[];
}

/** What a selection set below some parents adds to a request, whatever else the request asks (see the header). */
interface Effect {
  /** Calls that depend on nothing else the request asks. */
  calls: number;
  /** Entries of the answer. */
  nodes: number;
  /** Bytes of the answer's JSON. */
  bytes: number;
  /** Keys given to each pool (by pool and network), when any. */
  pools: Map<string, PoolEntry> | undefined;
  /** Its own fields' reads of one parent, and the effects below it that make reads (none: undefined, as most effects have). */
  reads: ReadGroup[] | undefined;
  below: Effect[] | undefined;
  hasReads: boolean;
  /** The dearest paths it reaches, with what it adds to them. */
  paths: PathEntry[];
}

/** A set over another, whose members it counts as its own: what a trial of one possible type adds. */
class Layered<T> {
  readonly own = new Set<T>();
  constructor(private readonly under?: Layered<T>) {}
  has(value: T): boolean {
    return this.own.has(value) || !!this.under?.has(value);
  }
  add(value: T): void {
    this.own.add(value);
  }
  /** Takes what `over` (a layer on this one) added. */
  absorb(over: Layered<T>): void {
    for (const value of over.own) this.own.add(value);
  }
}

/** What the request asked so far: the reads made, the effects whose reads are all made, the keys each pool was given. */
interface State {
  reads: Layered<string>;
  applied: Layered<Effect>;
  pools: Map<string, PoolEntry>;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  state: State;
  /** Numbers for the document's nodes, and for the strings that name a place or a set of nodes. */
  ids: Map<object, number>;
  names: Map<string, number>;
  /** Paths by number: the path above and the field's name (so that a deep path is no long string), and the paths below by name. */
  paths: { above: number; name: string; below?: Map<string, number> }[];
  /** The paths below the root. */
  roots: Map<string, number>;
  /** The fields some selection sets ask of a type (by the set, or the numbers of several), with the number of their field nodes' list: the first type's, then the others'. */
  collected: Map<object | string, { type: GraphQLObjectType; found: Collected; others?: Map<GraphQLObjectType, Collected> }>;
  /** The last set collected that only its field holds (not kept in `collected`): a trial asks it twice in a row (plainCost, then objectCost). */
  lastOwn: { set: SelectionSetNode; type: GraphQLObjectType; found: Collected } | undefined;
  /** The signatures of collected fields so far (see signatureOf). */
  signatures: Signatures;
  signatureCount: number;
  /** The effect of a set's fields in a context. */
  effects: Map<string, Effect>;
  /** How the possible types of an abstract type differ in what some selection sets ask (see splitOf). */
  splits: Map<string, Split>;
  /** Contexts worked out so far, by set and type. */
  contexts: Map<string, number>;
  /** Selections visited so far (see WORK). */
  work: number;
  /** The arguments of a field node, by the field they were read for. */
  args: Map<FieldNode, FieldArguments[]>;
  /**
   * The lengths of lists the data decides, as last seen: what `learnt` items read
   * (src/graph/list-sizes.ts). One view for the whole walk, so a set's cost in a context stays
   * the same wherever it is reused.
   */
  lengths: LengthsView;
  /** The gateway's breadth of `search` (src/graph/search.ts prices with it). */
  search: SearchBreadth | undefined;
  /** The operation and its variables, which name the places of fields priced by what they made (`made`). */
  operation: OperationDefinitionNode;
}

interface Collected {
  fields: Map<string, FieldNode[]>;
  signature: number;
  /** One set that spreads no fragment: only where its field is priced is it reached (see objectCost). */
  own: boolean;
  /** The entries per parent when every field is a leaf that calls nothing (an `id`, `__typename`); false when one is not; unknown yet. */
  plain?: number | false;
  /** With `plain`: the bytes of those entries per parent, braces included. */
  plainBytes?: number;
}

interface Result {
  /** The calls this visit adds, given what the request asked before it. */
  calls: number;
  effect: Effect;
}

const byArgs = <T>(value: ByArgs<Record<string, unknown>, T> | undefined, args: Record<string, unknown>, where: Where): T | undefined =>
  typeof value === 'function' ? (value as (args: Record<string, unknown>, where: Where) => T)(args, where) : value;

/** A count as the walk keeps it: at least 0, at most CAP; what is no number (a price misreading its arguments) counts as an assumed list. */
const count = (n: number): number => (typeof n !== 'number' || Number.isNaN(n) ? ASSUMED_LIST_SIZE : Math.min(Math.max(n, 0), CAP));

/**
 * The items a field returns per parent, by its price (`items`): for a list, its length; for a
 * connection, the slice its `edges` and `nodes` hold. Undefined when the price does not say (a list
 * then holds its connection's slice, or ASSUMED_LIST_SIZE). Every length the walk uses is read here.
 */
function itemsOf(price: FieldCost | undefined, args: Record<string, unknown>, where: Where): number | undefined {
  if (price?.items === undefined) return undefined;
  const items = byArgs(price.items, args, where);
  return items === undefined ? undefined : count(items);
}

function named(type: GraphQLOutputType): { type: GraphQLNamedType; list: boolean } {
  let t = type;
  let list = false;
  while (isNonNullType(t) || isListType(t)) {
    if (isListType(t)) list = true;
    t = t.ofType as GraphQLOutputType;
  }
  return { type: t as GraphQLNamedType, list };
}

/** What the walk reads of a field's definition at every visit, read once per field. */
interface FieldShape {
  /** The extensions it was read from: read again if they were replaced. */
  extensions: unknown;
  price: FieldCost | undefined;
  type: GraphQLNamedType;
  list: boolean;
  /** Whether it holds objects (of an object or abstract type). */
  objects: boolean;
  /** A leaf's bytes when its price does not say. */
  leafBytes: number;
  /** A leaf that is no list and calls nothing: an entry per parent (see plainCost). */
  plain: boolean;
}

/**
 * Fields' shapes, kept beside the schema's fields: the type predicates graphql-js checks (outside
 * production, a failed one inspects the value's class) were read for every field of every visit.
 */
const SHAPES = new WeakMap<GraphQLField<unknown, unknown>, FieldShape>();

function shapeOf(field: GraphQLField<unknown, unknown>): FieldShape {
  const known = SHAPES.get(field);
  if (known && known.extensions === field.extensions) return known;
  const { type, list } = named(field.type);
  const price = field.extensions?.[COST_EXTENSION] as FieldCost | undefined;
  const objects = isObjectType(type) || isAbstractType(type);
  const shape: FieldShape = {
    extensions: field.extensions,
    price,
    type,
    list,
    objects,
    leafBytes: leafBytesOf(type),
    plain: !list && !objects && !price,
  };
  SHAPES.set(field, shape);
  return shape;
}

function included(walk: Walk, node: Parameters<typeof getDirectiveValues>[1]): boolean {
  const { directives } = node;
  if (directives === undefined || directives.length === 0) return true;
  const { variables } = walk;
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  if (getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false) {
    // Read as execution will read them: `@defer(if: $v)` given null for its `Boolean!` fails
    // there with an error that has no code (the fuzzer's seed p40); here it is the input's.
    for (const d of directives) {
      const name = d.name.value;
      const directive = name === 'defer' || name === 'stream' ? walk.schema.getDirective(name) : undefined;
      if (directive) getDirectiveValues(directive, node, variables);
    }
    return true;
  }
  return false;
}

function idOf(walk: Walk, node: object): number {
  let id = walk.ids.get(node);
  if (id === undefined) walk.ids.set(node, (id = walk.ids.size));
  return id;
}

function nameOf(walk: Walk, text: string): number {
  let id = walk.names.get(text);
  if (id === undefined) walk.names.set(text, (id = walk.names.size));
  return id;
}

/**
 * The fields a selection set asks of an object type, grouped by response key, as execution groups
 * them. True when a named fragment was spread: otherwise every field node collected is the set's own.
 */
function collect(walk: Walk, type: GraphQLObjectType, set: SelectionSetNode, into: Map<string, FieldNode[]>, seen: Set<string>): boolean {
  walk.work += set.selections.length;
  let spread = false;
  for (const selection of set.selections) {
    if (!included(walk, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const nodes = into.get(key);
      if (nodes) nodes.push(selection);
      else into.set(key, [selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || applies(walk.schema, selection.typeCondition.name.value, type))
        spread = collect(walk, type, selection.selectionSet, into, seen) || spread;
    } else {
      spread = true;
      if (seen.has(selection.name.value)) continue;
      seen.add(selection.name.value);
      const fragment = walk.fragments[selection.name.value];
      if (fragment && applies(walk.schema, fragment.typeCondition.name.value, type)) collect(walk, type, fragment.selectionSet, into, seen);
    }
  }
  return spread;
}

/** The fields `sets` (one field's, merged) ask of `type`, collected once per walk; the signature numbers their field nodes. */
function collected(walk: Walk, type: GraphQLObjectType, sets: readonly SelectionSetNode[]): Collected {
  // One set (the common case) is looked up by its node, several by the numbers of theirs.
  const last = walk.lastOwn;
  if (last && sets.length === 1 && last.set === sets[0] && last.type === type) return last.found;
  const id: object | string = sets.length === 1 ? sets[0]! : sets.map((s) => idOf(walk, s)).join(',');
  const byType = walk.collected.get(id);
  if (byType?.type === type) return byType.found;
  const other = byType?.others?.get(type);
  if (other) return other;
  const fields = new Map<string, FieldNode[]>();
  const seen = new Set<string>();
  let spread = false;
  for (const set of sets) spread = collect(walk, type, set, fields, seen) || spread;
  // One set that spreads no fragment collects nodes only it holds: no other set collects the same,
  // so it is numbered as it is, without interning its nodes (most of a wide document's sets).
  const own = sets.length === 1 && !spread;
  const found: Collected = { fields, own, signature: own ? walk.signatureCount++ : signatureOf(walk, fields) };
  // Nor is it kept: it is collected again only when the set above it is priced again, which walks
  // it again anyway (objectCost), and kept, every set of a wide document lived as long as the walk,
  // and the collector copied them all.
  if (own) {
    walk.lastOwn = { set: sets[0]!, type, found };
    return found;
  }
  if (!byType) walk.collected.set(id, { type, found });
  else (byType.others ??= new Map()).set(type, found);
  return found;
}

/** Ends a group of field nodes in a signature. */
const GROUP_END = {};

/**
 * A number for the field nodes collected, by response key: the same nodes, however the sets that
 * asked them were laid out (a fragment spread from two places), have the same number. Interned in a
 * trie of the nodes themselves: a string of their numbers cost a third of a 100 KB document's walk.
 */
function signatureOf(walk: Walk, fields: Map<string, FieldNode[]>): number {
  let at = walk.signatures;
  for (const nodes of fields.values()) {
    for (const node of nodes) at = trieStep(at, node);
    at = trieStep(at, GROUP_END);
  }
  at.id ??= walk.signatureCount++;
  return at.id;
}

function trieStep(at: Signatures, key: object): Signatures {
  let next = at.next.get(key);
  if (!next) at.next.set(key, (next = { next: new Map() }));
  return next;
}

/** A node of the trie signatures are interned in. */
interface Signatures {
  next: Map<object, Signatures>;
  id?: number;
}

/** The possible types of the abstract types named in type conditions, by name (null: no abstract type), kept beside the schema. */
const POSSIBLE = new WeakMap<GraphQLSchema, Map<string, ReadonlySet<GraphQLObjectType> | null>>();

function possibleOf(schema: GraphQLSchema, name: string): ReadonlySet<GraphQLObjectType> | null {
  let known = POSSIBLE.get(schema);
  if (!known) POSSIBLE.set(schema, (known = new Map()));
  let possible = known.get(name);
  if (possible === undefined) {
    const type = schema.getType(name);
    possible = type && isAbstractType(type) ? new Set(schema.getPossibleTypes(type)) : null;
    known.set(name, possible);
  }
  return possible;
}

function applies(schema: GraphQLSchema, condition: string, type: GraphQLObjectType): boolean {
  return condition === type.name || possibleOf(schema, condition)?.has(type) === true;
}

/** The paths of an effect not worked out yet, or of none: never added to (an effect's paths are replaced, not grown). */
const NO_PATHS: PathEntry[] = [];

const emptyEffect = (): Effect => ({
  calls: 0,
  nodes: 0,
  bytes: 0,
  pools: undefined,
  reads: undefined,
  below: undefined,
  hasReads: false,
  paths: NO_PATHS,
});

/** The smallest power of two at least `n` (`n` itself up to 1). */
const ceilPow2 = (n: number) => (n <= 1 ? n : Math.min(2 ** Math.ceil(Math.log2(n)), CAP));

/**
 * The context a set is priced in, as the key of its effect, and the parents and place it is priced
 * for: past EXACT_CONTEXTS contexts of one set (or EXACT_EFFECTS in all), parents and slices rounded
 * up to a power of two and no single parent's reads (see the header).
 */
function context(walk: Walk, set: string, parents: number, at: At): { key: string; parents: number; at: At } {
  if ((walk.contexts.get(set) ?? 0) >= EXACT_CONTEXTS || walk.effects.size >= EXACT_EFFECTS) {
    parents = ceilPow2(parents);
    at = {
      ...at,
      key: undefined,
      sliced: at.sliced === undefined ? undefined : ceilPow2(at.sliced),
      slicedCap: at.slicedCap === undefined ? undefined : ceilPow2(at.slicedCap),
    };
  }
  const groups = groupsText(at.groups);
  const sliced = at.slicedGroups ? groupsText(at.slicedGroups) : '';
  return {
    key: `${set}|${parents}|${at.key ?? ''}|${at.scope ?? ''}|${at.sliced ?? ''}|${at.slicedCap ?? ''}|${groups}|${sliced}|${at.answered ?? ''}`,
    parents,
    at,
  };
}

/** A context worked out for `set`: its effect kept under `key`. */
function keep(walk: Walk, set: string, key: string, effect: Effect): void {
  walk.contexts.set(set, (walk.contexts.get(set) ?? 0) + 1);
  walk.effects.set(key, effect);
}

/**
 * What `sets` cost below `parents` objects of `type`: for an abstract type, its dearest possible
 * type (whose reads and pools the request is then counted as having asked), and the most entries
 * any of them has.
 */
function costOf(walk: Walk, type: GraphQLNamedType, sets: readonly SelectionSetNode[], parents: number, at: At): Result {
  if (isObjectType(type)) return objectCost(walk, type, sets, parents, at);
  if (!isAbstractType(type)) return { calls: 0, effect: emptyEffect() };
  const split = splitOf(walk, type, sets);
  // A set its field alone holds is priced where it stands (see objectCost).
  const own = sets.length === 1 && !split.spread;
  const set = own ? '' : `${type.name}:${sets.map((s) => idOf(walk, s)).join(',')}`;
  const ctx = own ? { key: '', parents, at } : context(walk, set, parents, at);
  const known = own ? undefined : walk.effects.get(ctx.key);
  if (known) return replay(walk, known);
  // Each possible type on a trial layer over what the request asked; the dearest one's is kept.
  const before = walk.state;
  let dearest: { result: Result; state: State } | undefined;
  let nodes = 0;
  let bytes = 0;
  let rest: Result | undefined;
  for (const objectType of walk.schema.getPossibleTypes(type)) {
    // The types no type condition singles out ask the same plain fields: priced once for them all.
    if (split.plain !== false && !split.named.has(objectType)) {
      if (rest) continue;
      // Each object's entries, or the object itself when it asks none (`{}`, see objectCost).
      const entries = count(ctx.parents * Math.max(split.plain, 1));
      rest = {
        calls: 0,
        // Keys of any length the document gives: each key's bytes, braces, and a value of any type name.
        effect: {
          ...emptyEffect(),
          nodes: entries,
          bytes: count(ctx.parents * (2 + split.plainBytes)),
          paths: [{ path: ctx.at.path, calls: 0, nodes: entries, slicedBy: ctx.at.slicedBy }],
        },
      };
    }
    // A type asked only leaves that call nothing (an `id`) changes nothing the request asked: no trial needed.
    let result = split.plain !== false && !split.named.has(objectType) ? rest : plainCost(walk, objectType, sets, ctx.parents, ctx.at);
    let state = before;
    if (!result) {
      walk.state = state = { reads: new Layered(before.reads), applied: new Layered(before.applied), pools: copyPools(before.pools) };
      result = objectCost(walk, objectType, sets, ctx.parents, ctx.at);
      walk.state = before;
    }
    nodes = Math.max(nodes, result.effect.nodes);
    bytes = Math.max(bytes, result.effect.bytes);
    const { calls } = result;
    if (!dearest || calls > dearest.result.calls || (calls === dearest.result.calls && result.effect.nodes > dearest.result.effect.nodes))
      dearest = { result, state };
  }
  if (!dearest) return { calls: 0, effect: emptyEffect() };
  if (dearest.state !== before) {
    before.reads.absorb(dearest.state.reads);
    before.applied.absorb(dearest.state.applied);
    before.pools = dearest.state.pools;
  }
  const chosen = dearest.result.effect;
  const effect: Effect = {
    calls: chosen.calls,
    nodes,
    bytes,
    pools: chosen.pools,
    reads: undefined,
    below: chosen.hasReads ? [chosen] : undefined,
    hasReads: chosen.hasReads,
    paths: chosen.paths,
  };
  if (effect.hasReads) before.applied.add(effect);
  if (!own) keep(walk, set, ctx.key, effect);
  return { calls: dearest.result.calls, effect };
}

/**
 * How the possible types of an abstract type differ in what `sets` ask of them: the types some
 * type condition singles out (`... on Subnet`), each collected and priced on its own; every other
 * type collects the same fields, those asked outside such conditions. When these are leaves that
 * call nothing on every possible type (`id`, `__typename`), `plain` is their entries per parent and
 * such types are priced once, not each: a lookup by global id on `Node` was otherwise collected and
 * priced for each of its seventeen types, and thousands of aliased lookups took a hundred ms.
 */
interface Split {
  named: Set<GraphQLObjectType>;
  /** Whether the sets spread a named fragment (else their nodes are theirs alone). */
  spread: boolean;
  plain: number | false;
  /** With `plain`: the bytes of those entries per parent. */
  plainBytes: number;
}

function splitOf(walk: Walk, type: GraphQLAbstractType, sets: readonly SelectionSetNode[]): Split {
  const id = `${type.name}:${sets.map((s) => idOf(walk, s)).join(',')}`;
  let found = walk.splits.get(id);
  if (found) return found;
  const into: Splitting = { type, named: new Set(), keys: new Map(), seen: new Set(), plain: true, spread: false };
  for (const set of sets) splitSet(walk, into, set);
  let plainBytes = 0;
  for (const [key, leaf] of into.keys) plainBytes += key.length + ENTRY_FRAME + leaf;
  found = { named: into.named, spread: into.spread, plain: into.plain ? into.keys.size : false, plainBytes };
  walk.splits.set(id, found);
  return found;
}

/** What splitOf gathers as it goes. */
interface Splitting {
  type: GraphQLAbstractType;
  named: Set<GraphQLObjectType>;
  /** Response keys asked of every type, with the bytes of their value. */
  keys: Map<string, number>;
  seen: Set<string>;
  plain: boolean;
  spread: boolean;
}

function splitSet(walk: Walk, into: Splitting, set: SelectionSetNode): void {
  const { schema } = walk;
  walk.work += set.selections.length;
  for (const selection of set.selections) {
    if (!included(walk, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const leaf = into.plain ? plainEverywhere(schema, into.type, selection.name.value) : false;
      if (leaf === false) into.plain = false;
      else into.keys.set(key, Math.max(into.keys.get(key) ?? 0, leaf));
      continue;
    }
    let condition: string | undefined;
    let body: SelectionSetNode;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      condition = selection.typeCondition?.name.value;
      body = selection.selectionSet;
    } else {
      into.spread = true;
      const fragment = walk.fragments[selection.name.value];
      if (!fragment) continue;
      condition = fragment.typeCondition.name.value;
      // A spread reached again where it reaches every type is skipped, as collect skips it.
      if (covers(schema, into.type, condition)) {
        if (into.seen.has(selection.name.value)) continue;
        into.seen.add(selection.name.value);
      }
      body = fragment.selectionSet;
    }
    if (condition === undefined || covers(schema, into.type, condition)) splitSet(walk, into, body);
    else {
      const under = possibleOf(schema, condition);
      for (const objectType of possibleOf(schema, into.type.name)!)
        if (objectType.name === condition || under?.has(objectType)) into.named.add(objectType);
    }
  }
}

/** Whether a type condition applies to every possible type of `type`. */
function covers(schema: GraphQLSchema, type: GraphQLAbstractType, condition: string): boolean {
  if (condition === type.name) return true;
  const under = possibleOf(schema, condition);
  if (!under) return false;
  for (const t of possibleOf(schema, type.name)!) if (!under.has(t)) return false;
  return true;
}

const PLAIN_FIELDS = new WeakMap<GraphQLSchema, Map<string, number | false>>();

/**
 * Whether a field of that name is, on every possible type of `type`, a leaf that calls nothing (or
 * `__typename`): its entries are one per parent, and its bytes the most its value takes on any of them. False otherwise.
 */
function plainEverywhere(schema: GraphQLSchema, type: GraphQLAbstractType, name: string): number | false {
  if (name.startsWith('__')) return LEAF_BYTES;
  let known = PLAIN_FIELDS.get(schema);
  if (!known) PLAIN_FIELDS.set(schema, (known = new Map()));
  const key = `${type.name}.${name}`;
  let plain = known.get(key);
  if (plain === undefined) {
    plain = 0;
    for (const t of schema.getPossibleTypes(type)) {
      const field = t.getFields()[name];
      const shape = field && shapeOf(field);
      if (!shape?.plain) {
        plain = false;
        break;
      }
      plain = Math.max(plain, shape.leafBytes);
    }
    known.set(key, plain);
  }
  return plain;
}

/**
 * What `sets` cost on `type` when they ask only leaves that call nothing and are no lists: an entry
 * each per parent, no call, nothing the rest of the request shares. Undefined for any other set.
 */
function plainCost(walk: Walk, type: GraphQLObjectType, sets: readonly SelectionSetNode[], parents: number, at: At): Result | undefined {
  const found = collected(walk, type, sets);
  if (found.plain === undefined) {
    let entries = 0;
    let bytes = 2;
    for (const [key, nodes] of found.fields) {
      const name = nodes[0]!.name.value;
      const field = name.startsWith('__') ? undefined : type.getFields()[name];
      let leaf = LEAF_BYTES;
      if (field) {
        const shape = shapeOf(field);
        if (!shape.plain) {
          entries = -1;
          break;
        }
        leaf = shape.leafBytes;
      } else if (!name.startsWith('__')) continue;
      entries++;
      bytes += key.length + ENTRY_FRAME + leaf;
    }
    found.plain = entries < 0 ? false : entries;
    found.plainBytes = bytes;
  }
  if (found.plain === false) return undefined;
  const nodes = count(parents * Math.max(found.plain, 1));
  const bytes = count(parents * (found.plainBytes ?? 0));
  return { calls: 0, effect: { ...emptyEffect(), nodes, bytes, paths: [{ path: at.path, calls: 0, nodes, slicedBy: at.slicedBy }] } };
}

const copyPools = (pools: Map<string, PoolEntry>) => new Map([...pools].map(([id, entry]) => [id, { ...entry }]));

/** The calls a known effect adds where the request now is: its own, its pools' for the keys it gives them, its reads not made yet. */
function replay(walk: Walk, effect: Effect): Result {
  let calls = effect.calls;
  for (const [id, entry] of effect.pools ?? []) calls += poolCalls(walk.state, id, entry.pool, entry.keys);
  calls += replayReads(walk.state, effect);
  return { calls, effect };
}

function replayReads(state: State, effect: Effect): number {
  // Made once: the second time, every read below it was made by the first.
  if (!effect.hasReads || state.applied.has(effect)) return 0;
  state.applied.add(effect);
  let calls = 0;
  for (const group of effect.reads ?? NO_READS) calls += readCalls(state, group);
  for (const below of effect.below ?? NO_EFFECTS) calls += replayReads(state, below);
  return calls;
}

const NO_READS: readonly ReadGroup[] = [];
const NO_POOLS: readonly Pool[] = [];
const NO_SLICING: readonly string[] = [];
const NO_EFFECTS: readonly Effect[] = [];

/** What a group of reads costs now: its dearest member not read yet; all are read after it. */
function readCalls(state: State, group: ReadGroup): number {
  let calls = 0;
  for (const { key, calls: c } of group.members) if (!state.reads.has(key)) calls = Math.max(calls, c);
  for (const { key } of group.members) state.reads.add(key);
  return calls;
}

/** The calls `keys` more keys add to the pool `id`: what the pool costs with them, less what it cost without. */
function poolCalls(state: State, id: string, pool: Pool, keys: number): number {
  let entry = state.pools.get(id);
  if (!entry) state.pools.set(id, (entry = { pool, keys: 0 }));
  const { calls, batch = 1, max = Number.POSITIVE_INFINITY } = entry.pool;
  const cost = (k: number) => (k > 0 ? calls * Math.min(Math.ceil(k / batch), max) : 0);
  const before = cost(entry.keys);
  entry.keys = Math.min(entry.keys + keys, CAP);
  return cost(entry.keys) - before;
}

/** One visit of a set's fields: the calls they add now, the effect they make, what fields going out together paid, the paths. */
interface Visit {
  calls: number;
  effect: Effect;
  shared: Map<string, { paid: number; group?: ReadGroup }> | undefined;
  paths: PathTable;
}

function objectCost(walk: Walk, type: GraphQLObjectType, sets: readonly SelectionSetNode[], parents: number, at: At): Result {
  const { fields, signature, own } = collected(walk, type, sets);
  // A set its field alone holds is reached again only when the set holding that field is priced
  // again, in another context (a fragment's, each kept): priced where it stands, as walking it is
  // what keeping it would cost. Most sets of a wide document are such, and keeping each made the
  // walk's memory, and the collector's work, grow with it.
  if (own) return fieldsCost(walk, type, fields, parents, at);
  const set = `${signature}:${type.name}`;
  const ctx = context(walk, set, parents, at);
  const known = walk.effects.get(ctx.key);
  if (known) return replay(walk, known);
  const result = fieldsCost(walk, type, fields, ctx.parents, ctx.at);
  keep(walk, set, ctx.key, result.effect);
  return result;
}

/** What the fields collected of `parents` objects of `type` cost: the request's reads and pools counted as made. */
function fieldsCost(walk: Walk, type: GraphQLObjectType, fields: Map<string, FieldNode[]>, parents: number, at: At): Result {
  const visit: Visit = { calls: 0, effect: emptyEffect(), shared: undefined, paths: { list: [], index: undefined } };
  // Each parent's braces.
  visit.effect.bytes += 2 * parents;
  for (const [key, nodes] of fields) {
    const name = nodes[0]!.name.value;
    if (name.startsWith('__')) {
      // `__typename` (or an introspection root): an entry of each parent's answer, and no call.
      addPath(visit.paths, at.path >= 0 ? at.path : pathOf(walk, at.path, name), at.slicedBy, 0, parents);
      visit.effect.nodes += parents;
      // An introspection root's answer is the schema's, not priced here (introspection has limits of its own).
      visit.effect.bytes += parents * (key.length + ENTRY_FRAME + LEAF_BYTES);
      continue;
    }
    const field = type.getFields()[name];
    if (!field) continue;
    fieldCost(walk, visit, field, nodes, type, parents, at);
  }
  const effect = visit.effect;
  // An object whose every field is skipped (`@include(if: false)`) is still in the answer, as `{}`:
  // priced by its fields alone, 208 chains answered 208 empty objects priced at none (fuzz seed p36).
  if (fields.size === 0) effect.nodes += parents;
  effect.calls = count(effect.calls);
  effect.nodes = count(effect.nodes);
  effect.bytes = count(effect.bytes);
  effect.paths = dearestPaths(visit.paths);
  // Every read below it is made now.
  if (effect.hasReads) walk.state.applied.add(effect);
  return { calls: count(visit.calls), effect };
}

/** The number of the path `name` below `above`. */
function pathOf(walk: Walk, above: number, name: string): number {
  const below = above < 0 ? walk.roots : (walk.paths[above]!.below ??= new Map());
  let id = below.get(name);
  if (id === undefined) {
    below.set(name, (id = walk.paths.length));
    walk.paths.push({ above, name });
  }
  return id;
}

/** A path as refusals name it. */
function pathCost(walk: Walk, entry: PathEntry): PathCost {
  const names: string[] = [];
  for (let p = entry.path; p >= 0; p = walk.paths[p]!.above) names.push(walk.paths[p]!.name);
  const slicedBy: PathCost['slicedBy'] = [];
  for (let s = entry.slicedBy; s; s = s.above) slicedBy.push({ field: s.field, argument: s.argument });
  names.reverse();
  // A path of a deep document said in a few words, so that a refusal still says what to lower.
  if (names.length > LONG_PATH) names.splice(4, names.length - 8, `…${names.length - 8} more…`);
  return { path: names.join('.'), calls: entry.calls, nodes: entry.nodes, slicedBy: slicedBy.reverse() };
}

/** The paths a visit adds to, in the order first added: a list (a set's fields reach a few), indexed once it is long. */
interface PathTable {
  list: PathEntry[];
  index: Map<number, PathEntry> | undefined;
}

/** Paths a table finds by looking through its list; past them, by an index. */
const LISTED_PATHS = 16;

function addPath(paths: PathTable, path: number, slicedBy: Slicers | undefined, calls: number, nodes: number): void {
  let entry: PathEntry | undefined;
  if (paths.index) entry = paths.index.get(path);
  else
    for (const e of paths.list)
      if (e.path === path) {
        entry = e;
        break;
      }
  if (entry) {
    entry.calls += calls;
    entry.nodes += nodes;
    return;
  }
  entry = { path, calls, nodes, slicedBy };
  paths.list.push(entry);
  if (paths.index) paths.index.set(path, entry);
  else if (paths.list.length > LISTED_PATHS) paths.index = new Map(paths.list.map((e) => [e.path, e]));
}

/** The paths a refusal could name: the dearest by calls and by entries. */
function dearestPaths(paths: PathTable): PathEntry[] {
  const all = paths.list;
  if (all.length <= 2 * KEPT_PATHS) return all;
  const kept = new Set([
    ...[...all].sort((a, b) => b.calls - a.calls).slice(0, KEPT_PATHS),
    ...[...all].sort((a, b) => b.nodes - a.nodes).slice(0, KEPT_PATHS),
  ]);
  return all.filter((p) => kept.has(p));
}

/** A field node's arguments for one field, and their text (which names its reads) once asked for. */
interface FieldArguments {
  field?: GraphQLField<unknown, unknown>;
  args: Record<string, unknown>;
  text?: string;
}

/** The arguments of a field node for `field`, read once per walk. */
function argumentsCached(walk: Walk, field: GraphQLField<unknown, unknown>, node: FieldNode): FieldArguments {
  if (!field.args.length) return NO_ARGUMENTS;
  let list = walk.args.get(node);
  if (!list) walk.args.set(node, (list = []));
  let found = list.find((a) => a.field === field);
  if (!found) list.push((found = { field, args: argumentsOf(field, node, walk.variables) }));
  return found;
}

/**
 * The text of a field's arguments, made once and only when a read or a key needs it: after the
 * field's price has read (and its scalars refused) the values. Made first, a variable of 100 ids
 * of 1 MB each was stringified into 100 MB before the first id was refused.
 */
function argumentsText(found: FieldArguments): string {
  found.text ??= JSON.stringify(found.args);
  return found.text;
}

const NO_ARGUMENTS: FieldArguments = Object.freeze({ args: Object.freeze({}), text: '{}' });

/** The calls of `parents` parents that make `perParent` calls each, combined as `per` says: the one parent's read, or calls. */
function combined(
  per: NonNullable<FieldCost['per']>,
  perParent: number,
  parents: number,
  at: At,
  read: string,
  made: number,
  field: string,
): { read?: string; calls: number } {
  const own = combinedCalls(per, perParent, parents, at, read, field);
  return own.calls > made ? { ...own, calls: made } : own;
}

function combinedCalls(
  per: NonNullable<FieldCost['per']>,
  perParent: number,
  parents: number,
  at: At,
  read: string,
  field: string,
): { read?: string; calls: number } {
  // The one parent's read: made once however often the request asks it.
  if (parents <= 1) return { read: at.key && `${fieldKey(at.key, field)} ${read}`, calls: perParent * parents };
  if (per === 'parent' || per === 'request') return { calls: perParent * parents };
  if ('group' in per) {
    const groups = Math.min(parents, at.groups[per.group] ?? parents);
    return { calls: perParent * groups * (per.batch ? Math.ceil(parents / groups / per.batch) : 1) };
  }
  return { calls: perParent * Math.ceil(parents / per.batch) };
}

/**
 * What names a field of the one parent `key` names, for the reads below it: aliases of one field
 * with the same arguments make the same read, so it is keyed by name, not alias.
 */
const fieldKey = (key: string, field: string) => `${key}/${field}`;

/** A field of a set: what it calls and holds, and what its selection set below costs. */
function fieldCost(
  walk: Walk,
  visit: Visit,
  field: GraphQLField<unknown, unknown>,
  nodes: FieldNode[],
  parentType: GraphQLObjectType,
  parents: number,
  at: At,
): void {
  const found = argumentsCached(walk, field, nodes[0]!);
  const { args } = found;
  const { price, type, list, objects, leafBytes } = shapeOf(field);
  const path = pathOf(walk, at.path, field.name);
  const where = whereOf(walk, at, parentType, field, nodes[0]!);
  const effect = visit.effect;
  // A field the list above answered already (its items' `info`): none of its calls are made here.
  const answered = at.answered?.includes(field.name) === true;
  const perParent = answered ? 0 : count(byArgs(price?.calls, args, where) ?? 0);
  // What this place made when the document last ran, with margin (CAP: never run, every parent counted).
  const made = price?.made ? madeHere(walk, parentType, field, nodes[0]!) : CAP;
  let calls = 0;
  const read = perParent > 0 ? `${parentType.name}.${field.name} ${argumentsText(found)}` : '';
  if (perParent > 0 && price?.per === 'request') {
    // A read every field of the request shares: a pool of its own, read once.
    if (made > 0) calls += givePool(walk, effect, { name: read, calls: perParent, max: 1 }, at.scope, parents);
  } else if (perParent > 0) calls += ownCalls(walk, visit, price, perParent, parents, at, read, made, field.name);
  for (const pool of answered ? NO_POOLS : (byArgs(price?.pools, args, where) ?? NO_POOLS))
    calls += givePool(walk, effect, pool, at.scope, Math.min(parents * (pool.keys ?? 1), made));
  // Items per parent: the field's own bound, a connection's slice for its edges and nodes, or the assumption.
  const declared = itemsOf(price, args, where);
  const items = list ? (declared ?? at.sliced ?? ASSUMED_LIST_SIZE) : 1;
  // Only the parents that made a lookup hold items, when the price says so; a connection's are its edges' and nodes'.
  const calling = price?.made?.empty ? Math.min(parents, made) : parents;
  const fromSlicedCap = list && declared === undefined && at.sliced !== undefined ? (at.slicedCap ?? CAP) : CAP;
  const below = count(Math.min(list ? calling * items : parents * items, fromSlicedCap));
  // An entry in each parent's answer, for a list of leaves each item, and for a tree (a JSON leaf) what it holds.
  const tree = objects ? 0 : count(byArgs(price?.entries, args, where) ?? 0);
  const entries = count(parents + (list && !objects ? below : 0) + count(tree * (list ? below : parents)));
  let slicers = at.slicedBy;
  for (const argument of price?.slicing ?? NO_SLICING) slicers = { field: field.name, argument, above: slicers };
  // Calls where the field is; entries where the objects that hold them are (a root field's, where it is).
  if (calls > 0) addPath(visit.paths, path, slicers, calls, 0);
  addPath(visit.paths, at.path >= 0 ? at.path : path, at.path >= 0 ? at.slicedBy : slicers, 0, entries);
  visit.calls += calls;
  effect.nodes += entries;
  effect.bytes += entryBytes(nodes[0]!, price, args, where, { parents, below, list, objects, leafBytes });
  if (!objects) return;
  const selectionSets: SelectionSetNode[] = [];
  for (const n of nodes) if (n.selectionSet) selectionSets.push(n.selectionSet);
  if (!selectionSets.length) return;
  // What one list's items share: as many groups as lists, or fewer when the parents were grouped already.
  const declaredGroups = byArgs(price?.groups, args, where);
  const grouped = declaredGroups && Object.fromEntries(declaredGroups.map((name) => [name, Math.min(parents, at.groups[name] ?? parents)]));
  // A connection hands its slice and its groups to the lists it holds; other lists group their items
  // only as they declare; a field of one object keeps its parents' groups.
  const fromSlice = list && declared === undefined && at.sliced !== undefined;
  const groups = !list ? at.groups : (grouped ?? (fromSlice ? (at.slicedGroups ?? NO_GROUPS) : NO_GROUPS));
  const slice = !list ? declared : undefined;
  if (at.depth >= MAX_WALK_DEPTH || walk.work > WORK) {
    pastEveryLimit(visit, path, slicers);
    return;
  }
  const child = costOf(walk, type, selectionSets, below, {
    path,
    depth: at.depth + 1,
    slicedBy: slicers,
    sliced: slice,
    slicedGroups: slice !== undefined ? grouped : undefined,
    slicedCap: slice !== undefined && calling < parents ? count(calling * slice) : undefined,
    // Below a list, parents are many.
    key: below <= 1 && !list && at.key ? `k${nameOf(walk, `${fieldKey(at.key, field.name)}(${argumentsText(found)})`)}` : undefined,
    // A network named by a literal of the wrong kind (refused by validation after pricing) names none.
    scope: scopeOf(price, args) ?? at.scope,
    groups,
    answered: list ? price?.answers : undefined,
  });
  visit.calls += child.calls;
  include(effect, child.effect);
  for (const p of child.effect.paths) addPath(visit.paths, p.path, p.slicedBy, p.calls, p.nodes);
}

/**
 * The bytes a field adds to its parents' JSON: each parent's key, a leaf's value (each item's, for
 * a list, with its comma), a list's brackets (or `null`), the commas between a list's objects.
 */
function entryBytes(
  node: FieldNode,
  price: FieldCost | undefined,
  args: Record<string, unknown>,
  where: Where,
  shape: { parents: number; below: number; list: boolean; objects: boolean; leafBytes: number },
): number {
  const { parents, below, list, objects } = shape;
  const key = (node.alias ?? node.name).value;
  // An object's braces are its own (objectCost); its `null` is two bytes more, for one that asks nothing.
  const leaf = objects ? 2 : count(byArgs(price?.bytes, args, where) ?? shape.leafBytes);
  const own = parents * (key.length + ENTRY_FRAME + (list ? 4 : leaf));
  return count(own + (list ? below * (leaf + 1) : 0));
}

/**
 * The calls a field's own read adds for `parents` parents (not a pool's): it goes out with its
 * siblings' that share with it, and a read the request makes already is made once.
 */
function ownCalls(
  walk: Walk,
  visit: Visit,
  price: FieldCost | undefined,
  perParent: number,
  parents: number,
  at: At,
  read: string,
  made: number,
  field: string,
): number {
  const effect = visit.effect;
  const own = combined(price?.per ?? 'parent', perParent, parents, at, read, made, field);
  const share = price?.sharesWith ? visit.shared?.get(price.sharesWith) : undefined;
  if (price?.sharesWith) visit.shared ??= new Map();
  let now = own.calls;
  if (own.read) {
    // Reads that go out together are one group; a read alone, a group of one.
    let group = share?.group;
    if (!group) (effect.reads ??= []).push((group = { members: [] }));
    group.members.push({ key: own.read, calls: own.calls });
    effect.hasReads = true;
    if (walk.state.reads.has(own.read)) now = 0;
    walk.state.reads.add(own.read);
    if (price?.sharesWith) visit.shared!.set(price.sharesWith, { paid: Math.max(share?.paid ?? 0, now), group });
  } else if (price?.sharesWith) visit.shared!.set(price.sharesWith, { paid: Math.max(share?.paid ?? 0, now) });
  // Goes out with its siblings' calls: only what it needs beyond theirs.
  const more = Math.max(0, now - (share?.paid ?? 0));
  if (!own.read) effect.calls += more;
  return more;
}

/**
 * The lookups a field priced by what it made (`made`) made at this place when its document last
 * ran with these variables, with the margin; CAP when it never ran here (every parent is counted).
 */
function madeHere(walk: Walk, parentType: GraphQLObjectType, field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  const place = placeHere(walk, parentType, field, node);
  return place === undefined ? CAP : walk.lengths.bound(madeKey(place), CAP);
}

/** What a field's price reads of where it is asked. */
function whereOf(walk: Walk, at: At, parentType: GraphQLObjectType, field: GraphQLField<unknown, unknown>, node: FieldNode): Where {
  return { scope: at.scope, lengths: walk.lengths, search: walk.search, place: () => placeHere(walk, parentType, field, node) };
}

const placeHere = (walk: Walk, parentType: GraphQLObjectType, field: GraphQLField<unknown, unknown>, node: FieldNode) =>
  placeOf(walk.operation, walk.variables, node, `${parentType.name}.${field.name}`);

function scopeOf(price: FieldCost | undefined, args: Record<string, unknown>): string | undefined {
  const scope = price?.scope?.(args);
  return typeof scope === 'string' ? scope : undefined;
}

/** A selection too deep, or too much, to follow: priced past every limit, so that it is refused, not walked. */
function pastEveryLimit(visit: Visit, path: number, slicers: Slicers | undefined): void {
  const effect: Effect = {
    ...emptyEffect(),
    calls: CAP,
    nodes: CAP,
    bytes: CAP,
    paths: [{ path, calls: CAP, nodes: CAP, slicedBy: slicers }],
  };
  visit.calls += CAP;
  include(visit.effect, effect);
  addPath(visit.paths, path, slicers, CAP, CAP);
}

/** Adds what a set below adds to the effect of the set above it. */
function include(effect: Effect, below: Effect): void {
  effect.calls += below.calls;
  effect.nodes += below.nodes;
  effect.bytes += below.bytes;
  for (const [id, entry] of below.pools ?? []) {
    effect.pools ??= new Map();
    const known = effect.pools.get(id);
    if (known) known.keys = Math.min(known.keys + entry.keys, CAP);
    else effect.pools.set(id, { ...entry });
  }
  if (below.hasReads) {
    (effect.below ??= []).push(below);
    effect.hasReads = true;
  }
}

/** The calls `keys` keys given to `pool` add now; the effect keeps them. */
function givePool(walk: Walk, effect: Effect, pool: Pool, scope: string | undefined, keys: number): number {
  const id = `${pool.name}@${pool.scope ?? scope ?? '*'}`;
  effect.pools ??= new Map();
  const known = effect.pools.get(id);
  if (known) known.keys = Math.min(known.keys + keys, CAP);
  else effect.pools.set(id, { pool, keys });
  return poolCalls(walk.state, id, pool, keys);
}

/**
 * A field's arguments as the request gives them (its variables as the executor coerced them,
 * src/yoga/input-bounds.ts), defaults filled in, literals not coerced but for short scalars
 * (`literal`): a price reads numbers and the length of lists, and coercion runs the scalars'
 * parsers (a hundred 1 MB global ids would be decoded here, before the checks that refuse them cheaply).
 */
function argumentsOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const written = node.arguments;
  for (const definition of field.args) {
    let given: ArgumentNode | undefined;
    // A loop, not `find`: a closure per definition per field was a tenth of a wide document's pricing.
    if (written)
      for (const a of written)
        if (a.name.value === definition.name) {
          given = a;
          break;
        }
    // A variable the request left without a value leaves the argument to its default, as execution does.
    const unset = given?.value.kind === Kind.VARIABLE && !Object.hasOwn(variables, given.value.name.value);
    if (given && !unset) args[definition.name] = internal(definition.type, literal(definition.type, given.value, variables));
    else if (definition.defaultValue !== undefined) args[definition.name] = definition.defaultValue;
  }
  return args;
}

/** A literal this long or shorter is parsed by its scalar (see `literal`); longer ones are left as written. */
const PARSED_LITERAL = 64;

/**
 * An argument's value as written, with its short scalar literals parsed by their scalar, as
 * execution parses them: `startIndex: 0` is the Uint64 "0" a variable of 0 becomes, and `id: 5`
 * the ID "5", so that a price reads the same value, and keys the same read, however it is written
 * (seed p46: the one page a default and a literal 0 share was priced as two calls inline, one
 * with a variable). Only short ones: a parser's work on a long literal is what `argumentsOf`
 * avoids; a literal its scalar refuses is left as written, for validation to refuse.
 */
function literal(type: GraphQLInputType, node: ValueNode, variables: Record<string, unknown>): unknown {
  const t = isNonNullType(type) ? type.ofType : type;
  if (isListType(t) && node.kind === Kind.LIST) return node.values.map((item) => literal(t.ofType, item, variables));
  if (
    isScalarType(t) &&
    (node.kind === Kind.INT || node.kind === Kind.FLOAT || node.kind === Kind.STRING) &&
    node.value.length <= PARSED_LITERAL
  ) {
    try {
      return t.parseLiteral(node, variables);
    } catch {
      // Refused by validation before anything runs.
    }
  }
  return valueFromASTUntyped(node, variables);
}

/**
 * Enum values as the resolvers see them (`MAINNET` is `mainnet`), in lists and input objects too:
 * prices compare them with the internal values. Nothing else is converted (see argumentsOf), and
 * a value that is not an enum's name (a variable already coerced, or a wrong one) is left as is.
 */
function internal(type: GraphQLInputType, value: unknown): unknown {
  const t = isNonNullType(type) ? type.ofType : type;
  if (isEnumType(t)) return typeof value === 'string' ? (t.getValue(value)?.value ?? value) : value;
  if (isListType(t)) {
    // A single value for a list is a list of it (input coercion), so a price reads one length and
    // one call key whether a document writes `tags: "avax"`, `tags: ["avax"]` or a variable's default.
    const items = Array.isArray(value) ? value : value == null ? undefined : [value];
    if (!items) return value;
    const item = getNamedType(t);
    return isEnumType(item) || isInputObjectType(item) || isListType(getNullableType(t.ofType))
      ? items.map((v) => internal(t.ofType, v))
      : items;
  }
  if (isInputObjectType(t) && value && typeof value === 'object' && !Array.isArray(value)) {
    const fields = t.getFields();
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value)) out[name] = fields[name] ? internal(fields[name].type, v) : v;
    return out;
  }
  return value;
}

/** The price of `operation` with `variables` (coerced or not: only arguments are read), with the list lengths seen so far. */
export function estimate(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> = {},
  lengths: LengthsView = NO_LENGTHS,
  search?: SearchBreadth,
): Estimate {
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const reading = new ReadLengths(lengths);
  if (!root) return { calls: 0, nodes: 0, bytes: 0, paths: [], lengthsRead: reading.read };
  const walk = walkOf(schema, operation, fragments, variables, reading, search);
  const { calls, effect } = objectCost(walk, root, [operation.selectionSet], 1, atRoot('root', undefined));
  const paths = effect.paths.filter((p) => p.calls > 0 || p.nodes > 0).map((p) => pathCost(walk, p));
  return { calls: count(calls), nodes: effect.nodes, bytes: count(effect.bytes), paths, lengthsRead: reading.read };
}

/**
 * What one item of a list costs, upstream calls, the answer's entries and bytes, priced as
 * `estimate` prices the items below the field `nodes` ask on `scope`'s network: for a list the
 * data made longer than its price read, priced again before its items are built (`overran` in
 * ./use-demand-control.ts). The item's calls are priced as if nothing else of the request had
 * read them, so extra items are never priced below what they call. An item of a list of leaves
 * is one entry and calls nothing.
 */
export function itemPrice(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  type: GraphQLOutputType,
  nodes: readonly FieldNode[],
  lengths: LengthsView,
  scope: string | undefined,
  search?: SearchBreadth,
): { calls: number; nodes: number; bytes: number } {
  const named = getNamedType(type);
  const sets: SelectionSetNode[] = [];
  for (const n of nodes) if (n.selectionSet) sets.push(n.selectionSet);
  // The comma between items, and the item.
  if (!isObjectType(named) && !isAbstractType(named)) return { calls: 0, nodes: 1, bytes: 1 + leafBytesOf(named) };
  const walk = walkOf(schema, operation, fragments, variables, lengths, search);
  const { calls, effect } = costOf(walk, named, sets, 1, atRoot(undefined, scope));
  return { calls: count(calls), nodes: effect.nodes, bytes: count(1 + effect.bytes) };
}

function walkOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  lengths: LengthsView,
  search: SearchBreadth | undefined,
): Walk {
  return {
    schema,
    fragments,
    variables,
    state: { reads: new Layered(), applied: new Layered(), pools: new Map() },
    ids: new Map(),
    names: new Map(),
    paths: [],
    roots: new Map(),
    collected: new Map(),
    lastOwn: undefined,
    signatures: { next: new Map() },
    signatureCount: 0,
    effects: new Map(),
    splits: new Map(),
    contexts: new Map(),
    work: 0,
    args: new Map(),
    lengths,
    search,
    operation,
  };
}

/** Where a walk starts: the root's one parent (`key`), or one item of a list (no key: the list has many). */
const atRoot = (key: string | undefined, scope: string | undefined): At => ({
  path: -1,
  depth: 0,
  slicedBy: undefined,
  sliced: undefined,
  slicedGroups: undefined,
  key,
  scope,
  groups: NO_GROUPS,
});
