/**
 * The node's gorilla/rpc v2 endpoints (json2 codec behind avalanchego's method-name codec),
 * answering exactly as they do (test/contract/examples/node.jsonrpc-errors.json): one call per
 * request (a batch array is a parse error), params as an object or a one-element array decoded
 * with encoding/json's rules, notifications answered with an empty 200, every JSON-RPC error
 * with HTTP 200.
 */
import { cb58Decode, InvalidIdError } from '../../src/base/ids.js';
import type { NODE_METHODS } from '../../src/upstreams/operations.js';
import type { SandboxAnswer, SandboxRequest } from '../routes.js';
import {
  compact,
  decodeFirst,
  field,
  goJson,
  goQuote,
  JsonNumber,
  JsonObject,
  JsonSyntaxError,
  jsonKind,
  member,
  RawJson,
  type JsonValue,
} from './json.js';

/** An error a service method returns: code -32000, its message, data null. */
export class RpcFailure extends Error {}

/** Params that do not decode into the method's args struct. */
class ArgError extends Error {}

const E_PARSE = -32700;
const E_INVALID_REQ = -32600;
const E_SERVER = -32000;
const INVALID_ARG =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

export type Encoding = 'hex' | 'hexc' | 'hexnc' | 'json';
const LOG_LEVELS = ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'TRACE', 'DEBUG', 'VERBO'] as const;

/**
 * How a Go args field decodes: `string`/`strings` plain strings, `uint64`/`uint32`/`uint16`
 * json.Uint64, json.Uint32 and json.Uint16 (a number or a quoted number), `height` the P-Chain's
 * api.Height (a json.Uint64 below 2^64-1, or "proposed", decoded as the string), `id` an ids.ID (cb58), `ids` []ids.ID, `nodeIds` []ids.NodeID,
 * `encoding` formatting.Encoding, `level` a *logging.Level, or a nested struct.
 */
export type ArgSpec =
  | 'string'
  | 'strings'
  | 'uint64'
  | 'uint32'
  | 'uint16'
  | 'height'
  | 'id'
  | 'ids'
  | 'nodeIds'
  | 'encoding'
  | 'bool'
  | 'level'
  | { [field: string]: ArgSpec };

export interface GorillaMethod {
  /** The args struct's fields; an empty object for `*struct{}`. */
  args: Record<string, ArgSpec>;
  call: (args: Record<string, unknown>) => unknown;
}

/** A gorilla service: its Go methods by name (`GetHeight`, not `getHeight`). */
export type GorillaService = Record<string, GorillaMethod>;

/** The Go names of the methods of `Service` the gateway's clients declare: `platform.getHeight` is `GetHeight`. */
type DeclaredGoMethods<Service extends string> = {
  [M in keyof typeof NODE_METHODS]: M extends `${Service}.${infer Name}` ? Capitalize<Name> : never;
}[keyof typeof NODE_METHODS];

/**
 * A service with a method for every one of it the gateway's clients declare (NODE_METHODS): a
 * method declared there that the sandbox does not serve fails to compile. It serves more, as the
 * node does.
 */
export type ServiceFor<Service extends string> = GorillaService & Record<DeclaredGoMethods<Service>, GorillaMethod>;

const ZERO_ID = '11111111111111111111111111111111LpoYY';

function uint(value: JsonValue, bits: 16 | 32 | 64): bigint {
  let text: string;
  if (value instanceof JsonNumber) text = value.text;
  else if (typeof value === 'string') text = value;
  else throw new ArgError();
  if (!/^\d+$/.test(text) || BigInt(text) >= 1n << BigInt(bits)) throw new ArgError();
  return BigInt(text);
}

function cb58Id(value: JsonValue, bytes: number, prefix = ''): string {
  if (typeof value !== 'string' || !value.startsWith(prefix)) throw new ArgError();
  try {
    cb58Decode(value.slice(prefix.length), bytes);
  } catch (error) {
    if (error instanceof InvalidIdError) throw new ArgError();
    throw error;
  }
  return value;
}

function zero(spec: ArgSpec): unknown {
  if (typeof spec === 'object') return decodeStruct(null, spec);
  return {
    string: '',
    strings: [],
    uint64: 0n,
    uint32: 0n,
    uint16: 0n,
    height: 0n,
    id: ZERO_ID,
    ids: [],
    nodeIds: [],
    encoding: 'hex',
    bool: false,
    level: undefined,
  }[spec];
}

function decodeValue(value: JsonValue, spec: ArgSpec): unknown {
  if (value === null) return zero(spec);
  if (typeof spec === 'object') return decodeStruct(value, spec);
  switch (spec) {
    case 'string':
      if (typeof value !== 'string') throw new ArgError();
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw new ArgError();
      return value;
    case 'strings':
    case 'ids':
    case 'nodeIds':
      if (!Array.isArray(value)) throw new ArgError();
      return value.map((item) => {
        if (spec === 'ids') return item === null ? ZERO_ID : cb58Id(item, 32);
        return item === null ? '' : spec === 'nodeIds' ? cb58Id(item, 20, 'NodeID-') : decodeValue(item, 'string');
      });
    case 'uint64':
      return uint(value, 64);
    case 'uint32':
      return uint(value, 32);
    case 'uint16':
      return uint(value, 16);
    case 'height': {
      if (value === 'proposed') return value;
      const height = uint(value, 64);
      // MaxUint64 is the proposed height's sentinel: refused when sent as a number.
      if (height === (1n << 64n) - 1n) throw new ArgError();
      return height;
    }
    case 'id':
      return cb58Id(value, 32);
    case 'encoding': {
      const e = typeof value === 'string' ? value.toLowerCase() : '';
      if (e !== 'hex' && e !== 'hexc' && e !== 'hexnc' && e !== 'json') throw new ArgError();
      return e;
    }
    case 'level': {
      const level = typeof value === 'string' ? value.toUpperCase() : '';
      if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ArgError();
      return level;
    }
  }
}

function decodeStruct(value: JsonValue, spec: Record<string, ArgSpec>): Record<string, unknown> {
  if (value !== null && !(value instanceof JsonObject)) throw new ArgError();
  const out: Record<string, unknown> = {};
  for (const [name, fieldSpec] of Object.entries(spec)) {
    const v = value === null ? undefined : field(value, name);
    out[name] = v === undefined ? zero(fieldSpec) : decodeValue(v, fieldSpec);
  }
  return out;
}

/** json2's ReadRequest: the params as the args struct, or else as a one-element array holding it. */
function readParams(params: JsonValue | undefined, spec: Record<string, ArgSpec>): Record<string, unknown> {
  if (params === undefined) return decodeStruct(null, spec);
  try {
    return decodeStruct(params, spec);
  } catch (error) {
    if (!(error instanceof ArgError) || !Array.isArray(params)) throw error;
    return params.length === 0 ? decodeStruct(null, spec) : decodeStruct(params[0]!, spec);
  }
}

interface ServerRequest {
  jsonrpc: string;
  method: string;
  params?: { value: JsonValue; raw: string };
  id?: string;
}

/** The request struct as json2 echoes it in error data. */
function requestData(r: ServerRequest): RawJson {
  return new RawJson(
    goJson({
      jsonrpc: r.jsonrpc,
      method: r.method,
      params: r.params ? new RawJson(compact(r.params.raw)) : null,
      id: r.id === undefined ? null : new RawJson(r.id),
    }),
  );
}

const text = (status: number, body: string, extra: Record<string, string> = {}): SandboxAnswer => ({
  status,
  body,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...extra },
});

/** Answers one request to a gorilla endpoint serving `services` (by service name). */
export function serveGorilla(req: SandboxRequest, services: Record<string, GorillaService>): SandboxAnswer {
  if (req.method !== 'POST') return text(405, `rpc: POST method required, received ${req.method}`);
  const header = req.headers['content-type'] ?? '';
  const contentType = header.includes(';') ? header.slice(0, header.indexOf(';')) : header;
  if (contentType.toLowerCase() !== 'application/json') return text(415, `rpc: unrecognized Content-Type: ${contentType}`);

  const r: ServerRequest = { jsonrpc: '', method: '' };
  let failure: { code: number; message: string; data: unknown } | undefined;
  try {
    const { value } = decodeFirst(req.body);
    if (value instanceof JsonObject) {
      const typeErrors: string[] = [];
      for (const name of ['jsonrpc', 'method', 'params', 'id'] as const) {
        const m = member(value, name);
        if (m === undefined) continue;
        const v = m.value;
        if (name === 'params') r.params = v === null ? undefined : m;
        else if (name === 'id') r.id = v === null ? undefined : compact(m.raw);
        else if (typeof v === 'string') r[name] = v;
        else if (v !== null)
          typeErrors.push(`json: cannot unmarshal ${jsonKind(v)} into Go struct field serverRequest.${name} of type string`);
      }
      if (typeErrors.length > 0) failure = { code: E_PARSE, message: typeErrors[0]!, data: requestData(r) };
    } else if (value !== null) {
      failure = {
        code: E_PARSE,
        message: `json: cannot unmarshal ${jsonKind(value)} into Go value of type json2.serverRequest`,
        data: requestData(r),
      };
    }
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    failure = { code: E_PARSE, message: error.message, data: requestData(r) };
  }
  if (!failure && r.jsonrpc !== '2.0') failure = { code: E_INVALID_REQ, message: 'jsonrpc must be 2.0', data: requestData(r) };

  const respond = (member: 'result' | 'error', value: unknown, extra: Record<string, string> = {}): SandboxAnswer => {
    // A call without id is a notification: it runs, and nothing is written, unless it did not parse.
    if (r.id === undefined && !(member === 'error' && (value as { code: number }).code === E_PARSE))
      return { status: 200, body: '', headers: extra };
    const body = goJson({ jsonrpc: '2.0', [member]: value, id: r.id === undefined ? null : new RawJson(r.id) });
    return { status: 200, body: `${body}\n`, headers: { ...extra, 'content-type': 'application/json; charset=utf-8' } };
  };
  if (failure) return respond('error', failure);

  // avalanchego's codec: `platform.getHeight` calls the Go method `GetHeight`.
  let method = r.method;
  const dot = method.indexOf('.');
  if (dot !== -1 && dot < method.length - 1) {
    const first = method[dot + 1]!;
    if (first !== first.toLowerCase() && first === first.toUpperCase())
      return respond('error', { code: E_SERVER, message: 'method must start with a non-uppercase letter', data: null });
    method = `${method.slice(0, dot + 1)}${first.toUpperCase()}${method.slice(dot + 2)}`;
  }
  const parts = method.split('.');
  if (parts.length !== 2)
    return respond('error', { code: E_SERVER, message: `rpc: service/method request ill-formed: ${goQuote(method)}`, data: null });
  const service = Object.hasOwn(services, parts[0]!) ? services[parts[0]!] : undefined;
  if (!service) return respond('error', { code: E_SERVER, message: `rpc: can't find service ${goQuote(method)}`, data: null });
  const spec = Object.hasOwn(service, parts[1]!) ? service[parts[1]!] : undefined;
  if (!spec) return respond('error', { code: E_SERVER, message: `rpc: can't find method ${goQuote(method)}`, data: null });

  let args: Record<string, unknown>;
  try {
    args = readParams(r.params?.value, spec.args);
  } catch (error) {
    if (!(error instanceof ArgError)) throw error;
    return respond('error', { code: E_SERVER, message: INVALID_ARG, data: null });
  }
  const nosniff = { 'x-content-type-options': 'nosniff' };
  try {
    return respond('result', spec.call(args), nosniff);
  } catch (error) {
    if (!(error instanceof RpcFailure)) throw error;
    return respond('error', { code: E_SERVER, message: error.message, data: null }, nosniff);
  }
}
