/**
 * The C-Chain's atomic API on the node (avax.*), on a `CChainAtomic` object per network: the
 * atomic UTXOs the X- or P-Chain exported to the C-Chain that wait to be imported, and an atomic
 * transaction's signed bytes by id. Submitting one is `submitSignedTransaction(chain: C_CHAIN)`,
 * and its status `signedTransactionStatus` (signed-tx.ts).
 */
import { PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import { parseSignedTx } from '../base/signed-tx.js';
import { decodeHexWithChecksum } from '../base/avax-codec.js';
import { newUtxos } from '../domain/utxos.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { avaxGetAtomicTx, avaxGetUTXOs } from '../upstreams/node/c-chain-atomic.js';
import type { UtxoIndex } from '../upstreams/node/x-chain.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { checkAddresses } from './inputs.js';
import { NetworkRef } from './refs.js';
import { AvalancheAddressScalar, CB58IdScalar } from './scalars.js';
import { NodeUtxoConnection, NodeUtxoRef, type NodeUtxoModel } from './x-chain.js';

interface CChainAtomicModel {
  network: NetworkName;
}

const ATOMIC_UTXOS_PAGE = pageSpec('avax.getUTXOs', 'utxos', { defaultFirst: 100, maxFirst: 4096 });
/** Addresses one avax.getUTXOs call may name (the gateway's bound, as for the X-Chain's). */
const MAX_UTXO_ADDRESSES = 64;

const CChainAtomicSourceEnum = builder.enumType('CChainAtomicSource', {
  description: 'A chain that exports to the C-Chain through shared memory.',
  values: {
    X_CHAIN: { value: 'x', description: 'The Exchange Chain.' },
    P_CHAIN: { value: 'p', description: 'The Platform Chain.' },
  } as const,
});

/** One avax.getUTXOs page, decoded, without the UTXOs `seen` holds; `more` is false once a page comes back short. */
async function atomicUtxoPage(
  ctx: GatewayContext,
  network: NetworkName,
  owners: string[],
  source: string,
  startIndex: UtxoIndex | undefined,
  limit: number,
  seen: Set<string>,
) {
  const page = await avaxGetUTXOs(ctx.node, network, {
    addresses: owners,
    sourceChain: source,
    limit,
    ...(startIndex ? { startIndex } : {}),
  });
  const utxos: NodeUtxoModel[] = newUtxos(network, page.utxos, source, seen);
  return { utxos, endIndex: page.endIndex, more: page.utxos.length > 0 && page.utxos.length >= limit };
}

interface AtomicTxModel {
  network: NetworkName;
  txId: string;
  hex: string;
  blockHeight?: string | number;
}

const CChainNodeAtomicTxRef = builder.objectRef<AtomicTxModel>('CChainNodeAtomicTransaction').implement({
  description: 'A C-Chain atomic transaction as the node holds it (avax.getAtomicTx): its signed bytes and where it was accepted.',
  fields: (t) => ({
    txId: t.exposeString('txId', { description: 'The transaction id (cb58).' }),
    signedTx: t.exposeString('hex', { description: "The signed bytes, hex with the node's 4-byte checksum." }),
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

const CChainAtomicRef = builder.objectRef<CChainAtomicModel>('CChainAtomic').implement({
  description: "The C-Chain's atomic side on the node (avax.*): UTXOs exported to it and its import/export transactions.",
  fields: (t) => ({
    utxos: t.connection(
      {
        type: NodeUtxoRef,
        nullable: true,
        description:
          "The atomic UTXOs `sourceChain` exported to the C-Chain for these addresses that are not imported yet, from the node (avax.getUTXOs), in the node's order. `first`: 1 to 4096 (default 100); up to 1024 per node call. A UTXO may show on two pages: the node does not promise consistency between calls.",
        args: {
          addresses: t.arg({
            type: [AvalancheAddressScalar],
            required: true,
            description: 'Addresses of this network ("avax1…" or "C-avax1…"), 1 to 64.',
          }),
          sourceChain: t.arg({
            type: CChainAtomicSourceEnum,
            required: true,
            description: 'The chain that exported them: X_CHAIN or P_CHAIN.',
          }),
        },
        price: paged(ATOMIC_UTXOS_PAGE),
        resolve: (c, args, ctx) => {
          if (args.addresses.length === 0 || args.addresses.length > MAX_UTXO_ADDRESSES)
            throw badInput(`\`addresses\` must hold 1 to ${MAX_UTXO_ADDRESSES} addresses (got ${args.addresses.length}).`, {
              argument: 'addresses',
            });
          const owners = checkAddresses(c.network, args.addresses, { argument: 'addresses' }).map((a) => `C-${a}`);
          const source = PRIMARY_CHAIN_IDS[c.network][args.sourceChain];
          const seen = new Set<string>();
          return pageConnection({
            cursors: ctx.cursors,
            args,
            spec: ATOMIC_UTXOS_PAGE,
            filters: [c.network, 'C', owners, source],
            fetchPage: ({ pageToken, pageSize }) =>
              atomicUtxoPage(ctx, c.network, owners, source, pageToken ? (JSON.parse(pageToken) as UtxoIndex) : undefined, pageSize, seen),
            read: (page) => ({ items: page.utxos, nextPageToken: page.more ? JSON.stringify(page.endIndex) : undefined }),
            toNode: (u) => u,
            keyOf: (u) => u.utxoId,
          });
        },
      },
      NodeUtxoConnection,
    ),
    transaction: t.field({
      type: CChainNodeAtomicTxRef,
      nullable: true,
      description: 'An atomic transaction the node knows, accepted or processing (avax.getAtomicTx); null when it knows none.',
      args: { txId: t.arg({ type: CB58IdScalar, required: true, description: 'The transaction id (cb58).' }) },
      price: { calls: 1 },
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
