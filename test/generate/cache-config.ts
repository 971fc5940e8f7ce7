/**
 * The normalised-cache configuration a frontend needs, derived from the schema: which object types
 * are entities (a global `id: ID!`, the key both Apollo Client and Graphcache use by default) and
 * which are value objects kept inside their parent, and which fields are Relay connections whose
 * pages merge into one list. `npm run codegen` writes it (codegen.ts) to examples/cache/ for Apollo
 * Client (`typePolicies`) and for urql's Graphcache (`keys`, `resolvers`), beside the
 * `possibleTypes` of codegen's fragment matcher; test/upstreams/codegen.test.ts fails when the
 * committed files differ. Written from the SDL rather than by hand, so a type that gains an `id`
 * becomes an entity at the next codegen.
 */
import {
  getNamedType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

/** The arguments a Relay connection pages with: every other argument selects a different list. */
export const PAGING_ARGS = ['first', 'after', 'last', 'before'] as const;

export interface ConnectionField {
  type: string;
  field: string;
  /** Its arguments other than the paging ones: a page of another value of these is another list. */
  keyArgs: string[];
}

const rootTypes = (schema: GraphQLSchema) =>
  new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean).map((t) => t!.name));

/** The schema's object types, its root types and introspection's left out. */
function objectTypes(schema: GraphQLSchema): GraphQLObjectType[] {
  const roots = rootTypes(schema);
  return Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__') && !roots.has(t.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * An entity: its `id` is a global `ID!`. A type whose `id` is some other scalar (a name the client
 * chose, an upstream's String) is not: its `id` is unique only in its parent, and a cache keying
 * it by that would merge unrelated objects.
 */
export function isEntity(type: GraphQLObjectType): boolean {
  const id = type.getFields().id;
  return !!id && isNonNullType(id.type) && isScalarType(id.type.ofType) && id.type.ofType.name === 'ID';
}

/** Object types that are not entities: kept inside the object that holds them. */
export function valueObjectTypes(schema: GraphQLSchema): string[] {
  return objectTypes(schema)
    .filter((t) => !isEntity(t))
    .map((t) => t.name);
}

/** A Relay connection: an object type with `edges` and `pageInfo`, asked with `first`/`after`. */
function isConnection(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNamedType(field.type);
  return isObjectType(type) && !!type.getFields().edges && !!type.getFields().pageInfo && field.args.some((a) => a.name === 'first');
}

/** Every connection field of every object type, the root types included. */
export function connectionFields(schema: GraphQLSchema): ConnectionField[] {
  return Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((t) =>
      Object.values(t.getFields())
        .filter(isConnection)
        .map((f) => ({
          type: t.name,
          field: f.name,
          keyArgs: f.args.map((a) => a.name).filter((a) => !(PAGING_ARGS as readonly string[]).includes(a)),
        })),
    );
}

const HEADER = (what: string) =>
  `// ${what}\n// Written by \`npm run codegen\` from the schema (test/generate/cache-config.ts): regenerate, do not edit.\n`;

/** Groups the connection fields by the type that holds them. */
function byType(fields: ConnectionField[]): Map<string, ConnectionField[]> {
  const out = new Map<string, ConnectionField[]>();
  for (const f of fields) out.set(f.type, [...(out.get(f.type) ?? []), f]);
  return out;
}

/** examples/cache/apollo.generated.ts: `typePolicies` and `possibleTypes` for Apollo Client's InMemoryCache. */
export function apolloCacheModule(schema: GraphQLSchema): string {
  const values = new Set(valueObjectTypes(schema));
  const connections = byType(connectionFields(schema));
  const names = [...new Set([...values, ...connections.keys()])].sort((a, b) => a.localeCompare(b));
  const policies = names.map((name) => {
    const parts: string[] = [];
    if (values.has(name)) parts.push('keyFields: false');
    const fields = connections.get(name);
    if (fields) {
      const lines = fields.map(
        (f) => `      ${f.field}: relayStylePagination(${f.keyArgs.length ? `[${f.keyArgs.map((a) => `'${a}'`).join(', ')}]` : 'false'}),`,
      );
      parts.push(`fields: {\n${lines.join('\n')}\n    }`);
    }
    return `  ${name}: {\n    ${parts.join(',\n    ')},\n  },`;
  });
  return `${HEADER("Apollo Client's cache configuration for the gateway's schema: `new InMemoryCache({ possibleTypes, typePolicies })`.")}
import type { TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import fragmentMatcher from './possible-types.generated.js';

/** The types behind each interface and union, which fragments on an interface or union need. */
export const possibleTypes = fragmentMatcher.possibleTypes;

/**
 * Object types without a global \`id: ID!\` are value objects (\`keyFields: false\`): stored inside the
 * object that holds them rather than normalised. Every Relay connection merges its pages into one
 * list per value of its other arguments (\`relayStylePagination(keyArgs)\`), so "load more" appends.
 */
export const typePolicies: TypePolicies = {
${policies.join('\n')}
};
`;
}

/** examples/cache/graphcache.generated.ts: `keys`, `resolvers` and `possibleTypes` for urql's Graphcache. */
export function graphcacheModule(schema: GraphQLSchema): string {
  const keys = valueObjectTypes(schema).map((name) => `  ${name}: () => null,`);
  const resolvers = [...byType(connectionFields(schema))].map(
    ([type, fields]) => `  ${type}: {\n${fields.map((f) => `    ${f.field}: relayPagination(),`).join('\n')}\n  },`,
  );
  return `${HEADER("urql Graphcache's configuration for the gateway's schema: `cacheExchange({ keys, resolvers, possibleTypes })`.")}
import type { KeyingConfig, ResolverConfig } from '@urql/exchange-graphcache';
import { relayPagination } from '@urql/exchange-graphcache/extras';
import fragmentMatcher from './possible-types.generated.js';

/** The types behind each interface and union, which fragments on an interface or union need. */
export const possibleTypes = fragmentMatcher.possibleTypes;

/** Object types without a global \`id: ID!\` are value objects: embedded in their parent, never keyed. */
export const keys: KeyingConfig = {
${keys.join('\n')}
};

/**
 * Every Relay connection merges its pages into one list (\`relayPagination()\`, which tells lists
 * apart by their other arguments), so "load more" appends.
 */
export const resolvers: ResolverConfig = {
${resolvers.join('\n')}
};
`;
}
