/**
 * A Primary Network address through the Data API: balances (getBalancesByAddresses), UTXOs
 * (getUtxosByAddresses for one address, getUtxosByAddressesV2 for many), last activity (both
 * routes) and active staking transactions (listActivePrimaryNetworkStakingTransactions).
 */
import { describe, expect, it } from 'vitest';
import { activeStakes, chainUtxos } from '../../sandbox/world/primary-network-utxos.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');
/** An address with an active stake, P-Chain and X-Chain UTXOs. */
const staker = world.txAddresses.get(activeStakes(world).find((t) => t.rewardAddresses?.length)!.txHash)!;
const address = activeStakes(world).find((t) => t.rewardAddresses?.length)!.rewardAddresses![0]!;
const unspent = (chain: 'p' | 'x', who: string) =>
  chainUtxos(world, chain).filter((u) => u.addresses.includes(who) && u.spent === undefined);
const query = (r: { query: [string, string][] }, key: string) => r.query.find(([k]) => k === key)?.[1];

describe('an address through the Data API', () => {
  it('walks from an address to its balances, UTXOs, last activity and staking on the P- and X-Chain, in one request', async () => {
    expect(staker.has(address)).toBe(true);
    const res = await h.raw<any>(`{ network { address(address: "P-${address}") {
      p: balances(chain: P_CHAIN) { chainInfo { chainName } unlockedUnstaked { assetId amount utxoCount } unlockedStaked { amount } locked { amount } }
      x: balances(chain: X_CHAIN) { chainInfo { chainName } unlocked { assetId amount utxoCount } unlockedUnstaked { amount } }
      pUtxos: utxos(chain: P_CHAIN, first: 100) { chainInfo { chainName } nodes { utxoId amount } }
      xUtxos: utxos(chain: X_CHAIN, first: 100) { nodes { utxoId amount } }
      pLast: lastActivity(chain: P_CHAIN) { chain txHash timestamp isConsumed transaction { txHash } }
      xLast: lastActivity(chain: X_CHAIN) { chain txHash }
      activeStakingTransactions { nodes { txHash txType endTimestamp block { blockHash transactionIds } } }
    } } }`);
    expect(res.errors).toBeUndefined();
    const a = res.data.network.address;
    const sum = (list: { amount: bigint }[]) => String(list.reduce((s, u) => s + u.amount, 0n));
    expect(a.pUtxos.nodes.map((u: { utxoId: string }) => u.utxoId).sort()).toEqual(
      unspent('p', address)
        .map((u) => u.utxo.utxoId)
        .sort(),
    );
    expect(a.xUtxos.nodes.map((u: { utxoId: string }) => u.utxoId).sort()).toEqual(
      unspent('x', address)
        .map((u) => u.utxo.utxoId)
        .sort(),
    );
    const xTotal = a.x.unlocked.reduce((s: bigint, b: { amount: string }) => s + BigInt(b.amount), 0n);
    expect(String(xTotal)).toBe(sum(unspent('x', address)));
    expect(a.p.chainInfo.chainName).toBe('P_CHAIN');
    expect(a.p.locked).toBeNull();
    expect(a.x.unlockedUnstaked).toBeNull();
    expect(a.pLast.chain).toBe('P_CHAIN');
    expect(a.pLast.transaction.txHash).toBe(a.pLast.txHash);
    const stakes = activeStakes(world).filter((t) => world.txAddresses.get(t.txHash)?.has(address));
    expect(a.activeStakingTransactions.nodes.map((t: { txHash: string }) => t.txHash).sort()).toEqual(stakes.map((t) => t.txHash).sort());
    for (const t of a.activeStakingTransactions.nodes) expect(t.block.transactionIds).toContain(t.txHash);
    const balances = h.sandbox.log.filter((r) => r.operation === 'getBalancesByAddresses');
    expect(balances.map((r) => [r.path, query(r, 'addresses')])).toEqual(
      expect.arrayContaining([
        ['/v1/networks/mainnet/blockchains/p-chain/balances', address],
        ['/v1/networks/mainnet/blockchains/x-chain/balances', address],
      ]),
    );
    const utxos = h.sandbox.log.filter((r) => r.operation === 'getUtxosByAddresses');
    expect(utxos.every((r) => r.method === 'GET' && query(r, 'addresses') === address && query(r, 'pageSize') === '100')).toBe(true);
    expect(h.sandbox.log.find((r) => r.operation === 'getLastActivityTimestampByAddresses')?.method).toBe('GET');
    const staking = h.sandbox.log.find((r) => r.operation === 'listActivePrimaryNetworkStakingTransactions')!;
    expect(staking.path).toBe('/v1/networks/mainnet/blockchains/p-chain/transactions:listStaking');
    expect(query(staking, 'addresses')).toBe(address);
  });

  it('lists the UTXOs of many addresses with the V2 POST, paging to the end', async () => {
    const many = world.addresses.slice(0, 60);
    const set = new Set(many);
    const expected = chainUtxos(world, 'x').filter((u) => u.spent === undefined && u.addresses.some((a) => set.has(a)));
    expect(expected.length).toBeGreaterThan(25);
    const Q = `query($after: String, $addresses: [AvalancheAddress!]!) { network { addressUtxos(chain: X_CHAIN, addresses: $addresses, first: 25, after: $after) {
      pageInfo { hasNextPage endCursor } nodes { utxoId } } } }`;
    const got = await walk(
      async (after) => (await h.raw<any>(Q, { after, addresses: many })).data.network.addressUtxos as Page<{ utxoId: string }>,
    );
    expect(got.map((u) => u.utxoId).sort()).toEqual(expected.map((u) => u.utxo.utxoId).sort());
    const calls = h.sandbox.log.filter((r) => r.operation === 'getUtxosByAddressesV2');
    expect(calls.length).toBeGreaterThan(1);
    for (const c of calls) {
      expect(c.method).toBe('POST');
      expect(c.body).toEqual({ addresses: many.join(',') });
      expect(query(c, 'addresses')).toBeUndefined();
    }
  });

  it("reads many addresses' last activity with the V2 POST, and the sum of their balances in one GET", async () => {
    const many = world.addresses.slice(0, 60);
    const res = await h.raw<any>(
      `query($a: [AvalancheAddress!]!) { network { addressLastActivity(chain: P_CHAIN, addresses: $a) { txHash timestamp }
        addressBalances(chain: X_CHAIN, addresses: $a) { unlocked { amount } } } }`,
      { a: many },
    );
    expect(res.errors).toBeUndefined();
    const set = new Set(many);
    const touching = world.transactions.p.filter((t) =>
      [...t.consumedUtxos, ...t.emittedUtxos].some((u) => u.addresses.some((a) => set.has(a))),
    );
    expect(res.data.network.addressLastActivity.timestamp).toBe(Math.max(...touching.map((t) => t.blockTimestamp)));
    const v2 = h.sandbox.log.find((r) => r.operation === 'getLastActivityTimestampByAddressesV2')!;
    expect(v2.method).toBe('POST');
    expect(v2.body).toEqual({ addresses: many.join(',') });
    expect(h.sandbox.count('getBalancesByAddresses')).toBe(1);
  });

  it('answers null for an address that was never active', async () => {
    const res = await h.raw<any>(
      `{ network { address(address: "${world.manyUtxosAddress}") { lastActivity(chain: C_CHAIN) { txHash } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.address.lastActivity).toBeNull();
  });

  it('refuses bad input before any call', async () => {
    const evm = await h.raw(
      `{ network { address(address: "0x${'ab'.repeat(20)}") { balances(chain: P_CHAIN) { chainInfo { chainName } } } } }`,
    );
    expect(codes(evm)).toEqual(['BAD_USER_INPUT']);
    const asset = await h.raw(
      `{ network { address(address: "${address}") { utxos(chain: P_CHAIN, assetId: "${world.avaxAssetId}") { nodes { utxoId } } } } }`,
    );
    expect(codes(asset)).toEqual(['BAD_USER_INPUT']);
    const none = await h.raw(`{ network { addressUtxos(chain: X_CHAIN, addresses: []) { nodes { utxoId } } } }`);
    expect(codes(none)).toEqual(['BAD_USER_INPUT']);
    const time = await h.raw(
      `{ network { address(address: "${address}") { activeStakingTransactions(startTimestamp: 5, endTimestamp: 1) { nodes { txHash } } } } }`,
    );
    expect(codes(time)).toEqual(['BAD_USER_INPUT']);
    // A negative amount, which the spec's `minimum: 0` refuses, on both routes (fuzz seed p47: sent as it was).
    for (const query of [
      `{ network { address(address: "${address}") { utxos(chain: X_CHAIN, minUtxoAmount: "-1") { nodes { utxoId } } } } }`,
      `{ network { addressUtxos(chain: X_CHAIN, addresses: ["${address}"], minUtxoAmount: "-1") { nodes { utxoId } } } }`,
    ]) {
      const negative = await h.raw(query);
      expect(codes(negative)).toEqual(['BAD_USER_INPUT']);
      expect(negative.errors?.[0]?.message).toContain('`minUtxoAmount` must be 0 or more (got -1)');
    }
    expect(h.sandbox.log.filter((r) => r.service === 'data-api')).toEqual([]);
  });
});
