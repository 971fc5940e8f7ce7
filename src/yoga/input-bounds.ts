/**
 * Bounds what a request gives before graphql-js coerces it.
 *
 * graphql-js coerces every list item through its scalar (a NodeID's checksum, an address's
 * bech32), so even a list of short, well-formed ids costs time per item: a variable of 100,000
 * of them would hold the event loop for seconds before any resolver could count it. Every list
 * argument of this API takes at most MAX_LIST_ARGUMENT items (some fields take fewer, and say
 * so), so a longer list is refused here: in the document before validation, in the variables
 * before execution. The one exception is a federation router's `_entities(representations:)`,
 * which holds every reference of one fetch: up to MAX_REPRESENTATIONS (its items are plain
 * objects, whose coercion costs nothing, and each lookup still counts against the call budget).
 *
 * For each invalid item graphql-js also prints the whole value into its message (up to 50 of
 * them): 100 items of 1 MB each cost 50 MB of JSON.stringify. Variables are therefore checked
 * here leaf by leaf with their own scalar or enum, and the first refusal ends the request.
 * Then they are coerced as the executor coerces them (`coercedVariables`), and those values are
 * what demand control prices. src/yoga/use-query-limits.ts applies these checks.
 */
import {
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  isInputObjectType,
  isInputType,
  isLeafType,
  isListType,
  isNonNullType,
  Kind,
  typeFromAST,
  type ASTNode,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
} from 'graphql';
import { badInput } from '../graphql/errors.js';
import { MAX_REPRESENTATIONS } from '../graph/entity-keys.js';
import { MAX_LIST_ARGUMENT } from '../graph/inputs.js';
import { variableCoercionError, variableError } from './use-error-codes.js';

const tooLong = (what: string, count: number, max: number, extensions: Record<string, string> = {}): GraphQLError =>
  badInput(`${what} holds ${count} items; a list argument of this API takes at most ${max}: split the request.`, extensions);

/** The most items a list of `type` may hold. */
const maxItems = (type: GraphQLInputType): number => (getNamedType(type).name === '_Any' ? MAX_REPRESENTATIONS : MAX_LIST_ARGUMENT);

/** The name a list literal is given to: its argument, input field or variable default. */
function ownerOf(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const node = ancestors[i];
    if (!node || Array.isArray(node)) continue;
    const owner = node as ASTNode;
    if (owner.kind === Kind.ARGUMENT || owner.kind === Kind.OBJECT_FIELD) return `\`${owner.name.value}\``;
    if (owner.kind === Kind.VARIABLE_DEFINITION) return `The default of \`$${owner.variable.name.value}\``;
  }
  return 'A list';
}

/** Refuses a list literal longer than any list argument takes, before graphql-js coerces its items. */
export function ListLiteralRule(context: ValidationContext): ASTVisitor {
  return {
    ListValue(node, _key, parent, _path, ancestors) {
      if (node.values.length <= MAX_LIST_ARGUMENT) return undefined;
      const type = context.getInputType();
      const max = type ? maxItems(type) : MAX_LIST_ARGUMENT;
      if (node.values.length <= max) return undefined;
      // graphql-js passes the parent apart from the other ancestors.
      context.reportError(tooLong(ownerOf([...ancestors, parent as ASTNode]), node.values.length, max));
      return false;
    },
  };
}

interface Refusal {
  /** Where in the variable, as graphql-js writes it: `ids[3]`, `input.signingSubnetId`. */
  path: string;
  count?: number;
  max?: number;
  cause?: GraphQLError;
}

/** The first problem in a variable's value, walked along its declared type. */
function checkValue(value: unknown, type: GraphQLInputType, path: string): Refusal | undefined {
  if (value == null) return undefined;
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) {
    // A single value where a list is expected is coerced as a list of one.
    if (!Array.isArray(value)) return checkValue(value, nullable.ofType, path);
    const max = maxItems(nullable);
    if (value.length > max) return { path, count: value.length, max };
    for (let i = 0; i < value.length; i++) {
      const found = checkValue(value[i], nullable.ofType, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (isInputObjectType(nullable)) {
    if (typeof value !== 'object' || Array.isArray(value)) return undefined;
    for (const field of Object.values(nullable.getFields())) {
      const found = checkValue((value as Record<string, unknown>)[field.name], field.type, `${path}.${field.name}`);
      if (found) return found;
    }
    return undefined;
  }
  if (isLeafType(nullable)) {
    try {
      nullable.parseValue(value);
    } catch (error) {
      // Anything else is left for graphql-js to report as it always does.
      if (error instanceof GraphQLError) return { path, cause: error };
    }
  }
  return undefined;
}

/** Operations that declare no variable: most documents, which then need no check per request. */
const withoutVariables = new WeakSet<DocumentNode>();

/** A request's variables as the executor will use them, or why they are refused. */
export type CoercedVariables = { values: Record<string, unknown>; error?: undefined } | { values?: undefined; error: GraphQLError };

const NO_VARIABLES: CoercedVariables = Object.freeze({ values: Object.freeze({}) });

/** The last request's variables coerced, by the object the request gave: query limits and demand control ask in turn. */
const byGiven = new WeakMap<object, { schema: GraphQLSchema; operation: OperationDefinitionNode; found: CoercedVariables }>();
/** An operation's variables coerced when the request gives none: its defaults, the same for every such request. */
const byOperation = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, CoercedVariables>>();

/** The first refusal among a request's variables, walked along their declared types; undefined when none. */
function boundsRefusal(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: object): GraphQLError | undefined {
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    if (!isInputType(type)) continue;
    const name = definition.variable.name.value;
    const found = checkValue((variables as Record<string, unknown>)[name], type, name);
    if (found?.cause) return variableError(name, found.path === name ? undefined : found.path, found.cause, definition);
    if (found) return tooLong(`\`$${found.path}\``, found.count!, found.max!, { variable: name });
  }
  return undefined;
}

function coerce(schema: GraphQLSchema, operation: OperationDefinitionNode, given: object | undefined): CoercedVariables {
  const refusal = given && boundsRefusal(schema, operation, given);
  if (refusal) return { error: refusal };
  // graphql-js's own coercion, as execution runs it: defaults applied, a single value where a
  // list is declared made a list of one. The first error is enough: each one quotes its value.
  const { coerced, errors } = getVariableValues(schema, operation.variableDefinitions ?? [], (given ?? {}) as Record<string, unknown>, {
    maxErrors: 1,
  });
  if (errors?.length) return { error: variableCoercionError(errors[0]!) };
  return { values: coerced ?? {} };
}

/**
 * A request's variables as graphql-js's executor will coerce them (its `getVariableValues`),
 * after the bounds above: lists and values refused cheaply before any scalar parses them. What
 * prices an operation reads these, so that the price is of what runs: a default of `first:
 * 10000` is priced as the literal would be. Refusals are BAD_USER_INPUT and name the variable.
 */
export function coercedVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: unknown,
): CoercedVariables {
  if (withoutVariables.has(document)) return NO_VARIABLES;
  const operation = getOperationAST(document, operationName);
  if (!operation?.variableDefinitions?.length) {
    if (document.definitions.every((d) => d.kind !== Kind.OPERATION_DEFINITION || !d.variableDefinitions?.length))
      withoutVariables.add(document);
    return NO_VARIABLES;
  }
  const given = variables !== null && typeof variables === 'object' ? variables : undefined;
  if (given) {
    const known = byGiven.get(given);
    if (known?.schema === schema && known.operation === operation) return known.found;
    const found = coerce(schema, operation, given);
    byGiven.set(given, { schema, operation, found });
    return found;
  }
  let perOperation = byOperation.get(schema);
  if (!perOperation) byOperation.set(schema, (perOperation = new WeakMap()));
  let found = perOperation.get(operation);
  if (!found) perOperation.set(operation, (found = coerce(schema, operation, undefined)));
  return found;
}

/** The first refusal among a request's variables (bounds, then coercion); undefined when none. */
export function variablesRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: unknown,
): GraphQLError | undefined {
  return coercedVariables(schema, document, operationName, variables).error;
}
