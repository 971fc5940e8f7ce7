/**
 * Counts and times every GraphQL request for /metrics (src/ops/prometheus.ts), on both paths:
 * yoga's `onParams` and `onExecutionResult` run for src/lean-post.ts as for yoga's own request
 * handling, and bracket the whole of parse, validate, context and execute.
 *
 * What a request carries between the hooks lives on its context object under symbols: no map
 * of requests, nothing to clean up, nothing allocated but the series bound once per document.
 */
import type { DocumentNode, ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import { codeOf } from '../errors.js';
import type { GatewayMetrics, OperationSeries, Outcome } from '../ops/prometheus.js';
import { RESPONSE_CACHE_HIT } from './use-response-cache.js';

const STARTED = Symbol('metrics.started');
const DOCUMENT = Symbol('metrics.document');
const SERIES = Symbol('metrics.series');
const PARAMS = Symbol('metrics.params');

interface Marks {
  [STARTED]?: number;
  [DOCUMENT]?: DocumentNode;
  [SERIES]?: OperationSeries;
  /** yoga's params: set on the context by yoga only when the request runs, so kept here for cache hits. */
  [PARAMS]?: { query?: string; operationName?: string | null };
}

export interface PrometheusOptions {
  /** Whether whole responses are cached: each request is then a lookup, a hit or a miss. */
  responseCache: boolean;
}

export function usePrometheus(metrics: GatewayMetrics, { responseCache }: PrometheusOptions): Plugin {
  return {
    onParams: ({ context, params }) => {
      const marks = context as Marks;
      marks[STARTED] = performance.now();
      marks[PARAMS] = params;
    },
    onValidate: ({ params, context }) => {
      (context as Marks)[DOCUMENT] = params.documentAST;
    },
    onExecute: ({ args }) => {
      const marks = args.contextValue as Marks;
      marks[SERIES] = metrics.seriesOf(args.document, args.operationName ?? undefined, marks[PARAMS]?.query);
    },
    onExecutionResult: ({ result, context }) => {
      const marks = context as Marks;
      const started = marks[STARTED];
      if (started === undefined) return;
      let series = marks[SERIES];
      if (responseCache) {
        // A hit is answered before parse: its series is found by the document's text.
        const hit = (result as { [RESPONSE_CACHE_HIT]?: boolean })[RESPONSE_CACHE_HIT] === true;
        metrics.onResponseLookup(hit);
        if (hit) series = metrics.cachedSeries(marks[PARAMS]?.query, marks[PARAMS]?.operationName ?? undefined);
      }
      let outcome: Outcome;
      if (Symbol.asyncIterator in (result as object)) outcome = 'stream';
      else {
        const { data, errors } = result as ExecutionResult;
        if (errors?.length) {
          for (const error of errors) metrics.error(codeOf(error));
          outcome = !series ? 'refused' : data ? 'partial' : 'failed';
        } else outcome = 'ok';
      }
      const bound = series ?? metrics.refusedSeries(marks[DOCUMENT], marks[PARAMS]?.operationName ?? undefined);
      bound.count[outcome].value++;
      bound.duration[outcome].observe((performance.now() - started) / 1000);
      if ((context as Partial<GatewayContext>).reads?.scope.budget?.refused) metrics.budgetExceeded();
    },
  };
}
