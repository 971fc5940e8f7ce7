/**
 * An EVM chain's entry in the Data API's chain registry: its name, status, endpoints, native token
 * and the Data API features it has. The chains of the registry themselves are `Network.evmChains`
 * and `EvmAddress.activeChains` (evm-chain.ts).
 */
import type { ChainInfo } from '../upstreams/data-api/evm-block.js';
import { getChainInfo } from '../upstreams/data-api/evm-block.js';
import { builder } from './builder.js';
import { EvmChainRef, chainIdOf } from './refs.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

export const EvmApiFeatureEnum = builder.enumType('EvmApiFeature', {
  description: 'A feature of the Data API a chain has.',
  values: {
    NFT_INDEXING: { value: 'nftIndexing', description: 'Its NFTs and their metadata are indexed.' },
    WEBHOOKS: { value: 'webhooks', description: 'Webhooks can watch it.' },
    ICM: { value: 'teleporter', description: 'Its ICM (Teleporter) messages are indexed.' },
  } as const,
});

const EvmChainStatusEnum = builder.enumType('EvmChainStatus', {
  description: "Whether the Data API's nodes of a chain are serving it.",
  values: {
    OK: { value: 'OK', description: 'Serving.' },
    UNAVAILABLE: {
      value: 'UNAVAILABLE',
      description: 'Temporarily not (its validators fell below the stake threshold, say): lookups on it may fail with 503.',
    },
  } as const,
});

const NetworkTokenRef = builder.objectRef<ChainInfo['networkToken']>('EvmNetworkToken').implement({
  description: "A chain's native token.",
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name, e.g. "Avalanche".' }),
    symbol: t.exposeString('symbol', { description: 'Its symbol, e.g. "AVAX".' }),
    decimals: t.exposeInt('decimals', { description: 'Its decimals (18 on every EVM chain of Avalanche so far).' }),
    logoUri: t.exposeString('logoUri', {
      nullable: true,
      description: 'Its logo.',
      price: { bytes: upstreamText('network-token-logo', TEXT_BYTES.url) },
    }),
    description: t.exposeString('description', {
      nullable: true,
      description: 'What it is.',
      price: { bytes: upstreamText('network-token-description', TEXT_BYTES.prose) },
    }),
  }),
});

const ChainInfoRef = builder.objectRef<ChainInfo>('EvmChainInfo').implement({
  description: "An EVM chain's entry in the Data API's chain registry.",
  fields: (t) => ({
    name: t.exposeString('chainName', { description: 'Its display name.' }),
    description: t.exposeString('description', {
      description: 'What it is.',
      price: { bytes: upstreamText('chain-description', TEXT_BYTES.prose) },
    }),
    status: t.field({
      type: EvmChainStatusEnum,
      nullable: true,
      description: "Whether the Data API's nodes serve it now.",
      resolve: (c) => (c.status === 'OK' || c.status === 'UNAVAILABLE' ? c.status : null),
    }),
    vmName: t.exposeString('vmName', { description: 'Its VM family as the registry names it: "EVM".' }),
    vmId: t.exposeString('vmId', { nullable: true, description: 'Its VM id (cb58).' }),
    subnetId: t.exposeString('subnetId', { nullable: true, description: 'Its subnet (cb58).' }),
    isTestnet: t.exposeBoolean('isTestnet', { description: 'True on Fuji.' }),
    private: t.exposeBoolean('private', { nullable: true, description: 'True for a chain the registry lists privately.' }),
    rpcUrl: t.exposeString('rpcUrl', {
      description: 'A public JSON-RPC endpoint.',
      price: { bytes: upstreamText('chain-rpc-url', TEXT_BYTES.url) },
    }),
    wsUrl: t.exposeString('wsUrl', {
      nullable: true,
      description: 'A public WebSocket endpoint.',
      price: { bytes: upstreamText('chain-ws-url', TEXT_BYTES.url) },
    }),
    explorerUrl: t.exposeString('explorerUrl', {
      nullable: true,
      description: 'An explorer of it.',
      price: { bytes: upstreamText('chain-explorer-url', TEXT_BYTES.url) },
    }),
    logoUri: t.exposeString('chainLogoUri', {
      nullable: true,
      description: 'Its logo.',
      price: { bytes: upstreamText('chain-logo', TEXT_BYTES.url) },
    }),
    multicallAddress: t.string({
      nullable: true,
      description: 'Its Multicall contract, when it has one.',
      resolve: (c) => c.utilityAddresses?.multicall ?? null,
    }),
    networkToken: t.expose('networkToken', { type: NetworkTokenRef, description: 'Its native token.' }),
    features: t.field({
      type: [EvmApiFeatureEnum],
      description: 'The Data API features it has.',
      // Each of the three EvmApiFeature names at most once: the features the enum does not name are left out.
      price: { items: 3 },
      resolve: (c) => [...new Set((c.enabledFeatures ?? []).filter((f) => f === 'nftIndexing' || f === 'webhooks' || f === 'teleporter'))],
    }),
  }),
});

builder.objectField(EvmChainRef, 'info', (t) =>
  t.field({
    type: ChainInfoRef,
    nullable: true,
    description:
      "Its entry in the Data API's chain registry (getChainInfo; no call when the chain was found in the registry by `Network.evmChains` or `EvmAddress.activeChains`); null for a chain the Data API does not index.",
    price: { calls: 1, reaches: ['getChainInfo'] },
    resolve: (chain, _a, ctx) => chain.registry ?? getChainInfo(ctx.dataApi, chainIdOf(chain)),
  }),
);
