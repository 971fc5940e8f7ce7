/**
 * L1 validators: validators of converted subnets, who pay a continuous fee from a balance
 * (listL1Validators). Active ones by default; inactive ones ran out of balance or were removed.
 */
import type { GatewayContext } from '../graphql/context.js';
import { parseCb58Id, type NetworkName } from '../base/ids.js';
import type { ListL1ValidatorsResponse } from '../upstreams/data-api/l1-validator.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { emptyConnection, pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { NetworkNameEnum } from './enums.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { CB58IdScalar, NodeIdScalar } from './scalars.js';
import { prefetchable } from './lookahead.js';
import { lookupPrice } from './lookups.js';
import { listL1Validators } from '../upstreams/data-api/l1-validator.js';
import {
  ONCE_PER_SUBNET,
  AddressRef,
  BlsCredentialsRef,
  ChainValidatorRef,
  L1ValidatorDetailsRef,
  L1ValidatorRef,
  NetworkRef,
  OWNER_ADDRESSES,
  PChainValidatorRef,
  SubnetRef,
  l1ValidatorModel,
  toAddresses,
  type L1ValidatorModel,
  type SubnetModel,
} from './refs.js';
import { BLS_PUBLIC_KEY_BYTES, BLS_SIGNATURE_BYTES } from './leaf-bytes.js';

BlsCredentialsRef.implement({
  description: "A validator's BLS key, used to sign Warp messages, and its proof of possession.",
  fields: (t) => ({
    publicKey: t.string({
      nullable: true,
      description: 'BLS public key (hex).',
      price: { bytes: BLS_PUBLIC_KEY_BYTES },
      resolve: (c) => (typeof c.publicKey === 'string' ? c.publicKey : null),
    }),
    proofOfPossession: t.string({
      nullable: true,
      description: 'Proof of possession of the key (hex).',
      price: { bytes: BLS_SIGNATURE_BYTES },
      resolve: (c) => (typeof c.proofOfPossession === 'string' ? c.proofOfPossession : null),
    }),
  }),
});

const BalanceOwnerRef = builder.objectRef<{ network: NetworkName; addresses: string[]; threshold: number }>('BalanceOwner').implement({
  description: '`threshold` of `addresses` control this.',
  fields: (t) => ({
    threshold: t.exposeInt('threshold', { description: 'Signatures needed.' }),
    addresses: t.field({
      type: [AddressRef],
      price: { items: OWNER_ADDRESSES },
      description: 'The owner addresses.',
      resolve: (o) => toAddresses(o.network, o.addresses),
    }),
  }),
});

const L1_VALIDATORS_PAGE = pageSpec('listL1Validators', 'l1Validators');

/** The arguments of an l1Validators field: a page, and filters. */
type L1ValidatorsArgs = ConnectionArgs & {
  validationId?: string | null;
  nodeId?: string | null;
  subnetId?: string | null;
  includeInactive?: boolean | null;
};

function l1ValidatorConnection(ctx: GatewayContext, network: NetworkName, args: L1ValidatorsArgs) {
  const filters = {
    l1ValidationId: args.validationId ?? undefined,
    nodeId: args.nodeId ?? undefined,
    subnetId: args.subnetId ?? undefined,
    includeInactiveL1Validators: args.includeInactive ?? undefined,
  };
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: L1_VALIDATORS_PAGE,
    filters: [network, filters],
    fetchPage: (page) => ctx.loaders.l1ValidatorPage(network, { ...page, ...filters }),
    read: (page) => ({ items: page.validators, nextPageToken: page.nextPageToken }),
    toNode: (v) => l1ValidatorModel(network, v),
    keyOf: (v) => v.validationId,
  });
}

const L1ValidatorConnection = builder.connectionObject(
  {
    type: L1ValidatorRef,
    name: 'L1ValidatorConnection',
    description: 'A page of L1 validators.',
    fields: (t) => ({
      blockHeight: t.field({
        type: 'BigInt',
        nullable: true,
        description:
          "The P-Chain height at which the Data API computed remaining balances, from the page's first upstream answer. For a subnet that is not an L1, whose list is empty without a call, selecting it costs one listL1Validators call (one per network for the whole request).",
        // Only for a list known empty without a call; that read is the same for every such list of the network.
        price: { calls: 1, per: 'request' },
        resolve: async (conn, _args, ctx) => {
          const { firstPage, emptyOn } = conn as L1ConnectionEnvelope;
          if (firstPage) return firstPage.blockHeight;
          // The height is the Data API's, whatever the filter: the smallest page of the whole list gives it.
          return emptyOn ? (await listL1Validators(ctx.dataApi, emptyOn, { pageSize: 1 })).blockHeight : null;
        },
      }),
    }),
  },
  { name: 'L1ValidatorEdge', description: 'An L1 validator and its cursor.' },
);

const includeInactiveArg = {
  description: 'Include validators that are no longer active (out of balance, disabled or removed). Default: active only.',
};

/**
 * An L1 validator by validation id, active or not; null if the Data API knows none. With the
 * subnet, when the asker knows it, the lookups of one subnet share a listing of it.
 */
export async function findL1Validator(
  ctx: GatewayContext,
  network: NetworkName,
  validationId: string,
  subnetId?: string,
): Promise<L1ValidatorModel | null> {
  const v = await ctx.loaders.l1Validator({ network, validationId, subnetId });
  return v ? l1ValidatorModel(network, v) : null;
}

// By id (`node(id:)`, `_entities`): one lookup each, as `Network.l1Validator`.
lookupPrice(L1ValidatorRef.name, { calls: 1 });

builder.node(L1ValidatorRef, {
  description: 'A validator of an L1, identified by its validation id.',
  id: {
    resolve: (v) => nodeKey(v.network, v.validationId),
    parse: (id) => parseNodeKey(id, parseCb58Id),
  },
  loadOne: ({ network, key }, ctx) => findL1Validator(ctx, network, key),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network of the L1.' }),
    validationId: t.exposeString('validationId', {
      description: 'The validation id (cb58): unique while the validator is part of the L1.',
    }),
    validationIdHex: t.exposeString('validationIdHex', { description: 'The validation id in hex, as contracts see it.' }),
    nodeId: t.exposeString('nodeId', { description: 'The node doing the validation ("NodeID-…").' }),
    subnetId: t.exposeString('subnetId', { description: 'The L1 (subnet) it validates.' }),
    weight: t.expose('weight', { type: 'BigInt', description: 'Sampling weight; 0 means removed.' }),
    remainingBalance: t.expose('remainingBalance', {
      type: 'BigInt',
      description: 'Balance left for the continuous fee, in nAVAX; at 0 the validator turns inactive.',
    }),
    creationTimestamp: t.expose('creationTimestamp', {
      type: 'SafeInt',
      description: 'Unix time (s) of the transaction that created it.',
    }),
    blsCredentials: t.expose('blsCredentials', {
      type: BlsCredentialsRef,
      nullable: true,
      description: 'Its BLS key.',
    }),
    remainingBalanceOwner: t.field({
      type: BalanceOwnerRef,
      nullable: true,
      description: 'Who gets the remaining balance back when it is disabled or removed.',
      resolve: (v) => (v.remainingBalanceOwner ? { network: v.network, ...v.remainingBalanceOwner } : null),
    }),
    deactivationOwner: t.field({
      type: BalanceOwnerRef,
      nullable: true,
      description: 'Who may disable or remove it.',
      resolve: (v) => (v.deactivationOwner ? { network: v.network, ...v.deactivationOwner } : null),
    }),
  }),
});

builder.objectFields(NetworkRef, (t) => ({
  l1Validators: t.connection(
    {
      type: L1ValidatorRef,
      nullable: true,
      description: 'L1 validators of the network, active ones unless asked. `first`: 1 to 500 (default 10); 100 per upstream call.',
      args: {
        validationId: t.arg({ type: CB58IdScalar, description: 'Only this validation id.' }),
        nodeId: t.arg({ type: NodeIdScalar, description: 'Only validators run by this node.' }),
        subnetId: t.arg({ type: CB58IdScalar, description: 'Only validators of this L1.' }),
        includeInactive: t.arg.boolean(includeInactiveArg),
      },
      // One subnet's validators, when `subnetId` names it: their lookups below share its listing.
      price: paged<L1ValidatorsArgs>(L1_VALIDATORS_PAGE, { groups: (args) => (args.subnetId ? ['subnet'] : []) }),
      resolve: (network, args, ctx) => l1ValidatorConnection(ctx, network.name, args),
    },
    L1ValidatorConnection,
  ),
  l1Validator: t.field({
    type: L1ValidatorRef,
    nullable: true,
    description: 'One L1 validator by validation id, active or not; null if unknown.',
    args: { validationId: t.arg({ type: CB58IdScalar, required: true, description: 'The validation id (cb58).' }) },
    price: { calls: 1 },
    resolve: (network, { validationId }, ctx) => findL1Validator(ctx, network.name, validationId),
  }),
}));

// A neighbour subgraph names an L1 validator by network and validation id; `_entities` finds it
// as `Network.l1Validator` does, active or not.
builder.asEntity(L1ValidatorRef, {
  key: builder.selection<{ network: string; validationId: string }>('network validationId'),
  resolveReference: async (key, ctx) =>
    findL1Validator(ctx, keyNetwork('L1Validator', key.network), keyField('L1Validator', 'validationId', key.validationId, parseCb58Id)),
});

/** What `blockHeight` reads: the first upstream page, or the network of a list known empty without one. */
type L1ConnectionEnvelope = { firstPage?: ListL1ValidatorsResponse; emptyOn?: NetworkName };

/** A subnet's L1 validators: a page of them for an L1, an empty connection (no call) for any other subnet. */
function l1ValidatorsOf(ctx: GatewayContext, subnet: SubnetModel, args: L1ValidatorsArgs) {
  if (!subnet.isL1) {
    // A subnet that was never converted has no L1 validators: no call needed to know it.
    const empty = emptyConnection<L1ValidatorModel, ListL1ValidatorsResponse>({
      cursors: ctx.cursors,
      args,
      spec: L1_VALIDATORS_PAGE,
      filters: [subnet.network, subnet.subnetId, 'none'],
    });
    return Object.assign(empty, { emptyOn: subnet.network }) satisfies L1ConnectionEnvelope;
  }
  return l1ValidatorConnection(ctx, subnet.network, { ...args, subnetId: subnet.subnetId });
}

// A page of subnets starts its L1s' validator calls before its subnets' fields are completed.
prefetchable<SubnetModel>(SubnetRef.name, 'l1Validators', (ctx, subnets, args) => {
  let started = false;
  for (const subnet of subnets) {
    const page = l1ValidatorsOf(ctx, subnet, args);
    if (page instanceof Promise) {
      started = true;
      // The field's own read is this one; it reports any failure.
      page.catch(() => undefined);
    }
  }
  return started;
});

builder.objectField(SubnetRef, 'l1Validators', (t) =>
  t.connection(
    {
      type: L1ValidatorRef,
      nullable: true,
      description:
        'Validators of this L1, active ones unless asked. Empty without an upstream call for subnets that are not L1s. `first`: 1 to 500 (default 10).',
      args: {
        nodeId: t.arg({ type: NodeIdScalar, description: 'Only validators run by this node.' }),
        validationId: t.arg({ type: CB58IdScalar, description: 'Only this validation id.' }),
        includeInactive: t.arg.boolean(includeInactiveArg),
      },
      // Counted for every subnet until the place was run: which are L1s is known only once they are
      // listed; then for as many as were L1s (`made`), whose validators alone are below. The
      // validators of one subnet's list share it: their lookups below share its listing.
      price: paged(L1_VALIDATORS_PAGE, {
        per: ONCE_PER_SUBNET,
        groups: ['subnet'],
        made: { made: (subnet: SubnetModel) => subnet.isL1, empty: true },
      }),
      resolve: (subnet, args, ctx) => l1ValidatorsOf(ctx, subnet, args),
    },
    L1ValidatorConnection,
  ),
);

/**
 * A lookup of an L1 validator whose subnet the asker knows: the validators of one subnet that a
 * response asks for are found in one listing of it (DataApiLoaders.l1Validator), a page of 100
 * for as many validators, active or not. Priced so for every group of parents that share a subnet
 * (the lists above say which do); a subnet whose listing holds its askers further down, past
 * inactive validators, takes more pages (never more than two calls per validator asked).
 */
const BY_SUBNET_LISTING = { calls: 1, per: { group: 'subnet', batch: 100 } } as const;

builder.objectField(L1ValidatorDetailsRef, 'validator', (t) =>
  t.field({
    type: L1ValidatorRef,
    nullable: true,
    description:
      'The validator as it is now (its inactive state included). The validators of one subnet that a response names are found in one listing of that subnet.',
    price: BY_SUBNET_LISTING,
    resolve: (d, _args, ctx) => findL1Validator(ctx, d.network, d.validationId, d.subnetId),
  }),
);

builder.objectField(PChainValidatorRef, 'l1Validator', (t) =>
  t.field({
    type: L1ValidatorRef,
    nullable: true,
    description:
      "The Data API's record of this L1 validator (history, BLS credentials); null for other validators. All of a validator set's are found in one listing of its subnet.",
    price: BY_SUBNET_LISTING,
    resolve: (v, _args, ctx) => (v.validationID ? findL1Validator(ctx, v.network, v.validationID, v.subnetId) : null),
  }),
);

builder.objectField(ChainValidatorRef, 'l1Validator', (t) =>
  t.field({
    type: L1ValidatorRef,
    nullable: true,
    description:
      "The Data API's record of this L1 validator; null for legacy subnet validators. All of a chain's validators are found in one listing of its subnet.",
    price: BY_SUBNET_LISTING,
    resolve: (v, _args, ctx) => (v.isL1Validator ? findL1Validator(ctx, v.network, v.validationID, v.subnetId) : null),
  }),
);
