/**
 * The C-Chain's atomic API on the node (avax.*), on a `CChainAtomic` object per network: an atomic
 * transaction's signed bytes by id (its UTXOs waiting to be imported, `CChainAtomic.utxos`, are
 * NodeUtxos, so in x-chain.ts). Submitting one is `submitSignedTransaction(chain: C_CHAIN)`,
 * and its status `signedTransactionStatus` (signed-tx.ts).
 */
import type { NetworkName } from '../base/ids.js';
import { parseSignedTx } from '../base/signed-tx.js';
import { decodeHexWithChecksum } from '../base/avax-codec.js';
import { avaxGetAtomicTx } from '../upstreams/node/c-chain-atomic.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { CChainAtomicRef, NetworkRef } from './refs.js';
import { CB58IdScalar } from './scalars.js';
import { hexJsonBytes } from './leaf-bytes.js';
import { learnt } from './list-sizes.js';

/**
 * An atomic transaction's signed bytes in hex, as long as the longest seen. Since Apricot Phase 5 a
 * block's atomic transactions use at most 100,000 gas (coreth ap5.AtomicGasLimit), at least one a
 * byte (TxBytesGas), so one is within 100,000 bytes; no such bound held before it, when the 2 MiB a
 * message carries (utils/constants DefaultMaxMessageSize) bounded a block and its one atomic
 * transaction: priced so until one was seen, as a transaction is looked up one by one. Priced as any
 * leaf, one answered 684 bytes priced at 164 (issue 29's fuzzer).
 */
export const ATOMIC_TX_HEX_BYTES = learnt({
  kind: 'atomic-tx-hex-bytes',
  most: { mainnet: hexJsonBytes(2 * 1024 * 1024, true), fuji: hexJsonBytes(2 * 1024 * 1024, true) },
  anyNetwork: true,
});

interface AtomicTxModel {
  network: NetworkName;
  txId: string;
  hex: string;
  blockHeight?: string | number;
}

const CChainNodeAtomicTxRef = builder.objectRef<AtomicTxModel>('CChainNodeAtomicTransaction').implement({
  description: 'A C-Chain atomic transaction as the node holds it (avax.getAtomicTx): its signed bytes and where it was accepted.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its transaction id',
        'it is looked up through `CChainAtomic.transaction(txId:)`, under the network.',
      ),
      resolve: (tx) => entityId('CChainNodeAtomicTransaction', tx.network, tx.txId),
    }),
    txId: t.exposeString('txId', { description: 'The transaction id (cb58).' }),
    signedTx: t.exposeString('hex', {
      description: "The signed bytes, hex with the node's 4-byte checksum.",
      price: { bytes: ATOMIC_TX_HEX_BYTES },
    }),
    type: t.string({
      nullable: true,
      description: 'ImportTx or ExportTx, read from the bytes; null for bytes the gateway cannot read.',
      resolve: (tx) => {
        try {
          return parseSignedTx(decodeHexWithChecksum(tx.hex), 'C').type;
        } catch {
          return null;
        }
      },
    }),
    blockHeight: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The height of the C-Chain block that holds it; null while it is processing.',
      resolve: (tx) => (tx.blockHeight === undefined ? null : String(tx.blockHeight)),
    }),
  }),
});

CChainAtomicRef.implement({
  description: "The C-Chain's atomic side on the node (avax.*): UTXOs exported to it and its import/export transactions.",
  fields: (t) => ({
    transaction: t.field({
      type: CChainNodeAtomicTxRef,
      nullable: true,
      description: 'An atomic transaction the node knows, accepted or processing (avax.getAtomicTx); null when it knows none.',
      args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
      price: { calls: 1, reaches: ['avax.getAtomicTx'] },
      resolve: async (c, { txId }, ctx) => {
        const tx = await avaxGetAtomicTx(ctx.node, c.network, { txID: txId });
        return tx && { network: c.network, txId, hex: tx.tx, ...(tx.blockHeight !== undefined ? { blockHeight: tx.blockHeight } : {}) };
      },
    }),
  }),
});

builder.objectField(NetworkRef, 'cChainAtomic', (t) =>
  t.field({
    type: CChainAtomicRef,
    description: "The C-Chain's atomic API on the node (avax.*): UTXOs waiting to be imported, and atomic transactions by id.",
    resolve: (network) => ({ network: network.name }),
  }),
);
