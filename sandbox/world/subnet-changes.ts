/**
 * What happens to subnets besides L1 conversions: legacy subnet validators added and removed,
 * ownership transfers, elastic subnets (TransformSubnetTx) and the time advances before Banff.
 */
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { Builder } from './builder.js';
import type { History } from './history.js';
import { DAY, NANO, TIMELINE } from './timeline.js';

export function subnetChanges(b: Builder, h: History): void {
  const { rng } = b;
  const T = TIMELINE;
  const { at, between } = h;

  for (let i = 0; i < 40; i++) {
    at(between(T.genesis + 40 * DAY, T.now - 5 * DAY), (time) => {
      const legacy = [...b.subnets.values()].filter((s) => !s.isL1 && s.subnetId !== PRIMARY_NETWORK_ID && s.createBlockTimestamp < time);
      if (legacy.length === 0) return;
      const subnet = rng.pick(legacy);
      const payer = b.payer('p', NANO);
      if (!payer) return;
      const add = b.newTx('p', 'AddSubnetValidatorTx', time);
      if (!b.pay(add, payer, 0n)) return;
      const end = time + between(30 * DAY, 300 * DAY);
      const nodeId = rng.pick(b.nodeIds);
      add.p = { nodeId, subnetId: subnet.subnetId, startTimestamp: time, endTimestamp: end };
      add.parties.push(...subnet.subnetOwnershipInfo.addresses);
      b.commit(add);
      if (rng.chance(0.35)) {
        at(between(time + DAY, Math.min(end, T.now - DAY)), (t) => {
          const p2 = b.payer('p', NANO);
          if (!p2) return;
          const rm = b.newTx('p', 'RemoveSubnetValidatorTx', t);
          if (!b.pay(rm, p2, 0n)) return;
          rm.p = { nodeId, subnetId: subnet.subnetId };
          rm.parties.push(...subnet.subnetOwnershipInfo.addresses);
          b.commit(rm);
        });
      }
    });
  }
  for (let i = 0; i < 8; i++) {
    at(between(T.genesis + 200 * DAY, T.now - 5 * DAY), (time) => {
      const owned = [...b.subnets.values()].filter((s) => s.subnetId !== PRIMARY_NETWORK_ID && s.createBlockTimestamp < time);
      if (owned.length === 0) return;
      const subnet = rng.pick(owned);
      const payer = b.payer('p', NANO);
      if (!payer) return;
      const tx = b.newTx('p', 'TransferSubnetOwnershipTx', time);
      if (!b.pay(tx, payer, 0n)) return;
      const owners = rng.sample(b.addresses, rng.int(1, 2));
      const info = { locktime: 0, threshold: 1, addresses: owners };
      tx.p = { subnetId: subnet.subnetId, subnetOwnershipInfo: info };
      tx.parties.push(...owners, ...subnet.subnetOwnershipInfo.addresses);
      b.commit(tx);
      subnet.subnetOwnershipInfo = info;
      subnet.ownerAddresses = owners;
      subnet.threshold = 1;
    });
  }
  for (let i = 0; i < 3; i++) {
    at(between(T.banff, T.durango), (time) => {
      const candidates = [...b.subnets.values()].filter(
        (s) => !s.isL1 && s.subnetId !== PRIMARY_NETWORK_ID && s.createBlockTimestamp < time,
      );
      if (candidates.length === 0) return;
      const subnet = rng.pick(candidates);
      const payer = b.payer('p', 10n * NANO);
      if (!payer) return;
      const tx = b.newTx('p', 'TransformSubnetTx', time);
      tx.burned = 10n * NANO;
      if (!b.pay(tx, payer, 0n)) return;
      tx.p = { subnetId: subnet.subnetId };
      tx.parties.push(...subnet.subnetOwnershipInfo.addresses);
      b.commit(tx);
    });
  }
  for (let i = 0; i < 5; i++) {
    at(between(T.genesis + DAY, T.banff), (time) => {
      const tx = b.newTx('p', 'AdvanceTimeTx', time);
      tx.burned = 0n;
      b.commit(tx);
    });
  }
}
