/**
 * Value sets of the upstream contract as GraphQL enums. Internal values are the upstream's
 * own strings, so resolvers pass them through unchanged.
 */
import { PRIMARY_NETWORK_TX_TYPES } from '../upstreams/data-api/wire.js';
import type { CurrencyCode } from '../upstreams/data-api/wire.js';
import { builder } from './builder.js';

export const NetworkNameEnum = builder.enumType('NetworkName', {
  description: 'An Avalanche network. Answers always name the test network FUJI.',
  values: {
    MAINNET: { value: 'mainnet', description: 'Avalanche mainnet.' },
    FUJI: { value: 'fuji', description: 'The Fuji test network.' },
    TESTNET: { value: 'testnet', description: 'Another name of FUJI, accepted as the Data API accepts it.' },
  } as const,
});

export const SortOrderEnum = builder.enumType('SortOrder', {
  description: 'Order by timestamp.',
  values: {
    ASC: { value: 'asc', description: 'Oldest first.' },
    DESC: { value: 'desc', description: 'Newest first.' },
  } as const,
});

const CURRENCIES: Record<CurrencyCode, string> = {
  usd: 'US dollar',
  eur: 'Euro',
  aud: 'Australian dollar',
  cad: 'Canadian dollar',
  chf: 'Swiss franc',
  clp: 'Chilean peso',
  cny: 'Chinese yuan',
  czk: 'Czech koruna',
  dkk: 'Danish krone',
  gbp: 'Pound sterling',
  hkd: 'Hong Kong dollar',
  huf: 'Hungarian forint',
  jpy: 'Japanese yen',
  nzd: 'New Zealand dollar',
};

export const CurrencyEnum = builder.enumType('Currency', {
  description: 'A fiat currency for prices.',
  values: Object.fromEntries(Object.entries(CURRENCIES).map(([c, name]) => [c.toUpperCase(), { value: c, description: name }])) as {
    [K in CurrencyCode as Uppercase<K>]: { value: K; description: string };
  },
});

export const PrimaryNetworkChainEnum = builder.enumType('PrimaryNetworkChain', {
  description: 'One of the three chains of the Primary Network.',
  values: {
    P_CHAIN: { value: 'p-chain', description: 'The Platform Chain: validators, subnets, L1s, staking.' },
    X_CHAIN: { value: 'x-chain', description: 'The Exchange Chain: assets and transfers (UTXO).' },
    C_CHAIN: { value: 'c-chain', description: 'The Contract Chain; here, its atomic import/export transactions.' },
  } as const,
});

const TX_TYPES: Record<(typeof PRIMARY_NETWORK_TX_TYPES)[number], string> = {
  AddValidatorTx: 'Adds a Primary Network validator (before Durango; now AddPermissionlessValidatorTx).',
  AddSubnetValidatorTx: 'Adds a validator to a permissioned subnet.',
  AddDelegatorTx: 'Delegates stake to a Primary Network validator (before Durango).',
  CreateChainTx: 'Creates a blockchain on a subnet.',
  CreateSubnetTx: 'Creates a subnet.',
  ImportTx: 'Imports value that another chain exported.',
  ExportTx: 'Exports value to another chain.',
  AdvanceTimeTx: 'Advanced the P-Chain clock (before Banff).',
  RewardValidatorTx: 'Ends a stake, returns it and pays its reward.',
  RemoveSubnetValidatorTx: 'Removes a validator from a permissioned subnet.',
  TransformSubnetTx: 'Turned a permissioned subnet into an elastic one.',
  AddPermissionlessValidatorTx: 'Adds a validator to the Primary Network or an elastic subnet.',
  AddPermissionlessDelegatorTx: 'Delegates stake to a permissionless validator.',
  BaseTx: 'Transfers assets.',
  TransferSubnetOwnershipTx: "Changes a subnet's owners.",
  ConvertSubnetToL1Tx: 'Converts a subnet to an L1, with its first validators and manager contract.',
  RegisterL1ValidatorTx: 'Adds a validator to an L1.',
  SetL1ValidatorWeightTx: "Changes an L1 validator's weight; 0 removes it.",
  DisableL1ValidatorTx: 'Disables an L1 validator and returns its remaining balance.',
  IncreaseL1ValidatorBalanceTx: "Tops up an L1 validator's balance for the continuous fee.",
  UNKNOWN: 'A type the Data API does not classify.',
  CreateAssetTx: 'Creates an X-Chain asset.',
  OperationTx: 'Operates on X-Chain assets, e.g. moves or mints NFTs.',
};

export const PrimaryNetworkTxTypeEnum = builder.enumType('PrimaryNetworkTxType', {
  description: 'Transaction types of the Primary Network chains, as the Data API names them.',
  values: Object.fromEntries(PRIMARY_NETWORK_TX_TYPES.map((t) => [t, { value: t, description: TX_TYPES[t] }])) as {
    [K in (typeof PRIMARY_NETWORK_TX_TYPES)[number]]: { value: K; description: string };
  },
});

export const RewardTypeEnum = builder.enumType('RewardType', {
  description: 'Why a staking reward was paid.',
  values: {
    VALIDATOR: { value: 'VALIDATOR', description: 'To a validator for its own stake.' },
    DELEGATOR: { value: 'DELEGATOR', description: 'To a delegator for its delegated stake.' },
    VALIDATOR_FEE: { value: 'VALIDATOR_FEE', description: "To a validator: its fee on a delegator's reward." },
  } as const,
});

export const AssetTypeEnum = builder.enumType('PrimaryNetworkAssetType', {
  description: 'The kind of an X-Chain asset.',
  values: {
    SECP256K1: { value: 'secp256k1', description: 'A fungible asset.' },
    NFT: { value: 'nft', description: 'A non-fungible asset.' },
  } as const,
});

export const AssetCapEnum = builder.enumType('PrimaryNetworkAssetCap', {
  description: 'Whether more of an asset can be minted.',
  values: {
    FIXED: { value: 'fixed', description: 'The supply was fixed at creation.' },
    VARIABLE: { value: 'variable', description: 'Minters can create more.' },
  } as const,
});

export const XChainFormatEnum = builder.enumType('XChainFormat', {
  description: 'How the X-Chain ordered a transaction.',
  values: {
    NON_LINEAR: { value: 'non-linear', description: 'In DAG vertices, before the Cortina upgrade.' },
    LINEAR: { value: 'linear', description: 'In linear blocks, since the Cortina upgrade.' },
  } as const,
});

export const BlockchainStatusEnum = builder.enumType('BlockchainStatus', {
  description: 'What the node knows of a blockchain (platform.getBlockchainStatus).',
  values: {
    VALIDATING: { value: 'Validating', description: 'This node validates it.' },
    CREATED: { value: 'Created', description: 'It exists, but this node does not validate it.' },
    PREFERRED: { value: 'Preferred', description: 'Proposed and likely to be created; its transaction is not accepted yet.' },
    SYNCING: { value: 'Syncing', description: 'This node follows it without validating.' },
    UNKNOWN: { value: 'Unknown', description: 'Not proposed, or its proposal is not preferred (it may be submitted again).' },
  } as const,
});
