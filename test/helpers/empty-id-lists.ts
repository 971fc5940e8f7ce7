/**
 * A field whose list of ids the node reads as no filter when it is empty (platform.getSubnets'
 * `ids`, info.peers' and platform.getCurrentValidators' `nodeIDs`): with `$ids: []` it must
 * answer what it answers with `$ids` omitted, and be priced as it is then, or a client would get
 * every item for the price of none.
 */
import { type OperationDefinitionNode, parse } from 'graphql';
import { expect } from 'vitest';
import { schema } from '../../src/graph/index.js';
import { estimate } from '../../src/yoga/cost-estimate.js';
import type { Harness } from './harness.js';

/** Checks `query` (taking `$ids`) with `[]` against `$ids` omitted; `list` picks the field's list from the data. */
export async function expectEmptyIdsAsOmitted(h: Harness, query: string, list: (data: any) => unknown[]): Promise<void> {
  const omitted = await h.raw<any>(query);
  const empty = await h.raw<any>(query, { ids: [] });
  expect(empty.errors).toBeUndefined();
  expect(list(empty.data)).toEqual(list(omitted.data));
  expect(list(empty.data).length).toBeGreaterThan(1);
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  const priced = estimate(schema, operation, {}, { ids: [] }).nodes;
  expect(priced).toBe(estimate(schema, operation, {}, {}).nodes);
  // Each item is an object and its one field.
  expect(priced).toBeGreaterThanOrEqual(2 * list(empty.data).length);
}
