/**
 * Bounds the shape of a document before it runs (GraphQL Armor): tokens, depth, aliases and
 * directives, each refused with QUERY_LIMIT_EXCEEDED and the limit it broke. What a document
 * costs upstream is bounded per request by the call budget (src/upstreams/budget.ts) instead of
 * Armor's cost estimate, which multiplies by `first` only when it is a literal and so would
 * judge the same query differently with a variable.
 */
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ErrorCode } from '../errors.js';

export interface QueryLimits {
  depth: number;
  aliases: number;
  tokens: number;
}

function limitError(error: GraphQLError, limit: string): GraphQLError {
  return new GraphQLError(`${error.message.replace(/^Syntax Error: /, '')} Simplify the query or split it.`, {
    extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit },
  });
}

/** Armor's rules throw out of `validate`; reporting instead keeps the error in the validation result. */
const report =
  (limit: string) =>
  (context: ValidationContext | null, error: GraphQLError): void => {
    context?.reportError(limitError(error, limit));
  };

export function useQueryLimits(limits: QueryLimits): Plugin {
  // The token limit fails the parse itself; its errors are recognised by identity afterwards.
  const tokenErrors = new WeakSet<GraphQLError>();
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(maxTokensPlugin({ n: limits.tokens, onReject: [(_context, error) => void tokenErrors.add(error)] }));
      addPlugin(maxDepthPlugin({ n: limits.depth, flattenFragments: true, propagateOnRejection: false, onReject: [report('depth')] }));
      addPlugin(maxAliasesPlugin({ n: limits.aliases, propagateOnRejection: false, onReject: [report('aliases')] }));
      addPlugin(maxDirectivesPlugin({ n: 50, propagateOnRejection: false, onReject: [report('directives')] }));
    },
    onParse: () => ({ result, replaceParseResult }) => {
      if (result instanceof GraphQLError && tokenErrors.has(result)) replaceParseResult(limitError(result, 'tokens'));
    },
  };
}
