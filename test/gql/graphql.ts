/* eslint-disable */
import type { AvalancheAddress } from '../../schema/scalars.js';
import type { DecimalInput } from '../../schema/scalars.js';
import type { DecimalString } from '../../schema/scalars.js';
import type { CB58Id } from '../../schema/scalars.js';
import type { EvmHexAddress } from '../../schema/scalars.js';
import type { JsonValue } from '../../schema/scalars.js';
import type { NodeID } from '../../schema/scalars.js';
import type { SafeInt } from '../../schema/scalars.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An X-/P-Chain address in bech32 with the network's prefix, optionally preceded by its chain: "avax1…", "P-avax1…", "X-fuji1…". Where a field says so, a 0x EVM address is accepted too (C-Chain atomic transactions). */
  AvalancheAddress: { input: AvalancheAddress; output: AvalancheAddress; }
  /** An integer of any size as a decimal string, e.g. "365865167637779183". Amounts (in the asset's smallest unit, nAVAX for AVAX), weights and heights use it so no digit is ever rounded. As input, at most 78 digits (2^256 - 1 has 78); a field may bound it further. */
  BigInt: { input: DecimalInput; output: DecimalString; }
  /** A 32-byte Avalanche id in cb58 (base58 with a 4-byte checksum): a subnet, blockchain, transaction, validation or asset id, e.g. "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM". The checksum is verified, so a mistyped id is refused before any call. */
  CB58Id: { input: CB58Id; output: CB58Id; }
  /** A 20-byte EVM address, "0x" and 40 hex digits, in any letter case, e.g. "0x71C7656EC7ab88b098defB751B7401B5f6d8976F". */
  EvmHexAddress: { input: EvmHexAddress; output: EvmHexAddress; }
  /** Any JSON value, passed through as the node wrote it: used where the node's answer has no fixed shape (a health check's message, a transaction body that depends on its type). Integers too wide for a JSON number arrive as strings. Output only: no argument takes it. */
  JSON: { input: JsonValue; output: JsonValue; }
  /** A node id: "NodeID-" followed by 20 bytes in cb58, e.g. "NodeID-111111111111111111116DBWJs". */
  NodeID: { input: NodeID; output: NodeID; }
  /** An integer that JSON numbers carry exactly (up to 2^53 - 1), such as a Unix timestamp in seconds or an EVM chain id; wider than GraphQL's 32-bit Int. */
  SafeInt: { input: SafeInt; output: SafeInt; }
  /** A 64-bit unsigned integer as a decimal string (or a JSON number up to 2^53 - 1 in variables), e.g. "1200": a height or position on the node, from 0 to 18446744073709551615. */
  Uint64: { input: DecimalInput; output: DecimalString; }
};

/** What to sign and by whom. Give `message`, `justification`, or both. */
export type AggregateSignaturesInput = {
  /** Data that justifies signing, hex-encoded (optionally 0x-prefixed). */
  justification?: InputMaybe<Scalars['String']['input']>;
  /** The unsigned Warp message, hex-encoded (optionally 0x-prefixed). */
  message?: InputMaybe<Scalars['String']['input']>;
  /** P-Chain height whose validators sign; 0 for the proposed height. */
  pChainHeight?: InputMaybe<Scalars['SafeInt']['input']>;
  /** Percent of the signing subnet's weight that must sign: 0 to 100. */
  quorumPercentage?: InputMaybe<Scalars['Int']['input']>;
  /** Extra percent of weight to try to collect: 0 to 100, and quorumPercentage + quorumPercentageBuffer at most 100. More takes longer but keeps the signature valid through weight changes. */
  quorumPercentageBuffer?: InputMaybe<Scalars['Int']['input']>;
  /** The subnet whose validators sign, hex (32 bytes) or cb58; default: the subnet of the source blockchain. */
  signingSubnetId?: InputMaybe<Scalars['String']['input']>;
};

/** A chain that exports to the X-Chain through shared memory. */
export type AtomicSourceChain =
  /** The Contract Chain. */
  | 'C_CHAIN'
  /** The Platform Chain. */
  | 'P_CHAIN';

/** What the node knows of a transaction (avm.getTxStatus). */
export type AvmTxStatus =
  /** Accepted, or will be, by every node. */
  | 'ACCEPTED'
  /** Being voted on by this node. */
  | 'PROCESSING'
  /** Will never be accepted. */
  | 'REJECTED'
  /** This node has not seen it. */
  | 'UNKNOWN';

/** What the node knows of a blockchain (platform.getBlockchainStatus). */
export type BlockchainStatus =
  /** It exists, but this node does not validate it. */
  | 'CREATED'
  /** Proposed and likely to be created; its transaction is not accepted yet. */
  | 'PREFERRED'
  /** This node follows it without validating. */
  | 'SYNCING'
  /** Not proposed, or its proposal is not preferred (it may be submitted again). */
  | 'UNKNOWN'
  /** This node validates it. */
  | 'VALIDATING';

/** A fiat currency for prices. */
export type Currency =
  /** Australian dollar */
  | 'AUD'
  /** Canadian dollar */
  | 'CAD'
  /** Swiss franc */
  | 'CHF'
  /** Chilean peso */
  | 'CLP'
  /** Chinese yuan */
  | 'CNY'
  /** Czech koruna */
  | 'CZK'
  /** Danish krone */
  | 'DKK'
  /** Euro */
  | 'EUR'
  /** Pound sterling */
  | 'GBP'
  /** Hong Kong dollar */
  | 'HKD'
  /** Hungarian forint */
  | 'HUF'
  /** Japanese yen */
  | 'JPY'
  /** New Zealand dollar */
  | 'NZD'
  /** US dollar */
  | 'USD';

/** The token standard a contract implements. */
export type ErcType =
  /** Fungible token. */
  | 'ERC_20'
  /** Non-fungible token. */
  | 'ERC_721'
  /** Multi-token. */
  | 'ERC_1155'
  /** Not a token standard the Data API recognises. */
  | 'UNKNOWN';

/** What kind of call a transaction makes. */
export type EvmCallType =
  /** A call to a contract. */
  | 'CONTRACT_CALL'
  /** A contract deployment. */
  | 'CONTRACT_CREATION'
  /** A plain transfer of the native token. */
  | 'NATIVE_TRANSFER';

/** Whether an EVM transaction succeeded. */
export type EvmTransactionStatus =
  /** It reverted; only its gas was spent. */
  | 'FAILED'
  /** It executed. */
  | 'SUCCESS';

/** Which end of a message a chain is. */
export type IcmChainRole =
  /** Messages sent to the chain. */
  | 'DESTINATION'
  /** Both. */
  | 'EITHER'
  /** Messages sent from the chain. */
  | 'SOURCE';

/** Where a message is on its way. */
export type IcmMessageStatus =
  /** Delivered to the destination chain. */
  | 'DELIVERED'
  /** Delivered; its source chain is not indexed, so the sending transaction is unknown. */
  | 'DELIVERED_SOURCE_NOT_INDEXED'
  /** Sent, not yet delivered. */
  | 'PENDING';

/** The indexes a node keeps (with --index-enabled). */
export type IndexName =
  /** C-Chain blocks. */
  | 'C_BLOCK'
  /** P-Chain blocks. */
  | 'P_BLOCK'
  /** X-Chain blocks (since Cortina). */
  | 'X_BLOCK'
  /** X-Chain transactions. */
  | 'X_TX'
  /** X-Chain DAG vertices, from before Cortina. */
  | 'X_VTX';

/** The EVM operation of an internal transaction. */
export type InternalTransactionType =
  /** A CALL operation. */
  | 'CALL'
  /** A CALLCODE operation. */
  | 'CALLCODE'
  /** A CREATE operation. */
  | 'CREATE'
  /** A CREATE2 operation. */
  | 'CREATE2'
  /** A CREATE3 operation. */
  | 'CREATE3'
  /** A DELEGATECALL operation. */
  | 'DELEGATECALL'
  /** A STATICCALL operation. */
  | 'STATICCALL'
  /** Not classified. */
  | 'UNKNOWN';

/** avalanchego's log levels, from quietest to loudest. */
export type LogLevel =
  /** Debugging detail. */
  | 'DEBUG'
  /** Errors. */
  | 'ERROR'
  /** Failures the node cannot survive. */
  | 'FATAL'
  /** The default. */
  | 'INFO'
  /** Nothing. */
  | 'OFF'
  /** Traces of operations. */
  | 'TRACE'
  /** Everything. */
  | 'VERBO'
  /** Warnings. */
  | 'WARN';

/** An Avalanche network. Answers always name the test network FUJI. */
export type NetworkName =
  /** The Fuji test network. */
  | 'FUJI'
  /** Avalanche mainnet. */
  | 'MAINNET'
  /** Another name of FUJI, accepted as the Data API accepts it. */
  | 'TESTNET';

/** How far the Data API got reading a token's metadata. */
export type NftIndexStatus =
  /** Read and indexed. */
  | 'INDEXED'
  /** Not indexed: invalid metadata. */
  | 'INVALID_METADATA'
  /** Not indexed: invalid metadata json. */
  | 'INVALID_METADATA_JSON'
  /** Not indexed: invalid token uri. */
  | 'INVALID_TOKEN_URI'
  /** Not indexed: invalid token uri scheme. */
  | 'INVALID_TOKEN_URI_SCHEME'
  /** Not indexed: metadata content too large. */
  | 'METADATA_CONTENT_TOO_LARGE'
  /** Not indexed: missing token. */
  | 'MISSING_TOKEN'
  /** Not indexed: throttled token uri. */
  | 'THROTTLED_TOKEN_URI'
  /** Not indexed: unindexed. */
  | 'UNINDEXED'
  /** Not indexed: unknown. */
  | 'UNKNOWN'
  /** Not indexed: unreachable token uri. */
  | 'UNREACHABLE_TOKEN_URI';

/** Whether more of an asset can be minted. */
export type PrimaryNetworkAssetCap =
  /** The supply was fixed at creation. */
  | 'FIXED'
  /** Minters can create more. */
  | 'VARIABLE';

/** The kind of an X-Chain asset. */
export type PrimaryNetworkAssetType =
  /** A non-fungible asset. */
  | 'NFT'
  /** A fungible asset. */
  | 'SECP256K1';

/** One of the three chains of the Primary Network. */
export type PrimaryNetworkChain =
  /** The Contract Chain; here, its atomic import/export transactions. */
  | 'C_CHAIN'
  /** The Platform Chain: validators, subnets, L1s, staking. */
  | 'P_CHAIN'
  /** The Exchange Chain: assets and transfers (UTXO). */
  | 'X_CHAIN';

/** Transaction types of the Primary Network chains, as the Data API names them. */
export type PrimaryNetworkTxType =
  /** Delegates stake to a Primary Network validator (before Durango). */
  | 'AddDelegatorTx'
  /** Delegates stake to a permissionless validator. */
  | 'AddPermissionlessDelegatorTx'
  /** Adds a validator to the Primary Network or an elastic subnet. */
  | 'AddPermissionlessValidatorTx'
  /** Adds a validator to a permissioned subnet. */
  | 'AddSubnetValidatorTx'
  /** Adds a Primary Network validator (before Durango; now AddPermissionlessValidatorTx). */
  | 'AddValidatorTx'
  /** Advanced the P-Chain clock (before Banff). */
  | 'AdvanceTimeTx'
  /** Transfers assets. */
  | 'BaseTx'
  /** Converts a subnet to an L1, with its first validators and manager contract. */
  | 'ConvertSubnetToL1Tx'
  /** Creates an X-Chain asset. */
  | 'CreateAssetTx'
  /** Creates a blockchain on a subnet. */
  | 'CreateChainTx'
  /** Creates a subnet. */
  | 'CreateSubnetTx'
  /** Disables an L1 validator and returns its remaining balance. */
  | 'DisableL1ValidatorTx'
  /** Exports value to another chain. */
  | 'ExportTx'
  /** Imports value that another chain exported. */
  | 'ImportTx'
  /** Tops up an L1 validator's balance for the continuous fee. */
  | 'IncreaseL1ValidatorBalanceTx'
  /** Operates on X-Chain assets, e.g. moves or mints NFTs. */
  | 'OperationTx'
  /** Adds a validator to an L1. */
  | 'RegisterL1ValidatorTx'
  /** Removes a validator from a permissioned subnet. */
  | 'RemoveSubnetValidatorTx'
  /** Ends a stake, returns it and pays its reward. */
  | 'RewardValidatorTx'
  /** Changes an L1 validator's weight; 0 removes it. */
  | 'SetL1ValidatorWeightTx'
  /** Changes a subnet's owners. */
  | 'TransferSubnetOwnershipTx'
  /** Turned a permissioned subnet into an elastic one. */
  | 'TransformSubnetTx'
  /** A type the Data API does not classify. */
  | 'UNKNOWN';

/** Where a resource link points. */
export type ResourceLinkType =
  /** A Blog page. */
  | 'Blog'
  /** A CoinGecko page. */
  | 'CoinGecko'
  /** A CoinMarketCap page. */
  | 'CoinMarketCap'
  /** A Discord page. */
  | 'Discord'
  /** A Documentation page. */
  | 'Documentation'
  /** A Facebook page. */
  | 'Facebook'
  /** A Github page. */
  | 'Github'
  /** A Instagram page. */
  | 'Instagram'
  /** A LinkedIn page. */
  | 'LinkedIn'
  /** A Medium page. */
  | 'Medium'
  /** A Reddit page. */
  | 'Reddit'
  /** A Support page. */
  | 'Support'
  /** A Telegram page. */
  | 'Telegram'
  /** A TikTok page. */
  | 'TikTok'
  /** A Twitter page. */
  | 'Twitter'
  /** A Website page. */
  | 'Website'
  /** A Whitepaper page. */
  | 'Whitepaper'
  /** A Youtube page. */
  | 'Youtube';

/** Why a staking reward was paid. */
export type RewardType =
  /** To a delegator for its delegated stake. */
  | 'DELEGATOR'
  /** To a validator for its own stake. */
  | 'VALIDATOR'
  /** To a validator: its fee on a delegator's reward. */
  | 'VALIDATOR_FEE';

/** Order by timestamp. */
export type SortOrder =
  /** Oldest first. */
  | 'ASC'
  /** Newest first. */
  | 'DESC';

/** How the X-Chain ordered a transaction. */
export type XChainFormat =
  /** In linear blocks, since the Cortina upgrade. */
  | 'LINEAR'
  /** In DAG vertices, before the Cortina upgrade. */
  | 'NON_LINEAR';

export type SubnetToIcmQueryVariables = Exact<{
  subnetId: Scalars['CB58Id']['input'];
}>;


export type SubnetToIcmQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnet?: { __typename?: 'Subnet', blockchains: Array<{ __typename?: 'Blockchain', blockchainId: string, evm?: { __typename?: 'EvmChain', evmChainId: SafeInt, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null, transactions?: { __typename?: 'EvmTransactionConnection', nodes: Array<{ __typename?: 'EvmTransaction', txHash: string, from: { __typename?: 'EvmParty', address: string, contract?:
                  | { __typename?: 'Erc20Contract', name?: string | null }
                  | { __typename?: 'Erc721Contract', name?: string | null }
                  | { __typename?: 'Erc1155Contract', name?: string | null }
                  | { __typename?: 'UnknownContract', name?: string | null }
                 | null }, to: { __typename?: 'EvmParty', address: string, contract?:
                  | { __typename: 'Erc20Contract', decimals?: number | null, name?: string | null, ercType: ErcType, tags: Array<string>, pricingProviders?: { __typename?: 'PricingProviders', coingeckoCoinId?: string | null } | null, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }>, deploymentDetails?: { __typename?: 'ContractDeployment', txHash: string, deployerAddress: string, deployer: { __typename?: 'EvmAddress', address: string } } | null }
                  | { __typename: 'Erc721Contract', name?: string | null, ercType: ErcType, tags: Array<string>, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }>, deploymentDetails?: { __typename?: 'ContractDeployment', txHash: string, deployerAddress: string, deployer: { __typename?: 'EvmAddress', address: string } } | null }
                  | { __typename: 'Erc1155Contract', name?: string | null, ercType: ErcType, tags: Array<string>, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }>, deploymentDetails?: { __typename?: 'ContractDeployment', txHash: string, deployerAddress: string, deployer: { __typename?: 'EvmAddress', address: string } } | null }
                  | { __typename: 'UnknownContract', name?: string | null, ercType: ErcType, tags: Array<string>, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }>, deploymentDetails?: { __typename?: 'ContractDeployment', txHash: string, deployerAddress: string, deployer: { __typename?: 'EvmAddress', address: string } } | null }
                 | null } }> } | null, icmMessages?: { __typename?: 'IcmMessageConnection', nodes: Array<{ __typename?: 'IcmMessage', messageId: string, status?: IcmMessageStatus | null, sourceBlockchain?: { __typename?: 'Blockchain', blockchainName: string } | null, destinationBlockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> } | null } | null }> } | null } };

export type ChainTxsQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<EvmTransactionStatus>;
}>;


export type ChainTxsQuery = { __typename?: 'Query', network: { __typename?: 'Network', evmChain?: { __typename?: 'EvmChain', transactions?: { __typename?: 'EvmTransactionConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'EvmTransaction', txHash: string, status?: EvmTransactionStatus | null, method?: { __typename?: 'EvmMethod', callType?: EvmCallType | null } | null }> } | null } | null } };

export type FilterL1ValidatorsQueryVariables = Exact<{
  validationId?: InputMaybe<Scalars['CB58Id']['input']>;
  nodeId?: InputMaybe<Scalars['NodeID']['input']>;
  subnetId?: InputMaybe<Scalars['CB58Id']['input']>;
  includeInactive?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type FilterL1ValidatorsQuery = { __typename?: 'Query', network: { __typename?: 'Network', l1Validators?: { __typename?: 'L1ValidatorConnection', nodes: Array<{ __typename?: 'L1Validator', validationId: string, nodeId: string, subnetId: string, weight: DecimalString }> } | null } };

export type FilterTransactionsQueryVariables = Exact<{
  chain: PrimaryNetworkChain;
  addresses?: InputMaybe<Array<Scalars['AvalancheAddress']['input']> | Scalars['AvalancheAddress']['input']>;
  txTypes?: InputMaybe<Array<PrimaryNetworkTxType> | PrimaryNetworkTxType>;
  startTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  endTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  l1ValidationId?: InputMaybe<Scalars['CB58Id']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
}>;


export type FilterTransactionsQuery = { __typename?: 'Query', network: { __typename?: 'Network', transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
        | { __typename?: 'CChainAtomicTransaction', txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
        | { __typename?: 'PChainTransaction', txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
        | { __typename?: 'XChainTransaction', txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
      > } | null } };

export type NestedSubnetsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type NestedSubnetsQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnets?: { __typename?: 'SubnetConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean }, nodes: Array<{ __typename?: 'Subnet', subnetId: string, isL1: boolean, blockchains: Array<{ __typename?: 'Blockchain', blockchainId: string, blockchainName: string, evmChainId?: SafeInt | null, encodedGenesis?: string | null, subnet?: { __typename?: 'Subnet', subnetId: string } | null, genesisData?: { __typename?: 'EvmGenesis', gasLimit?: string | null, timestamp?: string | null, baseFeePerGas?: DecimalString | null, config?: { __typename?: 'EvmGenesisConfig', chainId?: SafeInt | null, londonBlock?: SafeInt | null, feeConfig?: { __typename?: 'EvmFeeConfig', gasLimit?: SafeInt | null, minBaseFee?: SafeInt | null, targetGas?: SafeInt | null } | null, warpConfig?: { __typename?: 'WarpConfig', quorumNumerator?: SafeInt | null, requirePrimaryNetworkSigners?: boolean | null } | null, contractDeployerAllowListConfig?: { __typename?: 'PrecompileAllowListConfig', adminAddresses?: Array<string> | null, managerAddresses?: Array<string> | null, enabledAddresses?: Array<string> | null, blockTimestamp?: SafeInt | null } | null } | null, alloc?: Array<{ __typename?: 'GenesisAccount', address: string, balance?: string | null, code?: string | null, storage?: Array<{ __typename?: 'StorageSlot', slot: string, value: string }> | null }> | null } | null }>, l1Validators?: { __typename?: 'L1ValidatorConnection', blockHeight?: DecimalString | null, nodes: Array<{ __typename?: 'L1Validator', validationId: string, nodeId: string, weight: DecimalString, remainingBalance: DecimalString, subnet?: { __typename?: 'Subnet', subnetId: string } | null }> } | null }> } | null } };

export type TxUtxoAddressesQueryVariables = Exact<{
  chain: PrimaryNetworkChain;
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TxUtxoAddressesQuery = { __typename?: 'Query', network: { __typename?: 'Network', transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
        | { __typename?: 'CChainAtomicTransaction', txHash: string, txType: PrimaryNetworkTxType, consumedUtxos: Array<{ __typename?: 'Utxo', utxoId: string, amount: DecimalString, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', blockchainId: string, primaryChain?: PrimaryNetworkChain | null, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> | null }> }>, emittedUtxos: Array<{ __typename?: 'Utxo', utxoId: string, amount: DecimalString, asset: { __typename?: 'AssetAmount', symbol: string, denomination: number, amount: DecimalString }, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', blockchainId: string, primaryChain?: PrimaryNetworkChain | null }> | null }> }> }
        | { __typename?: 'PChainTransaction', txHash: string, txType: PrimaryNetworkTxType, consumedUtxos: Array<{ __typename?: 'Utxo', utxoId: string, amount: DecimalString, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', blockchainId: string, primaryChain?: PrimaryNetworkChain | null, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> | null }> }>, emittedUtxos: Array<{ __typename?: 'Utxo', utxoId: string, amount: DecimalString, asset: { __typename?: 'AssetAmount', symbol: string, denomination: number, amount: DecimalString }, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', blockchainId: string, primaryChain?: PrimaryNetworkChain | null }> | null }> }> }
        | { __typename?: 'XChainTransaction', txHash: string, txType: PrimaryNetworkTxType, consumedUtxos: Array<{ __typename?: 'Utxo', utxoId: string, amount: DecimalString, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', blockchainId: string, primaryChain?: PrimaryNetworkChain | null, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> | null }> }>, emittedUtxos: Array<{ __typename?: 'Utxo', utxoId: string, amount: DecimalString, asset: { __typename?: 'AssetAmount', symbol: string, denomination: number, amount: DecimalString }, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', blockchainId: string, primaryChain?: PrimaryNetworkChain | null }> | null }> }> }
      > } | null } };

export type NodeHeadlineQueryVariables = Exact<{
  subnetId: Scalars['CB58Id']['input'];
}>;


export type NodeHeadlineQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnet?: { __typename?: 'Subnet', subnetId: string, currentValidators?: Array<{ __typename?: 'PChainValidator', nodeId: string, validationId?: string | null, weight: DecimalString, balance?: DecimalString | null, remainingBalanceOwner?: { __typename?: 'OutputOwners', threshold: number, addresses: Array<{ __typename?: 'Address', address: string }> } | null }> | null, blockchains: Array<{ __typename?: 'Blockchain', blockchainId: string, vmId: string, status?: BlockchainStatus | null, feeConfig?: { __typename?: 'FeeConfig', gasLimit: DecimalString, minBaseFee: DecimalString, targetGas: DecimalString, lastChangedAt?: DecimalString | null } | null, chainConfig?: { __typename?: 'ChainConfig', chainId?: SafeInt | null, precompileUpgrades: Array<{ __typename?: 'PrecompileConfig', name: string, blockTimestamp?: SafeInt | null, disable: boolean }> } | null, validators?: Array<{ __typename?: 'ChainValidator', nodeId: string, validationId: string, weight: DecimalString, uptimePercentage: number, isActive: boolean, isL1Validator: boolean }> | null }> } | null } };

export type NodeIdsQueryVariables = Exact<{
  address: Scalars['AvalancheAddress']['input'];
}>;


export type NodeIdsQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnets?: { __typename?: 'SubnetConnection', nodes: Array<{ __typename?: 'Subnet', id: string, subnetId: string, blockchains: Array<{ __typename?: 'Blockchain', id: string, blockchainId: string }>, l1Validators?: { __typename?: 'L1ValidatorConnection', nodes: Array<{ __typename?: 'L1Validator', id: string, validationId: string }> } | null }> } | null, p?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
        | { __typename?: 'CChainAtomicTransaction', id: string, txHash: string }
        | { __typename?: 'PChainTransaction', id: string, txHash: string }
        | { __typename?: 'XChainTransaction', id: string, txHash: string }
      > } | null, x?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
        | { __typename?: 'CChainAtomicTransaction', id: string, txHash: string }
        | { __typename?: 'PChainTransaction', id: string, txHash: string }
        | { __typename?: 'XChainTransaction', id: string, txHash: string }
      > } | null, c?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
        | { __typename?: 'CChainAtomicTransaction', id: string, txHash: string }
        | { __typename?: 'PChainTransaction', id: string, txHash: string }
        | { __typename?: 'XChainTransaction', id: string, txHash: string }
      > } | null, address: { __typename?: 'Address', id: string, address: string } } };

export type RefetchQueryVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type RefetchQuery = { __typename?: 'Query', nodes: Array<
    | { __typename: 'Address', address: string, network: NetworkName, id: string }
    | { __typename: 'Blockchain', blockchainId: string, blockchainName: string, id: string, subnet?: { __typename?: 'Subnet', subnetId: string } | null }
    | { __typename: 'CChainAtomicTransaction', txHash: string, chain: PrimaryNetworkChain, txType: PrimaryNetworkTxType, id: string }
    | { __typename: 'EvmAddress', id: string }
    | { __typename: 'EvmChain', id: string }
    | { __typename: 'L1Validator', validationId: string, weight: DecimalString, id: string }
    | { __typename: 'PChainTransaction', txHash: string, chain: PrimaryNetworkChain, txType: PrimaryNetworkTxType, id: string }
    | { __typename: 'Subnet', subnetId: string, network: NetworkName, id: string }
    | { __typename: 'XChainTransaction', txHash: string, chain: PrimaryNetworkChain, txType: PrimaryNetworkTxType, id: string }
   | null> };

export type PagingSubnetsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
}>;


export type PagingSubnetsQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnets?: { __typename?: 'SubnetConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null }, edges: Array<{ __typename?: 'SubnetEdge', cursor: string, node: { __typename?: 'Subnet', subnetId: string } }> } | null } };

export type PagingL1ValidatorsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  includeInactive?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type PagingL1ValidatorsQuery = { __typename?: 'Query', network: { __typename?: 'Network', l1Validators?: { __typename?: 'L1ValidatorConnection', blockHeight?: DecimalString | null, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, endCursor?: string | null }, edges: Array<{ __typename?: 'L1ValidatorEdge', cursor: string, node: { __typename?: 'L1Validator', validationId: string } }> } | null } };

export type PagingTransactionsQueryVariables = Exact<{
  chain: PrimaryNetworkChain;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type PagingTransactionsQuery = { __typename?: 'Query', network: { __typename?: 'Network', transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, endCursor?: string | null }, edges: Array<{ __typename?: 'PrimaryNetworkTransactionEdge', cursor: string, node:
          | { __typename?: 'CChainAtomicTransaction', txHash: string }
          | { __typename?: 'PChainTransaction', txHash: string }
          | { __typename?: 'XChainTransaction', txHash: string }
         }> } | null } };


export const SubnetToIcmDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubnetToIcm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subnetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"evm"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"evmChainId"}},{"kind":"Field","name":{"kind":"Name","value":"blockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"contract"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"contract"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ercType"}},{"kind":"Field","name":{"kind":"Name","value":"logoAsset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"imageUri"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resourceLinks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"deploymentDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"deployerAddress"}},{"kind":"Field","name":{"kind":"Name","value":"deployer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Erc20Contract"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"pricingProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"coingeckoCoinId"}}]}}]}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"icmMessages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sourceBlockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"destinationBlockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SubnetToIcmQuery, SubnetToIcmQueryVariables>;
export const ChainTxsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ChainTxs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EvmTransactionStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"evmChain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"evmChainId"},"value":{"kind":"IntValue","value":"43114"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"method"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"callType"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ChainTxsQuery, ChainTxsQueryVariables>;
export const FilterL1ValidatorsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilterL1Validators"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"validationId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"nodeId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"NodeID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeInactive"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"l1Validators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}},{"kind":"Argument","name":{"kind":"Name","value":"validationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"validationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"nodeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"nodeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"subnetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}}},{"kind":"Argument","name":{"kind":"Name","value":"includeInactive"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeInactive"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FilterL1ValidatorsQuery, FilterL1ValidatorsQueryVariables>;
export const FilterTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilterTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chain"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkChain"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"addresses"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AvalancheAddress"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"txTypes"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkTxType"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"startTimestamp"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endTimestamp"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"l1ValidationId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortOrder"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chain"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}},{"kind":"Argument","name":{"kind":"Name","value":"addresses"},"value":{"kind":"Variable","name":{"kind":"Name","value":"addresses"}}},{"kind":"Argument","name":{"kind":"Name","value":"txTypes"},"value":{"kind":"Variable","name":{"kind":"Name","value":"txTypes"}}},{"kind":"Argument","name":{"kind":"Name","value":"startTimestamp"},"value":{"kind":"Variable","name":{"kind":"Name","value":"startTimestamp"}}},{"kind":"Argument","name":{"kind":"Name","value":"endTimestamp"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endTimestamp"}}},{"kind":"Argument","name":{"kind":"Name","value":"l1ValidationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"l1ValidationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortOrder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FilterTransactionsQuery, FilterTransactionsQueryVariables>;
export const NestedSubnetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NestedSubnets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"isL1"}},{"kind":"Field","name":{"kind":"Name","value":"blockchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}},{"kind":"Field","name":{"kind":"Name","value":"evmChainId"}},{"kind":"Field","name":{"kind":"Name","value":"subnet"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"genesisData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"baseFeePerGas"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"londonBlock"}},{"kind":"Field","name":{"kind":"Name","value":"feeConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"minBaseFee"}},{"kind":"Field","name":{"kind":"Name","value":"targetGas"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warpConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quorumNumerator"}},{"kind":"Field","name":{"kind":"Name","value":"requirePrimaryNetworkSigners"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contractDeployerAllowListConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminAddresses"}},{"kind":"Field","name":{"kind":"Name","value":"managerAddresses"}},{"kind":"Field","name":{"kind":"Name","value":"enabledAddresses"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"alloc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"storage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slot"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"encodedGenesis"}}]}},{"kind":"Field","name":{"kind":"Name","value":"l1Validators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockHeight"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"remainingBalance"}},{"kind":"Field","name":{"kind":"Name","value":"subnet"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<NestedSubnetsQuery, NestedSubnetsQueryVariables>;
export const TxUtxoAddressesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TxUtxoAddresses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chain"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkChain"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chain"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"consumedUtxos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"utxoId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"chains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"primaryChain"}},{"kind":"Field","name":{"kind":"Name","value":"blockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"emittedUtxos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"utxoId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"asset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"denomination"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"chains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"primaryChain"}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TxUtxoAddressesQuery, TxUtxoAddressesQueryVariables>;
export const NodeHeadlineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NodeHeadline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subnetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"currentValidators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"remainingBalanceOwner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"blockchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"vmId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"feeConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"minBaseFee"}},{"kind":"Field","name":{"kind":"Name","value":"targetGas"}},{"kind":"Field","name":{"kind":"Name","value":"lastChangedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chainConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"precompileUpgrades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"disable"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"validators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"uptimePercentage"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"isL1Validator"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<NodeHeadlineQuery, NodeHeadlineQueryVariables>;
export const NodeIdsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NodeIds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AvalancheAddress"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"30"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"blockchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"l1Validators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"validationId"}}]}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"p"},"name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"EnumValue","value":"P_CHAIN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"txHash"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"x"},"name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"EnumValue","value":"X_CHAIN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"txHash"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"c"},"name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"EnumValue","value":"C_CHAIN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"txHash"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"address"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"address"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}}]}}]} as unknown as DocumentNode<NodeIdsQuery, NodeIdsQueryVariables>;
export const RefetchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Refetch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Subnet"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"network"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Blockchain"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}},{"kind":"Field","name":{"kind":"Name","value":"subnet"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"L1Validator"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"chain"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Address"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"network"}}]}}]}}]}}]} as unknown as DocumentNode<RefetchQuery, RefetchQueryVariables>;
export const PagingSubnetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PagingSubnets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortOrder"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortOrder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PagingSubnetsQuery, PagingSubnetsQueryVariables>;
export const PagingL1ValidatorsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PagingL1Validators"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeInactive"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"l1Validators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"includeInactive"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeInactive"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockHeight"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validationId"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PagingL1ValidatorsQuery, PagingL1ValidatorsQueryVariables>;
export const PagingTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PagingTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chain"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkChain"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chain"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PagingTransactionsQuery, PagingTransactionsQueryVariables>;