/**
 * The context the fast path hands yoga keeps V8's fast properties once yoga and the context
 * factory have assigned their fields to it (src/graphql/context.ts `contextWithSlots` says why).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { contextWithSlots } from '../../src/graphql/context.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
afterAll(() => setFlagsFromString('--no-allow-natives-syntax'));

const req = {} as IncomingMessage;
const res = {} as ServerResponse;

/** What a request's context goes through: yoga's params, the context factory's fields, then the plugins' own. */
function assignedAsARequest(context: object): object {
  // yoga's handleParams, when the context does not hold the request yet.
  Object.assign(context, { request: {}, params: { query: '{ __typename }' } });
  // envelop's onContextBuilding: every field the context factory returns (src/gateway/context.ts).
  const { req: _req, res: _res, request: _request, params: _params, cost, made, longest, ...factory } = contextWithSlots(req, res);
  Object.assign(context, Object.fromEntries(Object.keys(factory).map((key) => [key, {}])));
  // Then demand control, the list sizes and the metrics plugin, one field at a time.
  Object.assign(context, { cost: {} });
  Object.assign(context, { made: new Map(), longest: new Map() });
  (context as Record<symbol, unknown>)[Symbol('metrics')] = {};
  return context;
}

describe('contextWithSlots', () => {
  it('keeps fast properties through every assignment a request makes', () => {
    expect(hasFastProperties(assignedAsARequest(contextWithSlots(req, res)))).toBe(true);
  });

  it('is needed: the two-field object yoga was handed before turns into a dictionary', () => {
    // Should V8 stop doing so, the slots are no longer needed, and this says so.
    expect(hasFastProperties(assignedAsARequest({ req, res }))).toBe(false);
  });
});
