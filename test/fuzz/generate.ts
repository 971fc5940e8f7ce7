/**
 * Queries generated from the schema: a seeded generator over the SDL (schema/schema.graphql) that
 * writes random operations as a client could send them: selections of objects, interfaces and
 * unions (inline fragments and named ones, reused at several places), connections with
 * `first`/`after`, aliases, `__typename`, arguments from the sandbox's world (./world-samples.ts)
 * or random and invalid values (out-of-range ints, wrong enums, huge strings, nulls, lists where
 * one value goes and one value where a list goes), as literals or as variables with and without
 * defaults, and `@include`/`@skip`/`@defer`/`@stream`.
 *
 * Not fast-check: its shrinking works on the values its arbitraries made, while a GraphQL
 * document is type-directed (a field's selection depends on its type, a fragment is shared by
 * several places) and the shrinker (./shrink.ts) must also shrink documents no arbitrary made
 * (the hostile ones, a query pasted from a report). A seeded PRNG per case gives the same
 * repeatability: a case is replayed from its seed.
 */
import {
  getNamedType,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isUnionType,
} from 'graphql';
import type { Rng } from './random.js';
import { kindOf, type Samples, sampleOf } from './world-samples.js';

/** A request as sent: the fields of a GraphQL-over-HTTP body. */
export interface Generated {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** An enum value: a bare name in a literal, a string in variables. */
class EnumValue {
  constructor(readonly name: string) {}
}

type Value = null | boolean | number | string | EnumValue | Value[] | { [key: string]: Value };

/** A value as a GraphQL literal. */
export function literal(value: Value): string {
  if (value === null) return 'null';
  if (value instanceof EnumValue) return value.name;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${k}: ${literal(v)}`)
    .join(', ')}}`;
}

/** A value as JSON variables carry it. */
function json(value: Value): unknown {
  if (value instanceof EnumValue) return value.name;
  if (Array.isArray(value)) return value.map(json);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v)]));
  return value;
}

export interface GeneratorOptions {
  /** The share of argument values made invalid on purpose. */
  invalid: number;
  /** The most fields one document selects. */
  maxFields: number;
  /** The deepest selection, from the root. */
  maxDepth: number;
}

export const DEFAULT_OPTIONS: GeneratorOptions = { invalid: 0.06, maxFields: 28, maxDepth: 7 };

const PAGING = new Set(['first', 'last', 'after', 'before']);

/** Arguments of which a field takes exactly one. */
const ONE_OF: readonly (readonly [string, string])[] = [
  ['evmChainId', 'blockchainId'],
  ['blockId', 'height'],
  ['id', 'index'],
];

/** One document being written: its fragments, variables and counters. */
class Doc {
  fragments: string[] = [];
  /** Fragments by type, to spread one again elsewhere. */
  fragmentsOn = new Map<string, string[]>();
  varDefs: string[] = [];
  variables: Record<string, unknown> = {};
  fields = 0;
  counter = 0;
  next(prefix: string) {
    return `${prefix}${this.counter++}`;
  }
}

export class QueryGenerator {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly samples: Samples,
    private readonly options: GeneratorOptions = DEFAULT_OPTIONS,
  ) {}

  generate(rng: Rng): Generated {
    const doc = new Doc();
    const depth = rng.int(2, this.options.maxDepth);
    const root = this.schema.getQueryType()!;
    const selections = this.rootSelections(doc, root, depth, rng);
    const name = rng.chance(0.5) ? doc.next('Q') : undefined;
    const head =
      name || doc.varDefs.length > 0 ? `query${name ? ` ${name}` : ''}${doc.varDefs.length ? `(${doc.varDefs.join(', ')})` : ''} ` : '';
    const parts = [`${head}{ ${selections.join(' ')} }`, ...doc.fragments];
    let operationName: string | undefined;
    if (name && rng.chance(0.08)) {
      // Another operation beside it: the operation name decides which runs.
      parts.push(`query Other${doc.counter} { __typename }`);
      operationName = name;
    }
    const generated: Generated = { query: parts.join('\n') };
    if (Object.keys(doc.variables).length > 0 || rng.chance(0.05)) generated.variables = doc.variables;
    if (operationName) generated.operationName = operationName;
    return generated;
  }

  private rootSelections(doc: Doc, root: GraphQLObjectType, depth: number, rng: Rng): string[] {
    const fields = root.getFields();
    const out: string[] = [];
    const count = rng.weighted([
      [6, 1],
      [3, 2],
      [1, 3],
    ]);
    const used = new Set<string>();
    for (let i = 0; i < count; i++) {
      const name = rng.weighted([
        [10, 'network'],
        [this.samples.globalId.length > 0 ? 1.5 : 0.3, 'node'],
        [this.samples.globalId.length > 0 ? 1 : 0.2, 'nodes'],
        [0.5, 'rateLimit'],
        [0.5, '__typename'],
      ]);
      if (name === '__typename') {
        out.push(this.typename(doc, rng, used));
        continue;
      }
      out.push(this.field(doc, root, fields[name]!, depth - 1, rng, used));
    }
    return out;
  }

  private typename(doc: Doc, rng: Rng, used: Set<string>): string {
    if (!used.has('__typename') && rng.chance(0.7)) {
      used.add('__typename');
      return '__typename';
    }
    return `${doc.next('t')}: __typename`;
  }

  /** A selection set's selections on `type`, `depth` levels left. */
  private selections(doc: Doc, type: GraphQLCompositeType, depth: number, rng: Rng, used = new Set<string>()): string[] {
    if (isUnionType(type) || (isInterfaceType(type) && rng.chance(0.6))) return this.abstract(doc, type, depth, rng, used);
    const object = type as GraphQLObjectType;
    const fields = Object.values(object.getFields());
    const out: string[] = [];
    if (rng.chance(0.2)) out.push(this.typename(doc, rng, used));
    const count = doc.fields >= this.options.maxFields ? 0 : rng.int(1, 4);
    const leaves = fields.filter((f) => isLeafType(getNamedType(f.type)));
    const inner = fields.filter((f) => isCompositeType(getNamedType(f.type)));
    for (let i = 0; i < count; i++) {
      const deeper = depth > 1 && inner.length > 0 && (leaves.length === 0 || rng.chance(0.45));
      const pool = deeper ? inner : leaves.length > 0 ? leaves : inner;
      if (pool.length === 0) break;
      const f = rng.pick(pool);
      if (!deeper && isCompositeType(getNamedType(f.type)) && depth <= 1) {
        out.push(this.typename(doc, rng, used));
        continue;
      }
      doc.fields++;
      out.push(this.field(doc, object, f, depth - 1, rng, used));
    }
    if (out.length === 0) out.push(this.typename(doc, rng, used));
    // Some of them in a fragment: inline (perhaps deferred, or conditional) or named.
    if (out.length > 1 && rng.chance(0.25)) {
      const moved = out.splice(rng.int(0, out.length - 1), rng.int(1, out.length - 1));
      out.push(this.fragment(doc, object, moved, rng));
    } else if (rng.chance(0.08) && (doc.fragmentsOn.get(object.name)?.length ?? 0) > 0) {
      out.push(`...${rng.pick(doc.fragmentsOn.get(object.name)!)}`);
    }
    return out;
  }

  /** An interface's or union's selections: `__typename`, shared fields, a fragment on some of its types. */
  private abstract(doc: Doc, type: GraphQLCompositeType, depth: number, rng: Rng, used: Set<string>): string[] {
    const out = [this.typename(doc, rng, used)];
    if (isInterfaceType(type) && rng.chance(0.6)) {
      const fields = Object.values(type.getFields()).filter((f) => isLeafType(getNamedType(f.type)));
      for (const f of rng.some(fields, rng.int(1, 2))) out.push(this.field(doc, type, f, depth - 1, rng, used));
    }
    const possible = this.schema.getPossibleTypes(type as never);
    for (const t of rng.some(possible, rng.int(1, 2))) {
      // Each type's fields under aliases of their own: two types may have a field of one name and different types.
      const inner = this.selections(doc, t, depth, rng, new Set(used));
      out.push(`... on ${t.name}${this.fragmentDirectives(doc, rng)} { ${inner.join(' ')} }`);
    }
    return out;
  }

  /** `selections` moved into a fragment on `type`: inline or named. */
  private fragment(doc: Doc, type: GraphQLObjectType, selections: string[], rng: Rng): string {
    if (rng.chance(0.5)) {
      const name = doc.next('F');
      doc.fragments.push(`fragment ${name} on ${type.name} { ${selections.join(' ')} }`);
      const known = doc.fragmentsOn.get(type.name) ?? [];
      known.push(name);
      doc.fragmentsOn.set(type.name, known);
      return `...${name}${this.fragmentDirectives(doc, rng)}`;
    }
    const on = rng.chance(0.6) ? ` on ${type.name}` : '';
    return `...${on}${this.fragmentDirectives(doc, rng)} { ${selections.join(' ')} }`;
  }

  private fragmentDirectives(doc: Doc, rng: Rng): string {
    const out: string[] = [];
    if (rng.chance(0.15)) {
      const args: string[] = [];
      if (rng.chance(0.3)) args.push(`label: "${doc.next('d')}"`);
      if (rng.chance(0.2)) args.push(`if: ${this.condition(doc, rng)}`);
      out.push(`@defer${args.length ? `(${args.join(', ')})` : ''}`);
    }
    if (rng.chance(0.08)) out.push(this.conditional(doc, rng));
    return out.length ? ` ${out.join(' ')}` : '';
  }

  /** `@include` or `@skip` with a literal or a variable. */
  private conditional(doc: Doc, rng: Rng): string {
    return `@${rng.pick(['include', 'skip'])}(if: ${this.condition(doc, rng)})`;
  }

  private condition(doc: Doc, rng: Rng): string {
    if (rng.chance(0.5)) return String(rng.chance(0.5));
    const name = doc.next('b');
    const withDefault = rng.chance(0.5);
    doc.varDefs.push(`$${name}: Boolean${withDefault ? ` = ${rng.chance(0.5)}` : '!'}`);
    if (!withDefault || rng.chance(0.5)) doc.variables[name] = rng.chance(0.9) ? rng.chance(0.5) : rng.pick([null, 'yes', 1, [true]]);
    return `$${name}`;
  }

  private field(
    doc: Doc,
    parent: GraphQLObjectType | GraphQLCompositeType,
    f: GraphQLField<unknown, unknown>,
    depth: number,
    rng: Rng,
    used: Set<string>,
  ): string {
    // A second selection of a name in one set takes an alias, so that two selections never
    // conflict (OverlappingFieldsCanBeMerged); some take one anyway.
    const alias = used.has(f.name) || rng.chance(0.1) ? `${doc.next('a')}: ` : '';
    if (!alias) used.add(f.name);
    const args = this.args(doc, parent.name, f, rng);
    const named = getNamedType(f.type);
    const directives: string[] = [];
    if (rng.chance(0.06)) directives.push(this.conditional(doc, rng));
    if (isListType(isNonNullType(f.type) ? f.type.ofType : f.type) && rng.chance(0.12)) {
      const count = rng.weighted<string>([
        [6, String(rng.int(0, 3))],
        [1, '-1'],
        [1, '1000000'],
      ]);
      directives.push(`@stream(initialCount: ${count}${rng.chance(0.3) ? `, label: "${doc.next('s')}"` : ''})`);
    }
    const head = `${alias}${f.name}${args}${directives.length ? ` ${directives.join(' ')}` : ''}`;
    if (!isCompositeType(named)) return head;
    const inner = depth <= 0 ? ['__typename'] : this.selections(doc, named, depth, rng);
    return `${head} { ${inner.join(' ')} }`;
  }

  /** A field's arguments: the required ones, some optional ones, a connection's paging. */
  private args(doc: Doc, parent: string, f: GraphQLField<unknown, unknown>, rng: Rng): string {
    const out: string[] = [];
    const connection = f.args.some((a) => a.name === 'first');
    // Fields that take exactly one of two arguments (evmChain, block, container): one of them, mostly.
    const pair = ONE_OF.find(([a, b]) => f.args.some((x) => x.name === a) && f.args.some((x) => x.name === b));
    const skip = pair && rng.chance(0.95) ? rng.pick(pair) : undefined;
    // Rewards need addresses or node ids.
    const needs = f.name === 'rewards' && parent === 'Network' ? rng.pick(['addresses', 'nodeIds']) : undefined;
    // A transaction's chain and hash go together, as do an address transaction's chain.
    const chain = rng.pick(['P_CHAIN', 'X_CHAIN', 'C_CHAIN'] as const);
    for (const arg of f.args) {
      if (arg.name === skip) continue;
      const required =
        (isNonNullType(arg.type) && arg.defaultValue === undefined) || (pair?.includes(arg.name) ?? false) || arg.name === needs;
      const wanted = required
        ? rng.chance(0.98)
        : arg.name === 'first'
          ? rng.chance(0.75)
          : arg.name === 'after'
            ? rng.chance(0.12)
            : PAGING.has(arg.name)
              ? rng.chance(0.02)
              : rng.chance(0.3);
      if (!wanted) continue;
      let value: Value;
      if (rng.chance(this.options.invalid)) value = this.invalid(arg.type, rng);
      else if (arg.name === 'chain' && getNamedType(arg.type).name === 'PrimaryNetworkChain') value = new EnumValue(chain);
      else if ((arg.name === 'txHash' || arg.name === 'txId') && parent !== 'XChain')
        value = sampleOf(this.samples, chain === 'P_CHAIN' ? 'pTx' : chain === 'X_CHAIN' ? 'xTx' : 'cTx', rng) as string;
      else value = this.valid(parent, f.name, arg, arg.type, rng, connection);
      out.push(`${arg.name}: ${this.place(doc, arg, value, rng)}`);
    }
    return out.length ? `(${out.join(', ')})` : '';
  }

  /** A value in place: a literal, or a variable (with or without a default, given or not). */
  private place(doc: Doc, arg: GraphQLArgument, value: Value, rng: Rng): string {
    if (!rng.chance(0.25)) return literal(value);
    const name = doc.next('v');
    const type = String(arg.type);
    const withDefault = rng.chance(0.4);
    // A default that is not the value sent: the value sent wins, the default is priced too.
    doc.varDefs.push(
      `$${name}: ${type}${withDefault ? ` = ${literal(rng.chance(0.7) ? value : this.valid('', arg.name, arg, arg.type, rng, true))}` : ''}`,
    );
    if (!withDefault || rng.chance(0.5)) doc.variables[name] = json(value);
    return `$${name}`;
  }

  private valid(parent: string, field: string, arg: GraphQLArgument, type: GraphQLInputType, rng: Rng, connection: boolean): Value {
    if (isNonNullType(type)) return this.valid(parent, field, arg, type.ofType, rng, connection);
    if (isListType(type)) {
      const item = () => this.valid(parent, field, arg, type.ofType as GraphQLInputType, rng, connection);
      // One value where a list goes is valid input coercion: sometimes sent so.
      if (rng.chance(0.1)) return item();
      return Array.from({ length: rng.int(1, 3) }, item);
    }
    // The sandbox's ids are mainnet's: mostly MAINNET, so that they are found.
    if (isEnumType(type) && type.name === 'NetworkName') return new EnumValue(rng.chance(0.85) ? 'MAINNET' : rng.pick(['FUJI', 'TESTNET']));
    if (isEnumType(type)) return new EnumValue(rng.pick(type.getValues()).name);
    if (isInputObjectType(type)) {
      const out: Record<string, Value> = {};
      for (const f of Object.values(type.getFields()))
        if (isNonNullType(f.type) || rng.chance(0.3)) out[f.name] = this.valid(parent, field, arg, f.type, rng, connection);
      return out;
    }
    const kind = kindOf(parent, field, arg.name, type.name);
    const sampled = kind && sampleOf(this.samples, kind, rng);
    if (sampled !== undefined) {
      if (kind === 'address' && typeof sampled === 'string' && rng.chance(0.3)) return `${rng.pick(['P-', 'X-', 'C-'])}${sampled}`;
      if ((type.name === 'Uint64' || type.name === 'BigInt') && rng.chance(0.6)) return String(sampled);
      return sampled;
    }
    switch (type.name) {
      case 'Int':
        if (arg.name === 'first' || arg.name === 'last')
          return rng.weighted([
            [8, rng.int(1, 5)],
            [2, rng.int(6, 30)],
            [1, rng.int(31, 120)],
          ]);
        return rng.int(0, 10);
      case 'SafeInt':
        return rng.int(0, 1000);
      case 'Uint64':
      case 'BigInt':
        return String(rng.int(0, 1000));
      case 'Boolean':
        return rng.chance(0.5);
      case 'Float':
        return rng.next() * 100;
      case 'String':
        if (arg.name === 'block') return rng.pick(['latest', '0', '1', '10']);
        if (arg.name === 'loggerName') return rng.pick(['C', 'P', 'X', 'http']);
        return rng.pick(['C', 'P', 'X', 'health', 'avax']);
      case 'CB58Id':
        return rng.pick(this.samples.subnetId) as string;
      case 'ID':
        return rng.pick(['U3VibmV0', 'bm9wZQ', '1']);
      default:
        return rng.pick(['', 'x', '0']);
    }
  }

  /** A value the argument does not take, or takes only at its edge. */
  private invalid(type: GraphQLInputType, rng: Rng): Value {
    const named = getNamedType(type);
    return rng.weighted<() => Value>([
      [3, () => null],
      [2, () => rng.pick([2_147_483_648, -2_147_483_649, -1, 0, 1e21, 10_000, 10_001, 1.5])],
      [2, () => new EnumValue(rng.pick(['NOPE', 'mainnet', 'true']))],
      [2, () => rng.pick(['', 'not-an-id', '💥', '\u0000', 'NodeID-', '0x', 'avax1', '-1', '18446744073709551616', '9007199254740993'])],
      [1, () => 'x'.repeat(rng.int(1_000, 40_000))],
      [
        1,
        () =>
          Array.from({ length: rng.int(50, 300) }, (_, i) => (isEnumType(named) ? new EnumValue(named.getValues()[0]!.name) : String(i))),
      ],
      [1, () => [[]]],
      [1, () => ({ a: 1 })],
      [1, () => []],
      [
        2,
        () => {
          // A real id with one character changed: the checksum refuses it.
          const real = String(rng.pick(this.samples.subnetId));
          const at = rng.int(0, real.length - 1);
          return `${real.slice(0, at)}${real[at] === 'z' ? 'y' : 'z'}${real.slice(at + 1)}`;
        },
      ],
    ])();
  }
}
