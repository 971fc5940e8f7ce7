/**
 * The sandbox's two services hold one set of UTXOs: what the node can spend (its getUTXOs) is what
 * the Data API lists unspent for the same chain, genesis allocations included, and every UTXO the
 * Data API lists names a transaction it reads by its id, which made that UTXO.
 */
import { describe, expect, it } from 'vitest';
import { chainUtxos } from '../../sandbox/world/primary-network-utxos.js';
import type { ChainKey } from '../../sandbox/world/types.js';
import { getWorld } from '../../sandbox/world/world.js';

describe('one world: the UTXOs of the node and of the Data API', () => {
  for (const network of ['mainnet', 'fuji'] as const) {
    const world = getWorld(network);
    it(`${network}: the Data API lists unspent exactly what the node can spend, on each chain`, () => {
      for (const chain of ['p', 'x', 'c'] as ChainKey[]) {
        const node = (world.utxos.get(world.chainIds[chain]) ?? []).map((u) => u.id).sort();
        // Staked outputs are the node's too, but as stake (getStake), not among its UTXOs.
        const listed = chainUtxos(world, chain)
          .filter((u) => u.spent === undefined && !('staked' in u.utxo && u.utxo.staked))
          .map((u) => u.utxo.utxoId)
          .sort();
        expect(listed, chain).toEqual(node);
        expect(node.length, chain).toBeGreaterThan(0);
      }
    });

    it(`${network}: every P-Chain UTXO the Data API lists was made by a transaction it reads by its id`, () => {
      const unread: string[] = [];
      for (const u of chainUtxos(world, 'p')) {
        if (u.utxo.createdOnChainId !== world.chainIds.p) continue;
        const txHash = 'txHash' in u.utxo ? u.utxo.txHash : u.utxo.creationTxHash;
        const entry = world.txByHash.get(txHash);
        const made = entry && 'emittedUtxos' in entry.tx ? entry.tx.emittedUtxos.some((e) => e.utxoId === u.utxo.utxoId) : false;
        if (!made) unread.push(u.utxo.utxoId);
      }
      expect(unread).toEqual([]);
    });
  }
});
