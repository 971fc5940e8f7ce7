/**
 * Runs operations compiled to JavaScript (graphql-jit) instead of graphql-js's interpreter: a
 * quarter less CPU for a one-call query, since the executor's per-field work and allocations were
 * most of what a request cost besides the upstream call.
 *
 * graphql-jit does not do everything graphql-js does, so a document runs compiled only when it
 * keeps to what it does alike; anything else is interpreted as before:
 * - a variable with a default value (graphql-jit refuses a non-null one left out, where
 *   graphql-js takes the default);
 * - `@defer` / `@stream` and subscriptions (graphql-jit has no incremental delivery);
 * - `@skip` or `@include` on a fragment (spread or inline) in a document that spreads a named
 *   fragment: graphql-jit 0.8 expands each named fragment once per selection set whatever its
 *   spread's condition, and keeps a condition on the fragment's own field nodes, shared by every
 *   place it is spread. `a { ...F @include(if: false) ...F }` answered `a: {}`, and
 *   `a { ...F @include(if: $no) } b { ...F }` dropped b's fields too (issue 29's fuzzer, seed p48).
 *   A condition on a field, or on inline fragments alone, it gets right.
 * Where it runs what the interpreter would not (the fields beside a failed non-null one, whose
 * answers a null discards), the errors it reports are those the interpreter's would be:
 * ./use-reported-errors.ts keeps one per null of the answer, whichever executor ran it.
 *
 * Why not envelop's `useGraphQlJit`: it keeps one compiled query per document, compiled for the
 * operation the first request named, and runs it for every later request of that document
 * whatever its `operationName`. A document holding `query Q` and `mutation M` ran M for a GET
 * naming Q (a mutation from a GET), or Q for a POST naming M (the mutation silently not run).
 * Here a compiled query is kept per operation node of the parsed document, and an operation name
 * the document lacks is graphql-js's to refuse.
 *
 * What it costs to keep: a compiled query holds about 2.5 bytes of heap per character of the
 * JavaScript graphql-jit writes for it, some 100 KB for a page of subnets with their chains.
 * Kept one per document in yoga's parse cache (1,024 documents), varied traffic (random aliases,
 * inlined ids) held over 100 MB of compiled code, and compiled every document once for nothing.
 * So an operation is compiled at its second run (`compileAt`), and compiled queries are kept in
 * an LRU bounded by their estimated bytes (COMPILED_CACHE_MAX_BYTES), counted in /metrics.
 *
 * graphql-jit itself (with fast-json-stringify and ajv, a tenth of the bundle the gateway loads)
 * is loaded after the first run of an operation, not at start: no first run needs it, and the
 * gateway's first answer came that much later. An operation's second run that comes before it is
 * loaded waits for it (once per process), so it is still compiled at its second run.
 */
import { makeExecute } from '@envelop/core';
import {
  BREAK,
  execute as interpret,
  getOperationAST,
  Kind,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type OperationDefinitionNode,
} from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { MemoryUsage } from '../reuse/store.js';
import { keptTerms } from './fast-path-terms.js';

const verdicts = new WeakMap<DocumentNode, boolean>();

type Jit = typeof import('graphql-jit');
/** graphql-jit, once loaded (`loadJit`). */
let jit: Jit | undefined;
let loadingJit: Promise<Jit> | undefined;

/** Loads graphql-jit, once per process. */
function loadJit(): Promise<Jit> {
  loadingJit ??= import('graphql-jit').then((module) => {
    jit = module;
    return module;
  });
  return loadingJit;
}

/** Whether graphql-jit runs `document` exactly as graphql-js would. */
export function compilable(document: DocumentNode): boolean {
  let verdict = verdicts.get(document);
  if (verdict === undefined) {
    verdict = true;
    let spreads = false;
    let conditionalFragment = false;
    const conditional = (node: { directives?: readonly { name: { value: string } }[] }) =>
      node.directives?.some((d) => d.name.value === 'skip' || d.name.value === 'include') === true;
    visit(document, {
      FragmentSpread(node) {
        spreads = true;
        if (conditional(node)) conditionalFragment = true;
      },
      InlineFragment(node) {
        if (conditional(node)) conditionalFragment = true;
      },
      OperationDefinition(node) {
        if (node.operation === 'subscription' || node.variableDefinitions?.some((v) => v.defaultValue !== undefined)) {
          verdict = false;
          return BREAK;
        }
        return undefined;
      },
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          verdict = false;
          return BREAK;
        }
        return undefined;
      },
    });
    if (spreads && conditionalFragment) verdict = false;
    verdicts.set(document, verdict);
  }
  return verdict;
}

/**
 * A graphql-jit error as graphql-js would have made it. graphql-jit records where an error
 * happened as lines and columns only, and yoga rebuilds every error from its `nodes` or
 * `source` and `positions` when it writes the answer: a compiled query's errors lost their
 * `locations`, which the same query run interpreted (its first run) had.
 */
function located(error: GraphQLError, document: DocumentNode): GraphQLError {
  const source = document.loc?.source;
  if (error.nodes || error.positions || !error.locations?.length || !source) return error;
  const lineStarts = [0];
  for (let i = source.body.indexOf('\n'); i !== -1; i = source.body.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return new GraphQLError(error.message, {
    source,
    positions: error.locations.map(({ line, column }) => (lineStarts[line - 1] ?? 0) + column - 1),
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** A result of a compiled query: it serializes itself with the query's own stringify. */
type Stringified = ExecutionResult & { stringify?: CompiledQuery['stringify'] };

/** graphql-jit's compiled query with the source of its function, which `debug` keeps on it. */
type WithSource = CompiledQuery & { __DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation?: string };

/**
 * Heap a compiled query holds per character of its generated source: the source itself, V8's
 * bytecode and code for it, and the closures graphql-jit builds beside it (measured 2.0 to 2.6
 * on the gateway's queries, node 20; see bench/mixed-soak.ts).
 */
const COMPILED_BYTES_PER_CHAR = 2.5;
/** What a compiled query holds whatever its size (the entry, its variable parsing, its bound query). */
const COMPILED_BYTES_BASE = 4_096;
/** What is kept of an operation graphql-jit refused to compile: only that it refused. */
const REFUSED_BYTES = 64;

export interface CompiledExecutionOptions {
  /** Bytes of compiled queries to keep, least recently run first out. */
  maxBytes: number;
  /**
   * The run of an operation at which it is compiled: 2 compiles what is asked a second time.
   * Compiling costs more than one interpreted run (about 1 ms and 100 KB for a page of subnets
   * with their chains), so an operation asked once (a random alias, an inlined id) is not worth it.
   */
  compileAt?: number;
}

export function useCompiledExecution({ maxBytes, compileAt = 2 }: CompiledExecutionOptions): Plugin & MemoryUsage {
  /** Runs so far of operations not compiled yet; gone with their document. */
  const runs = new WeakMap<OperationDefinitionNode, number>();
  /** Compiled operations, by operation node of the parsed document; bounded in estimated bytes. */
  const compiled = new LRUCache<OperationDefinitionNode, { query: CompiledQuery | null; bytes: number }>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry) => entry.bytes,
  });
  /**
   * The compiled query of this run's operation; `count` counts the run, and compiles it at
   * `compileAt`. Undefined when that run must first wait for graphql-jit to load (`loadJit`).
   */
  function compiledFor(args: ExecutionArgs, count: false): CompiledQuery | null;
  function compiledFor(args: ExecutionArgs, count: true): CompiledQuery | null | undefined;
  function compiledFor(args: ExecutionArgs, count: boolean): CompiledQuery | null | undefined {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return null;
    const known = compiled.get(operation);
    if (known) return known.query;
    if (!count) return null;
    const seen = (runs.get(operation) ?? 0) + 1;
    if (seen < compileAt) {
      runs.set(operation, seen);
      // Loaded once this run's answer is on its way (an immediate runs after the request's I/O).
      if (!jit) setImmediate(loadJit);
      return null;
    }
    if (!jit) return undefined;
    runs.delete(operation);
    const result = jit.compileQuery(args.schema, args.document, args.operationName ?? undefined, { debug: true } as never);
    if (!jit.isCompiledQuery(result)) {
      compiled.set(operation, { query: null, bytes: REFUSED_BYTES });
      return null;
    }
    const source = (result as WithSource).__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation ?? '';
    // Not kept on the query: the function holds its own copy of the source.
    delete (result as WithSource).__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation;
    compiled.set(operation, { query: result, bytes: COMPILED_BYTES_BASE + Math.ceil(source.length * COMPILED_BYTES_PER_CHAR) });
    return result;
  }

  const execute = makeExecute((args) => {
    // Found again rather than handed over: a plugin between here and the call may pass new
    // arguments. A plugin that waits (the response cache on Redis) lets other requests run,
    // which may push this query out: then graphql-js runs it, as it runs any document here.
    const query = compiledFor(args, false);
    if (!query) return interpret(args);
    const run = query.query(args.rootValue, args.contextValue, args.variableValues);
    const done = (result: Stringified) => {
      result.stringify = query.stringify;
      if (result.errors) (result as { errors: readonly GraphQLError[] }).errors = result.errors.map((e) => located(e, args.document));
      return result;
    };
    return run instanceof Promise ? run.then(done) : done(run);
  });

  return keptTerms(
    {
      onExecute({ args, setExecuteFn }) {
        if (args.document.kind !== Kind.DOCUMENT || !compilable(args.document)) return;
        const query = compiledFor(args, true);
        if (query) setExecuteFn(execute);
        else if (query === undefined)
          return loadJit().then(() => {
            if (compiledFor(args, true)) setExecuteFn(execute);
          });
        return undefined;
      },
      usageByKind: () => new Map([['compiled', { bytes: compiled.calculatedSize, entries: compiled.size }]]),
    },
    { because: 'it picks what executes the operation, and a kept answer executes nothing' },
  );
}
