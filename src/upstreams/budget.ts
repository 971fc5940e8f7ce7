/**
 * A per-request allowance of upstream calls. One GraphQL document can fan out (every address of
 * every UTXO of 500 transactions...); past the allowance further calls fail with a clear error,
 * and whatever already resolved is still answered.
 */
import { UpstreamError, type UpstreamService } from './errors.js';

export class BudgetExceededError extends UpstreamError {
  override readonly name = 'BudgetExceededError';
  constructor(
    readonly limit: number,
    service: UpstreamService,
    operation: string,
  ) {
    super(`this request reached its budget of ${limit} upstream calls before ${service} ${operation}`, { service, operation });
  }
}

export class CallBudget {
  /** Upstream requests made, retries included. */
  used = 0;
  /** Of those, retries. */
  retries = 0;
  /** Calls refused because the budget was used up. */
  refused = 0;

  /**
   * `shared`: the budget of the whole this is part of (a batch's, for each of its operations),
   * which every part's calls count toward as well as their own.
   */
  constructor(
    readonly limit: number,
    private readonly shared?: CallBudget,
  ) {}

  /** Counts one upstream call, or throws when the request (or the whole it is part of) has none left. */
  take(service: UpstreamService, operation: string, retry = false): void {
    if (this.used >= this.limit) {
      this.refused++;
      throw new BudgetExceededError(this.limit, service, operation);
    }
    if (this.shared) {
      try {
        this.shared.take(service, operation, retry);
      } catch (error) {
        this.refused++;
        throw error;
      }
    }
    this.used++;
    if (retry) this.retries++;
  }
}
