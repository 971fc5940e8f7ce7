// Apollo Client's cache configuration for the gateway's schema: `new InMemoryCache({ possibleTypes, typePolicies })`.
// Written by `npm run codegen` from the schema (test/generate/cache-config.ts): regenerate, do not edit.

import type { TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import fragmentMatcher from './possible-types.generated.js';

/** The types behind each interface and union, which fragments on an interface or union need. */
export const possibleTypes = fragmentMatcher.possibleTypes;

/**
 * Object types without a global `id: ID!` are value objects (`keyFields: false`): stored inside the
 * object that holds them rather than normalised. Every Relay connection merges its pages into one
 * list per value of its other arguments (`relayStylePagination(keyArgs)`), so "load more" appends.
 */
export const typePolicies: TypePolicies = {
  AcpVotes: {
    keyFields: false,
  },
  ActivePrecompile: {
    keyFields: false,
  },
  ActiveRules: {
    keyFields: false,
  },
  Address: {
    fields: {
      utxos: relayStylePagination(['chain', 'assetId', 'minUtxoAmount', 'includeSpent', 'sortBy', 'sortOrder']),
      transactions: relayStylePagination(['chain', 'txTypes', 'startTimestamp', 'endTimestamp', 'sortOrder']),
      activeStakingTransactions: relayStylePagination(['txTypes', 'startTimestamp', 'endTimestamp', 'sortOrder']),
      rewards: relayStylePagination(['currency', 'sortOrder']),
      delegations: relayStylePagination(['delegationStatus', 'sortOrder']),
      pendingRewards: relayStylePagination(['sortOrder']),
      icmMessages: relayStylePagination(['allNetworks']),
      xChainUtxos: relayStylePagination(['sourceChain']),
      pChainNodeUtxos: relayStylePagination(['sourceChain']),
    },
  },
  AddressChain: {
    keyFields: false,
  },
  AddressLastActivity: {
    keyFields: false,
  },
  AggregatedAssetAmount: {
    keyFields: false,
  },
  ApiLogConnection: {
    keyFields: false,
  },
  ApiLogEdge: {
    keyFields: false,
  },
  ApiUsage: {
    keyFields: false,
  },
  ApiUsageFigures: {
    keyFields: false,
  },
  ApiUsagePoint: {
    keyFields: false,
  },
  AssetAmount: {
    keyFields: false,
  },
  AssetDescription: {
    keyFields: false,
  },
  AvaxSupply: {
    keyFields: false,
  },
  AvmCredential: {
    keyFields: false,
  },
  BalanceOwner: {
    keyFields: false,
  },
  Blockchain: {
    fields: {
      averageTps: relayStylePagination(false),
    },
  },
  BlockchainConnection: {
    keyFields: false,
  },
  BlockchainEdge: {
    keyFields: false,
  },
  BlockProposer: {
    keyFields: false,
  },
  BlsCredentials: {
    keyFields: false,
  },
  BtcbBridger: {
    keyFields: false,
  },
  BtcbBridgerConnection: {
    keyFields: false,
  },
  BtcbBridgerEdge: {
    keyFields: false,
  },
  CChainAtomic: {
    keyFields: false,
    fields: {
      utxos: relayStylePagination(['addresses', 'sourceChain']),
    },
  },
  ChainConfig: {
    keyFields: false,
  },
  ChainRule: {
    keyFields: false,
  },
  CollectibleBalanceConnection: {
    keyFields: false,
  },
  CollectibleBalanceEdge: {
    keyFields: false,
  },
  ConditionCount: {
    keyFields: false,
  },
  ContractDeployment: {
    keyFields: false,
  },
  ContractDeploymentTransaction: {
    keyFields: false,
  },
  CreatedBlockchainInfo: {
    keyFields: false,
  },
  DataApiAccount: {
    keyFields: false,
    fields: {
      webhooks: relayStylePagination(['status']),
      logs: relayStylePagination(['startTimestamp', 'endTimestamp', 'evmChainId', 'responseCode', 'requestType', 'apiKeyId', 'requestPath']),
    },
  },
  DataApiHealth: {
    keyFields: false,
  },
  Delegator: {
    fields: {
      rewards: relayStylePagination(['currency', 'sortOrder']),
    },
  },
  DelegatorConnection: {
    keyFields: false,
  },
  DelegatorEdge: {
    keyFields: false,
  },
  DeployedContractConnection: {
    keyFields: false,
  },
  DeployedContractEdge: {
    keyFields: false,
  },
  Erc1155BalanceConnection: {
    keyFields: false,
  },
  Erc1155BalanceEdge: {
    keyFields: false,
  },
  Erc1155Contract: {
    fields: {
      transfers: relayStylePagination(['startBlock', 'endBlock']),
      tokens: relayStylePagination(false),
    },
  },
  Erc1155ContractTokenConnection: {
    keyFields: false,
  },
  Erc1155ContractTokenEdge: {
    keyFields: false,
  },
  Erc1155ContractTransferConnection: {
    keyFields: false,
  },
  Erc1155ContractTransferEdge: {
    keyFields: false,
  },
  Erc1155TransferConnection: {
    keyFields: false,
  },
  Erc1155TransferEdge: {
    keyFields: false,
  },
  Erc20BalanceConnection: {
    keyFields: false,
  },
  Erc20BalanceEdge: {
    keyFields: false,
  },
  Erc20Contract: {
    fields: {
      transfers: relayStylePagination(['startBlock', 'endBlock']),
    },
  },
  Erc20ContractTransferConnection: {
    keyFields: false,
  },
  Erc20ContractTransferEdge: {
    keyFields: false,
  },
  Erc20TransferConnection: {
    keyFields: false,
  },
  Erc20TransferEdge: {
    keyFields: false,
  },
  Erc721BalanceConnection: {
    keyFields: false,
  },
  Erc721BalanceEdge: {
    keyFields: false,
  },
  Erc721Contract: {
    fields: {
      transfers: relayStylePagination(['startBlock', 'endBlock']),
      tokens: relayStylePagination(false),
    },
  },
  Erc721ContractTokenConnection: {
    keyFields: false,
  },
  Erc721ContractTokenEdge: {
    keyFields: false,
  },
  Erc721ContractTransferConnection: {
    keyFields: false,
  },
  Erc721ContractTransferEdge: {
    keyFields: false,
  },
  Erc721TransferConnection: {
    keyFields: false,
  },
  Erc721TransferEdge: {
    keyFields: false,
  },
  EvmAccountProof: {
    keyFields: false,
  },
  EvmAddress: {
    fields: {
      erc20Transfers: relayStylePagination(['startBlock', 'endBlock']),
      internalTransactions: relayStylePagination(['startBlock', 'endBlock']),
      collectibles: relayStylePagination(['contractAddress']),
      nativeTransactions: relayStylePagination(['startBlock', 'endBlock']),
      deployedContracts: relayStylePagination(false),
      erc721Balances: relayStylePagination(['contractAddress']),
      erc1155Balances: relayStylePagination(['blockNumber', 'contractAddress']),
      erc20Balances: relayStylePagination(['blockNumber', 'contractAddresses', 'currency', 'includeSpam']),
      erc721Transfers: relayStylePagination(['startBlock', 'endBlock']),
      erc1155Transfers: relayStylePagination(['startBlock', 'endBlock']),
      transactions: relayStylePagination(['startBlock', 'endBlock', 'sortOrder', 'includeSpam']),
      transactionsV1: relayStylePagination(['startBlock', 'endBlock', 'sortOrder']),
      icmMessages: relayStylePagination(['allNetworks']),
    },
  },
  EvmAddressNativeTransactionConnection: {
    keyFields: false,
  },
  EvmAddressNativeTransactionEdge: {
    keyFields: false,
  },
  EvmAddressTransaction: {
    keyFields: false,
  },
  EvmAddressTransactionConnection: {
    keyFields: false,
  },
  EvmAddressTransactionEdge: {
    keyFields: false,
  },
  EvmAddressTransactionV1Connection: {
    keyFields: false,
  },
  EvmAddressTransactionV1Edge: {
    keyFields: false,
  },
  EvmBlock: {
    fields: {
      transactions: relayStylePagination(false),
    },
  },
  EvmBlockConnection: {
    keyFields: false,
  },
  EvmBlockEdge: {
    keyFields: false,
  },
  EvmChain: {
    fields: {
      transactions: relayStylePagination(['status']),
      blocks: relayStylePagination(false),
      icmMessages: relayStylePagination(['role']),
      averageTps: relayStylePagination(false),
      metrics: relayStylePagination(['metric', 'interval', 'startTimestamp', 'endTimestamp']),
      btcbBridgers: relayStylePagination(['threshold']),
      icmMetrics: relayStylePagination(['direction', 'byCounterpart', 'interval', 'startTimestamp', 'endTimestamp']),
    },
  },
  EvmChainInfo: {
    keyFields: false,
  },
  EvmFeeConfig: {
    keyFields: false,
  },
  EvmFeeHistory: {
    keyFields: false,
  },
  EvmFeeHistoryBlock: {
    keyFields: false,
  },
  EvmGenesis: {
    keyFields: false,
  },
  EvmGenesisConfig: {
    keyFields: false,
  },
  EvmInput: {
    keyFields: false,
  },
  EvmMethod: {
    keyFields: false,
  },
  EvmNetworkToken: {
    keyFields: false,
  },
  EvmOutput: {
    keyFields: false,
  },
  EvmParty: {
    keyFields: false,
  },
  EvmStorageProof: {
    keyFields: false,
  },
  EvmTransactionConnection: {
    keyFields: false,
  },
  EvmTransactionEdge: {
    keyFields: false,
  },
  EvmTransactionIcmInfo: {
    keyFields: false,
  },
  FailedVm: {
    keyFields: false,
  },
  FeeConfig: {
    keyFields: false,
  },
  GenesisAccount: {
    keyFields: false,
  },
  Geolocation: {
    keyFields: false,
  },
  HealthCheck: {
    keyFields: false,
  },
  HealthIndicator: {
    keyFields: false,
  },
  HealthReport: {
    keyFields: false,
  },
  HistoricalRewardConnection: {
    keyFields: false,
  },
  HistoricalRewardEdge: {
    keyFields: false,
  },
  IcmDestinationTransaction: {
    keyFields: false,
  },
  IcmMessageConnection: {
    keyFields: false,
  },
  IcmMessageCount: {
    keyFields: false,
  },
  IcmMessageCountConnection: {
    keyFields: false,
  },
  IcmMessageCountEdge: {
    keyFields: false,
  },
  IcmMessageEdge: {
    keyFields: false,
  },
  IcmMessageSummary: {
    keyFields: false,
  },
  IcmReceipt: {
    keyFields: false,
  },
  IcmRewardDetails: {
    keyFields: false,
  },
  IcmSourceTransaction: {
    keyFields: false,
  },
  ImageAsset: {
    keyFields: false,
  },
  IndexedContainer: {
    keyFields: false,
  },
  IndexedContainerConnection: {
    keyFields: false,
  },
  IndexedContainerEdge: {
    keyFields: false,
  },
  InternalTransaction: {
    keyFields: false,
  },
  InternalTransactionConnection: {
    keyFields: false,
  },
  InternalTransactionEdge: {
    keyFields: false,
  },
  L1Validator: {
    fields: {
      transactions: relayStylePagination(['txTypes', 'startTimestamp', 'endTimestamp', 'sortOrder']),
    },
  },
  L1ValidatorConnection: {
    keyFields: false,
  },
  L1ValidatorDetails: {
    keyFields: false,
  },
  L1ValidatorEdge: {
    keyFields: false,
  },
  L1ValidatorManager: {
    keyFields: false,
  },
  LoadedVm: {
    keyFields: false,
  },
  LoadVmsResult: {
    keyFields: false,
  },
  LoggerLevel: {
    keyFields: false,
  },
  MatchedAddress: {
    keyFields: false,
  },
  MatchedAddressConnection: {
    keyFields: false,
  },
  MatchedAddressEdge: {
    keyFields: false,
  },
  MeasuredChain: {
    keyFields: false,
  },
  MeasuredChainConnection: {
    keyFields: false,
  },
  MeasuredChainEdge: {
    keyFields: false,
  },
  MetricPoint: {
    keyFields: false,
  },
  MetricsApiHealth: {
    keyFields: false,
  },
  MetricSeriesConnection: {
    keyFields: false,
  },
  MetricSeriesEdge: {
    keyFields: false,
  },
  NativeBalance: {
    keyFields: false,
  },
  Network: {
    keyFields: false,
    fields: {
      subnets: relayStylePagination(['sortOrder']),
      blockchains: relayStylePagination(['sortOrder']),
      l1Validators: relayStylePagination(['validationId', 'nodeId', 'subnetId', 'includeInactive']),
      addressUtxos: relayStylePagination(['chain', 'addresses', 'assetId', 'minUtxoAmount', 'includeSpent', 'sortBy', 'sortOrder']),
      transactions: relayStylePagination(['chain', 'addresses', 'txTypes', 'startTimestamp', 'endTimestamp', 'l1ValidationId', 'sortOrder']),
      verticesAtHeight: relayStylePagination(['vertexHeight', 'sortOrder']),
      vertices: relayStylePagination(false),
      rewards: relayStylePagination(['addresses', 'nodeIds', 'currency', 'sortOrder']),
      validators: relayStylePagination(['nodeIds', 'subnetId', 'validationStatus', 'sortBy', 'sortOrder', 'minDelegationCapacity', 'maxDelegationCapacity', 'minTimeRemaining', 'maxTimeRemaining', 'minFeePercentage', 'maxFeePercentage', 'minUptimePerformance', 'maxUptimePerformance']),
      validatorHistory: relayStylePagination(['nodeId', 'validationStatus', 'sortOrder']),
      delegators: relayStylePagination(['nodeIds', 'rewardAddresses', 'delegationStatus', 'sortOrder']),
      pendingRewards: relayStylePagination(['addresses', 'nodeIds', 'sortOrder']),
      evmTransactions: relayStylePagination(['status']),
      evmBlocks: relayStylePagination(false),
      icmMessages: relayStylePagination(['from', 'to']),
      measuredChains: relayStylePagination(false),
      evmMetrics: relayStylePagination(['metric', 'interval', 'startTimestamp', 'endTimestamp', 'allNetworks']),
      stakingMetrics: relayStylePagination(['metric', 'subnetId', 'startTimestamp', 'endTimestamp']),
      icmMetrics: relayStylePagination(['interval', 'breakdown', 'startTimestamp', 'endTimestamp']),
      addressesMatching: relayStylePagination(['operator', 'conditions']),
      primaryNetworkBlocks: relayStylePagination(['chain', 'startTimestamp', 'endTimestamp']),
      proposedBlocks: relayStylePagination(['nodeId', 'chain', 'startTimestamp', 'endTimestamp']),
    },
  },
  NetworkDelegatorTotals: {
    keyFields: false,
  },
  NetworkDetails: {
    keyFields: false,
  },
  NetworkUpgrade: {
    keyFields: false,
  },
  NetworkValidatorTotals: {
    keyFields: false,
  },
  NftMetadata: {
    keyFields: false,
  },
  NodeAdmin: {
    keyFields: false,
  },
  NodeFx: {
    keyFields: false,
  },
  NodeHealth: {
    keyFields: false,
  },
  NodeIndex: {
    keyFields: false,
    fields: {
      containers: relayStylePagination(['startIndex']),
    },
  },
  NodeInfo: {
    keyFields: false,
  },
  NodePeer: {
    keyFields: false,
  },
  NodeTxFee: {
    keyFields: false,
  },
  NodeUptime: {
    keyFields: false,
  },
  NodeUtxoConnection: {
    keyFields: false,
  },
  NodeUtxoEdge: {
    keyFields: false,
  },
  NodeVersion: {
    keyFields: false,
  },
  NodeVm: {
    keyFields: false,
  },
  NodeVmVersion: {
    keyFields: false,
  },
  OutputOwners: {
    keyFields: false,
  },
  PageInfo: {
    keyFields: false,
  },
  PBlockTransaction: {
    keyFields: false,
  },
  PChain: {
    keyFields: false,
  },
  PChainAssetAmount: {
    keyFields: false,
  },
  PChainBalance: {
    keyFields: false,
  },
  PChainFeeConfig: {
    keyFields: false,
  },
  PChainFeeState: {
    keyFields: false,
  },
  PChainMinStake: {
    keyFields: false,
  },
  PChainNodeStake: {
    keyFields: false,
  },
  PChainNodeUtxoConnection: {
    keyFields: false,
  },
  PChainNodeUtxoEdge: {
    keyFields: false,
  },
  PChainSubnet: {
    keyFields: false,
  },
  PChainTransactionConnection: {
    keyFields: false,
  },
  PChainTransactionEdge: {
    keyFields: false,
  },
  PChainTxStatusReport: {
    keyFields: false,
  },
  PChainValidator: {
    fields: {
      proposedBlocks: relayStylePagination(['chain', 'startTimestamp', 'endTimestamp']),
    },
  },
  PChainValidatorAtHeight: {
    keyFields: false,
  },
  PChainValidatorFeeConfig: {
    keyFields: false,
  },
  PChainValidatorSet: {
    keyFields: false,
  },
  PChainWarpValidator: {
    keyFields: false,
  },
  PCredential: {
    keyFields: false,
  },
  PendingRewardConnection: {
    keyFields: false,
  },
  PendingRewardEdge: {
    keyFields: false,
  },
  PrecompileAllowListConfig: {
    keyFields: false,
  },
  PrecompileConfig: {
    keyFields: false,
  },
  Price: {
    keyFields: false,
  },
  PricingProviders: {
    keyFields: false,
  },
  PrimaryNetworkBalances: {
    keyFields: false,
  },
  PrimaryNetworkBlockConnection: {
    keyFields: false,
  },
  PrimaryNetworkBlockEdge: {
    keyFields: false,
  },
  PrimaryNetworkChainInfo: {
    keyFields: false,
  },
  PrimaryNetworkTransactionConnection: {
    keyFields: false,
  },
  PrimaryNetworkTransactionEdge: {
    keyFields: false,
  },
  ProposerEpoch: {
    keyFields: false,
  },
  ProposerVm: {
    keyFields: false,
  },
  RateLimit: {
    keyFields: false,
  },
  ResourceLink: {
    keyFields: false,
  },
  RollingWindowMetrics: {
    keyFields: false,
  },
  SignedMessage: {
    keyFields: false,
  },
  StakeByVersion: {
    keyFields: false,
  },
  StorageSlot: {
    keyFields: false,
  },
  SubmittedTransaction: {
    keyFields: false,
  },
  Subnet: {
    fields: {
      l1Validators: relayStylePagination(['nodeId', 'validationId', 'includeInactive']),
      stakingMetrics: relayStylePagination(['metric', 'startTimestamp', 'endTimestamp']),
      validatorsBetween: relayStylePagination(['startTimestamp', 'endTimestamp']),
    },
  },
  SubnetConnection: {
    keyFields: false,
  },
  SubnetEdge: {
    keyFields: false,
  },
  SubnetOwnership: {
    keyFields: false,
  },
  TpsConnection: {
    keyFields: false,
  },
  TpsEdge: {
    keyFields: false,
  },
  TpsPoint: {
    keyFields: false,
  },
  TransactionExportJob: {
    keyFields: false,
  },
  TransactionVertex: {
    keyFields: false,
  },
  TransferableInput: {
    keyFields: false,
  },
  TransferableOutput: {
    keyFields: false,
  },
  UtxoConnection: {
    keyFields: false,
  },
  UtxoCredential: {
    keyFields: false,
  },
  UtxoEdge: {
    keyFields: false,
  },
  Validator: {
    fields: {
      rewardHistory: relayStylePagination(['currency', 'sortOrder']),
      delegators: relayStylePagination(['delegationStatus', 'sortOrder']),
      pendingRewards: relayStylePagination(['sortOrder']),
    },
  },
  ValidatorAddresses: {
    keyFields: false,
  },
  ValidatorAddressesConnection: {
    keyFields: false,
  },
  ValidatorAddressesEdge: {
    keyFields: false,
  },
  ValidatorConnection: {
    keyFields: false,
  },
  ValidatorEdge: {
    keyFields: false,
  },
  ValidatorHealth: {
    keyFields: false,
  },
  ValidatorRewards: {
    keyFields: false,
  },
  ValidatorSigner: {
    keyFields: false,
  },
  WarpConfig: {
    keyFields: false,
  },
  Webhook: {
    fields: {
      addresses: relayStylePagination(false),
    },
  },
  WebhookAddressConnection: {
    keyFields: false,
  },
  WebhookAddressEdge: {
    keyFields: false,
  },
  WebhookBalanceThreshold: {
    keyFields: false,
  },
  WebhookConnection: {
    keyFields: false,
  },
  WebhookEdge: {
    keyFields: false,
  },
  XChain: {
    keyFields: false,
    fields: {
      utxos: relayStylePagination(['addresses', 'sourceChain']),
    },
  },
  XChainAsset: {
    fields: {
      transactions: relayStylePagination(['txTypes', 'startTimestamp', 'endTimestamp']),
    },
  },
  XChainAssetBalance: {
    keyFields: false,
  },
  XChainBalance: {
    keyFields: false,
  },
  XChainBalanceUtxo: {
    keyFields: false,
  },
  XChainLegacyBalance: {
    keyFields: false,
  },
  XChainTransactionConnection: {
    keyFields: false,
  },
  XChainTransactionEdge: {
    keyFields: false,
  },
  XChainTxFee: {
    keyFields: false,
  },
  XChainVertexAtHeightConnection: {
    keyFields: false,
  },
  XChainVertexAtHeightEdge: {
    keyFields: false,
  },
  XChainVertexConnection: {
    keyFields: false,
  },
  XChainVertexEdge: {
    keyFields: false,
  },
};
