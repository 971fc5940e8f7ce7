/**
 * The one contract of the two ways a GraphQL request over HTTP is answered: src/yoga/lean-post.ts
 * (the common JSON POST, outside yoga's request layer) and yoga whole. A client must not be able
 * to tell them apart by what the HTTP layer does, so every HTTP-level behaviour is listed here,
 * with how each path gets it. The list is what test/http/entries.test.ts goes through: a
 * behaviour added here needs its check there (the checks are typed by this list, so a missing
 * one does not compile), and each check runs on both paths over a real socket, so a behaviour
 * only one path has fails a test. docs/ARCHITECTURE.md ("The fast path and the plugins") says
 * which kind of entry to add.
 */

/** How both paths get one behaviour. */
export type How =
  /**
   * src/http/server.ts gives it to the request before it tells the paths apart: one call serves
   * both, and nothing on either path may do it again.
   */
  | { by: 'server'; where: string }
  /**
   * A hook that yoga's `getResultForParams` runs (onParams, envelop, onExecutionResult): the fast
   * path calls that very pipeline, so the plugin runs on both. A kept answer the fast path hands
   * out at the door (src/yoga/kept-door.ts) skips it: the plugin's `onKept` (`keptTerms()`) does
   * the same in its place, which test/yoga/kept-door.test.ts checks against the pipeline's.
   */
  | { by: 'pipeline'; plugin: string }
  /**
   * A request-layer hook (onRequest, onRequestParse, onResultProcess, onResponse), which only
   * yoga's path runs: the plugin states with `leanTerms()` (src/yoga/fast-path-terms.ts) why the
   * fast path needs nothing, or the headers it adds to every answer, which the fast path adds too.
   * `fastPath()` refuses a plugin with such a hook and no terms.
   */
  | { by: 'terms'; plugin: string }
  /** Written from the result by each path's writer: yoga's result processor, the fast path's. */
  | { by: 'result'; yoga: string; lean: string };

export interface SharedBehaviour {
  /** What a client observes, on either path. */
  seen: string;
  how: How;
}

export const BOTH_PATHS = {
  requestId: {
    seen: 'x-request-id on the answer: the caller’s when well-formed, else a new one',
    how: { by: 'server', where: 'assignRequestId (src/ops/request-id.ts)' },
  },
  httpMetrics: {
    seen: 'the answer counted in http_server_request_duration_seconds',
    how: { by: 'server', where: 'observeHttp' },
  },
  rateLimits: {
    seen: 'past the limit, 429 RATE_LIMITED with retry-after, the same requests charged alike',
    how: { by: 'server', where: 'Gateway.admit, before the body is read' },
  },
  methods: {
    seen: 'a method other than GET and POST (PUT, PATCH, DELETE, HEAD, OPTIONS but a CORS preflight) refused with 405 METHOD_NOT_ALLOWED and `Allow: GET, POST`',
    how: { by: 'server', where: 'allowedAt and refuseMethod, before the rate limits and the paths part' },
  },
  bodyLimit: {
    seen: 'a body past MAX_BODY_BYTES refused with 413 PAYLOAD_TOO_LARGE',
    how: { by: 'server', where: 'readBody, before the paths part' },
  },
  requestEncoding: {
    seen: 'a body sent with content-encoding gzip, deflate or br read decompressed, within MAX_BODY_BYTES (413 past it); another coding refused with 415 UNSUPPORTED_MEDIA_TYPE and `Accept-Encoding`; a body that is not what its coding says, 400 BAD_REQUEST',
    how: {
      by: 'server',
      where: 'codingsOf before the body is read, decodeBody after (src/http/request-encoding.ts), before the paths part',
    },
  },
  compression: {
    seen: 'content-encoding as accept-encoding asks',
    how: {
      by: 'server',
      where:
        'ServerOptions.compress: installed on the response on the way to yoga (yoga writes through it) or a refusal, and the one the fast path’s endWhole packs with, saying Vary itself',
    },
  },
  vary: {
    seen: 'Vary: Origin when CORS_ORIGINS is set',
    how: { by: 'terms', plugin: 'useCrossSite (src/yoga/use-cross-site.ts)' },
  },
  csrf: {
    seen: 'a JSON POST passes CSRF prevention; a form body is refused (415)',
    how: { by: 'terms', plugin: 'useCrossSite (src/yoga/use-cross-site.ts)' },
  },
  etag: {
    seen: 'the ETag of a kept answer, the same on every hit',
    how: {
      by: 'result',
      yoga: 'yoga’s result processor writes extensions.http.headers (src/yoga/use-response-cache.ts)',
      lean: 'writeData writes extensions.http.headers (src/yoga/lean-post.ts)',
    },
  },
  cacheControl: {
    seen: 'Cache-Control: public with the max-age its reads have left for a query answered whole without errors, private when the client’s own key or an Authorization header shaped it, no-store for anything else',
    how: {
      by: 'result',
      yoga: 'useCacheControl’s onResultProcess and onResponse hooks (src/yoga/use-cache-control.ts)',
      lean: 'one call to cacheControlFor, with the verdict the same plugin’s onExecute left (src/yoga/lean-post.ts); for a kept answer at the door, the verdict its onKept makes alike',
    },
  },
  requestLog: {
    seen: 'one `graphql request` log line per request',
    how: { by: 'pipeline', plugin: 'useRequestLog (src/yoga/use-request-log.ts)' },
  },
  graphqlMetrics: {
    seen: 'the operation counted in graphql_server_requests_total',
    how: { by: 'pipeline', plugin: 'usePrometheus (src/yoga/use-prometheus.ts)' },
  },
} as const satisfies Record<string, SharedBehaviour>;

export type SharedBehaviourName = keyof typeof BOTH_PATHS;
