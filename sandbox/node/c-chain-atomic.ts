/**
 * avax.* at /ext/bc/C/avax: the C-Chain's atomic UTXOs (what the X- and P-Chain exported to it),
 * its atomic transactions' status and bytes, and issuing a signed one (./issued.ts verifies it).
 * Transactions of the world are Accepted at the height the Data API shows them at, with bytes
 * written from what it shows of them; those issued here are Processing, then Accepted at the
 * C-Chain's height of that moment.
 */
import { cb58Decode, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { CChainAtomicTransaction } from '../../src/upstreams/data-api/transaction.js';
import { addressBytes, NETWORK_ID, signature, TYPE } from './chains/avax.js';
import type { NodeWorld } from './chains/node-world.js';
import { encodeBytes, getUtxos, MAX_PAGE, type ChainLookup, type UtxoArgs } from './common.js';
import { RpcFailure, type Encoding, type GorillaService } from './gorilla.js';
import type { Mempool } from './issued.js';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: bigint | number | string) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const list = (items: Buffer[]) => Buffer.concat([u32(items.length), ...items]);
const evmAddress = (hex: string) => Buffer.from(hex.replace(/^0x/, ''), 'hex');

/**
 * A world atomic transaction's signed bytes as coreth's codec writes them, from what the Data API
 * shows of it (inputs, outputs, their owners and amounts), with stand-in signatures of 65 bytes
 * (the world's keys are unknown): what avax.getAtomicTx answers for it.
 */
function worldAtomicTxBytes(nw: NodeWorld, t: CChainAtomicTransaction): Uint8Array {
  const { c } = nw.world.chainIds;
  const head = [Buffer.alloc(2), u32(t.txType === 'ImportTx' ? 0 : 1), u32(NETWORK_ID[nw.network]), Buffer.from(cb58Decode(c, 32))];
  let body: Buffer[];
  let signers: number;
  if (t.txType === 'ImportTx') {
    const inputs = t.consumedUtxos.map((u) =>
      Buffer.concat([
        Buffer.from(cb58Decode(u.creationTxHash, 32)),
        u32(Number(u.outputIndex)),
        Buffer.from(cb58Decode(u.asset.assetId, 32)),
        u32(TYPE.transferInput),
        u64(u.asset.amount),
        list([u32(0)]),
      ]),
    );
    const outs = t.evmOutputs.map((o) =>
      Buffer.concat([evmAddress(o.toAddress), u64(o.asset.amount), Buffer.from(cb58Decode(o.asset.assetId, 32))]),
    );
    body = [Buffer.from(cb58Decode(t.sourceChain, 32)), list(inputs), list(outs)];
    signers = inputs.length;
  } else {
    const ins = t.evmInputs.map((i) =>
      Buffer.concat([evmAddress(i.fromAddress), u64(i.asset.amount), Buffer.from(cb58Decode(i.asset.assetId, 32)), u64(0)]),
    );
    const outputs = t.emittedUtxos.map((u) =>
      Buffer.concat([
        Buffer.from(cb58Decode(u.asset.assetId, 32)),
        u32(TYPE.transferOutput),
        u64(u.asset.amount),
        u64(u.locktime),
        u32(u.threshold),
        list(u.addresses.map((a) => Buffer.from(addressBytes(a)))),
      ]),
    );
    body = [Buffer.from(cb58Decode(t.destinationChain, 32)), list(ins), list(outputs)];
    signers = ins.length;
  }
  const credentials = Array.from({ length: signers }, (_v, i) =>
    Buffer.concat([
      u32(TYPE.credential),
      list([Buffer.concat([Buffer.from(signature(`${t.txHash}:${i}`)), Buffer.alloc(65)]).subarray(0, 65)]),
    ]),
  );
  return Buffer.concat([...head, ...body, list(credentials)]);
}

export function avaxService(nw: NodeWorld, node: ChainLookup, mempool: Mempool): GorillaService {
  const worldTxs = new Map(nw.world.transactions.c.map((t) => [t.txHash, t]));
  const nilId = (txID: string) => {
    if (txID === PRIMARY_NETWORK_ID) throw new RpcFailure('nil transaction ID');
  };
  return {
    GetUTXOs: {
      args: {
        addresses: 'strings',
        sourceChain: 'string',
        limit: 'uint32',
        startIndex: { address: 'string', utxo: 'string' },
        encoding: 'encoding',
      },
      call: (args) => {
        const { addresses, sourceChain } = args as unknown as UtxoArgs;
        if (addresses.length === 0) throw new RpcFailure('no addresses provided');
        if (addresses.length > MAX_PAGE)
          throw new RpcFailure(`number of addresses given, ${addresses.length}, exceeds maximum, ${MAX_PAGE}`);
        if (sourceChain === '') throw new RpcFailure('no source chain provided');
        return getUtxos(nw, node, mempool, 'C', args as unknown as UtxoArgs, () => 'problem encoding utxo');
      },
    },
    IssueTx: {
      args: { tx: 'string', encoding: 'encoding' },
      call: ({ tx, encoding }) => ({ txID: mempool.issue('C', tx as string, encoding as string) }),
    },
    GetAtomicTxStatus: {
      args: { txID: 'id' },
      call: ({ txID }) => {
        nilId(txID as string);
        const issued = mempool.get(txID as string);
        if (issued) return mempool.accepted(issued) ? { status: 'Accepted', blockHeight: String(issued.height) } : { status: 'Processing' };
        const known = worldTxs.get(txID as string);
        return known ? { status: 'Accepted', blockHeight: String(known.blockHeight) } : { status: 'Unknown' };
      },
    },
    GetAtomicTx: {
      args: { txID: 'id', encoding: 'encoding' },
      call: ({ txID, encoding }) => {
        nilId(txID as string);
        const issued = mempool.get(txID as string);
        if (!issued) {
          const known = worldTxs.get(txID as string);
          if (!known) throw new RpcFailure(`could not find tx ${txID}`);
          return { tx: encodeBytes(encoding as Encoding, worldAtomicTxBytes(nw, known)), encoding, blockHeight: String(known.blockHeight) };
        }
        const accepted = mempool.accepted(issued);
        return {
          tx: encodeBytes(encoding as Encoding, issued.bytes),
          encoding,
          ...(accepted ? { blockHeight: String(issued.height) } : {}),
        };
      },
    },
  };
}
