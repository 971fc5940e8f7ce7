/**
 * The yoga plugins of the gateway, in the order they run: the order is part of what they do (a
 * refusal before the response cache may answer, the validation cache after every rule), so it is
 * written in one place, with why each stands where it does.
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../base/logger.js';
import type { ClientIdentity } from '../guards/identity.js';
import type { RateLimiter } from '../guards/limiter.js';
import type { GatewayMetrics } from '../ops/prometheus.js';
import type { GatewayTracing } from '../ops/tracing.js';
import type { CacheStore } from '../reuse/store.js';
import { useBatching } from '../yoga/use-batching.js';
import { useCacheControl } from '../yoga/use-cache-control.js';
import { useCrossSite } from '../yoga/use-cross-site.js';
import { useDemandControl } from '../yoga/use-demand-control.js';
import { useErrorCodes } from '../yoga/use-error-codes.js';
import { useIncrementalDelivery } from '../yoga/use-incremental-delivery.js';
import { usePrometheus } from '../yoga/use-prometheus.js';
import { useCharge } from '../yoga/use-charge.js';
import { useQueryLimits } from '../yoga/use-query-limits.js';
import { useReportedErrors } from '../yoga/use-reported-errors.js';
import { useRequestLog } from '../yoga/use-request-log.js';
import { useGatewayResponseCache } from '../yoga/use-response-cache.js';
import { useStreamLeftovers } from '../yoga/use-stream-leftovers.js';
import { useUrlParams } from '../yoga/use-url-params.js';
import { useValidationCache } from '../yoga/use-validation-cache.js';
import { usePreparedOperations } from '../yoga/use-prepared-operations.js';
import { keptTerms, preparedTerms } from '../yoga/fast-path-terms.js';
import type { DocumentNode } from 'graphql';
import type { LiveSettings } from './settings.js';

/** The longest a whole response is kept when nothing it read set a shorter time. */
const RESPONSE_MAX_TTL_MS = 600_000;

/** What the plugins of both yoga instances are made with. */
export interface PluginParts {
  settings: LiveSettings;
  identity: ClientIdentity;
  limiter?: RateLimiter;
  metrics?: GatewayMetrics;
  tracing?: GatewayTracing;
  logger?: Logger;
  /** The responses' store, none with CACHE=off. */
  responses?: CacheStore;
  /** The compiled queries, none with COMPILED_CACHE_MAX_BYTES=0. */
  compiledExecution?: Plugin;
  /** A trusted document's text by its id, for the cross-site policy. */
  documentById?: (id: string) => string | undefined;
  /** yoga's parse cache (src/yoga/document-caches.ts), where a prepared query's document is found. */
  documents: { get(text: string): DocumentNode | undefined };
}

/** What differs between the graph's yoga and the subgraph's. */
export interface YogaPlugins {
  /** The response cache's scope: the two schemas' answers to one document differ. */
  scope: string;
  /** Whether it runs the compiled queries (the graph only: see the subgraph in ./gateway.ts). */
  compiled?: boolean;
  /** The trusted documents' plugins (the graph only). */
  trusted?: Plugin[];
}

/** One yoga instance's plugins: each instance gets its own, but for the compiled queries, which only the graph runs. */
export function gatewayPlugins(parts: PluginParts, { scope, compiled = true, trusted = [] }: YogaPlugins): Plugin[] {
  const { settings, limiter, metrics, tracing, logger, responses, compiledExecution } = parts;
  return [
    // Before the others, so that it sees every request whole, a response-cache hit included.
    ...(tracing
      ? [
          keptTerms(
            preparedTerms(tracing.plugin, {
              because: 'its parse and validate spans are part of every trace',
              onPrepared: () => false,
            }),
            { because: 'its spans are part of every trace', shut: true },
          ),
        ]
      : []),
    // First of the operation's hooks: in a batch, each operation after the first is admitted by
    // the rate limits before anything else looks at it, as its own request would have been.
    useBatching({
      get limit() {
        return settings.batching.limit;
      },
      admit: limiter && ((req) => limiter.admit(req)),
    }),
    useCrossSite(settings.cors, { documentById: parts.documentById }),
    // A GET's parameters, once it passed CSRF prevention (yoga's own parser answers 500 to a `variables` that is not JSON).
    useUrlParams(),
    // Before anything reads the document: it may come from an id.
    ...trusted,
    // After the document is known (from an id, too), before the response cache may answer.
    ...(metrics ? [usePrometheus(metrics)] : []),
    useQueryLimits(settings.queryLimits),
    // After the variables' bounds, before the response cache: a query priced past the limits is refused even when kept.
    useDemandControl(settings.costs),
    useIncrementalDelivery(),
    ...(compiled && compiledExecution ? [compiledExecution] : []),
    // After the executor is chosen, before anything keeps or counts the answer: one error per null, whichever ran it.
    useReportedErrors(),
    useErrorCodes(),
    useStreamLeftovers(),
    ...(logger ? [requestLog(parts, logger)] : []),
    // Before the response cache: an answer it holds gets its header too, from what is left of its freshness.
    useCacheControl(),
    ...(responses ? [useGatewayResponseCache({ store: responses, maxTtlMs: RESPONSE_MAX_TTL_MS, scope })] : []),
    // After the response cache (an answer it holds calls nothing, and reserves nothing), before
    // any call: what demand control priced is reserved from the client's buckets, and counted
    // into its batch's price.
    useCharge(settings.costs),
    // After every plugin that adds rules: it must see every rule the plugins above add.
    useValidationCache(),
    // Last: its validate hook notes the result every plugin above left, and it checks that each
    // plugin with parse or validate hooks says how they fare when a known query skips them.
    usePreparedOperations({ documents: parts.documents, generation: () => settings.generation }),
  ];
}

function requestLog({ settings, identity, tracing }: PluginParts, logger: Logger): Plugin {
  return useRequestLog({
    logger,
    identity,
    traceIds: tracing?.idsOf,
    // Read per request: a reload may change it.
    get sampleRate() {
      return settings.requestLog.sampleRate;
    },
  });
}
