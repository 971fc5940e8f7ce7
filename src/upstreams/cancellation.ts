/**
 * The one cancellation of a GraphQL request: it ends the request's upstream calls, and their
 * waits before a retry, when the client goes away.
 *
 * An EventEmitter, which undici takes as a signal, rather than an AbortController: an
 * AbortController per request (with its EventTarget) was the largest object a request left to
 * the old generation of the garbage collector, and the main reason a busy gateway's memory
 * climbed between full collections.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

export class Cancellation extends EventEmitter {
  aborted = false;
  reason: unknown;

  constructor() {
    super();
    // A request's calls run side by side, each listening: dozens are normal fan-out.
    this.setMaxListeners(0);
  }

  abort(reason: unknown = new Error('the client went away')): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /** Follows an AbortSignal (a request through yoga.fetch) with one listener on it, however many calls listen here. */
  static following(signal: AbortSignal): Cancellation {
    const cancellation = new Cancellation();
    if (signal.aborted) cancellation.abort(signal.reason);
    else signal.addEventListener('abort', () => cancellation.abort(signal.reason), { once: true });
    return cancellation;
  }

  /** Aborts when `res` closes before its answer was written: the client hung up. */
  static untilAnswered(res: ServerResponse): Cancellation {
    const cancellation = new Cancellation();
    res.once('close', () => {
      if (!res.writableFinished) cancellation.abort();
    });
    return cancellation;
  }
}

/** What a call can be cancelled by: the request's Cancellation, or an AbortSignal (tools, tests). */
export type CancelSignal = Cancellation | AbortSignal;

/** Calls `listener` once when `signal` aborts; returns how to stop listening. */
export function onCancel(signal: CancelSignal, listener: () => void): () => void {
  if (signal instanceof Cancellation) {
    signal.once('abort', listener);
    return () => signal.removeListener('abort', listener);
  }
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
