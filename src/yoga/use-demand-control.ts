/**
 * Demand control: every operation is priced in upstream calls and in the entries of its answer
 * (every field of every object, and the items of lists of leaves) before anything runs
 * (./cost-estimate.ts, from the prices declared beside the fields), refused when the price
 * passes the call budget (UPSTREAM_CALL_BUDGET) or MAX_RESULT_NODES, and answered with what it
 * was estimated to cost and what it cost: `extensions.cost { estimated { calls nodes } actual
 * { calls cacheHits } budget settled }` (COST_EXTENSIONS=false leaves it out). A list the data
 * decides answered longer than its price read is priced again as it is answered (`overrun`).
 *
 * A refusal is QUERY_LIMIT_EXCEEDED (`limit`: `calls` or `nodes`), made before any call, and says
 * where the cost is: the dearest paths, their share, and which `first` to lower. An operation is
 * priced with its variables as the executor coerces them (./input-bounds.ts). A subscription
 * is priced per event (what each event's selection costs), and refused the same way. The
 * estimate of an operation is kept with its parsed document, so a request that
 * repeats one without variables pays for a lookup, not a walk.
 */
import {
  getOperationAST,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type OperationDefinitionNode,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext, RequestCost, SearchBreadth } from '../graphql/context.js';
import { ErrorCode } from '../graphql/errors.js';
import { noteMade } from '../graph/list-sizes.js';
import { type ListLengths, ReadLengths } from '../reuse/list-lengths.js';
import { estimate, type Estimate, itemPrice, type PathCost } from './cost-estimate.js';
import { coercedVariables } from './input-bounds.js';
import { settleIntoBatch } from './use-batching.js';
import { RESPONSE_CACHE_HIT } from './use-response-cache.js';
import { keptOutOfValidationCache } from './use-validation-cache.js';
import { keptTerms, preparedTerms } from './fast-path-terms.js';

export interface DemandControlOptions {
  /** The most upstream calls a request may be priced at: the call budget. */
  maxCalls: number;
  /** The most entries its answer may be priced at (MAX_RESULT_NODES). */
  maxNodes: number;
  /** The most bytes its answer's `data` may be priced at (MAX_RESULT_BYTES); unbounded when absent. */
  maxBytes?: number;
  /** Whether answers say what they cost. */
  extensions: boolean;
  /** Whether a price past a limit is refused (else only reported). */
  enforce?: boolean;
  /** Hears each refusal, by the limit it passed. */
  onRefused?: (limit: Limit) => void;
  /** The lengths of lists the data decides, as last seen: prices read them (src/reuse/list-lengths.ts). */
  lengths?: ListLengths;
  /** How widely `search` looks for a 0x hash, which its price depends on (SEARCH_HASH_CHAINS). */
  search?: SearchBreadth;
}

/** What a price is held to: upstream calls, the answer's entries, its bytes. */
export type Limit = 'calls' | 'nodes' | 'bytes';

/** The setting of each limit, named in refusals. */
const SETTING: Record<Limit, string> = { calls: 'UPSTREAM_CALL_BUDGET', nodes: 'MAX_RESULT_NODES', bytes: 'MAX_RESULT_BYTES' };

/** Paths named in a refusal: the dearest few. */
const NAMED_PATHS = 3;
/**
 * The prices of operations without variables, kept with the parsed operation and the version of
 * the list lengths they read: a price made before a list was seen (or grew) is made again.
 */
const kept = new WeakMap<
  OperationDefinitionNode,
  { found: Estimate; lengths: ListLengths | undefined; version: number; search: SearchBreadth | undefined }
>();
const fragmentsOf = new WeakMap<DocumentNode, Record<string, FragmentDefinitionNode>>();

function fragments(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  let found = fragmentsOf.get(document);
  if (!found) {
    found = {};
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) found[d.name.value] = d;
    fragmentsOf.set(document, found);
  }
  return found;
}

/**
 * The estimate of an operation with its variables, as the executor coerces them
 * (./input-bounds.ts `coercedVariables`). One without variables is priced once and the
 * price kept with it; one with variables is walked each time (a few microseconds), since a key of
 * its variables would cost as much as the variables are long.
 */
export function estimateOf(
  schema: Parameters<typeof estimate>[0],
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null | undefined,
  lengths?: ListLengths,
  search?: SearchBreadth,
): Estimate {
  if (operation.variableDefinitions?.length) return estimate(schema, operation, fragments(document), variables ?? {}, lengths, search);
  const version = lengths?.version ?? 0;
  const memo = kept.get(operation);
  if (memo && memo.lengths === lengths && memo.version === version && memo.search === search) return memo.found;
  const found = estimate(schema, operation, fragments(document), {}, lengths, search);
  kept.set(operation, { found, lengths, version, search });
  return found;
}

/** The document's one operation, if it has exactly one (else the operation name decides, at execution). */
function soleOperation(document: DocumentNode): OperationDefinitionNode | undefined {
  let found: OperationDefinitionNode | undefined;
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    if (found) return undefined;
    found = d;
  }
  return found;
}

const share = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;

/** "lower `first` on `subnets` or `l1Validators`": the arguments that multiply a path, grouped. */
function advice(slicedBy: PathCost['slicedBy']): string {
  if (slicedBy.length === 0) return '';
  const byArgument = new Map<string, string[]>();
  for (const { field, argument } of slicedBy) {
    const fields = byArgument.get(argument) ?? [];
    if (!fields.includes(field)) fields.push(field);
    byArgument.set(argument, fields);
  }
  const parts = [...byArgument].map(([argument, fields]) => `\`${argument}\` on ${fields.map((f) => `\`${f}\``).join(' or ')}`);
  return `; lower ${parts.join(', or ')}`;
}

/** The refusal of an estimate past a limit: what it is, where it comes from, what to lower. */
function refusal(found: Estimate, limit: Limit, allowed: number, subscription: boolean): GraphQLError {
  const total = found[limit];
  // The dearest paths by what the limit counts; by entries for bytes, where the answer's size comes from.
  const by = limit === 'calls' ? 'calls' : 'nodes';
  const dearest = found.paths
    .filter((p) => p[by] > 0)
    .sort((a, b) => b[by] - a[by])
    .slice(0, NAMED_PATHS);
  const what = subscription ? 'Each event of this subscription' : 'This operation';
  let message: string;
  if (limit === 'bytes') {
    const where = dearest.map((p) => `\`${p.path}\`: up to ${p.nodes} entries${advice(p.slicedBy)}`).join('. ');
    message = `${what} could answer up to ${total} bytes, past the ${allowed} an answer may (MAX_RESULT_BYTES). ${where}.`;
  } else {
    const [one, many] = limit === 'calls' ? ['call', 'calls'] : ['entry', 'entries'];
    const where = dearest
      .map((p) => `\`${p.path}\`: up to ${p[by]} ${p[by] === 1 ? one : many} (${share(p[by], total)})${advice(p.slicedBy)}`)
      .join('. ');
    const unit = limit === 'calls' ? 'upstream calls' : 'entries in its answer (fields and list items)';
    message = `${what} could cost up to ${total} ${unit}, past the ${allowed} a request may (${SETTING[limit]}). ${where}.`;
  }
  return new GraphQLError(message, {
    extensions: {
      code: ErrorCode.QUERY_LIMIT_EXCEEDED,
      limit,
      estimated: { calls: found.calls, nodes: found.nodes, bytes: found.bytes },
      allowed,
      paths: dearest.map((p) => ({ path: p.path, calls: p.calls, nodes: p.nodes })),
    },
  });
}

/** What an answer says it cost: set on its extensions. */
function costExtension(cost: RequestCost, context: Partial<GatewayContext>, cachedWhole: boolean) {
  const reads = context.reads;
  // Retries are calls too, but no price counts them: said when there were some, so that a client
  // (and the fuzzer) can tell a retried call from one the price missed.
  const retries = reads?.scope.budget?.retries ?? 0;
  return {
    estimated: { calls: cost.estimated.calls, nodes: cost.estimated.nodes, bytes: cost.estimated.bytes },
    actual: {
      calls: reads?.scope.budget?.used ?? 0,
      cacheHits: (reads?.reused ?? 0) + (cachedWhole ? 1 : 0),
      ...(retries > 0 && { retries }),
    },
    budget: cost.budget,
    ...(cost.settled && { settled: { calls: cost.settled.calls, nodes: cost.settled.nodes, bytes: cost.settled.bytes } }),
  };
}

function withCost(result: ExecutionResult, cost: RequestCost, context: Partial<GatewayContext>, cachedWhole: boolean): void {
  // Each result is the request's own object (a cache hit too): extended in place.
  (result as { extensions?: Record<string, unknown> }).extensions = {
    ...result.extensions,
    cost: costExtension(cost, context, cachedWhole),
  };
}

/**
 * A list the data decides answered longer than its price read (a kind priced at its usual length
 * until a longer one is seen, a list longer than the last seen and its margin): what its items
 * beyond the price add is priced before they are built, and the answer refused there when it
 * would pass its limits. So an answer never holds more than its price, the estimate and what is
 * settled this way, and never passes MAX_RESULT_NODES or MAX_RESULT_BYTES, whatever the data.
 * Priced up front at the most every such list may hold, the README's queries and the explorer's
 * pages were refused on their first visit (docs/cost-model.md).
 */
function overrun(
  options: DemandControlOptions,
  cost: RequestCost,
  context: object,
  schema: Parameters<typeof estimate>[0],
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): NonNullable<RequestCost['overran']> {
  return (info, over, scope) => {
    let calls = 0;
    let nodes = over.entries;
    let bytes = over.bytes;
    if (over.items > 0) {
      // The network the price read nested lists on is the field's, or none when no argument said it: the dearer.
      const on = (network: string | undefined) =>
        itemPrice(schema, operation, fragments, variables, info.returnType, info.fieldNodes, cost.lengths!, network, options.search);
      const own = on(scope);
      const any = scope === undefined ? own : on(undefined);
      // The items' own calls too: an owner set longer than its price, each address with its stake
      // and transactions, made calls past the estimate (fuzz seed p87: 10 calls priced at 9). The
      // call budget still stops a run past it; this keeps what the answer says it cost true.
      calls = over.items * Math.max(own.calls, any.calls);
      nodes += over.items * Math.max(own.nodes, any.nodes);
      bytes += over.items * Math.max(own.bytes, any.bytes);
    }
    const settled = (cost.settled ??= { calls: 0, nodes: 0, bytes: 0 });
    settled.calls += calls;
    settled.nodes += nodes;
    settled.bytes += bytes;
    // In a batch, with the operations before it: a batch is one request.
    const batch = settleIntoBatch(context, nodes, bytes);
    if (options.enforce === false) return;
    const totalNodes = Math.max(cost.estimated.nodes + settled.nodes, batch?.nodes ?? 0);
    const totalBytes = Math.max((cost.estimated.bytes ?? 0) + settled.bytes, batch?.bytes ?? 0);
    const limit =
      totalNodes > options.maxNodes ? 'nodes' : options.maxBytes !== undefined && totalBytes > options.maxBytes ? 'bytes' : undefined;
    if (!limit) return;
    options.onRefused?.(limit);
    const allowed = limit === 'nodes' ? options.maxNodes : options.maxBytes!;
    const more = [
      over.items > 0 && `${over.items} ${over.items === 1 ? 'item' : 'items'}`,
      over.entries > 0 && `${over.entries} ${over.entries === 1 ? 'entry' : 'entries'}`,
      over.bytes > 0 && `${over.bytes} bytes`,
    ].filter(Boolean);
    throw new GraphQLError(
      `\`${pathText(info.path)}\` answered ${more.join(' and ')} more than its price read (what the data decides is priced as last seen): ` +
        `with them this ${batch ? 'batch' : 'answer'} would hold ${limit === 'nodes' ? `${totalNodes} entries` : `${totalBytes} bytes`}, ` +
        `past the ${allowed} a request may (${SETTING[limit]}). ` +
        'What it holds is noted: sent again, the request is priced with it up front. Ask for fewer items above it to be answered whole.',
      {
        extensions: {
          code: ErrorCode.QUERY_LIMIT_EXCEEDED,
          limit,
          estimated: cost.estimated,
          settled: { ...settled },
          allowed,
        },
      },
    );
  };
}

/** `network.subnets.nodes.0.blockchains`: where a field stands in the answer. */
function pathText(path: GraphQLResolveInfo['path'] | undefined): string {
  const keys: (string | number)[] = [];
  for (let at = path; at; at = at.prev) keys.push(at.key);
  return keys.reverse().join('.');
}

/** Refuses an estimate past a limit, or says nothing. */
type Refuse = (found: Estimate, subscription: boolean) => GraphQLError | undefined;

/** Prices an operation about to run, and keeps its price on the context. */
type Price = (
  args: {
    schema: Parameters<typeof estimate>[0];
    document: DocumentNode;
    operationName?: string | null;
    variableValues?: unknown;
    contextValue: unknown;
  },
  subscription: boolean,
) => { error?: GraphQLError; cost?: RequestCost };

/** The refusal of a price past a limit, counted; none when measured, not enforced (the call budget still stops a run past it). */
function refuser(options: DemandControlOptions): Refuse {
  return (found, subscription) => {
    const limit =
      options.enforce === false
        ? undefined
        : found.calls > options.maxCalls
          ? 'calls'
          : found.nodes > options.maxNodes
            ? 'nodes'
            : options.maxBytes !== undefined && found.bytes > options.maxBytes
              ? 'bytes'
              : undefined;
    if (!limit) return undefined;
    options.onRefused?.(limit);
    const allowed = limit === 'calls' ? options.maxCalls : limit === 'nodes' ? options.maxNodes : options.maxBytes!;
    return refusal(found, limit, allowed, subscription);
  };
}

function pricer(options: DemandControlOptions, refused: Refuse): Price {
  return (args, subscription) => {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return {};
    // Priced with the values the executor will run with (defaults applied, a single value as a
    // list of one): priced with what the client sent, a default of `first: 10000` was priced as
    // the field's default, and a list variable given one id broke the price of `nodes`.
    const variables = coercedVariables(args.schema, args.document, args.operationName, args.variableValues);
    if (variables.error) return { error: variables.error };
    let found: Estimate;
    try {
      found = estimateOf(args.schema, args.document, operation, variables.values, options.lengths, options.search);
    } catch (error) {
      // What the walk reads as execution would (`@include(if: $v)` given null for a `Boolean!`)
      // fails as execution would fail: a refusal of the request's input, not the gateway's failure.
      if (error instanceof GraphQLError) return { error: inputError(error) };
      throw error;
    }
    const error = refused(found, subscription);
    if (error) return { error };
    const cost: RequestCost = { estimated: { calls: found.calls, nodes: found.nodes, bytes: found.bytes }, budget: options.maxCalls };
    if (!subscription && options.lengths) {
      cost.lengths = new ReadLengths(options.lengths, found.lengthsRead);
      cost.overran = overrun(
        options,
        cost,
        args.contextValue as object,
        args.schema,
        operation,
        fragments(args.document),
        variables.values ?? {},
      );
    }
    (args.contextValue as Partial<GatewayContext>).cost = cost;
    return { cost };
  };
}

/** An error of the request's input met while pricing it, with the code execution would have given it. */
function inputError(error: GraphQLError): GraphQLError {
  if (error.extensions?.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: error.originalError,
    extensions: { ...error.extensions, code: ErrorCode.BAD_USER_INPUT },
  });
}

/** What settles an operation's price once it has run, and says on its answer what it cost. */
function afterExecution(context: Partial<GatewayContext>, cost: RequestCost | undefined, extensions: boolean) {
  const settle = () => {
    context.limits?.settle(context.reads?.scope.budget?.used ?? 0);
    // What fields priced by what they made made here, for the next run of the document.
    noteMade(context);
  };
  return {
    onExecuteDone({ result }: { result: ExecutionResult | AsyncIterable<ExecutionResult> }) {
      if (!isAsyncIterable(result)) {
        settle();
        if (cost && extensions)
          withCost(result, cost, context, (result as { [RESPONSE_CACHE_HIT]?: boolean })[RESPONSE_CACHE_HIT] === true);
        return undefined;
      }
      // In parts (@defer, @stream): the last part says what the whole cost, and settles it.
      return {
        onNext({ result: part }: { result: ExecutionResult }) {
          if ((part as { hasNext?: boolean }).hasNext !== false) return;
          settle();
          if (cost && extensions) withCost(part, cost, context, false);
        },
      };
    },
  };
}

/**
 * What settles each event of a subscription: the calls made since the one before (the
 * subscription's reads last as long as it does), said on the event when answers say what they cost.
 */
function perEvent(context: Partial<GatewayContext>, cost: RequestCost | undefined, extensions: boolean) {
  let before = 0;
  let reusedBefore = 0;
  return {
    onSubscribeResult() {
      return {
        onNext({ result }: { result: ExecutionResult }) {
          const used = context.reads?.scope.budget?.used ?? 0;
          const reused = context.reads?.reused ?? 0;
          context.limits?.settle(used - before, false);
          if (cost && extensions) {
            (result as { extensions?: Record<string, unknown> }).extensions = {
              ...result.extensions,
              cost: {
                estimated: { calls: cost.estimated.calls, nodes: cost.estimated.nodes, bytes: cost.estimated.bytes },
                actual: { calls: used - before, cacheHits: reused - reusedBefore },
                budget: cost.budget,
              },
            };
          }
          before = used;
          reusedBefore = reused;
        },
      };
    },
  };
}

export function useDemandControl(options: DemandControlOptions): Plugin {
  const refused = refuser(options);
  const price = pricer(options, refused);
  const plugin: Plugin = {
    // An operation without variables is priced before validation, which for a document of many
    // aliases is most of the work (graphql-js compares every pair of fields that could merge):
    // one priced past the limits is refused for the price of a walk. An invalid document may make
    // a price misread; the walk is then left to onExecute, after validation said what is wrong.
    // Refused here, before the request's context exists, it keeps the point its admission
    // reserved, as an invalid document does.
    onValidate({ params: { schema, documentAST }, setResult }) {
      const operation = soleOperation(documentAST);
      if (!operation || operation.variableDefinitions?.length) return;
      let found: Estimate;
      try {
        found = estimateOf(schema, documentAST, operation, undefined, options.lengths, options.search);
      } catch {
        return;
      }
      const error = refused(found, operation.operation === 'subscription');
      if (error) setResult([keptOutOfValidationCache(error)]);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as Partial<GatewayContext>;
      const { error, cost } = price(args, false);
      if (error) {
        // Refused before any call: the request costs its tenth of a point.
        context.limits?.settle(0);
        setResultAndStopExecution({ errors: [error] });
        return undefined;
      }
      return afterExecution(context, cost, options.extensions);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const context = args.contextValue as Partial<GatewayContext>;
      const { error, cost } = price(args, true);
      // Subscribing costs a tenth of a point; each event then the calls its selection makes.
      context.limits?.settle(0);
      if (error) {
        setResultAndStopExecution({ errors: [error] });
        return undefined;
      }
      return perEvent(context, cost, options.extensions);
    },
  };
  // At the door the price is only looked at: a refusal sends the request through the pipeline,
  // whose onExecute refuses it and counts the refusal, once.
  const quote = pricer(options, refuser({ ...options, onRefused: undefined }));
  keptTerms(plugin, {
    because:
      'its onExecute prices the request, refuses one past the limits and settles it: done here alike, for an answer that made no call',
    onKept: (kept) => {
      const { error, cost } = quote({ ...kept, variableValues: kept.variables, contextValue: {} } as never, false);
      if (error) return false;
      kept.cost = cost;
      return (answer) => {
        // As afterExecution settles a hit: no call made, and no list read whose length to note.
        kept.limits?.settle(0);
        if (cost && options.extensions) withCost(answer, cost, {}, true);
      };
    },
  });
  return preparedTerms(plugin, {
    because:
      "its onValidate refuses early a document validation has not seen: for one it has, the validation cache's result stands, and onExecute prices it, a prepared one's alike",
  });
}
