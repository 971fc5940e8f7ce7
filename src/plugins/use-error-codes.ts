/**
 * Gives every error that reaches a client an `extensions.code`: documents that do not parse
 * become GRAPHQL_PARSE_FAILED, validation failures GRAPHQL_VALIDATION_FAILED (unless a scalar
 * already said BAD_USER_INPUT), variable values that do not coerce BAD_USER_INPUT. Execution
 * errors get theirs from src/errors.ts.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ErrorCode } from '../errors.js';

function withCode(error: unknown, code: string): unknown {
  if (!(error instanceof GraphQLError) || error.extensions.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

export function useErrorCodes(): Plugin {
  return {
    onParse: () => ({ result, replaceParseResult }) => {
      if (result instanceof GraphQLError) replaceParseResult(withCode(result, ErrorCode.GRAPHQL_PARSE_FAILED));
    },
    onValidate: () => ({ result, setResult }) => {
      if (result.length > 0) setResult(result.map((e) => withCode(e, ErrorCode.GRAPHQL_VALIDATION_FAILED)));
    },
    onExecute: () => ({
      onExecuteDone: ({ result, setResult }) => {
        // No data at all means the request never ran: its variables did not coerce.
        if (Symbol.asyncIterator in result || result.data !== undefined || !result.errors) return;
        setResult({ ...result, errors: result.errors.map((e) => withCode(e, ErrorCode.BAD_USER_INPUT) as GraphQLError) });
      },
    }),
  };
}
