/**
 * Per-client rate limits (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST) in points: an upstream call a
 * request makes is a point, and the request itself a tenth of one, so a client asking what the
 * cache holds spends almost nothing and one fanning out over 200 calls spends 200. Like Shopify's
 * throttle by query cost, and GitHub's points.
 *
 * Charged up front. As a request arrives, before its body is read, src/http/server.ts asks
 * `admit`, which needs one point (what a request costs is not known yet): a client without it
 * gets a 429 and nothing else; one let in draws a call and its tenth, so a request of one call needs
 * nothing more. Once demand control has priced it, the request reserves the rest of what it was
 * priced at (`reserve`, from src/yoga/use-charge.ts), drawn only while none of its client's
 * buckets is in debt: of requests running at once, every one but the first finds the debt the
 * first left, so together they never spend more than the bucket held and one request's price.
 * When the request is over, `draw` settles it to what it made (src/yoga/use-demand-control.ts):
 * what it did not use is given back, what it made past its price drawn. A client in debt waits
 * until it is paid back, as retry-after says. A subscription's polls are drawn from its
 * subscribers' buckets as they are made (src/live/hub.ts), and one whose client is in debt ends.
 * Buckets live in Redis when the gateway has REDIS_URL, so instances share a client's budget;
 * while Redis is away each instance limits from its own memory, never letting requests through
 * unlimited and never failing them.
 */
import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../graphql/errors.js';
import { corsHeaders, type CorsConfig } from './cross-site.js';
import type { RedisConnection } from '../base/redis.js';
import { MemoryBuckets, RedisBuckets, type BucketSettings, type Standing, type Wait } from './buckets.js';
import type { ClientIdentity } from './identity.js';

/** An answer given instead of the request's (src/http/server.ts writes it). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  extensions: Record<string, unknown>;
  headers: Record<string, string>;
}

export interface RateLimiterOptions {
  identity: ClientIdentity;
  redis?: RedisConnection;
  /** So a page CORS allows can read the 429 and its retry-after. */
  cors?: CorsConfig;
  /** A request was refused (the gateway logs a count now and then, never who). */
  onRefused?: () => void;
}

/** What a request costs besides its upstream calls: ten requests the cache answers cost one call. */
export const REQUEST_POINTS = 0.1;
/** What a client's buckets must hold for a request to be let in, before what it costs is known: a point. */
export const RESERVED = 1;
/**
 * Drawn as it is let in: a call and the request's own tenth, what a request of one call costs
 * whole. Were it only the point, every request of one call would still have its tenth to reserve
 * once priced, and that is drawn only while the client owes nothing: of a client's requests let in
 * at once, the first would leave the bucket a tenth in debt and the others, which the bucket held
 * points for, would be refused (on a Redis Cluster, 1 of a burst of 10 served, measured).
 */
export const ADMITTED = RESERVED + REQUEST_POINTS;

export class RateLimiter {
  private readonly memory: MemoryBuckets;
  private readonly shared?: RedisBuckets;

  private readonly settings: BucketSettings;

  constructor(
    settings: BucketSettings,
    private readonly options: RateLimiterOptions,
  ) {
    // A copy of its own: `update` changes it in place.
    this.settings = { ...settings };
    this.memory = new MemoryBuckets(this.settings);
    if (options.redis) this.shared = new RedisBuckets(options.redis, this.settings);
  }

  /** The buckets a request draws from: its address's, and its API key's when it sends one. */
  bucketsOf(req: IncomingMessage): string[] {
    return this.options.identity.buckets(req.headers, req.socket.remoteAddress);
  }

  /** Undefined when the request may go ahead (a point is reserved for it), else the 429 to answer. */
  async admit(req: IncomingMessage): Promise<Refusal | undefined> {
    // A preflight does no work (yoga answers it from its headers) and carries no API key.
    if (req.method === 'OPTIONS') return undefined;
    const names = this.bucketsOf(req);
    const wait =
      (this.shared && (await this.shared.take(names, ADMITTED, RESERVED))) ?? this.memory.take(names, Date.now(), ADMITTED, RESERVED);
    if (wait === 0) return undefined;
    this.options.onRefused?.();
    const { message, retryAfter } = this.refusal(wait);
    return {
      status: 429,
      code: ErrorCode.RATE_LIMITED,
      message,
      extensions: { retryAfter },
      headers: { 'retry-after': String(retryAfter), ...corsHeaders(this.options.cors, req.headers.origin) },
    };
  }

  /**
   * What a refused client is told: the limits, `why` this request (when more than the limits
   * say), and how long to wait: `wait` milliseconds, and `after` points more to be drawn again.
   */
  refusal(wait: Wait, why = '', after = 0): { message: string; retryAfter: number } {
    const { perSecond, burst } = this.settings;
    const retryAfter = Math.max(1, Math.ceil((wait + (after / perSecond) * 1000) / 1000));
    return {
      message: `Too many requests: a client may spend ${burst} points at once and ${perSecond} a second after that, a point per upstream call its requests make and a tenth per request (by API key when it sends one, and by address).${why ? ` ${why}` : ''} Retry after ${retryAfter} s.`,
      retryAfter,
    };
  }

  /**
   * Reserves `points` more for a request that holds its admission's point: drawn while no bucket
   * of `names` is in debt (into debt when the bucket holds less), else nothing drawn and the
   * wait until none is. A refused request is counted as the server's refusals are.
   */
  async reserve(names: readonly string[], points: number): Promise<Wait> {
    const wait = (this.shared && (await this.shared.take(names, points, 0))) ?? this.memory.take(names, Date.now(), points, 0);
    if (wait > 0) this.options.onRefused?.();
    return wait;
  }

  /**
   * Draws `points` (gives them back when negative) whatever the buckets hold: a request settled to
   * what it made, a subscription's share of a poll. Resolves with how long until no bucket of
   * `names` is in debt.
   */
  async draw(names: readonly string[], points: number): Promise<Wait> {
    if (points === 0) return 0;
    return (this.shared && (await this.shared.settle(names, points))) ?? this.memory.settle(names, points);
  }

  /** What a client's buckets hold now (the least of them), for `rateLimit` in the graph. */
  async standing(names: readonly string[]): Promise<Standing> {
    return (this.shared && (await this.shared.standing(names))) ?? this.memory.standing(names);
  }

  get limits(): BucketSettings {
    return this.settings;
  }

  /**
   * New figures, from a reload: the buckets are the same (what clients spent stays spent), only
   * their size and rate change. In place, since the memory and Redis buckets read these settings
   * on each draw.
   */
  update(settings: BucketSettings): void {
    this.settings.perSecond = settings.perSecond;
    this.settings.burst = settings.burst;
  }
}
