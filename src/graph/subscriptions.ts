/**
 * What every Subscription field shares: opening a feed within the bounds, and turning its events
 * into a field's value. The fields are in the files of the types they return (node-index.ts,
 * p-chain.ts, x-chain.ts, transaction.ts, subnet-evm.ts, metrics.ts), like any other lookup.
 */
import type { GatewayContext } from '../graphql/context.js';
import { ErrorCode, limitExceeded, liveError } from '../graphql/errors.js';
import type { Feed } from '../live/feeds.js';
import type { LiveError, LiveEvent } from '../live/hub.js';
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
  if (refusal?.bound === 'topicsPerClient') {
    throw limitExceeded(
      `This client already opened ${refusal.limit} of the subscription topics this instance serves, the most one client may (LIVE_MAX_TOPICS_PER_CLIENT): subscribe with the same arguments as a subscription already open, or close one of yours first.`,
      'subscriptionTopicsPerClient',
    );
  }
  if (refusal) {
    throw limitExceeded(
      `The gateway is serving ${refusal.limit} subscriptions, all it takes (LIVE_MAX_SUBSCRIPTIONS): retry later, or on another instance.`,
      'subscriptions',
    );
  }
  // Its share of each poll is drawn from its client's rate-limit buckets: in debt, it ends with RATE_LIMITED.
  const limits = ctx.limits;
  const charge =
    limits &&
    (async (points: number): Promise<LiveError | undefined> => {
      const refused = await limits.charge(points);
      return refused && { message: refused.message, extensions: { code: ErrorCode.RATE_LIMITED, retryAfter: refused.retryAfter } };
    });
  return ctx.live.subscribe(feed, client, charge);
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
