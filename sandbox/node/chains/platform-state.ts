/**
 * What the sandbox node's P-Chain knows beyond its blocks, derived from the world's P
 * transactions: validator sets at any time (stake plus delegations, as the node weighs them), the
 * dynamic fee's and the L1 validator fee's configuration and state, reward UTXOs and the staked
 * outputs of addresses. Everything is a function of the world, so the same seed gives the same
 * answers.
 */
import { encodeTransferUtxo } from '../../../src/base/avax-codec.js';
import { PRIMARY_NETWORK_ID } from '../../../src/base/ids.js';
import type { PChainTransaction } from '../../../src/upstreams/data-api/transaction.js';
import { sha } from '../../random.js';
import type { SandboxWorld } from '../../world/types.js';
import { subnetValidatorWeight } from './platform.js';

/** One validator of a set at a time: its weight (own stake and delegations) and BLS key, if it registered one. */
export interface ValidatorAt {
  nodeId: string;
  weight: bigint;
  publicKey: string | null;
}

const running = (t: PChainTransaction, time: number) => t.startTimestamp! <= time && t.endTimestamp! > time;

/** The stake a staking transaction locks. */
const staked = (t: PChainTransaction) => BigInt(t.amountStaked[0]?.amount ?? '0');

/**
 * Every subnet's validator set at `time` (Unix s), by subnet id: the Primary Network's stakers
 * (weight: stake plus running delegations), legacy subnet validators (not removed by then), and
 * L1 validators registered by then and still active.
 */
export function validatorSetsAt(world: SandboxWorld, time: number): Map<string, ValidatorAt[]> {
  const txs = world.transactions.p;
  const sets = new Map<string, Map<string, ValidatorAt>>();
  const add = (subnetId: string, v: ValidatorAt) => {
    let set = sets.get(subnetId);
    if (!set) sets.set(subnetId, (set = new Map()));
    const had = set.get(v.nodeId);
    set.set(v.nodeId, had ? { ...had, weight: had.weight + v.weight } : v);
  };
  for (const t of txs) {
    if (!running(t, time)) continue;
    if (t.txType === 'AddValidatorTx' || t.txType === 'AddPermissionlessValidatorTx') {
      const key = t.txType === 'AddPermissionlessValidatorTx' ? (t.blsCredentials?.publicKey ?? null) : null;
      add(PRIMARY_NETWORK_ID, { nodeId: t.nodeId!, weight: staked(t), publicKey: key as string | null });
    }
  }
  for (const t of txs) {
    if (!running(t, time)) continue;
    if ((t.txType === 'AddDelegatorTx' || t.txType === 'AddPermissionlessDelegatorTx') && sets.get(PRIMARY_NETWORK_ID)?.has(t.nodeId!)) {
      add(PRIMARY_NETWORK_ID, { nodeId: t.nodeId!, weight: staked(t), publicKey: null });
    }
    if (t.txType === 'AddSubnetValidatorTx') {
      const removed = txs.some(
        (r) =>
          r.txType === 'RemoveSubnetValidatorTx' &&
          r.subnetId === t.subnetId &&
          r.nodeId === t.nodeId &&
          r.blockTimestamp > t.blockTimestamp &&
          r.blockTimestamp <= time,
      );
      if (!removed) add(t.subnetId!, { nodeId: t.nodeId!, weight: BigInt(subnetValidatorWeight(t.txHash)), publicKey: null });
    }
  }
  for (const v of world.l1Validators) {
    if (v.active && v.weight > 0 && v.creationTimestamp <= time) {
      add(v.subnetId, { nodeId: v.nodeId, weight: BigInt(v.weight), publicKey: String(v.blsCredentials.publicKey) });
    }
  }
  return new Map([...sets].map(([subnet, set]) => [subnet, [...set.values()].sort((a, b) => (a.nodeId < b.nodeId ? -1 : 1))]));
}

/** A set's canonical (warp) form: validators with a BLS key, one entry per key in key order, and the weight of all. */
export function warpSet(validators: readonly ValidatorAt[]) {
  const byKey = new Map<string, { publicKey: string; weight: bigint; nodeIDs: string[] }>();
  for (const v of validators) {
    if (!v.publicKey) continue;
    const entry = byKey.get(v.publicKey) ?? { publicKey: v.publicKey, weight: 0n, nodeIDs: [] };
    entry.weight += v.weight;
    entry.nodeIDs.push(v.nodeId);
    byKey.set(v.publicKey, entry);
  }
  return {
    validators: [...byKey.values()]
      .sort((a, b) => (a.publicKey < b.publicKey ? -1 : 1))
      .map((e) => ({ publicKey: e.publicKey, weight: String(e.weight), nodeIDs: e.nodeIDs })),
    totalWeight: String(validators.reduce((s, v) => s + v.weight, 0n)),
  };
}

/** Mainnet's dynamic fee configuration (avalanchego's genesis config for ACP-103). */
export const FEE_CONFIG = {
  weights: [1, 1000, 1000, 4],
  maxCapacity: 1_000_000,
  maxPerSecond: 100_000,
  targetPerSecond: 50_000,
  minPrice: 1,
  excessConversionConstant: 2_164_043,
} as const;

/** Mainnet's L1 validator fee configuration (ACP-77). */
export const VALIDATOR_FEE_CONFIG = { capacity: 20_000, target: 10_000, minPrice: 512, excessConversionConstant: 1_246_488_515 } as const;

/**
 * gas.CalculatePrice: minPrice · e^(excess / k), by the EIP-4844 Taylor series the node uses
 * (fakeExponential), in whole units.
 */
export function gasPrice(minPrice: number, excess: bigint, k: number): bigint {
  const factor = BigInt(minPrice);
  const denominator = BigInt(k);
  let output = 0n;
  let accumulator = factor * denominator;
  for (let i = 1n; accumulator > 0n; i++) {
    output += accumulator;
    accumulator = (accumulator * excess) / (denominator * i);
  }
  return output / denominator;
}

/** The fee states at a block of height `height`: excess moves with the block, deterministically. */
export function feeStates(height: bigint) {
  const excess = BigInt(sha(`fee-excess:${height}`).readUInt32BE(0) % 40_000);
  const validatorExcess = BigInt(sha(`validator-fee-excess:${height}`).readUInt32BE(0) % 1_000_000);
  return {
    fee: {
      capacity: String(FEE_CONFIG.maxCapacity - Number(excess)),
      excess: String(excess),
      price: String(gasPrice(FEE_CONFIG.minPrice, excess, FEE_CONFIG.excessConversionConstant)),
    },
    validatorFee: {
      excess: String(validatorExcess),
      price: String(gasPrice(VALIDATOR_FEE_CONFIG.minPrice, validatorExcess, VALIDATOR_FEE_CONFIG.excessConversionConstant)),
    },
  };
}

/** The reward UTXOs of a staking transaction, as the node stores them (its id, the reward's output index), in bytes. */
export function rewardUtxoBytes(world: SandboxWorld, stakingTxId: string): Uint8Array[] | undefined {
  const rewards = world.rewards.filter((r) => r.txHash === stakingTxId);
  if (rewards.length === 0) return undefined;
  return rewards
    .sort((a, b) => a.outputIndex - b.outputIndex)
    .map((r) =>
      encodeTransferUtxo({
        txId: r.txHash,
        outputIndex: r.outputIndex,
        assetId: r.reward.assetId,
        amount: BigInt(r.reward.amount),
        locktime: 0n,
        threshold: 1,
        addresses: r.addresses,
      }),
    );
}
