/**
 * The sandbox node's mempool for signed transactions (avm.issueTx, platform.issueTx,
 * avax.issueTx): each is decoded and verified as the node would (its encoding, that it parses as
 * a transaction of the chain, its network and blockchain, the UTXOs it spends exist and no other
 * issued transaction spends them, each credential's signatures recover to the owners the inputs
 * name), answered with its id, and decided after `acceptAfterMs`: Processing until then, then
 * Accepted (Committed on the P-Chain). Refusals carry the node's messages. Issuing the same bytes
 * again answers the same id, as the node does for a transaction it already has.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { ripemd160 } from '@noble/hashes/ripemd160';
import { sha256 } from '@noble/hashes/sha256';
import { bech32 } from '@scure/base';
import { utxoId } from '../../src/base/avax-codec.js';
import { cb58Decode } from '../../src/base/ids.js';
import { parseSignedTx, signedHash, SignedTxError, type SignedTx, type SignedTxChain } from '../../src/base/signed-tx.js';
import type { NodeWorld, UtxoSet } from './chains/node-world.js';
import { NETWORK_ID, addressBytes } from './chains/avax.js';
import { RpcFailure, type GorillaMethod } from './gorilla.js';
import type { AcceptedChange } from '../world/primary-network-utxos.js';
import type { SandboxUtxo } from '../world/types.js';

/** How long an issued transaction stays Processing: long enough for a client to see it, short for a test. */
export const DEFAULT_ACCEPT_AFTER_MS = 400;

export interface Issued {
  tx: SignedTx;
  bytes: Uint8Array;
  issuedAt: number;
  /** The C-Chain height it is accepted at (atomic transactions). */
  height?: bigint;
  /** Once accepted: the UTXOs it consumed (on its chain) and those it created (here, or exported to another chain). */
  settled?: { chainId: string; spent: Set<string>; created: { chainId: string; utxo: SandboxUtxo }[] };
}

/** formatting.Decode for the byte encodings: hex with its checksum. */
function decodeHex(text: string): Uint8Array {
  if (!text.startsWith('0x')) throw new Error('missing 0x prefix to hex encoding');
  const hex = text.slice(2);
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('encoding/hex: invalid byte');
  const raw = Buffer.from(hex, 'hex');
  if (raw.length < 4) throw new Error('input string is smaller than the checksum size');
  const payload = raw.subarray(0, raw.length - 4);
  if (
    !Buffer.from(sha256(payload))
      .subarray(28)
      .equals(raw.subarray(raw.length - 4))
  )
    throw new Error('invalid input checksum');
  return payload;
}

/** How each chain words its refusals: the prefix its service puts before a verification error. */
const PREFIX: Record<SignedTxChain, { parse: string; issue: string }> = {
  X: { parse: '', issue: '' },
  P: { parse: "couldn't parse tx: ", issue: "couldn't issue tx: " },
  C: { parse: 'problem parsing transaction: ', issue: '' },
};

export class Mempool {
  private readonly txs = new Map<string, Issued>();
  /** UTXO id to the issued transaction that spends it. */
  private readonly spentBy = new Map<string, string>();
  private readonly utxosById = new Map<string, SandboxUtxo>();
  /** The chain that holds each UTXO an accepted transaction made. */
  private readonly madeOn = new Map<string, string>();

  constructor(
    private readonly nw: NodeWorld,
    private readonly acceptAfterMs: () => number,
    private readonly cHeight: () => bigint,
  ) {
    for (const list of nw.world.utxos.values()) for (const u of list) this.utxosById.set(`${u.id}`, u);
  }

  private chainId(chain: SignedTxChain): string {
    const { x, p, c } = this.nw.world.chainIds;
    return chain === 'X' ? x : chain === 'P' ? p : c;
  }

  /** Decodes, verifies and keeps a signed transaction; answers its id, or throws the node's refusal. */
  issue(chain: SignedTxChain, text: string, encoding: string): string {
    if (encoding === 'json') throw new RpcFailure('problem decoding transaction: invalid encoding');
    let bytes: Uint8Array;
    try {
      bytes = decodeHex(text);
    } catch (error) {
      throw new RpcFailure(`problem decoding transaction: ${(error as Error).message}`);
    }
    let tx: SignedTx;
    try {
      tx = parseSignedTx(bytes, chain);
    } catch (error) {
      if (error instanceof SignedTxError) throw new RpcFailure(`${PREFIX[chain].parse}couldn't unmarshal: ${error.message}`);
      throw error;
    }
    if (this.txs.has(tx.id)) return tx.id;
    const refuse = (message: string): never => {
      throw new RpcFailure(`${PREFIX[chain].issue}${message}`);
    };
    if (tx.networkId !== NETWORK_ID[this.nw.network])
      refuse(chain === 'C' ? 'tx was issued with a different network ID' : 'tx has wrong network ID');
    if (tx.blockchainId !== this.chainId(chain)) refuse('tx has wrong chain ID');
    // What accepted transactions made is spendable: settle them before looking their UTXOs up.
    for (const issued of this.txs.values()) if (this.accepted(issued)) this.settle(issued);
    if (tx.complete) this.verify(tx, chain, refuse);
    for (const s of tx.spends) {
      const other = this.spentBy.get(utxoId(s.txId, s.outputIndex));
      if (other) refuse(`tx conflicts with other tx: ${other}`);
    }
    for (const s of tx.spends) this.spentBy.set(utxoId(s.txId, s.outputIndex), tx.id);
    this.txs.set(tx.id, { tx, bytes, issuedAt: Date.now() });
    return tx.id;
  }

  /** The UTXOs exist and are the chain's to spend, and every signature recovers to the owner its input names. */
  private verify(tx: SignedTx, chain: SignedTxChain, refuse: (message: string) => never) {
    const hash = signedHash(tx)!;
    const credentials = tx.credentials!;
    // One credential an input (an EVM input, for a C-Chain export), then one each authorization (a subnet's, an operation's).
    const signers = (chain === 'C' && tx.type === 'ExportTx' ? tx.evmInputs.length : tx.spends.length) + tx.authorizations.length;
    if (credentials.length !== signers)
      refuse(chain === 'P' ? 'should have the same number of credentials as inputs' : 'wrong number of credentials');
    const recover = (signature: Uint8Array): Uint8Array => {
      try {
        return secp256k1.Signature.fromCompact(signature.subarray(0, 64))
          .addRecoveryBit(signature[64]!)
          .recoverPublicKey(hash)
          .toRawBytes(false);
      } catch {
        return refuse('invalid signature');
      }
    };
    const here = this.chainId(chain);
    tx.spends.forEach((s, i) => {
      const id = utxoId(s.txId, s.outputIndex);
      const utxo = this.utxosById.get(id);
      const createdOn = s.imported ? this.sourceOf(tx, refuse) : here;
      if (!utxo || utxo.createdOn !== createdOn || !this.spendableOn(utxo, here))
        refuse(chain === 'X' ? `failed to get utxo ${id}: not found` : `failed to read consumed UTXO ${id} due to: not found`);
      if (utxo!.assetId !== s.assetId) refuse("asset IDs in the input don't match the utxo");
      if (s.signatureIndices.length < utxo!.threshold) refuse('input has less signers than expected');
      s.signatureIndices.forEach((index, j) => {
        const owner = utxo!.owners[index];
        const signature = credentials[i]![j];
        if (owner === undefined || signature === undefined) refuse('input has more signers than expected');
        const signer = ripemd160(sha256(secp256k1.ProjectivePoint.fromHex(recover(signature!)).toRawBytes(true)));
        if (!Buffer.from(signer).equals(Buffer.from(addressBytes(owner!))))
          refuse(chain === 'X' ? 'failed to verify transfer: wrong signature' : 'wrong signature');
      });
    });
    tx.evmInputs.forEach((input, i) => {
      const [signature] = credentials[i]!;
      if (!signature) refuse('wrong number of signatures');
      const signer = keccak_256(recover(signature!).subarray(1)).subarray(12);
      if (!Buffer.from(signer).equals(Buffer.from(input.address))) refuse('wrong signature');
    });
  }

  private sourceOf(tx: SignedTx, refuse: (message: string) => never): string {
    return tx.sourceChain ?? refuse('no source chain');
  }

  private spendableOn(utxo: SandboxUtxo, chainId: string): boolean {
    const made = this.madeOn.get(utxo.id);
    return made !== undefined ? made === chainId : (this.nw.world.utxos.get(chainId) ?? []).includes(utxo);
  }

  /**
   * The UTXOs a chain holds now, keyed as NodeWorld.utxos is: the world's, less those accepted
   * transactions consumed, with those they created (an export's outputs in its destination's
   * atomic memory). As the node's getUTXOs reads its accepted state, a transaction still
   * Processing changes nothing here; its inputs are only kept from a second spender.
   */
  utxos(chainId: string, createdOn: string): UtxoSet {
    const base = this.nw.utxos(chainId, createdOn);
    const settled = [...this.txs.values()].filter((i) => this.accepted(i)).map((i) => this.settle(i));
    const spent = new Set(settled.filter((s) => s.chainId === chainId).flatMap((s) => [...s.spent]));
    const created = settled.flatMap((s) =>
      s.created.filter((c) => c.chainId === chainId && c.utxo.createdOn === createdOn).map((c) => c.utxo),
    );
    if (created.length === 0 && ![...spent].some((id) => this.utxosById.has(id))) return base;
    const byAddress = new Map<string, SandboxUtxo[]>();
    for (const [addr, list] of base.byAddress)
      byAddress.set(
        addr,
        list.filter((u) => !spent.has(u.id)),
      );
    for (const u of created) {
      if (spent.has(u.id)) continue;
      for (const owner of u.owners) {
        const addr = Buffer.from(addressBytes(owner)).toString('hex');
        byAddress.set(addr, [...(byAddress.get(addr) ?? []), u]);
      }
    }
    for (const [addr, list] of byAddress) {
      if (list.length === 0) byAddress.delete(addr);
      else list.sort((a, b) => Buffer.compare(cb58Decode(a.id, 32), cb58Decode(b.id, 32)));
    }
    return { byAddress };
  }

  /** What an accepted transaction did to the UTXO sets, worked out once. */
  private settle(issued: Issued): NonNullable<Issued['settled']> {
    if (issued.settled) return issued.settled;
    const { tx } = issued;
    const here = this.chainId(tx.chain);
    const spent = new Set(tx.spends.map((s) => utxoId(s.txId, s.outputIndex)));
    const created: { chainId: string; utxo: SandboxUtxo }[] = [];
    // avalanchego numbers an export's exported outputs after the base outputs (UTXOs() of each tx type).
    let index = 0;
    for (const o of tx.outputs) {
      const outputIndex = index++;
      // A C-Chain import's outputs credit EVM accounts, not UTXOs; only secp256k1 transfers become spendable UTXOs here.
      if (o.typeId !== 7 || o.amount === undefined) continue;
      const chainId = o.exported ? tx.destinationChain! : here;
      const utxo: SandboxUtxo = {
        id: utxoId(tx.id, outputIndex),
        txId: tx.id,
        outputIndex,
        assetId: o.assetId,
        amount: o.amount,
        locktime: o.locktime,
        threshold: o.threshold,
        owners: o.addresses.map((a) => bech32.encode(this.nw.world.hrp, bech32.toWords(a))),
        createdOn: here,
      };
      created.push({ chainId, utxo });
      this.utxosById.set(utxo.id, utxo);
      this.madeOn.set(utxo.id, chainId);
    }
    issued.settled = { chainId: here, spent, created };
    return issued.settled;
  }

  /** What the transactions accepted so far did, in the order they were issued: what the Data API indexes. */
  acceptedChanges(): AcceptedChange[] {
    return [...this.txs.values()].filter((i) => this.accepted(i)).map((i) => ({ txId: i.tx.id, ...this.settle(i) }));
  }

  /** An issued transaction by id (cb58), or undefined. */
  get(txId: string): Issued | undefined {
    return this.txs.get(txId);
  }

  /** Whether it has been decided yet: Accepted once `acceptAfterMs` passed since it was issued. */
  accepted(issued: Issued): boolean {
    const done = Date.now() - issued.issuedAt >= this.acceptAfterMs();
    if (done && issued.height === undefined && issued.tx.chain === 'C') issued.height = this.cHeight();
    return done;
  }
}

/**
 * IssueTx for the X- or P-Chain service, and its GetTxStatus answering for the transactions issued
 * here before asking the chain's own (`status`): Processing, then Accepted (the P-Chain says Committed).
 */
export function issueMethods(
  mempool: Mempool,
  chain: 'X' | 'P',
  status: GorillaMethod,
): { IssueTx: GorillaMethod; GetTxStatus: GorillaMethod } {
  return {
    IssueTx: {
      args: { tx: 'string', encoding: 'encoding' },
      call: ({ tx, encoding }) => ({ txID: mempool.issue(chain, tx as string, encoding as string) }),
    },
    GetTxStatus: {
      args: status.args,
      call: (args) => {
        const issued = mempool.get(args.txID as string);
        if (!issued) return status.call(args);
        return { status: mempool.accepted(issued) ? (chain === 'P' ? 'Committed' : 'Accepted') : 'Processing' };
      },
    },
  };
}
