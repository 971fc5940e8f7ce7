/**
 * Signed transactions of the X-Chain (AVM), the P-Chain (platform VM) and the C-Chain's atomic
 * transactions, read from their bytes as each chain's codec writes them (codec version 0, a type
 * id before every interface value, big-endian integers, a uint32 length before every list): what
 * the gateway checks before it hands signed bytes to a node, and what the sandbox node verifies.
 *
 * The transactions wallets issue (base transfers, imports and exports, on every chain) are read
 * whole, credentials included: every byte accounted for. The others the chain takes (staking, subnet
 * and L1 transactions, asset creation, operations) are read up to the base transaction every one
 * of them starts with (network id, blockchain id, outputs, inputs, memo): what comes after is the
 * node's to check. The id of any transaction is the sha256 of its signed bytes.
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

export interface SignedTx {
  chain: SignedTxChain;
  /** sha256 of the signed bytes, cb58: what the node answers as `txID`. */
  id: string;
  typeId: number;
  /** The type's name in avalanchego (`BaseTx`, `ImportTx`, `AddPermissionlessValidatorTx`…). */
  type: string;
  networkId: number;
  blockchainId: string;
  /** Whether every byte was read (credentials included), or only the base transaction at the start. */
  complete: boolean;
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

function owners(r: Reader, what: string): { locktime: bigint; threshold: number; addresses: Uint8Array[] } {
  const locktime = r.u64(`${what}'s locktime`);
  const threshold = r.u32(`${what}'s threshold`);
  return { locktime, threshold, addresses: r.list(`${what}'s addresses`, (i) => r.fixed(20, `${what}'s address ${i}`)) };
}

function output(r: Reader, chain: SignedTxChain, assetId: string, exported: boolean, what: string): CreatedOutput {
  const typeId = r.u32(`${what}'s type id`);
  if (typeId === 7) {
    const amount = r.u64(`${what}'s amount`);
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

function input(r: Reader, chain: SignedTxChain, what: string): { amount: bigint; signatureIndices: number[] } {
  const typeId = r.u32(`${what}'s type id`);
  if (typeId === 5) {
    const amount = r.u64(`${what}'s amount`);
    const signatureIndices = r.list(`${what}'s signature indices`, (i) => r.u32(`${what}'s signature index ${i}`));
    return { amount, signatureIndices };
  }
  if (chain === 'P' && typeId === 21) {
    r.u64(`${what}'s stakeable locktime`);
    return input(r, chain, `${what}'s locked input`);
  }
  throw new SignedTxError(`${what} has type id ${typeId}, which is no input the ${chain}-Chain knows`);
}

function inputs(r: Reader, chain: SignedTxChain, imported: boolean, what: string): SpentUtxo[] {
  return r.list(what, (i) => {
    const txId = r.id(`${what}[${i}]'s tx id`);
    const outputIndex = r.u32(`${what}[${i}]'s output index`);
    const assetId = r.id(`${what}[${i}]'s asset id`);
    return { txId, outputIndex, assetId, ...input(r, chain, `${what}[${i}]`), imported };
  });
}

/**
 * Reads `bytes` as a signed transaction of `chain`. Throws SignedTxError saying where and what,
 * when they are not one: a codec version other than 0, a type the chain does not have or never
 * takes through its API, bytes that end early or go on after the transaction.
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
    r.bytes('the memo');
    if (type === 'ImportTx') {
      tx.sourceChain = r.id('the source chain');
      tx.spends.push(...inputs(r, chain, true, 'importedInputs'));
    } else if (type === 'ExportTx') {
      tx.destinationChain = r.id('the destination chain');
      tx.outputs.push(...outputs(r, chain, true, 'exportedOutputs'));
    } else if (type !== 'BaseTx') {
      // The rest of this type's body is the node's to read.
      return tx;
    }
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
