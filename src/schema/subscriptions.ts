/**
 * What every Subscription field shares: opening a feed within the bounds, and turning its events
 * into a field's value. The fields are in the files of the types they return (node-index.ts,
 * p-chain.ts, x-chain.ts, transaction.ts, subnet-evm.ts, metrics.ts), like any other lookup.
 */
import type { GatewayContext } from '../graphql/context.js';
import { limitExceeded, liveError } from '../graphql/errors.js';
import type { Feed } from '../live/feeds.js';
import type { LiveEvent } from '../live/hub.js';
import { builder } from './builder.js';
import { NetworkNameEnum } from './enums.js';

/** Joins `feed`'s topic, or refuses with a clear error when the client or the gateway has too many subscriptions or topics open. */
export function openFeed<S, E>(ctx: GatewayContext, feed: Feed<S, E>): AsyncIterable<LiveEvent<E>> {
  const client = ctx.client();
  const refusal = ctx.live.admit(client, feed.key);
  if (refusal?.bound === 'perClient') {
    throw limitExceeded(
      `This client already has ${refusal.limit} subscriptions open, the most one client may hold (LIVE_MAX_PER_CLIENT): close one before opening another.`,
      'subscriptionsPerClient',
    );
  }
  if (refusal?.bound === 'topics') {
    throw limitExceeded(
      `This instance already serves ${refusal.limit} distinct subscription topics (each polled on its own), all it takes (LIVE_MAX_TOPICS): subscribe with the same arguments as a subscription already open, retry later, or use another instance.`,
      'subscriptionTopics',
    );
  }
  if (refusal) {
    throw limitExceeded(
      `The gateway is serving ${refusal.limit} subscriptions, all it takes (LIVE_MAX_SUBSCRIPTIONS): retry later, or on another instance.`,
      'subscriptions',
    );
  }
  return ctx.live.subscribe(feed, client);
}

/** An event's value as the field returns it; a failed poll is the field's error (with its code), and the subscription goes on. */
export function eventValue<E, T>(event: LiveEvent<E>, map: (data: E) => T): T {
  if (event.error) throw liveError(event.error);
  return map(event.data as E);
}

export const POLL_NOTE =
  'The gateway polls once per interval (LIVE_POLL_<KIND>_MS) however many clients subscribe; a failed poll is an error event with its `extensions.code`, and the next poll follows.';

builder.subscriptionType({
  description:
    'Live data as the chains produce it, over SSE (`accept: text/event-stream`) or WebSocket (the graphql-transport-ws protocol at /graphql). One client may hold LIVE_MAX_PER_CLIENT subscriptions at once.',
});

/** The `network` argument of every subscription (a query has its network from `network(name:)`). */
export const networkArg = builder.args((t) => ({
  network: t.field({
    type: NetworkNameEnum,
    required: true,
    defaultValue: 'mainnet',
    description: 'MAINNET (default), FUJI or TESTNET (same as FUJI).',
  }),
}));
