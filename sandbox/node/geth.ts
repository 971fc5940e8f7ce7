/**
 * The EVM chains' /rpc endpoint: the geth-style JSON-RPC server of coreth and Subnet-EVM
 * (graft/evm/rpc), with its batches (up to 1000 calls), its error codes and HTTP checks
 * (test/contract/examples/node.jsonrpc-errors.json, `evmRpc`).
 */
import type { SandboxAnswer, SandboxRequest } from '../routes.js';
import {
  compact,
  decodeFirst,
  goJson,
  JsonNumber,
  JsonObject,
  JsonSyntaxError,
  jsonKind,
  member,
  RawJson,
  type JsonValue,
} from './json.js';

/** An error a method returns, with its JSON-RPC code (-32000 for plain errors). */
export class GethError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** What the error carries besides its message: a revert's return data (code 3). */
    readonly data?: string,
  ) {
    super(message);
  }
}

export interface GethMethod {
  /** How many positional params it takes; all are optional (pointers in Go). */
  arity: number;
  /** Decodes one param (never null: null params are absent); throws with the decoder's message. */
  param?: (index: number, value: JsonValue) => unknown;
  /** Its result; a promise for one that waits (a signature recovered): a batch is answered once all its calls are. */
  call: (params: unknown[]) => unknown;
}

const BATCH_LIMIT = 1000;
const MAX_BODY = 5 * 1024 * 1024;
const ACCEPTED = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest']);

interface Message {
  version: string;
  /** Raw JSON of the id; absent when the member is. */
  id?: string;
  method: string;
  params?: JsonValue;
  isResponse: boolean;
}

function toMessage(value: JsonValue): Message {
  const msg: Message = { version: '', method: '', isResponse: false };
  if (!(value instanceof JsonObject)) return msg;
  const version = member(value, 'jsonrpc');
  const method = member(value, 'method');
  const id = member(value, 'id');
  const params = member(value, 'params');
  if (typeof version?.value === 'string') msg.version = version.value;
  if (typeof method?.value === 'string') msg.method = method.value;
  if (id) msg.id = compact(id.raw);
  if (params && params.value !== null) msg.params = params.value;
  msg.isResponse =
    msg.method === '' && msg.params === undefined && (member(value, 'result') !== undefined || member(value, 'error') !== undefined);
  return msg;
}

const validId = (m: Message) => m.id !== undefined && m.id[0] !== '{' && m.id[0] !== '[';
const isCall = (m: Message) => m.version === '2.0' && validId(m) && m.method !== '';
const isNotification = (m: Message) => m.version === '2.0' && m.id === undefined && m.method !== '';

function answer(id: string | undefined, member: 'result' | 'error', value: unknown): RawJson {
  return new RawJson(goJson({ jsonrpc: '2.0', id: new RawJson(id ?? 'null'), [member]: value }));
}

/** geth's parsePositionalArguments with this method's param decoder. */
function params(method: GethMethod, raw: JsonValue | undefined): unknown[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new GethError(-32602, 'non-array args');
  if (raw.length > method.arity) throw new GethError(-32602, `too many arguments, want at most ${method.arity}`);
  return raw.map((value, i) => {
    if (value === null) return undefined;
    try {
      return method.param!(i, value);
    } catch (error) {
      throw new GethError(-32602, `invalid argument ${i}: ${(error as Error).message}`);
    }
  });
}

async function handle(msg: Message, methods: Record<string, GethMethod>): Promise<RawJson | undefined> {
  if (!isCall(msg) && !isNotification(msg))
    return answer(validId(msg) ? msg.id : undefined, 'error', { code: -32600, message: 'invalid request' });
  let result: RawJson;
  const method = Object.hasOwn(methods, msg.method) ? methods[msg.method] : undefined;
  if (msg.method.endsWith('_subscribe')) {
    result = answer(msg.id, 'error', { code: -32601, message: 'notifications not supported' });
  } else if (!method) {
    result = answer(msg.id, 'error', { code: -32601, message: `the method ${msg.method} does not exist/is not available` });
  } else {
    try {
      result = answer(msg.id, 'result', await method.call(params(method, msg.params)));
    } catch (error) {
      if (!(error instanceof GethError)) throw error;
      result = answer(msg.id, 'error', { code: error.code, message: error.message, data: error.data });
    }
  }
  return isNotification(msg) ? undefined : result;
}

const textError = (status: number, message: string): SandboxAnswer => ({
  status,
  body: `${message}\n`,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
});

/** Answers one HTTP request to an EVM chain's /rpc endpoint. */
export async function serveGeth(req: SandboxRequest, methods: Record<string, GethMethod>): Promise<SandboxAnswer> {
  // Permits the empty GET of load balancers' health checks.
  if (req.method === 'GET' && req.body === '' && [...req.query].length === 0) return { status: 200, body: '' };
  if (req.method === 'PUT' || req.method === 'DELETE') return textError(405, 'method not allowed');
  const length = Buffer.byteLength(req.body);
  if (length > MAX_BODY) return textError(413, `content length too large (${length}>${MAX_BODY})`);
  if (req.method !== 'OPTIONS') {
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED.has(mediaType)) return textError(415, 'invalid content type, only application/json is supported');
  }
  const json = (value: RawJson | RawJson[] | undefined): SandboxAnswer => ({
    status: 200,
    body: value === undefined ? '' : `${goJson(value)}\n`,
    headers: { 'content-type': 'application/json' },
  });

  let parsed: JsonValue;
  try {
    parsed = decodeFirst(req.body).value;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    if (error.message === 'EOF') return json(undefined);
    return json(answer(undefined, 'error', { code: -32700, message: 'parse error' }));
  }
  if (!Array.isArray(parsed)) {
    // A response sent to the server is dropped, as in a batch.
    const msg = toMessage(parsed);
    return json(msg.isResponse ? undefined : await handle(msg, methods));
  }

  const batch = parsed.map(toMessage);
  if (batch.length === 0) return json(answer(undefined, 'error', { code: -32600, message: 'empty batch' }));
  if (batch.length > BATCH_LIMIT) return json([answer(batch.find(isCall)?.id, 'error', { code: -32600, message: 'batch too large' })]);
  // In order, one after another, as the server runs a batch.
  const answers: RawJson[] = [];
  for (const m of batch) {
    if (m.isResponse) continue;
    const a = await handle(m, methods);
    if (a !== undefined) answers.push(a);
  }
  return json(answers.length > 0 ? answers : undefined);
}

/** Decodes a JSON value into Go's uint64 as encoding/json does, with its error messages. */
export function goUint64(value: JsonValue): bigint {
  if (value instanceof JsonNumber) {
    if (/^\d+$/.test(value.text) && BigInt(value.text) < 1n << 64n) return BigInt(value.text);
    throw new Error(`json: cannot unmarshal number ${value.text} into Go value of type uint64`);
  }
  throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type uint64`);
}

/** hexutil.DecodeUint64, with go-ethereum's error texts. */
export function hexUint64(input: string): bigint {
  if (input === '') throw new Error('empty hex string');
  if (!/^0[xX]/.test(input)) throw new Error('hex string without 0x prefix');
  const digits = input.slice(2);
  if (digits === '') throw new Error('hex string "0x"');
  if (digits.length > 1 && digits[0] === '0') throw new Error('hex number with leading zero digits');
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new Error('invalid hex string');
  if (digits.length > 16) throw new Error('hex number > 64 bits');
  return BigInt(`0x${digits}`);
}

export type BlockRef = { tag: 'latest' | 'earliest' } | { number: bigint } | { hash: string } | { none: true };
const TAGS: Record<string, 'latest' | 'earliest'> = {
  latest: 'latest',
  pending: 'latest',
  accepted: 'latest',
  finalized: 'latest',
  safe: 'latest',
  earliest: 'earliest',
};

/** rpc.BlockNumber's UnmarshalJSON, of its text. */
export function blockNumberText(input: string): BlockRef {
  if (TAGS[input]) return { tag: TAGS[input]! };
  const n = hexUint64(input);
  if (n > (1n << 63n) - 1n) throw new Error('block number larger than int64');
  return { number: n };
}

/** rpc.BlockNumberOrHash's UnmarshalJSON. */
export function blockNumberOrHash(value: JsonValue): BlockRef {
  if (value instanceof JsonObject) {
    const number = member(value, 'blockNumber');
    const hash = member(value, 'blockHash');
    if (number && number.value !== null && hash && hash.value !== null)
      throw new Error('cannot specify both BlockHash and BlockNumber, choose one or the other');
    if (number && number.value !== null) return blockNumberText(number.raw.trim().replace(/^"(.*)"$/, '$1'));
    if (hash && hash.value !== null) {
      if (typeof hash.value !== 'string')
        throw new Error(`json: cannot unmarshal ${jsonKind(hash.value)} into Go value of type common.Hash`);
      return { hash: hashText(hash.value) };
    }
    return { none: true };
  }
  if (typeof value !== 'string') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type string`);
  if (TAGS[value]) return { tag: TAGS[value]! };
  if (value.length === 66) return { hash: hashText(value) };
  const n = hexUint64(value);
  if (n > (1n << 63n) - 1n) throw new Error('blocknumber too high');
  return { number: n };
}

/** common.Hash's UnmarshalJSON, of its text. */
export function hashText(value: string): string {
  if (!/^0[xX]/.test(value)) throw new Error('hex string without 0x prefix');
  if (!/^0[xX][0-9a-fA-F]*$/.test(value)) throw new Error('invalid hex string');
  if (value.length !== 66) throw new Error(`hex string has length ${value.length - 2}, want 64 for common.Hash`);
  return value.toLowerCase();
}
