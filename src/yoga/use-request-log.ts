/**
 * One log line per GraphQL request, at info: the operation, how long it took, what it cost
 * upstream (calls, retries, reads reused) and its errors counted by code, with the client's
 * address. Never an API key, a token, a document or a variable's value. Upstream failures are
 * counted here rather than logged one by one: a fan-out over a failing upstream is one line, not
 * hundreds (src/gateway/gateway.ts logs repeated upstream failures at warn, rate-limited).
 *
 * Each line carries the request's id (`request_id`, the `x-request-id` answered; src/ops/request-id.ts)
 * and, when tracing is on, the ids of its operation span (`trace_id`, `span_id`), so a line leads
 * to its trace and back.
 *
 * Sampling (LOG_SAMPLE_RATE): a share of the requests that went well is logged; a request with
 * errors, or refused, always is, since those are the lines an operator looks for.
 */
import type { IncomingMessage } from 'node:http';
import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../graphql/context.js';
import { codeOf } from '../graphql/errors.js';
import { writeInfo, type Logger } from '../base/logger.js';
import type { ClientIdentity } from '../guards/identity.js';
import { requestIdOf } from '../ops/request-id.js';
import { keptTerms, preparedTerms } from './fast-path-terms.js';

export interface RequestLogOptions {
  logger: Logger;
  identity: ClientIdentity;
  /** The share, from 0 to 1, of requests without errors that are logged; 1 when absent. Read per request: a reload may change it. */
  sampleRate?: number;
  /** The ids of a request's trace and operation span, when tracing is on (src/ops/tracing.ts). */
  traceIds?: (context: object) => { trace_id: string; span_id: string } | undefined;
}

/** Errors by code, e.g. `{ UPSTREAM_UNAVAILABLE: 30 }`. */
function byCode(errors: readonly unknown[] | undefined): Record<string, number> | undefined {
  if (!errors?.length) return undefined;
  const counts: Record<string, number> = {};
  for (const error of errors) {
    const code = codeOf(error);
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

export function useRequestLog(options: RequestLogOptions): Plugin {
  const { logger, identity, traceIds } = options;
  const client = (context: unknown): string => {
    const req = (context as { req?: IncomingMessage }).req;
    return req ? identity.address(req.socket.remoteAddress, req.headers['x-forwarded-for']) : 'in-process';
  };
  /** The fields that tie a line to its request and trace; absent ones are left out of the line. */
  const ids = (context: object) => ({ request_id: requestIdOf((context as { req?: IncomingMessage }).req), ...traceIds?.(context) });
  /** The gateway's logger writes the line itself (writeInfo); another one, a test's, through pino. */
  const line = (fields: object) => {
    if (!writeInfo(logger, fields, 'graphql request')) logger.info(fields, 'graphql request');
  };
  const plugin: Plugin = {
    onValidate: ({ context }) => {
      if (!logger.isLevelEnabled('info')) return undefined;
      return ({ result }) => {
        // A document refused before it ran is a request too.
        if (result.length > 0) line({ client: client(context), outcome: 'refused', errors: byCode(result), ...ids(context) });
      };
    },
    onExecute: ({ args }) => {
      if (!logger.isLevelEnabled('info')) return undefined;
      const started = performance.now();
      return {
        onExecuteDone: ({ result }) => {
          const context = args.contextValue as Partial<GatewayContext>;
          const single = result as ExecutionResult;
          const sampleRate = options.sampleRate ?? 1;
          if (sampleRate < 1 && !single.errors?.length && Math.random() >= sampleRate) return;
          const operation = getOperationAST(args.document, args.operationName);
          const budget = context.reads?.scope.budget;
          line({
            operation: operation?.name?.value ?? null,
            type: operation?.operation,
            ms: Math.round((performance.now() - started) * 10) / 10,
            outcome: Symbol.asyncIterator in result ? 'stream' : single.errors?.length ? (single.data ? 'partial' : 'failed') : 'ok',
            upstream: budget
              ? { calls: budget.used, retries: budget.retries, reused: context.reads!.reused, refused: budget.refused }
              : undefined,
            errors: Symbol.asyncIterator in result ? undefined : byCode(single.errors),
            client: client(args.contextValue),
            ...ids(args.contextValue as object),
          });
        },
      };
    },
  };
  keptTerms(plugin, {
    because: 'its onExecute writes the line of a request that ran: written here alike, for an answer that made no call',
    onKept: (kept) => {
      if (!logger.isLevelEnabled('info')) return undefined;
      return () => {
        const sampleRate = options.sampleRate ?? 1;
        if (sampleRate < 1 && Math.random() >= sampleRate) return;
        line({
          operation: kept.operation.name?.value ?? null,
          type: kept.operation.operation,
          ms: Math.round((performance.now() - kept.started) * 10) / 10,
          outcome: 'ok',
          // As a request's own budget and reads say it of an answer the response cache held.
          upstream: { calls: 0, retries: 0, reused: 0, refused: 0 },
          errors: undefined,
          client: client(kept),
          ...ids(kept),
        });
      };
    },
  });
  return preparedTerms(plugin, { because: 'its onValidate logs a document refused before it ran, and a prepared one passed' });
}
