/**
 * Batching (src/yoga/use-batching.ts) on the built gateway (`npm start`): off by default with a
 * 400 that says how to turn it on; with BATCHING_LIMIT, an array of operations answered as an
 * array in order, each operation priced, limited and rate-limited as if sent alone, and an array
 * past the limit refused with what is allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { client } from '../helpers/sockets.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
/** Batching off: the default. */
let plain: GatewayProcess;
/** BATCHING_LIMIT=3, tight rate limits and a low MAX_RESULT_NODES. */
let batching: GatewayProcess;
const BURST = 5;

beforeAll(async () => {
  [plain, batching] = await Promise.all([
    startGatewayProcess(sandbox),
    startGatewayProcess(sandbox, {
      BATCHING_LIMIT: '3',
      // A point every 10 s: nothing refills while a test runs.
      RATE_LIMIT_PER_SECOND: '0.1',
      RATE_LIMIT_BURST: String(BURST),
      MAX_RESULT_NODES: '50',
    }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), batching?.stop()]);
});

/** An operation of one upstream call no other one shares (a page size of its own). */
const calling = (first: number) => ({ query: `query Page${first} { network { subnets(first: ${first}) { nodes { subnetId } } } }` });

const post = (gw: GatewayProcess, body: unknown, from = '127.0.0.1') => client(from).post(gw.url, {}, JSON.stringify(body));

describe('batching', () => {
  it('is off by default: an array is a 400 that says batching is off and how to turn it on', async () => {
    const answer = await post(plain, [calling(1), calling(2)]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].extensions.code).toBe('BATCHING_DISABLED');
    expect(answer.body.errors[0].message).toMatch(/array of 2 operations \(a batch\), and batching is off.*BATCHING_LIMIT/);
  });

  it('answers an array as an array, in order, each result priced on its own', async () => {
    const answer = await post(batching, [calling(2), { query: '{ network { name } }' }], '127.0.0.2');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(2);
    const [first, second] = answer.body;
    expect(first.data.network.subnets.nodes).toHaveLength(2);
    expect(second.data.network.name).toBe('MAINNET');
    // Each says what it was priced at and cost: the page one call, the name none.
    expect(first.extensions.cost).toMatchObject({ estimated: { calls: 1 }, actual: { calls: 1 } });
    expect(second.extensions.cost).toMatchObject({ estimated: { calls: 0 }, actual: { calls: 0 } });
    // The page's answer was kept by the response cache, as a request of its own would be: sent alone now, it calls nothing.
    const alone = await post(batching, calling(2), '127.0.0.7');
    expect(alone.body.data).toEqual(first.data);
    expect(alone.body.extensions.cost.actual).toEqual({ calls: 0, cacheHits: 1 });
  });

  it('checks each operation against the limits alone: one priced past MAX_RESULT_NODES is refused, its neighbour answers', async () => {
    const answer = await post(batching, [{ query: '{ network { subnets(first: 60) { nodes { subnetId } } } }' }, calling(3)], '127.0.0.3');
    expect(answer.status).toBe(200);
    expect(answer.body[0].errors[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'nodes' });
    expect(answer.body[0].data).toBeUndefined();
    expect(answer.body[1].data.network.subnets.nodes).toHaveLength(3);
  });

  it('refuses an array past BATCHING_LIMIT, saying what is allowed', async () => {
    const answer = await post(batching, [calling(1), calling(1), calling(1), calling(1)], '127.0.0.4');
    expect(answer.status).toBe(413);
    expect(answer.body.errors[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'batching', allowed: 3, got: 4 });
    expect(answer.body.errors[0].message).toMatch(/array of 4 operations.*arrays of 1 to 3 \(BATCHING_LIMIT\)/);
  });

  it('charges the rate limits per operation: each reserves a point as its own request would', async () => {
    const from = '127.0.0.5';
    // 5 points: the request's point pays for the first operation, 2 more for the others, and
    // each settles to its call and a tenth: 1.7 points are left.
    const first = await post(batching, [calling(4), calling(5), calling(6)], from);
    expect(first.body.map((r: any) => r.data?.network.subnets.nodes.length)).toEqual([4, 5, 6]);
    // The next array's request takes a point (0.7 left): its first operation runs, the others find none.
    const second = await post(batching, [calling(7), calling(8), calling(9)], from);
    expect(second.status).toBe(200);
    expect(second.body[0].data.network.subnets.nodes).toHaveLength(7);
    for (const refused of second.body.slice(1)) {
      expect(refused.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(refused.data).toBeUndefined();
    }
  });

  it('counts each operation in /metrics, and refuses a subscription in an array in its place', async () => {
    const answer = await post(
      batching,
      [{ query: 'query One { network { name } }' }, { query: 'subscription { acceptedBlocks(chain: C_CHAIN) { index } }' }],
      '127.0.0.6',
    );
    expect(answer.status).toBe(200);
    expect(answer.body[0].data.network.name).toBe('MAINNET');
    expect(answer.body[1].errors[0].message).toMatch(/cannot be one answer of a batch/);
    const text = await (await fetch(`${batching.origin}/metrics`)).text();
    expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'One', outcome: 'ok' })).toBe(1);
    // Once in an array, once alone.
    expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'Page2', outcome: 'ok' })).toBe(2);
  });
});
