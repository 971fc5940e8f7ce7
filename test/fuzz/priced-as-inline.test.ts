/**
 * The fuzzer's `variables-as-inline` comparison (test/fuzz/fuzzer.ts `pricedAsInline`), against
 * scripted answers: it must still report a request priced otherwise with variables than inline,
 * and must not report a difference that only the texts' histories make (seed p86: the variables'
 * text priced by what its earlier run made, its inline twin refused and so never run).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Generated } from './generate.js';
import type { Answer } from './send.js';

/** How the scripted gateway prices a request: its estimated calls, or a refusal past 250. */
let priceOf: (request: Generated) => number = () => 0;
const sent: string[] = [];

vi.mock('./send.js', async (original) => ({
  ...(await original<typeof import('./send.js')>()),
  send: async (_entry: string, _origin: string, request: Generated): Promise<Answer> => {
    sent.push(request.query);
    return answerPriced(priceOf(request));
  },
}));

const { Fuzzer, inlined } = await import('./fuzzer.js');

function answerPriced(calls: number): Answer {
  const estimated = { calls, nodes: 10, bytes: 100 };
  const body =
    calls > 250
      ? { data: null, errors: [{ message: 'priced past the budget', extensions: { code: 'QUERY_LIMIT_EXCEEDED', estimated } }] }
      : { data: { network: null }, extensions: { cost: { estimated } } };
  return { status: 200, body, ms: 1 };
}

type Compare = (
  sent: Generated,
  inline: Generated,
  asVariables: Answer,
  mode: 'memory',
  deadlineMs: number,
) => Promise<{ detail: string } | undefined>;

function fuzzer(): { compare: Compare; close: () => void } {
  const targets = { sandbox: { observe: () => () => {} }, gateways: { memory: { origin: 'http://127.0.0.1:1' } } };
  const made = new Fuzzer(targets as never);
  const compare = (made as unknown as { pricedAsInline: Compare }).pricedAsInline.bind(made);
  return { compare, close: () => made.close() };
}

const request: Generated = { query: 'query Q($n: Int) { network { subnets(first: $n) { nodes { subnetId } } } }', variables: { n: 4 } };
const inline = inlined(request)!;
/** A text seen before this comparison: any without the comment the comparison adds to its fresh twins. */
const fresh = (query: string) => query.includes('# priced fresh');

describe("the fuzzer's variables-as-inline comparison", () => {
  it('reports a request priced otherwise with variables than inline, fresh texts included', async () => {
    priceOf = (r) => (r.variables ? 40 : 310);
    const { compare, close } = fuzzer();
    const finding = await compare(request, inline, answerPriced(40), 'memory', 1_000);
    close();
    expect(finding?.detail).toBe('with variables 40 calls/10 nodes, inline 310 calls/10 nodes');
    expect(sent.filter(fresh).length).toBeGreaterThan(0);
  });

  it("forgives a difference only the variables' text's own earlier run makes", async () => {
    // As in seed p86: the variables' text keeps the price of what it made when it ran; any text
    // that never ran, either spelling, is priced 310 and refused.
    priceOf = (r) => (r.variables && !fresh(r.query) ? 40 : 310);
    sent.length = 0;
    const { compare, close } = fuzzer();
    const finding = await compare(request, inline, answerPriced(40), 'memory', 1_000);
    close();
    expect(finding).toBeUndefined();
    // The twins compared last were new texts, each spelling with the same comment.
    const twins = sent.filter(fresh);
    expect(twins).toHaveLength(2);
    expect(twins[0]!.startsWith(inline.query)).toBe(true);
    expect(twins[1]!.startsWith(request.query)).toBe(true);
  });

  it('agrees at once when both spellings are priced alike, sending only the inline twin', async () => {
    priceOf = () => 120;
    sent.length = 0;
    const { compare, close } = fuzzer();
    expect(await compare(request, inline, answerPriced(120), 'memory', 1_000)).toBeUndefined();
    close();
    expect(sent).toEqual([inline.query]);
  });
});
