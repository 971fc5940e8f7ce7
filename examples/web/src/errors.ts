/**
 * The one place where the explorer turns the gateway's errors into words a person understands.
 * Every GraphQL error of the gateway has `extensions.code` (README, "Errors"); upstream failures
 * also say which service failed (`extensions.upstream.service`) and, when rate limited, after how
 * many seconds to retry. The gateway's own message stays available as the detail.
 *
 * This file imports nothing, so a test can check that every code the gateway has is covered.
 */

/** What the explorer needs of an error, from urql's CombinedError or a raw response. */
export interface GatewayError {
  message: string;
  path?: readonly (string | number)[] | undefined;
  extensions?: Record<string, unknown> | undefined;
}

export interface Explanation {
  /** One sentence for a person: what happened and, where there is one, what to do. */
  words: string;
  /** Whether asking again may help (the button "Try again"). */
  retry: boolean;
  /** The gateway's code, shown small for whoever reports the problem. */
  code: string;
}

const SERVICES: Record<string, string> = {
  'data-api': 'The Avalanche Data API',
  'metrics-api': 'The Avalanche Metrics API',
  node: 'The Avalanche node behind the gateway',
};

interface Context {
  service: string;
  retryAfter?: number;
}

/** Words per code; `retry` says whether the same request may succeed later. */
export const ERROR_WORDS: Record<string, { words: (c: Context) => string; retry: boolean }> = {
  BAD_USER_INPUT: { words: () => 'That id or address is not valid; the details say what is wrong.', retry: false },
  GRAPHQL_PARSE_FAILED: { words: () => 'The explorer sent a query the gateway cannot read: the explorer needs rebuilding.', retry: false },
  GRAPHQL_VALIDATION_FAILED: {
    words: () => 'The explorer asked for something this gateway does not have: the explorer and the gateway are different versions.',
    retry: false,
  },
  QUERY_LIMIT_EXCEEDED: { words: () => 'This page asks for more in one request than the gateway allows.', retry: false },
  UNSUPPORTED_MEDIA_TYPE: {
    words: () => 'The explorer sent its query in a form the gateway does not run (only JSON is accepted).',
    retry: false,
  },
  METHOD_NOT_ALLOWED: {
    words: () => 'The explorer sent its query with an HTTP method the gateway does not take (only GET and POST).',
    retry: false,
  },
  CSRF_BLOCKED: {
    words: () =>
      'The gateway refused a request that looked cross-site: the explorer must send its queries as JSON or with the CSRF header.',
    retry: false,
  },
  RATE_LIMITED: {
    words: (c) =>
      `You are sending more requests than this gateway allows per client.${c.retryAfter !== undefined ? ` Try again in ${c.retryAfter} seconds.` : ''}`,
    retry: true,
  },
  PAYLOAD_TOO_LARGE: { words: () => 'The request is larger than this gateway accepts.', retry: false },
  BAD_REQUEST: { words: () => 'The explorer sent a request the gateway cannot read: the explorer needs rebuilding.', retry: false },
  NOT_ACCEPTABLE: {
    words: () => 'The explorer asked for its answer in a form the gateway does not write (it writes JSON): the explorer needs rebuilding.',
    retry: false,
  },
  OPERATION_RESOLUTION_FAILURE: {
    words: () => 'The explorer sent a query without saying which of its operations to run: the explorer needs rebuilding.',
    retry: false,
  },
  BATCHING_DISABLED: {
    words: () => 'The explorer sent several queries in one request, which this gateway does not take: the explorer needs rebuilding.',
    retry: false,
  },
  SHUTTING_DOWN: { words: () => 'This gateway is restarting; trying again reaches another one.', retry: true },
  PERSISTED_QUERY_ONLY: {
    words: () => 'This gateway runs only the queries of the apps it knows, and this explorer build is not one of them.',
    retry: false,
  },
  PERSISTED_QUERY_NOT_FOUND: {
    words: () => 'This gateway does not know this explorer build’s query: the explorer and the gateway are different versions.',
    retry: false,
  },
  PERSISTED_QUERY_MISMATCH: {
    words: () => 'The explorer sent a query that does not match its own id: the explorer needs rebuilding.',
    retry: false,
  },
  PERSISTED_QUERY_ID_REQUIRED: { words: () => 'The explorer sent a request without a query: the explorer needs rebuilding.', retry: false },
  NOT_FOUND: { words: () => 'Nothing was found by that id on this network.', retry: false },
  FORBIDDEN: { words: () => 'This needs the gateway operator’s admin token.', retry: false },
  UPSTREAM_BAD_REQUEST: { words: (c) => `${c.service} refused the request.`, retry: false },
  UPSTREAM_UNAUTHORIZED: {
    words: (c) => `${c.service} refused the gateway’s API key; the gateway operator needs to check it.`,
    retry: false,
  },
  UPSTREAM_FORBIDDEN: { words: (c) => `${c.service} does not allow the gateway’s API key to do this.`, retry: false },
  UPSTREAM_RATE_LIMITED: {
    words: (c) =>
      `${c.service} is getting too many requests right now. Try again ${c.retryAfter !== undefined ? `in ${c.retryAfter} seconds` : 'in a minute'}.`,
    retry: true,
  },
  UPSTREAM_UNAVAILABLE: { words: (c) => `${c.service} cannot be reached right now. Try again in a moment.`, retry: true },
  UPSTREAM_TIMEOUT: { words: (c) => `${c.service} took too long to answer. Try again in a moment.`, retry: true },
  UPSTREAM_INVALID_RESPONSE: { words: (c) => `${c.service} sent an answer the gateway could not read.`, retry: true },
  UPSTREAM_BUDGET_EXCEEDED: {
    words: () => 'This page needs more lookups than the gateway allows for one request, so part of it is missing.',
    retry: false,
  },
  NODE_API_UNAVAILABLE: {
    words: () =>
      'The Avalanche node behind the gateway does not serve this: it does not follow this chain, or that part of its API is turned off.',
    retry: false,
  },
  UPSTREAM_RPC_ERROR: { words: (c) => `${c.service} answered with an error.`, retry: false },
  CANCELLED: { words: () => 'The request was cancelled before the answer came.', retry: true },
  INTERNAL_SERVER_ERROR: { words: () => 'Something went wrong inside the gateway.', retry: true },
};

export function explain(error: GatewayError): Explanation {
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'UNKNOWN';
  const upstream = error.extensions?.upstream as { service?: unknown } | undefined;
  const service = (typeof upstream?.service === 'string' && SERVICES[upstream.service]) || 'The service behind the gateway';
  const retryAfter = typeof error.extensions?.retryAfter === 'number' ? error.extensions.retryAfter : undefined;
  const known = ERROR_WORDS[code];
  if (!known) return { words: 'The gateway could not answer this part of the page.', retry: true, code };
  return { words: known.words({ service, retryAfter }), retry: known.retry, code };
}

/** When no GraphQL answer came at all: the gateway is down, or something between refused. */
export function explainNetworkError(message: string, status?: number): Explanation {
  if (status !== undefined && status >= 500)
    return { words: `The gateway failed (HTTP ${status}). Try again in a moment.`, retry: true, code: `HTTP_${status}` };
  if (status !== undefined && status >= 400)
    return { words: `The gateway refused the request (HTTP ${status}).`, retry: false, code: `HTTP_${status}` };
  return { words: `The gateway cannot be reached (${message}). Check that it is running.`, retry: true, code: 'NETWORK' };
}
