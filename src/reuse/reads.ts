/**
 * The reuse layer's core: every upstream read of a GraphQL request goes through its
 * `RequestReads` (the clients' Transport), which answers, in order:
 *
 * 1. from this request's own earlier reads (two fields asking for the same page);
 * 2. from the shared cache, while the answer is fresh by the freshness table (or stale but
 *    still servable, in which case one call refreshes it in the background);
 * 3. from a call another request already has in flight for the same read (single-flight), in
 *    this process or, with Redis, in another instance (which answers through Redis);
 * 4. by calling the upstream, in the request's scope (its signal, its budget), and keeping
 *    the answer for others.
 *
 * Keys are what identifies the read (method, URL, JSON-RPC method and params), never the API
 * key or any header. Failures are never kept; an answer of none (a lookup by id that found
 * nothing, which the client maps to null) is kept for the short `absent` time. With CACHE=off,
 * only step 1 remains.
 *
 * The credential a read is made with is part of what identifies it. The operator's (DATA_API_KEY,
 * or none) is every request's that sends no key of its own, and everything above applies to it.
 * A read made with a client's own key (`HttpRequest.credential`, a digest of it) is shared only
 * with concurrent requests that send the same key, while its call is in flight, in this process;
 * it never takes a kept answer and is never kept, nor is any response built on it:
 *
 * - shared across credentials, a refusal would reach others (a bad key's 401 handed to the
 *   requests that joined its call) and an answer would reach a key the upstream refuses (the
 *   operator's answer served to a client whose own key is revoked or over its quota): whether
 *   the upstream answers depends on the key, even though the data does not;
 * - kept per credential, each key would hold its own copy of the same data, in memory and in
 *   Redis: what the caches hold would grow with the keys clients send rather than with the data,
 *   and a client with many keys could push everyone's answers out. A client sends its own key to
 *   be served on it, and its calls go to its own quota upstream; the gateway's rate limits charge
 *   them to it like any other.
 */
import { LRUCache } from 'lru-cache';
import { BudgetExceededError } from '../upstreams/budget.js';
import type { RequestActivity } from '../upstreams/activity.js';
import { RequestAbortedError } from '../upstreams/errors.js';
import type { CallScope, HttpClient, HttpRequest, HttpResponse } from '../upstreams/http.js';
import { bodyOf, readKey, type Transport } from '../upstreams/transport.js';
import type { Freshness, FreshnessTable } from './freshness.js';
import { ENTRY_BYTES, type CacheStore, type Entry, type MemoryUsage } from './store.js';

/** What a load yields: the value kept, and its size on the wire when known. */
interface Loaded<T> {
  value: T;
  bytes?: number;
}

type Load<T> = (scope: CallScope) => Promise<Loaded<T>>;

export type ReadOutcome = 'hit' | 'stale' | 'joined' | 'miss';

export interface ReuseEvents {
  /**
   * A read that may be shared was answered: from the cache (`hit`, `stale`), from another
   * request's call (`joined`), or by a call of its own (`miss`; a refresh in the background too,
   * with an empty scope). For metrics and traces: called with positional arguments, no allocation.
   */
  onRead?: (freshness: Freshness, how: ReadOutcome, operation: string, scope: CallScope) => void;
}

/** An item a list answer held, kept for lookups by id while that answer is fresh. */
interface Seen {
  value: unknown;
  freshUntil: number;
  /** Its share of the answer's bytes: what the bound counts. */
  size: number;
}

/**
 * What the items of list answers may take, counted as their share of the answers' bytes on the
 * wire. They are parts of answers the store keeps anyway; the bound matters once those are evicted.
 */
const SEEN_MAX_BYTES = 4 * 1024 * 1024;

/** What every request shares: the HTTP client, the store, the freshness table, the calls in flight. */
export class Reuse implements MemoryUsage {
  private readonly flights = new Map<string, Promise<Entry>>();
  /** Calls made with a client's own key, by read key (which names the credential): joined by the same credential only, never kept. */
  private readonly ownFlights = new Map<string, Promise<unknown>>();
  /**
   * Items of list answers by the key a lookup by id names each with (a transaction by its hash),
   * so that such a lookup right after a list (a federation router's `_entities` for what it just
   * listed) needs no call. Only with a store: with CACHE=off nothing is shared.
   */
  private readonly seen?: LRUCache<string, Seen>;
  /** Until when each answer handed out is fresh, and its size: what `remember` needs of a list answer. */
  private readonly kept = new WeakMap<object, { freshUntil: number; size: number }>();

  constructor(
    readonly http: HttpClient,
    readonly freshness: FreshnessTable,
    /** Undefined with CACHE=off: nothing is shared between requests. */
    readonly store: CacheStore | undefined,
    private readonly events: ReuseEvents = {},
  ) {
    // Counted as its share of the answer plus what an LRU slot and its key hold, as the store counts.
    if (store)
      this.seen = new LRUCache<string, Seen>({
        maxSize: SEEN_MAX_BYTES,
        sizeCalculation: (seen, key) => seen.size + key.length + ENTRY_BYTES,
      });
  }

  /** What /metrics reports of the list items kept for lookups by id (`gateway_cache_bytes{cache="reads",kind="list items"}`). */
  usageByKind(): Map<string, { bytes: number; entries: number }> {
    return new Map(this.seen ? [['list items', { bytes: this.seen.calculatedSize, entries: this.seen.size }]] : []);
  }

  /** See RequestReads.remember; false when `answer` is not one kept for others (nothing was remembered, `items` not called). */
  remember(answer: object, itemsOf: () => readonly (readonly [string, unknown])[]): boolean {
    const kept = this.seen && this.kept.get(answer);
    const now = Date.now();
    if (!kept || kept.freshUntil <= now) return false;
    const items = itemsOf();
    if (items.length === 0) return true;
    const size = Math.max(1, Math.round(kept.size / items.length));
    const ttl = Number.isFinite(kept.freshUntil) ? { ttl: kept.freshUntil - now } : undefined;
    for (const [key, value] of items) this.seen!.set(key, { value, freshUntil: kept.freshUntil, size }, ttl);
    return true;
  }

  /** See RequestReads.recall. */
  recall(key: string, reads: RequestReads): unknown {
    const seen = this.seen?.get(key);
    if (!seen || seen.freshUntil <= Date.now()) return undefined;
    reads.reused++;
    reads.freshFor(seen.freshUntil);
    return seen.value;
  }

  /** The value of an entry, noted with its freshness for `remember`. */
  private handOut(entry: Entry): unknown {
    if (this.seen && entry.value !== null && typeof entry.value === 'object') {
      this.kept.set(entry.value, { freshUntil: entry.freshUntil, size: entry.size });
    }
    return entry.value;
  }

  forRequest(scope: CallScope, activity?: RequestActivity): RequestReads {
    return new RequestReads(this, scope, activity);
  }

  /**
   * Reads that never take a kept answer (a subscription's poll, which exists to see what changed):
   * they join a call in flight and keep what they fetch for everyone else, but each calls anew.
   * Polling through the cache delayed every change by its time-to-live.
   */
  forPoll(scope: CallScope): RequestReads {
    const reads = new RequestReads(this, scope);
    reads.fresh = true;
    return reads;
  }

  private absent(of: Freshness): Freshness {
    const absent = this.freshness.absent;
    return of.ttlMs <= absent.ttlMs ? { ...of, kind: absent.kind, staleMs: 0 } : absent;
  }

  /** Steps 2 to 4 of the module comment, for a read no earlier read of the request answered. */
  async shared<T>(key: string, operation: string, load: Load<T>, reads: RequestReads, params?: unknown, settled?: () => void): Promise<T> {
    try {
      return await this.reuseOrLoad(key, operation, load, reads, params, settled);
    } catch (error) {
      // Even when a resolver turns the failure into data (a 404 as null), the response it
      // builds must not outlive the request: failures are never kept, whole or in part.
      reads.freshFor(0);
      throw error;
    }
  }

  /**
   * A read made with a client's own key (see the module comment): it joins a call in flight for
   * the same read with the same credential, and is otherwise called; nothing is taken from or
   * given to the cache, and the response built on it is not kept.
   */
  async own<T>(key: string, operation: string, load: Load<T>, reads: RequestReads, params?: unknown): Promise<T> {
    reads.uncacheable = true;
    const freshness = this.freshness(operation, params);
    // How long the client's own cache may keep what it builds on it (src/yoga/use-cache-control.ts).
    reads.freshFor(freshness ? Date.now() + freshness.ttlMs : Date.now(), freshness?.staleMs);
    // As for any read: nothing shared with CACHE=off, nor for what is never shared.
    if (!this.store || !freshness || freshness.ttlMs <= 0) return (await load(reads.scope)).value;
    const flight = this.ownFlights.get(key);
    if (flight) {
      try {
        const value = await flight;
        this.events.onRead?.(freshness, 'joined', operation, reads.scope);
        reads.reused++;
        return value as T;
      } catch (error) {
        if (!(error instanceof RequestAbortedError || error instanceof BudgetExceededError)) throw error;
      }
    }
    this.events.onRead?.(freshness, 'miss', operation, reads.scope);
    const call = load(reads.scope).then((loaded) => loaded.value);
    this.ownFlights.set(key, call);
    const done = () => {
      if (this.ownFlights.get(key) === call) this.ownFlights.delete(key);
    };
    call.then(done, done);
    return call;
  }

  private async reuseOrLoad<T>(
    key: string,
    operation: string,
    load: Load<T>,
    reads: RequestReads,
    params?: unknown,
    settled?: () => void,
  ): Promise<T> {
    const freshness = this.freshness(operation, params);
    if (!freshness || freshness.ttlMs <= 0) {
      reads.uncacheable = true;
      reads.freshFor(Date.now());
      return (await load(reads.scope)).value;
    }
    const store = this.store;
    if (!store) {
      // Nothing kept here, but an HTTP cache in front may keep the answer as long (src/yoga/use-cache-control.ts).
      reads.freshFor(Date.now() + freshness.ttlMs, freshness.staleMs);
      return (await load(reads.scope)).value;
    }

    const now = Date.now();
    const cached = reads.fresh ? undefined : store.get(key);
    const hit = cached instanceof Promise ? await cached : cached;
    if (hit && hit.freshUntil > now) {
      settled?.();
      this.events.onRead?.(freshness, 'hit', operation, reads.scope);
      reads.reused++;
      reads.freshFor(hit.freshUntil, hit.staleUntil - hit.freshUntil);
      return this.handOut(hit) as T;
    }
    if (hit && hit.staleUntil > now) {
      settled?.();
      this.events.onRead?.(freshness, 'stale', operation, reads.scope);
      reads.reused++;
      // The answer is a little late: fine for this field, but not for a response kept whole.
      reads.freshFor(now);
      if (!this.flights.has(key)) this.fly(key, operation, freshness, load, {}).catch(() => undefined);
      return this.handOut(hit) as T;
    }

    const flight = this.flights.get(key);
    if (flight) {
      settled?.();
      try {
        const entry = await flight;
        this.events.onRead?.(freshness, 'joined', operation, reads.scope);
        reads.reused++;
        reads.freshFor(entry.freshUntil, entry.staleUntil - entry.freshUntil);
        return this.handOut(entry) as T;
      } catch (error) {
        // The call belonged to a request that left or ran out of budget: make our own.
        if (!(error instanceof RequestAbortedError || error instanceof BudgetExceededError)) throw error;
      }
    }
    const entry = await this.fly(key, operation, freshness, load, reads.scope, settled);
    reads.freshFor(entry.freshUntil, entry.staleUntil - entry.freshUntil);
    return this.handOut(entry) as T;
  }

  /**
   * One call for `key`, shared with whoever asks while it runs; its answer is kept if it succeeds,
   * an answer of none (null: a lookup by id that found nothing) for the `absent` time only.
   * `waiting` is called if another instance is making it (`callOnce`), and `load` is not called.
   */
  private fly<T>(
    key: string,
    operation: string,
    freshness: Freshness,
    load: Load<T>,
    scope: CallScope,
    waiting?: () => void,
  ): Promise<Entry> {
    this.events.onRead?.(freshness, 'miss', operation, scope);
    const call = () =>
      load(scope).then(({ value, bytes }): Entry => {
        const now = Date.now();
        const kept = value === null ? this.absent(freshness) : freshness;
        return {
          value,
          kind: kept.kind,
          size: bytes ?? JSON.stringify(value)?.length ?? 1,
          freshUntil: now + kept.ttlMs,
          staleUntil: now + kept.ttlMs + kept.staleMs,
        };
      });
    const store = this.store;
    const flight = store?.callOnce
      ? store.callOnce(key, call, scope.signal, waiting)
      : call().then((entry) => {
          store?.set(key, entry);
          return entry;
        });
    this.flights.set(key, flight);
    const done = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    flight.then(done, done);
    return flight;
  }
}

/** What limits how long an answer built from reads may be kept: see RequestReads. */
export interface KeptFor {
  freshUntil: number;
  staleMs: number;
}

/** The freshness of reads that read nothing yet: nothing limits it. */
export const UNLIMITED: Readonly<KeptFor> = { freshUntil: Number.POSITIVE_INFINITY, staleMs: Number.POSITIVE_INFINITY };

/** Narrows `freshness` by a read fresh until `until`, which may be served stale for `staleMs` past it. */
export function narrowFreshness(freshness: KeptFor, until: number, staleMs = 0): void {
  if (until < freshness.freshUntil) freshness.freshUntil = until;
  // What never goes stale (immutable) limits no one's staleness; NaN (Infinity - Infinity) is none.
  if (Number.isFinite(until) && !(staleMs >= freshness.staleMs)) freshness.staleMs = Math.max(0, staleMs || 0);
}

/** One GraphQL request's view of the reuse layer: the Transport its clients send through. */
export class RequestReads implements Transport {
  private memo?: Map<string, Promise<unknown>>;
  /** With CACHE=off: the items of this request's list answers, by the key a lookup by id uses. */
  private seen?: Map<string, unknown>;
  /** What `remember` was given of this request's own list answers, not yet in `seen`. */
  private unlisted?: (() => readonly (readonly [string, unknown])[])[];
  /** The earliest time a read of this request stops being fresh; Infinity while none limits it. */
  freshUntil = Number.POSITIVE_INFINITY;
  /**
   * The shortest time past its freshness that a read of this request may be served stale
   * (stale-while-revalidate); Infinity while only immutable reads (or none) were made.
   */
  staleMs = Number.POSITIVE_INFINITY;
  /** Set when the request read something that is never shared (admin): its response is not kept. */
  uncacheable = false;
  /** Reads answered from the shared cache or another request's call, for the request log. */
  reused = 0;
  /** Set for a subscription's poll (Reuse.forPoll): kept answers are not taken. */
  fresh = false;

  constructor(
    private readonly reuse: Reuse,
    readonly scope: CallScope,
    private readonly activity?: RequestActivity,
  ) {}

  get http(): HttpClient {
    return this.reuse.http;
  }

  /** A read of this request is fresh until `until`, and may be served stale for `staleMs` past it. */
  freshFor(until: number, staleMs = 0): void {
    narrowFreshness(this, until, staleMs);
  }

  read<T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T = bodyOf): Promise<T> {
    const http = this.reuse.http;
    return this.reuseOr(
      readKey(req),
      req.operation,
      (scope) => http.json(req, scope).then((res) => ({ value: map(res), bytes: res.bytes })),
      (req.body as { params?: unknown } | undefined)?.params,
      req.credential !== undefined,
    );
  }

  readVia<T>(key: string, operation: string, load: (scope: CallScope) => Promise<T>, settled?: () => void): Promise<T> {
    return this.reuseOr(key, operation, (scope) => load(scope).then((value) => ({ value })), undefined, false, settled);
  }

  /**
   * Lets lookups by id, of this request and of later ones, find the items a list answer of this
   * request held (each under the key its lookup uses), for as long as that answer stays fresh.
   * Of an answer not kept for others (CACHE=off, a read never shared, one made with a client's own
   * key), only this request's lookups find them. A caller whose reads are made with a client's own
   * key names that credential in `items`' keys, so its lookups never find what the operator's listed.
   *
   * `items` is called only when they are needed. Those of an answer kept for others are put in the
   * shared index at once. This request's own are listed on its first lookup by id, which most
   * requests never make. The nested benchmark query's 34 pages of L1 validators made 340 keys and
   * entries that nothing read, while their answers arrived: in a young process, its modules
   * in-process over the sandbox with `npm start`'s code flags, a profile of the answers' arrival
   * (runs 5 to 14, two processes) put 0.45 ms a query in `l1ValidatorPage` and the `remember` it
   * calls, about 13 µs a page; neither is among its rows now.
   */
  remember(answer: object, items: () => readonly (readonly [string, unknown])[]): void {
    if (this.reuse.store && this.reuse.remember(answer, items)) return;
    (this.unlisted ??= []).push(items);
  }

  /** An item a fresh list answer held, or undefined; a response built on it is kept no longer than that answer. */
  recall<T>(key: string): T | undefined {
    if (this.unlisted) this.listOwn(this.unlisted);
    const own = this.seen?.get(key);
    if (own !== undefined || !this.reuse.store) return own as T | undefined;
    return this.reuse.recall(key, this) as T | undefined;
  }

  /** Puts the items of this request's own list answers in its index, in the order they were remembered (a later answer's item wins). */
  private listOwn(unlisted: (() => readonly (readonly [string, unknown])[])[]): void {
    this.unlisted = undefined;
    const own = (this.seen ??= new Map());
    for (const items of unlisted) for (const [key, value] of items()) own.set(key, value);
  }

  write<T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T = bodyOf): Promise<T> {
    this.uncacheable = true;
    this.freshFor(Date.now());
    return this.track(this.reuse.http.json(req, this.scope).then(map));
  }

  private reuseOr<T>(key: string, operation: string, load: Load<T>, params?: unknown, own = false, settled?: () => void): Promise<T> {
    const memo = (this.memo ??= new Map());
    const known = memo.get(key);
    if (known) {
      settled?.();
      return known as Promise<T>;
    }
    const answer = this.track(
      own ? this.reuse.own(key, operation, load, this, params) : this.reuse.shared(key, operation, load, this, params, settled),
    );
    memo.set(key, answer);
    return answer;
  }

  private track<T>(call: Promise<T>): Promise<T> {
    return this.activity ? this.activity.track(call) : call;
  }
}
