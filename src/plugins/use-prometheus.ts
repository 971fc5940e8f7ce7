/**
 * Counts and times every GraphQL request for /metrics (src/ops/prometheus.ts), on both paths:
 * yoga's `onParams` and `onExecutionResult` run for src/lean-post.ts as for yoga's own request
 * handling, and bracket the whole of parse, validate, context and execute. An operation over a
 * WebSocket has no yoga request around it: src/websocket.ts counts it through the same
 * `GatewayMetrics.record`, once every plugin has had its say on the result.
 *
 * What a request carries between the hooks is one small object of a fixed shape, put on its
 * context under one symbol in the first hook: the context (which every resolver reads) changes
 * shape once, early, rather than once per hook after the gateway's fields are on it.
 */
import type { DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import type { GatewayMetrics, OperationSeries } from '../ops/prometheus.js';
import { RESPONSE_CACHE_HIT } from './use-response-cache.js';

const MARKS = Symbol('metrics');

/** One request's marks; every field is set when made, so its shape never changes. */
interface Marks {
  started: number;
  /** yoga's params: set on the context by yoga only when the request runs, so kept here for cache hits. */
  params: { query?: string; operationName?: string | null };
  document: DocumentNode | undefined;
  series: OperationSeries | undefined;
}

type Marked = { [MARKS]?: Marks };

export interface PrometheusOptions {
  /** Whether whole responses are cached: each request is then a lookup, a hit or a miss. */
  responseCache: boolean;
}

export function usePrometheus(metrics: GatewayMetrics, { responseCache }: PrometheusOptions): Plugin {
  return {
    onParams: ({ context, params }) => {
      (context as Marked)[MARKS] = { started: performance.now(), params, document: undefined, series: undefined };
    },
    onValidate: ({ params, context }) => {
      const marks = (context as Marked)[MARKS];
      if (marks) marks.document = params.documentAST;
    },
    onExecute: ({ args }) => {
      const marks = (args.contextValue as Marked)[MARKS];
      if (marks) marks.series = metrics.seriesOf(args.document, args.operationName ?? undefined, marks.params.query);
    },
    // A subscription over HTTP (SSE) is a request too, whose outcome is `stream`.
    onSubscribe: ({ args }) => {
      const marks = (args.contextValue as Marked)[MARKS];
      if (marks) marks.series = metrics.seriesOf(args.document, args.operationName ?? undefined, marks.params.query);
    },
    onExecutionResult: ({ result, context }) => {
      const marks = (context as Marked)[MARKS];
      if (!marks) return;
      let series = marks.series;
      if (responseCache) {
        // A hit is answered before parse: its series is found by the document's text.
        const hit = (result as { [RESPONSE_CACHE_HIT]?: boolean })[RESPONSE_CACHE_HIT] === true;
        metrics.onResponseLookup(hit);
        if (hit) series = metrics.cachedSeries(marks.params.query, marks.params.operationName ?? undefined);
      }
      metrics.record(
        series ?? metrics.refusedSeries(marks.document, marks.params.operationName ?? undefined),
        series !== undefined,
        result,
        marks.started,
      );
      if ((context as Partial<GatewayContext>).reads?.scope.budget?.refused) metrics.budgetExceeded();
    },
  };
}
