/**
 * The EVM chains as the sandbox node serves them: blocks rebuilt from the EVM world's
 * transactions, the C-Chain's blocks as RLP for the index, coreth's chain config, and for each
 * Subnet-EVM chain its config from the world genesis plus precompile upgrades (some chains get
 * a fee manager enabled with a new fee config, disabled, re-enabled...) so that fee configs,
 * rules and precompiles really differ between older blocks and the latest one.
 */
import type { NetworkName } from '../../../src/base/ids.js';
import type { Blockchain, EvmGenesisConfig } from '../../../src/upstreams/data-api/subnet.js';
import type { NativeTransaction } from '../../../src/upstreams/data-api/evm-chain.js';
import { evmBlockHash, type EvmChainWorld } from '../../world/evm.js';
import { Rng, sha } from '../../random.js';
import { TIMELINE } from '../../world/timeline.js';

export interface EvmBlock {
  number: number;
  hash: string;
  time: number;
  txs: NativeTransaction[];
}

/** Blocks 0 (genesis) to the head; a block without transactions keeps the time of the one before. */
export function evmBlocks(chain: EvmChainWorld, genesisTime: number): EvmBlock[] {
  const blocks: EvmBlock[] = [];
  for (let n = 0; n <= chain.headBlock; n++) blocks.push({ number: n, hash: evmBlockHash(chain.chainId, n), time: genesisTime, txs: [] });
  for (const tx of chain.transactions) {
    const block = blocks[Number(tx.blockNumber)]!;
    block.txs.push(tx);
    block.time = tx.blockTimestamp;
  }
  for (let n = 1; n < blocks.length; n++) if (blocks[n]!.txs.length === 0) blocks[n]!.time = blocks[n - 1]!.time;
  return blocks;
}

// --- RLP, for the C-Chain's block bytes ------------------------------------------------------

type Rlp = Uint8Array | Rlp[];

function rlpLength(length: number, offset: number): Buffer {
  if (length < 56) return Buffer.from([offset + length]);
  const hexLength = length.toString(16);
  const lengthBytes = Buffer.from(hexLength.length % 2 ? `0${hexLength}` : hexLength, 'hex');
  return Buffer.concat([Buffer.from([offset + 55 + lengthBytes.length]), lengthBytes]);
}

function rlp(item: Rlp): Buffer {
  if (Array.isArray(item)) {
    const body = Buffer.concat(item.map(rlp));
    return Buffer.concat([rlpLength(body.length, 0xc0), body]);
  }
  if (item.length === 1 && item[0]! < 0x80) return Buffer.from(item);
  return Buffer.concat([rlpLength(item.length, 0x80), Buffer.from(item)]);
}

function int(value: bigint | number | string): Uint8Array {
  const n = BigInt(value);
  if (n === 0n) return new Uint8Array();
  const h = n.toString(16);
  return Buffer.from(h.length % 2 ? `0${h}` : h, 'hex');
}

const hexBytes = (h: string) => Buffer.from(h.replace(/^0x/, ''), 'hex');
const EMPTY_UNCLES = hexBytes('0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347');

function txRlp(tx: NativeTransaction, chainId: string): Uint8Array {
  const method =
    tx.method?.methodHash && tx.method.methodHash !== '0x'
      ? Buffer.concat([hexBytes(tx.method.methodHash), sha(`args:${tx.txHash}`)])
      : new Uint8Array();
  const sig = sha(`sig:${tx.txHash}`);
  const to = hexBytes(tx.to.address);
  if (tx.txType === 2) {
    const fields: Rlp[] = [
      int(chainId),
      int(tx.nonce),
      int(1_000_000_000n),
      int(tx.gasPrice),
      int(tx.gasLimit),
      to,
      int(tx.value),
      method,
      [],
      int(sig[0]! & 1),
      sig,
      sha(`s:${tx.txHash}`),
    ];
    return Buffer.concat([Buffer.from([2]), rlp(fields)]);
  }
  return rlp([
    int(tx.nonce),
    int(tx.gasPrice),
    int(tx.gasLimit),
    to,
    int(tx.value),
    method,
    int(BigInt(chainId) * 2n + 35n + BigInt(sig[0]! & 1)),
    sig,
    sha(`s:${tx.txHash}`),
  ]);
}

/** A coreth block as RLP: header, transactions, no uncles, version 0, no atomic data. */
export function cChainBlockBytes(block: EvmBlock, parentHash: string, chainId: string, gasLimit: number): Buffer {
  const gasUsed = block.txs.reduce((s, t) => s + BigInt(t.gasUsed), 0n);
  const header: Rlp = [
    hexBytes(parentHash),
    EMPTY_UNCLES,
    new Uint8Array(20),
    sha(`state:${block.hash}`),
    sha(`txs:${block.hash}`),
    sha(`receipts:${block.hash}`),
    new Uint8Array(256),
    int(1),
    int(block.number),
    int(gasLimit),
    int(gasUsed),
    int(block.time),
    new Uint8Array(),
    new Uint8Array(32),
    new Uint8Array(8),
    sha(`extdata:${block.hash}`),
    int(block.txs[0]?.gasPrice ?? 25_000_000_000),
    int(0),
    int(0),
  ];
  return rlp([header, block.txs.map((t) => txRlp(t, chainId)), [], int(0), new Uint8Array()]);
}

// --- chain configs --------------------------------------------------------------------------

/** Network upgrades after Etna, which the world's timeline does not name. */
const FORTUNA = 1_744_000_000;

/** coreth's chain config (params.ChainConfig), forks at block 0 and Avalanche upgrades by time. */
export function corethChainConfig(network: NetworkName, chainId: number): Record<string, unknown> {
  // Fuji went through each upgrade a few weeks before mainnet.
  const early = network === 'fuji' ? 21 * 86_400 : 0;
  return {
    chainId,
    homesteadBlock: 0,
    daoForkBlock: 0,
    daoForkSupport: true,
    eip150Block: 0,
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    muirGlacierBlock: 0,
    apricotPhase1BlockTimestamp: 1_617_199_200 - early,
    apricotPhase2BlockTimestamp: 1_620_644_400 - early,
    apricotPhase3BlockTimestamp: 1_629_813_600 - early,
    apricotPhase4BlockTimestamp: 1_632_772_800 - early,
    apricotPhase5BlockTimestamp: 1_638_468_000 - early,
    apricotPhasePre6BlockTimestamp: 1_662_476_400 - early,
    apricotPhase6BlockTimestamp: 1_662_480_000 - early,
    apricotPhasePost6BlockTimestamp: 1_662_483_600 - early,
    banffBlockTimestamp: TIMELINE.banff - early,
    cortinaBlockTimestamp: TIMELINE.cortina - early,
    durangoBlockTimestamp: TIMELINE.durango - early,
    etnaTimestamp: TIMELINE.etna - early,
    fortunaTimestamp: FORTUNA - early,
  };
}

const PRECOMPILE_KEYS = [
  'contractDeployerAllowListConfig',
  'contractNativeMinterConfig',
  'feeManagerConfig',
  'rewardManagerConfig',
  'txAllowListConfig',
  'warpConfig',
] as const;

type FeeConfig = NonNullable<EvmGenesisConfig['feeConfig']>;
type PrecompileConfig = Record<string, unknown> & { blockTimestamp?: number; disable?: boolean; initialFeeConfig?: FeeConfig };

interface PrecompileEvent {
  key: string;
  timestamp: number;
  /** The block from which it applies: the first whose time reaches the timestamp. */
  block: number;
  config: PrecompileConfig;
}

export interface SubnetEvmChain {
  blockchainId: string;
  chainId: number;
  blocks: EvmBlock[];
  blockByHash: Map<string, EvmBlock>;
  /** The config eth_getChainConfig answers. */
  chainConfig: Record<string, unknown>;
  feeConfigAt(block: number): { feeConfig: FeeConfig; lastChangedAt: number };
  rulesAt(timestamp: number): {
    ethRules: Record<string, boolean>;
    avalancheRules: Record<string, boolean>;
    precompiles: Record<string, { timestamp: number }>;
  };
  activePrecompilesAt(timestamp: number): Record<string, PrecompileConfig>;
}

const sortKeys = <T>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Precompile upgrades for about half the chains, inside their block history. */
function planUpgrades(
  seed: string,
  network: NetworkName,
  config: EvmGenesisConfig,
  blocks: EvmBlock[],
  blockchainId: string,
): Record<string, PrecompileConfig>[] {
  const rng = new Rng(`${seed}:${network}:upgrades:${blockchainId}`);
  if (!rng.chance(0.5) || blocks.length < 4) return [];
  const t0 = blocks[1]!.time;
  const t1 = blocks.at(-1)!.time;
  const at = (f: number) => Math.floor(t0 + (t1 - t0) * f);
  const genesisFee = config.feeConfig!;
  const vary = (k: number): FeeConfig => ({
    ...genesisFee,
    gasLimit: (genesisFee.gasLimit ?? 8_000_000) + k * 4_000_000,
    minBaseFee: (genesisFee.minBaseFee ?? 25_000_000_000) * (k + 1),
    targetGas: (genesisFee.targetGas ?? 15_000_000) + k * 5_000_000,
  });
  const admins = config.feeManagerConfig?.adminAddresses ?? [rng.hex(20)];
  const enable = (timestamp: number, fee: FeeConfig) => ({
    feeManagerConfig: { adminAddresses: admins, blockTimestamp: timestamp, initialFeeConfig: fee },
  });
  const disable = (key: string, timestamp: number) => ({ [key]: { adminAddresses: null, blockTimestamp: timestamp, disable: true } });
  const upgrades: Record<string, PrecompileConfig>[] = [];
  if (config.feeManagerConfig) {
    upgrades.push(disable('feeManagerConfig', at(0.3)), enable(at(0.6), vary(1)));
  } else {
    upgrades.push(enable(at(0.3), vary(1)));
    if (rng.chance(0.5)) upgrades.push(disable('feeManagerConfig', at(0.55)), enable(at(0.8), vary(2)));
  }
  if (config.txAllowListConfig && rng.chance(0.5)) upgrades.push(disable('txAllowListConfig', at(0.45)));
  if (!config.contractNativeMinterConfig && rng.chance(0.5))
    upgrades.push({ contractNativeMinterConfig: { adminAddresses: [rng.hex(20)], blockTimestamp: at(0.7) } });
  return upgrades.sort((a, b) => Object.values(a)[0]!.blockTimestamp! - Object.values(b)[0]!.blockTimestamp!);
}

export function buildSubnetEvmChain(seed: string, network: NetworkName, blockchain: Blockchain, chain: EvmChainWorld): SubnetEvmChain {
  const genesis = typeof blockchain.genesisData === 'object' ? blockchain.genesisData : {};
  const config = (genesis.config ?? {}) as EvmGenesisConfig & Record<string, unknown>;
  const genesisTime = Number.parseInt(genesis.timestamp ?? '0x0', 16);
  const blocks = evmBlocks(chain, genesisTime);
  const upgrades = planUpgrades(seed, network, config, blocks, blockchain.blockchainId);
  const blockAt = (timestamp: number) => blocks.find((b) => b.time >= timestamp)?.number ?? Number.POSITIVE_INFINITY;

  const events: PrecompileEvent[] = [];
  for (const key of PRECOMPILE_KEYS) {
    const c = config[key] as PrecompileConfig | undefined;
    if (c)
      events.push({
        key,
        timestamp: c.blockTimestamp ?? 0,
        block: c.blockTimestamp && c.blockTimestamp > genesisTime ? blockAt(c.blockTimestamp) : 0,
        config: c,
      });
  }
  for (const upgrade of upgrades) {
    const [key, c] = Object.entries(upgrade)[0]!;
    events.push({ key, timestamp: c.blockTimestamp!, block: blockAt(c.blockTimestamp!), config: c });
  }

  const activeAt = (timestamp: number) => {
    const active = new Map<string, PrecompileEvent>();
    for (const e of events) {
      if (e.timestamp > timestamp) continue;
      if (e.config.disable) active.delete(e.key);
      else active.set(e.key, e);
    }
    return active;
  };

  // The fee config a block sees: the genesis one (changed "at 0") unless the fee manager is on,
  // in which case the config it stored when it was enabled, changed at that block.
  const feeEvents = events.filter((e) => e.key === 'feeManagerConfig').sort((a, b) => a.block - b.block);
  const feeConfigAt = (block: number) => {
    let current = { feeConfig: config.feeConfig!, lastChangedAt: 0 };
    for (const e of feeEvents) {
      if (e.block > block) break;
      current = e.config.disable
        ? { feeConfig: config.feeConfig!, lastChangedAt: 0 }
        : { feeConfig: e.config.initialFeeConfig ?? config.feeConfig!, lastChangedAt: e.block };
    }
    return current;
  };

  const durango = TIMELINE.durango;
  const etna = TIMELINE.etna;
  const chainConfig = sortKeys({
    ...config,
    subnetEVMTimestamp: config.subnetEVMTimestamp ?? 0,
    durangoTimestamp: durango,
    etnaTimestamp: etna,
    fortunaTimestamp: FORTUNA,
    upgrades: upgrades.length > 0 ? { precompileUpgrades: upgrades } : {},
  });

  return {
    blockchainId: blockchain.blockchainId,
    chainId: blockchain.evmChainId!,
    blocks,
    blockByHash: new Map(blocks.map((b) => [b.hash, b])),
    chainConfig,
    feeConfigAt,
    rulesAt(timestamp) {
      const precompiles: Record<string, { timestamp: number }> = {};
      for (const [key, e] of activeAt(timestamp)) precompiles[key] = { timestamp: e.timestamp };
      return {
        ethRules: {
          IsHomestead: true,
          IsEIP150: true,
          IsEIP155: true,
          IsEIP158: true,
          IsByzantium: true,
          IsConstantinople: true,
          IsPetersburg: true,
          IsIstanbul: true,
          IsBerlin: true,
          IsLondon: true,
          IsShanghai: timestamp >= durango,
          IsCancun: timestamp >= etna,
        },
        avalancheRules: { IsSubnetEVM: true, IsDurango: timestamp >= durango, IsEtna: timestamp >= etna, IsFortuna: timestamp >= FORTUNA },
        precompiles: sortKeys(precompiles),
      };
    },
    activePrecompilesAt(timestamp) {
      const out: Record<string, PrecompileConfig> = {};
      for (const [key, e] of activeAt(timestamp)) out[key] = e.config;
      return sortKeys(out);
    },
  };
}
