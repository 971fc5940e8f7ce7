/**
 * `Cache-Control` on GraphQL answers over HTTP: what a browser or a CDN in front of the gateway
 * may keep, and for how long. The one place that decides it, for both ways an answer is written
 * (yoga's request layer, through this plugin's hooks, and src/yoga/lean-post.ts, through its one
 * call to `cacheControlFor`), so a client cannot tell the two apart by it.
 *
 * - `public, max-age=<s>`: a query answered without errors, from reads anyone may share. `<s>` is
 *   what is left of the shortest freshness among the reads the answer was built from (the
 *   operations table of docs/caching.md; what is left, since a read the gateway served from its
 *   cache is already part-way through its time), at most RESPONSE_MAX_AGE_S. Plus
 *   `stale-while-revalidate=<s>` when every read's kind may be served stale (subnets, validators,
 *   TPS, configs, contracts), for the shortest of those windows. The answer does not depend on
 *   who asks; GET is what CDNs and browsers keep (the URL is the key: a persisted document's GET,
 *   `?documentId=…`, makes a short one). A POST answer says the same, but no CDN or browser keeps
 *   a POST's answer by default (RFC 9111 §9.3.3 allows it only for a later GET of its
 *   Content-Location, which the gateway never sends).
 * - `private, max-age=<s>`: such an answer to a request that sent its own Data API key
 *   (API_KEY_HEADER) or an `Authorization` header (ADMIN_TOKEN): it was made with that key, or
 *   under that token, so only the client's own cache may keep it. A shared cache must not hand it
 *   to another client, nor answer that client from what others were given.
 * - `no-store`: everything else. Mutations and subscriptions (SSE streams too: yoga's `no-cache`
 *   is replaced), answers with errors (a refusal, a failed call: what fails now may not fail in a
 *   moment), answers in parts, batches, answers built on a read that is never shared (admin
 *   reads, writes, a client's rate-limit standing) or on a stale one, and anything the pipeline did not run for (a request refused before it ran). src/http/server.ts
 *   sets it on every GraphQL request before either path sees it, so even an answer written outside
 *   both (a 500, a refusal of the server) says so.
 *
 * `Vary` is as before: `Origin` when CORS_ORIGINS is set (src/yoga/use-cross-site.ts),
 * `Accept-Encoding` when answers are compressed (src/base/compression.ts).
 */
import { getOperationAST, type ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../graphql/context.js';
import { earlyHeader } from '../base/early-headers.js';
import { keptTerms, leanTerms } from './fast-path-terms.js';

/** The longest `max-age` given: an answer that read nothing, or only immutable data, is kept this long. */
export const RESPONSE_MAX_AGE_S = 600;

export const NO_STORE = 'no-store';

/**
 * What an operation's run leaves for the HTTP layer: its header, once it has run, kept on its
 * request. A property rather than a WeakMap entry: one entry per request is an ephemeron that
 * every young-generation collection must trace, on every GraphQL request of both paths.
 */
const VERDICT = Symbol('cache-control verdict');
type Judged = { [VERDICT]?: string };

/** What the pipeline knows of an operation that ran, for `decide`. */
export interface RunFacts {
  operation: 'query' | 'mutation' | 'subscription' | undefined;
  /** Whether its result has errors, or comes in parts. */
  failedOrStreamed: boolean;
  /** Whether a client's own key or an Authorization header shaped it. */
  personal: boolean;
  /** Whether it read something never shared. */
  uncacheable: boolean;
  /** When the first of its reads stops being fresh (Infinity: none limits it). */
  freshUntil: number;
  /** The shortest time any of its reads may be served stale past that (0: one may not). */
  staleMs: number;
}

/** The header for an operation that ran, from what it did. */
export function decide(facts: RunFacts, now = Date.now()): string {
  if (facts.operation !== 'query' || facts.failedOrStreamed) return NO_STORE;
  if (facts.uncacheable && !facts.personal) return NO_STORE;
  const left = facts.freshUntil - now;
  // Built on a stale read, or a failure turned into data: nothing to keep.
  if (!(left > 0)) return NO_STORE;
  // Under a second left is max-age=0: kept, but asked again (with its ETag, answered 304 while the gateway holds it).
  const maxAge = Math.min(RESPONSE_MAX_AGE_S, Math.floor(left / 1000));
  if (facts.personal) return `private, max-age=${maxAge}`;
  // Only immutable reads (or none): nothing limits staleness, and nothing needs it, max-age being the longest.
  const stale = Number.isFinite(facts.staleMs) ? Math.floor(facts.staleMs / 1000) : 0;
  return stale >= 1 ? `public, max-age=${maxAge}, stale-while-revalidate=${stale}` : `public, max-age=${maxAge}`;
}

/**
 * The `Cache-Control` of the answer to `request` whose result is `result`: the verdict of its
 * operation when it ran and is answered whole, `no-store` otherwise (a batch, a stream, a request
 * refused before it ran, a result with errors).
 */
export function cacheControlFor(request: object, result: unknown): string {
  if (result === null || typeof result !== 'object' || Array.isArray(result) || isAsyncIterable(result)) return NO_STORE;
  if ((result as ExecutionResult).errors?.length) return NO_STORE;
  return (request as Judged)[VERDICT] ?? NO_STORE;
}

/** The content types of an answer a cache may keep: one JSON body. */
const WHOLE = /^application\/(?:graphql-response\+)?json\b/i;

export function useCacheControl(): Plugin {
  /** The header of each answer yoga's request layer is about to write, by its request. */
  const written = new WeakMap<object, string>();
  const plugin: Plugin = {
    onExecute({ args }) {
      const context = args.contextValue as Partial<GatewayContext> & { request?: Request };
      const request = context.request;
      if (!request) return undefined;
      return {
        onExecuteDone({ result }) {
          const reads = context.reads;
          (request as Judged)[VERDICT] = decide({
            operation: getOperationAST(args.document, args.operationName)?.operation,
            failedOrStreamed: isAsyncIterable(result) || Boolean((result as ExecutionResult).errors?.length),
            personal: context.dataApi?.credential !== undefined || request.headers.has('authorization'),
            uncacheable: reads?.uncacheable ?? true,
            freshUntil: reads?.freshUntil ?? 0,
            staleMs: reads?.staleMs ?? 0,
          });
        },
      };
    },
    onResultProcess({ request, result }) {
      written.set(request, cacheControlFor(request, result));
    },
    onResponse({ request, response }) {
      const type = response.headers.get('content-type') ?? '';
      const header = response.status === 200 || response.status === 304 ? (written.get(request) ?? NO_STORE) : NO_STORE;
      // An event stream or parts (a query's too) is no answer to keep: a cache would hand it to a JSON client.
      response.headers.set('cache-control', response.status === 304 || WHOLE.test(type) ? header : NO_STORE);
    },
  };
  keptTerms(plugin, {
    because: 'its onExecute judges the answer from its reads: judged here alike, for a kept answer to a request of no one in particular',
    onKept: (kept) => () => {
      earlyHeader(
        kept.res,
        'cache-control',
        decide({
          operation: 'query',
          failedOrStreamed: false,
          personal: false,
          uncacheable: false,
          freshUntil: kept.freshUntil,
          staleMs: kept.staleMs,
        }),
      );
    },
  });
  return leanTerms(plugin, {
    because: 'src/yoga/lean-post.ts writes the same header with its one call to cacheControlFor, from the verdict its onExecute left',
  });
}
