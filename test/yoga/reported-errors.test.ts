/**
 * One error for each null of an answer, whichever executor ran it (src/yoga/use-reported-errors.ts):
 * an operation's first run is interpreted, the next ones compiled (graphql-jit), and graphql-jit
 * reported the errors of answers discarded by a null as well (fuzz seed p35).
 */
import { GraphQLError } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { useCompiledExecution } from '../../src/yoga/use-compiled-execution.js';
import { useReportedErrors } from '../../src/yoga/use-reported-errors.js';

const fail = (code: string) => new GraphQLError(`failed: ${code}`, { extensions: { code } });
const later = <T>(f: () => T, ms = 5) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(f());
      } catch (e) {
        reject(e);
      }
    }, ms),
  );

const schema = createSchema({
  typeDefs: `
    type Query { bad: String! slow: String items: [Item!] maybe: [Item] network: Network }
    type Network { chains: [Chain!] }
    type Chain { i: Int! id: String! call: String! }
    type Item { i: Int! v: String! w: String }
  `,
  resolvers: {
    Query: {
      bad: () => {
        throw fail('BAD_USER_INPUT');
      },
      slow: () =>
        later(() => {
          throw fail('UPSTREAM_BAD_REQUEST');
        }),
      items: () => [0, 1, 2].map((i) => ({ i })),
      maybe: () => [0, 1, 2].map((i) => ({ i })),
      network: () => ({}),
    },
    Network: { chains: () => [0, 1, 2, 3].map((i) => ({ i })) },
    Chain: {
      // Every chain but the first answers its id late with an upstream's failure; every call is refused at once.
      id: ({ i }: { i: number }) =>
        later(() => {
          if (i > 0) throw fail('NODE_API_UNAVAILABLE');
          return `c${i}`;
        }),
      call: () => {
        throw fail('BAD_USER_INPUT');
      },
    },
    Item: {
      v: ({ i }: { i: number }) =>
        later(
          () => {
            throw fail(`V${i}`);
          },
          5 + 25 * i,
        ),
      w: ({ i }: { i: number }) =>
        later(() => {
          throw fail(`W${i}`);
        }),
    },
  },
});

const yogaWith = (...plugins: Plugin[]) => createYoga({ schema, plugins, maskedErrors: false });
type Body = { data?: unknown; errors?: { path?: (string | number)[]; extensions?: { code?: string } }[] };
async function ask(yoga: ReturnType<typeof yogaWith>, query: string): Promise<Body> {
  const res = await yoga.fetch('http://yoga/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as Body;
}
const errorsOf = (body: Body) => body.errors?.map((e) => `${e.extensions?.code} ${e.path?.join('.')}`);

/** The answers of three runs: the first interpreted, the others compiled. */
async function runs(query: string, ...plugins: Plugin[]): Promise<Body[]> {
  const yoga = yogaWith(useCompiledExecution({ maxBytes: 1_000_000 }), ...plugins);
  const out: Body[] = [];
  for (let run = 0; run < 3; run++) out.push(await ask(yoga, query));
  return out;
}

describe('an answer with errors, interpreted then compiled', () => {
  it('reported the discarded answers’ errors once compiled, without the rule (what the fuzzer found)', async () => {
    const [interpreted, compiled] = await runs('{ bad slow }');
    expect(errorsOf(interpreted!)).toEqual(['BAD_USER_INPUT bad']);
    expect(errorsOf(compiled!)).toEqual(['UPSTREAM_BAD_REQUEST slow', 'BAD_USER_INPUT bad']);
  });

  it.each([
    ['a failed non-null root field beside a nullable one failing later', '{ bad slow }', null, ['BAD_USER_INPUT bad']],
    [
      'a refused argument of every chain beside their own upstream failures, through a fragment and an alias',
      '{ network { ...N } } fragment N on Network { chains { id ... on Chain { x: call } } }',
      { network: { chains: null } },
      ['BAD_USER_INPUT network.chains.0.x'],
    ],
    [
      'nullable fields failing in a list of non-null items, and a non-null one after them',
      '{ items { w v } }',
      { items: null },
      ['V0 items.0.v'],
    ],
  ])('%s: one error for the null, on every run', async (_what, query, data, errors) => {
    for (const body of await runs(query, useReportedErrors())) {
      expect(body.data).toEqual(data);
      expect(errorsOf(body)).toEqual(errors);
    }
  });

  it('keeps the error of every null the answer holds', async () => {
    const bodies = await runs('{ maybe { i v } items { i w } }', useReportedErrors());
    for (const body of bodies) {
      expect(body.data).toEqual({ maybe: [null, null, null], items: [0, 1, 2].map((i) => ({ i, w: null })) });
      expect(errorsOf(body)!.sort()).toEqual([
        'V0 maybe.0.v',
        'V1 maybe.1.v',
        'V2 maybe.2.v',
        'W0 items.0.w',
        'W1 items.1.w',
        'W2 items.2.w',
      ]);
    }
  });
});
