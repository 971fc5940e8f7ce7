/**
 * How a plugin's request-layer hooks (`onRequest`, `onRequestParse`, `onResultProcess`,
 * `onResponse`) fare on the fast path for JSON POSTs (src/yoga/lean-post.ts), which does not run
 * them. Every plugin of ours with such a hook states its terms where it is made, beside the
 * hooks they speak of; src/yoga/lean-post.ts refuses a yoga with a plugin that states none.
 */
import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';

export interface FastPathTerms {
  /** Why none of its request-layer hooks can change the answer to a lean request. */
  because: string;
  /** Headers its hooks add to every answer: the fast path adds them too. */
  headers?: Record<string, string>;
}

const termsOf = new WeakMap<object, FastPathTerms>();

/** Records how `plugin`'s request-layer hooks fare on the fast path. */
export function leanTerms<P extends object>(plugin: P, terms: FastPathTerms): P {
  termsOf.set(plugin, terms);
  return plugin;
}

/** The terms `plugin` stated, if any. */
export function fastPathTermsOf(plugin: object): FastPathTerms | undefined {
  return termsOf.get(plugin);
}

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

const preparedOf = new WeakMap<object, PreparedTerms>();

/** Records how `plugin`'s parse and validate hooks fare for a prepared operation. */
export function preparedTerms<P extends object>(plugin: P, terms: PreparedTerms): P {
  preparedOf.set(plugin, terms);
  return plugin;
}

/** The prepared terms `plugin` stated, if any. */
export function preparedTermsOf(plugin: object): PreparedTerms | undefined {
  return preparedOf.get(plugin);
}

/** The text of each hook of `hooks` that yoga installs by itself, by hook: those need no terms. */
const builtIn = new Map<string, Set<string>>();
function builtInHooks(hooks: readonly string[]): Set<string> {
  const key = hooks.join();
  let known = builtIn.get(key);
  if (!known) {
    builtIn.set(key, (known = new Set()));
    const bare = createYoga({ cors: { origin: 'x' }, graphiql: true, landingPage: false });
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
