/**
 * Staking as the Data API reports it, derived from the world's P-Chain history: every validation
 * (the Primary Network's and legacy subnets') with its status at the world's "now", every
 * delegation, the rewards still to be paid, the network's staking figures and the AVAX supply.
 * The figures the node also reports agree with it: uptimes are the node's (sandbox/node/p-chain.ts),
 * and the supply is the one platform.getCurrentSupply answers (genesis plus rewards paid).
 */
import { PRIMARY_NETWORK_ID, type NetworkName } from '../../src/base/ids.js';
import type { AvaxSupply, NetworkDetails } from '../../src/upstreams/data-api/network.js';
import type { DelegatorDetails, PendingReward, ValidatorDetails } from '../../src/upstreams/data-api/staking.js';
import type { PChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import type { AssetAmount } from '../../src/upstreams/data-api/wire.js';
import { subnetValidatorWeight } from '../node/chains/platform.js';
import { percent } from '../node/common.js';
import { sha } from '../random.js';
import { NANO, TIMELINE } from './timeline.js';
import type { SandboxWorld } from './types.js';
import { getWorld } from './world.js';

export interface StakingWorld {
  /** Every validation, oldest first. */
  validators: ValidatorDetails[];
  /** Every delegation, oldest first. */
  delegators: DelegatorDetails[];
  /** Rewards of running Primary Network stakes, oldest stake first. */
  pendingRewards: PendingReward[];
  details: NetworkDetails;
  supply: AvaxSupply;
}

const NOW = TIMELINE.now;
const VALIDATOR_TYPES = ['AddValidatorTx', 'AddPermissionlessValidatorTx', 'AddSubnetValidatorTx'];
const DELEGATOR_TYPES = ['AddDelegatorTx', 'AddPermissionlessDelegatorTx'];
const VERSIONS = ['avalanchego/1.13.0', 'avalanchego/1.13.1', 'avalanchego/1.13.2', 'avalanchego/1.12.2'];
/** The Primary Network's bounds on delegation: 4x the validator's own stake, 3M AVAX in all. */
const MAX_VALIDATOR_WEIGHT = 3_000_000n * NANO;
const CITIES = [
  { city: 'Frankfurt', country: 'Germany', countryCode: 'DE', latitude: 50.11, longitude: 8.68 },
  { city: 'Ashburn', country: 'United States', countryCode: 'US', latitude: 39.04, longitude: -77.49 },
  { city: 'Singapore', country: 'Singapore', countryCode: 'SG', latitude: 1.35, longitude: 103.82 },
  { city: 'Tokyo', country: 'Japan', countryCode: 'JP', latitude: 35.68, longitude: 139.69 },
];

const statusAt = (t: PChainTransaction) => (t.startTimestamp! > NOW ? 'pending' : t.endTimestamp! <= NOW ? 'completed' : 'active');
const staked = (t: PChainTransaction) =>
  t.txType === 'AddSubnetValidatorTx' ? BigInt(subnetValidatorWeight(t.txHash)) : BigInt(t.amountStaked[0]?.amount ?? '0');
const sum = (items: readonly bigint[]) => items.reduce((s, v) => s + v, 0n);

/** nAVAX as the Data API writes AVAX amounts: a decimal string, without trailing zeros. */
export function avaxDecimal(nano: bigint): string {
  const frac = (nano % NANO).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${nano / NANO}.${frac}` : String(nano / NANO);
}

function pick<T>(label: string, items: readonly T[]): T {
  return items[sha(label)[0]! % items.length]!;
}

function build(world: SandboxWorld): StakingWorld {
  const txs = world.transactions.p;
  const validations = txs.filter((t) => VALIDATOR_TYPES.includes(t.txType)).sort((a, b) => a.startTimestamp! - b.startTimestamp!);
  const delegations = txs.filter((t) => DELEGATOR_TYPES.includes(t.txType)).sort((a, b) => a.startTimestamp! - b.startTimestamp!);
  const validationOf = (d: PChainTransaction) =>
    validations.find(
      (v) =>
        v.subnetId === PRIMARY_NETWORK_ID &&
        v.nodeId === d.nodeId &&
        v.startTimestamp! <= d.startTimestamp! &&
        v.endTimestamp! >= d.endTimestamp!,
    );
  const rewardsOf = (txHash: string, type: string) =>
    sum(world.rewards.filter((r) => r.txHash === txHash && r.rewardType === type).map((r) => BigInt(r.reward.amount)));
  const removal = (v: PChainTransaction) =>
    v.txType === 'AddSubnetValidatorTx'
      ? txs.find(
          (r) =>
            r.txType === 'RemoveSubnetValidatorTx' &&
            r.nodeId === v.nodeId &&
            r.subnetId === v.subnetId &&
            r.blockTimestamp > v.blockTimestamp,
        )
      : undefined;
  const feeOf = (d: PChainTransaction) => validationOf(d)?.delegationFeePercent ?? '2.0000';
  const estimate = (t: PChainTransaction) => BigInt(t.estimatedReward ?? '0');
  const activeValidations = validations.filter((v) => v.subnetId === PRIMARY_NETWORK_ID && statusAt(v) === 'active');
  const activeDelegations = delegations.filter((d) => statusAt(d) === 'active');
  const totalActive = sum(activeValidations.map(staked));

  const delegator = (d: PChainTransaction): DelegatorDetails => {
    const common = {
      txHash: d.txHash,
      nodeId: d.nodeId!,
      rewardAddresses: d.rewardAddresses ?? [],
      amountDelegated: String(staked(d)),
      delegationFee: feeOf(d),
      startTimestamp: d.startTimestamp!,
      endTimestamp: d.endTimestamp!,
    };
    const status = statusAt(d);
    if (status === 'completed') {
      const net = rewardsOf(d.txHash, 'DELEGATOR');
      return {
        ...common,
        grossReward: String(net + rewardsOf(d.txHash, 'VALIDATOR_FEE')),
        netReward: String(net),
        delegationStatus: status,
      };
    }
    const gross = estimate(d);
    const net = gross - (gross * BigInt(Math.round(Number(feeOf(d)) * 10_000))) / 1_000_000n;
    return { ...common, estimatedGrossReward: String(gross), estimatedNetReward: String(net), delegationStatus: status };
  };

  const validator = (v: PChainTransaction): ValidatorDetails => {
    const common = {
      txHash: v.txHash,
      nodeId: v.nodeId!,
      subnetId: v.subnetId!,
      amountStaked: String(staked(v)),
      ...(v.delegationFeePercent ? { delegationFee: v.delegationFeePercent } : {}),
      startTimestamp: v.startTimestamp!,
      endTimestamp: v.endTimestamp!,
      ...(v.txType === 'AddPermissionlessValidatorTx' && v.blsCredentials ? { blsCredentials: v.blsCredentials } : {}),
    };
    const removed = removal(v);
    if (removed) return { ...common, removeTxHash: removed.txHash, removeTimestamp: removed.blockTimestamp, validationStatus: 'removed' };
    const status = statusAt(v);
    if (status === 'pending') return { ...common, validationStatus: status };
    const mine = delegations.filter((d) => validationOf(d) === v && (status === 'completed' || statusAt(d) === 'active'));
    const delegated = sum(mine.map(staked));
    const primary = v.subnetId === PRIMARY_NETWORK_ID;
    if (status === 'completed') {
      return {
        ...common,
        delegatorCount: mine.length,
        amountDelegated: String(delegated),
        rewards: {
          validationRewardAmount: String(primary ? rewardsOf(v.txHash, 'VALIDATOR') : 0n),
          delegationRewardAmount: String(sum(mine.map((d) => rewardsOf(d.txHash, 'VALIDATOR_FEE')))),
          rewardAddresses: v.rewardAddresses ?? [],
          ...(v.rewardTxHash ? { rewardTxHash: v.rewardTxHash } : {}),
        },
        validationStatus: status,
      };
    }
    const own = staked(v);
    const cap = (own * 4n < MAX_VALIDATOR_WEIGHT ? own * 4n : MAX_VALIDATOR_WEIGHT) - own - delegated;
    const health = (what: string, low: number) => Math.round(percent(`${what}:${v.nodeId}`, low) * 100) / 100;
    const benched = (what: string) => Math.round((100 - health(what, 97)) * 100) / 100;
    return {
      ...common,
      stakePercentage: primary && totalActive > 0n ? Number((own * 1_000_000n) / totalActive) / 10_000 : 0,
      delegatorCount: mine.length,
      amountDelegated: String(delegated),
      uptimePerformance: percent(`uptime:${v.txHash}`, 90),
      avalancheGoVersion: pick(`version:${v.nodeId}`, VERSIONS),
      delegationCapacity: String(primary && cap > 0n ? cap : 0n),
      potentialRewards: {
        validationRewardAmount: String(estimate(v)),
        delegationRewardAmount: String(sum(mine.map((d) => (estimate(d) * BigInt(Math.round(Number(feeOf(d)) * 10_000))) / 1_000_000n))),
        rewardAddresses: v.rewardAddresses ?? [],
      },
      validationStatus: status,
      validatorHealth: {
        reachabilityPercent: health('reach', 95),
        benchedPChainRequestsPercent: benched('benchP'),
        benchedXChainRequestsPercent: benched('benchX'),
        benchedCChainRequestsPercent: benched('benchC'),
      },
      geolocation: pick(`geo:${v.nodeId}`, CITIES),
    };
  };

  const avax = (amount: bigint): AssetAmount => ({ ...world.rewards[0]!.reward, amount: String(amount) });
  const pending = (t: PChainTransaction, rewardType: 'VALIDATOR' | 'DELEGATOR'): PendingReward => ({
    addresses: t.rewardAddresses ?? [],
    txHash: t.txHash,
    amountStaked: String(staked(t)),
    nodeId: t.nodeId!,
    startTimestamp: t.startTimestamp!,
    endTimestamp: t.endTimestamp!,
    rewardType,
    progress: Math.round(((NOW - t.startTimestamp!) / (t.endTimestamp! - t.startTimestamp!)) * 10_000) / 100,
    estimatedReward: avax(estimate(t)),
  });
  const pendingRewards = [
    ...activeValidations.map((v) => pending(v, 'VALIDATOR')),
    ...activeDelegations.map((d) => pending(d, 'DELEGATOR')),
  ].sort((a, b) => a.startTimestamp - b.startTimestamp);

  const validatorList = validations.map(validator);
  const totalRewards = sum(world.rewards.map((r) => BigInt(r.reward.amount)));
  const genesis = 360_000_000n * NANO;
  const totalSupply = genesis + totalRewards;
  const delegatedActive = sum(activeDelegations.map(staked));
  const byVersion = new Map<string, { amount: bigint; count: number }>();
  for (const v of validatorList) {
    if (v.validationStatus !== 'active' || v.subnetId !== PRIMARY_NETWORK_ID) continue;
    const entry = byVersion.get(v.avalancheGoVersion!) ?? { amount: 0n, count: 0 };
    byVersion.set(v.avalancheGoVersion!, { amount: entry.amount + BigInt(v.amountStaked), count: entry.count + 1 });
  }
  const details: NetworkDetails = {
    validatorDetails: {
      validatorCount: activeValidations.length,
      totalAmountStaked: String(totalActive),
      estimatedAnnualStakingReward: String(sum([...activeValidations, ...activeDelegations].map(estimate))),
      stakingDistributionByVersion: [...byVersion].map(([version, { amount, count }]) => ({
        version,
        amountStaked: String(amount),
        validatorCount: count,
      })),
      stakingRatio: (Number(((totalActive + delegatedActive) * 1_000_000n) / totalSupply) / 1_000_000).toString(),
    },
    delegatorDetails: { delegatorCount: activeDelegations.length, totalAmountStaked: String(delegatedActive) },
  };

  const avaxOf = (list: readonly AssetAmount[] | undefined) =>
    sum((list ?? []).filter((a) => a.assetId === world.avaxAssetId).map((a) => BigInt(a.amount)));
  const burnedP = sum(txs.map((t) => avaxOf(t.amountBurned)));
  const l1Fees = sum(txs.map((t) => avaxOf(t.amountL1ValidatorBalanceBurned)));
  const burnedX = sum(world.transactions.x.map((t) => avaxOf(t.amountUnlocked) - avaxOf(t.amountCreated)));
  const burnedC = sum(world.transactions.c.map((t) => avaxOf(t.amountUnlocked) - avaxOf(t.amountCreated)));
  const stakedNow = totalActive + delegatedActive;
  const locked = sum(
    [...world.utxos.values()].flat().flatMap((u) => (u.assetId === world.avaxAssetId && u.locktime > BigInt(NOW) ? [u.amount] : [])),
  );
  const burned = burnedP + burnedX + burnedC + l1Fees;
  const supply: AvaxSupply = {
    circulatingSupply: avaxDecimal(totalSupply - burned - locked - stakedNow),
    totalSupply: avaxDecimal(totalSupply - burned),
    totalPBurned: avaxDecimal(burnedP + l1Fees),
    totalCBurned: avaxDecimal(burnedC),
    totalXBurned: avaxDecimal(burnedX),
    totalStaked: avaxDecimal(stakedNow),
    totalLocked: avaxDecimal(locked),
    totalRewards: avaxDecimal(totalRewards),
    lastUpdated: new Date(NOW * 1000).toISOString(),
    genesisUnlock: avaxDecimal(genesis),
    l1ValidatorFees: avaxDecimal(l1Fees),
  };
  return { validators: validatorList, delegators: delegations.map(delegator), pendingRewards, details, supply };
}

const cache = new Map<string, StakingWorld>();

/** Staking of a network for a seed, derived once per process. */
export function getStakingWorld(network: NetworkName, seed = 'avalanche'): StakingWorld {
  const key = `${network}:${seed}`;
  let staking = cache.get(key);
  if (!staking) cache.set(key, (staking = build(getWorld(network, seed))));
  return staking;
}
