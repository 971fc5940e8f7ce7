/**
 * How an upstream client's calls go out. Clients only describe calls (one function per endpoint
 * or method); whether a read is answered again from what this request or another one already
 * read is the reuse layer's decision (src/reuse/reads.ts implements this interface for each
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
   * `settled`, when given, is called once the read knows it will not call `load` in the request's
   * scope: answered from what is kept or by an earlier read, or waiting for a call already made
   * (here or by another instance). A batcher waits for its reads to call `load` or to say so
   * before it sends the batch (src/upstreams/node/client.ts).
   */
  readVia<T>(key: string, operation: string, load: (scope: CallScope) => Promise<T>, settled?: () => void): Promise<T>;
  /** A call that changes something upstream: never reused, never retried. */
  write<T>(req: HttpRequest, map?: (res: HttpResponse<unknown>) => T): Promise<T>;
}

/**
 * What identifies a read: the call, and the credential it is made with when it is not the
 * operator's (a digest, never the key: the headers themselves are not part of it).
 */
export function readKey(req: HttpRequest): string {
  let call = `${req.method} ${req.baseUrl}${req.path}${encodeQuery(req.query)}`;
  if (req.body !== undefined) call = `${call} ${JSON.stringify(req.body)}`;
  return req.credential === undefined ? call : `${req.credential} ${call}`;
}

export const bodyOf = <T>(res: HttpResponse<unknown>): T => res.body as T;

/** Sends every call as it comes, in one scope: no memo, no cache. */
export function directTransport(http: HttpClient, scope: CallScope = {}): Transport {
  const send = <T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T = bodyOf) => http.json(req, scope).then(map);
  return { http, scope, read: send, write: send, readVia: (_key, _operation, load) => load(scope) };
}

/** A generated check of an answer (Ajv, standalone): true when it fits, with the first misfit in `errors` otherwise. */
type AnswerCheck = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

type AnswerChecks = Record<string, Record<string, AnswerCheck | undefined> | undefined>;

/**
 * The generated checks (./answer-checks.generated.ts: Ajv's code for every operation of both
 * specs, about 870 kB), once loaded. They are loaded by the first call that needs them
 * (`withAnswerChecks`), not at start: read and run there, they were about 40 ms of CPU before the
 * gateway's first answer, which most often calls no upstream.
 */
let checks: AnswerChecks | undefined;
/** Runs a check again with the paths of its misfits, which a check's own run leaves out (test/generate/answer-checks.ts, `locatedOnDemand`). */
let locate: ((check: AnswerCheck, data: unknown) => AnswerCheck['errors']) | undefined;
let loadingChecks: Promise<unknown> | undefined;

/**
 * `send` once the answer checks are loaded: at once from then on, and after the load for the
 * first calls. A client wraps every call whose answer it checks (`checkedAnswer`) in it.
 */
export function withAnswerChecks<T>(send: () => Promise<T>): Promise<T> {
  if (checks) return send();
  loadingChecks ??= import('./answer-checks.generated.js').then((module) => {
    checks = module.ANSWER_CHECKS as unknown as AnswerChecks;
    locate = module.locate as typeof locate;
  });
  return loadingChecks.then(send);
}

/**
 * The map of a read or write whose answer must fit its operation's success schema in the spec
 * (test/generate/answer-checks.ts says what is checked), and hold its `list` array when one is
 * named (the operations outside the specs, such as the Metrics API's /v1 route, have only that).
 * An answer that does not fit is the upstream's fault, UPSTREAM_INVALID_RESPONSE for the client,
 * and is never kept: the reuse layer keeps only what a map returned.
 */
export function checkedAnswer<T>(req: HttpRequest, list?: string): (res: HttpResponse<unknown>) => T {
  // Only a call made through withAnswerChecks gets here: one made before the checks were loaded would go unchecked.
  if (!checks) throw new Error(`${req.operation}: its answer check is asked for before the checks were loaded (withAnswerChecks)`);
  const check = checks[req.service]?.[req.operation];
  return (res) => {
    const body = res.body as Record<string, unknown> | null;
    let misfit: string | undefined;
    if (check && !check(body)) {
      misfit = misfitOf(check, body, req);
    } else if (list !== undefined && (body === null || typeof body !== 'object' || !Array.isArray(body[list]))) {
      misfit = `an answer without its \`${list}\` list`;
    }
    if (misfit) throw new InvalidResponseError(res.status, misfit, { service: req.service, operation: req.operation });
    return body as T;
  };
}

/** What a failed check of `value` found, as the reason of its InvalidResponseError. */
function misfitOf(check: AnswerCheck, value: unknown, req: HttpRequest): string {
  const [first] = locate!(check, value) ?? [];
  const where = first?.instancePath || 'the answer';
  return `an answer that does not fit the spec's ${req.operation} response (${where} ${first?.message ?? 'does not fit'})`;
}
