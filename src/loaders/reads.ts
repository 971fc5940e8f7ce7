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
 * key or any header. Failures are never kept. With CACHE=off, only step 1 remains.
 */
import { BudgetExceededError } from '../upstreams/budget.js';
import type { RequestActivity } from '../upstreams/activity.js';
import { RequestAbortedError } from '../upstreams/errors.js';
import type { CallScope, HttpClient, HttpRequest, HttpResponse } from '../upstreams/http.js';
import { bodyOf, readKey, type Transport } from '../upstreams/transport.js';
import type { Freshness, FreshnessTable } from './freshness.js';
import type { CacheStore, Entry } from './store.js';

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

/** What every request shares: the HTTP client, the store, the freshness table, the calls in flight. */
export class Reuse {
  private readonly flights = new Map<string, Promise<Entry>>();

  constructor(
    readonly http: HttpClient,
    readonly freshness: FreshnessTable,
    /** Undefined with CACHE=off: nothing is shared between requests. */
    readonly store: CacheStore | undefined,
    private readonly events: ReuseEvents = {},
  ) {}

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

  /** Steps 2 to 4 of the module comment, for a read no earlier read of the request answered. */
  async shared<T>(key: string, operation: string, load: Load<T>, reads: RequestReads, params?: unknown): Promise<T> {
    try {
      return await this.reuseOrLoad(key, operation, load, reads, params);
    } catch (error) {
      // Even when a resolver turns the failure into data (a 404 as null), the response it
      // builds must not outlive the request: failures are never kept, whole or in part.
      reads.freshFor(0);
      throw error;
    }
  }

  private async reuseOrLoad<T>(key: string, operation: string, load: Load<T>, reads: RequestReads, params?: unknown): Promise<T> {
    const freshness = this.freshness(operation, params);
    if (!freshness || freshness.ttlMs <= 0) {
      reads.uncacheable = true;
      return (await load(reads.scope)).value;
    }
    const store = this.store;
    if (!store) return (await load(reads.scope)).value;

    const now = Date.now();
    const cached = reads.fresh ? undefined : store.get(key);
    const hit = cached instanceof Promise ? await cached : cached;
    if (hit && hit.freshUntil > now) {
      this.events.onRead?.(freshness, 'hit', operation, reads.scope);
      reads.reused++;
      reads.freshFor(hit.freshUntil);
      return hit.value as T;
    }
    if (hit && hit.staleUntil > now) {
      this.events.onRead?.(freshness, 'stale', operation, reads.scope);
      reads.reused++;
      // The answer is a little late: fine for this field, but not for a response kept whole.
      reads.freshFor(now);
      if (!this.flights.has(key)) this.fly(key, operation, freshness, load, {}).catch(() => undefined);
      return hit.value as T;
    }

    const flight = this.flights.get(key);
    if (flight) {
      try {
        const entry = await flight;
        this.events.onRead?.(freshness, 'joined', operation, reads.scope);
        reads.reused++;
        reads.freshFor(entry.freshUntil);
        return entry.value as T;
      } catch (error) {
        // The call belonged to a request that left or ran out of budget: make our own.
        if (!(error instanceof RequestAbortedError || error instanceof BudgetExceededError)) throw error;
      }
    }
    const entry = await this.fly(key, operation, freshness, load, reads.scope);
    reads.freshFor(entry.freshUntil);
    return entry.value as T;
  }

  /** One call for `key`, shared with whoever asks while it runs; its answer is kept if it succeeds. */
  private fly<T>(key: string, operation: string, freshness: Freshness, load: Load<T>, scope: CallScope): Promise<Entry> {
    this.events.onRead?.(freshness, 'miss', operation, scope);
    const call = () =>
      load(scope).then(({ value, bytes }): Entry => {
        const now = Date.now();
        return {
          value,
          kind: freshness.kind,
          size: bytes ?? JSON.stringify(value)?.length ?? 1,
          freshUntil: now + freshness.ttlMs,
          staleUntil: now + freshness.ttlMs + freshness.staleMs,
        };
      });
    const store = this.store;
    const flight = store?.callOnce
      ? store.callOnce(key, call, scope.signal)
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

/** One GraphQL request's view of the reuse layer: the Transport its clients send through. */
export class RequestReads implements Transport {
  private memo?: Map<string, Promise<unknown>>;
  /** The earliest time a read of this request stops being fresh; Infinity while none limits it. */
  freshUntil = Number.POSITIVE_INFINITY;
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

  freshFor(until: number): void {
    if (until < this.freshUntil) this.freshUntil = until;
  }

  read<T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T = bodyOf): Promise<T> {
    const http = this.reuse.http;
    return this.reuseOr(
      readKey(req),
      req.operation,
      (scope) => http.json(req, scope).then((res) => ({ value: map(res), bytes: res.bytes })),
      (req.body as { params?: unknown } | undefined)?.params,
    );
  }

  readVia<T>(key: string, operation: string, load: (scope: CallScope) => Promise<T>): Promise<T> {
    return this.reuseOr(key, operation, (scope) => load(scope).then((value) => ({ value })));
  }

  write<T>(req: HttpRequest, map: (res: HttpResponse<unknown>) => T = bodyOf): Promise<T> {
    this.uncacheable = true;
    return this.track(this.reuse.http.json(req, this.scope).then(map));
  }

  private reuseOr<T>(key: string, operation: string, load: Load<T>, params?: unknown): Promise<T> {
    const memo = (this.memo ??= new Map());
    const known = memo.get(key);
    if (known) return known as Promise<T>;
    const answer = this.track(this.reuse.shared(key, operation, load, this, params));
    memo.set(key, answer);
    return answer;
  }

  private track<T>(call: Promise<T>): Promise<T> {
    return this.activity ? this.activity.track(call) : call;
  }
}
