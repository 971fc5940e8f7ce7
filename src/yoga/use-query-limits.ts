/**
 * Bounds a document before it runs: tokens, depth, aliases and directives (GraphQL Armor), how
 * often it asks for introspection (./introspection.ts), the length of its list literals and
 * variables (./input-bounds.ts). Each refusal is QUERY_LIMIT_EXCEEDED (BAD_USER_INPUT for
 * lists) and names the limit it broke. What a document costs upstream is priced before it runs by
 * ./use-demand-control.ts, from the fields' own prices and the request's variables, instead of
 * Armor's cost estimate, which multiplies by `first` only when it is a literal and so would judge
 * the same query differently with a variable.
 *
 * The document checks are validation rules, so yoga's validation cache runs them once per
 * document rather than once per request; only the variables are checked per request, and only
 * for operations that declare any.
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ErrorCode } from '../graphql/errors.js';
import { ListLiteralRule, variablesRefusal } from './input-bounds.js';
import { introspectionRule } from './introspection.js';

export interface QueryLimits {
  depth: number;
  aliases: number;
  tokens: number;
  /** INTROSPECTION: once per operation when true, never when false. Read per request: a reload may change it. */
  introspection: boolean;
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
  const rules: ValidationRule[] = [
    maxDepthRule({ n: limits.depth, flattenFragments: true, propagateOnRejection: false, onReject: [report('depth')] }) as ValidationRule,
    maxAliasesRule({ n: limits.aliases, propagateOnRejection: false, onReject: [report('aliases')] }) as ValidationRule,
    maxDirectivesRule({ n: 50, propagateOnRejection: false, onReject: [report('directives')] }) as ValidationRule,
    ListLiteralRule,
  ];
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(maxTokensPlugin({ n: limits.tokens, onReject: [(_context, error) => void tokenErrors.add(error)] }));
    },
    onParse:
      () =>
      ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError && tokenErrors.has(result)) replaceParseResult(limitError(result, 'tokens'));
      },
    onValidate: ({ addValidationRule }) => {
      for (const rule of rules) addValidationRule(rule);
      // One of two fixed rules: the validation cache, which knows a rule set by its rules, keeps
      // a set for each, whichever a reload turns on.
      addValidationRule(introspectionRule(limits.introspection));
    },
    onExecute: ({ args, setResultAndStopExecution }) => {
      const error = variablesRefusal(args.schema, args.document, args.operationName, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    // Subscriptions (SSE and WebSocket) run through subscribe, never execute: the same bound,
    // before graphql-js coerces a huge list item by item.
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const error = variablesRefusal(args.schema, args.document, args.operationName, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
