/**
 * `@defer` and `@stream` (yoga's plugin): a slow branch of a query arrives after the rest, and a
 * list can arrive item by item, over `multipart/mixed` or `text/event-stream`.
 *
 * What yoga leaves unsaid is added here: a request whose answer comes in parts but that accepts
 * only JSON gets yoga's 406 with an empty body; here it is a GraphQL error that says which
 * `Accept` to send, and the execution already under way is stopped. src/lean-post.ts, which
 * takes only JSON-accepting requests, answers such a result the same way (`refuseParts`);
 * requests accepting `multipart/mixed` or `text/event-stream` never take it.
 *
 * graphql-jit does not run these documents (./use-compiled-execution.ts), and the response cache
 * keeps their merged final answer (envelop merges the parts).
 */
import type { ExecutionResult } from 'graphql';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { isAsyncIterable, processRegularResult, type Plugin } from 'graphql-yoga';
import { notAcceptable } from '../errors.js';

/** Stops an answer in parts and puts the 406 error in its place. */
export function refuseParts(result: AsyncIterable<unknown>): ExecutionResult {
  void result[Symbol.asyncIterator]().return?.();
  return {
    errors: [
      notAcceptable(
        'This answer comes in parts (the operation uses `@defer` or `@stream`) and the request accepts only JSON: send `Accept: multipart/mixed` or `Accept: text/event-stream`, or drop the directives.',
      ),
    ],
  };
}

export function useIncrementalDelivery(): Plugin {
  return {
    ...useDeferStream(),
    onResultProcess({ result, resultProcessor, setResult, setResultProcessor }) {
      if (resultProcessor || !isAsyncIterable(result)) return;
      setResult(refuseParts(result));
      setResultProcessor(processRegularResult, 'application/json');
    },
  };
}
