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

export function subnetsAndL1s(b: Builder, h: History): void {
  const { rng } = b;
  const T = TIMELINE;
  const { at, between } = h;

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
        genesisData: `0x${Buffer.from(rng.bytes(64)).toString('hex')}`,
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

  const SUBNETS = 119;
  const L1S = 36;
  const subnetPlans: { time: number; chainTimes: number[]; convertAt?: number }[] = [];
  for (let i = 0; i < SUBNETS; i++) {
    const time = T.genesis + 30 * DAY + Math.floor(((T.now - 90 * DAY - T.genesis) * (i + rng.next())) / SUBNETS);
    const chainTimes = Array.from({ length: rng.int(1, 3) }, () => time + between(3600, 20 * DAY));
    subnetPlans.push({ time, chainTimes });
  }
  // Convert the later-created subnets first, as real L1s are mostly recent.
  for (const plan of rng.sample(subnetPlans.slice(10), L1S)) {
    const ready = Math.max(T.etna, ...plan.chainTimes) + DAY;
    plan.convertAt = between(ready, T.now - 25 * DAY);
  }

  for (const plan of subnetPlans) {
    let subnetId = '';
    at(plan.time, (time) => {
      const owners = rng.sample(b.addresses, rng.int(1, 3));
      const payer = b.payer('p', NANO) ?? owners[0]!;
      const tx = b.newTx('p', 'CreateSubnetTx', time);
      tx.burned = NANO;
      if (!b.pay(tx, payer, 0n)) return;
      subnetId = tx.hash;
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
    });
    for (const chainTime of plan.chainTimes) {
      at(chainTime, (time) => {
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
      });
    }
    if (plan.convertAt !== undefined) {
      const convertAt = plan.convertAt;
      at(convertAt, (time) => convertToL1(subnetId, time));
      const l1Events = rng.int(6, 16);
      for (let i = 0; i < l1Events; i++) {
        at(between(convertAt + 3600, T.now - DAY), (time) => l1Event(subnetId, time));
      }
    }
  }

  const l1ValidatorsOf = (subnetId: string) => [...b.l1s.values()].filter((v) => v.subnetId === subnetId);

  function newL1Validator(subnetId: string, time: number, weight: number, balance: bigint): SandboxL1Validator {
    const bytes = rng.bytes(32);
    const owner = rng.sample(b.addresses, rng.int(1, 2));
    // The P-Chain keeps one validation per node and subnet until it is removed (weight 0).
    const taken = new Set(
      l1ValidatorsOf(subnetId)
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

  function tagValidation(tx: Tx, validationId: string) {
    let set = b.validationTxs.get(tx.hash);
    if (!set) b.validationTxs.set(tx.hash, (set = new Set()));
    set.add(validationId);
  }

  function convertToL1(subnetId: string, time: number) {
    const subnet = b.subnets.get(subnetId);
    const chains = subnet?.blockchains ?? [];
    if (!subnet || chains.length === 0) return;
    const initial = Array.from({ length: rng.int(2, 6) }, () =>
      newL1Validator(subnetId, time, rng.int(20, 200), (rng.bigint(1n, 40n) * NANO) / 10n),
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
    for (const v of initial) tagValidation(tx, v.validationId);
    b.commit(tx);
    subnet.isL1 = true;
    subnet.l1ConversionTransactionHash = tx.hash;
    subnet.l1ValidatorManagerDetails = manager;
  }

  function l1Event(subnetId: string, time: number) {
    const subnet = b.subnets.get(subnetId);
    if (!subnet?.isL1) return;
    const live = l1ValidatorsOf(subnetId).filter((v) => v.active);
    const roll = rng.next();
    const payer = b.payer('p', 10n * NANO);
    if (!payer) return;
    if (roll < 0.4 || live.length === 0) {
      const balance = (rng.bigint(1n, 30n) * NANO) / 10n;
      const v = newL1Validator(subnetId, time, rng.int(10, 150), balance);
      const tx = b.newTx('p', 'RegisterL1ValidatorTx', time);
      if (!b.pay(tx, payer, balance)) return;
      tx.l1Burned = balance;
      tx.p = { subnetId, l1ValidatorDetails: [details(v)] };
      tagValidation(tx, v.validationId);
      b.commit(tx);
    } else if (roll < 0.72) {
      const v = rng.pick(live);
      const increase = (rng.bigint(1n, 20n) * NANO) / 10n;
      const tx = b.newTx('p', 'IncreaseL1ValidatorBalanceTx', time);
      if (!b.pay(tx, payer, increase)) return;
      v.remainingBalance += Number(increase);
      tx.l1Burned = increase;
      tx.p = { subnetId, l1ValidatorDetails: [details(v, Number(increase))] };
      tagValidation(tx, v.validationId);
      b.commit(tx);
    } else if (roll < 0.88) {
      const v = rng.pick(live);
      const tx = b.newTx('p', 'SetL1ValidatorWeightTx', time);
      if (!b.pay(tx, payer, 0n)) return;
      v.weight = rng.chance(0.25) ? 0 : rng.int(5, 250);
      if (v.weight === 0) v.active = false;
      tx.p = { subnetId, l1ValidatorDetails: [details(v)] };
      tagValidation(tx, v.validationId);
      b.commit(tx);
    } else {
      const v = rng.pick(live);
      const tx = b.newTx('p', 'DisableL1ValidatorTx', time);
      if (!b.pay(tx, payer, 0n)) return;
      const refund = BigInt(v.remainingBalance);
      if (refund > 0n) {
        b.output(tx, { spendOn: b.ids.p, addresses: v.remainingBalanceOwner.addresses, assetId: b.avax, amount: refund });
      }
      v.remainingBalance = 0;
      v.active = false;
      tx.p = { subnetId, l1ValidatorDetails: [details(v, -Number(refund))] };
      tagValidation(tx, v.validationId);
      b.commit(tx);
    }
  }
}
