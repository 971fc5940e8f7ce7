/**
 * What the Data API knows of Primary Network addresses: balances (getBalancesByAddresses), UTXOs
 * (getUtxosByAddresses, and its V2 POST with the addresses in the body), last activity (both
 * routes) and active staking transactions (listActivePrimaryNetworkStakingTransactions), all read
 * from the world's rendered transactions (../world/primary-network-utxos.ts).
 */
import { createHash } from 'node:crypto';
import type { PChainTransaction } from '../../src/upstreams/data-api/transaction.js';
import { PRIMARY_NETWORK_TX_TYPES, type PrimaryNetworkTxType } from '../../src/upstreams/data-api/wire.js';
import type { NetworkName } from '../../src/base/ids.js';
import { activeStakes, chainUtxosNow, ownedBy, unspentAt, type AcceptedChange, type WorldUtxo } from '../world/primary-network-utxos.js';
import { TIMELINE } from '../world/timeline.js';
import type { ChainKey, SandboxWorld } from '../world/types.js';
import { apiError, paginate, QueryReader, type DataApiRoutes, type SandboxAnswer, type SandboxRequest } from '../routes.js';
import { chainOf, fingerprint, readAddresses, sorted, SORT, withWorld } from './common.js';

const CHAINS = /^\/v1\/networks\/([^/]+)\/blockchains\/([^/]+)/.source;
const UTXO_QUERY = ['pageToken', 'pageSize', 'assetId', 'minUtxoAmount', 'includeSpent', 'sortBy', 'sortOrder'];

/** The chain of the path, or the problem with it. */
function chainIn(q: QueryReader, world: SandboxWorld, blockchainId: string): ChainKey {
  const chain = chainOf(world, decodeURIComponent(blockchainId), ['p', 'x', 'c']);
  if (chain.length > 1) q.problem(chain);
  return (chain.length > 1 ? 'p' : chain) as ChainKey;
}

/** The V2 routes' body: `{ addresses: "a,b,…" }`, read as the GET routes read the query's. */
function bodyAddresses(q: QueryReader, world: SandboxWorld, req: SandboxRequest): string[] {
  let body: unknown;
  try {
    body = JSON.parse(req.body || 'null');
  } catch {
    q.problem('body must be JSON');
  }
  const raw = (body as { addresses?: unknown } | null)?.addresses;
  if (typeof raw !== 'string' || raw === '') {
    q.problem('addresses should not be empty');
    return [];
  }
  return readAddresses(q, world, raw, false) ?? [];
}

/** What the sandbox node's accepted transactions did on a network, for the listings to follow (none without a node). */
export type AcceptedChanges = (network: NetworkName) => readonly AcceptedChange[];

const total = (list: readonly WorldUtxo[]) => list.reduce((s, u) => s + u.amount, 0n);

/** Amounts per asset, as the balances answer aggregates them. */
function aggregate(list: readonly WorldUtxo[], extra?: (u: WorldUtxo) => Record<string, string>) {
  const byAsset = new Map<string, WorldUtxo[]>();
  for (const u of list) {
    const key = `${u.assetId} ${extra ? JSON.stringify(extra(u)) : ''}`;
    byAsset.set(key, [...(byAsset.get(key) ?? []), u]);
  }
  return [...byAsset.values()].map((group) => {
    const { asset } = group[0]!.utxo;
    return {
      assetId: asset.assetId,
      name: asset.name,
      symbol: asset.symbol,
      denomination: asset.denomination,
      type: asset.type,
      amount: String(total(group)),
      utxoCount: group.length,
      ...(extra ? extra(group[0]!) : {}),
    };
  });
}

function balances(world: SandboxWorld, chain: ChainKey, owned: readonly WorldUtxo[], at: number) {
  const self = world.chainIds[chain];
  const local = owned.filter((u) => u.createdOn === self);
  const atomic = owned.filter((u) => u.createdOn !== self);
  const locked = (u: WorldUtxo) => u.locktime > at;
  const shared = (status?: string) => (u: WorldUtxo) => ({ sharedWithChainId: u.createdOn, ...(status ? { status } : {}) });
  const memory = {
    atomicMemoryUnlocked: aggregate(
      atomic.filter((u) => !locked(u)),
      shared(chain === 'p' ? 'UNLOCKED' : undefined),
    ),
    atomicMemoryLocked: aggregate(atomic.filter(locked), shared(chain === 'p' ? 'LOCKED' : undefined)),
  };
  if (chain === 'c') return memory;
  if (chain === 'x')
    return {
      locked: aggregate(local.filter(locked)),
      unlocked: aggregate(local.filter((u) => !locked(u))),
      ...memory,
    };
  const staked = (u: WorldUtxo) => 'staked' in u.utxo && u.utxo.staked === true;
  const pending = (u: WorldUtxo) => staked(u) && 'utxoStartTimestamp' in u.utxo && (u.utxo.utxoStartTimestamp ?? 0) > at;
  return {
    unlockedUnstaked: aggregate(local.filter((u) => !staked(u) && !locked(u))),
    unlockedStaked: aggregate(local.filter((u) => staked(u) && !pending(u) && !locked(u))),
    lockedPlatform: aggregate(local.filter((u) => !staked(u) && locked(u))),
    lockedStakeable: [],
    lockedStaked: aggregate(local.filter((u) => staked(u) && !pending(u) && locked(u))),
    pendingStaked: aggregate(local.filter(pending)),
    ...memory,
  };
}

/** The UTXOs of the addresses on the chain, filtered, sorted and paged as the query asks. */
function utxoPage(
  accepted: readonly AcceptedChange[],
  world: SandboxWorld,
  network: string,
  chain: ChainKey,
  addresses: string[],
  q: QueryReader,
  maxPage: number,
): SandboxAnswer {
  const pageSize = q.int('pageSize', 1, maxPage) ?? 10;
  const assetId = q.string('assetId');
  const minRaw = q.string('minUtxoAmount');
  const min = minRaw === undefined ? undefined : Number(minRaw);
  if (min !== undefined && !(min >= 0)) q.problem('minUtxoAmount must not be less than 0');
  const includeSpent = q.bool('includeSpent') ?? false;
  const sortBy = q.oneOf('sortBy', ['timestamp', 'amount'] as const) ?? 'timestamp';
  const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
  q.done();
  const set = new Set(addresses);
  const matches = chainUtxosNow(world, chain, accepted).filter(
    (u) =>
      ownedBy(u, set) &&
      (includeSpent || u.spent === undefined) &&
      (assetId === undefined || u.assetId === assetId) &&
      (min === undefined || u.amount >= BigInt(Math.ceil(min))),
  );
  const ordered = sortBy === 'amount' ? [...matches].sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0)) : matches;
  const { page, nextPageToken } = paginate(
    sorted(ordered, sortOrder),
    { pageToken: q.string('pageToken'), pageSize },
    // Digested: a V2 query names up to hundreds of addresses, and a token is to stay short.
    createHash('sha256')
      .update(fingerprint('utxos', world.network, chain, addresses, assetId, min, includeSpent, sortBy, sortOrder))
      .digest('base64url'),
    (u) => u.utxo.utxoId,
  );
  return {
    status: 200,
    body: {
      ...(nextPageToken ? { nextPageToken } : {}),
      utxos: page.map((u) => u.utxo),
      chainInfo: { chainName: `${chain}-chain`, network },
    },
  };
}

/** The latest transaction of the chain that created or consumed a UTXO of the addresses; 404 when none did. */
function lastActivity(world: SandboxWorld, chain: ChainKey, addresses: string[]): SandboxAnswer {
  const set = new Set(addresses);
  let last: { timestamp: number; blockNumber: string; txHash: string; utxoId: string; isConsumed: boolean } | undefined;
  for (const tx of world.transactions[chain] as readonly Record<string, unknown>[]) {
    const consumed = ((tx.consumedUtxos ?? []) as { utxoId: string; addresses: string[] }[]).find((u) =>
      u.addresses.some((a) => set.has(a)),
    );
    const emitted = ((tx.emittedUtxos ?? []) as { utxoId: string; addresses: string[] }[]).find((u) => u.addresses.some((a) => set.has(a)));
    const touched = consumed ?? emitted;
    if (!touched) continue;
    const timestamp = (tx.blockTimestamp ?? tx.timestamp) as number;
    if (last && last.timestamp > timestamp) continue;
    const blockNumber = String(tx.blockNumber ?? tx.blockHeight ?? 0);
    last = { timestamp, blockNumber, txHash: tx.txHash as string, utxoId: touched.utxoId, isConsumed: touched === consumed };
  }
  if (!last) return apiError(404, `No activity found for the given addresses on ${chain}-chain`);
  return { status: 200, body: { ...last, chainName: `${chain}-chain`, network: world.network } };
}

export function primaryNetworkAddressRoutes(seed: string, acceptedOn: AcceptedChanges = () => []) {
  return {
    getBalancesByAddresses: {
      method: 'GET',
      pattern: new RegExp(`${CHAINS}/balances$`),
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, ['blockTimestamp', 'addresses']);
        const chain = chainIn(q, world, blockchainId!);
        const at = q.int('blockTimestamp', Number.MIN_SAFE_INTEGER) ?? TIMELINE.now;
        const addresses = readAddresses(q, world, q.required('addresses'), false) ?? [];
        q.done();
        const set = new Set(addresses);
        const owned = chainUtxosNow(world, chain, acceptedOn(world.network)).filter((u) => ownedBy(u, set) && unspentAt(u, at));
        return { status: 200, body: { balances: balances(world, chain, owned, at), chainInfo: { chainName: `${chain}-chain`, network } } };
      }),
    },
    getUtxosByAddresses: {
      method: 'GET',
      pattern: new RegExp(`${CHAINS}/utxos$`),
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, ['addresses', ...UTXO_QUERY]);
        const chain = chainIn(q, world, blockchainId!);
        const addresses = readAddresses(q, world, q.required('addresses'), false) ?? [];
        return utxoPage(acceptedOn(world.network), world, network, chain, addresses, q, 100);
      }),
    },
    getUtxosByAddressesV2: {
      method: 'POST',
      pattern: new RegExp(`${CHAINS}/utxos$`),
      handle: (req, params) =>
        withWorld(seed, (world, network, [blockchainId], query) => {
          const q = new QueryReader(query, UTXO_QUERY);
          const chain = chainIn(q, world, blockchainId!);
          return utxoPage(acceptedOn(world.network), world, network, chain, bodyAddresses(q, world, req), q, 1024);
        })(req, params),
    },
    getLastActivityTimestampByAddresses: {
      method: 'GET',
      pattern: new RegExp(`${CHAINS}/lastActivityTimestampByAddresses$`),
      handle: withWorld(seed, (world, _network, [blockchainId], query) => {
        const q = new QueryReader(query, ['addresses']);
        const chain = chainIn(q, world, blockchainId!);
        const addresses = readAddresses(q, world, q.required('addresses'), false) ?? [];
        q.done();
        return lastActivity(world, chain, addresses);
      }),
    },
    getLastActivityTimestampByAddressesV2: {
      method: 'POST',
      pattern: new RegExp(`${CHAINS}/lastActivityTimestampByAddresses$`),
      handle: (req, params) =>
        withWorld(seed, (world, _network, [blockchainId], query) => {
          const q = new QueryReader(query, []);
          const chain = chainIn(q, world, blockchainId!);
          const addresses = bodyAddresses(q, world, req);
          q.done();
          return lastActivity(world, chain, addresses);
        })(req, params),
    },
    listActivePrimaryNetworkStakingTransactions: {
      method: 'GET',
      pattern: new RegExp(`${CHAINS}/transactions:listStaking$`),
      handle: withWorld(seed, (world, network, [blockchainId], query) => {
        const q = new QueryReader(query, ['addresses', 'txTypes', 'startTimestamp', 'endTimestamp', 'pageToken', 'pageSize', 'sortOrder']);
        const chain = chainOf(world, decodeURIComponent(blockchainId!), ['p']);
        if (chain.length > 1) q.problem(chain);
        const addresses = readAddresses(q, world, q.string('addresses'), false);
        const txTypes = q.list('txTypes', PRIMARY_NETWORK_TX_TYPES);
        const start = q.int('startTimestamp', 0);
        const end = q.int('endTimestamp', 0);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const sortOrder = q.oneOf('sortOrder', SORT) ?? 'desc';
        q.done();
        const matches = activeStakes(world).filter((tx: PChainTransaction) => {
          const touched = world.txAddresses.get(tx.txHash);
          if (addresses?.length && !addresses.some((a) => touched?.has(a))) return false;
          if (txTypes && !txTypes.includes(tx.txType as PrimaryNetworkTxType)) return false;
          if (start !== undefined && tx.blockTimestamp < start) return false;
          if (end !== undefined && tx.blockTimestamp > end) return false;
          return true;
        });
        const { page, nextPageToken } = paginate(
          sorted(matches, sortOrder),
          { pageToken: q.string('pageToken'), pageSize },
          createHash('sha256')
            .update(fingerprint('staking', world.network, addresses, txTypes, start, end, sortOrder))
            .digest('base64url'),
          (tx) => tx.txHash,
        );
        return {
          status: 200,
          body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page, chainInfo: { chainName: 'p-chain', network } },
        };
      }),
    },
  } satisfies DataApiRoutes;
}
