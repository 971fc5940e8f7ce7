/**
 * docs/caching.md's table of how long each upstream operation's answers are shared is the one the code
 * gives (test/generate/operations-table.ts): an endpoint added, or a lifetime changed, without
 * `npm run codegen:operations` fails here rather than leaving the README wrong.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_KINDS } from '../../src/reuse/freshness.js';
import { OPERATIONS } from '../../src/upstreams/operations.js';
import { fieldsByOperation, operationsTable, README, readmeWithTable } from '../generate/operations-table.js';

describe('docs/caching.md', () => {
  it('has the table of operations the code gives (run `npm run codegen:operations`)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme === readmeWithTable(readme)).toBe(true);
  });

  it('names the schema fields that reach every operation', () => {
    const reached = fieldsByOperation();
    expect(Object.keys(OPERATIONS).filter((operation) => !reached.has(operation))).toEqual([]);
    for (const operation of reached.keys()) expect(Object.keys(OPERATIONS), operation).toContain(operation);
  });

  it('names every operation in it once', () => {
    const table = operationsTable();
    for (const operation of Object.keys(OPERATIONS)) expect(table.split(`\`${operation}\``).length - 1, operation).toBe(1);
  });
});

describe('the freshness table', () => {
  it('shares every operation its entry does not say `never` of, and none other', () => {
    const shared = Object.entries(OPERATIONS)
      .filter(([, entry]) => entry.freshness !== 'never')
      .map(([operation]) => operation);
    expect(Object.keys(OPERATION_KINDS).sort()).toEqual(shared.sort());
  });
});
