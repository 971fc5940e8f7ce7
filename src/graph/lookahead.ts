/**
 * Lookahead: the upstream reads a list's items will make, started as soon as the list is known.
 *
 * graphql-jit, like graphql-js, completes a list item by item, depth first: the l1Validators call
 * of the last subnet of a page is made only after the fields of every subnet before it. undici
 * then writes a call on a reused connection once that whole synchronous pass is over, so every
 * call of the fan-out waits for the pass. For the nested benchmark query (100 subnets with their
 * blockchains and genesis, 34 of them L1s) that pass took 1.5-3 ms of a fresh gateway's queries.
 *
 * A field that calls upstream for each item of a list registers a prefetch for its type. A list's
 * resolver, once it has its items, looks at what its query selects below them (with
 * graphql-parse-resolve-info: aliases, fragments, variables and `@skip`/`@include` as execution
 * sees them), starts the prefetches of the fields found, and waits one turn of the event loop, so
 * that the calls are written before the items are completed. When the items' own fields run, the
 * reads they make are the ones already in flight: a request's reads are shared
 * (src/reuse/reads.ts), so nothing is called twice, and a failure reaches the field as it would
 * have.
 */
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  Kind,
  type SelectionSetNode,
  getNamedType,
  isObjectType,
} from 'graphql';
import { parseResolveInfo, type ResolveTree, simplifyParsedResolveInfoFragmentWithType } from 'graphql-parse-resolve-info';
import type { GatewayContext } from '../graphql/context.js';

/** Starts what `field` will read for each of `items`; true when it started anything. */
export type Prefetch<T> = (ctx: GatewayContext, items: readonly T[], args: Record<string, unknown>) => boolean;

const prefetches = new Map<string, Map<string, Prefetch<never>>>();

/** Registers how `field` of the object type `typeName` reads ahead for a list of such objects. */
export function prefetchable<T>(typeName: string, field: string, prefetch: Prefetch<T>): void {
  let fields = prefetches.get(typeName);
  if (!fields) prefetches.set(typeName, (fields = new Map()));
  fields.set(field, prefetch as Prefetch<never>);
}

/**
 * The fields that read ahead, as `Type.field`. Their reads start inside the resolver of the list
 * above them, which they then join: test/yoga/cost.test.ts, which attributes calls to the resolver that
 * runs when they are made, checks these fields' prices by name.
 */
export function prefetchingFields(): string[] {
  return [...prefetches].flatMap(([typeName, fields]) => [...fields.keys()].map((field) => `${typeName}.${field}`));
}

/** The fields selected on the objects of `type`, with their arguments (merged across fragments). */
function fieldsOn(tree: ResolveTree, type: GraphQLNamedType): ResolveTree[] {
  return Object.values(simplifyParsedResolveInfoFragmentWithType(tree, type).fields as Record<string, ResolveTree>);
}

/** Whether a selection set names one of `fields` anywhere below it, fragments included. */
function names(
  set: SelectionSetNode | undefined,
  fields: ReadonlyMap<string, unknown>,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): boolean {
  if (!set) return false;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (fields.has(selection.name.value) || names(selection.selectionSet, fields, fragments, seen)) return true;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (names(selection.selectionSet, fields, fragments, seen)) return true;
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      if (names(fragments[selection.name.value]?.selectionSet, fields, fragments, seen)) return true;
    }
  }
  return false;
}

/**
 * Whether the query may select a field with a prefetch below the field being resolved: decided
 * once per field of a parsed document (yoga keeps documents parsed), so that a query that selects
 * none (most) pays a lookup, not a reading of its selections.
 */
const mayPrefetch = new WeakMap<FieldNode, boolean>();

/**
 * What a query without variables selects below a connection, by the connection's field nodes:
 * then it is the document's alone, and a compiled query (graphql-jit) gives each field the same
 * nodes in every request, so the selection is read once per document instead of once a request.
 * On the nested benchmark query, in a young process (the gateway's modules in-process over the
 * sandbox, `npm start`'s code flags, the median of runs 5 to 14, two processes each way), finding
 * the selection took 137 and 140 µs a query read each time, 18 and 21 so kept: time between the
 * page of subnets and its L1 calls. A query with variables is read each time: `@include(if: $x)`
 * and `first: $n` take their values from the request.
 */
const selections = new WeakMap<readonly FieldNode[], readonly ResolveTree[] | null>();

/** The selected fields below the connection being resolved, on its nodes (through `nodes` or `edges { node }`); null when it has none to read. */
function selectedOnNodes(
  info: GraphQLResolveInfo,
  itemType: GraphQLNamedType,
  connectionType: GraphQLObjectType,
): readonly ResolveTree[] | null {
  const reusable = !info.operation.variableDefinitions?.length;
  const known = reusable ? selections.get(info.fieldNodes) : undefined;
  if (known !== undefined) return known;
  const selected: ResolveTree[] = [];
  const tree = parseResolveInfo(info) as ResolveTree | null | undefined;
  if (tree) {
    for (const field of fieldsOn(tree, connectionType)) {
      if (field.name === 'nodes') selected.push(...fieldsOn(field, itemType));
      if (field.name === 'edges') {
        const edgeType = getNamedType(connectionType.getFields().edges!.type);
        for (const edgeField of fieldsOn(field, edgeType)) if (edgeField.name === 'node') selected.push(...fieldsOn(edgeField, itemType));
      }
    }
  }
  const found = tree ? selected : null;
  if (reusable) {
    // Shared by the requests to come: a prefetch that changed its arguments would change theirs.
    for (const field of selected) Object.freeze(field.args);
    selections.set(info.fieldNodes, found);
  }
  return found;
}

/**
 * Starts the prefetches of the fields the query selects on the nodes of `edges`, the connection
 * being resolved (reached through `nodes` or `edges { node }`). Returns a promise that resolves
 * once their calls are on their way, or undefined when none was started.
 */
export function prefetchBelowConnection<T>(
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
  typeName: string,
  edges: readonly { node: T }[],
): Promise<void> | undefined {
  const fields = prefetches.get(typeName);
  if (!fields || edges.length === 0) return undefined;
  const first = info.fieldNodes[0]!;
  let may = mayPrefetch.get(first);
  if (may === undefined) {
    may = info.fieldNodes.some((node) => names(node.selectionSet, fields, info.fragments, new Set()));
    mayPrefetch.set(first, may);
  }
  if (!may) return undefined;
  const itemType = info.schema.getType(typeName);
  const connectionType = getNamedType(info.returnType);
  if (!itemType || !isObjectType(connectionType)) return undefined;
  let selected: readonly ResolveTree[] | null;
  try {
    selected = selectedOnNodes(info, itemType, connectionType);
  } catch {
    // Arguments a scalar refuses (a malformed node id): the field itself reports them, in its place.
    return undefined;
  }
  if (!selected) return undefined;
  const items = edges.map((edge) => edge.node);
  let started = false;
  for (const field of selected) {
    const prefetch = fields.get(field.name);
    if (!prefetch) continue;
    try {
      started = prefetch(ctx, items as never, field.args as Record<string, unknown>) || started;
    } catch {
      // Arguments the field refuses (`first: 0`): it throws them itself, for each item, not the list.
    }
  }
  // undici writes a call on a reused connection in the event loop's check phase: let it.
  return started ? new Promise<void>((resolve) => setImmediate(resolve)) : undefined;
}
