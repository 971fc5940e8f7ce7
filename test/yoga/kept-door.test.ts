/**
 * A kept answer handed out at the door (src/yoga/kept-door.ts) is the answer the pipeline gives
 * the same request from the same cache, with the same counts, log line and headers; and only
 * requests the pipeline would answer from the cache are taken there.
 *
 * In-process (the harness's gateway behind its server, over a socket), not a gateway process: the
 * test must see which way a request went, and nothing outside the process shows it (that is the
 * point). What shows it here: the door makes no request context, the pipeline always makes one
 * (`Reuse.forRequest`). test/http/entries.test.ts runs the whole corpus through the built gateway
 * in every cache mode, each request twice, so there the second JSON POST of every kept query is
 * answered at the door, and must answer as the first and as every other entry.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Kind, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Reuse } from '../../src/reuse/reads.js';
import { keptDoor, type DoorOptions } from '../../src/yoga/kept-door.js';
import { keptTerms, type KeptRequest, type PreparedQuery } from '../../src/yoga/fast-path-terms.js';
import { ClientIdentity } from '../../src/guards/identity.js';
import { getWorld } from '../../sandbox/world/world.js';
import { serve, startHarness, type Harness, type Served } from '../helpers/harness.js';
import { servedSchema } from '../fuzz/fuzzer.js';
import { QueryGenerator, type Generated } from '../fuzz/generate.js';
import { Rng } from '../fuzz/random.js';
import { worldSamples } from '../fuzz/world-samples.js';

const world = getWorld('mainnet');
const lines: Record<string, unknown>[] = [];
let h: Harness;
let served: Served;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  h = await startHarness({ CACHE: 'memory', DATA_API_KEY: 'operator-key' }, { logger: pino({ level: 'info' }, stream) });
  served = await serve(h);
});
afterAll(async () => {
  await served.gw.drain(100);
  await h.close();
});

interface Sent {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Request contexts made while it was answered: 0 at the door. */
  contexts: number;
  /** Its request-log line, without what differs between any two requests. */
  line: Record<string, unknown> | undefined;
  /** What /metrics counted for it. */
  counted: Map<string, number>;
}

/** Every sample of a counter, or of a histogram's count (or its sum, but for durations), by its line's name and labels. */
function counters(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line) continue;
    const at = line.lastIndexOf(' ');
    const name = line.slice(0, at);
    const series = name.replace(/\{.*$/, '');
    const counts = series.endsWith('_total') || series.endsWith('_count') || (series.endsWith('_sum') && !series.includes('seconds'));
    if (counts) out.set(name, Number(line.slice(at + 1)));
  }
  return out;
}

function difference(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, value] of after) {
    const delta = value - (before.get(name) ?? 0);
    if (delta !== 0) out.set(name, delta);
  }
  return out;
}

const scrape = async () => counters(await (await fetch(`${served.origin}/metrics`)).text());

/** A JSON POST, with what it made, logged and counted. `accept: application/json, *\/*` goes through yoga's whole request layer. */
async function send(body: Generated, headers: Record<string, string> = {}): Promise<Sent> {
  const spy = vi.spyOn(Reuse.prototype, 'forRequest');
  const before = await scrape();
  lines.length = 0;
  try {
    const res = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const contexts = spy.mock.calls.length;
    spy.mockRestore();
    const counted = difference(await scrape(), before);
    const logged = lines.find((l) => l.msg === 'graphql request');
    const line = logged && Object.fromEntries(Object.entries(logged).filter(([k]) => !['ms', 'request_id', 'time', 'pid'].includes(k)));
    const kept: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'x-request-id') kept[name] = value;
    });
    return { status: res.status, headers: kept, text, contexts, line, counted };
  } finally {
    spy.mockRestore();
  }
}

/** The header as the pipeline would write it a moment later: max-age counts down by whole seconds. */
function sameCacheControl(door: string | undefined, pipeline: string | undefined) {
  const age = (v: string | undefined) => Number(/max-age=(\d+)/.exec(v ?? '')?.[1] ?? Number.NaN);
  expect(door?.replace(/max-age=\d+/, '')).toBe(pipeline?.replace(/max-age=\d+/, ''));
  if (door?.includes('max-age')) expect(Math.abs(age(door) - age(pipeline))).toBeLessThanOrEqual(1);
}

describe('an answer the response cache holds, at the door', () => {
  const subnet = world.subnets.find((s) => s.blockchains.length > 0)!;

  it('is answered there, as the pipeline answers it from the cache: body, headers, counts and log line', async () => {
    const body = {
      query: `query Chains($id: CB58Id!) { network { subnet(subnetId: $id) { subnetId blockchains { blockchainId } } } }`,
      variables: { id: subnet.subnetId },
    };
    const first = await send(body);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBeDefined();
    expect(first.contexts).toBe(1);
    const door = await send(body);
    const pipeline = await send(body, { accept: 'application/json, */*' });
    expect(door.contexts).toBe(0);
    expect(pipeline.contexts).toBe(1);
    expect(door.status).toBe(200);
    expect(door.text).toBe(pipeline.text);
    expect(JSON.parse(door.text).extensions.cost.actual).toEqual({ calls: 0, cacheHits: 1 });
    sameCacheControl(door.headers['cache-control'], pipeline.headers['cache-control']);
    expect({ ...door.headers, 'cache-control': '' }).toEqual({ ...pipeline.headers, 'cache-control': '' });
    expect(door.line).toEqual(pipeline.line);
    expect(door.line).toMatchObject({ operation: 'Chains', outcome: 'ok', upstream: { calls: 0 } });
    expect(door.counted).toEqual(pipeline.counted);
    expect(
      door.counted.get('graphql_server_requests_total{graphql_operation_type="query",graphql_operation_name="Chains",outcome="ok"}'),
    ).toBe(1);
    expect(door.counted.get('gateway_cache_reads_total{kind="response",result="hit"}')).toBe(1);
  });

  it('answers generated queries as the pipeline does, and only those the cache holds', async () => {
    const generator = new QueryGenerator(servedSchema(), worldSamples(), { invalid: 0.1, maxFields: 10, maxDepth: 4 });
    let atDoor = 0;
    for (let i = 0; i < 40; i++) {
      const body = generator.generate(new Rng(`kept-door#${i}`));
      const first = await send(body);
      const again = await send(body);
      const pipeline = await send(body, { accept: 'application/json, */*' });
      const kept = first.status === 200 && first.headers.etag !== undefined;
      // Nothing kept, nothing handed out: an answer with errors, a refusal, an invalid document.
      if (!kept) {
        expect(again.headers.etag, body.query).toBeUndefined();
        expect(again.status, body.query).toBe(first.status);
        continue;
      }
      atDoor += again.contexts === 0 ? 1 : 0;
      expect(again.status, body.query).toBe(pipeline.status);
      expect(again.text, body.query).toBe(pipeline.text);
      expect(again.headers.etag).toBe(first.headers.etag);
      sameCacheControl(again.headers['cache-control'], pipeline.headers['cache-control']);
      expect(again.line, body.query).toEqual(pipeline.line);
      expect(again.counted, body.query).toEqual(pipeline.counted);
    }
    // The generator's queries mostly run without errors: most are kept, and answered again at the door.
    expect(atDoor).toBeGreaterThan(10);
  });

  it("is not where a client's own key or an Authorization header is answered: the pipeline answers those", async () => {
    const body = { query: `{ network { subnet(subnetId: "${subnet.subnetId}") { subnetId isL1 } } }` };
    expect((await send(body)).headers.etag).toBeDefined();
    expect((await send(body)).contexts).toBe(0);
    const own = await send(body, { 'x-service-api-key': 'clients-own-key' });
    expect(own.contexts).toBe(1);
    expect(own.headers.etag).toBeUndefined();
    const bearer = await send(body, { authorization: 'Bearer not-the-admin-token' });
    expect(bearer.contexts).toBe(1);
    expect(bearer.headers['cache-control']).toMatch(/^private/);
  });

  it('does not take a query refused when it ran: its answer has errors, and is not kept', async () => {
    const body = { query: '{ network { subnets(first: 0) { nodes { subnetId } } } }' };
    const refused = await send(body);
    expect(refused.headers.etag).toBeUndefined();
    expect((await send(body)).contexts).toBe(1);
  });
});

describe('the terms of the door', () => {
  const identity = new ClientIdentity(0, 'x-service-api-key');
  const options: DoorOptions = { personalHeaders: [], identity };
  const schema = {} as GraphQLSchema;
  const document = { kind: Kind.DOCUMENT, definitions: [] } as never;
  const query: PreparedQuery = { query: '{ a }', operationName: undefined, document, operation: {} as never, schema };
  const req = { headers: {}, socket: { remoteAddress: '127.0.0.1' } } as never;
  const res = {} as never;
  const answer = { data: { a: 1 } };
  const door = (...plugins: Plugin[]) =>
    keptDoor(
      [
        keptTerms({}, { because: 'the lookup', serves: () => ({ answer, freshUntil: Date.now() + 1000, staleMs: 0 }) }),
        keptTerms({}, { because: 'the queries', prepares: () => query }),
        ...plugins,
      ],
      options,
    );

  it('refuses to open with a plugin that has a pipeline hook and says nothing of the door', () => {
    expect(() => door({ onExecute: () => undefined })).toThrow(/onExecute has no kept terms: say with keptTerms\(\)/);
    expect(() => door({ onParams: () => undefined })).toThrow(/onParams has no kept terms/);
  });

  it('stays shut with a plugin that must see every request, or without a lookup', () => {
    expect(door(keptTerms({ onExecute: () => undefined }, { because: 'spans', shut: true }))).toBeUndefined();
    expect(keptDoor([keptTerms({}, { because: 'the queries', prepares: () => query })], options)).toBeUndefined();
  });

  it("runs each plugin's part in their order, and none of what they do when one sends the request on", () => {
    const done: string[] = [];
    const step = (name: string, pass = true) =>
      keptTerms({ onExecute: () => undefined } as Plugin, {
        because: name,
        onKept: (kept: KeptRequest) => {
          done.push(`${name} looks at ${kept.query}`);
          return pass ? () => done.push(`${name} does`) : false;
        },
      });
    expect(door(step('a'), step('b'))!({ query: '{ a }' }, req, res)).toBe(answer);
    expect(done).toEqual(['a looks at { a }', 'b looks at { a }', 'a does', 'b does']);
    done.length = 0;
    expect(door(step('a'), step('b', false), step('c'))!({ query: '{ a }' }, req, res)).toBeUndefined();
    expect(done).toEqual(['a looks at { a }', 'b looks at { a }']);
  });

  it('sends on a request with a personal header, present even when empty', () => {
    const personal = keptDoor(
      [
        keptTerms({}, { because: 'the lookup', serves: () => ({ answer, freshUntil: Date.now() + 1000, staleMs: 0 }) }),
        keptTerms({}, { because: 'the queries', prepares: () => query }),
      ],
      { ...options, personalHeaders: ['authorization'] },
    )!;
    expect(personal({ query: '{ a }' }, { ...(req as object), headers: { authorization: '' } } as never, res)).toBeUndefined();
    expect(personal({ query: '{ a }' }, req, res)).toBe(answer);
  });
});

describe('at the door, under rate limits', () => {
  let limited: Harness;
  let at: Served;
  beforeAll(async () => {
    limited = await startHarness({ CACHE: 'memory', RATE_LIMIT_PER_SECOND: '0.01', RATE_LIMIT_BURST: '5' });
    at = await serve(limited);
  });
  afterAll(async () => {
    await at.gw.drain(100);
    await limited.close();
  });

  it('a kept answer costs its tenth of a point, as through the pipeline: its admission is given back', async () => {
    const body = JSON.stringify({ query: `{ network { subnet(subnetId: "${world.subnets[1]!.subnetId}") { subnetId } } }` });
    const post = () => fetch(at.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // One call and a tenth: the answer is kept.
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBeTruthy();
    await first.text();
    const spy = vi.spyOn(Reuse.prototype, 'forRequest');
    // Held at a point each, five would spend the burst; at a tenth each, twenty spend two.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post();
      await res.text();
      statuses.push(res.status);
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
