/**
 * UTXOs (src/graph/utxo.ts): the Data API sends a P-Chain UTXO in one shape and an X-/C-Chain
 * UTXO in another; one `Utxo` type reads both, so the same field answers from either shape, and a
 * field only one chain fills is null on the other rather than a guess.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');

const Fields = `utxoId txHash outputIndex amount assetId asset { symbol denomination amount } addresses { address } threshold
  utxoType blockTimestamp blockNumber consumingTxHash consumingBlockTimestamp locktime platformLocktime staked
  utxoStartTimestamp utxoEndTimestamp credentials { signature publicKey }`;

describe('one Utxo type over both upstream shapes', () => {
  it("reads a P-Chain stake and a spent X-Chain output, each field from its chain's own name for it", async () => {
    const pTx = world.transactions.p.find((t) => t.emittedUtxos.some((u) => u.staked))!;
    const stake = pTx.emittedUtxos.find((u) => u.staked)!;
    const xTx = world.transactions.x.find((t) => t.consumedUtxos.some((u) => u.credentials?.length))!;
    const spent = xTx.consumedUtxos.find((u) => u.credentials?.length)!;
    const res = await h.raw<any>(`{ network {
      p: transaction(chain: P_CHAIN, txHash: "${pTx.txHash}") { emittedUtxos { ${Fields} } }
      x: transaction(chain: X_CHAIN, txHash: "${xTx.txHash}") { consumedUtxos { ${Fields} } }
    } }`);
    expect(res.errors).toBeUndefined();
    const p = res.data.network.p.emittedUtxos.find((u: any) => u.utxoId === stake.utxoId);
    expect(p).toEqual({
      utxoId: stake.utxoId,
      txHash: pTx.txHash,
      outputIndex: Number(stake.outputIndex),
      amount: String(stake.amount),
      assetId: stake.assetId,
      asset: { symbol: 'AVAX', denomination: 9, amount: String(stake.asset.amount) },
      addresses: stake.addresses.map((address) => ({ address })),
      threshold: stake.threshold,
      utxoType: 'STAKE',
      blockTimestamp: stake.blockTimestamp,
      blockNumber: String(stake.blockNumber),
      consumingTxHash: stake.consumingTxHash ?? null,
      consumingBlockTimestamp: stake.consumingBlockTimestamp ?? null,
      locktime: null,
      platformLocktime: String(stake.platformLocktime),
      staked: true,
      utxoStartTimestamp: stake.utxoStartTimestamp,
      utxoEndTimestamp: stake.utxoEndTimestamp,
      credentials: null,
    });
    const x = res.data.network.x.consumedUtxos.find((u: any) => u.utxoId === spent.utxoId);
    expect(x).toEqual({
      utxoId: spent.utxoId,
      txHash: spent.creationTxHash,
      outputIndex: Number(spent.outputIndex),
      amount: String(spent.asset.amount),
      assetId: spent.asset.assetId,
      asset: { symbol: spent.asset.symbol, denomination: spent.asset.denomination, amount: String(spent.asset.amount) },
      addresses: spent.addresses.map((address) => ({ address })),
      threshold: spent.threshold,
      utxoType: spent.utxoType,
      blockTimestamp: spent.timestamp,
      blockNumber: null,
      consumingTxHash: xTx.txHash,
      consumingBlockTimestamp: spent.consumingTxTimestamp,
      locktime: String(spent.locktime),
      platformLocktime: null,
      staked: null,
      utxoStartTimestamp: null,
      utxoEndTimestamp: null,
      credentials: spent.credentials,
    });
    expect(h.sandbox.counts).toEqual({ getTxByHash: 2 });
  });
});
