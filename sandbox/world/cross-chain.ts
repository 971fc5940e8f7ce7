/**
 * Value moving between chains: an export on one chain followed by the import on the other
 * spends the same outputs; some exports are never imported and wait in shared memory.
 */
import type { Builder } from './builder.js';
import type { ChainKey } from './types.js';
import type { History } from './history.js';
import { DAY, NANO, TIMELINE } from './timeline.js';

export function crossChainMoves(b: Builder, h: History): void {
  const { rng } = b;
  const T = TIMELINE;
  const { at, between } = h;

  const moves: [ChainKey, ChainKey, number][] = [
    ['x', 'p', 45],
    ['p', 'x', 30],
    ['x', 'c', 40],
    ['c', 'x', 35],
    ['p', 'c', 25],
    ['c', 'p', 25],
  ];
  for (const [from, to, count] of moves) {
    for (let i = 0; i < count; i++) {
      const time = between(T.genesis + 2 * DAY, T.now - 4 * DAY);
      at(time, (t) => crossChain(from, to, t));
    }
  }

  function crossChain(from: ChainKey, to: ChainKey, time: number) {
    const amount = (rng.bigint(1n, 300n) * NANO) / 3n;
    const recipient = rng.pick(b.addresses);
    const exp = b.newTx(from, 'ExportTx', time);
    exp.sourceChain = b.ids[from];
    exp.destinationChain = b.ids[to];
    if (from === 'c') {
      const sender = rng.pick(b.addresses);
      exp.evmInputs = [{ fromAddress: b.evmTwin.get(sender)!, amount: amount + exp.burned }];
      exp.parties.push(sender);
    } else {
      const payer = b.payer(from, amount + NANO);
      if (!payer || !b.pay(exp, payer, amount)) return;
    }
    const moved = b.output(exp, { spendOn: b.ids[to], addresses: [recipient], assetId: b.avax, amount });
    b.commit(exp);
    // Some exports are never imported: their outputs wait in the destination's shared memory.
    if (rng.chance(0.1)) return;
    at(time + between(600, 3 * DAY), (t) => {
      const imp = b.newTx(to, 'ImportTx', t);
      imp.sourceChain = b.ids[from];
      imp.destinationChain = b.ids[to];
      b.consume(imp, moved);
      const net = moved.amount - imp.burned;
      if (to === 'c') {
        imp.evmOutputs = [{ toAddress: b.evmTwin.get(recipient)!, amount: net }];
      } else {
        b.output(imp, { spendOn: b.ids[to], addresses: [recipient], assetId: b.avax, amount: net });
      }
      b.commit(imp);
    });
  }
}
