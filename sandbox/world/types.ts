/**
 * What the sandbox world is made of, as the services read it.
 */
import type { NetworkName } from '../../src/base/ids.js';
import type { AssetAmount } from '../../src/upstreams/data-api/wire.js';
import type { CChainAtomicTransaction, PChainTransaction, XChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import type { HistoricalReward } from '../../src/upstreams/data-api/reward.js';
import type { L1Validator } from '../../src/upstreams/data-api/l1-validator.js';
import type { Subnet } from '../../src/upstreams/data-api/subnet.js';
import type { XChainVertex } from '../../src/upstreams/data-api/vertex.js';

/** The three Primary Network chains, as the world keys them. */
export type ChainKey = 'p' | 'x' | 'c';

/** An asset of the X-Chain. */
export interface AssetInfo {
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  createdAt: number;
  cap: 'fixed' | 'variable';
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
  /**
   * The P-Chain's genesis transaction (a BaseTx in block 0) whose outputs fund the P-Chain: the node
   * serves it and holds its unspent outputs, and the Data API lists those outputs and reads it by its id.
   */
  genesisP: PChainTransaction;
}
