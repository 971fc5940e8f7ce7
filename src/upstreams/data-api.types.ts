/**
 * Wire types of the Data API, as its OpenAPI document (test/upstream/data-api.glacier.openapi.json)
 * defines them. These stay in the upstream layer: the graph has its own types.
 */

export type WireNetwork = 'mainnet' | 'fuji' | 'testnet';
export type SortOrder = 'asc' | 'desc';
export type CurrencyCode = 'usd' | 'eur' | 'aud' | 'cad' | 'chf' | 'clp' | 'cny' | 'czk' | 'dkk' | 'gbp' | 'hkd' | 'huf' | 'jpy' | 'nzd';

export const PRIMARY_NETWORK_TX_TYPES = [
  'AddValidatorTx',
  'AddSubnetValidatorTx',
  'AddDelegatorTx',
  'CreateChainTx',
  'CreateSubnetTx',
  'ImportTx',
  'ExportTx',
  'AdvanceTimeTx',
  'RewardValidatorTx',
  'RemoveSubnetValidatorTx',
  'TransformSubnetTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'BaseTx',
  'TransferSubnetOwnershipTx',
  'ConvertSubnetToL1Tx',
  'RegisterL1ValidatorTx',
  'SetL1ValidatorWeightTx',
  'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx',
  'UNKNOWN',
  'CreateAssetTx',
  'OperationTx',
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

// --- EVM chains (section 4.3) ----------------------------------------------------------------

export type EvmTransactionStatus = 'failed' | 'success';
export type TransactionMethodType = 'NATIVE_TRANSFER' | 'CONTRACT_CALL' | 'CONTRACT_CREATION';
export const INTERNAL_TX_TYPES = ['UNKNOWN', 'CALL', 'CREATE', 'CREATE2', 'CREATE3', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'] as const;
export type InternalTransactionOpCall = (typeof INTERNAL_TX_TYPES)[number];
export type ErcType = 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'UNKNOWN';
export const NFT_METADATA_STATUSES = [
  'UNKNOWN',
  'MISSING_TOKEN',
  'INVALID_TOKEN_URI',
  'INVALID_TOKEN_URI_SCHEME',
  'UNREACHABLE_TOKEN_URI',
  'THROTTLED_TOKEN_URI',
  'METADATA_CONTENT_TOO_LARGE',
  'INVALID_METADATA',
  'INVALID_METADATA_JSON',
  'INDEXED',
  'UNINDEXED',
] as const;
export type NftTokenMetadataStatus = (typeof NFT_METADATA_STATUSES)[number];
export const RESOURCE_LINK_TYPES = [
  'Blog',
  'CoinGecko',
  'CoinMarketCap',
  'Discord',
  'Documentation',
  'Facebook',
  'Github',
  'Instagram',
  'LinkedIn',
  'Medium',
  'Reddit',
  'Support',
  'Telegram',
  'TikTok',
  'Twitter',
  'Website',
  'Whitepaper',
  'Youtube',
] as const;
export type ResourceLinkType = (typeof RESOURCE_LINK_TYPES)[number];

/** An address with its token identity, when it is a token contract. */
export interface RichAddress {
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
  address: string;
}

export interface NativeTransaction {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockMinDelayExcess?: number;
  blockHash: string;
  chainId: string;
  blockIndex: number;
  txHash: string;
  txStatus: string;
  txType: number;
  gasLimit: string;
  gasUsed: string;
  gasPrice: string;
  nonce: string;
  from: RichAddress;
  to: RichAddress;
  method?: { callType: TransactionMethodType; methodHash: string; methodName?: string };
  value: string;
}

export interface ListNativeTransactionsResponse extends Page {
  transactions: NativeTransaction[];
}

export interface Erc20Token {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  ercType: 'ERC-20';
  price?: Money;
}

export interface Erc20Transfer {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockHash: string;
  txHash: string;
  from: RichAddress;
  to: RichAddress;
  logIndex: number;
  value: string;
  erc20Token: Erc20Token;
}

export interface ListErc20TransactionsResponse extends Page {
  transactions: Erc20Transfer[];
}

export interface InternalTransaction {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockHash: string;
  txHash: string;
  from: RichAddress;
  to: RichAddress;
  internalTxType: InternalTransactionOpCall;
  value: string;
  isReverted: boolean;
  gasUsed: string;
  gasLimit: string;
}

export interface ListInternalTransactionsResponse extends Page {
  transactions: InternalTransaction[];
}

export interface NativeTokenBalance {
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  chainId: string;
  price?: Money;
  balance: string;
  balanceValue?: Money;
}

export interface GetNativeBalanceResponse {
  nativeTokenBalance: NativeTokenBalance;
}

export interface NftMetadata {
  indexStatus: NftTokenMetadataStatus;
  metadataLastUpdatedTimestamp?: number;
  name?: string;
  symbol?: string;
  imageUri?: string;
  description?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
  /** ERC-721 only. */
  attributes?: string;
  /** ERC-1155 only. */
  decimals?: number;
  /** ERC-1155 only. */
  properties?: string;
}

export interface Erc721TokenBalance {
  address: string;
  name: string;
  symbol: string;
  ercType: 'ERC-721';
  tokenId: string;
  tokenUri: string;
  metadata: NftMetadata;
  ownerAddress?: string;
  chainId: string;
}

export interface Erc1155TokenBalance {
  address: string;
  ercType: 'ERC-1155';
  tokenId: string;
  tokenUri: string;
  metadata: NftMetadata;
  chainId: string;
  balance: string;
}

export type CollectibleBalance = Erc721TokenBalance | Erc1155TokenBalance;

export interface ListCollectibleBalancesResponse extends Page {
  collectibleBalances: CollectibleBalance[];
}

export interface ContractMetadata {
  name?: string;
  description?: string;
  officialSite?: string;
  email?: string;
  logoAsset?: { assetId?: string; imageUri?: string };
  bannerAsset?: { assetId?: string; imageUri?: string };
  color?: string;
  resourceLinks?: { type: ResourceLinkType; url: string }[];
  tags?: string[];
  address: string;
  deploymentDetails?: { txHash: string; deployerAddress: string; deployerContractAddress?: string };
  ercType: ErcType;
  symbol?: string;
  /** ERC-20 only. */
  decimals?: number;
  /** ERC-20 and ERC-1155 only. */
  pricingProviders?: { coingeckoCoinId?: string };
}

// --- Interchain messaging (section 4.4) ----------------------------------------------------------

export type IcmStatus = 'pending' | 'delivered' | 'delivered_source_not_indexed';

export interface IcmMessage {
  messageId: string;
  icmContractAddress: string;
  sourceBlockchainId: string;
  destinationBlockchainId: string;
  sourceEvmChainId: string;
  destinationEvmChainId: string;
  messageNonce: string;
  from: string;
  to: string;
  data?: string;
  messageExecuted: boolean;
  receipts: { receivedMessageNonce: string; relayerRewardAddress: string }[];
  receiptDelivered: boolean;
  rewardDetails: Erc20Token & { value: string };
  /** Absent when the source chain is not indexed (`delivered_source_not_indexed`). */
  sourceTransaction?: { txHash: string; timestamp: number; gasSpent: string };
  /** Present once delivered. */
  destinationTransaction?: { txHash: string; timestamp: number; gasSpent: string; rewardRedeemer: string; delivererAddress: string };
  status: IcmStatus;
}

export interface ListIcmMessagesResponse extends Page {
  messages: IcmMessage[];
}

// --- Signature aggregation (section 4.1) -----------------------------------------------------------

export interface SignatureAggregatorRequest {
  message?: string;
  justification?: string;
  signingSubnetId?: string;
  quorumPercentage?: number;
  quorumPercentageBuffer?: number;
  pChainHeight?: number;
}

export interface SignatureAggregationResponse {
  signedMessage: string;
}

// --- Metrics API (section 4.5) ---------------------------------------------------------------------

/** GET /v1/avg_tps/{chainId}: the legacy route, documented in the usage guide only. */
export interface AverageTpsResponse {
  results: { timestamp: number; value: number }[];
  status: number;
  lastRun: number;
  nextPageToken?: string;
}
