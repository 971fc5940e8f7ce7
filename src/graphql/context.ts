/**
 * What every resolver gets: this request's upstream clients and loaders, all sending through
 * its reads (the reuse layer). Built for each GraphQL request (src/gateway/gateway.ts) from objects that
 * do nothing until used, so a query pays only for what it asks.
 */
import type { AdminAccess } from './admin-access.js';
import type { LiveHub } from '../live/hub.js';
import type { DataApiLoaders } from '../loaders/data-api.js';
import type { NodeLoaders } from '../loaders/node.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLResolveInfo } from 'graphql';
import type { ListLengths, ReadLengths } from '../reuse/list-lengths.js';
import type { RequestReads } from '../reuse/reads.js';
import type { CursorCodec } from './connection.js';
import type { Pacer } from './pacing.js';
import type { DataApiClient } from '../upstreams/data-api/client.js';
import type { MetricsApiClient } from '../upstreams/metrics-api/client.js';
import type { NodeClient } from '../upstreams/node/client.js';

/** A refusal by the rate limits: what it says (the limits, and why), and the seconds to wait. */
export interface LimitRefusal {
  message: string;
  retryAfter: number;
}

/** A request's side of the per-client rate limits (src/guards/limiter.ts), when they are on. */
export interface ClientLimits {
  /**
   * Reserves what the request was priced at (`calls`, and its tenth of a point), before it runs:
   * a refusal when its client is in debt. The point its admission reserved counts toward it.
   */
  reserve(calls: number): Promise<LimitRefusal | undefined>;
  /** Settles the request: it made `calls` upstream calls. `reserved` false: nothing was reserved for it (a subscription's event). */
  settle(calls: number, reserved?: boolean): void;
  /** Draws `points` for what a subscription caused (its share of a poll): a refusal when its client is then in debt. */
  charge(points: number): Promise<LimitRefusal | undefined>;
  /** The client's standing: its bucket's size and rate, the points left, when it is full again. */
  standing(): Promise<{ perSecond: number; burst: number; remaining: number; resetAt: Date }>;
}

/**
 * How widely `search` looks for a 0x hash (src/graph/search.ts): its price and its resolver read
 * the same values, so that what it is priced at is what it calls.
 */
export interface SearchBreadth {
  /** The most EVM chains of a network a hash is looked for on, the C-Chain first (SEARCH_HASH_CHAINS). */
  hashChains: number;
  /** The Data API calls that go out at once (UPSTREAM_CONNECTIONS): the lookups of one search fit them. */
  connections: number;
}

/** What a request was priced at before it ran (src/yoga/use-demand-control.ts). */
/** What a value the data decides holds beyond what its price read (src/graph/list-sizes.ts). */
export interface Overrun {
  /** A list's items, each priced as the estimate prices one. */
  items: number;
  /** A JSON tree's entries. */
  entries: number;
  /** A leaf's bytes (over all the items of a list of leaves). */
  bytes: number;
}

export interface RequestCost {
  /** `bytes`: of the answer's `data` as JSON (MAX_RESULT_BYTES). */
  estimated: { calls: number; nodes: number; bytes?: number };
  /** The calls it may make: UPSTREAM_CALL_BUDGET. */
  budget: number;
  /**
   * The lengths its price read, of lists the data decides (src/graph/list-sizes.ts): a list
   * answered longer is priced again with `overran` before its items are built.
   */
  lengths?: ReadLengths;
  /**
   * Adds to the price what a value `info` resolves holds beyond what the price read for it, priced
   * on `scope`'s network; throws QUERY_LIMIT_EXCEEDED when the answer would pass its limits with
   * it. Absent for a subscription, whose events are priced each.
   */
  overran?: (info: GraphQLResolveInfo, over: Overrun, scope: string | undefined) => void;
  /** What lists answered longer than their price read added to it: `extensions.cost.settled`. */
  settled?: { calls: number; nodes: number; bytes: number };
}

export interface GatewayContext {
  /** The Data API, with the key the client sent (else the operator's). */
  dataApi: DataApiClient;
  /** The Metrics API (it takes no key). */
  metricsApi: MetricsApiClient;
  /** The avalanchego node of each network. */
  node: NodeClient;
  /** Batched and by-id lookups over the Data API. */
  loaders: DataApiLoaders;
  /** Batched and by-id lookups over the node. */
  nodeLoaders: NodeLoaders;
  /** This request's reads: what it reused, and how long its answer stays fresh. */
  reads: RequestReads;
  /** Signs and checks connection cursors (one secret per gateway). */
  cursors: CursorCodec;
  /** Whether this request may use the node's admin operations (checked on first use). */
  admin: () => AdminAccess;
  /** The subscriptions' pollers, shared by every request of the gateway. */
  live: LiveHub;
  /** Who is asking, for per-client bounds: the client's address (worked out on first use). */
  client: () => string;
  /** The most addresses one subscription may watch (LIVE_MAX_ADDRESSES). */
  liveMaxAddresses: number;
  /** How widely `search` looks for a 0x hash; its defaults when absent (an embedding's own context). */
  search?: SearchBreadth;
  /** Shares the event loop while this request completes a large answer (src/graphql/pacing.ts). */
  pacer?: Pacer;
  /** What it was priced at, once demand control has priced it. */
  cost?: RequestCost;
  /** Its client's rate limits, when they are on and the request was admitted by them. */
  limits?: ClientLimits;
  /** The lengths of lists the data decides, as answers give them, for the prices of the next requests (src/reuse/list-lengths.ts). */
  lengths?: ListLengths;
  /**
   * The calls fields priced by what they made (`made` in src/graph/list-sizes.ts) made in this
   * request, by place; NaN for a place whose resolver failed. Noted in `lengths` once it has run.
   */
  made?: Map<string, number>;
  /** The longest list answered at each place whose lists the price cannot name (`learnt`); NaN where one failed. Noted with `made`. */
  longest?: Map<string, number>;
}

/**
 * A request's context as the fast path (src/yoga/lean-post.ts) hands it to yoga: the node request
 * and response, with a slot for every field yoga and the context factory then assign to it. Born
 * with them, the object keeps V8's fast properties; assigned one by one to a two-field object,
 * the twenty-odd fields of a request turn it into a dictionary, and every resolver's
 * `context.loaders` became a hash lookup (and the assignment itself about 2 µs). The type makes a
 * field added to GatewayContext a compile error here until it has its slot.
 */
export function contextWithSlots(req: IncomingMessage, res: ServerResponse) {
  return {
    req,
    res,
    request: undefined,
    params: undefined,
    dataApi: undefined,
    metricsApi: undefined,
    node: undefined,
    loaders: undefined,
    nodeLoaders: undefined,
    reads: undefined,
    cursors: undefined,
    admin: undefined,
    live: undefined,
    client: undefined,
    liveMaxAddresses: undefined,
    search: undefined,
    pacer: undefined,
    cost: undefined,
    limits: undefined,
    lengths: undefined,
    made: undefined,
    longest: undefined,
  } satisfies Record<keyof GatewayContext | 'req' | 'res' | 'request' | 'params', unknown>;
}
