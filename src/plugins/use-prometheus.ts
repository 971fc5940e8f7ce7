/**
 * Counts and times every GraphQL request for /metrics (src/ops/prometheus.ts), on both paths:
 * yoga's `onParams` and `onExecutionResult` run for src/lean-post.ts as for yoga's own request
 * handling, and bracket the whole of parse, validate, context and execute. An operation over a
 * WebSocket (src/websocket.ts) runs through envelop alone, without yoga's request hooks: it is
 * marked when it executes and counted when its result (or, for a subscription, its stream) is
 * there, with the same series and outcomes.
 *
 * What a request carries between the hooks is one small object of a fixed shape, put on its
 * context under one symbol in the first hook: the context (which every resolver reads) changes
 * shape once, early, rather than once per hook after the gateway's fields are on it.
 */
import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import { codeOf } from '../errors.js';
import type { GatewayMetrics, OperationSeries, Outcome } from '../ops/prometheus.js';
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
      const done = starts(args);
      return done && { onExecuteDone: done };
    },
    // A subscription over HTTP (SSE) is a request too, whose outcome is `stream`.
    onSubscribe: ({ args }) => {
      const done = starts(args);
      return done && { onSubscribeResult: done };
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
      const outcome = outcomeOf(result, series);
      count(series ?? metrics.refusedSeries(marks.document, marks.params.operationName ?? undefined), outcome, marks.started);
      if ((context as Partial<GatewayContext>).reads?.scope.budget?.refused) metrics.budgetExceeded();
    },
  };

  /**
   * Binds an operation that starts to its series. One with no yoga request around it (over a
   * WebSocket) gets back what counts it when its result, or its stream, is there.
   */
  function starts(args: ExecutionArgs): ((done: { result: unknown }) => void) | undefined {
    const marks = (args.contextValue as Marked)[MARKS];
    const series = metrics.seriesOf(args.document, args.operationName ?? undefined, marks?.params.query);
    if (marks) {
      marks.series = series;
      return undefined;
    }
    const started = performance.now();
    return ({ result }) => count(series, outcomeOf(result, series), started);
  }

  /** A result's outcome; its errors are counted by code. Without a series it never ran: refused. */
  function outcomeOf(result: unknown, series: OperationSeries | undefined): Outcome {
    if (Symbol.asyncIterator in (result as object)) return 'stream';
    const { data, errors } = result as ExecutionResult;
    if (!errors?.length) return 'ok';
    for (const error of errors) metrics.error(codeOf(error));
    return !series ? 'refused' : data ? 'partial' : 'failed';
  }

  function count(series: OperationSeries, outcome: Outcome, started: number): void {
    series.count[outcome].value++;
    series.duration[outcome].observe((performance.now() - started) / 1000);
  }
}
