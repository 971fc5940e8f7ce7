/**
 * Wire types of the Data API, as its OpenAPI document (test/upstream/data-api.glacier.openapi.json)
 * defines them. These stay in the upstream layer: the graph has its own types.
 */

export type WireNetwork = 'mainnet' | 'fuji' | 'testnet';
export type SortOrder = 'asc' | 'desc';
export type CurrencyCode =
  | 'usd' | 'eur' | 'aud' | 'cad' | 'chf' | 'clp' | 'cny' | 'czk' | 'dkk' | 'gbp' | 'hkd' | 'huf' | 'jpy' | 'nzd';

export const PRIMARY_NETWORK_TX_TYPES = [
  'AddValidatorTx', 'AddSubnetValidatorTx', 'AddDelegatorTx', 'CreateChainTx', 'CreateSubnetTx', 'ImportTx',
  'ExportTx', 'AdvanceTimeTx', 'RewardValidatorTx', 'RemoveSubnetValidatorTx', 'TransformSubnetTx',
  'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'BaseTx', 'TransferSubnetOwnershipTx',
  'ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx', 'UNKNOWN', 'CreateAssetTx', 'OperationTx',
] as const;
export type PrimaryNetworkTxType = (typeof PRIMARY_NETWORK_TX_TYPES)[number];

/** The chain path values the Primary Network endpoints take. */
export type PrimaryChainAlias = 'p-chain' | 'x-chain' | 'c-chain';

export interface Page {
  nextPageToken?: string;
}

export interface Money {
  currencyCode: CurrencyCode;
  value: number;
}

export interface AssetAmount {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  amount: string;
}

export interface AssetWithPriceInfo extends AssetAmount {
  historicalPrice?: Money;
}

export interface BalanceOwner {
  addresses: string[];
  threshold: number;
}

export interface SubnetOwnershipInfo {
  locktime: number;
  threshold: number;
  addresses: string[];
}

export interface L1ValidatorManagerDetails {
  blockchainId: string;
  contractAddress: string;
}

// A type alias, not an interface, so it fits the spec's open `object` typing below.
export type BlsCredentials = {
  publicKey: string;
  proofOfPossession: string;
};

export interface EvmGenesisAllowListConfig {
  blockTimestamp?: number;
  adminAddresses?: string[];
  managerAddresses?: string[];
  enabledAddresses?: string[];
}

export interface EvmGenesisConfig {
  berlinBlock?: number;
  byzantiumBlock?: number;
  chainId?: number;
  constantinopleBlock?: number;
  eip150Block?: number;
  eip150Hash?: string;
  eip155Block?: number;
  eip158Block?: number;
  feeConfig?: {
    baseFeeChangeDenominator?: number;
    blockGasCostStep?: number;
    gasLimit?: number;
    maxBlockGasCost?: number;
    minBaseFee?: number;
    minBlockGasCost?: number;
    targetBlockRate?: number;
    targetGas?: number;
  };
  homesteadBlock?: number;
  istanbulBlock?: number;
  londonBlock?: number;
  muirGlacierBlock?: number;
  petersburgBlock?: number;
  subnetEVMTimestamp?: number;
  allowFeeRecipients?: boolean;
  warpConfig?: { blockTimestamp?: number; quorumNumerator?: number; requirePrimaryNetworkSigners?: boolean };
  txAllowListConfig?: EvmGenesisAllowListConfig;
  contractDeployerAllowListConfig?: EvmGenesisAllowListConfig;
  contractNativeMinterConfig?: EvmGenesisAllowListConfig;
  feeManagerConfig?: EvmGenesisAllowListConfig;
  rewardManagerConfig?: EvmGenesisAllowListConfig;
}

export interface EvmGenesisAlloc {
  balance?: string;
  code?: string;
  storage?: Record<string, string>;
}

export interface EvmGenesis {
  airdropAmount?: number | null;
  airdropHash?: string;
  alloc?: Record<string, EvmGenesisAlloc>;
  baseFeePerGas?: number | null;
  blobGasUsed?: string | null;
  coinbase?: string;
  config?: EvmGenesisConfig;
  difficulty?: string;
  excessBlobGas?: string | null;
  extraData?: string;
  gasLimit?: string;
  gasUsed?: string;
  mixHash?: string;
  nonce?: string;
  number?: string;
  parentHash?: string;
  timestamp?: string;
}

export interface Blockchain {
  createBlockTimestamp: number;
  createBlockNumber: string;
  blockchainId: string;
  vmId: string;
  subnetId: string;
  blockchainName: string;
  evmChainId?: number;
  /** An object for EVM chains; a VM-specific encoded string otherwise. */
  genesisData?: EvmGenesis | string;
}

export interface Subnet {
  createBlockTimestamp: number;
  createBlockIndex: string;
  subnetId: string;
  ownerAddresses: string[];
  threshold: number;
  locktime: number;
  subnetOwnershipInfo: SubnetOwnershipInfo;
  isL1: boolean;
  l1ConversionTransactionHash?: string;
  l1ValidatorManagerDetails?: L1ValidatorManagerDetails;
  blockchains: Blockchain[];
}

export interface ListSubnetsResponse extends Page {
  subnets: Subnet[];
}

export interface L1Validator {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  creationTimestamp: number;
  /** Typed `object` in the spec; holds `publicKey` and `proofOfPossession` when known. */
  blsCredentials: Partial<BlsCredentials> & Record<string, unknown>;
  remainingBalanceOwner: BalanceOwner;
  deactivationOwner: BalanceOwner;
}

export interface ListL1ValidatorsResponse extends Page {
  validators: L1Validator[];
  blockHeight: string;
}

export interface UtxoCredential {
  signature?: string;
  publicKey?: string;
}

/** A UTXO as the P-Chain listing returns it. */
export interface PChainUtxo {
  addresses: string[];
  asset: AssetAmount;
  consumedOnChainId: string;
  consumingTxHash?: string;
  createdOnChainId: string;
  utxoId: string;
  utxoBytes?: string;
  amount: string;
  assetId: string;
  blockNumber: string;
  blockTimestamp: number;
  consumingBlockNumber?: string;
  consumingBlockTimestamp?: number;
  platformLocktime?: number;
  outputIndex: number;
  rewardType?: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';
  stakeableLocktime?: number;
  staked?: boolean;
  threshold?: number;
  txHash: string;
  utxoEndTimestamp?: number;
  utxoStartTimestamp?: number;
  utxoType: 'STAKE' | 'TRANSFER';
}

/** A UTXO as the X-Chain and C-Chain listings return it. */
export interface XChainUtxo {
  addresses: string[];
  asset: AssetAmount;
  consumedOnChainId: string;
  consumingTxHash?: string;
  createdOnChainId: string;
  utxoId: string;
  utxoBytes?: string;
  consumingTxTimestamp?: number;
  creationTxHash: string;
  credentials?: UtxoCredential[];
  groupId?: number;
  locktime: number;
  /** A decimal string on this chain, unlike the P-Chain's number. */
  outputIndex: string;
  payload?: string;
  threshold: number;
  timestamp: number;
  utxoType: string;
}

export interface L1ValidatorDetailsTransaction {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  balanceChange?: number;
  blsCredentials?: Partial<BlsCredentials> & Record<string, unknown>;
}

export interface BlockchainInfo {
  chainName: string;
  vmId: string;
  genesisData?: EvmGenesis | string;
}

export interface PChainTransaction {
  txHash: string;
  txType: PrimaryNetworkTxType;
  blockTimestamp: number;
  blockNumber: string;
  blockHash: string;
  consumedUtxos: PChainUtxo[];
  emittedUtxos: PChainUtxo[];
  sourceChain?: string;
  destinationChain?: string;
  value: AssetAmount[];
  amountBurned: AssetAmount[];
  amountStaked: AssetAmount[];
  amountL1ValidatorBalanceBurned: AssetAmount[];
  startTimestamp?: number;
  endTimestamp?: number;
  delegationFeePercent?: string;
  nodeId?: string;
  subnetId?: string;
  l1ValidatorManagerDetails?: L1ValidatorManagerDetails;
  l1ValidatorDetails?: L1ValidatorDetailsTransaction[];
  estimatedReward?: string;
  rewardTxHash?: string;
  rewardAddresses?: string[];
  memo?: string;
  stakingTxHash?: string;
  subnetOwnershipInfo?: SubnetOwnershipInfo;
  blsCredentials?: BlsCredentials;
  blockchainInfo?: BlockchainInfo;
}

export interface XChainAssetDetails {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  createdAtTimestamp: number;
  cap: 'fixed' | 'variable';
}

export interface TransactionVertexDetail {
  hash: string;
  height: number;
  timestamp: number;
}

interface XChainTransactionBase {
  txHash: string;
  chainFormat: 'non-linear' | 'linear';
  timestamp: number;
  txType: 'BaseTx' | 'CreateAssetTx' | 'OperationTx' | 'ImportTx' | 'ExportTx' | 'UNKNOWN';
  memo: string;
  consumedUtxos: XChainUtxo[];
  emittedUtxos: XChainUtxo[];
  amountUnlocked: AssetAmount[];
  amountCreated: AssetAmount[];
  sourceChain?: string;
  destinationChain?: string;
  assetCreated?: XChainAssetDetails;
}

/** Before the Cortina upgrade X-Chain transactions were accepted in DAG vertices. */
export interface XChainNonLinearTransaction extends XChainTransactionBase {
  chainFormat: 'non-linear';
  vertices: TransactionVertexDetail[];
}

export interface XChainLinearTransaction extends XChainTransactionBase {
  chainFormat: 'linear';
  blockHeight: number;
  blockHash: string;
}

export type XChainTransaction = XChainNonLinearTransaction | XChainLinearTransaction;

export interface EvmInput {
  fromAddress: string;
  asset: AssetAmount;
  credentials: UtxoCredential[];
}

export interface EvmOutput {
  toAddress: string;
  asset: AssetAmount;
}

interface CChainAtomicTransactionBase {
  txHash: string;
  blockHeight: number;
  blockHash: string;
  timestamp: number;
  memo: string;
  amountUnlocked: AssetAmount[];
  amountCreated: AssetAmount[];
  sourceChain: string;
  destinationChain: string;
}

export interface CChainExportTransaction extends CChainAtomicTransactionBase {
  txType: 'ExportTx';
  evmInputs: EvmInput[];
  emittedUtxos: XChainUtxo[];
}

export interface CChainImportTransaction extends CChainAtomicTransactionBase {
  txType: 'ImportTx';
  evmOutputs: EvmOutput[];
  consumedUtxos: XChainUtxo[];
}

export type CChainAtomicTransaction = CChainExportTransaction | CChainImportTransaction;

export type PrimaryNetworkTransaction = PChainTransaction | XChainTransaction | CChainAtomicTransaction;

export interface PrimaryNetworkChainInfo {
  chainName: PrimaryChainAlias;
  network: WireNetwork;
}

export interface ListTransactionsResponse<T> extends Page {
  transactions: T[];
  chainInfo: PrimaryNetworkChainInfo;
}

export interface HistoricalReward {
  addresses: string[];
  txHash: string;
  amountStaked: string;
  nodeId: string;
  startTimestamp: number;
  endTimestamp: number;
  rewardType: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';
  utxoId: string;
  outputIndex: number;
  reward: AssetWithPriceInfo;
  rewardTxHash: string;
}

export interface ListHistoricalRewardsResponse extends Page {
  historicalRewards: HistoricalReward[];
}

export interface XChainVertex {
  vertexHash: string;
  parentHashes: string[];
  vertexHeight: number;
  vertexIndex: number;
  vertexTimestamp: number;
  txCount: number;
  transactions: string[];
  vertexSizeBytes: number;
}

export interface ListXChainVerticesResponse extends Page {
  vertices: XChainVertex[];
  chainInfo: PrimaryNetworkChainInfo;
}

export interface ChainAddressChainIdMap {
  address: string;
  blockchainIds: string[];
}

export interface ChainAddressChainIdMapListResponse {
  addresses: ChainAddressChainIdMap[];
}

export interface ErrorBody {
  message: string | string[];
  statusCode: number;
  error: string;
}
