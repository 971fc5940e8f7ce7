/**
 * An answer bounded by its price (issue 29): the answer's bytes are priced before it runs
 * (`extensions.cost.estimated.bytes`: every key, every value, a leaf whose size the data decides at
 * the size declared or last seen beside its field), the bytes returned never exceed them, and an
 * operation priced past MAX_RESULT_BYTES is refused before any upstream call.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

const h = useHarness({ CACHE: 'off' });

interface Cost {
  estimated: { calls: number; nodes: number; bytes: number };
  actual: { calls: number };
}

/** A POST to the gateway's server, its answer whole (the harness's `raw` leaves the cost out). */
async function priced(query: string) {
  const res = await fetch(h.served.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[]; extensions?: { cost?: Cost } };
  return { res: body, cost: body.extensions!.cost!, bytes: Buffer.byteLength(JSON.stringify(body.data)) };
}

describe("the answer's bytes, priced", () => {
  for (const [name, query] of [
    [
      'a page of subnets with aliases and __typename',
      '{ network { subnets(first: 20) { nodes { __typename id a: subnetId isL1 blockchains { blockchainName vmId } } } } }',
    ],
    [
      'P- and X-Chain blocks with their bytes',
      '{ network { pChain { block(height: "120") { hex transactions { txId } } } xChain { block(height: "5") { hex } } } }',
    ],
    ['a page of validators with lists of leaves', '{ network { pChain { currentValidators { nodeId weight delegatorCount } } } }'],
  ] as const) {
    it(`bounds what it answers: ${name}`, async () => {
      for (const run of [1, 2]) {
        const { res, cost, bytes } = await priced(query);
        expect(res.errors, `run ${run}`).toBeUndefined();
        expect(bytes, `run ${run}: ${bytes} bytes answered, ${cost.estimated.bytes} priced`).toBeLessThanOrEqual(cost.estimated.bytes);
      }
    });
  }

  it("prices a block's bytes by the longest seen once blocks were read (at the 4 MiB a block may hold before)", async () => {
    const query = '{ network { pChain { block(height: "7") { hex } } } }';
    // The blocks above were read: the longest block seen, with margin, prices this one.
    const second = await priced(query);
    expect(second.bytes).toBeLessThanOrEqual(second.cost.estimated.bytes);
    expect(second.cost.estimated.bytes).toBeLessThan(100_000);
  });
});

describe('MAX_RESULT_BYTES', () => {
  const small = useHarness({ CACHE: 'off', MAX_RESULT_BYTES: '4096' });

  it('refuses an answer priced past it before any upstream call, saying where its size comes from', async () => {
    const res = await small.raw('{ network { subnets(first: 100) { nodes { subnetId isL1 } } } }');
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'bytes', allowed: 4096 });
    expect(res.errors?.[0]?.message).toContain('MAX_RESULT_BYTES');
    expect(res.errors?.[0]?.message).toContain('lower `first` on `subnets`');
    expect(small.sandbox.total).toBe(0);
  });

  it('runs what is priced within it', async () => {
    const res = await small.raw('{ network { subnets(first: 5) { nodes { subnetId } } } }');
    expect(res.errors).toBeUndefined();
    expect(small.sandbox.total).toBe(1);
  });
});
