/**
 * Average transactions per second of an EVM chain, per day (Metrics API, GET /v1/avg_tps).
 */
import type { AverageTpsResponse } from '../upstreams/metrics-api/metrics.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { tpsFeed } from '../live/feeds.js';
import { eventValue, openFeed, POLL_NOTE } from './subscriptions.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { getAvgTps } from '../upstreams/metrics-api/metrics.js';
import { BlockchainRef, EvmChainRef, evmModelOf, type EvmChainModel } from './refs.js';

const TpsPointRef = builder.objectRef<{ timestamp: number; value: number }>('TpsPoint').implement({
  description: 'The average transactions per second of one day.',
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'SafeInt', description: 'Start of the day, Unix time (s).' }),
    value: t.exposeFloat('value', { description: 'Average transactions per second that day.' }),
  }),
});

const TpsConnection = builder.connectionObject(
  {
    type: TpsPointRef,
    name: 'TpsConnection',
    description: 'Daily average TPS, newest first.',
    fields: (t) => ({
      lastRun: t.field({
        type: 'SafeInt',
        nullable: true,
        description: 'Unix time (s) the Metrics API last updated the series.',
        resolve: (conn) => (conn as { firstPage?: AverageTpsResponse }).firstPage?.lastRun ?? null,
      }),
      status: t.field({
        type: 'Int',
        nullable: true,
        description:
          "The `status` the Metrics API wrote in its answer (200 for a series it served); null if the answer had none. An answer with an HTTP error status fails the field with that status's code instead.",
        resolve: (conn) => (conn as { firstPage?: AverageTpsResponse }).firstPage?.status ?? null,
      }),
    }),
  },
  { name: 'TpsEdge', description: 'A day and its cursor.' },
);

// The Metrics API sets its own page size; `first` only decides how many points come back: a month unless asked.
const TPS_PAGE = pageSpec('getAvgTps', 'averageTps', { defaultFirst: 30, maxFirst: 1000 });

function averageTps(ctx: GatewayContext, chain: EvmChainModel, args: ConnectionArgs) {
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: TPS_PAGE,
    filters: [chain.evmChainId],
    fetchPage: (page) => getAvgTps(ctx.metricsApi, String(chain.evmChainId), { pageToken: page.pageToken }),
    read: (page) => ({ items: page.results, nextPageToken: page.nextPageToken }),
    toNode: (p) => p,
    keyOf: (p) => String(p.timestamp),
    // An expired Metrics API token restarts the series from the newest day: so does a lost anchor.
    lostAnchor: 'restart',
  });
}

const description =
  "Average transactions per second per day, newest first (Metrics API). `first`: 1 to 1000 (default 30). Cursors hold the Metrics API's page token, valid 24 hours; after that a cursor starts again from the newest day.";

builder.objectField(EvmChainRef, 'averageTps', (t) =>
  t.connection(
    { type: TpsPointRef, nullable: true, description, price: paged(TPS_PAGE), resolve: (chain, args, ctx) => averageTps(ctx, chain, args) },
    TpsConnection,
  ),
);

builder.objectField(BlockchainRef, 'averageTps', (t) =>
  t.connection(
    {
      type: TpsPointRef,
      nullable: true,
      description: `${description} Null for chains whose VM is not an EVM: the Metrics API measures EVM chains.`,
      // None for a chain that is not an EVM chain.
      price: paged(TPS_PAGE),
      resolve: (b, args, ctx) => {
        const chain = evmModelOf(b.network, b);
        return chain ? averageTps(ctx, chain, args) : null;
      },
    },
    TpsConnection,
  ),
);

builder.subscriptionField('averageTps', (t) =>
  t.field({
    type: TpsPointRef,
    nullable: true,
    description: `Each new daily average TPS point of an EVM chain as the Metrics API publishes it, oldest first. ${POLL_NOTE}`,
    args: { evmChainId: t.arg({ type: 'SafeInt', required: true, description: 'The EVM chain id, e.g. 43114 for the C-Chain.' }) },
    subscribe: (_root, { evmChainId }, ctx) => openFeed(ctx, tpsFeed(evmChainId)),
    resolve: (event) => eventValue(event, (e) => e.point),
  }),
);
