/**
 * The fuzzer's `variables-as-inline` comparison (test/fuzz/fuzzer.ts `pricedAsInline`), against
 * a scripted gateway: it must still report a request priced otherwise with variables than inline,
 * and must not report a difference that only the texts' histories make (seed p86: the variables'
 * text priced by what its earlier run made, its inline twin refused and so never run).
 */
import { describe, expect, it } from 'vitest';
import { inlined, pricedAsInline } from './fuzzer.js';
import type { Generated } from './generate.js';
import type { Answer } from './send.js';

/** How the scripted gateway prices a request: its estimated calls, or a refusal past 250. */
let priceOf: (request: Generated) => number = () => 0;
const sent: string[] = [];

/** The gateway, scripted: each request it is sent is priced by `priceOf`. */
async function post(request: Generated): Promise<Answer> {
  sent.push(request.query);
  return answerPriced(priceOf(request));
}

function answerPriced(calls: number): Answer {
  const estimated = { calls, nodes: 10, bytes: 100 };
  const body =
    calls > 250
      ? { data: null, errors: [{ message: 'priced past the budget', extensions: { code: 'QUERY_LIMIT_EXCEEDED', estimated } }] }
      : { data: { network: null }, extensions: { cost: { estimated } } };
  return { status: 200, body, ms: 1 };
}

const request: Generated = { query: 'query Q($n: Int) { network { subnets(first: $n) { nodes { subnetId } } } }', variables: { n: 4 } };
const inline = inlined(request)!;
/** A fresh twin: a text with the comment the comparison adds so that no text of it ran before. */
const fresh = (query: string) => query.includes('# priced fresh');

describe("the fuzzer's variables-as-inline comparison", () => {
  it('reports a request priced otherwise with variables than inline, fresh texts included', async () => {
    priceOf = (r) => (r.variables ? 40 : 310);
    sent.length = 0;
    const finding = await pricedAsInline(request, inline, answerPriced(40), 'memory', post);
    expect(finding?.detail).toBe('with variables 40 calls/10 nodes, inline 310 calls/10 nodes');
    expect(sent.filter(fresh).length).toBeGreaterThan(0);
  });

  it("forgives a difference only the variables' text's own earlier run makes", async () => {
    // As in seed p86: the variables' text keeps the price of what it made when it ran; any text
    // that never ran, either spelling, is priced 310 and refused.
    priceOf = (r) => (r.variables && !fresh(r.query) ? 40 : 310);
    sent.length = 0;
    const finding = await pricedAsInline(request, inline, answerPriced(40), 'memory', post);
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
    expect(await pricedAsInline(request, inline, answerPriced(120), 'memory', post)).toBeUndefined();
    expect(sent).toEqual([inline.query]);
  });
});
