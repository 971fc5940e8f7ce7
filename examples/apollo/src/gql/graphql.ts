/* eslint-disable */
import type { AvalancheAddress } from '../../../scalars.js';
import type { DecimalInput } from '../../../scalars.js';
import type { DecimalString } from '../../../scalars.js';
import type { CB58Id } from '../../../scalars.js';
import type { EvmHexAddress } from '../../../scalars.js';
import type { JsonValue } from '../../../scalars.js';
import type { NodeID } from '../../../scalars.js';
import type { SafeInt } from '../../../scalars.js';
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

/** One condition on addresses. `type` says which fields it takes (its description names them); a field it does not take, or one it needs and lacks, is refused before any call. */
export type AddressCondition = {
  /** The ERC-20 or NFT contract (ERC-20 and NFT conditions). */
  contractAddress?: InputMaybe<Scalars['EvmHexAddress']['input']>;
  /** For NFT conditions, instead of the dates: end of the range, Unix seconds. */
  endTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  /** The EVM chain whose balances or NFTs count (all but the Stars Arena conditions). */
  evmChainId?: InputMaybe<Scalars['SafeInt']['input']>;
  /** First day of the range, YYYY-MM-DD (UTC). */
  firstDate?: InputMaybe<Scalars['String']['input']>;
  /** Your name for the condition (1 to 64 characters, unique in the request): `conditionCounts` reports by it. */
  id: Scalars['String']['input'];
  /** Last day of the range, YYYY-MM-DD (UTC), not before `firstDate`. */
  lastDate?: InputMaybe<Scalars['String']['input']>;
  /** The least balance, in the token's smallest unit (wei for the native token), 0 or more. */
  minBalance?: InputMaybe<Scalars['BigInt']['input']>;
  /** For NFT conditions, instead of the dates: start of the range, Unix seconds. */
  startTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  /** The Stars Arena subject whose keys count (Stars Arena conditions). */
  subjectAddress?: InputMaybe<Scalars['EvmHexAddress']['input']>;
  /** For LATEST_BALANCE: the native token (default) or an ERC-20. */
  tokenType?: InputMaybe<BalanceTokenType>;
  /** What the condition asks. */
  type: AddressConditionType;
};

/** How conditions combine. */
export type AddressConditionOperator =
  /** Addresses that meet every condition. */
  | 'AND'
  /** Addresses that meet at least one. */
  | 'OR';

/** What an address condition asks (the Metrics API composite query types). */
export type AddressConditionType =
  /** Held at least `minBalance` of the ERC-20 `contractAddress` at every moment from `firstDate` to `lastDate`. */
  | 'ALL_TIME_ERC20_BALANCE'
  /** Held at least `minBalance` of the native token at every moment from `firstDate` to `lastDate`. */
  | 'ALL_TIME_NATIVE_BALANCE'
  /** Held an NFT of `contractAddress` throughout the range (`firstDate`/`lastDate`, or `startTimestamp`/`endTimestamp`). */
  | 'ALL_TIME_NFT_HOLDERS'
  /** Held at least `minBalance` keys of the Stars Arena subject `subjectAddress` at every moment of the dates. */
  | 'ALL_TIME_STARS_ARENA_BALANCE'
  /** Held at least `minBalance` of the ERC-20 `contractAddress` at some moment from `firstDate` to `lastDate`. */
  | 'ANY_TIME_ERC20_BALANCE'
  /** Held at least `minBalance` of the native token at some moment from `firstDate` to `lastDate`. */
  | 'ANY_TIME_NATIVE_BALANCE'
  /** Held an NFT of `contractAddress` at some moment of the range (`firstDate`/`lastDate`, or `startTimestamp`/`endTimestamp`). */
  | 'ANY_TIME_NFT_HOLDERS'
  /** Held at least `minBalance` keys of the Stars Arena subject `subjectAddress` at some moment of the dates. */
  | 'ANY_TIME_STARS_ARENA_BALANCE'
  /** Holds at least `minBalance` now, of the native token or (`tokenType: ERC20`) of `contractAddress`. */
  | 'LATEST_BALANCE'
  /** Holds at least `minBalance` keys of the Stars Arena subject `subjectAddress` now. */
  | 'LATEST_BALANCE_STARS_ARENA';

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

/** Data API requests or RPC requests. */
export type ApiRequestType =
  /** Data API requests. */
  | 'DATA'
  /** RPC requests. */
  | 'RPC';

/** What account usage is grouped by. */
export type ApiUsageGroupBy =
  /** The key used. */
  | 'API_KEY_ID'
  /** The chain asked about. */
  | 'CHAIN_ID'
  /** The path asked. */
  | 'REQUEST_PATH'
  /** Data API or RPC. */
  | 'REQUEST_TYPE'
  /** The HTTP status answered. */
  | 'RESPONSE_CODE';

/** How long each usage interval is. */
export type ApiUsageInterval =
  /** A day. */
  | 'DAILY'
  /** An hour. */
  | 'HOURLY'
  /** A minute (account usage only). */
  | 'MINUTE'
  /** A month. */
  | 'MONTHLY'
  /** A week. */
  | 'WEEKLY';

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

/** Which token a latest-balance condition reads. */
export type BalanceTokenType =
  /** An ERC-20 token: give `contractAddress`. */
  | 'ERC20'
  /** The chain's native token. */
  | 'NATIVE';

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

/** A chain that exports to the C-Chain through shared memory. */
export type CChainAtomicSource =
  /** The Platform Chain. */
  | 'P_CHAIN'
  /** The Exchange Chain. */
  | 'X_CHAIN';

/** A new webhook. ADDRESS_ACTIVITY needs `evmChainId` and `addresses` (EVM); PRIMARY_NETWORK_ADDRESS_ACTIVITY needs `network`, `blockchainId`, `primaryNetworkAddresses` and `addressSubEvents` (and `balanceThreshold` with BALANCE_THRESHOLD); VALIDATOR_ACTIVITY needs `network`, `nodeId` or `subnetId` (one), and `validatorSubEvents` (and `l1ValidatorFeeBalanceThreshold` with L1_VALIDATOR_BALANCE_THRESHOLD). A field of another event type is refused. */
export type CreateWebhookInput = {
  /** PRIMARY_NETWORK_ADDRESS_ACTIVITY: what to post about, each once. */
  addressSubEvents?: InputMaybe<Array<WebhookAddressSubEvent>>;
  /** ADDRESS_ACTIVITY: the EVM addresses to watch (1 to 100). */
  addresses?: InputMaybe<Array<Scalars['EvmHexAddress']['input']>>;
  /** PRIMARY_NETWORK_ADDRESS_ACTIVITY with BALANCE_THRESHOLD (needed then, refused otherwise): the balance and its threshold. */
  balanceThreshold?: InputMaybe<WebhookBalanceThresholdInput>;
  /** PRIMARY_NETWORK_ADDRESS_ACTIVITY: the P- or X-Chain. */
  blockchainId?: InputMaybe<Scalars['CB58Id']['input']>;
  /** Its description. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Any event type: only logs with these topics (0x + 64 hex each, at most 100). */
  eventSignatures?: InputMaybe<Array<Scalars['String']['input']>>;
  /** What it watches. */
  eventType: WebhookEventType;
  /** ADDRESS_ACTIVITY: the EVM chain, e.g. 43114. */
  evmChainId?: InputMaybe<Scalars['SafeInt']['input']>;
  /** VALIDATOR_ACTIVITY: post only events of these validators (at most 100); omitted or empty: all. */
  filterNodeIds?: InputMaybe<Array<Scalars['NodeID']['input']>>;
  /** VALIDATOR_ACTIVITY: post only events on these subnets (at most 100); omitted or empty: all. */
  filterSubnetIds?: InputMaybe<Array<Scalars['CB58Id']['input']>>;
  /** ADDRESS_ACTIVITY: include internal transactions (C-Chain only). */
  includeInternalTxs?: InputMaybe<Scalars['Boolean']['input']>;
  /** ADDRESS_ACTIVITY: include logs. */
  includeLogs?: InputMaybe<Scalars['Boolean']['input']>;
  /** VALIDATOR_ACTIVITY with L1_VALIDATOR_BALANCE_THRESHOLD (needed then, refused otherwise): the fee balance in nAVAX below which it posts. */
  l1ValidatorFeeBalanceThreshold?: InputMaybe<Scalars['Uint64']['input']>;
  /** Its name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** PRIMARY_NETWORK_ADDRESS_ACTIVITY and VALIDATOR_ACTIVITY: the network. */
  network?: InputMaybe<NetworkName>;
  /** VALIDATOR_ACTIVITY: the validator to watch. */
  nodeId?: InputMaybe<Scalars['NodeID']['input']>;
  /** PRIMARY_NETWORK_ADDRESS_ACTIVITY: the bech32 addresses to watch (1 to 100). */
  primaryNetworkAddresses?: InputMaybe<Array<Scalars['AvalancheAddress']['input']>>;
  /** VALIDATOR_ACTIVITY: the subnet whose validators to watch. */
  subnetId?: InputMaybe<Scalars['CB58Id']['input']>;
  /** Where it posts: an https:// URL. */
  url: Scalars['String']['input'];
  /** VALIDATOR_ACTIVITY: what to post about, each once. */
  validatorSubEvents?: InputMaybe<Array<WebhookValidatorSubEvent>>;
};

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

/** Which of the Data API's own checks to ask. */
export type DataApiCheck =
  /** Its health check (GET /v1/health-check): what readiness probes. */
  | 'HEALTH'
  /** Its liveness check (GET /v1/live-check): whether its process runs. */
  | 'LIVENESS';

/** Where a delegation is in its life. */
export type DelegationStatus =
  /** Delegating now. */
  | 'ACTIVE'
  /** Its end time has passed. */
  | 'COMPLETED'
  /** Added; its start time has not come. */
  | 'PENDING';

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

/** A feature of the Data API a chain has. */
export type EvmApiFeature =
  /** Its ICM (Teleporter) messages are indexed. */
  | 'ICM'
  /** Its NFTs and their metadata are indexed. */
  | 'NFT_INDEXING'
  /** Webhooks can watch it. */
  | 'WEBHOOKS';

/** A call to run against a block's state without sending it (eth_call, eth_estimateGas). */
export type EvmCallInput = {
  /** The call data, 0x hex (a selector and its arguments), at most 131072 bytes. */
  data?: InputMaybe<Scalars['String']['input']>;
  /** The sender; the zero address when omitted. */
  from?: InputMaybe<Scalars['EvmHexAddress']['input']>;
  /** Gas it may use; the node's cap when omitted. */
  gas?: InputMaybe<Scalars['BigInt']['input']>;
  /** The contract or account called; omitted for a contract creation. */
  to?: InputMaybe<Scalars['EvmHexAddress']['input']>;
  /** Native value sent with it, in wei. */
  value?: InputMaybe<Scalars['BigInt']['input']>;
};

/** What kind of call a transaction makes. */
export type EvmCallType =
  /** A call to a contract. */
  | 'CONTRACT_CALL'
  /** A contract deployment. */
  | 'CONTRACT_CREATION'
  /** A plain transfer of the native token. */
  | 'NATIVE_TRANSFER';

/** A metric of an EVM chain (Metrics API). */
export type EvmChainMetric =
  /** Distinct addresses in the `from` or `to` of a transaction or token transfer during the interval. */
  | 'ACTIVE_ADDRESSES'
  /** Distinct addresses in the `from` of a transaction or token transfer during the interval. */
  | 'ACTIVE_SENDERS'
  /** Average gas price of the receipts that day (wei). DAY only. */
  | 'AVG_GAS_PRICE'
  /** Average gas used per second that day. DAY only. */
  | 'AVG_GPS'
  /** Average transactions per second that day. DAY only. */
  | 'AVG_TPS'
  /** Contracts created during the interval. DAY only. */
  | 'CONTRACTS'
  /** Distinct addresses since genesis, up to 24 hours after the timestamp. DAY only. */
  | 'CUMULATIVE_ADDRESSES'
  /** Contracts created since genesis, up to the timestamp. DAY only. */
  | 'CUMULATIVE_CONTRACTS'
  /** Distinct contract deployers since genesis, up to 24 hours after the timestamp. DAY only. */
  | 'CUMULATIVE_DEPLOYERS'
  /** Transactions since genesis, up to 24 hours after the timestamp. DAY only. */
  | 'CUMULATIVE_TX_COUNT'
  /** Distinct contract deployers during the interval. DAY only. */
  | 'DEPLOYERS'
  /** Transaction fees paid that day: gas used times gas price, over all receipts. DAY only. */
  | 'FEES_PAID'
  /** Gas used by transactions during the interval. */
  | 'GAS_USED'
  /** Highest gas price of a receipt that day (wei). DAY only. */
  | 'MAX_GAS_PRICE'
  /** Highest gas used per second of one block that day. DAY only. */
  | 'MAX_GPS'
  /** Highest transactions per second of one block that day. DAY only. */
  | 'MAX_TPS'
  /** Transactions during the interval. */
  | 'TX_COUNT';

/** A metric of an EVM chain that the Metrics API also gives over rolling windows. */
export type EvmChainRollingWindowMetric =
  /** Distinct active addresses: last hour, day and week only. */
  | 'ACTIVE_ADDRESSES'
  /** Distinct sending addresses: last hour, day and week only. */
  | 'ACTIVE_SENDERS'
  /** Average gas price (wei). */
  | 'AVG_GAS_PRICE'
  /** Average gas used per second. */
  | 'AVG_GPS'
  /** Average transactions per second. */
  | 'AVG_TPS'
  /** Contracts created. */
  | 'CONTRACTS'
  /** Distinct contract deployers. */
  | 'DEPLOYERS'
  /** Transaction fees paid. */
  | 'FEES_PAID'
  /** Gas used. */
  | 'GAS_USED'
  /** Highest gas price (wei). */
  | 'MAX_GAS_PRICE'
  /** Highest gas used per second of one block. */
  | 'MAX_GPS'
  /** Highest transactions per second of one block. */
  | 'MAX_TPS'
  /** Transactions. */
  | 'TX_COUNT';

/** Whether the Data API's nodes of a chain are serving it. */
export type EvmChainStatus =
  /** Serving. */
  | 'OK'
  /** Temporarily not (its validators fell below the stake threshold, say): lookups on it may fail with 503. */
  | 'UNAVAILABLE';

/** Which logs to read (eth_getLogs): a range of at most 2048 blocks, or one block by hash; the emitting contracts; the topics at each position. */
export type EvmLogFilter = {
  /** Only logs of these contracts (at most 100); any when omitted. */
  addresses?: InputMaybe<Array<Scalars['EvmHexAddress']['input']>>;
  /** One block by hash instead of a range (not with `fromBlock`/`toBlock`). */
  blockHash?: InputMaybe<Scalars['String']['input']>;
  /** The first block: "latest" (default), "earliest", "finalized", "safe", "pending" or "accepted", a block number (decimal or 0x hex); "latest" when omitted. */
  fromBlock?: InputMaybe<Scalars['String']['input']>;
  /** The last block, likewise; "latest" when omitted. At most 2047 after `fromBlock`. */
  toBlock?: InputMaybe<Scalars['String']['input']>;
  /** The event's signature hash (topic0): any of these 32-byte hashes (at most 20); any value when omitted or empty. */
  topic0?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Indexed argument 1 (topic1): any of these 32-byte hashes (at most 20); any value when omitted or empty. */
  topic1?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Indexed argument 2 (topic2): any of these 32-byte hashes (at most 20); any value when omitted or empty. */
  topic2?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Indexed argument 3 (topic3): any of these 32-byte hashes (at most 20); any value when omitted or empty. */
  topic3?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Where a submitted EVM transaction stands. */
export type EvmSubmissionStatus =
  /** Never to be mined: another transaction of its sender used its nonce (replaced, or overtaken). */
  | 'DROPPED'
  /** In an accepted block: its `receipt` says whether it succeeded. */
  | 'MINED'
  /** In no block yet: in a pool, or lost from every pool while its nonce is still free. */
  | 'PENDING';

/** Whether an EVM transaction succeeded. */
export type EvmTransactionStatus =
  /** It reverted; only its gas was spent. */
  | 'FAILED'
  /** It executed. */
  | 'SUCCESS';

/** Which upstream answers a lookup both can answer. */
export type EvmUpstream =
  /** The Data API: its indexer adds what a node does not know (decoded method names, token identities, a transaction's transfers and ICM message, a block's fees spent), a few seconds after the block is accepted. */
  | 'DATA_API'
  /** The network's node (eth_* JSON-RPC): the freshest answer, as soon as the block is accepted, with only what the chain itself records. */
  | 'NODE';

/** Which of the node's GET health routes a probe asks. */
export type HealthRoute =
  /** GET /ext/health: every check (health.health). */
  | 'HEALTH'
  /** GET /ext/health/liveness: whether the node is alive. */
  | 'LIVENESS'
  /** GET /ext/health/readiness: the checks run until the node finished starting. */
  | 'READINESS';

/** How ICM counts are broken down (the Metrics API's `groupBy`). */
export type IcmBreakdown =
  /** One count per destination chain. */
  | 'DESTINATION'
  /** One count per source and destination pair. */
  | 'PAIR'
  /** One count per source chain. */
  | 'SOURCE';

/** Which end of a message a chain is. */
export type IcmChainRole =
  /** Messages sent to the chain. */
  | 'DESTINATION'
  /** Both. */
  | 'EITHER'
  /** Messages sent from the chain. */
  | 'SOURCE';

/** Which of a chain's messages are counted. */
export type IcmDirection =
  /** Messages sent to this chain. */
  | 'RECEIVED'
  /** Messages this chain sent. */
  | 'SENT';

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

/** One L1 validation's continuous fee, per day (Metrics API). */
export type L1ValidationMetric =
  /** Fees this validation paid up to each day (nAVAX). */
  | 'VALIDATION_CUMULATIVE_FEES_DAILY'
  /** Fees it paid that day (nAVAX). */
  | 'VALIDATION_FEES_DAILY';

/** All L1 validators' continuous fees, per day (Metrics API). */
export type L1ValidatorTotalMetric =
  /** Fees paid since the first L1 validator, up to each day (nAVAX). */
  | 'TOTAL_CUMULATIVE_FEES_DAILY'
  /** L1 validators that paid a fee that day. */
  | 'TOTAL_PAYING_VALIDATORS_DAILY'
  /** Fees paid that day (nAVAX). */
  | 'TOTAL_VALIDATOR_FEES_DAILY';

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

/** Which of the Metrics API's own checks to ask. */
export type MetricsApiCheck =
  /** Its health check (GET /v2/health-check): what readiness probes. */
  | 'HEALTH'
  /** Its liveness check (GET /v2/live-check): whether its process runs. */
  | 'LIVENESS';

/** How long each point of a metric series covers. */
export type MetricsTimeInterval =
  /** A day; points start at 0:00 UTC. */
  | 'DAY'
  /** An hour; points start on the hour. */
  | 'HOUR'
  /** A calendar month; points start on its first day, 0:00 UTC. */
  | 'MONTH'
  /** A week; points start on Monday 0:00 UTC. */
  | 'WEEK';

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

/** The L1 validation fees of one node, per day (Metrics API). */
export type NodeFeeMetric =
  /** Fees the node paid, over its L1 validations, up to each day (nAVAX). */
  | 'PER_NODE_CUMULATIVE_FEES_PAID'
  /** Fees it paid that day (nAVAX). */
  | 'PER_NODE_DAILY_FEES_PAID';

/** A chain that exports to the P-Chain through shared memory. */
export type PChainAtomicSourceChain =
  /** The Contract Chain. */
  | 'C_CHAIN'
  /** The Exchange Chain. */
  | 'X_CHAIN';

/** What the node knows of a P-Chain transaction (platform.getTxStatus). */
export type PChainTxStatus =
  /** A proposal the network voted down. */
  | 'ABORTED'
  /** Accepted, or will be, by every node. */
  | 'COMMITTED'
  /** Will never be accepted: `reason` says why. */
  | 'DROPPED'
  /** In this node’s mempool or preferred block, being voted on. */
  | 'PROCESSING'
  /** This node has not seen it. */
  | 'UNKNOWN';

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

/** What RPC usage is grouped by (COUNTRY, CONTINENT, USER_AGENT and REQUEST_PATH: the Primary Network only; RATE_LIMIT_BYPASS_TOKEN: subnets only). */
export type RpcUsageGroupBy =
  /** The continent asked from (Primary Network). */
  | 'CONTINENT'
  /** The country asked from (Primary Network). */
  | 'COUNTRY'
  /** The rate-limit bypass token used (subnets). */
  | 'RATE_LIMIT_BYPASS_TOKEN'
  /** The path asked (Primary Network). */
  | 'REQUEST_PATH'
  /** The HTTP status answered. */
  | 'RESPONSE_CODE'
  /** The RPC method. */
  | 'RPC_METHOD'
  /** The user agent (Primary Network). */
  | 'USER_AGENT';

/** How the signed bytes are written. */
export type SignedTxEncoding =
  /** base58 of the bytes and the same 4-byte checksum (at most 16 KiB of bytes). */
  | 'CB58'
  /** "0x", the bytes, then the last 4 bytes of their sha256: the node's `hex` (what avalanchejs and the SDKs write). */
  | 'HEX';

/** Where a submitted transaction stands, whichever chain it is on (`nodeStatus` has the node's own word). */
export type SignedTxStatus =
  /** Accepted (Committed on the P-Chain): final. */
  | 'ACCEPTED'
  /** The node has it and it is being decided. */
  | 'PROCESSING'
  /** Rejected, aborted or dropped: final; it will never be accepted. */
  | 'REJECTED'
  /** The node has not seen it (yet, or no longer: a dropped transaction may be forgotten). */
  | 'UNKNOWN';

/** Order by timestamp. */
export type SortOrder =
  /** Oldest first. */
  | 'ASC'
  /** Newest first. */
  | 'DESC';

/** A staking metric of a subnet, per day (Metrics API). */
export type StakingMetric =
  /** Delegations active at the end of the day. */
  | 'DELEGATOR_COUNT'
  /** Weight delegated at the end of the day (nAVAX on the Primary Network). */
  | 'DELEGATOR_WEIGHT'
  /** Validators active at the end of the day. */
  | 'VALIDATOR_COUNT'
  /** Weight of the validators at the end of the day (nAVAX staked on the Primary Network). */
  | 'VALIDATOR_WEIGHT';

/** An L1's validator fees, per day (Metrics API). */
export type SubnetFeeMetric =
  /** Fees they paid up to each day (nAVAX). */
  | 'PER_SUBNET_CUMULATIVE_FEES_PAID'
  /** Fees the subnet's L1 validators paid that day (nAVAX). */
  | 'PER_SUBNET_DAILY_FEES_PAID'
  /** Its L1 validators that paid a fee that day. */
  | 'PER_SUBNET_PAYING_VALIDATORS';

/** The Data API's security analysis of a token. */
export type TokenReputation =
  /** Likely safe. */
  | 'BENIGN'
  /** Likely spam or a scam: do not interact with it. */
  | 'MALICIOUS';

/** What to export: EVM transactions of `evmAddresses` on `evmChainIds`, or (PRIMARY_NETWORK*) Primary Network transactions of `primaryNetworkAddresses` on `blockchainIds`; from `firstDate` to `lastDate` (YYYY-MM-DD, at most 366 days). */
export type TransactionExportInput = {
  /** PRIMARY_NETWORK*: the P-, X- or C-Chain ids. */
  blockchainIds?: InputMaybe<Array<Scalars['CB58Id']['input']>>;
  /** EVM: the addresses (1 to 100); PRIMARY_NETWORK*: C-Chain addresses. */
  evmAddresses?: InputMaybe<Array<Scalars['EvmHexAddress']['input']>>;
  /** EVM: the chains, e.g. [43114]. */
  evmChainIds?: InputMaybe<Array<Scalars['SafeInt']['input']>>;
  /** The first day, YYYY-MM-DD. */
  firstDate: Scalars['String']['input'];
  /** The last day, YYYY-MM-DD (at most 366 days after `firstDate`). */
  lastDate: Scalars['String']['input'];
  /** PRIMARY_NETWORK*: the bech32 addresses. */
  primaryNetworkAddresses?: InputMaybe<Array<Scalars['AvalancheAddress']['input']>>;
  /** What it holds. */
  type: TransactionExportType;
};

/** What an export holds. */
export type TransactionExportType =
  /** EVM transactions. */
  | 'EVM'
  /** Primary Network transactions. */
  | 'PRIMARY_NETWORK'
  /** Primary Network transactions, simplified. */
  | 'PRIMARY_NETWORK_SIMPLE'
  /** Primary Network staking transactions. */
  | 'PRIMARY_NETWORK_STAKING';

/** What to change of a webhook; what is omitted stays. */
export type UpdateWebhookInput = {
  /** Its new description. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** ADDRESS_ACTIVITY: include internal transactions. */
  includeInternalTxs?: InputMaybe<Scalars['Boolean']['input']>;
  /** ADDRESS_ACTIVITY: include logs. */
  includeLogs?: InputMaybe<Scalars['Boolean']['input']>;
  /** Its new name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** ACTIVE to post again, INACTIVE to stop. */
  status?: InputMaybe<WebhookStatus>;
  /** Where it posts from now on: an https:// URL. */
  url?: InputMaybe<Scalars['String']['input']>;
};

/** What a service says of its own health. */
export type UpstreamServiceStatus =
  /** An indicator is down. */
  | 'ERROR'
  /** Healthy. */
  | 'OK'
  /** Shutting down. */
  | 'SHUTTING_DOWN';

/** What a UTXO listing is sorted by, with `sortOrder`. */
export type UtxoSortBy =
  /** Its amount. */
  | 'AMOUNT'
  /** When it was created. */
  | 'TIMESTAMP';

/** Where a validation is in its life. */
export type ValidationStatus =
  /** Validating now. */
  | 'ACTIVE'
  /** Its end time has passed (rewarded, for the Primary Network, if it earned it). */
  | 'COMPLETED'
  /** Added; its start time has not come. */
  | 'PENDING'
  /** A permissioned subnet validator its subnet removed before its end. */
  | 'REMOVED';

/** What a validator list is sorted by (with `sortOrder`). */
export type ValidatorSortBy =
  /** When the validation was added (the default). */
  | 'BLOCK_INDEX'
  /** Stake that can still be delegated to it. */
  | 'DELEGATION_CAPACITY'
  /** Its delegation fee (mainnet Primary Network validators only). */
  | 'DELEGATION_FEE'
  /** Time until it ends. */
  | 'TIME_REMAINING'
  /** Its uptime as observed by the Data API. */
  | 'UPTIME_PERFORMANCE';

/** What a Primary Network address webhook posts about. */
export type WebhookAddressSubEvent =
  /** Any change of a balance. */
  | 'BALANCE_CHANGE'
  /** A balance crossing a threshold. */
  | 'BALANCE_THRESHOLD'
  /** A staking reward paid. */
  | 'REWARD_DISTRIBUTION';

/** When a BALANCE_THRESHOLD webhook posts: the balance of `balanceType` crossing `threshold`. */
export type WebhookBalanceThresholdInput = {
  /** Which balance to compare. */
  balanceType: WebhookBalanceType;
  /** The threshold, in nAVAX (0 to 2^64 - 1). */
  threshold: Scalars['Uint64']['input'];
};

/** Which of a Primary Network address's balances a BALANCE_THRESHOLD webhook compares with its threshold. */
export type WebhookBalanceType =
  /** Exported to this chain, not imported yet, locked. */
  | 'ATOMIC_MEMORY_LOCKED'
  /** Exported to this chain, not imported yet, spendable. */
  | 'ATOMIC_MEMORY_UNLOCKED'
  /** X-Chain: locked until a time. */
  | 'LOCKED'
  /** P-Chain: locked until a time, not stakeable. */
  | 'LOCKED_PLATFORM'
  /** P-Chain: locked until a time, stakeable meanwhile. */
  | 'LOCKED_STAKEABLE'
  /** P-Chain: locked and staked. */
  | 'LOCKED_STAKED'
  /** P-Chain: staked in a stake not started yet. */
  | 'PENDING_STAKED'
  /** X-Chain: spendable now. */
  | 'UNLOCKED'
  /** P-Chain: staked, spendable once the stake ends. */
  | 'UNLOCKED_STAKED'
  /** P-Chain: spendable now, not staked. */
  | 'UNLOCKED_UNSTAKED';

/** What a webhook watches. */
export type WebhookEventType =
  /** Transactions and logs of EVM addresses on one EVM chain. */
  | 'ADDRESS_ACTIVITY'
  /** Balance changes and rewards of P-/X-Chain addresses. */
  | 'PRIMARY_NETWORK_ADDRESS_ACTIVITY'
  /** Stakes, rewards and L1 fee events of one validator or subnet. */
  | 'VALIDATOR_ACTIVITY';

/** Whether a webhook posts. */
export type WebhookStatus =
  /** It posts each event it watches. */
  | 'ACTIVE'
  /** It posts nothing until made active again. */
  | 'INACTIVE';

/** What a validator webhook posts about. */
export type WebhookValidatorSubEvent =
  /** A delegation to it. */
  | 'DELEGATOR_STAKE'
  /** An L1 validator's fee balance topped up. */
  | 'L1_VALIDATOR_BALANCE_INCREASED'
  /** An L1 validator's fee balance below its threshold. */
  | 'L1_VALIDATOR_BALANCE_THRESHOLD'
  /** An L1 validator disabled. */
  | 'L1_VALIDATOR_DISABLED'
  /** An L1 validator removed. */
  | 'L1_VALIDATOR_REMOVED'
  /** A reward paid. */
  | 'REWARD_DISTRIBUTION'
  /** A validator staked. */
  | 'VALIDATOR_STAKE';

/** How the X-Chain ordered a transaction. */
export type XChainFormat =
  /** In linear blocks, since the Cortina upgrade. */
  | 'LINEAR'
  /** In DAG vertices, before the Cortina upgrade. */
  | 'NON_LINEAR';

type TransactionRow_CChainAtomicTransaction_Fragment = { __typename?: 'CChainAtomicTransaction', id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt };

type TransactionRow_PChainTransaction_Fragment = { __typename?: 'PChainTransaction', nodeId?: string | null, subnetId?: string | null, id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt };

type TransactionRow_XChainTransaction_Fragment = { __typename?: 'XChainTransaction', id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt };

export type TransactionRowFragment =
  | TransactionRow_CChainAtomicTransaction_Fragment
  | TransactionRow_PChainTransaction_Fragment
  | TransactionRow_XChainTransaction_Fragment
;

export type AddressTransactionsQueryVariables = Exact<{
  network: NetworkName;
  address: Scalars['AvalancheAddress']['input'];
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AddressTransactionsQuery = { __typename?: 'Query', network: { __typename?: 'Network', address: { __typename?: 'Address', id: string, transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', edges: Array<{ __typename?: 'PrimaryNetworkTransactionEdge', cursor: string, node:
            | { __typename?: 'CChainAtomicTransaction', id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
            | { __typename?: 'PChainTransaction', nodeId?: string | null, subnetId?: string | null, id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
            | { __typename?: 'XChainTransaction', id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
           }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } | null } } };

export type NewTransactionsSubscriptionVariables = Exact<{
  network: NetworkName;
  address: Scalars['AvalancheAddress']['input'];
}>;


export type NewTransactionsSubscription = { __typename?: 'Subscription', addressTransactions?:
    | { __typename?: 'CChainAtomicTransaction', id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
    | { __typename?: 'PChainTransaction', nodeId?: string | null, subnetId?: string | null, id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
    | { __typename?: 'XChainTransaction', id: string, txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
   | null };

export type ValidatorRowFragment = { __typename?: 'PChainValidator', id: string, nodeId: string, validationId?: string | null, weight: DecimalString, balance?: DecimalString | null };

export type SubnetValidatorsQueryVariables = Exact<{
  network: NetworkName;
  subnetId: Scalars['CB58Id']['input'];
}>;


export type SubnetValidatorsQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnet?: { __typename?: 'Subnet', subnetId: string, currentValidators?: Array<{ __typename?: 'PChainValidator', id: string, nodeId: string, validationId?: string | null, weight: DecimalString, balance?: DecimalString | null }> | null } | null } };

export type ValidatorChangesSubscriptionVariables = Exact<{
  network: NetworkName;
  subnetId: Scalars['CB58Id']['input'];
}>;


export type ValidatorChangesSubscription = { __typename?: 'Subscription', subnetValidators?: Array<{ __typename?: 'PChainValidator', id: string, nodeId: string, validationId?: string | null, weight: DecimalString, balance?: DecimalString | null }> | null };

export const TransactionRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TransactionRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}}]} as unknown as DocumentNode<TransactionRowFragment, unknown>;
export const ValidatorRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ValidatorRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainValidator"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]} as unknown as DocumentNode<ValidatorRowFragment, unknown>;
export const AddressTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AddressTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"network"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NetworkName"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AvalancheAddress"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"network"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"address"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"EnumValue","value":"P_CHAIN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TransactionRow"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TransactionRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}}]} as unknown as DocumentNode<AddressTransactionsQuery, AddressTransactionsQueryVariables>;
export const NewTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"NewTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"network"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NetworkName"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AvalancheAddress"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addressTransactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"network"},"value":{"kind":"Variable","name":{"kind":"Name","value":"network"}}},{"kind":"Argument","name":{"kind":"Name","value":"addresses"},"value":{"kind":"ListValue","values":[{"kind":"Variable","name":{"kind":"Name","value":"address"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"chains"},"value":{"kind":"ListValue","values":[{"kind":"EnumValue","value":"P_CHAIN"}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TransactionRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TransactionRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}}]} as unknown as DocumentNode<NewTransactionsSubscription, NewTransactionsSubscriptionVariables>;
export const SubnetValidatorsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubnetValidators"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"network"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NetworkName"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"network"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subnetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"currentValidators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ValidatorRow"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ValidatorRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainValidator"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]} as unknown as DocumentNode<SubnetValidatorsQuery, SubnetValidatorsQueryVariables>;
export const ValidatorChangesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ValidatorChanges"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"network"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NetworkName"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CB58Id"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetValidators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"network"},"value":{"kind":"Variable","name":{"kind":"Name","value":"network"}}},{"kind":"Argument","name":{"kind":"Name","value":"subnetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subnetId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ValidatorRow"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ValidatorRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainValidator"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]} as unknown as DocumentNode<ValidatorChangesSubscription, ValidatorChangesSubscriptionVariables>;