/**
 * A subscription asked for over a request that cannot stream (a GET or POST accepting only JSON)
 * gets yoga's 406, but yoga leaves its event stream open: the subscription would keep its place
 * among the client's (LIVE_MAX_PER_CLIENT) and its topic's poller running. This closes it.
 * Runs after yoga's own result processors have had their say (user plugins come after them).
 *
 * A subscription and an answer in parts (@defer, @stream) are both event streams at that point;
 * only the subscription is closed (the parts are merged, src/yoga/use-incremental-delivery.ts),
 * so the requests that subscribed are remembered here, by their Request.
 */
import type { Plugin } from 'graphql-yoga';
import { keptTerms, leanTerms } from './fast-path-terms.js';

const subscribing = new WeakSet<object>();

/** Whether `request` ran a subscription (rather than a query answered in parts). */
export function isSubscription(request: object): boolean {
  return subscribing.has(request);
}

export function useStreamLeftovers(): Plugin {
  const plugin: Plugin = {
    onSubscribe({ args }) {
      const request = (args.contextValue as { request?: object }).request;
      if (request) subscribing.add(request);
    },
    onResultProcess({ request, result, resultProcessor }) {
      if (resultProcessor || result === null || typeof result !== 'object' || !(Symbol.asyncIterator in result)) return;
      if (!subscribing.has(request)) return;
      void (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
    },
  };
  keptTerms(plugin, { because: 'its onSubscribe notes a subscription, and a request answered at the door is a query' });
  return leanTerms(plugin, { because: 'src/yoga/lean-post.ts closes a subscription a JSON-only client asked for itself (refuseStream)' });
}
