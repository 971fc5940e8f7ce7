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
 *
 * A streamed item that fails into its list ends the stream: the answer is the items before it and
 * its error. The executor as published also dropped the items before it not yet sent, as the calls
 * raced; the built gateway keeps them (build.mjs `streamKeepsEarlierItems`), the sources run
 * unbuilt (vitest's in-process harness, `npm run dev`) do not.
 */
import { isSubscription } from './use-stream-leftovers.js';
import { getDirectiveValues, Kind, visit, type DirectiveNode, type DocumentNode, type ExecutionResult, type ValidationRule } from 'graphql';
import { GraphQLStreamDirective } from '@graphql-tools/utils';
import { badInput } from '../graphql/errors.js';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { isAsyncIterable, processRegularResult, type Plugin } from 'graphql-yoga';
import { keptTerms, leanTerms, preparedTerms } from './fast-path-terms.js';

/**
 * What turns an answer in parts, merged, into the answer its operation has without `@defer`: tagged
 * on the first part by src/yoga/use-reported-errors.ts, which knows the schema and the document. It
 * hears the errors of the deferred fragments an error nulled whole.
 */
export const UNDEFER = Symbol('undefer');
export type Undefer = (whole: ExecutionResult, nulledFragments: readonly ErrorAt[]) => ExecutionResult;
/** An error as a part carries it: a GraphQLError in the gateway, its JSON form over the wire. */
export type ErrorAt = { readonly path?: readonly (string | number)[] };
/** A part of an answer in parts: the first (an ExecutionResult) or a later one (its `incremental` entries, or older payloads' own `path`). */
type Part = ExecutionResult & {
  hasNext?: boolean;
  path?: readonly (string | number)[];
  items?: unknown[];
  incremental?: unknown[];
  [UNDEFER]?: Undefer;
};

/**
 * The parts of an answer merged into one result: the first part's, with every later patch applied,
 * then made the answer of the operation without the directives when the first part says how
 * (`undefer`, else its tag): a fragment an error nulled nulls what the same error would null
 * without `@defer`, and each null reports one error.
 */
export function mergedParts(parts: readonly Part[], undefer?: Undefer): ExecutionResult {
  const [first, ...rest] = parts;
  if (!first) return {};
  const { hasNext: _, [UNDEFER]: tagged, ...initial } = first;
  const whole: ExecutionResult = initial;
  const nulled: ErrorAt[] = [];
  for (const part of rest) mergePart(whole, part, nulled);
  const finish = undefer ?? tagged;
  return finish ? finish(whole, nulled) : whole;
}

/** `mergedParts` of parts as they come. */
export async function wholeAnswer(parts: AsyncIterable<Part>): Promise<ExecutionResult> {
  const all: Part[] = [];
  for await (const part of parts) all.push(part);
  return mergedParts(all);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `value` merged into `into`, which it changes: objects key by key, lists item by item (a deferred
 * fragment's data holds its fields whole, lists too, also those the object already has: yoga's
 * executor sends them again), and a leaf or a null as it came, but no null over what a field
 * already answered. @graphql-tools/utils's `mergeDeep` joined such lists end to end and answered
 * a field null in both `undefined`, so the field was left out of the answer (issue 29's fuzzer).
 */
function mergeValue(into: unknown, value: unknown): unknown {
  if (isObject(into) && isObject(value)) {
    for (const [key, v] of Object.entries(value)) into[key] = key in into ? mergeValue(into[key], v) : v;
    return into;
  }
  if (Array.isArray(into) && Array.isArray(value)) {
    for (const [i, v] of value.entries()) into[i] = i < into.length ? mergeValue(into[i], v) : v;
    return into;
  }
  return value === null && into !== null && into !== undefined ? into : value;
}

/**
 * The container at `path` below `root`; undefined where a field on the path is null or missing: an
 * error nulled it, or nulled the deferred fragment that held it, and what was deferred or streamed
 * below it is not part of the answer (graphql-js sends no such part; yoga's executor may). A part
 * comes after the part that holds its parent, so a missing parent is never one still to come. Made
 * where it was missing, a fragment deferred in a fragment an error nulled was merged into an object
 * of its own on some entries and dropped on others (fuzz seed p46: `latestBlock` as `{ a4 }` or absent).
 */
function at(root: Json, path: readonly (string | number)[]): Json | unknown[] | undefined {
  let here: Json | unknown[] = root;
  for (const key of path) {
    const next = (here as Json)[key];
    if (next === null || typeof next !== 'object') return undefined;
    here = next as Json;
  }
  return here;
}

/**
 * One later part of an answer in parts (the incremental delivery format yoga's executor sends:
 * `incremental` entries of a deferred fragment's `data` at its `path`, or of a list's `items` from
 * the index its path ends with; `errors` and `extensions` beside them) merged into `whole`, which it
 * changes. The part's objects become the whole's: a follower that keeps the whole while the
 * client is sent the parts merges a copy (src/yoga/use-response-cache.ts), since two merges into
 * the same objects are two merges of each value.
 */
export function mergePart(whole: ExecutionResult, part: Part, nulledFragments?: ErrorAt[]): void {
  const target = whole as Json;
  const path = part.path ?? [];
  if (part.items) {
    const list = at(target, ['data', ...path.slice(0, -1)]) as unknown[] | undefined;
    const from = Number(path[path.length - 1] ?? 0);
    if (list) for (const [i, item] of part.items.entries()) list[from + i] = mergeValue(list[from + i], item);
  }
  if (part.data) {
    if (path.length === 0) target.data = mergeValue(target.data, part.data);
    else {
      const parent = at(target, ['data', ...path.slice(0, -1)]) as Json | undefined;
      const key = path[path.length - 1]!;
      // A deferred fragment of an object an error nulled (seed p45: its connection merged into the
      // null as `{ edges: [] }` on the first answer, and null from the cache after it), or that is
      // missing, the fragment that held it nulled (seed p46, see `at`).
      if (parent && parent[key] !== null && parent[key] !== undefined) parent[key] = mergeValue(parent[key], part.data);
    }
  } else if (part.data === null && part.path !== undefined && part.errors) nulledFragments?.push(...part.errors);
  if (part.errors) (target.errors as unknown[] | undefined) = [...((target.errors as unknown[] | undefined) ?? []), ...part.errors];
  if (part.extensions) target.extensions = mergeValue(target.extensions ?? {}, part.extensions);
  for (const sub of part.incremental ?? []) mergePart(whole, sub as ExecutionResult, nulledFragments);
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
  preparedTerms(plugin, { because: 'its onValidate adds the rules a prepared document passed, which asks for no parts' });
  keptTerms(plugin, { because: 'its hooks act on a document that asks for parts, and a prepared one asks for none' });
  return leanTerms(plugin, { because: 'src/yoga/lean-post.ts merges the parts for a JSON-only client with the same wholeAnswer' });
}
