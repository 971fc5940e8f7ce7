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
 * (src/loaders/reads.ts), so nothing is called twice, and a failure reaches the field as it would
 * have.
 */
import { type GraphQLNamedType, type GraphQLResolveInfo, getNamedType, isObjectType } from 'graphql';
import { parseResolveInfo, type ResolveTree, simplifyParsedResolveInfoFragmentWithType } from 'graphql-parse-resolve-info';
import type { GatewayContext } from '../context.js';

/** Starts what `field` will read for each of `items`; true when it started anything. */
export type Prefetch<T> = (ctx: GatewayContext, items: readonly T[], args: Record<string, unknown>) => boolean;

const prefetches = new Map<string, Map<string, Prefetch<never>>>();

/** Registers how `field` of the object type `typeName` reads ahead for a list of such objects. */
export function prefetchable<T>(typeName: string, field: string, prefetch: Prefetch<T>): void {
  let fields = prefetches.get(typeName);
  if (!fields) prefetches.set(typeName, (fields = new Map()));
  fields.set(field, prefetch as Prefetch<never>);
}

/** The fields selected on the objects of `type`, with their arguments (merged across fragments). */
function fieldsOn(tree: ResolveTree, type: GraphQLNamedType): ResolveTree[] {
  return Object.values(simplifyParsedResolveInfoFragmentWithType(tree, type).fields as Record<string, ResolveTree>);
}

/**
 * Starts the prefetches of the fields the query selects on `items`, the nodes of the connection
 * being resolved (through `nodes` or `edges { node }`), and resolves once their calls are on
 * their way.
 */
export async function prefetchBelowConnection<T>(
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
  typeName: string,
  items: readonly T[],
): Promise<void> {
  const fields = prefetches.get(typeName);
  const itemType = info.schema.getType(typeName);
  const connectionType = getNamedType(info.returnType);
  if (!fields || !itemType || !isObjectType(connectionType) || items.length === 0) return;
  const selected: ResolveTree[] = [];
  try {
    const tree = parseResolveInfo(info) as ResolveTree | null | undefined;
    if (!tree) return;
    for (const field of fieldsOn(tree, connectionType)) {
      if (field.name === 'nodes') selected.push(...fieldsOn(field, itemType));
      if (field.name === 'edges') {
        const edgeType = getNamedType(connectionType.getFields().edges!.type);
        for (const edgeField of fieldsOn(field, edgeType)) if (edgeField.name === 'node') selected.push(...fieldsOn(edgeField, itemType));
      }
    }
  } catch {
    // Arguments a scalar refuses (a malformed node id): the field itself reports them, in its place.
    return;
  }
  let started = false;
  for (const field of selected) {
    const prefetch = fields.get(field.name);
    if (prefetch) started = prefetch(ctx, items as never, field.args as Record<string, unknown>) || started;
  }
  // undici writes a call on a reused connection in the event loop's check phase: let it.
  if (started) await new Promise<void>((resolve) => setImmediate(resolve));
}
