/**
 * The Metrics API's ICM counts: the messages between a network's chains per interval and over
 * rolling windows (`Network.icmMetrics`, `Network.icmSummary`), and a chain's, sent or received
 * (`EvmChain.icmMetrics`, `EvmChain.icmSummary`), optionally broken down by the chain at the other end.
 */
import type { NetworkName } from '../base/ids.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { getICMSummary, getICMTimeseries, type IcmCount, type IcmFilter, type IcmSummary } from '../upstreams/metrics-api/icm.js';
import type { IcmGroupBy, TimeInterval } from '../upstreams/metrics-api/wire.js';
import { builder } from './builder.js';
import { checkRange, rangeArgs, TimeIntervalEnum, type RangeArgs } from './chain-metrics.js';
import { paged } from './cost.js';
import { EvmChainRef, NetworkRef } from './refs.js';

const IcmBreakdownEnum = builder.enumType('IcmBreakdown', {
  description: "How ICM counts are broken down (the Metrics API's `groupBy`).",
  values: {
    SOURCE: { value: 'srcBlockchainId', description: 'One count per source chain.' },
    DESTINATION: { value: 'destBlockchainId', description: 'One count per destination chain.' },
    PAIR: { value: 'srcBlockchainId,destBlockchainId', description: 'One count per source and destination pair.' },
  } as const satisfies Record<string, { value: IcmGroupBy; description: string }>,
});

const IcmDirectionEnum = builder.enumType('IcmDirection', {
  description: "Which of a chain's messages are counted.",
  values: {
    SENT: { value: 'sent', description: 'Messages this chain sent.' },
    RECEIVED: { value: 'received', description: 'Messages sent to this chain.' },
  } as const,
});

const blockchainIdField = (key: 'srcBlockchainId' | 'destBlockchainId', what: string) => ({
  type: 'String' as const,
  nullable: true as const,
  description: `The ${what} chain's blockchain id (cb58); null where the counts are not by ${what} (all of them together).`,
  resolve: (c: { srcBlockchainId?: string; destBlockchainId?: string }) => c[key] || null,
});

const IcmCountRef = builder.objectRef<IcmCount>('IcmMessageCount').implement({
  description: 'ICM messages counted over the interval that starts at `timestamp`, for a source and destination where broken down.',
  fields: (t) => ({
    timestamp: t.field({ type: 'SafeInt', description: 'Start of the interval, Unix time (s).', resolve: (c) => c.timestamp }),
    count: t.float({ description: 'Messages sent in the interval.', resolve: (c) => c.value }),
    sourceBlockchainId: t.field(blockchainIdField('srcBlockchainId', 'source')),
    destinationBlockchainId: t.field(blockchainIdField('destBlockchainId', 'destination')),
  }),
});

const IcmCountConnection = builder.connectionObject(
  { type: IcmCountRef, name: 'IcmMessageCountConnection', description: 'ICM message counts, newest first.' },
  { name: 'IcmMessageCountEdge', description: 'A count and its cursor.' },
);

const count = (key: keyof IcmSummary, what: string) => ({
  type: 'Float' as const,
  nullable: true as const,
  description: `Messages sent in ${what}; null where the Metrics API gives none.`,
  resolve: (s: IcmSummary) => (s[key] as number | undefined) ?? null,
});

const IcmSummaryRef = builder.objectRef<IcmSummary>('IcmMessageSummary').implement({
  description: 'ICM messages counted over rolling windows ending now.',
  fields: (t) => ({
    lastHour: t.field(count('lastHour', 'the last hour')),
    lastDay: t.field(count('lastDay', 'the last day')),
    lastWeek: t.field(count('lastWeek', 'the last week')),
    lastMonth: t.field(count('lastMonth', 'the last month')),
    last90Days: t.field(count('last90Days', 'the last 90 days')),
    lastYear: t.field(count('lastYear', 'the last year')),
    allTime: t.field(count('allTime', 'all time')),
    sourceBlockchainId: t.field(blockchainIdField('srcBlockchainId', 'source')),
    destinationBlockchainId: t.field(blockchainIdField('destBlockchainId', 'destination')),
  }),
});

const ICM_PAGE = pageSpec('getICMTimeseries', 'icmMetrics', { maxFirst: 2160 * 4 });

type IcmSeriesArgs = ConnectionArgs & RangeArgs & { interval?: TimeInterval | null; breakdown?: IcmGroupBy | null };

function icmSeries(ctx: GatewayContext, filter: IcmFilter, args: IcmSeriesArgs) {
  const range = checkRange(args);
  const timeInterval = args.interval ?? 'day';
  const query = { ...filter, groupBy: args.breakdown ?? undefined };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: ICM_PAGE,
    filters: ['icm', query, timeInterval, range],
    fetchPage: (page) => getICMTimeseries(ctx.metricsApi, { ...query, ...range, ...page, timeInterval }),
    read: (page) => ({ items: page.results, nextPageToken: page.nextPageToken }),
    toNode: (c) => c,
    keyOf: (c) => `${c.timestamp}:${c.srcBlockchainId}:${c.destBlockchainId}`,
    rankOf: (c) => -c.timestamp,
  });
}

/** The Metrics API filters by network, source or destination: a chain's messages are those it sent or received. */
const chainFilter = (network: NetworkName, blockchainId: string, direction: 'sent' | 'received'): IcmFilter =>
  direction === 'sent' ? { network, srcBlockchainId: blockchainId } : { network, destBlockchainId: blockchainId };

const seriesNote =
  '`first`: 1 to 8640 (default 100); more than 2160 points are fetched as several Metrics API pages. `interval` defaults to DAY.';

builder.objectFields(NetworkRef, (t) => ({
  icmMetrics: t.connection(
    {
      type: IcmCountRef,
      nullable: true,
      description: `ICM messages between this network's chains counted per interval, newest first (Metrics API getICMTimeseries). ${seriesNote}`,
      args: {
        interval: t.arg({ type: TimeIntervalEnum, description: 'How long each count covers; default DAY.' }),
        breakdown: t.arg({ type: IcmBreakdownEnum, description: 'Count per source, destination or pair; default all together.' }),
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
      },
      price: paged(ICM_PAGE),
      resolve: (network, args, ctx) => icmSeries(ctx, { network: network.name }, args),
    },
    IcmCountConnection,
  ),
  icmSummary: t.field({
    type: IcmSummaryRef,
    nullable: true,
    description:
      "ICM messages between this network's chains over the last hour, day, week, month, 90 days, year and all time (Metrics API getICMSummary).",
    price: { calls: 1, reaches: ['getICMSummary'] },
    resolve: async (network, _args, ctx) => (await getICMSummary(ctx.metricsApi, { network: network.name })).result,
  }),
}));

builder.objectFields(EvmChainRef, (t) => ({
  icmMetrics: t.connection(
    {
      type: IcmCountRef,
      nullable: true,
      description: `ICM messages this chain sent (or received) counted per interval, newest first (Metrics API getICMTimeseries). ${seriesNote}`,
      args: {
        direction: t.arg({ type: IcmDirectionEnum, defaultValue: 'sent', description: 'Messages it sent (default) or received.' }),
        byCounterpart: t.arg.boolean({
          defaultValue: false,
          description: 'One count per chain at the other end (its destination for SENT, its source for RECEIVED), instead of all together.',
        }),
        interval: t.arg({ type: TimeIntervalEnum, description: 'How long each count covers; default DAY.' }),
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
      },
      price: paged(ICM_PAGE),
      resolve: (chain, args, ctx) => {
        const direction = args.direction ?? 'sent';
        const breakdown: IcmGroupBy | undefined = args.byCounterpart
          ? direction === 'sent'
            ? 'destBlockchainId'
            : 'srcBlockchainId'
          : undefined;
        return icmSeries(ctx, chainFilter(chain.network, chain.blockchainId, direction), { ...args, breakdown });
      },
    },
    IcmCountConnection,
  ),
  icmSummary: t.field({
    type: IcmSummaryRef,
    nullable: true,
    description:
      'ICM messages this chain sent (or received) over the last hour, day, week, month, 90 days, year and all time (Metrics API getICMSummary).',
    args: { direction: t.arg({ type: IcmDirectionEnum, defaultValue: 'sent', description: 'Messages it sent (default) or received.' }) },
    price: { calls: 1, reaches: ['getICMSummary'] },
    resolve: async (chain, args, ctx) =>
      (await getICMSummary(ctx.metricsApi, chainFilter(chain.network, chain.blockchainId, args.direction ?? 'sent'))).result,
  }),
}));
