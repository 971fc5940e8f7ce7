/**
 * The world under construction: its random source, addresses and nodes, and the UTXO book-keeping
 * every part of the history goes through (outputs, spending, fees, heights), plus the names, EVM
 * chain ids and genesis a new blockchain draws.
 */
import { utxoId } from '../../src/base/avax-codec.js';
import { cb58Encode, NETWORK_HRP, PRIMARY_CHAIN_IDS, type NetworkName } from '../../src/base/ids.js';
import type { BlsCredentials } from '../../src/upstreams/data-api/wire.js';
import type { EvmGenesis, EvmGenesisAllowListConfig, Subnet } from '../../src/upstreams/data-api/subnet.js';
import type { PChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import type { PrimaryNetworkTxType } from '../../src/upstreams/data-api/wire.js';
import { Rng, sha } from '../random.js';
import { AVAX_ASSET_ID, isProposal, TIMELINE, TX_FEE } from './timeline.js';
import type { AssetInfo, ChainKey, SandboxL1Validator, SandboxReward } from './types.js';

/** One output, whatever chain shape it is later rendered in. */
export interface Output {
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

/** A transaction being built: the common part plus the chain-specific wire fields. */
export interface Tx {
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

export const WORDS_A = [
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
export const WORDS_B = [
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

export class Builder {
  /** The random source every draw takes from: the world's, or a part's own while it runs (`using`). */
  private source: Rng;
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
    this.source = new Rng(`${seed}:${network}`);
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

  get rng(): Rng {
    return this.source;
  }

  /**
   * Runs `build` drawing from `rng` instead of the world's source: a part that does so adds to
   * the world without moving what every other part draws.
   */
  using<T>(rng: Rng, build: () => T): T {
    const world = this.source;
    this.source = rng;
    try {
      return build();
    } finally {
      this.source = world;
    }
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
