/**
 * A deterministic Avalanche world: subnets and their blockchains with full EVM genesis, L1
 * validators, and P-, X- and C-Chain histories whose UTXOs really flow from one transaction to
 * the next (and across chains through export/import pairs). Everything is derived from the seed,
 * so every run serves the same data.
 *
 * The generator keeps its own model of UTXOs and transactions and renders the Data API's wire
 * shapes at the end, because one UTXO appears in different shapes on different chains.
 */
import { utxoId } from '../../src/avax-codec.js';
import {
  cb58Encode,
  formatBech32Address,
  formatNodeId,
  NETWORK_HRP,
  PRIMARY_CHAIN_IDS,
  PRIMARY_NETWORK_ID,
  type NetworkName,
} from '../../src/ids.js';
import type {
  AssetAmount,
  Blockchain,
  BlsCredentials,
  CChainAtomicTransaction,
  EvmGenesis,
  EvmGenesisAllowListConfig,
  HistoricalReward,
  L1Validator,
  L1ValidatorDetailsTransaction,
  PChainTransaction,
  PChainUtxo,
  PrimaryNetworkTxType,
  Subnet,
  XChainTransaction,
  XChainUtxo,
  XChainVertex,
} from '../../src/upstreams/data-api.types.js';
import { Rng, sha } from '../random.js';

export const AVAX_ASSET_ID: Record<NetworkName, string> = {
  mainnet: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  fuji: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
};

export const VM_IDS = {
  platform: 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT',
  avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
  evm: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  subnetEvm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
};

const DAY = 86_400;
const NANO = 1_000_000_000n;
/** The X-Chain's fees, which its transactions burn and avm.getTxFee reports. */
export const TX_FEE = 1_000_000n;
export const CREATE_ASSET_TX_FEE = NANO / 100n;

/** Upgrade times that decide which transaction formats the history uses. */
export const TIMELINE = {
  genesis: 1_600_000_000,
  banff: 1_666_000_000, // after this, no AdvanceTimeTx
  cortina: 1_682_000_000, // X-Chain moves from DAG vertices to linear blocks
  durango: 1_709_000_000, // permissionless staking txs replace AddValidatorTx/AddDelegatorTx
  etna: 1_734_000_000, // subnets may convert to L1s
  now: 1_763_000_000,
};

/** P-Chain transactions that go in a proposal block, followed by its commit block: before Banff the staking ones, after it only rewards. */
const APRICOT_PROPOSALS = new Set<string>([
  'AdvanceTimeTx',
  'RewardValidatorTx',
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddSubnetValidatorTx',
]);

export function isProposal(type: string, time: number): boolean {
  return time >= TIMELINE.banff ? type === 'RewardValidatorTx' : APRICOT_PROPOSALS.has(type);
}

/** Daily AVAX price in USD, a smooth deterministic curve; other currencies by fixed rates. */
export const FX_RATES: Record<string, number> = {
  usd: 1,
  eur: 0.92,
  aud: 1.52,
  cad: 1.37,
  chf: 0.88,
  clp: 940,
  cny: 7.2,
  czk: 23.1,
  dkk: 6.86,
  gbp: 0.79,
  hkd: 7.8,
  huf: 360,
  jpy: 151,
  nzd: 1.66,
};

export function avaxPriceUsd(timestamp: number): number {
  const days = (timestamp - TIMELINE.genesis) / DAY;
  return Math.round((28 + 18 * Math.sin(days / 90) + 9 * Math.sin(days / 23)) * 100) / 100;
}

interface AssetInfo {
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  createdAt: number;
  cap: 'fixed' | 'variable';
}

/** One output, whatever chain shape it is later rendered in. */
interface Output {
  id: string;
  txHash: string;
  outputIndex: number;
  createdOn: string;
  /** The chain the output can be spent on: the destination chain for exports. */
  spendOn: string;
  addresses: string[];
  threshold: number;
  locktime: number;
  assetId: string;
  amount: bigint;
  createdTime: number;
  createdBlock: string;
  kind: 'TRANSFER' | 'STAKE';
  mint: boolean;
  stakeStart?: number;
  stakeEnd?: number;
  rewardType?: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';
  groupId?: number;
  payload?: string;
  bytes: string;
  spentBy?: { txHash: string; time: number; block: string; chain: string; signature: string; publicKey: string };
}

type ChainKey = 'p' | 'x' | 'c';

/** A transaction being built: the common part plus the chain-specific wire fields. */
interface Tx {
  chain: ChainKey;
  hash: string;
  type: PrimaryNetworkTxType;
  time: number;
  height: number;
  blockHash: string;
  consumed: Output[];
  emitted: Output[];
  memo: string;
  burned: bigint;
  sourceChain?: string;
  destinationChain?: string;
  /** P-Chain only fields, merged into the rendered PChainTransaction. */
  p?: Partial<PChainTransaction>;
  staked?: bigint;
  l1Burned?: bigint;
  vertex?: { hash: string; height: number; timestamp: number };
  assetCreated?: string;
  evmInputs?: { fromAddress: string; amount: bigint }[];
  evmOutputs?: { toAddress: string; amount: bigint }[];
  /** Addresses that take part without holding an output, e.g. reward addresses, subnet owners. */
  parties: string[];
}

export interface SandboxL1Validator extends L1Validator {
  /** Active validators pay the continuous fee; inactive ones ran out of balance or were disabled. */
  active: boolean;
}

/** An unspent output at the end of the history, on the chain it can be spent on. */
export interface SandboxUtxo {
  id: string;
  txId: string;
  outputIndex: number;
  assetId: string;
  amount: bigint;
  locktime: bigint;
  threshold: number;
  /** bech32 without chain prefix. */
  owners: string[];
  createdOn: string;
  /** For NFT outputs. */
  groupId?: number;
  payload?: string;
}

export interface SandboxReward extends Omit<HistoricalReward, 'reward'> {
  reward: AssetAmount;
  priceUsd: number;
}

export interface SandboxWorld {
  network: NetworkName;
  hrp: string;
  chainIds: { p: string; x: string; c: string };
  avaxAssetId: string;
  /** bech32 addresses without chain prefix. */
  addresses: string[];
  /** Each address's EVM twin on the C-Chain. */
  evmTwin: Map<string, string>;
  nodeIds: string[];
  subnets: Subnet[];
  l1Validators: SandboxL1Validator[];
  transactions: {
    p: PChainTransaction[];
    x: XChainTransaction[];
    c: CChainAtomicTransaction[];
  };
  txByHash: Map<string, { chain: ChainKey; tx: PChainTransaction | XChainTransaction | CChainAtomicTransaction }>;
  /** Addresses each transaction touches (inputs, outputs, reward and owner addresses). */
  txAddresses: Map<string, Set<string>>;
  /** Validation ids each P-Chain transaction concerns. */
  txValidationIds: Map<string, Set<string>>;
  vertices: XChainVertex[];
  rewards: SandboxReward[];
  chainIdsByAddress: Map<string, string[]>;
  assets: Map<string, AssetInfo>;
  /** What can still be spent, by the chain it can be spent on (atomic outputs included). */
  utxos: Map<string, SandboxUtxo[]>;
  /** An address outside `addresses` that holds more X-Chain UTXOs than one avm.getUTXOs page (1024). */
  manyUtxosAddress: string;
  /** The X-Chain's genesis CreateAssetTx (AVAX), which the node serves and the Data API does not list. */
  genesisX: XChainTransaction;
}

const WORDS_A = [
  'amber',
  'arctic',
  'azure',
  'bold',
  'cobalt',
  'crimson',
  'dawn',
  'ember',
  'frost',
  'golden',
  'iron',
  'jade',
  'lunar',
  'misty',
  'nova',
  'onyx',
  'quiet',
  'rapid',
  'silent',
  'solar',
  'swift',
  'violet',
  'wild',
  'zen',
];
const WORDS_B = [
  'falcon',
  'harbor',
  'forge',
  'grove',
  'pulse',
  'ridge',
  'river',
  'summit',
  'tide',
  'vault',
  'bridge',
  'canyon',
  'delta',
  'engine',
  'field',
  'garden',
  'lagoon',
  'market',
  'orbit',
  'quarry',
  'reef',
  'spire',
  'temple',
  'valley',
];

class Builder {
  readonly rng: Rng;
  readonly network: NetworkName;
  readonly hrp: string;
  readonly ids: { p: string; x: string; c: string };
  readonly avax: string;
  readonly addresses: string[] = [];
  readonly evmTwin = new Map<string, string>();
  readonly nodeIds: string[] = [];
  readonly assets = new Map<string, AssetInfo>();
  readonly txs: Tx[] = [];
  readonly subnets = new Map<string, Subnet>();
  readonly l1s = new Map<string, SandboxL1Validator>();
  readonly rewards: SandboxReward[] = [];
  readonly validationTxs = new Map<string, Set<string>>();
  readonly unspent = new Map<string, Map<string, Output[]>>();
  private readonly heights: Record<ChainKey, number> = { p: 0, x: 0, c: 0 };
  /** The next linear X-Chain block's height: the first after Cortina is 0. */
  private linearX = 0;
  private readonly usedChainIds = new Set<number>([43114, 43113]);
  private readonly usedNames = new Set<string>();

  constructor(network: NetworkName, seed: string) {
    this.rng = new Rng(`${seed}:${network}`);
    this.network = network;
    this.hrp = NETWORK_HRP[network];
    this.ids = PRIMARY_CHAIN_IDS[network];
    this.avax = AVAX_ASSET_ID[network];
    this.assets.set(this.avax, {
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      type: 'secp256k1',
      createdAt: TIMELINE.genesis,
      cap: 'fixed',
    });
  }

  id32(): string {
    return cb58Encode(this.rng.bytes(32));
  }

  chainId(key: ChainKey): string {
    return this.ids[key];
  }

  // --- outputs ------------------------------------------------------------------------------

  output(
    tx: Tx,
    o: Omit<
      Output,
      'id' | 'txHash' | 'outputIndex' | 'createdOn' | 'createdTime' | 'createdBlock' | 'bytes' | 'threshold' | 'locktime' | 'kind' | 'mint'
    > &
      Partial<Pick<Output, 'threshold' | 'locktime' | 'kind' | 'mint'>>,
  ): Output {
    const outputIndex = tx.emitted.length;
    const id = utxoId(tx.hash, outputIndex);
    const out: Output = {
      id,
      txHash: tx.hash,
      outputIndex,
      createdOn: this.chainId(tx.chain),
      createdTime: tx.time,
      createdBlock: String(tx.height),
      bytes: `0x${sha(`bytes:${id}`).toString('hex')}${sha(`more:${id}`).toString('hex')}`,
      threshold: 1,
      locktime: 0,
      kind: 'TRANSFER',
      mint: false,
      ...o,
    };
    tx.emitted.push(out);
    if (out.kind === 'TRANSFER') this.addUnspent(out);
    return out;
  }

  addUnspent(out: Output) {
    let byAddr = this.unspent.get(out.spendOn);
    if (!byAddr) this.unspent.set(out.spendOn, (byAddr = new Map()));
    const owner = out.addresses[0]!;
    let list = byAddr.get(owner);
    if (!list) byAddr.set(owner, (list = []));
    list.push(out);
  }

  spendable(chain: string, address: string, assetId: string): Output[] {
    return (this.unspent.get(chain)?.get(address) ?? []).filter((o) => o.assetId === assetId && !o.spentBy);
  }

  /** Spends outputs of `address` on the tx's chain until `need` of the asset is covered. */
  spend(tx: Tx, address: string, need: bigint, assetId = this.avax): bigint | undefined {
    const chain = this.chainId(tx.chain);
    const candidates = this.spendable(chain, address, assetId);
    let total = 0n;
    const taken: Output[] = [];
    for (const out of candidates) {
      if (total >= need) break;
      taken.push(out);
      total += out.amount;
    }
    if (total < need) return undefined;
    for (const out of taken) this.consume(tx, out);
    return total;
  }

  consume(tx: Tx, out: Output) {
    out.spentBy = {
      txHash: tx.hash,
      time: tx.time,
      block: String(tx.height),
      chain: this.chainId(tx.chain),
      signature: Buffer.from(this.rng.bytes(65)).toString('base64'),
      publicKey: Buffer.from(this.rng.bytes(33)).toString('base64'),
    };
    tx.consumed.push(out);
    const list = this.unspent.get(out.spendOn)?.get(out.addresses[0]!);
    if (list) list.splice(list.indexOf(out), 1);
  }

  /** A payer holding at least `need` AVAX on the chain, if any. */
  payer(chain: ChainKey, need: bigint, exclude?: string): string | undefined {
    const chainId = this.chainId(chain);
    for (let tries = 0; tries < 40; tries++) {
      const a = this.rng.pick(this.addresses);
      if (a === exclude) continue;
      const total = this.spendable(chainId, a, this.avax).reduce((s, o) => s + o.amount, 0n);
      if (total >= need) return a;
    }
    return undefined;
  }

  newTx(chain: ChainKey, type: PrimaryNetworkTxType, time: number): Tx {
    // The draw happens for every chain so the rest of the world does not depend on how heights
    // are counted; the C-Chain's blocks hold other transactions too, so its atomic ones are sparse.
    const step = this.rng.int(1, chain === 'c' ? 5000 : 40);
    if (chain === 'c' || (chain === 'x' && time < TIMELINE.cortina)) this.heights[chain] += step;
    return {
      chain,
      hash: this.id32(),
      type,
      time,
      height: this.nextHeight(chain, time),
      blockHash: chain === 'c' ? this.rng.hex(32) : this.id32(),
      consumed: [],
      emitted: [],
      memo: this.rng.chance(0.2) ? `0x${Buffer.from(`${this.rng.pick(WORDS_A)} ${this.rng.pick(WORDS_B)}`).toString('hex')}` : '0x',
      burned: TX_FEE,
      parties: [],
    };
  }

  /** Pays `need + fee` from `payer` and returns the change to them. */
  pay(tx: Tx, payer: string, need: bigint): boolean {
    const total = this.spend(tx, payer, need + tx.burned);
    if (total === undefined) return false;
    const change = total - need - tx.burned;
    if (change > 0n) this.output(tx, { spendOn: this.chainId(tx.chain), addresses: [payer], assetId: this.avax, amount: change });
    return true;
  }

  /**
   * The P-Chain and the linear X-Chain have one block per transaction with dense heights (and a
   * commit block after each P-Chain proposal), as the sandbox node numbers them; so a height is
   * taken when its transaction commits, and an abandoned transaction leaves no gap.
   */
  private nextHeight(chain: ChainKey, time: number): number {
    if (chain === 'p') return this.heights.p + 1;
    if (chain === 'x' && time >= TIMELINE.cortina) return this.linearX;
    return this.heights[chain];
  }

  commit(tx: Tx) {
    if (tx.height !== this.nextHeight(tx.chain, tx.time))
      throw new Error(`${tx.hash} was built at height ${tx.height}, but commits at ${this.nextHeight(tx.chain, tx.time)}`);
    if (tx.chain === 'p') this.heights.p = tx.height + (isProposal(tx.type, tx.time) ? 1 : 0);
    if (tx.chain === 'x' && tx.time >= TIMELINE.cortina) this.linearX = tx.height + 1;
    this.txs.push(tx);
  }

  // --- names and chains -------------------------------------------------------------------

  name(): string {
    for (;;) {
      const n = `${this.rng.pick(WORDS_A)}-${this.rng.pick(WORDS_B)}`;
      if (!this.usedNames.has(n)) {
        this.usedNames.add(n);
        return n;
      }
    }
  }

  evmChainId(): number {
    // The EVM endpoints take a chain id without a network, so the networks use disjoint ranges.
    const [low, high] = this.network === 'mainnet' ? [10_000, 499_999] : [500_000, 999_999];
    const [wideLow, wideHigh] = this.network === 'mainnet' ? [2 ** 31, 2 ** 32] : [2 ** 32 + 1, 2 ** 33];
    for (;;) {
      // A few ids above 2^31 keep the graph honest about integers wider than GraphQL's Int.
      const id = this.rng.chance(0.08) ? this.rng.int(wideLow, wideHigh) : this.rng.int(low, high);
      if (!this.usedChainIds.has(id)) {
        this.usedChainIds.add(id);
        return id;
      }
    }
  }

  evmAddress(): string {
    return this.rng.hex(20);
  }

  allowList(time: number): EvmGenesisAllowListConfig {
    const some = (n: number) => Array.from({ length: n }, () => this.evmAddress());
    return {
      blockTimestamp: this.rng.chance(0.5) ? 0 : time,
      adminAddresses: some(this.rng.int(1, 2)),
      managerAddresses: some(this.rng.int(0, 2)),
      enabledAddresses: some(this.rng.int(0, 3)),
    };
  }

  genesis(chainId: number, time: number): EvmGenesis {
    const alloc: NonNullable<EvmGenesis['alloc']> = {};
    for (let i = 0, n = this.rng.int(2, 5); i < n; i++) {
      const entry: NonNullable<EvmGenesis['alloc']>[string] = {
        balance: `0x${this.rng.bigint(10n ** 18n, 10n ** 27n).toString(16)}`,
      };
      if (this.rng.chance(0.35)) {
        entry.code = `0x6080604052${Buffer.from(this.rng.bytes(this.rng.int(16, 48))).toString('hex')}`;
        entry.storage = {};
        for (let s = 0, m = this.rng.int(1, 3); s < m; s++) {
          entry.storage[`0x${s.toString(16).padStart(64, '0')}`] = this.rng.hex(32);
        }
      }
      alloc[this.evmAddress()] = entry;
    }
    const config: NonNullable<EvmGenesis['config']> = {
      chainId,
      homesteadBlock: 0,
      eip150Block: 0,
      eip150Hash: '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
      eip155Block: 0,
      eip158Block: 0,
      byzantiumBlock: 0,
      constantinopleBlock: 0,
      petersburgBlock: 0,
      istanbulBlock: 0,
      muirGlacierBlock: 0,
      berlinBlock: 0,
      londonBlock: 0,
      subnetEVMTimestamp: 0,
      allowFeeRecipients: this.rng.chance(0.3),
      feeConfig: {
        gasLimit: this.rng.pick([8_000_000, 12_000_000, 15_000_000, 20_000_000]),
        targetBlockRate: 2,
        minBaseFee: this.rng.pick([1_000_000_000, 25_000_000_000, 75_000_000_000]),
        targetGas: this.rng.pick([15_000_000, 20_000_000, 60_000_000]),
        baseFeeChangeDenominator: this.rng.pick([36, 48]),
        minBlockGasCost: 0,
        maxBlockGasCost: 1_000_000,
        blockGasCostStep: this.rng.pick([200_000, 500_000]),
      },
      warpConfig: {
        blockTimestamp: time,
        quorumNumerator: this.rng.pick([67, 75, 80]),
        requirePrimaryNetworkSigners: this.rng.chance(0.3),
      },
    };
    if (this.rng.chance(0.5)) config.txAllowListConfig = this.allowList(time);
    if (this.rng.chance(0.6)) config.contractDeployerAllowListConfig = this.allowList(time);
    if (this.rng.chance(0.4)) config.contractNativeMinterConfig = this.allowList(time);
    if (this.rng.chance(0.5)) config.feeManagerConfig = this.allowList(time);
    if (this.rng.chance(0.3)) config.rewardManagerConfig = this.allowList(time);
    return {
      airdropAmount: null,
      airdropHash: `0x${'0'.repeat(64)}`,
      alloc,
      baseFeePerGas: null,
      blobGasUsed: null,
      coinbase: `0x${'0'.repeat(40)}`,
      config,
      difficulty: '0x0',
      excessBlobGas: null,
      extraData: '0x',
      gasLimit: `0x${config.feeConfig!.gasLimit!.toString(16)}`,
      gasUsed: '0x0',
      mixHash: `0x${'0'.repeat(64)}`,
      nonce: '0x0',
      number: '0x0',
      parentHash: `0x${'0'.repeat(64)}`,
      timestamp: `0x${time.toString(16)}`,
    };
  }

  bls(): BlsCredentials {
    return { publicKey: this.rng.hex(48), proofOfPossession: this.rng.hex(96) };
  }
}

/** A scheduled event: run in time order so outputs exist before they are spent. */
interface Event {
  time: number;
  seq: number;
  run: (time: number) => void;
}

export function buildWorld(network: NetworkName, seed = 'avalanche'): SandboxWorld {
  const b = new Builder(network, seed);
  const rng = b.rng;
  const T = TIMELINE;
  const events: Event[] = [];
  let seq = 0;
  let running = false;
  const at = (time: number, run: (time: number) => void) => {
    const event = { time: Math.floor(time), seq: seq++, run };
    if (!running) {
      events.push(event);
      return;
    }
    // While history runs, keep the queue sorted: binary insert after equal times.
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (events[mid]!.time <= event.time) lo = mid + 1;
      else hi = mid;
    }
    events.splice(lo, 0, event);
  };
  const between = (from: number, to: number) => rng.int(Math.floor(from), Math.floor(Math.max(from, to)));

  // Addresses, nodes and genesis funds ---------------------------------------------------------
  for (let i = 0; i < 200; i++) {
    const address = formatBech32Address(b.hrp, rng.bytes(20));
    b.addresses.push(address);
    b.evmTwin.set(address, b.evmAddress());
  }
  for (let i = 0; i < 140; i++) b.nodeIds.push(formatNodeId(rng.bytes(20)));

  // As on the real X-Chain, the genesis allocations are outputs of the CreateAssetTx that made
  // AVAX, whose id is the asset's id.
  const genesisTx = b.newTx('x', 'CreateAssetTx', T.genesis);
  genesisTx.hash = b.avax;
  genesisTx.assetCreated = b.avax;
  const genesisP = b.newTx('p', 'BaseTx', T.genesis);
  for (const address of b.addresses) {
    b.output(genesisTx, {
      spendOn: b.ids.x,
      addresses: [address],
      assetId: b.avax,
      amount: rng.bigint(10_000n, 1_000_000n) * NANO,
      mint: true,
    });
    if (rng.chance(0.6)) {
      b.output(genesisP, { spendOn: b.ids.p, addresses: [address], assetId: b.avax, amount: rng.bigint(10_000n, 500_000n) * NANO });
    }
  }
  // The genesis transactions are not in the Data API's listings; their outputs are.

  // Subnets, blockchains, L1 conversions -------------------------------------------------------
  const subnetChains = new Map<string, Blockchain[]>();
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
        evmChainId: network === 'mainnet' ? 43114 : 43113,
        genesisData: b.genesis(network === 'mainnet' ? 43114 : 43113, T.genesis),
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
      subnetChains.set(subnetId, []);
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

  // Staking on the Primary Network ------------------------------------------------------------
  interface Stake {
    nodeId: string;
    start: number;
    end: number;
    rewardAddresses: string[];
    txHash: string;
    amount: bigint;
  }
  const validators: Stake[] = [];
  const stakeNodes = rng.sample(b.nodeIds, 70);
  for (const nodeId of stakeNodes) {
    const start = between(T.genesis + 5 * DAY, T.now - 20 * DAY);
    const end = start + between(14 * DAY, 365 * DAY);
    at(start, (time) => {
      const amount = rng.bigint(2_000n, 50_000n) * NANO;
      const staker = b.payer('p', amount + NANO);
      if (!staker) return;
      const type = time < T.durango ? 'AddValidatorTx' : 'AddPermissionlessValidatorTx';
      const tx = b.newTx('p', type, time);
      if (!b.pay(tx, staker, amount)) return;
      const rewardAddresses = rng.chance(0.7) ? [staker] : rng.sample(b.addresses, 1);
      b.output(tx, {
        spendOn: b.ids.p,
        addresses: [staker],
        assetId: b.avax,
        amount,
        kind: 'STAKE',
        stakeStart: time,
        stakeEnd: end,
      });
      tx.staked = amount;
      tx.parties.push(...rewardAddresses);
      tx.p = {
        nodeId,
        subnetId: PRIMARY_NETWORK_ID,
        startTimestamp: time,
        endTimestamp: end,
        delegationFeePercent: rng.pick(['2.0000', '5.0000', '10.0000', '20.0000']),
        rewardAddresses,
        estimatedReward: String((amount * BigInt(Math.round(((end - time) / (365 * DAY)) * 800))) / 10_000n),
        ...(type === 'AddPermissionlessValidatorTx' ? { blsCredentials: b.bls() } : {}),
      };
      b.commit(tx);
      const stake = { nodeId, start: time, end, rewardAddresses, txHash: tx.hash, amount };
      validators.push(stake);
      if (end < T.now) at(end, (t) => rewardStake(stake, t, 'VALIDATOR', tx));
    });
  }
  for (let i = 0; i < 90; i++) {
    at(between(T.genesis + 10 * DAY, T.now - 10 * DAY), (time) => {
      const open = validators.filter((v) => v.start < time && v.end > time + 15 * DAY);
      if (open.length === 0) return;
      const validator = rng.pick(open);
      const amount = rng.bigint(25n, 5_000n) * NANO;
      const delegator = b.payer('p', amount + NANO);
      if (!delegator) return;
      const type = time < T.durango ? 'AddDelegatorTx' : 'AddPermissionlessDelegatorTx';
      const tx = b.newTx('p', type, time);
      if (!b.pay(tx, delegator, amount)) return;
      const end = Math.min(validator.end, time + between(14 * DAY, 200 * DAY));
      b.output(tx, { spendOn: b.ids.p, addresses: [delegator], assetId: b.avax, amount, kind: 'STAKE', stakeStart: time, stakeEnd: end });
      tx.staked = amount;
      tx.parties.push(delegator);
      tx.p = {
        nodeId: validator.nodeId,
        subnetId: PRIMARY_NETWORK_ID,
        startTimestamp: time,
        endTimestamp: end,
        rewardAddresses: [delegator],
        estimatedReward: String(amount / 50n),
      };
      b.commit(tx);
      const stake = { nodeId: validator.nodeId, start: time, end, rewardAddresses: [delegator], txHash: tx.hash, amount };
      if (end < T.now) at(end, (t) => rewardStake(stake, t, 'DELEGATOR', tx, validator));
    });
  }

  function rewardStake(stake: Stake, time: number, kind: 'VALIDATOR' | 'DELEGATOR', stakingTx: Tx, validator?: Stake) {
    const tx = b.newTx('p', 'RewardValidatorTx', time);
    tx.burned = 0n;
    const staked = stakingTx.emitted.find((o) => o.kind === 'STAKE');
    // The stake comes back as a spendable output, the reward as another.
    if (staked) b.output(tx, { spendOn: b.ids.p, addresses: staked.addresses, assetId: b.avax, amount: staked.amount });
    const years = (stake.end - stake.start) / (365 * DAY);
    const reward = (stake.amount * BigInt(Math.max(1, Math.round(years * 750)))) / 10_000n;
    const outputs: { out: Output; type: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE'; addresses: string[] }[] = [];
    if (kind === 'DELEGATOR' && validator) {
      const fee = reward / 10n;
      outputs.push({
        out: b.output(tx, {
          spendOn: b.ids.p,
          addresses: stake.rewardAddresses,
          assetId: b.avax,
          amount: reward - fee,
          rewardType: 'DELEGATOR',
        }),
        type: 'DELEGATOR',
        addresses: stake.rewardAddresses,
      });
      outputs.push({
        out: b.output(tx, {
          spendOn: b.ids.p,
          addresses: validator.rewardAddresses,
          assetId: b.avax,
          amount: fee,
          rewardType: 'VALIDATOR_FEE',
        }),
        type: 'VALIDATOR_FEE',
        addresses: validator.rewardAddresses,
      });
    } else {
      outputs.push({
        out: b.output(tx, { spendOn: b.ids.p, addresses: stake.rewardAddresses, assetId: b.avax, amount: reward, rewardType: 'VALIDATOR' }),
        type: 'VALIDATOR',
        addresses: stake.rewardAddresses,
      });
    }
    tx.p = { nodeId: stake.nodeId, stakingTxHash: stake.txHash, subnetId: PRIMARY_NETWORK_ID };
    stakingTx.p = { ...stakingTx.p, rewardTxHash: tx.hash };
    b.commit(tx);
    for (const { out, type, addresses } of outputs) {
      b.rewards.push({
        addresses,
        txHash: stake.txHash,
        amountStaked: String(stake.amount),
        nodeId: stake.nodeId,
        startTimestamp: stake.start,
        endTimestamp: stake.end,
        rewardType: type,
        utxoId: out.id,
        outputIndex: out.outputIndex,
        reward: assetAmount(b, b.avax, out.amount),
        priceUsd: avaxPriceUsd(time),
        rewardTxHash: tx.hash,
      });
    }
  }

  // Legacy subnet validators, ownership transfers, elastic subnets, old time advances ---------
  for (let i = 0; i < 40; i++) {
    at(between(T.genesis + 40 * DAY, T.now - 5 * DAY), (time) => {
      const legacy = [...b.subnets.values()].filter((s) => !s.isL1 && s.subnetId !== PRIMARY_NETWORK_ID && s.createBlockTimestamp < time);
      if (legacy.length === 0) return;
      const subnet = rng.pick(legacy);
      const payer = b.payer('p', NANO);
      if (!payer) return;
      const add = b.newTx('p', 'AddSubnetValidatorTx', time);
      if (!b.pay(add, payer, 0n)) return;
      const end = time + between(30 * DAY, 300 * DAY);
      const nodeId = rng.pick(b.nodeIds);
      add.p = { nodeId, subnetId: subnet.subnetId, startTimestamp: time, endTimestamp: end };
      add.parties.push(...subnet.subnetOwnershipInfo.addresses);
      b.commit(add);
      if (rng.chance(0.35)) {
        at(between(time + DAY, Math.min(end, T.now - DAY)), (t) => {
          const p2 = b.payer('p', NANO);
          if (!p2) return;
          const rm = b.newTx('p', 'RemoveSubnetValidatorTx', t);
          if (!b.pay(rm, p2, 0n)) return;
          rm.p = { nodeId, subnetId: subnet.subnetId };
          rm.parties.push(...subnet.subnetOwnershipInfo.addresses);
          b.commit(rm);
        });
      }
    });
  }
  for (let i = 0; i < 8; i++) {
    at(between(T.genesis + 200 * DAY, T.now - 5 * DAY), (time) => {
      const owned = [...b.subnets.values()].filter((s) => s.subnetId !== PRIMARY_NETWORK_ID && s.createBlockTimestamp < time);
      if (owned.length === 0) return;
      const subnet = rng.pick(owned);
      const payer = b.payer('p', NANO);
      if (!payer) return;
      const tx = b.newTx('p', 'TransferSubnetOwnershipTx', time);
      if (!b.pay(tx, payer, 0n)) return;
      const owners = rng.sample(b.addresses, rng.int(1, 2));
      const info = { locktime: 0, threshold: 1, addresses: owners };
      tx.p = { subnetId: subnet.subnetId, subnetOwnershipInfo: info };
      tx.parties.push(...owners, ...subnet.subnetOwnershipInfo.addresses);
      b.commit(tx);
      subnet.subnetOwnershipInfo = info;
      subnet.ownerAddresses = owners;
      subnet.threshold = 1;
    });
  }
  for (let i = 0; i < 3; i++) {
    at(between(T.banff, T.durango), (time) => {
      const candidates = [...b.subnets.values()].filter(
        (s) => !s.isL1 && s.subnetId !== PRIMARY_NETWORK_ID && s.createBlockTimestamp < time,
      );
      if (candidates.length === 0) return;
      const subnet = rng.pick(candidates);
      const payer = b.payer('p', 10n * NANO);
      if (!payer) return;
      const tx = b.newTx('p', 'TransformSubnetTx', time);
      tx.burned = 10n * NANO;
      if (!b.pay(tx, payer, 0n)) return;
      tx.p = { subnetId: subnet.subnetId };
      tx.parties.push(...subnet.subnetOwnershipInfo.addresses);
      b.commit(tx);
    });
  }
  for (let i = 0; i < 5; i++) {
    at(between(T.genesis + DAY, T.banff), (time) => {
      const tx = b.newTx('p', 'AdvanceTimeTx', time);
      tx.burned = 0n;
      b.commit(tx);
    });
  }

  // Transfers, assets and cross-chain moves ---------------------------------------------------
  for (let i = 0; i < 12; i++) {
    at(between(T.genesis + DAY, T.now - 30 * DAY), (time) => {
      const creator = b.payer('x', NANO);
      if (!creator) return;
      const tx = b.newTx('x', 'CreateAssetTx', time);
      tx.burned = CREATE_ASSET_TX_FEE;
      if (!b.pay(tx, creator, 0n)) return;
      const nft = rng.chance(0.25);
      const name = `${rng.pick(WORDS_A)} ${rng.pick(WORDS_B)}`.replace(/\b\w/g, (c) => c.toUpperCase());
      b.assets.set(tx.hash, {
        name,
        symbol: name
          .split(' ')
          .map((w) => w.slice(0, 2))
          .join('')
          .toUpperCase()
          .slice(0, 4),
        denomination: nft ? 0 : rng.int(0, 9),
        type: nft ? 'nft' : 'secp256k1',
        createdAt: time,
        cap: rng.chance(0.5) ? 'fixed' : 'variable',
      });
      tx.assetCreated = tx.hash;
      const holders = rng.sample(b.addresses, rng.int(1, 4));
      for (const holder of holders) {
        b.output(tx, {
          spendOn: b.ids.x,
          addresses: [holder],
          assetId: tx.hash,
          amount: nft ? 1n : rng.bigint(1_000n, 10_000_000n),
          mint: true,
          ...(nft ? { groupId: 0, payload: rng.hex(16) } : {}),
        });
      }
      b.commit(tx);
    });
  }
  for (let i = 0; i < 260; i++) {
    at(between(T.genesis + DAY, T.now - DAY), (time) => {
      const payer = b.payer('x', NANO);
      if (!payer) return;
      const tx = b.newTx('x', 'BaseTx', time);
      const recipients = rng.sample(
        b.addresses.filter((a) => a !== payer),
        rng.int(1, 3),
      );
      const amounts = recipients.map(() => (rng.bigint(1n, 400n) * NANO) / 2n);
      if (
        !b.pay(
          tx,
          payer,
          amounts.reduce((s, a) => s + a, 0n),
        )
      )
        return;
      recipients.forEach((to, k) => {
        b.output(tx, { spendOn: b.ids.x, addresses: [to], assetId: b.avax, amount: amounts[k]! });
      });
      // Sometimes a custom asset moves along with the AVAX.
      const held = [...b.assets.keys()].filter((id) => id !== b.avax && b.spendable(b.ids.x, payer, id).length > 0);
      if (held.length > 0 && rng.chance(0.5)) {
        const assetId = rng.pick(held);
        const out = b.spendable(b.ids.x, payer, assetId)[0]!;
        b.consume(tx, out);
        b.output(tx, {
          spendOn: b.ids.x,
          addresses: [recipients[0]!],
          assetId,
          amount: out.amount,
          ...(out.groupId !== undefined ? { groupId: out.groupId, payload: out.payload } : {}),
        });
      }
      b.commit(tx);
    });
  }
  for (let i = 0; i < 8; i++) {
    at(between(T.genesis + 30 * DAY, T.now - DAY), (time) => {
      const nfts = [...b.assets].filter(([, a]) => a.type === 'nft').map(([id]) => id);
      for (const address of rng.sample(b.addresses, 200)) {
        const held = nfts.flatMap((id) => b.spendable(b.ids.x, address, id));
        if (held.length === 0) continue;
        const tx = b.newTx('x', 'OperationTx', time);
        if (!b.pay(tx, address, 0n)) continue;
        const out = held[0]!;
        b.consume(tx, out);
        b.output(tx, {
          spendOn: b.ids.x,
          addresses: [rng.pick(b.addresses)],
          assetId: out.assetId,
          amount: 1n,
          groupId: out.groupId,
          payload: rng.hex(16),
          mint: true,
        });
        b.commit(tx);
        return;
      }
    });
  }
  for (let i = 0; i < 60; i++) {
    at(between(T.genesis + DAY, T.now - DAY), (time) => {
      const payer = b.payer('p', 2n * NANO);
      if (!payer) return;
      const tx = b.newTx('p', 'BaseTx', time);
      const to = rng.pick(b.addresses);
      const amount = (rng.bigint(1n, 200n) * NANO) / 4n;
      if (!b.pay(tx, payer, amount)) return;
      b.output(tx, { spendOn: b.ids.p, addresses: [to], assetId: b.avax, amount });
      b.commit(tx);
    });
  }

  // An export on one chain followed by the import on the other spends the same outputs.
  const moves: [ChainKey, ChainKey, number][] = [
    ['x', 'p', 45],
    ['p', 'x', 30],
    ['x', 'c', 40],
    ['c', 'x', 35],
    ['p', 'c', 25],
    ['c', 'p', 25],
  ];
  for (const [from, to, count] of moves) {
    for (let i = 0; i < count; i++) {
      const time = between(T.genesis + 2 * DAY, T.now - 4 * DAY);
      at(time, (t) => crossChain(from, to, t));
    }
  }

  function crossChain(from: ChainKey, to: ChainKey, time: number) {
    const amount = (rng.bigint(1n, 300n) * NANO) / 3n;
    const recipient = rng.pick(b.addresses);
    const exp = b.newTx(from, 'ExportTx', time);
    exp.sourceChain = b.ids[from];
    exp.destinationChain = b.ids[to];
    if (from === 'c') {
      const sender = rng.pick(b.addresses);
      exp.evmInputs = [{ fromAddress: b.evmTwin.get(sender)!, amount: amount + exp.burned }];
      exp.parties.push(sender);
    } else {
      const payer = b.payer(from, amount + NANO);
      if (!payer || !b.pay(exp, payer, amount)) return;
    }
    const moved = b.output(exp, { spendOn: b.ids[to], addresses: [recipient], assetId: b.avax, amount });
    b.commit(exp);
    // Some exports are never imported: their outputs wait in the destination's shared memory.
    if (rng.chance(0.1)) return;
    at(time + between(600, 3 * DAY), (t) => {
      const imp = b.newTx(to, 'ImportTx', t);
      imp.sourceChain = b.ids[from];
      imp.destinationChain = b.ids[to];
      b.consume(imp, moved);
      const net = moved.amount - imp.burned;
      if (to === 'c') {
        imp.evmOutputs = [{ toAddress: b.evmTwin.get(recipient)!, amount: net }];
      } else {
        b.output(imp, { spendOn: b.ids[to], addresses: [recipient], assetId: b.avax, amount: net });
      }
      b.commit(imp);
    });
  }

  // Run history in time order; events scheduled while running slot in by time.
  events.sort((a, c) => a.time - c.time || a.seq - c.seq);
  running = true;
  while (events.length > 0) {
    const next = events.shift()!;
    next.run(next.time);
  }

  // A genesis allocation split into more UTXOs than the node returns in one page, so paging
  // through one address can be exercised. Added after the history and without the Rng, and to
  // an address no transaction picks, so nothing else in the world moves.
  const manyUtxosAddress = formatBech32Address(b.hrp, sha(`many-utxos:${network}:${seed}`).subarray(0, 20));
  for (let i = 0; i < 1300; i++) {
    b.output(genesisTx, {
      spendOn: b.ids.x,
      addresses: [manyUtxosAddress],
      assetId: b.avax,
      amount: BigInt(1_000 + i) * 1_000n,
      mint: true,
    });
  }

  return render(b, manyUtxosAddress, { x: genesisTx, p: genesisP });
}

function assetAmount(b: Builder, assetId: string, amount: bigint): AssetAmount {
  const asset = b.assets.get(assetId)!;
  return { assetId, name: asset.name, symbol: asset.symbol, denomination: asset.denomination, type: asset.type, amount: String(amount) };
}

function sums(b: Builder, outputs: readonly Output[]): AssetAmount[] {
  const totals = new Map<string, bigint>();
  for (const o of outputs) totals.set(o.assetId, (totals.get(o.assetId) ?? 0n) + o.amount);
  return [...totals].map(([id, amount]) => assetAmount(b, id, amount));
}

function pUtxo(b: Builder, o: Output): PChainUtxo {
  return {
    addresses: o.addresses,
    asset: assetAmount(b, o.assetId, o.amount),
    consumedOnChainId: o.spendOn,
    ...(o.spentBy ? { consumingTxHash: o.spentBy.txHash } : {}),
    createdOnChainId: o.createdOn,
    utxoId: o.id,
    utxoBytes: o.bytes,
    amount: String(o.amount),
    assetId: o.assetId,
    blockNumber: o.createdBlock,
    blockTimestamp: o.createdTime,
    ...(o.spentBy ? { consumingBlockNumber: o.spentBy.block, consumingBlockTimestamp: o.spentBy.time } : {}),
    platformLocktime: o.locktime,
    outputIndex: o.outputIndex,
    ...(o.rewardType ? { rewardType: o.rewardType } : {}),
    stakeableLocktime: 0,
    staked: o.kind === 'STAKE',
    threshold: o.threshold,
    txHash: o.txHash,
    ...(o.stakeStart !== undefined ? { utxoStartTimestamp: o.stakeStart, utxoEndTimestamp: o.stakeEnd } : {}),
    utxoType: o.kind,
  };
}

function xUtxo(b: Builder, o: Output): XChainUtxo {
  return {
    addresses: o.addresses,
    asset: assetAmount(b, o.assetId, o.amount),
    consumedOnChainId: o.spendOn,
    ...(o.spentBy ? { consumingTxHash: o.spentBy.txHash, consumingTxTimestamp: o.spentBy.time } : {}),
    createdOnChainId: o.createdOn,
    utxoId: o.id,
    utxoBytes: o.bytes,
    creationTxHash: o.txHash,
    ...(o.spentBy ? { credentials: [{ signature: o.spentBy.signature, publicKey: o.spentBy.publicKey }] } : {}),
    ...(o.groupId !== undefined ? { groupId: o.groupId } : {}),
    locktime: o.locktime,
    outputIndex: String(o.outputIndex),
    ...(o.payload !== undefined ? { payload: o.payload } : {}),
    threshold: o.threshold,
    timestamp: o.createdTime,
    utxoType: o.mint ? 'mint' : 'transfer',
  };
}

/** The Data API's X-Chain transaction fields, without the block or vertex part. */
function xBase(b: Builder, tx: Tx) {
  const created = tx.assetCreated ? b.assets.get(tx.assetCreated)! : undefined;
  return {
    txHash: tx.hash,
    timestamp: tx.time,
    txType: tx.type as XChainTransaction['txType'],
    memo: tx.memo,
    consumedUtxos: tx.consumed.map((o) => xUtxo(b, o)),
    emittedUtxos: tx.emitted.map((o) => xUtxo(b, o)),
    amountUnlocked: sums(b, tx.consumed),
    amountCreated: sums(b, tx.emitted),
    ...(tx.sourceChain ? { sourceChain: tx.sourceChain, destinationChain: tx.destinationChain } : {}),
    ...(created
      ? {
          assetCreated: {
            assetId: tx.assetCreated!,
            name: created.name,
            symbol: created.symbol,
            denomination: created.denomination,
            type: created.type,
            createdAtTimestamp: created.createdAt,
            cap: created.cap,
          },
        }
      : {}),
  };
}

function render(b: Builder, manyUtxosAddress: string, genesis: { x: Tx; p: Tx }): SandboxWorld {
  const world: SandboxWorld = {
    network: b.network,
    hrp: b.hrp,
    chainIds: b.ids,
    avaxAssetId: b.avax,
    addresses: b.addresses,
    evmTwin: b.evmTwin,
    nodeIds: b.nodeIds,
    subnets: [...b.subnets.values()].sort((a, c) => a.createBlockTimestamp - c.createBlockTimestamp),
    l1Validators: [...b.l1s.values()].sort((a, c) => a.creationTimestamp - c.creationTimestamp),
    transactions: { p: [], x: [], c: [] },
    txByHash: new Map(),
    txAddresses: new Map(),
    txValidationIds: b.validationTxs,
    vertices: [],
    rewards: b.rewards.sort((a, c) => a.endTimestamp - c.endTimestamp),
    chainIdsByAddress: new Map(),
    assets: b.assets,
    utxos: new Map(),
    manyUtxosAddress,
    genesisX: { ...xBase(b, genesis.x), chainFormat: 'non-linear', vertices: [] },
  };
  for (const [chain, byOwner] of b.unspent) {
    const list: SandboxUtxo[] = [];
    for (const outputs of byOwner.values()) {
      for (const o of outputs) {
        list.push({
          id: o.id,
          txId: o.txHash,
          outputIndex: o.outputIndex,
          assetId: o.assetId,
          amount: o.amount,
          locktime: BigInt(o.locktime),
          threshold: o.threshold,
          owners: o.addresses,
          createdOn: o.createdOn,
          ...(o.groupId !== undefined ? { groupId: o.groupId, payload: o.payload } : {}),
        });
      }
    }
    world.utxos.set(chain, list);
  }
  // L1 validators spend their balance over time; those with none left are inactive.
  for (const v of world.l1Validators) if (v.remainingBalance <= 0 || v.weight === 0) v.active = false;

  const touched = new Map<string, Set<string>>();
  const touch = (address: string, chainId: string) => {
    let set = touched.get(address);
    if (!set) touched.set(address, (set = new Set()));
    set.add(chainId);
  };

  let vertexHeight = 0;
  let pendingVertex: { txs: string[]; time: number } | undefined;
  const flushVertex = () => {
    if (!pendingVertex) return;
    const previous = world.vertices.slice(-2).map((v) => v.vertexHash);
    const hash = cb58Encode(sha(`vertex:${b.network}:${world.vertices.length}`));
    world.vertices.push({
      vertexHash: hash,
      parentHashes: previous,
      vertexHeight: vertexHeight++,
      vertexIndex: world.vertices.length,
      vertexTimestamp: pendingVertex.time,
      txCount: pendingVertex.txs.length,
      transactions: pendingVertex.txs,
      vertexSizeBytes: 200 + pendingVertex.txs.length * 430,
    });
    for (const h of pendingVertex.txs) {
      const entry = world.txByHash.get(h);
      if (entry && 'chainFormat' in entry.tx && entry.tx.chainFormat === 'non-linear') {
        entry.tx.vertices = [{ hash, height: vertexHeight - 1, timestamp: pendingVertex.time }];
      }
    }
    pendingVertex = undefined;
  };

  // A genesis allocation makes its address one that has touched the chain.
  for (const g of [genesis.x, genesis.p]) for (const o of g.emitted) for (const a of o.addresses) touch(a, b.ids[g.chain]);
  const txs = b.txs.sort((a, c) => a.time - c.time);
  for (const tx of txs) {
    const chainId = b.ids[tx.chain];
    const addresses = new Set<string>(tx.parties);
    for (const o of [...tx.consumed, ...tx.emitted]) for (const a of o.addresses) addresses.add(a);
    world.txAddresses.set(tx.hash, addresses);
    for (const a of addresses) touch(a, chainId);

    if (tx.chain === 'p') {
      const wire: PChainTransaction = {
        txHash: tx.hash,
        txType: tx.type,
        blockTimestamp: tx.time,
        blockNumber: String(tx.height),
        blockHash: tx.blockHash,
        consumedUtxos: tx.consumed.map((o) => pUtxo(b, o)),
        emittedUtxos: tx.emitted.map((o) => pUtxo(b, o)),
        ...(tx.sourceChain ? { sourceChain: tx.sourceChain, destinationChain: tx.destinationChain } : {}),
        value: sums(b, tx.emitted),
        amountBurned: tx.burned > 0n ? [assetAmount(b, b.avax, tx.burned)] : [],
        amountStaked: tx.staked ? [assetAmount(b, b.avax, tx.staked)] : [],
        amountL1ValidatorBalanceBurned: tx.l1Burned ? [assetAmount(b, b.avax, tx.l1Burned)] : [],
        ...(tx.memo !== '0x' ? { memo: tx.memo } : {}),
        ...tx.p,
      };
      world.transactions.p.push(wire);
      world.txByHash.set(tx.hash, { chain: 'p', tx: wire });
    } else if (tx.chain === 'x') {
      const linear = tx.time >= TIMELINE.cortina;
      const base = xBase(b, tx);
      const wire: XChainTransaction = linear
        ? { ...base, chainFormat: 'linear', blockHeight: tx.height, blockHash: tx.blockHash }
        : { ...base, chainFormat: 'non-linear', vertices: [] };
      world.transactions.x.push(wire);
      world.txByHash.set(tx.hash, { chain: 'x', tx: wire });
      if (!linear) {
        if (!pendingVertex || pendingVertex.txs.length >= 3 || tx.time - pendingVertex.time > 3600) {
          flushVertex();
          pendingVertex = { txs: [], time: tx.time };
        }
        pendingVertex.txs.push(tx.hash);
      }
    } else {
      const common = {
        txHash: tx.hash,
        blockHeight: tx.height,
        blockHash: tx.blockHash,
        timestamp: tx.time,
        memo: tx.memo,
        sourceChain: tx.sourceChain!,
        destinationChain: tx.destinationChain!,
      };
      let wire: CChainAtomicTransaction;
      if (tx.type === 'ExportTx') {
        const unlocked = tx.evmInputs!.reduce((s, i) => s + i.amount, 0n);
        wire = {
          ...common,
          txType: 'ExportTx',
          amountUnlocked: [assetAmount(b, b.avax, unlocked)],
          amountCreated: sums(b, tx.emitted),
          evmInputs: tx.evmInputs!.map((i) => ({
            fromAddress: i.fromAddress,
            asset: assetAmount(b, b.avax, i.amount),
            credentials: [
              {
                signature: Buffer.from(sha(`sig:${tx.hash}`)).toString('base64'),
                publicKey: Buffer.from(sha(`pk:${i.fromAddress}`)).toString('base64'),
              },
            ],
          })),
          emittedUtxos: tx.emitted.map((o) => xUtxo(b, o)),
        };
      } else {
        const created = tx.evmOutputs!.reduce((s, o) => s + o.amount, 0n);
        wire = {
          ...common,
          txType: 'ImportTx',
          amountUnlocked: sums(b, tx.consumed),
          amountCreated: [assetAmount(b, b.avax, created)],
          evmOutputs: tx.evmOutputs!.map((o) => ({ toAddress: o.toAddress, asset: assetAmount(b, b.avax, o.amount) })),
          consumedUtxos: tx.consumed.map((o) => xUtxo(b, o)),
        };
      }
      world.transactions.c.push(wire);
      world.txByHash.set(tx.hash, { chain: 'c', tx: wire });
    }
  }
  flushVertex();

  for (const [address, chains] of touched) world.chainIdsByAddress.set(address, [...chains]);
  return world;
}

const cache = new Map<string, SandboxWorld>();

/** The world of a network for a seed, built once per process. */
export function getWorld(network: NetworkName, seed = 'avalanche'): SandboxWorld {
  const key = `${network}:${seed}`;
  let world = cache.get(key);
  if (!world) cache.set(key, (world = buildWorld(network, seed)));
  return world;
}
