/**
 * Leaves whose value can be longer than a leaf's price (issue 29, "bytes returned never exceed
 * what was priced"), found by walking the schema rather than by eye: every object type is reached
 * from `network` by the shortest paths whose arguments the sandbox's world fills (the fuzzer's
 * samples, ./world-samples.ts), with all its leaves selected; every leaf answered longer than a
 * leaf's LEAF_BYTES (src/yoga/cost-estimate.ts) must be priced by its own `bytes`
 * (src/graph/cost.ts), and a query selecting it alone must be answered within the bytes the
 * gateway priced (`extensions.cost.estimated.bytes`), before and after its kind was seen.
 *
 * The fuzzer's finding was `cChainAtomic { transaction(txId:) { signedTx } }`: 684 bytes priced
 * at 164, a transaction's whole bytes priced as any leaf.
 */
import {
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema as gatewaySchema } from '../../src/graph/index.js';
import { COST_EXTENSION, type FieldCost } from '../../src/graph/cost.js';
import { LEAF_BYTES } from '../../src/yoga/cost-estimate.js';
import { startHarness, useHarness } from '../helpers/harness.js';
import { literal } from './generate.js';
import { servedSchema } from './fuzzer.js';
import { kindOf, type SampleKind, worldSamples } from './world-samples.js';
import { getEvmWorld, SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';

const h = useHarness({ CACHE: 'off' });

/** Leaves of these types are priced as any leaf by their type, whatever the data (a number, a flag, a name from a fixed set). */
const FIXED = new Set(['Boolean', 'Int', 'Float', 'SafeInt']);
/** How many ways each path's arguments are filled (different world values), and paths kept per type. */
const VARIANTS = 4;
const PATHS_PER_TYPE = 3;
const MAX_DEPTH = 6;
/** Items asked of every connection and list on the way: enough to meet long values, few enough for the call budget. */
const FIRST = 10;
/**
 * The root fields walked from: the others take what the world does not give here (a global id, a
 * federation key, the admin token `dataApiAccount` is behind, whose webhooks, logs and exports this
 * walk does not reach).
 */
const ROOTS = new Set(['network']);

const samples = worldSamples();
// The C-Chain holds every kind of EVM data in the world: its transactions' hashes are the ones an EVM chain is asked for.
const cChain = getEvmWorld('mainnet').chains.get('43114')!;
samples.evmChainId = [43_114];
const evmTxs = cChain.transactions
  .filter((_, i) => i % Math.max(1, Math.floor(cChain.transactions.length / 40)) === 0)
  .map((t) => t.txHash);
const CHAINS = ['P_CHAIN', 'X_CHAIN', 'C_CHAIN'] as const;
const TX_KIND: Record<(typeof CHAINS)[number], SampleKind> = { P_CHAIN: 'pTx', X_CHAIN: 'xTx', C_CHAIN: 'cTx' };

/** One step of a path: a field with its arguments, or a fragment on one of an abstract type's members. */
type Step = { parent: string; field: GraphQLField<unknown, unknown> } | { on: string };

/** A value of `kind` for variant `v`: spread over the pool, so that variants meet different parts of the world. */
function pick(kind: SampleKind, v: number): string | number | undefined {
  const pool = samples[kind];
  return pool.length === 0 ? undefined : pool[Math.floor((v * pool.length) / VARIANTS + v) % pool.length];
}

/** A required argument's value for variant `v`, or undefined when the world gives none. */
function argumentValue(parent: string, field: string, arg: string, type: GraphQLInputType, v: number): unknown {
  if (isNonNullType(type)) return argumentValue(parent, field, arg, type.ofType, v);
  if (isListType(type)) {
    const item = argumentValue(parent, field, arg, type.ofType as GraphQLInputType, v);
    return item === undefined ? undefined : [item];
  }
  if (isEnumType(type)) {
    if (type.name === 'NetworkName') return { enum: 'MAINNET' };
    if (type.name === 'PrimaryNetworkChain') return { enum: CHAINS[v % 3] };
    return { enum: type.getValues()[0]!.name };
  }
  if (isInputObjectType(type)) {
    // Its required fields (none for a log filter: the latest blocks); a call: a token's name().
    if (type.name === 'EvmCallInput')
      return { raw: `{to: ${JSON.stringify(cChain.tokens[0]?.address ?? SHOWCASE_EVM_ADDRESS)}, data: "0x06fdde03"}` };
    const fields: string[] = [];
    for (const f of Object.values(type.getFields())) {
      if (!isNonNullType(f.type) || f.defaultValue !== undefined) continue;
      const value = argumentValue(type.name, field, f.name, f.type, v);
      if (value === undefined) return undefined;
      fields.push(`${f.name}: ${lit(value)}`);
    }
    return { raw: `{${fields.join(', ')}}` };
  }
  if (parent === 'EvmChain' && arg === 'txHash') return evmTxs[(v * 11) % evmTxs.length];
  // A transaction's id goes with the chain its field names (the generator's rule, ./generate.ts).
  if ((arg === 'txHash' || arg === 'txId') && parent !== 'XChain')
    return pick(parent === 'CChainAtomic' ? 'cTx' : TX_KIND[CHAINS[v % 3]!], v);
  const kind = kindOf(parent, field, arg, type.name);
  if (kind) {
    const value = pick(kind, v);
    return (type.name === 'Uint64' || type.name === 'BigInt') && value !== undefined ? String(value) : value;
  }
  if (type.name === 'Int' || type.name === 'SafeInt') return 1;
  if (type.name === 'Boolean') return true;
  return undefined;
}

/** A GraphQL literal of what valueOf gave (enums bare). */
function lit(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'enum' in value) return String((value as { enum: string }).enum);
  if (value !== null && typeof value === 'object' && 'raw' in value) return String((value as { raw: string }).raw);
  if (Array.isArray(value)) return `[${value.map(lit).join(', ')}]`;
  return literal(value as string | number | boolean);
}

/** A field's arguments for variant `v`: the required ones, `first` on a list, one of a pair that goes together; undefined when one cannot be filled. */
function argsOf(parent: string, field: GraphQLField<unknown, unknown>, v: number): string | undefined {
  const out: string[] = [];
  const names = new Set(field.args.map((a) => a.name));
  // Fields that take exactly one of two arguments: the first of them.
  const skip = new Set([names.has('evmChainId') && 'blockchainId', names.has('blockId') && 'height', names.has('id') && 'index']);
  const chain = field.args.some((a) => a.name === 'chain' && getNamedType(a.type).name === 'PrimaryNetworkChain');
  for (const arg of field.args) {
    if (skip.has(arg.name) && !isNonNullType(arg.type)) continue;
    const required =
      (isNonNullType(arg.type) && arg.defaultValue === undefined) ||
      ['evmChainId', 'blockId', 'id'].includes(arg.name) ||
      (chain && arg.name === 'chain');
    if (arg.name === 'first') out.push(`first: ${FIRST}`);
    if (!required || arg.name === 'first') continue;
    const value = argumentValue(parent, field.name, arg.name, arg.type, v);
    if (value === undefined) return undefined;
    out.push(`${arg.name}: ${lit(value)}`);
  }
  return out.length ? `(${out.join(', ')})` : '';
}

/** The leaves a query selects on `type`: every scalar field whose arguments can be filled. */
function leavesOf(type: GraphQLObjectType): GraphQLField<unknown, unknown>[] {
  return Object.values(type.getFields()).filter((f) => {
    const named = getNamedType(f.type);
    return isLeafType(named) && !isEnumType(named) && !FIXED.has(named.name);
  });
}

/** Up to PATHS_PER_TYPE shortest paths from the root to every object type (breadth first). */
function pathsTo(schema: GraphQLSchema): Map<string, Step[][]> {
  const found = new Map<string, Step[][]>();
  const root = schema.getQueryType()!;
  const queue: { type: GraphQLNamedType; path: Step[] }[] = Object.values(root.getFields())
    .filter((f) => ROOTS.has(f.name))
    .map((f) => ({ type: getNamedType(f.type), path: [{ parent: root.name, field: f }] }));
  while (queue.length > 0) {
    const { type, path } = queue.shift()!;
    if (isAbstractType(type)) {
      for (const member of schema.getPossibleTypes(type)) queue.push({ type: member, path: [...path, { on: member.name }] });
      continue;
    }
    if (!isObjectType(type)) continue;
    const paths = found.get(type.name) ?? [];
    if (paths.length >= PATHS_PER_TYPE) continue;
    paths.push(path);
    found.set(type.name, paths);
    if (path.length >= MAX_DEPTH) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isLeafType(named)) continue;
      queue.push({ type: named, path: [...path, { parent: type.name, field }] });
    }
  }
  return found;
}

/** The document that reaches `path` with variant `v` of its arguments and selects `inner` there; undefined when an argument cannot be filled. */
function documentOf(path: Step[], v: number, inner: string): string | undefined {
  let text = `__typename ${inner}`;
  for (const step of [...path].reverse()) {
    if ('on' in step) {
      text = `__typename ... on ${step.on} { ${text} }`;
      continue;
    }
    const args = argsOf(step.parent, step.field, v);
    if (args === undefined) return undefined;
    text = `${step.field.name}${args} { ${text} }`;
  }
  return `{ ${text.replace(/^__typename /, '')} }`;
}

/** The objects of `type` an answer holds along `path`. */
function objectsAt(data: unknown, path: Step[], type: string): Record<string, unknown>[] {
  let at: unknown[] = [data];
  for (const step of path) {
    const next: unknown[] = [];
    for (const item of at.flatMap((x) => (Array.isArray(x) ? x : [x]))) {
      if (item === null || typeof item !== 'object') continue;
      if ('on' in step) {
        if ((item as { __typename?: string }).__typename === step.on) next.push(item);
      } else next.push((item as Record<string, unknown>)[step.field.name]);
    }
    at = next;
  }
  return at
    .flatMap((x) => (Array.isArray(x) ? x : [x]))
    .filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object' && (x as { __typename?: string }).__typename === type);
}

/** The bytes a leaf's value takes in JSON: a list's, its longest item's (as `bytes` prices it). */
function jsonBytes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((most: number, item) => Math.max(most, jsonBytes(item)), 0);
  return Buffer.byteLength(JSON.stringify(value) ?? 'null');
}

interface Cost {
  estimated: { calls: number; nodes: number; bytes: number };
}
interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: Cost };
}

async function post(query: string, url = h.served.url): Promise<Body> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as Body;
}

/** The data's bytes against what the gateway priced them at, when it ran. */
function overPrice(body: Body): string | undefined {
  const priced = body.extensions?.cost?.estimated.bytes;
  if (body.data == null || priced === undefined) return undefined;
  const bytes = Buffer.byteLength(JSON.stringify(body.data));
  return bytes > priced ? `${bytes} bytes answered, ${priced} priced` : undefined;
}

/** Whether a field of the gateway's schema prices its value's bytes (`price.bytes`). */
function pricedBytes(type: string, field: string): boolean {
  const f = (gatewaySchema.getType(type) as GraphQLObjectType).getFields()[field]!;
  return (f.extensions[COST_EXTENSION] as FieldCost | undefined)?.bytes !== undefined;
}

interface Seen {
  /** The longest value answered, in JSON bytes. */
  bytes: number;
  /** Where: the path and variant that answered it. */
  path: Step[];
  variant: number;
}

/** The types of transactions, blocks, UTXOs and messages, whose every String and JSON leaf this test must reach or account for. */
const CORE = /^\w*(Transaction|Tx|Block|Utxo|Message|Credential|Container|Vertex|Log|Receipt|Transfer|Proof)$/;

/**
 * Leaves of those types the world's values reached here leave null, each kept within a leaf's
 * bytes by its format (an id or a hash), or priced by its own `bytes`: checked as such below.
 */
const NULL_IN_REACH: Record<string, string> = {
  'Utxo.consumingTxHash': 'a transaction id (cb58): the UTXOs reached are unspent',
  'PChainNodeUtxo.sourceChain': 'a chain id (cb58): only atomic UTXOs have one',
  'NodeUtxo.sourceChain': 'a chain id (cb58): only atomic UTXOs have one',
  'PBlockTransaction.sourceChain': 'a chain id: only imports have one',
  'PBlockTransaction.destinationChain': 'a chain id: only exports have one',
  'PChainTransaction.sourceChain': 'a chain id: only imports have one',
  'PChainTransaction.destinationChain': 'a chain id: only exports have one',
  'AvmTransaction.destinationChain': 'a chain id: only exports have one',
  'PChainTransaction.stakingTxHash': 'a transaction id: only reward transactions have one',
  'XChainTransaction.blockHash': 'a block id (cb58): the Data API leaves it out of the X-Chain transactions listed',
  'UtxoCredential.publicKey': 'a compressed secp256k1 key in base64 (33 bytes, 44 characters)',
  'UtxoCredential.signature': 'a secp256k1 signature in base64 (65 bytes, 88 characters)',
  'InternalTransaction.txHash': 'a 32-byte hash (66 characters)',
  'InternalTransaction.blockHash': 'a 32-byte hash (66 characters)',
  'Erc1155Transfer.txHash': 'a 32-byte hash (66 characters)',
  'Erc1155Transfer.blockHash': 'a 32-byte hash (66 characters)',
  'EvmStorageProof.key': 'a slot as asked, a 32-byte word (66 characters): the proofs reached ask none',
};

describe('every leaf of the schema, reached from `network` with the world’s values', () => {
  const schema = servedSchema();
  const paths = pathsTo(schema);
  const longest = new Map<string, Seen>();
  const reached = new Set<string>();
  const stringLeaves = (type: GraphQLObjectType) =>
    leavesOf(type)
      .filter((f) => ['String', 'JSON'].includes(getNamedType(f.type).name))
      .map((f) => `${type.name}.${f.name}`);

  it('is answered within the bytes priced, every leaf of a type at once', async () => {
    const problems: string[] = [];
    for (const [name, ways] of paths) {
      const type = schema.getType(name) as GraphQLObjectType;
      const leaves = leavesOf(type);
      if (leaves.length === 0) continue;
      let answered = false;
      for (const path of ways) {
        for (let v = 0; v < VARIANTS && !answered; v++) {
          const selected = leaves.flatMap((f) => {
            const args = argsOf(name, f, v);
            return args === undefined ? [] : [`${f.name}${args}`];
          });
          const query = documentOf(path, v, selected.join(' '));
          if (query === undefined) continue;
          const body = await post(query);
          const objects = body.data ? objectsAt(body.data, path, name) : [];
          if (objects.length === 0) continue;
          answered = true;
          const over = overPrice(body);
          if (over) problems.push(`${name}: ${over}: ${query}`);
          for (const object of objects)
            for (const f of leaves) {
              const value = object[f.name];
              if (value === undefined || value === null) continue;
              const key = `${name}.${f.name}`;
              reached.add(key);
              const bytes = jsonBytes(value);
              if (bytes > (longest.get(key)?.bytes ?? -1)) longest.set(key, { bytes, path, variant: v });
            }
        }
        if (answered) break;
      }
    }
    expect(problems).toEqual([]);
    // The walk reaches most of the schema: a change that leaves it reaching little fails here.
    expect(reached.size).toBeGreaterThan(500);
  }, 600_000);

  it('reaches every String and JSON leaf of transactions, blocks, UTXOs and messages, or accounts for it', () => {
    expect(reached.size).toBeGreaterThan(0);
    const core = [...paths.keys()].filter((n) => CORE.test(n)).flatMap((n) => stringLeaves(schema.getType(n) as GraphQLObjectType));
    expect(core.length).toBeGreaterThan(100);
    const missed = core.filter((k) => !reached.has(k) && !pricedBytes(...(k.split('.') as [string, string])));
    expect(missed.sort()).toEqual(Object.keys(NULL_IN_REACH).sort());
    // The leaves of the finding and its likes were reached with their values.
    for (const leaf of [
      'CChainNodeAtomicTransaction.signedTx',
      'AvmTransaction.hex',
      'AvmTransaction.unsignedTx',
      'PBlockTransaction.unsignedTx',
      'NodeUtxo.bytes',
      'PChainNodeUtxo.bytes',
      'Utxo.utxoBytes',
      'AvmCredential.signatures',
      'PCredential.signatures',
      'IcmMessage.data',
      'EvmLog.data',
      'EvmChain.call',
    ])
      expect(reached, leaf).toContain(leaf);
  });

  it('prices by its own `bytes` every leaf answered longer than a leaf, but global ids (priced by their type)', () => {
    expect(reached.size).toBeGreaterThan(0);
    const long = [...longest].filter(([k, s]) => s.bytes > LEAF_BYTES && !k.endsWith('.id'));
    expect(long.length).toBeGreaterThan(20);
    const unpriced = long.filter(([k]) => !pricedBytes(...(k.split('.') as [string, string]))).map(([k, s]) => `${k}: ${s.bytes} bytes`);
    expect(unpriced).toEqual([]);
  });

  it('answers each of them alone within its price, before its kind was seen and after', async () => {
    expect(reached.size).toBeGreaterThan(0);
    const over: string[] = [];
    const long = [...longest].filter(([k, s]) => s.bytes > LEAF_BYTES && !k.endsWith('.id'));
    // A gateway that has seen nothing, over the same sandbox: each leaf's first answer is priced at its most.
    const cold = await startHarness({ CACHE: 'off' }, { sandbox: h.sandbox });
    try {
      for (const [key, seen] of long) {
        const [type, field] = key.split('.') as [string, string];
        const args = argsOf(type, (schema.getType(type) as GraphQLObjectType).getFields()[field]!, seen.variant);
        const query = documentOf(seen.path, seen.variant, `${field}${args ?? ''}`)!;
        for (const [when, url] of [
          ['unseen', cold.served.url],
          ['seen', h.served.url],
        ] as const) {
          const body = await post(query, url);
          expect(body.data, `${key} (${when}): ${JSON.stringify(body.errors)}`).toBeTruthy();
          const problem = overPrice(body);
          if (problem) over.push(`${key} (${when}): ${problem}: ${query}`);
        }
      }
    } finally {
      await cold.close();
    }
    expect(over).toEqual([]);
  }, 300_000);
});
