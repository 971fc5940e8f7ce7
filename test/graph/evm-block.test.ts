/**
 * EVM blocks and transactions (src/graph/evm-block.ts, evm-transaction.ts, chain-info.ts): by
 * hash or number from the Data API or from the node, one object whichever answers; a chain's and a
 * network's latest, walked to the end; a block's transactions; receipts with their logs; the chain
 * registry; global ids; and bad input refused before any call. Each answer is checked against the
 * sandbox's world, and each upstream call made.
 */
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { blocksOf, TRANSFER_TOPIC } from '../../sandbox/world/evm-blocks.js';
import { codes, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const SEED = 'avalanche';
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const cBlocks = blocksOf(cChain, SEED);
/** A transaction with an ERC-20 transfer, that succeeded, not the block's first. */
const transferTx = cChain.transactions.find(
  (t) => t.txStatus === '1' && t.blockIndex > 0 && cBlocks.transfersOf.has(t.txHash) && t.method?.callType === 'CONTRACT_CALL',
)!;
const withIndex = cChain.transactions.find((t) => t.blockIndex > 0)!;

/** The eth_* methods the node was sent, in order (batches flattened). */
function ethCalls(): string[] {
  return h.sandbox.log
    .filter((r) => r.service === 'node')
    .flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]) as { method: string }[])
    .map((c) => c.method);
}

const dataApiPaths = () => h.sandbox.log.filter((r) => r.service === 'data-api').map((r) => r.path);

describe('an EVM transaction by hash, to its block, its chain and its subnet', () => {
  it('takes one call per hop, and each hop is the world', async () => {
    const tx = transferTx;
    const res = await h.raw<any>(
      `query($hash: String!) { network { evmChain(evmChainId: 43114) { transaction(txHash: $hash) {
        id txHash blockNumber status from { address } sender { address } receiver { address }
        block { id number hash transactionCount timestamp feesSpent cumulativeTransactions
          chain { evmChainId blockchain { blockchainId subnet { subnetId } } } }
        erc20Transfers { txHash logIndex value erc20Token { address } }
        internalTransactions { txHash }
        icmMessage { messageId }
      } } } }`,
      { hash: tx.txHash.toUpperCase().replace('0X', '0x') },
    );
    expect(res.errors).toBeUndefined();
    const got = res.data.network.evmChain.transaction;
    const block = cBlocks.blocks[Number(tx.blockNumber)]!;
    expect(got).toMatchObject({
      txHash: tx.txHash,
      blockNumber: tx.blockNumber,
      status: 'SUCCESS',
      from: { address: tx.from.address },
      sender: { address: tx.from.address },
      receiver: { address: tx.to.address },
      block: {
        number: String(block.number),
        hash: block.hash,
        transactionCount: block.txs.length,
        timestamp: block.time,
        feesSpent: String(block.feesSpent),
        cumulativeTransactions: String(block.cumulative),
        chain: {
          evmChainId: 43114,
          blockchain: { blockchainId: cChain.blockchainId, subnet: { subnetId: '11111111111111111111111111111111LpoYY' } },
        },
      },
      icmMessage: null,
      internalTransactions: (cBlocks.internalsOf.get(tx.txHash) ?? []).map(() => ({ txHash: tx.txHash })),
    });
    expect(got.erc20Transfers).toEqual(
      cBlocks.transfersOf
        .get(tx.txHash)!
        .map((t) => ({ txHash: tx.txHash, logIndex: t.logIndex, value: t.value, erc20Token: { address: t.erc20Token.address } })),
    );
    // The lookup read getTransaction once: the transfers came with it; then getBlock once.
    expect(h.sandbox.count('getTransaction')).toBe(1);
    expect(h.sandbox.count('getBlock')).toBe(1);
    expect(dataApiPaths()).toEqual(
      expect.arrayContaining([
        `/v1/chains/${cChain.blockchainId}/transactions/${tx.txHash}`,
        `/v1/chains/${cChain.blockchainId}/blocks/${block.hash}`,
      ]),
    );

    // Their global ids fetch them again.
    const again = await h.raw<any>(
      `query($a: ID!, $b: ID!) { a: node(id: $a) { ... on EvmTransaction { txHash } } b: node(id: $b) { ... on EvmBlock { hash number } } }`,
      {
        a: got.id,
        b: got.block.id,
      },
    );
    expect(again.data).toEqual({ a: { txHash: tx.txHash }, b: { hash: block.hash, number: String(block.number) } });
  });

  it('is the same transaction when the node answers, less what only the Data API decodes', async () => {
    const fields =
      'txHash blockNumber blockHash blockIndex blockTimestamp chainId txStatus txType gasLimit gasUsed gasPrice nonce value from { address } to { address } method { callType methodHash }';
    const q = `query($hash: String!) { network { evmChain(evmChainId: 43114) {
      api: transaction(txHash: $hash) { ${fields} } node: transaction(txHash: $hash, from: NODE) { ${fields} method { methodName } }
    } } }`;
    for (const tx of [
      transferTx,
      cChain.transactions.find((t) => t.method?.callType === 'CONTRACT_CREATION')!,
      cChain.transactions.find((t) => t.txStatus === '0')!,
    ]) {
      h.sandbox.reset();
      const res = await h.raw<any>(q, { hash: tx.txHash });
      expect(res.errors).toBeUndefined();
      const { api, node } = res.data.network.evmChain;
      expect(node).toEqual({ ...api, method: { ...api.method, methodName: null } });
      // The node's answer: the transaction and its receipt in one batch, then its block.
      expect(ethCalls()).toEqual(['eth_getTransactionByHash', 'eth_getTransactionReceipt', 'eth_getBlockByHash']);
    }
  });

  it('is null for a hash no upstream has', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { a: transaction(txHash: "${hash}") { txHash } b: transaction(txHash: "${hash}", from: NODE) { txHash } r: transactionReceipt(txHash: "${hash}") { status } } } }`,
    );
    expect(res.data.network.evmChain).toEqual({ a: null, b: null, r: null });
  });
});

describe('an EVM block', () => {
  const block = cBlocks.blocks[Number(withIndex.blockNumber)]!;
  const fields = 'number hash parentHash timestamp transactionCount baseFee gasUsed gasLimit';

  it('is found by number or hash from either upstream, the same block', async () => {
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
      byNumber: block(number: "${block.number}") { ${fields} feesSpent cumulativeTransactions gasCost parent { hash } }
      byHash: block(hash: "${block.hash}") { ${fields} }
      nodeNumber: block(number: "${block.number}", from: NODE) { ${fields} feesSpent cumulativeTransactions gasCost }
      nodeHash: block(hash: "${block.hash}", from: NODE) { ${fields} }
      none: block(number: "999999999") { number }
      nodeNone: block(number: "999999999", from: NODE) { number }
      byNumberCount: blockTransactionCount(number: "${block.number}")
      byHashCount: blockTransactionCount(hash: "${block.hash}")
      noCount: blockTransactionCount(number: "999999999")
    } } }`);
    expect(res.errors).toBeUndefined();
    const chain = res.data.network.evmChain;
    const expected = {
      number: String(block.number),
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: block.time,
      transactionCount: block.txs.length,
      baseFee: String(block.baseFee),
      gasUsed: String(block.gasUsed),
      gasLimit: String(block.gasLimit),
    };
    expect(chain.byNumber).toEqual({
      ...expected,
      feesSpent: String(block.feesSpent),
      cumulativeTransactions: String(block.cumulative),
      gasCost: '0',
      parent: { hash: block.parentHash },
    });
    expect(chain.byHash).toEqual(expected);
    expect(chain.nodeNumber).toEqual({ ...expected, feesSpent: null, cumulativeTransactions: null, gasCost: null });
    expect(chain.nodeHash).toEqual(expected);
    expect([chain.none, chain.nodeNone, chain.noCount]).toEqual([null, null, null]);
    expect([chain.byNumberCount, chain.byHashCount]).toEqual([block.txs.length, block.txs.length]);
    expect(h.sandbox.log.filter((r) => r.operation === 'getBlock').map((r) => r.path.split('/').at(-1))).toEqual(
      expect.arrayContaining([String(block.number), block.hash, '999999999', block.parentHash]),
    );
    expect(new Set(ethCalls())).toEqual(
      new Set(['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getBlockTransactionCountByHash']),
    );
  });

  it('lists its transactions in block order, and each position from the node', async () => {
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) { block(hash: "${block.hash}") {
      transactions(first: 1) { pageInfo { hasNextPage } nodes { txHash blockIndex } }
      all: transactions(first: 100) { nodes { txHash } }
      transactionAt(index: ${withIndex.blockIndex}) { txHash blockIndex gasUsed status blockTimestamp }
      past: transactionAt(index: ${block.txs.length}) { txHash }
    }
    byNumber: transactionInBlock(blockNumber: "${block.number}", index: ${withIndex.blockIndex}) { txHash }
    byHash: transactionInBlock(blockHash: "${block.hash}", index: 0) { txHash }
    } } }`);
    expect(res.errors).toBeUndefined();
    const chain = res.data.network.evmChain;
    expect(chain.block.all.nodes).toEqual(block.txs.map((t) => ({ txHash: t.txHash })));
    expect(chain.block.transactions).toEqual({
      pageInfo: { hasNextPage: block.txs.length > 1 },
      nodes: [{ txHash: block.txs[0]!.txHash, blockIndex: 0 }],
    });
    expect(chain.block.transactionAt).toEqual({
      txHash: withIndex.txHash,
      blockIndex: withIndex.blockIndex,
      gasUsed: withIndex.gasUsed,
      status: withIndex.txStatus === '1' ? 'SUCCESS' : 'FAILED',
      blockTimestamp: withIndex.blockTimestamp,
    });
    expect(chain.block.past).toBeNull();
    expect(chain.byNumber).toEqual({ txHash: withIndex.txHash });
    expect(chain.byHash).toEqual({ txHash: block.txs[0]!.txHash });
    const paged = h.sandbox.log.filter((r) => r.operation === 'getTransactionsForBlock');
    expect(paged.map((r) => r.query)).toEqual(expect.arrayContaining([[['pageSize', '1']], [['pageSize', '100']]]));
    expect(ethCalls()).toEqual(
      expect.arrayContaining([
        'eth_getTransactionByBlockHashAndIndex',
        'eth_getTransactionByBlockNumberAndIndex',
        'eth_getTransactionReceipt',
      ]),
    );
  });
});

describe('a receipt', () => {
  it("has the transaction's status and its ERC-20 transfers as Transfer logs, from the node", async () => {
    const tx = transferTx;
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
      transaction(txHash: "${tx.txHash}") { receipt { txHash status gasUsed effectiveGasPrice contractAddress { address } logs { address topics data logIndex removed emitter { address } } } }
      transactionReceipt(txHash: "${tx.txHash}") { txHash blockNumber blockHash blockIndex }
    } } }`);
    expect(res.errors).toBeUndefined();
    const { transaction, transactionReceipt } = res.data.network.evmChain;
    const transfers = cBlocks.transfersOf.get(tx.txHash)!;
    expect(transaction.receipt).toEqual({
      txHash: tx.txHash,
      status: 'SUCCESS',
      gasUsed: tx.gasUsed,
      effectiveGasPrice: tx.gasPrice,
      contractAddress: null,
      logs: transfers.map((t) => ({
        address: t.erc20Token.address,
        topics: [
          TRANSFER_TOPIC,
          `0x${t.from.address.slice(2).toLowerCase().padStart(64, '0')}`,
          `0x${t.to.address.slice(2).toLowerCase().padStart(64, '0')}`,
        ],
        data: `0x${BigInt(t.value).toString(16).padStart(64, '0')}`,
        logIndex: t.logIndex,
        removed: false,
        emitter: { address: t.erc20Token.address },
      })),
    });
    expect(transactionReceipt).toEqual({
      txHash: tx.txHash,
      blockNumber: tx.blockNumber,
      blockHash: tx.blockHash,
      blockIndex: tx.blockIndex,
    });
    // Both receipts are one read: the same call, made once.
    expect(ethCalls()).toEqual(['eth_getTransactionReceipt']);
  });

  it('names the contract a deployment created', async () => {
    const tx = cChain.transactions.find((t) => t.method?.callType === 'CONTRACT_CREATION' && t.txStatus === '1')!;
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { transactionReceipt(txHash: "${tx.txHash}") { contractAddress { address } } } } }`,
    );
    expect(res.data.network.evmChain.transactionReceipt.contractAddress.address.toLowerCase()).toBe(tx.to.address.toLowerCase());
  });
});

const Blocks = /* GraphQL */ `
  query($after: String) { network { evmChain(evmChainId: 43114) { blocks(first: 500, after: $after) { pageInfo { hasNextPage endCursor } nodes { hash number } } } } }
`;

describe('the latest blocks', () => {
  it("walks a chain's blocks newest first to the genesis block", async () => {
    const all = await walk<any>(async (after) => (await h.raw<any>(Blocks, { after })).data.network.evmChain.blocks);
    expect(all.map((b) => b.hash)).toEqual([...cBlocks.blocks].reverse().map((b) => b.hash));
    expect(
      h.sandbox.log.filter((r) => r.operation === 'getLatestBlocks').every((r) => r.path === `/v1/chains/${cChain.blockchainId}/blocks`),
    ).toBe(true);
  });

  it("gives the chain's latest block from the node by default, and the Data API's when asked", async () => {
    const res = await h.raw<any>(
      '{ network { evmChain(evmChainId: 43114) { latestBlock { number hash feesSpent } indexed: latestBlock(from: DATA_API) { number hash feesSpent } } } }',
    );
    const head = cBlocks.blocks.at(-1)!;
    expect(res.data.network.evmChain).toEqual({
      latestBlock: { number: String(head.number), hash: head.hash, feesSpent: null },
      indexed: { number: String(head.number), hash: head.hash, feesSpent: String(head.feesSpent) },
    });
    expect(ethCalls()).toEqual(['eth_getBlockByNumber']);
    expect(h.sandbox.log.find((r) => r.operation === 'getLatestBlocks')!.query).toEqual([['pageSize', '1']]);
  });

  it("walks the network's latest blocks and transactions across its chains, each on its chain", async () => {
    const chains = [...getEvmWorld('fuji').chains.values()];
    const blocks = chains.flatMap((c) => blocksOf(c, SEED).blocks.map((b) => ({ chainId: c.chainId, hash: b.hash, time: b.time })));
    const txs = chains.flatMap((c) => c.transactions);
    const q = `query($after: String) { network(name: FUJI) { evmBlocks(first: 500, after: $after) { pageInfo { hasNextPage endCursor } nodes { hash timestamp chain { evmChainId } } } } }`;
    const all = await walk<any>(async (after) => (await h.raw<any>(q, { after })).data.network.evmBlocks);
    expect(all).toHaveLength(blocks.length);
    expect(new Set(all.map((b) => `${b.chain.evmChainId}:${b.hash}`))).toEqual(new Set(blocks.map((b) => `${b.chainId}:${b.hash}`)));
    const times = all.map((b) => b.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const calls = h.sandbox.log.filter((r) => r.operation === 'listLatestBlocksAllChains');
    expect(calls.length).toBe(Math.ceil(blocks.length / 100));
    expect(calls[0]!.query).toEqual([
      ['pageSize', '100'],
      ['network', 'fuji'],
    ]);

    const failed = await h.raw<any>(
      `{ network(name: FUJI) { evmTransactions(first: 100, status: FAILED) { nodes { txHash status chain { evmChainId } } } } }`,
    );
    const expectedFailed = txs.filter((t) => t.txStatus === '0');
    expect(failed.data.network.evmTransactions.nodes).toHaveLength(Math.min(100, expectedFailed.length));
    for (const t of failed.data.network.evmTransactions.nodes) {
      expect(t.status).toBe('FAILED');
      expect(expectedFailed.some((x) => x.txHash === t.txHash && x.chainId === String(t.chain.evmChainId))).toBe(true);
    }
    expect(h.sandbox.log.find((r) => r.operation === 'listLatestTransactionsAllChains')!.query).toEqual([
      ['pageSize', '100'],
      ['network', 'fuji'],
      ['status', 'failed'],
    ]);
  });
});

describe('the chain registry', () => {
  it("lists the network's indexed EVM chains with their entries, filtered by feature, and one chain's entry", async () => {
    const res = await h.raw<any>(`{ network { evmChains { evmChainId blockchainId info { name isTestnet features networkToken { symbol } } }
      icm: evmChains(feature: ICM) { evmChainId }
      nft: evmChains(feature: NFT_INDEXING) { evmChainId }
      evmChain(evmChainId: 43114) { info { name rpcUrl status vmName networkToken { symbol decimals } } }
    } }`);
    expect(res.errors).toBeUndefined();
    const n = res.data.network;
    expect(n.evmChains.map((c: any) => c.evmChainId).sort()).toEqual([...evm.chains.keys()].map(Number).sort());
    expect(
      n.evmChains.every((c: any) => c.info.isTestnet === false && evm.chains.get(String(c.evmChainId))!.blockchainId === c.blockchainId),
    ).toBe(true);
    expect(n.nft).toEqual([{ evmChainId: 43114 }]);
    expect(n.icm.length).toBeGreaterThan(1);
    expect(n.evmChain.info).toMatchObject({ status: 'OK', vmName: 'EVM', networkToken: { symbol: 'AVAX', decimals: 18 } });
    expect(n.evmChain.info.rpcUrl).toContain(cChain.blockchainId);
    // The registry's entries came with the listing: one getChainInfo, for the chain found by id.
    expect(h.sandbox.count('getChainInfo')).toBe(1);
    expect(h.sandbox.log.filter((r) => r.operation === 'supportedChains').map((r) => r.query)).toEqual(
      expect.arrayContaining([
        [['network', 'mainnet']],
        [
          ['network', 'mainnet'],
          ['feature', 'teleporter'],
        ],
        [
          ['network', 'mainnet'],
          ['feature', 'nftIndexing'],
        ],
      ]),
    );
  });

  it('lists the chains an address is active on, of its network', async () => {
    const account = cChain.accounts[3]!;
    const active = [...evm.chains.values()].filter(
      (c) =>
        c.accounts.includes(account) ||
        c.transactions.some((t) => t.from.address.toLowerCase() === account || t.to.address.toLowerCase() === account),
    );
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { address(address: "${account}") { activeChains { evmChainId info { name } } } } } }`,
    );
    expect(res.data.network.evmChain.address.activeChains.map((c: any) => c.evmChainId).sort()).toEqual(
      active.map((c) => Number(c.chainId)).sort(),
    );
    expect(h.sandbox.log.filter((r) => r.operation === 'listAddressChains').map((r) => r.path)).toEqual([`/v1/address/${account}/chains`]);
    expect(h.sandbox.count('getChainInfo')).toBe(0);
  });
});

describe('bad input', () => {
  it('is refused with what is allowed, before any upstream call', async () => {
    const cases = [
      'transaction(txHash: "0x12") { txHash }',
      'transactionReceipt(txHash: "not a hash") { status }',
      'block { number }',
      `block(number: "1", hash: "0x${'0'.repeat(64)}") { number }`,
      'block(number: "-1") { number }',
      'block(number: "9223372036854775808", from: NODE) { number }',
      'blockTransactionCount(hash: "0xzz")',
      'transactionInBlock(blockNumber: "1", index: -1) { txHash }',
      'transactionInBlock(index: 0) { txHash }',
    ];
    for (const selection of cases) {
      h.sandbox.reset();
      const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) { ${selection} } } }`);
      expect(codes(res), selection).toEqual(['BAD_USER_INPUT']);
      expect(h.sandbox.count(), selection).toBe(0);
    }
  });
});
