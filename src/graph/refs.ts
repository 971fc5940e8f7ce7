/**
 * The graph's shared types by name: every object and interface type that a schema file other
 * than its own names (as a field's type, or as the parent it adds a field to), with the model it
 * is built from and how a model is made from upstream data.
 *
 * A ref only names a type: its file implements it (`SubnetRef` in subnet.ts) and writes every
 * field that looks one up (see docs/ARCHITECTURE.md). Declaring the names here, apart from their
 * fields, is what lets two types link to each other without their files importing each other.
 */
import { PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import type { SubmissionEvent, SubmittedEvmTx } from '../live/feeds.js';
import { evmChainIdOf } from '../domain/chains.js';
import type { L1Validator } from '../upstreams/data-api/l1-validator.js';
import type { Blockchain, EvmGenesis, Subnet } from '../upstreams/data-api/subnet.js';
import type {
  CChainAtomicTransaction,
  L1ValidatorDetailsTransaction,
  PChainTransaction,
  PChainUtxo,
  PrimaryChainAlias,
  PrimaryNetworkChainInfo,
  PrimaryNetworkTransaction,
  UtxoCredential,
  XChainAssetDetails,
  XChainTransaction,
  XChainUtxo,
} from '../upstreams/data-api/transaction.js';
import type { NativeTransaction, RichAddress } from '../upstreams/data-api/evm-chain.js';
import type { ChainInfo, EvmBlock, GetTransactionResponse } from '../upstreams/data-api/evm-block.js';
import type {
  CollectibleBalance,
  Erc20Token,
  Erc20TokenBalance,
  Erc20Transfer,
  InternalTransaction,
} from '../upstreams/data-api/evm-address.js';
import type { NftToken } from '../upstreams/data-api/nft.js';
import type { IcmMessage } from '../upstreams/data-api/icm.js';
import type { LastActivityTimestamp } from '../upstreams/data-api/primary-network-address.js';
import type { BlockChainPath, PrimaryNetworkBlock } from '../upstreams/data-api/primary-network-block.js';
import type { DelegatorDetails, ValidatorDetails } from '../upstreams/data-api/staking.js';
import type { AssetAmount } from '../upstreams/data-api/wire.js';
import type { AvmInput, AvmOutput, OutputOwners } from '../upstreams/node/client.js';
import type { PTxJson, PValidator } from '../upstreams/node/p-chain.js';
import type { EvmLog } from '../upstreams/node/evm-state.js';
import type { SubnetEvmValidator } from '../upstreams/node/subnet-evm.js';
import type { AvmChain, AvmTxJson } from '../upstreams/node/x-chain.js';
import { builder } from './builder.js';
import { learnt, usually } from './list-sizes.js';
import { viewClass, type View } from './model.js';

// --- the network and its addresses (network.ts, address.ts) -------------------------------------

export interface NetworkModel {
  name: NetworkName;
}

export const NetworkRef = builder.objectRef<NetworkModel>('Network');

export interface AddressModel {
  network: NetworkName;
  /** As the Data API writes it: `avax1...` without chain prefix, or a lower-case 0x address (`Address.address` checksums it). */
  address: string;
}

export const AddressRef = builder.objectRef<AddressModel>('Address');

/**
 * Addresses an owner set holds (a validator's or a delegator's reward owner, an L1 validator's
 * remaining-balance and deactivation owners), as last seen on the network (./list-sizes.ts), for
 * the items and the calls below each address (`addresses { utxos }` is a call per address).
 * Priced at one, a multisig of a few keys answered more objects than its estimate (fuzz,
 * `owner-addresses-priced-at-one`). No protocol bound limits an owner set (secp256k1fx takes any
 * number of addresses, within the transaction's size); 16 is an assumption for the largest, as for
 * a subnet's owners, and a longer set is answered whole, its calls within the budget.
 */
export const OWNER_ADDRESSES = learnt({ kind: 'ownerAddresses', most: { mainnet: 16, fuji: 16 } });

/**
 * A subnet's owner addresses (its control keys, the Data API's `subnetOwnershipInfo`), priced as
 * last seen (the longest owner set of the network), at most 16. Unlike an output's owners, a subnet
 * is often a multisig of a few keys, and each address below can make its own calls (`xChainUtxos`,
 * one per address): priced at one, five subnets of two or three owners made 13 calls against an
 * estimate of 6 (fuzz case 29#1010). 16 is an assumption for the largest, as for OWNER_ADDRESSES.
 */
export const SUBNET_OWNERS = learnt({ kind: 'subnetOwners', most: { mainnet: 16, fuji: 16 } });

/**
 * Addresses that may spend an output or a UTXO, as prices assume them: one key until an owner set
 * of more was seen on the network, then the longest seen (with its margin), at most 16 as for
 * OWNER_ADDRESSES. Priced at their most before any was seen, a block's or a listing's hundreds of
 * outputs were refused cold (a P-Chain block's transactions with their outputs' addresses passed
 * MAX_RESULT_NODES); priced at one always, a multisig output answered more entries than priced
 * (fuzz seed p40: 19 entries priced at 18). A longer set than any seen is answered whole, past its
 * price that once, and learnt: the next price reads it.
 */
export const OUTPUT_ADDRESSES = learnt({ kind: 'outputAddresses', most: { mainnet: 16, fuji: 16 }, unseen: 1 });

/**
 * The signatures that spent an output (one per key its threshold needs), as prices assume them:
 * one until more were seen, then the longest seen, at most 16, as the owners they sign for
 * (OUTPUT_ADDRESSES).
 */
export const CREDENTIALS = learnt({ kind: 'credentials', most: { mainnet: 16, fuji: 16 }, unseen: 1 });

/**
 * A transaction's inputs, outputs and credentials, whichever upstream decodes it (the node's
 * AvmTransaction and PBlockTransaction, the Data API's consumed and emitted UTXOs on the P-, X- and
 * C-Chain), one kind each on every type: a transfer spends one or two UTXOs and makes two, an
 * import of many atomic UTXOs more. Priced at five until a longer list was seen, then as the longest
 * seen (./list-sizes.ts `usually`); at five always, such an import passed its price on every answer.
 * The most: no transaction in a block is over MAX_TX_SIZE (64 KiB, ./leaf-bytes.ts), which holds
 * about 780 inputs of 84 bytes (id, index, asset, type, amount, no signer), and a credential per
 * input; an output takes 60 bytes at least, but the X-Chain's genesis transaction, bound by no
 * mempool, makes one for each of its 4,365 allocations on mainnet (MAINNET_X_GENESIS_TX_SIZE).
 */
export const TX_INPUTS = usually('txInputs', 5, 800);
export const TX_OUTPUTS = usually('txOutputs', 5, 4_400);
export const TX_CREDENTIALS = usually('txCredentials', 5, 800);

/**
 * Transactions of a P- or X-Chain block as the Data API lists them (their ids, and with a lookup
 * each, the transactions): five until a longer block was seen, then the longest seen (at five
 * always, a block of more passed its price on every answer). The most, 100, is the assumption a
 * P-Chain block's transactions take (P_BLOCK_TXS in ./p-chain.ts: avalanchego bounds a block's
 * bytes, not its count).
 */
export const PRIMARY_NETWORK_BLOCK_TXS = usually('primaryNetworkBlockTransactions', 5, 100);

/**
 * The blockchains a subnet validates (the Data API's listing, platform.validates): most subnets
 * have one chain, the Primary Network three. Fixed at three: learnt as the longest seen, a quarter
 * more for growth over the longest of every subnet, a page of 100 subnets with their chains'
 * genesis was priced 1.6 times as high as before, past what the held-bytes bound lets one client
 * pipeline (test/http/slow-consumers.test.ts). No protocol bound limits a subnet's chains.
 */
export const SUBNET_BLOCKCHAINS = 3;

/** Address strings of an upstream answer as graph objects of their network. */
export function toAddresses(network: NetworkName, addresses: readonly string[]): AddressModel[] {
  return addresses.map((address) => ({ network, address }));
}

export const AddressChainRef = builder.objectRef<{ network: NetworkName; blockchainId: string }>('AddressChain');

/** The `chainInfo` envelope of the Data API's Primary Network listings (transactions, vertices). */
export const PrimaryNetworkChainInfoRef = builder.objectRef<PrimaryNetworkChainInfo>('PrimaryNetworkChainInfo');

// --- subnets and blockchains (subnet.ts, blockchain.ts, genesis.ts) -----------------------------

const SubnetView = viewClass<Subnet>({
  createBlockTimestamp: true,
  createBlockIndex: true,
  subnetId: true,
  ownerAddresses: true,
  threshold: true,
  locktime: true,
  subnetOwnershipInfo: true,
  isL1: true,
  l1ConversionTransactionHash: true,
  l1ValidatorManagerDetails: true,
  blockchains: true,
});

/** A subnet on its network (see ./model.ts). */
export type SubnetModel = View<Subnet>;

export const subnetModel = (network: NetworkName, subnet: Subnet): SubnetModel => new SubnetView(network, subnet);

export const SubnetRef = builder.objectRef<SubnetModel>('Subnet');

/**
 * How a subnet's own reads combine: once per subnet, however many objects of the response are
 * that subnet (the subnet of each of an L1's validators is the same subnet, and the request reads
 * its supply once). The lists above say which objects share a subnet (`groups: ['subnet']`).
 */
export const ONCE_PER_SUBNET = { group: 'subnet' } as const;

export const OwnershipRef = builder.objectRef<{ network: NetworkName; locktime: number; threshold: number; addresses: string[] }>(
  'SubnetOwnership',
);

export const ValidatorManagerRef = builder.objectRef<{
  network: NetworkName;
  blockchainId: string;
  contractAddress: string;
  subnet?: SubnetModel;
}>('L1ValidatorManager');

const BlockchainView = viewClass<Blockchain>({
  createBlockTimestamp: true,
  createBlockNumber: true,
  blockchainId: true,
  vmId: true,
  subnetId: true,
  blockchainName: true,
  evmChainId: true,
  genesisData: true,
});

/** A blockchain on its network (see ./model.ts), with its subnet when the lookup brought it along. */
export type BlockchainModel = View<Blockchain> & { readonly parent?: SubnetModel };

export function blockchainModel(network: NetworkName, blockchain: Blockchain, parent?: SubnetModel): BlockchainModel {
  const model = new BlockchainView(network, blockchain) as BlockchainModel & { parent?: SubnetModel };
  model.parent = parent;
  return model;
}

export const BlockchainRef = builder.objectRef<BlockchainModel>('Blockchain');

export const EvmGenesisRef = builder.objectRef<EvmGenesis>('EvmGenesis');

// --- L1 validators (l1-validator.ts) --------------------------------------------------------------

const L1ValidatorView = viewClass<L1Validator>({
  validationId: true,
  validationIdHex: true,
  nodeId: true,
  subnetId: true,
  weight: true,
  remainingBalance: true,
  creationTimestamp: true,
  blsCredentials: true,
  remainingBalanceOwner: true,
  deactivationOwner: true,
});

/** An L1 validator on its network (see ./model.ts). */
export type L1ValidatorModel = View<L1Validator>;

export const l1ValidatorModel = (network: NetworkName, validator: L1Validator): L1ValidatorModel => new L1ValidatorView(network, validator);

export const L1ValidatorRef = builder.objectRef<L1ValidatorModel>('L1Validator');

export const BlsCredentialsRef = builder.objectRef<{ publicKey?: unknown; proofOfPossession?: unknown }>('BlsCredentials');

// --- Primary Network transactions and UTXOs (transaction.ts, utxo.ts) -----------------------------

type WithNetwork<T, C extends PrimaryChainAlias> = T & { network: NetworkName; chain: C };
export type PTxModel = WithNetwork<PChainTransaction, 'p-chain'>;
export type XTxModel = WithNetwork<XChainTransaction, 'x-chain'>;
export type CTxModel = WithNetwork<CChainAtomicTransaction, 'c-chain'>;
export type TxModel = PTxModel | XTxModel | CTxModel;

export function txModel(network: NetworkName, chain: PrimaryChainAlias, tx: PrimaryNetworkTransaction): TxModel {
  return { ...tx, network, chain } as TxModel;
}

export const TransactionInterface = builder.interfaceRef<TxModel>('PrimaryNetworkTransaction');

export const PChainTransactionRef = builder.objectRef<PTxModel>('PChainTransaction');

export const L1ValidatorDetailsRef = builder.objectRef<L1ValidatorDetailsTransaction & { network: NetworkName }>('L1ValidatorDetails');

export type AssetAmountModel = AssetAmount & { network: NetworkName };

/**
 * Assets an amount list (value, fees burned, stake, an address's balances) holds, as prices assume
 * it: AVAX nearly always, now and then one more, until a longer list was seen on the network; then
 * the longest seen. Priced at two always, three X-Chain addresses' balances answered 6 entries
 * priced at 5 (fuzz seed p41); a longer list than assumed is answered whole, past its price that
 * once, and learnt. An address may hold any number of X-Chain assets: 256 is an assumption for the
 * most.
 */
export const AMOUNT_ASSETS = learnt({ kind: 'amountAssets', most: { mainnet: 256, fuji: 256 }, unseen: 2 });

/**
 * Assets a balance list holds (one per asset the addresses hold): priced at the most, 256 (an
 * assumption: an address may hold any number of X-Chain assets). Unlike an amount list, it is not
 * repeated for hundreds of transactions; and learnt as the longest seen, it priced one wallet's
 * balances by another's, so that an address of eight assets after one of two was refused.
 */
export const BALANCE_ASSETS = 256;

export const amountsOf = (network: NetworkName, list: readonly AssetAmount[]): AssetAmountModel[] => list.map((a) => ({ ...a, network }));

export const AssetAmountRef = builder.objectRef<AssetAmountModel>('AssetAmount');

export type UtxoModel = (PChainUtxo | XChainUtxo) & { network: NetworkName };

export const UtxoRef = builder.objectRef<UtxoModel>('Utxo');

export const UtxoCredentialRef = builder.objectRef<UtxoCredential>('UtxoCredential');

// --- EVM chains and addresses (evm-chain.ts, evm-address.ts, contract.ts, icm.ts, price.ts) -------

export interface EvmChainModel {
  network: NetworkName;
  evmChainId: number;
  blockchainId: string;
  /** Its entry in the Data API's chain registry, when the chain was found there (evm-block.ts). */
  registry?: ChainInfo;
}

/** An address on an EVM chain. */
export interface EvmAddressModel {
  chain: EvmChainModel;
  address: string;
}

/**
 * A party of an EVM transfer: an address with its token identity, if it is a token. `account`
 * marks a transaction's sender: only externally owned accounts send transactions.
 */
export type PartyModel = RichAddress & { chain: EvmChainModel; account?: true };

/**
 * The `chainId` of Data API EVM paths, which take an EVM chain id or a blockchain id. The blockchain
 * id names one chain; an EVM chain id can be reused, across networks or by a later L1.
 */
export const chainIdOf = (chain: EvmChainModel) => chain.blockchainId;

/** A blockchain as an EVM chain, or null when its VM is not an EVM. */
export function evmModelOf(network: NetworkName, blockchain: Blockchain): EvmChainModel | null {
  const evmChainId = evmChainIdOf(blockchain);
  return evmChainId === undefined ? null : { network, evmChainId, blockchainId: blockchain.blockchainId };
}

export const toParty = (chain: EvmChainModel, rich: RichAddress): PartyModel => ({ ...rich, chain });

export const EvmChainRef = builder.objectRef<EvmChainModel>('EvmChain');
export const EvmAddressRef = builder.objectRef<EvmAddressModel>('EvmAddress');
export const PartyRef = builder.objectRef<PartyModel>('EvmParty');

/** An EVM object of the Data API, on its chain. */
export type Chained<T> = T & { chain: EvmChainModel };
/** A collectible an address holds, with that address (`holder`), which the Data API's item leaves out. */
export type CollectibleModel = Chained<CollectibleBalance> & { holder: string };

export const Erc20TokenRef = builder.objectRef<Chained<Erc20Token>>('Erc20Token');
export const Erc20TransferRef = builder.objectRef<Chained<Erc20Transfer>>('Erc20Transfer');
export const InternalTransactionRef = builder.objectRef<Chained<InternalTransaction>>('InternalTransaction');

/**
 * An EVM transaction on its chain, as the Data API lists it, or as the node answers it mapped to the
 * same fields (evm-transaction.ts). `details`: getTransaction's answer, when the lookup read it
 * (its transfers, internal transactions, ICM message).
 */
export type EvmTxModel = NativeTransaction & { chain: EvmChainModel; details?: GetTransactionResponse };
export const EvmTransactionRef = builder.objectRef<EvmTxModel>('EvmTransaction');

/**
 * An EVM block on its chain: the Data API's block, or the node's mapped to the same fields, without
 * what only the Data API's indexer counts (fees spent, cumulative transactions, block gas cost).
 */
export type EvmBlockModel = Omit<EvmBlock, 'gasCost' | 'feesSpent' | 'cumulativeTransactions'> &
  Partial<Pick<EvmBlock, 'gasCost' | 'feesSpent' | 'cumulativeTransactions'>> & { chain: EvmChainModel };
export const EvmBlockRef = builder.objectRef<EvmBlockModel>('EvmBlock');
/** A log an EVM contract emitted, on its chain (evm-state.ts implements it; receipts list them too). */
export type LogModel = EvmLog & { chain: EvmChainModel };
export const EvmLogRef = builder.objectRef<LogModel>('EvmLog');

/**
 * A signed EVM transaction submitted or named, on its chain (evm-state.ts), with what was read of
 * it when a subscription's event carries that; once mined it leads to its receipt and transaction
 * (evm-transaction.ts).
 */
export type SubmissionModel = SubmittedEvmTx & { chain: EvmChainModel; known?: SubmissionEvent };
export const EvmTransactionSubmissionRef = builder.objectRef<SubmissionModel>('EvmTransactionSubmission');
export const CollectibleRef = builder.interfaceRef<CollectibleModel>('CollectibleBalance');

/** A token of an ERC-721 or ERC-1155 collection (nft.ts). */
export type NftTokenModel = Chained<NftToken>;
export const NftTokenRef = builder.objectRef<NftTokenModel>('NftToken');

/** An amount of an ERC-20 token an address holds (evm-address-balances.ts). */
export type Erc20BalanceModel = Chained<Erc20TokenBalance> & { holder: string };
export const Erc20BalanceRef = builder.objectRef<Erc20BalanceModel>('Erc20Balance');

export type IcmModel = IcmMessage & { network: NetworkName };

export const IcmMessageRef = builder.objectRef<IcmModel>('IcmMessage');

export const PriceRef = builder.objectRef<{ currencyCode: string; value: number | string }>('Price');

// --- the X- and P-Chain from the node (x-chain.ts, p-chain.ts, node-common.ts) -------------------

/**
 * What came from an AVM chain of the node: the X-Chain (avm.* at /ext/bc/X) unless
 * `avmBlockchainId` names another blockchain running the AVM (/ext/bc/<id>), whose transactions,
 * UTXOs and assets are its own.
 */
export interface OnAvmChain {
  network: NetworkName;
  avmBlockchainId?: string;
}

/** The chain the avm.* calls about `m` go to. */
export const avmChainOf = (m: OnAvmChain): AvmChain => ({ network: m.network, blockchainId: m.avmBlockchainId });

/** Whether `m` is of the X-Chain (asked by alias or by its id), whose transactions the Data API indexes. */
export const onXChain = (m: OnAvmChain): boolean => m.avmBlockchainId === undefined || m.avmBlockchainId === PRIMARY_CHAIN_IDS[m.network].x;

export type XChainModel = OnAvmChain;

export const XChainRef = builder.objectRef<XChainModel>('XChain');

/** The C-Chain's atomic API on the node (c-chain-atomic.ts); its UTXOs are in x-chain.ts. */
export const CChainAtomicRef = builder.objectRef<{ network: NetworkName }>('CChainAtomic');

export type AvmTxModel = AvmTxJson & OnAvmChain;

export const AvmTxRef = builder.objectRef<AvmTxModel>('AvmTransaction');

export type PBlockTxModel = PTxJson & { network: NetworkName };

export const PBlockTxRef = builder.objectRef<PBlockTxModel>('PBlockTransaction');

export const PChainBlockchainEntryRef = builder.objectRef<{
  network: NetworkName;
  id: string;
  name: string;
  subnetID: string;
  vmID: string;
}>('PChainBlockchainEntry');

/** A validator of platform.getCurrentValidators, with the subnet it was asked for (undefined: the Primary Network). */
export type PValidatorModel = PValidator & { network: NetworkName; subnetId: string | undefined };

export const PChainValidatorRef = builder.objectRef<PValidatorModel>('PChainValidator');

/** A validator of a chain's validators endpoint, with the chain's subnet. */
export type ChainValidatorModel = SubnetEvmValidator & { network: NetworkName; subnetId: string };

export const ChainValidatorRef = builder.objectRef<ChainValidatorModel>('ChainValidator');

export type OwnersModel = OutputOwners & { network: NetworkName };
export type OutputModel = AvmOutput & OnAvmChain;
export type InputModel = AvmInput & OnAvmChain;

export const OutputOwnersRef = builder.objectRef<OwnersModel>('OutputOwners');
export const TransferableOutputRef = builder.objectRef<OutputModel>('TransferableOutput');
export const TransferableInputRef = builder.objectRef<InputModel>('TransferableInput');

export const outputsOf = (network: NetworkName, list: readonly AvmOutput[] | null | undefined, avmBlockchainId?: string): OutputModel[] =>
  (list ?? []).map((o) => ({ ...o, network, avmBlockchainId }));
export const inputsOf = (network: NetworkName, list: readonly AvmInput[] | null | undefined, avmBlockchainId?: string): InputModel[] =>
  (list ?? []).map((i) => ({ ...i, network, avmBlockchainId }));

// --- the Data API's Primary Network addresses, blocks and assets (primary-network-address.ts,
// primary-network-block.ts, x-chain-asset.ts) ------------------------------------------------------

/** An address's (or addresses') last activity on a chain, as getLastActivityTimestampByAddresses answers it. */
export type AddressActivityModel = LastActivityTimestamp & { network: NetworkName };

export const AddressActivityRef = builder.objectRef<AddressActivityModel>('AddressLastActivity');

/** A P- or X-Chain block as the Data API indexes it, on its network and chain. */
export type PnBlockModel = PrimaryNetworkBlock & { network: NetworkName; chain: BlockChainPath };

export const PrimaryNetworkBlockRef = builder.objectRef<PnBlockModel>('PrimaryNetworkBlock');

/** An X-Chain asset as the Data API describes it (getAssetDetails, a CreateAssetTx's `assetCreated`). */
export type XChainAssetModel = XChainAssetDetails & { network: NetworkName };

export const XChainAssetRef = builder.objectRef<XChainAssetModel>('XChainAsset');
// --- staking (staking.ts implements them; subnet.ts and reward.ts link to them) -----------------

export type ValidatorModel = ValidatorDetails & { network: NetworkName };
export type DelegatorModel = DelegatorDetails & { network: NetworkName };

export const ValidatorRef = builder.objectRef<ValidatorModel>('Validator');
export const DelegatorRef = builder.objectRef<DelegatorModel>('Delegator');
