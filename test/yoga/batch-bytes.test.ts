/**
 * A batch's answer is one body: the bytes its operations are priced at count together against
 * MAX_RESULT_BYTES, as their calls and objects count against the request's budget (issue 29, an
 * answer bounded by its price), and a WebSocket operation reserves the larger of its objects' heap
 * and its priced bytes.
 */
import { parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/graph/index.js';
import { answerBytes, BYTES_PER_OBJECT } from '../../src/http/held-bytes.js';
import { estimate } from '../../src/yoga/cost-estimate.js';
import { client } from '../helpers/sockets.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ reset: 'never' });
const page = (first: number) => `query Page${first} { network { subnets(first: ${first}) { nodes { subnetId isL1 } } } }`;
const bytesOf = (query: string) => estimate(schema, parse(query).definitions[0] as OperationDefinitionNode, {}, {}).bytes;
// Two pages fit alone, not together.
const limit = Math.max(1024, Math.ceil(bytesOf(page(40)) * 1.5));
let gw: GatewayProcess;

beforeAll(async () => {
  gw = await startGatewayProcess(sandbox, { BATCHING_LIMIT: '3', MAX_RESULT_BYTES: String(limit), CACHE: 'off' });
}, 60_000);
afterAll(() => gw?.stop());

describe("a batch's bytes", () => {
  it('are summed against MAX_RESULT_BYTES: the operation that would take the batch past it is refused in its place', async () => {
    expect(bytesOf(page(40))).toBeLessThanOrEqual(limit);
    expect(bytesOf(page(40)) + bytesOf(page(41))).toBeGreaterThan(limit);
    const answer = await client('127.0.0.9').post(gw.url, {}, JSON.stringify([{ query: page(40) }, { query: page(41) }]));
    expect(answer.status).toBe(200);
    expect(answer.body[0].data.network.subnets.nodes).toHaveLength(40);
    expect(answer.body[1].errors[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'bytes', allowed: limit });
    expect(answer.body[1].errors[0].extensions.batch.bytes).toBe(bytesOf(page(40)));
    // Each alone fits.
    const alone = await client('127.0.0.9').post(gw.url, {}, JSON.stringify({ query: page(41) }));
    expect(alone.body.data.network.subnets.nodes).toHaveLength(41);
  });
});

describe("a WebSocket operation's reservation", () => {
  it('is the larger of its objects at BYTES_PER_OBJECT and its priced bytes', () => {
    expect(answerBytes({ nodes: 100, bytes: 2_000 })).toBe(100 * BYTES_PER_OBJECT);
    expect(answerBytes({ nodes: 10, bytes: 5_000_000 })).toBe(5_000_000);
    expect(answerBytes({ nodes: 0 })).toBe(1024);
  });
});
