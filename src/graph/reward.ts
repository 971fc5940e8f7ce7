/**
 * Historical staking rewards on the Primary Network (listHistoricalPrimaryNetworkRewards),
 * by reward address or by node.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import type { CurrencyCode, SortOrder } from '../upstreams/data-api/wire.js';
import type { HistoricalReward } from '../upstreams/data-api/reward.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { paged } from './cost.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { CurrencyEnum, RewardTypeEnum, SortOrderEnum } from './enums.js';
import { checkAddresses, checkListSize } from './inputs.js';
import { AvalancheAddressScalar, NodeIdScalar } from './scalars.js';
import { listHistoricalPrimaryNetworkRewards } from '../upstreams/data-api/reward.js';
import { AddressRef, AssetAmountRef, DelegatorRef, NetworkRef, OWNER_ADDRESSES, PriceRef, ValidatorRef, toAddresses } from './refs.js';

type RewardModel = HistoricalReward & { network: NetworkName };

const RewardRef = builder.objectRef<RewardModel>('HistoricalReward').implement({
  description: 'A staking reward paid at the end of a validation or delegation.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription('the id of the UTXO that paid it', 'the Data API lists rewards by address only.'),
      resolve: (r) => entityId('HistoricalReward', r.network, r.utxoId),
    }),
    addresses: t.field({
      type: [AddressRef],
      description: 'Addresses the reward was paid to.',
      price: { items: OWNER_ADDRESSES },
      resolve: (r) => toAddresses(r.network, r.addresses),
    }),
    txHash: t.exposeString('txHash', { description: 'The staking transaction (AddValidatorTx, AddPermissionlessDelegatorTx, ...).' }),
    amountStaked: t.expose('amountStaked', { type: 'BigInt', description: 'The stake, in nAVAX.' }),
    nodeId: t.exposeString('nodeId', { description: 'The validating node.' }),
    startTimestamp: t.expose('startTimestamp', { type: 'SafeInt', description: 'Unix time (s) the stake started.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'SafeInt', description: 'Unix time (s) the stake ended.' }),
    rewardType: t.expose('rewardType', {
      type: RewardTypeEnum,
      description: 'Validator reward, delegator reward or validator fee.',
    }),
    utxoId: t.exposeString('utxoId', { description: 'The UTXO that holds the reward.' }),
    outputIndex: t.exposeInt('outputIndex', { description: 'Index of that UTXO in the reward transaction.' }),
    reward: t.field({ type: AssetAmountRef, description: 'The reward.', resolve: (r) => ({ ...r.reward, network: r.network }) }),
    historicalPrice: t.field({
      type: PriceRef,
      nullable: true,
      description: "The asset's price in the requested currency when the reward was paid.",
      resolve: (r) => r.reward.historicalPrice ?? null,
    }),
    rewardTxHash: t.exposeString('rewardTxHash', { description: 'The RewardValidatorTx that paid it.' }),
  }),
});

const REWARDS_PAGE = pageSpec('listHistoricalPrimaryNetworkRewards', 'rewards');

const RewardConnection = builder.connectionObject(
  { type: RewardRef, name: 'HistoricalRewardConnection', description: 'A page of staking rewards.' },
  { name: 'HistoricalRewardEdge', description: 'A reward and its cursor.' },
);

function listRewards(
  ctx: GatewayContext,
  network: NetworkName,
  f: {
    addresses?: readonly string[] | null;
    nodeIds?: readonly string[] | null;
    currency?: CurrencyCode | null;
    sortOrder?: SortOrder | null;
  },
  args: ConnectionArgs,
) {
  const addresses = f.addresses?.length ? checkAddresses(network, f.addresses, { argument: 'addresses' }) : undefined;
  const nodeIds = f.nodeIds?.length ? [...new Set(f.nodeIds)] : undefined;
  if (nodeIds) checkListSize(nodeIds, 'nodeIds');
  if (!addresses && !nodeIds) {
    throw badInput('Rewards need `addresses` or `nodeIds` (or both): the Data API does not list all rewards.', { argument: 'addresses' });
  }
  const params = { addresses, nodeIds, currency: f.currency ?? undefined, sortOrder: f.sortOrder ?? undefined };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: REWARDS_PAGE,
    filters: [network, params],
    fetchPage: (page) => listHistoricalPrimaryNetworkRewards(ctx.dataApi, network, { ...page, ...params }),
    read: (page) => ({ items: page.historicalRewards, nextPageToken: page.nextPageToken }),
    toNode: (r): RewardModel => ({ ...r, network }),
    keyOf: (r) => r.utxoId,
  });
}

const currencyArg = { type: CurrencyEnum, description: 'Currency of `historicalPrice`; USD when omitted.' } as const;
const sortArg = { type: SortOrderEnum, description: 'By time; newest first when omitted.' } as const;

builder.objectField(NetworkRef, 'rewards', (t) =>
  t.connection(
    {
      type: RewardRef,
      nullable: true,
      description:
        'Historical staking rewards paid to `addresses` or earned by `nodeIds` (at least one is required). `first`: 1 to 500 (default 10).',
      args: {
        addresses: t.arg({ type: [AvalancheAddressScalar], description: 'Reward addresses of this network (at most 100).' }),
        nodeIds: t.arg({ type: [NodeIdScalar], description: 'Validating nodes (at most 100).' }),
        currency: t.arg(currencyArg),
        sortOrder: t.arg(sortArg),
      },
      price: paged(REWARDS_PAGE),
      resolve: (network, args, ctx) => listRewards(ctx, network.name, args, args),
    },
    RewardConnection,
  ),
);

builder.objectField(AddressRef, 'rewards', (t) =>
  t.connection(
    {
      type: RewardRef,
      nullable: true,
      description: 'Staking rewards paid to this address. `first`: 1 to 500 (default 10).',
      args: { currency: t.arg(currencyArg), sortOrder: t.arg(sortArg) },
      price: paged(REWARDS_PAGE),
      resolve: (address, args, ctx) => {
        if (address.address.startsWith('0x')) throw badInput('Staking rewards are paid to P-Chain addresses, not to EVM addresses.');
        return listRewards(ctx, address.network, { ...args, addresses: [address.address] }, args);
      },
    },
    RewardConnection,
  ),
);

builder.objectField(ValidatorRef, 'rewardHistory', (t) =>
  t.connection(
    {
      type: RewardRef,
      nullable: true,
      description:
        "Staking rewards paid for this validation's node: its own validation rewards, its delegation fees and its delegators' rewards, every validation of the node. `first`: 1 to 500 (default 10).",
      args: { currency: t.arg(currencyArg), sortOrder: t.arg(sortArg) },
      price: paged(REWARDS_PAGE),
      resolve: (v, args, ctx) => listRewards(ctx, v.network, { ...args, nodeIds: [v.nodeId] }, args),
    },
    RewardConnection,
  ),
);

builder.objectField(DelegatorRef, 'rewards', (t) =>
  t.connection(
    {
      type: RewardRef,
      nullable: true,
      description:
        "Staking rewards paid to this delegation's reward addresses for stakes on its node (this delegation's, once it completed, and any other of theirs on the node). `first`: 1 to 500 (default 10).",
      args: { currency: t.arg(currencyArg), sortOrder: t.arg(sortArg) },
      price: paged(REWARDS_PAGE),
      resolve: (d, args, ctx) => listRewards(ctx, d.network, { ...args, addresses: d.rewardAddresses, nodeIds: [d.nodeId] }, args),
    },
    RewardConnection,
  ),
);
