/**
 * The one place where failures become GraphQL errors.
 *
 * Resolvers throw `badInput(...)` for input they refuse, and let typed upstream errors
 * (src/upstreams/errors.ts) propagate; `maskError`, installed in yoga, turns those into
 * GraphQL errors with `extensions.code` and the upstream's status, and masks anything else.
 * A failed field is null plus one of these errors; its siblings still resolve.
 */
import { GraphQLError, type ASTNode, type GraphQLErrorExtensions } from 'graphql';
import { maskError as yogaMaskError } from 'graphql-yoga';
import { BudgetExceededError } from '../upstreams/budget.js';
import {
  CircuitOpenError,
  ClientKeyError,
  ConnectionError,
  HttpError,
  InvalidResponseError,
  NodeApiUnavailableError,
  RequestAbortedError,
  RpcError,
  TimeoutError,
  UpstreamError,
} from '../upstreams/errors.js';

export const ErrorCode = {
  /** The request's input is invalid: nothing was sent upstream. */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** The document is not valid GraphQL syntax. */
  GRAPHQL_PARSE_FAILED: 'GRAPHQL_PARSE_FAILED',
  /** The document does not validate against the schema. */
  GRAPHQL_VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  /** The document is too deep, has too many aliases or tokens (MAX_DEPTH, MAX_ALIASES, MAX_TOKENS). */
  QUERY_LIMIT_EXCEEDED: 'QUERY_LIMIT_EXCEEDED',
  /** 415: a POST body a form can send (urlencoded, multipart, text/plain), since only application/json runs operations; or a body in a content-encoding the gateway does not decode (`extensions.accepted` lists those it does). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** 406: the accept header takes none of the types a GraphQL answer is written in (`extensions.accepted` lists them); nothing ran. */
  NOT_ACCEPTABLE: 'NOT_ACCEPTABLE',
  /** 405: the path does not take the request's method (a GraphQL path takes GET and POST); the `Allow` header and `extensions.allowed` say which it does. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** A request a browser could have sent from another site without a preflight: CSRF prevention (403). */
  CSRF_BLOCKED: 'CSRF_BLOCKED',
  /** 429: the client (its API key or address) is over RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST; see `extensions.retryAfter`. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** 400: the request is not well formed at the HTTP level: its body is not JSON, or not the data its content-encoding names, or a GET's `variables` or `extensions` parameter is not JSON. */
  BAD_REQUEST: 'BAD_REQUEST',
  /** 413: the request body is larger than MAX_BODY_BYTES, as sent or decompressed; see `extensions.limit`. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 503: this instance is draining before it stops; retry, and another instance answers. */
  SHUTTING_DOWN: 'SHUTTING_DOWN',
  /** TRUSTED_DOCUMENTS=only and the request sent a document's text: send a trusted document's id (400). */
  PERSISTED_QUERY_ONLY: 'PERSISTED_QUERY_ONLY',
  /** No trusted document (or, for APQ, no registered one) has this id (404); an APQ client then sends the text with its hash. */
  PERSISTED_QUERY_NOT_FOUND: 'PERSISTED_QUERY_NOT_FOUND',
  /** APQ: the sha256 hash sent is not the hash of the document sent with it (400). */
  PERSISTED_QUERY_MISMATCH: 'PERSISTED_QUERY_MISMATCH',
  /** A POST body that is an array of operations, and BATCHING_LIMIT is 0 (400): send them one by one, or enable batching. */
  BATCHING_DISABLED: 'BATCHING_DISABLED',
  /** 400: the document and `operationName` name no one operation to run (several and no name, a name none has, only fragments); the message lists the document's operations. */
  OPERATION_RESOLUTION_FAILURE: 'OPERATION_RESOLUTION_FAILURE',
  /** The request sent neither a document nor a document id (400). */
  PERSISTED_QUERY_ID_REQUIRED: 'PERSISTED_QUERY_ID_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  FORBIDDEN: 'FORBIDDEN',
  /** The upstream refused the request as malformed (a 400 the gateway's checks did not foresee). */
  UPSTREAM_BAD_REQUEST: 'UPSTREAM_BAD_REQUEST',
  /** The upstream refused the credentials (401) or their privilege (403). */
  UPSTREAM_UNAUTHORIZED: 'UPSTREAM_UNAUTHORIZED',
  UPSTREAM_FORBIDDEN: 'UPSTREAM_FORBIDDEN',
  /** 429 from the upstream, after the gateway's own retries; see `extensions.retryAfter`. */
  UPSTREAM_RATE_LIMITED: 'UPSTREAM_RATE_LIMITED',
  /** 5xx, refused or broken connection. */
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  /** The upstream answered with something its contract does not allow (e.g. not JSON). */
  UPSTREAM_INVALID_RESPONSE: 'UPSTREAM_INVALID_RESPONSE',
  /** The request used up its allowance of upstream calls (UPSTREAM_CALL_BUDGET). */
  UPSTREAM_BUDGET_EXCEEDED: 'UPSTREAM_BUDGET_EXCEEDED',
  /** The node does not serve an API or method (admin or index off, public endpoint, chain not tracked). */
  NODE_API_UNAVAILABLE: 'NODE_API_UNAVAILABLE',
  /** The node answered a JSON-RPC error; `extensions.upstream.rpcCode` and `message` say which. */
  UPSTREAM_RPC_ERROR: 'UPSTREAM_RPC_ERROR',
  /** The client went away before the upstream answered. */
  CANCELLED: 'CANCELLED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Refuses input before any upstream call. The message says what was wrong and what is allowed. */
export function badInput(message: string, extensions: GraphQLErrorExtensions = {}, nodes?: ASTNode): GraphQLError {
  return new GraphQLError(message, { nodes, extensions: { code: ErrorCode.BAD_USER_INPUT, ...extensions } });
}

/**
 * A request refused before its document is parsed (trusted documents): `status` is the HTTP
 * status yoga answers with; it does not reach the client's JSON.
 */
export function refusedDocument(
  code: ErrorCode,
  message: string,
  status: number | undefined,
  extensions: GraphQLErrorExtensions = {},
): GraphQLError {
  // No status where there is no HTTP answer to carry it (a WebSocket message).
  return new GraphQLError(message, { extensions: { code, ...extensions, ...(status === undefined ? {} : { http: { status } }) } });
}

/** More work than the gateway does for one request; `limit` names which bound, as the query limits do. */
export function limitExceeded(message: string, limit: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit } });
}

/**
 * An upstream answer the gateway cannot place because another of the upstream's answers does not
 * back it (a message between chains no network lists): the field fails as for an answer its
 * contract does not allow.
 */
export function upstreamInconsistent(message: string, upstream: { service: string; operation: string }): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.UPSTREAM_INVALID_RESPONSE, upstream } });
}

/** How much of a refused value a message quotes: enough to recognise it, never the whole of a huge one. */
const QUOTE_PREFIX = 32;

/**
 * A client's value as an error message quotes it: JSON-quoted, cut to a short prefix when long,
 * with anything outside printable ASCII escaped (a bidi override must not reorder the message).
 */
export function quote(value: string): string {
  const shown = value.length > QUOTE_PREFIX ? value.slice(0, QUOTE_PREFIX) : value;
  const text = JSON.stringify(shown).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return value.length > QUOTE_PREFIX ? `${text}… (${value.length} characters)` : text;
}

/**
 * Text from elsewhere (an upstream, graphql-js quoting a value) as a client may read it: without
 * control or bidi characters, and cut to `max` characters.
 */
export function bounded(text: string, max: number): string {
  const clean = text.slice(0, max + 1).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ');
  return clean.length > max ? `${clean.slice(0, max)}… (cut at ${max} characters)` : clean;
}

/** A subscription's event that is a failure (described by `describeLiveError` where the poll failed, maybe on another instance). */
export function liveError(error: { message: string; extensions: GraphQLErrorExtensions }): GraphQLError {
  return new GraphQLError(error.message, { extensions: error.extensions });
}

/** A poll's failure as subscribers see it: the message and extensions its GraphQL error would have. */
export function describeLiveError(error: unknown): { message: string; extensions: Record<string, unknown> } {
  const masked = maskError(error, 'Unexpected error.');
  const extensions = masked instanceof GraphQLError ? { ...masked.extensions } : {};
  return { message: masked.message, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR, ...extensions } };
}

/** Something the graph pointed at that the upstream no longer has; the message says what and why. */
export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.NOT_FOUND } });
}

export function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.FORBIDDEN } });
}

const SERVICE_NAMES = { 'data-api': 'The Data API', 'metrics-api': 'The Metrics API', node: 'The node' } as const;

function httpCode(status: number): ErrorCode {
  if (status === 401) return ErrorCode.UPSTREAM_UNAUTHORIZED;
  if (status === 403) return ErrorCode.UPSTREAM_FORBIDDEN;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 429) return ErrorCode.UPSTREAM_RATE_LIMITED;
  // 400, and the node's 405/415: the upstream refused the request's form.
  if (status >= 400 && status < 500) return ErrorCode.UPSTREAM_BAD_REQUEST;
  return ErrorCode.UPSTREAM_UNAVAILABLE;
}

/**
 * The most of an upstream's own words a client reads. The Data API's 400 explanations (a list of
 * its parameter checks) and the node's service errors fit; anything longer is not an explanation.
 */
const UPSTREAM_TEXT_MAX = 300;

const upstreamText = (text: string | undefined): string | undefined => (text ? bounded(text, UPSTREAM_TEXT_MAX) : undefined);

/**
 * JSON-RPC errors whose text no client can act on: -32700 and -32600 are about the framing of
 * the gateway's own request (their text is Go's JSON decoder or gorilla's, naming Go types),
 * -32603 is the node's internal failure (a panic's text). The node's other errors are its
 * methods' documented answers ("not found", "couldn't unmarshal an argument...", geth's
 * "the method ... does not exist", "invalid argument 0: ..."), passed on bounded.
 */
const RPC_OPAQUE_CODES: ReadonlySet<number> = new Set([-32700, -32600, -32603]);

const rpcText = (error: RpcError): string | undefined => (RPC_OPAQUE_CODES.has(error.code) ? undefined : upstreamText(error.rpcMessage));

/** Revert data passed on: 0x hex of at most 4 KiB (an error selector and its arguments are far less). */
const REVERT_DATA = /^0x([0-9a-fA-F]{2}){0,4096}$/;

/** A JSON-RPC error's meaning, from its code and, for the node's -32000, its words. */
function rpcCode(error: RpcError): ErrorCode {
  if (/not found/i.test(error.rpcMessage)) return ErrorCode.NOT_FOUND;
  // geth's "method does not exist" (gorilla's is a NodeApiUnavailableError already).
  if (error.code === -32601) return ErrorCode.NODE_API_UNAVAILABLE;
  // The request's form: JSON-RPC's own codes, and gorilla's -32000 words for arguments and method names.
  if (
    [-32700, -32600, -32602].includes(error.code) ||
    /couldn't unmarshal|method must start with a non-uppercase|request ill-formed/.test(error.rpcMessage)
  ) {
    return ErrorCode.UPSTREAM_BAD_REQUEST;
  }
  return ErrorCode.UPSTREAM_RPC_ERROR;
}

type Described = { message: string; extensions: GraphQLErrorExtensions };

/** An upstream's HTTP error status, told by what it means to the client: its limits, credentials, input, or an outage. */
function describeHttpError(error: HttpError, who: string, upstream: Record<string, unknown>): Described {
  upstream.status = error.status;
  const said = upstreamText(error.upstreamMessage);
  if (said) upstream.message = said;
  const code = httpCode(error.status);
  const extensions: GraphQLErrorExtensions = { code, upstream };
  let message: string;
  switch (code) {
    case ErrorCode.UPSTREAM_RATE_LIMITED:
      if (error.retryAfterSeconds !== undefined) extensions.retryAfter = error.retryAfterSeconds;
      message = `${who} rate limit was exceeded (${error.operation})${
        error.retryAfterSeconds !== undefined ? `; retry after ${error.retryAfterSeconds} s` : ''
      }. An API key gives higher limits.`;
      break;
    case ErrorCode.UPSTREAM_UNAUTHORIZED:
    case ErrorCode.UPSTREAM_FORBIDDEN:
      message = `${who} refused the request's credentials (${error.status}): ${said ?? upstreamText(error.upstreamError) ?? 'no detail'}.`;
      break;
    case ErrorCode.NOT_FOUND:
      message = `${who} found nothing at ${error.operation}: ${said ?? 'not found'}.`;
      break;
    case ErrorCode.UPSTREAM_BAD_REQUEST:
      message = `${who} rejected ${error.operation}: ${said ?? 'bad request'}.`;
      break;
    default:
      message = `${who} is unavailable (${error.operation} answered ${error.status}); try again later.`;
  }
  return { message, extensions };
}

/** A JSON-RPC error: the node's own words when a client can act on them, else whose fault it is. */
function describeRpcError(error: RpcError, who: string, upstream: Record<string, unknown>): Described {
  const code = rpcCode(error);
  const said = rpcText(error);
  upstream.rpcCode = error.code;
  if (said) upstream.message = said;
  // An EVM call that reverted (code 3) carries its revert data: the reason a contract gave, for the client to decode.
  if (error.code === 3 && typeof error.data === 'string' && REVERT_DATA.test(error.data)) upstream.data = error.data;
  let message: string;
  if (said === undefined) {
    message =
      error.code === -32603
        ? `${who} failed internally at ${error.operation} (JSON-RPC ${error.code}); try again later.`
        : `${who} refused the gateway's call to ${error.operation} as malformed (JSON-RPC ${error.code}): a fault of the gateway, please report it.`;
  } else {
    message =
      code === ErrorCode.NODE_API_UNAVAILABLE
        ? `${who} does not offer ${error.operation}: ${said}.`
        : `${who} answered ${error.operation} with an error: ${said}.`;
  }
  return { message, extensions: { code, upstream } };
}

/** What a client is told about an upstream failure: what failed, the upstream's words, what to do. */
export function describeUpstreamError(error: UpstreamError): Described {
  const who = SERVICE_NAMES[error.service];
  const upstream: Record<string, unknown> = { service: error.service, operation: error.operation };
  if (error instanceof HttpError) return describeHttpError(error, who, upstream);
  if (error instanceof RpcError) return describeRpcError(error, who, upstream);
  if (error instanceof NodeApiUnavailableError) {
    if (error.cause instanceof RpcError) Object.assign(upstream, { rpcCode: error.cause.code, message: rpcText(error.cause) });
    return {
      message: `${error.message}.`,
      extensions: { code: ErrorCode.NODE_API_UNAVAILABLE, upstream: { ...upstream, api: error.api } },
    };
  }
  if (error instanceof TimeoutError) {
    return {
      message: `${who} did not answer ${error.operation} within ${error.timeoutMs} ms.`,
      extensions: { code: ErrorCode.UPSTREAM_TIMEOUT, upstream },
    };
  }
  if (error instanceof ConnectionError) {
    if (error.code) upstream.cause = error.code;
    return {
      message: `${who} could not be reached for ${error.operation}${error.code ? ` (${error.code})` : ''}.`,
      extensions: { code: ErrorCode.UPSTREAM_UNAVAILABLE, upstream },
    };
  }
  if (error instanceof CircuitOpenError) {
    return {
      message: `${who} keeps failing, so the gateway stopped calling it for now (${error.operation} was not sent); retry after ${error.retryAfterSeconds} s.`,
      extensions: { code: ErrorCode.UPSTREAM_UNAVAILABLE, retryAfter: error.retryAfterSeconds, upstream },
    };
  }
  if (error instanceof InvalidResponseError) {
    // What was wrong with the answer (and the bit of its body the reason may quote) is logged, not
    // shown; where a check of its shape failed, and what belonged there, quote nothing of it.
    if (error.status) upstream.status = error.status;
    const misfit = error.at === undefined ? '' : ` (at \`${error.at}\`: expected ${error.expected})`;
    if (error.at !== undefined) Object.assign(upstream, { at: error.at, expected: error.expected });
    return {
      message: `${who} sent an answer to ${error.operation} that its API does not allow${misfit}; try again later.`,
      extensions: { code: ErrorCode.UPSTREAM_INVALID_RESPONSE, upstream },
    };
  }
  if (error instanceof ClientKeyError) {
    return {
      message: `${error.message}: ${error.operation} was not sent to ${who}. Send your own key as it was issued (1 to 256 visible ASCII characters), or no ${error.header} header to use the gateway's.`,
      extensions: { code: ErrorCode.BAD_USER_INPUT, header: error.header, upstream },
    };
  }
  if (error instanceof BudgetExceededError) {
    return {
      message: `This request reached its budget of ${error.limit} upstream calls; ask for fewer items or split the query.`,
      extensions: { code: ErrorCode.UPSTREAM_BUDGET_EXCEEDED, limit: error.limit, upstream },
    };
  }
  if (error instanceof RequestAbortedError) {
    return { message: 'The request was cancelled.', extensions: { code: ErrorCode.CANCELLED, upstream } };
  }
  return { message: `${who} failed at ${error.operation}.`, extensions: { code: ErrorCode.UPSTREAM_UNAVAILABLE, upstream } };
}

/** The code an error has, or will have once masked: what the request log counts. */
export function codeOf(error: unknown): string {
  const code = (error as { extensions?: GraphQLErrorExtensions }).extensions?.code;
  if (typeof code === 'string') return code;
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof UpstreamError) return String(describeUpstreamError(original).extensions.code);
  return ErrorCode.INTERNAL_SERVER_ERROR;
}

/**
 * yoga's `maskError`: upstream failures keep their meaning (code, status, upstream message),
 * GraphQL errors raised on purpose pass through, anything else is masked.
 *
 * yoga would add the original error with its stack (and so file paths) when NODE_ENV is
 * "development"; masking never depends on the environment here, so `isDev` is ignored.
 */
export function maskError(error: unknown, message: string, _isDev?: boolean): Error {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof UpstreamError) {
    const described = describeUpstreamError(original);
    const located = error instanceof GraphQLError ? error : undefined;
    return new GraphQLError(described.message, {
      nodes: located?.nodes,
      source: located?.source,
      positions: located?.positions,
      path: located?.path,
      extensions: described.extensions,
    });
  }
  return yogaMaskError(error, message, false);
}
