import { AsyncResource } from 'node:async_hooks';

/**
 * The upstream calls one GraphQL request has in flight. Lets a loader hold its batch until the
 * request's other calls have answered and their resolvers have asked for what they need, so that
 * keys found at different depths of one response still go out in one call.
 */
export class RequestActivity {
  private inflight = 0;
  private waiters: (() => void)[] = [];

  /** Counts `call` as in flight until it settles. */
  track<T>(call: Promise<T>): Promise<T> {
    this.inflight++;
    const done = () => {
      if (--this.inflight === 0) {
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
      }
    };
    call.then(done, done);
    return call;
  }

  /**
   * Runs `fn` once nothing is in flight and the work that followed the last answer has run, in the
   * async context of the caller: what it does (a batch's call) belongs to whoever asked for it, not
   * to the call that happened to settle last (AsyncLocalStorage readers: test/yoga/cost.test.ts
   * attributes each call to the field that made it).
   */
  whenIdle(fn: () => void): void {
    const run = AsyncResource.bind(fn);
    const check = () => {
      if (this.inflight > 0) this.waiters.push(() => setImmediate(check));
      else run();
    };
    setImmediate(check);
  }
}
