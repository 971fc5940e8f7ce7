/**
 * The standard EVM reads through the graph, on the C-Chain and a Subnet-EVM chain: head, chain id,
 * fees and fee history, logs, calls and estimates on EvmChain; balance, nonce, code, storage and
 * proof on EvmAddress; each answer checked against the sandbox's EVM world and the calls made (one
 * JSON-RPC batch per chain); bad input refused before any call; and a transaction signed with a
 * throwaway key submitted, followed until mined, and one replaced until dropped.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from '../../src/base/ids.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { TRANSFER_TOPIC } from '../../sandbox/node/chains/evm-state.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { codes, useHarness } from '../helpers/harness.js';
import { subscribeSse } from '../helpers/live.js';

const h = useHarness({ UPSTREAM_RETRIES: '0', LIVE_POLL_TRANSACTIONS_MS: '200' });
const evm = getEvmWorld('mainnet');
const node = getNodeWorld('mainnet');
const c = evm.chains.get('43114')!;
const cHead = node.cBlocks.length - 1;
const [subnetChainId] = [...node.chains.entries()].find(([, i]) => i.vm === 'subnet-evm' && i.status !== 'Created')!;
const subnet = evm.byBlockchainId.get(subnetChainId)!;
const subnetHead = node.subnetEvm(subnetChainId)!.blocks.length - 1;

/** An account that sent transactions, and a block in the middle of its history. */
const sender = c.transactions[Math.floor(c.transactions.length / 2)]!;
const account = sender.from.address.toLowerCase();
const midBlock = Number(sender.blockNumber);
const sentUpTo = (block: number) =>
  c.transactions.filter((t) => t.from.address.toLowerCase() === account && Number(t.blockNumber) <= block).length;
const token = c.tokens[0]!;
const transfers = c.erc20Transfers.filter((t) => t.erc20Token.address.toLowerCase() === token.address.toLowerCase());
const holder = transfers.at(-1)!.to.address.toLowerCase();
const nodeCalls = () => h.sandbox.log.filter((r) => r.service === 'node');
const methodsCalled = () =>
  nodeCalls()
    .flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]))
    .map((b: any) => b.method)
    .sort();

const CHAIN = (id: number, inner: string) => `{ network { evmChain(evmChainId: ${id}) { ${inner} } } }`;

describe('chain reads on EvmChain', () => {
  it('reads the head, chain id and fees of the C-Chain and a Subnet-EVM chain, one batch per chain', async () => {
    const fees =
      'headBlockNumber rpcChainId gasPrice baseFee maxPriorityFeePerGas feeHistory(blockCount: 4, rewardPercentiles: [10, 90]) { oldestBlock nextBaseFeePerGas blocks { number baseFeePerGas gasUsedRatio rewards } }';
    const res = await h.raw<any>(`{ network {
      c: evmChain(evmChainId: 43114) { ${fees} }
      s: evmChain(evmChainId: ${subnet.chainId}) { ${fees} }
    } }`);
    expect(res.errors).toBeUndefined();
    const { c: cc, s } = res.data.network;
    expect([cc.headBlockNumber, cc.rpcChainId]).toEqual([String(cHead), 43114]);
    expect([s.headBlockNumber, s.rpcChainId]).toEqual([String(subnetHead), Number(subnet.chainId)]);
    for (const x of [cc, s]) {
      expect(BigInt(x.gasPrice)).toBe(BigInt(x.baseFee) + BigInt(x.maxPriorityFeePerGas));
      expect(x.feeHistory.blocks.map((b: any) => b.number)).toEqual([3, 2, 1, 0].map((i) => String(BigInt(x.headBlockNumber) - BigInt(i))));
      expect(x.feeHistory.oldestBlock).toBe(x.feeHistory.blocks[0].number);
      expect(x.feeHistory.nextBaseFeePerGas).toBe(x.baseFee);
      for (const b of x.feeHistory.blocks) expect(b.rewards).toHaveLength(2);
    }
    // The lowest price the world's transactions paid is the base fee they paid.
    const lowest = c.transactions.reduce((m, t) => (BigInt(t.gasPrice) < m ? BigInt(t.gasPrice) : m), 25n * 10n ** 9n);
    expect(cc.baseFee).toBe(String(lowest));
    // Six reads of each chain, one HTTP request to each chain's /rpc.
    expect(h.sandbox.count('batch')).toBe(2);
    expect(
      nodeCalls()
        .map((r) => r.path.replace(/^\/mainnet/, ''))
        .sort(),
    ).toEqual([`/ext/bc/${subnetChainId}/rpc`, `/ext/bc/${c.blockchainId}/rpc`].sort());
    expect(
      h
        .bodies('batch')
        .flatMap((b: any[]) => b.map((x) => x.method))
        .filter((m: string) => m === 'eth_feeHistory'),
    ).toHaveLength(2);
    expect(h.bodies('batch')[0].find((x: any) => x.method === 'eth_feeHistory').params).toEqual(['0x4', 'latest', [10, 90]]);
  });

  it('reads Transfer logs of a token in a range, as the world has its transfers, and links each to its emitter', async () => {
    const first = Number(transfers[0]!.blockNumber);
    const last = Math.min(first + 2000, cHead);
    const expected = transfers.filter((t) => Number(t.blockNumber) <= last);
    const res = await h.raw<any>(
      `query($f: EvmLogFilter!) { network { evmChain(evmChainId: 43114) { logs(filter: $f, first: 1000) { address topics data blockNumber transactionHash logIndex removed emitter { address } } } } }`,
      { f: { fromBlock: String(first), toBlock: `0x${last.toString(16)}`, addresses: [token.address], topic0: [TRANSFER_TOPIC] } },
    );
    expect(res.errors).toBeUndefined();
    const logs = res.data.network.evmChain.logs;
    expect(logs.map((l: any) => l.transactionHash)).toEqual(expected.map((t) => t.txHash));
    expect(logs[0]).toMatchObject({
      address: toChecksumAddress(token.address),
      topics: [
        TRANSFER_TOPIC,
        `0x${expected[0]!.from.address.slice(2).toLowerCase().padStart(64, '0')}`,
        `0x${expected[0]!.to.address.slice(2).toLowerCase().padStart(64, '0')}`,
      ],
      data: `0x${BigInt(expected[0]!.value).toString(16).padStart(64, '0')}`,
      blockNumber: expected[0]!.blockNumber,
      removed: false,
      emitter: { address: expect.stringMatching(new RegExp(`^${token.address}$`, 'i')) },
    });
    // A range of numbers needs no head: one call, with the filter as geth takes it.
    expect(methodsCalled()).toEqual(['eth_getLogs']);
    expect(h.bodies('eth_getLogs')[0].params[0]).toEqual({
      fromBlock: `0x${first.toString(16)}`,
      toBlock: `0x${last.toString(16)}`,
      address: [token.address.toLowerCase()],
      topics: [[TRANSFER_TOPIC]],
    });
  });

  it('asks the head first for a range that names "latest", and keeps `first` logs', async () => {
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { logs(filter: { fromBlock: "0" }, first: 2) { blockNumber logIndex } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const expected = c.erc20Transfers.slice(0, 2);
    expect(res.data.network.evmChain.logs).toEqual(expected.map((t) => ({ blockNumber: t.blockNumber, logIndex: t.logIndex })));
    expect(methodsCalled()).toEqual(['eth_blockNumber', 'eth_getLogs']);
  });

  it('runs calls and estimates against the state: an ERC-20 read as the world has it, a revert with its data', async () => {
    const balanceOf = `0x70a08231${holder.slice(2).padStart(64, '0')}`;
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
      symbol: call(input: { to: "${token.address}", data: "0x95d89b41" })
      balance: call(input: { to: "${token.address}", data: "${balanceOf}" }, block: "${cHead}")
      transfer: estimateGas(input: { from: "${account}", to: "${holder}", value: "1" })
    } } }`);
    expect(res.errors).toBeUndefined();
    const chain = res.data.network.evmChain;
    const symbolHex = Buffer.from(token.symbol).toString('hex');
    expect(chain.symbol).toBe(
      `0x${(32).toString(16).padStart(64, '0')}${token.symbol.length.toString(16).padStart(64, '0')}${symbolHex.padEnd(64, '0')}`,
    );
    const held = transfers.reduce(
      (s, t) =>
        s +
        (t.to.address.toLowerCase() === holder ? BigInt(t.value) : 0n) -
        (t.from.address.toLowerCase() === holder ? BigInt(t.value) : 0n),
      0n,
    );
    expect(BigInt(chain.balance)).toBe(held);
    expect(chain.transfer).toBe('21000');
    expect(h.sandbox.count('batch')).toBe(1);

    const reverted = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { call(input: { to: "${token.address}", data: "0xdeadbeef" }) } } }`,
    );
    expect(codes(reverted)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(reverted.errors![0]!.extensions).toMatchObject({
      upstream: { operation: 'eth_call', rpcCode: 3, message: 'execution reverted', data: '0x' },
    });
  });
});

describe('account reads on EvmAddress', () => {
  it('reads a balance and nonce now and at an older block, code, a storage slot and a proof, in one batch', async () => {
    const contract = [...c.contracts.keys()][0]!;
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
      account: address(address: "${account}") {
        now: balanceAt then: balanceAt(block: "${midBlock}") nonce thenNonce: nonce(block: "0x${midBlock.toString(16)}") code
        proof(storageKeys: ["0x0"]) { balance nonce codeHash storageHash accountProof storageProof { key value proof } }
      }
      contract: address(address: "${contract}") { code storageAt(slot: "0x1") empty: storageAt(slot: "0x99") proof(storageKeys: ["0x1"]) { codeHash storageProof { value } } }
    } } }`);
    expect(res.errors).toBeUndefined();
    const { account: a, contract: k } = res.data.network.evmChain;
    expect(a.now).toBe(String(c.balanceAt(account)));
    expect(a.then).toBe(String(c.balanceAt(account, midBlock)));
    expect(a.nonce).toBe(String(sentUpTo(cHead)));
    expect(a.thenNonce).toBe(String(sentUpTo(midBlock)));
    expect(a.code).toBe('0x');
    expect(a.proof).toMatchObject({
      balance: a.now,
      nonce: a.nonce,
      codeHash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      storageProof: [{ key: '0x0000000000000000000000000000000000000000000000000000000000000000', value: '0', proof: [] }],
    });
    expect(a.proof.accountProof.length).toBeGreaterThan(0);
    expect(k.code).toMatch(/^0x6080604052/);
    expect(k.storageAt).toMatch(/^0x[0-9a-f]{64}$/);
    expect(k.empty).toBe(`0x${'0'.repeat(64)}`);
    expect(BigInt(k.proof.storageProof[0].value)).toBe(BigInt(k.storageAt));
    expect(k.proof.codeHash).not.toBe(a.proof.codeHash);
    expect(h.sandbox.count('batch')).toBe(1);
    const calls = h.bodies('batch')[0] as any[];
    expect(calls.find((x) => x.method === 'eth_getStorageAt').params).toEqual([contract, `0x${'1'.padStart(64, '0')}`, 'latest']);
    expect(
      calls
        .filter((x) => x.method === 'eth_getBalance')
        .map((x) => x.params[1])
        .sort(),
    ).toEqual([`0x${midBlock.toString(16)}`, 'latest']);
  });
});

describe('bad input', () => {
  const cases: [string, string, string][] = [
    ['a block that is no block', `address(address: "${'0x'.padEnd(42, '1')}") { balanceAt(block: "yesterday") }`, 'block'],
    ['a block past int64', `address(address: "${'0x'.padEnd(42, '1')}") { nonce(block: "9223372036854775808") }`, 'block'],
    ['call data that is not hex', 'call(input: { to: "0x1111111111111111111111111111111111111111", data: "0xzz" })', 'input.data'],
    ['call data past the size a transaction may carry', `call(input: { data: "0x${'ab'.repeat(131_073)}" })`, 'input.data'],
    ['a value past 256 bits', `estimateGas(input: { value: "${2n ** 256n}" })`, 'input.value'],
    ['a slot of 33 bytes', `address(address: "${'0x'.padEnd(42, '1')}") { storageAt(slot: "0x${'1'.repeat(65)}") }`, 'slot'],
    [
      '101 storage keys',
      `address(address: "${'0x'.padEnd(42, '1')}") { proof(storageKeys: [${Array(101).fill('"0x1"').join(',')}]) { nonce } }`,
      'storageKeys',
    ],
    ['a fee history of 1025 blocks', 'feeHistory(blockCount: 1025) { oldestBlock }', 'blockCount'],
    ['percentiles out of order', 'feeHistory(blockCount: 2, rewardPercentiles: [50, 10]) { oldestBlock }', 'rewardPercentiles'],
    ['a log range of 2049 blocks', 'logs(filter: { fromBlock: "0", toBlock: "2048" }) { logIndex }', 'filter'],
    ['a log range backwards', 'logs(filter: { fromBlock: "10", toBlock: "9" }) { logIndex }', 'filter.fromBlock'],
    ['a block hash with a range', `logs(filter: { fromBlock: "1", blockHash: "0x${'a'.repeat(64)}" }) { logIndex }`, 'filter.blockHash'],
    ['a topic that is not a hash', 'logs(filter: { fromBlock: "1", toBlock: "2", topic1: ["0x01"] }) { logIndex }', 'filter.topic1'],
    [
      '21 alternatives for a topic',
      `logs(filter: { fromBlock: "1", toBlock: "2", topic0: [${Array(21).fill(`"${TRANSFER_TOPIC}"`).join(',')}] }) { logIndex }`,
      'filter.topic0',
    ],
    ['1001 logs', 'logs(filter: { fromBlock: "1", toBlock: "2" }, first: 1001) { logIndex }', 'first'],
  ];
  it.each(cases)('refuses %s, naming the argument, with no call', async (_name, inner, argument) => {
    const res = await h.raw<any>(CHAIN(43114, inner));
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toContain(`\`${argument}\``);
    // The schema's bound on every list argument speaks first for a list too long.
    if (!res.errors![0]!.message.includes('a list argument of this API')) expect(res.errors![0]!.extensions!.argument).toBe(argument);
    expect(nodeCalls()).toEqual([]);
  });
});

// --- submitting ------------------------------------------------------------------------------------------

const SEND = `mutation($tx: String!, $chain: SafeInt!) { sendEvmTransaction(network: MAINNET, evmChainId: $chain, signedTransaction: $tx) { txHash nonce from { address } chain { evmChainId } status receipt { blockNumber } } }`;
const FOLLOW = `subscription($chain: SafeInt!, $hash: String!, $from: EvmHexAddress!, $nonce: BigInt!) { evmTransactionStatus(evmChainId: $chain, txHash: $hash, from: $from, nonce: $nonce) { txHash status receipt { blockNumber blockHash status gasUsed effectiveGasPrice logs { data } } } }`;

async function throwaway() {
  const key = privateKeyToAccount(generatePrivateKey());
  h.sandbox.node.setKnobs({ evmFunded: [key.address] });
  return key;
}

const recipient = c.accounts[1]!;
const fee = { maxFeePerGas: 50n * 10n ** 9n, maxPriorityFeePerGas: 2n * 10n ** 9n, gas: 21_000n };

describe('signed transactions', () => {
  it('submits a transaction signed with a throwaway key, and follows it until it is mined', async () => {
    const key = await throwaway();
    const raw = await key.signTransaction({
      chainId: 43114,
      nonce: 0,
      to: recipient as `0x${string}`,
      value: 10n ** 18n,
      type: 'eip1559',
      ...fee,
    });
    const sent = await h.raw<any>(SEND, { tx: raw, chain: 43114 });
    expect(sent.errors).toBeUndefined();
    const s = sent.data.sendEvmTransaction;
    expect(s).toMatchObject({ nonce: '0', from: { address: key.address }, chain: { evmChainId: 43114 }, status: 'PENDING', receipt: null });
    expect(h.bodies('eth_sendRawTransaction')).toEqual([{ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }]);

    const sub = await subscribeSse(h.gateway, FOLLOW, { chain: 43114, hash: s.txHash, from: key.address, nonce: '0' });
    try {
      const first = await sub.next();
      expect(first.data.data.evmTransactionStatus).toMatchObject({ txHash: s.txHash, status: 'PENDING', receipt: null });
      h.sandbox.live.advance();
      const mined = await sub.next();
      expect(mined.data.data.evmTransactionStatus).toMatchObject({
        status: 'MINED',
        receipt: { blockNumber: String(cHead + 1), status: 'SUCCESS', gasUsed: '21000', logs: [] },
      });
      const paid = 21_000n * BigInt(mined.data.data.evmTransactionStatus.receipt.effectiveGasPrice);
      // Mined or dropped, the subscription completes.
      expect((await sub.next()).event).toBe('complete');

      const after = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
        me: address(address: "${key.address}") { balanceAt nonce }
        them: address(address: "${recipient}") { balanceAt }
        headBlockNumber
      } } }`);
      expect(after.data.network.evmChain).toEqual({
        me: { balanceAt: String(1000n * 10n ** 18n - 10n ** 18n - paid), nonce: '1' },
        them: { balanceAt: String(c.balanceAt(recipient) + 10n ** 18n) },
        headBlockNumber: String(cHead + 1),
      });

      // Mined, the submission leads to the graph's transaction and its block, read from the node.
      const linked = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) {
        submittedTransaction(txHash: "${s.txHash}", from: "${key.address}", nonce: "0") {
          transaction { txHash blockNumber blockIndex status value nonce from { address } to { address } }
          block { number hash parentHash transactionCount }
        }
      } } }`);
      expect(linked.errors).toBeUndefined();
      const { transaction: tx, block } = linked.data.network.evmChain.submittedTransaction;
      expect(tx).toMatchObject({
        txHash: s.txHash,
        blockNumber: String(cHead + 1),
        blockIndex: 0,
        status: 'SUCCESS',
        value: String(10n ** 18n),
        nonce: '0',
        from: { address: key.address },
        to: { address: toChecksumAddress(recipient) },
      });
      expect(block).toEqual({
        number: String(cHead + 1),
        hash: mined.data.data.evmTransactionStatus.receipt.blockHash,
        parentHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        transactionCount: 1,
      });
      const calls = h.sandbox.log.filter((r) => r.service === 'node').flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]));
      expect(calls).toContainEqual(expect.objectContaining({ method: 'eth_getTransactionByHash', params: [s.txHash] }));
      expect(calls).toContainEqual(expect.objectContaining({ method: 'eth_getBlockByHash', params: [block.hash, false] }));
    } finally {
      await sub.close();
    }
    // Sent again, the node refuses it in its own words.
    const again = await h.raw<any>(SEND, { tx: raw, chain: 43114 });
    expect(codes(again)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(again.errors![0]!.message).toMatch(/already known|nonce too low/);
  });

  it('follows a transaction replaced by one with a higher fee until it is dropped', async () => {
    const key = await throwaway();
    // A replacement raises both fees by 10% at least.
    const sign = (tip: bigint) =>
      key.signTransaction({
        chainId: 43114,
        nonce: 0,
        to: recipient as `0x${string}`,
        value: 1n,
        type: 'eip1559',
        ...fee,
        maxPriorityFeePerGas: tip,
        maxFeePerGas: fee.maxFeePerGas * tip,
      });
    const low = (await h.raw<any>(SEND, { tx: await sign(2n), chain: 43114 })).data.sendEvmTransaction;
    const sub = await subscribeSse(h.gateway, FOLLOW, { chain: 43114, hash: low.txHash, from: key.address, nonce: '0' });
    try {
      expect((await sub.next()).data.data.evmTransactionStatus.status).toBe('PENDING');
      const high = await h.raw<any>(SEND, { tx: await sign(3n), chain: 43114 });
      expect(high.errors).toBeUndefined();
      h.sandbox.live.advance();
      expect((await sub.next()).data.data.evmTransactionStatus).toMatchObject({ status: 'DROPPED', receipt: null });
      expect((await sub.next()).event).toBe('complete');
    } finally {
      await sub.close();
    }
  });

  it('refuses bytes that are not a signed transaction for the chain asked, with no call', async () => {
    const key = privateKeyToAccount(generatePrivateKey());
    const forFuji = await key.signTransaction({ chainId: 43113, nonce: 0, to: recipient as `0x${string}`, type: 'eip1559', ...fee });
    const legacyUnprotected = `0xf85f800182520894${'11'.repeat(20)}80801ba0${'22'.repeat(32)}a0${'33'.repeat(32)}`;
    for (const [tx, words] of [
      [forFuji, /signed for chain id 43113, not for this chain \(43114\)/],
      ['0x02c0', /does not decode/],
      ['0xzz', /0x hex/],
      [`0x${'00'.repeat(131_073)}`, /over 131072 bytes/],
      [legacyUnprotected, /not replay-protected/],
      [`0x03${'00'.repeat(10)}`, /blob transaction/],
    ] as const) {
      const res = await h.raw<any>(SEND, { tx, chain: 43114 });
      expect(codes(res), String(tx).slice(0, 20)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toMatch(words);
    }
    expect(nodeCalls()).toEqual([]);
  });

  it("passes on the node's refusal of what only the chain's state decides: an account without funds", async () => {
    const key = privateKeyToAccount(generatePrivateKey());
    const raw = await key.signTransaction({ chainId: 43114, nonce: 0, to: recipient as `0x${string}`, value: 1n, type: 'eip1559', ...fee });
    const res = await h.raw<any>(SEND, { tx: raw, chain: 43114 });
    expect(codes(res)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(res.errors![0]!.extensions).toMatchObject({ upstream: { operation: 'eth_sendRawTransaction', rpcCode: -32000 } });
    expect(res.errors![0]!.message).toMatch(/insufficient funds for gas \* price \+ value/);
    expect(h.sandbox.count('eth_sendRawTransaction')).toBe(1);
  });

  it('submits to a Subnet-EVM chain too, found through the chain catalog', async () => {
    const key = await throwaway();
    const raw = await key.signTransaction({
      chainId: Number(subnet.chainId),
      nonce: 0,
      to: recipient as `0x${string}`,
      value: 5n,
      type: 'eip1559',
      ...fee,
      maxFeePerGas: 10n ** 12n,
    });
    const res = await h.raw<any>(SEND, { tx: raw, chain: Number(subnet.chainId) });
    expect(res.errors).toBeUndefined();
    expect(
      nodeCalls()
        .filter((r) => r.path.endsWith('/rpc'))
        .map((r) => r.path),
    ).toContain(`/mainnet/ext/bc/${subnetChainId}/rpc`);
  });
});
