/**
 * The static price of an operation: the upstream calls it can make on a cold cache, and the
 * objects its answer can hold, from the document, its variables and the fields' prices
 * (src/schema/cost.ts), before anything runs.
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
 * What the reuse layer shares is counted as it is shared: a pool (a loader every field of the
 * request uses, such as the subnet catalog) costs what all the keys given to it cost together,
 * once per network; fields of one object that go out as one call (`sharesWith`) cost what the
 * dearest of them costs; a `per: { group }` field costs one call per group of its parents, as the
 * lists above it group them (`groups`: the validators of one subnet's list share that subnet).
 */
import {
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';
import type { LengthsView } from '../reuse/list-lengths.js';
import { type ByArgs, COST_EXTENSION, type FieldCost, type Pool, type Where } from '../schema/cost.js';

/** Items assumed for a list that neither its arguments nor its price bound. */
export const ASSUMED_LIST_SIZE = 10;

export interface PathCost {
  /** The fields from the root, by name (`network.subnets.nodes.l1Validators`). */
  path: string;
  calls: number;
  nodes: number;
  /** The fields of the path whose slicing arguments (`first`) multiply it. */
  slicedBy: { field: string; argument: string }[];
}

export interface Estimate {
  /** Upstream calls on a cold cache, at most. */
  calls: number;
  /** Objects the answer holds, at most. */
  nodes: number;
  /** What each path costs, for refusals that say where the cost is. */
  paths: PathCost[];
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Reads that one request makes once however often it asks (aliases of one page). */
  reads: Set<string>;
  /** The keys each pool was given so far, by pool and network, with the price of the first field that named it. */
  pools: Map<string, { pool: Pool; keys: number }>;
  /** Calls and nodes by path. */
  byPath: Map<string, PathCost>;
  /** The lengths of lists the data decides, as last seen: what `learnt` items read (src/schema/list-sizes.ts). */
  lengths: LengthsView;
}

/** No lengths seen: every list the data decides is priced at the most it may hold. */
export const NO_LENGTHS: LengthsView = { bound: (_key, most) => most };

/** How many groups the parents form, by what their members share (`subnet`); absent: each parent its own. */
type Groups = Readonly<Record<string, number>>;

/** Where the walk is, and what the parents there share. */
interface At {
  path: string;
  slicedBy: PathCost['slicedBy'];
  /** The items a connection's field asked for, which its `edges` and `nodes` hold. */
  sliced: number | undefined;
  /** The groups a connection's field declared, which its `edges` and `nodes` form. */
  slicedGroups: Groups | undefined;
  /** What identifies the one parent, when there is one (a read below it is the same read however often it is asked); undefined once there are several. */
  key: string | undefined;
  /** The network the parents are on, when the arguments above said it. */
  scope: string | undefined;
  groups: Groups;
}

const byArgs = <T>(value: ByArgs<Record<string, unknown>, T> | undefined, args: Record<string, unknown>, where: Where): T | undefined =>
  typeof value === 'function' ? (value as (args: Record<string, unknown>, where: Where) => T)(args, where) : value;

function named(type: GraphQLOutputType): { type: GraphQLNamedType; list: boolean } {
  let t = type;
  let list = false;
  while (isNonNullType(t) || isListType(t)) {
    if (isListType(t)) list = true;
    t = t.ofType as GraphQLOutputType;
  }
  return { type: t as GraphQLNamedType, list };
}

function included(
  node: { directives?: readonly unknown[] | undefined } & Parameters<typeof getDirectiveValues>[1],
  variables: Record<string, unknown>,
): boolean {
  if (!node.directives?.length) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/** The fields a selection set asks of an object type, grouped by response key, as execution groups them. */
function collect(
  walk: Walk,
  type: GraphQLObjectType,
  set: SelectionSetNode,
  into = new Map<string, FieldNode[]>(),
  seen = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const selection of set.selections) {
    if (!included(selection, walk.variables)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const nodes = into.get(key);
      if (nodes) nodes.push(selection);
      else into.set(key, [selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || applies(walk.schema, selection.typeCondition.name.value, type))
        collect(walk, type, selection.selectionSet, into, seen);
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = walk.fragments[selection.name.value];
      if (fragment && applies(walk.schema, fragment.typeCondition.name.value, type)) collect(walk, type, fragment.selectionSet, into, seen);
    }
  }
  return into;
}

function applies(schema: GraphQLSchema, condition: string, type: GraphQLObjectType): boolean {
  if (condition === type.name) return true;
  const conditionType = schema.getType(condition);
  return !!conditionType && isAbstractType(conditionType) && schema.isSubType(conditionType, type);
}

/**
 * What `set` costs below `parents` objects of `type`: for an abstract type, its dearest possible
 * type, whose paths, reads and pools are the ones recorded.
 */
function costOf(walk: Walk, type: GraphQLNamedType, set: SelectionSetNode, parents: number, at: At): { calls: number; nodes: number } {
  const of = (into: Walk, objectType: GraphQLObjectType) => {
    const total = { calls: 0, nodes: 0 };
    // Calls already counted for each `sharesWith` name among these fields.
    const shared = new Map<string, number>();
    for (const nodes of collect(into, objectType, set).values()) {
      const name = nodes[0]!.name.value;
      const field = name.startsWith('__') ? undefined : objectType.getFields()[name];
      if (!field) continue;
      // Aliases of one field with the same arguments make the same read: keyed by name, not alias.
      const cost = fieldCost(into, field, nodes, objectType, parents, { ...at, key: at.key && `${at.key}/${name}` }, shared);
      total.calls += cost.calls;
      total.nodes += cost.nodes;
    }
    return total;
  };
  if (isObjectType(type)) return of(walk, type);
  if (!isAbstractType(type)) return { calls: 0, nodes: 0 };
  // Each possible type on a scratch walk; the dearest one's paths, reads and pools are kept.
  let dearest: { total: { calls: number; nodes: number }; scratch: Walk } | undefined;
  for (const objectType of walk.schema.getPossibleTypes(type)) {
    const pools = new Map([...walk.pools].map(([id, entry]) => [id, { ...entry }]));
    const scratch: Walk = { ...walk, reads: new Set(walk.reads), pools, byPath: new Map() };
    const total = of(scratch, objectType);
    if (!dearest || total.calls > dearest.total.calls || (total.calls === dearest.total.calls && total.nodes > dearest.total.nodes)) {
      dearest = { total, scratch };
    }
  }
  if (!dearest) return { calls: 0, nodes: 0 };
  for (const read of dearest.scratch.reads) walk.reads.add(read);
  for (const [id, entry] of dearest.scratch.pools) walk.pools.set(id, entry);
  for (const [p, cost] of dearest.scratch.byPath) {
    const known = walk.byPath.get(p);
    if (known) {
      known.calls += cost.calls;
      known.nodes += cost.nodes;
    } else walk.byPath.set(p, cost);
  }
  return dearest.total;
}

/** The calls `keys` more keys add to a pool of the network `scope`: what the pool costs with them, less what it cost without. */
function poolCalls(walk: Walk, pool: Pool, scope: string | undefined, keys: number): number {
  const id = `${pool.name}@${pool.scope ?? scope ?? '*'}`;
  let entry = walk.pools.get(id);
  if (!entry) walk.pools.set(id, (entry = { pool, keys: 0 }));
  const { calls, batch = 1, max = Number.POSITIVE_INFINITY } = entry.pool;
  const cost = (k: number) => (k > 0 ? calls * Math.min(Math.ceil(k / batch), max) : 0);
  const before = cost(entry.keys);
  entry.keys += keys;
  return cost(entry.keys) - before;
}

/** The calls of `parents` parents that make `perParent` calls each, combined as `per` says. */
function combined(walk: Walk, per: NonNullable<FieldCost['per']>, perParent: number, parents: number, at: At, read: string): number {
  if (per === 'request') return poolCalls(walk, { name: read, calls: perParent, max: 1 }, at.scope, parents);
  if (parents <= 1) {
    // The one parent's read: made once however often the request asks it.
    const once = at.key && `${at.key} ${read}`;
    if (once && walk.reads.has(once)) return 0;
    if (once) walk.reads.add(once);
    return perParent * parents;
  }
  if (per === 'parent') return perParent * parents;
  if ('group' in per) {
    const groups = Math.min(parents, at.groups[per.group] ?? parents);
    return perParent * groups * (per.batch ? Math.ceil(parents / groups / per.batch) : 1);
  }
  return perParent * Math.ceil(parents / per.batch);
}

function fieldCost(
  walk: Walk,
  field: GraphQLField<unknown, unknown>,
  nodes: FieldNode[],
  parentType: GraphQLObjectType,
  parents: number,
  at: At,
  shared: Map<string, number>,
): { calls: number; nodes: number } {
  const args = argumentsOf(field, nodes[0]!, walk.variables);
  const price = field.extensions?.[COST_EXTENSION] as FieldCost | undefined;
  const { type, list } = named(field.type);
  const path = `${at.path}${at.path ? '.' : ''}${field.name}`;
  const where: Where = { scope: at.scope, lengths: walk.lengths };
  const perParent = byArgs(price?.calls, args, where) ?? 0;
  let calls =
    perParent > 0
      ? combined(walk, price?.per ?? 'parent', perParent, parents, at, `${parentType.name}.${field.name} ${JSON.stringify(args)}`)
      : 0;
  if (price?.sharesWith) {
    // Goes out with its siblings' calls: only what it needs beyond theirs.
    const before = shared.get(price.sharesWith) ?? 0;
    shared.set(price.sharesWith, Math.max(before, calls));
    calls = Math.max(0, calls - before);
  }
  for (const pool of byArgs(price?.pools, args, where) ?? []) calls += poolCalls(walk, pool, at.scope, parents * (pool.keys ?? 1));
  // Items per parent: the field's own bound, a connection's slice for its edges and nodes, or the assumption.
  const items = list ? (price?.items !== undefined ? byArgs(price.items, args, where)! : (at.sliced ?? ASSUMED_LIST_SIZE)) : 1;
  const objects = isObjectType(type) || isAbstractType(type);
  const below = parents * items;
  const slicers = price?.slicing?.length
    ? [...at.slicedBy, ...price.slicing.map((argument) => ({ field: field.name, argument }))]
    : at.slicedBy;
  const entry = walk.byPath.get(path) ?? { path, calls: 0, nodes: 0, slicedBy: slicers };
  entry.calls += calls;
  entry.nodes += objects ? below : 0;
  walk.byPath.set(path, entry);
  let total = { calls, nodes: objects ? below : 0 };
  const selectionSet = nodes.length === 1 ? nodes[0]!.selectionSet : mergeSets(nodes);
  if (selectionSet && objects) {
    // What one list's items share: as many groups as lists, or fewer when the parents were grouped already.
    const declared = byArgs(price?.groups, args, where);
    const grouped = declared && Object.fromEntries(declared.map((name) => [name, Math.min(parents, at.groups[name] ?? parents)]));
    // A connection hands its slice and its groups to the lists it holds; other lists group their items
    // only as they declare; a field of one object keeps its parents' groups.
    const fromSlice = list && price?.items === undefined && at.sliced !== undefined;
    const groups = !list ? at.groups : (grouped ?? (fromSlice ? (at.slicedGroups ?? {}) : {}));
    const slice = !list && price?.items !== undefined ? byArgs(price.items, args, where) : undefined;
    const child = costOf(walk, type, selectionSet, below, {
      path,
      slicedBy: slicers,
      sliced: slice,
      slicedGroups: slice !== undefined ? grouped : undefined,
      // Below a list, parents are many.
      key: below <= 1 && !list ? at.key && `${at.key}(${JSON.stringify(args)})` : undefined,
      scope: price?.scope?.(args) ?? at.scope,
      groups,
    });
    total = { calls: total.calls + child.calls, nodes: total.nodes + child.nodes };
  }
  return total;
}

/**
 * A field's arguments as the request gives them (its variables as the executor coerced them,
 * src/yoga/input-bounds.ts), defaults filled in, literals not coerced: a
 * price reads numbers and the length of lists, and coercion runs the scalars' parsers (a hundred
 * 1 MB global ids would be decoded here, before the checks that refuse them cheaply).
 */
function argumentsOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const definition of field.args) {
    const given = node.arguments?.find((a) => a.name.value === definition.name);
    // A variable the request left without a value leaves the argument to its default, as execution does.
    const unset = given?.value.kind === Kind.VARIABLE && !Object.hasOwn(variables, given.value.name.value);
    if (given && !unset) args[definition.name] = internal(definition.type, valueFromASTUntyped(given.value, variables));
    else if (definition.defaultValue !== undefined) args[definition.name] = definition.defaultValue;
  }
  return args;
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
    const item = getNamedType(t);
    return Array.isArray(value) && (isEnumType(item) || isInputObjectType(item)) ? value.map((v) => internal(t.ofType, v)) : value;
  }
  if (isInputObjectType(t) && value && typeof value === 'object' && !Array.isArray(value)) {
    const fields = t.getFields();
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value)) out[name] = fields[name] ? internal(fields[name].type, v) : v;
    return out;
  }
  return value;
}

function mergeSets(nodes: FieldNode[]): SelectionSetNode | undefined {
  const selections = nodes.flatMap((n) => n.selectionSet?.selections ?? []);
  return selections.length ? { kind: Kind.SELECTION_SET, selections } : undefined;
}

/** The price of `operation` with `variables` (coerced or not: only arguments are read), with the list lengths seen so far. */
export function estimate(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> = {},
  lengths: LengthsView = NO_LENGTHS,
): Estimate {
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const walk: Walk = { schema, fragments, variables, reads: new Set(), pools: new Map(), byPath: new Map(), lengths };
  if (!root) return { calls: 0, nodes: 0, paths: [] };
  const total = costOf(walk, root, operation.selectionSet, 1, {
    path: '',
    slicedBy: [],
    sliced: undefined,
    slicedGroups: undefined,
    key: 'root',
    scope: undefined,
    groups: {},
  });
  return { ...total, paths: [...walk.byPath.values()].filter((p) => p.calls > 0 || p.nodes > 0) };
}
