/**
 * Whole answers of queries, kept for as long as every upstream answer they were built from stays
 * fresh, and served again to whoever sends the same operation with the same variables.
 *
 * - Kept: a query's answer without errors, when every read it made may be shared; an answer in
 *   parts (`@defer`, `@stream`) merged whole once its last part is out, and served whole after.
 *   Never kept: mutations, subscriptions, introspection, answers that read something never
 *   shared (admin reads) or were built on a stale answer, parts a client left before the last.
 * - Looked up when the operation is about to execute, after parse, validation and the query
 *   limits, on every path alike (yoga's, src/yoga/lean-post.ts, WebSocket): a request is answered
 *   from the cache only if it would have run, and only with an answer of the same schema
 *   (`scope`: the graph and the federation subgraph keep theirs apart).
 * - Stored in the same kind of store as upstream answers: memory bounded in bytes, and with
 *   REDIS_URL the Redis every instance shares. One answer for every request under the operator's
 *   credential: the data does not depend on who asks. A request that sends its own Data API key
 *   is neither answered from the cache nor kept in it: its reads are made with that key and are
 *   never shared with another credential (src/reuse/reads.ts says why), and a kept answer is the
 *   operator's.
 * - Nothing under a field with an auth scope (the node's admin queries) is kept: the request's
 *   reads are marked as never shared once the scope is granted (src/graph/builder.ts), so the
 *   answer of a request bearing ADMIN_TOKEN is never served to one without it; one refused the
 *   scope has errors, and answers with errors are never kept.
 * - Conditional requests: a kept answer carries a weak ETag made from its content. A request
 *   whose `If-None-Match` holds the ETag of the answer it gets now is answered 304 without a
 *   body; any other, or a mutation, is answered in full. An ETag thus tells a client only that
 *   what it holds is still the answer, never whether someone else asked (no Last-Modified).
 *
 * Why not yoga's response cache (@graphql-yoga/plugin-response-cache): it hashes the request's
 * parameters in `onParams`, before yoga checks them (a `query` that is not a string was a 500),
 * answers from the cache before the document is validated (the subgraph's `_service` answer was
 * served on /graphql, with introspection off), answers 304 to any ETag it holds whatever the
 * query (a mutation then did not run), keeps mutations when mutation invalidation is off, needs
 * `onParams`, which GraphQL over WebSocket does not run (every query there failed), and rewrites
 * each document to add `__typename` and ids for an entity invalidation we do not use.
 */
import { createHash, type Hash } from 'node:crypto';
import { getDocumentString } from '@envelop/core';
import {
  getOperationAST,
  Kind,
  print,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../graphql/context.js';
import type { PackedForms } from '../base/compression.js';
import type { CacheStore } from '../reuse/store.js';
import { narrowFreshness, UNLIMITED } from '../reuse/reads.js';
import { keptTerms, leanTerms } from './fast-path-terms.js';
import { mergePart } from './use-incremental-delivery.js';

/**
 * On a result that went through the response cache: true when it was served from it, false when
 * it was looked up and not found (src/yoga/use-prometheus.ts counts both).
 */
export const RESPONSE_CACHE_HIT = Symbol.for('servedFromResponseCache');

export interface ResponseCacheOptions {
  store: CacheStore;
  /** For an answer that read nothing with a time-to-live of its own. */
  maxTtlMs: number;
  /** What the answers belong to (the graph, the subgraph): part of every key. */
  scope: string;
}

/**
 * Heap a kept answer holds per character of its JSON: its data as the executor built it (objects
 * grown a property at a time hold about 2.5 times their JSON), the JSON and compressed forms
 * src/yoga/lean-post.ts keeps beside it once it is served, the ETag. Measured 4.7 with mixed traffic
 * (bench/mixed-soak.ts); the memory bound counts this, not the bytes sent.
 */
const KEPT_BYTES_PER_CHAR = 4.5;

/** What is kept of an answer: its data, the ETag of its content, and how long its reads may be served stale (when they may). */
interface Kept {
  data: Record<string, unknown>;
  etag: string;
  staleMs?: number;
}

/** A kept answer as src/yoga/lean-post.ts writes it: one whole answer made of its JSON, and that answer's compressed forms. */
export interface WrittenForms {
  /**
   * `{"data":…}` with `suffix` (the answer's extensions) before its last brace, and its
   * compressed forms once made. Kept for the last suffix asked, in place of the JSON alone: every
   * hit of the same price has the same suffix, so each hit sends the same string instead of
   * building one, and the answer's text is held once.
   */
  withSuffix(suffix: string): SuffixedForm;
}

/** One way a kept answer is written: its whole text, and its compressed forms as they are made. */
export interface SuffixedForm {
  suffix: string;
  text: string;
  forms: PackedForms;
}

function writtenOf(json: string): WrittenForms {
  let last: SuffixedForm = { suffix: '', text: json, forms: new Map() };
  return {
    withSuffix(suffix) {
      if (last.suffix !== suffix) {
        const bare = last.text.slice(0, last.text.length - last.suffix.length - 1);
        last = { suffix, text: `${bare}${suffix}}`, forms: new Map() };
      }
      return last;
    },
  };
}

/**
 * The written forms of each answer this process keeps, by its data object (every memory hit hands
 * back the same one). The JSON is made once, when the answer is kept (its ETag is a hash of it),
 * and each compressed form once, when a client first accepts it: a large answer is neither
 * serialized nor compressed again on every hit. They go when the cache lets the data go.
 */
const written = new WeakMap<object, WrittenForms>();

/** How to write `data` if this process kept it as an answer; undefined otherwise (a Redis hit is a new object). */
export function writtenForms(data: object): WrittenForms | undefined {
  return written.get(data);
}

type Marked = ExecutionResult & { [RESPONSE_CACHE_HIT]?: boolean; extensions?: { http?: { headers?: Record<string, string> } } };

const texts = new WeakMap<DocumentNode, string>();

/** The document's text as the client sent it (yoga's parse cache knows it), else printed once. */
function textOf(document: DocumentNode): string {
  let text = texts.get(document);
  if (text === undefined) {
    text = getDocumentString(document, print);
    texts.set(document, text);
  }
  return text;
}

/** Whether the operation asks for introspection at its root (`__schema`, `__type`): never kept. */
function asksIntrospection(
  selections: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): boolean {
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === '__schema' || selection.name.value === '__type') return true;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (asksIntrospection(selection.selectionSet, fragments, seen)) return true;
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment && asksIntrospection(fragment.selectionSet, fragments, seen)) return true;
    }
  }
  return false;
}

const cacheable = new WeakMap<OperationDefinitionNode, boolean>();

/** Whether answers of this operation may be kept at all: a query without introspection at its root. */
function mayKeep(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  let verdict = cacheable.get(operation);
  if (verdict === undefined) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    verdict = operation.operation === 'query' && !asksIntrospection(operation.selectionSet, fragments);
    cacheable.set(operation, verdict);
  }
  return verdict;
}

/**
 * Follows an answer in parts and keeps it whole once its last part is out. The whole is a copy of
 * every part: the parts are the client's, and a client that accepts only JSON has them merged
 * into one answer too (./use-incremental-delivery.ts); merging the same objects twice made a
 * field null in both parts missing from that answer, and its lists twice as long (issue 29's fuzzer).
 */
function partsKept(keep: (whole: ExecutionResult) => unknown) {
  let whole: ExecutionResult | undefined;
  let complete = false;
  return {
    onNext({ result: part }: { result: ExecutionResult & { hasNext?: boolean } }) {
      if (whole) mergePart(whole, structuredClone(part));
      else {
        const { hasNext: _, ...initial } = part;
        whole = structuredClone(initial);
      }
      complete = part.hasNext === false;
    },
    onEnd() {
      if (whole && complete) keep(whole);
    },
  };
}

/** The ETag of an answer's content: weak, since the bytes sent differ by compression. */
function etagOf(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks for it). */
function matches(condition: string, etag: string): boolean {
  if (condition.trim() === '*') return true;
  const opaque = etag.slice(2);
  return condition.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === opaque || t === `W/${opaque}`;
  });
}

/** The ETag a result carries for the HTTP layer, if it is a kept answer. */
function etagHeader(result: unknown): string | undefined {
  return (result as Marked | undefined)?.extensions?.http?.headers?.ETag;
}

/**
 * The hash of a document's part of every key (the scope, its text, the operation's name), by
 * document and name: each request hashes only its variables on top of a copy of it, and a request
 * without variables hashes nothing. A response-cache hit costs less than the call it saves only if
 * the lookup is cheap, and the document was most of what was hashed.
 */
const prefixes = new WeakMap<DocumentNode, Map<string, { hash: Hash; bare: string }>>();

function prefixOf(scope: string, document: DocumentNode, operationName: string | null | undefined) {
  let byName = prefixes.get(document);
  if (!byName) {
    byName = new Map();
    prefixes.set(document, byName);
  }
  const name = `${scope}\0${operationName ?? ''}`;
  let prefix = byName.get(name);
  if (!prefix) {
    const hash = createHash('sha256')
      .update(scope)
      .update('\0')
      .update(textOf(document))
      .update('\0')
      .update(operationName ?? '')
      .update('\0');
    prefix = { hash, bare: `response ${hash.copy().digest('base64url')}` };
    byName.set(name, prefix);
  }
  return prefix;
}

/** The request's key: undefined when its variables cannot be serialized (nesting too deep), so it is not kept. */
function keyOf(scope: string, document: DocumentNode, variables: unknown, operationName: string | null | undefined): string | undefined {
  let values: string;
  try {
    values = variables ? JSON.stringify(variables) : '';
  } catch {
    return undefined;
  }
  const prefix = prefixOf(scope, document, operationName);
  // Node's hash, not WebCrypto's: synchronous, and it runs for every query with variables.
  return values === '' || values === '{}' ? prefix.bare : `response ${prefix.hash.copy().update(values).digest('base64url')}`;
}

/** How long the answer may be kept, from the reads it made: 0 when not at all. */
function ttlOf(maxTtlMs: number, context: Partial<GatewayContext>): number {
  const reads = context.reads;
  if (!reads) return maxTtlMs;
  if (reads.uncacheable) return 0;
  return Math.max(0, Math.min(maxTtlMs, reads.freshUntil - Date.now()));
}

/** A kept answer as it is served again: the request's own object, with its ETag. */
function served(kept: Kept): Marked {
  return { data: kept.data, extensions: { http: { headers: { ETag: kept.etag } } }, [RESPONSE_CACHE_HIT]: true };
}

/** Keeps a whole answer under `key` when it may be kept; returns its ETag then. */
function keep(options: ResponseCacheOptions, key: string, context: Partial<GatewayContext>, answer: ExecutionResult): string | undefined {
  if (answer.errors?.length || !answer.data) return undefined;
  const ttl = ttlOf(options.maxTtlMs, context);
  if (ttl <= 0) return undefined;
  const json = JSON.stringify(answer.data);
  written.set(answer.data, writtenOf(`{"data":${json}}`));
  const staleMs = context.reads?.staleMs;
  const kept: Kept = { data: answer.data, etag: etagOf(json), ...(staleMs !== undefined && Number.isFinite(staleMs) ? { staleMs } : {}) };
  const now = Date.now();
  options.store.set(key, {
    value: kept,
    kind: 'response',
    size: Math.ceil(json.length * KEPT_BYTES_PER_CHAR),
    freshUntil: now + ttl,
    staleUntil: now + ttl,
  });
  return kept.etag;
}

/** Keeps the answer of an operation that ran (whole, or merged once its last part is out), and marks it with its ETag. */
function keepWhenDone(options: ResponseCacheOptions, key: string, context: Partial<GatewayContext>) {
  const keepWhole = (answer: ExecutionResult) => keep(options, key, context, answer);
  return {
    onExecuteDone({ result }: { result: unknown }) {
      if (isAsyncIterable(result)) return partsKept(keepWhole);
      const answer = result as Marked;
      answer[RESPONSE_CACHE_HIT] = false;
      const etag = keepWhole(answer);
      if (etag === undefined) return undefined;
      const extensions = (answer.extensions ??= {});
      extensions.http = { ...extensions.http, headers: { ...extensions.http?.headers, ETag: etag } };
      return undefined;
    },
  };
}

/** Answers 304, without a body, a request whose `If-None-Match` names the ETag of the kept answer it gets. */
const notModified: NonNullable<Plugin['onResultProcess']> = ({ request, result, setResultProcessor }) => {
  const condition = request.headers.get('if-none-match');
  if (condition === null) return;
  const etag = etagHeader(result);
  if (etag === undefined || !matches(condition, etag)) return;
  setResultProcessor((_result, fetchAPI) => new fetchAPI.Response(null, { status: 304, headers: { ETag: etag } }), 'application/json');
};

export function useGatewayResponseCache(options: ResponseCacheOptions): Plugin {
  const plugin: Plugin = {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || !mayKeep(args.document, operation)) return undefined;
      if ((args.contextValue as Partial<GatewayContext>).dataApi?.credential !== undefined) return undefined;
      const key = keyOf(options.scope, args.document, args.variableValues, args.operationName);
      if (key === undefined) return undefined;
      const found = options.store.get(key);
      const use = (entry: Awaited<typeof found>) => {
        if (entry && entry.freshUntil > Date.now()) {
          // What is left of its freshness is what an HTTP cache may keep it for (./use-cache-control.ts).
          (args.contextValue as Partial<GatewayContext>).reads?.freshFor(entry.freshUntil, (entry.value as Kept).staleMs);
          setResultAndStopExecution(served(entry.value as Kept));
          return undefined;
        }
        return keepWhenDone(options, key, args.contextValue as Partial<GatewayContext>);
      };
      return found instanceof Promise ? found.then(use) : use(found);
    },
    onResultProcess: notModified,
  };
  keptTerms(plugin, {
    because: 'it is the door: a request answered there is one its onExecute would have answered from the cache',
    serves: ({ document, operation, operationName }, variables) => {
      const peek = options.store.peek;
      if (!peek || !mayKeep(document, operation)) return undefined;
      const key = keyOf(options.scope, document, variables, operationName);
      const entry = key === undefined ? undefined : peek.call(options.store, key);
      if (!entry || !(entry.freshUntil > Date.now())) return undefined;
      const kept = entry.value as Kept;
      // As onExecute leaves the request's reads, which read nothing else.
      const freshness = { ...UNLIMITED };
      narrowFreshness(freshness, entry.freshUntil, kept.staleMs);
      return { answer: served(kept), ...freshness };
    },
  });
  return leanTerms(plugin, { because: 'its onResultProcess answers conditional requests, which src/yoga/lean-post.ts leaves to yoga' });
}
