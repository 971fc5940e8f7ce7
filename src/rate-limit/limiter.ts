/**
 * Per-client rate limits (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST), asked by src/server.ts as a
 * request arrives, before its body is read: a client over its limit costs a 429 and nothing else.
 * Buckets live in Redis when the gateway has REDIS_URL, so instances share a client's budget;
 * while Redis is away each instance limits from its own memory, never letting requests through
 * unlimited and never failing them.
 */
import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../errors.js';
import { corsHeaders, type CorsConfig } from '../plugins/use-cross-site.js';
import type { RedisConnection } from '../redis.js';
import { MemoryBuckets, RedisBuckets, type BucketSettings } from './buckets.js';
import type { ClientIdentity } from './identity.js';

/** An answer given instead of the request's (src/server.ts writes it). */
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

export class RateLimiter {
  private readonly memory: MemoryBuckets;
  private readonly shared?: RedisBuckets;

  constructor(
    private readonly settings: BucketSettings,
    private readonly options: RateLimiterOptions,
  ) {
    this.memory = new MemoryBuckets(settings);
    if (options.redis) this.shared = new RedisBuckets(options.redis, settings);
  }

  /** Undefined when the request may go ahead (its tokens are drawn), else the 429 to answer. */
  async admit(req: IncomingMessage): Promise<Refusal | undefined> {
    // A preflight does no work (yoga answers it from its headers) and carries no API key.
    if (req.method === 'OPTIONS') return undefined;
    const names = this.options.identity.buckets(req.headers, req.socket.remoteAddress);
    const wait = (this.shared && (await this.shared.take(names))) ?? this.memory.take(names);
    if (wait === 0) return undefined;
    this.options.onRefused?.();
    const retryAfter = Math.max(1, Math.ceil(wait / 1000));
    const { perSecond, burst } = this.settings;
    return {
      status: 429,
      code: ErrorCode.RATE_LIMITED,
      message: `Too many requests: a client may make ${burst} at once and ${perSecond} a second after that (by API key when it sends one, and by address). Retry after ${retryAfter} s.`,
      extensions: { retryAfter },
      headers: { 'retry-after': String(retryAfter), ...corsHeaders(this.options.cors, req.headers.origin) },
    };
  }
}
