/**
 * A sandbox for a test file, and the contract check of everything sent to it: every request the
 * sandbox receives in the tests, from whatever test made the gateway send it, is checked against
 * its upstream's spec (the Data API's OpenAPI document, and the Metrics API's with its legacy
 * route), so that a parameter or value the spec does not allow fails the test that sent it, not
 * only the few queries test/upstreams/contract.test.ts makes; and every answer it gives, against
 * the response schema of its status, so a new endpoint's route is held to the spec by its own
 * test. The node has no spec: its traffic is not checked here (test/upstreams/node-contract.test.ts
 * holds the gateway to the node, test/sandbox/sandbox-node.test.ts the sandbox to the node's examples).
 *
 * The harness (./harness.ts) checks its sandbox the same way, so every test through it is checked.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import type { SandboxAnswer } from '../../sandbox/routes.js';
import { startSandbox, type RecordedRequest, type Sandbox, type SandboxOptions } from '../../sandbox/server.js';
import { AVG_TPS_SCHEMA } from '../generate/answer-checks.js';
import { OpenApiContract } from './openapi.js';

export const dataApiContract = new OpenApiContract(new URL('../contract/data-api.glacier.openapi.json', import.meta.url), 'glacier');
export const metricsApiContract = new OpenApiContract(
  new URL('../contract/metrics-api.popsicle.openapi.json', import.meta.url),
  'popsicle',
);

/**
 * Problems with a request to the Metrics API. The gateway reads the legacy GET /v1/avg_tps/{chainId}
 * (test/contract/examples/metrics.v1.avg_tps.json), which the spec no longer lists: only `pageToken`
 * is defined there. Anything else is held to the spec (the health check, /v2/health-check).
 */
export function checkMetricsRequest(r: RecordedRequest): string[] {
  if (/^\/v1\/avg_tps(\/|$)/.test(r.path)) {
    if (r.method !== 'GET' || !/^\/v1\/avg_tps\/\d+$/.test(r.path))
      return [`metrics: ${r.method} ${r.path} is not GET /v1/avg_tps/{chainId}`];
    return r.query.filter(([k]) => k !== 'pageToken').map(([k]) => `metrics: query parameter "${k}" is not documented`);
  }
  return metricsApiContract.checkRequest(r);
}

/** Problems with one request the sandbox received, against its upstream's spec; none for the node's. */
export function checkSandboxRequest(r: RecordedRequest): string[] {
  switch (r.service) {
    case 'data-api':
      return dataApiContract.checkRequest(r);
    case 'metrics-api':
      return checkMetricsRequest(r);
    case 'node':
      return [];
    default:
      return [`${r.method} ${r.path}: below no upstream's prefix`];
  }
}

/** The Metrics API's error bodies by status, as its spec names them. */
const METRICS_ERRORS: Record<number, string> = {
  400: 'BadRequest',
  404: 'NotFound',
  429: 'TooManyRequests',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

function chainOfPath(value: string): 'p' | 'x' | 'c' {
  if (value.endsWith('-chain')) return value[0] as 'p' | 'x' | 'c';
  for (const ids of Object.values(PRIMARY_CHAIN_IDS)) {
    for (const [key, id] of Object.entries(ids)) if (id === value) return key as 'p' | 'x' | 'c';
  }
  throw new Error(`not a primary chain: ${value}`);
}

/** A Data API answer's schema; oneOf responses narrowed to the variant the chain returns. Undefined: the spec declares no answer of that status. */
function dataSchemaFor(request: RecordedRequest, answer: SandboxAnswer): Record<string, unknown> | undefined {
  const match = dataApiContract.match(request.method, request.path);
  if (!match) return undefined;
  if (answer.status === 200 && match.operation.operationId === 'listLatestPrimaryNetworkTransactions') {
    const name = { p: 'ListPChainTransactionsResponse', x: 'ListXChainTransactionsResponse', c: 'ListCChainAtomicTransactionsResponse' }[
      chainOfPath(match.pathParams.blockchainId!)
    ];
    return dataApiContract.schemaRef(name);
  }
  if (answer.status === 200 && match.operation.operationId === 'getBalancesByAddresses') {
    // An X-Chain answer fits the C-Chain's shape too (its atomic memory is all that one has).
    const name = { p: 'ListPChainBalancesResponse', x: 'ListXChainBalancesResponse', c: 'ListCChainAtomicBalancesResponse' }[
      chainOfPath(match.pathParams.blockchainId!)
    ];
    return dataApiContract.schemaRef(name);
  }
  if (
    answer.status === 200 &&
    (match.operation.operationId === 'getUtxosByAddresses' || match.operation.operationId === 'getUtxosByAddressesV2')
  ) {
    // An empty page fits both shapes, and oneOf refuses what two alternatives take (fuzz case 29#154):
    // the chain says which one the answer is.
    return dataApiContract.schemaRef(chainOfPath(match.pathParams.blockchainId!) === 'p' ? 'ListPChainUtxosResponse' : 'ListUtxosResponse');
  }
  if (answer.status === 200 && match.operation.operationId === 'getTxByHash') {
    const tx = answer.body as { chainFormat?: string; txType: string };
    const chain = chainOfPath(match.pathParams.blockchainId!);
    if (chain === 'p') return dataApiContract.schemaRef('PChainTransaction');
    if (chain === 'x')
      return dataApiContract.schemaRef(tx.chainFormat === 'linear' ? 'XChainLinearTransaction' : 'XChainNonLinearTransaction');
    return dataApiContract.schemaRef(tx.txType === 'ExportTx' ? 'CChainExportTransaction' : 'CChainImportTransaction');
  }
  return dataApiContract.responseSchema(match, answer.status);
}

/** A Metrics API answer's schema: the legacy route's from the usage guide, the rest from the spec. */
function metricsSchemaFor(request: RecordedRequest, answer: SandboxAnswer): Record<string, unknown> | undefined {
  if (/^\/v1\/avg_tps\//.test(request.path)) {
    if (answer.status === 200) return AVG_TPS_SCHEMA;
    const name = METRICS_ERRORS[answer.status];
    return name ? metricsApiContract.schemaRef(name) : undefined;
  }
  const match = metricsApiContract.match(request.method, request.path);
  return match ? metricsApiContract.responseSchema(match, answer.status) : undefined;
}

/**
 * Problems with one answer the sandbox gave, against its upstream's response schema for its
 * status; none for the node's, nor for a status the spec declares no body of (a fault a test injects).
 */
export function checkSandboxAnswer(request: RecordedRequest, answer: SandboxAnswer): string[] {
  const [on, schema] =
    request.service === 'data-api'
      ? [dataApiContract, dataSchemaFor(request, answer)]
      : request.service === 'metrics-api'
        ? [metricsApiContract, metricsSchemaFor(request, answer)]
        : [undefined, undefined];
  if (!on || !schema) return [];
  return on.validate(schema, answer.body).map((p) => `${request.operation} ${answer.status} answer: ${p}`);
}

/** A request as a problem names it: service, method, path and query. */
function shown(r: RecordedRequest): string {
  const query = new URLSearchParams(r.query).toString();
  return `${r.service} ${r.method} ${r.path}${query ? `?${query}` : ''}`;
}

/** The problems a sandbox's requests had since they were last looked at. */
export class RequestChecks {
  private problems: string[] = [];
  private readonly stop: () => void;

  constructor(sandbox: Sandbox) {
    this.stop = sandbox.observe({
      request: (r) => {
        for (const problem of checkSandboxRequest(r)) this.problems.push(`${problem}  (${shown(r)})`);
      },
      // A body a test wrote into a fault is off the spec on purpose: what the gateway makes of it is the test.
      answer: (r, a, written) => {
        if (written) return;
        for (const problem of checkSandboxAnswer(r, a)) this.problems.push(`${problem}  (${shown(r)})`);
      },
    });
  }

  /** The problems so far, forgotten here: a test that breaks the contract on purpose says which it meant. */
  take(): string[] {
    return this.problems.splice(0);
  }

  /** Throws when a request had a problem since the last look; `when` says when it was sent. */
  assertNone(when: string) {
    const problems = this.take();
    if (problems.length === 0) return;
    throw new Error(
      `The sandbox received ${problems.length === 1 ? 'a request' : 'requests'} its upstream's spec does not allow (${when}):\n  ${problems.join('\n  ')}`,
    );
  }

  /** Stops watching; what was found stays to be taken. */
  close() {
    this.stop();
  }
}

/** Whether a sandbox's requests are checked, and by which checks; `unchecked` when a test file opted out. */
const checked = new WeakMap<Sandbox, RequestChecks | 'unchecked'>();

/**
 * The checks of a sandbox's requests, started on first use (by whatever starts a sandbox for tests);
 * undefined when its file opted out. `created` says whether this call started them, and so owns them.
 */
export function checkRequests(sandbox: Sandbox): { checks?: RequestChecks; created: boolean } {
  const known = checked.get(sandbox);
  if (known === 'unchecked') return { created: false };
  if (known) return { checks: known, created: false };
  const checks = new RequestChecks(sandbox);
  checked.set(sandbox, checks);
  return { checks, created: true };
}

/**
 * For a test that sends requests the spec refuses on purpose: the problems its requests had so
 * far, taken so that the check after the test does not fail it. The test says which it meant.
 */
export function takeContractProblems(sandbox: Sandbox): string[] {
  const known = checked.get(sandbox);
  return known && known !== 'unchecked' ? known.take() : [];
}

export interface UseSandboxOptions extends SandboxOptions {
  /**
   * `checked` (the default): every Data API and Metrics API request is checked against the spec,
   * and a test fails when one it made has a problem. `unchecked`: only for a file that tests the
   * sandbox itself and sends it what the spec refuses to see how it refuses; say why where used.
   */
  contract?: 'checked' | 'unchecked';
  /**
   * `each` (the default): counts, log, knobs and the chains back to the start before each test.
   * `never`: for a file whose tests run against one long-lived gateway and read what the ones
   * before them left (counts compared to a `before`, a chain advanced once); each resets itself
   * where it needs to, as it did.
   */
  reset?: 'each' | 'never';
}

/**
 * One sandbox for the file (or the describe it is called in): started before the first test,
 * closed after the last, reset before each test unless told not to, and every request it receives
 * checked against the spec after each test. The handle is usable once the tests run.
 */
export function useSandbox(options: UseSandboxOptions = {}): Sandbox {
  const { contract = 'checked', reset = 'each', ...sandboxOptions } = options;
  let current: Sandbox | undefined;
  let checks: RequestChecks | undefined;
  const handle = new Proxy({} as Sandbox, {
    get: (_target, key) => {
      if (!current) throw new Error('the sandbox starts in beforeAll: use it inside hooks and tests');
      const value = Reflect.get(current, key, current) as unknown;
      return typeof value === 'function' ? value.bind(current) : value;
    },
    set: (_target, key, value) => {
      if (!current) throw new Error('the sandbox starts in beforeAll: use it inside hooks and tests');
      return Reflect.set(current, key, value, current);
    },
  });
  beforeAll(async () => {
    current = await startSandbox(sandboxOptions);
    if (contract === 'unchecked') {
      checked.set(current, 'unchecked');
      checked.set(handle, 'unchecked');
    } else {
      checks = checkRequests(current).checks;
      // A harness given the handle finds the same checks.
      if (checks) checked.set(handle, checks);
    }
  });
  if (reset === 'each') beforeEach(() => current?.reset());
  afterEach(({ task }) => checks?.assertNone(`during "${task.name}"`));
  afterAll(async () => {
    checks?.close();
    await current?.close();
    checks?.assertNone('after the last test');
  });
  return handle;
}
