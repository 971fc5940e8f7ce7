/**
 * X-Chain assets as the Data API describes them (getAssetDetails): the type a CreateAssetTx's
 * `assetCreated` is, found by id too, with its transactions (in transaction.ts). The node
 * describes the same asset more briefly (`XChain.asset`, avm.getAssetDescription): name, symbol
 * and denomination, without its cap and creation time, which only the Data API indexes.
 */
import type { GatewayContext } from '../graphql/context.js';
import { parseCb58Id, type NetworkName } from '../base/ids.js';
import { getAssetDetails } from '../upstreams/data-api/x-chain-asset.js';
import { builder } from './builder.js';
import { AssetCapEnum, AssetTypeEnum, NetworkNameEnum } from './enums.js';
import { keyField, keyNetwork } from './entity-keys.js';
import { nodeKey, parseNodeKey } from './global-id.js';
import { lookupPrice } from './lookups.js';
import { CB58IdScalar } from './scalars.js';
import { NetworkRef, XChainAssetRef, type XChainAssetModel } from './refs.js';

/** An asset by id, once per request and kept (an asset never changes); null when the Data API has none. */
export async function findAsset(ctx: GatewayContext, network: NetworkName, assetId: string): Promise<XChainAssetModel | null> {
  const asset = await getAssetDetails(ctx.dataApi, network, assetId);
  return asset ? { ...asset, network } : null;
}

builder.node(XChainAssetRef, {
  description:
    'An asset of the X-Chain as the Data API describes it: its name, symbol, denomination, cap and creation time, and its transactions.',
  id: {
    resolve: (a) => nodeKey(a.network, a.assetId),
    parse: (id) => parseNodeKey(id, parseCb58Id),
  },
  loadOne: ({ network, key }, ctx) => findAsset(ctx, network, key),
  fields: (t) => ({
    network: t.expose('network', { type: NetworkNameEnum, description: 'The network.' }),
    assetId: t.exposeString('assetId', { description: 'The asset id (the CreateAssetTx id).' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    symbol: t.exposeString('symbol', { description: 'Its symbol.' }),
    denomination: t.exposeInt('denomination', { description: 'Decimal places.' }),
    type: t.expose('type', { type: AssetTypeEnum, nullable: true, description: 'Fungible or NFT.' }),
    createdAtTimestamp: t.expose('createdAtTimestamp', { type: 'SafeInt', description: 'Unix time (s) of creation.' }),
    cap: t.expose('cap', { type: AssetCapEnum, nullable: true, description: 'Fixed or variable supply.' }),
  }),
});

lookupPrice('XChainAsset', { calls: 1 });

builder.asEntity(XChainAssetRef, {
  key: builder.selection<{ network: string; assetId: string }>('network assetId'),
  resolveReference: async (key, ctx) =>
    findAsset(ctx, keyNetwork('XChainAsset', key.network), keyField('XChainAsset', 'assetId', key.assetId, parseCb58Id)),
});

builder.objectField(NetworkRef, 'xChainAsset', (t) =>
  t.field({
    type: XChainAssetRef,
    nullable: true,
    description:
      'An X-Chain asset by id as the Data API describes it (getAssetDetails), with its cap, creation time and transactions; null when it has none. `xChain { asset }` asks the node instead (name, symbol, denomination; it also takes an alias such as "AVAX").',
    args: { assetId: t.arg({ type: CB58IdScalar, required: true, description: 'The asset id (cb58).' }) },
    price: { calls: 1, reaches: ['getAssetDetails'] },
    resolve: (n, { assetId }, ctx) => findAsset(ctx, n.name, assetId),
  }),
);
