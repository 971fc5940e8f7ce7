/**
 * The GraphQL parameters of a GET, read from its URL with precise errors. yoga's own GET parser
 * (`handleURLSearchParams`) JSON-parses `variables` and `extensions` unguarded: a URL with
 * `variables=%7B` threw a SyntaxError that yoga answered 500 "Unexpected error", on GET and on
 * GraphQL over SSE by GET alike. This parser reads the same four parameters the same way (the
 * first of each, an empty one as absent) and refuses one that is not JSON with 400 BAD_REQUEST,
 * naming it, why, and what to send. What the parameters hold (variables that are not an object,
 * a query that is not GraphQL) yoga and the validation judge as before.
 */
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import { ErrorCode } from '../graphql/errors.js';
import { leanTerms } from './fast-path-terms.js';

/** What each JSON parameter looks like, URL-encoded, for the error's example. */
const EXAMPLES = {
  variables: encodeURIComponent('{"first":10}'),
  extensions: encodeURIComponent('{"persistedQuery":{"version":1,"sha256Hash":"…"}}'),
};

export function useUrlParams(): Plugin {
  const plugin: Plugin = {
    onRequestParse({ request, url, setRequestParser }) {
      if (request.method === 'GET') setRequestParser(() => paramsOfUrl(url.searchParams));
    },
  };
  return leanTerms(plugin, { because: 'it parses GET requests only, and a lean request is a POST' });
}

/** The GraphQL parameters a GET's query string carries; throws a 400 for a JSON parameter that is not JSON. */
export function paramsOfUrl(search: URLSearchParams): GraphQLParams {
  return {
    operationName: search.get('operationName') || undefined,
    query: search.get('query') || undefined,
    variables: jsonParam(search, 'variables'),
    extensions: jsonParam(search, 'extensions'),
  };
}

function jsonParam(search: URLSearchParams, name: keyof typeof EXAMPLES): Record<string, unknown> | undefined {
  const text = search.get(name);
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw createGraphQLError(
      `The URL's \`${name}\` parameter is not JSON (${(error as Error).message}): send it as URL-encoded JSON, e.g. \`${name}=${EXAMPLES[name]}\`.`,
      { extensions: { code: ErrorCode.BAD_REQUEST, http: { status: 400 } } },
    );
  }
}
