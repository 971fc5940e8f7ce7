/**
 * A subscription asked for over a request that cannot stream (a GET or POST accepting only JSON)
 * gets yoga's 406, but yoga leaves its event stream open: the subscription would keep its place
 * among the client's (LIVE_MAX_PER_CLIENT) and its topic's poller running. This closes it.
 * Runs after yoga's own result processors have had their say (user plugins come after them).
 */
import type { Plugin } from 'graphql-yoga';

export function useStreamLeftovers(): Plugin {
  return {
    onResultProcess({ result, resultProcessor }) {
      if (resultProcessor || result === null || typeof result !== 'object' || !(Symbol.asyncIterator in result)) return;
      void (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
    },
  };
}
