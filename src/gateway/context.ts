/**
 * What each request's resolvers read (yoga's `context`): its reads through the reuse layer, with
 * its signal, budget and trace; the upstream clients over them, with the client's own Data API key
 * when it sent one; the loaders; and the gateway's shared parts (cursors, pollers, rate limits).
 * The upstream clients are built here for a subscription's polls too (`upstreamClients`), so a
 * poll and a query talk to the upstreams alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { YogaInitialContext } from 'graphql-yoga';
import { PUBLIC_DEFAULTS, type Config } from '../config/config.js';
import { adminAccess, type AdminAccess } from '../graphql/admin-access.js';
import type { CursorCodec } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { Pacer } from '../graphql/pacing.js';
import type { ClientIdentity } from '../guards/identity.js';
import type { RateLimiter } from '../guards/limiter.js';
import type { LiveClients } from '../live/feeds.js';
import type { LiveHub } from '../live/hub.js';
import { DataApiLoaders } from '../loaders/data-api.js';
import { NodeLoaders } from '../loaders/node.js';
import type { GatewayTracing } from '../ops/tracing.js';
import type { ListLengths } from '../reuse/list-lengths.js';
import type { RequestReads, Reuse } from '../reuse/reads.js';
import { RequestActivity } from '../upstreams/activity.js';
import { CallBudget } from '../upstreams/budget.js';
import { Cancellation } from '../upstreams/cancellation.js';
import { DataApiClient, type DataApiOptions } from '../upstreams/data-api/client.js';
import { MetricsApiClient } from '../upstreams/metrics-api/client.js';
import { NodeClient, type NodeOptions } from '../upstreams/node/client.js';
import { batchBudget } from '../yoga/use-batching.js';
import { clientLimits } from './rate-limits.js';
import type { LiveSettings } from './settings.js';

/** Where each upstream is, and how the Data API is given its key. */
export interface UpstreamOptions {
  dataApi: DataApiOptions;
  metricsApi: { baseUrl: string };
  node: NodeOptions;
}

export function upstreamOptions(config: Config): UpstreamOptions {
  return {
    dataApi: { baseUrl: config.upstreams.dataApi, apiKeyHeader: config.apiKeyHeader, apiKey: config.apiKey },
    metricsApi: { baseUrl: config.upstreams.metricsApi },
    node: {
      urls: config.upstreams.node,
      // The public endpoints serve no admin, health or index API: refusals there say so.
      publicNetworks: new Set(
        (['mainnet', 'fuji'] as const).filter(
          (n) => config.upstreams.node[n] === PUBLIC_DEFAULTS[n === 'mainnet' ? 'NODE_URL_MAINNET' : 'NODE_URL_FUJI'],
        ),
      ),
    },
  };
}

/** The upstream clients over `reads`; `apiKey`, the client's own Data API key, else the operator's. */
export function upstreamClients(reads: RequestReads, options: UpstreamOptions, apiKey?: string): LiveClients {
  return {
    dataApi: new DataApiClient(reads, options.dataApi, apiKey),
    node: new NodeClient(reads, options.node),
    metricsApi: new MetricsApiClient(reads, options.metricsApi),
  };
}

/** The gateway's parts a request's context is made of. */
export interface ContextParts {
  config: Config;
  settings: LiveSettings;
  reuse: Reuse;
  upstreams: UpstreamOptions;
  identity: ClientIdentity;
  cursors: CursorCodec;
  live: LiveHub;
  limiter?: RateLimiter;
  tracing?: GatewayTracing;
  lengths?: ListLengths;
}

export function contextFactory(parts: ContextParts): (initial: YogaInitialContext) => GatewayContext {
  const { config, settings, reuse, upstreams, identity, cursors, live, limiter, tracing, lengths } = parts;
  return (initial) => {
    const { request } = initial;
    // Over HTTP, the node response tells when the client hangs up; through yoga.fetch, the request's signal.
    const res = (initial as { res?: ServerResponse }).res;
    const activity = new RequestActivity();
    const req = (initial as { req?: IncomingMessage }).req;
    let client: string | undefined;
    // Only subscriptions and failed calls (the circuit breaker counts callers) ask: a query
    // does not pay for working it out.
    const clientOf = () => (client ??= identity.address(req?.socket?.remoteAddress, request.headers.get('x-forwarded-for') ?? undefined));
    const reads = reuse.forRequest(
      {
        signal: res ? Cancellation.untilAnswered(res) : Cancellation.following(request.signal),
        // An operation of a batch: its calls count toward the batch's budget too, the batch being one request.
        budget: new CallBudget(settings.costs.maxCalls, batchBudget(initial, settings.costs.maxCalls)),
        trace: tracing?.traceOf(initial),
        caller: clientOf,
      },
      activity,
    );
    // A client may send its own Data API key; it is used for this request only. An empty
    // header is no key: the operator's applies.
    const { dataApi, node, metricsApi } = upstreamClients(reads, upstreams, request.headers.get(config.apiKeyHeader) || undefined);
    let admin: AdminAccess | undefined;
    return {
      dataApi,
      metricsApi,
      node,
      loaders: new DataApiLoaders(dataApi, reads, activity),
      nodeLoaders: new NodeLoaders(node),
      reads,
      cursors,
      admin: () => (admin ??= adminAccess(config.adminToken, request.headers.get('authorization'))),
      live,
      client: clientOf,
      liveMaxAddresses: config.live.maxAddresses,
      search: config.search,
      pacer: config.paceItemsPerTurn > 0 ? new Pacer(config.paceItemsPerTurn) : undefined,
      // Only requests admitted through the server drew from the buckets (tests' yoga.fetch did not).
      limits: limiter && req ? clientLimits(limiter, req) : undefined,
      lengths,
    };
  };
}
