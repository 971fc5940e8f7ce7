/**
 * The committed SDL is the schema, and every public part of it tells a GraphiQL user what it is.
 */
import { manualBlocks } from '../helpers/manual.js';
import { readdirSync, readFileSync } from 'node:fs';
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import {
  buildSchema,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  lexicographicSortSchema,
  parse,
  printSchema,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graph/index.js';

describe('schema/schema.graphql', () => {
  it('is the schema the code builds (run `npm run codegen` after changing types)', () => {
    const committed = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
    expect(printSchema(lexicographicSortSchema(committed))).toBe(printSchema(lexicographicSortSchema(schema)));
  });

  it('describes every type, field, argument and enum value', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
      }
      if (isScalarType(type) || isUnionType(type)) continue;
    }
    expect(missing).toEqual([]);
  });
});

describe('examples/', () => {
  const dir = new URL('../../examples/', import.meta.url);
  it.each(readdirSync(dir).filter((f) => f.endsWith('.graphql')))('%s validates against the schema', (file) => {
    expect(validate(schema, parse(readFileSync(new URL(file, dir), 'utf8')))).toEqual([]);
  });
});

describe('the manual (README.md and docs/)', () => {
  const blocks = manualBlocks('graphql').map((b) => b.text);
  // The federation section's neighbour SDL and supergraph query are not operations of this
  // graph alone: test/graph/federation.test.ts runs the supergraph query.
  const queries = blocks.filter((b) => !/^(extend schema|# In the supergraph)/.test(b.trimStart()));
  // As served: with the @defer and @stream directives of yoga's plugin.
  const served = new GraphQLSchema({
    ...schema.toConfig(),
    directives: [...schema.getDirectives(), GraphQLDeferDirective, GraphQLStreamDirective],
  });

  it('has example queries', () => expect(queries.length).toBeGreaterThan(3));
  it.each(queries.map((b, i) => [i + 1, b] as const))('example %i validates against the schema', (_i, block) => {
    expect(validate(served, parse(block))).toEqual([]);
  });
});

describe('deprecations', () => {
  // The node methods its spec deprecates: each still served, marked, with why and what to use.
  const expected: [string, string, RegExp][] = [
    ['XChain', 'txStatus', /avm\.getTxStatus is deprecated since avalanchego v1\.10\.0: use `transaction`/],
    ['XChain', 'allBalances', /avm\.getAllBalances is deprecated since avalanchego v1\.9\.12: use `Address\.xChainBalances`/],
    ['XChain', 'balance', /avm\.getBalance is deprecated since avalanchego v1\.9\.12: use `Address\.xChainBalances`/],
    ['PChain', 'balance', /platform\.getBalance is deprecated since avalanchego v1\.9\.12/],
    ['PChain', 'blockchains', /platform\.getBlockchains is deprecated since avalanchego v1\.9\.12: use `subnets \{ blockchains \}`/],
    ['PChain', 'subnets', /platform\.getSubnets is deprecated since avalanchego v1\.9\.12: use `subnet\(subnetId:\)`/],
    ['Address', 'pChainNodeBalance', /platform\.getBalance is deprecated since avalanchego v1\.9\.12: use `pChainNodeUtxos`/],
    ['Address', 'pChainNodeStake', /platform\.getStake is deprecated since avalanchego v1\.9\.12/],
    ['Blockchain', 'activePrecompiles', /eth_getActivePrecompilesAt is deprecated .*: use `activeRules \{ precompiles \}`/],
  ];

  it.each(expected)('%s.%s says why and what to use instead', (type, field, reason) => {
    const found = (schema.getType(type) as { getFields(): Record<string, { deprecationReason?: string | null }> }).getFields()[field]!;
    expect(found.deprecationReason).toMatch(reason);
  });

  it('IndexName.X_VTX, the index no longer filled since Cortina, points to X_BLOCK', () => {
    const value = (schema.getType('IndexName') as import('graphql').GraphQLEnumType).getValue('X_VTX')!;
    expect(value.deprecationReason).toMatch(/No longer filled since the Cortina activation .*Use X_BLOCK/);
  });

  it('nothing else is deprecated', () => {
    const sdl = printSchema(schema);
    expect(sdl.match(/@deprecated/g)).toHaveLength(expected.length + 1);
  });
});
