/**
 * Who is in the world from the start: 200 addresses (each with its EVM twin on the C-Chain), 140
 * nodes, and the genesis funds on the X- and P-Chain; and, after the history, one address with more
 * UTXOs than one avm.getUTXOs page.
 */
import { cb58Encode, formatBech32Address, formatNodeId, type NetworkName } from '../../src/base/ids.js';
import { sha } from '../random.js';
import type { Builder, Tx } from './builder.js';
import { NANO, TIMELINE } from './timeline.js';

/** The addresses, nodes and genesis funds; returns the two genesis transactions, which no listing shows. */
export function accountsAndGenesis(b: Builder): { x: Tx; p: Tx } {
  const { rng } = b;
  const T = TIMELINE;
  for (let i = 0; i < 200; i++) {
    const address = formatBech32Address(b.hrp, rng.bytes(20));
    b.addresses.push(address);
    b.evmTwin.set(address, b.evmAddress());
  }
  for (let i = 0; i < 140; i++) b.nodeIds.push(formatNodeId(rng.bytes(20)));

  // As on the real X-Chain, the genesis allocations are outputs of the CreateAssetTx that made
  // AVAX, whose id is the asset's id.
  const genesisTx = b.newTx('x', 'CreateAssetTx', T.genesis);
  genesisTx.hash = b.avax;
  genesisTx.assetCreated = b.avax;
  const genesisP = b.newTx('p', 'BaseTx', T.genesis);
  // It is in the P-Chain's genesis block, the node's block 0, and paid no fee.
  Object.assign(genesisP, { height: 0, blockHash: cb58Encode(sha(`p-genesis:${b.network}`)), burned: 0n, memo: '0x' });
  for (const address of b.addresses) {
    b.output(genesisTx, {
      spendOn: b.ids.x,
      addresses: [address],
      assetId: b.avax,
      amount: rng.bigint(10_000n, 1_000_000n) * NANO,
      mint: true,
    });
    if (rng.chance(0.6)) {
      b.output(genesisP, { spendOn: b.ids.p, addresses: [address], assetId: b.avax, amount: rng.bigint(10_000n, 500_000n) * NANO });
    }
  }
  // The genesis transactions are not in the Data API's listings; their outputs are (and the P-Chain's is read by its id).
  return { x: genesisTx, p: genesisP };
}

/**
 * A genesis allocation split into more UTXOs than the node returns in one page, so paging
 * through one address can be exercised. Added after the history and without the Rng, and to
 * an address no transaction picks, so nothing else in the world moves. Returns the address.
 */
export function manyUtxos(b: Builder, genesisX: Tx, network: NetworkName, seed: string): string {
  const manyUtxosAddress = formatBech32Address(b.hrp, sha(`many-utxos:${network}:${seed}`).subarray(0, 20));
  for (let i = 0; i < 1300; i++) {
    b.output(genesisX, {
      spendOn: b.ids.x,
      addresses: [manyUtxosAddress],
      assetId: b.avax,
      amount: BigInt(1_000 + i) * 1_000n,
      mint: true,
    });
  }
  return manyUtxosAddress;
}
