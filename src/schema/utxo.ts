/**
 * UTXOs and asset amounts. The Data API sends a UTXO in one shape on the P-Chain and another on
 * the X- and C-Chains; the graph has one `Utxo` type whose fields read either, and says which
 * fields only one chain fills.
 */
import type { NetworkName } from '../base/ids.js';
import type { PChainUtxo } from '../upstreams/data-api/transaction.js';
import { AssetTypeEnum, RewardTypeEnum } from './enums.js';
import { AddressRef, AssetAmountRef, OWNER_ADDRESSES, UtxoCredentialRef, UtxoRef, toAddresses, type UtxoModel } from './refs.js';

const isP = (u: UtxoModel): u is PChainUtxo & { network: NetworkName } => 'txHash' in u;

AssetAmountRef.implement({
  description: 'An amount of an asset, with what is needed to display it.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'The asset id (cb58).' }),
    name: t.exposeString('name', { description: 'Asset name, e.g. "Avalanche".' }),
    symbol: t.exposeString('symbol', { description: 'Asset symbol, e.g. "AVAX".' }),
    denomination: t.exposeInt('denomination', {
      description: 'Decimal places: the amount 100 shows as 100 with 0, 10.0 with 1, .100 with 2.',
    }),
    type: t.field({
      type: AssetTypeEnum,
      nullable: true,
      description: 'Fungible (SECP256K1) or NFT.',
      resolve: (a) => (a.type === 'secp256k1' || a.type === 'nft' ? a.type : null),
    }),
    amount: t.expose('amount', { type: 'BigInt', description: 'The amount, in the smallest unit (nAVAX for AVAX).' }),
  }),
});

UtxoCredentialRef.implement({
  description: 'A signature that authorised spending a UTXO.',
  fields: (t) => ({
    signature: t.exposeString('signature', { nullable: true, description: 'The signature (base64).' }),
    publicKey: t.exposeString('publicKey', { nullable: true, description: 'The public key that signed (base64).' }),
  }),
});

UtxoRef.implement({
  description: 'An unspent (or since spent) transaction output: an amount of an asset locked to addresses.',
  fields: (t) => ({
    utxoId: t.exposeString('utxoId', { description: 'The UTXO id (cb58).' }),
    txHash: t.string({
      description: 'The transaction that created it (`creationTxHash` on the X- and C-Chain).',
      resolve: (u) => (isP(u) ? u.txHash : u.creationTxHash),
    }),
    outputIndex: t.int({ description: 'Its index among the outputs of that transaction.', resolve: (u) => Number(u.outputIndex) }),
    addresses: t.field({
      type: [AddressRef],
      price: { items: OWNER_ADDRESSES },
      description: 'Addresses that can sign to spend it.',
      resolve: (u) => toAddresses(u.network, u.addresses),
    }),
    threshold: t.exposeInt('threshold', { nullable: true, description: 'Signatures needed to spend it.' }),
    asset: t.field({
      type: AssetAmountRef,
      description: 'The asset and amount it holds.',
      resolve: (u) => ({ ...u.asset, network: u.network }),
    }),
    amount: t.field({
      type: 'BigInt',
      description: 'The amount, in the smallest unit.',
      resolve: (u) => (isP(u) ? u.amount : u.asset.amount),
    }),
    assetId: t.string({ description: 'The asset id.', resolve: (u) => (isP(u) ? u.assetId : u.asset.assetId) }),
    utxoType: t.exposeString('utxoType', { description: 'STAKE or TRANSFER on the P-Chain; e.g. "transfer" or "mint" on the X-Chain.' }),
    createdOnChainId: t.exposeString('createdOnChainId', { description: 'The chain it was created on.' }),
    consumedOnChainId: t.exposeString('consumedOnChainId', {
      description: 'The chain it can be (or was) spent on: another chain for exported outputs.',
    }),
    consumingTxHash: t.exposeString('consumingTxHash', {
      nullable: true,
      description: 'The transaction that spent it; null while unspent.',
    }),
    utxoBytes: t.exposeString('utxoBytes', { nullable: true, description: 'The serialized UTXO (hex).' }),
    blockTimestamp: t.field({
      type: 'SafeInt',
      description: 'Unix time (s) it was created (`timestamp` on the X- and C-Chain).',
      resolve: (u) => (isP(u) ? u.blockTimestamp : u.timestamp),
    }),
    blockNumber: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the block that created it (P-Chain only).',
      resolve: (u) => (isP(u) ? u.blockNumber : null),
    }),
    consumingBlockTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (s) it was spent; null while unspent.',
      resolve: (u) => (isP(u) ? u.consumingBlockTimestamp : u.consumingTxTimestamp) ?? null,
    }),
    consumingBlockNumber: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the block that spent it (P-Chain only).',
      resolve: (u) => (isP(u) ? (u.consumingBlockNumber ?? null) : null),
    }),
    locktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Unix time before which it cannot be spent (X- and C-Chain; see `platformLocktime` on the P-Chain).',
      resolve: (u) => (isP(u) ? null : u.locktime),
    }),
    platformLocktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'P-Chain locktime.',
      resolve: (u) => (isP(u) ? (u.platformLocktime ?? null) : null),
    }),
    stakeableLocktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Until this Unix time it can only be staked (P-Chain).',
      resolve: (u) => (isP(u) ? (u.stakeableLocktime ?? null) : null),
    }),
    staked: t.boolean({
      nullable: true,
      description: 'Whether it is a stake (P-Chain).',
      resolve: (u) => (isP(u) ? (u.staked ?? null) : null),
    }),
    rewardType: t.field({
      type: RewardTypeEnum,
      nullable: true,
      description: 'For reward outputs: which reward (P-Chain).',
      resolve: (u) => (isP(u) ? (u.rewardType ?? null) : null),
    }),
    utxoStartTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Start of the staking period, for stakes.',
      resolve: (u) => (isP(u) ? (u.utxoStartTimestamp ?? null) : null),
    }),
    utxoEndTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'End of the staking period, for stakes.',
      resolve: (u) => (isP(u) ? (u.utxoEndTimestamp ?? null) : null),
    }),
    credentials: t.field({
      type: [UtxoCredentialRef],
      price: { items: OWNER_ADDRESSES },
      nullable: true,
      description: 'Signatures that spent it (X- and C-Chain).',
      resolve: (u) => (isP(u) ? null : (u.credentials ?? null)),
    }),
    groupId: t.int({ nullable: true, description: 'NFT group (X-Chain NFTs).', resolve: (u) => (isP(u) ? null : (u.groupId ?? null)) }),
    payload: t.string({
      nullable: true,
      description: 'NFT payload (X-Chain NFTs).',
      resolve: (u) => (isP(u) ? null : (u.payload ?? null)),
    }),
  }),
});
