/**
 * Typed failures of upstream calls. Each keeps what a caller needs to decide and explain:
 * which service and operation failed, the HTTP status and the upstream's own message,
 * and the underlying cause. They never carry request headers, so API keys cannot leak.
 */

export type UpstreamService = 'data-api' | 'metrics-api' | 'node';

export interface UpstreamErrorOptions {
  service: UpstreamService;
  operation: string;
  cause?: unknown;
}

export abstract class UpstreamError extends Error {
  readonly service: UpstreamService;
  readonly operation: string;

  constructor(message: string, options: UpstreamErrorOptions) {
    super(message, { cause: options.cause });
    this.service = options.service;
    this.operation = options.operation;
  }
}

/** The upstream answered with a status it uses for failure (4xx, 5xx). */
export class HttpError extends UpstreamError {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The upstream's `message` (an array is joined with "; "). */
  readonly upstreamMessage: string | undefined;
  /** The upstream's `error` label, such as "Bad Request". */
  readonly upstreamError: string | undefined;
  /** Seconds the upstream asked us to wait (`retry-after`), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    options: UpstreamErrorOptions & {
      status: number;
      upstreamMessage?: string;
      upstreamError?: string;
      retryAfterSeconds?: number;
    },
  ) {
    const detail = options.upstreamMessage ?? options.upstreamError;
    super(`${options.service} ${options.operation} answered ${options.status}${detail ? `: ${detail}` : ''}`, options);
    this.status = options.status;
    this.upstreamMessage = options.upstreamMessage;
    this.upstreamError = options.upstreamError;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** No complete answer within the configured time. */
export class TimeoutError extends UpstreamError {
  override readonly name = 'TimeoutError';
  constructor(
    readonly timeoutMs: number,
    options: UpstreamErrorOptions,
  ) {
    super(`${options.service} ${options.operation} did not answer within ${timeoutMs} ms`, options);
  }
}

/** The connection could not be made or broke (refused, reset, DNS). */
export class ConnectionError extends UpstreamError {
  override readonly name = 'ConnectionError';
  constructor(
    readonly code: string | undefined,
    options: UpstreamErrorOptions,
  ) {
    super(`${options.service} ${options.operation} is unreachable${code ? ` (${code})` : ''}`, options);
  }
}

/** The upstream answered, but not with the JSON its contract promises. */
export class InvalidResponseError extends UpstreamError {
  override readonly name = 'InvalidResponseError';
  /** Where in the answer it went wrong (`validators[3].weight`), when a check of its shape found it. */
  readonly at: string | undefined;
  /** What belongs there (`a string`), when a check of its shape found it. */
  readonly expected: string | undefined;
  constructor(
    readonly status: number,
    reason: string,
    options: UpstreamErrorOptions & { at?: string; expected?: string },
  ) {
    super(`${options.service} ${options.operation} sent an invalid response (${reason})`, options);
    this.at = options.at;
    this.expected = options.expected;
  }
}

/** The GraphQL request that needed this call went away (client disconnected or cancelled). */
export class RequestAbortedError extends UpstreamError {
  override readonly name = 'RequestAbortedError';
  constructor(options: UpstreamErrorOptions) {
    super(`${options.service} ${options.operation} was cancelled: the client went away`, options);
  }
}

/**
 * The gateway did not call the upstream: it kept failing, and its circuit breaker is open until
 * a probe call succeeds. `retryAfterSeconds` says when the next probe may go out.
 */
export class CircuitOpenError extends UpstreamError {
  override readonly name = 'CircuitOpenError';
  constructor(
    readonly retryAfterSeconds: number,
    options: UpstreamErrorOptions,
  ) {
    super(`${options.service} keeps failing: ${options.operation} was not sent (circuit open for ${retryAfterSeconds} s more)`, options);
  }
}

/** The node answered a JSON-RPC error (HTTP 200 with `error`), e.g. code -32000 "not found". */
export class RpcError extends UpstreamError {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: unknown,
    options: UpstreamErrorOptions,
  ) {
    super(`${options.service} ${options.operation} failed: ${rpcMessage} (JSON-RPC ${code})`, options);
  }
}

/**
 * A client sent a Data API key that no Data API key looks like (too long, or holding characters a
 * key never has): no call is made with it. The key itself is never part of the error.
 */
export class ClientKeyError extends UpstreamError {
  override readonly name = 'ClientKeyError';
  constructor(
    readonly header: string,
    readonly problem: string,
    options: UpstreamErrorOptions,
  ) {
    super(`The ${header} header ${problem}`, options);
  }
}

/** The node does not serve this API at all (its path answers 404): admin, health, index, a chain. */
export class NodeApiUnavailableError extends UpstreamError {
  override readonly name = 'NodeApiUnavailableError';
  constructor(
    readonly network: string,
    readonly api: string,
    readonly hint: string,
    options: UpstreamErrorOptions,
  ) {
    super(`The ${network} node does not serve the ${api} API: ${hint}`, options);
  }
}
