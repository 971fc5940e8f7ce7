/**
 * The sandbox's Data API: the Primary Network endpoints served from the world, with the rules,
 * bounds and error bodies of the spec (docs: ../../test/upstream/data-api-digest.md).
 */
import { InvalidIdError, isEvmAddress, parseBech32Address, parseCb58Id, parseNodeId, type NetworkName } from '../../src/ids.js';
import {
  PRIMARY_NETWORK_TX_TYPES,
  type CurrencyCode,
  type HistoricalReward,
  type PrimaryNetworkTxType,
  type SortOrder,
} from '../../src/upstreams/data-api.types.js';
import { apiError, paginate, QueryReader, type Route, type SandboxAnswer } from '../routes.js';
import { FX_RATES } from '../world/timeline.js';
import { getWorld } from '../world/world.js';
import type { SandboxWorld } from '../world/types.js';

const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
const SORT = ['asc', 'desc'] as const;
const CURRENCIES = Object.keys(FX_RATES) as CurrencyCode[];
/** "A page may hold fewer transactions than pageSize when the number of UTXOs ... reaches a threshold." */
export const UTXO_PAGE_THRESHOLD = 250;

type ChainKey = 'p' | 'x' | 'c';

function networkOf(value: string): NetworkName | undefined {
  if (value === 'mainnet') return 'mainnet';
  if (value === 'fuji' || value === 'testnet') return 'fuji';
  return undefined;
}

function chainOf(world: SandboxWorld, blockchainId: string, allowed: readonly ChainKey[]): ChainKey | string {
  const aliases: Record<string, ChainKey> = { 'p-chain': 'p', 'x-chain': 'x', 'c-chain': 'c' };
  const key = aliases[blockchainId] ?? (Object.entries(world.chainIds).find(([, id]) => id === blockchainId)?.[0] as ChainKey | undefined);
  if (!key || !allowed.includes(key)) {
    const names = allowed.map((k) => `${k}-chain`).join(', ');
    return `blockchainId must be one of ${names} or a cb58 id of those chains on ${world.network}`;
  }
  return key;
}

function sorted<T>(items: readonly T[], order: SortOrder): readonly T[] {
  return order === 'asc' ? items : [...items].reverse();
}

/** Splits a comma list of X/P addresses (optionally `X-`/`P-` prefixed) and checks their network. */
function readAddresses(q: QueryReader, world: SandboxWorld, raw: string | undefined, allowEvm: boolean): string[] | undefined {
  if (raw === undefined) return undefined;
  const out: string[] = [];
  for (const item of raw.split(',')) {
    if (allowEvm && isEvmAddress(item)) {
      out.push(item.toLowerCase());
      continue;
    }
    try {
      const parsed = parseBech32Address(item);
      if (parsed.hrp !== world.hrp) throw new InvalidIdError('wrong network');
      out.push(parsed.canonical);
    } catch {
      q.problem(`Invalid address format: ${item}`);
    }
  }
  return out;
}

function fingerprint(...parts: unknown[]): string {
  return JSON.stringify(parts);
}

function withWorld(
  seed: string,
  handler: (world: SandboxWorld, network: string, params: string[], q: URLSearchParams) => SandboxAnswer,
): Route['handle'] {
  return (req, params) => {
    const [network, ...rest] = params;
    const name = networkOf(network!);
    if (!name) return apiError(400, [`network must be one of the following values: ${NETWORKS.join(', ')}`]);
    return handler(getWorld(name, seed), network!, rest, req.query);
  };
}

export function dataApiRoutes(seed: string): Route[] {
  return [
    {
      operation: 'listSubnets',
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/subnets$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'sortOrder']);
        const pageSize = q.int('pageSize', 1, 10000) ?? 100;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        q.done();
        const { page, nextPageToken } = paginate(
          sorted(world.subnets, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('subnets', world.network, sortOrder),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), subnets: page } };
      }),
    },
    {
      operation: 'listL1Validators',
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/l1Validators$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'l1ValidationId', 'includeInactiveL1Validators', 'nodeId', 'subnetId']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const validationId = q.string('l1ValidationId');
        const includeInactive = q.bool('includeInactiveL1Validators') ?? false;
        const nodeId = q.string('nodeId');
        const subnetId = q.string('subnetId');
        if (nodeId !== undefined) {
          try {
            parseNodeId(nodeId);
          } catch {
            q.problem("nodeId must be a valid node ID in format 'NodeID-HASH'");
          }
        }
        if (subnetId !== undefined) {
          try {
            parseCb58Id(subnetId);
          } catch {
            q.problem('subnetId must be a valid subnet ID');
          }
        }
        q.done();
        const matches = world.l1Validators.filter(
          (v) =>
            (includeInactive || v.active) &&
            (validationId === undefined || v.validationId === validationId) &&
            (nodeId === undefined || v.nodeId === nodeId) &&
            (subnetId === undefined || v.subnetId === subnetId),
        );
        const { page, nextPageToken } = paginate(
          sorted(matches, 'desc'),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('l1Validators', world.network, validationId, includeInactive, nodeId, subnetId),
        );
        return {
          status: 200,
          body: {
            ...(nextPageToken ? { nextPageToken } : {}),
            validators: page.map(({ active: _active, ...wire }) => wire),
            blockHeight: String(world.transactions.p.at(-1)?.blockNumber ?? '0'),
          },
        };
      }),
    },
    {
      operation: 'listLatestPrimaryNetworkTransactions',
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
        const all = world.transactions[key] as readonly { txHash: string; txType: string }[];
        const evm = new Set(addresses?.filter((a) => a.startsWith('0x')));
        const matches = all.filter((tx) => {
          const time = 'blockTimestamp' in tx ? (tx.blockTimestamp as number) : (tx as unknown as { timestamp: number }).timestamp;
          if (addresses?.length) {
            const touched = world.txAddresses.get(tx.txHash);
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
    {
      operation: 'getTxByHash',
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
        const entry = world.txByHash.get(hash);
        if (!entry || entry.chain !== chain) return apiError(404, `Transaction ${hash} not found on ${chain}-chain`);
        return { status: 200, body: entry.tx };
      }),
    },
    {
      operation: 'listHistoricalPrimaryNetworkRewards',
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/rewards$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['addresses', 'pageToken', 'pageSize', 'nodeIds', 'sortOrder', 'currency']);
        const addresses = readAddresses(q, world, q.string('addresses'), false);
        const nodeIdsRaw = q.string('nodeIds');
        const nodeIds = nodeIdsRaw?.split(',');
        for (const id of nodeIds ?? []) {
          try {
            parseNodeId(id);
          } catch {
            q.problem(`Invalid nodeId format: ${id}`);
          }
        }
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        if (!addresses?.length && !nodeIds?.length) q.problem('At least one of addresses or nodeIds is required');
        q.done();
        const matches = world.rewards.filter(
          (r) => (!addresses?.length || r.addresses.some((a) => addresses.includes(a))) && (!nodeIds?.length || nodeIds.includes(r.nodeId)),
        );
        const { page, nextPageToken } = paginate(
          sorted(matches, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('rewards', world.network, addresses, nodeIds, sortOrder),
        );
        const rate = FX_RATES[currency]!;
        const historicalRewards: HistoricalReward[] = page.map(({ priceUsd, reward, ...rest }) => ({
          ...rest,
          reward: { ...reward, historicalPrice: { currencyCode: currency, value: Math.round(priceUsd * rate * 100) / 100 } },
        }));
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), historicalRewards } };
      }),
    },
    {
      operation: 'listLatestXChainVertices',
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)\/vertices$/,
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize']);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['x']);
        if (chain.length > 1) q.problem(chain);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const { page, nextPageToken } = paginate(
          sorted(world.vertices, 'desc'),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('vertices', world.network),
        );
        return {
          status: 200,
          body: { ...(nextPageToken ? { nextPageToken } : {}), vertices: page, chainInfo: { chainName: 'x-chain', network } },
        };
      }),
    },
    {
      operation: 'getChainIdsForAddresses',
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/addresses:listChainIds$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['addresses']);
        const addresses = readAddresses(q, world, q.required('addresses'), false);
        q.done();
        return {
          status: 200,
          body: { addresses: (addresses ?? []).map((address) => ({ address, blockchainIds: world.chainIdsByAddress.get(address) ?? [] })) },
        };
      }),
    },
  ];
}

function touchesEvm(tx: unknown, evm: Set<string>): boolean {
  const t = tx as { evmInputs?: { fromAddress: string }[]; evmOutputs?: { toAddress: string }[] };
  return Boolean(
    t.evmInputs?.some((i) => evm.has(i.fromAddress.toLowerCase())) || t.evmOutputs?.some((o) => evm.has(o.toAddress.toLowerCase())),
  );
}
