/**
 * Counts and times every GraphQL request for /metrics (src/ops/prometheus.ts), on both paths:
 * yoga's `onParams` and `onExecutionResult` run for src/yoga/lean-post.ts as for yoga's own request
 * handling, and bracket the whole of parse, validate, context and execute. An operation over a
 * WebSocket has no yoga request around it: src/http/websocket.ts counts it through the same
 * `GatewayMetrics.record`, once every plugin has had its say on the result.
 *
 * What a request carries between the hooks is one small object of a fixed shape, put on its
 * context under one symbol in the first hook: the context (which every resolver reads) changes
 * shape once, early, rather than once per hook after the gateway's fields are on it.
 */
import type { DocumentNode } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../graphql/context.js';
import type { GatewayMetrics, OperationSeries } from '../ops/prometheus.js';
import { RESPONSE_CACHE_HIT } from './use-response-cache.js';
import { keptTerms, preparedTerms } from './fast-path-terms.js';

const MARKS = Symbol('metrics');

/** One request's marks; every field is set when made, so its shape never changes. */
interface Marks {
  started: number;
  /** yoga's params, for the name of a request refused before it ran. */
  params: { query?: string; operationName?: string | null };
  document: DocumentNode | undefined;
  series: OperationSeries | undefined;
}

type Marked = { [MARKS]?: Marks };

/** Who sent a request, for its share of the operation-name labels (the context's client address). */
export const clientOf = (context: unknown): (() => string) | undefined => (context as Partial<GatewayContext>).client;

export function usePrometheus(metrics: GatewayMetrics): Plugin {
  const plugin: Plugin = {
    onParams: ({ context, params }) => {
      (context as Marked)[MARKS] = { started: performance.now(), params, document: undefined, series: undefined };
    },
    onValidate: ({ params, context }) => {
      const marks = (context as Marked)[MARKS];
      if (marks) marks.document = params.documentAST;
    },
    onExecute: ({ args }) => {
      const marks = (args.contextValue as Marked)[MARKS];
      if (marks) marks.series = metrics.seriesOf(args.document, args.operationName ?? undefined, clientOf(args.contextValue));
    },
    // A subscription over HTTP (SSE) is a request too, whose outcome is `stream`.
    onSubscribe: ({ args }) => {
      const marks = (args.contextValue as Marked)[MARKS];
      if (marks) marks.series = metrics.seriesOf(args.document, args.operationName ?? undefined, clientOf(args.contextValue));
    },
    onExecutionResult: ({ result, context }) => {
      const marks = (context as Marked)[MARKS];
      if (!marks) return;
      const { series } = marks;
      // Set by the response cache when it looked the answer up: true for a hit, false for a miss.
      const hit = (result as { [RESPONSE_CACHE_HIT]?: boolean } | undefined)?.[RESPONSE_CACHE_HIT];
      if (hit !== undefined) metrics.onResponseLookup(hit);
      metrics.record(
        series ?? metrics.refusedSeries(marks.document, marks.params.operationName ?? undefined),
        series !== undefined,
        result,
        marks.started,
      );
      const { reads, cost } = context as Partial<GatewayContext>;
      if (reads?.scope.budget?.refused) metrics.budgetExceeded();
      // Priced and run (a subscription's events are not counted here: each is priced alike).
      if (series && cost && !isAsyncIterable(result)) series.cost(cost.estimated.calls, reads?.scope.budget?.used ?? 0);
    },
  };
  keptTerms(plugin, {
    because: 'its hooks count and time the request: done here alike, as a response-cache hit',
    onKept: (kept) => {
      const series = metrics.seriesOf(kept.document, kept.operationName ?? undefined, kept.client);
      return (answer) => {
        metrics.onResponseLookup(true);
        metrics.record(series, true, answer, kept.started);
        // A kept answer made no call.
        if (kept.cost) series.cost(kept.cost.estimated.calls, 0);
      };
    },
  });
  return preparedTerms(plugin, {
    because: 'its onValidate notes the document, which names a request refused before it ran: a prepared one has its document noted here',
    onPrepared: ({ document, context }) => {
      const marks = (context as Marked)[MARKS];
      if (marks) marks.document = document;
      return undefined;
    },
  });
}
