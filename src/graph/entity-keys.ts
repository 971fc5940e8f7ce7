/**
 * The keys by which a neighbour subgraph refers to our entities (Apollo Federation `@key`), and
 * how the values of a representation are checked before its lookup runs, like the arguments of
 * the fields that look the same objects up: a bad one fails that entity alone, with BAD_USER_INPUT.
 *
 * Every `resolveReference` is async: Apollo's `_entities` calls them one after the other in a
 * plain loop, so one that threw synchronously would fail every entity of the request.
 */
import { isInterfaceType, isUnionType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { badInput, quote } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import { COST_EXTENSION, withListArguments } from './cost.js';
import { lookupsPrice, type Named } from './lookups.js';

/**
 * The most representations one `_entities` call may hold: a router sends every reference of one
 * fetch at once, so this bounds how many of our entities one supergraph query can join. Those whose
 * lookup costs a call (`lookupPrice`) also count against the request's calls (UPSTREAM_CALL_BUDGET,
 * 250 by default): the README says both, and test/graph/federation-limits.test.ts holds them to it.
 */
export const MAX_REPRESENTATIONS = 1000;

/** The `network` of a representation is the NetworkName enum as our subgraph writes it. */
const NETWORKS: Readonly<Record<string, NetworkName>> = { MAINNET: 'mainnet', FUJI: 'fuji', TESTNET: 'fuji' };

/**
 * A representation's value as a message shows it. A representation is any JSON (`_Any`): one
 * nested deeper than JSON.stringify's recursion reaches is described, not shown (it threw a
 * RangeError, which failed the entity as an internal error).
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === undefined) return 'nothing';
  try {
    return quote(JSON.stringify(value));
  } catch {
    return Array.isArray(value) ? 'a list nested too deep to show' : 'an object nested too deep to show';
  }
}

export function keyNetwork(typename: string, value: unknown): NetworkName {
  const network = typeof value === 'string' ? NETWORKS[value] : undefined;
  if (!network) {
    throw badInput(`A ${typename} representation needs \`network\`: MAINNET, FUJI or TESTNET (got ${shown(value)}).`);
  }
  return network;
}

/** A key field of a representation, through `parse` (which throws on a malformed value). */
export function keyField<T>(typename: string, field: string, value: unknown, parse: (value: string) => T): T {
  if (typeof value !== 'string') {
    throw badInput(`A ${typename} representation needs \`${field}\` as a string (got ${shown(value)}).`);
  }
  try {
    return parse(value);
  } catch (error) {
    throw badInput(`A ${typename} representation has a malformed \`${field}\` ${quote(value)}: ${(error as Error).message}.`);
  }
}

/**
 * Makes a representation that names none of our entities (an unknown `__typename`, a string,
 * an array, null) fail its own entity with BAD_USER_INPUT, as a malformed key does, the others
 * still resolving. Apollo's `_entities` resolver throws for it while it maps the list, which
 * failed every entity of the request as an internal error.
 */
export function isolateRepresentations(schema: GraphQLSchema): void {
  const field = schema.getQueryType()?.getFields()._entities;
  const entity = schema.getType('_Entity');
  if (!field?.resolve || !isUnionType(entity)) return;
  const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve;
  const members = entity.getTypes();
  const names = new Set(members.map((t) => t.name));
  // An interface with a key (PrimaryNetworkTransaction) is an entity too, resolved to its member.
  for (const member of members) for (const i of member.getInterfaces()) names.add(i.name);
  const listed = [...names]
    .filter((n) => !isInterfaceType(schema.getType(n)))
    .sort()
    .join(', ');
  field.resolve = (root, args: { representations: unknown[] }, context, info) =>
    args.representations.map((representation) => {
      const typename = (representation as { __typename?: unknown } | null)?.__typename;
      if (typeof representation !== 'object' || representation === null || Array.isArray(representation)) {
        return badInput(`A representation is an object with \`__typename\` and the entity's key fields (got ${shown(representation)}).`);
      }
      if (typeof typename !== 'string' || !names.has(typename)) {
        return badInput(`A representation's \`__typename\` names one of this subgraph's entities: ${listed} (got ${shown(typename)}).`);
      }
      // One at a time: a lookup that throws fails its own entity, not the list.
      try {
        return (resolve(root, { representations: [representation] }, context, info) as unknown[])[0];
      } catch (error) {
        return error;
      }
    });
}

/**
 * Prices `_entities`, which the federation plugin makes (so it has no `price` option of its own):
 * each representation costs what looking its entity up costs (`lookupPrice`, beside each entity's
 * `resolveReference`), on the network it names. One that names no entity costs nothing: it fails
 * alone, before any call.
 */
export function priceRepresentations(schema: GraphQLSchema): void {
  const field = schema.getQueryType()?.getFields()._entities;
  if (!field) return;
  const price = lookupsPrice((args: { representations?: unknown }) =>
    (Array.isArray(args.representations) ? args.representations : []).flatMap((representation): Named[] => {
      const { __typename: typename, network } = (representation ?? {}) as { __typename?: unknown; network?: unknown };
      return typeof typename === 'string' ? [{ typename, network: typeof network === 'string' ? NETWORKS[network] : undefined }] : [];
    }),
  );
  // `representations: {…}` is a list of one to the executor: priced as one.
  field.extensions = { ...field.extensions, [COST_EXTENSION]: withListArguments(price, ['representations']) };
}
