/**
 * Shrinks a failing request to a small one that still fails the same way: it drops selections,
 * arguments, directives, fragments, aliases, variables and list items, inlines fragment spreads
 * and shortens strings, one step at a time, keeping each step after which the failure persists
 * (greedy delta debugging over the document's syntax tree). A step that makes a valid document
 * invalid is skipped without sending it, so the budget goes to steps that can keep the failure.
 */
import {
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  type SelectionSetNode,
  validate,
  visit,
} from 'graphql';
import type { Generated } from './generate.js';

/** The nodes a step may drop. */
const DROPPABLE = new Set<string>([
  Kind.FIELD,
  Kind.INLINE_FRAGMENT,
  Kind.FRAGMENT_SPREAD,
  Kind.ARGUMENT,
  Kind.DIRECTIVE,
  Kind.VARIABLE_DEFINITION,
  Kind.FRAGMENT_DEFINITION,
  Kind.OPERATION_DEFINITION,
  Kind.OBJECT_FIELD,
]);

function parsed(query: string): DocumentNode | undefined {
  try {
    return parse(query, { noLocation: true });
  } catch {
    return undefined;
  }
}

/** Drops fragments no operation reaches and variables no operation uses (with their values). */
function tidy(
  doc: DocumentNode,
  variables: Record<string, unknown> | undefined,
): { doc: DocumentNode; variables?: Record<string, unknown> } {
  for (;;) {
    const spread = new Set<string>();
    visit(doc, { FragmentSpread: (n) => void spread.add(n.name.value) });
    const kept = doc.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION || spread.has(d.name.value));
    if (kept.length === doc.definitions.length) break;
    doc = { ...doc, definitions: kept };
  }
  const usedVars = new Set<string>();
  visit(doc, {
    Variable: (n, _k, parent) => void (parent && (parent as ASTNode).kind !== Kind.VARIABLE_DEFINITION && usedVars.add(n.name.value)),
  });
  doc = visit(doc, { VariableDefinition: (n) => (usedVars.has(n.variable.name.value) ? undefined : null) });
  let vars = variables;
  if (vars) vars = Object.fromEntries(Object.entries(vars).filter(([k]) => usedVars.has(k)));
  return { doc, variables: vars && Object.keys(vars).length > 0 ? vars : undefined };
}

/** Each way of making the request one step smaller, lazily. */
function* steps(sent: Generated, doc: DocumentNode): Generator<Generated> {
  const make = (next: DocumentNode, variables = sent.variables, operationName = sent.operationName): Generated => {
    const tidied = tidy(next, variables);
    const out: Generated = { query: print(tidied.doc) };
    if (tidied.variables) out.variables = tidied.variables;
    const operations = tidied.doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode[];
    if (operationName && operations.length > 1) out.operationName = operationName;
    return out;
  };
  // The other operations, when one is chosen by name.
  if (sent.operationName) {
    const chosen = doc.definitions.filter((d) => d.kind !== Kind.OPERATION_DEFINITION || d.name?.value === sent.operationName);
    if (chosen.length < doc.definitions.length) yield make({ ...doc, definitions: chosen }, sent.variables, undefined);
  }
  // Each variable's value (a default, or nothing, takes its place).
  for (const key of Object.keys(sent.variables ?? {})) {
    const { [key]: _, ...rest } = sent.variables!;
    yield make(doc, rest);
  }
  // Each droppable node, the root's first: a cut near the root drops most.
  let count = 0;
  visit(doc, { enter: (n) => void (DROPPABLE.has(n.kind) && count++) });
  for (let k = 0; k < count; k++) {
    let at = 0;
    yield make(visit(doc, { enter: (n) => (DROPPABLE.has(n.kind) && at++ === k ? null : undefined) }));
  }
  // A selection set down to `__typename`.
  let sets = 0;
  visit(doc, { SelectionSet: () => void sets++ });
  const typenameOnly: SelectionSetNode = {
    kind: Kind.SELECTION_SET,
    selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }],
  };
  for (let k = 1; k < sets; k++) {
    let at = 0;
    yield make(visit(doc, { SelectionSet: (n) => (at++ === k && n.selections.length > 1 ? typenameOnly : undefined) }));
  }
  // Each alias, each fragment spread inlined.
  const fragments = new Map(
    doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  let aliases = 0;
  let spreads = 0;
  visit(doc, { Field: (n) => void (n.alias && aliases++), FragmentSpread: () => void spreads++ });
  for (let k = 0; k < aliases; k++) {
    let at = 0;
    yield make(visit(doc, { Field: (n) => (n.alias && at++ === k ? { ...n, alias: undefined } : undefined) }));
  }
  for (let k = 0; k < spreads; k++) {
    let at = 0;
    yield make(
      visit(doc, {
        FragmentSpread: (n) => {
          if (at++ !== k) return undefined;
          const fragment = fragments.get(n.name.value);
          if (!fragment) return undefined;
          return {
            kind: Kind.INLINE_FRAGMENT,
            typeCondition: fragment.typeCondition,
            directives: n.directives,
            selectionSet: fragment.selectionSet,
          };
        },
      }),
    );
  }
  // Lists down to their first item, strings to half their length.
  let values = 0;
  visit(doc, { ListValue: (n) => void (n.values.length > 1 && values++), StringValue: (n) => void (n.value.length > 8 && values++) });
  for (let k = 0; k < values; k++) {
    let at = 0;
    yield make(
      visit(doc, {
        ListValue: (n) => (n.values.length > 1 && at++ === k ? { ...n, values: n.values.slice(0, 1) } : undefined),
        StringValue: (n) =>
          n.value.length > 8 && at++ === k ? { ...n, value: n.value.slice(0, Math.ceil(n.value.length / 2)) } : undefined,
      }),
    );
  }
  // Variables' values: lists to one item, long strings halved.
  for (const [key, value] of Object.entries(sent.variables ?? {})) {
    if (Array.isArray(value) && value.length > 1) yield make(doc, { ...sent.variables, [key]: value.slice(0, 1) });
    if (typeof value === 'string' && value.length > 8)
      yield make(doc, { ...sent.variables, [key]: value.slice(0, Math.ceil(value.length / 2)) });
  }
}

/**
 * A request's size, its document's whitespace collapsed: candidates are printed (graphql-js's
 * `print` indents), the generated document is not, and raw lengths made every step look larger.
 */
const size = (sent: Generated) => sent.query.replace(/\s+/g, ' ').length + JSON.stringify(sent.variables ?? {}).length;

export interface Shrunk {
  sent: Generated;
  /** Requests sent while shrinking. */
  tries: number;
}

/**
 * The smallest request found that `fails` still holds for, trying at most `budget` requests for
 * at most `withinMs`.
 * `schema` (with the directives the gateway adds) lets a step that breaks a valid document be
 * skipped unsent.
 */
export async function shrink(
  sent: Generated,
  fails: (candidate: Generated) => Promise<boolean>,
  options: { budget?: number; schema?: GraphQLSchema; withinMs?: number } = {},
): Promise<Shrunk> {
  const budget = options.budget ?? 150;
  const deadline = Date.now() + (options.withinMs ?? Number.POSITIVE_INFINITY);
  let best = sent;
  let tries = 0;
  const isValid = (s: Generated) => {
    const doc = parsed(s.query);
    return !!doc && (!options.schema || validate(options.schema, doc).length === 0);
  };
  const mustStayValid = isValid(sent);
  let progress = true;
  while (progress && tries < budget && Date.now() < deadline) {
    progress = false;
    const doc = parsed(best.query);
    if (!doc) break;
    for (const candidate of steps(best, doc)) {
      if (size(candidate) >= size(best)) continue;
      if (mustStayValid && !isValid(candidate)) continue;
      tries++;
      if (await fails(candidate)) {
        best = candidate;
        progress = true;
        break;
      }
      if (tries >= budget || Date.now() >= deadline) break;
    }
  }
  return { sent: best, tries };
}
