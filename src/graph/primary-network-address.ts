/**
 * What the Data API indexes about Primary Network addresses, beside the node's views of them
 * (`Address.xChainBalances` sums the node's UTXOs; the P-Chain's node-backed balances are the
 * platform fields): balances per chain and per kind of lock (getBalancesByAddresses), and the last
 * activity of an address or of many (getLastActivityTimestampByAddresses and its V2). The UTXO
 * listings are in utxo.ts, the staking transactions in transaction.ts, with the types they return.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import {
  getBalancesByAddresses,
  getLastActivityTimestampByAddresses,
  getLastActivityTimestampByAddressesV2,
  type AggregatedAssetAmount,
  type BalancesResponse,
  type PrimaryChainPath,
} from '../upstreams/data-api/primary-network-address.js';
import { builder } from './builder.js';
import { AssetTypeEnum, NetworkNameEnum, PrimaryNetworkChainEnum } from './enums.js';
import { checkAddresses } from './inputs.js';
import { AvalancheAddressScalar } from './scalars.js';
import { AddressActivityRef, AddressRef, BALANCE_ASSETS, NetworkRef, PrimaryNetworkChainInfoRef, type AddressModel } from './refs.js';

type AmountModel = AggregatedAssetAmount & { sharedWithChainId?: string; status?: string };

const AggregatedAmountRef = builder.objectRef<AmountModel>('AggregatedAssetAmount').implement({
  description: 'An amount of one asset summed over UTXOs, as the Data API reports a balance.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'The asset id (cb58).' }),
    name: t.exposeString('name', { description: 'Asset name, e.g. "Avalanche".' }),
    symbol: t.exposeString('symbol', { description: 'Asset symbol, e.g. "AVAX".' }),
    denomination: t.exposeInt('denomination', { description: 'Decimal places for display.' }),
    type: t.field({
      type: AssetTypeEnum,
      nullable: true,
      description: 'Fungible (SECP256K1) or NFT.',
      resolve: (a) => (a.type === 'secp256k1' || a.type === 'nft' ? a.type : null),
    }),
    amount: t.expose('amount', { type: 'BigInt', description: 'The amount, in the smallest unit (nAVAX for AVAX).' }),
    utxoCount: t.exposeInt('utxoCount', { description: 'How many UTXOs hold it.' }),
    sharedWithChainId: t.exposeString('sharedWithChainId', {
      nullable: true,
      description: 'For atomic memory: the chain that exported it (cb58 blockchain id); null otherwise.',
    }),
    status: t.exposeString('status', {
      nullable: true,
      description: 'For P-Chain atomic memory: its lock status as the Data API says it.',
    }),
  }),
});

type BalancesModel = BalancesResponse & { network: NetworkName };

/** The kinds of balance, each filled by the chains that have it (null on the others). */
const KINDS = {
  unlockedUnstaked: 'P-Chain: unstaked AVAX any transaction can spend.',
  unlockedStaked: 'P-Chain: staked AVAX that becomes spendable when its staking period ends.',
  lockedPlatform: 'P-Chain: unstaked AVAX locked at the platform level, not spendable yet.',
  lockedStakeable: 'P-Chain: unstaked AVAX locked at the platform level that can only be staked.',
  lockedStaked: 'P-Chain: staked AVAX that stays locked when its staking period ends.',
  pendingStaked: 'P-Chain: staked AVAX whose staking period has not started.',
  locked: 'X-Chain: assets locked until a future time.',
  unlocked: 'X-Chain: assets spendable now.',
  atomicMemoryUnlocked: 'Exported to this chain by another and not imported yet, spendable.',
  atomicMemoryLocked: 'Exported to this chain by another and not imported yet, locked.',
} as const;

const BalancesRef = builder.objectRef<BalancesModel>('PrimaryNetworkBalances');
BalancesRef.implement({
  description:
    "Balances on one Primary Network chain as the Data API indexes them (getBalancesByAddresses), per asset and per kind of lock. Each chain fills its own kinds: the P-Chain's staked and locked kinds, the X-Chain's `locked` and `unlocked`; every chain its atomic memory (what another chain exported to it, waiting to be imported). On the C-Chain only the atomic memory: the EVM balance is `EvmAddress`'s.",
  fields: (t) => ({
    chainInfo: t.field({
      type: PrimaryNetworkChainInfoRef,
      description: 'The chain and network the Data API answered for.',
      resolve: (b) => b.chainInfo,
    }),
    ...Object.fromEntries(
      Object.entries(KINDS).map(([name, description]) => [
        name,
        t.field({
          type: [AggregatedAmountRef],
          nullable: true,
          price: { items: BALANCE_ASSETS },
          description,
          resolve: (b) => (b.balances as Record<string, AmountModel[] | undefined>)[name] ?? null,
        }),
      ]),
    ),
  }),
});

AddressActivityRef.implement({
  description:
    'The last time one of some addresses created or consumed a UTXO on a chain (getLastActivityTimestampByAddresses): when, in which transaction and block, and which UTXO.',
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network.' }),
    chain: t.expose('chainName', { type: PrimaryNetworkChainEnum, description: 'The chain.' }),
    timestamp: t.expose('timestamp', { type: 'SafeInt', description: 'Unix time (s) of the activity.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Height of the block it happened in.' }),
    txHash: t.exposeString('txHash', { description: 'The transaction that created or consumed the UTXO (see `transaction`).' }),
    utxoId: t.exposeString('utxoId', { description: 'The UTXO it created or consumed.' }),
    isConsumed: t.exposeBoolean('isConsumed', { description: 'True when the activity spent a UTXO, false when it created one.' }),
  }),
});

/** The bech32 form the Data API's address routes take; a 0x address is refused before any call. */
function bech32Of(a: AddressModel, field: string): string {
  if (a.address.startsWith('0x')) {
    throw badInput(`\`${field}\` is for X-/P-Chain (bech32) addresses; an EVM address's C-Chain balance is \`EvmAddress\`'s.`);
  }
  return a.address;
}

async function balancesOf(ctx: GatewayContext, network: NetworkName, chain: PrimaryChainPath, addresses: string[], at?: number | null) {
  const res = await getBalancesByAddresses(ctx.dataApi, network, chain, { addresses, blockTimestamp: at ?? undefined });
  return { ...res, network };
}

async function lastActivityOf(ctx: GatewayContext, network: NetworkName, chain: PrimaryChainPath, addresses: string[], v2: boolean) {
  const res = v2
    ? await getLastActivityTimestampByAddressesV2(ctx.dataApi, network, chain, addresses)
    : await getLastActivityTimestampByAddresses(ctx.dataApi, network, chain, addresses);
  return res ? { ...res, network } : null;
}

const chainArg = (what: string) =>
  ({ type: PrimaryNetworkChainEnum, required: true, description: `The chain whose ${what} to read.` }) as const;

const blockTimestampArg = {
  type: 'SafeInt',
  description: 'A Unix time (s): the balances as they stood then. Now when omitted.',
} as const;

function checkBlockTimestamp(at: number | null | undefined): void {
  if (at != null && at < 0)
    throw badInput(`\`blockTimestamp\` must be a Unix time in seconds, 0 or more (got ${at}).`, { argument: 'blockTimestamp' });
}

builder.objectFields(AddressRef, (t) => ({
  balances: t.field({
    type: BalancesRef,
    nullable: true,
    description:
      "This address's balances on one chain as the Data API indexes them (getBalancesByAddresses): per asset and kind of lock, staked and atomic amounts included. The node's own sums are `xChainBalances` (X-Chain UTXOs) and the P-Chain's platform fields.",
    args: { chain: t.arg(chainArg('balances')), blockTimestamp: t.arg(blockTimestampArg) },
    price: { calls: 1, reaches: ['getBalancesByAddresses'] },
    resolve: (a, { chain, blockTimestamp }, ctx) => {
      checkBlockTimestamp(blockTimestamp);
      return balancesOf(ctx, a.network, chain, [bech32Of(a, 'balances')], blockTimestamp);
    },
  }),
  lastActivity: t.field({
    type: AddressActivityRef,
    nullable: true,
    description:
      'When this address last created or consumed a UTXO on a chain (getLastActivityTimestampByAddresses, a GET: one address fits any query string); null if it never did.',
    args: { chain: t.arg(chainArg('activity')) },
    price: { calls: 1, reaches: ['getLastActivityTimestampByAddresses'] },
    resolve: (a, { chain }, ctx) => lastActivityOf(ctx, a.network, chain, [bech32Of(a, 'lastActivity')], false),
  }),
}));

const ADDRESSES_DESCRIPTION = 'Bech32 addresses of this network ("avax1…", "P-avax1…", "X-fuji1…"), 1 to 100.';

function checkMany(network: NetworkName, addresses: readonly string[]): string[] {
  if (addresses.length === 0) throw badInput('`addresses` must name at least one address.', { argument: 'addresses' });
  return checkAddresses(network, addresses, { argument: 'addresses' });
}

builder.objectFields(NetworkRef, (t) => ({
  addressBalances: t.field({
    type: BalancesRef,
    nullable: true,
    description:
      'The balances of several addresses together on one chain, as a wallet of many addresses shows them (getBalancesByAddresses, one call for all).',
    args: {
      chain: t.arg(chainArg('balances')),
      addresses: t.arg({ type: [AvalancheAddressScalar], required: true, description: ADDRESSES_DESCRIPTION }),
      blockTimestamp: t.arg(blockTimestampArg),
    },
    price: { calls: 1, reaches: ['getBalancesByAddresses'] },
    resolve: (n, { chain, addresses, blockTimestamp }, ctx) => {
      checkBlockTimestamp(blockTimestamp);
      return balancesOf(ctx, n.name, chain, checkMany(n.name, addresses), blockTimestamp);
    },
  }),
  addressLastActivity: t.field({
    type: AddressActivityRef,
    nullable: true,
    description:
      "The last activity of any of several addresses on one chain. Sent as getLastActivityTimestampByAddressesV2, a POST with the addresses in its body: a hundred addresses make a query string of some 4.5 kB, past what proxies and the service's URL limit reliably carry. Null if none of them was ever active.",
    args: {
      chain: t.arg(chainArg('activity')),
      addresses: t.arg({ type: [AvalancheAddressScalar], required: true, description: ADDRESSES_DESCRIPTION }),
    },
    price: { calls: 1, reaches: ['getLastActivityTimestampByAddressesV2'] },
    resolve: (n, { chain, addresses }, ctx) => lastActivityOf(ctx, n.name, chain, checkMany(n.name, addresses), true),
  }),
}));
