/**
 * The X-Chain from the node: transactions and blocks decoded, assets described once and kept,
 * UTXOs read from their bytes and paged by the node's endIndex, balances, deprecated methods,
 * and the input the gateway refuses before any call.
 */
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { derivedId } from '../../sandbox/node/chains/avax.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import type { SandboxUtxo } from '../../sandbox/world/types.js';
import type { XChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import { codes, startHarness, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const fuji = getWorld('fuji');
const node = getNodeWorld('mainnet');
const X = world.chainIds.x;
const xUtxos = (w = world) => w.utxos.get(w.chainIds.x) ?? [];

interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: T }[];
}

describe('X-Chain transactions and blocks', () => {
  const linear = world.transactions.x.filter((t): t is XChainTransaction & { chainFormat: 'linear' } => t.chainFormat === 'linear');
  const exportTx = linear.find((t) => t.txType === 'ExportTx')!;
  const importTx = linear.find((t) => t.txType === 'ImportTx')!;
  const TX = `{ txId networkId blockchainId memo
    inputs { txId outputIndex utxoId assetId amount signatureIndices asset { symbol } }
    outputs { assetId amount locktime threshold addresses { address } }
    sourceChain importedInputs { utxoId amount }
    destinationChain exportedOutputs { amount addresses { address } }
    credentials { fxId signatures }
    transaction { txHash txType } }`;

  it('decodes an export and an import like the Data API reports them, and links to its view', async () => {
    const res = await h.raw<any>(`{ network { xChain {
      exp: transaction(txId: "${exportTx.txHash}") ${TX}
      imp: transaction(txId: "${importTx.txHash}") ${TX}
    } } }`);
    expect(res.errors).toBeUndefined();
    const { exp, imp } = res.data.network.xChain;
    expect(exp).toMatchObject({
      txId: exportTx.txHash,
      networkId: 1,
      blockchainId: X,
      destinationChain: exportTx.destinationChain,
      sourceChain: null,
      importedInputs: null,
    });
    expect(exp.transaction).toEqual({ txHash: exportTx.txHash, txType: 'ExportTx' });
    expect(exp.inputs.map((i: any) => i.utxoId).sort()).toEqual(exportTx.consumedUtxos.map((u) => u.utxoId).sort());
    expect(exp.inputs.every((i: any) => i.asset.symbol === 'AVAX' && i.signatureIndices.length > 0)).toBe(true);
    const exported = exportTx.emittedUtxos.filter((u) => u.consumedOnChainId !== X);
    expect(exp.exportedOutputs.map((o: any) => o.amount).sort()).toEqual(exported.map((u) => u.asset.amount).sort());
    expect(exp.exportedOutputs.flatMap((o: any) => o.addresses.map((a: any) => a.address)).sort()).toEqual(
      exported.flatMap((u) => u.addresses).sort(),
    );
    expect(exp.credentials).toHaveLength(exp.inputs.length);

    expect(imp).toMatchObject({ sourceChain: importTx.sourceChain, destinationChain: null, exportedOutputs: null });
    expect(imp.importedInputs.map((i: any) => i.utxoId).sort()).toEqual(importTx.consumedUtxos.map((u) => u.utxoId).sort());
    // One asset description for every input and output of both: AVAX, asked at most once (an
    // earlier test of this file may have left it in the shared cache).
    expect(h.sandbox.count('avm.getAssetDescription')).toBeLessThanOrEqual(1);
  });

  it('gives the signed bytes in hex on request, and null for a transaction the node does not know', async () => {
    const tx = node.avm.txById.get(exportTx.txHash)!;
    const res = await h.raw<any>(
      `{ network { xChain { transaction(txId: "${exportTx.txHash}") { hex } none: transaction(txId: "${derivedId('no such tx')}") { txId } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(Buffer.from(decodeHexWithChecksum(res.data.network.xChain.transaction.hex))).toEqual(tx.bytes);
    expect(res.data.network.xChain.none).toBeNull();
    expect(
      h
        .bodies('avm.getTx')
        .map((b) => b.params.encoding)
        .sort(),
    ).toEqual(['hex', 'json', 'json']);
  });

  it('reads blocks by height and by id, decoded, with their bytes', async () => {
    const block = node.avm.blocks[Math.floor(node.avm.blocks.length / 2)]!;
    const res = await h.raw<any>(`{ network { xChain {
      height
      byHeight: block(height: "${block.height}") { blockId parentId height time transactions { txId } hex }
      byId: block(blockId: "${block.id}") { blockId height merkleRoot }
      none: block(height: "${block.height + 100000}") { blockId }
    } } }`);
    expect(res.errors).toBeUndefined();
    const x = res.data.network.xChain;
    expect(x.height).toBe(String(node.avm.blocks.at(-1)!.height));
    expect(x.byHeight).toMatchObject({ blockId: block.id, parentId: block.parentId, height: String(block.height), time: block.time });
    expect(x.byHeight.transactions.map((t: any) => t.txId)).toEqual(linear.filter((t) => t.blockHash === block.id).map((t) => t.txHash));
    expect(Buffer.from(decodeHexWithChecksum(x.byHeight.hex))).toEqual(block.bytes);
    expect(x.byId).toMatchObject({ blockId: block.id, height: String(block.height) });
    expect(x.none).toBeNull();
    expect(h.bodies('avm.getBlockByHeight').map((b) => [b.params.height, b.params.encoding])).toContainEqual([String(block.height), 'hex']);
  });

  it('refuses a block asked both ways or neither, or a height that is not a uint64, before any call', async () => {
    for (const args of [
      `blockId: "${node.avm.blocks[1]!.id}", height: "1"`,
      '',
      'height: "-1"',
      'height: "18446744073709551616"',
      'height: "1e3"',
    ]) {
      const res = await h.raw(`{ network { xChain { block${args ? `(${args})` : ''} { height } } } }`);
      expect(codes(res), args).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.sandbox.count()).toBe(0);
    // The largest uint64 is a height: the node has no block there.
    const max = await h.raw<any>(`{ network { xChain { block(height: "18446744073709551615") { height } } } }`);
    expect(max.errors).toBeUndefined();
    expect(max.data.network.xChain.block).toBeNull();
    expect(h.bodies('avm.getBlockByHeight')[0].params.height).toBe('18446744073709551615');
  });
});

describe('assets', () => {
  it('are described by id or alias, once per asset, and kept for later requests', async () => {
    const [assetId, asset] = [...world.assets].find(([id]) => id !== world.avaxAssetId)!;
    const q = `{ network { xChain { byAlias: asset(assetId: "AVAX") { assetId name symbol denomination } byId: asset(assetId: "${assetId}") { assetId symbol } again: asset(assetId: "${assetId}") { name } } } }`;
    // The config kind (what an alias is kept as) expires at once; an id never does.
    const h = await startHarness({ CACHE: 'memory', CACHE_TTL_CONFIG_MS: '0' });
    const first = await h.raw<any>(q);
    expect(first.data.network.xChain).toEqual({
      byAlias: { assetId: world.avaxAssetId, name: 'Avalanche', symbol: 'AVAX', denomination: 9 },
      byId: { assetId, symbol: asset.symbol },
      again: { name: asset.name },
    });
    expect(
      h
        .bodies('avm.getAssetDescription')
        .map((b) => b.params.assetID)
        .sort(),
    ).toEqual([assetId, 'AVAX'].sort());
    h.sandbox.reset();
    await h.raw(q);
    // The id is kept; an alias is asked again once its time is up, since the node decides what it names.
    expect(h.bodies('avm.getAssetDescription').map((b) => b.params.assetID)).toEqual(['AVAX']);
    await h.close();
  });

  it("describe the Data API's amounts too, one call per distinct asset of the response", async () => {
    const res = await h.raw<any>(
      `{ network { transactions(chain: X_CHAIN, first: 30) { nodes { ... on XChainTransaction { amountCreated { assetId description { symbol denomination } } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const amounts = res.data.network.transactions.nodes.flatMap((t: any) => t.amountCreated);
    const assets = new Set(amounts.map((a: any) => a.assetId));
    expect(assets.size).toBeGreaterThan(1);
    for (const a of amounts) expect(a.description.symbol).toBe(world.assets.get(a.assetId)!.symbol);
    expect(h.sandbox.count('avm.getAssetDescription')).toBeLessThanOrEqual(assets.size);
  });

  it('refuses what is neither an asset id nor an alias', async () => {
    const res = await h.raw(`{ network { xChain { asset(assetId: "no such asset!") { name } } } }`);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(/neither an asset id \(cb58\) nor an asset alias/);
    expect(h.sandbox.count()).toBe(0);
  });
});

describe('UTXOs from the node', () => {
  const many = world.manyUtxosAddress;
  const mine = xUtxos().filter((u) => u.createdOn === X && u.owners.includes(many));
  const Q = `query($after: String, $first: Int) { network { address(address: "${many}") { xChainUtxos(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor } edges { cursor node { utxoId txId outputIndex amount locktime threshold outputType addresses { address } asset { symbol } bytes } } } } } }`;
  type Res = { network: { address: { xChainUtxos: Page<any> } } };

  it("page by the node's endIndex, up to 1024 per call, decoded from their bytes", async () => {
    expect(mine.length).toBeGreaterThan(1024);
    const first = (await h.raw<Res>(Q, { first: 1024 })).data!.network.address.xChainUtxos;
    expect(first.edges).toHaveLength(1024);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await h.raw<Res>(Q, { first: 1024, after: first.pageInfo.endCursor })).data!.network.address.xChainUtxos;
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const got = [...first.edges, ...rest.edges].map((e) => e.node);
    expect(got.map((u) => u.utxoId).sort()).toEqual(mine.map((u) => u.id).sort());
    for (const u of got.slice(0, 50)) {
      const w = mine.find((m) => m.id === u.utxoId)!;
      expect(u).toMatchObject({
        txId: w.txId,
        outputIndex: w.outputIndex,
        amount: String(w.amount),
        locktime: '0',
        threshold: 1,
        outputType: 'secp256k1 transfer',
        addresses: [{ address: many }],
        asset: { symbol: 'AVAX' },
      });
    }
    const calls = h.bodies('avm.getUTXOs');
    expect(calls.map((c) => [c.params.addresses, c.params.limit, c.params.startIndex?.utxo])).toEqual([
      [[`X-${many}`], 1024, undefined],
      [[`X-${many}`], 1024, first.edges.at(-1)!.node.utxoId],
    ]);
  });

  it('fetch more than 1024 as several calls, and resume from the middle of a page', async () => {
    const all = (await h.raw<Res>(Q, { first: 2000 })).data!.network.address.xChainUtxos;
    expect(all.edges).toHaveLength(Math.min(2000, mine.length));
    expect(h.bodies('avm.getUTXOs').map((c) => c.params.limit)).toEqual([1024, 2000 - 1024]);
    const mid = all.edges[500]!;
    const after = (await h.raw<Res>(Q, { first: 3, after: mid.cursor })).data!.network.address.xChainUtxos;
    expect(after.edges.map((e) => e.node.utxoId)).toEqual(all.edges.slice(501, 504).map((e) => e.node.utxoId));
  });

  it('read the atomic UTXOs another chain exported, with sourceChain', async () => {
    const waiting = xUtxos().filter((u) => u.createdOn === world.chainIds.p);
    const owner = waiting[0]!.owners[0]!;
    const expected = waiting.filter((u) => u.owners.includes(owner));
    const res = await h.raw<any>(`{ network { address(address: "${owner}") {
      fromP: xChainUtxos(sourceChain: P_CHAIN, first: 100) { nodes { utxoId sourceChain amount } }
      own: xChainUtxos(first: 100) { nodes { utxoId sourceChain } }
    } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.address.fromP.nodes.map((u: any) => u.utxoId).sort()).toEqual(expected.map((u) => u.id).sort());
    expect(res.data.network.address.fromP.nodes.every((u: any) => u.sourceChain === world.chainIds.p)).toBe(true);
    expect(res.data.network.address.own.nodes.every((u: any) => u.sourceChain === null && !expected.some((e) => e.id === u.utxoId))).toBe(
      true,
    );
    expect(h.bodies('avm.getUTXOs').map((c) => c.params.sourceChain)).toContain(world.chainIds.p);
  });

  it('read NFT outputs with their group and payload', async () => {
    const nft = xUtxos(fuji).find((u) => u.groupId !== undefined && u.createdOn === fuji.chainIds.x)!;
    const res = await h.raw<any>(
      `{ network(name: FUJI) { xChain { utxos(addresses: ["${nft.owners[0]}"], first: 1000) { nodes { utxoId outputType amount groupId payload } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.xChain.utxos.nodes).toContainEqual({
      utxoId: nft.id,
      outputType: 'nft transfer',
      amount: null,
      groupId: nft.groupId,
      payload: nft.payload,
    });
  });

  it("sum to an address's balances per asset", async () => {
    const owner = world.addresses.find(
      (a) =>
        new Set(
          xUtxos()
            .filter((u) => u.createdOn === X && u.owners.includes(a))
            .map((u) => u.assetId),
        ).size > 1,
    )!;
    const held = xUtxos().filter((u) => u.createdOn === X && u.owners.includes(owner) && u.amount !== undefined && u.groupId === undefined);
    const sums = new Map<string, { amount: bigint; count: number }>();
    for (const u of held) {
      const s = sums.get(u.assetId) ?? { amount: 0n, count: 0 };
      sums.set(u.assetId, { amount: s.amount + u.amount, count: s.count + 1 });
    }
    const res = await h.raw<any>(
      `{ network { address(address: "${owner}") { xChainBalances { assetId unlocked locked utxoCount asset { symbol } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.address.xChainBalances).toEqual(
      [...sums]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([assetId, s]) => ({
          assetId,
          unlocked: String(s.amount),
          locked: '0',
          utxoCount: s.count,
          asset: { symbol: world.assets.get(assetId)!.symbol },
        })),
    );
  });

  it('refuse a foreign address, too many or no addresses, the X-Chain as source, an EVM address and too many at once, before any call', async () => {
    const cases = [
      `xChain { utxos(addresses: ["${fuji.addresses[0]}"]) { nodes { utxoId } } }`,
      `xChain { utxos(addresses: [${Array.from({ length: 65 }, () => `"${world.addresses[0]}"`).join(',')}]) { nodes { utxoId } } }`,
      `xChain { utxos(addresses: []) { nodes { utxoId } } }`,
      `address(address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F") { xChainUtxos { nodes { utxoId } } }`,
      `xChain { utxos(addresses: ["${many}"], first: 5000) { nodes { utxoId } } }`,
    ];
    for (const c of cases) {
      const res = await h.raw(`{ network { ${c} } }`);
      expect(codes(res), c).toEqual(['BAD_USER_INPUT']);
    }
    // The X-Chain cannot export to itself: the enum does not offer it.
    const self = await h.raw(`{ network { xChain { utxos(addresses: ["${many}"], sourceChain: X_CHAIN) { nodes { utxoId } } } } }`);
    expect(codes(self)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(h.sandbox.count()).toBe(0);
  });
});

describe('another blockchain running the AVM', () => {
  it('is reached at /ext/bc/<blockchainId>, its addresses written with that id as their chain alias', async () => {
    const owner = world.addresses.find((a) => xUtxos().some((u) => u.createdOn === X && u.owners.includes(a)))!;
    const tx = world.transactions.x.find((t) => t.chainFormat === 'linear')!.txHash;
    const FIELDS = `blockchainId height txFee { txFee } transaction(txId: "${tx}") { txId outputs { asset { symbol } } transaction { txHash } }
      block(height: "1") { height } asset(assetId: "AVAX") { symbol } utxos(addresses: ["${owner}"], first: 3) { nodes { utxoId asset { symbol } } }
      balance(address: "${owner}", assetId: "AVAX") { balance } blockchain { blockchainName }`;
    const byId = await h.raw<any>(`{ network { xChain(blockchainId: "${X}") { ${FIELDS} } } }`);
    expect(byId.errors).toBeUndefined();
    const nodePaths = h.sandbox.log.filter((r) => r.service === 'node').map((r) => r.path);
    expect(nodePaths.length).toBeGreaterThan(5);
    expect(new Set(nodePaths)).toEqual(new Set([`/mainnet/ext/bc/${X}`]));
    expect(h.bodies('avm.getUTXOs')[0].params.addresses).toEqual([`${X}-${owner}`]);
    expect(h.bodies('avm.getBalance')[0].params.address).toBe(`${X}-${owner}`);
    // The same answers as the X-Chain by its alias: it is one chain.
    h.sandbox.reset();
    const byAlias = await h.raw<any>(`{ network { xChain { ${FIELDS} } } }`);
    expect(byId.data.network.xChain).toEqual(byAlias.data.network.xChain);
    expect(new Set(h.sandbox.log.filter((r) => r.service === 'node').map((r) => r.path))).toEqual(new Set(['/mainnet/ext/bc/X']));
  });

  it('says the node does not serve the AVM on a chain that runs another VM, without touching the X-Chain', async () => {
    const [evmChain] = [...node.chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
    const res = await h.raw<any>(`{ network { xChain(blockchainId: "${evmChain}") { blockchainId height } } }`);
    expect(res.data.network.xChain).toEqual({ blockchainId: evmChain, height: null });
    expect(codes(res)).toEqual(['NODE_API_UNAVAILABLE']);
    expect(res.errors![0]!.message).toMatch(/runs the AVM/);
    expect(h.sandbox.log.map((r) => r.path)).toEqual([`/mainnet/ext/bc/${evmChain}`]);
  });
});

describe('deprecated X-Chain methods', () => {
  it('still answer: getTxStatus, getAllBalances, getBalance', async () => {
    const owner = world.addresses.find((a) =>
      xUtxos().some((u) => u.createdOn === X && u.owners.includes(a) && u.assetId === world.avaxAssetId),
    )!;
    const avax = xUtxos().filter((u: SandboxUtxo) => u.createdOn === X && u.owners.includes(owner) && u.assetId === world.avaxAssetId);
    const res = await h.raw<any>(`{ network { xChain {
      known: txStatus(txId: "${world.transactions.x[0]!.txHash}") unknown: txStatus(txId: "${derivedId('unknown tx')}")
      allBalances(address: "${owner}") { assetId balance }
      balance(address: "X-${owner}", assetId: "AVAX") { balance utxoIds }
    } } }`);
    expect(res.errors).toBeUndefined();
    const x = res.data.network.xChain;
    expect([x.known, x.unknown]).toEqual(['ACCEPTED', 'UNKNOWN']);
    expect(x.balance).toEqual({
      balance: String(avax.reduce((s, u) => s + u.amount, 0n)),
      utxoIds: expect.arrayContaining(avax.map((u) => u.id)),
    });
    expect(x.allBalances).toContainEqual({ assetId: 'AVAX', balance: x.balance.balance });
    expect(h.bodies('avm.getBalance')[0].params).toEqual({ address: `X-${owner}`, assetID: 'AVAX' });
  });

  it("gives getBalance's utxoIDs as the node names them (txID, outputIndex), each with the id they make", async () => {
    const owner = world.addresses.find((a) => xUtxos().filter((u) => u.createdOn === X && u.owners.includes(a)).length > 1)!;
    const res = await h.raw<any>(
      `{ network { xChain { balance(address: "${owner}", assetId: "AVAX") { utxoIds utxos { txId outputIndex utxoId } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const { utxoIds, utxos } = res.data.network.xChain.balance;
    expect(utxos.length).toBeGreaterThan(0);
    expect(utxos.map((u: any) => u.utxoId)).toEqual(utxoIds);
    const held = new Map(
      xUtxos()
        .filter((u) => u.owners.includes(owner))
        .map((u) => [u.id, u]),
    );
    for (const u of utxos)
      expect({ txId: u.txId, outputIndex: u.outputIndex }).toEqual({
        txId: held.get(u.utxoId)!.txId,
        outputIndex: held.get(u.utxoId)!.outputIndex,
      });
  });
});
