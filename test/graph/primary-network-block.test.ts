/**
 * P- and X-Chain blocks (getBlockById, listLatestPrimaryNetworkBlocks,
 * listPrimaryNetworkBlocksByNodeId), vertices by hash and height (getVertexByHash,
 * getVertexByHeight) and X-Chain assets with their transactions (getAssetDetails,
 * listAssetTransactions), through the Data API.
 */
import { describe, expect, it } from 'vitest';
import { worldBlocks } from '../../sandbox/data-api/primary-network-block.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');
const pBlocks = worldBlocks(world, 'avalanche', 'p');
const query = (r: { query: [string, string][] }, key: string) => r.query.find(([k]) => k === key)?.[1];

describe('Primary Network blocks', () => {
  it('finds a block by height and by hash, with its parent and its transactions, and refetches it by id', async () => {
    const block = pBlocks.find((b) => b.txCount === 1 && b.proposerDetails)!;
    const res = await h.raw<any>(`{ network { byHeight: primaryNetworkBlock(chain: P_CHAIN, height: "${block.blockNumber}") {
      id blockHash blockNumber blockType proposer { nodeId } parent { blockNumber } transactions { txHash } }
      byHash: primaryNetworkBlock(chain: P_CHAIN, blockHash: "${block.blockHash}") { blockNumber }
      none: primaryNetworkBlock(chain: X_CHAIN, height: "99999999") { blockHash } } }`);
    expect(res.errors).toBeUndefined();
    const b = res.data.network.byHeight;
    expect(b).toMatchObject({ blockHash: block.blockHash, blockNumber: block.blockNumber, blockType: block.blockType });
    expect(b.proposer.nodeId).toBe(block.proposerDetails!.proposerNodeId);
    expect(b.parent.blockNumber).toBe(String(Number(block.blockNumber) - 1));
    expect(b.transactions.map((t: { txHash: string }) => t.txHash)).toEqual(block.transactions);
    expect(res.data.network.byHash.blockNumber).toBe(block.blockNumber);
    expect(res.data.network.none).toBeNull();
    expect(h.sandbox.log.filter((r) => r.operation === 'getBlockById').map((r) => r.path)).toEqual(
      expect.arrayContaining([
        `/v1/networks/mainnet/blockchains/p-chain/blocks/${block.blockNumber}`,
        `/v1/networks/mainnet/blockchains/p-chain/blocks/${block.blockHash}`,
      ]),
    );
    const again = await h.raw<any>(`query($id: ID!) { node(id: $id) { ... on PrimaryNetworkBlock { blockNumber } } }`, { id: b.id });
    expect(again.data.node.blockNumber).toBe(block.blockNumber);
  });

  it('pages the latest blocks and those a node proposed to the end of a window', async () => {
    const from = pBlocks.at(-30)!.blockTimestamp;
    const Q = `query($after: String) { network { primaryNetworkBlocks(chain: P_CHAIN, startTimestamp: ${from}, first: 7, after: $after) {
      chainInfo { chainName } pageInfo { hasNextPage endCursor } nodes { blockHash } } } }`;
    const got = await walk(
      async (after) => (await h.raw<any>(Q, { after })).data.network.primaryNetworkBlocks as Page<{ blockHash: string }>,
    );
    expect(got.map((b) => b.blockHash)).toEqual(
      pBlocks
        .filter((b) => b.blockTimestamp >= from)
        .reverse()
        .map((b) => b.blockHash),
    );
    const latest = h.sandbox.log.filter((r) => r.operation === 'listLatestPrimaryNetworkBlocks');
    expect(
      latest.every((r) => query(r, 'startTimestamp') === String(from) && r.path === '/v1/networks/mainnet/blockchains/p-chain/blocks'),
    ).toBe(true);

    const proposer = pBlocks.at(-1)!.proposerDetails!.proposerNodeId!;
    const mine = pBlocks.filter((b) => b.proposerDetails?.proposerNodeId === proposer).reverse();
    const P = `query($after: String) { network { proposedBlocks(nodeId: "${proposer}", chain: P_CHAIN, first: 3, after: $after) {
      pageInfo { hasNextPage endCursor } nodes { blockHash proposer { nodeId } } } } }`;
    const proposed = await walk(
      async (after) => (await h.raw<any>(P, { after })).data.network.proposedBlocks as Page<{ blockHash: string }>,
    );
    expect(proposed.map((b) => b.blockHash)).toEqual(mine.map((b) => b.blockHash));
    expect(h.sandbox.log.find((r) => r.operation === 'listPrimaryNetworkBlocksByNodeId')!.path).toBe(
      `/v1/networks/mainnet/blockchains/p-chain/nodes/${proposer}/blocks`,
    );
  });

  it('leads from a P-Chain transaction to its block', async () => {
    const tx = world.transactions.p.at(-1)!;
    const res = await h.raw<any>(
      `{ network { transaction(chain: P_CHAIN, txHash: "${tx.txHash}") { ... on PChainTransaction { block { blockHash transactionIds } } } } }`,
    );
    expect(res.data.network.transaction.block).toEqual({ blockHash: tx.blockHash, transactionIds: [tx.txHash] });
  });

  it('refuses the C-Chain and a block asked two ways, before any call', async () => {
    const c = await h.raw(`{ network { primaryNetworkBlocks(chain: C_CHAIN) { nodes { blockHash } } } }`);
    const both = await h.raw(
      `{ network { primaryNetworkBlock(chain: P_CHAIN, height: "1", blockHash: "${pBlocks[1]!.blockHash}") { blockHash } } }`,
    );
    expect([...codes(c), ...codes(both)]).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(h.sandbox.log.filter((r) => r.service === 'data-api')).toEqual([]);
  });
});

describe('X-Chain vertices', () => {
  it('finds a vertex by hash with its parents, and the vertices of a height', async () => {
    const vertex = world.vertices[5]!;
    const res = await h.raw<any>(`{ network { vertex(vertexHash: "${vertex.vertexHash}") { id vertexHeight parents { vertexHash } }
      verticesAtHeight(vertexHeight: ${vertex.vertexHeight}) { nodes { vertexHash } } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.vertex.vertexHeight).toBe(vertex.vertexHeight);
    expect(res.data.network.vertex.parents.map((p: { vertexHash: string }) => p.vertexHash)).toEqual(vertex.parentHashes);
    expect(res.data.network.verticesAtHeight.nodes).toEqual([{ vertexHash: vertex.vertexHash }]);
    expect(query(h.sandbox.log.find((r) => r.operation === 'getVertexByHeight')!, 'vertexHeight')).toBe(String(vertex.vertexHeight));
    const bad = await h.raw(`{ network { verticesAtHeight(vertexHeight: -1) { nodes { vertexHash } } } }`);
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
  });
});

describe('X-Chain assets', () => {
  it('finds an asset by id, pages its transactions to the end, and meets it again on its CreateAssetTx', async () => {
    const [assetId, info] = [...world.assets].find(([id]) => id !== world.avaxAssetId)!;
    const touching = world.transactions.x.filter(
      (tx) => tx.assetCreated?.assetId === assetId || [...tx.consumedUtxos, ...tx.emittedUtxos].some((u) => u.asset.assetId === assetId),
    );
    const Q = `query($after: String) { network { xChainAsset(assetId: "${assetId}") { id name symbol cap
      transactions(first: 4, after: $after) { pageInfo { hasNextPage endCursor } nodes { txHash assetCreated { assetId } } } } } }`;
    let asset: any;
    const txs = await walk(async (after) => {
      asset = (await h.raw<any>(Q, { after })).data.network.xChainAsset;
      return asset.transactions as Page<{ txHash: string }>;
    });
    expect(asset).toMatchObject({ name: info.name, symbol: info.symbol, cap: info.cap.toUpperCase() });
    expect(txs.map((t) => t.txHash)).toEqual([...touching].reverse().map((t) => t.txHash));
    expect(h.sandbox.log.find((r) => r.operation === 'listAssetTransactions')!.path).toBe(
      `/v1/networks/mainnet/blockchains/x-chain/assets/${assetId}/transactions`,
    );
    const none = await h.raw<any>(`{ network { xChainAsset(assetId: "${world.vertices[0]!.vertexHash}") { name } } }`);
    expect(none.data.network.xChainAsset).toBeNull();
  });
});
