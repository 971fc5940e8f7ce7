/**
 * How long an upstream answer may be reused, by what it says: the one table every read goes by.
 *
 * - `immutable`: an accepted block or transaction by id, an asset description, a container at
 *   an index. Kept until the byte bound evicts it.
 * - Chain state: a short time-to-live per kind, each configurable (`CACHE_TTL_<KIND>_MS`).
 * - `absent`: a lookup by id answered "none" (a read whose value is null), so that a warm repeat
 *   does not call again; short, since the thing may appear any moment, and never longer than the
 *   read's own kind.
 *   `staleMs` is how long past that an answer may still be served while one call refreshes it
 *   (stale-while-revalidate): only for lists that change slowly and where an answer a little
 *   late misleads nobody. Balances, heights and latest transactions are never served stale.
 *
 * Which kind each operation is, its client's domain file says (src/upstreams/sharing.ts); one whose
 * entry says `never` is not shared between requests (admin reads, writes), and a response that
 * used one is not cached whole.
 */
import { OPERATIONS, type OperationId } from '../upstreams/operations.js';
import type { Lifetime } from '../upstreams/sharing.js';

export const FRESHNESS_KINDS = {
  immutable: {
    ttlMs: Number.POSITIVE_INFINITY,
    staleMs: 0,
    what: 'accepted blocks and transactions by id, asset descriptions, indexed containers',
  },
  subnets: { ttlMs: 30_000, staleMs: 300_000, what: 'the subnet and blockchain lists' },
  validators: { ttlMs: 10_000, staleMs: 30_000, what: "validator sets (L1, P-Chain, a Subnet-EVM chain's uptimes)" },
  transactions: { ttlMs: 5_000, staleMs: 0, what: "latest transaction, vertex, reward and ICM message lists; an address's chains" },
  balances: { ttlMs: 5_000, staleMs: 0, what: 'balances, UTXOs and collectibles' },
  heights: { ttlMs: 2_000, staleMs: 0, what: 'chain heights, last accepted containers, statuses of transactions' },
  status: { ttlMs: 10_000, staleMs: 0, what: 'blockchain statuses and the current supply' },
  health: { ttlMs: 5_000, staleMs: 0, what: "the node's health, readiness and liveness" },
  tps: { ttlMs: 60_000, staleMs: 600_000, what: 'daily average TPS' },
  config: { ttlMs: 60_000, staleMs: 600_000, what: 'fee and chain configs, active rules, fees of the X-Chain' },
  contracts: { ttlMs: 600_000, staleMs: 3_600_000, what: 'contract metadata' },
  absent: {
    ttlMs: 5_000,
    staleMs: 0,
    what: "'none' answers of lookups by id (a transaction, contract metadata), never longer than their kind",
  },
} as const satisfies Record<Exclude<Lifetime, 'never'> | 'absent', { ttlMs: number; staleMs: number; what: string }>;

export type FreshnessKind = keyof typeof FRESHNESS_KINDS;

/**
 * The kind of each upstream operation that is shared, from the entries the clients' domain files
 * declare beside their functions (src/upstreams/operations.ts); those whose entry says `never`
 * are left out, and so are never shared.
 */
export const OPERATION_KINDS: Readonly<Partial<Record<OperationId, FreshnessKind>>> = Object.fromEntries(
  Object.entries(OPERATIONS).flatMap(([operation, { freshness }]) => (freshness === 'never' ? [] : [[operation, freshness]])),
);

/**
 * Reads whose kind depends on what they ask: an asset named by its id never changes, while an
 * alias means whatever the node says it means.
 */
const BY_PARAMS: Readonly<Partial<Record<OperationId, (params: Record<string, unknown>) => FreshnessKind>>> = {
  'avm.getAssetDescription': (params) => (/^[1-9A-HJ-NP-Za-km-z]{49,50}$/.test(String(params.assetID)) ? 'immutable' : 'config'),
};

export interface Freshness {
  /** Which kind of data it is (metrics count reads and bytes by kind). */
  kind: FreshnessKind;
  /** How long an answer is fresh; Infinity for immutable data. */
  ttlMs: number;
  /** How long past that it may be served while it is refreshed. */
  staleMs: number;
}

/**
 * The freshness of a read, by its operation (and, for a few, its JSON-RPC params); `absent` is
 * that of an answer saying there is no such thing, which may change as soon as it exists.
 */
export type FreshnessTable = ((operation: string, params?: unknown) => Freshness | undefined) & { absent: Freshness };

/** The table with the configured time-to-live of each kind (defaults above where unset). */
export function freshnessTable(ttlOverrides: Partial<Record<FreshnessKind, number>> = {}): FreshnessTable {
  const byKind = new Map<FreshnessKind, Freshness>();
  for (const [kind, defaults] of Object.entries(FRESHNESS_KINDS) as [FreshnessKind, (typeof FRESHNESS_KINDS)[FreshnessKind]][]) {
    byKind.set(kind, { kind, ttlMs: ttlOverrides[kind] ?? defaults.ttlMs, staleMs: defaults.staleMs });
  }
  const lookup = (operation: string, params?: unknown) => {
    // Operations arrive as the requests name them (a batch of eth_* calls is named for its size): a name not in the table is not shared.
    const refine = BY_PARAMS[operation as OperationId];
    const kind =
      refine && params !== null && typeof params === 'object'
        ? refine(params as Record<string, unknown>)
        : OPERATION_KINDS[operation as OperationId];
    return kind ? byKind.get(kind) : undefined;
  };
  return Object.assign(lookup, { absent: byKind.get('absent')! });
}
