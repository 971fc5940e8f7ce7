/**
 * A lean request (./lean-post.ts) whose answer the response cache holds is answered at the door:
 * without yoga's pipeline, from the kept answer, with what each plugin's hooks would have done
 * for it done in their place.
 *
 * Why: through the pipeline a response-cache hit ran every plugin's `onParams`, the gateway's
 * context factory (the request's reads, budget, three upstream clients and their loaders, all
 * unused by a kept answer), envelop's hooks around execution and yoga's around the result, to
 * hand back an answer looked up in one step. Measured through `npm start` on the one-call query
 * with the cache on (10 connections, 5 s windows, interleaved, CPU from /proc): 68–71 µs of CPU a
 * request through the pipeline, 47–49 at the door (14–15k against 20–21k requests a second); with
 * the request log at warn, 51–56 against 40–41, and 26–29 for a throwaway that wrote the kept
 * answer and did nothing else. A kept answer had cost more than forwarding the call.
 *
 * Why not a door for the queries it must run too: a throwaway build ran a lean request's
 * query (graphql-jit, compiled once per text) with the gateway's context at this place, skipping
 * yoga's pipeline and every plugin's work (no metrics, pricing or request log). On the one-call
 * query with the cache off, under the same load, in two rounds of interleaved windows against
 * the raw proxy (CPU of /proc), it cost 97 µs of CPU a request against the shipped gateway's 110
 * to 118 and the raw proxy's 49 to 55: 0.57 to 0.63 of the raw proxy's rate against 0.51. So
 * the pipeline and all the plugins' work together cost about 13 to 21 µs a request. The rest is
 * the context, the execution and the upstream client, which a door does not skip.
 *
 * Which requests: the lean ones (a JSON POST, one operation, no Origin, not conditional) whose
 * query is prepared (./use-prepared-operations.ts: parsed, validated under the current settings,
 * answered whole) and whose kept answer this process holds fresh (in its memory, or the memory
 * tier in front of Redis; a Redis-only hit goes through the pipeline, as before), sent without
 * the client's own Data API key or an `Authorization` header (their answers are the client's own,
 * src/yoga/use-cache-control.ts). Everything else goes through the pipeline exactly as before.
 *
 * **The contract with plugins**, as for the other ways past the pipeline (./fast-path-terms.ts):
 * every plugin of ours with one of the hooks the door skips states with `keptTerms` why skipping
 * them cannot change the answer, or what `onKept` does in their place (count it, log it, price
 * it, refuse it by sending it through the pipeline). A plugin that states nothing stops the
 * gateway at start. yoga's own hooks of those phases cannot change a kept answer: its parse and
 * validation caches (the query is prepared), its check of the params (./lean-post.ts took only
 * well-formed ones), its masking of errors (a kept answer has none), and its run of the context
 * factory, whose context nothing reads here: what it makes is the request's own, and goes with it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import type { ClientIdentity } from '../guards/identity.js';
import type { ClientLimits } from '../graphql/context.js';
import { hooksNeedingTerms, keptTermsOf, type KeptAnswer, type KeptRequest, type KeptTerms } from './fast-path-terms.js';

/** The hooks of yoga's pipeline: the door runs none of them. */
const PIPELINE_HOOKS = ['onParams', 'onParse', 'onValidate', 'onContextBuilding', 'onExecute', 'onSubscribe', 'onExecutionResult'] as const;

export interface DoorOptions {
  /** Headers that make an answer the client's own (its Data API key, `authorization`): such a request goes through the pipeline. */
  personalHeaders: readonly string[];
  /** Who a request comes from, as the context says it. */
  identity: ClientIdentity;
  /** The client's rate-limit buckets, as the context has them; none without RATE_LIMIT. */
  limitsOf?: (req: IncomingMessage) => ClientLimits | undefined;
}

/** The params of a lean request. */
export interface DoorParams {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** The answer to a lean request from the response cache, its plugins' work done; undefined for the pipeline. */
export type Door = (params: DoorParams, req: IncomingMessage, res: ServerResponse) => KeptAnswer | undefined;

/**
 * The door of a yoga whose plugins are `installed`, or undefined when it stays shut (no response
 * cache, a plugin that must see every request). Throws for a plugin with a skipped hook and no terms.
 */
export function keptDoor(installed: readonly (Plugin | undefined)[], options: DoorOptions): Door | undefined {
  const inPlace: NonNullable<KeptTerms['onKept']>[] = [];
  let serves: KeptTerms['serves'];
  let prepares: KeptTerms['prepares'];
  let shut = false;
  for (const plugin of installed) {
    if (!plugin) continue;
    const hooks = hooksNeedingTerms(plugin, PIPELINE_HOOKS);
    const terms = keptTermsOf(plugin);
    if (hooks.length === 0 && !terms) continue;
    if (!terms) {
      throw new Error(
        `A yoga plugin with ${hooks.join(', ')} has no kept terms: say with keptTerms() (src/yoga/fast-path-terms.ts) why skipping them for an answer the response cache holds cannot change it, or what to do in their place, or a request answered at the door would skip them.`,
      );
    }
    if (terms.shut) shut = true;
    if (terms.onKept) inPlace.push(terms.onKept);
    serves ??= terms.serves;
    prepares ??= terms.prepares;
  }
  if (shut || !serves || !prepares) return undefined;
  const found = serves;
  const prepared = prepares;
  const { personalHeaders, identity, limitsOf } = options;
  return (params, req, res) => {
    const headers = req.headers;
    for (const name of personalHeaders) if (headers[name] !== undefined) return undefined;
    const query = prepared(params.query, params.operationName);
    if (!query) return undefined;
    const hit = found(query, params.variables);
    if (!hit) return undefined;
    let client: string | undefined;
    const kept: KeptRequest = {
      ...query,
      req,
      res,
      variables: params.variables,
      started: performance.now(),
      client: () => (client ??= identity.address(req.socket.remoteAddress, headers['x-forwarded-for'] as string | undefined)),
      limits: limitsOf?.(req),
      cost: undefined,
      freshUntil: hit.freshUntil,
      staleMs: hit.staleMs,
    };
    const after: ((answer: KeptAnswer) => void)[] = [];
    for (const onKept of inPlace) {
      const then = onKept(kept);
      if (then === false) return undefined;
      if (then) after.push(then);
    }
    for (const then of after) then(hit.answer);
    return hit.answer;
  };
}
