/**
 * avax.* at /ext/bc/C/avax: the C-Chain's atomic UTXOs (what the X- and P-Chain exported to it),
 * its atomic transactions' status and bytes, and issuing a signed one (./issued.ts verifies it).
 * Transactions of the world are Accepted at the height the Data API shows them at; those issued
 * here are Processing, then Accepted at the C-Chain's height of that moment.
 */
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { NodeWorld } from './chains/node-world.js';
import { encodeBytes, getUtxos, MAX_PAGE, type ChainLookup, type UtxoArgs } from './common.js';
import { RpcFailure, type Encoding, type GorillaService } from './gorilla.js';
import type { Mempool } from './issued.js';

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
        return getUtxos(nw, node, 'C', args as unknown as UtxoArgs, () => 'problem encoding utxo');
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
        // The world's atomic transactions have no bytes in the sandbox: only those issued here do.
        if (!issued) throw new RpcFailure(`could not find tx ${txID}`);
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
