/**
 * A circuit breaker that opens only when an upstream fails for many callers.
 *
 * An upstream that keeps failing is called less: once more than `failureRate` of the calls over
 * `windowMs` failed (with at least `minRequests` calls), calls fail fast until, `halfOpenMs`
 * later, one probe goes out and closes the circuit again if it succeeds. The circuit is shared by
 * every client of the gateway, so one client must not be able to open it for the others: the
 * failures must also come from at least `minClients` distinct callers. One request looking up ten
 * transactions that the upstream answers 503, however often retried, is one caller; its own calls
 * fail as the upstream answers them, and every other client's calls still go out.
 *
 * Why not cockatiel's breakers (what this replaces): they count outcomes, and their `IBreaker`
 * is told only whether a call failed, not who made it, so "failures from several callers" cannot
 * be expressed without handing the caller over out of band across awaits.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitOptions {
  /** The share of calls, from 0 to 1, that must fail over `windowMs` to open the circuit. */
  failureRate: number;
  windowMs: number;
  /** Calls the window must hold before its failure rate counts. */
  minRequests: number;
  /** Distinct callers whose calls failed over the window, for the circuit to open. */
  minClients: number;
  /** How long an open circuit fails fast before one probe may close it again. */
  halfOpenMs: number;
}

/** The window is this many buckets: old outcomes leave it a tenth of it at a time. */
const BUCKETS = 10;

interface Bucket {
  /** Which slice of time it counts (start / width). */
  slot: number;
  calls: number;
  failures: number;
  /** Callers whose calls failed; never more than `minClients` are kept. */
  failing: Set<string>;
}

export class Circuit {
  state: CircuitState = 'closed';
  /** When it last opened (ms since the epoch), for the retry hint of the calls it refuses. */
  openedAt = 0;
  private probing = false;
  private readonly buckets: Bucket[] = [];
  private readonly width: number;

  constructor(
    private readonly options: CircuitOptions,
    private readonly onState: (state: CircuitState) => void = () => undefined,
  ) {
    this.width = Math.max(1, options.windowMs / BUCKETS);
  }

  /**
   * Whether a call may go out now. While open, none may; once `halfOpenMs` has passed, one
   * probe may, and the others fail fast until its outcome is known.
   */
  admit(): boolean {
    if (this.state === 'closed') return true;
    if (this.state === 'open') {
      if (Date.now() - this.openedAt < this.options.halfOpenMs) return false;
      this.set('half-open');
    }
    if (this.probing) return false;
    this.probing = true;
    return true;
  }

  /** The upstream answered (any answer but a failure of its own: a 404 is an upstream at work). */
  succeeded(): void {
    if (this.state === 'half-open') {
      this.probing = false;
      this.buckets.length = 0;
      this.set('closed');
      return;
    }
    this.bucket().calls++;
  }

  /** The upstream failed a call made for `caller` (a request's client, or the gateway's own poll). */
  failed(caller: string): void {
    if (this.state === 'half-open') {
      this.probing = false;
      this.open();
      return;
    }
    const bucket = this.bucket();
    bucket.calls++;
    bucket.failures++;
    if (bucket.failing.size < this.options.minClients) bucket.failing.add(caller);
    if (this.state === 'closed' && this.tripped()) this.open();
  }

  /** A call admitted that ended telling nothing of the upstream (its request went away): the next may probe. */
  abandoned(): void {
    if (this.state === 'half-open') this.probing = false;
  }

  private tripped(): boolean {
    const since = Math.floor(Date.now() / this.width) - BUCKETS + 1;
    let calls = 0;
    let failures = 0;
    const failing = new Set<string>();
    for (const b of this.buckets) {
      if (b.slot < since) continue;
      calls += b.calls;
      failures += b.failures;
      for (const caller of b.failing) failing.add(caller);
    }
    const { minRequests, failureRate, minClients } = this.options;
    return calls >= minRequests && failures > failureRate * calls && failing.size >= minClients;
  }

  private bucket(): Bucket {
    const slot = Math.floor(Date.now() / this.width);
    const last = this.buckets.at(-1);
    if (last?.slot === slot) return last;
    const fresh: Bucket = { slot, calls: 0, failures: 0, failing: new Set() };
    this.buckets.push(fresh);
    if (this.buckets.length > BUCKETS) this.buckets.shift();
    return fresh;
  }

  private open(): void {
    this.openedAt = Date.now();
    this.set('open');
  }

  private set(state: CircuitState): void {
    if (this.state === state) return;
    this.state = state;
    this.onState(state);
  }
}
