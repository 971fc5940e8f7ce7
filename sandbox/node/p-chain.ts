/**
 * platform.* at /ext/bc/P: the P-Chain's blocks, transactions, validator sets (with delegators,
 * owners and uptimes), supply, subnets, blockchains and UTXOs.
 */
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { PChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import { derivedId } from './chains/avax.js';
import type { NodeWorld } from './chains/node-world.js';
import { RpcFailure, type Encoding, type GorillaService, type ServiceFor } from './gorilla.js';
import { goIdBytes } from './ids.js';
import { elasticSupply, pOutput, subnetValidatorWeight } from './chains/platform.js';
import { feeStates, FEE_CONFIG, rewardUtxoBytes, VALIDATOR_FEE_CONFIG, validatorSetsAt, warpSet } from './chains/platform-state.js';
import { encode } from './chains/codec.js';
import { issueMethods, type Mempool } from './issued.js';
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
  encodeBytes,
  rfc3339Nano,
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
        for (const a of addresses as string[]) for (const u of utxosOf(mempool, p, parseAddress(nw, node, 'P', a))) seen.set(u.id, u);
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
      call: (args) =>
        getUtxos(nw, node, mempool, 'P', args as unknown as UtxoArgs, (id, encoding) => `couldn't encode UTXO ${id} as ${encoding}`),
    },
    ...stateMethods(nw, node, chain),
  };
}

/** The chain's state beyond blocks and current validators: sets at a height, fees, stake, subnets' chains, reward UTXOs. */
function stateMethods(nw: NodeWorld, node: ChainLookup, chain: ReturnType<typeof chainBlocks>) {
  const { world } = nw;
  const p = world.chainIds.p;
  const txs = world.transactions.p;
  const transforms = new Map(txs.filter((t) => t.txType === 'TransformSubnetTx').map((t) => [t.subnetId!, t]));
  const subnetTx = new Set(txs.filter((t) => t.txType === 'CreateSubnetTx').map((t) => t.txHash));
  const chainOf = new Map(world.subnets.flatMap((s) => s.blockchains.map((b) => [b.blockchainId, b] as const)));
  const currentHeight = () => BigInt(chain.height());
  // The ProposerVM proposes its parent's P-Chain height: a block behind the last accepted.
  const proposedHeight = () => (currentHeight() > 0n ? currentHeight() - 1n : 0n);
  const timeAt = (height: bigint) => chain.at(height).time;
  const heightOf = (asked: unknown, subnetId = PRIMARY_NETWORK_ID): bigint => {
    const height = asked === 'proposed' ? proposedHeight() : (asked as bigint);
    const current = currentHeight();
    if (height > current) {
      throw new RpcFailure(
        `failed to get validator set at ${height}: failed to fetch validator set at unfinalized height with SubnetID = ${subnetId}: current P-chain height (${current}) < requested P-Chain height (${height})`,
      );
    }
    return height;
  };
  const transformOf = (subnetId: string) => {
    const t = transforms.get(subnetId);
    if (!t) throw new RpcFailure(`failed fetching subnet transformation for ${subnetId}: not found`);
    return t;
  };
  const owner = (s: (typeof world.subnets)[number]) => s.subnetOwnershipInfo.addresses.map((a) => `P-${a}`);
  const stakingTypes = ['AddValidatorTx', 'AddPermissionlessValidatorTx', 'AddDelegatorTx', 'AddPermissionlessDelegatorTx'];
  const validatorTypes = ['AddValidatorTx', 'AddPermissionlessValidatorTx'];
  const timestamp = () => rfc3339Nano(timeAt(currentHeight()), 0);

  return {
    GetProposedHeight: { args: {}, call: () => ({ height: String(proposedHeight()) }) },
    GetTimestamp: { args: {}, call: () => ({ timestamp: timestamp() }) },
    GetFeeConfig: { args: {}, call: () => FEE_CONFIG },
    GetFeeState: {
      args: {},
      call: () => {
        const { fee } = feeStates(currentHeight());
        return { capacity: Number(fee.capacity), excess: Number(fee.excess), price: Number(fee.price), timestamp: timestamp() };
      },
    },
    GetValidatorFeeConfig: { args: {}, call: () => VALIDATOR_FEE_CONFIG },
    GetValidatorFeeState: {
      args: {},
      call: () => {
        const { validatorFee } = feeStates(currentHeight());
        return { excess: Number(validatorFee.excess), price: Number(validatorFee.price), timestamp: timestamp() };
      },
    },
    GetStakingAssetID: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => ({
        assetID: subnetID === PRIMARY_NETWORK_ID ? world.avaxAssetId : derivedId(`asset:${transformOf(subnetID as string).txHash}`),
      }),
    },
    GetMinStake: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        // Both the Primary Network's and (sandbox/node/chains/platform.ts) every elastic subnet's.
        if (subnetID !== PRIMARY_NETWORK_ID) transformOf(subnetID as string);
        return { minValidatorStake: String(2_000n * 1_000_000_000n), minDelegatorStake: String(25n * 1_000_000_000n) };
      },
    },
    GetTotalStake: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        const set = validatorSetsAt(world, timeAt(currentHeight())).get(subnetID as string) ?? [];
        const weight = String(set.reduce((sum, v) => sum + v.weight, 0n));
        return { stake: weight, weight };
      },
    },
    GetSubnets: {
      args: { ids: 'ids' },
      call: ({ ids }) => {
        const entry = (s: (typeof world.subnets)[number]) =>
          transforms.has(s.subnetId) || s.subnetId === PRIMARY_NETWORK_ID
            ? { id: s.subnetId, controlKeys: [], threshold: '0' }
            : { id: s.subnetId, controlKeys: owner(s), threshold: String(s.subnetOwnershipInfo.threshold) };
        const asked = ids as string[];
        if (asked.length === 0) {
          const primary = world.subnets.find((s) => s.subnetId === PRIMARY_NETWORK_ID);
          return {
            subnets: [
              ...world.subnets.filter((s) => s !== primary).map(entry),
              { id: PRIMARY_NETWORK_ID, controlKeys: [], threshold: '0' },
            ],
          };
        }
        const found = [...new Set(asked)]
          .map((id) => (id === PRIMARY_NETWORK_ID ? { id, controlKeys: [], threshold: '0' } : world.subnets.find((s) => s.subnetId === id)))
          .filter((s) => s !== undefined)
          .map((s) => ('subnetId' in s ? entry(s) : s));
        return { subnets: found.length > 0 ? found : null };
      },
    },
    Validates: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        const id = subnetID as string;
        if (id !== PRIMARY_NETWORK_ID && !world.subnets.some((s) => s.subnetId === id)) {
          if (!subnetTx.has(id) && !txs.some((t) => t.txHash === id)) throw new RpcFailure(`problem retrieving subnet "${id}": not found`);
          if (!subnetTx.has(id)) throw new RpcFailure(`"${id}" is not a subnet`);
        }
        const chains = [...chainOf.values()].filter((b) => b.subnetId === id && (id !== PRIMARY_NETWORK_ID || b.blockchainId !== p));
        return { blockchainIDs: chains.map((b) => b.blockchainId) };
      },
    },
    ValidatedBy: {
      args: { blockchainID: 'id' },
      call: ({ blockchainID }) => {
        const id = blockchainID as string;
        if (id === p) return { subnetID: PRIMARY_NETWORK_ID };
        const found = chainOf.get(id);
        if (found) return { subnetID: found.subnetId };
        if (txs.some((t) => t.txHash === id)) throw new RpcFailure(`"${id}" is not a blockchain`);
        throw new RpcFailure(`problem retrieving blockchain "${id}": not found`);
      },
    },
    SampleValidators: {
      args: { size: 'uint16', subnetID: 'id' },
      call: ({ size, subnetID }) => {
        const n = Number(size);
        if (n === 0) return { validators: [] };
        const set = validatorSetsAt(world, timeAt(currentHeight())).get(subnetID as string);
        if (!set) throw new RpcFailure(`sampling ${subnetID} errored with missing validators`);
        if (n > set.length) throw new RpcFailure(`sampling ${subnetID} errored with insufficient weight`);
        // A draw without replacement, different each call as the node's is; sorted, as it sends them.
        const pool = [...set];
        const drawn: string[] = [];
        for (let i = 0; i < n; i++) drawn.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!.nodeId);
        return { validators: drawn.sort() };
      },
    },
    GetValidatorsAt: {
      args: { height: 'height', subnetID: 'id' },
      call: ({ height, subnetID }) => {
        const at = heightOf(height, subnetID as string);
        const set = validatorSetsAt(world, timeAt(at)).get(subnetID as string) ?? [];
        return {
          validators: Object.fromEntries(set.map((v) => [v.nodeId, { publicKey: v.publicKey, weight: String(v.weight) }])),
        };
      },
    },
    GetAllValidatorsAt: {
      args: { height: 'height' },
      call: ({ height }) => {
        const sets = validatorSetsAt(world, timeAt(heightOf(height)));
        return { validatorSets: Object.fromEntries([...sets].map(([subnet, set]) => [subnet, warpSet(set)])) };
      },
    },
    GetStake: {
      args: { addresses: 'strings', validatorsOnly: 'bool', encoding: 'encoding' },
      call: ({ addresses, validatorsOnly, encoding }) => {
        const list = addresses as string[];
        if (list.length > 256) throw new RpcFailure(`${list.length} addresses provided but this method can take at most 256`);
        const owners = new Set(list.map((a) => Buffer.from(parseAddress(nw, node, 'P', a)).toString('hex')));
        const stakeds = new Map<string, bigint>();
        const outputs: string[] = [];
        for (const t of txs) {
          // Current and pending stakers: every staking transaction that has not ended.
          if (!(validatorsOnly ? validatorTypes : stakingTypes).includes(t.txType) || t.endTimestamp! <= NOW) continue;
          for (const u of t.emittedUtxos.filter((o) => o.consumedOnChainId === p && o.utxoType === 'STAKE')) {
            if (u.addresses.length !== 1 || !owners.has(Buffer.from(parseAddress(nw, node, 'P', `P-${u.addresses[0]}`)).toString('hex')))
              continue;
            stakeds.set(u.assetId, (stakeds.get(u.assetId) ?? 0n) + BigInt(u.amount));
            outputs.push(encodeBytes(encoding as Encoding, encode(pOutput(u))));
          }
        }
        return {
          staked: String(stakeds.get(world.avaxAssetId) ?? 0n),
          stakeds: Object.fromEntries([...stakeds].map(([k, v]) => [k, String(v)])),
          stakedOutputs: outputs,
          encoding,
        };
      },
    },
    GetRewardUTXOs: {
      args: { txID: 'id', encoding: 'encoding' },
      call: ({ txID, encoding }) => {
        const utxos = rewardUtxoBytes(world, txID as string);
        if (!utxos) throw new RpcFailure("couldn't get reward UTXOs: not found");
        return { numFetched: String(utxos.length), utxos: utxos.map((b) => encodeBytes(encoding as Encoding, b)), encoding };
      },
    },
  } satisfies GorillaService;
}
