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
 */
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';
import { COST_EXTENSION, type FieldCost } from '../schema/cost.js';

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
  /** Calls and nodes by path. */
  byPath: Map<string, PathCost>;
}

const byArgs = (value: FieldCost['calls'], args: Record<string, unknown>): number =>
  typeof value === 'function' ? value(args) : (value ?? 0);

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
 * type, whose paths are the ones recorded. `sliced`: the items a connection's field asked for,
 * which its `edges` and `nodes` hold. `key`: what identifies the one parent, when there is one (a
 * read below it is the same read however often it is asked); undefined once there are several.
 */
function costOf(
  walk: Walk,
  type: GraphQLNamedType,
  set: SelectionSetNode,
  parents: number,
  path: string,
  slicedBy: PathCost['slicedBy'],
  sliced: number | undefined,
  key: string | undefined,
): { calls: number; nodes: number } {
  const of = (into: Walk, objectType: GraphQLObjectType) => {
    const total = { calls: 0, nodes: 0 };
    for (const nodes of collect(into, objectType, set).values()) {
      const name = nodes[0]!.name.value;
      const field = name.startsWith('__') ? undefined : objectType.getFields()[name];
      if (!field) continue;
      const at = `${path}${path ? '.' : ''}${name}`;
      // Aliases of one field with the same arguments make the same read: keyed by name, not alias.
      const cost = fieldCost(into, field, nodes, objectType, parents, at, slicedBy, sliced, key && `${key}/${name}`);
      total.calls += cost.calls;
      total.nodes += cost.nodes;
    }
    return total;
  };
  if (isObjectType(type)) return of(walk, type);
  if (!isAbstractType(type)) return { calls: 0, nodes: 0 };
  // Each possible type on a scratch walk; the dearest one's paths and reads are kept.
  let dearest: { total: { calls: number; nodes: number }; scratch: Walk } | undefined;
  for (const objectType of walk.schema.getPossibleTypes(type)) {
    const scratch: Walk = { ...walk, reads: new Set(walk.reads), byPath: new Map() };
    const total = of(scratch, objectType);
    if (!dearest || total.calls > dearest.total.calls || (total.calls === dearest.total.calls && total.nodes > dearest.total.nodes)) {
      dearest = { total, scratch };
    }
  }
  if (!dearest) return { calls: 0, nodes: 0 };
  for (const read of dearest.scratch.reads) walk.reads.add(read);
  for (const [p, cost] of dearest.scratch.byPath) {
    const known = walk.byPath.get(p);
    if (known) {
      known.calls += cost.calls;
      known.nodes += cost.nodes;
    } else walk.byPath.set(p, cost);
  }
  return dearest.total;
}

function fieldCost(
  walk: Walk,
  field: GraphQLField<unknown, unknown>,
  nodes: FieldNode[],
  parentType: GraphQLObjectType,
  parents: number,
  path: string,
  slicedBy: PathCost['slicedBy'],
  sliced: number | undefined,
  key: string | undefined,
): { calls: number; nodes: number } {
  const args = argumentsOf(field, nodes[0]!, walk.variables);
  const price = field.extensions?.[COST_EXTENSION] as FieldCost | undefined;
  const { type, list } = named(field.type);
  const perParent = byArgs(price?.calls, args);
  let calls = 0;
  if (perParent > 0) {
    const per = price?.per ?? 'parent';
    if (per === 'request' || parents <= 1) {
      // One read whatever the parents, or the one parent's: made once however often the request asks it.
      const read = per === 'request' ? `${parentType.name}.${field.name} ${JSON.stringify(args)}` : key && `${key} ${JSON.stringify(args)}`;
      if (!read || !walk.reads.has(read)) {
        if (read) walk.reads.add(read);
        calls = perParent * (per === 'request' ? 1 : parents);
      }
    } else if (per === 'parent') calls = perParent * parents;
    else calls = perParent * Math.ceil(parents / per.batch);
  }
  // Items per parent: the field's own bound, a connection's slice for its edges and nodes, or the assumption.
  const items = list ? (price?.items !== undefined ? byArgs(price.items, args) : (sliced ?? ASSUMED_LIST_SIZE)) : 1;
  const objects = isObjectType(type) || isAbstractType(type);
  const below = parents * items;
  const slicers = price?.slicing?.length ? [...slicedBy, ...price.slicing.map((argument) => ({ field: field.name, argument }))] : slicedBy;
  const entry = walk.byPath.get(path) ?? { path, calls: 0, nodes: 0, slicedBy: slicers };
  entry.calls += calls;
  entry.nodes += objects ? below : 0;
  walk.byPath.set(path, entry);
  let total = { calls, nodes: objects ? below : 0 };
  const selectionSet = nodes.length === 1 ? nodes[0]!.selectionSet : mergeSets(nodes);
  if (selectionSet && objects) {
    // A connection hands its slice to the lists it holds; below a list, parents are many.
    const slice = !list && price?.items !== undefined ? byArgs(price.items, args) : undefined;
    const childKey = below <= 1 && !list ? key && `${key}/${field.name}(${JSON.stringify(args)})` : undefined;
    const child = costOf(walk, type, selectionSet, below, path, slicers, slice, childKey);
    total = { calls: total.calls + child.calls, nodes: total.nodes + child.nodes };
  }
  return total;
}

/**
 * A field's arguments as the request gives them, defaults filled in, without coercing them: a
 * price reads numbers and the length of lists, and coercion runs the scalars' parsers (a hundred
 * 1 MB global ids would be decoded here, before the checks that refuse them cheaply).
 */
function argumentsOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const definition of field.args) {
    const given = node.arguments?.find((a) => a.name.value === definition.name);
    if (given) args[definition.name] = valueFromASTUntyped(given.value, variables);
    else if (definition.defaultValue !== undefined) args[definition.name] = definition.defaultValue;
  }
  return args;
}

function mergeSets(nodes: FieldNode[]): SelectionSetNode | undefined {
  const selections = nodes.flatMap((n) => n.selectionSet?.selections ?? []);
  return selections.length ? { kind: Kind.SELECTION_SET, selections } : undefined;
}

/** The price of `operation` with `variables` (coerced or not: only arguments are read). */
export function estimate(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> = {},
): Estimate {
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const walk: Walk = { schema, fragments, variables, reads: new Set(), byPath: new Map() };
  if (!root) return { calls: 0, nodes: 0, paths: [] };
  const total = costOf(walk, root, operation.selectionSet, 1, '', [], undefined, 'root');
  return { ...total, paths: [...walk.byPath.values()].filter((p) => p.calls > 0 || p.nodes > 0) };
}
