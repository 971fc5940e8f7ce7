/**
 * What the Data API's client files share: the types openapi-typescript generates from the API's
 * OpenAPI document (./openapi.d.ts, from test/contract/data-api.glacier.openapi.json, by
 * `npm run codegen:wire`), named, and the few helpers that read them. Each endpoint's own types
 * are in the file of its function; where the upstream sends more than the spec says, the type
 * says how and why.
 */
import type { components, operations } from './openapi.js';

export type Schemas = components['schemas'];

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

export type Money = Schemas['Money'];

export type AssetAmount = Schemas['AssetAmount'];

export type BlsCredentials = Schemas['BlsCredentials'];

// --- the spec's enums the code walks, as lists ------------------------------------------------

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
