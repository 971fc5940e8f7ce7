/**
 * The context the fast path hands yoga keeps V8's fast properties once yoga, envelop and the
 * context factory have assigned their fields to it (src/graphql/context.ts `contextWithSlots`
 * says why): checked on the context yoga executes with, behind a real socket.
 */
import { setFlagsFromString } from 'node:v8';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { afterAll, describe, expect, it } from 'vitest';
import { contextWithSlots, type GatewayContext } from '../../src/graphql/context.js';
import { fastPath } from '../../src/yoga/lean-post.js';
import { postThroughFastPath } from '../helpers/lean-server.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
afterAll(() => setFlagsFromString('--no-allow-natives-syntax'));

/** Every field the gateway's context factory returns (src/gateway/context.ts), each an object. */
function factoryFields(): Record<string, unknown> {
  const { req: _req, res: _res, request: _request, params: _params, ...fields } = contextWithSlots({} as never, {} as never);
  return Object.fromEntries(Object.keys(fields).map((key) => [key, {}]));
}

/** The context a query over the fast path executes with, after the plugins' own fields are set on it. */
async function executedContext({ asBefore = false } = {}): Promise<object> {
  let seen: object | undefined;
  const capture: Plugin = {
    onExecute: ({ args }) => {
      const context = args.contextValue as unknown as Record<string | symbol, unknown>;
      // What demand control, the list sizes and the metrics plugin set once the context is built.
      context.cost = {};
      context.made = new Map();
      context.longest = new Map();
      context[Symbol('metrics')] = {};
      seen = context;
    },
  };
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema: createSchema({ typeDefs: 'type Query { ok: Boolean }', resolvers: { Query: { ok: () => true } } }),
    context: () => factoryFields() as unknown as GatewayContext,
    plugins: [capture],
  });
  if (asBefore) {
    // What the fast path handed over before the slots: the node request and response alone.
    const handOver = yoga.getResultForParams;
    yoga.getResultForParams = (payload, context) => {
      const { req, res } = context as { req: unknown; res: unknown };
      return handOver(payload, { req, res } as never);
    };
  }
  const lean = fastPath(yoga, [capture]);
  const res = await postThroughFastPath(lean, { query: '{ ok }' });
  expect(await res.json()).toEqual({ data: { ok: true } });
  return seen!;
}

describe('a fast-path request’s context', () => {
  it('keeps fast properties through every assignment yoga, envelop and the plugins make', async () => {
    expect(hasFastProperties(await executedContext())).toBe(true);
  });

  it('is why the slots exist: handed over as { req, res }, as before, it turns into a dictionary', async () => {
    // Should V8 stop doing so, the slots are no longer needed, and this says so.
    expect(hasFastProperties(await executedContext({ asBefore: true }))).toBe(false);
  });
});
