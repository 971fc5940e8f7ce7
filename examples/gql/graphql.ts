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
  /** An integer of any size as a decimal string, e.g. "365865167637779183". Amounts (in the asset's smallest unit, nAVAX for AVAX), weights and heights use it so no digit is ever rounded. */
  BigInt: { input: DecimalInput; output: DecimalString; }
  /** A 32-byte Avalanche id in cb58 (base58 with a 4-byte checksum): a subnet, blockchain, transaction, validation or asset id, e.g. "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM". The checksum is verified, so a mistyped id is refused before any call. */
  CB58Id: { input: CB58Id; output: CB58Id; }
  /** A 20-byte EVM address, "0x" and 40 hex digits, in any letter case, e.g. "0x71C7656EC7ab88b098defB751B7401B5f6d8976F". */
  EvmHexAddress: { input: EvmHexAddress; output: EvmHexAddress; }
  /** Any JSON value, passed through as the node wrote it: used where the node's answer has no fixed shape (a health check's message, a transaction body that depends on its type). Integers too wide for a JSON number arrive as strings. */
  JSON: { input: JsonValue; output: JsonValue; }
  /** A node id: "NodeID-" followed by 20 bytes in cb58, e.g. "NodeID-111111111111111111116DBWJs". */
  NodeID: { input: NodeID; output: NodeID; }
  /** An integer that JSON numbers carry exactly (up to 2^53 - 1), such as a Unix timestamp in seconds or an EVM chain id; wider than GraphQL's 32-bit Int. */
  SafeInt: { input: SafeInt; output: SafeInt; }
  /** A 64-bit unsigned integer as a decimal string (or a JSON number up to 2^53 - 1 in variables), e.g. "1200": a height or position on the node, from 0 to 18446744073709551615. */
  Uint64: { input: DecimalInput; output: DecimalString; }
};

/** A precompile active at the time asked. */
export type ActivePrecompile = {
  __typename?: 'ActivePrecompile';
  /** Its config key, e.g. `warpConfig`. */
  name: Scalars['String']['output'];
  /** Unix time (s) it became active. */
  timestamp: Scalars['SafeInt']['output'];
};

/** The rules and precompiles in force at a time (eth_getActiveRulesAt). */
export type ActiveRules = {
  __typename?: 'ActiveRules';
  /** Avalanche upgrade rules (Subnet-EVM, Durango, Etna…). */
  avalancheRules: Array<ChainRule>;
  /** Ethereum fork rules. */
  ethRules: Array<ChainRule>;
  /** Precompiles active at that time. */
  precompiles: Array<ActivePrecompile>;
};

/** An address on the Primary Network: the chains it touched, its transactions, its staking rewards. */
export type Address = Node & {
  __typename?: 'Address';
  /** The address: "avax1…"/"fuji1…" without chain prefix, or 0x for EVM. */
  address: Scalars['String']['output'];
  /** Every Primary Network chain this address has interacted with (addresses:listChainIds). All addresses of one response are looked up in one upstream call. */
  chains?: Maybe<Array<AddressChain>>;
  /** ICM messages this EVM (0x) address sent or received, newest first. `first`: 1 to 500 (default 10). */
  icmMessages?: Maybe<IcmMessageConnection>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The network of the address. */
  network: NetworkName;
  /** Staking rewards paid to this address. `first`: 1 to 500 (default 10). */
  rewards?: Maybe<HistoricalRewardConnection>;
  /** This address's transactions on one chain, newest first unless asked. `first`: 1 to 500 (default 10); 100 per upstream call, and a page may come back shorter when its transactions hold many UTXOs. */
  transactions?: Maybe<PrimaryNetworkTransactionConnection>;
  /** What this address holds on the X-Chain, per asset, summed from its UTXOs (avm.getUTXOs, 1024 per call). Past 8192 UTXOs the field fails with QUERY_LIMIT_EXCEEDED: page `xChainUtxos` instead. */
  xChainBalances?: Maybe<Array<XChainBalance>>;
  /** Unspent outputs of this address on the X-Chain, from the node (avm.getUTXOs), in the node's order. `first`: 1 to 4096 (default 100); up to 1024 per node call. With `sourceChain`, the atomic UTXOs that chain exported to the X-Chain and that wait to be imported. The node does not promise consistency between calls: a UTXO may show on two pages. */
  xChainUtxos?: Maybe<NodeUtxoConnection>;
};


/** An address on the Primary Network: the chains it touched, its transactions, its staking rewards. */
export type AddressIcmMessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** An address on the Primary Network: the chains it touched, its transactions, its staking rewards. */
export type AddressRewardsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Currency>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
};


/** An address on the Primary Network: the chains it touched, its transactions, its staking rewards. */
export type AddressTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  chain: PrimaryNetworkChain;
  endTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
  startTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  txTypes?: InputMaybe<Array<PrimaryNetworkTxType>>;
};


/** An address on the Primary Network: the chains it touched, its transactions, its staking rewards. */
export type AddressXChainUtxosArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sourceChain?: InputMaybe<AtomicSourceChain>;
};

/** A chain an address has interacted with. */
export type AddressChain = {
  __typename?: 'AddressChain';
  /** The chain, when the subnet listing knows it (the P-Chain itself is not listed as a blockchain). */
  blockchain?: Maybe<Blockchain>;
  /** The chain id (cb58), as the Data API reports it. */
  blockchainId: Scalars['String']['output'];
  /** P_CHAIN, X_CHAIN or C_CHAIN when it is one of them. */
  primaryChain?: Maybe<PrimaryNetworkChain>;
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

/** An amount of an asset, with what is needed to display it. */
export type AssetAmount = {
  __typename?: 'AssetAmount';
  /** The amount, in the smallest unit (nAVAX for AVAX). */
  amount: Scalars['BigInt']['output'];
  /** The asset id (cb58). */
  assetId: Scalars['String']['output'];
  /** Decimal places: the amount 100 shows as 100 with 0, 10.0 with 1, .100 with 2. */
  denomination: Scalars['Int']['output'];
  /** The node's description of this asset (avm.getAssetDescription), fetched once per asset and kept. X-Chain assets only; null for others. */
  description?: Maybe<AssetDescription>;
  /** Asset name, e.g. "Avalanche". */
  name: Scalars['String']['output'];
  /** Asset symbol, e.g. "AVAX". */
  symbol: Scalars['String']['output'];
  /** Fungible (SECP256K1) or NFT. */
  type?: Maybe<PrimaryNetworkAssetType>;
};

/** An X-Chain asset as the node describes it (avm.getAssetDescription). It never changes, so the gateway keeps it. */
export type AssetDescription = {
  __typename?: 'AssetDescription';
  /** The asset id (cb58). */
  assetId: Scalars['String']['output'];
  /** Decimal places for display: 100 units show as 100 with 0, as 10.0 with 1, as .100 with 2. */
  denomination: Scalars['Int']['output'];
  /** Its name, e.g. "Avalanche". */
  name: Scalars['String']['output'];
  /** Its symbol, e.g. "AVAX". */
  symbol: Scalars['String']['output'];
};

/** A chain that exports to the X-Chain through shared memory. */
export type AtomicSourceChain =
  /** The Contract Chain. */
  | 'C_CHAIN'
  /** The Platform Chain. */
  | 'P_CHAIN';

/** An X-Chain block (since Cortina the X-Chain is linear), decoded from the node's JSON. */
export type AvmBlock = {
  __typename?: 'AvmBlock';
  /** The block id (cb58). A node whose JSON omits it costs one more call: the id is the sha256 of the block's bytes. */
  blockId: Scalars['String']['output'];
  /** Its height. */
  height: Scalars['BigInt']['output'];
  /** The block bytes (hex with checksum): one more call (avm.getBlock with hex encoding). */
  hex?: Maybe<Scalars['String']['output']>;
  /** The Merkle root of its transactions. */
  merkleRoot?: Maybe<Scalars['String']['output']>;
  /** The previous block. */
  parentId: Scalars['String']['output'];
  /** Its Unix time (s). */
  time: Scalars['SafeInt']['output'];
  /** Its transactions, decoded. */
  transactions: Array<AvmTransaction>;
};

/** Signatures proving the transaction may spend one of its inputs. */
export type AvmCredential = {
  __typename?: 'AvmCredential';
  /** The feature extension of the credential. */
  fxId: Scalars['String']['output'];
  /** The signatures (hex). */
  signatures: Array<Scalars['String']['output']>;
};

/** An X-Chain transaction as the node decodes it (avm.getTx with JSON encoding). */
export type AvmTransaction = {
  __typename?: 'AvmTransaction';
  /** The chain it was issued on. */
  blockchainId: Scalars['String']['output'];
  /** One credential per input, in input order. */
  credentials: Array<AvmCredential>;
  /** For an export: the chain the value goes to. */
  destinationChain?: Maybe<Scalars['String']['output']>;
  /** For an export: the outputs it sends to the destination chain. */
  exportedOutputs?: Maybe<Array<TransferableOutput>>;
  /** The signed transaction bytes (hex with checksum): one more call (avm.getTx with hex encoding). */
  hex?: Maybe<Scalars['String']['output']>;
  /** For an import: the UTXOs it takes from the source chain. */
  importedInputs?: Maybe<Array<TransferableInput>>;
  /** UTXOs of this chain it spends (imported ones are in `importedInputs`). */
  inputs: Array<TransferableInput>;
  /** Its memo (hex), "0x" when empty. */
  memo: Scalars['String']['output'];
  /** The network id it was signed for: 1 on mainnet, 5 on Fuji. */
  networkId: Scalars['Int']['output'];
  /** Outputs it creates on this chain (exported ones are in `exportedOutputs`). */
  outputs: Array<TransferableOutput>;
  /** For an import: the chain the value comes from. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** The Data API's view of the same transaction (timestamps, UTXO details, amounts); null if it has not indexed it. */
  transaction?: Maybe<PrimaryNetworkTransaction>;
  /** The transaction id (cb58). */
  txId: Scalars['String']['output'];
  /** The unsigned transaction as the node wrote it, with the fields of its type (e.g. an asset creation's `initialStates`). */
  unsignedTx: Scalars['JSON']['output'];
};

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

/** `threshold` of `addresses` control this. */
export type BalanceOwner = {
  __typename?: 'BalanceOwner';
  /** The owner addresses. */
  addresses: Array<Address>;
  /** Signatures needed. */
  threshold: Scalars['Int']['output'];
};

/** A blockchain: an instance of a VM that a subnet validates, with its genesis. */
export type Blockchain = Node & {
  __typename?: 'Blockchain';
  /**
   * The precompile configs active at a time (eth_getActivePrecompilesAt). Null for chains that are not Subnet-EVM chains (the C-Chain, custom VMs): no call is made for them.
   * @deprecated eth_getActivePrecompilesAt is deprecated in Subnet-EVM: use `activeRules { precompiles }`.
   */
  activePrecompiles?: Maybe<Array<PrecompileConfig>>;
  /** The fork rules and precompiles in force at a time (eth_getActiveRulesAt). Null for chains that are not Subnet-EVM chains (the C-Chain, custom VMs): no call is made for them. */
  activeRules?: Maybe<ActiveRules>;
  /** Average transactions per second per day, newest first (Metrics API). `first`: 1 to 1000 (default 30). Cursors hold the Metrics API's page token, valid 24 hours; after that a cursor starts again from the newest day. Null for chains whose VM is not an EVM: the Metrics API measures EVM chains. */
  averageTps?: Maybe<TpsConnection>;
  /** The blockchain id (cb58): the id of the CreateChainTx that made it. */
  blockchainId: Scalars['String']['output'];
  /** The name given at creation. */
  blockchainName: Scalars['String']['output'];
  /** The chain config its node runs, with precompile upgrades (eth_getChainConfig). Null for chains that are not EVM chains. */
  chainConfig?: Maybe<ChainConfig>;
  /** Height of the P-Chain block that created it. */
  createBlockNumber: Scalars['BigInt']['output'];
  /** Unix time (s) of the P-Chain block that created it. */
  createBlockTimestamp: Scalars['SafeInt']['output'];
  /** The genesis of a non-EVM chain as the upstream sends it: an encoding that depends on the VM. Null for EVM chains. */
  encodedGenesis?: Maybe<Scalars['String']['output']>;
  /** This blockchain as an EVM chain (transactions, addresses, contracts); null for other VMs. */
  evm?: Maybe<EvmChain>;
  /** The EVM chain id (from the genesis) of an EVM chain; null for other VMs, even those whose genesis has a `chainId`. */
  evmChainId?: Maybe<Scalars['SafeInt']['output']>;
  /** The fee config in force at a block, and the block it took effect at (eth_feeConfig). Null for chains that are not Subnet-EVM chains (the C-Chain, custom VMs): no call is made for them. */
  feeConfig?: Maybe<FeeConfig>;
  /** The genesis of an EVM chain, fully typed. Null for other VMs: see `encodedGenesis`. */
  genesisData?: Maybe<EvmGenesis>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The network the blockchain is on. */
  network: NetworkName;
  /** Which Primary Network chain this is (X_CHAIN, C_CHAIN), or null for a subnet or L1 chain. */
  primaryChain?: Maybe<PrimaryNetworkChain>;
  /** What the node knows of this chain: validating, syncing, or only created (platform.getBlockchainStatus). */
  status?: Maybe<BlockchainStatus>;
  /** The subnet that validates it. */
  subnet?: Maybe<Subnet>;
  /** The subnet that validates it. */
  subnetId: Scalars['String']['output'];
  /** The validators of this chain's subnet as the chain's node sees them, with uptime (validators.getCurrentValidators at /ext/bc/<id>/validators). With `nodeIds`, only those of these nodes that validate (others are left out). Null for chains that are not Subnet-EVM chains (the C-Chain, custom VMs): no call is made for them. */
  validators?: Maybe<Array<ChainValidator>>;
  /** The id of the VM it runs, e.g. srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy for Subnet-EVM. */
  vmId: Scalars['String']['output'];
};


/** A blockchain: an instance of a VM that a subnet validates, with its genesis. */
export type BlockchainActivePrecompilesArgs = {
  timestamp?: InputMaybe<Scalars['SafeInt']['input']>;
};


/** A blockchain: an instance of a VM that a subnet validates, with its genesis. */
export type BlockchainActiveRulesArgs = {
  timestamp?: InputMaybe<Scalars['SafeInt']['input']>;
};


/** A blockchain: an instance of a VM that a subnet validates, with its genesis. */
export type BlockchainAverageTpsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** A blockchain: an instance of a VM that a subnet validates, with its genesis. */
export type BlockchainFeeConfigArgs = {
  block?: Scalars['String']['input'];
};


/** A blockchain: an instance of a VM that a subnet validates, with its genesis. */
export type BlockchainValidatorsArgs = {
  nodeIds?: InputMaybe<Array<Scalars['NodeID']['input']>>;
};

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

/** A validator's BLS key, used to sign Warp messages, and its proof of possession. */
export type BlsCredentials = {
  __typename?: 'BlsCredentials';
  /** Proof of possession of the key (hex). */
  proofOfPossession?: Maybe<Scalars['String']['output']>;
  /** BLS public key (hex). */
  publicKey?: Maybe<Scalars['String']['output']>;
};

/** A C-Chain atomic transaction: an import into or export out of the C-Chain. */
export type CChainAtomicTransaction = Node & PrimaryNetworkTransaction & {
  __typename?: 'CChainAtomicTransaction';
  /** Value it put out. */
  amountCreated: Array<AssetAmount>;
  /** Value it took in. */
  amountUnlocked: Array<AssetAmount>;
  /** Hash of its block; null for X-Chain transactions of the DAG era. */
  blockHash?: Maybe<Scalars['String']['output']>;
  /** Height of its block; null for X-Chain transactions of the DAG era (see `vertices`). */
  blockNumber?: Maybe<Scalars['BigInt']['output']>;
  /** Unix time (s) it was accepted (`timestamp` in the X- and C-Chain answers). */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** The chain as a Blockchain, when the subnet listing has it (the P-Chain itself is not listed). */
  blockchain?: Maybe<Blockchain>;
  /** The chain's blockchain id. */
  blockchainId: Scalars['String']['output'];
  /** The chain it was accepted on. */
  chain: PrimaryNetworkChain;
  /** Outputs it spent (imported ones included). */
  consumedUtxos: Array<Utxo>;
  /** For imports and exports: the chain the value went to. */
  destinationChain?: Maybe<Scalars['String']['output']>;
  /** Outputs it created (exported ones included). */
  emittedUtxos: Array<Utxo>;
  /** For ExportTx: the accounts debited. */
  evmInputs?: Maybe<Array<EvmInput>>;
  /** For ImportTx: the accounts credited. */
  evmOutputs?: Maybe<Array<EvmOutput>>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The memo (hex). */
  memo?: Maybe<Scalars['String']['output']>;
  /** The network. */
  network: NetworkName;
  /** For imports and exports: the chain the value left. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** The transaction id (cb58). */
  txHash: Scalars['String']['output'];
  /** The transaction type; UNKNOWN for a type this API does not know yet. */
  txType: PrimaryNetworkTxType;
};

/** An EVM chain's config as its node runs it (eth_getChainConfig), precompile upgrades included. */
export type ChainConfig = {
  __typename?: 'ChainConfig';
  /** Whether validators may name their own fee recipient. */
  allowFeeRecipients?: Maybe<Scalars['Boolean']['output']>;
  /** The EVM chain id. */
  chainId?: Maybe<Scalars['SafeInt']['output']>;
  /** The fee config of the genesis (Subnet-EVM). */
  feeConfig?: Maybe<FeeConfig>;
  /** Later changes of precompiles (network upgrades), in order: each enables, reconfigures or disables one. */
  precompileUpgrades: Array<PrecompileConfig>;
  /** Precompiles configured from genesis. */
  precompiles: Array<PrecompileConfig>;
  /** The whole config as the node wrote it (fork blocks and timestamps included). */
  raw: Scalars['JSON']['output'];
};

/** A fork rule and whether it is active. */
export type ChainRule = {
  __typename?: 'ChainRule';
  /** Whether it is active at the time asked. */
  active: Scalars['Boolean']['output'];
  /** The rule, e.g. `IsCancun`, `IsDurango`. */
  name: Scalars['String']['output'];
};

/** A validator of the chain's subnet as the chain's node sees it (validators.getCurrentValidators), with its uptime. */
export type ChainValidator = {
  __typename?: 'ChainValidator';
  /** On an L1: whether its balance still pays the continuous fee. Always true on a legacy subnet. */
  isActive: Scalars['Boolean']['output'];
  /** Whether it is connected to the node that answered. */
  isConnected: Scalars['Boolean']['output'];
  /** Whether it is an L1 validator rather than a legacy subnet validator. */
  isL1Validator: Scalars['Boolean']['output'];
  /** The Data API's record of this L1 validator; null for legacy subnet validators. */
  l1Validator?: Maybe<L1Validator>;
  /** The validating node. */
  nodeId: Scalars['String']['output'];
  /** Unix time (s) it started validating. */
  startTimestamp: Scalars['SafeInt']['output'];
  /** Share of the time it has been online, in percent. */
  uptimePercentage: Scalars['Float']['output'];
  /** Seconds it has been online. */
  uptimeSeconds: Scalars['BigInt']['output'];
  /** Its validation id on an L1; the AddSubnetValidatorTx id on a legacy subnet. */
  validationId: Scalars['String']['output'];
  /** Its weight. */
  weight: Scalars['BigInt']['output'];
};

/** An NFT or multi-token an address holds. */
export type CollectibleBalance = {
  /** The token contract. */
  address: Scalars['String']['output'];
  /** EVM chain id. */
  chainId: Scalars['String']['output'];
  /** The collection contract's metadata. */
  contract?: Maybe<ContractMetadata>;
  /** ERC_721 or ERC_1155. */
  ercType: ErcType;
  /** Its metadata. */
  metadata: NftMetadata;
  /** The token id. */
  tokenId: Scalars['BigInt']['output'];
  /** Where its metadata lives. */
  tokenUri: Scalars['String']['output'];
};

/** A page of collectibles. */
export type CollectibleBalanceConnection = {
  __typename?: 'CollectibleBalanceConnection';
  /** The items of this page with their cursors. */
  edges: Array<CollectibleBalanceEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<CollectibleBalance>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A collectible and its cursor. */
export type CollectibleBalanceEdge = {
  __typename?: 'CollectibleBalanceEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: CollectibleBalance;
};

/** How a contract was deployed. */
export type ContractDeployment = {
  __typename?: 'ContractDeployment';
  /** The account that sent it, on its chain. */
  deployer: EvmAddress;
  /** The account that sent it. */
  deployerAddress: Scalars['String']['output'];
  /** The factory contract that created it, when a contract deployed it. */
  deployerContractAddress?: Maybe<Scalars['String']['output']>;
  /** The deploying transaction. */
  txHash: Scalars['String']['output'];
};

/** What is known of the contract at an address: its project, links, images, deployment. */
export type ContractMetadata = {
  /** The contract address. */
  address: Scalars['String']['output'];
  /** Its banner. */
  bannerAsset?: Maybe<ImageAsset>;
  /** Its brand colour. */
  color?: Maybe<Scalars['String']['output']>;
  /** How it was deployed. */
  deploymentDetails?: Maybe<ContractDeployment>;
  /** What it is. */
  description?: Maybe<Scalars['String']['output']>;
  /** A contact address. */
  email?: Maybe<Scalars['String']['output']>;
  /** Its token standard. */
  ercType: ErcType;
  /** Its logo. */
  logoAsset?: Maybe<ImageAsset>;
  /** Its name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Its project's site. */
  officialSite?: Maybe<Scalars['String']['output']>;
  /** Links to its pages. */
  resourceLinks: Array<ResourceLink>;
  /** Its symbol, for tokens. */
  symbol?: Maybe<Scalars['String']['output']>;
  /** Tags, e.g. "defi". */
  tags: Array<Scalars['String']['output']>;
};

/** The blockchain a CreateChainTx created. */
export type CreatedBlockchainInfo = {
  __typename?: 'CreatedBlockchainInfo';
  /** Its name. */
  chainName: Scalars['String']['output'];
  /** Its genesis as encoded by its VM, for other chains. */
  encodedGenesis?: Maybe<Scalars['String']['output']>;
  /** Its genesis, for EVM chains. */
  genesisData?: Maybe<EvmGenesis>;
  /** Its VM. */
  vmId: Scalars['String']['output'];
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

/** An ERC-20 token contract. */
export type Erc20Contract = ContractMetadata & {
  __typename?: 'Erc20Contract';
  /** The contract address. */
  address: Scalars['String']['output'];
  /** Its banner. */
  bannerAsset?: Maybe<ImageAsset>;
  /** Its brand colour. */
  color?: Maybe<Scalars['String']['output']>;
  /** Decimal places of its amounts. */
  decimals?: Maybe<Scalars['Int']['output']>;
  /** How it was deployed. */
  deploymentDetails?: Maybe<ContractDeployment>;
  /** What it is. */
  description?: Maybe<Scalars['String']['output']>;
  /** A contact address. */
  email?: Maybe<Scalars['String']['output']>;
  /** Its token standard. */
  ercType: ErcType;
  /** Its logo. */
  logoAsset?: Maybe<ImageAsset>;
  /** Its name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Its project's site. */
  officialSite?: Maybe<Scalars['String']['output']>;
  /** Where it is priced. */
  pricingProviders?: Maybe<PricingProviders>;
  /** Links to its pages. */
  resourceLinks: Array<ResourceLink>;
  /** Its symbol, for tokens. */
  symbol?: Maybe<Scalars['String']['output']>;
  /** Tags, e.g. "defi". */
  tags: Array<Scalars['String']['output']>;
};

/** An ERC-20 token, with its price. */
export type Erc20Token = {
  __typename?: 'Erc20Token';
  /** The token contract. */
  address: Scalars['String']['output'];
  /** The token contract's metadata. */
  contract?: Maybe<ContractMetadata>;
  /** Decimal places: divide amounts by 10^decimals to display them. */
  decimals: Scalars['Int']['output'];
  /** ERC_20. */
  ercType: ErcType;
  /** Its logo. */
  logoUri?: Maybe<Scalars['String']['output']>;
  /** Its name. */
  name: Scalars['String']['output'];
  /** Its price, when known. */
  price?: Maybe<Price>;
  /** Its symbol. */
  symbol: Scalars['String']['output'];
};

/** A transfer of an ERC-20 token. */
export type Erc20Transfer = {
  __typename?: 'Erc20Transfer';
  /** Its block hash. */
  blockHash: Scalars['String']['output'];
  /** Its block. */
  blockNumber: Scalars['BigInt']['output'];
  /** Unix time (s) of its block. */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** Unix time (ms) of its block, where recorded. */
  blockTimestampMilliseconds?: Maybe<Scalars['SafeInt']['output']>;
  /** The token. */
  erc20Token: Erc20Token;
  /** The sender. */
  from: EvmParty;
  /** Its log index in the block. */
  logIndex: Scalars['Int']['output'];
  /** The recipient. */
  to: EvmParty;
  /** The transaction that made it. */
  txHash: Scalars['String']['output'];
  /** Amount, in the token's smallest unit. */
  value: Scalars['BigInt']['output'];
};

/** A page of ERC-20 transfers. */
export type Erc20TransferConnection = {
  __typename?: 'Erc20TransferConnection';
  /** The items of this page with their cursors. */
  edges: Array<Erc20TransferEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<Erc20Transfer>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A transfer and its cursor. */
export type Erc20TransferEdge = {
  __typename?: 'Erc20TransferEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: Erc20Transfer;
};

/** An ERC-721 token held. */
export type Erc721Balance = CollectibleBalance & {
  __typename?: 'Erc721Balance';
  /** The token contract. */
  address: Scalars['String']['output'];
  /** EVM chain id. */
  chainId: Scalars['String']['output'];
  /** The collection contract's metadata. */
  contract?: Maybe<ContractMetadata>;
  /** ERC_721 or ERC_1155. */
  ercType: ErcType;
  /** Its metadata. */
  metadata: NftMetadata;
  /** Collection name. */
  name: Scalars['String']['output'];
  /** Its owner. */
  ownerAddress?: Maybe<Scalars['String']['output']>;
  /** Collection symbol. */
  symbol: Scalars['String']['output'];
  /** The token id. */
  tokenId: Scalars['BigInt']['output'];
  /** Where its metadata lives. */
  tokenUri: Scalars['String']['output'];
};

/** An ERC-721 (NFT) contract. */
export type Erc721Contract = ContractMetadata & {
  __typename?: 'Erc721Contract';
  /** The contract address. */
  address: Scalars['String']['output'];
  /** Its banner. */
  bannerAsset?: Maybe<ImageAsset>;
  /** Its brand colour. */
  color?: Maybe<Scalars['String']['output']>;
  /** How it was deployed. */
  deploymentDetails?: Maybe<ContractDeployment>;
  /** What it is. */
  description?: Maybe<Scalars['String']['output']>;
  /** A contact address. */
  email?: Maybe<Scalars['String']['output']>;
  /** Its token standard. */
  ercType: ErcType;
  /** Its logo. */
  logoAsset?: Maybe<ImageAsset>;
  /** Its name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Its project's site. */
  officialSite?: Maybe<Scalars['String']['output']>;
  /** Links to its pages. */
  resourceLinks: Array<ResourceLink>;
  /** Its symbol, for tokens. */
  symbol?: Maybe<Scalars['String']['output']>;
  /** Tags, e.g. "defi". */
  tags: Array<Scalars['String']['output']>;
};

/** An ERC-1155 token held, with how many. */
export type Erc1155Balance = CollectibleBalance & {
  __typename?: 'Erc1155Balance';
  /** The token contract. */
  address: Scalars['String']['output'];
  /** How many of the token the address holds. */
  balance: Scalars['BigInt']['output'];
  /** EVM chain id. */
  chainId: Scalars['String']['output'];
  /** The collection contract's metadata. */
  contract?: Maybe<ContractMetadata>;
  /** ERC_721 or ERC_1155. */
  ercType: ErcType;
  /** Its metadata. */
  metadata: NftMetadata;
  /** The token id. */
  tokenId: Scalars['BigInt']['output'];
  /** Where its metadata lives. */
  tokenUri: Scalars['String']['output'];
};

/** An ERC-1155 (multi-token) contract. */
export type Erc1155Contract = ContractMetadata & {
  __typename?: 'Erc1155Contract';
  /** The contract address. */
  address: Scalars['String']['output'];
  /** Its banner. */
  bannerAsset?: Maybe<ImageAsset>;
  /** Its brand colour. */
  color?: Maybe<Scalars['String']['output']>;
  /** How it was deployed. */
  deploymentDetails?: Maybe<ContractDeployment>;
  /** What it is. */
  description?: Maybe<Scalars['String']['output']>;
  /** A contact address. */
  email?: Maybe<Scalars['String']['output']>;
  /** Its token standard. */
  ercType: ErcType;
  /** Its logo. */
  logoAsset?: Maybe<ImageAsset>;
  /** Its name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Its project's site. */
  officialSite?: Maybe<Scalars['String']['output']>;
  /** Where it is priced. */
  pricingProviders?: Maybe<PricingProviders>;
  /** Links to its pages. */
  resourceLinks: Array<ResourceLink>;
  /** Its symbol, for tokens. */
  symbol?: Maybe<Scalars['String']['output']>;
  /** Tags, e.g. "defi". */
  tags: Array<Scalars['String']['output']>;
};

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

/** An address on an EVM chain: an account or a contract. */
export type EvmAddress = Node & {
  __typename?: 'EvmAddress';
  /** The 0x address. */
  address: Scalars['String']['output'];
  /** Its chain. */
  chain: EvmChain;
  /** ERC-721 and ERC-1155 tokens this address holds. `first`: 1 to 1000 (default 10); 500 per upstream call. */
  collectibles?: Maybe<CollectibleBalanceConnection>;
  /** Metadata of the contract at this address; null when it is an account, not a contract. */
  contract?: Maybe<ContractMetadata>;
  /** ERC-20 transfers from or to this address, newest first. `first`: 1 to 500 (default 10); 100 per upstream call. */
  erc20Transfers?: Maybe<Erc20TransferConnection>;
  /** ICM messages this address sent or received, on any chain of its network, newest first. `first`: 1 to 500 (default 10). */
  icmMessages?: Maybe<IcmMessageConnection>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** Internal transactions of this address, newest first: only CALL/CALLCODE with value and CREATE/CREATE2/CREATE3 (for all, use debug_ methods on an archive node). `first`: 1 to 500 (default 10). */
  internalTransactions?: Maybe<InternalTransactionConnection>;
  /** This address's balance of the native token, at a block (default: the latest), priced in a currency (default USD). */
  nativeBalance?: Maybe<NativeBalance>;
};


/** An address on an EVM chain: an account or a contract. */
export type EvmAddressCollectiblesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  contractAddress?: InputMaybe<Scalars['EvmHexAddress']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** An address on an EVM chain: an account or a contract. */
export type EvmAddressErc20TransfersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  endBlock?: InputMaybe<Scalars['SafeInt']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  startBlock?: InputMaybe<Scalars['SafeInt']['input']>;
};


/** An address on an EVM chain: an account or a contract. */
export type EvmAddressIcmMessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** An address on an EVM chain: an account or a contract. */
export type EvmAddressInternalTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  endBlock?: InputMaybe<Scalars['SafeInt']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  startBlock?: InputMaybe<Scalars['SafeInt']['input']>;
};


/** An address on an EVM chain: an account or a contract. */
export type EvmAddressNativeBalanceArgs = {
  blockNumber?: InputMaybe<Scalars['BigInt']['input']>;
  currency?: InputMaybe<Currency>;
};

/** What kind of call a transaction makes. */
export type EvmCallType =
  /** A call to a contract. */
  | 'CONTRACT_CALL'
  /** A contract deployment. */
  | 'CONTRACT_CREATION'
  /** A plain transfer of the native token. */
  | 'NATIVE_TRANSFER';

/** An EVM chain: the C-Chain or a Subnet-EVM blockchain. Its id is its EVM chain id on its network. */
export type EvmChain = Node & {
  __typename?: 'EvmChain';
  /** An address on this chain: its transfers, balances, collectibles and contract metadata. */
  address: EvmAddress;
  /** Average transactions per second per day, newest first (Metrics API). `first`: 1 to 1000 (default 30). Cursors hold the Metrics API's page token, valid 24 hours; after that a cursor starts again from the newest day. */
  averageTps?: Maybe<TpsConnection>;
  /** Its blockchain: subnet, VM, genesis. */
  blockchain?: Maybe<Blockchain>;
  /** Its Avalanche blockchain id (cb58). */
  blockchainId: Scalars['String']['output'];
  /** The EVM chain id (in its genesis). */
  evmChainId: Scalars['SafeInt']['output'];
  /** ICM messages sent from or to this chain, newest first. `first`: 1 to 500 (default 10). */
  icmMessages?: Maybe<IcmMessageConnection>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The network of its blockchain. */
  network: NetworkName;
  /** Latest transactions, newest first. `first`: 1 to 500 (default 10); 100 per upstream call. */
  transactions?: Maybe<EvmTransactionConnection>;
};


/** An EVM chain: the C-Chain or a Subnet-EVM blockchain. Its id is its EVM chain id on its network. */
export type EvmChainAddressArgs = {
  address: Scalars['EvmHexAddress']['input'];
};


/** An EVM chain: the C-Chain or a Subnet-EVM blockchain. Its id is its EVM chain id on its network. */
export type EvmChainAverageTpsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** An EVM chain: the C-Chain or a Subnet-EVM blockchain. Its id is its EVM chain id on its network. */
export type EvmChainIcmMessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  role?: InputMaybe<IcmChainRole>;
};


/** An EVM chain: the C-Chain or a Subnet-EVM blockchain. Its id is its EVM chain id on its network. */
export type EvmChainTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<EvmTransactionStatus>;
};

/** Subnet-EVM fee parameters: gas target, block rate and base fee dynamics. */
export type EvmFeeConfig = {
  __typename?: 'EvmFeeConfig';
  /** Divisor of base fee changes: larger means slower changes. */
  baseFeeChangeDenominator?: Maybe<Scalars['SafeInt']['output']>;
  /** Change of block gas cost per second off the target rate. */
  blockGasCostStep?: Maybe<Scalars['SafeInt']['output']>;
  /** Block gas limit. */
  gasLimit?: Maybe<Scalars['SafeInt']['output']>;
  /** Highest block gas cost. */
  maxBlockGasCost?: Maybe<Scalars['SafeInt']['output']>;
  /** Lowest base fee, in wei. */
  minBaseFee?: Maybe<Scalars['SafeInt']['output']>;
  /** Lowest block gas cost. */
  minBlockGasCost?: Maybe<Scalars['SafeInt']['output']>;
  /** Target seconds between blocks. */
  targetBlockRate?: Maybe<Scalars['SafeInt']['output']>;
  /** Gas targeted per 10 s window. */
  targetGas?: Maybe<Scalars['SafeInt']['output']>;
};

/** The genesis block of an EVM chain. */
export type EvmGenesis = {
  __typename?: 'EvmGenesis';
  /** Airdrop amount, if the chain had one. */
  airdropAmount?: Maybe<Scalars['BigInt']['output']>;
  /** Hash of the airdrop data. */
  airdropHash?: Maybe<Scalars['String']['output']>;
  /** Accounts funded or deployed at genesis. */
  alloc?: Maybe<Array<GenesisAccount>>;
  /** Base fee of the genesis block, in wei. */
  baseFeePerGas?: Maybe<Scalars['BigInt']['output']>;
  /** Blob gas used (hex). */
  blobGasUsed?: Maybe<Scalars['String']['output']>;
  /** Coinbase address. */
  coinbase?: Maybe<Scalars['String']['output']>;
  /** The chain config. */
  config?: Maybe<EvmGenesisConfig>;
  /** Difficulty (hex). */
  difficulty?: Maybe<Scalars['String']['output']>;
  /** Excess blob gas (hex). */
  excessBlobGas?: Maybe<Scalars['String']['output']>;
  /** Extra data (hex). */
  extraData?: Maybe<Scalars['String']['output']>;
  /** Gas limit (hex quantity). */
  gasLimit?: Maybe<Scalars['String']['output']>;
  /** Gas used (hex quantity). */
  gasUsed?: Maybe<Scalars['String']['output']>;
  /** Mix hash. */
  mixHash?: Maybe<Scalars['String']['output']>;
  /** Nonce (hex). */
  nonce?: Maybe<Scalars['String']['output']>;
  /** Block number (hex). */
  number?: Maybe<Scalars['String']['output']>;
  /** Parent hash. */
  parentHash?: Maybe<Scalars['String']['output']>;
  /** Genesis time (hex Unix seconds). */
  timestamp?: Maybe<Scalars['String']['output']>;
};

/** The chain config in an EVM genesis: chain id, fork blocks, fees, Warp and precompiles. */
export type EvmGenesisConfig = {
  __typename?: 'EvmGenesisConfig';
  /** Whether block producers may name their own fee recipient. */
  allowFeeRecipients?: Maybe<Scalars['Boolean']['output']>;
  /** Block at which the Berlin rules activate. */
  berlinBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the Byzantium rules activate. */
  byzantiumBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** The EVM chain id. */
  chainId?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the Constantinople rules activate. */
  constantinopleBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Who may deploy contracts, when restricted. */
  contractDeployerAllowListConfig?: Maybe<PrecompileAllowListConfig>;
  /** Who may mint the native token. */
  contractNativeMinterConfig?: Maybe<PrecompileAllowListConfig>;
  /** Block at which the EIP-150 rules activate. */
  eip150Block?: Maybe<Scalars['SafeInt']['output']>;
  /** Hash of the EIP-150 fork block. */
  eip150Hash?: Maybe<Scalars['String']['output']>;
  /** Block at which the EIP-155 rules activate. */
  eip155Block?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the EIP-158 rules activate. */
  eip158Block?: Maybe<Scalars['SafeInt']['output']>;
  /** Fee parameters. */
  feeConfig?: Maybe<EvmFeeConfig>;
  /** Who may change the fee config. */
  feeManagerConfig?: Maybe<PrecompileAllowListConfig>;
  /** Block at which the Homestead rules activate. */
  homesteadBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the Istanbul rules activate. */
  istanbulBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the London rules activate. */
  londonBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the Muir Glacier rules activate. */
  muirGlacierBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Block at which the Petersburg rules activate. */
  petersburgBlock?: Maybe<Scalars['SafeInt']['output']>;
  /** Who may change where fees go. */
  rewardManagerConfig?: Maybe<PrecompileAllowListConfig>;
  /** Unix time (s) at which Subnet-EVM rules activate. */
  subnetEVMTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** Who may send transactions, when restricted. */
  txAllowListConfig?: Maybe<PrecompileAllowListConfig>;
  /** Warp messaging settings. */
  warpConfig?: Maybe<WarpConfig>;
};

/** Value an ExportTx took from a C-Chain account. */
export type EvmInput = {
  __typename?: 'EvmInput';
  /** What it took. */
  asset: AssetAmount;
  /** Signatures. */
  credentials: Array<UtxoCredential>;
  /** The 0x account. */
  fromAddress: Scalars['String']['output'];
};

/** The method a transaction called. */
export type EvmMethod = {
  __typename?: 'EvmMethod';
  /** Native transfer, contract call or contract creation. */
  callType?: Maybe<EvmCallType>;
  /** The 4-byte selector, e.g. "0xa9059cbb". */
  methodHash: Scalars['String']['output'];
  /** The decoded signature, e.g. "transfer(address,uint256)", when known. */
  methodName?: Maybe<Scalars['String']['output']>;
};

/** Value an ImportTx credited to a C-Chain account. */
export type EvmOutput = {
  __typename?: 'EvmOutput';
  /** What it credited. */
  asset: AssetAmount;
  /** The 0x account. */
  toAddress: Scalars['String']['output'];
};

/** The sender or recipient of an EVM transfer, with its token identity when it is a token contract. */
export type EvmParty = {
  __typename?: 'EvmParty';
  /** The address on its chain: balances, transfers, contract metadata. */
  account: EvmAddress;
  /** The 0x address (checksummed). */
  address: Scalars['String']['output'];
  /** Metadata of the contract at this address; null for an account. Each contract is looked up once per request; a transaction's sender, always an account, is not looked up. */
  contract?: Maybe<ContractMetadata>;
  /** Token decimals, when it is a token. */
  decimals?: Maybe<Scalars['Int']['output']>;
  /** Logo, when known. */
  logoUri?: Maybe<Scalars['String']['output']>;
  /** Token or contract name, when it is one. */
  name?: Maybe<Scalars['String']['output']>;
  /** Token symbol, when it is a token. */
  symbol?: Maybe<Scalars['String']['output']>;
};

/** A transaction on an EVM chain. */
export type EvmTransaction = {
  __typename?: 'EvmTransaction';
  /** Its block hash. */
  blockHash: Scalars['String']['output'];
  /** Its position in the block. */
  blockIndex: Scalars['Int']['output'];
  /** The block's minimum delay excess, where recorded. */
  blockMinDelayExcess?: Maybe<Scalars['SafeInt']['output']>;
  /** Its block. */
  blockNumber: Scalars['BigInt']['output'];
  /** Unix time (s) of its block. */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** Unix time (ms) of its block, where the chain records it. */
  blockTimestampMilliseconds?: Maybe<Scalars['SafeInt']['output']>;
  /** The chain it ran on. */
  chain: EvmChain;
  /** EVM chain id, as the Data API writes it. */
  chainId: Scalars['String']['output'];
  /** The sender: always an account (EOA), so its `contract` is null without a lookup. */
  from: EvmParty;
  /** Gas limit. */
  gasLimit: Scalars['BigInt']['output'];
  /** Gas price, in wei. */
  gasPrice: Scalars['BigInt']['output'];
  /** Gas used. */
  gasUsed: Scalars['BigInt']['output'];
  /** The method called. */
  method?: Maybe<EvmMethod>;
  /** The sender's nonce. */
  nonce: Scalars['BigInt']['output'];
  /** SUCCESS or FAILED. */
  status?: Maybe<EvmTransactionStatus>;
  /** The recipient: an account or a contract. */
  to: EvmParty;
  /** The transaction hash. */
  txHash: Scalars['String']['output'];
  /** The status as the Data API writes it ("1" success, "0" failure). */
  txStatus: Scalars['String']['output'];
  /** EIP-2718 type: 0 legacy, 2 EIP-1559, ... */
  txType: Scalars['Int']['output'];
  /** Native value sent, in wei. */
  value: Scalars['BigInt']['output'];
};

/** A page of EVM transactions. */
export type EvmTransactionConnection = {
  __typename?: 'EvmTransactionConnection';
  /** The items of this page with their cursors. */
  edges: Array<EvmTransactionEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<EvmTransaction>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A transaction and its cursor. */
export type EvmTransactionEdge = {
  __typename?: 'EvmTransactionEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: EvmTransaction;
};

/** Whether an EVM transaction succeeded. */
export type EvmTransactionStatus =
  /** It reverted; only its gas was spent. */
  | 'FAILED'
  /** It executed. */
  | 'SUCCESS';

/** A VM plugin the node failed to load. */
export type FailedVm = {
  __typename?: 'FailedVm';
  /** Why it failed. */
  error: Scalars['String']['output'];
  /** The VM id. */
  vmId: Scalars['String']['output'];
};

/** A Subnet-EVM chain's fee parameters (eth_feeConfig, or the chain config's `feeConfig`). */
export type FeeConfig = {
  __typename?: 'FeeConfig';
  /** How fast the base fee moves: a larger value changes it more slowly. */
  baseFeeChangeDenominator: Scalars['BigInt']['output'];
  /** How much the block gas cost moves per second off the target rate. */
  blockGasCostStep: Scalars['BigInt']['output'];
  /** Gas a block may use. */
  gasLimit: Scalars['BigInt']['output'];
  /** The block at which this config took effect (0: since genesis); only from `feeConfig`, not in a chain config. */
  lastChangedAt?: Maybe<Scalars['BigInt']['output']>;
  /** The highest block gas cost. */
  maxBlockGasCost: Scalars['BigInt']['output'];
  /** The lowest base fee, in wei. */
  minBaseFee: Scalars['BigInt']['output'];
  /** The lowest block gas cost. */
  minBlockGasCost: Scalars['BigInt']['output'];
  /** Seconds between blocks the fee algorithm aims for. */
  targetBlockRate: Scalars['BigInt']['output'];
  /** Gas per 10 s the fee algorithm aims for; more raises the base fee. */
  targetGas: Scalars['BigInt']['output'];
};

/** An account funded or deployed at genesis. */
export type GenesisAccount = {
  __typename?: 'GenesisAccount';
  /** The 0x address. */
  address: Scalars['String']['output'];
  /** Balance in wei, as a hex quantity (e.g. "0x52b7d2dcc80cd2e4000000"). */
  balance?: Maybe<Scalars['String']['output']>;
  /** Contract bytecode (hex), for contracts. */
  code?: Maybe<Scalars['String']['output']>;
  /** Contract storage at genesis, for contracts. */
  storage?: Maybe<Array<StorageSlot>>;
};

/** The last result of one of the node's health checks. */
export type HealthCheck = {
  __typename?: 'HealthCheck';
  /** How many times in a row it has failed; 0 when healthy. */
  contiguousFailures: Scalars['BigInt']['output'];
  /** How long it took, in nanoseconds. */
  durationNs: Scalars['BigInt']['output'];
  /** Why the check failed; null when it passed. */
  error?: Maybe<Scalars['String']['output']>;
  /** Whether the check passed (it has no `error`). */
  healthy: Scalars['Boolean']['output'];
  /** What the check reports, in its own shape (e.g. a chain's last accepted height). */
  message?: Maybe<Scalars['JSON']['output']>;
  /** The check: a chain (its alias or id), or a global one such as `bootstrapped`, `database`, `network`. */
  name: Scalars['String']['output'];
  /** When the current run of failures began (RFC 3339); null when healthy. */
  timeOfFirstFailure?: Maybe<Scalars['String']['output']>;
  /** When the check last ran (RFC 3339). */
  timestamp?: Maybe<Scalars['String']['output']>;
};

/** A health report: whether every included check passes, and each check. */
export type HealthReport = {
  __typename?: 'HealthReport';
  /** The included checks, by name. */
  checks: Array<HealthCheck>;
  /** True when every included check passes. */
  healthy: Scalars['Boolean']['output'];
};

/** A staking reward paid at the end of a validation or delegation. */
export type HistoricalReward = {
  __typename?: 'HistoricalReward';
  /** Addresses the reward was paid to. */
  addresses: Array<Address>;
  /** The stake, in nAVAX. */
  amountStaked: Scalars['BigInt']['output'];
  /** Unix time (s) the stake ended. */
  endTimestamp: Scalars['SafeInt']['output'];
  /** The asset's price in the requested currency when the reward was paid. */
  historicalPrice?: Maybe<Price>;
  /** The validating node. */
  nodeId: Scalars['String']['output'];
  /** Index of that UTXO in the reward transaction. */
  outputIndex: Scalars['Int']['output'];
  /** The reward. */
  reward: AssetAmount;
  /** The RewardValidatorTx that paid it. */
  rewardTxHash: Scalars['String']['output'];
  /** Validator reward, delegator reward or validator fee. */
  rewardType: RewardType;
  /** Unix time (s) the stake started. */
  startTimestamp: Scalars['SafeInt']['output'];
  /** The staking transaction (AddValidatorTx, AddPermissionlessDelegatorTx, ...). */
  txHash: Scalars['String']['output'];
  /** The UTXO that holds the reward. */
  utxoId: Scalars['String']['output'];
};

/** A page of staking rewards. */
export type HistoricalRewardConnection = {
  __typename?: 'HistoricalRewardConnection';
  /** The items of this page with their cursors. */
  edges: Array<HistoricalRewardEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<HistoricalReward>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A reward and its cursor. */
export type HistoricalRewardEdge = {
  __typename?: 'HistoricalRewardEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: HistoricalReward;
};

/** Which end of a message a chain is. */
export type IcmChainRole =
  /** Messages sent to the chain. */
  | 'DESTINATION'
  /** Both. */
  | 'EITHER'
  /** Messages sent from the chain. */
  | 'SOURCE';

/** The transaction that delivered the message. */
export type IcmDestinationTransaction = {
  __typename?: 'IcmDestinationTransaction';
  /** The relayer that delivered it. */
  delivererAddress: Scalars['String']['output'];
  /** Gas it spent. */
  gasSpent: Scalars['BigInt']['output'];
  /** Who may redeem the relayer reward. */
  rewardRedeemer: Scalars['String']['output'];
  /** Unix time (s). */
  timestamp: Scalars['SafeInt']['output'];
  /** Its hash. */
  txHash: Scalars['String']['output'];
};

/** An interchain (ICM / Teleporter) message from one chain of the network to another. */
export type IcmMessage = {
  __typename?: 'IcmMessage';
  /** The payload (hex). */
  data?: Maybe<Scalars['String']['output']>;
  /** The destination blockchain. */
  destinationBlockchain?: Maybe<Blockchain>;
  /** Where it goes. */
  destinationBlockchainId: Scalars['String']['output'];
  /** The destination as an EVM chain. */
  destinationChain?: Maybe<EvmChain>;
  /** EVM chain id of the destination. */
  destinationEvmChainId: Scalars['String']['output'];
  /** The delivering transaction; null while pending. */
  destinationTransaction?: Maybe<IcmDestinationTransaction>;
  /** The sender (an address on the source chain). */
  from: Scalars['String']['output'];
  /** The messenger contract (TeleporterMessenger). */
  icmContractAddress: Scalars['String']['output'];
  /** Whether the destination executed it. */
  messageExecuted: Scalars['Boolean']['output'];
  /** The message id. */
  messageId: Scalars['String']['output'];
  /** The message's nonce at its source. */
  messageNonce: Scalars['BigInt']['output'];
  /** The network it travels on. */
  network: NetworkName;
  /** Whether its receipt reached the source. */
  receiptDelivered: Scalars['Boolean']['output'];
  /** Receipts sent back. */
  receipts: Array<IcmReceipt>;
  /** The recipient on its chain. */
  recipient?: Maybe<EvmAddress>;
  /** The relayer fee. */
  rewardDetails: IcmRewardDetails;
  /** The sender on its chain. */
  sender?: Maybe<EvmAddress>;
  /** The source blockchain. */
  sourceBlockchain?: Maybe<Blockchain>;
  /** Where it was sent from. */
  sourceBlockchainId: Scalars['String']['output'];
  /** The source as an EVM chain. */
  sourceChain?: Maybe<EvmChain>;
  /** EVM chain id of the source. */
  sourceEvmChainId: Scalars['String']['output'];
  /** The sending transaction; null when the source chain is not indexed. */
  sourceTransaction?: Maybe<IcmSourceTransaction>;
  /** Pending or delivered. */
  status?: Maybe<IcmMessageStatus>;
  /** The recipient (an address on the destination chain). */
  to: Scalars['String']['output'];
};

/** A page of ICM messages, newest first. */
export type IcmMessageConnection = {
  __typename?: 'IcmMessageConnection';
  /** The items of this page with their cursors. */
  edges: Array<IcmMessageEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<IcmMessage>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A message and its cursor. */
export type IcmMessageEdge = {
  __typename?: 'IcmMessageEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: IcmMessage;
};

/** Where a message is on its way. */
export type IcmMessageStatus =
  /** Delivered to the destination chain. */
  | 'DELIVERED'
  /** Delivered; its source chain is not indexed, so the sending transaction is unknown. */
  | 'DELIVERED_SOURCE_NOT_INDEXED'
  /** Sent, not yet delivered. */
  | 'PENDING';

/** A receipt the destination sent back for a message. */
export type IcmReceipt = {
  __typename?: 'IcmReceipt';
  /** The nonce of the message received. */
  receivedMessageNonce: Scalars['BigInt']['output'];
  /** Where the relayer gets its reward. */
  relayerRewardAddress: Scalars['String']['output'];
};

/** The fee paid to the relayer that delivers the message. */
export type IcmRewardDetails = {
  __typename?: 'IcmRewardDetails';
  /** The fee token contract. */
  address: Scalars['String']['output'];
  /** Token decimals. */
  decimals: Scalars['Int']['output'];
  /** ERC_20. */
  ercType: ErcType;
  /** Token logo. */
  logoUri?: Maybe<Scalars['String']['output']>;
  /** Token name. */
  name: Scalars['String']['output'];
  /** Token price, when known. */
  price?: Maybe<Price>;
  /** Token symbol. */
  symbol: Scalars['String']['output'];
  /** The fee, in the token's smallest unit. */
  value: Scalars['BigInt']['output'];
};

/** The transaction that sent the message. */
export type IcmSourceTransaction = {
  __typename?: 'IcmSourceTransaction';
  /** Gas it spent. */
  gasSpent: Scalars['BigInt']['output'];
  /** Unix time (s). */
  timestamp: Scalars['SafeInt']['output'];
  /** Its hash. */
  txHash: Scalars['String']['output'];
};

/** An image of a contract (logo or banner). */
export type ImageAsset = {
  __typename?: 'ImageAsset';
  /** The asset id. */
  assetId?: Maybe<Scalars['String']['output']>;
  /** Where to load it. */
  imageUri?: Maybe<Scalars['String']['output']>;
};

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

/** A block, vertex or transaction as the node's index holds it. */
export type IndexedContainer = {
  __typename?: 'IndexedContainer';
  /** When this node accepted it (RFC 3339); containers indexed while the node bootstrapped carry the bootstrap time. */
  acceptedAt: Scalars['String']['output'];
  /** Its bytes (hex with checksum). */
  bytes: Scalars['String']['output'];
  /** Its id (cb58). */
  id: Scalars['String']['output'];
  /** Its position: how many containers this index accepted before it (the first is 0). */
  index: Scalars['BigInt']['output'];
};

/** A page of indexed containers. */
export type IndexedContainerConnection = {
  __typename?: 'IndexedContainerConnection';
  /** The items of this page with their cursors. */
  edges: Array<IndexedContainerEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<IndexedContainer>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A container and its cursor. */
export type IndexedContainerEdge = {
  __typename?: 'IndexedContainerEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: IndexedContainer;
};

/** A call made by a contract during a transaction: CALL/CALLCODE with value, or CREATE/CREATE2/CREATE3. */
export type InternalTransaction = {
  __typename?: 'InternalTransaction';
  /** Its block hash. */
  blockHash: Scalars['String']['output'];
  /** Its block. */
  blockNumber: Scalars['BigInt']['output'];
  /** Unix time (s) of its block. */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** Unix time (ms) of its block, where recorded. */
  blockTimestampMilliseconds?: Maybe<Scalars['SafeInt']['output']>;
  /** The calling contract. */
  from: EvmParty;
  /** Gas limit. */
  gasLimit: Scalars['BigInt']['output'];
  /** Gas used. */
  gasUsed: Scalars['BigInt']['output'];
  /** The operation. */
  internalTxType: InternalTransactionType;
  /** Whether it reverted. */
  isReverted: Scalars['Boolean']['output'];
  /** The callee, or the created contract. */
  to: EvmParty;
  /** The transaction it ran in. */
  txHash: Scalars['String']['output'];
  /** Native value moved, in wei. */
  value: Scalars['BigInt']['output'];
};

/** A page of internal transactions. */
export type InternalTransactionConnection = {
  __typename?: 'InternalTransactionConnection';
  /** The items of this page with their cursors. */
  edges: Array<InternalTransactionEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<InternalTransaction>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** An internal transaction and its cursor. */
export type InternalTransactionEdge = {
  __typename?: 'InternalTransactionEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: InternalTransaction;
};

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

/** A validator of an L1, identified by its validation id. */
export type L1Validator = Node & {
  __typename?: 'L1Validator';
  /** Its BLS key. */
  blsCredentials?: Maybe<BlsCredentials>;
  /** Unix time (s) of the transaction that created it. */
  creationTimestamp: Scalars['SafeInt']['output'];
  /** Who may disable or remove it. */
  deactivationOwner?: Maybe<BalanceOwner>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The network of the L1. */
  network: NetworkName;
  /** The node doing the validation ("NodeID-…"). */
  nodeId: Scalars['String']['output'];
  /** This validator's current entry on the P-Chain (balance, nonce, uptime); null when it is no longer a current validator. One call per subnet for all the L1 validators of a response. */
  pChainValidator?: Maybe<PChainValidator>;
  /** Balance left for the continuous fee, in nAVAX; at 0 the validator turns inactive. */
  remainingBalance: Scalars['BigInt']['output'];
  /** Who gets the remaining balance back when it is disabled or removed. */
  remainingBalanceOwner?: Maybe<BalanceOwner>;
  /** The L1 (subnet) it validates. */
  subnet?: Maybe<Subnet>;
  /** The L1 (subnet) it validates. */
  subnetId: Scalars['String']['output'];
  /** P-Chain transactions of this validation: its registration, balance increases, weight changes, removal. `first`: 1 to 500 (default 10); 100 per upstream call, and a page may come back shorter when its transactions hold many UTXOs. */
  transactions?: Maybe<PrimaryNetworkTransactionConnection>;
  /** The validation id (cb58): unique while the validator is part of the L1. */
  validationId: Scalars['String']['output'];
  /** The validation id in hex, as contracts see it. */
  validationIdHex: Scalars['String']['output'];
  /** Sampling weight; 0 means removed. */
  weight: Scalars['BigInt']['output'];
};


/** A validator of an L1, identified by its validation id. */
export type L1ValidatorTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  endTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
  startTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  txTypes?: InputMaybe<Array<PrimaryNetworkTxType>>;
};

/** A page of L1 validators. */
export type L1ValidatorConnection = {
  __typename?: 'L1ValidatorConnection';
  /** The P-Chain height at which remaining balances were computed. */
  blockHeight?: Maybe<Scalars['BigInt']['output']>;
  /** The items of this page with their cursors. */
  edges: Array<L1ValidatorEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<L1Validator>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** An L1 validator as a transaction left it. */
export type L1ValidatorDetails = {
  __typename?: 'L1ValidatorDetails';
  /** How the transaction changed the balance, in nAVAX. */
  balanceChange?: Maybe<Scalars['BigInt']['output']>;
  /** Its BLS key. */
  blsCredentials?: Maybe<BlsCredentials>;
  /** The validating node. */
  nodeId: Scalars['String']['output'];
  /** Balance after the transaction, in nAVAX. */
  remainingBalance: Scalars['BigInt']['output'];
  /** The L1. */
  subnetId: Scalars['String']['output'];
  /** The validation id (cb58). */
  validationId: Scalars['String']['output'];
  /** The validation id in hex. */
  validationIdHex: Scalars['String']['output'];
  /** The validator as it is now (its inactive state included). */
  validator?: Maybe<L1Validator>;
  /** Weight after the transaction. */
  weight: Scalars['BigInt']['output'];
};

/** An L1 validator and its cursor. */
export type L1ValidatorEdge = {
  __typename?: 'L1ValidatorEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: L1Validator;
};

/** The contract that manages an L1's validator set. */
export type L1ValidatorManager = {
  __typename?: 'L1ValidatorManager';
  /** The blockchain the contract lives on; null if the subnet listing does not know it. */
  blockchain?: Maybe<Blockchain>;
  /** The blockchain the contract lives on. */
  blockchainId: Scalars['String']['output'];
  /** The 0x address of the manager contract. */
  contractAddress: Scalars['String']['output'];
};

/** What admin.loadVMs did. */
export type LoadVmsResult = {
  __typename?: 'LoadVmsResult';
  /** VMs that failed to load; empty when all loaded. */
  failed: Array<FailedVm>;
  /** VMs newly loaded, with their aliases. */
  loaded: Array<LoadedVm>;
};

/** A VM plugin the node loaded. */
export type LoadedVm = {
  __typename?: 'LoadedVm';
  /** Its aliases. */
  aliases: Array<Scalars['String']['output']>;
  /** The VM id. */
  vmId: Scalars['String']['output'];
};

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

/** A logger of the node and its levels: what it writes to its log file, and what it displays. */
export type LoggerLevel = {
  __typename?: 'LoggerLevel';
  /** The level shown on the console. */
  displayLevel: LogLevel;
  /** The level written to the log file. */
  logLevel: LogLevel;
  /** The logger, e.g. `main`, `http`, `C`, `P`, `X`. */
  name: Scalars['String']['output'];
};

/** Operations that ask an upstream to do something. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Collects the signing subnet's validator signatures for a Warp message and returns it signed. Every rule of the input is checked before the call. */
  aggregateSignatures?: Maybe<SignedMessage>;
  /** Makes an API of the node reachable at /ext/<alias> too (admin.alias); the original path still works. This node only. True when done. */
  nodeAlias?: Maybe<Scalars['Boolean']['output']>;
  /** Gives a chain a name usable wherever its blockchain id is (admin.aliasChain). This node only. True when done. */
  nodeAliasChain?: Maybe<Scalars['Boolean']['output']>;
  /** Loads the VM plugins installed on the node since it started (admin.loadVMs). */
  nodeLoadVMs?: Maybe<LoadVmsResult>;
  /** Writes the node's mutex statistics to lock.profile in its working directory (admin.lockProfile). True when done. */
  nodeLockProfile?: Maybe<Scalars['Boolean']['output']>;
  /** Writes a memory profile of the node to mem.profile (admin.memoryProfile). True when done. */
  nodeMemoryProfile?: Maybe<Scalars['Boolean']['output']>;
  /** Changes what a logger (or every logger) writes and displays (admin.setLoggerLevel); give `logLevel`, `displayLevel` or both. Answers the levels after the change. */
  nodeSetLoggerLevel?: Maybe<Array<LoggerLevel>>;
  /** Starts profiling the node's CPU until `nodeStopCPUProfiler` (admin.startCPUProfiler). True when started. */
  nodeStartCPUProfiler?: Maybe<Scalars['Boolean']['output']>;
  /** Stops the CPU profiler and writes cpu.profile (admin.stopCPUProfiler). True when done. */
  nodeStopCPUProfiler?: Maybe<Scalars['Boolean']['output']>;
};


/** Operations that ask an upstream to do something. */
export type MutationAggregateSignaturesArgs = {
  input: AggregateSignaturesInput;
  network?: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeAliasArgs = {
  alias: Scalars['String']['input'];
  endpoint: Scalars['String']['input'];
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeAliasChainArgs = {
  alias: Scalars['String']['input'];
  chain: Scalars['String']['input'];
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeLoadVMsArgs = {
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeLockProfileArgs = {
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeMemoryProfileArgs = {
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeSetLoggerLevelArgs = {
  displayLevel?: InputMaybe<LogLevel>;
  logLevel?: InputMaybe<LogLevel>;
  loggerName?: InputMaybe<Scalars['String']['input']>;
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeStartCpuProfilerArgs = {
  network: NetworkName;
};


/** Operations that ask an upstream to do something. */
export type MutationNodeStopCpuProfilerArgs = {
  network: NetworkName;
};

/** An address's balance of the chain's native token. */
export type NativeBalance = {
  __typename?: 'NativeBalance';
  /** The balance, in wei. */
  balance: Scalars['BigInt']['output'];
  /** Value of the balance in the asked currency, when priced. */
  balanceValue?: Maybe<Price>;
  /** EVM chain id. */
  chainId: Scalars['String']['output'];
  /** Decimal places (18 for AVAX). */
  decimals: Scalars['Int']['output'];
  /** Logo. */
  logoUri?: Maybe<Scalars['String']['output']>;
  /** Token name, e.g. "Avalanche". */
  name: Scalars['String']['output'];
  /** Price of one token in the asked currency, when known. */
  price?: Maybe<Price>;
  /** Token symbol, e.g. "AVAX". */
  symbol: Scalars['String']['output'];
};

/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type Network = {
  __typename?: 'Network';
  /** An address of this network, to read its chains, transactions and rewards. */
  address: Address;
  /** Several addresses at once (up to 100), in the order given. */
  addresses: Array<Address>;
  /** The node's admin queries. Needs `Authorization: Bearer <ADMIN_TOKEN>` (FORBIDDEN otherwise, and the node is not called), and a node started with --api-admin-enabled (NODE_API_UNAVAILABLE otherwise). */
  admin?: Maybe<NodeAdmin>;
  /** The aggregated signature of the Warp message of a P-Chain L1 transaction (ConvertSubnetToL1Tx, RegisterL1ValidatorTx, SetL1ValidatorWeightTx, DisableL1ValidatorTx); null if there is no such transaction. */
  aggregatedSignature?: Maybe<SignedMessage>;
  /** One blockchain by id; null if the network has no such blockchain. */
  blockchain?: Maybe<Blockchain>;
  /** An EVM chain of this network, by EVM chain id or by blockchain id (give exactly one); null if the network has none such. */
  evmChain?: Maybe<EvmChain>;
  /** This network's node's health (NODE_URL_MAINNET / NODE_URL_FUJI). */
  health: NodeHealth;
  /** ICM messages between the chains of this network, newest first, optionally by sender or recipient. `first`: 1 to 500 (default 10). */
  icmMessages?: Maybe<IcmMessageConnection>;
  /** One of the node's indexes. Only nodes started with --index-enabled serve them (public endpoints do not): elsewhere its fields fail with NODE_API_UNAVAILABLE. */
  index: NodeIndex;
  /** One L1 validator by validation id, active or not; null if unknown. */
  l1Validator?: Maybe<L1Validator>;
  /** L1 validators of the network, active ones unless asked. `first`: 1 to 500 (default 10); 100 per upstream call. */
  l1Validators?: Maybe<L1ValidatorConnection>;
  /** MAINNET or FUJI. */
  name: NetworkName;
  /** The P-Chain as this network's node serves it (NODE_URL_MAINNET / NODE_URL_FUJI). */
  pChain: PChain;
  /** Historical staking rewards paid to `addresses` or earned by `nodeIds` (at least one is required). `first`: 1 to 500 (default 10). */
  rewards?: Maybe<HistoricalRewardConnection>;
  /** One subnet by id; null if the network has no such subnet. */
  subnet?: Maybe<Subnet>;
  /** All subnets of the network, the Primary Network among them, with their blockchains. `first`: 1 to 10000 (default 100), one upstream call per page. */
  subnets?: Maybe<SubnetConnection>;
  /** One transaction by hash; null if the chain has no such transaction. */
  transaction?: Maybe<PrimaryNetworkTransaction>;
  /** Latest transactions of one Primary Network chain. `txTypes` and the timestamps need `addresses` (or `l1ValidationId` on the P-Chain). `first`: 1 to 500 (default 10); 100 per upstream call, and a page may come back shorter when its transactions hold many UTXOs. */
  transactions?: Maybe<PrimaryNetworkTransactionConnection>;
  /** Latest X-Chain vertices, newest first. `first`: 1 to 500 (default 10); 100 per upstream call. */
  vertices?: Maybe<XChainVertexConnection>;
  /** The X-Chain as this network's node serves it (NODE_URL_MAINNET / NODE_URL_FUJI). */
  xChain: XChain;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkAddressArgs = {
  address: Scalars['AvalancheAddress']['input'];
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkAddressesArgs = {
  addresses: Array<Scalars['AvalancheAddress']['input']>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkAggregatedSignatureArgs = {
  txHash: Scalars['CB58Id']['input'];
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkBlockchainArgs = {
  blockchainId: Scalars['CB58Id']['input'];
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkEvmChainArgs = {
  blockchainId?: InputMaybe<Scalars['CB58Id']['input']>;
  evmChainId?: InputMaybe<Scalars['SafeInt']['input']>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkIcmMessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  from?: InputMaybe<Scalars['EvmHexAddress']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  to?: InputMaybe<Scalars['EvmHexAddress']['input']>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkIndexArgs = {
  name: IndexName;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkL1ValidatorArgs = {
  validationId: Scalars['CB58Id']['input'];
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkL1ValidatorsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  includeInactive?: InputMaybe<Scalars['Boolean']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  nodeId?: InputMaybe<Scalars['NodeID']['input']>;
  subnetId?: InputMaybe<Scalars['CB58Id']['input']>;
  validationId?: InputMaybe<Scalars['CB58Id']['input']>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkRewardsArgs = {
  addresses?: InputMaybe<Array<Scalars['AvalancheAddress']['input']>>;
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Currency>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  nodeIds?: InputMaybe<Array<Scalars['NodeID']['input']>>;
  sortOrder?: InputMaybe<SortOrder>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkSubnetArgs = {
  subnetId: Scalars['CB58Id']['input'];
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkSubnetsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkTransactionArgs = {
  chain: PrimaryNetworkChain;
  txHash: Scalars['CB58Id']['input'];
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkTransactionsArgs = {
  addresses?: InputMaybe<Array<Scalars['AvalancheAddress']['input']>>;
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  chain: PrimaryNetworkChain;
  endTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  l1ValidationId?: InputMaybe<Scalars['CB58Id']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sortOrder?: InputMaybe<SortOrder>;
  startTimestamp?: InputMaybe<Scalars['SafeInt']['input']>;
  txTypes?: InputMaybe<Array<PrimaryNetworkTxType>>;
};


/** An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses. */
export type NetworkVerticesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

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

/** A token's metadata, as far as it could be read from its token URI. */
export type NftMetadata = {
  __typename?: 'NftMetadata';
  /** Animation. */
  animationUri?: Maybe<Scalars['String']['output']>;
  /** Attributes, as the JSON text of the metadata (ERC-721). */
  attributes?: Maybe<Scalars['String']['output']>;
  /** Background colour. */
  background?: Maybe<Scalars['String']['output']>;
  /** Decimals of the token (ERC-1155). */
  decimals?: Maybe<Scalars['Int']['output']>;
  /** Description. */
  description?: Maybe<Scalars['String']['output']>;
  /** External page. */
  externalUrl?: Maybe<Scalars['String']['output']>;
  /** Image. */
  imageUri?: Maybe<Scalars['String']['output']>;
  /** Whether it was read and indexed. */
  indexStatus: NftIndexStatus;
  /** Unix time (s) it was last read. */
  metadataLastUpdatedTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** Token name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Properties, as JSON text (ERC-1155). */
  properties?: Maybe<Scalars['String']['output']>;
  /** Token symbol. */
  symbol?: Maybe<Scalars['String']['output']>;
};

/** An object that `node(id:)` can fetch again by its global id. */
export type Node = {
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
};

/** Read-only admin queries of the node (admin.*). Needs the gateway's ADMIN_TOKEN and a node started with --api-admin-enabled. */
export type NodeAdmin = {
  __typename?: 'NodeAdmin';
  /** The aliases of a chain, its id among them (admin.getChainAliases); empty when the node knows no such chain. */
  chainAliases?: Maybe<Array<Scalars['String']['output']>>;
  /** The levels of every logger, or of one (admin.getLoggerLevel). */
  loggerLevels?: Maybe<Array<LoggerLevel>>;
};


/** Read-only admin queries of the node (admin.*). Needs the gateway's ADMIN_TOKEN and a node started with --api-admin-enabled. */
export type NodeAdminChainAliasesArgs = {
  chain: Scalars['CB58Id']['input'];
};


/** Read-only admin queries of the node (admin.*). Needs the gateway's ADMIN_TOKEN and a node started with --api-admin-enabled. */
export type NodeAdminLoggerLevelsArgs = {
  loggerName?: InputMaybe<Scalars['String']['input']>;
};

/** The node's health checks. Node specific: public endpoints do not serve them (NODE_API_UNAVAILABLE). */
export type NodeHealth = {
  __typename?: 'NodeHealth';
  /** Whether the node is alive (health.liveness). */
  liveness?: Maybe<HealthReport>;
  /** The checks run until the node finished starting (health.readiness). */
  readiness?: Maybe<HealthReport>;
  /** The last result of every check (health.health). */
  report?: Maybe<HealthReport>;
};


/** The node's health checks. Node specific: public endpoints do not serve them (NODE_API_UNAVAILABLE). */
export type NodeHealthReadinessArgs = {
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};


/** The node's health checks. Node specific: public endpoints do not serve them (NODE_API_UNAVAILABLE). */
export type NodeHealthReportArgs = {
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** One of the node's indexes: its containers in the order the node accepted them. */
export type NodeIndex = {
  __typename?: 'NodeIndex';
  /** A container by id or by position (exactly one): index.getContainerByID, index.getContainerByIndex. Null when the index has none. */
  container?: Maybe<IndexedContainer>;
  /** Containers in acceptance order from `startIndex` (index.getContainerRange). `first`: 1 to 10000 (default 100); up to 1024 per node call. Empty past the last container and while the index is empty. */
  containers?: Maybe<IndexedContainerConnection>;
  /** The position of a container in the index (index.getIndex); null when the index does not hold it. */
  indexOf?: Maybe<Scalars['BigInt']['output']>;
  /** Whether the index holds this container as accepted (index.isAccepted). */
  isAccepted?: Maybe<Scalars['Boolean']['output']>;
  /** The container accepted last (index.getLastAccepted); null while the index is empty (an index just turned on, or X_VTX on a node that never saw a vertex). */
  lastAccepted?: Maybe<IndexedContainer>;
  /** Which index. */
  name: IndexName;
};


/** One of the node's indexes: its containers in the order the node accepted them. */
export type NodeIndexContainerArgs = {
  id?: InputMaybe<Scalars['CB58Id']['input']>;
  index?: InputMaybe<Scalars['Uint64']['input']>;
};


/** One of the node's indexes: its containers in the order the node accepted them. */
export type NodeIndexContainersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  startIndex?: Scalars['Uint64']['input'];
};


/** One of the node's indexes: its containers in the order the node accepted them. */
export type NodeIndexIndexOfArgs = {
  id: Scalars['CB58Id']['input'];
};


/** One of the node's indexes: its containers in the order the node accepted them. */
export type NodeIndexIsAcceptedArgs = {
  id: Scalars['CB58Id']['input'];
};

/** An unspent output as the node holds it (avm.getUTXOs), read from its bytes. */
export type NodeUtxo = {
  __typename?: 'NodeUtxo';
  /** Addresses that can sign to spend it. */
  addresses: Array<Address>;
  /** The amount, in the smallest unit; null for an NFT. */
  amount?: Maybe<Scalars['BigInt']['output']>;
  /** The asset's description from the node (avm.getAssetDescription), fetched once per asset and kept. */
  asset?: Maybe<AssetDescription>;
  /** The asset id. */
  assetId: Scalars['String']['output'];
  /** The UTXO as the node sent it (hex with checksum). */
  bytes: Scalars['String']['output'];
  /** For an NFT: its group within the asset. */
  groupId?: Maybe<Scalars['Int']['output']>;
  /** Unix time (s) before which it cannot be spent; 0 for none. */
  locktime?: Maybe<Scalars['BigInt']['output']>;
  /** Its index among that transaction's outputs. */
  outputIndex: Scalars['Int']['output'];
  /** "secp256k1 transfer" for value, "nft transfer" for an NFT, or the codec type id of another output. */
  outputType: Scalars['String']['output'];
  /** For an NFT: its payload (hex). */
  payload?: Maybe<Scalars['String']['output']>;
  /** For an atomic UTXO read with `sourceChain`: the chain that exported it, waiting in shared memory for an import. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** Signatures needed to spend it. */
  threshold?: Maybe<Scalars['Int']['output']>;
  /** The transaction that created it. */
  txId: Scalars['String']['output'];
  /** The UTXO id (cb58). */
  utxoId: Scalars['String']['output'];
};

/** A page of UTXOs from the node. */
export type NodeUtxoConnection = {
  __typename?: 'NodeUtxoConnection';
  /** The items of this page with their cursors. */
  edges: Array<NodeUtxoEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<NodeUtxo>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A UTXO and its cursor. */
export type NodeUtxoEdge = {
  __typename?: 'NodeUtxoEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: NodeUtxo;
};

/** Who controls something on the P-/X-Chain: `threshold` signatures of `addresses`, after `locktime`. */
export type OutputOwners = {
  __typename?: 'OutputOwners';
  /** The addresses that may sign. */
  addresses: Array<Address>;
  /** Unix time (s) before which nothing can be done; 0 for none. */
  locktime: Scalars['BigInt']['output'];
  /** How many of `addresses` must sign. */
  threshold: Scalars['Int']['output'];
};

/** A P-Chain block, decoded from the node's JSON (platform.getBlock, platform.getBlockByHeight). */
export type PBlock = {
  __typename?: 'PBlock';
  /** The block id (cb58). A node whose JSON omits it costs one more call: the id is the sha256 of the block's bytes. */
  blockId: Scalars['String']['output'];
  /** Its height. */
  height: Scalars['BigInt']['output'];
  /** The block bytes (hex with checksum): one more call, with hex encoding. */
  hex?: Maybe<Scalars['String']['output']>;
  /** The previous block. */
  parentId: Scalars['String']['output'];
  /** Its Unix time (s), for blocks since Banff. */
  time?: Maybe<Scalars['SafeInt']['output']>;
  /** Its transactions: a standard block's decisions, a proposal block's proposal (after any decisions), none for a commit or abort. */
  transactions: Array<PBlockTransaction>;
};

/** A transaction of a P-Chain block, decoded from the node's JSON: what every type shares typed, the rest in `unsignedTx`. */
export type PBlockTransaction = {
  __typename?: 'PBlockTransaction';
  /** The chain it was issued on (the P-Chain). */
  blockchainId?: Maybe<Scalars['String']['output']>;
  /** One credential per input, in input order. */
  credentials: Array<PCredential>;
  /** For an export: the chain the value goes to. */
  destinationChain?: Maybe<Scalars['String']['output']>;
  /** For an export: the outputs it sends. */
  exportedOutputs?: Maybe<Array<TransferableOutput>>;
  /** For an import: the UTXOs it takes. */
  importedInputs?: Maybe<Array<TransferableInput>>;
  /** P-Chain UTXOs it spends (imported ones are in `importedInputs`). */
  inputs: Array<TransferableInput>;
  /** Its memo (hex). */
  memo?: Maybe<Scalars['String']['output']>;
  /** The network id it was signed for: 1 on mainnet, 5 on Fuji. */
  networkId?: Maybe<Scalars['Int']['output']>;
  /** Outputs it creates on the P-Chain (stakes and exports are in the type's own fields). */
  outputs: Array<TransferableOutput>;
  /** For an import: the chain the value comes from. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** The Data API's view of the transaction (type, amounts, UTXOs); null without `txId` or when not indexed. */
  transaction?: Maybe<PrimaryNetworkTransaction>;
  /** The transaction id, when the node includes it. */
  txId?: Maybe<Scalars['String']['output']>;
  /** The whole unsigned transaction, with the fields of its type (validator, subnet, chain, owners…); `transaction.txType` names the type. */
  unsignedTx: Scalars['JSON']['output'];
};

/** The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status. */
export type PChain = {
  __typename?: 'PChain';
  /**
   * P-Chain balances of some addresses (platform.getBalance).
   * @deprecated platform.getBalance is deprecated since avalanchego v1.9.12: use the Data API's P-Chain UTXOs and balances.
   */
  balance?: Maybe<PChainBalance>;
  /** A block by id or by height (exactly one), decoded (platform.getBlock, platform.getBlockByHeight); null when there is none. */
  block?: Maybe<PBlock>;
  /** The P-Chain's blockchain id (the same on every network). */
  blockchainId: Scalars['String']['output'];
  /** What this node knows of a blockchain, including ones only proposed (platform.getBlockchainStatus). */
  blockchainStatus?: Maybe<BlockchainStatus>;
  /**
   * Every blockchain but the P-Chain (platform.getBlockchains).
   * @deprecated platform.getBlockchains is deprecated since avalanchego v1.9.12: use `subnets { blockchains }` (the Data API listing).
   */
  blockchains?: Maybe<Array<PChainBlockchainEntry>>;
  /** An upper bound of the tokens that can stake a subnet, in its smallest unit (platform.getCurrentSupply): burnt tokens and fees are not subtracted. The Primary Network (AVAX) when `subnetId` is omitted; null for a subnet without a staking token. */
  currentSupply?: Maybe<Scalars['BigInt']['output']>;
  /** The current validators of a subnet (platform.getCurrentValidators); the Primary Network's when `subnetId` is omitted. */
  currentValidators?: Maybe<Array<PChainValidator>>;
  /** Height of the last accepted block (platform.getHeight). */
  height?: Maybe<Scalars['BigInt']['output']>;
};


/** The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status. */
export type PChainBalanceArgs = {
  addresses: Array<Scalars['AvalancheAddress']['input']>;
};


/** The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status. */
export type PChainBlockArgs = {
  blockId?: InputMaybe<Scalars['CB58Id']['input']>;
  height?: InputMaybe<Scalars['Uint64']['input']>;
};


/** The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status. */
export type PChainBlockchainStatusArgs = {
  blockchainId: Scalars['CB58Id']['input'];
};


/** The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status. */
export type PChainCurrentSupplyArgs = {
  subnetId?: InputMaybe<Scalars['CB58Id']['input']>;
};


/** The P-Chain as the network's node serves it (platform.* at /ext/bc/P): blocks, validators, supply, blockchain status. */
export type PChainCurrentValidatorsArgs = {
  nodeIds?: InputMaybe<Array<Scalars['NodeID']['input']>>;
  subnetId?: InputMaybe<Scalars['CB58Id']['input']>;
};

/** An amount of one asset on the P-Chain. */
export type PChainAssetAmount = {
  __typename?: 'PChainAssetAmount';
  /** The amount, in the smallest unit. */
  amount: Scalars['BigInt']['output'];
  /** The asset id. */
  assetId: Scalars['String']['output'];
};

/** P-Chain balances of some addresses, as platform.getBalance reports them. */
export type PChainBalance = {
  __typename?: 'PChainBalance';
  /** Everything, per asset. */
  balances: Array<PChainAssetAmount>;
  /** Locked, not usable for staking. */
  lockedNotStakeable: Array<PChainAssetAmount>;
  /** Locked, but usable for staking. */
  lockedStakeable: Array<PChainAssetAmount>;
  /** Spendable now. */
  unlocked: Array<PChainAssetAmount>;
  /** How many UTXOs hold it. */
  utxoCount: Scalars['Int']['output'];
};

/** A blockchain as platform.getBlockchains lists it. */
export type PChainBlockchainEntry = {
  __typename?: 'PChainBlockchainEntry';
  /** The same chain in the graph (from the Data API listing). */
  blockchain?: Maybe<Blockchain>;
  /** The blockchain id. */
  blockchainId: Scalars['String']['output'];
  /** Its name. */
  name: Scalars['String']['output'];
  /** The subnet that validates it. */
  subnetId: Scalars['String']['output'];
  /** The VM it runs. */
  vmId: Scalars['String']['output'];
};

/** A stake delegated to a Primary Network validator. */
export type PChainDelegator = {
  __typename?: 'PChainDelegator';
  /** Unix time (s) it ends. */
  endTime: Scalars['SafeInt']['output'];
  /** The validator delegated to. */
  nodeId: Scalars['String']['output'];
  /** The reward it earns if the validator stays up, in nAVAX. */
  potentialReward?: Maybe<Scalars['BigInt']['output']>;
  /** Who receives the reward. */
  rewardOwner?: Maybe<OutputOwners>;
  /** Unix time (s) the delegation started. */
  startTime: Scalars['SafeInt']['output'];
  /** The delegation transaction. */
  txId: Scalars['String']['output'];
  /** The stake, in nAVAX. */
  weight: Scalars['BigInt']['output'];
};

/** A P-Chain transaction: staking, subnets, blockchains, L1 validators, transfers. */
export type PChainTransaction = Node & PrimaryNetworkTransaction & {
  __typename?: 'PChainTransaction';
  /** Fees burned. */
  amountBurned: Array<AssetAmount>;
  /** Amount put into L1 validator balances (spent over time as the continuous fee). */
  amountL1ValidatorBalanceBurned: Array<AssetAmount>;
  /** Amount it staked. */
  amountStaked: Array<AssetAmount>;
  /** Hash of its block; null for X-Chain transactions of the DAG era. */
  blockHash?: Maybe<Scalars['String']['output']>;
  /** Height of its block; null for X-Chain transactions of the DAG era (see `vertices`). */
  blockNumber?: Maybe<Scalars['BigInt']['output']>;
  /** Unix time (s) it was accepted (`timestamp` in the X- and C-Chain answers). */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** The chain as a Blockchain, when the subnet listing has it (the P-Chain itself is not listed). */
  blockchain?: Maybe<Blockchain>;
  /** The chain's blockchain id. */
  blockchainId: Scalars['String']['output'];
  /** For CreateChainTx: the blockchain it created. */
  blockchainInfo?: Maybe<CreatedBlockchainInfo>;
  /** The validator's BLS key, where given. */
  blsCredentials?: Maybe<BlsCredentials>;
  /** The chain it was accepted on. */
  chain: PrimaryNetworkChain;
  /** Outputs it spent (imported ones included). */
  consumedUtxos: Array<Utxo>;
  /** The validator's fee on delegators' rewards, in percent. */
  delegationFeePercent?: Maybe<Scalars['String']['output']>;
  /** For imports and exports: the chain the value went to. */
  destinationChain?: Maybe<Scalars['String']['output']>;
  /** Outputs it created (exported ones included). */
  emittedUtxos: Array<Utxo>;
  /** End of a validation or delegation. */
  endTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** Expected staking reward, in nAVAX. */
  estimatedReward?: Maybe<Scalars['BigInt']['output']>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** For L1 validator transactions: the validators it created or changed. */
  l1ValidatorDetails?: Maybe<Array<L1ValidatorDetails>>;
  /** For ConvertSubnetToL1Tx: the contract that manages the new L1. */
  l1ValidatorManagerDetails?: Maybe<L1ValidatorManager>;
  /** The memo (hex). */
  memo?: Maybe<Scalars['String']['output']>;
  /** The network. */
  network: NetworkName;
  /** The node it concerns, for staking transactions. */
  nodeId?: Maybe<Scalars['String']['output']>;
  /** Where staking rewards go. */
  rewardAddresses?: Maybe<Array<Address>>;
  /** The RewardValidatorTx that ended this stake. */
  rewardTransaction?: Maybe<PChainTransaction>;
  /** The RewardValidatorTx that ended this stake. */
  rewardTxHash?: Maybe<Scalars['String']['output']>;
  /** For imports and exports: the chain the value left. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** For a RewardValidatorTx: the staking transaction it ended. */
  stakingTransaction?: Maybe<PChainTransaction>;
  /** For a RewardValidatorTx: the stake it ended. */
  stakingTxHash?: Maybe<Scalars['String']['output']>;
  /** Start of a validation or delegation. */
  startTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** The subnet it concerns. */
  subnet?: Maybe<Subnet>;
  /** The subnet it concerns. */
  subnetId?: Maybe<Scalars['String']['output']>;
  /** For CreateSubnetTx and TransferSubnetOwnershipTx: the new owners. */
  subnetOwnershipInfo?: Maybe<SubnetOwnership>;
  /** The transaction id (cb58). */
  txHash: Scalars['String']['output'];
  /** The transaction type; UNKNOWN for a type this API does not know yet. */
  txType: PrimaryNetworkTxType;
  /** Value it moved, per asset. */
  value: Array<AssetAmount>;
};

/** A current validator as the P-Chain has it (platform.getCurrentValidators). Which fields are set depends on the subnet: Primary Network validators have stake, rewards, uptime and delegators; L1 validators a validation id, balance and owners; legacy subnet validators a staking period. */
export type PChainValidator = {
  __typename?: 'PChainValidator';
  /** What is left to pay its continuous fee, in nAVAX (L1s). */
  balance?: Maybe<Scalars['BigInt']['output']>;
  /** Whether it is connected to this node. */
  connected?: Maybe<Scalars['Boolean']['output']>;
  /** Who may deactivate it (L1s). */
  deactivationOwner?: Maybe<OutputOwners>;
  /** Its fee on delegators' rewards, in percent (Primary Network). */
  delegationFee?: Maybe<Scalars['Float']['output']>;
  /** Who receives its fees on delegations (Primary Network). */
  delegationRewardOwner?: Maybe<OutputOwners>;
  /** How many delegate to it (Primary Network). */
  delegatorCount?: Maybe<Scalars['BigInt']['output']>;
  /** The stake delegated to it, in nAVAX (Primary Network). */
  delegatorWeight?: Maybe<Scalars['BigInt']['output']>;
  /** Its delegations (Primary Network); the node sends them only when `nodeIds` names exactly this one node. */
  delegators?: Maybe<Array<PChainDelegator>>;
  /** Unix time (s) it stops (not for L1 validators). */
  endTime?: Maybe<Scalars['SafeInt']['output']>;
  /** The Data API's record of this L1 validator (history, BLS credentials); null for other validators. */
  l1Validator?: Maybe<L1Validator>;
  /** The lowest nonce a SetL1ValidatorWeightTx for it may carry (L1s). */
  minNonce?: Maybe<Scalars['BigInt']['output']>;
  /** The validating node. */
  nodeId: Scalars['String']['output'];
  /** The reward it earns if it stays up, in nAVAX (Primary Network). */
  potentialReward?: Maybe<Scalars['BigInt']['output']>;
  /** Its BLS public key (L1s). */
  publicKey?: Maybe<Scalars['String']['output']>;
  /** Who gets its remaining balance when it leaves (L1s). */
  remainingBalanceOwner?: Maybe<OutputOwners>;
  /** Its BLS key with proof of possession (permissionless Primary Network validators). */
  signer?: Maybe<ValidatorSigner>;
  /** Unix time (s) it started validating. */
  startTime?: Maybe<Scalars['SafeInt']['output']>;
  /** The transaction that added it (Primary Network, legacy subnets). */
  txId?: Maybe<Scalars['String']['output']>;
  /** Its uptime as this node measured it, in percent. */
  uptime?: Maybe<Scalars['Float']['output']>;
  /** Its validation id (L1s). */
  validationId?: Maybe<Scalars['String']['output']>;
  /** Who receives its validation reward (Primary Network). */
  validationRewardOwner?: Maybe<OutputOwners>;
  /** Its weight: the stake in nAVAX on the Primary Network. */
  weight: Scalars['BigInt']['output'];
};

/** Signatures proving a P-Chain transaction may spend one of its inputs. */
export type PCredential = {
  __typename?: 'PCredential';
  /** The signatures (hex). */
  signatures: Array<Scalars['String']['output']>;
};

/** Where a page sits in its list. Only forward paging (`first`/`after`) is offered. */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** Cursor of the last item of the page: pass it as `after` for the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether more items follow this page. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Whether items come before this page (true when `after` was given). */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** Cursor of the first item of the page. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** A precompile that is governed by an allow list: who administers it, manages it, and may use it. */
export type PrecompileAllowListConfig = {
  __typename?: 'PrecompileAllowListConfig';
  /** Addresses that may change the allow list, including admins. */
  adminAddresses?: Maybe<Array<Scalars['String']['output']>>;
  /** Unix time (s) from which the config applies; 0 for genesis. */
  blockTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** Addresses allowed to use the precompile. */
  enabledAddresses?: Maybe<Array<Scalars['String']['output']>>;
  /** Addresses that may add and remove enabled addresses. */
  managerAddresses?: Maybe<Array<Scalars['String']['output']>>;
};

/** A stateful precompile's config: the allow list of roles, and when it activates (or is disabled). */
export type PrecompileConfig = {
  __typename?: 'PrecompileConfig';
  /** Addresses that may change the allow list. */
  adminAddresses?: Maybe<Array<Scalars['String']['output']>>;
  /** Unix time (s) it takes effect. */
  blockTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** The whole entry as the node wrote it (some precompiles add fields, e.g. an initial fee config). */
  config: Scalars['JSON']['output'];
  /** Whether this entry turns the precompile off. */
  disable: Scalars['Boolean']['output'];
  /** Addresses allowed to use it. */
  enabledAddresses?: Maybe<Array<Scalars['String']['output']>>;
  /** Addresses that may manage enabled addresses. */
  managerAddresses?: Maybe<Array<Scalars['String']['output']>>;
  /** The config key, e.g. `feeManagerConfig`, `contractNativeMinterConfig`, `warpConfig`. */
  name: Scalars['String']['output'];
};

/** A price in a fiat currency. */
export type Price = {
  __typename?: 'Price';
  /** Lower-case currency code, e.g. "usd". */
  currencyCode: Scalars['String']['output'];
  /** The amount in that currency. */
  value: Scalars['Float']['output'];
};

/** Where the token is priced. */
export type PricingProviders = {
  __typename?: 'PricingProviders';
  /** Its CoinGecko coin id. */
  coingeckoCoinId?: Maybe<Scalars['String']['output']>;
};

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

/** A transaction on one of the Primary Network chains. The P-, X- and C-Chain types add the fields only their chain has. */
export type PrimaryNetworkTransaction = {
  /** Hash of its block; null for X-Chain transactions of the DAG era. */
  blockHash?: Maybe<Scalars['String']['output']>;
  /** Height of its block; null for X-Chain transactions of the DAG era (see `vertices`). */
  blockNumber?: Maybe<Scalars['BigInt']['output']>;
  /** Unix time (s) it was accepted (`timestamp` in the X- and C-Chain answers). */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** The chain as a Blockchain, when the subnet listing has it (the P-Chain itself is not listed). */
  blockchain?: Maybe<Blockchain>;
  /** The chain's blockchain id. */
  blockchainId: Scalars['String']['output'];
  /** The chain it was accepted on. */
  chain: PrimaryNetworkChain;
  /** Outputs it spent (imported ones included). */
  consumedUtxos: Array<Utxo>;
  /** For imports and exports: the chain the value went to. */
  destinationChain?: Maybe<Scalars['String']['output']>;
  /** Outputs it created (exported ones included). */
  emittedUtxos: Array<Utxo>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The memo (hex). */
  memo?: Maybe<Scalars['String']['output']>;
  /** The network. */
  network: NetworkName;
  /** For imports and exports: the chain the value left. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** The transaction id (cb58). */
  txHash: Scalars['String']['output'];
  /** The transaction type; UNKNOWN for a type this API does not know yet. */
  txType: PrimaryNetworkTxType;
};

/** A page of Primary Network transactions, newest first unless asked. */
export type PrimaryNetworkTransactionConnection = {
  __typename?: 'PrimaryNetworkTransactionConnection';
  /** The items of this page with their cursors. */
  edges: Array<PrimaryNetworkTransactionEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<PrimaryNetworkTransaction>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A transaction and its cursor. */
export type PrimaryNetworkTransactionEdge = {
  __typename?: 'PrimaryNetworkTransactionEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: PrimaryNetworkTransaction;
};

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

/** Everything starts from a network, or from a global id. */
export type Query = {
  __typename?: 'Query';
  /** A network to read from. Every object below carries it, and so do their global ids. */
  network: Network;
  /** Fetches any object again by its global id (its `id` field). Null when it no longer exists. */
  node?: Maybe<Node>;
  /** Fetches up to 100 objects by their global ids, in order; null where one no longer exists. */
  nodes: Array<Maybe<Node>>;
};


/** Everything starts from a network, or from a global id. */
export type QueryNetworkArgs = {
  name?: NetworkName;
};


/** Everything starts from a network, or from a global id. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** Everything starts from a network, or from a global id. */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};

/** A link to a page about the contract or its project. */
export type ResourceLink = {
  __typename?: 'ResourceLink';
  /** What kind of page. */
  type?: Maybe<ResourceLinkType>;
  /** The address of the page. */
  url: Scalars['String']['output'];
};

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

/** A Warp message with the aggregated BLS signature of its signing subnet. */
export type SignedMessage = {
  __typename?: 'SignedMessage';
  /** The signed message (hex): the unsigned message followed by the signers and the signature. */
  signedMessage: Scalars['String']['output'];
};

/** Order by timestamp. */
export type SortOrder =
  /** Oldest first. */
  | 'ASC'
  /** Newest first. */
  | 'DESC';

/** One storage slot of a genesis account. */
export type StorageSlot = {
  __typename?: 'StorageSlot';
  /** The slot key (hex). */
  slot: Scalars['String']['output'];
  /** The slot value (hex). */
  value: Scalars['String']['output'];
};

/** A subnet: a validator set and the blockchains it validates. Converted subnets are L1s (`isL1`). */
export type Subnet = Node & {
  __typename?: 'Subnet';
  /** The blockchains this subnet validates. Comes with the subnet: no further call. */
  blockchains: Array<Blockchain>;
  /** Height of the P-Chain block that created it. */
  createBlockIndex: Scalars['BigInt']['output'];
  /** Unix time (s) of the P-Chain block that created it. */
  createBlockTimestamp: Scalars['SafeInt']['output'];
  /** Its current validators as the P-Chain has them (platform.getCurrentValidators): with delegators and reward owners on the Primary Network, balances and owners on an L1. */
  currentValidators?: Maybe<Array<PChainValidator>>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** Whether the subnet was converted to an L1 (ConvertSubnetToL1Tx). */
  isL1: Scalars['Boolean']['output'];
  /** Whether this is the Primary Network, which every validator validates. */
  isPrimaryNetwork: Scalars['Boolean']['output'];
  /** The ConvertSubnetToL1Tx that made this subnet an L1. */
  l1ConversionTransaction?: Maybe<PChainTransaction>;
  /** Hash of the ConvertSubnetToL1Tx, for L1s. */
  l1ConversionTransactionHash?: Maybe<Scalars['String']['output']>;
  /** The contract that manages the L1's validators, for L1s. */
  l1ValidatorManagerDetails?: Maybe<L1ValidatorManager>;
  /** Validators of this L1, active ones unless asked. Empty without an upstream call for subnets that are not L1s. `first`: 1 to 500 (default 10). */
  l1Validators?: Maybe<L1ValidatorConnection>;
  /** Unix time before which owners cannot act; 0 for none. */
  locktime: Scalars['BigInt']['output'];
  /** The network the subnet is on. */
  network: NetworkName;
  /** Owner addresses (same as `subnetOwnershipInfo.addresses`). */
  ownerAddresses: Array<Address>;
  /** The subnet id (cb58): the id of the CreateSubnetTx that made it. */
  subnetId: Scalars['String']['output'];
  /** Current owners, threshold and locktime. */
  subnetOwnershipInfo: SubnetOwnership;
  /** An upper bound of the tokens that can stake it (platform.getCurrentSupply); null for a subnet without a staking token. */
  supply?: Maybe<Scalars['BigInt']['output']>;
  /** Signatures of owners needed to change the subnet. */
  threshold: Scalars['Int']['output'];
};


/** A subnet: a validator set and the blockchains it validates. Converted subnets are L1s (`isL1`). */
export type SubnetCurrentValidatorsArgs = {
  nodeIds?: InputMaybe<Array<Scalars['NodeID']['input']>>;
};


/** A subnet: a validator set and the blockchains it validates. Converted subnets are L1s (`isL1`). */
export type SubnetL1ValidatorsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  includeInactive?: InputMaybe<Scalars['Boolean']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  nodeId?: InputMaybe<Scalars['NodeID']['input']>;
  validationId?: InputMaybe<Scalars['CB58Id']['input']>;
};

/** A page of subnets. */
export type SubnetConnection = {
  __typename?: 'SubnetConnection';
  /** The items of this page with their cursors. */
  edges: Array<SubnetEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<Subnet>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A subnet and its cursor. */
export type SubnetEdge = {
  __typename?: 'SubnetEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: Subnet;
};

/** Who controls a subnet: `threshold` of `addresses` must sign its changes, after `locktime`. */
export type SubnetOwnership = {
  __typename?: 'SubnetOwnership';
  /** The owner addresses. */
  addresses: Array<Address>;
  /** Unix time before which the owners cannot act; 0 for none. */
  locktime: Scalars['BigInt']['output'];
  /** How many of the addresses must sign. */
  threshold: Scalars['Int']['output'];
};

/** Daily average TPS, newest first. */
export type TpsConnection = {
  __typename?: 'TpsConnection';
  /** The items of this page with their cursors. */
  edges: Array<TpsEdge>;
  /** Unix time (s) the Metrics API last updated the series. */
  lastRun?: Maybe<Scalars['SafeInt']['output']>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<TpsPoint>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A day and its cursor. */
export type TpsEdge = {
  __typename?: 'TpsEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: TpsPoint;
};

/** The average transactions per second of one day. */
export type TpsPoint = {
  __typename?: 'TpsPoint';
  /** Start of the day, Unix time (s). */
  timestamp: Scalars['SafeInt']['output'];
  /** Average transactions per second that day. */
  value: Scalars['Float']['output'];
};

/** A DAG vertex that holds the transaction. */
export type TransactionVertex = {
  __typename?: 'TransactionVertex';
  /** Vertex hash. */
  hash: Scalars['String']['output'];
  /** Vertex height. */
  height: Scalars['SafeInt']['output'];
  /** Unix time (s) of the vertex. */
  timestamp: Scalars['SafeInt']['output'];
};

/** An input of an X- or P-Chain transaction: a UTXO it spends. */
export type TransferableInput = {
  __typename?: 'TransferableInput';
  /** The amount spent, in the smallest unit. */
  amount?: Maybe<Scalars['BigInt']['output']>;
  /** The asset's description from the node (avm.getAssetDescription), fetched once per asset and kept. */
  asset?: Maybe<AssetDescription>;
  /** The asset id. */
  assetId: Scalars['String']['output'];
  /** The feature extension that defines the input. */
  fxId: Scalars['String']['output'];
  /** The UTXO's index among that transaction's outputs. */
  outputIndex: Scalars['Int']['output'];
  /** Which of the UTXO's addresses signed, by index. */
  signatureIndices: Array<Scalars['Int']['output']>;
  /** The transaction that created the spent UTXO. */
  txId: Scalars['String']['output'];
  /** The id of the spent UTXO (derived from `txId` and `outputIndex`). */
  utxoId: Scalars['String']['output'];
};

/** An output of an X- or P-Chain transaction: an amount of an asset locked to addresses. */
export type TransferableOutput = {
  __typename?: 'TransferableOutput';
  /** Addresses that can sign to spend it. */
  addresses: Array<Address>;
  /** The amount, in the smallest unit; null for outputs without one (NFTs, mint rights). */
  amount?: Maybe<Scalars['BigInt']['output']>;
  /** The asset's description from the node (avm.getAssetDescription), fetched once per asset and kept. */
  asset?: Maybe<AssetDescription>;
  /** The asset id. */
  assetId: Scalars['String']['output'];
  /** The feature extension that defines the output, e.g. secp256k1fx. */
  fxId: Scalars['String']['output'];
  /** Unix time (s) before which it cannot be spent; 0 for none. */
  locktime: Scalars['BigInt']['output'];
  /** The output as the node wrote it, with any fields its type adds (e.g. `groupID`, `payload`, a stakeable lock). */
  output: Scalars['JSON']['output'];
  /** Signatures needed to spend it. */
  threshold: Scalars['Int']['output'];
};

/** A contract that implements no token standard the Data API recognises. */
export type UnknownContract = ContractMetadata & {
  __typename?: 'UnknownContract';
  /** The contract address. */
  address: Scalars['String']['output'];
  /** Its banner. */
  bannerAsset?: Maybe<ImageAsset>;
  /** Its brand colour. */
  color?: Maybe<Scalars['String']['output']>;
  /** How it was deployed. */
  deploymentDetails?: Maybe<ContractDeployment>;
  /** What it is. */
  description?: Maybe<Scalars['String']['output']>;
  /** A contact address. */
  email?: Maybe<Scalars['String']['output']>;
  /** Its token standard. */
  ercType: ErcType;
  /** Its logo. */
  logoAsset?: Maybe<ImageAsset>;
  /** Its name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Its project's site. */
  officialSite?: Maybe<Scalars['String']['output']>;
  /** Links to its pages. */
  resourceLinks: Array<ResourceLink>;
  /** Its symbol, for tokens. */
  symbol?: Maybe<Scalars['String']['output']>;
  /** Tags, e.g. "defi". */
  tags: Array<Scalars['String']['output']>;
};

/** An unspent (or since spent) transaction output: an amount of an asset locked to addresses. */
export type Utxo = {
  __typename?: 'Utxo';
  /** Addresses that can sign to spend it. */
  addresses: Array<Address>;
  /** The amount, in the smallest unit. */
  amount: Scalars['BigInt']['output'];
  /** The asset and amount it holds. */
  asset: AssetAmount;
  /** The asset id. */
  assetId: Scalars['String']['output'];
  /** Height of the block that created it (P-Chain only). */
  blockNumber?: Maybe<Scalars['BigInt']['output']>;
  /** Unix time (s) it was created (`timestamp` on the X- and C-Chain). */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** The chain it can be (or was) spent on: another chain for exported outputs. */
  consumedOnChainId: Scalars['String']['output'];
  /** Height of the block that spent it (P-Chain only). */
  consumingBlockNumber?: Maybe<Scalars['BigInt']['output']>;
  /** Unix time (s) it was spent; null while unspent. */
  consumingBlockTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** The transaction that spent it; null while unspent. */
  consumingTxHash?: Maybe<Scalars['String']['output']>;
  /** The chain it was created on. */
  createdOnChainId: Scalars['String']['output'];
  /** Signatures that spent it (X- and C-Chain). */
  credentials?: Maybe<Array<UtxoCredential>>;
  /** NFT group (X-Chain NFTs). */
  groupId?: Maybe<Scalars['Int']['output']>;
  /** Unix time before which it cannot be spent (X- and C-Chain; see `platformLocktime` on the P-Chain). */
  locktime?: Maybe<Scalars['BigInt']['output']>;
  /** Its index among the outputs of that transaction. */
  outputIndex: Scalars['Int']['output'];
  /** NFT payload (X-Chain NFTs). */
  payload?: Maybe<Scalars['String']['output']>;
  /** P-Chain locktime. */
  platformLocktime?: Maybe<Scalars['BigInt']['output']>;
  /** For reward outputs: which reward (P-Chain). */
  rewardType?: Maybe<RewardType>;
  /** Until this Unix time it can only be staked (P-Chain). */
  stakeableLocktime?: Maybe<Scalars['BigInt']['output']>;
  /** Whether it is a stake (P-Chain). */
  staked?: Maybe<Scalars['Boolean']['output']>;
  /** Signatures needed to spend it. */
  threshold?: Maybe<Scalars['Int']['output']>;
  /** The transaction that created it (`creationTxHash` on the X- and C-Chain). */
  txHash: Scalars['String']['output'];
  /** The serialized UTXO (hex). */
  utxoBytes?: Maybe<Scalars['String']['output']>;
  /** End of the staking period, for stakes. */
  utxoEndTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** The UTXO id (cb58). */
  utxoId: Scalars['String']['output'];
  /** Start of the staking period, for stakes. */
  utxoStartTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** STAKE or TRANSFER on the P-Chain; e.g. "transfer" or "mint" on the X-Chain. */
  utxoType: Scalars['String']['output'];
};

/** A signature that authorised spending a UTXO. */
export type UtxoCredential = {
  __typename?: 'UtxoCredential';
  /** The public key that signed (base64). */
  publicKey?: Maybe<Scalars['String']['output']>;
  /** The signature (base64). */
  signature?: Maybe<Scalars['String']['output']>;
};

/** A validator's BLS key. */
export type ValidatorSigner = {
  __typename?: 'ValidatorSigner';
  /** The proof of possession of the key (hex). */
  proofOfPossession?: Maybe<Scalars['String']['output']>;
  /** The BLS public key (hex). */
  publicKey: Scalars['String']['output'];
};

/** Avalanche Warp Messaging settings of the chain. */
export type WarpConfig = {
  __typename?: 'WarpConfig';
  /** Unix time (s) from which Warp is enabled. */
  blockTimestamp?: Maybe<Scalars['SafeInt']['output']>;
  /** Percent of stake weight that must sign a Warp message. */
  quorumNumerator?: Maybe<Scalars['SafeInt']['output']>;
  /** Whether messages from the Primary Network need Primary Network signatures. */
  requirePrimaryNetworkSigners?: Maybe<Scalars['Boolean']['output']>;
};

/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChain = {
  __typename?: 'XChain';
  /**
   * Every asset balance of an address (avm.getAllBalances).
   * @deprecated avm.getAllBalances is deprecated since avalanchego v1.9.12: use `Address.xChainBalances`, summed from UTXOs.
   */
  allBalances?: Maybe<Array<XChainAssetBalance>>;
  /** An asset by id or alias (avm.getAssetDescription); null when the node knows none. Described by id it is kept across requests; an alias is asked each time, since the node decides what it names. */
  asset?: Maybe<AssetDescription>;
  /**
   * The balance of one asset of an address, with its UTXOs (avm.getBalance).
   * @deprecated avm.getBalance is deprecated since avalanchego v1.9.12: use `Address.xChainBalances`, summed from UTXOs.
   */
  balance?: Maybe<XChainLegacyBalance>;
  /** A block by id or by height (exactly one), decoded (avm.getBlock, avm.getBlockByHeight); null when there is none. */
  block?: Maybe<AvmBlock>;
  /** The X-Chain as the Data API lists it (VM, genesis, creation). */
  blockchain?: Maybe<Blockchain>;
  /** The X-Chain's blockchain id on this network. */
  blockchainId: Scalars['String']['output'];
  /** Height of the last accepted block (avm.getHeight). */
  height?: Maybe<Scalars['BigInt']['output']>;
  /** A transaction by id, decoded (avm.getTx); null when the node does not know it. */
  transaction?: Maybe<AvmTransaction>;
  /** The fees the X-Chain charges (avm.getTxFee). */
  txFee?: Maybe<XChainTxFee>;
  /**
   * Whether the node accepted a transaction (avm.getTxStatus).
   * @deprecated avm.getTxStatus is deprecated since avalanchego v1.10.0: use `transaction` (null when unknown), or the Data API's view of it.
   */
  txStatus?: Maybe<AvmTxStatus>;
  /** Unspent outputs of these addresses (up to 64) on the X-Chain, from the node (avm.getUTXOs), in the node's order. `first`: 1 to 4096 (default 100); up to 1024 per node call. With `sourceChain`, the atomic UTXOs that chain exported to the X-Chain and that wait to be imported. The node does not promise consistency between calls: a UTXO may show on two pages. */
  utxos?: Maybe<NodeUtxoConnection>;
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainAllBalancesArgs = {
  address: Scalars['AvalancheAddress']['input'];
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainAssetArgs = {
  assetId: Scalars['String']['input'];
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainBalanceArgs = {
  address: Scalars['AvalancheAddress']['input'];
  assetId: Scalars['String']['input'];
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainBlockArgs = {
  blockId?: InputMaybe<Scalars['CB58Id']['input']>;
  height?: InputMaybe<Scalars['Uint64']['input']>;
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainTransactionArgs = {
  txId: Scalars['CB58Id']['input'];
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainTxStatusArgs = {
  txId: Scalars['CB58Id']['input'];
};


/** The X-Chain as the network's node serves it (avm.* at /ext/bc/X): transactions, blocks, assets, UTXOs, fees. */
export type XChainUtxosArgs = {
  addresses: Array<Scalars['AvalancheAddress']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  sourceChain?: InputMaybe<AtomicSourceChain>;
};

/** An asset as created on the X-Chain. */
export type XChainAsset = {
  __typename?: 'XChainAsset';
  /** The asset id (the CreateAssetTx id). */
  assetId: Scalars['String']['output'];
  /** Fixed or variable supply. */
  cap?: Maybe<PrimaryNetworkAssetCap>;
  /** Unix time (s) of creation. */
  createdAtTimestamp: Scalars['SafeInt']['output'];
  /** Decimal places. */
  denomination: Scalars['Int']['output'];
  /** Its name. */
  name: Scalars['String']['output'];
  /** Its symbol. */
  symbol: Scalars['String']['output'];
  /** Fungible or NFT. */
  type?: Maybe<PrimaryNetworkAssetType>;
};

/** A balance of one asset, as avm.getAllBalances reports it. */
export type XChainAssetBalance = {
  __typename?: 'XChainAssetBalance';
  /** The asset id (or the node's alias for it, e.g. "AVAX"). */
  assetId: Scalars['String']['output'];
  /** The balance, in the smallest unit. */
  balance: Scalars['BigInt']['output'];
};

/** What an address holds of one asset on the X-Chain, summed from its UTXOs. */
export type XChainBalance = {
  __typename?: 'XChainBalance';
  /** The asset's description from the node (avm.getAssetDescription), fetched once per asset and kept. */
  asset?: Maybe<AssetDescription>;
  /** The asset id. */
  assetId: Scalars['String']['output'];
  /** Locked until a future time, in the smallest unit. */
  locked: Scalars['BigInt']['output'];
  /** Spendable now, in the smallest unit. */
  unlocked: Scalars['BigInt']['output'];
  /** How many UTXOs hold it. */
  utxoCount: Scalars['Int']['output'];
};

/** How the X-Chain ordered a transaction. */
export type XChainFormat =
  /** In linear blocks, since the Cortina upgrade. */
  | 'LINEAR'
  /** In DAG vertices, before the Cortina upgrade. */
  | 'NON_LINEAR';

/** A balance of one asset with the UTXOs that hold it, as avm.getBalance reports it. */
export type XChainLegacyBalance = {
  __typename?: 'XChainLegacyBalance';
  /** The balance, in the smallest unit. */
  balance: Scalars['BigInt']['output'];
  /** The ids of the UTXOs that hold it. */
  utxoIds: Array<Scalars['String']['output']>;
};

/** An X-Chain transaction: transfers, asset creation, operations, imports and exports. */
export type XChainTransaction = Node & PrimaryNetworkTransaction & {
  __typename?: 'XChainTransaction';
  /** Assets its outputs created. */
  amountCreated: Array<AssetAmount>;
  /** Assets its inputs unlocked. */
  amountUnlocked: Array<AssetAmount>;
  /** For CreateAssetTx: the asset. */
  assetCreated?: Maybe<XChainAsset>;
  /** Hash of its block; null for X-Chain transactions of the DAG era. */
  blockHash?: Maybe<Scalars['String']['output']>;
  /** Height of its block; null for X-Chain transactions of the DAG era (see `vertices`). */
  blockNumber?: Maybe<Scalars['BigInt']['output']>;
  /** Unix time (s) it was accepted (`timestamp` in the X- and C-Chain answers). */
  blockTimestamp: Scalars['SafeInt']['output'];
  /** The chain as a Blockchain, when the subnet listing has it (the P-Chain itself is not listed). */
  blockchain?: Maybe<Blockchain>;
  /** The chain's blockchain id. */
  blockchainId: Scalars['String']['output'];
  /** The chain it was accepted on. */
  chain: PrimaryNetworkChain;
  /** DAG era (NON_LINEAR) or block era (LINEAR). */
  chainFormat: XChainFormat;
  /** Outputs it spent (imported ones included). */
  consumedUtxos: Array<Utxo>;
  /** For imports and exports: the chain the value went to. */
  destinationChain?: Maybe<Scalars['String']['output']>;
  /** Outputs it created (exported ones included). */
  emittedUtxos: Array<Utxo>;
  /** Global id: pass it to `node(id:)` to fetch this object again. It carries the network. */
  id: Scalars['ID']['output'];
  /** The memo (hex). */
  memo?: Maybe<Scalars['String']['output']>;
  /** The network. */
  network: NetworkName;
  /** For imports and exports: the chain the value left. */
  sourceChain?: Maybe<Scalars['String']['output']>;
  /** The transaction id (cb58). */
  txHash: Scalars['String']['output'];
  /** The transaction type; UNKNOWN for a type this API does not know yet. */
  txType: PrimaryNetworkTxType;
  /** The DAG vertices that hold it (DAG era only). */
  vertices?: Maybe<Array<TransactionVertex>>;
};

/** The X-Chain's fees, in nAVAX. */
export type XChainTxFee = {
  __typename?: 'XChainTxFee';
  /** The fee of creating an asset. */
  createAssetTxFee: Scalars['BigInt']['output'];
  /** The fee of most transactions. */
  txFee: Scalars['BigInt']['output'];
};

/** A vertex of the X-Chain DAG: a batch of transactions with its parent vertices. */
export type XChainVertex = {
  __typename?: 'XChainVertex';
  /** Parent vertices. */
  parentHashes: Array<Scalars['String']['output']>;
  /** Ids of its transactions (see `Network.transaction(chain: X_CHAIN, txHash:)`). */
  transactions: Array<Scalars['String']['output']>;
  /** Transactions in the vertex. */
  txCount: Scalars['Int']['output'];
  /** The vertex id (cb58). */
  vertexHash: Scalars['String']['output'];
  /** Height in the DAG. */
  vertexHeight: Scalars['SafeInt']['output'];
  /** Acceptance order. */
  vertexIndex: Scalars['SafeInt']['output'];
  /** Size in bytes. */
  vertexSizeBytes: Scalars['Int']['output'];
  /** Unix time (s) of acceptance. */
  vertexTimestamp: Scalars['SafeInt']['output'];
};

/** A page of X-Chain vertices. */
export type XChainVertexConnection = {
  __typename?: 'XChainVertexConnection';
  /** The items of this page with their cursors. */
  edges: Array<XChainVertexEdge>;
  /** The nodes of this page, without cursors: a shortcut for `edges { node }`. */
  nodes: Array<XChainVertex>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** A vertex and its cursor. */
export type XChainVertexEdge = {
  __typename?: 'XChainVertexEdge';
  /** Opaque cursor: pass it as `after` to continue right after this item. */
  cursor: Scalars['String']['output'];
  /** The item. */
  node: XChainVertex;
};

export type AddressQueryVariables = Exact<{
  address: Scalars['AvalancheAddress']['input'];
}>;


export type AddressQuery = { __typename?: 'Query', network: { __typename?: 'Network', address: { __typename?: 'Address', id: string, chains?: Array<{ __typename?: 'AddressChain', primaryChain?: PrimaryNetworkChain | null, blockchainId: string }> | null, transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<
          | { __typename?: 'CChainAtomicTransaction', txHash: string, txType: PrimaryNetworkTxType }
          | { __typename?: 'PChainTransaction', nodeId?: string | null, txHash: string, txType: PrimaryNetworkTxType, amountStaked: Array<{ __typename?: 'AssetAmount', amount: DecimalString, symbol: string }>, rewardTransaction?: { __typename?: 'PChainTransaction', txHash: string } | null }
          | { __typename?: 'XChainTransaction', txHash: string, txType: PrimaryNetworkTxType }
        > } | null, rewards?: { __typename?: 'HistoricalRewardConnection', nodes: Array<{ __typename?: 'HistoricalReward', rewardType: RewardType, reward: { __typename?: 'AssetAmount', amount: DecimalString, symbol: string }, historicalPrice?: { __typename?: 'Price', currencyCode: string, value: number } | null }> } | null } } };

export type AdminReadQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminReadQuery = { __typename?: 'Query', network: { __typename?: 'Network', admin?: { __typename?: 'NodeAdmin', chainAliases?: Array<string> | null, loggerLevels?: Array<{ __typename?: 'LoggerLevel', name: string, logLevel: LogLevel, displayLevel: LogLevel }> | null } | null } };

export type AdminWriteMutationVariables = Exact<{ [key: string]: never; }>;


export type AdminWriteMutation = { __typename?: 'Mutation', nodeAliasChain?: boolean | null, nodeSetLoggerLevel?: Array<{ __typename?: 'LoggerLevel', name: string, logLevel: LogLevel, displayLevel: LogLevel }> | null };

export type AggregateSignaturesMutationVariables = Exact<{ [key: string]: never; }>;


export type AggregateSignaturesMutation = { __typename?: 'Mutation', aggregateSignatures?: { __typename?: 'SignedMessage', signedMessage: string } | null };

export type EvmChainQueryVariables = Exact<{
  address: Scalars['EvmHexAddress']['input'];
}>;


export type EvmChainQuery = { __typename?: 'Query', network: { __typename?: 'Network', evmChain?: { __typename?: 'EvmChain', blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null, transactions?: { __typename?: 'EvmTransactionConnection', nodes: Array<{ __typename?: 'EvmTransaction', txHash: string, value: DecimalString, method?: { __typename?: 'EvmMethod', callType?: EvmCallType | null, methodName?: string | null } | null, from: { __typename?: 'EvmParty', address: string }, to: { __typename?: 'EvmParty', address: string, contract?:
              | { __typename: 'Erc20Contract', decimals?: number | null, name?: string | null, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }> }
              | { __typename: 'Erc721Contract', name?: string | null, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }> }
              | { __typename: 'Erc1155Contract', name?: string | null, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }> }
              | { __typename: 'UnknownContract', name?: string | null, logoAsset?: { __typename?: 'ImageAsset', imageUri?: string | null } | null, resourceLinks: Array<{ __typename?: 'ResourceLink', type?: ResourceLinkType | null, url: string }> }
             | null } }> } | null, address: { __typename?: 'EvmAddress', nativeBalance?: { __typename?: 'NativeBalance', balance: DecimalString, symbol: string, balanceValue?: { __typename?: 'Price', currencyCode: string, value: number } | null } | null, erc20Transfers?: { __typename?: 'Erc20TransferConnection', nodes: Array<{ __typename?: 'Erc20Transfer', txHash: string, value: DecimalString, erc20Token: { __typename?: 'Erc20Token', symbol: string, decimals: number, price?: { __typename?: 'Price', value: number } | null } }> } | null, collectibles?: { __typename?: 'CollectibleBalanceConnection', nodes: Array<
            | { __typename: 'Erc721Balance', tokenId: DecimalString, metadata: { __typename?: 'NftMetadata', indexStatus: NftIndexStatus, name?: string | null, imageUri?: string | null } }
            | { __typename: 'Erc1155Balance', tokenId: DecimalString, metadata: { __typename?: 'NftMetadata', indexStatus: NftIndexStatus, name?: string | null, imageUri?: string | null } }
          > } | null }, averageTps?: { __typename?: 'TpsConnection', lastRun?: SafeInt | null, nodes: Array<{ __typename?: 'TpsPoint', timestamp: SafeInt, value: number }> } | null } | null } };

export type IcmMessagesQueryVariables = Exact<{ [key: string]: never; }>;


export type IcmMessagesQuery = { __typename?: 'Query', network: { __typename?: 'Network', evmChain?: { __typename?: 'EvmChain', icmMessages?: { __typename?: 'IcmMessageConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'IcmMessage', messageId: string, status?: IcmMessageStatus | null, sourceBlockchain?: { __typename?: 'Blockchain', blockchainName: string } | null, destinationBlockchain?: { __typename?: 'Blockchain', blockchainName: string } | null, sender?: { __typename?: 'EvmAddress', address: string } | null, recipient?: { __typename?: 'EvmAddress', address: string, contract?:
              | { __typename?: 'Erc20Contract', name?: string | null }
              | { __typename?: 'Erc721Contract', name?: string | null }
              | { __typename?: 'Erc1155Contract', name?: string | null }
              | { __typename?: 'UnknownContract', name?: string | null }
             | null } | null, rewardDetails: { __typename?: 'IcmRewardDetails', symbol: string, value: DecimalString, price?: { __typename?: 'Price', currencyCode: string, value: number } | null }, sourceTransaction?: { __typename?: 'IcmSourceTransaction', txHash: string, timestamp: SafeInt } | null, destinationTransaction?: { __typename?: 'IcmDestinationTransaction', txHash: string, delivererAddress: string } | null }> } | null } | null } };

export type NodeChainsQueryVariables = Exact<{ [key: string]: never; }>;


export type NodeChainsQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnets?: { __typename?: 'SubnetConnection', nodes: Array<{ __typename?: 'Subnet', subnetId: string, isL1: boolean, supply?: DecimalString | null, currentValidators?: Array<{ __typename?: 'PChainValidator', nodeId: string, weight: DecimalString, balance?: DecimalString | null, uptime?: number | null, remainingBalanceOwner?: { __typename?: 'OutputOwners', threshold: number, addresses: Array<{ __typename?: 'Address', address: string }> } | null }> | null, l1Validators?: { __typename?: 'L1ValidatorConnection', nodes: Array<{ __typename?: 'L1Validator', validationId: string, remainingBalance: DecimalString, pChainValidator?: { __typename?: 'PChainValidator', balance?: DecimalString | null, minNonce?: DecimalString | null } | null }> } | null, blockchains: Array<{ __typename?: 'Blockchain', blockchainName: string, status?: BlockchainStatus | null, feeConfig?: { __typename?: 'FeeConfig', gasLimit: DecimalString, minBaseFee: DecimalString, targetGas: DecimalString, lastChangedAt?: DecimalString | null } | null, genesisFee?: { __typename?: 'FeeConfig', minBaseFee: DecimalString } | null, chainConfig?: { __typename?: 'ChainConfig', chainId?: SafeInt | null, precompiles: Array<{ __typename?: 'PrecompileConfig', name: string, blockTimestamp?: SafeInt | null, adminAddresses?: Array<string> | null }>, precompileUpgrades: Array<{ __typename?: 'PrecompileConfig', name: string, blockTimestamp?: SafeInt | null, disable: boolean }> } | null, activeRules?: { __typename?: 'ActiveRules', avalancheRules: Array<{ __typename?: 'ChainRule', name: string, active: boolean }>, precompiles: Array<{ __typename?: 'ActivePrecompile', name: string, timestamp: SafeInt }> } | null, validators?: Array<{ __typename?: 'ChainValidator', nodeId: string, isActive: boolean, isConnected: boolean, uptimePercentage: number }> | null }> }> } | null } };

export type RefetchQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RefetchQuery = { __typename?: 'Query', node?:
    | { __typename: 'Address', address: string }
    | { __typename: 'Blockchain', blockchainName: string, subnet?: { __typename?: 'Subnet', subnetId: string } | null }
    | { __typename: 'CChainAtomicTransaction', txHash: string, chain: PrimaryNetworkChain, txType: PrimaryNetworkTxType }
    | { __typename: 'EvmAddress' }
    | { __typename: 'EvmChain' }
    | { __typename: 'L1Validator', nodeId: string, weight: DecimalString }
    | { __typename: 'PChainTransaction', txHash: string, chain: PrimaryNetworkChain, txType: PrimaryNetworkTxType }
    | { __typename: 'Subnet', subnetId: string, isL1: boolean }
    | { __typename: 'XChainTransaction', txHash: string, chain: PrimaryNetworkChain, txType: PrimaryNetworkTxType }
   | null };

export type SubnetToValidatorsQueryVariables = Exact<{ [key: string]: never; }>;


export type SubnetToValidatorsQuery = { __typename?: 'Query', network: { __typename?: 'Network', subnets?: { __typename?: 'SubnetConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'Subnet', subnetId: string, isL1: boolean, subnetOwnershipInfo: { __typename?: 'SubnetOwnership', threshold: number, addresses: Array<{ __typename?: 'Address', address: string }> }, l1ValidatorManagerDetails?: { __typename?: 'L1ValidatorManager', contractAddress: string, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null } | null, blockchains: Array<{ __typename?: 'Blockchain', blockchainName: string, vmId: string, evmChainId?: SafeInt | null, genesisData?: { __typename?: 'EvmGenesis', gasLimit?: string | null, config?: { __typename?: 'EvmGenesisConfig', chainId?: SafeInt | null, feeConfig?: { __typename?: 'EvmFeeConfig', gasLimit?: SafeInt | null, minBaseFee?: SafeInt | null, targetGas?: SafeInt | null } | null, warpConfig?: { __typename?: 'WarpConfig', quorumNumerator?: SafeInt | null } | null, contractNativeMinterConfig?: { __typename?: 'PrecompileAllowListConfig', adminAddresses?: Array<string> | null, enabledAddresses?: Array<string> | null } | null } | null, alloc?: Array<{ __typename?: 'GenesisAccount', address: string, balance?: string | null }> | null } | null }>, l1Validators?: { __typename?: 'L1ValidatorConnection', blockHeight?: DecimalString | null, nodes: Array<{ __typename?: 'L1Validator', nodeId: string, weight: DecimalString, remainingBalance: DecimalString, transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
                | { __typename?: 'CChainAtomicTransaction', txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
                | { __typename?: 'PChainTransaction', txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
                | { __typename?: 'XChainTransaction', txType: PrimaryNetworkTxType, blockTimestamp: SafeInt }
              > } | null }> } | null }> } | null } };

export type TransactionToChainsQueryVariables = Exact<{ [key: string]: never; }>;


export type TransactionToChainsQuery = { __typename?: 'Query', network: { __typename?: 'Network', transactions?: { __typename?: 'PrimaryNetworkTransactionConnection', nodes: Array<
        | { __typename?: 'CChainAtomicTransaction', txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt, emittedUtxos: Array<{ __typename?: 'Utxo', amount: DecimalString, asset: { __typename?: 'AssetAmount', symbol: string, denomination: number }, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', primaryChain?: PrimaryNetworkChain | null, blockchainId: string, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> | null }> }> }
        | { __typename?: 'PChainTransaction', txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt, emittedUtxos: Array<{ __typename?: 'Utxo', amount: DecimalString, asset: { __typename?: 'AssetAmount', symbol: string, denomination: number }, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', primaryChain?: PrimaryNetworkChain | null, blockchainId: string, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> | null }> }> }
        | { __typename?: 'XChainTransaction', txHash: string, txType: PrimaryNetworkTxType, blockTimestamp: SafeInt, emittedUtxos: Array<{ __typename?: 'Utxo', amount: DecimalString, asset: { __typename?: 'AssetAmount', symbol: string, denomination: number }, addresses: Array<{ __typename?: 'Address', address: string, chains?: Array<{ __typename?: 'AddressChain', primaryChain?: PrimaryNetworkChain | null, blockchainId: string, blockchain?: { __typename?: 'Blockchain', blockchainName: string } | null }> | null }> }> }
      > } | null } };

export type XAndPChainQueryVariables = Exact<{ [key: string]: never; }>;


export type XAndPChainQuery = { __typename?: 'Query', network: { __typename?: 'Network', xChain: { __typename?: 'XChain', height?: DecimalString | null, txFee?: { __typename?: 'XChainTxFee', txFee: DecimalString, createAssetTxFee: DecimalString } | null, block?: { __typename?: 'AvmBlock', blockId: string, time: SafeInt, transactions: Array<{ __typename?: 'AvmTransaction', txId: string, inputs: Array<{ __typename?: 'TransferableInput', utxoId: string, amount?: DecimalString | null, asset?: { __typename?: 'AssetDescription', symbol: string, denomination: number } | null }>, outputs: Array<{ __typename?: 'TransferableOutput', amount?: DecimalString | null, addresses: Array<{ __typename?: 'Address', address: string }> }>, transaction?:
            | { __typename?: 'CChainAtomicTransaction', txType: PrimaryNetworkTxType }
            | { __typename?: 'PChainTransaction', txType: PrimaryNetworkTxType }
            | { __typename?: 'XChainTransaction', txType: PrimaryNetworkTxType, amountCreated: Array<{ __typename?: 'AssetAmount', symbol: string, amount: DecimalString }> }
           | null }> } | null }, address: { __typename?: 'Address', xChainBalances?: Array<{ __typename?: 'XChainBalance', unlocked: DecimalString, locked: DecimalString, utxoCount: number, asset?: { __typename?: 'AssetDescription', symbol: string } | null }> | null, xChainUtxos?: { __typename?: 'NodeUtxoConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'NodeUtxo', utxoId: string, amount?: DecimalString | null, locktime?: DecimalString | null, outputType: string }> } | null, pending?: { __typename?: 'NodeUtxoConnection', nodes: Array<{ __typename?: 'NodeUtxo', utxoId: string, amount?: DecimalString | null }> } | null }, pChain: { __typename?: 'PChain', height?: DecimalString | null, currentSupply?: DecimalString | null, block?: { __typename?: 'PBlock', blockId: string, time?: SafeInt | null, transactions: Array<{ __typename?: 'PBlockTransaction', transaction?:
            | { __typename?: 'CChainAtomicTransaction', txType: PrimaryNetworkTxType }
            | { __typename?: 'PChainTransaction', txType: PrimaryNetworkTxType }
            | { __typename?: 'XChainTransaction', txType: PrimaryNetworkTxType }
           | null }> } | null }, index: { __typename?: 'NodeIndex', lastAccepted?: { __typename?: 'IndexedContainer', id: string, index: DecimalString, acceptedAt: string } | null, containers?: { __typename?: 'IndexedContainerConnection', nodes: Array<{ __typename?: 'IndexedContainer', id: string, index: DecimalString }> } | null }, health: { __typename?: 'NodeHealth', report?: { __typename?: 'HealthReport', healthy: boolean, checks: Array<{ __typename?: 'HealthCheck', name: string, healthy: boolean, error?: string | null, contiguousFailures: DecimalString }> } | null } } };


export const AddressDocument = {"__meta__":{"hash":"f0b9939ab96cc50c58c0fe0a98a556e454cd34ef7659797bc67504019928a3fc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Address"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AvalancheAddress"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"address"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"chains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"primaryChain"}},{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"EnumValue","value":"P_CHAIN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}},{"kind":"Argument","name":{"kind":"Name","value":"txTypes"},"value":{"kind":"ListValue","values":[{"kind":"EnumValue","value":"AddPermissionlessValidatorTx"},{"kind":"EnumValue","value":"RewardValidatorTx"}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PChainTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"amountStaked"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rewardTransaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rewards"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}},{"kind":"Argument","name":{"kind":"Name","value":"currency"},"value":{"kind":"EnumValue","value":"EUR"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rewardType"}},{"kind":"Field","name":{"kind":"Name","value":"reward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"historicalPrice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<AddressQuery, AddressQueryVariables>;
export const AdminReadDocument = {"__meta__":{"hash":"639e08543f6f5509b1969ba6dcd7d4dfe040b125c8532da1a0b23a80ffbeec72"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminRead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"admin"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"loggerLevels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logLevel"}},{"kind":"Field","name":{"kind":"Name","value":"displayLevel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chainAliases"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"StringValue","value":"2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM","block":false}}]}]}}]}}]}}]} as unknown as DocumentNode<AdminReadQuery, AdminReadQueryVariables>;
export const AdminWriteDocument = {"__meta__":{"hash":"6d6adab1a8af988c9b04e929c70b67df38db5a81d48c51099f085133da84b30e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminWrite"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeSetLoggerLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"network"},"value":{"kind":"EnumValue","value":"MAINNET"}},{"kind":"Argument","name":{"kind":"Name","value":"loggerName"},"value":{"kind":"StringValue","value":"C","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"logLevel"},"value":{"kind":"EnumValue","value":"DEBUG"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logLevel"}},{"kind":"Field","name":{"kind":"Name","value":"displayLevel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodeAliasChain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"network"},"value":{"kind":"EnumValue","value":"MAINNET"}},{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"StringValue","value":"2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"alias"},"value":{"kind":"StringValue","value":"exchange","block":false}}]}]}}]} as unknown as DocumentNode<AdminWriteMutation, AdminWriteMutationVariables>;
export const AggregateSignaturesDocument = {"__meta__":{"hash":"022de453604ea7ffeb845f919015d680149089a8fbbf7eb626b571b6499f1368"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AggregateSignatures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"aggregateSignatures"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"network"},"value":{"kind":"EnumValue","value":"FUJI"}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"message"},"value":{"kind":"StringValue","value":"0x0000000000050000","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"quorumPercentage"},"value":{"kind":"IntValue","value":"67"}},{"kind":"ObjectField","name":{"kind":"Name","value":"quorumPercentageBuffer"},"value":{"kind":"IntValue","value":"10"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedMessage"}}]}}]}}]} as unknown as DocumentNode<AggregateSignaturesMutation, AggregateSignaturesMutationVariables>;
export const EvmChainDocument = {"__meta__":{"hash":"9cfd1ef5b17b18f72f4631fd4ef4582b318dcb8c40723ca3933b8f00bc890241"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EvmChain"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EvmHexAddress"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"evmChain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"evmChainId"},"value":{"kind":"IntValue","value":"43114"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"SUCCESS"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"method"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"callType"}},{"kind":"Field","name":{"kind":"Name","value":"methodName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"contract"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logoAsset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"imageUri"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resourceLinks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Erc20Contract"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decimals"}}]}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"address"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"address"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nativeBalance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"currency"},"value":{"kind":"EnumValue","value":"EUR"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"balanceValue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"erc20Transfers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"erc20Token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"collectibles"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"indexStatus"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"imageUri"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"averageTps"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"7"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lastRun"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<EvmChainQuery, EvmChainQueryVariables>;
export const IcmMessagesDocument = {"__meta__":{"hash":"0be16b5eb0ac57a3edca045a648095f739bdaa9089774866f8ab8954dcb54a81"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IcmMessages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"evmChain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"evmChainId"},"value":{"kind":"IntValue","value":"43114"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"icmMessages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"EnumValue","value":"EITHER"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sourceBlockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"destinationBlockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sender"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"recipient"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"contract"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rewardDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceTransaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}},{"kind":"Field","name":{"kind":"Name","value":"destinationTransaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"delivererAddress"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<IcmMessagesQuery, IcmMessagesQueryVariables>;
export const NodeChainsDocument = {"__meta__":{"hash":"4f89b6ed763a04de00b084fd2df55b2e4ab91d56b438afee8f43e15135659897"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NodeChains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"isL1"}},{"kind":"Field","name":{"kind":"Name","value":"supply"}},{"kind":"Field","name":{"kind":"Name","value":"currentValidators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"uptime"}},{"kind":"Field","name":{"kind":"Name","value":"remainingBalanceOwner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"l1Validators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validationId"}},{"kind":"Field","name":{"kind":"Name","value":"remainingBalance"}},{"kind":"Field","name":{"kind":"Name","value":"pChainValidator"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"minNonce"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"blockchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"feeConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"minBaseFee"}},{"kind":"Field","name":{"kind":"Name","value":"targetGas"}},{"kind":"Field","name":{"kind":"Name","value":"lastChangedAt"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"genesisFee"},"name":{"kind":"Name","value":"feeConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"block"},"value":{"kind":"StringValue","value":"0","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minBaseFee"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chainConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"precompiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"adminAddresses"}}]}},{"kind":"Field","name":{"kind":"Name","value":"precompileUpgrades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"disable"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"activeRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"avalancheRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}},{"kind":"Field","name":{"kind":"Name","value":"precompiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"validators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"isConnected"}},{"kind":"Field","name":{"kind":"Name","value":"uptimePercentage"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<NodeChainsQuery, NodeChainsQueryVariables>;
export const RefetchDocument = {"__meta__":{"hash":"02f1318678df1dbc99cba048195fc5490994a7c77a645d30a696bab7da978b24"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Refetch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Subnet"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"isL1"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Blockchain"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}},{"kind":"Field","name":{"kind":"Name","value":"subnet"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"L1Validator"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PrimaryNetworkTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"chain"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Address"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}}]}}]} as unknown as DocumentNode<RefetchQuery, RefetchQueryVariables>;
export const SubnetToValidatorsDocument = {"__meta__":{"hash":"6fbbe36320ca145d24bbb0a482ea87e47da6a51b44bda639461d82a6890aebe5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubnetToValidators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subnetId"}},{"kind":"Field","name":{"kind":"Name","value":"isL1"}},{"kind":"Field","name":{"kind":"Name","value":"subnetOwnershipInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"l1ValidatorManagerDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contractAddress"}},{"kind":"Field","name":{"kind":"Name","value":"blockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"blockchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}},{"kind":"Field","name":{"kind":"Name","value":"vmId"}},{"kind":"Field","name":{"kind":"Name","value":"evmChainId"}},{"kind":"Field","name":{"kind":"Name","value":"genesisData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"feeConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"minBaseFee"}},{"kind":"Field","name":{"kind":"Name","value":"targetGas"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warpConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quorumNumerator"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contractNativeMinterConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminAddresses"}},{"kind":"Field","name":{"kind":"Name","value":"enabledAddresses"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"alloc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"l1Validators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockHeight"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"remainingBalance"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SubnetToValidatorsQuery, SubnetToValidatorsQueryVariables>;
export const TransactionToChainsDocument = {"__meta__":{"hash":"750f92a5f9c5afffc2cc399a0c5679d0cdb314b75b0bb4f3cd4612434973c7e2"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TransactionToChains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"EnumValue","value":"X_CHAIN"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"emittedUtxos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"asset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"denomination"}}]}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"chains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"primaryChain"}},{"kind":"Field","name":{"kind":"Name","value":"blockchainId"}},{"kind":"Field","name":{"kind":"Name","value":"blockchain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockchainName"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TransactionToChainsQuery, TransactionToChainsQueryVariables>;
export const XAndPChainDocument = {"__meta__":{"hash":"273441cd4ec32d3a71ed5cb36816b7864bb14cc6e7d305d2540aafa224fd0aa3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"XAndPChain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"xChain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"txFee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txFee"}},{"kind":"Field","name":{"kind":"Name","value":"createAssetTxFee"}}]}},{"kind":"Field","name":{"kind":"Name","value":"block"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"height"},"value":{"kind":"StringValue","value":"1","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockId"}},{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txId"}},{"kind":"Field","name":{"kind":"Name","value":"inputs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"utxoId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"asset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"denomination"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"outputs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txType"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"XChainTransaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amountCreated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"address"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"StringValue","value":"avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"xChainBalances"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"unlocked"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"utxoCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"xChainUtxos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"utxoId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"locktime"}},{"kind":"Field","name":{"kind":"Name","value":"outputType"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"pending"},"name":{"kind":"Name","value":"xChainUtxos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sourceChain"},"value":{"kind":"EnumValue","value":"P_CHAIN"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"utxoId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pChain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"currentSupply"}},{"kind":"Field","name":{"kind":"Name","value":"block"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"height"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockId"}},{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txType"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"index"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"X_BLOCK"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lastAccepted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"containers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"index"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"healthy"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"healthy"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"contiguousFailures"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<XAndPChainQuery, XAndPChainQueryVariables>;