/**
 * The examples' own ids in the world. The README and examples/*.graphql name a real mainnet
 * address; here it has a history of its own, so that each example shows data offline as it would
 * against the Data API: funds on the X- and P-Chain from genesis, a Primary Network validation
 * and its reward, and an export from the P-Chain that waits in the X-Chain's shared memory.
 *
 * Its transactions draw from a random source of their own (`Builder.using`) and spend only its own
 * outputs, so every other part of the world is what it would be without it; only the heights of
 * the P-Chain's later blocks move up by the blocks these take.
 */
import { bech32 } from '@scure/base';
import { formatBech32Address, formatNodeId, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { Rng, sha } from '../random.js';
import type { Builder, Tx } from './builder.js';
import type { History } from './history.js';
import { rewardStake, type Stake } from './staking.js';
import { DAY, NANO, TIMELINE } from './timeline.js';

/** The X- and P-Chain address the examples name (examples/address.variables.json, the README). */
export const SHOWCASE_ADDRESS = 'avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy';

/** The showcase address on a network: the same key, written with the network's prefix. */
export function showcaseAddress(hrp: string): string {
  return formatBech32Address(hrp, bech32.decodeToBytes(SHOWCASE_ADDRESS).bytes);
}

export function showcase(b: Builder, h: History, genesis: { x: Tx; p: Tx }): void {
  const T = TIMELINE;
  const rng = new Rng(`showcase:${b.network}`);
  const address = showcaseAddress(b.hrp);
  b.output(genesis.x, { spendOn: b.ids.x, addresses: [address], assetId: b.avax, amount: 25_000n * NANO, mint: true });
  b.output(genesis.p, { spendOn: b.ids.p, addresses: [address], assetId: b.avax, amount: 40_000n * NANO });

  // A validation of a node of its own (no other stake uses it), long over and rewarded.
  const nodeId = formatNodeId(sha(`showcase node:${b.network}`).subarray(0, 20));
  const start = T.durango + 40 * DAY;
  const end = start + 180 * DAY;
  h.at(start, (time) =>
    b.using(rng, () => {
      const amount = 20_000n * NANO;
      const tx = b.newTx('p', 'AddPermissionlessValidatorTx', time);
      if (!b.pay(tx, address, amount)) throw new Error('the showcase address cannot pay its stake');
      b.output(tx, { spendOn: b.ids.p, addresses: [address], assetId: b.avax, amount, kind: 'STAKE', stakeStart: time, stakeEnd: end });
      tx.staked = amount;
      tx.parties.push(address);
      tx.p = {
        nodeId,
        subnetId: PRIMARY_NETWORK_ID,
        startTimestamp: time,
        endTimestamp: end,
        delegationFeePercent: '2.0000',
        rewardAddresses: [address],
        estimatedReward: String((amount * 400n) / 10_000n),
        blsCredentials: b.bls(),
      };
      b.commit(tx);
      const stake: Stake = { nodeId, start: time, end, rewardAddresses: [address], txHash: tx.hash, amount };
      h.at(end, (t) => b.using(rng, () => rewardStake(b, stake, t, 'VALIDATOR', tx)));
    }),
  );

  // An export to the X-Chain that no import took: it waits in the X-Chain's shared memory.
  h.at(T.etna + 30 * DAY, (time) =>
    b.using(rng, () => {
      const amount = 125n * NANO;
      const tx = b.newTx('p', 'ExportTx', time);
      tx.sourceChain = b.ids.p;
      tx.destinationChain = b.ids.x;
      if (!b.pay(tx, address, amount)) throw new Error('the showcase address cannot pay its export');
      b.output(tx, { spendOn: b.ids.x, addresses: [address], assetId: b.avax, amount });
      b.commit(tx);
    }),
  );
}
