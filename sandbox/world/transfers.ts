/**
 * Value moving on one chain: X-Chain assets created, AVAX and custom assets sent, NFTs
 * operated on, and P-Chain transfers.
 */
import { type Builder, WORDS_A, WORDS_B } from './builder.js';
import type { History } from './history.js';
import { CREATE_ASSET_TX_FEE, DAY, NANO, TIMELINE } from './timeline.js';

export function transfersAndAssets(b: Builder, h: History): void {
  const { rng } = b;
  const T = TIMELINE;
  const { at, between } = h;

  for (let i = 0; i < 12; i++) {
    at(between(T.genesis + DAY, T.now - 30 * DAY), (time) => {
      const creator = b.payer('x', NANO);
      if (!creator) return;
      const tx = b.newTx('x', 'CreateAssetTx', time);
      tx.burned = CREATE_ASSET_TX_FEE;
      if (!b.pay(tx, creator, 0n)) return;
      const nft = rng.chance(0.25);
      const name = `${rng.pick(WORDS_A)} ${rng.pick(WORDS_B)}`.replace(/\b\w/g, (c) => c.toUpperCase());
      b.assets.set(tx.hash, {
        name,
        symbol: name
          .split(' ')
          .map((w) => w.slice(0, 2))
          .join('')
          .toUpperCase()
          .slice(0, 4),
        denomination: nft ? 0 : rng.int(0, 9),
        type: nft ? 'nft' : 'secp256k1',
        createdAt: time,
        cap: rng.chance(0.5) ? 'fixed' : 'variable',
      });
      tx.assetCreated = tx.hash;
      const holders = rng.sample(b.addresses, rng.int(1, 4));
      for (const holder of holders) {
        b.output(tx, {
          spendOn: b.ids.x,
          addresses: [holder],
          assetId: tx.hash,
          amount: nft ? 1n : rng.bigint(1_000n, 10_000_000n),
          mint: true,
          ...(nft ? { groupId: 0, payload: rng.hex(16) } : {}),
        });
      }
      b.commit(tx);
    });
  }
  for (let i = 0; i < 260; i++) {
    at(between(T.genesis + DAY, T.now - DAY), (time) => {
      const payer = b.payer('x', NANO);
      if (!payer) return;
      const tx = b.newTx('x', 'BaseTx', time);
      const recipients = rng.sample(
        b.addresses.filter((a) => a !== payer),
        rng.int(1, 3),
      );
      const amounts = recipients.map(() => (rng.bigint(1n, 400n) * NANO) / 2n);
      if (
        !b.pay(
          tx,
          payer,
          amounts.reduce((s, a) => s + a, 0n),
        )
      )
        return;
      recipients.forEach((to, k) => {
        b.output(tx, { spendOn: b.ids.x, addresses: [to], assetId: b.avax, amount: amounts[k]! });
      });
      // Sometimes a custom asset moves along with the AVAX.
      const held = [...b.assets.keys()].filter((id) => id !== b.avax && b.spendable(b.ids.x, payer, id).length > 0);
      if (held.length > 0 && rng.chance(0.5)) {
        const assetId = rng.pick(held);
        const out = b.spendable(b.ids.x, payer, assetId)[0]!;
        b.consume(tx, out);
        b.output(tx, {
          spendOn: b.ids.x,
          addresses: [recipients[0]!],
          assetId,
          amount: out.amount,
          ...(out.groupId !== undefined ? { groupId: out.groupId, payload: out.payload } : {}),
        });
      }
      b.commit(tx);
    });
  }
  for (let i = 0; i < 8; i++) {
    at(between(T.genesis + 30 * DAY, T.now - DAY), (time) => {
      const nfts = [...b.assets].filter(([, a]) => a.type === 'nft').map(([id]) => id);
      for (const address of rng.sample(b.addresses, 200)) {
        const held = nfts.flatMap((id) => b.spendable(b.ids.x, address, id));
        if (held.length === 0) continue;
        const tx = b.newTx('x', 'OperationTx', time);
        if (!b.pay(tx, address, 0n)) continue;
        const out = held[0]!;
        b.consume(tx, out);
        b.output(tx, {
          spendOn: b.ids.x,
          addresses: [rng.pick(b.addresses)],
          assetId: out.assetId,
          amount: 1n,
          groupId: out.groupId,
          payload: rng.hex(16),
          mint: true,
        });
        b.commit(tx);
        return;
      }
    });
  }
  for (let i = 0; i < 60; i++) {
    at(between(T.genesis + DAY, T.now - DAY), (time) => {
      const payer = b.payer('p', 2n * NANO);
      if (!payer) return;
      const tx = b.newTx('p', 'BaseTx', time);
      const to = rng.pick(b.addresses);
      const amount = (rng.bigint(1n, 200n) * NANO) / 4n;
      if (!b.pay(tx, payer, amount)) return;
      b.output(tx, { spendOn: b.ids.p, addresses: [to], assetId: b.avax, amount });
      b.commit(tx);
    });
  }
}
