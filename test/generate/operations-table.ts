/**
 * Writes docs/caching.md's table of how long each upstream operation's answers are shared, between its
 * `<!-- operations:start -->` and `<!-- operations:end -->` markers, from the code that decides it:
 * the entries the clients' domain files declare (src/upstreams/operations.ts) and the times of each
 * kind (src/reuse/freshness.ts). A table written by hand went stale whenever an endpoint was added.
 * Its last column names the schema fields that reach each operation, as their prices declare it
 * (`reaches`, src/graph/cost.ts; a paged field's comes from its page's operation).
 *
 * `npm run codegen:operations` (part of `npm run codegen`) runs it; test/reuse/operations-table.test.ts
 * fails when the committed page differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isObjectType } from 'graphql';
import { schema } from '../../src/graph/index.js';
import { COST_EXTENSION, type FieldCost } from '../../src/graph/cost.js';
import { FRESHNESS_KINDS, type FreshnessKind } from '../../src/reuse/freshness.js';
import { OPERATIONS_BY_UPSTREAM } from '../../src/upstreams/operations.js';
import type { Lifetime } from '../../src/upstreams/sharing.js';

export const README = new URL('../../docs/caching.md', import.meta.url);

const START = '<!-- operations:start: written by `npm run codegen:operations`, edit the code instead -->';
const END = '<!-- operations:end -->';

/** 60000 → "60 s", 600000 → "10 min", 3600000 → "1 h". */
function duration(ms: number): string {
  if (ms === Number.POSITIVE_INFINITY) return 'until evicted';
  if (ms === 0) return '—';
  if (ms < 120_000) return `${ms / 1000} s`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/** The operations of each lifetime, in the order the upstreams and their domain files list them. */
function namesOf(lifetime: Lifetime): string[] {
  return Object.values(OPERATIONS_BY_UPSTREAM).flatMap((table) =>
    Object.entries(table)
      .filter(([, entry]) => entry.freshness === lifetime)
      .map(([name]) => name),
  );
}

const operationsOf = (lifetime: Lifetime) =>
  namesOf(lifetime)
    .map((name) => `\`${name}\``)
    .join(', ');

/** Each operation's fields (`Type.field`), from the `reaches` of the schema's prices. */
export function fieldsByOperation(): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const price = field.extensions[COST_EXTENSION] as FieldCost | undefined;
      for (const operation of price?.reaches ?? []) fields.set(operation, [...(fields.get(operation) ?? []), `${type.name}.${field.name}`]);
    }
  }
  return fields;
}

/** The fields that reach each operation of a lifetime, named without backticks so that the table names each operation once. */
function reachedFrom(lifetime: Lifetime, fields: Map<string, string[]>): string {
  return namesOf(lifetime)
    .map((name) => `${name}: ${(fields.get(name) ?? []).map((f) => `\`${f}\``).join(', ') || 'not declared yet'}`)
    .join('; ');
}

/** The table, markers included. */
export function operationsTable(): string {
  const fields = fieldsByOperation();
  const rows = (Object.entries(FRESHNESS_KINDS) as [FreshnessKind, (typeof FRESHNESS_KINDS)[FreshnessKind]][]).map(([kind, k]) => {
    // `immutable` has no setting; the others are named as their CACHE_TTL_<KIND>_MS variable.
    const name = kind === 'immutable' ? kind : `\`${kind.toUpperCase()}\``;
    const operations = kind === 'absent' ? 'any lookup by id that the upstream answers with none' : operationsOf(kind);
    const reached = kind === 'absent' ? '—' : reachedFrom(kind, fields);
    return `| ${name} | ${duration(k.ttlMs)} | ${duration(k.staleMs)} | ${k.what} | ${operations} | ${reached} |`;
  });
  return [
    START,
    '| Kind | Fresh for | Served stale while refreshed | What | Operations | Schema fields that reach them |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| never shared | — | — | admin reads, and calls that change something | ${operationsOf('never')} | ${reachedFrom('never', fields)} |`,
    END,
  ].join('\n');
}

/** README.md with the table written in, or an error when its markers are missing. */
export function readmeWithTable(readme: string = readFileSync(README, 'utf8')): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  return readme.slice(0, start) + operationsTable() + readme.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(README, readmeWithTable());
