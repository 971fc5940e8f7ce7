/**
 * Staking, subnet and L1 transactions through `submitSignedTransaction`: bytes the node would
 * refuse (cut short, or breaking a rule its syntactic checks hold) are refused with BAD_USER_INPUT
 * saying where and what, before any call; whole ones of every type reach platform.issueTx.
 */
import { createHash } from 'node:crypto';
import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import { encodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { cb58Encode, PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import { codes, useHarness } from '../helpers/harness.js';

const { Address, avaxSerial, BigIntPr, Credential, Id, Input, Int, NodeId, OutputOwners, pvmSerial, Signature } = avalanchejs as any;

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const SUBMIT = `mutation($tx: String!) { submitSignedTransaction(network: MAINNET, chain: P_CHAIN, signedTx: $tx) { txId type } }`;
const nodeCalls = () => h.sandbox.log.filter((r) => r.service === 'node');

const fill = (n: number, length: number) => new Uint8Array(length).fill(n);
const base = () => avaxSerial.BaseTx.fromNative(1, PRIMARY_CHAIN_IDS.mainnet.p, [], [], new Uint8Array());
const subnetValidator = () =>
  new pvmSerial.SubnetValidator(
    new pvmSerial.Validator(new NodeId(fill(8, 20)), new BigIntPr(100n), new BigIntPr(200n), new BigIntPr(5n)),
    new Id(fill(12, 32)),
  );
const signed = (unsigned: any) => new avaxSerial.SignedTx(unsigned, [new Credential([new Signature(fill(1, 65))])]).toBytes() as Uint8Array;

describe('staking and subnet transactions through the graph', () => {
  it('submits a whole AddSubnetValidatorTx to platform.issueTx and answers its id', async () => {
    const bytes = signed(new pvmSerial.AddSubnetValidatorTx(base(), subnetValidator(), new Input([new Int(0)])));
    const res = await h.raw<any>(SUBMIT, { tx: encodeHexWithChecksum(bytes) });
    // It spends nothing; its one credential is the subnet authorization's (the sandbox node counts it, and does not check subnet owners' signatures).
    expect(res.errors).toBeUndefined();
    expect(res.data.submitSignedTransaction).toEqual({
      txId: cb58Encode(createHash('sha256').update(bytes).digest()),
      type: 'AddSubnetValidatorTx',
    });
    expect(h.bodies('platform.issueTx')).toHaveLength(1);
  });

  it('refuses a cut-short staking transaction and a broken rule with BAD_USER_INPUT, before any call', async () => {
    const whole = signed(new pvmSerial.AddSubnetValidatorTx(base(), subnetValidator(), new Input([new Int(0)])));
    const cut = await h.raw<any>(SUBMIT, { tx: encodeHexWithChecksum(whole.subarray(0, whole.length - 70)) });
    expect(codes(cut)).toEqual(['BAD_USER_INPUT']);
    expect(cut.errors![0]!.message).toMatch(/not a signed P-Chain transaction: the bytes end at byte \d+ where/);
    const unmeetable = new OutputOwners(new BigIntPr(0n), new Int(3), [new Address(fill(3, 20))]);
    const broken = await h.raw<any>(SUBMIT, { tx: encodeHexWithChecksum(signed(new pvmSerial.CreateSubnetTx(base(), unmeetable))) });
    expect(codes(broken)).toEqual(['BAD_USER_INPUT']);
    expect(broken.errors![0]!.message).toMatch(/the subnet's owner needs 3 signatures of 1 addresses: no one could spend it/);
    expect(nodeCalls()).toEqual([]);
  });
});
