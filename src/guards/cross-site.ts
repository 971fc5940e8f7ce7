/**
 * Which other sites' pages may read this gateway's answers (CORS_ORIGINS, CORS_CREDENTIALS) or open
 * a WebSocket to it: the policy, which yoga's CORS option (src/yoga/use-cross-site.ts), the rate
 * limits' 429 (src/guards/limiter.ts) and the WebSocket upgrade (src/http/server.ts) each apply.
 */
import type { CORSOptions } from 'graphql-yoga';

/** The CORS allow-list (CORS_ORIGINS, CORS_CREDENTIALS). */
export interface CorsConfig {
  /** Exact origins, or `*` for any origin (never with credentials). */
  origins: readonly string[] | '*';
  credentials: boolean;
}

/** What a preflight is allowed: the methods GraphQL over HTTP uses. */
const CORS_METHODS = ['GET', 'POST'];
/** Response headers a cross-origin script may read: how long a 429 asks it to wait. */
const CORS_EXPOSED = ['retry-after'];
/** How long a browser may reuse a preflight's answer, in seconds (Chromium caps it at 7200). */
const CORS_MAX_AGE = 600;

function allows(cors: CorsConfig, origin: string | null | undefined): origin is string {
  // "null" is the origin of sandboxed frames and files: never one to name in an allow-list.
  return typeof origin === 'string' && origin !== 'null' && (cors.origins === '*' || cors.origins.includes(origin));
}

/**
 * yoga's `cors`: an origin outside the list gets no CORS headers at all, so its scripts can
 * neither read an answer nor pass a preflight. (Given a list, yoga would answer such an origin
 * `Access-Control-Allow-Origin: null`, which sandboxed frames of any site match.)
 */
export function corsOptions(cors: CorsConfig | undefined): false | ((request: Request) => CORSOptions) {
  if (!cors) return false;
  return (request) => {
    const origin = request.headers.get('origin');
    if (!allows(cors, origin)) return false;
    return {
      origin: cors.origins === '*' ? '*' : [origin],
      credentials: cors.credentials,
      methods: CORS_METHODS,
      exposedHeaders: CORS_EXPOSED,
      maxAge: CORS_MAX_AGE,
    };
  };
}

/** The CORS headers of an answer given outside yoga (a 429 from src/http/server.ts), so a page it allows can read it. */
export function corsHeaders(cors: CorsConfig | undefined, origin: string | undefined): Record<string, string> {
  if (!cors || !allows(cors, origin)) return cors ? { vary: 'Origin' } : {};
  return {
    'access-control-allow-origin': origin,
    ...(cors.credentials ? { 'access-control-allow-credentials': 'true' } : {}),
    'access-control-expose-headers': CORS_EXPOSED.join(', '),
    vary: 'Origin',
  };
}

/**
 * Whether a WebSocket upgrade may come from `origin`. CORS does not apply to WebSockets: a page
 * of any site can open one, with its visitors' network position, so a browser's handshake (which
 * always carries Origin) is let in only from the gateway's own origin or one CORS_ORIGINS allows.
 * No Origin at all is a client that is no browser, as for HTTP.
 */
export function allowsSocketOrigin(cors: CorsConfig | undefined, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (cors && allows(cors, origin)) return true;
  try {
    return host !== undefined && origin !== 'null' && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
