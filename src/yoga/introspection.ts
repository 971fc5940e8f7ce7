/**
 * Introspection, bounded: an operation may select `__schema` or `__type` once (30 aliased
 * `__schema` selections answered 6.1 MB to 5.8 KB of query, all within the alias limit), and
 * with INTROSPECTION=false not at all: graphql-js's own NoSchemaIntrospectionCustomRule, which is
 * all @envelop/disable-introspection adds (and its plugin type does not fit yoga's).
 */
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { ErrorCode } from '../graphql/errors.js';

const INTROSPECTION_FIELDS: ReadonlySet<string> = new Set(['__schema', '__type']);

/** Past this, the count only says "many": a fragment spread twice per level doubles it each time. */
const COUNT_CAP = 100;

/**
 * Refuses an operation that selects introspection more than once. Only the root selection set
 * is counted (`__schema` and `__type` exist on the query type alone), through inline fragments
 * and fragment spreads; each fragment is counted once and its count reused, so fragments that
 * spread each other many times cost no more than the document's length.
 */
export function IntrospectionOnceRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const counted = new Map<string, number>();

  const countFragment = (name: string, visiting: Set<string>): number => {
    const known = counted.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    // An unknown fragment or a cycle is another rule's error.
    if (!fragment || visiting.has(name)) return 0;
    visiting.add(name);
    const n = count(fragment.selectionSet, visiting);
    visiting.delete(name);
    counted.set(name, n);
    return n;
  };

  const count = (selectionSet: SelectionSetNode, visiting: Set<string>): number => {
    let n = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) n += INTROSPECTION_FIELDS.has(selection.name.value) ? 1 : 0;
      else if (selection.kind === Kind.INLINE_FRAGMENT) n += count(selection.selectionSet, visiting);
      else n += countFragment(selection.name.value, visiting);
      if (n >= COUNT_CAP) return COUNT_CAP;
    }
    return n;
  };

  return {
    OperationDefinition(operation) {
      const n = count(operation.selectionSet, new Set());
      if (n > 1) {
        context.reportError(
          new GraphQLError(
            `An operation may ask for introspection (\`__schema\` or \`__type\`) once; this one asks ${n >= COUNT_CAP ? `at least ${COUNT_CAP}` : n} times. Select it once, without aliases or repeated fragments.`,
            { nodes: operation, extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit: 'introspection' } },
          ),
        );
      }
      return false;
    },
  };
}

/** The rule for the INTROSPECTION setting: at most once per operation, or not at all. */
export function introspectionRule(enabled: boolean): (context: ValidationContext) => ASTVisitor {
  return enabled ? IntrospectionOnceRule : NoSchemaIntrospectionCustomRule;
}
