/**
 * Prints, one JSON line each, the fields of the schema that are not where docs/ARCHITECTURE.md
 * says a field lives: a field that looks something up (its resolver reads the context) and
 * returns an object, and every field of Query, Mutation and Network that returns an object,
 * lives in the file that implements the type it returns; any other field lives in the file that
 * implements the type it is on. Run by test/layout.test.ts in a process of its own: it records
 * where each type and field is declared while the schema is built, so the schema must not have
 * been built yet.
 */
import SchemaBuilder, { ImplementableInterfaceRef, ImplementableObjectRef, RootFieldBuilder } from '@pothos/core';
import { type GraphQLField, type GraphQLNamedType, type GraphQLObjectType, getNamedType, isInterfaceType, isObjectType } from 'graphql';

const root = new URL('../../', import.meta.url).pathname;
const self = new URL(import.meta.url).pathname;

/** The repository file of the code that called into Pothos. */
function caller(): string {
  for (const line of (new Error().stack ?? '').split('\n').slice(2)) {
    const file = /(\/[^():]+\.ts):\d+/.exec(line)?.[1];
    if (file?.startsWith(root) && !file.includes('/node_modules/') && file !== self) return file.slice(root.length);
  }
  return '?';
}

const fieldUtil = Object.getPrototypeOf(RootFieldBuilder.prototype) as { createField: (options: { extensions?: object }) => unknown };
const createField = fieldUtil.createField;
fieldUtil.createField = function (this: unknown, options) {
  return createField.call(this, { ...options, extensions: { ...options.extensions, declaredIn: caller() } });
};

const implementedIn = new Map<string, string>();
const implementing = (name: string | undefined) => {
  if (name && !implementedIn.has(name)) implementedIn.set(name, caller());
};
for (const proto of [ImplementableObjectRef.prototype, ImplementableInterfaceRef.prototype] as {
  implement: (...args: unknown[]) => unknown;
}[]) {
  const implement = proto.implement;
  proto.implement = function (this: { name: string }, ...args) {
    implementing(this.name);
    return implement.apply(this, args);
  };
}
const builderProto = SchemaBuilder.prototype as unknown as Record<string, (ref: unknown, ...rest: unknown[]) => unknown>;
for (const method of ['objectType', 'interfaceType', 'node']) {
  const original = builderProto[method]!;
  builderProto[method] = function (this: unknown, ref, ...rest) {
    implementing(typeof ref === 'string' ? ref : (ref as { name?: string }).name);
    return original.call(this, ref, ...rest);
  };
}

const { schema } = await import('../../src/graph/index.js');

const ROOTS = new Set(['Query', 'Mutation', 'Subscription', 'Network']);
const isGenerated = (name: string) => /(Connection|Edge)$/.test(name) || name === 'PageInfo';

/** A connection's node type, else the type itself. */
function target(type: GraphQLNamedType): GraphQLNamedType {
  if (!isObjectType(type) || !/Connection$/.test(type.name)) return type;
  const edge = getNamedType(type.getFields().edges!.type) as GraphQLObjectType;
  return getNamedType(edge.getFields().node!.type);
}

for (const type of Object.values(schema.getTypeMap())) {
  if (!(isObjectType(type) || isInterfaceType(type)) || type.name.startsWith('__') || isGenerated(type.name)) continue;
  for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
    const declaredIn = String(field.extensions?.declaredIn ?? '?');
    // Relay's id, node and nodes come from the builder's settings.
    if (field.name === 'id' || declaredIn === '?' || declaredIn === 'src/graph/builder.ts') continue;
    const returns = target(getNamedType(field.type));
    const isObject = isObjectType(returns) || isInterfaceType(returns);
    // An operation of Query or Mutation that returns a scalar lives with the domain it acts on.
    if (!isObject && (type.name === 'Query' || type.name === 'Mutation' || type.name === 'Subscription')) continue;
    const resolve = field.extensions?.pothosOriginalResolve as ((...args: unknown[]) => unknown) | undefined;
    const looksUp = field.extensions?.pothosExposedField === undefined && (resolve?.length ?? 0) >= 3;
    const want = isObject && (looksUp || ROOTS.has(type.name)) ? implementedIn.get(returns.name) : implementedIn.get(type.name);
    if (want !== declaredIn)
      console.log(JSON.stringify({ field: `${type.name}.${field.name}`, returns: returns.name, declaredIn, belongsIn: want }));
  }
}
