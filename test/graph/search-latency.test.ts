/**
 * "A search takes at most 10% longer than its slowest confirming call", measured with the
 * sandbox's latency set (SANDBOX_LATENCY_MS's knob): every upstream call takes LATENCY ms, so a
 * lookup of one id takes one LATENCY, and a search, whose confirming calls all go out at once,
 * should take one LATENCY too, not one per candidate (a cb58 id has 16 candidates).
 *
 * The gateway shares reads between requests as a running one does (CACHE=memory; the harness's
 * default, off, shares nothing, so each search read the chain registry and the subnet listing
 * again): what is warm is what a running gateway has warm, the subnet listing and the chain
 * registry (their `subnets` freshness), read by the first search. Each search after is of an id
 * not asked before, so every lookup is made. A 0x hash is one wave of 61 calls, within the Data
 * API's 64 connections (UPSTREAM_CONNECTIONS). Timings are printed as measured; the machine is shared.
 */
import { describe, expect, it } from 'vitest';
import { cb58Encode } from '../../src/base/ids.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness({ CACHE: 'memory' });
const world = getWorld('mainnet');
const cChain = getEvmWorld('mainnet').chains.get('43114')!;
/** C-Chain transactions and blocks, one of each per round, none searched twice. */
const txHashes = cChain.transactions.map((t) => t.txHash);
const blockHashes = [...new Set(cChain.transactions.map((t) => t.blockHash))];
const LATENCY = 400;

/** A well-formed 32-byte id no one has: every candidate is asked for, and none is found. */
let n = 0;
const freshId = () => cb58Encode(new Uint8Array(32).fill(++n));
const freshHash = () => `0x${(++n).toString(16).padStart(64, '0')}`;

async function timed(query: string): Promise<number> {
  const started = performance.now();
  const res = await h.raw(query);
  expect(res.errors).toBeUndefined();
  return performance.now() - started;
}

describe(`with every upstream call taking ${LATENCY} ms`, () => {
  it('a search takes at most 10% longer than its slowest confirming call', async () => {
    // What a running gateway has read already: each network's subnet listing and chain registry.
    await timed(`{ search(query: "${world.avaxAssetId}") { __typename } h: search(query: "${freshHash()}") { __typename } }`);
    h.sandbox.knobs.latencyMs = LATENCY;
    const lookups: number[] = [];
    const searches: { kind: string; ms: number; calls: number }[] = [];
    for (let round = 0; round < 3; round++) {
      // The confirming calls alone, one at a time: each is one upstream call, the slowest of them the bound.
      lookups.push(await timed(`{ network { transaction(chain: P_CHAIN, txHash: "${freshId()}") { txHash } } }`));
      lookups.push(await timed(`{ network { l1Validator(validationId: "${freshId()}") { validationId } } }`));
      lookups.push(await timed(`{ network { xChainAsset(assetId: "${freshId()}") { assetId } } }`));
      lookups.push(await timed(`{ network { subnet(subnetId: "${freshId()}") { subnetId } } }`));
      lookups.push(await timed(`{ network { evmChain(evmChainId: 43114) { transaction(txHash: "${freshHash()}") { txHash } } } }`));
      // The call that confirms a transaction hash finds it: its answer is read, not a 404.
      lookups.push(
        await timed(`{ network { evmChain(evmChainId: 43114) { transaction(txHash: "${txHashes[10 + round]!}") { txHash } } } }`),
      );
      for (const [kind, query] of [
        ['cb58 id', freshId()],
        ['0x transaction hash', txHashes[round]!],
        ['0x block hash', blockHashes[round]!],
        ['unknown 0x hash', freshHash()],
      ] as const) {
        const before = h.sandbox.total;
        const ms = await timed(`{ search(query: "${query}") { __typename } }`);
        searches.push({ kind, ms, calls: h.sandbox.total - before });
      }
    }
    const slowest = Math.max(...lookups);
    console.log(
      JSON.stringify({
        latencyMs: LATENCY,
        lookupsMs: lookups.map(Math.round),
        slowestLookupMs: Math.round(slowest),
        searches: searches.map((s) => ({ ...s, ms: Math.round(s.ms) })),
      }),
    );
    for (const s of searches) expect(s.calls, s.kind).toBe(s.kind === 'cb58 id' ? 14 : 61);
    // Each kind by the fastest of its three rounds: one round caught by the machine's load (the
    // full suite runs beside) says nothing of the search, and a search needing a second wave of
    // calls would be a LATENCY late in every round.
    for (const kind of new Set(searches.map((s) => s.kind))) {
      const ms = Math.min(...searches.filter((s) => s.kind === kind).map((s) => s.ms));
      expect(ms, `${kind}: ${Math.round(ms)} ms against ${Math.round(slowest)} ms`).toBeLessThanOrEqual(1.1 * slowest);
    }
  }, 120_000);
});
