/**
 * What the clients' domain files declare about each operation (src/upstreams/sharing.ts) against the
 * upstream's spec: an operation that pages says its page bounds, as the spec gives them, and the
 * compiler refuses an entry that leaves them out. The connections take their page sizes and prices
 * from these bounds (`pageSpec`), so a wrong bound here would be a wrong price and a wrong request.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DataApiOperationTable } from '../../src/upstreams/data-api/client.js';
import { DATA_API_OPERATIONS } from '../../src/upstreams/operations.js';
import type { PageBounds } from '../../src/upstreams/sharing.js';

interface SpecOperation {
  operationId: string;
  parameters?: { name: string; in: string; schema: { maximum?: number; default?: number } }[];
}

const spec = JSON.parse(readFileSync(new URL('../contract/data-api.glacier.openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, SpecOperation>>;
};
const byId = new Map(Object.values(spec.paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op] as const)));

describe('the Data API operations the clients declare', () => {
  it('page with the bounds of the spec, exactly those the spec gives a pageSize', () => {
    const declared = Object.entries(DATA_API_OPERATIONS).map(([operation, entry]) => {
      const pageSize = byId.get(operation)?.parameters?.find((p) => p.name === 'pageSize' && p.in === 'query');
      const pages = 'pages' in entry ? (entry.pages as PageBounds) : undefined;
      return {
        operation,
        spec: pageSize ? { max: pageSize.schema.maximum, default: pageSize.schema.default } : undefined,
        entry: pages ? { max: pages.max, default: pages.default } : undefined,
      };
    });
    expect(declared.filter((d) => JSON.stringify(d.spec) !== JSON.stringify(d.entry))).toEqual([]);
    // Not vacuous: the paged ones are there, with their bounds.
    expect(declared.filter((d) => d.entry).length).toBeGreaterThanOrEqual(10);
    expect(declared.find((d) => d.operation === 'listSubnets')!.entry).toEqual({ max: 10_000, default: 100 });
  });

  it('cannot leave out the page bounds of an operation that pages, nor give them to one that does not', () => {
    // Checked by the compiler (`npm test` type-checks the tests): the table's type is read from the spec.
    expectTypeOf<{ listL1Validators: { freshness: 'validators'; pages: { max: 100; default: 10 } } }>().toExtend<DataApiOperationTable>();
    expectTypeOf<{ listL1Validators: { freshness: 'validators' } }>().not.toExtend<DataApiOperationTable>();
    expectTypeOf<{ getTxByHash: { freshness: 'immutable'; pages: { max: 100 } } }>().not.toExtend<DataApiOperationTable>();
    expectTypeOf<{ getTxByHash: { freshness: 'immutable' } }>().toExtend<DataApiOperationTable>();
    // And an operation without its freshness, or one the spec does not have.
    expectTypeOf<{ getTxByHash: Record<string, never> }>().not.toExtend<DataApiOperationTable>();
    expectTypeOf<{ listEverything: { freshness: 'immutable' } }>().not.toExtend<DataApiOperationTable>();
  });
});
