/**
 * Wire types of the Data API: the types openapi-typescript generates from its OpenAPI document
 * (./data-api/openapi.d.ts, from test/upstream/data-api.glacier.openapi.json; `npm run codegen`),
 * named here. Where the upstream sends more than the spec says, a type below says how and why.
 * These stay in the upstream layer: the graph has its own types.
 */
import type { components, operations } from './data-api/openapi.js';

type Schemas = components['schemas'];

/** The JSON a successful call of an operation answers (200, or 201 for signature aggregation). */
export type Answer<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : never
  : never;

/**
 * The values of a spec enum as a list the code can walk. The compiler checks the list both
 * ways: a value the spec lacks is refused, and so is a list that misses one of the spec's.
 */
export function enumValues<T extends string>() {
  return <const V extends readonly T[]>(
    values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> }),
  ): V => values;
}

/**
 * A `oneOf` of shapes read as one shape: every field of any of them, optional where a shape lacks
 * it. The graph reads contracts and ICM messages this way and tells the shapes apart by
 * `ercType` and `status`.
 */
type AllKeys<U> = U extends unknown ? keyof U : never;
type ValueOf<U, K extends PropertyKey> = U extends { [P in K]?: infer V } ? V : never;
type Shared<U, K extends keyof U = keyof U> = { [P in K]: U[P] };
export type Flat<U> = Shared<U> & { [K in Exclude<AllKeys<U>, keyof U>]?: ValueOf<U, K> };

export type WireNetwork = Schemas['Network'];
export type SortOrder = Schemas['SortOrder'];
export type CurrencyCode = Schemas['CurrencyCode'];
export type PrimaryNetworkTxType = Schemas['PrimaryNetworkTxType'];
export const PRIMARY_NETWORK_TX_TYPES = enumValues<PrimaryNetworkTxType>()([
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
]);

/** The chain path values the Primary Network endpoints take. */
export type PrimaryChainAlias = Schemas['PrimaryNetworkChainName'];

export type Money = Schemas['Money'];
export type AssetAmount = Schemas['AssetAmount'];
export type BalanceOwner = Schemas['BalanceOwner'];
export type SubnetOwnershipInfo = Schemas['SubnetOwnershipInfo'];
export type L1ValidatorManagerDetails = Schemas['L1ValidatorManagerDetails'];
export type BlsCredentials = Schemas['BlsCredentials'];
export type EvmGenesisAllowListConfig = Schemas['EvmGenesisAllowListConfigDto'];
export type EvmGenesisConfig = Schemas['EvmGenesisConfigDto'];
export type EvmGenesisAlloc = Schemas['EvmGenesisAllocDto'];
export type EvmGenesis = Schemas['EvmGenesisDto'];
export type Blockchain = Schemas['Blockchain'];
export type Subnet = Schemas['Subnet'];
export type ListSubnetsResponse = Answer<'listSubnets'>;

/**
 * The spec types an L1 validator's `blsCredentials` as an object without properties; the
 * upstream sends `publicKey` and `proofOfPossession` in it when it knows them.
 */
type WithBlsCredentials<T> = Omit<T, 'blsCredentials'> & { blsCredentials: Partial<BlsCredentials> & Record<string, unknown> };
export type L1Validator = WithBlsCredentials<Schemas['L1ValidatorDetailsFull']>;
export type ListL1ValidatorsResponse = Omit<Answer<'listL1Validators'>, 'validators'> & { validators: L1Validator[] };

export type UtxoCredential = Schemas['UtxoCredential'];
/** A UTXO as the P-Chain listing returns it. */
export type PChainUtxo = Schemas['PChainUtxo'];
/** A UTXO as the X-Chain and C-Chain listings return it. */
export type XChainUtxo = Schemas['Utxo'];

/** Optional in a transaction, with the same `blsCredentials` as an L1 validator's (see above). */
export type L1ValidatorDetailsTransaction = Omit<Schemas['L1ValidatorDetailsTransaction'], 'blsCredentials'> &
  Partial<Pick<L1Validator, 'blsCredentials'>>;
export type BlockchainInfo = Schemas['BlockchainInfo'];
export type PChainTransaction = Omit<Schemas['PChainTransaction'], 'l1ValidatorDetails'> & {
  l1ValidatorDetails?: L1ValidatorDetailsTransaction[];
};
export type XChainAssetDetails = Schemas['XChainAssetDetails'];
export type TransactionVertexDetail = Schemas['TransactionVertexDetail'];
/**
 * The spec writes `chainFormat: 'non-linear' | 'linear'` on both X-Chain shapes; the upstream
 * sends the one that names the shape, so the code may tell them apart by it.
 */
export type XChainNonLinearTransaction = Schemas['XChainNonLinearTransaction'] & { chainFormat: 'non-linear' };
export type XChainLinearTransaction = Schemas['XChainLinearTransaction'] & { chainFormat: 'linear' };
export type XChainTransaction = XChainNonLinearTransaction | XChainLinearTransaction;
export type EvmInput = Schemas['EVMInput'];
export type EvmOutput = Schemas['EVMOutput'];
export type CChainExportTransaction = Schemas['CChainExportTransaction'];
export type CChainImportTransaction = Schemas['CChainImportTransaction'];
export type CChainAtomicTransaction = CChainExportTransaction | CChainImportTransaction;
export type PrimaryNetworkTransaction = PChainTransaction | XChainTransaction | CChainAtomicTransaction;

export type PrimaryNetworkChainInfo = Schemas['PrimaryNetworkChainInfo'];
/** One chain's answer of listLatestPrimaryNetworkTransactions (the spec lists the three as oneOf). */
export interface ListTransactionsResponse<T> {
  nextPageToken?: string;
  transactions: T[];
  chainInfo: PrimaryNetworkChainInfo;
}

export type HistoricalReward = Schemas['HistoricalReward'];
export type ListHistoricalRewardsResponse = Answer<'listHistoricalPrimaryNetworkRewards'>;
export type XChainVertex = Schemas['XChainVertex'];
export type ListXChainVerticesResponse = Answer<'listLatestXChainVertices'>;
export type ChainAddressChainIdMapListResponse = Answer<'getChainIdsForAddresses'>;

// --- EVM chains ------------------------------------------------------------------------------

export type EvmTransactionStatus = Schemas['TransactionStatus'];
export type TransactionMethodType = Schemas['TransactionMethodType'];
export type InternalTransactionOpCall = Schemas['InternalTransactionOpCall'];
export const INTERNAL_TX_TYPES = enumValues<InternalTransactionOpCall>()([
  'UNKNOWN',
  'CALL',
  'CREATE',
  'CREATE2',
  'CREATE3',
  'CALLCODE',
  'DELEGATECALL',
  'STATICCALL',
]);
export type NftTokenMetadataStatus = Schemas['NftTokenMetadataStatus'];
export const NFT_METADATA_STATUSES = enumValues<NftTokenMetadataStatus>()([
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
]);
export type ResourceLinkType = Schemas['ResourceLinkType'];
export const RESOURCE_LINK_TYPES = enumValues<ResourceLinkType>()([
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
]);
export type ErcType = ContractMetadata['ercType'];

export type RichAddress = Schemas['RichAddress'];
export type NativeTransaction = Schemas['NativeTransaction'];
export type ListNativeTransactionsResponse = Answer<'listLatestTransactions'>;
export type Erc20Token = Schemas['Erc20Token'];
export type Erc20Transfer = Schemas['Erc20Transfer'];
export type ListErc20TransactionsResponse = Answer<'listErc20Transactions'>;
export type InternalTransaction = Schemas['InternalTransaction'];
export type ListInternalTransactionsResponse = Answer<'listInternalTransactions'>;
export type NativeTokenBalance = Schemas['NativeTokenBalance'];
export type GetNativeBalanceResponse = Answer<'getNativeBalance'>;
export type Erc721TokenBalance = Schemas['Erc721TokenBalance'];
export type Erc1155TokenBalance = Schemas['Erc1155TokenBalance'];
export type CollectibleBalance = Erc721TokenBalance | Erc1155TokenBalance;
export type NftMetadata = Flat<Schemas['Erc721TokenMetadata'] | Schemas['Erc1155TokenMetadata']>;
export type ListCollectibleBalancesResponse = Answer<'listCollectibleBalances'>;
/** The four contract shapes of the spec (ERC-20, ERC-721, ERC-1155, unknown) as one (see `Flat`). */
export type ContractMetadata = Flat<Answer<'getContractMetadata'>>;

// --- Interchain messaging --------------------------------------------------------------------

/** The three message shapes of the spec (pending, delivered, delivered without its source indexed) as one (see `Flat`). */
export type IcmMessage = Flat<Answer<'listIcmMessages'>['messages'][number]>;
export type IcmStatus = IcmMessage['status'];
export type ListIcmMessagesResponse = Omit<Answer<'listIcmMessages'>, 'messages'> & { messages: IcmMessage[] };

// --- Signature aggregation -------------------------------------------------------------------

export type SignatureAggregatorRequest = Schemas['SignatureAggregatorRequest'];
export type SignatureAggregationResponse = Answer<'aggregateSignatures'>;

// --- Metrics API -----------------------------------------------------------------------------

/** GET /v1/avg_tps/{chainId}: the legacy route of the usage guide, which the Metrics spec does not have. */
export interface AverageTpsResponse {
  results: { timestamp: number; value: number }[];
  status: number;
  lastRun: number;
  nextPageToken?: string;
}
