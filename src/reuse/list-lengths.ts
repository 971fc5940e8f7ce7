/**
 * The lengths of lists the data decides (a subnet's validator set, a validator's delegators, an
 * owner's addresses, a transaction's UTXOs...), as last seen in answers, for demand control to
 * price such a list by what it holds rather than by a guess (src/graph/cost.ts, `Where.lengths`).
 *
 * Resolvers note each such list as they read it (`saw`), whether the answer came from the upstream
 * or from a cache, so the table knows what the data holds however answers are shared. A price then
 * asks `bound`: the length last seen for that list (that parent's, when the price knows which one;
 * else the longest seen of that kind on that network, or at that place in the document, for kinds
 * whose lists differ by parent: src/graph/list-sizes.ts) with a margin, capped by the realistic maximum
 * the price declares beside its field, which is also the answer for a list never seen. The estimate
 * stays an upper bound while lists grow by less than the margin; past it, the request's call budget
 * still stops the run (src/upstreams/budget.ts).
 *
 * The same table keeps what calls only some items make (a lookup for the transactions that name a
 * reward, an L1's validators and none for other subnets) by place: the calls a field made over all
 * its parents where it stands in a document run with the same variables (`place` keys, see `made` in
 * src/graph/list-sizes.ts), so that the next run of that document is priced by them.
 *
 * Bounded: the last-seen lengths of at most `maxEntries` parents (least recently used go first),
 * the calls of at most `maxPlaces` places apart from them (a client sending new documents evicts
 * places, never the lengths of lists); the longest per kind and network, a handful of numbers. With Redis (CACHE=redis) instances share
 * what they saw: each change is written there, and what another instance saw is read in the
 * background (a parent's on first lookup, the longest per kind every `refreshMs`). Pricing never
 * waits for Redis: it reads this instance's memory only, and a Redis that is slow or away leaves
 * the table as this instance's alone.
 */
import type { LRUCache } from 'lru-cache';
import { growingLru } from '../base/lru.js';
import type { RedisConnection } from '../base/redis.js';

/**
 * What kind of list, on which network (`mainnet`/`fuji`, or `*` when the price does not know),
 * of which parent when that decides (`subnetId` for a validator set); lengths are kept per such key.
 */
export interface ListKey {
  kind: string;
  network: string | undefined;
  parent?: string | undefined;
  /**
   * A place in a document (`parent` names it) rather than a parent object: kept in a table of its
   * own, and never the longest of its kind (one document's calls say nothing of another's).
   */
  place?: boolean;
}

/** What a price reads: see ListLengths.bound. */
export interface LengthsView {
  /**
   * The items a price may assume for the list: last seen (with margin) capped by `most`; when never
   * seen, `unseen` (at most `most`), else `most`.
   */
  bound(key: ListKey, most: number, unseen?: number): number;
}

/**
 * A view that keeps what it answered: the lengths one price read. An answer is measured against
 * them as it is built (`overrun` in src/yoga/use-demand-control.ts): a list longer than its price
 * read is priced again before its items are built. Made with `over`, a price's reads, it answers
 * from them, and from `under` (counted in `misses`) what the price never read.
 */
export class ReadLengths implements LengthsView {
  readonly read = new Map<string, number>();
  /** Keys asked of a view over a price's reads that the price never read (answered by `under`). */
  misses = 0;
  constructor(
    private readonly under: LengthsView,
    private readonly over?: ReadonlyMap<string, number>,
  ) {}

  bound(key: ListKey, most: number, unseen?: number): number {
    const id = `${key.kind}\u0000${key.network ?? '*'}\u0000${key.parent ?? ''}\u0000${key.place ? 1 : 0}\u0000${most}\u0000${unseen ?? ''}`;
    if (this.over) {
      // A view over a price's reads only answers: it records nothing of its own.
      const kept = this.over.get(id);
      if (kept !== undefined) return kept;
      this.misses++;
      return this.under.bound(key, most, unseen);
    }
    let length = this.read.get(id);
    if (length === undefined) this.read.set(id, (length = this.under.bound(key, most, unseen)));
    return length;
  }
}

export interface ListLengthsOptions {
  /** Parents whose lengths are kept (least recently used go first). Default 20,000. */
  maxEntries?: number;
  /** Places whose calls are kept (least recently used go first). Default 5,000. */
  maxPlaces?: number;
  /** Shared with the other instances when given. */
  redis?: RedisConnection;
  /** How often the longest lengths are read back from Redis. Default 5 s. */
  refreshMs?: number;
  /** How long an entry lives in Redis after its last write. Default 1 day. */
  ttlMs?: number;
}

/**
 * The margin over the length last seen: lists grow (a validator set by a few a day). A quarter,
 * at least one item for a list that held any: small enough that a query whose lists were seen is
 * priced within twice its calls (issue 29); a list that grows past it is stopped by the call
 * budget at run time.
 */
export function withMargin(seen: number): number {
  return seen + Math.ceil(seen / 4);
}

const REDIS_KEY = 'lengths:';
/** Keeps the longest length of a kind: sets it only when larger (or missing). */
const KEEP_LONGEST =
  "local v = tonumber(redis.call('get', KEYS[1]) or '-1') if tonumber(ARGV[1]) > v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end redis.call('pexpire', KEYS[1], ARGV[2]) return 0";
/** Parents looked up in Redis at once, at most: past it, a lookup waits for a later miss. */
const MAX_PENDING = 64;

export class ListLengths implements LengthsView {
  private readonly byParent: LRUCache<string, number>;
  private readonly byPlace: LRUCache<string, number>;
  /** Longest seen per kind and network (`kind@network`): few, never evicted, only grow. */
  private readonly longest = new Map<string, number>();
  private readonly pending = new Set<string>();
  /** Kinds a price asked for that this instance has not seen: read from Redis with the longest. */
  private readonly wanted = new Set<string>();
  private readonly redis?: RedisConnection;
  private readonly ttlMs: number;
  private timer?: NodeJS.Timeout;
  private refreshing = false;
  /**
   * Changes whenever a bound a price could read changes: an estimate kept with its document
   * (src/yoga/use-demand-control.ts) is valid while the version it was made at is current.
   */
  version = 0;

  constructor(options: ListLengthsOptions = {}) {
    this.byParent = growingLru(options.maxEntries ?? 20_000);
    this.byPlace = growingLru(options.maxPlaces ?? 5_000);
    this.redis = options.redis;
    this.ttlMs = options.ttlMs ?? 86_400_000;
    if (this.redis) {
      this.timer = setInterval(() => void this.refresh(), options.refreshMs ?? 5_000);
      this.timer.unref();
    }
  }

  /** Notes a list's length as an answer gave it. Cheap: called for every list a resolver returns. */
  saw(key: ListKey, length: number): void {
    if (!Number.isSafeInteger(length) || length < 0) return;
    const kind = kindKey(key);
    if (key.parent !== undefined) {
      const id = `${kind}/${key.parent}`;
      const table = this.tableOf(key);
      const before = table.get(id);
      if (before !== length) {
        table.set(id, length);
        if (before === undefined || withMargin(before) !== withMargin(length)) this.version++;
        this.share(id, length);
      }
    }
    if (key.place) return;
    if (length > (this.longest.get(kind) ?? -1)) {
      const before = this.longest.get(kind);
      this.longest.set(kind, length);
      if (before === undefined || withMargin(before) !== withMargin(length)) this.version++;
      this.shareLongest(kind, length);
    }
  }

  /** The length last seen for the key's parent (or the longest of its kind, without a parent); undefined if never seen here. */
  seen(key: ListKey): number | undefined {
    const kind = kindKey(key);
    if (key.parent === undefined) {
      const longest = this.longest.get(kind);
      if (longest === undefined && this.redis && !this.wanted.has(kind) && this.wanted.size < MAX_PENDING) {
        this.wanted.add(kind);
        void this.refresh();
      }
      return longest;
    }
    const id = `${kind}/${key.parent}`;
    const table = this.tableOf(key);
    const found = table.get(id);
    if (found === undefined) this.fetch(id, table);
    return found;
  }

  bound(key: ListKey, most: number, unseen = most): number {
    const seen = this.seen(key);
    return seen === undefined ? Math.min(most, unseen) : Math.min(most, withMargin(seen));
  }

  /** How many parents' lengths are kept (for tests and metrics). */
  get size(): number {
    return this.byParent.size;
  }

  /** How many places' calls are kept (for tests and metrics). */
  get places(): number {
    return this.byPlace.size;
  }

  private tableOf(key: ListKey): LRUCache<string, number> {
    return key.place ? this.byPlace : this.byParent;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private redisKey(id: string): string {
    return `${this.redis!.prefix}${REDIS_KEY}{${id}}`;
  }

  private share(id: string, length: number): void {
    const client = this.redis?.client;
    client?.set(this.redisKey(id), String(length), 'PX', this.ttlMs).catch((error: Error) => this.redis!.down(error));
  }

  private shareLongest(kind: string, length: number): void {
    const client = this.redis?.client;
    client?.eval(KEEP_LONGEST, 1, this.redisKey(kind), String(length), this.ttlMs).catch((error: Error) => this.redis!.down(error));
  }

  /** A parent this instance has not seen: asked of Redis in the background, for the prices after this one. */
  private fetch(id: string, table: LRUCache<string, number>): void {
    const client = this.redis?.client;
    if (!client || this.pending.has(id) || this.pending.size >= MAX_PENDING) return;
    this.pending.add(id);
    client.get(this.redisKey(id)).then(
      (value) => {
        this.pending.delete(id);
        const length = value === null ? Number.NaN : Number(value);
        if (Number.isSafeInteger(length) && length >= 0 && !table.has(id)) {
          table.set(id, length);
          this.version++;
        }
      },
      (error: Error) => {
        this.pending.delete(id);
        this.redis!.down(error);
      },
    );
  }

  /** The longest lengths other instances saw, for the kinds this one knows or was asked for. */
  async refresh(): Promise<void> {
    const client = this.redis?.client;
    if (!client || this.refreshing) return;
    const kinds = [...new Set([...this.longest.keys(), ...this.wanted])];
    if (kinds.length === 0) return;
    this.refreshing = true;
    try {
      // One GET per key: in a cluster each key may live on another node.
      const values = await Promise.all(kinds.map((kind) => client.get(this.redisKey(kind))));
      kinds.forEach((kind, i) => {
        const length = values[i] == null ? Number.NaN : Number(values[i]);
        const before = this.longest.get(kind);
        if (Number.isSafeInteger(length) && length >= 0 && (before === undefined || length > before)) {
          this.longest.set(kind, length);
          this.wanted.delete(kind);
          this.version++;
        }
      });
    } catch (error) {
      this.redis!.down(error as Error);
    } finally {
      this.refreshing = false;
    }
  }
}

const kindKey = (key: ListKey) => `${key.kind}@${key.network ?? '*'}`;
