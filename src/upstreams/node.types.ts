/**
 * Wire types of avalanchego's JSON-RPC APIs (test/upstream/examples/node.*). Integers the node
 * writes as uint64 (`json.Uint64`) arrive as decimal strings; the few it writes as bare JSON
 * numbers are parsed losslessly, so a value past 2^53 arrives as a string too.
 */

/** A uint64 as the node writes it: a decimal string, or a number when it fits exactly. */
export type Uint = string | number;

export interface OutputOwners {
  locktime: Uint;
  threshold: Uint;
  addresses: string[];
}

export interface AvmOutput {
  assetID: string;
  fxID: string;
  output: { addresses: string[]; amount: Uint; locktime: Uint; threshold: Uint } & Record<string, unknown>;
}

export interface AvmInput {
  txID: string;
  outputIndex: number;
  assetID: string;
  fxID: string;
  input: { amount: Uint; signatureIndices: number[] } & Record<string, unknown>;
}

export interface AvmUnsignedTx {
  networkID: number;
  blockchainID: string;
  outputs: AvmOutput[];
  inputs: AvmInput[];
  memo: string;
  destinationChain?: string;
  exportedOutputs?: AvmOutput[];
  sourceChain?: string;
  importedInputs?: AvmInput[];
  [field: string]: unknown;
}

export interface AvmTxJson {
  unsignedTx: AvmUnsignedTx;
  credentials: { fxID: string; credential: { signatures: string[] } }[];
  id: string;
}

export interface GetTxResponse<T> {
  tx: T;
  encoding: 'hex' | 'json';
}

export interface AvmBlockJson {
  id?: string;
  parentID: string;
  height: Uint;
  time: Uint;
  merkleRoot?: string;
  txs: AvmTxJson[];
}

export interface PTxJson {
  unsignedTx: Record<string, unknown>;
  credentials: { signatures: string[] }[];
  id?: string;
}

/**
 * A P-Chain block in JSON: standard blocks hold `txs`; Apricot proposal and atomic blocks hold one
 * `tx`; Banff proposal blocks hold decision `txs` and their proposal `tx`; commits and aborts none.
 */
export interface PBlockJson {
  id?: string;
  parentID: string;
  height: Uint;
  time?: Uint;
  txs?: PTxJson[];
  tx?: PTxJson;
}

export interface GetBlockResponse<T> {
  block: T;
  encoding: 'hex' | 'json';
}

export interface UtxoIndex {
  address: string;
  utxo: string;
}

export interface GetUtxosResponse {
  numFetched: Uint;
  utxos: string[];
  endIndex: UtxoIndex;
  encoding: 'hex';
}

export interface AssetDescription {
  assetID: string;
  name: string;
  symbol: string;
  denomination: Uint;
}

export type BlockchainStatus = 'Validating' | 'Created' | 'Preferred' | 'Syncing' | 'Unknown';

export interface PDelegator {
  txID: string;
  startTime: Uint;
  endTime: Uint;
  weight: Uint;
  nodeID: string;
  rewardOwner?: OutputOwners;
  potentialReward?: Uint;
}

/** A validator of platform.getCurrentValidators; which fields appear depends on the subnet's kind. */
export interface PValidator {
  txID?: string;
  startTime?: Uint;
  endTime?: Uint;
  nodeID: string;
  weight: Uint;
  validationID?: string;
  publicKey?: string;
  minNonce?: Uint;
  balance?: Uint;
  potentialReward?: Uint;
  delegationFee?: string;
  uptime?: string;
  connected?: boolean;
  delegatorCount?: Uint;
  delegatorWeight?: Uint;
  remainingBalanceOwner?: OutputOwners;
  deactivationOwner?: OutputOwners;
  validationRewardOwner?: OutputOwners;
  delegationRewardOwner?: OutputOwners;
  /** The node writes `proofOfPossession` (the docs spell it `proofOfPosession`). */
  signer?: { publicKey: string; proofOfPossession?: string; proofOfPosession?: string };
  delegators?: PDelegator[] | null;
}

export interface PBalance {
  balances: Record<string, Uint>;
  unlockeds: Record<string, Uint>;
  lockedStakeables: Record<string, Uint>;
  lockedNotStakeables: Record<string, Uint>;
  utxoIDs: { txID: string; outputIndex: number }[];
}

export interface Container {
  id: string;
  bytes: string;
  timestamp: string;
  encoding: 'hex';
  index: Uint;
}

export interface HealthResult {
  message?: unknown;
  error?: string;
  timestamp?: string;
  duration: Uint;
  contiguousFailures?: Uint;
  timeOfFirstFailure?: string | null;
}

export interface HealthReply {
  checks: Record<string, HealthResult>;
  healthy: boolean;
}

export interface LoggerLevels {
  loggerLevels: Record<string, { logLevel: string; displayLevel: string }>;
}

export interface LoadVmsReply {
  newVMs: Record<string, string[]>;
  failedVMs?: Record<string, string>;
}

export interface FeeConfig {
  gasLimit: Uint;
  targetBlockRate: Uint;
  minBaseFee: Uint;
  targetGas: Uint;
  baseFeeChangeDenominator: Uint;
  minBlockGasCost: Uint;
  maxBlockGasCost: Uint;
  blockGasCostStep: Uint;
}

export interface FeeConfigReply {
  feeConfig: FeeConfig;
  lastChangedAt: Uint;
}

export interface PrecompileConfig {
  blockTimestamp?: Uint;
  disable?: boolean;
  adminAddresses?: string[] | null;
  managerAddresses?: string[] | null;
  enabledAddresses?: string[] | null;
  [field: string]: unknown;
}

export interface ChainConfigReply {
  chainId?: Uint;
  feeConfig?: FeeConfig;
  allowFeeRecipients?: boolean;
  upgrades?: { precompileUpgrades?: Record<string, PrecompileConfig>[] };
  [field: string]: unknown;
}

export interface ActiveRulesReply {
  ethRules: Record<string, boolean>;
  avalancheRules: Record<string, boolean>;
  precompiles: Record<string, { timestamp: Uint }>;
}

export interface SubnetEvmValidator {
  validationID: string;
  nodeID: string;
  weight: Uint;
  startTimestamp: Uint;
  isActive: boolean;
  isL1Validator: boolean;
  isConnected: boolean;
  uptimeSeconds: Uint;
  uptimePercentage: number;
}
