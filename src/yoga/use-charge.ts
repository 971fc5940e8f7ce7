/**
 * Charged up front: an operation about to run reserves what demand control priced it at
 * (./use-demand-control.ts keeps the price on the context) in its client's rate-limit buckets,
 * before its first upstream call, and demand control settles it to what it made once it is over
 * (src/guards/limiter.ts). A client in debt is refused here, RATE_LIMITED with retry-after as
 * the server's own 429, before anything is called. In a batch, the operation's price first
 * counts into the batch's (./use-batching.ts): a batch is priced as the one request it is.
 *
 * After the response cache in the plugins' order: an answer the cache holds calls nothing, so it
 * reserves nothing (its admission's point settles to a tenth). A subscription reserves nothing:
 * its subscribers are charged the polls they cause (src/live/hub.ts).
 */
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../graphql/context.js';
import { ErrorCode, refusedDocument } from '../graphql/errors.js';
import { priceIntoBatch } from './use-batching.js';
import { keptTerms } from './fast-path-terms.js';

export interface ChargeOptions {
  /** The call budget of a request (UPSTREAM_CALL_BUDGET), read per operation: a reload may change it. */
  maxCalls: number;
  /** The most objects a request's answer may be priced at (MAX_RESULT_NODES). */
  maxNodes: number;
  /** The most bytes a request's answer may be priced at (MAX_RESULT_BYTES): a batch's answers together. */
  maxBytes?: number;
  /** Whether a price past a limit is refused (else only reported): a batch's sum too. */
  enforce?: boolean;
}

export function useCharge(options: ChargeOptions): Plugin {
  return keptTerms(
    {
      onExecute({ args, setResultAndStopExecution }) {
        const context = args.contextValue as Partial<GatewayContext>;
        const cost = context.cost;
        if (!cost) return undefined;
        if (options.enforce !== false) {
          const refused = priceIntoBatch(context, cost, options);
          if (refused) {
            setResultAndStopExecution({ errors: [refused] });
            return undefined;
          }
        }
        const limits = context.limits;
        if (!limits) return undefined;
        // A request cannot make more than its budget, whatever it was priced at (DEMAND_CONTROL=measure lets such a price run).
        return limits.reserve(Math.min(cost.estimated.calls, cost.budget)).then((refusal) => {
          if (!refusal) return;
          const { message, retryAfter } = refusal;
          const error = refusedDocument(ErrorCode.RATE_LIMITED, message, 429, { retryAfter });
          (error.extensions.http as { headers?: Record<string, string> }).headers = { 'retry-after': String(retryAfter) };
          setResultAndStopExecution({ errors: [error] });
        });
      },
    },
    {
      // It stands after the response cache, whose onExecute ends a hit's execution before this one runs.
      because: 'an answer the response cache holds calls nothing, and reserves nothing',
    },
  );
}
