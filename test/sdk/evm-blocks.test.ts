/**
 * The official SDKs read the sandbox's EVM blocks, transactions, receipts and chain registry:
 * every Data API operation of this area through @avalanche-sdk/chainkit, and every node method
 * through @avalanche-sdk/client (viem's public actions on the C-Chain's /rpc), each answer parsed
 * by the SDK's own models and checked against the world.
 */
import { createAvalancheClient } from '@avalanche-sdk/client';
import { avalanche } from '@avalanche-sdk/client/chains';
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { blocksOf } from '../../sandbox/world/evm-blocks.js';
import { chainkit } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const cChain = getEvmWorld('mainnet').chains.get('43114')!;
const { blocks, transfersOf } = blocksOf(cChain, 'avalanche');
const tx = cChain.transactions.find((t) => t.txStatus === '1' && transfersOf.has(t.txHash))!;
const block = blocks[Number(tx.blockNumber)]!;

/** Each operation of the SDK has its own server list, which only a per-call `serverURL` overrides. */
const at = () => ({ serverURL: sandbox.dataApiUrl, timeoutMs: 5000, retries: { strategy: 'none' as const } });
const dataApi = () => chainkit({ serverURL: sandbox.dataApiUrl, network: 'mainnet' });

describe('the Data API SDK', () => {
  it('parses blocks: the latest of all chains, one by number or hash, and its transactions', async () => {
    const evm = dataApi().data.evm;
    const all = await evm.blocks.listLatestAllChains({ network: 'mainnet', pageSize: 10 }, at());
    expect(all.result.blocks).toHaveLength(10);
    const byNumber = await evm.blocks.get({ chainId: '43114', blockId: String(block.number) }, at());
    const byHash = await evm.blocks.get({ chainId: '43114', blockId: block.hash }, at());
    expect(byNumber).toEqual(byHash);
    expect(byNumber).toMatchObject({ blockHash: block.hash, txCount: block.txs.length, feesSpent: String(block.feesSpent) });
    const txs = await evm.blocks.listTransactions({ chainId: '43114', blockId: block.hash, pageSize: 100 }, at());
    expect(txs.transactions.map((t) => t.txHash)).toEqual(block.txs.map((t) => t.txHash));
  });

  it('parses transactions: one by hash with its transfers, and the latest of all chains', async () => {
    const evm = dataApi().data.evm;
    const got = await evm.transactions.get({ chainId: '43114', txHash: tx.txHash }, at());
    expect(got.nativeTransaction.txHash).toBe(tx.txHash);
    expect(got.erc20Transfers?.map((t) => t.logIndex)).toEqual(transfersOf.get(tx.txHash)!.map((t) => t.logIndex));
    const latest = await evm.transactions.listLatestAllChains({ network: 'mainnet', pageSize: 10, status: 'failed' }, at());
    expect(latest.result.transactions).toHaveLength(10);
    expect(latest.result.transactions.every((t) => t.txStatus === '0')).toBe(true);
  });

  it('parses the chain registry: the chains, one chain, the chains of an address', async () => {
    const evm = dataApi().data.evm;
    const { chains } = await evm.chains.list({ network: 'mainnet', feature: 'nftIndexing' }, at());
    expect(chains.map((c) => c.chainId)).toEqual(['43114']);
    const info = await evm.chains.get({ chainId: '43114' }, at());
    expect(info).toMatchObject({ chainId: '43114', platformChainId: cChain.blockchainId, vmName: 'EVM', status: 'OK' });
    // (evm.chains.getAddressChains is the SDK's deprecated route, /v1/chains/address/{address}, which the spec no longer has.)
    const active = await evm.address.chains.list({ address: tx.from.address }, at());
    expect(active.indexedChains?.map((c) => c.chainId)).toContain('43114');
  });
});

describe('the RPC SDK', () => {
  it("parses the node's blocks, transactions, counts and receipts", async () => {
    const client = createAvalancheClient({
      chain: avalanche,
      transport: { type: 'http', url: `${sandbox.nodeUrl('mainnet')}/ext/bc/${cChain.blockchainId}/rpc` },
    });
    const byNumber = await client.getBlock({ blockNumber: BigInt(block.number) });
    const byHash = await client.getBlock({ blockHash: block.hash as `0x${string}` });
    expect(byNumber.hash).toBe(block.hash);
    expect(byHash.number).toBe(BigInt(block.number));
    expect(byNumber.transactions).toEqual(block.txs.map((t) => t.txHash));
    expect(await client.getBlockTransactionCount({ blockNumber: BigInt(block.number) })).toBe(block.txs.length);
    expect(await client.getBlockTransactionCount({ blockHash: block.hash as `0x${string}` })).toBe(block.txs.length);
    const byTxHash = await client.getTransaction({ hash: tx.txHash as `0x${string}` });
    expect(byTxHash).toMatchObject({ hash: tx.txHash, nonce: Number(tx.nonce), value: BigInt(tx.value), transactionIndex: tx.blockIndex });
    const atNumber = await client.getTransaction({ blockNumber: BigInt(block.number), index: tx.blockIndex });
    const atHash = await client.getTransaction({ blockHash: block.hash as `0x${string}`, index: tx.blockIndex });
    expect([atNumber.hash, atHash.hash]).toEqual([tx.txHash, tx.txHash]);
    const receipt = await client.getTransactionReceipt({ hash: tx.txHash as `0x${string}` });
    expect(receipt).toMatchObject({ status: 'success', gasUsed: BigInt(tx.gasUsed), blockHash: block.hash });
    expect(receipt.logs).toHaveLength(transfersOf.get(tx.txHash)!.length);
  });
});
