/**
 * avalanchego's JSON-RPC APIs for one GraphQL request. Each method is a function of its own, named
 * after it and written in the file of its API beside its wire types (x-chain.ts for avm.*,
 * p-chain.ts for platform.*, node-index.ts, health.ts, admin.ts, subnet-evm.ts):
 * `avmGetHeight(ctx.node, 'mainnet')`. Where the node says a thing asked for by id does not exist,
 * the function answers null: callers never read the node's error text.
 *
 * The node's gorilla endpoints (/ext/admin, /ext/bc/X, /ext/bc/P, /ext/health, /ext/index/...,
 * /ext/bc/<id>/validators) take one call per request: a batch array is refused there, so they
 * are never batched. The EVM endpoint /ext/bc/<id>/rpc takes arrays: the `eth_*` calls one
 * GraphQL request makes to one chain in the same tick go out as one batch, once each has been
 * looked up in the cache (`EvmBatcher`).
 *
 * Errors: JSON-RPC errors (HTTP 200) become RpcError with their code; a path the node does not
 * serve (404) becomes NodeApiUnavailableError, which says why (admin off, index off, public
 * endpoint, chain not tracked); 503 while bootstrapping and 405/415 stay HttpErrors.
 */
import DataLoader from 'dataloader';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { HttpError, InvalidResponseError, NodeApiUnavailableError, RpcError } from '../errors.js';
import { segment, type CallScope, type HttpRequest, type HttpResponse } from '../http.js';
import type { OperationEntry } from '../sharing.js';
import type { Transport } from '../transport.js';

/**
 * The methods the API files declare, each file adding its table to this interface
 * (`declare module './client.js'`, as p-chain.ts does): the only methods this client calls. A
 * method without an entry in its API's table does not compile, so none is called whose freshness,
 * params or answer nobody decided.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the API files add its members
export interface DeclaredNodeMethods {}

/** A method (or, for health's GET routes, `GET <path>`) that an API file declares. */
export type NodeMethod = keyof DeclaredNodeMethods & string;

/**
 * One method's entry: how long its answers are shared (and how it pages, src/upstreams/sharing.ts),
 * the params the gateway sends, and the shape of what the node answers. The node has no spec to
 * take these from: the entry is the contract, and the method's name fixes both types
 * (`ParamsOf`, `AnswerOf`) for whoever calls it.
 */
export interface NodeMethodEntry extends OperationEntry {
  /**
   * The params, as a type only: the gateway builds them, so they are never checked at run time,
   * and the function is never called.
   */
  readonly params: () => z.ZodType;
  /**
   * The JSON-RPC `result` (a GET route's body) the gateway accepts: every answer is checked
   * against it before anything reads or keeps it (`checkAnswer`). As strict as what the gateway
   * reads (the type of each field, numbers the node writes as digits, ids, lists), and open to
   * fields it does not name, which the node adds between versions.
   *
   * A function, called when the method's first answer is checked: built at load, the tables'
   * shapes were in every start, for methods most processes never call (the node API files loaded
   * alone, six runs each: 54 to 65 ms and 9.8 to 10.0 MB of heap with them, 48 to 58 ms and 9.1 to
   * 9.6 MB without).
   */
  readonly answer: () => z.ZodType;
}

/** An API file's entries. The node has no spec to take the names from: the table is the list. */
export type NodeMethodTable = { readonly [method: string]: NodeMethodEntry };

type EntryOf<M extends NodeMethod> = DeclaredNodeMethods[M] extends NodeMethodEntry ? DeclaredNodeMethods[M] : never;

/** The params a method takes, by its name. */
export type ParamsOf<M extends NodeMethod> = z.input<ReturnType<EntryOf<M>['params']>>;

/** What a method answers once its answer passed its check, by its name. */
export type AnswerOf<M extends NodeMethod> = z.output<ReturnType<EntryOf<M>['answer']>>;

/** Each declared method's answer shape, as its API file registered it (`nodeMethods`): its builder until its first answer, then the shape. */
const ANSWERS = new Map<string, z.ZodType | (() => z.ZodType)>();

/**
 * An API file's table, its answer shapes registered for `checkAnswer`: every file declares its
 * methods through this, so a method a client can call always has its shape (the call and the
 * table are in the same module). Each shape is built once, when its method's first answer comes.
 */
export function nodeMethods<const T extends NodeMethodTable>(table: T): T {
  for (const [method, entry] of Object.entries(table)) ANSWERS.set(method, entry.answer);
  return table;
}

/** The answer shape of `method`, built on its first use; undefined for a method no table declares. */
function answerShape(method: string): z.ZodType | undefined {
  const found = ANSWERS.get(method);
  if (typeof found !== 'function') return found;
  const shape = found();
  ANSWERS.set(method, shape);
  return shape;
}

/** What a value is, in a message: never the value itself, which the node sent and may be huge. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'a list',
  record: 'an object',
  null: 'null',
};

/** The issue that says most: inside an alternative, the one that went deepest (the alternative meant). */
function deepest(issue: z.core.$ZodIssue): { path: PropertyKey[]; issue: z.core.$ZodIssue } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, issue };
  let best: { path: PropertyKey[]; issue: z.core.$ZodIssue } | undefined;
  for (const alternative of issue.errors) {
    for (const inner of alternative) {
      const found = deepest(inner);
      if (!best || found.path.length > best.path.length) best = found;
    }
  }
  return { path: [...issue.path, ...best!.path], issue: best!.issue };
}

/** `validators[3].weight`: a path in an answer as a reader of the node's docs writes it. */
function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  return text;
}

/**
 * The answer of `method` when it has the declared shape; otherwise an InvalidResponseError
 * (UPSTREAM_INVALID_RESPONSE) naming the method, where in the answer, what belongs there and
 * what came, with zod's report as its cause. It throws inside the map of the read, so the reuse
 * layer keeps nothing of it, in memory or in Redis. The answer itself is handed on (zod's copy
 * is dropped): a check, not a transformation.
 */
export function checkAnswer(method: string, answer: unknown, status = 200): unknown {
  const shape = answerShape(method);
  // Only a method of a table reaches here (NodeMethod): one without a shape is the gateway's slip.
  if (!shape) throw new Error(`node method ${method} has no declared answer shape`);
  const checked = shape.safeParse(answer);
  if (checked.success) return answer;
  const { path, issue } = deepest(checked.error.issues[0]!);
  let found: unknown = answer;
  for (const key of path) found = found !== null && typeof found === 'object' ? (found as Record<PropertyKey, unknown>)[key] : undefined;
  const expected =
    issue.code === 'invalid_type' ? (EXPECTED[issue.expected] ?? issue.expected) : issue.message.replace(/^Invalid input: /, '');
  const at = pathText(path);
  throw new InvalidResponseError(status, `its ${at === '' ? 'result' : `\`${at}\``} is ${kindOf(found)} where ${expected} belongs`, {
    service: 'node',
    operation: method,
    cause: checked.error,
    at: at === '' ? 'result' : at,
    expected,
  });
}

export type Encoding = 'hex' | 'json';

/** Wide integers stay exact: a number that would not survive JSON.parse is kept as its digits. */
export function parseNodeJson(text: string): unknown {
  return parseLossless(text, undefined, (value) => (isSafeNumber(value) ? Number(value) : value));
}

/** The variable that sets each network's node, for messages. */
const URL_VARIABLE: Record<NetworkName, string> = { mainnet: 'NODE_URL_MAINNET', fuji: 'NODE_URL_FUJI' };

/** Why a node answers 404 for an API, and what to do about it. */
const HINTS: Record<string, string> = {
  admin: 'the node serves it only when started with --api-admin-enabled=true',
  health: 'health is per node and only a node of your own serves it',
  index: 'the node serves it only when started with --index-enabled=true',
  'X-Chain': 'every node serves the X-Chain at /ext/bc/X: the URL may not be an avalanchego node',
  'P-Chain': 'every node serves the P-Chain at /ext/bc/P: the URL may not be an avalanchego node',
  'AVM chain':
    'the node serves avm.* at /ext/bc/<blockchainId> only for a blockchain that runs the AVM and that it tracks (a node validates or syncs only some subnets)',
  blockchain: 'the node does not track this blockchain (a node validates or syncs only some subnets)',
  info: 'every node serves /ext/info unless started with --api-info-enabled=false: the URL may not be an avalanchego node',
  'C-Chain avax': "every node serves the C-Chain's atomic API at /ext/bc/C/avax: the URL may not be an avalanchego node",
  proposervm:
    'the node serves /ext/bc/<chain>/proposervm only for a linear chain it tracks, from avalanchego v1.13.4 on (a node validates or syncs only some subnets)',
};

export interface NodeOptions {
  urls: Record<NetworkName, string>;
  /** Networks whose URL is the public endpoint (no admin, health or index): their refusals say so. */
  publicNetworks?: ReadonlySet<NetworkName>;
}

export interface Endpoint {
  /** What the API is called in errors: a key of HINTS. */
  api: string;
  path: string;
}

interface EvmCall {
  method: string;
  params: unknown[];
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The result of a JSON-RPC answer, or its error as an RpcError (a method the node lacks: unavailable). */
function rpcResult<T>(network: NetworkName, endpoint: Endpoint, method: string, reply: unknown): T {
  if (isObject(reply) && isObject(reply.error)) {
    const error = reply.error as RpcAnswer['error'] & object;
    const rpcError = new RpcError(error.code, String(error.message), error.data, { service: 'node', operation: method });
    // gorilla's answer for a method this node's version does not have: the API is there, the method is not.
    if (/^rpc: can't find (service|method)/.test(rpcError.rpcMessage)) {
      throw new NodeApiUnavailableError(
        network,
        endpoint.api,
        `it has no ${method} (${rpcError.rpcMessage}): the node may run an older avalanchego`,
        {
          service: 'node',
          operation: method,
          cause: rpcError,
        },
      );
    }
    throw rpcError;
  }
  if (!isObject(reply) || !('result' in reply)) {
    throw new InvalidResponseError(200, 'a JSON-RPC answer with neither result nor error', { service: 'node', operation: method });
  }
  return checkAnswer(method, reply.result) as T;
}

/** One entry of a batch answer: its result, or its error thrown. */
function settle<T>(answer: unknown): T {
  if (answer instanceof Error) throw answer;
  return answer as T;
}

/** DataLoader's own moment to send a batch: once the promise jobs queued so far have run. */
const afterPromiseJobs = (send: () => void) => {
  Promise.resolve().then(() => process.nextTick(send));
};

/**
 * One chain's batch of `eth_*` calls for one request: a DataLoader that also waits, before it
 * sends, for the request's reads of that chain that have not yet called or said they will not
 * (`Transport.readVia`'s `settled`). The reads that miss the cache in one tick are priced as one
 * call (`sharesWith: 'eth batch'`), but with a shared cache each first waits for its lookup in
 * Redis, and replies in different socket reads brought them to the loader in different ticks:
 * two calls for a price of one (fuzz seed p92; test/upstreams/evm-batch.test.ts).
 */
class EvmBatcher {
  readonly loader: DataLoader<EvmCall, unknown, string>;
  /** Reads begun whose `load` has neither run nor been ruled out. */
  private looking = 0;
  /** The sends of batches held while reads are looking (more than one past `maxBatchSize` calls). */
  private held: (() => void)[] = [];

  constructor(send: (calls: readonly EvmCall[]) => Promise<unknown[]>) {
    this.loader = new DataLoader<EvmCall, unknown, string>(send, {
      cacheKeyFn: (c) => `${c.method}:${JSON.stringify(c.params)}`,
      maxBatchSize: 1000,
      batchScheduleFn: (dispatch) => {
        if (this.looking === 0) afterPromiseJobs(dispatch);
        else this.held.push(dispatch);
      },
    });
  }

  /** A read begins; the function it returns, called once or more, says it has called `load` or will not. */
  begin(): () => void {
    this.looking++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.looking > 0) return;
      for (const dispatch of this.held.splice(0)) afterPromiseJobs(dispatch);
    };
  }
}

/**
 * The node of each network for one GraphQL request, through its reads. One JSON-RPC call per
 * HTTP request on the gorilla endpoints; the `eth_*` calls the request makes to one chain in the
 * same tick share one batch array.
 */
export class NodeClient {
  /** One batcher per (network, blockchain), made on the request's first `eth_*` call there. */
  private evmBatchers?: Map<string, EvmBatcher>;

  constructor(
    private readonly transport: Transport,
    private readonly options: NodeOptions,
  ) {}

  /** The node's base URL on a network. */
  url(network: NetworkName): string {
    return this.options.urls[network];
  }

  /** A read the API files assemble themselves (health's GET routes). */
  read<T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T): Promise<T> {
    return this.transport.read(req, map);
  }

  private request(network: NetworkName, endpoint: Endpoint, operation: string, body: unknown, idempotent: boolean): HttpRequest {
    return {
      service: 'node',
      operation,
      method: 'POST',
      baseUrl: this.options.urls[network],
      path: endpoint.path,
      body,
      idempotent,
      parse: parseNodeJson,
    };
  }

  /** A path the node answers 404 for is an API it does not serve: say which and why. */
  unavailable(network: NetworkName, endpoint: Endpoint, operation: string) {
    return (error: unknown): never => {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      let hint = HINTS[endpoint.api] ?? HINTS.blockchain!;
      if (this.options.publicNetworks?.has(network) && ['admin', 'health', 'index'].includes(endpoint.api)) {
        hint += `; ${URL_VARIABLE[network]} is the public endpoint ${this.options.urls[network]}, which never serves it: set ${URL_VARIABLE[network]} to your own node`;
      } else if (['admin', 'index'].includes(endpoint.api)) {
        hint += ` (public endpoints never do): point ${URL_VARIABLE[network]} at your own node`;
      }
      throw new NodeApiUnavailableError(network, endpoint.api, hint, { service: 'node', operation, cause: error });
    };
  }

  /**
   * One JSON-RPC call to a gorilla endpoint, with named params. A read may be answered from
   * earlier reads (see the reuse layer); a call that changes the node never is.
   */
  call<M extends NodeMethod>(
    network: NetworkName,
    endpoint: Endpoint,
    method: M,
    params: ParamsOf<M>,
    idempotent = true,
  ): Promise<AnswerOf<M>> {
    // One call per HTTP request, so a fixed id: the body then names the read exactly.
    const req = this.request(network, endpoint, method, { jsonrpc: '2.0', id: 1, method, params }, idempotent);
    const result = (res: HttpResponse<unknown>) => rpcResult<AnswerOf<M>>(network, endpoint, method, res.body);
    const answer = idempotent ? this.transport.read(req, result) : this.transport.write(req, result);
    return answer.catch(this.unavailable(network, endpoint, method));
  }

  /** An `eth_*` call; in a request, calls to one chain in the same tick share one batch array. */
  evm<M extends NodeMethod>(network: NetworkName, blockchainId: string, method: M, params: ParamsOf<M> & unknown[]): Promise<AnswerOf<M>> {
    type T = AnswerOf<M>;
    const endpoint = { api: 'blockchain', path: `/ext/bc/${segment(blockchainId)}/rpc` };
    const call: EvmCall = { method, params };
    const key = `node ${this.options.urls[network]}${endpoint.path} ${method} ${JSON.stringify(params)}`;
    const batcher = this.evmBatcher(network, blockchainId, endpoint);
    const settled = batcher.begin();
    return this.transport
      .readVia<T>(
        key,
        method,
        (scope) => {
          // A refresh in the background runs outside the request, so outside its batch.
          if (scope !== this.transport.scope) {
            settled();
            return this.evmBatch(network, endpoint, [call], scope).then(([answer]) => settle<T>(answer));
          }
          const answer = batcher.loader.load(call) as Promise<T>;
          settled();
          return answer;
        },
        settled,
      )
      .finally(settled)
      .catch(this.unavailable(network, endpoint, method));
  }

  private evmBatcher(network: NetworkName, blockchainId: string, endpoint: Endpoint): EvmBatcher {
    const batchers = (this.evmBatchers ??= new Map());
    const key = `${network}|${blockchainId}`;
    let batcher = batchers.get(key);
    if (!batcher) {
      batcher = new EvmBatcher((calls) => this.evmBatch(network, endpoint, calls, this.transport.scope));
      batchers.set(key, batcher);
    }
    return batcher;
  }

  private async evmBatch(network: NetworkName, endpoint: Endpoint, calls: readonly EvmCall[], scope: CallScope): Promise<unknown[]> {
    const requests = calls.map((c, i) => ({ jsonrpc: '2.0', id: i + 1, method: c.method, params: c.params }));
    const operation = calls.length === 1 ? calls[0]!.method : `eth batch of ${calls.length}`;
    const req = this.request(network, endpoint, operation, requests.length === 1 ? requests[0] : requests, true);
    const { body: reply } = await this.transport.http.json<unknown>(req, scope);
    if (!Array.isArray(reply) && !isObject(reply)) {
      throw new InvalidResponseError(200, 'a JSON-RPC answer that is neither an object nor an array', { service: 'node', operation });
    }
    const answers = (Array.isArray(reply) ? reply : [reply]).filter(isObject) as RpcAnswer[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    return requests.map((r) => {
      // A whole-batch failure comes back as one error without our ids.
      const a = byId.get(r.id) ?? (answers.length === 1 && answers[0]!.error ? answers[0] : undefined);
      if (!a)
        return new InvalidResponseError(200, 'the batch answer has no answer for this call', { service: 'node', operation: r.method });
      if (a.error) return new RpcError(a.error.code, String(a.error.message), a.error.data, { service: 'node', operation: r.method });
      if (!('result' in a))
        return new InvalidResponseError(200, 'a JSON-RPC answer with neither result nor error', { service: 'node', operation: r.method });
      try {
        return checkAnswer(r.method, a.result);
      } catch (error) {
        return error as InvalidResponseError;
      }
    });
  }
}

// --- what every API's answers share ---------------------------------------------------------------

/*
 * Wire shapes (test/contract/examples/node.*), each a zod schema whose inferred type is the wire
 * type of the same name. Integers the node writes as uint64 (`json.Uint64`) arrive as decimal
 * strings; the few it writes as bare JSON numbers are parsed losslessly, so a value past 2^53
 * arrives as a string too.
 */

const DIGITS = /^\d+$/;

/** A uint64 as the node writes it: a decimal string, or a number when it fits exactly. */
export const Uint = z.custom<string | number>(
  (value) => (typeof value === 'string' ? DIGITS.test(value) : Number.isSafeInteger(value) && (value as number) >= 0),
  { error: 'a uint64 (decimal digits, or a whole number)' },
);
export type Uint = z.infer<typeof Uint>;

/**
 * An id the node writes in cb58 (a transaction, block, asset, chain, subnet, validation): 32 bytes
 * and a 4-byte checksum are 37 to 50 characters of the cb58 alphabet. The checksum is not
 * verified (a hash per id, thousands per validator set): the shape is.
 */
export const Id = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{37,50}$/, { error: 'a cb58 id' });

/** A node id: `NodeID-` and the cb58 of 20 bytes and a checksum. */
export const NodeId = z.string().regex(/^NodeID-[1-9A-HJ-NP-Za-km-z]{26,34}$/, { error: 'a node id (NodeID-…)' });

/** Bytes as the node writes them: `0x` and hex (with its checksum where the encoding says so). */
export const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/, { error: 'hex bytes (0x…)' });

/** A decimal the node writes as a string (`"100.0000"`): uptimes, fees in percent. */
export const DecimalText = z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'a decimal number as a string' });

export const OutputOwners = z.object({ locktime: Uint, threshold: Uint, addresses: z.array(z.string()) });
export type OutputOwners = z.infer<typeof OutputOwners>;

/** An output: a transfer's amount, owners and locktime; other output types (NFTs, minting) leave some out. */
export const AvmOutput = z.object({
  assetID: Id,
  fxID: Id,
  output: z.looseObject({
    addresses: z.array(z.string()).optional(),
    amount: Uint.optional(),
    locktime: Uint.optional(),
    threshold: Uint.optional(),
  }),
});
export type AvmOutput = z.infer<typeof AvmOutput>;

export const AvmInput = z.object({
  txID: Id,
  outputIndex: z.number().int(),
  assetID: Id,
  fxID: Id,
  input: z.looseObject({ amount: Uint.optional(), signatureIndices: z.array(z.number()).optional() }),
});
export type AvmInput = z.infer<typeof AvmInput>;

/** Where a page of UTXOs ended (the node's api.Index): pass it back as `startIndex` for the next. */
export const UtxoIndex = z.object({ address: z.string(), utxo: z.string() });
export type UtxoIndex = z.infer<typeof UtxoIndex>;

/**
 * The params of platform.getUTXOs, avm.getUTXOs and avax.getUTXOs: the node reads all three as
 * one type (api.GetUTXOsArgs), asked here in hex. A table entry's `params`, as it is.
 */
export const getUtxosArgs = () =>
  z.object({
    addresses: z.array(z.string()),
    limit: z.number().optional(),
    startIndex: UtxoIndex.optional(),
    sourceChain: z.string().optional(),
    encoding: z.literal('hex'),
  });

/** The answer of a `get…Tx` or `get…Block` in either encoding: a string of hex, or the JSON shape. */
export function byEncoding<K extends string, J extends z.ZodType>(key: K, json: J) {
  return z.discriminatedUnion('encoding', [
    z.object({ encoding: z.literal('json'), [key]: json } as { encoding: z.ZodLiteral<'json'> } & Record<K, J>),
    z.object({ encoding: z.literal('hex'), [key]: Hex } as { encoding: z.ZodLiteral<'hex'> } & Record<K, typeof Hex>),
  ]);
}

/** Of an answer in both encodings, the one asked for. */
export type InEncoding<A, E extends Encoding> = Extract<A, { encoding: E }>;

/**
 * A Go slice: a list, or null where Go's encoder writes a nil one (an empty list the node never
 * filled). Used where the gateway reads null as empty; elsewhere a list is a list.
 */
export const GoList = <T extends z.ZodType>(item: T) => z.array(item).nullable();

/** A method that takes no params: `{}`. */
export const NoParams = z.object({});

/** A uint64 the node sent as digits (or a JSON number that fits), as a number when it is safe. */
export function toSafeInt(value: Uint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new InvalidResponseError(200, `${JSON.stringify(value)} where a time or count below 2^53 belongs`, {
      service: 'node',
      operation: 'reading its answer',
    });
  }
  return n;
}

const NOT_FOUND = /not found/i;

/**
 * The answer, or null when the node says the thing asked for does not exist: a JSON-RPC error
 * whose message says so (`words`, for methods that say it otherwise). Other failures propagate.
 */
export async function nullIfMissing<T>(answer: Promise<T>, words: RegExp = NOT_FOUND): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof RpcError && words.test(error.rpcMessage)) return null;
    throw error;
  }
}
