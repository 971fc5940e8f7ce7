/**
 * How a plugin's request-layer hooks (`onRequest`, `onRequestParse`, `onResultProcess`,
 * `onResponse`) fare on the fast path for JSON POSTs (src/yoga/lean-post.ts), which does not run
 * them. Every plugin of ours with such a hook states its terms where it is made, beside the
 * hooks they speak of; src/yoga/lean-post.ts refuses a yoga with a plugin that states none.
 */

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
