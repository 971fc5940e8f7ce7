/**
 * Primary Network transactions: listLatestPrimaryNetworkTransactions (its filters and the short
 * pages the spec warns of) and getTxByHash.
 */
import { parseCb58Id } from '../../src/base/ids.js';
import { PRIMARY_NETWORK_TX_TYPES, type PrimaryNetworkTxType } from '../../src/upstreams/data-api/wire.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import type { SandboxLive } from '../live.js';
import { chainOf, fingerprint, readAddresses, sorted, SORT, withWorld, type ChainKey } from './common.js';

export function transactionRoutes(seed: string, live?: SandboxLive) {
  return {
    listLatestPrimaryNetworkTransactions: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/transactions$/,
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, [
          'addresses',
          'l1ValidationId',
          'txTypes',
          'startTimestamp',
          'endTimestamp',
          'pageToken',
          'pageSize',
          'sortOrder',
        ]);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['p', 'x', 'c']);
        if (chain.length > 1) q.problem(chain);
        const addresses = readAddresses(q, world, q.string('addresses'), chain === 'c');
        const l1ValidationId = q.string('l1ValidationId');
        const txTypes = q.list('txTypes', PRIMARY_NETWORK_TX_TYPES);
        const start = q.int('startTimestamp', 0);
        const end = q.int('endTimestamp', 0);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        if (l1ValidationId !== undefined && chain !== 'p') q.problem('l1ValidationId is only supported on the P-Chain');
        if ((txTypes || start !== undefined || end !== undefined) && !addresses?.length && l1ValidationId === undefined) {
          q.problem('Filtering by txTypes and timestamps requires an addresses filter (or l1ValidationId on the P-Chain)');
        }
        q.done();
        const key = chain as ChainKey;
        // Oldest first, with what the live clock has added since (../live.ts) on the P-Chain.
        const all = [...world.transactions[key], ...(key === 'p' && live ? live.transactions(world.network) : [])] as readonly {
          txHash: string;
          txType: string;
        }[];
        const evm = new Set(addresses?.filter((a) => a.startsWith('0x')));
        const matches = all.filter((tx) => {
          const time = 'blockTimestamp' in tx ? (tx.blockTimestamp as number) : (tx as unknown as { timestamp: number }).timestamp;
          if (addresses?.length) {
            const touched = world.txAddresses.get(live?.templateOf(tx.txHash) ?? tx.txHash);
            const hit = addresses.some((a) => touched?.has(a)) || (evm.size > 0 && touchesEvm(tx, evm));
            if (!hit) return false;
          }
          if (l1ValidationId !== undefined && !world.txValidationIds.get(tx.txHash)?.has(l1ValidationId)) return false;
          if (txTypes && !txTypes.includes(tx.txType as PrimaryNetworkTxType)) return false;
          if (start !== undefined && time < start) return false;
          if (end !== undefined && time > end) return false;
          return true;
        });
        const utxoCount = (tx: unknown) => {
          const t = tx as { consumedUtxos?: unknown[]; emittedUtxos?: unknown[] };
          return (t.consumedUtxos?.length ?? 0) + (t.emittedUtxos?.length ?? 0);
        };
        const { page, nextPageToken } = paginate(
          sorted(matches, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('txs', world.network, key, addresses, l1ValidationId, txTypes, start, end, sortOrder),
          (tx) => tx.txHash,
          (taken, next) => taken.reduce((s, t) => s + utxoCount(t), 0) + utxoCount(next) <= UTXO_PAGE_THRESHOLD,
        );
        return {
          status: 200,
          body: {
            ...(nextPageToken ? { nextPageToken } : {}),
            transactions: page,
            chainInfo: { chainName: `${key}-chain`, network },
          },
        };
      }),
    },
    getTxByHash: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/transactions\/([^/]+)$/,
      handle: withWorld(seed, (world, _network, [blockchainId, txHash], query) => {
        const q = new QueryReader(query, []);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['p', 'x', 'c']);
        if (chain.length > 1) q.problem(chain);
        const hash = decodeURIComponent(txHash!);
        try {
          parseCb58Id(hash);
        } catch {
          q.problem('txHash must be a valid transaction hash');
        }
        q.done();
        const made = chain === 'p' ? live?.transaction(world.network, hash) : undefined;
        if (made) return { status: 200, body: made };
        const entry = world.txByHash.get(hash);
        if (!entry || entry.chain !== chain) return apiError(404, `Transaction ${hash} not found on ${chain}-chain`);
        return { status: 200, body: entry.tx };
      }),
    },
  } satisfies DataApiRoutes;
}

/** "A page may hold fewer transactions than pageSize when the number of UTXOs ... reaches a threshold." */
export const UTXO_PAGE_THRESHOLD = 250;

function touchesEvm(tx: unknown, evm: Set<string>): boolean {
  const t = tx as { evmInputs?: { fromAddress: string }[]; evmOutputs?: { toAddress: string }[] };
  return Boolean(
    t.evmInputs?.some((i) => evm.has(i.fromAddress.toLowerCase())) || t.evmOutputs?.some((o) => evm.has(o.toAddress.toLowerCase())),
  );
}
