/**
 * How an upstream client's calls go out. Clients only describe calls (one function per endpoint
 * or method); whether a read is answered again from what this request or another one already
 * read is the reuse layer's decision (src/loaders/reads.ts implements this interface for each
 * GraphQL request). `directTransport` sends every call as it comes, for tools and tests.
 */
import { InvalidResponseError } from './errors.js';
import { encodeQuery, type CallScope, type HttpClient, type HttpRequest, type HttpResponse } from './http.js';

export interface Transport {
  readonly http: HttpClient;
  /** The GraphQL request's signal and budget, for calls assembled below this layer (JSON-RPC batches). */
  readonly scope: CallScope;
  /**
   * A read: it may be answered from the request's own earlier reads or the shared cache.
   * `map` turns the HTTP answer into the value kept (a JSON-RPC result, say); when it throws,
   * nothing is kept.
   */
  read<T>(req: HttpRequest, map?: (res: HttpResponse<unknown>) => T): Promise<T>;
  /**
   * A read whose call is made by `load` (a JSON-RPC batch entry); `key` names what it reads.
   * `load` runs in the scope it is given: the request's, or none for a refresh in the background.
   */
  readVia<T>(key: string, operation: string, load: (scope: CallScope) => Promise<T>): Promise<T>;
  /** A call that changes something upstream: never reused, never retried. */
  write<T>(req: HttpRequest, map?: (res: HttpResponse<unknown>) => T): Promise<T>;
}

/** What identifies a read: everything but the headers, which carry credentials, not data. */
export function readKey(req: HttpRequest): string {
  const call = `${req.method} ${req.baseUrl}${req.path}${encodeQuery(req.query)}`;
  return req.body === undefined ? call : `${call} ${JSON.stringify(req.body)}`;
}

export const bodyOf = <T>(res: HttpResponse<unknown>): T => res.body as T;

/** Sends every call as it comes, in one scope: no memo, no cache. */
export function directTransport(http: HttpClient, scope: CallScope = {}): Transport {
  const send = <T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T = bodyOf) => http.json(req, scope).then(map);
  return { http, scope, read: send, write: send, readVia: (_key, _operation, load) => load(scope) };
}

/** Checks that a list endpoint answered its list: anything else is not the contract, and not kept. */
export function listAnswer<T>(req: HttpRequest, key: string): (res: HttpResponse<unknown>) => T {
  return (res) => {
    const body = res.body as Record<string, unknown> | null;
    if (body === null || typeof body !== 'object' || !Array.isArray(body[key])) {
      throw new InvalidResponseError(res.status, `an answer without its \`${key}\` list`, {
        service: req.service,
        operation: req.operation,
      });
    }
    return body as T;
  };
}
