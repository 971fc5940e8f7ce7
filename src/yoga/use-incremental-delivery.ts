/**
 * `@defer` and `@stream` (yoga's plugin): a slow branch of a query arrives after the rest, and a
 * list can arrive item by item, over `multipart/mixed` or `text/event-stream`.
 *
 * A request that uses them but accepts only JSON gets the whole answer in one JSON body, the
 * parts merged, as if the directives were not there (yoga would answer an empty 406). That is
 * also what the response cache gives once it holds the merged answer, so such a client sees the
 * same answer warm or cold. src/yoga/lean-post.ts, which takes only JSON-accepting requests, merges
 * the same way (`wholeAnswer`); requests accepting multipart or SSE never take it.
 *
 * `@stream`'s `initialCount` is checked before anything runs: a negative one, written or from a
 * variable, is BAD_USER_INPUT (the executor would fail it as an internal error, after the calls
 * that fetched the list).
 *
 * graphql-jit does not run these documents (./use-compiled-execution.ts).
 */
import { isSubscription } from './use-stream-leftovers.js';
import { getDirectiveValues, Kind, visit, type DirectiveNode, type DocumentNode, type ExecutionResult, type ValidationRule } from 'graphql';
import { GraphQLStreamDirective, mergeIncrementalResult } from '@graphql-tools/utils';
import { badInput } from '../graphql/errors.js';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { isAsyncIterable, processRegularResult, type Plugin } from 'graphql-yoga';
import { leanTerms } from './fast-path-terms.js';

/** The parts of an answer merged into one result: the first part's, with every later patch applied. */
export async function wholeAnswer(parts: AsyncIterable<ExecutionResult & { hasNext?: boolean }>): Promise<ExecutionResult> {
  let whole: ExecutionResult | undefined;
  for await (const part of parts) {
    if (whole) {
      mergeIncrementalResult({ incrementalResult: part, executionResult: whole });
    } else {
      const { hasNext: _, ...initial } = part;
      whole = initial;
    }
  }
  return whole ?? {};
}

/**
 * The rules yoga's plugin adds to every validation, read from it once. Its onValidate also filters
 * graphql-js's OverlappingFieldsCanBeMergedRule out of `params.rules`, but envelop hands each
 * plugin its own `params`, so the filter changes nothing the validation sees; it only reads the
 * name of every rule added before it (32 here), on every request. Adding the same rules, without it, validates
 * exactly as before.
 */
function deferStreamRules(plugin: { onValidate?: unknown }): ValidationRule[] {
  const rules: ValidationRule[] = [];
  const onValidate = plugin.onValidate as (payload: unknown) => void;
  onValidate({ params: { rules: [] }, addValidationRule: (rule: ValidationRule) => rules.push(rule) });
  return rules;
}

const streamsOf = new WeakMap<DocumentNode, DirectiveNode[]>();

/** The document's `@stream` directives, found once per parsed document. */
function streams(document: DocumentNode): DirectiveNode[] {
  let found = streamsOf.get(document);
  if (!found) {
    const directives: DirectiveNode[] = [];
    visit(document, {
      Directive(node) {
        if (node.name.value === 'stream') directives.push(node);
      },
    });
    streamsOf.set(document, (found = directives));
  }
  return found;
}

/** The first `@stream` whose `initialCount`, with these variables, is negative. */
function negativeInitialCount(document: DocumentNode, variables: Record<string, unknown> | undefined): DirectiveNode | undefined {
  for (const directive of streams(document)) {
    const argument = directive.arguments?.find((a) => a.name.value === 'initialCount');
    if (!argument || (argument.value.kind !== Kind.INT && argument.value.kind !== Kind.VARIABLE)) continue;
    const values = getDirectiveValues(GraphQLStreamDirective, { directives: [directive] }, variables ?? undefined);
    if (typeof values?.initialCount === 'number' && values.initialCount < 0) return directive;
  }
  return undefined;
}

export function useIncrementalDelivery(): Plugin {
  const deferStream = useDeferStream() as Plugin;
  const rules = deferStreamRules(deferStream);
  const plugin: Plugin = {
    ...deferStream,
    onValidate: ({ addValidationRule }) => {
      for (const rule of rules) addValidationRule(rule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const negative = negativeInitialCount(args.document, args.variableValues ?? undefined);
      if (negative) {
        setResultAndStopExecution({
          errors: [
            badInput(
              '`@stream(initialCount:)` must be 0 or more: the number of items sent in the first part, the others following one by one.',
              { argument: 'initialCount' },
              negative,
            ),
          ],
        });
      }
    },
    // Not async: most results are neither in parts nor refused, and cost no promise here.
    onResultProcess({ request, result, resultProcessor, setResult, setResultProcessor }) {
      // A subscription is an event stream too, but never ends: src/yoga/use-stream-leftovers.ts closes it.
      if (resultProcessor || !isAsyncIterable(result) || isSubscription(request)) return;
      return wholeAnswer(result as AsyncIterable<ExecutionResult>).then((whole) => {
        setResult(whole);
        setResultProcessor(processRegularResult, 'application/json');
      });
    },
  };
  return leanTerms(plugin, { because: 'src/yoga/lean-post.ts merges the parts for a JSON-only client with the same wholeAnswer' });
}
