/**
 * The official RPC SDK (@avalanche-sdk/client, a viem public client with Avalanche's actions)
 * pointed at the sandbox node's C-Chain and at a Subnet-EVM chain: every standard EVM method the
 * gateway declares is called through it and its answer parsed as viem parses a real node's,
 * values checked against the sandbox's world; and a transaction signed with a throwaway key sent
 * and its receipt read once mined, as a wallet does it.
 */
import { createAvalancheClient } from '@avalanche-sdk/client';
import { avalanche } from '@avalanche-sdk/client/chains';
import { defineChain, erc20Abi, parseAbiItem } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const evm = getEvmWorld('mainnet');
const node = getNodeWorld('mainnet');
const c = evm.chains.get('43114')!;
const cHead = BigInt(node.cBlocks.length - 1);
const [subnetId] = [...node.chains.entries()].find(([, i]) => i.vm === 'subnet-evm' && i.status !== 'Created')!;
const subnet = evm.byBlockchainId.get(subnetId)!;

const cClient = () =>
  createAvalancheClient({ chain: avalanche, transport: { type: 'http', url: `${sandbox.nodeUrl('mainnet')}/ext/bc/C/rpc` } });
const subnetClient = () =>
  createAvalancheClient({
    chain: defineChain({
      id: Number(subnet.chainId),
      name: subnet.blockchainName,
      nativeCurrency: { name: subnet.native.name, symbol: subnet.native.symbol, decimals: 18 },
      rpcUrls: { default: { http: [`${sandbox.nodeUrl('mainnet')}/ext/bc/${subnetId}/rpc`] } },
    }),
    transport: { type: 'http' },
  });

const tx = c.transactions[Math.floor(c.transactions.length / 2)]!;
const account = tx.from.address as `0x${string}`;
const token = c.tokens[0]!;
const contract = token.address as `0x${string}`;
const transfer = c.erc20Transfers.find((t) => t.erc20Token.address === token.address)!;

describe('the RPC SDK over the sandbox node', () => {
  it('parses the head, chain id and fees of the C-Chain and a Subnet-EVM chain', async () => {
    for (const [client, head, chainId] of [
      [cClient(), cHead, 43114],
      [subnetClient(), BigInt(node.subnetEvm(subnetId)!.blocks.length - 1), Number(subnet.chainId)],
    ] as const) {
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(head);
      expect(await client.getChainId()).toBe(chainId);
      const gasPrice = await client.getGasPrice();
      const tip = await client.maxPriorityFeePerGas();
      const baseFee = await client.baseFee();
      expect(BigInt(gasPrice)).toBe(BigInt(baseFee) + BigInt(tip));
      expect(await client.estimateMaxPriorityFeePerGas()).toBe(BigInt(tip));
      const history = await client.getFeeHistory({ blockCount: 3, rewardPercentiles: [25, 75] });
      expect(history.oldestBlock).toBe(head - 2n);
      expect(history.baseFeePerGas).toHaveLength(4);
      expect(history.gasUsedRatio).toHaveLength(3);
      expect(history.reward!.every((r) => r.length === 2 && r.every((x) => typeof x === 'bigint'))).toBe(true);
    }
  });

  it("parses an account's balance, nonce, code, storage and proof, as the world has them", async () => {
    const client = cClient();
    const block = BigInt(tx.blockNumber);
    expect(await client.getBalance({ address: account })).toBe(c.balanceAt(account));
    expect(await client.getBalance({ address: account, blockNumber: block })).toBe(c.balanceAt(account, Number(block)));
    const sent = c.transactions.filter((t) => t.from.address === tx.from.address && BigInt(t.blockNumber) <= block).length;
    expect(await client.getTransactionCount({ address: account, blockNumber: block })).toBe(sent);
    expect(await client.getCode({ address: account })).toBeUndefined();
    expect(await client.getCode({ address: contract })).toMatch(/^0x6080604052/);
    const slot = await client.getStorageAt({ address: contract, slot: '0x1' });
    expect(slot).toMatch(/^0x[0-9a-f]{64}$/);
    const proof = await client.getProof({ address: contract, storageKeys: [`0x${'1'.padStart(64, '0')}`] });
    expect(proof.address.toLowerCase()).toBe(contract.toLowerCase());
    expect(proof.storageProof[0]!.value).toBe(BigInt(slot!));
    expect(typeof proof.balance).toBe('bigint');
    expect(proof.accountProof.length).toBeGreaterThan(0);
  });

  it('parses calls, estimates and logs', async () => {
    const client = cClient();
    expect(await client.readContract({ address: contract, abi: erc20Abi, functionName: 'symbol' })).toBe(token.symbol);
    expect(await client.readContract({ address: contract, abi: erc20Abi, functionName: 'decimals' })).toBe(token.decimals);
    const holder = transfer.to.address as `0x${string}`;
    expect(typeof (await client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }))).toBe(
      'bigint',
    );
    await expect(client.call({ to: contract, data: '0xdeadbeef' })).rejects.toThrow(/execution reverted/);
    expect(await client.estimateGas({ account, to: c.accounts[0] as `0x${string}`, value: 1n })).toBe(21_000n);
    const logs = await client.getLogs({
      address: contract,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      fromBlock: BigInt(transfer.blockNumber),
      toBlock: BigInt(transfer.blockNumber),
    });
    expect(logs.map((l) => [l.transactionHash, l.args.value])).toContainEqual([transfer.txHash, BigInt(transfer.value)]);
  });

  it('sends a transaction signed with a throwaway key, and reads its receipt once it is mined', async () => {
    const key = privateKeyToAccount(generatePrivateKey());
    sandbox.node.setKnobs({ evmFunded: [key.address] });
    const client = cClient();
    const raw = await key.signTransaction({
      chainId: 43114,
      nonce: await client.getTransactionCount({ address: key.address }),
      to: c.accounts[0] as `0x${string}`,
      value: 10n ** 17n,
      gas: 21_000n,
      maxFeePerGas: 2n * (await client.getGasPrice()),
      maxPriorityFeePerGas: 10n ** 9n,
      type: 'eip1559',
    });
    const hash = await client.sendRawTransaction({ serializedTransaction: raw });
    expect(await client.getTransactionReceipt({ hash }).catch((e: Error) => e.name)).toBe('TransactionReceiptNotFoundError');
    // Polled as a wallet does; waitForTransactionReceipt also asks eth_getTransactionByHash, the EVM blocks' reads.
    sandbox.live.advance();
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', blockNumber: cHead + 1n, gasUsed: 21_000n, transactionHash: hash });
    expect(receipt.from.toLowerCase()).toBe(key.address.toLowerCase());
    expect(await client.getTransactionCount({ address: key.address })).toBe(1);
  });
});
