/**
 * What the sandbox node knows of a network, derived from the world: which blockchains it tracks
 * (and so serves), the X- and P-Chain as blocks and signed transactions, the five indexes, the
 * UTXO sets by address, the Subnet-EVM chains' configs. Built on first use per network and seed
 * (a few hundred milliseconds), then shared like the world itself.
 */
import { encodeNftTransferUtxo, encodeTransferUtxo } from '../../../src/base/avax-codec.js';
import { cb58Encode, formatNodeId, PRIMARY_NETWORK_ID, type NetworkName } from '../../../src/base/ids.js';
import type { Blockchain, Subnet } from '../../../src/upstreams/data-api/subnet.js';
import type { PChainTransaction } from '../../../src/upstreams/data-api/transaction.js';
import { addressBytes } from './avax.js';
import { buildAvmChain, emptyAvmBlock, type AvmChain, type NodeBlock } from './avm.js';
import { idBytes } from './codec.js';
import { buildPlatformChain, emptyPlatformBlock, type PlatformChain } from './platform.js';
import { buildSubnetEvmChain, cChainBlockBytes, evmBlocks, type EvmBlock, type SubnetEvmChain } from './evm.js';
import { getEvmWorld, type EvmWorld } from '../../world/evm.js';
import { sha } from '../../random.js';
import { getWorld } from '../../world/world.js';
import { TIMELINE, VM_IDS } from '../../world/timeline.js';
import type { SandboxUtxo, SandboxWorld } from '../../world/types.js';

export type IndexName = 'C/block' | 'P/block' | 'X/tx' | 'X/block' | 'X/vtx';
export const INDEX_NAMES: readonly IndexName[] = ['C/block', 'P/block', 'X/tx', 'X/block', 'X/vtx'];

/** Tracking decides what a node serves: Created chains exist on the P-Chain but not on this node. */
export type TrackedStatus = 'Validating' | 'Syncing' | 'Created';

/** The id the sandbox node reports in every answer's `node-id` header. */
export const SANDBOX_NODE_ID = formatNodeId(sha('sandbox avalanchego node').subarray(0, 20));

export interface Container {
  id: string;
  /** Codec bytes without the checksum. */
  bytes: Uint8Array;
  time: number;
}

export interface ChainInfo {
  blockchain: Blockchain;
  subnet: Subnet;
  status: TrackedStatus;
  vm: 'avm' | 'coreth' | 'subnet-evm' | 'custom';
}

export interface UtxoSet {
  /** By owner (20 bytes as hex), sorted by UTXO id bytes, as the node's address index keeps them. */
  byAddress: Map<string, SandboxUtxo[]>;
}

export interface NodeWorld {
  network: NetworkName;
  seed: string;
  world: SandboxWorld;
  evm: EvmWorld;
  avm: AvmChain;
  platform: PlatformChain;
  /** Every blockchain but the P-Chain, with its status on this node. */
  chains: Map<string, ChainInfo>;
  /** Blockchains proposed in a block the node prefers but not yet accepted: status Preferred. */
  proposed: string[];
  cBlocks: EvmBlock[];
  indexes: Record<IndexName, { containers: Container[]; byId: Map<string, number> }>;
  /** The UTXOs spendable on a chain, keyed by the chain they were created on (itself, or the exporting chain). */
  utxos(chainId: string, createdOn: string): UtxoSet;
  utxoBytes(u: SandboxUtxo): Uint8Array;
  subnetEvm(blockchainId: string): SubnetEvmChain | undefined;
  /** Legacy subnet validators now (AddSubnetValidatorTx running and not removed). */
  subnetValidators: readonly PChainTransaction[];
  /**
   * The `n`th block (0 for the first) the live clock adds to the P- or X-Chain after the world's
   * last (sandbox/live.ts), a second after its parent: the same for a network and seed however far
   * the clock is, so the index and the chain's own API serve the same blocks.
   */
  madeBlock(chain: 'P' | 'X', n: number): NodeBlock;
  /** Which made block (`n`) has this id, among the first `count`. */
  madeBlockNumber(chain: 'P' | 'X', id: string, count: number): number | undefined;
}

/** Legacy subnet validators of the P-Chain now: AddSubnetValidatorTx still running and not removed since. */
function currentSubnetValidators(world: SandboxWorld): PChainTransaction[] {
  const now = TIMELINE.now;
  const txs = world.transactions.p;
  return txs
    .filter((t) => t.txType === 'AddSubnetValidatorTx' && t.startTimestamp! <= now && t.endTimestamp! > now)
    .filter(
      (t) =>
        !txs.some(
          (r) =>
            r.txType === 'RemoveSubnetValidatorTx' &&
            r.nodeId === t.nodeId &&
            r.subnetId === t.subnetId &&
            r.blockTimestamp > t.blockTimestamp,
        ),
    );
}

/**
 * Which subnets the sandbox node tracks, as a node tracks whole subnets. It is the node of the
 * demo's operator, who runs the world's L1s: it tracks every L1 (as `--track-subnets` would) and
 * every subnet that has permissioned validators now, so that their chains' /validators have
 * someone to list, and a fixed share of the other subnets by their id, validated or only synced.
 * The rest, subnets nobody validates any more, exist on the P-Chain only. (The node's own id is
 * in no validator set: "Validating" is a label here, not a derived fact.)
 */
function subnetStatuses(world: SandboxWorld, subnetValidators: readonly PChainTransaction[]): Map<string, TrackedStatus> {
  const staffed = new Set(subnetValidators.map((t) => t.subnetId!));
  const statuses = new Map<string, TrackedStatus>();
  for (const subnet of world.subnets) {
    const bucket = sha(`tracked:${subnet.subnetId}`)[0]! % 10;
    const status =
      subnet.subnetId === PRIMARY_NETWORK_ID || staffed.has(subnet.subnetId) || bucket < 3
        ? 'Validating'
        : bucket < 4 || subnet.isL1
          ? 'Syncing'
          : 'Created';
    statuses.set(subnet.subnetId, status);
  }
  return statuses;
}

/** The Preferred blockchain ids of a network: proposed, absent from the Data API. */
export function proposedBlockchainIds(network: NetworkName): string[] {
  return [0, 1, 2].map((i) => cb58Encode(sha(`proposed:${network}:${i}`)));
}

function buildNodeWorld(network: NetworkName, seed: string): NodeWorld {
  const world = getWorld(network, seed);
  const evm = getEvmWorld(network, seed);
  const avm = buildAvmChain(world);
  const platform = buildPlatformChain(world);

  const subnetValidators = currentSubnetValidators(world);
  const statuses = subnetStatuses(world, subnetValidators);
  const chains = new Map<string, ChainInfo>();
  for (const subnet of world.subnets) {
    for (const blockchain of subnet.blockchains) {
      const vm =
        blockchain.vmId === VM_IDS.avm
          ? 'avm'
          : blockchain.vmId === VM_IDS.evm
            ? 'coreth'
            : blockchain.vmId === VM_IDS.subnetEvm
              ? 'subnet-evm'
              : 'custom';
      chains.set(blockchain.blockchainId, { blockchain, subnet, status: statuses.get(subnet.subnetId)!, vm });
    }
  }

  const cChain = evm.byBlockchainId.get(world.chainIds.c)!;
  const cGenesis = chains.get(world.chainIds.c)!.blockchain.createBlockTimestamp;
  const cBlocks = evmBlocks(cChain, cGenesis);
  const cGasLimit = 15_000_000;

  const index = (containers: Container[]) => ({ containers, byId: new Map(containers.map((c, i) => [c.id, i])) });
  const indexes: NodeWorld['indexes'] = {
    'X/tx': index(avm.txs.map((t) => ({ id: t.id, bytes: t.bytes, time: t.time }))),
    'X/block': index(avm.blocks.map((b) => ({ id: b.id, bytes: b.bytes, time: b.time }))),
    'X/vtx': index(avm.vertices),
    // The genesis block is not accepted through consensus, so the index starts after it.
    'P/block': index(platform.blocks.slice(1).map((b) => ({ id: b.id, bytes: b.bytes, time: b.time }))),
    'C/block': index(
      cBlocks.slice(1).map((b) => ({
        id: cb58Encode(Buffer.from(b.hash.slice(2), 'hex')),
        bytes: cChainBlockBytes(b, cBlocks[b.number - 1]!.hash, cChain.chainId, cGasLimit),
        time: b.time,
      })),
    ),
  };

  const utxoSets = new Map<string, UtxoSet>();
  const utxos = (chainId: string, createdOn: string): UtxoSet => {
    const key = `${chainId}|${createdOn}`;
    let set = utxoSets.get(key);
    if (set) return set;
    const byAddress = new Map<string, SandboxUtxo[]>();
    for (const u of world.utxos.get(chainId) ?? []) {
      if (u.createdOn !== createdOn) continue;
      for (const owner of u.owners) {
        const addr = Buffer.from(addressBytes(owner)).toString('hex');
        let list = byAddress.get(addr);
        if (!list) byAddress.set(addr, (list = []));
        list.push(u);
      }
    }
    for (const list of byAddress.values()) list.sort((a, b) => Buffer.compare(idBytes(a.id), idBytes(b.id)));
    utxoSets.set(key, (set = { byAddress }));
    return set;
  };

  const utxoBytesCache = new Map<string, Uint8Array>();
  const utxoBytes = (u: SandboxUtxo) => {
    let bytes = utxoBytesCache.get(u.id);
    if (!bytes) {
      const common = {
        txId: u.txId,
        outputIndex: u.outputIndex,
        assetId: u.assetId,
        locktime: u.locktime,
        threshold: u.threshold,
        addresses: u.owners,
      };
      bytes =
        u.groupId !== undefined
          ? encodeNftTransferUtxo({ ...common, groupId: u.groupId, payload: Buffer.from((u.payload ?? '').replace(/^0x/, ''), 'hex') })
          : encodeTransferUtxo({ ...common, amount: u.amount });
      utxoBytesCache.set(u.id, bytes);
    }
    return bytes;
  };

  const subnetEvmChains = new Map<string, SubnetEvmChain | undefined>();
  const subnetEvm = (blockchainId: string) => {
    if (!subnetEvmChains.has(blockchainId)) {
      const info = chains.get(blockchainId);
      const chain = evm.byBlockchainId.get(blockchainId);
      subnetEvmChains.set(
        blockchainId,
        info?.vm === 'subnet-evm' && chain ? buildSubnetEvmChain(seed, network, info.blockchain, chain) : undefined,
      );
    }
    return subnetEvmChains.get(blockchainId);
  };

  const made = { P: [] as NodeBlock[], X: [] as NodeBlock[] };
  const madeIds = { P: new Map<string, number>(), X: new Map<string, number>() };
  const madeBlock = (chain: 'P' | 'X', n: number): NodeBlock => {
    const list = made[chain];
    const last = (chain === 'P' ? platform.blocks : avm.blocks).at(-1)!;
    while (list.length <= n) {
      const parent = list.at(-1) ?? last;
      const block = (chain === 'P' ? emptyPlatformBlock : emptyAvmBlock)(parent, parent.time + 1);
      madeIds[chain].set(block.id, list.length);
      list.push(block);
    }
    return list[n]!;
  };
  const madeBlockNumber = (chain: 'P' | 'X', id: string, count: number) => {
    if (count > 0) madeBlock(chain, count - 1);
    const n = madeIds[chain].get(id);
    return n !== undefined && n < count ? n : undefined;
  };

  return {
    network,
    seed,
    world,
    evm,
    avm,
    platform,
    chains,
    proposed: proposedBlockchainIds(network),
    cBlocks,
    indexes,
    utxos,
    utxoBytes,
    subnetEvm,
    subnetValidators,
    madeBlock,
    madeBlockNumber,
  };
}

const cache = new Map<string, NodeWorld>();

/** The node's view of a network, built on first use. */
export function getNodeWorld(network: NetworkName, seed = 'avalanche'): NodeWorld {
  const key = `${network}:${seed}`;
  let nodeWorld = cache.get(key);
  if (!nodeWorld) cache.set(key, (nodeWorld = buildNodeWorld(network, seed)));
  return nodeWorld;
}
