/**
 * The generated cache configuration (examples/cache/, `npm run codegen`, test/generate/cache-config.ts)
 * covers the whole schema: every interface and union with its possible types, every Relay
 * connection merged by its non-paging arguments, every object type without a global id kept as a
 * value object, in both Apollo Client's and Graphcache's shape. That the committed files are what
 * codegen writes now is test/upstreams/codegen.test.ts's. Then Apollo Client's cache, so
 * configured, merges two pages of a connection into one list and reads a fragment on an interface.
 */
import { gql, InMemoryCache } from '@apollo/client';
import { getNamedType, isAbstractType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { possibleTypes as apolloPossibleTypes, typePolicies } from '../../examples/cache/apollo.generated.js';
import { possibleTypes, keys, resolvers } from '../../examples/cache/graphcache.generated.js';
import { schema } from '../../src/graph/index.js';
import { connectionFields, isEntity, valueObjectTypes } from '../generate/cache-config.js';

const roots = new Set(['Query', 'Mutation', 'Subscription']);
const objects = Object.values(schema.getTypeMap()).filter((t) => isObjectType(t) && !t.name.startsWith('__') && !roots.has(t.name));
const withoutId = objects.filter((t) => isObjectType(t) && !isEntity(t)).map((t) => t.name);
const connections = connectionFields(schema);

describe('the generated cache configuration', () => {
  it('lists the possible types of every interface and union, as the schema has them', () => {
    const expected = Object.fromEntries(
      Object.values(schema.getTypeMap())
        .filter(isAbstractType)
        .map((t) => [
          t.name,
          schema
            .getPossibleTypes(t)
            .map((p) => p.name)
            .sort(),
        ]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    const sorted = (map: Record<string, readonly string[]>) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, [...v].sort()]));
    expect(sorted(possibleTypes)).toEqual(expected);
    expect(sorted(apolloPossibleTypes)).toEqual(expected);
  });

  it('finds the schema’s connections and value objects', () => {
    // Every type named *Connection is the type of at least one field the generator found.
    const found = new Set(
      connections.map((c) => {
        const holder = schema.getType(c.type);
        return isObjectType(holder) ? getNamedType(holder.getFields()[c.field]!.type).name : '';
      }),
    );
    const named = Object.keys(schema.getTypeMap()).filter((n) => n.endsWith('Connection'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !found.has(n))).toEqual([]);
    expect(valueObjectTypes(schema).sort()).toEqual(withoutId.sort());
    expect(withoutId).toContain('PageInfo');
  });

  it('gives Apollo Client a relayStylePagination policy keyed by the non-paging arguments for every connection field', () => {
    for (const c of connections) {
      const policy = typePolicies[c.type]?.fields?.[c.field];
      expect(policy, `${c.type}.${c.field}`).toBeDefined();
      if (typeof policy === 'function' || !policy) throw new Error(`${c.type}.${c.field} has no field policy`);
      expect(policy.keyArgs, `${c.type}.${c.field}`).toEqual(c.keyArgs.length ? c.keyArgs : false);
      expect(typeof policy.merge, `${c.type}.${c.field}`).toBe('function');
    }
  });

  it('declares every object type without an `id: ID!` a value object for Apollo Client, and no entity', () => {
    for (const name of withoutId) expect(typePolicies[name]?.keyFields, name).toBe(false);
    const declared = Object.entries(typePolicies)
      .filter(([, p]) => p.keyFields === false)
      .map(([n]) => n);
    expect(declared.sort()).toEqual([...withoutId].sort());
  });

  it('gives Graphcache a null key for every value object and relayPagination for every connection field', () => {
    expect(Object.keys(keys).sort()).toEqual([...withoutId].sort());
    for (const name of withoutId) expect(keys[name]!({ __typename: name }), name).toBeNull();
    const resolved = Object.entries(resolvers).flatMap(([type, fields]) => Object.keys(fields ?? {}).map((f) => `${type}.${f}`));
    expect(resolved.sort()).toEqual(connections.map((c) => `${c.type}.${c.field}`).sort());
  });

  it('lets Apollo Client merge two pages into one list and read a fragment on an interface', () => {
    const cache = new InMemoryCache({ possibleTypes: apolloPossibleTypes, typePolicies });
    const query = gql`
      query ($address: AvalancheAddress!, $after: String) {
        network {
          address(address: $address) {
            id
            transactions(chain: P_CHAIN, first: 1, after: $after) {
              edges { cursor node { id txHash ...Tx } }
              pageInfo { hasNextPage endCursor }
            }
          }
        }
      }
      fragment Tx on PrimaryNetworkTransaction { txType }
    `;
    const page = (n: number) => ({
      network: {
        __typename: 'Network',
        address: {
          __typename: 'Address',
          id: 'A',
          transactions: {
            __typename: 'PrimaryNetworkTransactionConnection',
            edges: [
              {
                __typename: 'PrimaryNetworkTransactionEdge',
                cursor: `c${n}`,
                node: { __typename: 'PChainTransaction', id: `T${n}`, txHash: `h${n}`, txType: 'BaseTx' },
              },
            ],
            pageInfo: { __typename: 'PageInfo', hasNextPage: n === 1, endCursor: `c${n}` },
          },
        },
      },
    });
    cache.writeQuery({ query, variables: { address: 'a' }, data: page(1) });
    cache.writeQuery({ query, variables: { address: 'a', after: 'c1' }, data: page(2) });
    const read = cache.readQuery<ReturnType<typeof page>>({ query, variables: { address: 'a' } });
    expect(read?.network.address.transactions.edges.map((e) => e.node.txHash)).toEqual(['h1', 'h2']);
    expect(read?.network.address.transactions.edges.map((e) => (e.node as { txType?: string }).txType)).toEqual(['BaseTx', 'BaseTx']);
    // The network, the connection and its edges are value objects: nothing normalised but the entities.
    expect(Object.keys(cache.extract()).sort()).toEqual(['Address:A', 'PChainTransaction:T1', 'PChainTransaction:T2', 'ROOT_QUERY']);
  });
});
