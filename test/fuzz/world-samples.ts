/**
 * What the sandbox knows, as argument values: the ids, addresses and hashes its deterministic
 * world is built of (sandbox/world/, sandbox/node/chains/), by kind, and which kind an argument
 * takes (by its field, name and type). The generator draws real values from here most of the
 * time, so that generated queries reach the data and the calls behind it, not only "not found".
 */
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getEvmWorld, ICM_MESSENGER, SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import type { Rng } from './random.js';

export type SampleKind =
  | 'subnetId'
  | 'blockchainId'
  | 'evmBlockchainId'
  | 'evmChainId'
  | 'nodeId'
  | 'address'
  | 'evmAddress'
  | 'pTx'
  | 'xTx'
  | 'cTx'
  | 'validationId'
  | 'assetId'
  | 'pBlockId'
  | 'xBlockId'
  | 'containerId'
  | 'pHeight'
  | 'xHeight'
  | 'containerIndex'
  | 'evmBlock'
  | 'timestamp'
  | 'globalId'
  | 'cursor';

export type Samples = Record<SampleKind, (string | number)[]>;

/** Values of each kind, from the mainnet world of the sandbox's default seed (what `npm start` over the sandbox serves). */
export function worldSamples(seed = 'avalanche'): Samples {
  const world = getWorld('mainnet', seed);
  const node = getNodeWorld('mainnet', seed);
  const evm = getEvmWorld('mainnet', seed);
  const evmChains = [...evm.chains.values()];
  const every = <T>(items: readonly T[], n: number) => items.filter((_, i) => i % Math.max(1, Math.floor(items.length / n)) === 0);
  return {
    subnetId: world.subnets.map((s) => s.subnetId),
    blockchainId: world.subnets.flatMap((s) => s.blockchains.map((b) => b.blockchainId)),
    evmBlockchainId: evmChains.map((c) => c.blockchainId),
    evmChainId: evmChains.map((c) => Number(c.chainId)),
    nodeId: every(world.nodeIds, 60),
    address: [...every(world.addresses, 60), world.manyUtxosAddress],
    evmAddress: [SHOWCASE_EVM_ADDRESS, ICM_MESSENGER, ...evmChains.slice(0, 8).flatMap((c) => c.accounts.slice(0, 4))],
    pTx: every(world.transactions.p, 80).map((t) => t.txHash),
    xTx: every(world.transactions.x, 40).map((t) => t.txHash),
    cTx: every(world.transactions.c, 20).map((t) => t.txHash),
    validationId: every(world.l1Validators, 40).map((v) => v.validationId),
    assetId: [world.avaxAssetId, ...world.assets.keys()].slice(0, 20),
    pBlockId: every(node.platform.blocks, 30).map((b) => b.id),
    xBlockId: every(node.avm.blocks, 30).map((b) => b.id),
    containerId: Object.values(node.indexes).flatMap((i) => every(i.containers, 8).map((c) => c.id)),
    pHeight: every(node.platform.blocks, 30).map((b) => b.height),
    xHeight: every(node.avm.blocks, 30).map((b) => b.height),
    containerIndex: [0, 1, 2, 10, 100, 500],
    evmBlock: [0, 1, 5, 20, 50, 100],
    timestamp: [1_600_000_000, 1_650_000_000, 1_700_000_000, 1_750_000_000, 1_763_000_000],
    // Filled while running, from the answers: global ids and cursors the gateway gave out.
    globalId: [],
    cursor: [],
  };
}

/** The kind of value an argument takes, from its name and type (and the field it is on); undefined: made up from its type alone. */
export function kindOf(parent: string, field: string, arg: string, type: string): SampleKind | undefined {
  if (type === 'ID') return 'globalId';
  if (arg === 'after' || arg === 'before') return 'cursor';
  if (type === 'NodeID') return 'nodeId';
  if (type === 'AvalancheAddress') return 'address';
  if (type === 'EvmHexAddress') return 'evmAddress';
  if (arg === 'subnetId') return 'subnetId';
  if (arg === 'evmChainId') return 'evmChainId';
  if (arg === 'blockchainId') return parent === 'Network' && field === 'evmChain' ? 'evmBlockchainId' : 'blockchainId';
  if (arg === 'chain' && type === 'CB58Id') return 'blockchainId';
  if (arg === 'validationId' || arg === 'l1ValidationId') return 'validationId';
  if (arg === 'txHash' || arg === 'txId') return parent === 'XChain' ? 'xTx' : 'pTx';
  if (arg === 'assetId') return 'assetId';
  if (arg === 'blockId') return parent === 'XChain' ? 'xBlockId' : 'pBlockId';
  if (arg === 'id' && type === 'CB58Id') return 'containerId';
  if (arg === 'height') return parent === 'XChain' ? 'xHeight' : 'pHeight';
  if (arg === 'index' || arg === 'startIndex') return 'containerIndex';
  if (arg === 'blockNumber' || arg === 'startBlock' || arg === 'endBlock') return 'evmBlock';
  if (/timestamp$/i.test(arg)) return 'timestamp';
  return undefined;
}

/** A value of `kind`, or undefined when none is known yet (the harvested kinds, early on). */
export function sampleOf(samples: Samples, kind: SampleKind, rng: Rng): string | number | undefined {
  const pool = samples[kind];
  return pool.length > 0 ? rng.pick(pool) : undefined;
}

/** Keeps the global ids and cursors an answer gave out (a bounded number), for later `node(id:)` and `after:`. */
export function harvest(samples: Samples, data: unknown, rng: Rng): void {
  const keep = (kind: 'globalId' | 'cursor', value: string) => {
    const pool = samples[kind];
    if (pool.includes(value)) return;
    if (pool.length < 200) pool.push(value);
    else pool[rng.int(0, pool.length - 1)] = value;
  };
  const walk = (value: unknown, depth: number) => {
    if (depth > 30 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 20)) walk(item, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && (key === 'id' || key.endsWith('_id'))) keep('globalId', v);
      else if (typeof v === 'string' && (key === 'cursor' || key === 'endCursor' || key === 'startCursor')) keep('cursor', v);
      else walk(v, depth + 1);
    }
  };
  walk(data, 0);
}
