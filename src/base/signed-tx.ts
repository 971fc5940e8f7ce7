/**
 * Signed transactions of the X-Chain (AVM), the P-Chain (platform VM) and the C-Chain's atomic
 * transactions, read from their bytes as each chain's codec writes them (codec version 0, a type
 * id before every interface value, big-endian integers, a uint32 length before every list): what
 * the gateway checks before it hands signed bytes to a node, and what the sandbox node verifies.
 *
 * Every transaction type a chain takes through its API is read whole, credentials included: every
 * byte accounted for, laid out as avalanchego's structs (vms/platformvm/txs/*.go, vms/avm/txs/*.go,
 * the fxs' operations) in the type ids its codec registers them under (vms/platformvm/txs/codec.go:
 * 5 skipped for blocks, the secp256k1fx types, the Apricot, Banff, then 4 skipped, Durango, Etna
 * and Helicon transactions). Beside the bytes, the checks a node's syntactic verification makes
 * cheaply are made here too (owners' thresholds and sorted addresses, sorted signature indices,
 * amounts above 0, the memo's and names' sizes, a delegation fee within 100%), so that bytes the
 * node would refuse are refused before a call, and precisely. The id of any transaction is the
 * sha256 of its signed bytes.
 */
import { createHash } from 'node:crypto';
import { cb58Encode } from './ids.js';

/** The chains whose signed transactions this reads: X (avm.issueTx), P (platform.issueTx), C (avax.issueTx). */
export type SignedTxChain = 'X' | 'P' | 'C';

/** The most bytes a node's mempool takes for one transaction (vms/txs/mempool: MaxTxSize, 64 KiB). */
export const MAX_SIGNED_TX_BYTES = 64 * 1024;

/** Bytes that are not a signed transaction of the chain: `message` says where and what was wrong. */
export class SignedTxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignedTxError';
  }
}

/** A UTXO a transaction spends (its inputs, and on an import its imported inputs). */
export interface SpentUtxo {
  txId: string;
  outputIndex: number;
  assetId: string;
  amount: bigint;
  /** Which of the UTXO's owners sign, by index. */
  signatureIndices: number[];
  /** For an imported input: true. */
  imported: boolean;
}

/** An output a transaction creates: its asset and, for a transfer, its amount; the owners' 20-byte addresses. */
export interface CreatedOutput {
  assetId: string;
  typeId: number;
  amount?: bigint;
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
  /** For an export: true (the output goes to `destinationChain`). */
  exported: boolean;
}

/** A C-Chain export's EVM input: who pays, from which nonce. */
export interface EvmInput {
  address: Uint8Array;
  amount: bigint;
  assetId: string;
  nonce: bigint;
}

/** secp256k1fx OutputOwners (fx.Owner, as rewards and subnet owners are): who may spend, from when, how many of them. */
export interface Owners {
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
}

/** A signer of a permissionless validator: a BLS key and its proof of possession (null for signer.Empty). */
export interface BlsSigner {
  publicKey: Uint8Array;
  proofOfPossession: Uint8Array;
}

/** A validator as the staking transactions name it (txs.Validator): node, times (Unix s) and weight. */
export interface ValidatorTerms {
  nodeId: string;
  start: bigint;
  end: bigint;
  weight: bigint;
}

/** A validator of ConvertSubnetToL1Tx. */
export interface L1ValidatorTerms {
  nodeId: Uint8Array;
  weight: bigint;
  balance: bigint;
  signer: BlsSigner;
  remainingBalanceOwner: { threshold: number; addresses: Uint8Array[] };
  deactivationOwner: { threshold: number; addresses: Uint8Array[] };
}

/** An X-Chain operation of OperationTx: the asset, the UTXOs it consumes, and its fx operation. */
export interface XOperation {
  assetId: string;
  utxos: { txId: string; outputIndex: number }[];
  /** nftfx/secp256k1fx/propertyfx operation type id and name. */
  typeId: number;
  type: string;
  signatureIndices: number[];
  /** What it creates, in order (mint and transfer outputs). */
  outputs: CreatedOutput[];
}

/** What a transaction says beyond its base transaction, by type: the fields avalanchego's struct has. */
export interface TxBody {
  validator?: ValidatorTerms;
  subnetId?: string;
  signer?: BlsSigner | null;
  stake?: CreatedOutput[];
  rewardsOwner?: Owners;
  delegatorRewardsOwner?: Owners;
  validatorAuthority?: Owners;
  /** Delegation fee, in millionths (1,000,000 = 100%). */
  shares?: number;
  autoCompoundRewardShares?: number;
  period?: bigint;
  chainName?: string;
  vmId?: string;
  fxIds?: string[];
  genesisData?: Uint8Array;
  owner?: Owners;
  nodeId?: string;
  txId?: string;
  /** TransformSubnetTx's staking parameters, by their avalanchego names. */
  transform?: Record<string, bigint | number | string>;
  chainId?: string;
  managerAddress?: Uint8Array;
  l1Validators?: L1ValidatorTerms[];
  balance?: bigint;
  proofOfPossession?: Uint8Array;
  /** A Warp message (RegisterL1ValidatorTx, SetL1ValidatorWeightTx). */
  message?: Uint8Array;
  validationId?: string;
  /** CreateAssetTx. */
  name?: string;
  symbol?: string;
  denomination?: number;
  initialStates?: { fxIndex: number; outputs: CreatedOutput[] }[];
  /** OperationTx. */
  operations?: XOperation[];
}

export interface SignedTx {
  chain: SignedTxChain;
  /** sha256 of the signed bytes, cb58: what the node answers as `txID`. */
  id: string;
  typeId: number;
  /** The type's name in avalanchego (`BaseTx`, `ImportTx`, `AddPermissionlessValidatorTx`…). */
  type: string;
  networkId: number;
  blockchainId: string;
  /** Whether every byte was read, credentials included (always, for the types read here). */
  complete: boolean;
  memo?: Uint8Array;
  body: TxBody;
  /**
   * Signature indices of what signs besides the inputs, in credential order after theirs: the
   * subnet's or validator's authorization (one), or each X-Chain operation's input.
   */
  authorizations: number[][];
  spends: SpentUtxo[];
  outputs: CreatedOutput[];
  evmInputs: EvmInput[];
  sourceChain?: string;
  destinationChain?: string;
  /** When complete: the bytes that were signed (codec version, type id, body), and each credential's 65-byte signatures. */
  unsignedBytes?: Uint8Array;
  credentials?: Uint8Array[][];
  size: number;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

class Reader {
  at = 0;
  constructor(readonly b: Buffer) {}

  private need(n: number, what: string) {
    if (this.at + n > this.b.length)
      throw new SignedTxError(`the bytes end at byte ${this.b.length} where ${what} (${n} bytes from byte ${this.at}) belongs`);
  }
  u16(what: string): number {
    this.need(2, what);
    const v = this.b.readUInt16BE(this.at);
    this.at += 2;
    return v;
  }
  u32(what: string): number {
    this.need(4, what);
    const v = this.b.readUInt32BE(this.at);
    this.at += 4;
    return v;
  }
  u64(what: string): bigint {
    this.need(8, what);
    const v = this.b.readBigUInt64BE(this.at);
    this.at += 8;
    return v;
  }
  fixed(n: number, what: string): Buffer {
    this.need(n, what);
    const v = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return v;
  }
  id(what: string): string {
    return cb58Encode(this.fixed(32, what));
  }
  bytes(what: string): Buffer {
    return this.fixed(this.u32(`the length of ${what}`), what);
  }
  list<T>(what: string, read: (i: number) => T): T[] {
    const count = this.u32(`the length of ${what}`);
    // Every item takes at least a byte: a count past what is left is a lie, refused before looping on it.
    if (count > this.b.length - this.at) throw new SignedTxError(`${what} claims ${count} items in ${this.b.length - this.at} bytes`);
    return Array.from({ length: count }, (_v, i) => read(i));
  }
}

/** The codec type ids of each chain's transactions, and which of them this reads whole. */
const TX_TYPES: Record<SignedTxChain, Record<number, string>> = {
  X: { 0: 'BaseTx', 1: 'CreateAssetTx', 2: 'OperationTx', 3: 'ImportTx', 4: 'ExportTx' },
  P: {
    12: 'AddValidatorTx',
    13: 'AddSubnetValidatorTx',
    14: 'AddDelegatorTx',
    15: 'CreateChainTx',
    16: 'CreateSubnetTx',
    17: 'ImportTx',
    18: 'ExportTx',
    23: 'RemoveSubnetValidatorTx',
    24: 'TransformSubnetTx',
    25: 'AddPermissionlessValidatorTx',
    26: 'AddPermissionlessDelegatorTx',
    33: 'TransferSubnetOwnershipTx',
    34: 'BaseTx',
    35: 'ConvertSubnetToL1Tx',
    36: 'RegisterL1ValidatorTx',
    37: 'SetL1ValidatorWeightTx',
    38: 'IncreaseL1ValidatorBalanceTx',
    39: 'DisableL1ValidatorTx',
    40: 'AddAutoRenewedValidatorTx',
    41: 'SetAutoRenewedValidatorConfigTx',
  },
  C: { 0: 'ImportTx', 1: 'ExportTx' },
};

/** Types the chain has but only it makes (in its own blocks): never issued through an API. */
const NOT_ISSUED: Partial<Record<SignedTxChain, Record<number, string>>> = {
  P: { 19: 'AdvanceTimeTx', 20: 'RewardValidatorTx', 42: 'RewardAutoRenewedValidatorTx' },
};

/** Credential type ids: secp256k1fx (9) on every chain; nftfx (14) and propertyfx (19) on the X-Chain. */
const CREDENTIALS: Record<SignedTxChain, ReadonlySet<number>> = { X: new Set([9, 14, 19]), P: new Set([9]), C: new Set([9]) };

const SIGNATURE_BYTES = 65;

/** Bytes compared as the codec's sort does. */
const ascending = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;

/** secp256k1fx OutputOwners.Verify: a threshold the addresses can meet (0 only with none), addresses sorted and unique. */
function checkOwners(o: { threshold: number; addresses: Uint8Array[] }, what: string) {
  if (o.threshold > o.addresses.length)
    throw new SignedTxError(`${what} needs ${o.threshold} signatures of ${o.addresses.length} addresses: no one could spend it`);
  if (o.threshold === 0 && o.addresses.length > 0) throw new SignedTxError(`${what} names addresses but needs 0 of them to sign`);
  o.addresses.forEach((a, i) => {
    if (i > 0 && !ascending(o.addresses[i - 1]!, a))
      throw new SignedTxError(`${what}'s addresses are not sorted and unique (address ${i})`);
  });
}

function ownerList(r: Reader, what: string): Uint8Array[] {
  return r.list(`${what}'s addresses`, (i) => r.fixed(20, `${what}'s address ${i}`));
}

function owners(r: Reader, what: string): Owners {
  const locktime = r.u64(`${what}'s locktime`);
  const threshold = r.u32(`${what}'s threshold`);
  const o = { locktime, threshold, addresses: ownerList(r, what) };
  checkOwners(o, what);
  return o;
}

/** An fx.Owner interface value: on the P-Chain, always secp256k1fx OutputOwners (type id 11). */
function ownerValue(r: Reader, what: string): Owners {
  const typeId = r.u32(`${what}'s type id`);
  if (typeId !== 11) throw new SignedTxError(`${what} has type id ${typeId} where secp256k1fx OutputOwners (11) belongs`);
  return owners(r, what);
}

/** message.PChainOwner: threshold and addresses, no locktime, no type id. */
function pChainOwner(r: Reader, what: string): { threshold: number; addresses: Uint8Array[] } {
  const threshold = r.u32(`${what}'s threshold`);
  const o = { threshold, addresses: ownerList(r, what) };
  checkOwners(o, what);
  return o;
}

function signatureIndices(r: Reader, what: string): number[] {
  const indices = r.list(`${what}'s signature indices`, (i) => r.u32(`${what}'s signature index ${i}`));
  indices.forEach((v, i) => {
    if (i > 0 && indices[i - 1]! >= v) throw new SignedTxError(`${what}'s signature indices are not sorted and unique (index ${i})`);
  });
  return indices;
}

/** A verify.Verifiable authorization (subnet, disable, validator config): a secp256k1fx Input (type id 10). */
function authorization(r: Reader, what: string): number[] {
  const typeId = r.u32(`${what}'s type id`);
  if (typeId !== 10) throw new SignedTxError(`${what} has type id ${typeId} where a secp256k1fx Input (10) belongs`);
  return signatureIndices(r, what);
}

function output(r: Reader, chain: SignedTxChain, assetId: string, exported: boolean, what: string): CreatedOutput {
  const typeId = r.u32(`${what}'s type id`);
  if (typeId === 7) {
    const amount = r.u64(`${what}'s amount`);
    if (amount === 0n) throw new SignedTxError(`${what} transfers 0`);
    return { assetId, typeId, amount, ...owners(r, what), exported };
  }
  if (chain === 'X' && (typeId === 6 || typeId === 15 || typeId === 16)) return { assetId, typeId, ...owners(r, what), exported };
  if (chain === 'X' && typeId === 10) {
    r.u32(`${what}'s group id`);
    return { assetId, typeId, ...owners(r, what), exported };
  }
  if (chain === 'X' && typeId === 11) {
    r.u32(`${what}'s group id`);
    r.bytes(`${what}'s payload`);
    return { assetId, typeId, ...owners(r, what), exported };
  }
  if (chain === 'P' && typeId === 22) {
    r.u64(`${what}'s stakeable locktime`);
    const inner = output(r, chain, assetId, exported, `${what}'s locked output`);
    if (inner.typeId === 22) throw new SignedTxError(`${what} locks a locked output`);
    return { ...inner, typeId };
  }
  throw new SignedTxError(`${what} has type id ${typeId}, which is no output the ${chain}-Chain knows`);
}

function outputs(r: Reader, chain: SignedTxChain, exported: boolean, what: string): CreatedOutput[] {
  return r.list(what, (i) => {
    const assetId = r.id(`${what}[${i}]'s asset id`);
    return output(r, chain, assetId, exported, `${what}[${i}]`);
  });
}

function input(r: Reader, chain: SignedTxChain, what: string, locked = false): { amount: bigint; signatureIndices: number[] } {
  const typeId = r.u32(`${what}'s type id`);
  if (typeId === 5) {
    const amount = r.u64(`${what}'s amount`);
    if (amount === 0n) throw new SignedTxError(`${what} spends 0`);
    return { amount, signatureIndices: signatureIndices(r, what) };
  }
  if (chain === 'P' && typeId === 21) {
    if (locked) throw new SignedTxError(`${what} locks a locked input`);
    r.u64(`${what}'s stakeable locktime`);
    return input(r, chain, `${what}'s locked input`, true);
  }
  throw new SignedTxError(`${what} has type id ${typeId}, which is no input the ${chain}-Chain knows`);
}

/** Inputs, sorted and unique by the UTXO they spend (avax.IsSortedAndUniqueTransferableInputs). */
function inputs(r: Reader, chain: SignedTxChain, imported: boolean, what: string): SpentUtxo[] {
  let previous: Buffer | undefined;
  return r.list(what, (i) => {
    const key = Buffer.from(r.b.subarray(r.at, r.at + 36));
    const txId = r.id(`${what}[${i}]'s tx id`);
    const outputIndex = r.u32(`${what}[${i}]'s output index`);
    if (previous && Buffer.compare(previous, key) >= 0)
      throw new SignedTxError(`${what} are not sorted and unique by the UTXO they spend (${what}[${i}])`);
    previous = key;
    const assetId = r.id(`${what}[${i}]'s asset id`);
    return { txId, outputIndex, assetId, ...input(r, chain, `${what}[${i}]`), imported };
  });
}

/** avax.MaxMemoSize. */
const MAX_MEMO_BYTES = 256;
/** The P-Chain's limit on a chain's name (txs.MaxNameLen); the X-Chain's on an asset's name and symbol, and its denomination. */
const MAX_CHAIN_NAME = 128;
const MAX_ASSET_NAME = 128;
const MAX_ASSET_SYMBOL = 4;
const MAX_DENOMINATION = 32;
/** reward.PercentDenominator: a delegation fee is in millionths, at most 100%. */
const PERCENT = 1_000_000;
const BLS_PUBLIC_KEY_BYTES = 48;
const BLS_SIGNATURE_BYTES = 96;

const nodeId = (r: Reader, what: string) => `NodeID-${cb58Encode(r.fixed(20, what))}`;

/** A string of the codec: a uint16 length, then its bytes (UTF-8). */
function text(r: Reader, what: string): string {
  return r.fixed(r.u16(`the length of ${what}`), what).toString('utf8');
}

function shares(r: Reader, what: string): number {
  const n = r.u32(what);
  if (n > PERCENT) throw new SignedTxError(`${what} is ${n} millionths, past 100% (${PERCENT})`);
  return n;
}

function validator(r: Reader): ValidatorTerms {
  const v = {
    nodeId: nodeId(r, "the validator's node id"),
    start: r.u64("the validator's start"),
    end: r.u64("the validator's end"),
    weight: r.u64("the validator's weight"),
  };
  if (v.weight === 0n) throw new SignedTxError("the validator's weight is 0");
  if (v.end <= v.start) throw new SignedTxError(`the validator's end (${v.end}) is not after its start (${v.start})`);
  return v;
}

function blsSigner(r: Reader, what: string): BlsSigner {
  return {
    publicKey: r.fixed(BLS_PUBLIC_KEY_BYTES, `${what}'s BLS public key`),
    proofOfPossession: r.fixed(BLS_SIGNATURE_BYTES, `${what}'s proof of possession`),
  };
}

/** A signer.Signer interface value: signer.Empty (27) or a ProofOfPossession (28). */
function signerValue(r: Reader): BlsSigner | null {
  const typeId = r.u32("the signer's type id");
  if (typeId === 27) return null;
  if (typeId === 28) return blsSigner(r, 'the signer');
  throw new SignedTxError(`the signer has type id ${typeId}, where signer.Empty (27) or a ProofOfPossession (28) belongs`);
}

/** X-Chain fx operations by type id (secp256k1fx 8, nftfx 12 and 13, propertyfx 17 and 18). */
const X_OPERATIONS: Record<number, string> = {
  8: 'secp256k1fx.MintOperation',
  12: 'nftfx.MintOperation',
  13: 'nftfx.TransferOperation',
  17: 'propertyfx.MintOperation',
  18: 'propertyfx.BurnOperation',
};

function operation(r: Reader, i: number): XOperation {
  const what = `operations[${i}]`;
  const assetId = r.id(`${what}'s asset id`);
  const utxos = r.list(`${what}'s UTXO ids`, (j) => ({
    txId: r.id(`${what}'s UTXO ${j} tx id`),
    outputIndex: r.u32(`${what}'s UTXO ${j} output index`),
  }));
  const typeId = r.u32(`${what}'s type id`);
  const type = X_OPERATIONS[typeId];
  if (!type) throw new SignedTxError(`${what} has type id ${typeId}, which is no operation the X-Chain knows`);
  const sigs = signatureIndices(r, `${what}'s input`);
  const made = (id: number, o: Owners, extra: Partial<CreatedOutput> = {}): CreatedOutput => ({
    assetId,
    typeId: id,
    ...o,
    ...extra,
    exported: false,
  });
  const out: CreatedOutput[] = [];
  if (typeId === 8) {
    out.push(made(6, owners(r, `${what}'s mint output`)));
    const amount = r.u64(`${what}'s transfer output's amount`);
    out.push(made(7, owners(r, `${what}'s transfer output`), { amount }));
  } else if (typeId === 12) {
    r.u32(`${what}'s group id`);
    r.bytes(`${what}'s payload`);
    out.push(...r.list(`${what}'s outputs`, (j) => made(11, owners(r, `${what}'s output ${j}`))));
  } else if (typeId === 13) {
    r.u32(`${what}'s group id`);
    r.bytes(`${what}'s payload`);
    out.push(made(11, owners(r, `${what}'s output`)));
  } else if (typeId === 17) {
    out.push(made(15, owners(r, `${what}'s mint output`)));
    out.push(made(16, owners(r, `${what}'s owned output`)));
  }
  return { assetId, utxos, typeId, type, signatureIndices: sigs, outputs: out };
}

/** What a type's reader is given: the bytes, the transaction, its body, and the readers types share. */
interface BodyReading {
  r: Reader;
  tx: SignedTx;
  b: TxBody;
  /** Reads an authorization signing besides the inputs (a subnet's, an L1 validator's). */
  auth(what: string): void;
  /** Reads the staked outputs, which may not be none. */
  stake(): void;
}

/** Types whose fields are the base transaction's alone. */
const NOTHING_MORE = (): void => {};

/** An import's fields, the same on the P- and X-Chain. */
const readImport = ({ r, tx }: BodyReading): void => {
  tx.sourceChain = r.id('the source chain');
  tx.spends.push(...inputs(r, tx.chain, true, 'importedInputs'));
  if (!tx.spends.some((s) => s.imported)) throw new SignedTxError('importedInputs is empty: an import imports something');
};

/** An export's fields, the same on the P- and X-Chain. */
const readExport = ({ r, tx }: BodyReading): void => {
  tx.destinationChain = r.id('the destination chain');
  const exported = outputs(r, tx.chain, true, 'exportedOutputs');
  if (exported.length === 0) throw new SignedTxError('exportedOutputs is empty: an export exports something');
  tx.outputs.push(...exported);
};

/**
 * What follows the base transaction in each P- and X-Chain type, read into `tx.body` (and the
 * authorizations signing besides the inputs into `tx.authorizations`), in avalanchego's field order,
 * by `<chain>:<type>`.
 */
const BODY_READERS: Record<string, (reading: BodyReading) => void> = {
  'P:BaseTx': NOTHING_MORE,
  'X:BaseTx': NOTHING_MORE,
  'P:ImportTx': readImport,
  'X:ImportTx': readImport,
  'P:ExportTx': readExport,
  'X:ExportTx': readExport,
  'P:AddValidatorTx': ({ r, b, stake }) => {
    b.validator = validator(r);
    stake();
    b.rewardsOwner = ownerValue(r, 'the rewards owner');
    b.shares = shares(r, 'the delegation fee');
  },
  'P:AddDelegatorTx': ({ r, b, stake }) => {
    b.validator = validator(r);
    stake();
    b.rewardsOwner = ownerValue(r, 'the rewards owner');
  },
  'P:AddPermissionlessValidatorTx': ({ r, b, stake }) => {
    b.validator = validator(r);
    b.subnetId = r.id('the subnet id');
    b.signer = signerValue(r);
    stake();
    b.rewardsOwner = ownerValue(r, 'the validation rewards owner');
    b.delegatorRewardsOwner = ownerValue(r, 'the delegation rewards owner');
    b.shares = shares(r, 'the delegation fee');
  },
  'P:AddPermissionlessDelegatorTx': ({ r, b, stake }) => {
    b.validator = validator(r);
    b.subnetId = r.id('the subnet id');
    stake();
    b.rewardsOwner = ownerValue(r, 'the rewards owner');
  },
  'P:AddSubnetValidatorTx': ({ r, b, auth }) => {
    b.validator = validator(r);
    b.subnetId = r.id('the subnet id');
    auth('the subnet authorization');
  },
  'P:CreateChainTx': ({ r, b, auth }) => {
    b.subnetId = r.id('the subnet id');
    b.chainName = text(r, 'the chain name');
    if (Buffer.byteLength(b.chainName) > MAX_CHAIN_NAME)
      throw new SignedTxError(`the chain name is ${Buffer.byteLength(b.chainName)} bytes, past ${MAX_CHAIN_NAME}`);
    b.vmId = r.id('the VM id');
    const fx = r.list('the fx ids', (i) => r.fixed(32, `fx id ${i}`));
    fx.forEach((id, i) => {
      if (i > 0 && !ascending(fx[i - 1]!, id)) throw new SignedTxError(`the fx ids are not sorted and unique (fx id ${i})`);
    });
    b.fxIds = fx.map((id) => cb58Encode(id));
    b.genesisData = r.bytes('the genesis data');
    auth('the subnet authorization');
  },
  'P:CreateSubnetTx': ({ r, b }) => {
    b.owner = ownerValue(r, "the subnet's owner");
  },
  'P:RemoveSubnetValidatorTx': ({ r, b, auth }) => {
    b.nodeId = nodeId(r, 'the node id');
    b.subnetId = r.id('the subnet id');
    auth('the subnet authorization');
  },
  'P:TransformSubnetTx': ({ r, b, auth }) => {
    b.subnetId = r.id('the subnet id');
    const t: Record<string, bigint | number | string> = {};
    t.assetId = r.id('the asset id');
    for (const k of [
      'initialSupply',
      'maximumSupply',
      'minConsumptionRate',
      'maxConsumptionRate',
      'minValidatorStake',
      'maxValidatorStake',
    ])
      t[k] = r.u64(k);
    for (const k of ['minStakeDuration', 'maxStakeDuration', 'minDelegationFee']) t[k] = r.u32(k);
    t.minDelegatorStake = r.u64('minDelegatorStake');
    t.maxValidatorWeightFactor = r.fixed(1, 'maxValidatorWeightFactor')[0]!;
    t.uptimeRequirement = r.u32('uptimeRequirement');
    b.transform = t;
    auth('the subnet authorization');
  },
  'P:TransferSubnetOwnershipTx': ({ r, b, auth }) => {
    b.subnetId = r.id('the subnet id');
    auth('the subnet authorization');
    b.owner = ownerValue(r, "the subnet's new owner");
  },
  'P:ConvertSubnetToL1Tx': ({ r, b, auth }) => {
    b.subnetId = r.id('the subnet id');
    b.chainId = r.id('the chain id');
    b.managerAddress = r.bytes("the validator manager's address");
    b.l1Validators = r.list('the validators', (i) => ({
      nodeId: r.bytes(`validators[${i}]'s node id`),
      weight: r.u64(`validators[${i}]'s weight`),
      balance: r.u64(`validators[${i}]'s balance`),
      signer: blsSigner(r, `validators[${i}]`),
      remainingBalanceOwner: pChainOwner(r, `validators[${i}]'s remaining balance owner`),
      deactivationOwner: pChainOwner(r, `validators[${i}]'s deactivation owner`),
    }));
    if (b.l1Validators.length === 0) throw new SignedTxError('the validators are empty: an L1 starts with at least one');
    auth('the subnet authorization');
  },
  'P:RegisterL1ValidatorTx': ({ r, b }) => {
    b.balance = r.u64('the balance');
    b.proofOfPossession = r.fixed(BLS_SIGNATURE_BYTES, 'the proof of possession');
    b.message = r.bytes('the Warp message');
  },
  'P:SetL1ValidatorWeightTx': ({ r, b }) => {
    b.message = r.bytes('the Warp message');
  },
  'P:IncreaseL1ValidatorBalanceTx': ({ r, b }) => {
    b.validationId = r.id('the validation id');
    b.balance = r.u64('the balance');
    if (b.balance === 0n) throw new SignedTxError('the balance increase is 0');
  },
  'P:DisableL1ValidatorTx': ({ r, b, auth }) => {
    b.validationId = r.id('the validation id');
    auth('the disable authorization');
  },
  'P:AddAutoRenewedValidatorTx': ({ r, b, stake }) => {
    b.nodeId = `NodeID-${cb58Encode(r.bytes('the node id'))}`;
    b.signer = signerValue(r);
    stake();
    b.rewardsOwner = ownerValue(r, 'the validation rewards owner');
    b.delegatorRewardsOwner = ownerValue(r, 'the delegation rewards owner');
    b.validatorAuthority = ownerValue(r, "the validator's authority");
    b.shares = shares(r, 'the delegation fee');
    b.autoCompoundRewardShares = shares(r, 'the auto-compounded reward share');
    b.period = r.u64('the period');
  },
  'P:SetAutoRenewedValidatorConfigTx': ({ r, b, auth }) => {
    b.txId = r.id("the validator's tx id");
    auth('the authorization');
    b.autoCompoundRewardShares = shares(r, 'the auto-compounded reward share');
    b.period = r.u64('the period');
  },
  'X:CreateAssetTx': ({ r, tx, b }) => {
    b.name = text(r, 'the asset name');
    b.symbol = text(r, 'the asset symbol');
    b.denomination = r.fixed(1, 'the denomination')[0]!;
    if (Buffer.byteLength(b.name) > MAX_ASSET_NAME) throw new SignedTxError(`the asset name is longer than ${MAX_ASSET_NAME} bytes`);
    if (Buffer.byteLength(b.symbol) > MAX_ASSET_SYMBOL)
      throw new SignedTxError(`the asset symbol is longer than ${MAX_ASSET_SYMBOL} bytes`);
    if (b.denomination > MAX_DENOMINATION) throw new SignedTxError(`the denomination is ${b.denomination}, past ${MAX_DENOMINATION}`);
    b.initialStates = r.list('the initial states', (i) => ({
      fxIndex: r.u32(`initialStates[${i}]'s fx index`),
      outputs: r.list(`initialStates[${i}]'s outputs`, (j) => output(r, 'X', tx.id, false, `initialStates[${i}].outputs[${j}]`)),
    }));
    if (b.initialStates.length === 0) throw new SignedTxError('the initial states are empty: an asset starts with at least one');
  },
  'X:OperationTx': ({ r, tx, b }) => {
    b.operations = r.list('the operations', (i) => operation(r, i));
    if (b.operations.length === 0) throw new SignedTxError('the operations are empty: an OperationTx operates');
    for (const op of b.operations) tx.authorizations.push(op.signatureIndices);
  },
};

function readBody(r: Reader, tx: SignedTx): void {
  const read = Object.hasOwn(BODY_READERS, `${tx.chain}:${tx.type}`) ? BODY_READERS[`${tx.chain}:${tx.type}`] : undefined;
  if (!read) throw new SignedTxError(`a ${tx.type}, which this gateway cannot read on the ${tx.chain}-Chain`);
  const b = tx.body;
  read({
    r,
    tx,
    b,
    auth: (what) => tx.authorizations.push(authorization(r, what)),
    stake: () => {
      b.stake = outputs(r, tx.chain, false, 'stake');
      if (b.stake.length === 0) throw new SignedTxError('stake has no outputs: a staker stakes something');
    },
  });
}

/**
 * Reads `bytes` as a signed transaction of `chain`. Throws SignedTxError saying where and what,
 * when they are not one: a codec version other than 0, a type the chain does not have or never
 * takes through its API, bytes that end early or go on after the transaction, or what the node's
 * syntactic checks refuse (see the file's comment).
 */
export function parseSignedTx(bytes: Uint8Array, chain: SignedTxChain): SignedTx {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length > MAX_SIGNED_TX_BYTES)
    throw new SignedTxError(`${b.length} bytes, past the ${MAX_SIGNED_TX_BYTES} a node's mempool takes for one transaction`);
  const r = new Reader(b);
  const version = r.u16('the codec version');
  if (version !== 0) throw new SignedTxError(`codec version ${version} where 0 belongs`);
  const typeId = r.u32("the transaction's type id");
  const type = TX_TYPES[chain][typeId];
  if (!type) {
    const internal = NOT_ISSUED[chain]?.[typeId];
    if (internal) throw new SignedTxError(`a ${internal} (type id ${typeId}), which only the ${chain}-Chain itself makes`);
    throw new SignedTxError(`type id ${typeId}, which is no transaction of the ${chain}-Chain`);
  }
  const tx: SignedTx = {
    chain,
    id: cb58Encode(sha256(b)),
    typeId,
    type,
    networkId: r.u32('the network id'),
    blockchainId: r.id('the blockchain id'),
    complete: false,
    spends: [],
    outputs: [],
    evmInputs: [],
    body: {},
    authorizations: [],
    size: b.length,
  };
  if (chain === 'C') {
    if (type === 'ImportTx') {
      tx.sourceChain = r.id('the source chain');
      tx.spends = inputs(r, chain, true, 'importedInputs');
      r.list('outs', (i) => {
        r.fixed(20, `outs[${i}]'s address`);
        r.u64(`outs[${i}]'s amount`);
        r.id(`outs[${i}]'s asset id`);
      });
    } else {
      tx.destinationChain = r.id('the destination chain');
      tx.evmInputs = r.list('ins', (i) => ({
        address: r.fixed(20, `ins[${i}]'s address`),
        amount: r.u64(`ins[${i}]'s amount`),
        assetId: r.id(`ins[${i}]'s asset id`),
        nonce: r.u64(`ins[${i}]'s nonce`),
      }));
      tx.outputs = outputs(r, chain, true, 'exportedOutputs');
    }
  } else {
    tx.outputs = outputs(r, chain, false, 'outputs');
    tx.spends = inputs(r, chain, false, 'inputs');
    tx.memo = r.bytes('the memo');
    if (tx.memo.length > MAX_MEMO_BYTES) throw new SignedTxError(`the memo is ${tx.memo.length} bytes, past ${MAX_MEMO_BYTES}`);
    readBody(r, tx);
  }
  tx.unsignedBytes = b.subarray(0, r.at);
  tx.credentials = r.list('credentials', (i) => {
    const credentialType = r.u32(`credentials[${i}]'s type id`);
    if (!CREDENTIALS[chain].has(credentialType))
      throw new SignedTxError(`credentials[${i}] has type id ${credentialType}, which is no credential the ${chain}-Chain knows`);
    return r.list(`credentials[${i}]'s signatures`, (j) => r.fixed(SIGNATURE_BYTES, `credentials[${i}]'s signature ${j}`));
  });
  if (r.at !== b.length) throw new SignedTxError(`${b.length - r.at} bytes after the transaction's end at byte ${r.at}`);
  tx.complete = true;
  return tx;
}

/** What was signed, as each signature signs it: the sha256 of the unsigned bytes. */
export function signedHash(tx: SignedTx): Uint8Array | undefined {
  return tx.unsignedBytes && sha256(tx.unsignedBytes);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_DIGIT = new Map([...BASE58].map((c, i) => [c, i]));
/** Digits read as one number: 58^9 < 2^53, so a run's value stays an exact number. */
const RUN = 9;

/** The value of `text[from, to)` in base 58: halves multiplied together, so the cost grows as BigInt multiplication does. */
function base58Value(text: string, from: number, to: number, powers: Map<number, bigint>): bigint {
  if (to - from <= RUN) {
    let part = 0;
    for (let at = from; at < to; at++) {
      const digit = BASE58_DIGIT.get(text[at]!);
      if (digit === undefined)
        throw new SignedTxError(`${JSON.stringify(text[at])} at character ${at} is no base58 digit (no 0, O, I or l)`);
      part = part * 58 + digit;
    }
    return BigInt(part);
  }
  const mid = from + Math.ceil((to - from) / 2 / RUN) * RUN;
  const right = to - mid;
  let power = powers.get(right);
  if (power === undefined) powers.set(right, (power = 58n ** BigInt(right)));
  return base58Value(text, from, mid, powers) * power + base58Value(text, mid, to, powers);
}

/**
 * base58 to bytes in time that grows gently with the length (split in halves, so BigInt's
 * multiplication does the work), where a digit-at-a-time decoder, as most are, takes seconds for
 * a transaction of 16 KiB. Leading `1`s are leading zero bytes.
 */
export function decodeBase58(text: string): Uint8Array {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  const value = zeros === text.length ? 0n : base58Value(text, zeros, text.length, new Map());
  const hex = value === 0n ? '' : value.toString(16);
  return Buffer.concat([Buffer.alloc(zeros), Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')]);
}

/** cb58: base58 of the bytes and the last 4 bytes of their sha256. */
export function decodeCb58Bytes(text: string): Uint8Array {
  const raw = Buffer.from(decodeBase58(text));
  if (raw.length < 4) throw new SignedTxError('too short for its 4-byte checksum');
  const payload = raw.subarray(0, raw.length - 4);
  if (
    !sha256(payload)
      .subarray(28)
      .equals(raw.subarray(raw.length - 4))
  )
    throw new SignedTxError('its cb58 checksum does not match (mistyped or cut?)');
  return payload;
}
