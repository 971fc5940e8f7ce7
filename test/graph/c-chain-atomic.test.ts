/**
 * The C-Chain's atomic API (avax.*) and the chains' proposers (proposervm.*) through the graph:
 * atomic UTXOs paged to their end against the sandbox's shared memory, an atomic transaction by id
 * and its status from the node, a chain's proposed height and epoch; bad input refused first.
 */
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum, encodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { parseSignedTx } from '../../src/base/signed-tx.js';
import { NOW } from '../../sandbox/node/common.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { graniteTime } from '../../sandbox/node/info.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness, walk } from '../helpers/harness.js';
import { signedCImport, walletUtxos } from '../helpers/signed-tx.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');

const calls = (method: string) => h.sandbox.log.filter((r) => r.operation === method);

describe('cChainAtomic', () => {
  it("pages an address's atomic UTXOs from the X-Chain to their end, one node call per page", async () => {
    const mine = walletUtxos('mainnet', 'c').filter((u) => u.createdOn === world.chainIds.x);
    expect(mine.length).toBe(2);
    const owner = mine[0]!.owners[0]!;
    const nodes = await walk<any>(async (after) => {
      const res = await h.raw<any>(
        `query($a: [AvalancheAddress!]!, $after: String) { network { cChainAtomic { utxos(addresses: $a, sourceChain: X_CHAIN, first: 1, after: $after) {
          nodes { utxoId txId amount sourceChain addresses { address } } pageInfo { hasNextPage endCursor } } } } }`,
        { a: [`C-${owner}`], after },
      );
      expect(res.errors).toBeUndefined();
      return res.data.network.cChainAtomic.utxos;
    });
    expect(nodes.map((u) => u.utxoId).sort()).toEqual(mine.map((u) => u.id).sort());
    expect(nodes[0]).toMatchObject({ sourceChain: world.chainIds.x });
    const [first] = calls('avax.getUTXOs');
    expect(first!.path).toBe('/mainnet/ext/bc/C/avax');
    expect((first!.body as any).params).toEqual({ addresses: [`C-${owner}`], sourceChain: world.chainIds.x, limit: 1, encoding: 'hex' });
    // From the P-Chain, none.
    const p = await h.raw<any>(
      `query($a: [AvalancheAddress!]!) { network { cChainAtomic { utxos(addresses: $a, sourceChain: P_CHAIN) { nodes { utxoId } } } } }`,
      { a: [owner] },
    );
    expect(p.data.network.cChainAtomic.utxos.nodes).toEqual([]);
  });

  it('refuses too many, or foreign, addresses before any call', async () => {
    const many = Array.from({ length: 65 }, () => walletUtxos('mainnet', 'c')[0]!.owners[0]!);
    const res = await h.raw<any>(
      `query($a: [AvalancheAddress!]!) { network { cChainAtomic { utxos(addresses: $a, sourceChain: X_CHAIN) { nodes { utxoId } } } } }`,
      { a: many },
    );
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    const fuji = getWorld('fuji').utxos.get(getWorld('fuji').chainIds.x)![0]!.owners[0]!;
    const foreign = await h.raw<any>(
      `query($a: [AvalancheAddress!]!) { network { cChainAtomic { utxos(addresses: $a, sourceChain: X_CHAIN) { nodes { utxoId } } } } }`,
      { a: [fuji] },
    );
    expect(codes(foreign)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.log.filter((r) => r.service === 'node')).toEqual([]);
  });

  it('reads an atomic transaction the node has by id, and null for one it has not', async () => {
    const tx = await signedCImport('mainnet');
    const submitted = await h.raw<any>(
      `mutation($tx: String!) { submitSignedTransaction(network: MAINNET, chain: C_CHAIN, signedTx: $tx) { txId } }`,
      { tx: tx.hex },
    );
    expect(submitted.errors).toBeUndefined();
    const res = await h.raw<any>(
      `query($id: CB58Id!) { network { cChainAtomic { transaction(txId: $id) { txId signedTx type blockHeight } none: transaction(txId: "${world.chainIds.x}") { txId } } } }`,
      { id: tx.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.cChainAtomic.transaction).toEqual({
      txId: tx.id,
      signedTx: encodeHexWithChecksum(tx.bytes),
      type: 'ImportTx',
      blockHeight: null,
    });
    expect(res.data.network.cChainAtomic.none).toBeNull();
    expect((calls('avax.getAtomicTx')[0]!.body as any).params).toMatchObject({ encoding: 'hex' });
    // The world's, as the Data API shows them: their bytes read back as the same kind, inputs and outputs.
    for (const known of [
      world.transactions.c.find((t) => t.txType === 'ImportTx')!,
      world.transactions.c.find((t) => t.txType === 'ExportTx')!,
    ]) {
      const w = await h.raw<any>(
        `query($id: CB58Id!) { network { cChainAtomic { transaction(txId: $id) { signedTx type blockHeight } } } }`,
        { id: known.txHash },
      );
      expect(w.errors).toBeUndefined();
      const read = w.data.network.cChainAtomic.transaction;
      expect(read).toMatchObject({ type: known.txType, blockHeight: String(known.blockHeight) });
      const parsed = parseSignedTx(decodeHexWithChecksum(read.signedTx), 'C');
      expect(parsed.complete).toBe(true);
      if (known.txType === 'ImportTx') expect(parsed.spends.map((u) => u.txId)).toEqual(known.consumedUtxos.map((u) => u.creationTxHash));
      else expect(parsed.outputs.map((o) => String(o.amount))).toEqual(known.emittedUtxos.map((u) => u.asset.amount));
    }
  });

  it("shows a Data API atomic transaction's status as the node reports it", async () => {
    const known = world.transactions.c[0]!;
    const res = await h.raw<any>(
      `query($id: CB58Id!) { network { transaction(chain: C_CHAIN, txHash: $id) { ... on CChainAtomicTransaction { txHash nodeStatus { status nodeStatus blockHeight } } } } }`,
      { id: known.txHash },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.transaction.nodeStatus).toEqual({
      status: 'ACCEPTED',
      nodeStatus: 'Accepted',
      blockHeight: String(known.blockHeight),
    });
    expect((calls('avax.getAtomicTxStatus')[0]!.body as any).params).toEqual({ txID: known.txHash });
  });
});

describe('proposerVm', () => {
  it("answers a chain's proposed height and epoch, by alias", async () => {
    const res = await h.raw<any>(
      `{ network(name: FUJI) { p: proposerVm { proposedHeight currentEpoch { number startTime pChainHeight } } x: proposerVm(chain: "X") { proposedHeight } } }`,
    );
    expect(res.errors).toBeUndefined();
    const fuji = getNodeWorld('fuji');
    const height = String(fuji.platform.blocks.length - 1);
    const n = Math.floor((NOW - graniteTime('fuji')) / 300);
    expect(res.data.network.p).toEqual({
      proposedHeight: height,
      currentEpoch: { number: String(n), startTime: String(graniteTime('fuji') + n * 300), pChainHeight: height },
    });
    expect(res.data.network.x).toEqual({ proposedHeight: height });
    expect(
      calls('proposervm.getProposedHeight')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/fuji/ext/bc/P/proposervm', '/fuji/ext/bc/X/proposervm']);
    // Before Granite on mainnet: the zero epoch.
    const mainnet = await h.raw<any>(`{ network { proposerVm { currentEpoch { number pChainHeight } } } }`);
    expect(mainnet.data.network.proposerVm.currentEpoch).toEqual({ number: '0', pChainHeight: '0' });
  });

  it('is on a blockchain the node runs, and says why on one it does not', async () => {
    const [tracked] = [...node.chains.entries()].find(
      ([, c]) => c.status !== 'Created' && c.subnet.subnetId !== '11111111111111111111111111111111LpoYY',
    )!;
    const res = await h.raw<any>(`query($id: String!) { network { proposerVm(chain: $id) { proposedHeight } } }`, {
      id: tracked,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.network.proposerVm.proposedHeight).toBe(String(node.platform.blocks.length - 1));
    const [created] = [...node.chains.entries()].find(([, c]) => c.status === 'Created')!;
    const refused = await h.raw<any>(`query($id: String!) { network { proposerVm(chain: $id) { proposedHeight } } }`, { id: created });
    expect(codes(refused)).toEqual(['NODE_API_UNAVAILABLE']);
    const bad = await h.raw<any>(`{ network { proposerVm(chain: "../admin") { proposedHeight } } }`);
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
  });
});
