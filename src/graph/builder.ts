/**
 * The schema builder. Types live one file per domain with the fields that look them up, shared
 * types are named in ./refs.ts (see docs/ARCHITECTURE.md, "Where a field lives"); this file only
 * wires the plugins and the scalar and context typing.
 *
 * The federation plugin only records which types are entities (`builder.asEntity`, beside each
 * type) and wraps no resolver: the plain graph is the same with it and costs nothing more per
 * request. The subgraph (./index.ts, `subgraphSchema`) is built from the same types on demand.
 */
import SchemaBuilder, { type BasePlugin, brandWithType, type SchemaTypes } from '@pothos/core';
import { PothosDirectivesPlugin } from '@pothos/plugin-directives';
import { PothosFederationPlugin } from '@pothos/plugin-federation';
import RelayPlugin, { resolveNodes } from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { type GraphQLSchema, isIntrospectionType, isSpecifiedScalarType } from 'graphql';
import { adminRefusal } from '../graphql/admin-access.js';
import type { GatewayContext } from '../graphql/context.js';
import { forbidden } from '../graphql/errors.js';
import { assertNodeCount, assertNodeType, decodeGlobalId, encodeGlobalId, readGlobalId } from './global-id.js';
import { CostPlugin } from './cost.js';
import { CURSOR_BYTES, ListSizesPlugin } from './list-sizes.js';
import { lookupsPrice, type Named } from './lookups.js';
import { PacingPlugin } from './pacing.js';

/** Whether the build under way is the subgraph's (`subgraphBuild`). */
let buildingSubgraph = false;

/**
 * Builds the subgraph: the federation and directives plugins below do their work in the builds
 * `build` makes (Pothos's toSubGraphSchema makes two), and in no other.
 */
export function subgraphBuild<T>(build: () => T): T {
  buildingSubgraph = true;
  try {
    return build();
  } finally {
    buildingSubgraph = false;
  }
}

/** The hooks that copy a config to add directives: the two plugins below run them for the subgraph only. */
const DIRECTIVE_HOOKS = ['onTypeConfig', 'onOutputFieldConfig', 'onInputFieldConfig', 'onEnumValueConfig'] as const;

function onSubgraphBuildsOnly(plugin: typeof BasePlugin<never>): void {
  const hooks = plugin.prototype as unknown as Record<(typeof DIRECTIVE_HOOKS)[number], (config: unknown) => unknown>;
  for (const name of DIRECTIVE_HOOKS) {
    const hook = hooks[name];
    hooks[name] = function (this: unknown, config: unknown) {
      return buildingSubgraph ? hook.call(this, config) : config;
    };
  }
}

/**
 * Pothos's federation plugin, for the subgraph only. On every type, field, argument and enum
 * value it copies the config to add the directives a router reads (`@key`, `@cost`,
 * `@shareable`...), which the plain graph neither prints nor reads: in the plain graph's build,
 * which every start makes, that was about 14 ms of CPU, and the directives plugin's copies 8 more.
 */
class SubgraphFederationPlugin<Types extends SchemaTypes> extends PothosFederationPlugin<Types> {}
onSubgraphBuildsOnly(SubgraphFederationPlugin);

/**
 * Pothos's directives plugin, for the subgraph only. Apollo's printer reads `@key` and `@link`
 * from AST nodes, which the plugin makes up for every type of a schema it builds; the plain
 * graph needs none, and GraphQL's own scalars and introspection types, which every schema of
 * the process shares, must not get any (the printed SDL and the typed documents of
 * `npm run codegen` would change). So it runs on subgraph builds only, and its AST is made on
 * the one that carries the `@link` the federation plugin adds (the other only lists the
 * directives used), for a view of the schema without GraphQL's own types.
 */
class SubgraphDirectivesPlugin<Types extends SchemaTypes> extends PothosDirectivesPlugin<Types> {
  override afterBuild(schema: GraphQLSchema): GraphQLSchema {
    const directives = schema.extensions?.directives;
    if (!Array.isArray(directives) || !directives.some((d: { name?: string }) => d.name === 'link')) return schema;
    const own = Object.fromEntries(
      Object.entries(schema.getTypeMap()).filter(([, type]) => !isSpecifiedScalarType(type) && !isIntrospectionType(type)),
    );
    const view = Object.create(schema, { getTypeMap: { value: () => own } }) as GraphQLSchema;
    super.afterBuild(view);
    schema.extensions = view.extensions;
    schema.extensionASTNodes = view.extensionASTNodes;
    return schema;
  }
}
onSubgraphBuildsOnly(SubgraphDirectivesPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      subgraphDirectives: SubgraphDirectivesPlugin<Types>;
      subgraphFederation: SubgraphFederationPlugin<Types>;
      pacing: PacingPlugin<Types>;
      cost: CostPlugin<Types>;
      listSizes: ListSizesPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin('subgraphDirectives', SubgraphDirectivesPlugin);
SchemaBuilder.registerPlugin('subgraphFederation', SubgraphFederationPlugin);
SchemaBuilder.registerPlugin('pacing', PacingPlugin);
SchemaBuilder.registerPlugin('cost', CostPlugin);
SchemaBuilder.registerPlugin('listSizes', ListSizesPlugin);

/** A cursor's bytes in the answer, as the longest cursor seen (see CURSOR_BYTES). */
const CURSOR_PRICE = { bytes: CURSOR_BYTES };

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  // Fields are non-null unless they say otherwise: a field that calls an upstream says
  // `nullable: true`, so its failure nulls only itself and its siblings still resolve.
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    BigInt: { Input: string; Output: string | number | bigint };
    SafeInt: { Input: number; Output: number };
    CB58Id: { Input: string; Output: string };
    NodeID: { Input: string; Output: string };
    AvalancheAddress: { Input: string; Output: string };
    EvmHexAddress: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
    Uint64: { Input: string; Output: string | number | bigint };
  };
  AuthScopes: {
    /** The request bears the operator's ADMIN_TOKEN. */
    admin: boolean;
  };
}>({
  // Scope auth first, so no other plugin's wrapper runs (or calls out) before the check.
  // Pacing last, so that it wraps the resolvers as the other plugins left them: it sees the lists they return.
  // Pothos runs the plugins' config hooks last one first: cost, listed after federation, hands the
  // federation plugin the @cost and @listSize of each price before it prints them.
  plugins: [ScopeAuthPlugin, RelayPlugin, 'subgraphDirectives', 'subgraphFederation', 'cost', 'listSizes', 'pacing'],
  scopeAuth: {
    // Asked once per request, when a field with a scope first resolves: what a granted scope lets
    // through is that request's alone, so neither its response nor its reads are shared (the
    // admin reads are `never` anyway; a scoped field that reads nothing, `admin { __typename }`, is not).
    authScopes: (ctx) => {
      const granted = ctx.admin().granted;
      if (granted) ctx.reads.uncacheable = true;
      return { admin: granted };
    },
    unauthorizedError: (_parent, ctx) => forbidden(adminRefusal(ctx.admin())),
  },
  defaultFieldNullability: false,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodesOnConnection: {
      description: 'The nodes of this page, without cursors: a shortcut for `edges { node }`.',
    },
    encodeGlobalID: encodeGlobalId,
    decodeGlobalID: decodeGlobalId,
    idFieldOptions: {
      description: 'Global id: pass it to `node(id:)` to fetch this object again. It carries the network.',
    },
    nodeTypeOptions: { description: 'An object that `node(id:)` can fetch again by its global id.' },
    // Shareable: a neighbour subgraph with Relay connections has a PageInfo of its own.
    pageInfoTypeOptions: {
      description: 'Where a page sits in its list. Only forward paging (`first`/`after`) is offered.',
      shareable: true,
    },
    firstArgOptions: { description: 'How many items to return; the field says the default and the bounds.' },
    afterArgOptions: { description: 'Resume after this cursor (an `endCursor` or edge `cursor` of the same query).' },
    lastArgOptions: { description: 'Not supported: the upstream pages forward only. Use `first`.' },
    beforeArgOptions: { description: 'Not supported: the upstream pages forward only. Use `after`.' },
    cursorFieldOptions: { description: 'Opaque cursor: pass it as `after` to continue right after this item.', price: CURSOR_PRICE },
    hasNextPageFieldOptions: { description: 'Whether more items follow this page.' },
    hasPreviousPageFieldOptions: { description: 'Whether items come before this page (true when `after` was given).' },
    startCursorFieldOptions: { description: 'Cursor of the first item of the page.', price: CURSOR_PRICE },
    endCursorFieldOptions: {
      description: 'Cursor of the last item of the page: pass it as `after` for the next page.',
      price: CURSOR_PRICE,
    },
    pageInfoFieldOptions: { description: 'Where this page sits in the list.' },
    edgesFieldOptions: { nullable: false, description: 'The items of this page with their cursors.' },
    nodeFieldOptions: { nullable: false, description: 'The item.' },
    nodeQueryOptions: {
      description: 'Fetches any object again by its global id (its `id` field). Null when it no longer exists.',
      args: { id: { description: "A global id, as an object's `id` field gave it." } },
      price: lookupsPrice((args) => namedBy([args.id])),
      resolve: (_root, { id }, _ctx, info, resolveNode) => {
        assertNodeType(info.schema, id.typename);
        return Promise.resolve(resolveNode(id)).then((node) => branded(node, id.typename));
      },
    },
    nodesQueryOptions: {
      description:
        'Fetches up to 100 objects by their global ids, in order; null where one no longer exists, and null with its own error where its lookup failed.',
      args: { ids: { description: "Global ids, as objects' `id` fields gave them; at most 100." } },
      price: { ...lookupsPrice((args: { ids: readonly unknown[] }) => namedBy(args.ids)), items: (args) => args.ids.length },
      resolve: (_root, { ids }, ctx, info) => {
        assertNodeCount(ids.length);
        for (const id of ids) assertNodeType(info.schema, id.typename);
        // One promise per id, not Pothos's one for all: a lookup that fails is that item's null
        // and error, and the others still come back. Every type loads one id at a time anyway
        // (loadOne, over loaders that batch). Pothos's own callback ignores the ids it is given
        // and resolves the field's whole list, so its exported resolver is called per id.
        return ids.map((id) => resolveNodes(relayBuilder(), ctx, info, [id]).then(([node]) => branded(node, id.typename)));
      },
    },
  },
});

/**
 * A node as `Node`'s resolveType recognises it: branded with the type its id named. Pothos
 * brands an object once its own lookup is done, but a second lookup of the same id in one
 * request (`nodes(ids: [x, x])`, `a: node(id: x) b: node(id: x)`) is given the first one's
 * pending promise from Pothos's request cache, which settles before the first one brands it:
 * graphql-js then failed that item ("Abstract type Node must resolve to an Object type").
 */
async function branded(pending: unknown, typename: string): Promise<unknown> {
  // A repeat's "node" is the first lookup's promise itself.
  const node = await pending;
  if (node !== null && typeof node === 'object') brandWithType(node, typename as never);
  return node ?? null;
}

/**
 * What global ids name, as a price reads them: the ids as the client wrote them (a price sees the
 * arguments before Pothos decodes them), or decoded. An id that does not decode names nothing: the
 * field refuses it before any call.
 */
function namedBy(ids: readonly unknown[]): Named[] {
  return ids.flatMap((id): Named[] => {
    // An id as written may be any literal (`node(id: 1000000000000000000000)`): only a string or a decoded id names something.
    const read =
      typeof id === 'string' ? readGlobalId(id) : typeof id === 'object' ? (id as { typename?: unknown; id?: unknown } | null) : null;
    if (!read || 'refused' in read || typeof read.typename !== 'string' || typeof read.id !== 'string') return [];
    const network = read.id.slice(0, read.id.indexOf(':'));
    return [{ typename: read.typename, network: network === 'mainnet' || network === 'fuji' ? network : undefined }];
  });
}

/** The builder for Pothos's node resolver, typed apart so that the options above may name it. */
function relayBuilder(): PothosSchemaTypes.SchemaBuilder<SchemaTypes> {
  return builder as unknown as PothosSchemaTypes.SchemaBuilder<SchemaTypes>;
}

builder.queryType({ description: 'Everything starts from a network, or from a global id.' });
builder.mutationType({ description: 'Operations that ask an upstream to do something.' });
