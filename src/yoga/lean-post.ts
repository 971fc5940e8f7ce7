/**
 * The common request — POST /graphql, a JSON body, a JSON answer, no Origin, not conditional —
 * run through yoga's own GraphQL pipeline without its fetch-API request layer.
 *
 * Why: building a WHATWG Request from the node request, running the request-layer hooks and
 * writing the Response back cost about as much CPU as the rest of a one-call query. yoga exposes
 * the pipeline after request parsing, `getResultForParams` (onParams hooks, then envelop: parse,
 * validate, context, execute, with every envelop plugin, then onExecutionResult hooks), and its
 * regular result processor, `processRegularResult`, so status codes and headers are yoga's.
 * Anything else, or anything this module is not sure of (a body that is not a plain params
 * object, APQ extensions, another media type), goes to yoga whole, which answers it exactly as
 * before. A request for `@defer` or `@stream` parts accepts `multipart/mixed` or
 * `text/event-stream`, so it goes to yoga; one that uses them but accepts only JSON gets the
 * parts merged into one answer, here as there.
 *
 * A query whose answer the response cache holds is answered before that pipeline, at the door
 * (./kept-door.ts), with the plugins' work for it done in their hooks' place.
 *
 * **The contract with plugins.** What the fast path skips is yoga's request layer: the
 * `onRequest`, `onRequestParse`, `onResultProcess` and `onResponse` hooks. yoga's own (health
 * check, GraphiQL, CORS, request parsers, result processors, method checks) cannot change the
 * answer to the one shape taken here; `leanTerms` (./fast-path-terms.ts) records, for each plugin
 * of ours with such a hook, why it cannot either, or which headers it adds to every answer (the
 * fast path adds them too). `fastPath` refuses a yoga with a plugin whose request-layer hooks say nothing of the fast
 * path, so a new plugin cannot silently miss server-to-server traffic: the gateway does not
 * start, and every test fails. The HTTP-level behaviours both paths share are listed, with how
 * each gets them, in src/http/request-contract.ts; test/http/entries.test.ts checks each on both.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { isAsyncIterable, processRegularResult, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { endWhole, type Compression, type PackedForms } from '../base/compression.js';
import { earlyHeader } from '../base/early-headers.js';
import { contextWithSlots, type GatewayContext } from '../graphql/context.js';
import { ErrorCode } from '../graphql/errors.js';
import { cacheControlFor } from './use-cache-control.js';
import { fastPathTermsOf, hooksNeedingTerms } from './fast-path-terms.js';
import { keptDoor, type Door, type DoorOptions } from './kept-door.js';
import { wholeAnswer } from './use-incremental-delivery.js';
import { writtenForms } from './use-response-cache.js';
import { isSubscription } from './use-stream-leftovers.js';

/** What the answer is written as, from the request's `accept`; undefined for anything yoga must negotiate. */
function mediaType(accept: string | undefined): 'application/json' | 'application/graphql-response+json' | undefined {
  if (accept === undefined || accept === '*/*' || accept === 'application/json') return 'application/json';
  if (accept === 'application/graphql-response+json') return accept;
  return undefined;
}

const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const PARAM_KEYS = new Set(['query', 'variables', 'operationName']);

interface Params {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** The body as GraphQL params when it is exactly that; undefined for anything yoga should judge. */
function paramsOf(body: Buffer): Params | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const params = parsed as Record<string, unknown>;
  for (const key in params) if (!PARAM_KEYS.has(key)) return undefined;
  if (typeof params.query !== 'string') return undefined;
  const { variables, operationName } = params;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  // JSON null is "not given", as yoga reads it.
  return {
    query: params.query,
    variables: (variables as Record<string, unknown> | null) ?? undefined,
    operationName: (operationName as string | null) ?? undefined,
  };
}

/**
 * The part of a WHATWG Request the pipeline reads (headers, signal, method, url), over the node
 * request. The signal is made on first use and aborts when the client goes away before its answer.
 */
class NodeRequestView {
  readonly method = 'POST';
  private controller?: AbortController;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    const headers = req.headers;
    this.headers = {
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
      has: (name) => headers[name.toLowerCase()] !== undefined,
    };
  }

  get url(): string {
    return `http://${this.req.headers.host ?? 'localhost'}${this.req.url ?? '/'}`;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      this.res.once('close', () => {
        if (!this.res.writableFinished) controller.abort();
      });
    }
    return this.controller.signal;
  }
}

/** The hooks of yoga's request layer: the fast path does not run them. */
const REQUEST_LAYER_HOOKS = ['onRequest', 'onRequestParse', 'onResultProcess', 'onResponse'] as const;

/** Answers a request on the fast path if it has the common shape; false, having done nothing, otherwise. */
export type LeanPost = (req: IncomingMessage, res: ServerResponse, body: Buffer, compression?: Compression) => boolean;

type Yoga = YogaServerInstance<Record<string, unknown>, GatewayContext>;

/**
 * The fast path for `yoga`, whose own plugins are `plugins`. Throws when one of its plugins has
 * a request-layer hook and no terms: it would not run for the requests taken here.
 */
export function fastPath(yoga: Yoga, plugins: readonly object[], doorOptions?: DoorOptions): LeanPost {
  const extra: Record<string, string> = {};
  const installed = (yoga as unknown as { plugins: Plugin[] }).plugins;
  for (const plugin of installed) {
    if (!plugin) continue;
    const hooks = hooksNeedingTerms(plugin, REQUEST_LAYER_HOOKS);
    if (hooks.length === 0) continue;
    const terms = fastPathTermsOf(plugin);
    if (!terms || !plugins.includes(plugin)) {
      throw new Error(
        `A yoga plugin with ${hooks.join(', ')} has no fast-path terms: say with leanTerms() (src/yoga/fast-path-terms.ts) why its hooks cannot change a lean request's answer, or which headers they add, or the fast path would skip it.`,
      );
    }
    Object.assign(extra, terms.headers);
  }
  const headers = Object.keys(extra).length > 0 ? extra : undefined;
  // Read once: yoga is whatwg-node's Proxy, whose get trap runs on every read of a member (and binds
  // a function member anew each time).
  const target: Target = {
    yoga,
    endpoint: yoga.graphqlEndpoint,
    getResultForParams: yoga.getResultForParams,
    fetchAPI: yoga.fetchAPI,
    door: doorOptions && keptDoor(installed, doorOptions),
  };
  return (req, res, body, compression) => leanPost(target, req, res, body, { req, res, compression, headers });
}

/** The yoga a fast path answers for, with the members each request reads. */
interface Target {
  yoga: Yoga;
  endpoint: string;
  getResultForParams: Yoga['getResultForParams'];
  fetchAPI: Yoga['fetchAPI'];
  /** Where a kept answer is handed out without the pipeline (./kept-door.ts); none when it stays shut. */
  door: Door | undefined;
}

function leanPost(
  { yoga, endpoint, getResultForParams, fetchAPI, door }: Target,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  out: Out,
): boolean {
  // POST only: the server refuses other methods before the paths part (405), and a PUT must never run as a POST.
  if (req.method !== 'POST' || req.url !== endpoint || req.headers.origin !== undefined) return false;
  // Conditional requests are answered by the response cache's onResultProcess hook (304 when the client holds the answer).
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) return false;
  const contentType = req.headers['content-type'];
  if (contentType === undefined || !JSON_TYPES.has(contentType.toLowerCase())) return false;
  const type = mediaType(req.headers.accept);
  if (!type) return false;
  const params = paramsOf(body);
  if (!params) return false;
  if (door) {
    let kept: PlainData | undefined;
    try {
      kept = door(params, req, res);
    } catch (error) {
      // The door failing is the gateway's own fault: the pipeline answers instead.
      yoga.logger.error(error);
    }
    if (kept) {
      writeData(out, kept, type);
      return true;
    }
  }

  const request = new NodeRequestView(req, res) as unknown as Request;
  let pending: unknown;
  try {
    pending = getResultForParams({ params, request }, contextWithSlots(req, res));
  } catch (error) {
    // An onParams hook that refuses the request throws before any promise exists.
    pending = Promise.reject(error);
  }
  Promise.resolve(pending)
    .then((result) => {
      earlyHeader(res, 'cache-control', cacheControlFor(request, result));
      if (isPlainData(result)) return writeData(out, result, type);
      if (isAsyncIterable(result)) {
        // A subscription cannot be one JSON answer; an answer in parts (@defer, @stream) can.
        if (isSubscription(request)) return refuseStream(out, result[Symbol.asyncIterator]());
        return wholeAnswer(result as AsyncIterable<ExecutionResult>).then((whole) => writeAnswer(out, whole, type, fetchAPI));
      }
      return writeAnswer(out, result as ExecutionResult, type, fetchAPI);
    })
    .catch((error: unknown) => {
      // An onParams hook refused the request (trusted documents): its error says why, and its
      // status, as yoga's own path answers it.
      if (error instanceof GraphQLError) return writeResponse(out, processRegularResult({ errors: [error] }, fetchAPI, type));
      // getResultForParams masks what execution throws; this is the gateway itself failing.
      yoga.logger.error(error);
      if (!res.headersSent) {
        // Written here, not whole by endWhole: the middleware marks it as on yoga's path.
        out.compression?.install(req, res);
        const text = JSON.stringify({ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
        res
          .writeHead(500, { ...out.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
          .end(text);
      } else res.destroy();
    });
  return true;
}

function writeAnswer(
  out: Out,
  result: ExecutionResult,
  type: keyof typeof CONTENT_TYPES,
  fetchAPI: Target['fetchAPI'],
): Promise<void> | void {
  if (isPlainData(result)) return writeData(out, result, type);
  return writeResponse(out, processRegularResult(result, fetchAPI, type));
}

/**
 * A subscription asked for a single JSON answer: it is closed at once (its place among the
 * client's subscriptions is given back) and the client told how to receive a stream, as yoga
 * answers such a request (406).
 */
function refuseStream({ req, res, headers, compression }: Out, stream: AsyncIterator<unknown>): void {
  void stream.return?.();
  compression?.install(req, res);
  const text = JSON.stringify({
    errors: [
      {
        message:
          'A subscription streams its events: send it with `accept: text/event-stream` (GraphQL over SSE) or over a WebSocket to /graphql (graphql-transport-ws).',
        extensions: { code: ErrorCode.BAD_USER_INPUT },
      },
    ],
  });
  res
    .writeHead(406, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
    .end(text);
}

type PlainData = ExecutionResult & {
  stringify?: (result: unknown) => string;
  extensions?: { http?: { headers?: Record<string, string> }; cost?: unknown };
};

/**
 * A result with data and no errors, and no extensions but the response headers yoga's response
 * cache adds (ETag) and what it cost (src/yoga/use-demand-control.ts): what yoga's result
 * processor makes of it is known (200, the media type, those headers, `{"data":…}` with the cost),
 * so it is written without building a Response first. Anything else (errors, statuses, other
 * extensions) goes through processRegularResult.
 */
function isPlainData(result: unknown): result is PlainData {
  if (result === null || typeof result !== 'object' || Array.isArray(result) || Symbol.asyncIterator in result) return false;
  const { data, errors, extensions } = result as PlainData;
  if (data == null || errors !== undefined) return false;
  if (extensions === undefined) return true;
  for (const key in extensions) if (key !== 'http' && key !== 'cost') return false;
  return extensions.http === undefined || Object.keys(extensions.http).every((key) => key === 'headers');
}

const CONTENT_TYPES = {
  'application/json': 'application/json; charset=utf-8',
  'application/graphql-response+json': 'application/graphql-response+json; charset=utf-8',
} as const;

function writeData(out: Out, result: PlainData, type: keyof typeof CONTENT_TYPES): void {
  const cached = result.extensions?.http?.headers;
  const cost = result.extensions?.cost;
  let text: string;
  let forms: PackedForms | undefined;
  if (!cached) text = result.stringify ? result.stringify(result) : JSON.stringify(result);
  else {
    // The headers are the HTTP layer's, not the body's. A kept answer is written as it was first
    // serialized, with the forms compressed for earlier hits of the same cost (every hit's is alike).
    const costJson = cost === undefined ? '' : `,"extensions":{"cost":${JSON.stringify(cost)}}`;
    const kept = writtenForms(result.data as object)?.withSuffix(costJson);
    text = kept ? kept.text : `{"data":${JSON.stringify(result.data)}${costJson}}`;
    forms = kept?.forms;
  }
  const headers: OutgoingHttpHeaders = { ...out.headers, 'content-type': CONTENT_TYPES[type] };
  if (cached) for (const name in cached) headers[name.toLowerCase()] = cached[name]!;
  endWhole(out.compression, out.req, out.res, 200, headers, text, forms);
}

/** Where an answer goes: the response, its request, the compression that may encode it, and headers the plugins add to every answer. */
export interface Out {
  req: IncomingMessage;
  res: ServerResponse;
  compression: Compression | undefined;
  headers?: Record<string, string>;
}

/** Writes a fetch-API Response with a body in memory, in one write. */
export async function writeResponse(out: Out, response: Response): Promise<void> {
  const text = await response.text();
  const headers: OutgoingHttpHeaders = { ...out.headers };
  response.headers.forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  endWhole(out.compression, out.req, out.res, response.status, headers, text);
}
