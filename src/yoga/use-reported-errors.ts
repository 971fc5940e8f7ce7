/**
 * One error for each null an answer holds, whichever executor ran it.
 *
 * When a field fails, its null goes up to the nearest field (or list item) that may be null, and
 * whatever else ran below that place is discarded with it. The spec asks for one error per
 * field, and says nothing of the errors of the answers discarded; the two executors here differ
 * on them. yoga's executor (an operation's first run) reports the first error to reach the null
 * and leaves the others unreported, and a sibling of a failed non-null root field never runs;
 * graphql-jit (src/yoga/use-compiled-execution.ts, from an operation's second run) runs every field
 * and reports every error, the discarded ones too. So the same query answered differently by its
 * first run and the next ones, which are another entry's as often as not (issue 29's fuzzer,
 * seed p35): `{ nodes(ids: ["WENoYW"]) { id } network { aggregatedSignature(txHash: …) { … } } }`
 * answered the bad id alone on its first POST, and the Data API's refusal of the transaction
 * beside it through every entry after, under a `data` of null; a `call(input:)` with bad call
 * data under a list of a hundred chains answered one BAD_USER_INPUT, then a hundred and the
 * chains' own NODE_API_UNAVAILABLE beside them.
 *
 * Here every answer reports, for each null in it, the first error (in the order they were
 * raised) whose null it is by the schema's nullability, and no error of an answer discarded with
 * it. That is what yoga's executor answers but for a race (a nullable field failing below a null
 * already propagated), which it settles the same way.
 *
 * An answer in parts (`@defer`, `@stream`) is written part by part as it comes, untouched. Merged
 * into one for a client that accepts only JSON (./use-incremental-delivery.ts), it is the answer
 * of the operation without the directives (`undeferredAnswer`): a deferred fragment an error nulled
 * whole nulls what that error nulls without `@defer` (the object the fragment was on, or further up
 * by the schema's nullability), rather than leave the object with the fragment's fields missing,
 * and each null reports one error. The fragment's errors had come one or two by which of its
 * fields failed first (fuzz seed p56).
 */
import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  TypeNameMetaFieldDef,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type ErrorAt, UNDEFER, type Undefer } from './use-incremental-delivery.js';
import { keptTerms } from './fast-path-terms.js';

type Path = readonly (string | number)[];

interface Scope {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
}

/** The type and the selections of the field a response key names under `selections`, through fragments; undefined if none does. */
function fieldAt(
  scope: Scope,
  parent: GraphQLNamedType,
  selections: readonly SelectionSetNode[],
  key: string,
): { type: GraphQLOutputType; selections: SelectionSetNode[] } | undefined {
  let type: GraphQLOutputType | undefined;
  const below: SelectionSetNode[] = [];
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode, on: GraphQLNamedType) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if ((selection.alias ?? selection.name).value !== key) continue;
        const name = selection.name.value;
        // Fields of one response key have the same shape (validation's OverlappingFieldsCanBeMerged): the first says it.
        const def =
          name === TypeNameMetaFieldDef.name
            ? TypeNameMetaFieldDef
            : isObjectType(on) || isInterfaceType(on)
              ? on.getFields()[name]
              : undefined;
        type ??= def?.type;
        if (selection.selectionSet) below.push(selection.selectionSet);
      } else {
        let fragment: FragmentDefinitionNode | InlineFragmentNode | undefined =
          selection.kind === Kind.INLINE_FRAGMENT ? selection : undefined;
        if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
          seen.add(selection.name.value);
          fragment = scope.fragments.get(selection.name.value);
        }
        if (!fragment) continue;
        const condition = fragment.typeCondition && scope.schema.getType(fragment.typeCondition.name.value);
        visit(fragment.selectionSet, condition ?? on);
      }
    }
  };
  for (const set of selections) visit(set, parent);
  return type && { type, selections: below };
}

/**
 * Where the null of an error at `path` goes by the schema: the index in `path` of the last step
 * that may be null, -1 for the whole `data`. Undefined for a path the operation does not have.
 */
function nullableAt(scope: Scope, operation: OperationDefinitionNode, path: Path): number | undefined {
  const root = scope.schema.getRootType(operation.operation);
  if (!root) return undefined;
  let type: GraphQLOutputType = root;
  let selections: readonly SelectionSetNode[] = [operation.selectionSet];
  let nearest = -1;
  for (const [i, key] of path.entries()) {
    if (typeof key === 'number') {
      const list = getNullableType(type);
      if (!isListType(list)) return undefined;
      type = list.ofType as GraphQLOutputType;
    } else {
      const field = fieldAt(scope, getNamedType(type), selections, key);
      if (!field) return undefined;
      ({ type, selections } = field);
    }
    if (!isNonNullType(type)) nearest = i;
  }
  return nearest;
}

/** Where an error's null is in `data`: the index in `path` of the first null on it, -1 for `data` itself; undefined if none is. */
function nullIn(data: unknown, path: Path): number | undefined {
  if (data === null || data === undefined) return -1;
  let at: unknown = data;
  for (const [i, key] of path.entries()) {
    at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined;
    if (at === null || at === undefined) return i;
  }
  return undefined;
}

function scopeOf(schema: GraphQLSchema, document: DocumentNode): Scope {
  const scope: Scope = { schema, fragments: new Map() };
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) scope.fragments.set(d.name.value, d);
  return scope;
}

/** The errors of `result` to report: for each null, the first error whose null it is. */
export function reportedErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  result: ExecutionResult,
): readonly GraphQLError[] | undefined {
  const errors = result.errors;
  const operation = getOperationAST(document, operationName);
  if (!errors || errors.length < 2 || !operation) return errors;
  const scope = scopeOf(schema, document);
  // By the path's shape: the items of a list fail alike, and a list of a thousand is walked once.
  const nullable = new Map<string, number | undefined>();
  const explained = new Set<string>();
  return errors.filter((error) => {
    const path = error.path;
    if (!path) return true;
    const landed = nullIn(result.data, path);
    const shape = path.map((k) => (typeof k === 'number' ? '#' : k)).join('\u0000');
    if (!nullable.has(shape)) nullable.set(shape, nullableAt(scope, operation, path));
    const own = nullable.get(shape);
    // What this rule cannot place is reported as it was.
    if (landed === undefined || own === undefined || landed > own) return true;
    // Its own null is inside an answer discarded by another error's.
    if (landed < own) return false;
    const where = path.slice(0, landed + 1).join('\u0000');
    if (explained.has(where)) return false;
    explained.add(where);
    return true;
  });
}

/**
 * An answer in parts merged whole (`whole`) as its operation answers without `@defer`: the null of
 * each error of a fragment nulled whole (`nulledFragments`) placed where the schema's nullability
 * puts it, when that place is in the answer (a streamed item's, which ended its stream, is not), then
 * one error per null.
 */
export function undeferredAnswer(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  whole: ExecutionResult,
  nulledFragments: readonly ErrorAt[],
): ExecutionResult {
  const operation = getOperationAST(document, operationName);
  if (!operation) return whole;
  let answer = whole;
  if (nulledFragments.length > 0) {
    const scope = scopeOf(schema, document);
    let data: unknown = whole.data;
    for (const { path } of nulledFragments) {
      const own = path && nullableAt(scope, operation, path);
      if (own === undefined || data === null || data === undefined) continue;
      if (own === -1) {
        data = null;
        continue;
      }
      let container: unknown = data;
      for (const key of path!.slice(0, own))
        container = container !== null && typeof container === 'object' ? (container as Record<string | number, unknown>)[key] : undefined;
      const key = path![own]!;
      if (container !== null && typeof container === 'object' && key in container)
        (container as Record<string | number, unknown>)[key] = null;
    }
    if (data !== whole.data) answer = { ...whole, data: data as ExecutionResult['data'] };
  }
  const errors = reportedErrors(schema, document, operationName, answer);
  return errors === answer.errors ? answer : { ...answer, errors };
}

export function useReportedErrors(): Plugin {
  return keptTerms(
    {
      onExecute: ({ args }) => ({
        onExecuteDone: ({ result, setResult }) => {
          // An answer in parts (@defer, @stream) is only ever interpreted, its parts written as they
          // come; its first part says how to merge them for a client that accepts only JSON.
          if (Symbol.asyncIterator in result) {
            const undefer: Undefer = (whole, nulled) => undeferredAnswer(args.schema, args.document, args.operationName, whole, nulled);
            let first = true;
            return {
              onNext: ({ result: part, setResult: setPart }) => {
                if (first) setPart({ ...part, [UNDEFER]: undefer } as unknown as typeof part);
                first = false;
              },
            };
          }
          if (!result.errors || result.errors.length < 2) return;
          const errors = reportedErrors(args.schema, args.document, args.operationName, result);
          if (errors && errors.length !== result.errors.length) setResult({ ...result, errors });
        },
      }),
    },
    { because: 'a kept answer has no errors: none to report or code' },
  );
}
