/**
 * Batching: a POST whose body is an array of operations, answered with the array of their
 * results in the same order (yoga's `batching`). Off unless BATCHING_LIMIT is set, and bounded by
 * it. A batch is the one request it is: priced, budgeted and charged as one, while each of its
 * operations is checked and answered as its own.
 *
 * - yoga runs each one through its whole pipeline with a context of its own: trusted documents,
 *   query limits, demand control (its price checked against the limits, `extensions.cost` on its
 *   own result), the response cache, the request log and the metrics see one operation each.
 * - The batch's price is the sum of its operations': an operation whose price would take the sum
 *   past UPSTREAM_CALL_BUDGET, MAX_RESULT_NODES or MAX_RESULT_BYTES (the batch's answer is one body) is refused in its place (QUERY_LIMIT_EXCEEDED,
 *   saying so), and the calls of all of them count toward one budget of UPSTREAM_CALL_BUDGET
 *   (`batchBudget`, each operation's budget a part of it), past which a field fails as in a request.
 * - Rate limits: src/http/server.ts reserves a point for the HTTP request as it arrives; each operation
 *   after the first reserves one more here, as its own request would have; each then reserves
 *   its price (./use-charge.ts) from the same buckets, and is settled alone by demand control. An
 *   operation that finds no point left, or its client in debt, gets RATE_LIMITED in its place;
 *   the others still run.
 * - A subscription cannot be one item of an array of answers: refused in its place. An answer in
 *   parts (`@defer`, `@stream`) is merged into one, as for a client that accepts only JSON.
 *
 * yoga's own check (its `batching.limit`) runs after this one and is set to the setting's ceiling,
 * so the refusals clients see are these, which say what is allowed and how to change it, and a
 * reload may change the limit. The fast path (src/yoga/lean-post.ts) takes only a body that is one
 * operation: an array always comes here.
 */
import type { IncomingMessage } from 'node:http';
import { createGraphQLError } from '@graphql-tools/utils';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { BATCHING_MAX } from '../config/config.js';
import type { RequestCost } from '../graphql/context.js';
import { ErrorCode, limitExceeded, refusedDocument } from '../graphql/errors.js';
import type { Refusal } from '../guards/limiter.js';
import { CallBudget } from '../upstreams/budget.js';
import { keptTerms, leanTerms } from './fast-path-terms.js';
import { wholeAnswer } from './use-incremental-delivery.js';

export interface BatchingOptions {
  /** The most operations in one request (BATCHING_LIMIT), read per request: a reload may change it. 0: refused. */
  limit: number;
  /** Reserves what one more request of `req`'s client would (src/guards/limiter.ts `admit`); undefined when rate limits are off. */
  admit?: (req: IncomingMessage) => Promise<Refusal | undefined>;
}

/** yoga's `batching`: its own check never refuses before ours does. */
export const YOGA_BATCHING = { limit: BATCHING_MAX };

const BATCH = Symbol('batch');

/** On a batched request's server context, which each operation's context inherits. */
interface Batch {
  size: number;
  /** Operations that reached onParams so far: the first uses the request's own reservation. */
  started: number;
  /** What the operations priced so far and let run were priced at, together. */
  priced: { calls: number; nodes: number; bytes: number };
  /** The calls the whole batch may make, made once its first operation's context is. */
  budget?: CallBudget;
}

type Marked = { [BATCH]?: Batch; req?: IncomingMessage };

export function useBatching(options: BatchingOptions): Plugin {
  const plugin: Plugin = {
    onRequestParse({ serverContext }) {
      return {
        onRequestParseDone({ requestParserResult }) {
          if (!Array.isArray(requestParserResult)) return;
          const { limit } = options;
          const size = requestParserResult.length;
          const what = `an array of ${size} operation${size === 1 ? '' : 's'} (a batch)`;
          if (limit === 0) {
            throw createGraphQLError(
              `This request is ${what}, and batching is off on this gateway: send each operation as a request of its own, or have the operator set BATCHING_LIMIT (from 1 to ${BATCHING_MAX}) to take arrays of up to that many.`,
              { extensions: { code: ErrorCode.BATCHING_DISABLED, http: { status: 400 } } },
            );
          }
          if (size === 0 || size > limit) {
            throw createGraphQLError(
              `This request is ${what}: this gateway takes arrays of 1 to ${limit} (BATCHING_LIMIT). Split it into batches of at most ${limit}.`,
              { extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit: 'batching', allowed: limit, got: size, http: { status: 413 } } },
            );
          }
          (serverContext as Marked)[BATCH] = { size, started: 0, priced: { calls: 0, nodes: 0, bytes: 0 } };
        },
      };
    },
    onParams({ context, params }) {
      const batch = (context as Marked)[BATCH];
      if (!batch) return;
      // yoga reads a batch's items as they are: one that is not an object (null, a string, a
      // list) is refused in its place, before any hook reads its fields.
      if (params === null || typeof params !== 'object' || Array.isArray(params)) {
        const found = params === null ? 'null' : Array.isArray(params) ? 'a list' : `a ${typeof params}`;
        throw refusedDocument(
          ErrorCode.BAD_USER_INPUT,
          `An operation of this batch is ${found}: each item of the array must be an object of GraphQL parameters, such as {"query": "…", "variables": {…}}.`,
          undefined,
        );
      }
      if (batch.started++ === 0 || !options.admit) return;
      const req = (context as Marked).req;
      if (!req) return;
      return options.admit(req).then((refusal) => {
        if (refusal) throw refusedDocument(ErrorCode.RATE_LIMITED, refusal.message, undefined, refusal.extensions);
      });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (!(args.contextValue as Marked)[BATCH]) return;
      setResultAndStopExecution({
        errors: [
          refusedDocument(
            ErrorCode.BAD_USER_INPUT,
            'A subscription streams its events, so it cannot be one answer of a batch: send it alone, with `accept: text/event-stream` (GraphQL over SSE) or over a WebSocket to /graphql.',
            undefined,
          ),
        ],
      });
    },
    onExecutionResult({ result, setResult, context }) {
      if (!(context as Marked)[BATCH] || !isAsyncIterable(result)) return;
      return wholeAnswer(result as AsyncIterable<ExecutionResult>).then(setResult);
    },
  };
  keptTerms(plugin, { because: 'its hooks act on the operations of a batch, and a request answered at the door is one operation' });
  return leanTerms(plugin, { because: 'a lean request is one operation: its body is never an array, which goes to yoga' });
}

/**
 * The budget of the batch `context` (an operation's, or the context its own is made from) is an
 * operation of, which that operation's own budget is a part of; undefined outside a batch.
 */
export function batchBudget(context: object, limit: number): CallBudget | undefined {
  const batch = (context as Marked)[BATCH];
  if (!batch) return undefined;
  batch.budget ??= new CallBudget(limit);
  return batch.budget;
}

/**
 * Adds to its batch's price what an operation's lists answered longer than priced added (`overran`
 * in ./use-demand-control.ts), and answers the batch's price with it: measured against the limits
 * one request has, since a batch is one request. Undefined outside a batch.
 */
export function settleIntoBatch(context: object, nodes: number, bytes: number): { nodes: number; bytes: number } | undefined {
  const batch = (context as Marked)[BATCH];
  if (!batch) return undefined;
  batch.priced = { ...batch.priced, nodes: batch.priced.nodes + nodes, bytes: batch.priced.bytes + bytes };
  return batch.priced;
}

/**
 * Counts the price of an operation about to run into its batch's, or refuses it when that would
 * take the batch past the limits one request has (`maxCalls`, `maxNodes`, `maxBytes`); nothing outside a batch.
 */
export function priceIntoBatch(
  context: object,
  cost: RequestCost,
  limits: { maxCalls: number; maxNodes: number; maxBytes?: number },
): GraphQLError | undefined {
  const batch = (context as Marked)[BATCH];
  if (!batch) return undefined;
  const calls = batch.priced.calls + cost.estimated.calls;
  const nodes = batch.priced.nodes + cost.estimated.nodes;
  const bytes = batch.priced.bytes + (cost.estimated.bytes ?? 0);
  const over =
    calls > limits.maxCalls
      ? {
          limit: 'calls',
          what: `${cost.estimated.calls} upstream calls`,
          before: batch.priced.calls,
          allowed: limits.maxCalls,
          setting: 'UPSTREAM_CALL_BUDGET',
        }
      : nodes > limits.maxNodes
        ? {
            limit: 'nodes',
            what: `${cost.estimated.nodes} objects in its answer`,
            before: batch.priced.nodes,
            allowed: limits.maxNodes,
            setting: 'MAX_RESULT_NODES',
          }
        : limits.maxBytes !== undefined && bytes > limits.maxBytes
          ? {
              limit: 'bytes',
              what: `${cost.estimated.bytes} bytes in its answer`,
              before: batch.priced.bytes,
              allowed: limits.maxBytes,
              setting: 'MAX_RESULT_BYTES',
            }
          : undefined;
  if (over) {
    const error = limitExceeded(
      `This operation could cost up to ${over.what}, and the operations of its batch let run before it ${over.before}: together past the ${over.allowed} one request may (${over.setting}), and a batch is one request. Send it in a request of its own, or in a batch of fewer or cheaper operations.`,
      over.limit,
    );
    Object.assign(error.extensions, {
      estimated: { calls: cost.estimated.calls, nodes: cost.estimated.nodes, bytes: cost.estimated.bytes },
      batch: { ...batch.priced },
      allowed: over.allowed,
    });
    return error;
  }
  batch.priced = { calls, nodes, bytes };
  return undefined;
}
