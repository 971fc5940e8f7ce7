/**
 * Interchain messages (ICM / Teleporter) between chains of a network: by address
 * (listIcmMessagesByAddress, on one network or across all) and by chain (listIcmMessages, the
 * upstream's per-chain listing).
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput, quote, upstreamInconsistent } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import type { IcmMessage, ListIcmMessagesResponse } from '../upstreams/data-api/icm.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { lookupPrice } from './lookups.js';
import { NETWORKS } from '../loaders/data-api.js';
import { SUBNET_CATALOG } from './pools.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { ErcTypeEnum } from './contract.js';
import { NetworkNameEnum } from './enums.js';
import { known } from './evm-chain.js';
import { EvmAddressScalar } from './scalars.js';
import { getIcmMessage, listIcmMessages, listIcmMessagesByAddress } from '../upstreams/data-api/icm.js';
import { AddressRef, EvmAddressRef, EvmChainRef, IcmMessageRef, NetworkRef, PriceRef, type IcmModel } from './refs.js';
import { hexJsonBytes } from './leaf-bytes.js';
import { learnt, usually } from './list-sizes.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

export const IcmStatusEnum = builder.enumType('IcmMessageStatus', {
  description: 'Where a message is on its way.',
  values: {
    PENDING: { value: 'pending', description: 'Sent, not yet delivered.' },
    DELIVERED: { value: 'delivered', description: 'Delivered to the destination chain.' },
    DELIVERED_SOURCE_NOT_INDEXED: {
      value: 'delivered_source_not_indexed',
      description: 'Delivered; its source chain is not indexed, so the sending transaction is unknown.',
    },
  } as const,
});

const IcmChainRoleEnum = builder.enumType('IcmChainRole', {
  description: 'Which end of a message a chain is.',
  values: {
    SOURCE: { value: 'source', description: 'Messages sent from the chain.' },
    DESTINATION: { value: 'destination', description: 'Messages sent to the chain.' },
    EITHER: { value: 'either', description: 'Both.' },
  } as const,
});

/**
 * A message's payload in hex, as the longest seen: an ICM message travels in a Warp message, whose
 * payload avalanchego bounds to 24 KiB (vms/platformvm/warp/payload MaxMessageSize). Priced as any
 * leaf, one answered 192 bytes (test/fuzz/long-leaves.test.ts).
 */
const ICM_PAYLOAD_BYTES = learnt({
  kind: 'icm-payload-bytes',
  most: { mainnet: hexJsonBytes(24 * 1024), fuji: hexJsonBytes(24 * 1024) },
  anyNetwork: true,
});

const ReceiptRef = builder.objectRef<IcmMessage['receipts'][number]>('IcmReceipt').implement({
  description: 'A receipt the destination sent back for a message.',
  fields: (t) => ({
    receivedMessageNonce: t.expose('receivedMessageNonce', {
      type: 'BigInt',
      description: 'The nonce of the message received.',
    }),
    relayerRewardAddress: t.exposeString('relayerRewardAddress', { description: 'Where the relayer gets its reward.' }),
  }),
});

const RewardDetailsRef = builder.objectRef<IcmMessage['rewardDetails']>('IcmRewardDetails').implement({
  description: 'The fee paid to the relayer that delivers the message.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The fee token contract.' }),
    name: t.exposeString('name', { description: 'Token name.' }),
    symbol: t.exposeString('symbol', { description: 'Token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Token decimals.' }),
    logoUri: t.exposeString('logoUri', {
      nullable: true,
      description: 'Token logo.',
      price: { bytes: upstreamText('icm-reward-logo', TEXT_BYTES.url) },
    }),
    ercType: t.field({ type: ErcTypeEnum, description: 'ERC_20.', resolve: () => 'ERC-20' as const }),
    price: t.expose('price', { type: PriceRef, nullable: true, description: 'Token price, when known.' }),
    value: t.expose('value', { type: 'BigInt', description: "The fee, in the token's smallest unit." }),
  }),
});

const SourceTxRef = builder.objectRef<NonNullable<IcmMessage['sourceTransaction']>>('IcmSourceTransaction').implement({
  description: 'The transaction that sent the message.',
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'Its hash.' }),
    timestamp: t.expose('timestamp', { type: 'SafeInt', description: 'Unix time (s).' }),
    gasSpent: t.expose('gasSpent', { type: 'BigInt', description: 'Gas it spent.' }),
  }),
});

const DestinationTxRef = builder.objectRef<NonNullable<IcmMessage['destinationTransaction']>>('IcmDestinationTransaction').implement({
  description: 'The transaction that delivered the message.',
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'Its hash.' }),
    timestamp: t.expose('timestamp', { type: 'SafeInt', description: 'Unix time (s).' }),
    gasSpent: t.expose('gasSpent', { type: 'BigInt', description: 'Gas it spent.' }),
    rewardRedeemer: t.exposeString('rewardRedeemer', { description: 'Who may redeem the relayer reward.' }),
    delivererAddress: t.exposeString('delivererAddress', { description: 'The relayer that delivered it.' }),
  }),
});

/** An ICM message by id (64 hex digits, 0x optional) on the network of its source chain, else of its destination; null on neither. */
export async function findIcmMessage(ctx: GatewayContext, network: NetworkName, messageId: string): Promise<IcmModel | null> {
  const message = await getIcmMessage(ctx.dataApi, messageId);
  if (!message) return null;
  const on = (await ctx.loaders.networkOf(message.sourceBlockchainId)) ?? (await ctx.loaders.networkOf(message.destinationBlockchainId));
  return on === network ? { ...message, network } : null;
}

// By id (`node(id:)`): getIcmMessage, then the subnet catalog to place it on its network.
lookupPrice(IcmMessageRef.name, { calls: 1, pools: [SUBNET_CATALOG] });

builder.node(IcmMessageRef, {
  description:
    'An interchain (ICM / Teleporter) message from one chain of the network to another. Its id is its message id; `node(id:)` reads it again (getIcmMessage).',
  id: {
    resolve: (m) => nodeKey(m.network, m.messageId.replace(/^0x/, '').toLowerCase()),
    parse: (id) =>
      parseNodeKey(id, (key) => {
        if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('expected a message id of 64 lower-case hex digits');
      }),
  },
  // The Data API names messages as its lists write them: 0x and lower case.
  loadOne: ({ network, key }, ctx) => findIcmMessage(ctx, network, `0x${key}`),
  fields: (t) => ({
    messageId: t.exposeString('messageId', { description: 'The message id.' }),
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network it travels on.' }),
    status: t.field({
      type: IcmStatusEnum,
      nullable: true,
      description: 'Pending or delivered.',
      resolve: (m) => known(['pending', 'delivered', 'delivered_source_not_indexed'] as const, m.status, null),
    }),
    icmContractAddress: t.exposeString('icmContractAddress', { description: 'The messenger contract (TeleporterMessenger).' }),
    sourceBlockchainId: t.exposeString('sourceBlockchainId', { description: 'Where it was sent from.' }),
    destinationBlockchainId: t.exposeString('destinationBlockchainId', { description: 'Where it goes.' }),
    sourceEvmChainId: t.exposeString('sourceEvmChainId', { description: 'EVM chain id of the source.' }),
    destinationEvmChainId: t.exposeString('destinationEvmChainId', { description: 'EVM chain id of the destination.' }),
    messageNonce: t.expose('messageNonce', { type: 'BigInt', description: "The message's nonce at its source." }),
    from: t.exposeString('from', { description: 'The sender (an address on the source chain).' }),
    to: t.exposeString('to', { description: 'The recipient (an address on the destination chain).' }),
    data: t.exposeString('data', { nullable: true, description: 'The payload (hex).', price: { bytes: ICM_PAYLOAD_BYTES } }),
    messageExecuted: t.exposeBoolean('messageExecuted', { description: 'Whether the destination executed it.' }),
    // A few until more were seen; a message carries the receipts its sender's relayer owed, 100 an assumption for the most.
    receipts: t.expose('receipts', {
      type: [ReceiptRef],
      description: 'Receipts sent back.',
      price: { items: usually('icmReceipts', 2, 100) },
    }),
    receiptDelivered: t.exposeBoolean('receiptDelivered', { description: 'Whether its receipt reached the source.' }),
    rewardDetails: t.expose('rewardDetails', { type: RewardDetailsRef, description: 'The relayer fee.' }),
    sourceTransaction: t.expose('sourceTransaction', {
      type: SourceTxRef,
      nullable: true,
      description: 'The sending transaction; null when the source chain is not indexed.',
    }),
    destinationTransaction: t.expose('destinationTransaction', {
      type: DestinationTxRef,
      nullable: true,
      description: 'The delivering transaction; null while pending.',
    }),
  }),
});

const ICM_PAGE = pageSpec('listIcmMessages', 'icmMessages');
const ICM_BY_ADDRESS_PAGE = pageSpec('listIcmMessagesByAddress', 'icmMessages');
const IcmConnection = builder.connectionObject(
  { type: IcmMessageRef, name: 'IcmMessageConnection', description: 'A page of ICM messages, newest first.' },
  { name: 'IcmMessageEdge', description: 'A message and its cursor.' },
);

/**
 * The messages of a page listed across networks, each on the network of its chains (the Data
 * API's answer does not say). A message between chains no network lists fails the page rather
 * than being put on a network at a guess.
 */
async function placed(ctx: GatewayContext, page: ListIcmMessagesResponse): Promise<IcmModel[]> {
  return Promise.all(
    page.messages.map(async (m) => {
      const network = (await ctx.loaders.networkOf(m.sourceBlockchainId)) ?? (await ctx.loaders.networkOf(m.destinationBlockchainId));
      if (!network) {
        throw upstreamInconsistent(
          `The Data API listed ICM message ${m.messageId} between chains ${m.sourceBlockchainId} and ${m.destinationBlockchainId}, which no network's subnet listing has; ask with one network.`,
          { service: 'data-api', operation: 'listIcmMessagesByAddress' },
        );
      }
      return { ...m, network };
    }),
  );
}

/** An address's messages on `network`, or on every network when it is null (the spec's `network` is optional). */
function byAddress(ctx: GatewayContext, network: NetworkName | null, address: string, args: ConnectionArgs) {
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: ICM_BY_ADDRESS_PAGE,
    filters: ['address', network ?? 'all', address.toLowerCase()],
    fetchPage: async (page) => {
      const res = await listIcmMessagesByAddress(ctx.dataApi, address, { ...page, network: network ?? undefined });
      return { res, messages: network ? res.messages.map((m): IcmModel => ({ ...m, network })) : await placed(ctx, res) };
    },
    read: (page) => ({ items: page.messages, nextPageToken: page.res.nextPageToken }),
    toNode: (m) => m,
    keyOf: (m) => m.messageId,
  });
}

/**
 * A page of an address's messages; across networks (`allNetworks`), each message is placed on the
 * network whose subnet catalog lists its chains: both networks' catalogs, at most.
 */
const BY_ADDRESS_PRICE = paged<ConnectionArgs & { allNetworks?: boolean | null }>(ICM_BY_ADDRESS_PAGE, {
  pools: (args) => (args.allNetworks ? NETWORKS.map((scope) => ({ ...SUBNET_CATALOG, scope })) : []),
  // The subnet catalog (listSubnets) places each message of every network on its network.
  reaches: ['listSubnets'],
});

const allNetworksArg = {
  type: 'Boolean',
  defaultValue: false,
  description:
    "Messages on every network (the Data API's listing without `network`), each with the `network` its chains are on, instead of this one's only.",
} as const;

builder.objectField(NetworkRef, 'icmMessages', (t) =>
  t.connection(
    {
      type: IcmMessageRef,
      nullable: true,
      description:
        'ICM messages between the chains of this network, newest first, optionally by sender or recipient. `first`: 1 to 500 (default 10).',
      args: {
        from: t.arg({ type: EvmAddressScalar, description: 'Only messages sent by this address.' }),
        to: t.arg({ type: EvmAddressScalar, description: 'Only messages sent to this address.' }),
      },
      price: paged(ICM_PAGE),
      resolve: (network, args, ctx) => {
        const filters = { from: args.from ?? undefined, to: args.to ?? undefined };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ICM_PAGE,
          filters: ['network', network.name, filters.from?.toLowerCase(), filters.to?.toLowerCase()],
          fetchPage: (page) => listIcmMessages(ctx.dataApi, { ...page, ...filters, network: network.name }),
          read: (page) => ({ items: page.messages, nextPageToken: page.nextPageToken }),
          toNode: (m): IcmModel => ({ ...m, network: network.name }),
          keyOf: (m) => m.messageId,
        });
      },
    },
    IcmConnection,
  ),
);

builder.objectField(EvmChainRef, 'icmMessages', (t) =>
  t.connection(
    {
      type: IcmMessageRef,
      nullable: true,
      description: 'ICM messages sent from or to this chain, newest first. `first`: 1 to 500 (default 10).',
      args: {
        role: t.arg({ type: IcmChainRoleEnum, defaultValue: 'either', description: 'Messages from this chain, to it, or both (default).' }),
      },
      price: paged(ICM_PAGE),
      resolve: (chain, args, ctx) => {
        const which =
          args.role === 'source' ? 'sourceBlockchainId' : args.role === 'destination' ? 'destinationBlockchainId' : 'blockchainId';
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ICM_PAGE,
          filters: ['chain', chain.network, chain.blockchainId, which],
          fetchPage: (page) => listIcmMessages(ctx.dataApi, { ...page, [which]: chain.blockchainId, network: chain.network }),
          read: (page) => ({ items: page.messages, nextPageToken: page.nextPageToken }),
          toNode: (m): IcmModel => ({ ...m, network: chain.network }),
          keyOf: (m) => m.messageId,
        });
      },
    },
    IcmConnection,
  ),
);

builder.objectField(EvmAddressRef, 'icmMessages', (t) =>
  t.connection(
    {
      type: IcmMessageRef,
      nullable: true,
      description:
        'ICM messages this address sent or received, on any chain of its network (or of every network, with `allNetworks`), newest first. `first`: 1 to 500 (default 10).',
      args: { allNetworks: t.arg(allNetworksArg) },
      price: BY_ADDRESS_PRICE,
      resolve: (a, args, ctx) => byAddress(ctx, args.allNetworks ? null : a.chain.network, a.address, args),
    },
    IcmConnection,
  ),
);

builder.objectField(AddressRef, 'icmMessages', (t) =>
  t.connection(
    {
      type: IcmMessageRef,
      nullable: true,
      description:
        'ICM messages this EVM (0x) address sent or received, on any chain of its network (or of every network, with `allNetworks`), newest first. `first`: 1 to 500 (default 10).',
      args: { allNetworks: t.arg(allNetworksArg) },
      price: BY_ADDRESS_PRICE,
      resolve: (a, args, ctx) => {
        if (!a.address.startsWith('0x')) throw badInput('ICM messages belong to EVM addresses: use a 0x address.', { argument: 'address' });
        return byAddress(ctx, args.allNetworks ? null : a.network, a.address, args);
      },
    },
    IcmConnection,
  ),
);

builder.objectField(NetworkRef, 'icmMessage', (t) =>
  t.field({
    type: IcmMessageRef,
    nullable: true,
    description: 'One ICM message by id (pending or delivered); null if the Data API knows none, or if its chains are not on this network.',
    args: {
      messageId: t.arg({
        type: 'String',
        required: true,
        description: 'The teleporter message id: 64 hex digits, with or without 0x, as the message lists give it.',
      }),
    },
    // Placing it on a network reads the subnet catalog only for chains other than the X- and C-Chain.
    price: { calls: 1, pools: [SUBNET_CATALOG], reaches: ['getIcmMessage', 'listSubnets'] },
    resolve: async (network, { messageId }, ctx) => {
      if (!/^(0x)?[0-9a-fA-F]{64}$/.test(messageId)) {
        throw badInput(`\`messageId\` must be 64 hex digits, with or without 0x (got ${quote(messageId.slice(0, 80))}).`, {
          argument: 'messageId',
        });
      }
      return findIcmMessage(ctx, network.name, messageId);
    },
  }),
);
