/**
 * The Avalanche Data API for one GraphQL request. Each endpoint is a function of its own, named
 * after its OpenAPI operationId and written in the file of its domain beside its wire types
 * (subnet.ts, transaction.ts, ...): `listSubnets(ctx.dataApi, 'mainnet', { pageSize: 100 })`.
 * This client only sends: parameter names and encodings follow the spec exactly (comma lists are
 * joined by the endpoint functions, arrays such as `txTypes` go out as repeated keys). Callers
 * validate input; this layer only encodes it.
 */
import { createHash } from 'node:crypto';
import { ClientKeyError } from '../errors.js';
import type { HttpRequest, QueryValue } from '../http.js';
import type { EntryOf } from '../sharing.js';
import { checkedAnswer, withAnswerChecks, type Transport } from '../transport.js';
import type { operations } from './openapi.js';

/**
 * The operations the domain files declare, each file adding its table to this interface
 * (`declare module './client.js'`, as icm.ts does): the only names this client sends. An
 * operation without an entry in its domain's table does not compile, so none is sent whose
 * freshness nobody decided.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the domain files add its members
export interface DeclaredDataApiOperations {}

/** An operation of the spec that a domain file declares. */
export type DataApiOperation = keyof DeclaredDataApiOperations & keyof operations;

/** Whether the spec gives an operation a `pageSize`: then it pages, and its entry must say how. */
type PagedInSpec<Id extends keyof operations> = operations[Id]['parameters'] extends { query?: infer Query }
  ? [NonNullable<Query>] extends [never] // no query parameters at all (`query?: never`)
    ? false
    : 'pageSize' extends keyof NonNullable<Query>
      ? true
      : false
  : false;

/**
 * A domain file's entries: operationIds of the spec only, each with its page bounds exactly when
 * the spec gives it a `pageSize` (test/upstreams/operations.test.ts checks the bounds' values
 * against the spec's).
 */
export type DataApiOperationTable = { readonly [Id in keyof operations & string]?: EntryOf<PagedInSpec<Id>> };

export interface DataApiOptions {
  baseUrl: string;
  apiKeyHeader: string;
  /** The operator's key, sent unless the GraphQL client sent its own. */
  apiKey?: string;
}

/** The status by which the Data API says it has no such thing. */
const NONE = [404] as const;

export interface PageParams {
  pageToken?: string;
  pageSize?: number;
}

/**
 * What names a client's own key wherever the reuse layer keys a read by the credential it is made
 * with: a digest, so the key itself is never part of a cache or flight key, and never reaches Redis
 * or a log through one.
 */
export function clientCredential(apiKey: string): string {
  return `key:${createHash('sha256').update('data-api key\0').update(apiKey).digest('base64url').slice(0, 22)}`;
}

/** The longest client key sent on: Data API keys are tens of characters. */
const MAX_CLIENT_KEY_LENGTH = 256;

/** What is wrong with a key a client sent, or undefined when it may be a Data API key: 1 to 256 visible ASCII characters. */
function clientKeyProblem(key: string): string | undefined {
  if (key.length > MAX_CLIENT_KEY_LENGTH) return `holds ${key.length} characters; a Data API key has at most ${MAX_CLIENT_KEY_LENGTH}`;
  if (!/^[\x21-\x7e]+$/.test(key)) return 'holds characters other than visible ASCII, which no Data API key has';
  return undefined;
}

/**
 * Calls go through `transport` (the request's reads), with the client's own API key when it sent
 * one, else the operator's. The data does not depend on who asks, but whether the upstream answers
 * does (a bad key is refused, a good one metered): a call made with the client's own key says so
 * (`credential`), and the reuse layer never shares it with a request under another credential.
 */
export class DataApiClient {
  private headers: Record<string, string> | undefined;
  /** The client's own credential (`clientCredential`) when it sent a key; undefined: the operator's. */
  readonly credential: string | undefined;
  /** What is wrong with the key the client sent, if anything: then every call fails with it, unmade. */
  private readonly keyProblem: string | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly options: DataApiOptions,
    /** The key the GraphQL client sent, used for this request only; absent: the operator's (`options.apiKey`). */
    clientKey?: string,
  ) {
    const apiKey = clientKey || options.apiKey;
    if (apiKey) this.headers = { [options.apiKeyHeader]: apiKey };
    this.credential = clientKey ? clientCredential(clientKey) : undefined;
    this.keyProblem = clientKey ? clientKeyProblem(clientKey) : undefined;
  }

  request(
    operation: DataApiOperation,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
  ): HttpRequest {
    const req: HttpRequest = {
      service: 'data-api',
      operation,
      method,
      baseUrl: this.options.baseUrl,
      path,
      query,
      body,
      headers: this.headers,
    };
    if (this.credential) req.credential = this.credential;
    return req;
  }

  /**
   * A read, its answer checked against the spec before it is kept (an answer that does not fit
   * fails with UPSTREAM_INVALID_RESPONSE); `list` names the array a list endpoint's answer must hold.
   */
  get<T>(operation: DataApiOperation, path: string, query?: Record<string, QueryValue>, list?: string): Promise<T> {
    const req = this.request(operation, 'GET', path, query);
    return this.send(req, () => this.transport.read(req, checkedAnswer<T>(req, list)));
  }

  /**
   * A read of one thing by id: its answer checked as `get`'s, or null when the upstream has none
   * (404). The null is an answer, not a failure, so the reuse layer keeps it for a short while
   * (the `absent` freshness): a warm repeat does not call again, and the thing, once it exists, is
   * seen soon.
   */
  getOrNone<T>(operation: DataApiOperation, path: string, query?: Record<string, QueryValue>): Promise<T | null> {
    return this.readOrNone({ ...this.request(operation, 'GET', path, query), acceptStatuses: NONE });
  }

  /** A V2 read (`post`) of one thing: null when the upstream has none (404), as `getOrNone`. */
  postOrNone<T>(operation: DataApiOperation, path: string, body: unknown): Promise<T | null> {
    return this.readOrNone({ ...this.request(operation, 'POST', path, undefined, body), acceptStatuses: NONE, idempotent: true });
  }

  private readOrNone<T>(req: HttpRequest): Promise<T | null> {
    return this.send(req, () => {
      const checked = checkedAnswer<T>(req);
      return this.transport.read(req, (res) => (res.status === 404 ? null : checked(res)));
    });
  }

  /**
   * This client with the operator's key, whatever key the GraphQL client sent: for operator-only
   * operations (behind ADMIN_TOKEN), which must never run under a client's own key.
   */
  asOperator(): DataApiClient {
    return this.credential ? new DataApiClient(this.transport, this.options) : this;
  }

  /**
   * A read sent as a POST with a JSON body (the Data API's V2 routes, which take their addresses
   * in the body rather than the query string): safe to retry and shared like a GET, its body part
   * of what identifies it (`readKey`).
   */
  post<T>(
    operation: DataApiOperation,
    path: string,
    query: Record<string, QueryValue> | undefined,
    body: unknown,
    list?: string,
  ): Promise<T> {
    const req: HttpRequest = { ...this.request(operation, 'POST', path, query, body), idempotent: true };
    return this.send(req, () => this.transport.read(req, checkedAnswer<T>(req, list)));
  }

  /** A call that changes something upstream: never reused, never retried; its answer checked as a read's. */
  write<T>(req: HttpRequest): Promise<T> {
    return this.send(req, () => this.transport.write(req, checkedAnswer<T>(req)));
  }

  /** Sends a call, or fails it unmade when the client's own key cannot be one (`clientKeyProblem`). */
  private send<T>(req: HttpRequest, call: () => Promise<T>): Promise<T> {
    if (this.keyProblem) {
      return Promise.reject(
        new ClientKeyError(this.options.apiKeyHeader, this.keyProblem, { service: 'data-api', operation: req.operation }),
      );
    }
    return withAnswerChecks(call);
  }
}
