/**
 * Contract metadata (getContractMetadata): one GraphQL type per ercType behind a shared
 * interface. Looked up once per contract per request, and shared a while between requests.
 */
import type { GatewayContext } from '../graphql/context.js';
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import type { ContractMetadata, ErcType, TokenTransfer } from '../upstreams/data-api/contract.js';
import { listContractDeployments, listTransfers } from '../upstreams/data-api/contract.js';
import type { BlockRange } from '../upstreams/data-api/evm-address.js';
import { RESOURCE_LINK_TYPES } from '../upstreams/data-api/wire.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';
import { checkBlockRange } from './inputs.js';
import { paged } from './cost.js';
import { known, resolveEvmChain } from './evm-chain.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { lookupPrice } from './lookups.js';
import { SUBNET_CATALOG } from './pools.js';
import type { NetworkName } from '../base/ids.js';
import {
  CollectibleRef,
  Erc20BalanceRef,
  Erc20TokenRef,
  EvmAddressRef,
  NftTokenRef,
  PartyRef,
  chainIdOf,
  type Chained,
  type EvmChainModel,
} from './refs.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

export type ContractModel = ContractMetadata & { chain: EvmChainModel };

export const ErcTypeEnum = builder.enumType('ErcType', {
  description: 'The token standard a contract implements.',
  values: {
    ERC_20: { value: 'ERC-20', description: 'Fungible token.' },
    ERC_721: { value: 'ERC-721', description: 'Non-fungible token.' },
    ERC_1155: { value: 'ERC-1155', description: 'Multi-token.' },
    UNKNOWN: { value: 'UNKNOWN', description: 'Not a token standard the Data API recognises.' },
  } as const,
});

export const ResourceLinkTypeEnum = builder.enumType('ResourceLinkType', {
  description: 'Where a resource link points.',
  values: Object.fromEntries(RESOURCE_LINK_TYPES.map((t) => [t, { value: t, description: `A ${t} page.` }])) as {
    [K in (typeof RESOURCE_LINK_TYPES)[number]]: { value: K; description: string };
  },
});

const ImageAssetRef = builder.objectRef<{ assetId?: string; imageUri?: string }>('ImageAsset').implement({
  description: 'An image of a contract (logo or banner).',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { nullable: true, description: 'The asset id.' }),
    imageUri: t.exposeString('imageUri', {
      nullable: true,
      description: 'Where to load it.',
      price: { bytes: upstreamText('contract-image', TEXT_BYTES.url) },
    }),
  }),
});

const ResourceLinkRef = builder.objectRef<{ type: string; url: string }>('ResourceLink').implement({
  description: 'A link to a page about the contract or its project.',
  fields: (t) => ({
    type: t.field({
      type: ResourceLinkTypeEnum,
      nullable: true,
      description: 'What kind of page.',
      resolve: (l) => known(RESOURCE_LINK_TYPES, l.type, null),
    }),
    url: t.exposeString('url', {
      description: 'The address of the page.',
      price: { bytes: upstreamText('contract-resource-url', TEXT_BYTES.url) },
    }),
  }),
});

const DeploymentRef = builder
  .objectRef<NonNullable<ContractMetadata['deploymentDetails']> & { chain: EvmChainModel }>('ContractDeployment')
  .implement({
    description: 'How a contract was deployed.',
    fields: (t) => ({
      txHash: t.exposeString('txHash', { description: 'The deploying transaction.' }),
      deployerAddress: t.exposeString('deployerAddress', { description: 'The account that sent it.' }),
      deployer: t.field({
        type: EvmAddressRef,
        description: 'The account that sent it, on its chain.',
        resolve: (d) => ({ chain: d.chain, address: d.deployerAddress }),
      }),
      deployerContractAddress: t.exposeString('deployerContractAddress', {
        nullable: true,
        description: 'The factory contract that created it, when a contract deployed it.',
      }),
    }),
  });

const PricingProvidersRef = builder.objectRef<{ coingeckoCoinId?: string }>('PricingProviders').implement({
  description: 'Where the token is priced.',
  fields: (t) => ({
    coingeckoCoinId: t.exposeString('coingeckoCoinId', { nullable: true, description: 'Its CoinGecko coin id.' }),
  }),
});

/**
 * A contract's metadata (getContractMetadata): one call per contract per request. Counted per
 * parent: the contracts a list names are mostly distinct (a page of transfers of one token is not,
 * and costs less than priced).
 */
export const CONTRACT_LOOKUP = { calls: 1 } as const;

const ERC_TYPES = ['ERC-20', 'ERC-721', 'ERC-1155', 'UNKNOWN'] as const;
const TYPE_BY_ERC: Record<ErcType, string> = {
  'ERC-20': 'Erc20Contract',
  'ERC-721': 'Erc721Contract',
  'ERC-1155': 'Erc1155Contract',
  UNKNOWN: 'UnknownContract',
};

export const ContractMetadataRef = builder.interfaceRef<ContractModel>('ContractMetadata').implement({
  description:
    'What is known of the contract at an address: its project, links, images, deployment. Its id is its chain and address; `node(id:)` reads it again (getContractMetadata).',
  // Every contract type is a Node, so a fragment on the interface can ask for `id`.
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (c) => TYPE_BY_ERC[c.ercType] ?? 'UnknownContract',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The contract address.' }),
    ercType: t.field({ type: ErcTypeEnum, description: 'Its token standard.', resolve: (c) => known(ERC_TYPES, c.ercType, 'UNKNOWN')! }),
    name: t.exposeString('name', { nullable: true, description: 'Its name.' }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Its symbol, for tokens.' }),
    description: t.exposeString('description', {
      nullable: true,
      description: 'What it is.',
      price: { bytes: upstreamText('contract-description', TEXT_BYTES.prose) },
    }),
    officialSite: t.exposeString('officialSite', {
      nullable: true,
      description: "Its project's site.",
      price: { bytes: upstreamText('contract-site', TEXT_BYTES.url) },
    }),
    email: t.exposeString('email', {
      nullable: true,
      description: 'A contact address.',
      price: { bytes: upstreamText('contract-email', TEXT_BYTES.short) },
    }),
    color: t.exposeString('color', {
      nullable: true,
      description: 'Its brand colour.',
      price: { bytes: upstreamText('contract-color', TEXT_BYTES.short) },
    }),
    logoAsset: t.expose('logoAsset', { type: ImageAssetRef, nullable: true, description: 'Its logo.' }),
    bannerAsset: t.expose('bannerAsset', { type: ImageAssetRef, nullable: true, description: 'Its banner.' }),
    // A site, a few social pages until more were seen; 50 is an assumption for the most (the spec
    // names the types of link, not how many).
    resourceLinks: t.field({
      type: [ResourceLinkRef],
      description: 'Links to its pages.',
      price: { items: usually('resourceLinks', 5, 50) },
      resolve: (c) => c.resourceLinks ?? [],
    }),
    tags: t.stringList({
      description: 'Tags, e.g. "defi".',
      price: { bytes: upstreamText('contract-tag', TEXT_BYTES.short) },
      resolve: (c) => c.tags ?? [],
    }),
    deploymentDetails: t.field({
      type: DeploymentRef,
      nullable: true,
      description: 'How it was deployed.',
      resolve: (c) => (c.deploymentDetails ? { ...c.deploymentDetails, chain: c.chain } : null),
    }),
  }),
});

/**
 * What makes each contract type a Node: its id is its EVM chain id and address; `node(id:)` reads
 * the chain from the subnet catalog, then getContractMetadata, and finds nothing when the contract
 * there is of another type than the id says.
 */
function contractNode(ercType: ErcType | undefined) {
  return {
    id: {
      resolve: (c: ContractModel) => nodeKey(c.chain.network, `${c.chain.evmChainId}:${c.address.toLowerCase()}`),
      parse: (id: string) =>
        parseNodeKey(id, (key) => {
          const [chainId, address] = key.split(':');
          if (!chainId || !/^[1-9]\d{0,15}$/.test(chainId) || !address || !/^0x[0-9a-f]{40}$/.test(address))
            throw new Error('expected an EVM chain id and a lower-case 0x address');
        }),
    },
    loadOne: async ({ network, key }: { network: NetworkName; key: string }, ctx: GatewayContext): Promise<ContractModel | null> => {
      const [chainId, address] = key.split(':') as [string, string];
      const chain = await resolveEvmChain(ctx, network, { evmChainId: Number(chainId) });
      const contract = chain ? await contractAt(ctx, chain, address) : null;
      const matches =
        ercType === undefined ? !['ERC-20', 'ERC-721', 'ERC-1155'].includes(contract?.ercType ?? '') : contract?.ercType === ercType;
      return contract && matches ? contract : null;
    },
  };
}

for (const typename of Object.values(TYPE_BY_ERC)) lookupPrice(typename, { ...CONTRACT_LOOKUP, pools: [SUBNET_CATALOG] });

export const Erc20ContractRef = builder.node(builder.objectRef<ContractModel>('Erc20Contract'), {
  ...contractNode('ERC-20'),
  description: 'An ERC-20 token contract.',
  interfaces: [ContractMetadataRef],
  isTypeOf: (c) => (c as ContractModel).ercType === 'ERC-20',
  fields: (t) => ({
    decimals: t.exposeInt('decimals', { nullable: true, description: 'Decimal places of its amounts.' }),
    pricingProviders: t.expose('pricingProviders', {
      type: PricingProvidersRef,
      nullable: true,
      description: 'Where it is priced.',
    }),
  }),
});

export const Erc721ContractRef = builder.node(builder.objectRef<ContractModel>('Erc721Contract'), {
  ...contractNode('ERC-721'),
  description: 'An ERC-721 (NFT) contract.',
  interfaces: [ContractMetadataRef],
  isTypeOf: (c) => (c as ContractModel).ercType === 'ERC-721',
  fields: () => ({}),
});

export const Erc1155ContractRef = builder.node(builder.objectRef<ContractModel>('Erc1155Contract'), {
  ...contractNode('ERC-1155'),
  description: 'An ERC-1155 (multi-token) contract.',
  interfaces: [ContractMetadataRef],
  isTypeOf: (c) => (c as ContractModel).ercType === 'ERC-1155',
  fields: (t) => ({
    pricingProviders: t.expose('pricingProviders', {
      type: PricingProvidersRef,
      nullable: true,
      description: 'Where it is priced.',
    }),
  }),
});

builder.node(builder.objectRef<ContractModel>('UnknownContract'), {
  ...contractNode(undefined),
  description: 'A contract that implements no token standard the Data API recognises.',
  interfaces: [ContractMetadataRef],
  isTypeOf: (c) => !['ERC-20', 'ERC-721', 'ERC-1155'].includes((c as ContractModel).ercType),
  fields: () => ({}),
});

/** The metadata of the contract at an address; null when no contract is there. */
export async function contractAt(ctx: GatewayContext, chain: EvmChainModel, address: string): Promise<ContractModel | null> {
  const metadata = await ctx.loaders.contract(chainIdOf(chain), address);
  return metadata ? { ...metadata, chain } : null;
}

builder.objectField(EvmAddressRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description: 'Metadata of the contract at this address; null when it is an account, not a contract.',
    price: { ...CONTRACT_LOOKUP, reaches: ['getContractMetadata'] },
    resolve: (a, _args, ctx) => contractAt(ctx, a.chain, a.address),
  }),
);

builder.objectField(PartyRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description:
      "Metadata of the contract at this address; null for an account. Each contract is looked up once per request; a transaction's sender, always an account, is not looked up.",
    price: { ...CONTRACT_LOOKUP, reaches: ['getContractMetadata'] },
    resolve: (p, _args, ctx) => (p.account ? null : contractAt(ctx, p.chain, p.address)),
  }),
);

builder.interfaceField(CollectibleRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description: "The collection contract's metadata.",
    price: { ...CONTRACT_LOOKUP, reaches: ['getContractMetadata'] },
    resolve: (c, _args, ctx) => contractAt(ctx, c.chain, c.address),
  }),
);

builder.objectField(Erc20TokenRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description: "The token contract's metadata.",
    price: { ...CONTRACT_LOOKUP, reaches: ['getContractMetadata'] },
    resolve: (tk, _args, ctx) => contractAt(ctx, tk.chain, tk.address),
  }),
);

builder.objectField(Erc20BalanceRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description:
      "The token's contract (an `Erc20Contract`): its metadata, deployment and transfers. Looked up once per contract per request.",
    price: { ...CONTRACT_LOOKUP, reaches: ['getContractMetadata'] },
    resolve: (b, _args, ctx) => contractAt(ctx, b.chain, b.address),
  }),
);

builder.objectField(NftTokenRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description: "The collection contract's metadata: its tokens, transfers, deployment. Looked up once per contract per request.",
    price: { ...CONTRACT_LOOKUP, reaches: ['getContractMetadata'] },
    resolve: (tk, _args, ctx) => contractAt(ctx, tk.chain, tk.address),
  }),
);

const DEPLOYMENTS_PAGE = pageSpec('listContractDeployments', 'deployedContracts');

builder.objectField(EvmAddressRef, 'deployedContracts', (t) =>
  t.connection(
    {
      type: ContractMetadataRef,
      nullable: true,
      description:
        'The contracts this address deployed, itself or as a factory, with their metadata (each typed by its token standard), newest first. `first`: 1 to 500 (default 10); 100 per upstream call.',
      price: paged(DEPLOYMENTS_PAGE),
      resolve: (a, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: DEPLOYMENTS_PAGE,
          filters: [a.chain.network, a.chain.evmChainId, a.address.toLowerCase()],
          fetchPage: (page) => listContractDeployments(ctx.dataApi, chainIdOf(a.chain), a.address, page),
          read: (page) => ({ items: page.contracts, nextPageToken: page.nextPageToken }),
          toNode: (c): ContractModel => ({ ...c, chain: a.chain }),
          keyOf: (c) => c.address.toLowerCase(),
        }),
    },
    { name: 'DeployedContractConnection', description: 'A page of contracts an address deployed.' },
    { name: 'DeployedContractEdge', description: 'A contract and its cursor.' },
  ),
);

// --- a token contract's transfers (listTransfers): each contract type's field is written beside
// the transfer type it returns (evm-address.ts, nft.ts), over this one reader.

export const TRANSFERS_PAGE = pageSpec('listTransfers', 'transfers');

export const TRANSFERS_DESCRIPTION =
  "Transfers of this contract's tokens, newest first, by block range. `first`: 1 to 500 (default 10); 100 per upstream call.";

/** A page of a token contract's transfers, those of its standard (the answer's three shapes, told apart by the token they name). */
export function transfersOf<T extends TokenTransfer>(
  c: ContractModel,
  args: ConnectionArgs,
  range: BlockRange,
  ctx: GatewayContext,
  isOwn: (x: TokenTransfer) => x is T,
) {
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: TRANSFERS_PAGE,
    filters: [c.chain.network, c.chain.evmChainId, c.address.toLowerCase(), range],
    fetchPage: (page) => listTransfers(ctx.dataApi, chainIdOf(c.chain), c.address, { ...page, ...range }),
    read: (page) => ({ items: page.transfers.filter(isOwn), nextPageToken: page.nextPageToken }),
    toNode: (x): Chained<T> => ({ ...x, chain: c.chain }),
    keyOf: (x) => `${x.txHash}:${x.logIndex}`,
  });
}

/**
 * A token contract's `transfers` connection but its type and args (`blockArgs`), which an ERC-20,
 * ERC-721 or ERC-1155 contract's file declares with the transfer type it implements: they differ
 * only in which of the contract's transfers they keep.
 */
export function contractTransfers<T extends TokenTransfer>(isOwn: (x: TokenTransfer) => x is T) {
  return {
    nullable: true,
    description: TRANSFERS_DESCRIPTION,
    price: paged(TRANSFERS_PAGE),
    resolve: (c: ContractModel, args: ConnectionArgs & { startBlock?: number | null; endBlock?: number | null }, ctx: GatewayContext) =>
      transfersOf(c, args, checkBlockRange(args.startBlock, args.endBlock), ctx, isOwn),
  } as const;
}
