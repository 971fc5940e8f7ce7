/**
 * Subnets and their blockchains (EVM chains with a full genesis, some custom VMs), converted to
 * L1s over time, and each L1's validators registering, topping up, changing weight and leaving.
 */
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { Blockchain, Subnet } from '../../src/upstreams/data-api/subnet.js';
import type { L1ValidatorDetailsTransaction } from '../../src/upstreams/data-api/transaction.js';
import type { Builder, Tx } from './builder.js';
import type { History } from './history.js';
import { DAY, NANO, TIMELINE, VM_IDS } from './timeline.js';
import type { SandboxL1Validator } from './types.js';

/** How many subnets the world creates, and how many of them become L1s. */
const SUBNETS = 119;
const L1S = 36;

/** When a subnet is created, when each of its chains is, and when it becomes an L1 (if it does). */
interface SubnetPlan {
  time: number;
  chainTimes: number[];
  convertAt?: number;
}

/**
 * The subnets, built from their parts in a fixed order: the Primary Network now, then a plan of
 * every subnet's life, whose events run in the history's time order.
 */
export function subnetsAndL1s(b: Builder, h: History): void {
  primaryNetwork(b);
  for (const plan of planSubnets(b, h)) scheduleSubnet(b, h, plan);
}

/** The Primary Network's subnet, with the X-Chain and the C-Chain (the P-Chain is not a blockchain of it on the wire). */
function primaryNetwork(b: Builder): void {
  const T = TIMELINE;
  const primary: Subnet = {
    createBlockTimestamp: T.genesis,
    createBlockIndex: '0',
    subnetId: PRIMARY_NETWORK_ID,
    ownerAddresses: [],
    threshold: 0,
    locktime: 0,
    subnetOwnershipInfo: { locktime: 0, threshold: 0, addresses: [] },
    isL1: false,
    blockchains: [
      {
        createBlockTimestamp: T.genesis,
        createBlockNumber: '0',
        blockchainId: b.ids.x,
        vmId: VM_IDS.avm,
        subnetId: PRIMARY_NETWORK_ID,
        blockchainName: 'X-Chain',
        genesisData: `0x${Buffer.from(b.rng.bytes(64)).toString('hex')}`,
      },
      {
        createBlockTimestamp: T.genesis,
        createBlockNumber: '0',
        blockchainId: b.ids.c,
        vmId: VM_IDS.evm,
        subnetId: PRIMARY_NETWORK_ID,
        blockchainName: 'C-Chain',
        evmChainId: b.network === 'mainnet' ? 43114 : 43113,
        genesisData: b.genesis(b.network === 'mainnet' ? 43114 : 43113, T.genesis),
      },
    ],
  };
  b.subnets.set(PRIMARY_NETWORK_ID, primary);
}

/** Subnets spread over the years, each with 1 to 3 chains; the later-created are converted to L1s first, as real L1s are mostly recent. */
function planSubnets(b: Builder, h: History): SubnetPlan[] {
  const { rng } = b;
  const T = TIMELINE;
  const plans: SubnetPlan[] = [];
  for (let i = 0; i < SUBNETS; i++) {
    const time = T.genesis + 30 * DAY + Math.floor(((T.now - 90 * DAY - T.genesis) * (i + rng.next())) / SUBNETS);
    const chainTimes = Array.from({ length: rng.int(1, 3) }, () => time + h.between(3600, 20 * DAY));
    plans.push({ time, chainTimes });
  }
  for (const plan of rng.sample(plans.slice(10), L1S)) {
    const ready = Math.max(T.etna, ...plan.chainTimes) + DAY;
    plan.convertAt = h.between(ready, T.now - 25 * DAY);
  }
  return plans;
}

/** Schedules a subnet's life: its creation, its chains', and as an L1 its conversion and its validators' events. */
function scheduleSubnet(b: Builder, h: History, plan: SubnetPlan): void {
  // Known once the subnet is created; its later events find nothing while it is not.
  let subnetId = '';
  h.at(plan.time, (time) => {
    subnetId = createSubnet(b, time) ?? subnetId;
  });
  for (const chainTime of plan.chainTimes) h.at(chainTime, (time) => createChain(b, subnetId, time));
  if (plan.convertAt === undefined) return;
  const convertAt = plan.convertAt;
  h.at(convertAt, (time) => convertToL1(b, subnetId, time));
  const l1Events = b.rng.int(6, 16);
  for (let i = 0; i < l1Events; i++) {
    h.at(h.between(convertAt + 3600, TIMELINE.now - DAY), (time) => l1Event(b, subnetId, time));
  }
}

/** A CreateSubnetTx by 1 to 3 owners; the new subnet's id, or undefined when no one could pay. */
function createSubnet(b: Builder, time: number): string | undefined {
  const { rng } = b;
  const owners = rng.sample(b.addresses, rng.int(1, 3));
  const payer = b.payer('p', NANO) ?? owners[0]!;
  const tx = b.newTx('p', 'CreateSubnetTx', time);
  tx.burned = NANO;
  if (!b.pay(tx, payer, 0n)) return undefined;
  const subnetId = tx.hash;
  const threshold = rng.int(1, owners.length);
  const info = { locktime: 0, threshold, addresses: owners };
  tx.p = { subnetOwnershipInfo: info };
  tx.parties.push(...owners);
  b.commit(tx);
  b.subnets.set(subnetId, {
    createBlockTimestamp: time,
    createBlockIndex: String(tx.height),
    subnetId,
    ownerAddresses: owners,
    threshold,
    locktime: 0,
    subnetOwnershipInfo: info,
    isL1: false,
    blockchains: [],
  });
  return subnetId;
}

/** A CreateChainTx on a subnet: mostly a Subnet-EVM chain with a full genesis, else a custom VM. */
function createChain(b: Builder, subnetId: string, time: number): void {
  const { rng } = b;
  const subnet = b.subnets.get(subnetId);
  if (!subnet) return;
  const payer = b.payer('p', NANO);
  if (!payer) return;
  const tx = b.newTx('p', 'CreateChainTx', time);
  tx.burned = NANO / 2n;
  if (!b.pay(tx, payer, 0n)) return;
  const evm = rng.chance(0.85);
  let evmChainId = evm ? b.evmChainId() : undefined;
  const chainName = b.name();
  const vmId = evm ? VM_IDS.subnetEvm : b.id32();
  let genesisData: Blockchain['genesisData'] = evm ? b.genesis(evmChainId!, time) : `0x${Buffer.from(rng.bytes(48)).toString('hex')}`;
  // Some custom VMs put a `chainId` in their JSON genesis too, and the Data API reports it as
  // `evmChainId` (its spec warns of this): the gateway must not take them for EVM chains.
  // Derived from the hash, not drawn, so the rest of the world stays as it was.
  if (!evm && tx.hash.charCodeAt(1) % 3 === 0) {
    evmChainId = 900_000 + (tx.hash.charCodeAt(2) * 61 + tx.hash.charCodeAt(3));
    genesisData = JSON.stringify({ chainId: evmChainId, vm: chainName, validators: subnet.subnetOwnershipInfo.addresses });
  }
  const chain: Blockchain = {
    createBlockTimestamp: time,
    createBlockNumber: String(tx.height),
    blockchainId: tx.hash,
    vmId,
    subnetId,
    blockchainName: chainName,
    ...(evmChainId !== undefined ? { evmChainId } : {}),
    genesisData,
  };
  tx.p = { subnetId, blockchainInfo: { chainName, vmId, genesisData } };
  tx.parties.push(...subnet.subnetOwnershipInfo.addresses);
  b.commit(tx);
  subnet.blockchains.push(chain);
}

const l1ValidatorsOf = (b: Builder, subnetId: string) => [...b.l1s.values()].filter((v) => v.subnetId === subnetId);

function newL1Validator(b: Builder, subnetId: string, time: number, weight: number, balance: bigint): SandboxL1Validator {
  const { rng } = b;
  const bytes = rng.bytes(32);
  const owner = rng.sample(b.addresses, rng.int(1, 2));
  // The P-Chain keeps one validation per node and subnet until it is removed (weight 0).
  const taken = new Set(
    l1ValidatorsOf(b, subnetId)
      .filter((o) => o.weight > 0)
      .map((o) => o.nodeId),
  );
  const v: SandboxL1Validator = {
    validationId: cb58Encode(bytes),
    validationIdHex: `0x${Buffer.from(bytes).toString('hex')}`,
    nodeId: rng.pick(b.nodeIds.filter((n) => !taken.has(n))),
    subnetId,
    weight,
    remainingBalance: Number(balance),
    creationTimestamp: time,
    blsCredentials: b.bls(),
    remainingBalanceOwner: { addresses: owner, threshold: 1 },
    deactivationOwner: { addresses: rng.chance(0.5) ? owner : rng.sample(b.addresses, 1), threshold: 1 },
    active: true,
  };
  b.l1s.set(v.validationId, v);
  return v;
}

function details(v: SandboxL1Validator, balanceChange?: number): L1ValidatorDetailsTransaction {
  return {
    validationId: v.validationId,
    validationIdHex: v.validationIdHex,
    nodeId: v.nodeId,
    subnetId: v.subnetId,
    weight: v.weight,
    remainingBalance: v.remainingBalance,
    ...(balanceChange !== undefined ? { balanceChange } : {}),
    blsCredentials: { ...v.blsCredentials },
  };
}

function tagValidation(b: Builder, tx: Tx, validationId: string) {
  let set = b.validationTxs.get(tx.hash);
  if (!set) b.validationTxs.set(tx.hash, (set = new Set()));
  set.add(validationId);
}

/** A ConvertSubnetToL1Tx with 2 to 6 initial validators, managed from the subnet's first chain. */
function convertToL1(b: Builder, subnetId: string, time: number) {
  const { rng } = b;
  const subnet = b.subnets.get(subnetId);
  const chains = subnet?.blockchains ?? [];
  if (!subnet || chains.length === 0) return;
  const initial = Array.from({ length: rng.int(2, 6) }, () =>
    newL1Validator(b, subnetId, time, rng.int(20, 200), (rng.bigint(1n, 40n) * NANO) / 10n),
  );
  const balances = initial.reduce((s, v) => s + BigInt(v.remainingBalance), 0n);
  const payer = b.payer('p', balances + NANO);
  if (!payer) return;
  const tx = b.newTx('p', 'ConvertSubnetToL1Tx', time);
  if (!b.pay(tx, payer, balances)) return;
  const manager = { blockchainId: chains[0]!.blockchainId, contractAddress: b.evmAddress() };
  tx.l1Burned = balances;
  tx.p = { subnetId, l1ValidatorManagerDetails: manager, l1ValidatorDetails: initial.map((v) => details(v)) };
  tx.parties.push(...subnet.subnetOwnershipInfo.addresses);
  for (const v of initial) tagValidation(b, tx, v.validationId);
  b.commit(tx);
  subnet.isL1 = true;
  subnet.l1ConversionTransactionHash = tx.hash;
  subnet.l1ValidatorManagerDetails = manager;
}

/** One event of an L1's validators: one registers, tops up its balance, changes weight, or is disabled. */
function l1Event(b: Builder, subnetId: string, time: number) {
  const { rng } = b;
  const subnet = b.subnets.get(subnetId);
  if (!subnet?.isL1) return;
  const live = l1ValidatorsOf(b, subnetId).filter((v) => v.active);
  const roll = rng.next();
  const payer = b.payer('p', 10n * NANO);
  if (!payer) return;
  if (roll < 0.4 || live.length === 0) registerL1Validator(b, subnetId, time, payer);
  else if (roll < 0.72) increaseL1ValidatorBalance(b, subnetId, time, payer, rng.pick(live));
  else if (roll < 0.88) setL1ValidatorWeight(b, subnetId, time, payer, rng.pick(live));
  else disableL1Validator(b, subnetId, time, payer, rng.pick(live));
}

type Payer = NonNullable<ReturnType<Builder['payer']>>;

function registerL1Validator(b: Builder, subnetId: string, time: number, payer: Payer) {
  const { rng } = b;
  const balance = (rng.bigint(1n, 30n) * NANO) / 10n;
  const v = newL1Validator(b, subnetId, time, rng.int(10, 150), balance);
  const tx = b.newTx('p', 'RegisterL1ValidatorTx', time);
  if (!b.pay(tx, payer, balance)) return;
  tx.l1Burned = balance;
  tx.p = { subnetId, l1ValidatorDetails: [details(v)] };
  tagValidation(b, tx, v.validationId);
  b.commit(tx);
}

function increaseL1ValidatorBalance(b: Builder, subnetId: string, time: number, payer: Payer, v: SandboxL1Validator) {
  const increase = (b.rng.bigint(1n, 20n) * NANO) / 10n;
  const tx = b.newTx('p', 'IncreaseL1ValidatorBalanceTx', time);
  if (!b.pay(tx, payer, increase)) return;
  v.remainingBalance += Number(increase);
  tx.l1Burned = increase;
  tx.p = { subnetId, l1ValidatorDetails: [details(v, Number(increase))] };
  tagValidation(b, tx, v.validationId);
  b.commit(tx);
}

/** A new weight; a quarter of the time 0, which removes the validator. */
function setL1ValidatorWeight(b: Builder, subnetId: string, time: number, payer: Payer, v: SandboxL1Validator) {
  const tx = b.newTx('p', 'SetL1ValidatorWeightTx', time);
  if (!b.pay(tx, payer, 0n)) return;
  v.weight = b.rng.chance(0.25) ? 0 : b.rng.int(5, 250);
  if (v.weight === 0) v.active = false;
  tx.p = { subnetId, l1ValidatorDetails: [details(v)] };
  tagValidation(b, tx, v.validationId);
  b.commit(tx);
}

/** Disables a validator, refunding what is left of its balance to its owner on the P-Chain. */
function disableL1Validator(b: Builder, subnetId: string, time: number, payer: Payer, v: SandboxL1Validator) {
  const tx = b.newTx('p', 'DisableL1ValidatorTx', time);
  if (!b.pay(tx, payer, 0n)) return;
  const refund = BigInt(v.remainingBalance);
  if (refund > 0n) {
    b.output(tx, { spendOn: b.ids.p, addresses: v.remainingBalanceOwner.addresses, assetId: b.avax, amount: refund });
  }
  v.remainingBalance = 0;
  v.active = false;
  tx.p = { subnetId, l1ValidatorDetails: [details(v, -Number(refund))] };
  tagValidation(b, tx, v.validationId);
  b.commit(tx);
}
