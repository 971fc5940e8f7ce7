/**
 * The wallet journey of issue "Every method of the node's public APIs", in one request: an
 * address on the P-, X- and C-Chain → its balances and UTXOs on each → its pending rewards → its
 * last transactions, the Data API and the node side by side; then the same address's answers
 * checked against each other (the Data API's X-Chain balance is what the node's UTXOs sum to).
 */
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';
import { readFileSync } from 'node:fs';
import { utxoId } from '../../src/base/avax-codec.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { walletAddressBytes } from '../../sandbox/world/wallet.js';
import { getWorld } from '../../sandbox/world/world.js';
import { signedBaseTx, signedCImport, walletUtxos } from '../helpers/signed-tx.js';

// No reuse of UTXO reads between requests: the journey reads the same addresses before and after a submission.
const h = useHarness({ CACHE_TTL_BALANCES_MS: '0', UPSTREAM_RETRIES: '0' });
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

  it("spends a wallet's UTXOs on P, X and C: once each submission is accepted, its inputs are gone from the node's UTXOs and its outputs there", async () => {
    const wallet = bech32.encode(world.hrp, bech32.toWords(walletAddressBytes()));
    const UTXOS = `query($a: AvalancheAddress!, $as: [AvalancheAddress!]!) { network(name: MAINNET) {
      address(address: $a) {
        xChainUtxos(first: 100) { nodes { utxoId } }
        pChainNodeUtxos(first: 100) { nodes { utxoId } }
      }
      cChainAtomic { utxos(addresses: $as, sourceChain: X_CHAIN, first: 100) { nodes { utxoId } } }
    } }`;
    const read = async () => {
      const res = await h.raw<any>(UTXOS, { a: wallet, as: [wallet] });
      expect(res.errors).toBeUndefined();
      const { address: a, cChainAtomic } = res.data.network;
      const ids = (c: any): string[] => c.nodes.map((n: any) => n.utxoId);
      return { x: ids(a.xChainUtxos), p: ids(a.pChainNodeUtxos), c: ids(cChainAtomic.utxos) };
    };
    const [xSpent] = walletUtxos('mainnet', 'x');
    const [pSpent] = walletUtxos('mainnet', 'p');
    const cSpent = walletUtxos('mainnet', 'c').find((u) => u.createdOn === world.chainIds.x)!;
    const before = await read();
    expect(before.x).toContain(xSpent!.id);
    expect(before.p).toContain(pSpent!.id);
    expect(before.c).toContain(cSpent.id);

    // Held Processing: the node's getUTXOs reads its accepted state, so nothing moves yet.
    h.sandbox.node.setKnobs({ acceptAfterMs: 600_000 });
    const x = await signedBaseTx('mainnet', 'X', { utxo: xSpent });
    const p = await signedBaseTx('mainnet', 'P', { utxo: pSpent });
    const c = await signedCImport('mainnet', { utxo: cSpent });
    const SUBMIT =
      'mutation($chain: PrimaryNetworkChain!, $tx: String!) { submitSignedTransaction(network: MAINNET, chain: $chain, signedTx: $tx) { txId } }';
    for (const [chain, tx] of [
      ['X_CHAIN', x],
      ['P_CHAIN', p],
      ['C_CHAIN', c],
    ] as const) {
      const res = await h.raw<any>(SUBMIT, { chain, tx: tx.hex });
      expect(res.errors).toBeUndefined();
      expect(res.data.submitSignedTransaction.txId).toBe(tx.id);
    }
    expect(await read()).toEqual(before);

    // Accepted: the inputs are spent, and the change (output 1, back to the wallet) is the wallet's to spend.
    h.sandbox.node.setKnobs({ acceptAfterMs: 0 });
    const after = await read();
    expect(after.x).not.toContain(xSpent!.id);
    expect(after.p).not.toContain(pSpent!.id);
    expect(after.c).not.toContain(cSpent.id);
    expect(after.x).toContain(utxoId(x.id, 1));
    expect(after.p).toContain(utxoId(p.id, 1));
    // Output 0 went to another address; the rest of the wallet's UTXOs are untouched.
    expect(after.x).not.toContain(utxoId(x.id, 0));
    expect(new Set(after.x)).toEqual(new Set([...before.x.filter((id) => id !== xSpent!.id), utxoId(x.id, 1)]));
    expect(new Set(after.p)).toEqual(new Set([...before.p.filter((id) => id !== pSpent!.id), utxoId(p.id, 1)]));
    expect(new Set(after.c)).toEqual(new Set(before.c.filter((id) => id !== cSpent.id)));
    // The node was asked each time; the gateway reused nothing across the requests.
    expect(h.sandbox.log.filter((r) => r.operation === 'avm.getUTXOs')).toHaveLength(3);

    // The change is spendable: a second transfer spending it is taken; spending the first input again is not.
    const change = { ...xSpent!, id: utxoId(x.id, 1), txId: x.id, outputIndex: 1, amount: xSpent!.amount - 2_000_000n };
    const again = await signedBaseTx('mainnet', 'X', { utxo: change });
    const next = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: again.hex });
    expect(next.errors).toBeUndefined();
    const replay = await signedBaseTx('mainnet', 'X', { utxo: xSpent, amount: 2_000_000n });
    const refused = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: replay.hex });
    expect(refused.errors?.[0]?.message).toMatch(new RegExp(x.id));
  });
});
