/**
 * The parts X- and P-Chain transactions share (avalanchego's vms/components/avax and
 * secp256k1fx), as codec trees: outputs, inputs, owners, credentials and the signed envelope.
 */
import { bech32 } from '@scure/base';
import { cb58Encode, type NetworkName } from '../../../src/base/ids.js';
import { bytes, fixed, hex, iface, id, jsonOnly, list, struct, u32, u64, type CodecNode, type Field } from './codec.js';
import { sha } from '../../random.js';

export const SECP_FX_ID = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';
export const NFT_FX_ID = 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT';
export const NETWORK_ID: Record<NetworkName, number> = { mainnet: 1, fuji: 5 };

/** Codec type ids shared by the AVM and the platform VM (registered in the same order in both). */
export const TYPE = { transferInput: 5, transferOutput: 7, credential: 9, input: 10, outputOwners: 11 } as const;

export function addressBytes(canonical: string): Uint8Array {
  return bech32.decodeToBytes(canonical.replace(/^[XPC]-/, '')).bytes;
}

/** A 65-byte recoverable signature, stable for what it signs. */
export function signature(seed: string): Uint8Array {
  return Buffer.concat([sha(`sig:a:${seed}`), sha(`sig:b:${seed}`)]).subarray(0, 65);
}

function owners(addresses: readonly string[], chain: string): CodecNode {
  return list(addresses.map((a) => fixed(addressBytes(a), `${chain}-${a.replace(/^[XPC]-/, '')}`)));
}

export interface Owners {
  locktime: bigint | number;
  threshold: number;
  /** bech32 without chain prefix. */
  addresses: readonly string[];
}

/** secp256k1fx.OutputOwners, written as its sorted field map like the node does. */
export function outputOwners(o: Owners, chain: string): CodecNode {
  const addrs = owners(o.addresses, chain);
  return struct(
    [
      ['locktime', u64(o.locktime)],
      ['threshold', u32(o.threshold)],
      ['addresses', addrs],
    ],
    { addresses: o.addresses.map((a) => `${chain}-${a}`), locktime: BigInt(o.locktime), threshold: o.threshold },
  );
}

/** secp256k1fx.TransferOutput (type 7): the amount joins the owners' field map. */
export function transferOutput(amount: bigint, o: Owners, chain: string): CodecNode {
  return iface(
    TYPE.transferOutput,
    struct(
      [
        ['amount', u64(amount)],
        ['locktime', u64(o.locktime)],
        ['threshold', u32(o.threshold)],
        ['addresses', owners(o.addresses, chain)],
      ],
      { addresses: o.addresses.map((a) => `${chain}-${a}`), amount, locktime: BigInt(o.locktime), threshold: o.threshold },
    ),
  );
}

export function transferableOutput(assetId: string, out: CodecNode, fxId = SECP_FX_ID): CodecNode {
  return struct([
    ['assetID', id(assetId)],
    ['fxID', jsonOnly(fxId)],
    ['output', out],
  ]);
}

export function signatureIndices(count: number): CodecNode {
  return list(Array.from({ length: count }, (_v, i) => u32(i)));
}

export function transferableInput(txId: string, outputIndex: number, assetId: string, amount: bigint): CodecNode {
  return struct([
    ['txID', id(txId)],
    ['outputIndex', u32(outputIndex)],
    ['assetID', id(assetId)],
    ['fxID', jsonOnly(SECP_FX_ID)],
    [
      'input',
      iface(
        TYPE.transferInput,
        struct([
          ['amount', u64(amount)],
          ['signatureIndices', signatureIndices(1)],
        ]),
      ),
    ],
  ]);
}

/** secp256k1fx.Input (type 10): who signs for a subnet or a validator. */
export function authorization(signers: number): CodecNode {
  return iface(TYPE.input, struct([['signatureIndices', signatureIndices(signers)]]));
}

/** avax.BaseTx, embedded in every transaction that moves funds. */
export function baseTx(network: NetworkName, blockchainId: string, outputs: CodecNode[], inputs: CodecNode[], memo: string): Field {
  return {
    node: struct([
      ['networkID', u32(NETWORK_ID[network])],
      ['blockchainID', id(blockchainId)],
      ['outputs', list(outputs)],
      ['inputs', list(inputs)],
      ['memo', bytes(Buffer.from(memo.replace(/^0x/, ''), 'hex'))],
    ]),
  };
}

/** A credential's signatures (secp256k1fx or nftfx credential, same layout). */
export function credential(typeId: number, signatures: Uint8Array[]): CodecNode {
  return iface(typeId, struct([['signatures', list(signatures.map((s) => fixed(s, hex(s))))]]));
}

/** The signed envelope: the unsigned tx behind its type id, the credentials, and the id in JSON. */
export function signedTx(typeId: number, unsigned: CodecNode, credentials: CodecNode[], txId: string): CodecNode {
  return struct([
    ['unsignedTx', iface(typeId, unsigned)],
    ['credentials', list(credentials)],
    ['id', jsonOnly(txId)],
  ]);
}

/** A 32-byte id derived from a label, for things the world does not name (e.g. commit blocks). */
export function derivedId(label: string): string {
  return cb58Encode(sha(label));
}
