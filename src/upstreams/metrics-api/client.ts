/**
 * The Metrics API for one GraphQL request. It takes no API key: none is ever sent to it, the
 * operator's nor a client's. Each endpoint is a function in the file of its domain (metrics.ts).
 * The generated wire types of its OpenAPI document are in ./openapi.d.ts (`npm run codegen:wire`);
 * the spec covers its /v2 routes only.
 */
import type { HttpRequest, QueryValue } from '../http.js';
import type { OperationTable } from '../sharing.js';
import { checkedAnswer, withAnswerChecks, type Transport } from '../transport.js';
import type { operations } from './openapi.js';

/** The operations the domain files declare (metrics.ts adds its table): the only names this client sends. */
// biome-ignore lint/suspicious/noEmptyInterface: the domain files add its members
export interface DeclaredMetricsApiOperations {}

export type MetricsApiOperation = keyof DeclaredMetricsApiOperations & MetricsApiOperationId;

/** The spec's operationIds, and `getAvgTps`: the legacy route of the usage guide, which the spec lacks. */
type MetricsApiOperationId = keyof operations | 'getAvgTps';

/** A domain file's entries. */
export type MetricsApiOperationTable = OperationTable<MetricsApiOperationId & string>;

const CONTENT_TYPE_JSON = { 'content-type': 'application/json' };

/** The status by which the Metrics API says it has no such thing (a chain it does not measure). */
const NONE = [404] as const;

export interface MetricsApiOptions {
  baseUrl: string;
}

export class MetricsApiClient {
  constructor(
    private readonly transport: Transport,
    private readonly options: MetricsApiOptions,
  ) {}

  private request(
    operation: MetricsApiOperation,
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
  ): HttpRequest {
    return {
      service: 'metrics-api',
      operation,
      method,
      baseUrl: this.options.baseUrl,
      path,
      query,
      body,
      // The usage guide sends it; harmless on a GET without a body.
      headers: CONTENT_TYPE_JSON,
    };
  }

  /** A read: its answer must fit the spec where it has one, and hold the `list` array when one is named (else it is not kept, and fails). */
  get<T>(operation: MetricsApiOperation, path: string, query?: Record<string, QueryValue>, list?: string): Promise<T> {
    const req = this.request(operation, 'GET', path, query);
    return withAnswerChecks(() => this.transport.read(req, checkedAnswer<T>(req, list)));
  }

  /** A read of a list endpoint (`get` with its `list`). */
  getList<T>(operation: MetricsApiOperation, path: string, query: Record<string, QueryValue>, list: string): Promise<T> {
    return this.get(operation, path, query, list);
  }

  /** A read of one thing: null when the Metrics API has none (404), an answer kept as `absent` like the Data API's. */
  getOrNone<T>(operation: MetricsApiOperation, path: string): Promise<T | null> {
    const req: HttpRequest = { ...this.request(operation, 'GET', path), acceptStatuses: NONE };
    return withAnswerChecks(() => {
      const checked = checkedAnswer<T>(req);
      return this.transport.read(req, (res) => (res.status === 404 ? null : checked(res)));
    });
  }

  /**
   * A query sent as a POST body (the composite query): it changes nothing upstream, so it is a
   * read, shared like one (the reuse layer keys it by its body too).
   */
  query<T>(operation: MetricsApiOperation, path: string, body: unknown, list: string): Promise<T> {
    // Idempotent, so retried like a GET: it reads.
    const req: HttpRequest = { ...this.request(operation, 'POST', path, undefined, body), idempotent: true };
    return withAnswerChecks(() => this.transport.read(req, checkedAnswer<T>(req, list)));
  }
}
