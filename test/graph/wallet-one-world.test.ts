/**
 * The sandbox is one world: once a signed transaction submitted through the graph is accepted by
 * the sandbox's node, the Data API's UTXO and balance listings of the same address follow it as the
 * node's getUTXOs does (its input spent, its change there), on the X- and the P-Chain.
 */
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { utxoId } from '../../src/base/avax-codec.js';
import { walletAddressBytes } from '../../sandbox/world/wallet.js';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';
import { signedBaseTx, untilDecided, walletUtxos } from '../helpers/signed-tx.js';

// No reuse of UTXO reads between requests: the same address is read before and after a submission.
const h = useHarness({ CACHE_TTL_BALANCES_MS: '0', UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const wallet = bech32.encode(world.hrp, bech32.toWords(walletAddressBytes()));

const READ = `query($a: AvalancheAddress!) { network(name: MAINNET) { address(address: $a) {
  nodeX: xChainUtxos(first: 100) { nodes { utxoId } }
  nodeP: pChainNodeUtxos(first: 100) { nodes { utxoId } }
  nodeXBalances: xChainBalances { assetId unlocked }
  nodePBalance: pChainNodeBalance { unlocked { assetId amount } lockedStakeable { amount } lockedNotStakeable { amount } }
  dataX: utxos(chain: X_CHAIN, first: 100) { nodes { utxoId createdOnChainId } }
  dataP: utxos(chain: P_CHAIN, first: 100) { nodes { utxoId } }
  x: balances(chain: X_CHAIN) { unlocked { assetId amount } }
  p: balances(chain: P_CHAIN) { unlockedUnstaked { assetId amount } unlockedStaked { amount } lockedStakeable { amount } lockedPlatform { amount } }
} } }`;
const SUBMIT =
  'mutation($chain: PrimaryNetworkChain!, $tx: String!) { submitSignedTransaction(network: MAINNET, chain: $chain, signedTx: $tx) { txId } }';

/** Both services' view of the wallet, as sets of UTXO ids per chain and the X- and P-Chain balances per asset. */
async function read() {
  const res = await h.raw<any>(READ, { a: wallet });
  expect(res.errors).toBeUndefined();
  const a = res.data.network.address;
  const ids = (c: any): string[] => c.nodes.map((n: any) => n.utxoId).sort();
  const byAsset = (list: any[]) => Object.fromEntries(list.map((b: any) => [b.assetId, String(b.amount)]));
  // The wallet holds nothing locked or staked on the P-Chain, on either service.
  for (const kind of [
    a.nodePBalance.lockedStakeable,
    a.nodePBalance.lockedNotStakeable,
    a.p.unlockedStaked,
    a.p.lockedStakeable,
    a.p.lockedPlatform,
  ])
    expect((kind ?? []).every((b: any) => String(b.amount) === '0')).toBe(true);
  return {
    node: { x: ids(a.nodeX), p: ids(a.nodeP) },
    // The Data API lists besides, on the X-Chain, what another chain exported to it (the node keeps that in atomic memory).
    dataApi: { x: ids({ nodes: a.dataX.nodes.filter((u: any) => u.createdOnChainId === world.chainIds.x) }), p: ids(a.dataP) },
    balances: {
      node: Object.fromEntries(a.nodeXBalances.filter((b: any) => b.unlocked !== '0').map((b: any) => [b.assetId, String(b.unlocked)])),
      dataApi: byAsset(a.x.unlocked),
    },
    pBalances: { node: byAsset(a.nodePBalance.unlocked), dataApi: byAsset(a.p.unlockedUnstaked ?? []) },
  };
}

describe('one world: the node and the Data API after a submission', () => {
  it('lists the same X- and P-Chain UTXOs and balances of the wallet on both before and after its transfers are accepted', async () => {
    const before = await read();
    expect(before.dataApi.x).toEqual(before.node.x);
    expect(before.balances.dataApi).toEqual(before.balances.node);
    // The P-Chain too: the wallet's genesis UTXOs, listed by both.
    expect(before.dataApi.p).toEqual(before.node.p);
    expect(before.node.p.length).toBeGreaterThan(0);
    expect(before.pBalances.dataApi).toEqual(before.pBalances.node);

    const [xSpent] = walletUtxos('mainnet', 'x');
    const [pSpent] = walletUtxos('mainnet', 'p');
    h.sandbox.node.setKnobs({ acceptAfterMs: 300 });
    const x = await signedBaseTx('mainnet', 'X', { utxo: xSpent });
    const p = await signedBaseTx('mainnet', 'P', { utxo: pSpent });
    for (const [chain, tx] of [
      ['X_CHAIN', x],
      ['P_CHAIN', p],
    ] as const) {
      const res = await h.raw<any>(SUBMIT, { chain, tx: tx.hex });
      expect(res.errors).toBeUndefined();
      expect(res.data.submitSignedTransaction.txId).toBe(tx.id);
    }
    // Followed to acceptance through the graph.
    expect((await untilDecided(h, 'X_CHAIN', x.id)).decided).toBe(true);
    expect((await untilDecided(h, 'P_CHAIN', p.id)).decided).toBe(true);

    const after = await read();
    // The node moved: the inputs spent, the change (output 1) the wallet's.
    expect(after.node.x).not.toContain(xSpent!.id);
    expect(after.node.x).toContain(utxoId(x.id, 1));
    expect(after.node.p).not.toContain(pSpent!.id);
    expect(after.node.p).toContain(utxoId(p.id, 1));
    // And the Data API with it: the same X-Chain UTXOs and the same balance.
    expect(after.dataApi.x).toEqual(after.node.x);
    expect(after.dataApi.x).not.toEqual(before.dataApi.x);
    // On the P-Chain too: the same UTXOs (the spent genesis one gone, the change there) and balance.
    expect(after.dataApi.p).toEqual(after.node.p);
    expect(after.dataApi.p).not.toEqual(before.dataApi.p);
    expect(after.pBalances.dataApi).toEqual(after.pBalances.node);
    expect(after.pBalances.dataApi).not.toEqual(before.pBalances.dataApi);
    expect(after.balances.dataApi).toEqual(after.balances.node);
    expect(after.balances.dataApi).not.toEqual(before.balances.dataApi);
    // Both services were asked.
    const ops = new Set(h.sandbox.log.map((r) => r.operation));
    for (const op of ['avm.getUTXOs', 'platform.getUTXOs', 'getUtxosByAddresses', 'getBalancesByAddresses']) expect(ops).toContain(op);
  });
});

describe('one world: where the P-Chain genesis UTXOs come from', () => {
  it("names the same genesis transaction on both, which each reads by its id with the same outputs, in the node's block 0", async () => {
    const utxos = await h.raw<any>(
      `query($a: AvalancheAddress!) { network(name: MAINNET) { address(address: $a) {
        node: pChainNodeUtxos(first: 100) { nodes { utxoId txId amount } }
        dataApi: utxos(chain: P_CHAIN, first: 100) { nodes { utxoId txHash amount blockNumber } }
      } } }`,
      { a: wallet },
    );
    expect(utxos.errors).toBeUndefined();
    const { node, dataApi } = utxos.data.network.address;
    const made = (list: any[], tx: string) => list.map((u: any) => [u.utxoId, u[tx], String(u.amount)]).sort();
    expect(made(dataApi.nodes, 'txHash')).toEqual(made(node.nodes, 'txId'));
    const txIds = new Set<string>(node.nodes.map((u: any) => u.txId));
    expect(txIds.size).toBe(1);
    const [genesis] = txIds;
    expect(dataApi.nodes.every((u: any) => String(u.blockNumber) === '0')).toBe(true);

    const res = await h.raw<any>(
      `query($g: CB58Id!) { network(name: MAINNET) {
        dataApi: transaction(chain: P_CHAIN, txHash: $g) { ... on PChainTransaction { txHash txType blockNumber blockHash emittedUtxos { utxoId amount } consumedUtxos { utxoId } block { blockNumber } } }
        pChain { transaction(txId: $g) { txId outputs { amount } inputs { amount } } block(height: 0) { blockId } }
      } }`,
      { g: genesis },
    );
    expect(res.errors).toBeUndefined();
    const { dataApi: tx, pChain } = res.data.network;
    expect(tx).toMatchObject({ txHash: genesis, txType: 'BaseTx', consumedUtxos: [] });
    expect(String(tx.blockNumber)).toBe('0');
    expect(String(tx.block.blockNumber)).toBe('0');
    expect(tx.blockHash).toBe(pChain.block.blockId);
    expect(tx.emittedUtxos.map((u: any) => u.utxoId)).toEqual(expect.arrayContaining(dataApi.nodes.map((u: any) => u.utxoId)));
    expect(pChain.transaction.txId).toBe(genesis);
    expect(pChain.transaction.inputs).toEqual([]);
    expect(pChain.transaction.outputs.map((o: any) => String(o.amount))).toEqual(tx.emittedUtxos.map((u: any) => String(u.amount)));
    const ops = h.sandbox.log.map((r) => r.operation);
    for (const op of ['getTxByHash', 'platform.getTx', 'getBlockById']) expect(ops).toContain(op);
  });
});
