/**
 * The Metrics API for one GraphQL request. It takes no API key: none is ever sent to it, the
 * operator's nor a client's. Each endpoint is a function in the file of its domain (metrics.ts).
 * The generated wire types of its OpenAPI document are in ./openapi.d.ts (`npm run codegen:wire`);
 * the spec covers its /v2 routes only.
 */
import type { HttpRequest, QueryValue } from '../http.js';
import type { OperationTable } from '../sharing.js';
import { checkedAnswer, type Transport } from '../transport.js';
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

export interface MetricsApiOptions {
  baseUrl: string;
}

export class MetricsApiClient {
  constructor(
    private readonly transport: Transport,
    private readonly options: MetricsApiOptions,
  ) {}

  /** A read of a list endpoint: its answer must fit the spec where it has one, and hold the `list` array (else it is not kept, and fails). */
  getList<T>(operation: MetricsApiOperation, path: string, query: Record<string, QueryValue>, list: string): Promise<T> {
    const req: HttpRequest = {
      service: 'metrics-api',
      operation,
      method: 'GET',
      baseUrl: this.options.baseUrl,
      path,
      query,
      // The usage guide sends it; harmless on a GET without a body.
      headers: CONTENT_TYPE_JSON,
    };
    return this.transport.read(req, checkedAnswer<T>(req, list));
  }
}
