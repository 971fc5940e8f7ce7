/**
 * The upstream HTTP layer on its own: encoding, which calls are retried and how long it waits,
 * cancellation, and errors that keep their cause.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataApiClient } from '../../src/upstreams/data-api/client.js';
import { Cancellation } from '../../src/upstreams/cancellation.js';
import { ConnectionError, HttpError, RequestAbortedError, TimeoutError } from '../../src/upstreams/errors.js';
import { encodeQuery, HttpClient, parseRetryAfter, segment } from '../../src/upstreams/http.js';
import { directTransport } from '../../src/upstreams/transport.js';
import { listSubnets } from '../../src/upstreams/data-api/subnet.js';
import { takeContractProblems, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
let http: HttpClient;
let api: DataApiClient;
const retries: { attempt: number; delayMs: number; reason: string }[] = [];

beforeAll(async () => {
  http = new HttpClient({ timeoutMs: 400, retries: 2, connections: 8, baseDelayMs: 10, maxDelayMs: 1000, onRetry: (r) => retries.push(r) });
  api = new DataApiClient(directTransport(http), { baseUrl: sandbox.dataApiUrl, apiKeyHeader: 'x-service-api-key' });
});
afterAll(async () => {
  await http.close();
});
beforeEach(() => {
  retries.length = 0;
});

describe('encoding', () => {
  it('writes arrays as repeated keys, percent-encodes values and drops absent ones', () => {
    expect(encodeQuery({ txTypes: ['AddValidatorTx', 'ImportTx'], addresses: 'a,b', pageToken: undefined, pageSize: 10, x: null })).toBe(
      '?txTypes=AddValidatorTx&txTypes=ImportTx&addresses=a%2Cb&pageSize=10',
    );
    expect(segment('../v1/webhooks?x=1')).toBe('..%2Fv1%2Fwebhooks%3Fx%3D1');
    expect(segment('..')).toBe('%2E%2E');
    expect(segment('.')).toBe('%2E');
  });

  it('reads retry-after as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThanOrEqual(2);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('retries', () => {
  it('retries GET on 502/503 with growing backoff, up to the bound', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: -1 });
    const error = await listSubnets(api, 'mainnet', { pageSize: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(sandbox.count('listSubnets')).toBe(3);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    // Backoff with jitter: attempt n waits between half and all of 10·2^(n-1) ms.
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(5);
    expect(retries[1]!.delayMs).toBeGreaterThanOrEqual(10);
  });

  it('waits the retry-after the upstream gave', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 429, retryAfter: 1 });
    const started = Date.now();
    await listSubnets(api, 'mainnet', { pageSize: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual([{ service: 'data-api', operation: 'listSubnets', attempt: 1, delayMs: 1000, reason: '429' }]);
  });

  it('does not retry 500, nor a non-idempotent call', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 500, times: -1 });
    await expect(listSubnets(api, 'mainnet', {})).rejects.toMatchObject({ status: 500 });
    expect(sandbox.count('listSubnets')).toBe(1);

    sandbox.reset();
    sandbox.fail({ kind: 'status', status: 503, times: -1 });
    await expect(
      http.json({ service: 'data-api', operation: 'post', method: 'POST', baseUrl: sandbox.dataApiUrl, path: '/v1/anything', body: {} }),
    ).rejects.toMatchObject({ status: 503 });
    expect(sandbox.count()).toBe(1);
    // A POST to no operation of the spec, on purpose: only the retry policy of a non-idempotent call is under test.
    expect(takeContractProblems(sandbox)).toEqual([expect.stringMatching(/^POST \/v1\/anything: no such operation in the spec/)]);
  });
});

describe('failures keep their cause', () => {
  it('times out a hung call with a TimeoutError', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'hang' });
    const error = await listSubnets(api, 'mainnet', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).cause).toBeDefined();
  });

  it('holds no call past its deadline, even when the body keeps trickling in', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'trickle', intervalMs: 50 });
    const started = Date.now();
    const error = await listSubnets(api, 'mainnet', { pageSize: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    // The timeout is 400 ms; the body would take several seconds at one byte per 50 ms.
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('bounds a call from its dispatch, while it waits for a connection too', async () => {
    // One connection: the second call waits behind the first, which hangs. Each fails at its own
    // deadline, the second one as soon as the first's end gives it the connection.
    const one = new HttpClient({ timeoutMs: 400, retries: 0, connections: 1 });
    const client = new DataApiClient(directTransport(one), { baseUrl: sandbox.dataApiUrl, apiKeyHeader: 'x-service-api-key' });
    sandbox.fail({ operation: 'listSubnets', kind: 'hang', times: 2 });
    try {
      const started = Date.now();
      const ended = (call: Promise<unknown>) =>
        call.then(
          () => ({ error: undefined as unknown, ms: Date.now() - started }),
          (error: unknown) => ({ error, ms: Date.now() - started }),
        );
      const [first, second] = await Promise.all([
        ended(listSubnets(client, 'mainnet', {})),
        ended(listSubnets(client, 'mainnet', { pageSize: 2 })),
      ]);
      for (const call of [first, second]) {
        expect(call.error).toBeInstanceOf(TimeoutError);
        expect(call.ms).toBeGreaterThanOrEqual(390);
        expect(call.ms).toBeLessThan(800);
      }
    } finally {
      await one.close();
    }
  });

  it("cancels when the caller's signal aborts", async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'hang' });
    const controller = new AbortController();
    const started = Date.now();
    const client = new DataApiClient(directTransport(http, { signal: controller.signal }), {
      baseUrl: sandbox.dataApiUrl,
      apiKeyHeader: 'x-service-api-key',
    });
    const call = listSubnets(client, 'mainnet', {});
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
    expect(Date.now() - started).toBeLessThan(300);
  });

  it('makes no call for a body it cannot write, and leaves nothing listening to the request', async () => {
    const cancellation = new Cancellation();
    const before = sandbox.log.length;
    const error = await http
      .json(
        { service: 'node', operation: 'x', method: 'POST', baseUrl: sandbox.dataApiUrl, path: '/', body: { n: 1n } },
        { signal: cancellation },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(cancellation.listenerCount('abort')).toBe(0);
    expect(sandbox.log.length).toBe(before);
  });

  it('reports a refused connection as a ConnectionError with its code', async () => {
    const closed = new HttpClient({ timeoutMs: 400, retries: 0, connections: 1 });
    const error = await closed
      .json({ service: 'data-api', operation: 'x', method: 'GET', baseUrl: 'http://127.0.0.1:9', path: '/' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBe('ECONNREFUSED');
    await closed.close();
  });

  it('keeps the upstream message of an error body', async () => {
    const error = await listSubnets(api, 'mainnet', { pageSize: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, upstreamError: 'Bad Request', upstreamMessage: 'pageSize must not be less than 1' });
    // pageSize=0, which the spec refuses, on purpose: the upstream's 400 body is under test.
    expect(takeContractProblems(sandbox)).toEqual([expect.stringMatching(/^listSubnets: pageSize=0: /)]);
  });
});
