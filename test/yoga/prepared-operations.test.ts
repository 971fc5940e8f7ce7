/**
 * Prepared operations (src/yoga/use-prepared-operations.ts): a query whose document yoga's parse
 * cache holds and which passed validation under the current settings runs without the parse and
 * validate phases, and answers exactly as the whole pipeline does; anything else, and anything a
 * plugin's terms send back, takes the whole pipeline. On the gateway itself every test of the
 * HTTP entries sends documents more than once, so both paths answer them (test/http/entries.test.ts,
 * the fuzzer's entries).
 */
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { documentCaches } from '../../src/yoga/document-caches.js';
import { preparedTerms } from '../../src/yoga/fast-path-terms.js';
import { usePreparedOperations } from '../../src/yoga/use-prepared-operations.js';
import { useValidationCache } from '../../src/yoga/use-validation-cache.js';
import { useDemandControl, type DemandControlOptions } from '../../src/yoga/use-demand-control.js';
import { schema as graphSchema } from '../../src/graph/index.js';
import { useErrorCodes } from '../../src/yoga/use-error-codes.js';

const typeDefs = 'type Query { a: Int, b(n: Int): Int } type Mutation { m: Int }';

interface Counts {
  parse: number;
  validate: number;
  execute: number;
}

/** Counts each phase's hooks; `prepared` says what it does in place of them. */
function counting(counts: Counts, onPrepared?: () => boolean | undefined): Plugin {
  return preparedTerms(
    {
      onParse: () => void counts.parse++,
      onValidate: () => void counts.validate++,
      onExecute: () => void counts.execute++,
    },
    { because: 'it counts', onPrepared },
  );
}

function preparedYoga(plugins: Plugin[], options: { generation?: () => number; context?: () => object } = {}) {
  const documents = documentCaches(1_000_000);
  return createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: { Query: { a: () => 1, b: (_: unknown, { n }: { n?: number }) => n ?? 0 }, Mutation: { m: () => 3 } },
    }),
    logging: false,
    parserAndValidationCache: documents.options,
    context: options.context,
    plugins: [
      ...plugins,
      useValidationCache(),
      usePreparedOperations({ documents: documents.options.documentCache, generation: options.generation ?? (() => 0) }),
    ],
  });
}

async function post(yoga: ReturnType<typeof createYoga>, body: object) {
  const res = await yoga.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('usePreparedOperations', () => {
  it('runs a known query without its parse and validate hooks, and answers it alike', async () => {
    const counts = { parse: 0, validate: 0, execute: 0 };
    const yoga = preparedYoga([counting(counts)]);
    const first = await post(yoga, { query: 'query Q($n: Int) { a b(n: $n) }', variables: { n: 4 } });
    expect(first).toEqual({ status: 200, body: { data: { a: 1, b: 4 } } });
    for (const n of [5, 6]) {
      expect(await post(yoga, { query: 'query Q($n: Int) { a b(n: $n) }', variables: { n } })).toEqual({
        status: 200,
        body: { data: { a: 1, b: n } },
      });
    }
    // Variables that do not coerce are the executor's to refuse, as they were.
    const bad = { query: 'query Q($n: Int) { a b(n: $n) }', variables: { n: 'x' } };
    const refused = await post(yoga, bad);
    expect(refused).toEqual(await post(preparedYoga([]), bad));
    expect(refused.status).toBe(400);
    expect(counts).toEqual({ parse: 1, validate: 1, execute: 4 });
  });

  // Each request that takes the whole pipeline runs the parse hooks (a hit of the parse cache too).
  it('takes the whole pipeline for what it does not know: a mutation, @defer, an operation name the document lacks, a failed validation', async () => {
    const counts = { parse: 0, validate: 0, execute: 0 };
    const yoga = preparedYoga([counting(counts)]);
    for (let i = 0; i < 2; i++) expect(await post(yoga, { query: 'mutation { m }' })).toEqual({ status: 200, body: { data: { m: 3 } } });
    expect(counts.parse).toBe(2);
    for (let i = 0; i < 2; i++) await post(yoga, { query: '{ a ... @defer { b } }' });
    expect(counts.parse).toBe(4);
    await post(yoga, { query: 'query A { a }', operationName: 'A' });
    const wrong = { query: 'query A { a }', operationName: 'Z' };
    expect(await post(yoga, wrong)).toEqual(await post(preparedYoga([]), wrong));
    expect(counts.parse).toBe(6);
    for (let i = 0; i < 2; i++) {
      expect(await post(yoga, { query: '{ nope }' })).toMatchObject({ body: { errors: [{ message: expect.stringContaining('nope') }] } });
    }
    expect(counts.parse).toBe(8);
  });

  it('validates again after the settings change (a reload bumps the generation)', async () => {
    const counts = { parse: 0, validate: 0, execute: 0 };
    let generation = 0;
    const yoga = preparedYoga([counting(counts)], { generation: () => generation });
    await post(yoga, { query: '{ a }' });
    await post(yoga, { query: '{ a }' });
    expect(counts.validate).toBe(1);
    generation++;
    await post(yoga, { query: '{ a }' });
    await post(yoga, { query: '{ a }' });
    expect(counts.validate).toBe(2);
  });

  it('sends a request through the whole pipeline when a plugin says so in place of its hooks', async () => {
    const counts = { parse: 0, validate: 0, execute: 0 };
    let whole = false;
    const yoga = preparedYoga([counting(counts, () => !whole)]);
    await post(yoga, { query: '{ a }' });
    await post(yoga, { query: '{ a }' });
    expect(counts).toMatchObject({ parse: 1, validate: 1 });
    whole = true;
    await post(yoga, { query: '{ a }' });
    expect(counts).toMatchObject({ parse: 2, validate: 2 });
  });

  it('answers an error thrown while the context is built as yoga does', async () => {
    let fail = false;
    const make = () =>
      preparedYoga([], {
        context: () => {
          if (fail) throw new Error('the context failed');
          return {};
        },
      });
    const yoga = make();
    await post(yoga, { query: '{ a }' });
    fail = true;
    const prepared = await post(yoga, { query: '{ a }' });
    const whole = await post(make(), { query: '{ a }' });
    expect(prepared).toEqual(whole);
    expect(prepared.body).toMatchObject({ errors: [{ message: 'Unexpected error.' }] });
  });

  it('runs the params a later onParams hook set, not the document it was prepared for', async () => {
    let swap = false;
    const documents = documentCaches(1_000_000);
    const yoga = createYoga({
      schema: createSchema({ typeDefs, resolvers: { Query: { a: () => 1, b: (_: unknown, { n }: { n?: number }) => n ?? 0 } } }),
      logging: false,
      parserAndValidationCache: documents.options,
      plugins: [
        useValidationCache(),
        usePreparedOperations({ documents: documents.options.documentCache, generation: () => 0 }),
        {
          onParams({ params, setParams }) {
            if (swap && params.query === '{ a }') setParams({ ...params, query: '{ b(n: 7) }' });
          },
        },
      ],
    });
    expect(await post(yoga, { query: '{ a }' })).toEqual({ status: 200, body: { data: { a: 1 } } });
    swap = true;
    expect(await post(yoga, { query: '{ a }' })).toEqual({ status: 200, body: { data: { b: 7 } } });
  });

  it('refuses a yoga with a plugin whose parse or validate hooks say nothing of prepared operations', () => {
    expect(() => preparedYoga([{ onValidate: () => undefined }])).toThrow(/no prepared terms/);
    expect(() => preparedYoga([{ onParse: () => undefined }])).toThrow(/no prepared terms/);
  });
});

describe('demand control on prepared queries', () => {
  // Its early refusal, before validation, is for documents validation has not seen; a document it
  // has is priced by onExecute, prepared or not.
  it('refuses a known query priced past a limit lowered since, as the whole pipeline does', async () => {
    const query = '{ network { subnets(first: 50) { nodes { subnetId blockchains { blockchainId } } } } }';
    const run = async (prepared: boolean) => {
      const options: DemandControlOptions = { maxCalls: 1000, maxNodes: 100_000, maxBytes: 50_000_000, extensions: true };
      const counts = { parse: 0, validate: 0, execute: 0 };
      const documents = documentCaches(1_000_000);
      const yoga = createYoga({
        schema: graphSchema,
        logging: false,
        parserAndValidationCache: documents.options,
        plugins: [
          counting(counts),
          useDemandControl(options),
          useErrorCodes(),
          useValidationCache(),
          ...(prepared ? [usePreparedOperations({ documents: documents.options.documentCache, generation: () => 0 })] : []),
        ],
      });
      // Passes validation (its execution fails without the gateway's context, which does not matter here).
      await post(yoga, { query });
      options.maxNodes = 10;
      const answer = await post(yoga, { query });
      return { answer, counts };
    };
    const prepared = await run(true);
    const whole = await run(false);
    expect(prepared.answer).toEqual(whole.answer);
    expect(prepared.answer.body).toMatchObject({ errors: [{ extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'nodes' } }] });
    expect(prepared.counts).toEqual({ parse: 1, validate: 1, execute: 2 });
    expect(whole.counts).toEqual({ parse: 2, validate: 2, execute: 2 });
  });
});
