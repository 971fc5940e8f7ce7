/**
 * What a page on another site may make a visitor's browser do with this gateway.
 *
 * A browser sends some requests without asking the server first (no CORS preflight): a form's
 * POST (application/x-www-form-urlencoded, multipart/form-data, text/plain) and a plain GET.
 * Those would let any site run operations through its visitors, with the operator's Data API
 * key (a form once ran `aggregateSignatures`). So:
 *
 * - POST bodies a form can send are refused outright (415): nothing in this API is uploaded, and
 *   every client that is not a form sends application/json.
 * - Anything else that a browser could send without a preflight (a GET with no custom header and
 *   no JSON content type) is refused by yoga's CSRF prevention (403), with a message that says
 *   which header to add. Mutations are never run from a GET anyway (GraphQL over HTTP).
 * - Except a subscription asked over GET for an event stream (`accept: text/event-stream`): that
 *   is what a browser's EventSource sends, and it cannot add a header; a subscription only reads,
 *   so another site gains nothing from making a visitor's browser open one. The document (its text,
 *   or a trusted document named by `documentId`) is read to make sure it is a subscription: a query
 *   or mutation so asked is refused as before.
 * - CORS answers only the origins of CORS_ORIGINS, without credentials unless
 *   CORS_CREDENTIALS=true. Unset, there are no CORS headers at all: same-origin only.
 */
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, Kind, parse, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ErrorCode } from '../graphql/errors.js';
import { leanTerms } from './fast-path-terms.js';
import type { CorsConfig } from '../guards/cross-site.js';

/** The content types a browser sends without a preflight (Fetch's CORS-safelisted ones). */
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Headers a form or a no-cors fetch cannot set, so their presence proves a preflight happened:
 * yoga's own and the ones Apollo's clients send (Apollo Kotlin and iOS, and the header Apollo
 * documents for everything else).
 */
export const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight', 'x-apollo-operation-name'];

const isSimpleContentType = (contentType: string | null): boolean => {
  const type = contentType?.trim().toLowerCase();
  return type !== undefined && SIMPLE_CONTENT_TYPES.some((simple) => type.startsWith(simple));
};

export interface CrossSiteOptions {
  /** A trusted document's text by its id (sha256 hex), to tell whether a GET naming one subscribes. */
  documentById?: (id: string) => string | undefined;
}

/**
 * Whether a request is a GET asking for an event stream of a subscription, as a browser's
 * EventSource sends it: `query` (or a trusted document's `documentId`) whose operation, chosen by
 * `operationName` as yoga chooses it, is a subscription. A document that does not parse, or does
 * not say which operation runs, is none.
 */
function subscribesOverSse(request: Request, documentById: CrossSiteOptions['documentById']): boolean {
  if (request.method !== 'GET' || !/\btext\/event-stream\b/i.test(request.headers.get('accept') ?? '')) return false;
  const params = new URL(request.url).searchParams;
  let text = params.get('query');
  const id = params.get('documentId');
  if (text === null && id !== null) text = documentById?.(id.startsWith('sha256:') ? id.slice(7) : id) ?? null;
  if (text === null) return false;
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(text, { noLocation: true }).definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
  } catch {
    return false;
  }
  const name = params.get('operationName');
  const operation = name ? operations.find((o) => o.name?.value === name) : operations.length === 1 ? operations[0] : undefined;
  return operation?.operation === 'subscription';
}

export function useCrossSite(cors: CorsConfig | undefined, options: CrossSiteOptions = {}): Plugin {
  const csrf = useCSRFPrevention({ requestHeaders: CSRF_HEADERS });
  const plugin: Plugin = {
    onRequestParse(payload) {
      const { request } = payload;
      if (request.method === 'POST' && isSimpleContentType(request.headers.get('content-type'))) {
        throw new GraphQLError(
          "This gateway takes operations as application/json POST bodies (or GET for queries): form bodies (application/x-www-form-urlencoded, multipart/form-data, text/plain) are refused, so no other site can run an operation through a visitor's browser.",
          { extensions: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, http: { status: 415 } } },
        );
      }
      try {
        csrf.onRequestParse?.(payload);
      } catch {
        if (subscribesOverSse(request, options.documentById)) return;
        throw new GraphQLError(
          `Refused as a possible cross-site request (CSRF prevention): a GET must carry one of the headers ${CSRF_HEADERS.join(', ')} (any value) or content-type: application/json, which no other site can make a browser send without asking this gateway first; a subscription asked with accept: text/event-stream (an EventSource) needs none.`,
          { extensions: { code: ErrorCode.CSRF_BLOCKED, http: { status: 403 } } },
        );
      }
    },
    onResponse({ response }) {
      // With an allow-list, the answer depends on the request's Origin: a shared cache must not
      // hand one origin's answer to another.
      if (cors && !/\borigin\b/i.test(response.headers.get('vary') ?? '')) response.headers.append('vary', 'Origin');
    },
  };
  return leanTerms(plugin, {
    because: 'a lean request is a JSON POST: no form body to refuse, and its content type passes CSRF prevention',
    headers: cors ? { vary: 'Origin' } : undefined,
  });
}
