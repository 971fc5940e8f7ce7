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

const STARTED = Symbol('metrics.started');
const DOCUMENT = Symbol('metrics.document');
const SERIES = Symbol('metrics.series');

interface Marks {
  [STARTED]?: number;
  [DOCUMENT]?: DocumentNode;
  [SERIES]?: OperationSeries;
  params?: { operationName?: string | null };
}

export function usePrometheus(metrics: GatewayMetrics): Plugin {
  return {
    onParams: ({ context }) => {
      (context as Marks)[STARTED] = performance.now();
    },
    onValidate: ({ params, context }) => {
      (context as Marks)[DOCUMENT] = params.documentAST;
    },
    onExecute: ({ args }) => {
      (args.contextValue as Marks)[SERIES] = metrics.seriesOf(args.document, args.operationName ?? undefined);
    },
    onExecutionResult: ({ result, context }) => {
      const marks = context as Marks;
      const started = marks[STARTED];
      if (started === undefined) return;
      const series = marks[SERIES];
      let outcome: Outcome;
      if (Symbol.asyncIterator in (result as object)) outcome = 'stream';
      else {
        const { data, errors } = result as ExecutionResult;
        if (errors?.length) {
          for (const error of errors) metrics.error(codeOf(error));
          outcome = !series ? 'refused' : data ? 'partial' : 'failed';
        } else outcome = 'ok';
      }
      const bound = series ?? metrics.refusedSeries(marks[DOCUMENT], marks.params?.operationName ?? undefined);
      bound.count[outcome].inc();
      bound.duration[outcome].observe((performance.now() - started) / 1000);
      if ((context as Partial<GatewayContext>).reads?.scope.budget?.refused) metrics.budgetExceeded();
    },
  };
}
