/**
 * Staking on the Primary Network: validators and delegators, and the rewards each stake earns
 * when it ends.
 */
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { Builder, Output, Tx } from './builder.js';
import type { History } from './history.js';
import { assetAmount } from './render.js';
import { avaxPriceUsd, DAY, NANO, TIMELINE } from './timeline.js';

/** A stake on the Primary Network, as its reward needs it. */
export interface Stake {
  nodeId: string;
  start: number;
  end: number;
  rewardAddresses: string[];
  txHash: string;
  amount: bigint;
}

export function primaryNetworkStaking(b: Builder, h: History): void {
  const { rng } = b;
  const T = TIMELINE;
  const { at, between } = h;

  const validators: Stake[] = [];
  const stakeNodes = rng.sample(b.nodeIds, 70);
  for (const nodeId of stakeNodes) {
    const start = between(T.genesis + 5 * DAY, T.now - 20 * DAY);
    const end = start + between(14 * DAY, 365 * DAY);
    at(start, (time) => {
      const amount = rng.bigint(2_000n, 50_000n) * NANO;
      const staker = b.payer('p', amount + NANO);
      if (!staker) return;
      const type = time < T.durango ? 'AddValidatorTx' : 'AddPermissionlessValidatorTx';
      const tx = b.newTx('p', type, time);
      if (!b.pay(tx, staker, amount)) return;
      const rewardAddresses = rng.chance(0.7) ? [staker] : rng.sample(b.addresses, 1);
      b.output(tx, {
        spendOn: b.ids.p,
        addresses: [staker],
        assetId: b.avax,
        amount,
        kind: 'STAKE',
        stakeStart: time,
        stakeEnd: end,
      });
      tx.staked = amount;
      tx.parties.push(...rewardAddresses);
      tx.p = {
        nodeId,
        subnetId: PRIMARY_NETWORK_ID,
        startTimestamp: time,
        endTimestamp: end,
        delegationFeePercent: rng.pick(['2.0000', '5.0000', '10.0000', '20.0000']),
        rewardAddresses,
        estimatedReward: String((amount * BigInt(Math.round(((end - time) / (365 * DAY)) * 800))) / 10_000n),
        ...(type === 'AddPermissionlessValidatorTx' ? { blsCredentials: b.bls() } : {}),
      };
      b.commit(tx);
      const stake = { nodeId, start: time, end, rewardAddresses, txHash: tx.hash, amount };
      validators.push(stake);
      if (end < T.now) at(end, (t) => rewardStake(b, stake, t, 'VALIDATOR', tx));
    });
  }
  for (let i = 0; i < 90; i++) {
    at(between(T.genesis + 10 * DAY, T.now - 10 * DAY), (time) => {
      const open = validators.filter((v) => v.start < time && v.end > time + 15 * DAY);
      if (open.length === 0) return;
      const validator = rng.pick(open);
      const amount = rng.bigint(25n, 5_000n) * NANO;
      const delegator = b.payer('p', amount + NANO);
      if (!delegator) return;
      const type = time < T.durango ? 'AddDelegatorTx' : 'AddPermissionlessDelegatorTx';
      const tx = b.newTx('p', type, time);
      if (!b.pay(tx, delegator, amount)) return;
      const end = Math.min(validator.end, time + between(14 * DAY, 200 * DAY));
      b.output(tx, { spendOn: b.ids.p, addresses: [delegator], assetId: b.avax, amount, kind: 'STAKE', stakeStart: time, stakeEnd: end });
      tx.staked = amount;
      tx.parties.push(delegator);
      tx.p = {
        nodeId: validator.nodeId,
        subnetId: PRIMARY_NETWORK_ID,
        startTimestamp: time,
        endTimestamp: end,
        rewardAddresses: [delegator],
        estimatedReward: String(amount / 50n),
      };
      b.commit(tx);
      const stake = { nodeId: validator.nodeId, start: time, end, rewardAddresses: [delegator], txHash: tx.hash, amount };
      if (end < T.now) at(end, (t) => rewardStake(b, stake, t, 'DELEGATOR', tx, validator));
    });
  }
}

/** The RewardValidatorTx that ends a stake: the stake back as a spendable output, the reward as another. */
export function rewardStake(b: Builder, stake: Stake, time: number, kind: 'VALIDATOR' | 'DELEGATOR', stakingTx: Tx, validator?: Stake) {
  const tx = b.newTx('p', 'RewardValidatorTx', time);
  tx.burned = 0n;
  const staked = stakingTx.emitted.find((o) => o.kind === 'STAKE');
  // The stake comes back as a spendable output, the reward as another.
  if (staked) b.output(tx, { spendOn: b.ids.p, addresses: staked.addresses, assetId: b.avax, amount: staked.amount });
  const years = (stake.end - stake.start) / (365 * DAY);
  const reward = (stake.amount * BigInt(Math.max(1, Math.round(years * 750)))) / 10_000n;
  const outputs: { out: Output; type: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE'; addresses: string[] }[] = [];
  if (kind === 'DELEGATOR' && validator) {
    const fee = reward / 10n;
    outputs.push({
      out: b.output(tx, {
        spendOn: b.ids.p,
        addresses: stake.rewardAddresses,
        assetId: b.avax,
        amount: reward - fee,
        rewardType: 'DELEGATOR',
      }),
      type: 'DELEGATOR',
      addresses: stake.rewardAddresses,
    });
    outputs.push({
      out: b.output(tx, {
        spendOn: b.ids.p,
        addresses: validator.rewardAddresses,
        assetId: b.avax,
        amount: fee,
        rewardType: 'VALIDATOR_FEE',
      }),
      type: 'VALIDATOR_FEE',
      addresses: validator.rewardAddresses,
    });
  } else {
    outputs.push({
      out: b.output(tx, { spendOn: b.ids.p, addresses: stake.rewardAddresses, assetId: b.avax, amount: reward, rewardType: 'VALIDATOR' }),
      type: 'VALIDATOR',
      addresses: stake.rewardAddresses,
    });
  }
  tx.p = { nodeId: stake.nodeId, stakingTxHash: stake.txHash, subnetId: PRIMARY_NETWORK_ID };
  stakingTx.p = { ...stakingTx.p, rewardTxHash: tx.hash };
  b.commit(tx);
  for (const { out, type, addresses } of outputs) {
    b.rewards.push({
      addresses,
      txHash: stake.txHash,
      amountStaked: String(stake.amount),
      nodeId: stake.nodeId,
      startTimestamp: stake.start,
      endTimestamp: stake.end,
      rewardType: type,
      utxoId: out.id,
      outputIndex: out.outputIndex,
      reward: assetAmount(b, b.avax, out.amount),
      priceUsd: avaxPriceUsd(time),
      rewardTxHash: tx.hash,
    });
  }
}
