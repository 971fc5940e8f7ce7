/**
 * Signature aggregation: the query by transaction hash, the mutation, and each rule of the
 * input as its own failing case, refused before any call.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cb58Encode } from '../../src/base/ids.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');
const MESSAGE = `0x${'00'.repeat(8)}${'ab'.repeat(40)}`;
const SUBNET_CB58 = world.subnets.find((s) => s.isL1)!.subnetId;

const M = `mutation($input: AggregateSignaturesInput!, $network: NetworkName! = MAINNET) {
  aggregateSignatures(network: $network, input: $input) { signedMessage }
}`;

describe('aggregatedSignature (query)', () => {
  it('answers the signed Warp message of a P-Chain L1 transaction, null for an unknown one', async () => {
    const l1Tx = world.transactions.p.find((t) => t.txType === 'RegisterL1ValidatorTx')!;
    const unknown = cb58Encode(createHash('sha256').update('no such transaction').digest());
    const res = await h.raw<{ network: { known: { signedMessage: string }; unknown: null } }>(`{ network {
      known: aggregatedSignature(txHash: "${l1Tx.txHash}") { signedMessage }
      unknown: aggregatedSignature(txHash: "${unknown}") { signedMessage }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.network.known.signedMessage).toMatch(/^[0-9a-f]+$/);
    expect(res.data!.network.unknown).toBeNull();
  });

  it('passes the upstream refusal of a transaction without a Warp message through', async () => {
    const base = world.transactions.p.find((t) => t.txType === 'BaseTx')!;
    const res = await h.raw(`{ network { aggregatedSignature(txHash: "${base.txHash}") { signedMessage } } }`);
    expect(codes(res)).toEqual(['UPSTREAM_BAD_REQUEST']);
    expect(res.errors![0]!.message).toMatch(/is not a P-Chain L1 transaction with a Warp message/);
  });
});

describe('aggregateSignatures (mutation)', () => {
  it("sends the input with the spec's defaults and answers the signed message (201)", async () => {
    const res = await h.raw<{ aggregateSignatures: { signedMessage: string } }>(M, {
      input: { message: MESSAGE, signingSubnetId: SUBNET_CB58 },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.aggregateSignatures.signedMessage.startsWith(MESSAGE.slice(2))).toBe(true);
    expect(h.sandbox.log[0]).toMatchObject({
      method: 'POST',
      path: '/v1/signatureAggregator/mainnet/aggregateSignatures',
      status: 201,
      body: { message: MESSAGE, signingSubnetId: SUBNET_CB58, quorumPercentage: 67, quorumPercentageBuffer: 0, pChainHeight: 0 },
    });
  });

  it('accepts a justification alone, a hex subnet id, and the Fuji network', async () => {
    const res = await h.raw(M, {
      network: 'FUJI',
      input: {
        justification: 'beef',
        signingSubnetId: `0x${'11'.repeat(32)}`,
        quorumPercentage: 80,
        quorumPercentageBuffer: 20,
        pChainHeight: 1234,
      },
    });
    expect(res.errors).toBeUndefined();
    expect(h.sandbox.log[0]!.path).toBe('/v1/signatureAggregator/fuji/aggregateSignatures');
  });

  it('is not retried: a POST is not idempotent', async () => {
    h.sandbox.fail({ operation: 'aggregateSignatures', kind: 'status', status: 503, times: -1 });
    const res = await h.raw(M, { input: { message: MESSAGE } });
    expect(codes(res)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(h.sandbox.count('aggregateSignatures')).toBe(1);
  });

  it.each([
    ['neither message nor justification', {}, 'input.message', /Give `input.message`, `input.justification`, or both/],
    ['a message that is not hex', { message: 'hello' }, 'input.message', /`input.message` must be hex-encoded bytes/],
    ['a message of an odd number of hex digits', { message: '0xabc' }, 'input.message', /`input.message` must be hex-encoded bytes/],
    ['an empty message', { message: '0x' }, 'input.message', /`input.message` must be hex-encoded bytes/],
    ['a justification that is not hex', { justification: 'zz' }, 'input.justification', /`input.justification` must be hex-encoded bytes/],
    [
      'a subnet id neither hex nor cb58',
      { message: MESSAGE, signingSubnetId: 'subnet-1' },
      'input.signingSubnetId',
      /must be a 32-byte subnet id, 64 hex digits \(optionally 0x-prefixed\) or cb58/,
    ],
    [
      'a subnet id of the wrong length',
      { message: MESSAGE, signingSubnetId: `0x${'11'.repeat(20)}` },
      'input.signingSubnetId',
      /must be a 32-byte subnet id/,
    ],
    [
      'a quorum above 100',
      { message: MESSAGE, quorumPercentage: 101 },
      'input.quorumPercentage',
      /`input.quorumPercentage` must be from 0 to 100 \(got 101\)/,
    ],
    ['a negative quorum', { message: MESSAGE, quorumPercentage: -1 }, 'input.quorumPercentage', /must be from 0 to 100 \(got -1\)/],
    [
      'a buffer above 100',
      { message: MESSAGE, quorumPercentage: 0, quorumPercentageBuffer: 101 },
      'input.quorumPercentageBuffer',
      /`input.quorumPercentageBuffer` must be from 0 to 100/,
    ],
    [
      'a negative buffer',
      { message: MESSAGE, quorumPercentageBuffer: -5 },
      'input.quorumPercentageBuffer',
      /must be from 0 to 100 \(got -5\)/,
    ],
    [
      'quorum and buffer above 100 together',
      { message: MESSAGE, quorumPercentage: 67, quorumPercentageBuffer: 34 },
      'input.quorumPercentageBuffer',
      /must be at most 100 \(got 67 \+ 34 = 101\)/,
    ],
    [
      'the default quorum with too large a buffer',
      { message: MESSAGE, quorumPercentageBuffer: 40 },
      'input.quorumPercentageBuffer',
      /\(got 67 \+ 40 = 107\)/,
    ],
    ['a negative P-Chain height', { message: MESSAGE, pChainHeight: -1 }, 'input.pChainHeight', /`input.pChainHeight` must be 0 or more/],
  ])('refuses %s, naming the field', async (_name, input, argument, message) => {
    const res = await h.raw(M, { input });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.extensions).toMatchObject({ argument });
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it('refuses a quorum that is not an integer through the schema', async () => {
    const res = await h.raw(M, { input: { message: MESSAGE, quorumPercentage: 66.5 } });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.count()).toBe(0);
  });
});
