/**
 * Every transaction type the P- and X-Chain take through their APIs, read whole from bytes another
 * encoder wrote: avalanchejs (the SDK wallets build with) for each type it can build, and
 * avalanchego's own test vectors (./fixtures/avalanchego-tx-vectors.json, extracted verbatim from
 * vms/platformvm/txs/*_test.go at the commit it names) as a second, independent layout check.
 * Then hostile bytes: every truncation, a byte too many, oversized, a broken rule the node checks,
 * and random strings, each refused with a SignedTxError saying where and what, never a crash.
 */
import { readFileSync } from 'node:fs';
import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381';
import { describe, expect, it } from 'vitest';
import { cb58Encode } from '../../src/base/ids.js';
import { MAX_SIGNED_TX_BYTES, parseSignedTx, SignedTxError, type SignedTx, type SignedTxChain } from '../../src/base/signed-tx.js';

// avalanchejs's declarations re-export without file extensions, which NodeNext resolution does not follow.
const {
  Address,
  avaxSerial,
  avmSerial,
  BigIntPr,
  Byte,
  Bytes,
  Credential,
  Id,
  Input,
  Int,
  L1Validator,
  NodeId,
  OutputOwners,
  PChainOwner,
  pvmSerial,
  Signature,
  Stringpr,
  TransferableInput,
  TransferableOutput,
  TransferInput,
  TransferOutput,
  BlsSignature,
  bls,
} = avalanchejs as any;

const fill = (n: number, length: number) => new Uint8Array(length).fill(n);
/** A real BLS key and signatures (avalanchejs checks the points it is given). */
const BLS_KEY = fill(7, 32);
const BLS_PUBLIC: Uint8Array = bls12_381.getPublicKey(BLS_KEY);
const BLS_SIGNATURE: Uint8Array = bls12_381.sign(new TextEncoder().encode('message'), BLS_KEY);
const BLS_POP: Uint8Array = bls.signProofOfPossession(BLS_PUBLIC, bls.secretKeyFromBytes(BLS_KEY));
const id = (n: number) => new Id(fill(n, 32));
const cb58 = (n: number, length = 32) => cb58Encode(fill(n, length));
const owners = (n = 3) => new OutputOwners(new BigIntPr(0n), new Int(1), [new Address(fill(n, 20))]);
const out = (amount: bigint) => new TransferableOutput(id(9), new TransferOutput(new BigIntPr(amount), owners()));
const inp = (n: number) =>
  new TransferableInput(new avaxSerial.UTXOID(id(n), new Int(0)), id(9), new TransferInput(new BigIntPr(5_000n), new Input([new Int(0)])));
const base = (memo = 'memo') => avaxSerial.BaseTx.fromNative(5, cb58(1), [], [], new TextEncoder().encode(memo));
const baseWith = () => new avaxSerial.BaseTx(new Int(5), id(1), [out(7n)], [inp(4), inp(6)], new Bytes(new TextEncoder().encode('hi')));
const auth = () => new Input([new Int(0), new Int(2)]);
const validator = () => new pvmSerial.Validator(new NodeId(fill(8, 20)), new BigIntPr(100n), new BigIntPr(200n), new BigIntPr(2_000n));
const subnetValidator = () => new pvmSerial.SubnetValidator(validator(), id(12));
const pop = () => new pvmSerial.ProofOfPossession(BLS_PUBLIC, BLS_POP);
const pOwner = () => new PChainOwner(new Int(1), [new Address(fill(5, 20))]);

/** Signs nothing: each credential holds one made-up signature (parsing does not check signatures; the node does). */
function signed(unsigned: any, credentials: number): Uint8Array {
  if (avmSerial.isCreateAssetTx(unsigned)) {
    // avalanchejs's SignedTx cannot tell a CreateAssetTx's VM ("unknown VM"): its codec packs the unsigned bytes, no credentials follow.
    expect(credentials).toBe(0);
    return Buffer.concat([avmSerial.getAVMManager().packCodec(unsigned), Buffer.alloc(4)]);
  }
  const creds = Array.from({ length: credentials }, () => new Credential([new Signature(fill(1, 65))]));
  return new avaxSerial.SignedTx(unsigned, creds).toBytes();
}

const NODE = `NodeID-${cb58(8, 20)}`;
const VALIDATOR = { nodeId: NODE, start: 100n, end: 200n, weight: 2_000n };

/** Each type: how avalanchejs builds it, how many credentials it carries, and what the parse must read from it. */
const P_TYPES: [string, () => any, number, (tx: SignedTx) => void][] = [
  ['BaseTx', () => new pvmSerial.BaseTx(baseWith()), 2, (tx) => expect(tx.body).toEqual({})],
  [
    'AddValidatorTx',
    () => new pvmSerial.AddValidatorTx(base(), validator(), [out(2_000n)], owners(), new Int(20_000)),
    0,
    (tx) => {
      expect(tx.body.validator).toEqual(VALIDATOR);
      expect(tx.body.stake!.map((o) => o.amount)).toEqual([2_000n]);
      expect(tx.body.rewardsOwner!.addresses).toEqual([Buffer.from(fill(3, 20))]);
      expect(tx.body.shares).toBe(20_000);
    },
  ],
  [
    'AddDelegatorTx',
    () => new pvmSerial.AddDelegatorTx(base(), validator(), [out(25n)], owners(4)),
    0,
    (tx) => {
      expect(tx.body.validator).toEqual(VALIDATOR);
      expect(tx.body.rewardsOwner!.addresses).toEqual([Buffer.from(fill(4, 20))]);
    },
  ],
  [
    'AddPermissionlessValidatorTx',
    () =>
      new pvmSerial.AddPermissionlessValidatorTx(
        base(),
        subnetValidator(),
        new pvmSerial.Signer(pop()),
        [out(2_000n)],
        owners(3),
        owners(4),
        new Int(30_000),
      ),
    0,
    (tx) => {
      expect(tx.body.validator).toEqual(VALIDATOR);
      expect(tx.body.subnetId).toBe(cb58(12));
      expect(tx.body.signer).toEqual({ publicKey: Buffer.from(BLS_PUBLIC), proofOfPossession: Buffer.from(BLS_POP) });
      expect(tx.body.delegatorRewardsOwner!.addresses).toEqual([Buffer.from(fill(4, 20))]);
      expect(tx.body.shares).toBe(30_000);
    },
  ],
  [
    'AddPermissionlessDelegatorTx',
    () => new pvmSerial.AddPermissionlessDelegatorTx(base(), subnetValidator(), [out(30n)], owners()),
    0,
    (tx) => {
      expect(tx.body.subnetId).toBe(cb58(12));
      expect(tx.body.stake!.map((o) => o.amount)).toEqual([30n]);
    },
  ],
  [
    'AddSubnetValidatorTx',
    () => new pvmSerial.AddSubnetValidatorTx(base(), subnetValidator(), auth()),
    1,
    (tx) => {
      expect(tx.body.validator).toEqual(VALIDATOR);
      expect(tx.authorizations).toEqual([[0, 2]]);
    },
  ],
  [
    'CreateChainTx',
    () =>
      new pvmSerial.CreateChainTx(
        base(),
        id(12),
        new Stringpr('my chain'),
        id(13),
        [id(14), id(15)],
        new Bytes(new TextEncoder().encode('{"config":{}}')),
        auth(),
      ),
    1,
    (tx) => {
      expect(tx.body).toMatchObject({ subnetId: cb58(12), chainName: 'my chain', vmId: cb58(13), fxIds: [cb58(14), cb58(15)] });
      expect(Buffer.from(tx.body.genesisData!).toString()).toBe('{"config":{}}');
      expect(tx.authorizations).toEqual([[0, 2]]);
    },
  ],
  ['CreateSubnetTx', () => new pvmSerial.CreateSubnetTx(base(), owners(6)), 0, (tx) => expect(tx.body.owner!.threshold).toBe(1)],
  [
    'RemoveSubnetValidatorTx',
    () => new pvmSerial.RemoveSubnetValidatorTx(base(), new NodeId(fill(8, 20)), id(12), auth()),
    1,
    (tx) => expect(tx.body).toMatchObject({ nodeId: NODE, subnetId: cb58(12) }),
  ],
  [
    'TransformSubnetTx',
    () =>
      new pvmSerial.TransformSubnetTx(
        base(),
        id(12),
        id(16),
        ...[1n, 2n, 3n, 4n, 5n, 6n].map((n) => new BigIntPr(n)),
        new Int(7),
        new Int(8),
        new Int(9),
        new BigIntPr(10n),
        new Byte(fill(11, 1)),
        new Int(12),
        auth(),
      ),
    1,
    (tx) =>
      expect(tx.body.transform).toEqual({
        assetId: cb58(16),
        initialSupply: 1n,
        maximumSupply: 2n,
        minConsumptionRate: 3n,
        maxConsumptionRate: 4n,
        minValidatorStake: 5n,
        maxValidatorStake: 6n,
        minStakeDuration: 7,
        maxStakeDuration: 8,
        minDelegationFee: 9,
        minDelegatorStake: 10n,
        maxValidatorWeightFactor: 11,
        uptimeRequirement: 12,
      }),
  ],
  [
    'TransferSubnetOwnershipTx',
    () => new pvmSerial.TransferSubnetOwnershipTx(base(), id(12), auth(), owners(7)),
    1,
    (tx) => expect(tx.body.owner!.addresses).toEqual([Buffer.from(fill(7, 20))]),
  ],
  [
    'ConvertSubnetToL1Tx',
    () =>
      new pvmSerial.ConvertSubnetToL1Tx(
        base(),
        id(12),
        id(17),
        new Bytes(fill(0xee, 20)),
        [new L1Validator(new Bytes(fill(8, 20)), new BigIntPr(10n), new BigIntPr(11n), pop(), pOwner(), pOwner())],
        auth(),
      ),
    1,
    (tx) => {
      expect(tx.body).toMatchObject({ subnetId: cb58(12), chainId: cb58(17), managerAddress: Buffer.from(fill(0xee, 20)) });
      expect(tx.body.l1Validators).toEqual([
        {
          nodeId: Buffer.from(fill(8, 20)),
          weight: 10n,
          balance: 11n,
          signer: { publicKey: Buffer.from(BLS_PUBLIC), proofOfPossession: Buffer.from(BLS_POP) },
          remainingBalanceOwner: { threshold: 1, addresses: [Buffer.from(fill(5, 20))] },
          deactivationOwner: { threshold: 1, addresses: [Buffer.from(fill(5, 20))] },
        },
      ]);
    },
  ],
  [
    'RegisterL1ValidatorTx',
    () =>
      new pvmSerial.RegisterL1ValidatorTx(
        base(),
        new BigIntPr(99n),
        BlsSignature.fromSignatureBytes(BLS_SIGNATURE),
        new Bytes(fill(0x42, 30)),
      ),
    0,
    (tx) => {
      expect(tx.body.balance).toBe(99n);
      expect(tx.body.proofOfPossession).toEqual(Buffer.from(BLS_SIGNATURE));
      expect(tx.body.message).toEqual(Buffer.from(fill(0x42, 30)));
    },
  ],
  [
    'SetL1ValidatorWeightTx',
    () => new pvmSerial.SetL1ValidatorWeightTx(base(), new Bytes(fill(0x43, 12))),
    0,
    (tx) => expect(tx.body.message).toEqual(Buffer.from(fill(0x43, 12))),
  ],
  [
    'IncreaseL1ValidatorBalanceTx',
    () => new pvmSerial.IncreaseL1ValidatorBalanceTx(base(), id(18), new BigIntPr(77n)),
    0,
    (tx) => expect(tx.body).toEqual({ validationId: cb58(18), balance: 77n }),
  ],
  [
    'DisableL1ValidatorTx',
    () => new pvmSerial.DisableL1ValidatorTx(base(), id(18), auth()),
    1,
    (tx) => {
      expect(tx.body).toEqual({ validationId: cb58(18) });
      expect(tx.authorizations).toEqual([[0, 2]]);
    },
  ],
  [
    'ImportTx',
    () => new pvmSerial.ImportTx(base(), id(19), [inp(20)]),
    1,
    (tx) => {
      expect(tx.sourceChain).toBe(cb58(19));
      expect(tx.spends).toEqual([
        { txId: cb58(20), outputIndex: 0, assetId: cb58(9), amount: 5_000n, signatureIndices: [0], imported: true },
      ]);
    },
  ],
  [
    'ExportTx',
    () => new pvmSerial.ExportTx(base(), id(19), [out(8n)]),
    0,
    (tx) => {
      expect(tx.destinationChain).toBe(cb58(19));
      expect(tx.outputs.map((o) => [o.amount, o.exported])).toEqual([[8n, true]]);
    },
  ],
];

const X_TYPES: [string, () => any, number, (tx: SignedTx) => void][] = [
  ['BaseTx', () => new avmSerial.BaseTx(baseWith()), 2, (tx) => expect(tx.spends.map((s) => s.txId)).toEqual([cb58(4), cb58(6)])],
  [
    'CreateAssetTx',
    () =>
      new avmSerial.CreateAssetTx(base(), new Stringpr('Token'), new Stringpr('TOK'), new Byte(fill(9, 1)), [
        new avmSerial.InitialState(new Int(0), [new TransferOutput(new BigIntPr(1_000n), owners())]),
      ]),
    0,
    (tx) => {
      expect(tx.body).toMatchObject({ name: 'Token', symbol: 'TOK', denomination: 9 });
      expect(tx.body.initialStates!.map((s) => [s.fxIndex, s.outputs.map((o) => o.amount)])).toEqual([[0, [1_000n]]]);
    },
  ],
  ['ImportTx', () => new avmSerial.ImportTx(base(), id(19), [inp(20)]), 1, (tx) => expect(tx.sourceChain).toBe(cb58(19))],
  ['ExportTx', () => new avmSerial.ExportTx(base(), id(19), [out(8n)]), 0, (tx) => expect(tx.destinationChain).toBe(cb58(19))],
];

/**
 * An X-Chain OperationTx minting with secp256k1fx (avalanchejs does not export its TransferableOp),
 * written by hand in avalanchego's layout: BaseTx, then operations (asset, UTXO ids, type id 8, the
 * mint input's signature indices, the mint output's owners, the transfer output's amount and owners).
 */
function operationTxBytes(): Uint8Array {
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const u64 = (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(n);
    return b;
  };
  const ownersBytes = (n: number) => Buffer.concat([u64(0n), u32(1), u32(1), fill(n, 20)]);
  return Buffer.concat([
    Buffer.from([0, 0]),
    u32(2),
    u32(5),
    fill(1, 32),
    u32(0), // outputs
    u32(0), // inputs
    u32(0), // memo
    u32(1), // operations
    fill(21, 32),
    u32(1),
    fill(22, 32),
    u32(3),
    u32(8),
    u32(1),
    u32(0),
    ownersBytes(3),
    u64(500n),
    ownersBytes(4),
    u32(1), // credentials
    u32(9),
    u32(1),
    fill(1, 65),
  ]);
}

describe('every P- and X-Chain transaction type, built by avalanchejs, read whole', () => {
  const cases = [...P_TYPES.map((t) => ['P', ...t] as const), ...X_TYPES.map((t) => ['X', ...t] as const)];
  it.each(cases)('%s-Chain %s', (chain, type, build, credentials, check) => {
    const bytes = signed(build(), credentials);
    const tx = parseSignedTx(bytes, chain);
    expect([tx.type, tx.complete, tx.networkId, tx.blockchainId]).toEqual([type, true, 5, cb58(1)]);
    expect(tx.credentials).toHaveLength(credentials);
    expect(tx.unsignedBytes!.length).toBe(bytes.length - 4 - credentials * (4 + 4 + 65));
    check(tx);
  });

  it('X-Chain OperationTx (a secp256k1fx mint), written in avalanchego layout', () => {
    const tx = parseSignedTx(operationTxBytes(), 'X');
    expect(tx.type).toBe('OperationTx');
    expect(tx.body.operations).toEqual([
      {
        assetId: cb58(21),
        utxos: [{ txId: cb58(22), outputIndex: 3 }],
        typeId: 8,
        type: 'secp256k1fx.MintOperation',
        signatureIndices: [0],
        outputs: [
          { assetId: cb58(21), typeId: 6, locktime: 0n, threshold: 1, addresses: [Buffer.from(fill(3, 20))], exported: false },
          {
            assetId: cb58(21),
            typeId: 7,
            amount: 500n,
            locktime: 0n,
            threshold: 1,
            addresses: [Buffer.from(fill(4, 20))],
            exported: false,
          },
        ],
      },
    ]);
    expect(tx.authorizations).toEqual([[0]]);
  });
});

describe("avalanchego's own test vectors", () => {
  const { source, vectors } = JSON.parse(readFileSync(new URL('./fixtures/avalanchego-tx-vectors.json', import.meta.url), 'utf8')) as {
    source: string;
    vectors: { file: string; name: string; chain: SignedTxChain; hex: string }[];
  };
  it('come from one avalanchego commit and cover every P-Chain type they have vectors for', () => {
    expect(source).toMatch(/^github\.com\/ava-labs\/avalanchego@[0-9a-f]{40}$/);
    expect(vectors.length).toBeGreaterThanOrEqual(20);
  });
  it.each(vectors.map((v) => [v.file.split('/').pop()!, v.name, v] as const))('%s %s parses whole', (_f, _n, v) => {
    // The vectors are unsigned: no credentials follow.
    const tx = parseSignedTx(Buffer.from(`${v.hex}00000000`, 'hex'), v.chain);
    expect(tx.complete).toBe(true);
    const expected = _f.replace(/_test\.go$/, '').replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
    expect(tx.type.toLowerCase()).toBe(expected.toLowerCase().replace(/^(adddelegator|addvalidator|addsubnetvalidator)$/, '$1tx'));
  });
});

describe('hostile bytes', () => {
  const samples: [SignedTxChain, string, Uint8Array][] = [
    ...P_TYPES.map(([type, build, n]) => ['P', type, signed(build(), n)] as [SignedTxChain, string, Uint8Array]),
    ['X', 'OperationTx', operationTxBytes()],
  ];

  it('refuses every truncation of every type, saying where the bytes end', () => {
    for (const [chain, type, bytes] of samples) {
      for (let n = 0; n < bytes.length; n++) {
        let error: unknown;
        try {
          parseSignedTx(bytes.subarray(0, n), chain);
        } catch (e) {
          error = e;
        }
        expect(error, `${type} cut to ${n} bytes`).toBeInstanceOf(SignedTxError);
      }
    }
  });

  it('refuses a byte after the end, an oversized transaction, and a type only the chain makes', () => {
    const [, , bytes] = samples[1]!;
    expect(() => parseSignedTx(Buffer.concat([bytes, Buffer.from([0])]), 'P')).toThrow(/1 bytes after the transaction's end/);
    expect(() => parseSignedTx(new Uint8Array(MAX_SIGNED_TX_BYTES + 1), 'P')).toThrow(/past the 65536 a node's mempool takes/);
    const reward = Buffer.from(bytes);
    reward.writeUInt32BE(20, 2);
    expect(() => parseSignedTx(reward, 'P')).toThrow(/RewardValidatorTx \(type id 20\), which only the P-Chain itself makes/);
  });

  it("refuses what the node's syntactic checks refuse, precisely", () => {
    const broken = (f: () => any, n: number) => () => parseSignedTx(signed(f(), n), 'P');
    expect(broken(() => new pvmSerial.AddValidatorTx(base(), validator(), [out(2n)], owners(), new Int(1_000_001)), 0)).toThrow(
      /the delegation fee is 1000001 millionths, past 100%/,
    );
    const late = new pvmSerial.Validator(new NodeId(fill(8, 20)), new BigIntPr(200n), new BigIntPr(100n), new BigIntPr(2n));
    expect(broken(() => new pvmSerial.AddDelegatorTx(base(), late, [out(2n)], owners()), 0)).toThrow(
      /end \(100\) is not after its start \(200\)/,
    );
    const unmeetable = new OutputOwners(new BigIntPr(0n), new Int(2), [new Address(fill(3, 20))]);
    expect(broken(() => new pvmSerial.CreateSubnetTx(base(), unmeetable), 0)).toThrow(/needs 2 signatures of 1 addresses/);
    const unsorted = new OutputOwners(new BigIntPr(0n), new Int(1), [new Address(fill(4, 20)), new Address(fill(3, 20))]);
    expect(broken(() => new pvmSerial.CreateSubnetTx(base(), unsorted), 0)).toThrow(/addresses are not sorted and unique \(address 1\)/);
    expect(broken(() => new pvmSerial.AddSubnetValidatorTx(base(), subnetValidator(), new Input([new Int(2), new Int(1)])), 1)).toThrow(
      /signature indices are not sorted and unique/,
    );
    expect(broken(() => new pvmSerial.BaseTx(base('m'.repeat(257))), 0)).toThrow(/the memo is 257 bytes, past 256/);
    const twice = new avaxSerial.BaseTx(new Int(5), id(1), [], [inp(6), inp(4)], new Bytes(new Uint8Array()));
    expect(broken(() => new pvmSerial.BaseTx(twice), 2)).toThrow(/inputs are not sorted and unique by the UTXO they spend \(inputs\[1\]\)/);
    expect(
      broken(
        () => new pvmSerial.CreateChainTx(base(), id(12), new Stringpr('n'.repeat(129)), id(13), [], new Bytes(new Uint8Array()), auth()),
        1,
      ),
    ).toThrow(/the chain name is 129 bytes, past 128/);
  });

  it('never crashes on random bytes, nor on random bytes after a valid header', () => {
    let seed = 0x2545f491;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) & 255;
    };
    for (let i = 0; i < 3_000; i++) {
      const length = next() * 4 + next();
      const bytes = Uint8Array.from({ length }, next);
      if (i % 2 === 0 && length > 6) {
        // A plausible start (codec 0, a real type id) so the readers past the header are reached.
        bytes.set([0, 0, 0, 0, 0, [12, 13, 14, 15, 16, 17, 18, 23, 24, 25, 26, 33, 34, 35, 36, 37, 38, 39][i % 18]!], 0);
      }
      for (const chain of ['P', 'X', 'C'] as const) {
        try {
          parseSignedTx(bytes, chain);
        } catch (error) {
          expect(error).toBeInstanceOf(SignedTxError);
        }
      }
    }
  });
});
