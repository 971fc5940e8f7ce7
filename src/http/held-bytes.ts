/**
 * What the gateway holds for its clients' answers, per client and for the instance: the bytes of
 * answers written and not yet taken by the kernel (a WebSocket's queued messages, an HTTP answer
 * or an SSE stream's events still in the connection's buffer), and, while an answer is being
 * built, what its price says it will hold (`answerBytes`). A client that does not read keeps its
 * count up, however many sockets and requests it spreads it over.
 *
 * Past MAX_HELD_BYTES_PER_CLIENT for its client, or MAX_HELD_BYTES for the instance, no new
 * operation starts (`refusal`): a WebSocket operation is answered with a `QUERY_LIMIT_EXCEEDED`
 * error and an HTTP request with 429 or 503, until what is held is sent or dropped. What already
 * runs finishes, so the count may pass its bound by what was running when it was reached.
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../base/logger.js';
import { ErrorCode } from '../graphql/errors.js';
import { EarlyHeadersResponse } from '../base/early-headers.js';

/**
 * What an object of an answer holds on the heap while it is built, for the reservation an
 * operation makes before it runs: executor objects, promises and paths beside the JSON it
 * becomes. A page of 100 subnets with their chains' genesis (5,902 objects priced, 247 KB of
 * JSON) held 1 to 1.7 MB of heap per answer built at once with CACHE=off (about 170 to 290 bytes
 * an object); a kept whole response, far less.
 */
export const BYTES_PER_OBJECT = 256;
/** The least an operation reserves: an answer of a few objects still holds its envelope. */
const MIN_RESERVED_BYTES = 1024;

/**
 * The bytes an answer is reserved before it is built, from its price: the larger of its objects'
 * heap while built (BYTES_PER_OBJECT each) and its JSON's bytes (`bytes`, as demand control prices
 * them against MAX_RESULT_BYTES), which a few objects with large leaves (a genesis, a block's bytes,
 * contract code) pass by far, and which is what the answer holds once written and not yet read.
 */
export function answerBytes(price: { nodes: number; bytes?: number }): number {
  return Math.max(MIN_RESERVED_BYTES, Math.ceil(price.nodes) * BYTES_PER_OBJECT, Math.ceil(price.bytes ?? 0));
}

/** Which bound stops a client's new operation, and what to tell it. */
export interface HeldRefusal {
  /** `heldBytesPerClient` (MAX_HELD_BYTES_PER_CLIENT) or `heldBytes` (MAX_HELD_BYTES). */
  limit: 'heldBytesPerClient' | 'heldBytes';
  /** 429 for a client's own bound, 503 for the instance's. */
  status: 429 | 503;
  code: typeof ErrorCode.QUERY_LIMIT_EXCEEDED;
  message: string;
  /** What is held, for `extensions`. */
  held: number;
  allowed: number;
}

export class HeldBytes {
  /** Bytes held for every client. */
  total = 0;
  private readonly byClient = new Map<string, number>();
  /** What to do once a client that passed its bound is back under it (its paused sockets resume). */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    /** MAX_HELD_BYTES_PER_CLIENT */
    readonly perClient: number,
    /** MAX_HELD_BYTES */
    readonly perInstance: number,
  ) {}

  /** Bytes held for `client`. */
  of(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  hold(client: string, bytes: number): void {
    if (bytes <= 0) return;
    this.total += bytes;
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + bytes);
  }

  /** Gives back what `hold` counted; a client holding nothing is forgotten. */
  release(client: string, bytes: number): void {
    if (bytes <= 0) return;
    this.total = Math.max(0, this.total - bytes);
    const left = (this.byClient.get(client) ?? 0) - bytes;
    if (left > 0) this.byClient.set(client, left);
    else this.byClient.delete(client);
    if (left < this.perClient) {
      const waiting = this.waiting.get(client);
      if (waiting) {
        this.waiting.delete(client);
        for (const resume of waiting) resume();
      }
    }
  }

  /** Whether `client` holds its bound or more. */
  passed(client: string): boolean {
    return this.of(client) >= this.perClient;
  }

  /** Calls `then` once `client` holds less than its bound again. */
  whenUnder(client: string, then: () => void): void {
    const waiting = this.waiting.get(client);
    if (waiting) waiting.push(then);
    else this.waiting.set(client, [then]);
  }

  /** Why a new operation of `client` may not start now; undefined when it may. */
  refusal(client: string): HeldRefusal | undefined {
    const mine = this.of(client);
    if (mine >= this.perClient) {
      return {
        limit: 'heldBytesPerClient',
        status: 429,
        code: ErrorCode.QUERY_LIMIT_EXCEEDED,
        message: `This client (its address) has ${mine} bytes of answers unread or being built, past the ${this.perClient} the gateway holds for one client (MAX_HELD_BYTES_PER_CLIENT): read the answers already sent (on every socket and connection) before asking for more.`,
        held: mine,
        allowed: this.perClient,
      };
    }
    if (this.total >= this.perInstance) {
      return {
        limit: 'heldBytes',
        status: 503,
        code: ErrorCode.QUERY_LIMIT_EXCEEDED,
        message: `This instance holds ${this.total} bytes of answers its clients have not read yet, past the ${this.perInstance} it holds in all (MAX_HELD_BYTES): retry in a few seconds.`,
        held: this.total,
        allowed: this.perInstance,
      };
    }
    return undefined;
  }
}

type WriteCallback = (error?: Error | null) => void;

/** A chunk's bytes, as `write` and `end` take it. */
function chunkBytes(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return (chunk as { byteLength?: number } | null | undefined)?.byteLength ?? 0;
}

/**
 * The base of the server's responses (./server.ts's `GatewayResponse`): once `count` is
 * called, what a response writes counts toward its client's held bytes until the kernel takes
 * it (each write's callback; `end`'s is its `finish`), and what is left is given back when the
 * connection closes. Whoever writes (yoga, the fast path, compression, which writes what it
 * compressed) writes through here. A write that finds `cutOff` bytes still unsent from earlier
 * writes ends the connection: a stream whose client stopped reading (an answer is one write, so
 * only a stream writes again before it was read). Headers given before the answer's writer is
 * known are written with its own (../base/early-headers.ts).
 *
 * Methods of a class rather than `write` and `end` replaced on each response: no closures made
 * per request, and every response keeps the one shape node's own code sees. For the same reason
 * what is held is given back from the response's own `emit` of `finish` (the kernel took
 * everything) and `close`, not from two listeners added to each response.
 */
export class HeldResponse<Request extends IncomingMessage = IncomingMessage> extends EarlyHeadersResponse<Request> {
  private held: HeldBytes | undefined = undefined;
  private client = '';
  holding = 0;
  private cutOff = Number.POSITIVE_INFINITY;
  private logger: Logger | undefined = undefined;

  /** Counts this response's writes toward `client`'s held bytes from now on. */
  count(client: string, held: HeldBytes, cutOff: number, logger: Logger | undefined): void {
    this.client = client;
    this.held = held;
    this.cutOff = cutOff;
    this.logger = logger;
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'finish' || event === 'close') {
      if (this.holding > 0) this.release(this.holding);
      if (event === 'close') this.onResponseClosed();
    }
    return super.emit(event, ...args);
  }

  /** What a subclass does once the response is closed, before its `close` listeners run (./server.ts's `GatewayResponse`). */
  protected onResponseClosed(): void {}

  release(bytes: number): void {
    const given = Math.min(bytes, this.holding);
    if (given <= 0) return;
    this.holding -= given;
    this.held!.release(this.client, given);
  }

  private hold(chunk: unknown, encoding: unknown): number {
    const bytes = chunkBytes(chunk, encoding);
    this.holding += bytes;
    this.held!.hold(this.client, bytes);
    return bytes;
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (!this.held) return super.write(chunk, encoding as BufferEncoding, callback as WriteCallback);
    const done = (typeof encoding === 'function' ? encoding : callback) as WriteCallback | undefined;
    const as = (typeof encoding === 'function' ? undefined : encoding) as BufferEncoding;
    if (this.holding >= this.cutOff) {
      this.logger?.warn(`ended a response whose client left ${this.holding} bytes unread (WS_MAX_BUFFERED_BYTES)`);
      this.destroy();
      return false;
    }
    const bytes = this.hold(chunk, as);
    return super.write(chunk, as, (error?: Error | null) => {
      this.release(bytes);
      done?.(error);
    });
  }

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (!this.held || typeof chunk === 'function') return super.end(chunk as never, encoding as never, callback as never);
    const as = (typeof encoding === 'function' ? undefined : encoding) as BufferEncoding;
    this.hold(chunk, as);
    return super.end(chunk, as, (typeof encoding === 'function' ? encoding : callback) as WriteCallback);
  }
}
