/**
 * Validation results kept per schema, rule set and parsed document, in place of yoga's validation
 * cache (its parse cache stays).
 *
 * Why not yoga's: it recognises a rule set by its rules' names, joined into one string on every
 * request. envelop rebuilds the list on every request (graphql-js's 27 rules, then each plugin's),
 * so that meant 36 `Function.name` reads, a string of about 850 characters and a map lookup
 * by it, on every request, cached or not: about a fifth of the CPU of an operation as small as
 * `{ __typename }`, besides the HTTP exchange. Names are also a weak key: two rules of the same
 * name (an anonymous arrow, say) made different sets look alike. Here a set is recognised by the
 * identity of its rules, compared one by one against the few sets seen so far.
 *
 * Registered after every plugin that adds rules, so it sees the set that would run. Errors are
 * kept as the plugins before it left them (with their codes), as yoga's cache kept them.
 */
import type { DocumentNode, GraphQLError, GraphQLSchema, ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { keptTerms, preparedTerms } from './fast-path-terms.js';

/**
 * The rule sets remembered per schema. Plugins add the same rules to every request, so one set
 * (or one per combination of a plugin's conditions) is the norm; past this many, rules are being
 * made per request and nothing is cached for new sets.
 */
const MAX_RULE_SETS = 8;

interface RuleSet {
  rules: readonly ValidationRule[];
  results: WeakMap<DocumentNode, readonly Error[]>;
}

/**
 * Errors a plugin set in place of validation that depend on settings a reload may change (a price
 * past UPSTREAM_CALL_BUDGET): a result holding one is not kept.
 */
const notKept = new WeakSet<object>();

export function keptOutOfValidationCache<E extends object>(error: E): E {
  notKept.add(error);
  return error;
}

function sameRules(a: readonly ValidationRule[], b: readonly ValidationRule[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function useValidationCache(): Plugin {
  const bySchema = new WeakMap<GraphQLSchema, RuleSet[]>();
  const plugin: Plugin = {
    onValidate({ params: { schema, documentAST, rules }, setResult }) {
      if (!rules) return undefined;
      let sets = bySchema.get(schema);
      if (!sets) bySchema.set(schema, (sets = []));
      let set: RuleSet | undefined;
      for (let i = 0; i < sets.length && !set; i++) if (sameRules(sets[i]!.rules, rules)) set = sets[i];
      if (!set) {
        if (sets.length >= MAX_RULE_SETS) return undefined;
        // A copy: the list envelop passes belongs to this request.
        set = { rules: [...rules], results: new WeakMap() };
        sets.push(set);
      }
      const cached = set.results.get(documentAST);
      if (cached) {
        setResult(cached as GraphQLError[]);
        return undefined;
      }
      const { results } = set;
      return ({ result }) => {
        if (!result.some((error) => notKept.has(error))) results.set(documentAST, result);
      };
    },
  };
  keptTerms(plugin, { because: 'it keeps what validation found, and a request answered at the door is a prepared query' });
  return preparedTerms(plugin, { because: 'it keeps what validation found, and a prepared document passed it' });
}
