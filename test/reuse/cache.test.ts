/**
 * The cross-request cache (src/reuse/reads.ts, ./store.ts) and whole responses: what is reused
 * between requests, for how long by kind, with whom, and what never is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import { MemoryStore } from '../../src/reuse/store.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, startHarness, type Harness } from '../helpers/harness.js';

const world = getWorld('mainnet');
const subnetId = world.subnets[7]!.subnetId;
const [txA, txB] = world.transactions.p.slice(0, 2).map((tx) => tx.txHash);

let open: Harness[] = [];
async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const h = await startHarness({ CACHE: 'memory', ...env });
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.map((h) => h.close()));
  open = [];
});

/** A query that reads the subnet listing; `alias` makes each document distinct, so no whole response is reused. */
const subnetQuery = (alias = 's') => `{ network { ${alias}: subnet(subnetId: "${subnetId}") { subnetId } } }`;

describe('reads shared between requests', () => {
  it("answers a repeated read from the cache while it is fresh, for every request under the operator's key", async () => {
    const h = await harness();
    expect((await h.raw(subnetQuery('a'))).errors).toBeUndefined();
    expect((await h.raw(subnetQuery('b'))).errors).toBeUndefined();
    expect(h.sandbox.counts).toEqual({ listSubnets: 1 });
    // A client's own key is not the operator's: its reads are its own (src/reuse/reads.ts says why).
    expect((await h.raw(subnetQuery('c'), undefined, { 'x-service-api-key': 'client-one' })).errors).toBeUndefined();
    expect((await h.raw(subnetQuery('d'), undefined, { 'x-service-api-key': 'client-two' })).errors).toBeUndefined();
    expect(h.sandbox.counts).toEqual({ listSubnets: 3 });
    expect(h.sandbox.log.map((r) => r.apiKey)).toEqual([undefined, 'client-one', 'client-two']);
  });

  it('keeps no entry per client key: 100 keys, each its own call, not one entry more', async () => {
    const h = await harness();
    await h.raw(subnetQuery('first'));
    const store = h.gateway.reuse.store as MemoryStore;
    const before = store.usage;
    for (let i = 0; i < 100; i++) {
      const res = await h.raw(subnetQuery(`k${i}`), undefined, { 'x-service-api-key': `key-${i}-${'x'.repeat(64)}` });
      expect(res.errors).toBeUndefined();
    }
    expect(store.usage).toEqual(before);
    expect(h.sandbox.count('listSubnets')).toBe(101);
    // The operator's answer is still there, and still the operator's.
    await h.raw(subnetQuery('last'));
    expect(h.sandbox.count('listSubnets')).toBe(101);
  });

  it('refetches a list once its time is up, and never an immutable object', async () => {
    // Long enough for the second request to come within it on a loaded machine (100 ms was not).
    const h = await harness({ CACHE_TTL_TRANSACTIONS_MS: '400' });
    const q = (alias: string) => `{ network {
      ${alias}: transactions(chain: P_CHAIN, first: 3) { nodes { txHash } }
      one: transaction(chain: P_CHAIN, txHash: "${txA}") { txHash }
    } }`;
    expect((await h.raw(q('a'))).errors).toBeUndefined();
    expect(h.sandbox.counts).toEqual({ listLatestPrimaryNetworkTransactions: 1, getTxByHash: 1 });
    await h.raw(q('b'));
    expect(h.sandbox.counts).toEqual({ listLatestPrimaryNetworkTransactions: 1, getTxByHash: 1 });
    await sleep(450);
    // Latest transactions are never served stale: this request waits for the new list.
    await h.raw(q('c'));
    expect(h.sandbox.counts).toEqual({ listLatestPrimaryNetworkTransactions: 2, getTxByHash: 1 });
  });

  it('keeps a lookup that found nothing for a short while (CACHE_TTL_ABSENT_MS), so warm repeats do not call', async () => {
    const h = await harness({ CACHE_TTL_ABSENT_MS: '300' });
    // Well-formed ids of nothing there: an X-Chain transaction's hash on the P-Chain, an address without a contract.
    const none = world.transactions.x[0]!.txHash;
    const q = (alias: string) => `{ network {
      ${alias}: transaction(chain: P_CHAIN, txHash: "${none}") { txHash }
      evmChain(evmChainId: 43114) { address(address: "0x${'0'.repeat(39)}1") { contract { name } } }
    } }`;
    for (const alias of ['a', 'b']) {
      const res = await h.raw<any>(q(alias));
      expect(res.errors).toBeUndefined();
      expect(res.data.network[alias]).toBeNull();
      expect(res.data.network.evmChain.address.contract).toBeNull();
    }
    expect(h.sandbox.counts).toEqual({ getTxByHash: 1, getContractMetadata: 1 });
    await sleep(350);
    await h.raw(q('c'));
    expect(h.sandbox.counts).toEqual({ getTxByHash: 2, getContractMetadata: 2 });
  });

  it('serves a slowly changing list stale while one call refreshes it', async () => {
    const h = await harness({ CACHE_TTL_SUBNETS_MS: '100' });
    await h.raw(subnetQuery('a'));
    await sleep(150);
    h.sandbox.knobs.latencyMs = 300;
    const started = Date.now();
    expect((await h.raw(subnetQuery('b'))).errors).toBeUndefined();
    // Answered from the stale copy, without waiting for the refresh.
    expect(Date.now() - started).toBeLessThan(250);
    await sleep(400);
    expect(h.sandbox.count('listSubnets')).toBe(2);
    await h.raw(subnetQuery('c'));
    expect(h.sandbox.count('listSubnets')).toBe(2);
  });

  it('makes one upstream call for concurrent identical reads from different requests', async () => {
    const h = await harness();
    h.sandbox.knobs.latencyMs = 150;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => h.raw(subnetQuery(`c${i}`))));
    for (const res of results) expect(res.errors).toBeUndefined();
    expect(h.sandbox.count('listSubnets')).toBe(1);
  });

  it('keeps no failure: a 503, a 429 or an exhausted budget is asked again next time', async () => {
    const h = await harness({ UPSTREAM_RETRIES: '0' });
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503 });
    expect(codes(await h.raw(subnetQuery('a')))).toEqual(['UPSTREAM_UNAVAILABLE']);
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 429, retryAfter: 30 });
    expect(codes(await h.raw(subnetQuery('a')))).toEqual(['UPSTREAM_RATE_LIMITED']);
    expect((await h.raw(subnetQuery('a'))).errors).toBeUndefined();
    expect(h.sandbox.count('listSubnets')).toBe(3);

    const tight = await harness({ UPSTREAM_CALL_BUDGET: '1', DEMAND_CONTROL: 'measure' });
    const both = `{ network { one: transaction(chain: P_CHAIN, txHash: "${txA}") { txHash } two: transaction(chain: P_CHAIN, txHash: "${txB}") { txHash } } }`;
    expect(codes(await tight.raw(both))).toEqual(['UPSTREAM_BUDGET_EXCEEDED']);
    // The answered one is reused; the refused one was never kept, so this request calls for it.
    expect((await tight.raw(both)).errors).toBeUndefined();
    expect(tight.sandbox.count('getTxByHash')).toBe(2);
  });

  it('never keeps an answer that does not fit the spec: it is the upstream’s fault, and the next request calls again', async () => {
    const h = await harness();
    const q = `{ network { tx: transaction(chain: P_CHAIN, txHash: "${txA}") { txHash } } }`;
    h.sandbox.fail({ operation: 'getTxByHash', kind: 'body', body: { unexpected: true } });
    const wrong = await h.raw(q);
    expect(codes(wrong)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
    expect(wrong.errors![0]!.extensions).toEqual({
      code: 'UPSTREAM_INVALID_RESPONSE',
      upstream: { service: 'data-api', operation: 'getTxByHash', status: 200 },
    });
    // Neither the read nor the response was kept: the same query calls again, and gets the transaction.
    const again = await h.raw(q);
    expect(again.errors).toBeUndefined();
    expect(again.data).toEqual({ network: { tx: { txHash: txA } } });
    expect(h.sandbox.count('getTxByHash')).toBe(2);
  });

  it('charges a call to the request that makes it, not to those that reuse its answer', async () => {
    const h = await harness({ UPSTREAM_CALL_BUDGET: '1', DEMAND_CONTROL: 'measure' });
    const q = `{ network { subnet(subnetId: "${subnetId}") { subnetId } vertices(first: 1) { nodes { vertexHash } } } }`;
    expect(codes(await h.raw(q))).toEqual(['UPSTREAM_BUDGET_EXCEEDED']);
    const second = await h.raw(q);
    expect(second.errors).toBeUndefined();
    expect(h.sandbox.counts).toEqual({ listSubnets: 1, listLatestXChainVertices: 1 });
  });
});

describe('the byte bound', () => {
  it('evicts the least recently used answers past it, and never holds more', () => {
    const evicted: unknown[] = [];
    const store = new MemoryStore(2000, { onEvict: (entry) => evicted.push(entry.value) });
    // What an entry counts: its value's bytes, its key, and what the store holds for it (160).
    const entry = (value: string) => ({ value, size: 240, freshUntil: Date.now() + 60_000, staleUntil: Date.now() + 60_000 });
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, entry(key));
    expect(store.usage).toEqual({ bytes: 4 * 401, entries: 4 });
    store.get('a');
    store.set('e', entry('e'));
    expect(evicted).toEqual(['b']);
    expect(store.usage).toEqual({ bytes: 4 * 401, entries: 4 });
    // An answer bigger than a quarter of the bound is not kept at all.
    store.set('huge', { ...entry('huge'), size: 337 });
    expect(store.get('huge')).toBeUndefined();
  });

  it('lets go of answers past their time, whether or not anyone asks for them again', async () => {
    // The sweep's timer is faked; the entries' time runs on the real clock (lru-cache reads it once).
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const store = new MemoryStore(100_000);
      const entry = (ttl: number) => ({
        value: 'x',
        kind: 'transactions',
        size: 1000,
        freshUntil: Date.now() + ttl,
        staleUntil: Date.now() + ttl,
      });
      store.set('short', entry(20));
      store.set('long', entry(60_000));
      await sleep(40);
      expect(store.usage.entries).toBe(2);
      vi.advanceTimersByTime(5_000);
      // Dropped by the store's own sweep, not by a read: what it holds is what it counts.
      expect(store.usage).toEqual({ bytes: 1000 + 4 + 160, entries: 1 });
      expect(store.usageByKind()).toEqual(new Map([['transactions', { bytes: 1164, entries: 1 }]]));
      await store.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the gateway within CACHE_MAX_BYTES however much it reads', async () => {
    const h = await harness({ CACHE_MAX_BYTES: '20000' });
    for (const tx of world.transactions.p.slice(0, 40))
      await h.raw(`{ network { transaction(chain: P_CHAIN, txHash: "${tx.txHash}") { txHash } } }`);
    const store = h.gateway.reuse.store as MemoryStore;
    expect(store.usage.bytes).toBeLessThanOrEqual(20_000);
    expect(store.usage.entries).toBeLessThan(40);
    // The first ones were evicted: asking again calls again.
    h.sandbox.reset();
    await h.raw(`{ network { again: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[0]!.txHash}") { txHash } } }`);
    expect(h.sandbox.count('getTxByHash')).toBe(1);
  });
});

describe('whole responses', () => {
  it('answers a repeated query without any upstream call while its reads are fresh', async () => {
    const h = await harness({ CACHE_TTL_TRANSACTIONS_MS: '1000' });
    const q = `{ network { transactions(chain: P_CHAIN, first: 3) { nodes { txHash } } subnet(subnetId: "${subnetId}") { subnetId } } }`;
    const first = await h.raw(q);
    expect(first.errors).toBeUndefined();
    const calls = h.sandbox.total;
    expect(await h.raw(q)).toEqual(first);
    expect(h.sandbox.total).toBe(calls);
    // Kept no longer than its shortest-lived read: the transactions, 1 s (room for a loaded machine to send the repeat).
    await sleep(1100);
    await h.raw(q);
    expect(h.sandbox.count('listLatestPrimaryNetworkTransactions')).toBe(2);
  });

  it('keeps neither results with errors, nor mutations, nor admin reads', async () => {
    const h = await harness({ ADMIN_TOKEN: 'a'.repeat(32) });
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 404 });
    const q = subnetQuery('x');
    expect(codes(await h.raw(q))).toEqual(['NOT_FOUND']);
    expect((await h.raw(q)).errors).toBeUndefined();
    expect(h.sandbox.count('listSubnets')).toBe(2);

    const admin = `{ network { admin { chainAliases(chain: "${PRIMARY_CHAIN_IDS.mainnet.x}") } } }`;
    const auth = { authorization: `Bearer ${'a'.repeat(32)}` };
    expect((await h.raw(admin, undefined, auth)).errors).toBeUndefined();
    expect((await h.raw(admin, undefined, auth)).errors).toBeUndefined();
    expect(h.sandbox.count('admin.getChainAliases')).toBe(2);
    // Without the token the refusal is not served from anything kept.
    expect(codes(await h.raw(admin))).toEqual(['FORBIDDEN']);
  });
});

describe('CACHE=off', () => {
  it('shares nothing between requests, not even concurrent identical ones', async () => {
    const h = await harness({ CACHE: 'off' });
    expect(h.gateway.reuse.store).toBeUndefined();
    await h.raw(subnetQuery());
    await h.raw(subnetQuery());
    h.sandbox.knobs.latencyMs = 50;
    await Promise.all([h.raw(subnetQuery()), h.raw(subnetQuery())]);
    expect(h.sandbox.count('listSubnets')).toBe(4);
  });
});
