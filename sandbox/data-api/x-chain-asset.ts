/**
 * X-Chain assets (getAssetDetails) and their transactions (listAssetTransactions), from the world's
 * assets and X-Chain history.
 */
import type { XChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import { PRIMARY_NETWORK_TX_TYPES, type PrimaryNetworkTxType } from '../../src/upstreams/data-api/wire.js';
import type { SandboxWorld } from '../world/types.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { chainOf, fingerprint, withWorld } from './common.js';

const ASSET = /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/assets\/([^/]+)/.source;

/** Whether a transaction created or moved the asset. */
function touches(tx: XChainTransaction, assetId: string): boolean {
  return (
    tx.assetCreated?.assetId === assetId ||
    tx.consumedUtxos.some((u) => u.asset.assetId === assetId) ||
    tx.emittedUtxos.some((u) => u.asset.assetId === assetId)
  );
}

function onX(q: QueryReader, world: SandboxWorld, blockchainId: string) {
  const chain = chainOf(world, decodeURIComponent(blockchainId), ['x']);
  if (chain.length > 1) q.problem(chain);
}

export function xChainAssetRoutes(seed: string) {
  return {
    getAssetDetails: {
      method: 'GET',
      pattern: new RegExp(`${ASSET}$`),
      handle: withWorld(seed, (world, _network, [blockchainId, assetId], query) => {
        const q = new QueryReader(query, []);
        onX(q, world, blockchainId!);
        q.done();
        const id = decodeURIComponent(assetId!);
        const asset = world.assets.get(id);
        if (!asset) return apiError(404, `Asset ${id} not found`);
        const { name, symbol, denomination, type, createdAt, cap } = asset;
        return { status: 200, body: { assetId: id, name, symbol, denomination, type, createdAtTimestamp: createdAt, cap } };
      }),
    },
    listAssetTransactions: {
      method: 'GET',
      pattern: new RegExp(`${ASSET}/transactions$`),
      handle: withWorld(seed, (world, network, [blockchainId, assetId], query) => {
        const q = new QueryReader(query, ['txTypes', 'startTimestamp', 'endTimestamp', 'pageToken', 'pageSize']);
        onX(q, world, blockchainId!);
        const txTypes = q.list('txTypes', PRIMARY_NETWORK_TX_TYPES);
        const start = q.int('startTimestamp', 0);
        const end = q.int('endTimestamp', 0);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const id = decodeURIComponent(assetId!);
        const matches = world.transactions.x.filter(
          (tx) =>
            touches(tx, id) &&
            (!txTypes || txTypes.includes(tx.txType as PrimaryNetworkTxType)) &&
            (start === undefined || tx.timestamp >= start) &&
            (end === undefined || tx.timestamp <= end),
        );
        const { page, nextPageToken } = paginate(
          [...matches].reverse(),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('asset txs', world.network, id, txTypes, start, end),
          (tx) => tx.txHash,
        );
        return {
          status: 200,
          body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page, chainInfo: { chainName: 'x-chain', network } },
        };
      }),
    },
  } satisfies DataApiRoutes;
}
