/**
 * One request corpus through every entry, in every cache mode, on the gateway users run.
 *
 * Three `npm start` processes (the built dist/), alike but for the cache: CACHE=off, the default
 * (memory) and REDIS_URL (Redis, by default then). Each request of the corpus goes through every
 * entry that can carry it (src/yoga/lean-post.ts's JSON POST, a POST with an Origin through yoga's
 * whole request layer, GET, WebSocket, SSE, /subgraph), twice, and must be answered:
 * - alike in every cache mode, first time and again: a cache never changes an answer, a status,
 *   or whether an operation runs (only ETags, and the 304 they allow, come with a cache);
 * - as the README says for that entry where entries differ (a mutation is refused over GET, a
 *   subscription needs SSE or a WebSocket, `_service` and `_entities` live on /subgraph only);
 * - with the upstream calls it needs: a mutation or an admin read calls every time, a query
 *   answered once is not called again while a cache holds it.
 * Then the HTTP-level behaviours that the fast path must share with yoga's request layer: each
 * of the list in src/http/request-contract.ts, checked on both paths.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import { ENTRIES, PAGE_ORIGIN, type EntryName, type Outcome, type Sent } from '../helpers/entries.js';
import { withoutCost } from '../helpers/harness.js';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { client } from '../helpers/sockets.js';
import { BOTH_PATHS, type SharedBehaviourName } from '../../src/http/request-contract.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const ADMIN_TOKEN = 'admin-token-for-entries-0123456789';
const BEARER = { authorization: `Bearer ${ADMIN_TOKEN}` };
const world = getWorld('mainnet');
const subnet = world.subnets.find((s) => s.blockchains.length > 0)!;
const txHash = world.transactions.p[3]!.txHash;
const feeChain = [...getNodeWorld('mainnet').chains.values()].find((c) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
const MESSAGE = `0x${'00'.repeat(8)}${'ab'.repeat(40)}`;

type Mode = 'off' | 'memory' | 'redis';
const MODES: Mode[] = ['off', 'memory', 'redis'];
type Klass = 'query' | 'malformed' | 'multi-operation' | 'mutation' | 'admin' | 'subscription' | 'defer' | 'federation' | 'conditional';

interface Case {
  name: string;
  klass: Klass;
  sent: Sent;
  entries: EntryName[];
  /** What the entry answers; run on every answer, in every mode. */
  expect: (outcome: Outcome, entry: EntryName) => void;
  /** Its upstream call: made on every send (`every`: never kept), or only until a cache keeps the answer. */
  calls?: { operation: string; every: boolean };
}

const ALL: EntryName[] = ['post', 'origin', 'get', 'ws', 'sse', 'subgraph'];
const ok = (status: number | string) => status === 200 || status === 'next';
const codesOf = (body: unknown) =>
  ((body as { errors?: { extensions?: { code?: string } }[] })?.errors ?? []).map((e) => e.extensions?.code);

/** The data every entry must agree on, per case: the first entry's, filled in as answers come. */
const agreed = new Map<string, unknown>();
const sameData = (name: string) => (outcome: Outcome) => {
  expect(ok(outcome.status)).toBe(true);
  const { data, errors } = outcome.body as { data?: unknown; errors?: unknown };
  expect(errors).toBeUndefined();
  if (!agreed.has(name)) agreed.set(name, data);
  expect(data).toEqual(agreed.get(name));
};
/**
 * Refused with `codes` before it ran: over HTTP with `status` (yoga answers a document that does
 * not validate 200 to a client accepting application/json, as GraphQL over HTTP allows, and a
 * request it cannot read 400), over a socket with an `error` message.
 */
const refused =
  (codes: string[], status: number, overrides: Partial<Record<EntryName, number | string>> = {}) =>
  (o: Outcome, entry: EntryName) => {
    expect({ entry, status: o.status }).toEqual({ entry, status: overrides[entry] ?? (entry === 'ws' ? 'error' : status) });
    expect({ entry, codes: codesOf(o.body) }).toEqual({ entry, codes });
  };
/** graphql-transport-ws closes a socket whose message breaks its format (4400); over HTTP the request is refused. */
const malformed =
  (codes: string[], status: number, overrides: Partial<Record<EntryName, number | string>> = {}) =>
  (o: Outcome, entry: EntryName) =>
    entry === 'ws' ? expect(o.status).toBe('close 4400') : refused(codes, status, overrides)(o, entry);

const Q_AND_M = `query Q { network { subnet(subnetId: "${subnet.subnetId}") { subnetId } } }
mutation M { aggregateSignatures(input: { message: "${MESSAGE}" }) { signedMessage } }`;
const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);

const CORPUS: Case[] = [
  {
    name: 'a subnet and its chains',
    klass: 'query',
    sent: { query: `{ network { subnet(subnetId: "${subnet.subnetId}") { subnetId isL1 blockchains { blockchainId } } } }` },
    entries: ALL,
    expect: sameData('a subnet and its chains'),
    calls: { operation: 'listSubnets', every: false },
  },
  {
    name: 'a transaction by variable',
    klass: 'query',
    sent: {
      query: 'query Tx($tx: CB58Id!) { network { transaction(chain: P_CHAIN, txHash: $tx) { txHash } } }',
      variables: { tx: txHash },
    },
    entries: ALL,
    expect: sameData('a transaction by variable'),
    calls: { operation: 'getTxByHash', every: false },
  },
  {
    name: 'the node: P-Chain height',
    klass: 'query',
    sent: { query: '{ network { pChain { height } } }' },
    entries: ALL,
    expect: sameData('the node: P-Chain height'),
    calls: { operation: 'platform.getHeight', every: false },
  },
  {
    name: 'a refused argument',
    klass: 'query',
    sent: { query: '{ network { subnets(first: 0) { nodes { subnetId } } } }' },
    entries: ALL,
    expect: (o) => expect(codesOf(o.body)).toEqual(['BAD_USER_INPUT']),
  },
  {
    // 4 KB, 12 KB as a GET's URL: graphql-js's recursive parser ran out of stack on it in a cold
    // gateway (HTTP 500) before the token limit read that far. Refused before it is parsed.
    name: 'a list literal nested 2000 deep',
    klass: 'query',
    sent: { query: `{ network(name: ${'['.repeat(2000)}MAINNET${']'.repeat(2000)}) { name } }` },
    entries: ALL,
    expect: (o) =>
      expect((o.body as { errors?: { extensions?: object }[] }).errors?.map((e) => e.extensions)).toEqual([
        { code: 'QUERY_LIMIT_EXCEEDED', limit: 'nesting' },
      ]),
  },
  {
    name: 'a field that does not exist',
    klass: 'query',
    sent: { query: '{ network { nope } }' },
    entries: ALL,
    expect: refused(['GRAPHQL_VALIDATION_FAILED'], 200),
  },
  {
    name: 'a query that is not a string',
    klass: 'malformed',
    sent: { query: 42 },
    entries: ['post', 'origin', 'ws', 'sse', 'subgraph'],
    expect: malformed(['BAD_REQUEST'], 400),
  },
  {
    name: 'an operation name that is not a string',
    klass: 'malformed',
    sent: { query: '{ __typename }', operationName: 5 },
    entries: ['post', 'origin', 'ws', 'sse', 'subgraph'],
    expect: malformed(['OPERATION_RESOLUTION_FAILURE'], 400),
  },
  {
    name: 'variables that are not an object',
    klass: 'malformed',
    sent: { query: '{ __typename }', variables: 'x' },
    entries: ['post', 'origin', 'ws', 'sse', 'subgraph'],
    expect: malformed(['BAD_REQUEST'], 400),
  },
  {
    name: 'variables nested 3000 deep',
    klass: 'malformed',
    sent: { query: 'query($v: JSON) { __typename }', variables: { v: deep(3000) } },
    entries: ['post', 'origin', 'ws', 'sse', 'subgraph'],
    expect: (o) => expect(codesOf(o.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']),
  },
  {
    name: 'no query',
    klass: 'malformed',
    sent: {},
    entries: ['post', 'origin', 'get', 'sse', 'subgraph'],
    // The graph takes trusted documents by id (TRUSTED_DOCUMENTS=allow) and says so; the subgraph does not.
    expect: (o, entry) =>
      entry === 'subgraph' ? refused(['BAD_REQUEST'], 200)(o, entry) : refused(['PERSISTED_QUERY_ID_REQUIRED'], 400)(o, entry),
  },
  {
    name: 'broken JSON',
    klass: 'malformed',
    sent: { raw: '{"query": ' },
    entries: ['post', 'origin', 'sse', 'subgraph'],
    // An event stream reports its errors in the stream.
    expect: refused(['BAD_REQUEST'], 400, { sse: 200 }),
  },
  {
    name: 'Q of a document with a query and a mutation',
    klass: 'multi-operation',
    sent: { query: Q_AND_M, operationName: 'Q' },
    entries: ALL,
    expect: sameData('Q of a document with a query and a mutation'),
  },
  {
    name: 'M of a document with a query and a mutation',
    klass: 'multi-operation',
    sent: { query: Q_AND_M, operationName: 'M' },
    entries: ALL,
    expect: (o, entry) => {
      if (entry === 'get') return refused(['BAD_REQUEST'], 405)(o, entry);
      expect(ok(o.status)).toBe(true);
      expect(Object.keys((o.body as { data: object }).data)).toEqual(['aggregateSignatures']);
    },
    calls: { operation: 'aggregateSignatures', every: true },
  },
  {
    name: 'a mutation',
    klass: 'mutation',
    sent: { query: `mutation { aggregateSignatures(input: { message: "${MESSAGE}" }) { signedMessage } }` },
    entries: ['post', 'origin', 'get', 'ws', 'sse'],
    expect: (o, entry) => {
      if (entry === 'get') return refused(['BAD_REQUEST'], 405)(o, entry);
      expect(ok(o.status)).toBe(true);
      expect((o.body as any).data.aggregateSignatures.signedMessage).toMatch(/^[0-9a-f]+$/);
    },
    calls: { operation: 'aggregateSignatures', every: true },
  },
  {
    name: 'an admin read with the token',
    klass: 'admin',
    sent: { query: '{ network { admin { loggerLevels(loggerName: "C") { name } } } }', headers: BEARER },
    entries: ['post', 'origin', 'get', 'ws', 'sse'],
    expect: sameData('an admin read with the token'),
    calls: { operation: 'admin.getLoggerLevel', every: true },
  },
  {
    name: 'an admin read without it',
    klass: 'admin',
    sent: { query: '{ network { admin { loggerLevels(loggerName: "C") { name } } } }' },
    entries: ['post', 'origin', 'get', 'ws', 'sse'],
    expect: (o) => expect(codesOf(o.body)).toEqual(['FORBIDDEN']),
  },
  {
    name: 'an admin mutation with the token',
    klass: 'admin',
    sent: { query: 'mutation { nodeSetLoggerLevel(network: MAINNET, loggerName: "C", logLevel: INFO) { name } }', headers: BEARER },
    entries: ['post', 'origin', 'get', 'ws', 'sse'],
    expect: (o, entry) => {
      if (entry === 'get') return refused(['BAD_REQUEST'], 405)(o, entry);
      expect(ok(o.status)).toBe(true);
      expect(codesOf(o.body)).toEqual([]);
    },
    calls: { operation: 'admin.setLoggerLevel', every: true },
  },
  {
    name: 'a fee config subscription',
    klass: 'subscription',
    sent: { query: `subscription { feeConfig(blockchainId: "${feeChain.blockchain.blockchainId}") { minBaseFee } }` },
    entries: ['post', 'origin', 'ws', 'sse'],
    expect: (o, entry) => {
      if (entry === 'post' || entry === 'origin') {
        expect(o.status).toBe(406);
        return;
      }
      expect(ok(o.status)).toBe(true);
      expect((o.body as any).data.feeConfig.minBaseFee).toMatch(/^\d+$/);
    },
  },
  {
    name: 'a deferred fragment',
    klass: 'defer',
    sent: { query: `{ network { subnet(subnetId: "${subnet.subnetId}") { subnetId ... @defer { isL1 } } } }` },
    entries: ['post', 'origin', 'get', 'ws', 'sse'],
    expect: sameData('a deferred fragment'),
  },
  {
    name: 'a stream with a negative initialCount',
    klass: 'defer',
    sent: { query: '{ network { subnets(first: 2) { edges @stream(initialCount: -1) { node { subnetId } } } } }' },
    entries: ['post', 'origin', 'get', 'ws', 'sse'],
    // Refused when it would run, before the subnets are fetched: an error of its result.
    expect: (o) => {
      expect(ok(o.status)).toBe(true);
      expect(codesOf(o.body)).toEqual(['BAD_USER_INPUT']);
    },
  },
  {
    name: 'the subgraph SDL',
    klass: 'federation',
    sent: { query: '{ _service { sdl } }' },
    // Asked of /subgraph first: the graph must still refuse it.
    entries: ['subgraph', 'post', 'origin', 'get', 'ws', 'sse'],
    expect: (o, entry) => {
      if (entry === 'subgraph') {
        expect(o.status).toBe(200);
        expect((o.body as any).data._service.sdl).toMatch(/@key\(fields: "network subnetId"\)/);
      } else refused(['GRAPHQL_VALIDATION_FAILED'], 200)(o, entry);
    },
  },
  {
    name: 'an entity',
    klass: 'federation',
    sent: {
      query: 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Subnet { subnetId } } }',
      variables: { r: [{ __typename: 'Subnet', network: 'MAINNET', subnetId: subnet.subnetId }] },
    },
    entries: ['subgraph', 'post', 'origin', 'get', 'ws', 'sse'],
    expect: (o, entry) => {
      if (entry === 'subgraph') expect((o.body as any).data._entities).toEqual([{ subnetId: subnet.subnetId }]);
      else refused(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED'], 200)(o, entry);
    },
  },
];

/** What is compared across cache modes: everything but the ETag (which only a cache gives). */
/** What must agree between cache modes and entries: what a request cost (its calls, the cache's hits) may differ, as the README says. */
const comparable = ({ status, body, vary }: Outcome) => ({ status, body: withoutCost(body), vary });

// Not reset before each test: the three gateways and their caches live through the file, the
// chains one test advances stay advanced, and calls are counted from a `before`.
const sandbox = useSandbox({ reset: 'never' });
const redis = useRedis();
const gateways = {} as Record<Mode, GatewayProcess>;
/** Every answer: mode → case → entry → [first, again], with the upstream calls each made. */
const answers = {} as Record<Mode, Map<string, Map<EntryName, { outcome: Outcome; calls: number }[]>>>;
/** Requests sent: mode → class → entry → count, for the table. */
const sentCount = {} as Record<Mode, Map<Klass, Map<EntryName, number>>>;

// Fee changes are polled every half second, so a subscription's next event comes within a test.
const settings = { FEDERATION: 'true', ADMIN_TOKEN, CORS_ORIGINS: PAGE_ORIGIN, LIVE_POLL_FEE_CONFIG_MS: '500' };

function count(mode: Mode, klass: Klass, entry: EntryName) {
  const byClass = (sentCount[mode] ??= new Map());
  const byEntry = byClass.get(klass) ?? new Map<EntryName, number>();
  byClass.set(klass, byEntry);
  byEntry.set(entry, (byEntry.get(entry) ?? 0) + 1);
}

beforeAll(async () => {
  const [off, memory, shared] = await Promise.all([
    startGatewayProcess(sandbox, { ...settings, CACHE: 'off' }),
    startGatewayProcess(sandbox, settings),
    startGatewayProcess(sandbox, { ...settings, REDIS_URL: redis.url }),
  ]);
  Object.assign(gateways, { off, memory, redis: shared });
  await untilRedisConnected(shared);
  for (const mode of MODES) {
    answers[mode] = new Map();
    for (const c of CORPUS) {
      const byEntry = new Map<EntryName, { outcome: Outcome; calls: number }[]>();
      answers[mode].set(c.name, byEntry);
      for (const entry of c.entries) {
        const runs: { outcome: Outcome; calls: number }[] = [];
        for (let run = 0; run < 2; run++) {
          const before = c.calls ? sandbox.count(c.calls.operation) : 0;
          const outcome = await ENTRIES[entry](gateways[mode].origin, c.sent);
          // Writes to Redis are not awaited by the request that made them.
          if (mode === 'redis') await sleep(20);
          runs.push({ outcome, calls: c.calls ? sandbox.count(c.calls.operation) - before : 0 });
          count(mode, c.klass, entry);
        }
        byEntry.set(entry, runs);
      }
    }
  }
}, 120_000);

afterAll(async () => {
  if (process.env.DUMP_ENTRIES) {
    for (const c of CORPUS)
      for (const entry of c.entries)
        console.log(c.name, entry, JSON.stringify(answers.off.get(c.name)!.get(entry)![0]!.outcome).slice(0, 300));
  }
  await Promise.all(Object.values(gateways).map((g) => g.stop()));
  printTable();
});

function printTable() {
  if (!sentCount.off) return;
  const klasses = [...new Set(CORPUS.map((c) => c.klass)), 'conditional' as Klass];
  const lines = [
    `| class | ${MODES.flatMap((m) => ALL.map((e) => `${m}/${e}`)).join(' | ')} |`,
    `|---|${MODES.flatMap(() => ALL.map(() => '---:')).join('|')}|`,
  ];
  for (const klass of klasses) {
    lines.push(`| ${klass} | ${MODES.flatMap((m) => ALL.map((e) => sentCount[m]?.get(klass)?.get(e) ?? 0)).join(' | ')} |`);
  }
  const total = MODES.reduce(
    (n, m) => n + [...(sentCount[m]?.values() ?? [])].reduce((a, e) => a + [...e.values()].reduce((x, y) => x + y, 0), 0),
    0,
  );
  console.log(`Requests of the corpus by class, cache mode and entry (${total} in all):\n${lines.join('\n')}`);
}

describe.each([...new Set(CORPUS.map((c) => c.klass))])('%s requests', (klass) => {
  const cases = CORPUS.filter((c) => c.klass === klass);

  it.each(cases.map((c) => [c.name, c] as const))('%s: answered alike in every cache mode, first time and again', (_name, c) => {
    for (const entry of c.entries) {
      const reference = comparable(answers.off.get(c.name)!.get(entry)![0]!.outcome);
      for (const mode of MODES) {
        for (const { outcome } of answers[mode].get(c.name)!.get(entry)!) {
          expect({ mode, entry, ...comparable(outcome) }).toEqual({ mode, entry, ...reference });
        }
      }
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: answered as each entry should', (_name, c) => {
    for (const mode of MODES) {
      for (const entry of c.entries) {
        for (const { outcome } of answers[mode].get(c.name)!.get(entry)!) c.expect(outcome, entry);
      }
    }
  });

  const calling = cases.filter((c) => c.calls);
  if (calling.length > 0) {
    it.each(calling.map((c) => [c.name, c] as const))('%s: makes the upstream calls it needs, and no more', (_name, c) => {
      for (const mode of MODES) {
        const runs = c.entries.flatMap((entry) =>
          answers[mode]
            .get(c.name)!
            .get(entry)!
            .map((r) => ({ entry, ...r })),
        );
        const ran = runs.filter((r) => ok(r.outcome.status));
        if (c.calls!.every) {
          // Never kept: every send that ran called once, in every mode.
          expect(ran.map((r) => [r.entry, r.calls])).toEqual(ran.map((r) => [r.entry, 1]));
        } else if (mode === 'off') {
          expect(ran.every((r) => r.calls === ran[0]!.calls && r.calls > 0)).toBe(true);
        } else {
          // Kept: only the very first send called (the data cache also serves /subgraph).
          expect(ran.slice(1).map((r) => [r.entry, r.calls])).toEqual(ran.slice(1).map((r) => [r.entry, 0]));
        }
      }
    });
  }
});

describe('conditional requests', () => {
  const query = `{ network { subnet(subnetId: "${subnet.subnetId}") { subnetId isL1 } } }`;
  const other = '{ network { name } }';
  const send = (mode: Mode, entry: EntryName, sent: Sent) => {
    count(mode, 'conditional', entry);
    return ENTRIES[entry](gateways[mode].origin, sent);
  };

  it.each(MODES)(
    'CACHE=%s: a 304 only to the client that holds the answer it would get, never to another query or a mutation',
    async (mode) => {
      for (const entry of ['get', 'origin', 'post'] as const) {
        const first = await send(mode, entry, { query });
        expect(first.status).toBe(200);
        if (mode === 'off') {
          // Nothing is kept: no ETag to hold.
          expect(first.etag).toBeNull();
          continue;
        }
        const etag = first.etag!;
        expect(etag).toMatch(/^W\/"[\w-]+"$/);
        expect(await send(mode, entry, { query, headers: { 'if-none-match': etag } })).toMatchObject({ status: 304, body: null, etag });
        // Another query with that ETag is answered in full.
        const unrelated = await send(mode, entry, { query: other, headers: { 'if-none-match': etag } });
        expect(unrelated).toMatchObject({ status: 200, body: { data: { network: { name: 'MAINNET' } } } });
        // An ETag nobody was given is no match either.
        expect((await send(mode, entry, { query, headers: { 'if-none-match': 'W/"made-up"' } })).status).toBe(200);
        if (entry !== 'get') {
          const before = sandbox.count('aggregateSignatures');
          const mutation = await send(mode, entry, {
            query: `mutation { aggregateSignatures(input: { message: "${MESSAGE}" }) { signedMessage } }`,
            headers: { 'if-none-match': etag },
          });
          expect(mutation.status).toBe(200);
          expect(sandbox.count('aggregateSignatures')).toBe(before + 1);
        }
      }
    },
  );
});

describe('HTTP-level behaviours on the fast path and through yoga’s request layer (src/http/request-contract.ts)', () => {
  // The same JSON POST, but for its accept header: `application/json` takes the fast path, a list of two types goes to yoga.
  const paths = { lean: 'application/json', yoga: 'application/graphql-response+json, application/json;q=0.9' };
  type Path = keyof typeof paths;
  const big = `{ network { subnets(first: 50) { nodes { subnetId isL1 blockchains { blockchainId blockchainName } } } } }`;
  const postAs = (gw: GatewayProcess, accept: string, query: string, headers: Record<string, string> = {}) =>
    fetch(gw.url, { method: 'POST', headers: { 'content-type': 'application/json', accept, ...headers }, body: JSON.stringify({ query }) });
  /** A query of its own per path and check: no answer kept by another one. */
  const queryOf = (path: Path, behaviour: string) => big.replace('subnets(', `${path}_${behaviour}: subnets(`);
  const scrape = (gw: GatewayProcess) => fetch(`${gw.origin}/metrics`).then((r) => r.text());
  const anonymousOk = { graphql_operation_name: '(anonymous)', graphql_operation_type: 'query', outcome: 'ok' };
  // Rate limits need a gateway of their own, with no cache (both paths' requests make their call,
  // so they cost alike), and each path its own client (its own loopback address): the limits count by address.
  let limited: Promise<GatewayProcess> | undefined;
  const clients = { lean: client('127.0.0.2'), yoga: client('127.0.0.3') };
  const charged: Partial<Record<Path, number[]>> = {};
  afterAll(async () => {
    await Promise.all(Object.values(clients).map((c) => c.close()));
    await (await limited)?.stop();
  });

  /** How each behaviour is seen on one path; typed by the list, so a behaviour without its check does not compile. */
  const checks: Record<SharedBehaviourName, (path: Path, accept: string) => Promise<void>> = {
    async requestId(path, accept) {
      const gw = gateways.memory;
      const given = await postAs(gw, accept, '{ __typename }', { 'x-request-id': `given-${path}` });
      expect({ path, id: given.headers.get('x-request-id') }).toEqual({ path, id: `given-${path}` });
      const made = await postAs(gw, accept, '{ __typename }', { 'x-request-id': 'not\twell-formed' });
      expect({ path, id: made.headers.get('x-request-id') }).toEqual({ path, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    },
    async httpMetrics(path, accept) {
      const gw = gateways.memory;
      const labels = { http_request_method: 'POST', http_response_status_code: '200', http_route: '/graphql' };
      const before = sample(await scrape(gw), 'http_server_request_duration_seconds_count', labels);
      await (await postAs(gw, accept, '{ __typename }')).text();
      await sleep(20);
      const after = sample(await scrape(gw), 'http_server_request_duration_seconds_count', labels);
      expect({ path, counted: after - before }).toEqual({ path, counted: 1 });
    },
    async rateLimits(path, accept) {
      const gw = await (limited ??= startGatewayProcess(sandbox, { RATE_LIMIT_PER_SECOND: '0.1', RATE_LIMIT_BURST: '3', CACHE: 'off' }));
      const answers = [];
      for (let i = 0; i < 10 && answers.at(-1)?.status !== 429; i++) answers.push(await clients[path].post(gw.url, { accept }));
      charged[path] = answers.map((a) => a.status);
      const refused = answers.at(-1)!;
      expect({ path, status: refused.status }).toEqual({ path, status: 429 });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
      // Charged alike: the same requests are served before the same refusal.
      if (charged.lean && charged.yoga) expect(charged.lean).toEqual(charged.yoga);
    },
    async methods(path, accept) {
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await fetch(gateways.memory.url, {
          method,
          headers: { 'content-type': 'application/json', accept },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        expect({ path, method, status: res.status, allow: res.headers.get('allow') }).toEqual({
          path,
          method,
          status: 405,
          allow: 'GET, POST',
        });
        expect((await res.json()).errors[0].extensions).toEqual({ code: 'METHOD_NOT_ALLOWED', method, allowed: ['GET', 'POST'] });
      }
    },
    async bodyLimit(path, accept) {
      const res = await postAs(gateways.memory, accept, `{ __typename } #${'x'.repeat(1024 * 1024)}`);
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      expect((await res.json()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    },
    async requestEncoding(path, accept) {
      const url = gateways.memory.url;
      const body = JSON.stringify({ query: queryOf(path, 'requestEncoding') });
      const send = (coding: string, bytes: Buffer) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept, 'content-encoding': coding },
          body: new Uint8Array(bytes),
        });
      for (const [coding, bytes] of [
        ['gzip', gzipSync(body)],
        ['deflate', deflateSync(body)],
        ['br', brotliCompressSync(body)],
        ['gzip, br', brotliCompressSync(gzipSync(body))],
      ] as const) {
        const res = await send(coding, bytes);
        expect({ path, coding, status: res.status }).toEqual({ path, coding, status: 200 });
        expect((await res.json()).data.network[`${path}_requestEncoding`].nodes.length).toBeGreaterThan(0);
      }
      const unknown = await send('compress', Buffer.from(body));
      expect({ path, status: unknown.status, accepted: unknown.headers.get('accept-encoding') }).toEqual({
        path,
        status: 415,
        accepted: 'gzip, deflate, br',
      });
      expect((await unknown.json()).errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const mislabelled = await send('gzip', Buffer.from(body));
      expect({ path, status: mislabelled.status }).toEqual({ path, status: 400 });
      expect((await mislabelled.json()).errors[0].extensions.code).toBe('BAD_REQUEST');
      // 4 KB that inflate to 4 MB: refused at the limit, never inflated whole.
      const bomb = await send('gzip', gzipSync(`{"query":"{ __typename }","x":"${' '.repeat(4 * 1024 * 1024)}"}`));
      expect({ path, status: bomb.status }).toEqual({ path, status: 413 });
      expect((await bomb.json()).errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', limit: 1024 * 1024 });
    },
    async compression(path, accept) {
      const res = await postAs(gateways.memory, accept, queryOf(path, 'compression'), { 'accept-encoding': 'gzip' });
      expect({ path, status: res.status, encoding: res.headers.get('content-encoding') }).toEqual({ path, status: 200, encoding: 'gzip' });
      expect(JSON.parse(await res.text()).data).toBeDefined();
    },
    async vary(path, accept) {
      const res = await postAs(gateways.memory, accept, '{ __typename }');
      expect({ path, vary: res.headers.get('vary') }).toEqual({ path, vary: expect.stringMatching(/\bOrigin\b/) });
    },
    async csrf(path, accept) {
      expect({ path, status: (await postAs(gateways.memory, accept, '{ __typename }')).status }).toEqual({ path, status: 200 });
      const form = await fetch(gateways.memory.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', accept },
        body: '{"query":"{ __typename }"}',
      });
      expect({ path, status: form.status }).toEqual({ path, status: 415 });
    },
    async etag(path, accept) {
      const gw = gateways.memory;
      const query = queryOf(path, 'etag');
      const res = await postAs(gw, accept, query, { 'accept-encoding': 'gzip' });
      expect({ path, etag: res.headers.get('etag') }).toEqual({ path, etag: expect.stringMatching(/^W\//) });
      const again = await postAs(gw, accept, query, { 'accept-encoding': 'gzip' });
      expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
      // The same answer; and a hit costs what the hit before it did: the same bytes.
      const [first, second, third] = [
        await res.text(),
        await again.text(),
        await (await postAs(gw, accept, query, { 'accept-encoding': 'gzip' })).text(),
      ];
      expect(withoutCost(JSON.parse(second))).toEqual(withoutCost(JSON.parse(first)));
      expect(third).toBe(second);
    },
    async cacheControl(path, accept) {
      const gw = gateways.memory;
      const query = queryOf(path, 'cacheControl');
      // The subnet list: fresh for 30 s, served stale for 5 min; a hit says what is left of that.
      for (const run of ['first', 'hit']) {
        const res = await postAs(gw, accept, query);
        expect({ path, run, header: res.headers.get('cache-control') }).toEqual({
          path,
          run,
          header: expect.stringMatching(/^public, max-age=([1-9]|[12]\d|30), stale-while-revalidate=300$/),
        });
      }
      const own = await postAs(gw, accept, query, { 'x-service-api-key': `key-of-${path}` });
      expect({ path, own: own.headers.get('cache-control') }).toEqual({ path, own: expect.stringMatching(/^private, max-age=\d+$/) });
      // An error (validation, parse), and a mutation.
      for (const refused of ['{ nope }', '{', 'mutation { __typename }']) {
        const res = await postAs(gw, accept, refused);
        expect({ path, refused, header: res.headers.get('cache-control') }).toEqual({ path, refused, header: 'no-store' });
      }
    },
    async requestLog(path, accept) {
      const gw = gateways.memory;
      // Named, so that only its own lines count: another check's line may still be on its way
      // through the process's stdout when this one starts.
      const operation = `RequestLog_${path}_${accept.replace(/\W/g, '_')}`;
      const logged = () => gw.logs.filter((l) => l.msg === 'graphql request' && l.operation === operation).length;
      for (let i = 0; i < 3; i++) await (await postAs(gw, accept, `query ${operation} ${queryOf(path, 'log')}`)).text();
      for (let waited = 0; logged() < 3 && waited < 2_000; waited += 50) await sleep(50);
      await sleep(50);
      expect({ path, logged: logged() }).toEqual({ path, logged: 3 });
    },
    async graphqlMetrics(path, accept) {
      const gw = gateways.memory;
      const before = sample(await scrape(gw), 'graphql_server_requests_total', anonymousOk);
      for (let i = 0; i < 3; i++) await (await postAs(gw, accept, queryOf(path, 'metrics'))).text();
      const after = sample(await scrape(gw), 'graphql_server_requests_total', anonymousOk);
      expect({ path, counted: after - before }).toEqual({ path, counted: 3 });
    },
  };

  it.each(Object.keys(BOTH_PATHS) as SharedBehaviourName[])('%s: observed on both paths', async (name) => {
    for (const [path, accept] of Object.entries(paths) as [Path, string][]) await checks[name](path, accept);
  });
});

describe('GraphQL over HTTP (graphql-http audits)', () => {
  it.each(MODES)('CACHE=%s: passes every audit (61 of 61) for a client that sends the CSRF header', async (mode) => {
    const audits = serverAudits({
      url: gateways[mode].url,
      fetchFn: (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set('x-graphql-yoga-csrf', '1');
        return fetch(input, { ...init, headers });
      },
    });
    const results = await Promise.all(audits.map((a) => a.fn()));
    expect({ count: results.length, notOk: results.filter((r) => r.status !== 'ok').map((r) => `${r.id} ${r.status}`) }).toEqual({
      count: 61,
      notOk: [],
    });
  });
});

describe('one WebSocket, several operations', () => {
  it.each(MODES)('CACHE=%s: a query and a mutation run beside a subscription, which goes on', async (mode) => {
    const ws = new WebSocket(`${gateways[mode].origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: { type: string; id?: string; payload?: any }[] = [];
    const arrived = async (test: (m: (typeof messages)[number]) => boolean) => {
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(10)) {
        const found = messages.find(test);
        if (found) return found;
      }
      throw new Error(`no such message; got ${JSON.stringify(messages)}`);
    };
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => ws.on('open', resolve));
    try {
      ws.send(JSON.stringify({ type: 'connection_init' }));
      await arrived((m) => m.type === 'connection_ack');
      const subscription = `subscription { feeConfig(blockchainId: "${feeChain.blockchain.blockchainId}") { minBaseFee } }`;
      ws.send(JSON.stringify({ type: 'subscribe', id: 'fees', payload: { query: subscription } }));
      const first = await arrived((m) => m.id === 'fees' && m.type === 'next');
      for (const run of [1, 2]) {
        ws.send(JSON.stringify({ type: 'subscribe', id: `q${run}`, payload: { query: '{ network { name } }' } }));
        expect(withoutCost((await arrived((m) => m.id === `q${run}` && m.type === 'next')).payload)).toEqual({
          data: { network: { name: 'MAINNET' } },
        });
      }
      const before = sandbox.count('aggregateSignatures');
      const mutation = `mutation { aggregateSignatures(input: { message: "${MESSAGE}" }) { signedMessage } }`;
      ws.send(JSON.stringify({ type: 'subscribe', id: 'm', payload: { query: mutation } }));
      expect((await arrived((m) => m.id === 'm' && m.type === 'next')).payload.data.aggregateSignatures.signedMessage).toMatch(
        /^[0-9a-f]+$/,
      );
      expect(sandbox.count('aggregateSignatures')).toBe(before + 1);
      // The subscription is still there: its next change arrives.
      sandbox.live.advance(5);
      const changed = await arrived((m) => m.id === 'fees' && m.type === 'next' && m !== first);
      expect(changed.payload.data.feeConfig.minBaseFee).not.toBe(first.payload.data.feeConfig.minBaseFee);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.close(1000);
      await closed;
    }
  });
});

describe('an accept header that takes no type a GraphQL answer is written in', () => {
  it('406 NOT_ACCEPTABLE with the types, before anything runs: a mutation is not done', async () => {
    const gw = gateways.memory;
    const mutation = JSON.stringify({ query: `mutation { aggregateSignatures(input: { message: "${MESSAGE}" }) { signedMessage } }` });
    for (const accept of ['application/xml', 'text/html', 'image/*', 'application/json; charset=latin1', 'json']) {
      const before = sandbox.count('aggregateSignatures');
      const res = await fetch(gw.url, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: mutation });
      expect({ accept, status: res.status, types: res.headers.get('accept') }).toEqual({
        accept,
        status: 406,
        types: 'application/json, application/graphql-response+json, multipart/mixed, text/event-stream',
      });
      const error = (await res.json()).errors[0];
      expect(error.extensions).toEqual({
        code: 'NOT_ACCEPTABLE',
        accepted: ['application/json', 'application/graphql-response+json', 'multipart/mixed', 'text/event-stream'],
      });
      expect(error.message).toContain(JSON.stringify(accept));
      expect({ accept, calls: sandbox.count('aggregateSignatures') - before }).toEqual({ accept, calls: 0 });
    }
    const get = await fetch(`${gw.url}?query=${encodeURIComponent('{ network { name } }')}`, {
      headers: { accept: 'application/xml', 'x-graphql-yoga-csrf': '1' },
    });
    expect(get.status).toBe(406);
    // Every type an answer is written in, a wildcard, and no accept header at all are still answered.
    for (const accept of [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/graphql-response+json;charset=utf-8',
      'application/xml, application/json',
      '*/*',
      'application/*',
      'text/event-stream',
      'multipart/mixed;deferSpec=20220824, application/json',
      '',
    ]) {
      const res = await fetch(gw.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
        body: JSON.stringify({ query: '{ network { name } }' }),
      });
      expect({ accept, status: res.status }).toEqual({ accept, status: 200 });
      await res.text();
    }
  });
});
