/**
 * Contract metadata (getContractMetadata): one GraphQL type per ercType behind a shared
 * interface. Looked up once per contract per request, and shared a while between requests.
 */
import type { GatewayContext } from '../graphql/context.js';
import type { ContractMetadata, ErcType } from '../upstreams/data-api/contract.js';
import { RESOURCE_LINK_TYPES } from '../upstreams/data-api/wire.js';
import { builder } from './builder.js';
import { known } from './evm-chain.js';
import { CollectibleRef, Erc20TokenRef, EvmAddressRef, PartyRef, chainIdOf, type EvmChainModel } from './refs.js';

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
    imageUri: t.exposeString('imageUri', { nullable: true, description: 'Where to load it.' }),
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
    url: t.exposeString('url', { description: 'The address of the page.' }),
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

const ERC_TYPES = ['ERC-20', 'ERC-721', 'ERC-1155', 'UNKNOWN'] as const;
const TYPE_BY_ERC: Record<ErcType, string> = {
  'ERC-20': 'Erc20Contract',
  'ERC-721': 'Erc721Contract',
  'ERC-1155': 'Erc1155Contract',
  UNKNOWN: 'UnknownContract',
};

export const ContractMetadataRef = builder.interfaceRef<ContractModel>('ContractMetadata').implement({
  description: 'What is known of the contract at an address: its project, links, images, deployment.',
  resolveType: (c) => TYPE_BY_ERC[c.ercType] ?? 'UnknownContract',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The contract address.' }),
    ercType: t.field({ type: ErcTypeEnum, description: 'Its token standard.', resolve: (c) => known(ERC_TYPES, c.ercType, 'UNKNOWN')! }),
    name: t.exposeString('name', { nullable: true, description: 'Its name.' }),
    symbol: t.exposeString('symbol', { nullable: true, description: 'Its symbol, for tokens.' }),
    description: t.exposeString('description', { nullable: true, description: 'What it is.' }),
    officialSite: t.exposeString('officialSite', { nullable: true, description: "Its project's site." }),
    email: t.exposeString('email', { nullable: true, description: 'A contact address.' }),
    color: t.exposeString('color', { nullable: true, description: 'Its brand colour.' }),
    logoAsset: t.expose('logoAsset', { type: ImageAssetRef, nullable: true, description: 'Its logo.' }),
    bannerAsset: t.expose('bannerAsset', { type: ImageAssetRef, nullable: true, description: 'Its banner.' }),
    // A site, a few social pages.
    resourceLinks: t.field({
      type: [ResourceLinkRef],
      description: 'Links to its pages.',
      price: { items: 5 },
      resolve: (c) => c.resourceLinks ?? [],
    }),
    tags: t.stringList({ description: 'Tags, e.g. "defi".', resolve: (c) => c.tags ?? [] }),
    deploymentDetails: t.field({
      type: DeploymentRef,
      nullable: true,
      description: 'How it was deployed.',
      resolve: (c) => (c.deploymentDetails ? { ...c.deploymentDetails, chain: c.chain } : null),
    }),
  }),
});

export const Erc20ContractRef = builder.objectRef<ContractModel>('Erc20Contract').implement({
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

export const Erc721ContractRef = builder.objectRef<ContractModel>('Erc721Contract').implement({
  description: 'An ERC-721 (NFT) contract.',
  interfaces: [ContractMetadataRef],
  isTypeOf: (c) => (c as ContractModel).ercType === 'ERC-721',
  fields: () => ({}),
});

export const Erc1155ContractRef = builder.objectRef<ContractModel>('Erc1155Contract').implement({
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

builder.objectRef<ContractModel>('UnknownContract').implement({
  description: 'A contract that implements no token standard the Data API recognises.',
  interfaces: [ContractMetadataRef],
  isTypeOf: (c) => !['ERC-20', 'ERC-721', 'ERC-1155'].includes((c as ContractModel).ercType),
  fields: () => ({}),
});

/**
 * A contract's metadata (getContractMetadata): one call per contract per request. Counted per
 * parent: the contracts a list names are mostly distinct (a page of transfers of one token is not,
 * and costs less than priced).
 */
export const CONTRACT_LOOKUP = { calls: 1 } as const;

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
    price: CONTRACT_LOOKUP,
    resolve: (a, _args, ctx) => contractAt(ctx, a.chain, a.address),
  }),
);

builder.objectField(PartyRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description:
      "Metadata of the contract at this address; null for an account. Each contract is looked up once per request; a transaction's sender, always an account, is not looked up.",
    price: CONTRACT_LOOKUP,
    resolve: (p, _args, ctx) => (p.account ? null : contractAt(ctx, p.chain, p.address)),
  }),
);

builder.interfaceField(CollectibleRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description: "The collection contract's metadata.",
    price: CONTRACT_LOOKUP,
    resolve: (c, _args, ctx) => contractAt(ctx, c.chain, c.address),
  }),
);

builder.objectField(Erc20TokenRef, 'contract', (t) =>
  t.field({
    type: ContractMetadataRef,
    nullable: true,
    description: "The token contract's metadata.",
    price: CONTRACT_LOOKUP,
    resolve: (tk, _args, ctx) => contractAt(ctx, tk.chain, tk.address),
  }),
);
