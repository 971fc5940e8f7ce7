/**
 * The parts of avalanchego's binary formats the gateway reads: hex with the node's 4-byte
 * checksum, UTXO ids, and UTXOs holding a secp256k1fx TransferOutput (type 7), which is what
 * avm.getUTXOs returns for value, or an nftfx TransferOutput (type 11), which it returns for
 * NFTs. Encoding is here too, for the sandbox node.
 */
import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { cb58Decode, cb58Encode } from './ids.js';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** avalanchego's `hex` encoding: "0x", the bytes, then the last 4 bytes of their sha256. */
export function encodeHexWithChecksum(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString('hex')}${sha256(bytes).subarray(28).toString('hex')}`;
}

export function decodeHexWithChecksum(hex: string): Uint8Array {
  const raw = Buffer.from(hex.replace(/^0x/, ''), 'hex');
  if (raw.length < 4) throw new Error('too short for a checksum');
  const payload = raw.subarray(0, raw.length - 4);
  if (
    !sha256(payload)
      .subarray(28)
      .equals(raw.subarray(raw.length - 4))
  )
    throw new Error('checksum mismatch');
  return payload;
}

/** A UTXO's id: sha256 of the output index (uint64) followed by the creating tx id, in cb58. */
export function utxoId(txId: string, outputIndex: number): string {
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64BE(BigInt(outputIndex));
  return cb58Encode(sha256(Buffer.concat([prefix, cb58Decode(txId, 32)])));
}

export const SECP256K1_TRANSFER_OUTPUT = 7;
export const NFT_TRANSFER_OUTPUT = 11;

/** A UTXO read from its bytes; which members are set depends on its output type. */
export interface DecodedUtxo {
  utxoId: string;
  txId: string;
  outputIndex: number;
  assetId: string;
  /** "secp256k1 transfer", "nft transfer", or the codec type id of an output this reader does not know. */
  outputType: string;
  /** Decimal string, for a secp256k1 transfer. */
  amount?: string;
  /** For an NFT. */
  groupId?: number;
  /** For an NFT: its payload, 0x hex. */
  payload?: string;
  locktime?: string;
  threshold?: number;
  /** The 20-byte owners, bech32 with the given hrp and chain prefix ("X-avax1..."); empty for an unknown output. */
  addresses: string[];
}

function readOwners(
  b: Buffer,
  at: number,
  hrp: string,
  chainAlias: string,
): { locktime: string; threshold: number; addresses: string[]; end: number } {
  const locktime = b.readBigUInt64BE(at).toString();
  const threshold = b.readUInt32BE(at + 8);
  const count = b.readUInt32BE(at + 12);
  at += 16;
  const addresses: string[] = [];
  for (let i = 0; i < count; i++)
    addresses.push(`${chainAlias}-${bech32.encode(hrp, bech32.toWords(b.subarray(at + i * 20, at + (i + 1) * 20)))}`);
  return { locktime, threshold, addresses, end: at + count * 20 };
}

/**
 * Reads a UTXO's bytes. Outputs other than secp256k1 and NFT transfers (mint outputs, property
 * outputs) come back with their type id only: the raw bytes still say everything.
 */
export function decodeUtxo(bytes: Uint8Array, hrp: string, chainAlias: string): DecodedUtxo {
  const b = Buffer.from(bytes);
  if (b.length < 2 + 32 + 4 + 32 + 4) throw new Error('too short for a UTXO');
  let at = 2; // codec version
  const txId = cb58Encode(b.subarray(at, (at += 32)));
  const outputIndex = b.readUInt32BE(at);
  at += 4;
  const assetId = cb58Encode(b.subarray(at, (at += 32)));
  const type = b.readUInt32BE(at);
  at += 4;
  const head = { utxoId: utxoId(txId, outputIndex), txId, outputIndex, assetId };
  if (type === SECP256K1_TRANSFER_OUTPUT) {
    if (b.length < at + 24) throw new Error('too short for a transfer output');
    const amount = b.readBigUInt64BE(at).toString();
    const owners = readOwners(b, at + 8, hrp, chainAlias);
    if (b.length !== owners.end) throw new Error('UTXO length does not match its address count');
    return {
      ...head,
      outputType: 'secp256k1 transfer',
      amount,
      locktime: owners.locktime,
      threshold: owners.threshold,
      addresses: owners.addresses,
    };
  }
  if (type === NFT_TRANSFER_OUTPUT) {
    if (b.length < at + 8) throw new Error('too short for an NFT transfer output');
    const groupId = b.readUInt32BE(at);
    const payloadLength = b.readUInt32BE(at + 4);
    at += 8;
    if (b.length < at + payloadLength + 16) throw new Error('too short for an NFT transfer output');
    const payload = `0x${b.subarray(at, at + payloadLength).toString('hex')}`;
    const owners = readOwners(b, at + payloadLength, hrp, chainAlias);
    if (b.length !== owners.end) throw new Error('UTXO length does not match its address count');
    return {
      ...head,
      outputType: 'nft transfer',
      groupId,
      payload,
      locktime: owners.locktime,
      threshold: owners.threshold,
      addresses: owners.addresses,
    };
  }
  return { ...head, outputType: String(type), addresses: [] };
}

function ownerBytes(addresses: string[]): Buffer[] {
  return addresses.map((a) => Buffer.from(bech32.decodeToBytes(a.replace(/^[XPC]-/, '')).bytes));
}

/** A UTXO's bytes up to its output's fields: codec version 0, tx id, output index, asset, type. */
function utxoHead(u: { txId: string; outputIndex: number; assetId: string }, typeId: number): Buffer {
  const head = Buffer.alloc(2 + 32 + 4 + 32 + 4);
  Buffer.from(cb58Decode(u.txId, 32)).copy(head, 2);
  head.writeUInt32BE(u.outputIndex, 34);
  Buffer.from(cb58Decode(u.assetId, 32)).copy(head, 38);
  head.writeUInt32BE(typeId, 70);
  return head;
}

/** secp256k1fx OutputOwners: locktime, threshold, then the 20-byte addresses. */
function ownersTail(u: { locktime: bigint; threshold: number; addresses: string[] }): Buffer {
  const owners = ownerBytes(u.addresses);
  const tail = Buffer.alloc(16);
  tail.writeBigUInt64BE(u.locktime, 0);
  tail.writeUInt32BE(u.threshold, 8);
  tail.writeUInt32BE(owners.length, 12);
  return Buffer.concat([tail, ...owners]);
}

/** The bytes of a UTXO with a secp256k1 transfer output (codec version 0). */
export function encodeTransferUtxo(u: {
  txId: string;
  outputIndex: number;
  assetId: string;
  amount: bigint;
  locktime: bigint;
  threshold: number;
  addresses: string[];
}): Uint8Array {
  const amount = Buffer.alloc(8);
  amount.writeBigUInt64BE(u.amount);
  return Buffer.concat([utxoHead(u, SECP256K1_TRANSFER_OUTPUT), amount, ownersTail(u)]);
}

/** The bytes of a UTXO with an nftfx transfer output (codec version 0). */
export function encodeNftTransferUtxo(u: {
  txId: string;
  outputIndex: number;
  assetId: string;
  groupId: number;
  payload: Uint8Array;
  locktime: bigint;
  threshold: number;
  addresses: string[];
}): Uint8Array {
  const group = Buffer.alloc(8);
  group.writeUInt32BE(u.groupId, 0);
  group.writeUInt32BE(u.payload.length, 4);
  return Buffer.concat([utxoHead(u, NFT_TRANSFER_OUTPUT), group, Buffer.from(u.payload), ownersTail(u)]);
}
