/**
 * `rateLimit`: what this query costs and what its client has left, in the style of GitHub's
 * `rateLimit { cost limit remaining resetAt }`. The cost is the price demand control put on the
 * query before it ran (src/yoga/use-demand-control.ts); the rest is the client's bucket of the
 * per-client rate limits (src/guards/limiter.ts), null when those are off.
 */
import { builder } from './builder.js';
import { nondeterministic } from './descriptions.js';

/**
 * The price reads the lengths of lists the gateway has seen (src/reuse/list-lengths.ts), which
 * each answer may teach it: the same query asked again, on another entry or instance, may be
 * priced otherwise (issue 29's fuzzer: 7,824 entries, then 344 once the lists were seen).
 */
const LEARNT_PRICE = nondeterministic(
  'the price follows the lengths of the lists this gateway has seen so far, so the same query may be priced lower once its lists were seen.',
);

interface RateLimitModel {
  cost: number;
  nodeCount: number;
  limit: number | null;
  perSecond: number | null;
  remaining: number | null;
  resetAt: string | null;
}

const RateLimitRef = builder.objectRef<RateLimitModel>('RateLimit').implement({
  description:
    'What this query costs and what its client may still spend. Rate limits are in points: an upstream call is one, a request a tenth (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST).',
  fields: (t) => ({
    cost: t.exposeInt('cost', {
      description: `The upstream calls this query was priced at before it ran: at most what it calls with a cold cache (\`extensions.cost.actual\` says what it made). ${LEARNT_PRICE}`,
    }),
    nodeCount: t.exposeInt('nodeCount', {
      description: `The entries its answer was priced at, at most: every field of every object in it (leaves and \`__typename\` too, each alias), and the items of lists of leaves. ${LEARNT_PRICE}`,
    }),
    limit: t.exposeFloat('limit', {
      nullable: true,
      description: 'Points the client may spend at once: its bucket when full (RATE_LIMIT_BURST). Null when rate limits are off.',
    }),
    perSecond: t.exposeFloat('perSecond', {
      nullable: true,
      description: 'Points the bucket gets back a second (RATE_LIMIT_PER_SECOND). Null when rate limits are off.',
    }),
    remaining: t.exposeFloat('remaining', {
      nullable: true,
      description:
        'Points left now, this request not settled yet (what it was priced at, `cost`, and a tenth are reserved while it runs). Below zero, the client is in debt and waits: a request that finds it so is refused with RATE_LIMITED. Null when rate limits are off.',
    }),
    resetAt: t.exposeString('resetAt', {
      nullable: true,
      description: 'When the bucket is full again if the client spends nothing more (ISO 8601). Null when rate limits are off.',
    }),
  }),
});

builder.queryField('rateLimit', (t) =>
  t.field({
    type: RateLimitRef,
    description:
      'What this query costs, in upstream calls, and the points its client has left under the rate limits (null fields when they are off). Asking for it costs nothing.',
    resolve: async (_root, _args, ctx) => {
      // The client's own standing, and the moment's: an answer holding it is never kept for others.
      ctx.reads.uncacheable = true;
      // Nor kept by the client's own cache (src/yoga/use-cache-control.ts): it is the moment's.
      ctx.reads.freshFor(Date.now());
      const standing = await ctx.limits?.standing();
      return {
        cost: ctx.cost?.estimated.calls ?? 0,
        nodeCount: ctx.cost?.estimated.nodes ?? 0,
        limit: standing?.burst ?? null,
        perSecond: standing?.perSecond ?? null,
        remaining: standing ? Math.round(standing.remaining * 10) / 10 : null,
        resetAt: standing?.resetAt.toISOString() ?? null,
      };
    },
  }),
);
