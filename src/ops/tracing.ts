/**
 * OpenTelemetry spans of a GraphQL request: one per operation (a server span, continuing the
 * client's W3C `traceparent` when it sends one), with parse, validate and execute as children,
 * and a client span per upstream call (service, operation, status, retries; its `traceparent`
 * goes upstream) or per read answered from the cache (`gateway.cache.hit`).
 *
 * This module and the SDK are loaded only when tracing is configured (src/ops/otel.ts, by a
 * dynamic import from src/main.ts): with tracing off none of it is in the process, and the hooks
 * that would call it are not installed.
 *
 * Why not @envelop/opentelemetry: its only line depends on the 1.x SDK (sdk-trace-base ^1.11),
 * a second SDK beside the 2.x one the OTLP exporter needs, and it sees neither yoga's params
 * (where a lean-path request's `traceparent` is read) nor upstream calls. Parents are passed
 * explicitly (the request's context object), not through an async context manager: nothing is
 * tracked per promise.
 */
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
  ATTR_URL_PATH,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';
import type { ServerResponse } from 'node:http';
import type { DocumentNode, ExecutionResult, OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { codeOf } from '../graphql/errors.js';
import type { Freshness, FreshnessKind } from '../reuse/freshness.js';
import type { ReadOutcome } from '../reuse/reads.js';
import type { CallScope, CallSpan, CallTracer, HttpRequest } from '../upstreams/http.js';
import { ATTR_GRAPHQL_OPERATION_NAME, ATTR_GRAPHQL_OPERATION_TYPE } from './prometheus.js';

const OPERATION = Symbol('trace.operation');
const PARENT = Symbol('trace.parent');

/** What a request's context object carries: its operation span, and the context its children start in. */
interface Traced {
  [OPERATION]?: Span;
  [PARENT]?: Context;
}

export interface GatewayTracing {
  /** The envelop/yoga hooks: operation, parse, validate, execute. */
  plugin: Plugin;
  /** Spans of upstream calls (src/upstreams/http.ts). */
  calls: CallTracer;
  /** Spans of reads answered without a call (src/reuse/reads.ts). */
  onRead: (freshness: Freshness, how: ReadOutcome, operation: string, scope: CallScope) => void;
  /** The ids of a request's trace and operation span, for its log line; undefined when it has none. */
  idsOf(context: object): { trace_id: string; span_id: string } | undefined;
  /** The key the request's calls find their parent by: its context object. */
  traceOf(context: object): object;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();
const headerGetter: TextMapGetter<Request['headers']> = {
  keys: () => [],
  get: (headers, key) => headers.get(key) ?? undefined,
};
const recordSetter = { set: (carrier: Record<string, string>, key: string, value: string) => void (carrier[key] = value) };

const NO_SPAN: CallSpan = { headers: {}, end: () => undefined };

/** The path of a request's URL (`http://host/graphql?…` → `/graphql`), without parsing all of it. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

/**
 * What a client span says of its upstream: host and port, and the URL without what could hold a
 * secret. Providers put API keys in a base URL's path (`https://provider/v3/<key>`), so that path
 * is written `/REDACTED`; the query (addresses, page tokens) is left out. Kept per base URL.
 */
const upstreams = new Map<string, { address: string; port: number; prefix: string }>();
function upstreamOf(baseUrl: string): { address: string; port: number; prefix: string } {
  let found = upstreams.get(baseUrl);
  if (!found) {
    const url = new URL(baseUrl);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const path = url.pathname.replace(/\/+$/, '');
    found = { address: url.hostname, port, prefix: `${url.protocol}//${url.host}${path ? '/REDACTED' : ''}` };
    if (upstreams.size < 100) upstreams.set(baseUrl, found);
  }
  return found;
}

function child(tracer: Tracer, context: object, name: string): Span | undefined {
  const parent = (context as Traced)[PARENT];
  return parent && tracer.startSpan(name, { kind: SpanKind.INTERNAL }, parent);
}

/**
 * Starts a request's span, continuing the client's trace: one span is both the HTTP server span
 * and the GraphQL operation's, named by the operation once it is known (GraphQL's convention),
 * with HTTP's attributes.
 */
function startOperation(tracer: Tracer, request: Request, context: object): void {
  const remote = propagator.extract(ROOT_CONTEXT, request.headers, headerGetter);
  const path = pathOf(request.url);
  const span = tracer.startSpan(
    'graphql.operation',
    {
      kind: SpanKind.SERVER,
      attributes: {
        [ATTR_HTTP_REQUEST_METHOD]: request.method,
        [ATTR_URL_PATH]: path,
        // yoga runs this only for its GraphQL endpoint: the path is the route.
        [ATTR_HTTP_ROUTE]: path,
      },
    },
    remote,
  );
  const agent = request.headers.get('user-agent');
  if (agent) span.setAttribute(ATTR_USER_AGENT_ORIGINAL, agent.slice(0, 256));
  const traced = context as Traced;
  traced[OPERATION] = span;
  traced[PARENT] = trace.setSpan(remote, span);
}

/** Names the operation span after the operation that runs, now that the document is parsed. */
function nameOperation(span: Span, document: DocumentNode, operationName: string | null | undefined): void {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && (operationName == null || d.name?.value === operationName),
  );
  if (!operation) return;
  span.updateName(operation.name ? `${operation.operation} ${operation.name.value}` : operation.operation);
  span.setAttribute(ATTR_GRAPHQL_OPERATION_TYPE, operation.operation);
  if (operation.name) span.setAttribute(ATTR_GRAPHQL_OPERATION_NAME, operation.name.value);
  // graphql.document is left out: its literals may be what a client would not see logged, and its size is the client's.
}

/** Ends the operation span with the outcome of its result: over HTTP once the answer is sent, with its status; in process, now. */
function endOperation(span: Span, result: unknown, context: object): void {
  if (!(Symbol.asyncIterator in (result as object))) {
    const { data, errors } = result as ExecutionResult;
    if (errors?.length) {
      const codes = [...new Set(errors.map(codeOf))];
      span.setAttribute('graphql.error.codes', codes);
      span.setAttribute('gateway.outcome', data ? 'partial' : 'failed');
      if (!data) span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(', ') });
    } else span.setAttribute('gateway.outcome', 'ok');
  }
  const res = (context as { res?: ServerResponse }).res;
  if (!res || typeof res.once !== 'function') return void span.end();
  res.once('close', () => {
    if (res.headersSent) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500) span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode));
    }
    span.end();
  });
}

/** The envelop/yoga hooks: the operation's span, and parse, validate and execute as its children. */
function operationPlugin(tracer: Tracer): Plugin {
  return {
    onParams: ({ request, context }) => startOperation(tracer, request, context),
    onParse: ({ context }) => {
      const span = child(tracer, context, 'graphql.parse');
      if (!span) return undefined;
      return ({ result }) => {
        if (result instanceof Error) span.setStatus({ code: SpanStatusCode.ERROR, message: result.message });
        span.end();
      };
    },
    onValidate: ({ context }) => {
      const span = child(tracer, context, 'graphql.validate');
      if (!span) return undefined;
      return ({ valid, result }) => {
        if (!valid) span.setStatus({ code: SpanStatusCode.ERROR, message: result.map((e) => e.message).join('; ') });
        span.end();
      };
    },
    onExecute: ({ args }) => {
      const traced = args.contextValue as Traced;
      const operationSpan = traced[OPERATION];
      const parent = traced[PARENT];
      if (!operationSpan || !parent) return undefined;
      nameOperation(operationSpan, args.document as DocumentNode, args.operationName);
      const span = tracer.startSpan('graphql.execute', { kind: SpanKind.INTERNAL }, parent);
      // Upstream calls made while it runs are its children.
      traced[PARENT] = trace.setSpan(parent, span);
      return { onExecuteDone: () => span.end() };
    },
    onExecutionResult: ({ result, context }) => {
      const span = (context as Traced)[OPERATION];
      if (span) endOperation(span, result, context);
    },
  };
}

/** Client spans of upstream calls, children of the request's current span, their `traceparent` sent upstream. */
function callTracer(tracer: Tracer): CallTracer {
  return {
    start(req: HttpRequest, key: object): CallSpan {
      const parent = (key as Traced)[PARENT];
      if (!parent) return NO_SPAN;
      const upstream = upstreamOf(req.baseUrl);
      // Named by the upstream operation: without a URL template, the convention's name would be
      // the method alone, and every call a `GET`.
      const span = tracer.startSpan(
        `${req.service} ${req.operation}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: req.method,
            [ATTR_SERVER_ADDRESS]: upstream.address,
            [ATTR_SERVER_PORT]: upstream.port,
            [ATTR_URL_FULL]: upstream.prefix + req.path,
            'gateway.upstream.service': req.service,
            'gateway.upstream.operation': req.operation,
            'gateway.cache.hit': false,
          },
        },
        parent,
      );
      const headers: Record<string, string> = {};
      propagator.inject(trace.setSpan(parent, span), headers, recordSetter);
      return {
        headers,
        end(status, retries) {
          if (typeof status === 'number') span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
          else span.setAttribute(ATTR_ERROR_TYPE, status);
          if (typeof status === 'number' && status >= 400) span.setAttribute(ATTR_ERROR_TYPE, String(status));
          span.setAttribute('gateway.upstream.retries', retries);
          if (typeof status !== 'number' || status >= 400) span.setStatus({ code: SpanStatusCode.ERROR, message: String(status) });
          span.end();
        },
      };
    },
  };
}

/** The span of a read answered without a call (a miss is the call's own span). */
function traceRead(tracer: Tracer, freshness: Freshness, how: ReadOutcome, operation: string, scope: CallScope): void {
  if (how === 'miss' || !scope.trace) return;
  const parent = (scope.trace as Traced)[PARENT];
  if (!parent) return;
  tracer
    .startSpan(
      `cache ${operation}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gateway.upstream.operation': operation,
          'gateway.cache.hit': true,
          'gateway.cache.result': how,
          'gateway.cache.kind': freshness.kind satisfies FreshnessKind,
        },
      },
      parent,
    )
    .end();
}

export function createTracing(tracer: Tracer, shutdown: () => Promise<void> = async () => undefined): GatewayTracing {
  return {
    plugin: operationPlugin(tracer),
    calls: callTracer(tracer),
    onRead: (freshness, how, operation, scope) => traceRead(tracer, freshness, how, operation, scope),
    idsOf(context) {
      const span = (context as Traced)[OPERATION];
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    traceOf: (context) => context,
    shutdown,
  };
}
