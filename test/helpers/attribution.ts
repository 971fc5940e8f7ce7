/**
 * Which field's resolver made each upstream call: every resolver (and subscriber) of a schema is
 * wrapped so that it runs in an AsyncLocalStorage naming its field (`Type.field`), and what goes
 * through the gateway's HttpClient is recorded with it. Used by test/yoga/cost.test.ts (prices
 * against the calls made) and test/reuse/reaches.test.ts (each price's `reaches` against the
 * operations its field makes).
 *
 * The node's `eth_*` reads of one chain in a tick share one JSON-RPC batch, sent from whichever
 * field's read started it: each read is recorded by its own method and field too (`reads`), where
 * the HTTP call (`calls`) names only the batch.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { HttpClient } from '../../src/upstreams/http.js';
import { NodeClient } from '../../src/upstreams/node/client.js';

export interface Attributed {
  field: string | undefined;
  service: string;
  operation: string;
}

const running = new AsyncLocalStorage<string>();
const wrapped = new WeakSet<GraphQLSchema>();

/** HTTP calls, in the order they were made. */
export const calls: Attributed[] = [];
/** Operations by the field that made them: the HTTP calls but batches, and each read of a batch. */
export const reads: Attributed[] = [];

/** Forgets what was recorded (between cases). */
export function clearAttribution(): void {
  calls.length = 0;
  reads.length = 0;
}

/** Wraps every resolver (and subscriber) of `target`, once: before its first execution, as graphql-jit compiles the resolvers it finds then. */
export function attribute(target: GraphQLSchema): void {
  if (wrapped.has(target)) return;
  wrapped.add(target);
  for (const type of Object.values(target.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const name = `${type.name}.${field.name}`;
      for (const key of ['resolve', 'subscribe'] as const) {
        const inner = field[key] as GraphQLFieldResolver<unknown, unknown> | undefined;
        if (!inner) continue;
        field[key] = (source, args, context, info) => running.run(name, () => inner(source, args, context, info));
      }
    }
  }
}

const send = HttpClient.prototype.json;
const evm = NodeClient.prototype.evm;

/** Starts recording; the returned function restores the clients. */
export function recordCalls(): () => void {
  HttpClient.prototype.json = function (this: HttpClient, req, scope) {
    const call = { field: running.getStore(), service: req.service, operation: req.operation };
    calls.push(call);
    if (!Array.isArray(req.body)) reads.push(call);
    return send.call(this, req, scope) as never;
  };
  NodeClient.prototype.evm = function (this: NodeClient, network, blockchainId, method, params) {
    reads.push({ field: running.getStore(), service: 'node', operation: method });
    return evm.call(this, network, blockchainId, method, params as never) as never;
  };
  return () => {
    HttpClient.prototype.json = send;
    NodeClient.prototype.evm = evm;
  };
}

/** Operations each field made, of `list`. */
export function byField(list: readonly Attributed[]): Map<string | undefined, Attributed[]> {
  const out = new Map<string | undefined, Attributed[]>();
  for (const call of list) out.set(call.field, [...(out.get(call.field) ?? []), call]);
  return out;
}
