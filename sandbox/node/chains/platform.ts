/**
 * The P-Chain as the sandbox node holds it: the world's P transactions as signed platform VM
 * transactions, in blocks of the kind the chain used at their time (Apricot proposal, atomic
 * and standard blocks before Banff; Banff blocks after; each proposal followed by its commit),
 * with dense heights from the genesis block at 0. A block that holds a transaction has the Data
 * API's block hash as its id.
 */
import { cb58Decode, cb58Encode, PRIMARY_NETWORK_ID } from '../../../src/base/ids.js';
import type { PChainTransaction, PChainUtxo } from '../../../src/upstreams/data-api/transaction.js';
import {
  addressBytes,
  authorization,
  baseTx,
  credential,
  derivedId,
  NETWORK_ID,
  outputOwners,
  signature,
  signedTx,
  TYPE,
  transferableInput,
  transferableOutput,
  transferOutput,
} from './avax.js';
import { madeBlock, type NodeBlock, type NodeTx } from './avm.js';
import { bytes, embed, encode, fixed, hex, iface, id, jsonOnly, list, str, struct, u32, u64, u8, type CodecNode } from './codec.js';
import { isProposal, TIMELINE } from '../../world/timeline.js';
import type { SandboxWorld } from '../../world/types.js';
import { sha } from '../../random.js';

const TX_TYPE: Record<string, number> = {
  AddValidatorTx: 12,
  AddSubnetValidatorTx: 13,
  AddDelegatorTx: 14,
  CreateChainTx: 15,
  CreateSubnetTx: 16,
  ImportTx: 17,
  ExportTx: 18,
  AdvanceTimeTx: 19,
  RewardValidatorTx: 20,
  RemoveSubnetValidatorTx: 23,
  TransformSubnetTx: 24,
  AddPermissionlessValidatorTx: 25,
  AddPermissionlessDelegatorTx: 26,
  TransferSubnetOwnershipTx: 33,
  BaseTx: 34,
  ConvertSubnetToL1Tx: 35,
  RegisterL1ValidatorTx: 36,
  SetL1ValidatorWeightTx: 37,
  IncreaseL1ValidatorBalanceTx: 38,
  DisableL1ValidatorTx: 39,
};
const BLOCK = {
  apricotProposal: 0,
  apricotCommit: 2,
  apricotStandard: 3,
  apricotAtomic: 4,
  banffProposal: 29,
  banffCommit: 31,
  banffStandard: 32,
} as const;
const PROOF_OF_POSSESSION = 28;
const NANO = 1_000_000_000n;

export interface PlatformChain {
  txs: NodeTx[];
  txById: Map<string, NodeTx>;
  blocks: NodeBlock[];
  blockById: Map<string, NodeBlock>;
}

/** The weight of a legacy subnet validator: its transaction does not carry one in the world. */
export function subnetValidatorWeight(txHash: string): number {
  return 20 + (sha(`weight:${txHash}`)[0]! % 180);
}

/** What an elastic subnet's TransformSubnetTx set: its token supply bounds. */
export function elasticSupply(txHash: string): { initial: bigint; maximum: bigint } {
  const initial = (BigInt(sha(`supply:${txHash}`).readUInt32BE(0)) + 1_000_000n) * NANO;
  return { initial, maximum: initial * 4n };
}

function nodeId(value: string): CodecNode {
  return fixed(cb58Decode(value.slice('NodeID-'.length), 20), value);
}

/** The world's hex value, or bytes derived from `label` where the world has none (a Warp signature). */
function hexBytes(value: string | undefined, size: number, label: string): Uint8Array {
  if (value === undefined) return Buffer.concat([sha(`${label}:a`), sha(`${label}:b`), sha(`${label}:c`)]).subarray(0, size);
  const raw = Buffer.from(value.replace(/^0x/, ''), 'hex');
  if (raw.length !== size) throw new Error(`${label}: the world holds ${raw.length} bytes where ${size} belong`);
  return raw;
}

function pop(publicKey: string | undefined, proof: string | undefined, label: string): CodecNode {
  const pk = hexBytes(publicKey, 48, `pk:${label}`);
  const sig = hexBytes(proof, 96, `pop:${label}`);
  return struct([
    ['publicKey', fixed(pk, hex(pk))],
    ['proofOfPossession', fixed(sig, hex(sig))],
  ]);
}

/** A P-Chain output (TransferableOutput) of the world's UTXO. */
export function pOutput(u: PChainUtxo): CodecNode {
  return transferableOutput(
    u.assetId,
    transferOutput(BigInt(u.amount), { locktime: u.platformLocktime ?? 0, threshold: u.threshold ?? 1, addresses: u.addresses }, 'P'),
  );
}

function pChainOwner(o: { threshold: number; addresses: readonly string[] }): CodecNode {
  return struct([
    ['threshold', u32(o.threshold)],
    ['addresses', list(o.addresses.map((a) => fixed(addressBytes(a), cb58Encode(addressBytes(a)))))],
  ]);
}

/** A Warp message as an L1 validator change carries it: unsigned message, then the aggregate signature. */
function warpMessage(world: SandboxWorld, t: PChainTransaction): Uint8Array {
  const source = world.subnets.find((s) => s.subnetId === t.subnetId)?.l1ValidatorManagerDetails?.blockchainId ?? PRIMARY_NETWORK_ID;
  const unsigned = encode(
    struct([
      ['networkID', u32(NETWORK_ID[world.network])],
      ['sourceChainID', id(source)],
      ['payload', bytes(Buffer.concat([sha(`payload:${t.txHash}`), sha(`payload2:${t.txHash}`)]))],
    ]),
  );
  return Buffer.concat([unsigned, Buffer.from([0, 0, 0, 0]), Buffer.from([0, 0, 0, 1, 0x0f]), hexBytes(undefined, 96, `warp:${t.txHash}`)]);
}

function platformTx(world: SandboxWorld, t: PChainTransaction): NodeTx {
  const p = world.chainIds.p;
  const local = t.consumedUtxos.filter((u) => u.createdOnChainId === p);
  const imported = t.consumedUtxos.filter((u) => u.createdOnChainId !== p);
  const outs = t.emittedUtxos.filter((u) => u.consumedOnChainId === p && u.utxoType === 'TRANSFER');
  const stake = t.emittedUtxos.filter((u) => u.consumedOnChainId === p && u.utxoType === 'STAKE');
  const exported = t.emittedUtxos.filter((u) => u.consumedOnChainId !== p);
  const input = (u: PChainUtxo) => transferableInput(u.txHash, u.outputIndex, u.assetId, BigInt(u.amount));
  const base = embed(baseTx(world.network, p, outs.map(pOutput), local.map(input), t.memo ?? '0x').node);
  const subnet = world.subnets.find((s) => s.subnetId === t.subnetId);
  const subnetAuth = (): CodecNode => authorization(subnet?.subnetOwnershipInfo.threshold ?? 1);
  const validator = () =>
    [
      ['nodeID', nodeId(t.nodeId!)],
      ['start', u64(t.startTimestamp!)],
      ['end', u64(t.endTimestamp!)],
      ['weight', u64(BigInt(t.amountStaked[0]?.amount ?? subnetValidatorWeight(t.txHash)))],
    ] as [string, CodecNode][];
  const rewardOwner = () => iface(TYPE.outputOwners, outputOwners({ locktime: 0, threshold: 1, addresses: t.rewardAddresses ?? [] }, 'P'));
  const shares = () => u32(Math.round(Number(t.delegationFeePercent ?? '2') * 10_000));
  let auths = 0;
  const auth = () => {
    auths++;
    return subnetAuth();
  };

  let fields: (ReturnType<typeof embed> | [string, CodecNode])[];
  switch (t.txType) {
    case 'CreateSubnetTx':
      fields = [base, ['owner', iface(TYPE.outputOwners, outputOwners(t.subnetOwnershipInfo!, 'P'))]];
      break;
    case 'CreateChainTx': {
      const info = t.blockchainInfo!;
      const genesis =
        typeof info.genesisData === 'object'
          ? Buffer.from(JSON.stringify(info.genesisData))
          : /^0x[0-9a-f]*$/i.test(info.genesisData ?? '')
            ? Buffer.from(info.genesisData!.slice(2), 'hex')
            : Buffer.from(info.genesisData ?? '');
      fields = [
        base,
        ['subnetID', id(t.subnetId!)],
        ['chainName', str(info.chainName)],
        ['vmID', id(info.vmId)],
        ['fxIDs', list([])],
        ['genesisData', bytes(genesis)],
        ['subnetAuthorization', auth()],
      ];
      break;
    }
    case 'AddValidatorTx':
      fields = [
        base,
        ['validator', struct(validator())],
        ['stake', list(stake.map(pOutput))],
        ['rewardsOwner', rewardOwner()],
        ['shares', shares()],
      ];
      break;
    case 'AddDelegatorTx':
      fields = [base, ['validator', struct(validator())], ['stake', list(stake.map(pOutput))], ['rewardsOwner', rewardOwner()]];
      break;
    case 'AddPermissionlessValidatorTx':
      fields = [
        base,
        ['validator', struct(validator())],
        ['subnetID', id(t.subnetId!)],
        ['signer', iface(PROOF_OF_POSSESSION, pop(t.blsCredentials?.publicKey, t.blsCredentials?.proofOfPossession, t.txHash))],
        ['stake', list(stake.map(pOutput))],
        ['validationRewardsOwner', rewardOwner()],
        ['delegationRewardsOwner', rewardOwner()],
        ['shares', shares()],
      ];
      break;
    case 'AddPermissionlessDelegatorTx':
      fields = [
        base,
        ['validator', struct(validator())],
        ['subnetID', id(t.subnetId!)],
        ['stake', list(stake.map(pOutput))],
        ['rewardsOwner', rewardOwner()],
      ];
      break;
    case 'AddSubnetValidatorTx':
      fields = [base, ['validator', struct([...validator(), ['subnetID', id(t.subnetId!)]])], ['subnetAuthorization', auth()]];
      break;
    case 'RemoveSubnetValidatorTx':
      fields = [base, ['nodeID', nodeId(t.nodeId!)], ['subnetID', id(t.subnetId!)], ['subnetAuthorization', auth()]];
      break;
    case 'TransferSubnetOwnershipTx':
      fields = [
        base,
        ['subnetID', id(t.subnetId!)],
        ['subnetAuthorization', auth()],
        ['owner', iface(TYPE.outputOwners, outputOwners(t.subnetOwnershipInfo!, 'P'))],
      ];
      break;
    case 'TransformSubnetTx': {
      const supply = elasticSupply(t.txHash);
      fields = [
        base,
        ['subnetID', id(t.subnetId!)],
        ['assetID', id(derivedId(`asset:${t.txHash}`))],
        ['initialSupply', u64(supply.initial)],
        ['maximumSupply', u64(supply.maximum)],
        ['minConsumptionRate', u64(100_000)],
        ['maxConsumptionRate', u64(120_000)],
        ['minValidatorStake', u64(2_000n * NANO)],
        ['maxValidatorStake', u64(3_000_000n * NANO)],
        ['minStakeDuration', u32(86_400)],
        ['maxStakeDuration', u32(31_536_000)],
        ['minDelegationFee', u32(20_000)],
        ['minDelegatorStake', u64(25n * NANO)],
        ['maxValidatorWeightFactor', u8(5)],
        ['uptimeRequirement', u32(800_000)],
        ['subnetAuthorization', auth()],
      ];
      break;
    }
    case 'ImportTx':
      fields = [base, ['sourceChain', id(t.sourceChain!)], ['importedInputs', list(imported.map(input))]];
      break;
    case 'ExportTx':
      fields = [base, ['destinationChain', id(t.destinationChain!)], ['exportedOutputs', list(exported.map(pOutput))]];
      break;
    case 'AdvanceTimeTx':
      fields = [['time', u64(t.blockTimestamp)]];
      break;
    case 'RewardValidatorTx':
      fields = [['txID', id(t.stakingTxHash!)]];
      break;
    case 'ConvertSubnetToL1Tx': {
      const manager = t.l1ValidatorManagerDetails!;
      const validators = (t.l1ValidatorDetails ?? []).map((d) => {
        const v = world.l1Validators.find((l) => l.validationId === d.validationId);
        const owner = (o: { addresses: string[]; threshold: number } | undefined) => pChainOwner(o ?? { threshold: 0, addresses: [] });
        return struct([
          ['nodeID', bytes(cb58Decode(d.nodeId.slice('NodeID-'.length), 20))],
          ['weight', u64(d.weight)],
          ['balance', u64(d.remainingBalance)],
          ['signer', pop(d.blsCredentials?.publicKey, d.blsCredentials?.proofOfPossession, d.validationId)],
          ['remainingBalanceOwner', owner(v?.remainingBalanceOwner)],
          ['deactivationOwner', owner(v?.deactivationOwner)],
        ]);
      });
      fields = [
        base,
        ['subnetID', id(t.subnetId!)],
        ['chainID', id(manager.blockchainId)],
        ['address', bytes(Buffer.from(manager.contractAddress.replace(/^0x/, ''), 'hex'))],
        ['validators', list(validators)],
        ['subnetAuthorization', auth()],
      ];
      break;
    }
    case 'RegisterL1ValidatorTx': {
      const d = t.l1ValidatorDetails![0]!;
      const proof = hexBytes(d.blsCredentials?.proofOfPossession, 96, `pop:${d.validationId}`);
      fields = [
        base,
        ['balance', u64(d.remainingBalance)],
        ['proofOfPossession', fixed(proof, hex(proof))],
        ['message', bytes(warpMessage(world, t))],
      ];
      break;
    }
    case 'SetL1ValidatorWeightTx':
      fields = [base, ['message', bytes(warpMessage(world, t))]];
      break;
    case 'IncreaseL1ValidatorBalanceTx': {
      const d = t.l1ValidatorDetails![0]!;
      fields = [base, ['validationID', id(d.validationId)], ['balance', u64(d.balanceChange ?? 0)]];
      break;
    }
    case 'DisableL1ValidatorTx':
      auths++;
      fields = [base, ['validationID', id(t.l1ValidatorDetails![0]!.validationId)], ['disableAuthorization', authorization(1)]];
      break;
    default:
      fields = [base];
  }

  const signers = [...local, ...imported].map((u) => signature(`${t.txHash}:${u.utxoId}`));
  for (let i = 0; i < auths; i++) signers.push(signature(`${t.txHash}:auth:${i}`));
  const node = signedTx(
    TX_TYPE[t.txType] ?? TX_TYPE.BaseTx!,
    struct(fields),
    signers.map((s) => credential(TYPE.credential, [s])),
    t.txHash,
  );
  return { id: t.txHash, time: t.blockTimestamp, node, bytes: encode(node) };
}

/**
 * A Banff standard block after `parent` with no transactions, as the live clock adds them
 * (sandbox/live.ts): what the P-Chain builds to move its time on when no transaction waits.
 */
export function emptyPlatformBlock(parent: { id: string; height: number }, time: number): NodeBlock {
  return madeBlock(BLOCK.banffStandard, parent, time, (blockId) =>
    struct([
      ['time', u64(time)],
      ['parentID', id(parent.id)],
      ['height', u64(parent.height + 1)],
      ...(blockId ? [['id', jsonOnly(blockId)] as [string, CodecNode]] : []),
      ['txs', list([])],
    ]),
  );
}

export function buildPlatformChain(world: SandboxWorld): PlatformChain {
  const txs = world.transactions.p.map((t) => platformTx(world, t));
  // The genesis BaseTx is a transaction the node knows; the genesis block (below) is its block.
  const txById = new Map([platformTx(world, world.genesisP), ...txs].map((t) => [t.id, t]));
  const blocks: NodeBlock[] = [];
  /** Banff blocks start with their time; a Banff proposal block carries decision txs before the common fields. */
  const push = (
    blockId: string,
    time: number,
    typeId: number,
    banff: boolean,
    body: [string, CodecNode][],
    lead: [string, CodecNode][] = [],
  ) => {
    const parentId = blocks.at(-1)?.id ?? derivedId(`p-genesis-parent:${world.network}`);
    const height = blocks.length;
    const common: [string, CodecNode][] = [
      ['parentID', id(parentId)],
      ['height', u64(height)],
      ['id', jsonOnly(blockId)],
    ];
    const node = struct([...(banff ? [['time', u64(time)] as [string, CodecNode]] : []), ...lead, ...common, ...body]);
    blocks.push({ id: blockId, parentId, height, time, node, bytes: encode(iface(typeId, node)) });
  };

  push(world.genesisP.blockHash, TIMELINE.genesis, BLOCK.apricotCommit, false, []);
  for (const t of world.transactions.p) {
    const tx = txById.get(t.txHash)!.node;
    const banff = t.blockTimestamp >= TIMELINE.banff;
    // The world numbers P-Chain blocks the way they are built here: a drift would break joins by height.
    if (blocks.length !== Number(t.blockNumber))
      throw new Error(`P-Chain block of ${t.txHash} is at ${blocks.length}, the Data API says ${t.blockNumber}`);
    if (isProposal(t.txType, t.blockTimestamp)) {
      push(
        t.blockHash,
        t.blockTimestamp,
        banff ? BLOCK.banffProposal : BLOCK.apricotProposal,
        banff,
        [['tx', tx]],
        banff ? [['txs', list([])]] : [],
      );
      push(derivedId(`commit:${t.blockHash}`), t.blockTimestamp, banff ? BLOCK.banffCommit : BLOCK.apricotCommit, banff, []);
    } else if (!banff && (t.txType === 'ImportTx' || t.txType === 'ExportTx')) {
      push(t.blockHash, t.blockTimestamp, BLOCK.apricotAtomic, false, [['tx', tx]]);
    } else {
      push(t.blockHash, t.blockTimestamp, banff ? BLOCK.banffStandard : BLOCK.apricotStandard, banff, [['txs', list([tx])]]);
    }
  }
  return { txs, txById, blocks, blockById: new Map(blocks.map((b) => [b.id, b])) };
}
