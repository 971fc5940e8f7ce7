/**
 * The wallet journey of issue "Every method of the node's public APIs", in one request: an
 * address on the P-, X- and C-Chain → its balances and UTXOs on each → its pending rewards → its
 * last transactions, the Data API and the node side by side; then the same address's answers
 * checked against each other (the Data API's X-Chain balance is what the node's UTXOs sum to).
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';
import { readFileSync } from 'node:fs';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';

const h = useHarness();
const world = getWorld('mainnet');
const { address } = JSON.parse(readFileSync(new URL('../../examples/address.variables.json', import.meta.url), 'utf8')) as {
  address: string;
};

const staking = getStakingWorld('mainnet');
/** A wallet of two addresses: the example's (funds on the X-, P- and C-Chain) and one whose stake runs (a pending reward). */
const rewarded = staking.pendingRewards[0]!.addresses[0]!;

const JOURNEY = `query Wallet($funded: AvalancheAddress!, $rewarded: AvalancheAddress!, $addresses: [AvalancheAddress!]!) {
  network(name: MAINNET) {
    funded: address(address: $funded) { ...Wallet }
    rewarded: address(address: $rewarded) { ...Wallet }
    cChainAtomic { utxos(addresses: $addresses, sourceChain: X_CHAIN, first: 50) { nodes { utxoId } } }
  }
}
fragment Wallet on Address {
  p: balances(chain: P_CHAIN) { unlockedUnstaked { assetId amount } unlockedStaked { amount } }
  x: balances(chain: X_CHAIN) { unlocked { assetId amount } }
  c: balances(chain: C_CHAIN) { atomicMemoryUnlocked { assetId amount } }
  pUtxos: utxos(chain: P_CHAIN, first: 50) { nodes { utxoId amount assetId } }
  xUtxos: utxos(chain: X_CHAIN, first: 50) { nodes { utxoId amount assetId createdOnChainId } }
  nodeXUtxos: xChainUtxos(first: 50) { nodes { utxoId } }
  nodeXBalances: xChainBalances { assetId unlocked }
  pChainNodeUtxos(first: 50) { nodes { utxoId } }
  pendingRewards(first: 10) { nodes { nodeId txHash estimatedReward { amount } } }
  pTx: transactions(chain: P_CHAIN, first: 3) { nodes { txHash txType } }
  xTx: transactions(chain: X_CHAIN, first: 3) { nodes { txHash txType } }
  cTx: transactions(chain: C_CHAIN, first: 3) { nodes { txHash txType } }
}`;

describe('a wallet in one request', () => {
  it("reads a wallet's addresses on P, X and C: balances and UTXOs on each, pending rewards and last transactions, from the Data API and the node", async () => {
    const res = await h.raw<any>(JOURNEY, { funded: address, rewarded, addresses: [address, rewarded] });
    expect(res.errors).toBeUndefined();
    const a = res.data.network.funded;
    const r = res.data.network.rewarded;
    // The running stake's pending reward, as the world has it, and its P-Chain transactions.
    expect(r.pendingRewards.nodes.map((n: any) => n.txHash).sort()).toEqual(
      staking.pendingRewards
        .filter((p) => p.addresses.includes(rewarded))
        .map((p) => p.txHash)
        .sort(),
    );
    expect(r.pTx.nodes.length).toBeGreaterThan(0);
    // Funds on each chain, as the example's world gives this address.
    expect(a.p.unlockedUnstaked.length + a.p.unlockedStaked.length).toBeGreaterThan(0);
    expect(a.x.unlocked.length).toBeGreaterThan(0);
    expect(a.pUtxos.nodes.length).toBeGreaterThan(0);
    expect(a.xUtxos.nodes.length).toBeGreaterThan(0);
    expect(a.pTx.nodes.length + a.xTx.nodes.length + a.cTx.nodes.length).toBeGreaterThan(0);
    expect(res.data.network.cChainAtomic.utxos.nodes).toBeDefined();
    // The Data API and the node tell of the same X-Chain UTXOs; the Data API lists, besides, those
    // another chain exported to this one and not imported yet (created there, to be consumed here),
    // which the node keeps in atomic memory (avm.getUTXOs with a sourceChain).
    const xChainId = world.chainIds.x;
    const created = a.xUtxos.nodes.filter((u: any) => u.createdOnChainId === xChainId).map((u: any) => u.utxoId);
    expect(new Set(created)).toEqual(new Set(a.nodeXUtxos.nodes.map((u: any) => u.utxoId)));
    // And the same X-Chain balance per asset.
    const dataApi = Object.fromEntries(a.x.unlocked.map((b: any) => [b.assetId, String(b.amount)]));
    const node = Object.fromEntries(
      a.nodeXBalances.filter((b: any) => b.unlocked !== '0').map((b: any) => [b.assetId, String(b.unlocked)]),
    );
    expect(dataApi).toEqual(node);
    // One request: each upstream operation it needed, each once per distinct argument.
    const ops = h.sandbox.log.map((r) => r.operation);
    expect(ops).toEqual(expect.arrayContaining(['getBalancesByAddresses', 'getUtxosByAddresses', 'listPendingPrimaryNetworkRewards']));
  });
});
