/**
 * How a plugin's request-layer hooks (`onRequest`, `onRequestParse`, `onResultProcess`,
 * `onResponse`) fare on the fast path for JSON POSTs (src/yoga/lean-post.ts), which does not run
 * them. Every plugin of ours with such a hook states its terms where it is made, beside the
 * hooks they speak of; src/yoga/lean-post.ts refuses a yoga with a plugin that states none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { ClientLimits, RequestCost } from '../graphql/context.js';
import { createYoga, type Plugin } from 'graphql-yoga';

export interface FastPathTerms {
  /** Why none of its request-layer hooks can change the answer to a lean request. */
  because: string;
  /** Headers its hooks add to every answer: the fast path adds them too. */
  headers?: Record<string, string>;
}

/** Terms of one kind, kept by the plugin they speak of. */
function termsKept<T>() {
  const of = new WeakMap<object, T>();
  return {
    /** Records `terms` for `plugin`, and hands the plugin back. */
    state: <P extends object>(plugin: P, terms: T): P => {
      of.set(plugin, terms);
      return plugin;
    },
    /** The terms `plugin` stated, if any. */
    of: (plugin: object): T | undefined => of.get(plugin),
  };
}

const lean = termsKept<FastPathTerms>();
/** Records how `plugin`'s request-layer hooks fare on the fast path. */
export const leanTerms = lean.state;
/** The terms `plugin` stated, if any. */
export const fastPathTermsOf = lean.of;

/**
 * How a plugin's `onParse` and `onValidate` hooks fare for a prepared operation
 * (./use-prepared-operations.ts): a query whose document yoga's parse cache holds and which
 * passed validation before, under the same settings, runs without the parse and validate phases.
 * Every plugin of ours with such a hook states its terms beside the hooks;
 * ./use-prepared-operations.ts refuses a yoga with a plugin that states none.
 */
export interface PreparedTerms {
  /** Why skipping its parse and validate hooks for such a document cannot change the answer. */
  because: string;
  /**
   * What the plugin's hooks would do on each request that their skipping would lose, run in their
   * place: false sends the request through the whole pipeline instead (the hooks would refuse it
   * now, or must see it).
   */
  onPrepared?: (prepared: PreparedRequest) => boolean | undefined;
}

/** A request taken as prepared: its document, the operation it runs, and its context. */
export interface PreparedRequest {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  schema: GraphQLSchema;
  context: object;
}

const prepared = termsKept<PreparedTerms>();
/** Records how `plugin`'s parse and validate hooks fare for a prepared operation. */
export const preparedTerms = prepared.state;
/** The prepared terms `plugin` stated, if any. */
export const preparedTermsOf = prepared.of;

/** The text of each hook of `hooks` that yoga installs by itself, by hook: those need no terms. */
const builtIn = new Map<string, Set<string>>();
function builtInHooks(hooks: readonly string[]): Set<string> {
  const key = hooks.join();
  let known = builtIn.get(key);
  if (!known) {
    builtIn.set(key, (known = new Set()));
    // With a context factory: yoga installs the plugin that runs it only when given one.
    const bare = createYoga({ cors: { origin: 'x' }, graphiql: true, landingPage: false, context: () => ({}) });
    for (const plugin of (bare as unknown as { plugins: Plugin[] }).plugins) {
      for (const hook of hooks) {
        const fn = (plugin as Record<string, unknown> | undefined)?.[hook];
        if (typeof fn === 'function') known.add(fn.toString());
      }
    }
  }
  return known;
}

/** Which of `hooks` `plugin` has that are not yoga's own: those its terms must speak of. */
export function hooksNeedingTerms(plugin: object, hooks: readonly string[]): string[] {
  const known = builtInHooks(hooks);
  return hooks.filter((hook) => {
    const fn = (plugin as Record<string, unknown>)[hook];
    return typeof fn === 'function' && !known.has(fn.toString());
  });
}

/**
 * How a plugin fares when the response cache answers a lean request at the door
 * (./kept-door.ts): a prepared query whose answer the response cache holds is answered without
 * yoga's pipeline, so none of the plugin's `onParams`, `onParse`, `onValidate`,
 * `onContextBuilding`, `onExecute`, `onSubscribe` or `onExecutionResult` hooks run for it. Every
 * plugin of ours with such a hook states its terms beside the hooks; ./kept-door.ts refuses a
 * yoga with a plugin that states none.
 */
export interface KeptTerms {
  /** Why skipping its hooks for a kept answer cannot change the answer, or what `onKept` does in their place. */
  because: string;
  /** The door stays shut for every request while this plugin is installed (its hooks must see each one). */
  shut?: boolean;
  /**
   * What its hooks would do for such a request, run in their place, in the plugins' order. It
   * only looks: false sends the request through the whole pipeline instead (its hooks would
   * refuse it, or must see it), so nothing may have happened yet. What the hooks do once the
   * answer is known goes in the function it returns, which the door calls with the answer
   * before writing it, as the hooks' after-execution parts are called.
   */
  onKept?: (kept: KeptRequest) => false | undefined | ((answer: KeptAnswer) => void);
  /** The response cache: the kept answer of a request, when it holds a fresh one this process can hand out at once. */
  serves?: (prepared: PreparedQuery, variables: Record<string, unknown> | undefined) => KeptHit | undefined;
  /** The prepared operations: the query a request's text and operation name make, when it is prepared. */
  prepares?: (query: string, operationName: string | undefined) => PreparedQuery | undefined;
}

/** A query that parsed, passed validation under the current settings, and is answered whole. */
export interface PreparedQuery {
  query: string;
  operationName: string | undefined;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  schema: GraphQLSchema;
}

/** A kept answer found at the door, with the freshness its reads then give the request. */
export interface KeptHit {
  answer: KeptAnswer;
  /** As the request's reads would hold them once the response cache served it (src/reuse/reads.ts `freshFor`). */
  freshUntil: number;
  staleMs: number;
}

/** The answer the door writes: the response cache's served result, which the plugins' `onKept` functions may extend (its cost). */
export type KeptAnswer = ExecutionResult & { extensions?: Record<string, unknown> };

/** A request answered at the door: what the hooks it skips would have read from it and its context. */
export interface KeptRequest extends PreparedQuery {
  req: IncomingMessage;
  res: ServerResponse;
  variables: Record<string, unknown> | undefined;
  /** When the door took it (performance.now()). */
  started: number;
  /** The client's address, as the context gives it. */
  client: () => string;
  /** The client's rate-limit buckets, as the context has them (RATE_LIMIT set). */
  limits: ClientLimits | undefined;
  /** What demand control priced it at: set by its `onKept`. */
  cost: RequestCost | undefined;
  freshUntil: number;
  staleMs: number;
}

const kept = termsKept<KeptTerms>();
/** Records how `plugin`'s hooks fare for a request answered at the door. */
export const keptTerms = kept.state;
/** The kept terms `plugin` stated, if any. */
export const keptTermsOf = kept.of;
