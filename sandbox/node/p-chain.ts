/**
 * platform.* at /ext/bc/P: the P-Chain's blocks, transactions, validator sets (with delegators,
 * owners and uptimes), supply, subnets, blockchains and UTXOs.
 */
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { PChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import { derivedId } from './chains/avax.js';
import type { NodeWorld } from './chains/node-world.js';
import { RpcFailure, type Encoding, type ServiceFor } from './gorilla.js';
import { goIdBytes } from './ids.js';
import { issueMethods, type Mempool } from './issued.js';
import { elasticSupply, subnetValidatorWeight } from './chains/platform.js';
import type { SandboxUtxo } from '../world/types.js';
import { sha } from '../random.js';
import type { SandboxLive } from '../live.js';
import {
  blockMethods,
  chainBlocks,
  getUtxos,
  NOW,
  parseAddress,
  txReply,
  utxosOf,
  type ChainLookup,
  type UtxoArgs,
  percent,
} from './common.js';

const owner = (addresses: readonly string[], threshold = 1) => ({
  locktime: '0',
  threshold: String(threshold),
  addresses: addresses.map((a) => `P-${a}`),
});

/** Staking transactions still running at the world's "now". */
function current(txs: PChainTransaction[], types: readonly string[]): PChainTransaction[] {
  return txs.filter((t) => types.includes(t.txType) && t.startTimestamp! <= NOW && t.endTimestamp! > NOW);
}

export function platformService(nw: NodeWorld, node: ChainLookup, mempool: Mempool, live?: SandboxLive): ServiceFor<'platform'> {
  const { world, platform } = nw;
  const p = world.chainIds.p;
  const txs = world.transactions.p;
  const validators = current(txs, ['AddValidatorTx', 'AddPermissionlessValidatorTx']).sort(
    (a, b) => a.endTimestamp! - b.endTimestamp! || (a.txHash < b.txHash ? -1 : 1),
  );
  const delegators = current(txs, ['AddDelegatorTx', 'AddPermissionlessDelegatorTx']);
  const transforms = new Map(txs.filter((t) => t.txType === 'TransformSubnetTx').map((t) => [t.subnetId!, t]));
  const chain = chainBlocks(nw, 'P', live);
  const minNonce = (validationId: string) =>
    txs.filter((t) => t.txType === 'SetL1ValidatorWeightTx' && world.txValidationIds.get(t.txHash)?.has(validationId)).length;
  const l1Validator = (v: (typeof world.l1Validators)[number]) => ({
    nodeID: v.nodeId,
    startTime: String(v.creationTimestamp),
    weight: String(v.weight),
    validationID: v.validationId,
    publicKey: v.blsCredentials.publicKey,
    remainingBalanceOwner: owner(v.remainingBalanceOwner.addresses, v.remainingBalanceOwner.threshold),
    deactivationOwner: owner(v.deactivationOwner.addresses, v.deactivationOwner.threshold),
    minNonce: String(minNonce(v.validationId)),
    balance: String(v.active ? v.remainingBalance : 0),
  });

  const primaryValidators = (nodeIDs: Set<string>) => {
    const one = nodeIDs.size === 1;
    return validators
      .filter((v) => nodeIDs.size === 0 || nodeIDs.has(v.nodeId!))
      .map((v) => {
        const mine = delegators.filter((d) => d.nodeId === v.nodeId);
        const staker = (t: PChainTransaction) => ({
          txID: t.txHash,
          startTime: String(t.startTimestamp),
          endTime: String(t.endTimestamp),
          weight: t.amountStaked[0]!.amount,
          nodeID: t.nodeId!,
        });
        const bls = v.txType === 'AddPermissionlessValidatorTx' ? v.blsCredentials : undefined;
        return {
          ...staker(v),
          validationRewardOwner: owner(v.rewardAddresses ?? []),
          delegationRewardOwner: owner(v.rewardAddresses ?? []),
          potentialReward: v.estimatedReward ?? '0',
          delegationFee: Number(v.delegationFeePercent ?? '2').toFixed(4),
          uptime: percent(`uptime:${v.txHash}`, 90).toFixed(4),
          connected: sha(`connected:${v.nodeId}`)[0]! % 10 !== 0,
          ...(bls ? { signer: { publicKey: bls.publicKey, proofOfPossession: bls.proofOfPossession } } : {}),
          delegatorCount: String(mine.length),
          delegatorWeight: String(mine.reduce((s, d) => s + BigInt(d.amountStaked[0]!.amount), 0n)),
          ...(one
            ? {
                delegators: mine.map((d) => ({
                  ...staker(d),
                  rewardOwner: owner(d.rewardAddresses ?? []),
                  potentialReward: d.estimatedReward ?? '0',
                })),
              }
            : {}),
        };
      });
  };

  const currentValidators = ({ subnetID, nodeIDs }: Record<string, unknown>) => {
    const wanted = new Set(nodeIDs as string[]);
    const pick = (id: string) => wanted.size === 0 || wanted.has(id);
    const subnet = world.subnets.find((s) => s.subnetId === subnetID);
    if (subnetID === PRIMARY_NETWORK_ID) return { validators: primaryValidators(wanted) };
    if (subnet?.isL1)
      return { validators: world.l1Validators.filter((v) => v.subnetId === subnetID && v.active && pick(v.nodeId)).map(l1Validator) };
    const staking = nw.subnetValidators.filter((t) => t.subnetId === subnetID && pick(t.nodeId!));
    return {
      validators: staking
        .sort((a, b) => a.endTimestamp! - b.endTimestamp!)
        .map((t) => ({
          txID: t.txHash,
          startTime: String(t.startTimestamp),
          endTime: String(t.endTimestamp),
          weight: String(subnetValidatorWeight(t.txHash)),
          nodeID: t.nodeId!,
        })),
    };
  };

  return {
    ...blockMethods(chain),
    GetTx: {
      args: { txID: 'id', encoding: 'encoding' },
      call: ({ txID, encoding }) => {
        const tx = platform.txById.get(txID as string);
        if (!tx) throw new RpcFailure("couldn't get tx: not found");
        return txReply(tx, encoding as Encoding);
      },
    },
    ...issueMethods(mempool, 'P', {
      args: { txID: 'id' },
      call: ({ txID }) => ({ status: platform.txById.has(txID as string) ? 'Committed' : 'Unknown' }),
    }),
    GetBlockchains: {
      args: {},
      call: () => ({
        blockchains: [
          ...world.subnets.filter((s) => s.subnetId !== PRIMARY_NETWORK_ID),
          ...world.subnets.filter((s) => s.subnetId === PRIMARY_NETWORK_ID),
        ].flatMap((s) => s.blockchains.map((b) => ({ id: b.blockchainId, name: b.blockchainName, subnetID: b.subnetId, vmID: b.vmId }))),
      }),
    },
    GetBlockchainStatus: {
      args: { blockchainID: 'string' },
      call: ({ blockchainID }) => {
        const value = blockchainID as string;
        if (value === '') throw new RpcFailure("argument 'blockchainID' not given");
        const aliased = node.lookup(value);
        if (aliased) return { status: nw.chains.get(aliased)?.status === 'Syncing' ? 'Syncing' : 'Validating' };
        let id: string;
        try {
          id = cb58Encode(goIdBytes(value));
        } catch (error) {
          throw new RpcFailure(`problem parsing blockchainID "${value}": ${(error as Error).message}`);
        }
        if (nw.chains.has(id)) return { status: 'Created' };
        return { status: nw.proposed.includes(id) ? 'Preferred' : 'Unknown' };
      },
    },
    GetCurrentSupply: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        let supply: bigint;
        if (subnetID === PRIMARY_NETWORK_ID) {
          supply = 360_000_000n * 1_000_000_000n + world.rewards.reduce((s, r) => s + BigInt(r.reward.amount), 0n);
        } else {
          const transform = transforms.get(subnetID as string);
          if (!transform) throw new RpcFailure('fetching current supply failed: not found');
          supply = elasticSupply(transform.txHash).initial;
        }
        return { supply: String(supply), height: chain.height() };
      },
    },
    GetCurrentValidators: {
      args: { subnetID: 'id', nodeIDs: 'nodeIds' },
      call: (args) => {
        // The live clock changes a subnet's first validator's weight now and then (../live.ts).
        const answer = currentValidators(args) as { validators: { weight: string | number }[] };
        const changes = live?.validatorChanges() ?? 0;
        const first = answer.validators[0];
        if (changes === 0 || !first || args.subnetID === PRIMARY_NETWORK_ID) return answer;
        return { validators: [{ ...first, weight: String(BigInt(first.weight) + BigInt(changes)) }, ...answer.validators.slice(1)] };
      },
    },
    GetL1Validator: {
      args: { validationID: 'id' },
      call: ({ validationID }) => {
        const v = world.l1Validators.find((l) => l.validationId === validationID && l.weight > 0);
        if (!v) throw new RpcFailure(`fetching L1 validator "${validationID}" failed: not found`);
        return { ...l1Validator(v), subnetID: v.subnetId, height: chain.height() };
      },
    },
    GetSubnet: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        if (subnetID === PRIMARY_NETWORK_ID) throw new RpcFailure("the primary network isn't a subnet");
        const subnet = world.subnets.find((s) => s.subnetId === subnetID);
        if (!subnet) throw new RpcFailure('not found');
        const transform = transforms.get(subnet.subnetId);
        const manager = subnet.l1ValidatorManagerDetails;
        return {
          isPermissioned: !transform && !subnet.isL1,
          controlKeys: subnet.subnetOwnershipInfo.addresses.map((a) => `P-${a}`),
          threshold: String(subnet.subnetOwnershipInfo.threshold),
          locktime: String(subnet.subnetOwnershipInfo.locktime),
          subnetTransformationTxID: transform?.txHash ?? PRIMARY_NETWORK_ID,
          conversionID: manager ? derivedId(`conversion:${subnet.l1ConversionTransactionHash}`) : PRIMARY_NETWORK_ID,
          managerChainID: manager?.blockchainId ?? PRIMARY_NETWORK_ID,
          managerAddress: manager ? manager.contractAddress.toLowerCase() : null,
        };
      },
    },
    GetBalance: {
      args: { addresses: 'strings' },
      call: ({ addresses }) => {
        const seen = new Map<string, SandboxUtxo>();
        for (const a of addresses as string[]) for (const u of utxosOf(nw, p, parseAddress(nw, node, 'P', a))) seen.set(u.id, u);
        const unlockeds = new Map<string, bigint>();
        const lockedNotStakeables = new Map<string, bigint>();
        for (const u of seen.values()) {
          const into = u.locktime <= BigInt(NOW) ? unlockeds : lockedNotStakeables;
          into.set(u.assetId, (into.get(u.assetId) ?? 0n) + u.amount);
        }
        const balances = new Map(unlockeds);
        for (const [k, v] of lockedNotStakeables) balances.set(k, (balances.get(k) ?? 0n) + v);
        const json = (m: Map<string, bigint>) =>
          Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, String(v)]));
        const avax = (m: Map<string, bigint>) => String(m.get(world.avaxAssetId) ?? 0n);
        return {
          balance: avax(balances),
          unlocked: avax(unlockeds),
          lockedStakeable: '0',
          lockedNotStakeable: avax(lockedNotStakeables),
          balances: json(balances),
          unlockeds: json(unlockeds),
          lockedStakeables: {},
          lockedNotStakeables: json(lockedNotStakeables),
          utxoIDs: seen.size > 0 ? [...seen.values()].map((u) => ({ txID: u.txId, outputIndex: u.outputIndex })) : null,
        };
      },
    },
    GetUTXOs: {
      args: {
        addresses: 'strings',
        sourceChain: 'string',
        limit: 'uint32',
        startIndex: { address: 'string', utxo: 'string' },
        encoding: 'encoding',
      },
      call: (args) => getUtxos(nw, node, 'P', args as unknown as UtxoArgs, (id, encoding) => `couldn't encode UTXO ${id} as ${encoding}`),
    },
  };
}
