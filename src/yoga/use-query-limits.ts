/**
 * Bounds a document before it runs: tokens, depth, aliases, fragment spreads and directives (its
 * shape), how often it asks for introspection (./introspection.ts), the length of its list
 * literals and variables (./input-bounds.ts). Each refusal is QUERY_LIMIT_EXCEEDED
 * (BAD_USER_INPUT for lists and variables) and names the limit it broke. What a document costs
 * upstream is priced before it runs by ./use-demand-control.ts, from the fields' own prices and
 * the request's coerced variables, instead of Armor's cost estimate, which multiplies by `first`
 * only when it is a literal and so would judge the same query differently with a variable.
 *
 * The shape is checked as soon as the document is parsed, before anything walks it for the
 * schema: demand control prices an operation without variables before validation, and a walk of
 * fragments that spread each other twice per level, or of 1,300 aliases, is what those limits
 * are there to refuse. Each count is linear in the document: a fragment is counted once and its
 * count reused wherever it is spread, so the count says how large the document is once
 * expanded (2^22 aliases for 22 levels of two) for the price of reading it. The checks that need
 * the schema (list literals, introspection) are validation rules, which yoga's validation cache
 * runs once per document; the variables are checked per request, for operations that declare any.
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  GraphQLError,
  GraphQLInt,
  GraphQLObjectType,
  GraphQLSchema,
  Kind,
  Lexer,
  Source,
  TokenKind,
  TypeInfo,
  ValidationContext,
  type ASTVisitFn,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ErrorCode } from '../graphql/errors.js';
import { coercedVariables, ListLiteralRule } from './input-bounds.js';
import { introspectionRule } from './introspection.js';
import { keptTerms, preparedTerms } from './fast-path-terms.js';

export interface QueryLimits {
  depth: number;
  aliases: number;
  tokens: number;
  /** INTROSPECTION: once per operation when true, never when false. Read per request: a reload may change it. */
  introspection: boolean;
}

/** The most directives an operation may hold, its fragments' counted wherever they are spread. */
export const MAX_DIRECTIVES = 50;
/**
 * The most fragment spreads an operation may reach, each counted every time it is reached
 * (a fragment spread in two places that spreads another counts 4). The gateway's own examples
 * reach at most a handful; a fan-out of fragments reaches thousands in a few lines.
 */
export const MAX_FRAGMENT_SPREADS = 100;

function limitError(error: GraphQLError, limit: string): GraphQLError {
  return new GraphQLError(`${error.message.replace(/^Syntax Error: /, '')} Simplify the query or split it.`, {
    extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit },
  });
}

/** Armor's rules throw out of `validate`; reporting instead keeps the error in the result. */
const report =
  (limit: string) =>
  (context: ValidationContext | null, error: GraphQLError): void => {
    context?.reportError(limitError(error, limit));
  };

/**
 * The most levels a document's brackets (selection sets, arguments, list and object values) may
 * nest. graphql-js parses by recursion, a few frames a level: a cold gateway's stack ran out at
 * about 1,300 levels of selection sets and 2,000 of `[` (a 4 KB document), a RangeError that
 * became a 500, before the token limit or MAX_DEPTH could refuse the document. Fields deeper than
 * the price follows (300 levels, src/yoga/cost-estimate.ts) are refused anyway, whatever MAX_DEPTH
 * allows; the rest is room for arguments.
 */
export const MAX_NESTING = 320;

const OPENING = ['{', '[', '('] as const;

/**
 * The refusal of a document whose brackets nest past MAX_NESTING, found without recursion before
 * it is parsed; undefined for any other (its syntax errors are the parser's to report). Only the
 * tokens the parser would read before the token limit stops it are read.
 */
export function nestingRefusal(source: string | Source, tokens: number): GraphQLError | undefined {
  // Fewer opening brackets than the bound, wherever they are (in strings and comments too): no need
  // to read tokens. Counted with indexOf, a native scan of the whole text at worst.
  const body = typeof source === 'string' ? source : source.body;
  let opening = 0;
  for (const bracket of OPENING) {
    for (let at = body.indexOf(bracket); at !== -1 && opening <= MAX_NESTING; at = body.indexOf(bracket, at + 1)) opening++;
  }
  if (opening <= MAX_NESTING) return undefined;
  const lexer = new Lexer(typeof source === 'string' ? new Source(source) : source);
  let depth = 0;
  try {
    for (let n = 0; n <= tokens; n++) {
      const { kind } = lexer.advance();
      if (kind === TokenKind.EOF) return undefined;
      if (kind === TokenKind.BRACE_L || kind === TokenKind.BRACKET_L || kind === TokenKind.PAREN_L) {
        if (++depth > MAX_NESTING) {
          return new GraphQLError(
            `The document nests its brackets more than ${MAX_NESTING} levels deep (selection sets, arguments, lists and objects): at most ${MAX_NESTING} are read. Simplify the query or split it.`,
            { extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit: 'nesting' } },
          );
        }
      } else if (kind === TokenKind.BRACE_R || kind === TokenKind.BRACKET_R || kind === TokenKind.PAREN_R) depth--;
    }
  } catch {
    // A syntax error: the parser reports it where it stands.
  }
  return undefined;
}

/** Past this, a count only says "many": fragments spread twice per level double it each time. */
const COUNT_CAP = Number.MAX_SAFE_INTEGER;

/**
 * Refuses an operation that reaches more than `max` fragment spreads (GraphQL Armor has no such
 * rule). Like Armor's, it counts each fragment once and reuses the count wherever it is spread.
 */
export function maxSpreadsRule(max: number): ValidationRule {
  return (context) => {
    const counted = new Map<string, number>();
    const visiting = new Set<string>();
    const count = (set: SelectionSetNode): number => {
      let n = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) n += selection.selectionSet ? count(selection.selectionSet) : 0;
        else if (selection.kind === Kind.INLINE_FRAGMENT) n += count(selection.selectionSet);
        else n += 1 + fragment(selection.name.value);
        if (n > COUNT_CAP) return COUNT_CAP;
      }
      return n;
    };
    const fragment = (name: string): number => {
      const known = counted.get(name);
      if (known !== undefined) return known;
      const definition: FragmentDefinitionNode | null | undefined = context.getFragment(name);
      // An unknown fragment or a cycle is another rule's error.
      if (!definition || visiting.has(name)) return 0;
      visiting.add(name);
      const n = count(definition.selectionSet);
      visiting.delete(name);
      counted.set(name, n);
      return n;
    };
    return {
      OperationDefinition(operation) {
        const n = count(operation.selectionSet);
        if (n > max) {
          context.reportError(
            new GraphQLError(
              `Fragment spreads limit of ${max} exceeded, found ${n >= COUNT_CAP ? 'more than that' : n} once fragments are spread where they are used. Spread each fragment in fewer places, or split the query.`,
              { extensions: { code: ErrorCode.QUERY_LIMIT_EXCEEDED, limit: 'fragmentSpreads' } },
            ),
          );
        }
        return false;
      },
    };
  };
}

type OperationHook = ASTVisitFn<OperationDefinitionNode> | { enter?: ASTVisitFn<OperationDefinitionNode> };

/**
 * A schema for checks of a document's shape alone: Armor's rules read the document's fragments
 * and report through a ValidationContext, never the schema, and a document is checked before
 * it is known which schema (the graph's or the subgraph's, which share parsed documents) it is for.
 */
const SHAPE_SCHEMA = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { _: { type: GraphQLInt } } }) });

/**
 * The first limit of the document's shape it passes, or undefined. Armor's rules for depth (in
 * fields, fragments flattened; `__schema`'s own depth is the schema's, and the introspection rule
 * allows it once), aliases (of any field: its default leaves `__typename` out, whose aliases an
 * answer pays for like any other's), and directives; the rule above for spreads.
 */
export function shapeChecker(limits: Pick<QueryLimits, 'depth' | 'aliases'>): (document: DocumentNode) => GraphQLError | undefined {
  const rules: ValidationRule[] = [
    maxDepthRule({ n: limits.depth, flattenFragments: true, propagateOnRejection: false, onReject: [report('depth')] }) as ValidationRule,
    maxAliasesRule({ n: limits.aliases, allowList: [], propagateOnRejection: false, onReject: [report('aliases')] }) as ValidationRule,
    maxSpreadsRule(MAX_FRAGMENT_SPREADS),
    maxDirectivesRule({ n: MAX_DIRECTIVES, propagateOnRejection: false, onReject: [report('directives')] }) as ValidationRule,
  ];
  // A parsed document is kept (src/yoga/document-caches.ts) and checked once.
  const checked = new WeakMap<DocumentNode, GraphQLError | null>();
  return (document) => {
    let found = checked.get(document);
    if (found === undefined) {
      const errors: GraphQLError[] = [];
      const context = new ValidationContext(SHAPE_SCHEMA, document, new TypeInfo(SHAPE_SCHEMA), (error) => errors.push(error));
      // Each rule acts on an operation's node only, and reads the fragments it spreads itself: it
      // is called there, without a visit of every node of the document besides.
      const visitors = rules.map((rule) => rule(context));
      for (const definition of document.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        for (const visitor of visitors) {
          const hook = (visitor as { OperationDefinition?: OperationHook }).OperationDefinition;
          const enter = typeof hook === 'function' ? hook : hook?.enter;
          enter?.call(visitor, definition, undefined, undefined, [], []);
          if (errors.length > 0) break;
        }
        if (errors.length > 0) break;
      }
      found = errors[0] ?? null;
      checked.set(document, found);
    }
    return found ?? undefined;
  };
}

export function useQueryLimits(limits: QueryLimits): Plugin {
  // The token limit fails the parse itself; its errors are recognised by identity afterwards.
  const tokenErrors = new WeakSet<GraphQLError>();
  const shapeOf = shapeChecker(limits);
  const plugin: Plugin = {
    onPluginInit({ addPlugin }) {
      addPlugin(
        keptTerms(
          preparedTerms(maxTokensPlugin({ n: limits.tokens, onReject: [(_context, error) => void tokenErrors.add(error)] }), {
            because: 'it acts when a text is parsed, and a prepared document is one the parse cache holds',
          }),
          { because: 'it acts when a text is parsed: a request answered at the door is a prepared query' },
        ),
      );
      // Added after Armor's, so that it wraps the parse Armor sets: it runs before any parser
      // recurses, and only when a document is parsed (a hit of yoga's parse cache is not).
      addPlugin(
        keptTerms(
          preparedTerms(
            {
              onParse: ({ parseFn, setParseFn }) =>
                setParseFn((source, options) => {
                  const deep = nestingRefusal(source, limits.tokens);
                  if (deep) throw deep;
                  return parseFn(source, options);
                }),
            },
            { because: 'it acts when a text is parsed, and a prepared document is one the parse cache holds' },
          ),
          { because: 'it acts when a text is parsed: a request answered at the door is a prepared query' },
        ),
      );
    },
    onParse:
      () =>
      ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError && tokenErrors.has(result)) replaceParseResult(limitError(result, 'tokens'));
        else if (result && !(result instanceof Error) && (result as DocumentNode).kind === Kind.DOCUMENT) {
          const refusal = shapeOf(result as DocumentNode);
          if (refusal) replaceParseResult(refusal);
        }
      },
    onValidate: ({ addValidationRule }) => {
      addValidationRule(ListLiteralRule);
      // One of two fixed rules: the validation cache, which knows a rule set by its rules, keeps
      // a set for each, whichever a reload turns on.
      addValidationRule(introspectionRule(limits.introspection));
    },
    onExecute: ({ args, setResultAndStopExecution }) => {
      const found = coercedVariables(args.schema, args.document, args.operationName, args.variableValues);
      if (found.error) setResultAndStopExecution({ errors: [found.error] });
    },
    // Subscriptions (SSE and WebSocket) run through subscribe, never execute: the same bound,
    // before graphql-js coerces a huge list item by item.
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const found = coercedVariables(args.schema, args.document, args.operationName, args.variableValues);
      if (found.error) setResultAndStopExecution({ errors: [found.error] });
    },
  };
  keptTerms(plugin, {
    because:
      'its onParse and onValidate acted when the prepared document was parsed and validated; its onExecute bounds the variables, checked here alike',
    onKept: ({ schema, document, operationName, variables }) =>
      coercedVariables(schema, document, operationName, variables).error ? false : undefined,
  });
  // The shape limits are fixed at start; the introspection rule changes with a reload, which bumps the settings generation.
  return preparedTerms(plugin, {
    because:
      'its onParse refuses a document past the shape limits, which a prepared one passed when parsed, and its onValidate adds the rules its validation ran',
  });
}
