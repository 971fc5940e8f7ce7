/**
 * Words a field's description uses with a fixed meaning, for people and for tools that read the
 * printed schema (schema/schema.graphql) rather than the code.
 */

/**
 * The field's value may differ between two identical requests by its upstream's own contract (a
 * random draw), not because time passed or a cache answered: no cache keeps it, and answers are
 * compared without it (test/fuzz/invariants.ts reads this word from the printed schema).
 */
export const NONDETERMINISTIC = 'Nondeterministic:';

/** A description's closing sentence saying why the field is nondeterministic. */
export const nondeterministic = (why: string) => `${NONDETERMINISTIC} ${why}`;
