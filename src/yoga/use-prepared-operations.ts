/**
 * A query whose document is known runs without the parse and validate phases: yoga's parse cache
 * holds its document, and the document passed validation before under the same settings, so the
 * request goes from its params straight to the context and the execution, through every plugin's
 * execute hooks as before.
 *
 * Why: the parse and validate phases of a cached, valid document decide nothing, yet envelop
 * calls every plugin's `onParse` and `onValidate` hook for them (ten of them here), each with its
 * payload, its setters and its after-hook, and yoga wraps them in its own handling. Measured in
 * one process, the gateway over the bench's stub driven over HTTP by 10 clients, the two paths in
 * interleaved windows: 15 µs a request less for the one-call query, out of 313 with the clients'
 * side (median of 40 rounds).
 * `processRequest` is not a hook yoga lets a plugin replace, but the handler of a request's
 * params is (`setParamsHandler`): this plugin sets it for the requests taken here, and leaves
 * every other request to yoga's own, which then runs the phases as before.
 *
 * What a request skips is stated by the plugins whose hooks it skips: each plugin of ours with an
 * `onParse` or `onValidate` hook says with `preparedTerms` (./fast-path-terms.ts) why skipping
 * them for such a document cannot change the answer, or what it does in their place
 * (`onPrepared`: the metrics note the document), which may send the request through the whole
 * pipeline instead (tracing, whose spans show the phases). yoga's own hooks of those phases (its
 * parse cache, its refusal of a mutation over GET, the status of a validation error) cannot
 * change the answer to a query that parsed and passed: only queries are taken here. A plugin with such hooks and no terms stops the gateway at
 * start, as a request-layer hook without fast-path terms does (./lean-post.ts).
 *
 * What "passed" means: the validate phase of a request for the document, every plugin's hook
 * included, ended with no error, under the settings generation still current (a reload that
 * changes the validation rules, such as INTROSPECTION, bumps it). The onParse checks (the token,
 * depth and shape limits, an operation name the document has) ran on its parse; the name a
 * request gives is looked up here, and one the document lacks goes to yoga, which refuses it.
 */
import { BREAK, getOperationAST, GraphQLError, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import { createGraphQLError, isPromise, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import {
  hooksNeedingTerms,
  keptTerms,
  preparedTermsOf,
  type PreparedQuery,
  type PreparedRequest,
  type PreparedTerms,
} from './fast-path-terms.js';

const PHASE_HOOKS = ['onParse', 'onValidate'] as const;

export interface PreparedOperationsOptions {
  /** yoga's parse cache (./document-caches.ts): a prepared document is one it holds. */
  documents: { get(text: string): DocumentNode | undefined };
  /** The settings generation: bumped by a reload, after which every document is validated again. */
  generation: () => number;
}

/** The parts of yoga's server this plugin reads; the error handling ones are not in yoga's typings. */
interface YogaServer {
  plugins: (Plugin | undefined)[];
  getEnveloped: (context: object) => {
    schema: GraphQLSchema;
    contextFactory: () => unknown;
    execute: (args: object) => unknown;
  };
  logger: { debug(...args: unknown[]): void; error(...args: unknown[]): void };
  maskedErrorsOpts: {
    maskError: (error: unknown, message: string, isDev?: boolean) => Error;
    errorMessage: string;
    isDev?: boolean;
  } | null;
}

type ParamsHandler = (payload: { request: Request; params: PreparedParams; context: YogaInitialContext }) => unknown;
interface PreparedParams {
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** Whether a document asks for an answer in parts, which yoga's own handler maps part by part. */
const inParts = new WeakMap<DocumentNode, boolean>();
function answersInParts(document: DocumentNode): boolean {
  let found = inParts.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    });
    inParts.set(document, found);
  }
  return found;
}

type MaskedErrors = NonNullable<YogaServer['maskedErrorsOpts']>;
type InPlace = NonNullable<PreparedTerms['onPrepared']>;

/**
 * An error thrown while the context is built or the operation run, as yoga's handler answers it
 * (graphql-yoga's `handleError`, which the package does not export), masked by the same function
 * with the same log.
 */
function handled(error: unknown, yoga: YogaServer, opts: MaskedErrors): GraphQLError[] {
  if (error != null && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    return [...new Set(error.errors.flatMap((one: unknown) => handled(one, yoga, opts)))];
  }
  const name = (error as { name?: unknown } | null)?.name;
  if ((error as object | null)?.constructor?.name === 'DOMException' && (name === 'AbortError' || name === 'TimeoutError')) {
    yoga.logger.debug('Request aborted');
    return [];
  }
  const masked = opts.maskError(error, opts.errorMessage, opts.isDev);
  if (masked !== error) yoga.logger.error(error);
  return [masked instanceof GraphQLError ? masked : createGraphQLError(masked.message, { originalError: masked })];
}

/** The params handler of a prepared query: yoga's own, without the parse and validate phases. */
function preparedHandler(
  yoga: YogaServer,
  inPlace: readonly InPlace[],
  fallback: ParamsHandler,
  query: string,
  prepared: Omit<PreparedRequest, 'context'>,
): ParamsHandler {
  return (payload) => {
    const { request, params, context } = payload;
    // A hook after this plugin's may have set other params: those go to yoga's handler.
    if (params.query !== query) return fallback(payload);
    if (inPlace.length > 0) {
      const taken = { ...prepared, context };
      for (const hook of inPlace) if (hook(taken) === false) return fallback(payload);
    }
    // As yoga's own handler: the params and the request on the context, then the envelop of it.
    Object.assign(context, context.request === request ? { params } : { request, params });
    const enveloped = yoga.getEnveloped(context);
    const run = (contextValue: unknown) =>
      enveloped.execute({
        schema: enveloped.schema,
        document: prepared.document,
        contextValue,
        variableValues: params.variables,
        operationName: params.operationName,
      });
    const failed = (error: unknown) => ({ errors: handled(error, yoga, yoga.maskedErrorsOpts!) });
    try {
      const contextValue = enveloped.contextFactory();
      const result = isPromise(contextValue) ? contextValue.then(run) : run(contextValue);
      return isPromise(result) ? result.then(undefined, failed) : result;
    } catch (error) {
      return failed(error);
    }
  };
}

export function usePreparedOperations({ documents, generation }: PreparedOperationsOptions): Plugin {
  /** Documents whose validation passed, with the generation it passed under. */
  const passed = new WeakMap<DocumentNode, number>();
  /** What the plugins do in place of their skipped hooks, in their order. */
  const inPlace: InPlace[] = [];
  let server: YogaServer | undefined;
  let schema: GraphQLSchema | undefined;

  /** The query `query` and `operationName` make when it is prepared. */
  const prepared = (query: string, operationName: string | undefined): PreparedQuery | undefined => {
    if (!schema) return undefined;
    const document = documents.get(query);
    if (!document || passed.get(document) !== generation()) return undefined;
    const operation = getOperationAST(document, operationName);
    if (operation?.operation !== 'query') return undefined;
    return { query, operationName, document, operation, schema };
  };

  const plugin: Plugin = {
    onYogaInit({ yoga }) {
      const installed = yoga as unknown as YogaServer;
      for (const other of installed.plugins) {
        if (!other || other === plugin) continue;
        const hooks = hooksNeedingTerms(other, PHASE_HOOKS);
        if (hooks.length === 0) continue;
        const terms = preparedTermsOf(other);
        if (!terms) {
          throw new Error(
            `A yoga plugin with ${hooks.join(', ')} has no prepared terms: say with preparedTerms() (src/yoga/fast-path-terms.ts) why skipping them for a valid, cached query cannot change its answer, or what to do in their place, or a prepared query would skip them.`,
          );
        }
        if (terms.onPrepared) inPlace.push(terms.onPrepared);
      }
      // Without masking, yoga's handler answers errors otherwise than `handled` does: nothing is prepared.
      if (installed.maskedErrorsOpts) server = installed;
    },
    onSchemaChange({ schema: next }) {
      schema = next;
    },
    onParams({ params, paramsHandler, setParamsHandler }) {
      const yoga = server;
      const { query, operationName } = params as PreparedParams;
      if (!yoga || typeof query !== 'string') return;
      const found = prepared(query, operationName);
      if (!found) return;
      setParamsHandler(preparedHandler(yoga, inPlace, paramsHandler as ParamsHandler, query, found) as never);
    },
    onValidate({ params: { documentAST, schema: validatedAgainst } }) {
      const at = generation();
      return ({ result }) => {
        if (result.length === 0 && validatedAgainst === schema && !answersInParts(documentAST)) passed.set(documentAST, at);
      };
    },
  };
  return keptTerms(plugin, {
    because: 'a request answered at the door is a prepared query, which its onParams would have run without the parse and validate phases',
    // Without masking, nothing is prepared (onYogaInit): nor answered at the door.
    prepares: (query, operationName) => (server ? prepared(query, operationName) : undefined),
  });
}
