/**
 * Signed transactions through the graph: real ones, signed with avalanchejs by the sandbox's wallet,
 * checked locally, submitted to the sandbox node (avm.issueTx, platform.issueTx, avax.issueTx) and
 * followed to acceptance by a field and by the subscription; bad bytes refused before any call;
 * the node's own refusals (a double spend, a wrong signature) with its words.
 */
import { describe, expect, it } from 'vitest';
import { parseSignedTx } from '../../src/base/signed-tx.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';
import { signedBaseTx, signedCImport, untilDecided, walletUtxos } from '../helpers/signed-tx.js';

const h = useHarness({ UPSTREAM_RETRIES: '0', LIVE_POLL_TRANSACTIONS_MS: '250' });
const world = getWorld('mainnet');

const SUBMIT = `mutation($chain: PrimaryNetworkChain!, $tx: String!, $encoding: SignedTxEncoding! = HEX, $network: NetworkName! = MAINNET) {
  submitSignedTransaction(network: $network, chain: $chain, signedTx: $tx, encoding: $encoding) { txId chain type size status { status nodeStatus decided } }
}`;

const nodeCalls = () => h.sandbox.log.filter((r) => r.service === 'node');

describe('submitSignedTransaction', () => {
  it('submits a signed X-Chain BaseTx, answers its id, and follows it from Processing to Accepted', async () => {
    const tx = await signedBaseTx('mainnet', 'X');
    const res = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: tx.hex });
    expect(res.errors).toBeUndefined();
    expect(res.data.submitSignedTransaction).toEqual({
      txId: tx.id,
      chain: 'X_CHAIN',
      type: 'BaseTx',
      size: tx.bytes.length,
      status: { status: 'PROCESSING', nodeStatus: 'Processing', decided: false },
    });
    const [issue] = h.bodies('avm.issueTx');
    expect(issue.params).toEqual({ tx: tx.hex, encoding: 'hex' });
    expect(h.sandbox.log.find((r) => r.operation === 'avm.issueTx')!.path).toBe('/mainnet/ext/bc/X');
    expect(await untilDecided(h, 'X_CHAIN', tx.id)).toEqual({
      status: 'ACCEPTED',
      nodeStatus: 'Accepted',
      decided: true,
      blockHeight: null,
    });
  });

  it('submits a P-Chain BaseTx (Committed) and a C-Chain atomic import (Accepted at a height)', async () => {
    const p = await signedBaseTx('mainnet', 'P');
    const pRes = await h.raw<any>(SUBMIT, { chain: 'P_CHAIN', tx: p.hex });
    expect(pRes.errors).toBeUndefined();
    expect(pRes.data.submitSignedTransaction).toMatchObject({ txId: p.id, type: 'BaseTx' });
    expect(h.bodies('platform.issueTx')[0].params).toEqual({ tx: p.hex, encoding: 'hex' });
    expect(await untilDecided(h, 'P_CHAIN', p.id)).toMatchObject({ status: 'ACCEPTED', nodeStatus: 'Committed' });

    const c = await signedCImport('mainnet');
    const cRes = await h.raw<any>(SUBMIT, { chain: 'C_CHAIN', tx: c.hex });
    expect(cRes.errors).toBeUndefined();
    expect(cRes.data.submitSignedTransaction).toMatchObject({ txId: c.id, type: 'ImportTx', chain: 'C_CHAIN' });
    expect(h.sandbox.log.find((r) => r.operation === 'avax.issueTx')!.path).toBe('/mainnet/ext/bc/C/avax');
    const decided = await untilDecided(h, 'C_CHAIN', c.id);
    expect(decided).toMatchObject({ status: 'ACCEPTED', nodeStatus: 'Accepted' });
    expect(Number(decided.blockHeight)).toBeGreaterThan(0);
  });

  it('takes CB58 as well, and sends the node hex', async () => {
    const tx = await signedBaseTx('fuji', 'X');
    const { base58 } = await import('@scure/base');
    const { createHash } = await import('node:crypto');
    const sum = createHash('sha256').update(tx.bytes).digest().subarray(28);
    const cb58 = base58.encode(Buffer.concat([tx.bytes, sum]));
    const res = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: cb58, encoding: 'CB58', network: 'FUJI' });
    expect(res.errors).toBeUndefined();
    expect(res.data.submitSignedTransaction.txId).toBe(tx.id);
    expect(h.bodies('avm.issueTx')[0].params.tx).toBe(tx.hex);
  });

  it("the node's refusals: a double spend, a wrong signature, a UTXO it does not have", async () => {
    const utxo = walletUtxos('mainnet', 'x')[1]!;
    const first = await signedBaseTx('mainnet', 'X', { utxo, memo: 'first' });
    const second = await signedBaseTx('mainnet', 'X', { utxo, memo: 'second' });
    expect((await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: first.hex })).errors).toBeUndefined();
    // The same bytes again: the same id, as the node answers for a transaction it has.
    expect((await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: first.hex })).data.submitSignedTransaction.txId).toBe(first.id);
    const conflict = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: second.hex });
    expect(codes(conflict)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(conflict.errors![0]!.message).toContain(`tx conflicts with other tx: ${first.id}`);

    const forged = await signedBaseTx('mainnet', 'X', { utxo: walletUtxos('mainnet', 'x')[2]!, privateKey: '11'.repeat(32) });
    const wrong = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: forged.hex });
    expect(codes(wrong)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(wrong.errors![0]!.message).toContain('wrong signature');

    // A UTXO of someone else's on the P-Chain, as if it were the wallet's.
    const other = world.utxos.get(world.chainIds.p)!.find((u) => u.owners.length === 1 && u.threshold === 1)!;
    const stolen = await signedBaseTx('mainnet', 'P', { utxo: { ...other, owners: walletUtxos('mainnet', 'p')[0]!.owners } });
    const refused = await h.raw<any>(SUBMIT, { chain: 'P_CHAIN', tx: stolen.hex });
    expect(codes(refused)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(refused.errors![0]!.message).toContain("couldn't issue tx: wrong signature");
  });

  it('refuses bytes that are not a signed transaction of the chain and network asked, before calling the node', async () => {
    const x = await signedBaseTx('mainnet', 'X');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ chain: 'X_CHAIN', tx: 'nothex' }, /not hex with its 4-byte checksum/],
      [{ chain: 'X_CHAIN', tx: `${x.hex.slice(0, -2)}00` }, /checksum mismatch/],
      [{ chain: 'X_CHAIN', tx: 'l0l', encoding: 'CB58' }, /no base58 digit/],
      // X-Chain bytes sent as a P-Chain transaction: type id 0 is no P-Chain transaction.
      [{ chain: 'P_CHAIN', tx: x.hex }, /not a signed P-Chain transaction: type id 0/],
      [{ chain: 'X_CHAIN', tx: x.hex, network: 'FUJI' }, /signed for network id 1, not fuji \(5\)/],
      [{ chain: 'X_CHAIN', tx: (await signedBaseTx('mainnet', 'X', { blockchainId: world.chainIds.c })).hex }, /names blockchain/],
      [{ chain: 'X_CHAIN', tx: `0x${'00'.repeat(70 * 1024)}` }, /at most/],
    ];
    for (const [variables, message] of cases) {
      const res = await h.raw<any>(SUBMIT, variables);
      expect(codes(res), JSON.stringify(variables).slice(0, 80)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toMatch(message);
    }
    // Cut short: where it ends and what belonged there.
    const cut = await h.raw<any>(SUBMIT, {
      chain: 'X_CHAIN',
      tx: (await import('../../src/base/avax-codec.js')).encodeHexWithChecksum(x.bytes.subarray(0, 60)),
    });
    expect(cut.errors![0]!.message).toMatch(/the bytes end at byte 60 where/);
    expect(nodeCalls()).toEqual([]);
  });

  it('is refused with the reason when the node does not serve the chain', async () => {
    const tx = await signedBaseTx('mainnet', 'X');
    h.sandbox.fail({ operation: 'avm.issueTx', kind: 'status', status: 404 });
    const res = await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: tx.hex });
    expect(codes(res)).toEqual(['NODE_API_UNAVAILABLE']);
    // Never retried: a retried issue could be a second one.
    expect(h.sandbox.log.filter((r) => r.operation === 'avm.issueTx')).toHaveLength(1);
  });

  it('the parser reads what avalanchejs signs, credentials included', async () => {
    const tx = parseSignedTx((await signedBaseTx('mainnet', 'P')).bytes, 'P');
    expect(tx).toMatchObject({ type: 'BaseTx', complete: true, networkId: 1, blockchainId: world.chainIds.p });
    expect(tx.credentials).toHaveLength(1);
    expect(tx.credentials![0]![0]).toHaveLength(65);
  });
});

describe('the signedTransactionStatus subscription', () => {
  it('sends the status, then its change, and completes once accepted', async () => {
    h.sandbox.node.acceptAfterMs = 600;
    const tx = await signedBaseTx('mainnet', 'X');
    expect((await h.raw<any>(SUBMIT, { chain: 'X_CHAIN', tx: tx.hex })).errors).toBeUndefined();
    const res = await fetch(h.served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: `subscription($txId: CB58Id!) { signedTransactionStatus(network: MAINNET, chain: X_CHAIN, txId: $txId) { txId status nodeStatus } }`,
        variables: { txId: tx.id },
      }),
    });
    const text = await res.text();
    const events = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]!)).filter((e) => e.data);
    expect(events.map((e) => e.data.signedTransactionStatus.status)).toEqual(['PROCESSING', 'ACCEPTED']);
    expect(events[0].data.signedTransactionStatus.txId).toBe(tx.id);
    expect(h.sandbox.log.filter((r) => r.operation === 'avm.getTxStatus').length).toBeGreaterThanOrEqual(2);
  }, 20_000);
});
