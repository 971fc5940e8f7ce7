/**
 * Gives every error that reaches a client an `extensions.code`: documents that do not parse
 * become GRAPHQL_PARSE_FAILED, validation failures GRAPHQL_VALIDATION_FAILED (unless a scalar
 * already said BAD_USER_INPUT), variable values that do not coerce BAD_USER_INPUT. Execution
 * errors get theirs from src/graphql/errors.ts.
 *
 * It also keeps a refused value from coming back whole: graphql-js prints a variable's entire
 * value in front of the scalar's message (500 KB in, 1 MB out), and its own scalars and enums
 * quote values in full.
 */
import { type ASTNode, type DocumentNode, getOperationAST, GraphQLError, Kind, type OperationDefinitionNode } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { bounded, ErrorCode, maskError } from '../graphql/errors.js';
import { keptTerms, preparedTerms } from './fast-path-terms.js';

/** Long enough for any message the gateway writes; graphql-js's quoting a huge value is cut. */
const MAX_MESSAGE = 400;

function withCode(error: unknown, code: string): unknown {
  if (!(error instanceof GraphQLError) || (error.extensions?.code && error.message.length <= MAX_MESSAGE)) return error;
  return new GraphQLError(bounded(error.message, MAX_MESSAGE), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { code, ...error.extensions },
  });
}

const VARIABLE_PREFIX = /^Variable "\$(\w+)" got invalid value /;

/**
 * A variable's value refused by its scalar or enum (`cause`), without the value: the gateway's
 * scalars quote a short prefix of it themselves. `at` is the place inside it, e.g. `ids[3]`.
 */
export function variableError(
  name: string,
  at: string | undefined,
  cause: GraphQLError,
  nodes?: ASTNode | readonly ASTNode[],
): GraphQLError {
  return new GraphQLError(`Variable "$${name}"${at ? ` at "${at}"` : ''} got an invalid value; ${bounded(cause.message, MAX_MESSAGE)}`, {
    nodes,
    originalError: cause,
    extensions: { ...cause.extensions, code: ErrorCode.BAD_USER_INPUT },
  });
}

/**
 * `Variable "$v" got invalid value <the whole value> [at "v[3]"]; <the scalar's message>`
 * becomes `Variable "$v" [at "v[3]"] got an invalid value; <the scalar's message>`.
 */
function withoutEchoedValue(error: GraphQLError): GraphQLError {
  const cause = error.originalError;
  const name = VARIABLE_PREFIX.exec(error.message)?.[1];
  if (name === undefined || !(cause instanceof GraphQLError) || !error.message.endsWith(`; ${cause.message}`)) return error;
  // The path, if any, ends the part before the scalar's message; only its tail is read.
  const head = error.message.slice(0, error.message.length - cause.message.length - 2);
  const at = / at "([\w.[\]]+)"$/.exec(head.slice(-200))?.[1];
  return variableError(name, at, cause, error.nodes);
}

/** A variable's value that did not coerce, as graphql-js reports it: BAD_USER_INPUT, without the value. */
export function variableCoercionError(error: GraphQLError): GraphQLError {
  return withCode(withoutEchoedValue(error), ErrorCode.BAD_USER_INPUT) as GraphQLError;
}

/** At most this many of a document's operations are named in the refusal below. */
const SHOWN_OPERATIONS = 10;

/**
 * Why a document and an `operationName` name no operation to run, or undefined when they name
 * one (graphql-js's getOperationAST: the only operation when no name is given, else the one of
 * that name). yoga's own refusal said only "Could not determine what operation to execute."
 */
export function unresolvedOperation(document: DocumentNode, operationName: unknown): GraphQLError | undefined {
  // A name that is not a string is yoga's to refuse, as a parameter of the wrong type.
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (getOperationAST(document, operationName)) return undefined;
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const shown = operations
    .slice(0, SHOWN_OPERATIONS)
    .map((op) => (op.name ? JSON.stringify(bounded(op.name.value, 60)) : `an anonymous ${op.operation}`));
  const list = `${shown.join(', ')}${operations.length > SHOWN_OPERATIONS ? `, and ${operations.length - SHOWN_OPERATIONS} more` : ''}`;
  const message =
    operations.length === 0
      ? 'The document has no operation to run, only fragments: add a query, a mutation or a subscription.'
      : operationName == null
        ? `The document has ${operations.length} operations (${list}): send \`operationName\` to say which to run.`
        : operations.length === 1 && !operations[0]!.name
          ? `\`operationName\` ${JSON.stringify(bounded(operationName, 60))} names no operation of the document, whose one operation is ${list}: leave \`operationName\` out, or give the operation that name.`
          : `\`operationName\` ${JSON.stringify(bounded(operationName, 60))} names no operation of the document, whose operation${operations.length === 1 ? ' is' : 's are'} ${list}: send ${operations.length === 1 ? 'its name' : 'one of their names'}.`;
  return new GraphQLError(message, { extensions: { code: ErrorCode.OPERATION_RESOLUTION_FAILURE, http: { status: 400 } } });
}

export function useErrorCodes(): Plugin {
  const plugin: Plugin = {
    onParse:
      () =>
      ({ result, replaceParseResult, context }) => {
        if (result instanceof GraphQLError) replaceParseResult(withCode(result, ErrorCode.GRAPHQL_PARSE_FAILED));
        else if (result && (result as DocumentNode).kind === Kind.DOCUMENT) {
          // Thrown, not made the parse's result: yoga's parse cache, whose hook comes after this
          // one, would keep it for the document's text, and refuse the same text with a name it has.
          const unresolved = unresolvedOperation(result as DocumentNode, (context as { params?: GraphQLParams }).params?.operationName);
          if (unresolved) throw unresolved;
        }
      },
    onValidate:
      () =>
      ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map((e) => withCode(e, ErrorCode.GRAPHQL_VALIDATION_FAILED)));
      },
    onExecute: () => ({
      onExecuteDone: ({ result, setResult }) => {
        // An answer in parts (@defer, @stream): yoga masks each part's top-level `errors` only, so
        // an error in a later part's `incremental` went out unmasked, without its code (an
        // upstream's refusal lost NODE_API_UNAVAILABLE) and with whatever a crash said.
        if (Symbol.asyncIterator in result) {
          return {
            onNext: ({ result: part, setResult: setPart }) => {
              const coded = codedIncrementalPart(part as IncrementalPart);
              if (coded) setPart(coded as typeof part);
            },
          };
        }
        if (!result.errors) return;
        // No data at all means the request never ran: its variables did not coerce.
        if (result.data === undefined) {
          setResult({
            ...result,
            errors: result.errors.map(variableCoercionError),
          });
          return;
        }
        // What the executor itself raises (a null where the schema promises a value) has no code;
        // a resolver's error gets its code when it is masked (src/graphql/errors.ts).
        const raisedByExecutor = (e: GraphQLError) => !e.extensions?.code && !e.originalError;
        if (result.errors.some(raisedByExecutor)) {
          setResult({
            ...result,
            errors: result.errors.map((e) => (raisedByExecutor(e) ? (withCode(e, ErrorCode.INTERNAL_SERVER_ERROR) as GraphQLError) : e)),
          });
        }
      },
    }),
  };
  keptTerms(plugin, { because: 'a kept answer has no errors: none to report or code' });
  return preparedTerms(plugin, {
    because:
      'its parse and validate hooks code errors, of which a prepared document had none; the operation a request names is looked up before it is taken as prepared',
  });
}

interface IncrementalPart {
  incremental?: readonly ({ errors?: readonly GraphQLError[] } & Record<string, unknown>)[];
  [key: string]: unknown;
}

/**
 * A later part with its errors as a whole answer's would be: masked as yoga masks (an upstream's
 * failure described with its code, a crash hidden), and what the executor itself raised coded
 * INTERNAL_SERVER_ERROR. Undefined when the part holds no error.
 */
function codedIncrementalPart(part: IncrementalPart): IncrementalPart | undefined {
  if (!part.incremental?.some((i) => i.errors?.length)) return undefined;
  const coded = (e: GraphQLError): GraphQLError => {
    const masked = maskError(e, 'Unexpected error.') as GraphQLError;
    return masked.extensions?.code ? masked : (withCode(masked, ErrorCode.INTERNAL_SERVER_ERROR) as GraphQLError);
  };
  return {
    ...part,
    incremental: part.incremental.map((i) => (i.errors?.length ? { ...i, errors: i.errors.map(coded) } : i)),
  };
}
