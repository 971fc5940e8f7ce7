/**
 * A real shared HTTP cache in front of the built gateway (`npm start`), as a CDN would stand:
 * undici's cache interceptor (RFC 9111, `type: 'shared'`: it honours `private`, `no-store`,
 * `max-age`, `Vary`) in a reverse proxy that every client goes through. What reaches the gateway
 * is counted by the gateway itself (`http_server_request_duration_seconds_count` on /metrics), so
 * a request the cache answered is one the gateway never saw.
 */
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, cacheStores, interceptors, request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ reset: 'never' });
let gateway: GatewayProcess;
let proxy: Server;
let proxyOrigin: string;
let caching: Dispatcher;

const HEIGHT = 'query Height { network { pChain { height } } }';
const SUBNETS = '{ network { subnets(first: 2) { nodes { subnetId } } } }';
const APOLLO_ID = 'height-of-the-p-chain';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The reverse proxy: each request goes to the gateway through the shared cache, and back. */
function startProxy(target: string): Promise<string> {
  caching = new Agent().compose(interceptors.cache({ type: 'shared', store: new cacheStores.MemoryCacheStore() }));
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(`${target}${req.url}`, {
        dispatcher: caching,
        method: req.method as Dispatcher.HttpMethod,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }).then(
        async (answer) => {
          const body = Buffer.from(await answer.body.arrayBuffer());
          const out = { ...answer.headers };
          delete out['transfer-encoding'];
          delete out.connection;
          res.writeHead(answer.statusCode, { ...out, 'content-length': body.length }).end(body);
        },
        (error: Error) => res.writeHead(502).end(error.message),
      );
    });
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as { port: number }).port}`)),
  );
}

/** GET /graphql through the cache, as a client sends it (the CSRF header yoga asks of a GET). */
async function get(params: Record<string, string>, headers: Record<string, string> = {}) {
  const url = `${proxyOrigin}/graphql?${new URLSearchParams(params)}`;
  const res = await fetch(url, { headers: { 'x-graphql-yoga-csrf': '1', ...headers } });
  return { status: res.status, cacheControl: res.headers.get('cache-control'), age: res.headers.get('age'), body: await res.json() };
}

/** The requests that reached the gateway by method, all statuses (the gateway counts each once it answered it). */
async function reached(method: 'GET' | 'POST'): Promise<number> {
  await sleep(30);
  const text = await fetch(`${gateway.origin}/metrics`).then((r) => r.text());
  return sample(text, 'http_server_request_duration_seconds_count', { http_request_method: method, http_route: '/graphql' });
}

const maxAgeOf = (header: string | null) => Number(/max-age=(\d+)/.exec(header ?? '')?.[1]);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'http-cache-'));
  const apollo = join(dir, 'apollo.json');
  writeFileSync(
    apollo,
    JSON.stringify({
      format: 'apollo-persisted-query-manifest',
      version: 1,
      operations: [{ id: APOLLO_ID, name: 'Height', type: 'query', body: HEIGHT }],
    }),
  );
  // Heights stay fresh 4 s here (2 s by default), so that a cold answer still has whole seconds left on a loaded machine.
  gateway = await startGatewayProcess(sandbox, { CACHE_TTL_HEIGHTS_MS: '4000', TRUSTED_DOCUMENTS_MANIFESTS: apollo });
  proxyOrigin = await startProxy(gateway.origin);
}, 60_000);

afterAll(async () => {
  proxy?.close();
  await caching?.close();
  await gateway?.stop();
});

describe('a shared HTTP cache in front of the gateway', () => {
  it('serves client B the answer client A fetched while it is fresh, without reaching the gateway, and a fresh one after max-age', async () => {
    const before = await reached('GET');
    const a = await get({ query: HEIGHT }, { 'user-agent': 'client-a' });
    const filled = Date.now();
    expect(a.status).toBe(200);
    expect(a.cacheControl).toMatch(/^public, max-age=[1-4]$/);
    expect(await reached('GET')).toBe(before + 1);

    const b = await get({ query: HEIGHT }, { 'user-agent': 'client-b' });
    expect(b.body).toEqual(a.body);
    expect(b.age).not.toBeNull();
    // Served by the cache: the gateway saw nothing more.
    expect(await reached('GET')).toBe(before + 1);

    // The chain moves on; once max-age is past (and the part of a second it leaves out, for which the
    // gateway still holds the answer), the cache asks again, and the answer is the new one.
    sandbox.live.advance(3);
    await sleep(filled + (maxAgeOf(a.cacheControl) + 1) * 1000 - Date.now());
    const later = await get({ query: HEIGHT }, { 'user-agent': 'client-b' });
    expect(await reached('GET')).toBe(before + 2);
    expect(Number(later.body.data.network.pChain.height)).toBeGreaterThan(Number(a.body.data.network.pChain.height));
  });

  it('serves an Apollo manifest document asked by id over GET from the cache too', async () => {
    const before = await reached('GET');
    const a = await get({ documentId: APOLLO_ID });
    expect(a.status).toBe(200);
    expect(a.body.data.network.pChain.height).toMatch(/^\d+$/);
    expect(a.cacheControl).toMatch(/^public, max-age=\d$/);
    const b = await get({ documentId: APOLLO_ID });
    expect(b.body).toEqual(a.body);
    expect(await reached('GET')).toBe(before + 1);
    // The same text by its own hash is not in the manifest: Apollo's id is the name it was given.
    expect((await get({ documentId: sha256(HEIGHT) })).status).toBe(404);
  });

  it('never hands an answer a client’s own key or the admin token shaped to another client', async () => {
    for (const [name, headers] of [
      ['own key', { 'x-service-api-key': 'key-of-client-a' }],
      ['authorization', { authorization: 'Bearer something-of-client-a' }],
    ] as const) {
      // A query of its own per case: nothing the cache holds from elsewhere answers it.
      const query = SUBNETS.replace('subnets', `${name === 'own key' ? 'own' : 'auth'}: subnets`);
      const before = await reached('GET');
      const a = await get({ query }, headers);
      expect({ name, header: a.cacheControl }).toEqual({ name, header: expect.stringMatching(/^private, max-age=\d+$/) });
      const b = await get({ query });
      expect({ name, header: b.cacheControl }).toEqual({
        name,
        header: expect.stringMatching(/^public, max-age=\d+, stale-while-revalidate=300$/),
      });
      // B reached the gateway: A's answer was not kept for it.
      expect({ name, reached: (await reached('GET')) - before }).toEqual({ name, reached: 2 });
    }
  });

  it('keeps no answer with errors, and no POST', async () => {
    const before = await reached('GET');
    for (let i = 0; i < 2; i++) {
      const refused = await get({ query: '{ network { subnets(first: 0) { nodes { subnetId } } } }' });
      expect(refused.cacheControl).toBe('no-store');
      expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(await reached('GET')).toBe(before + 2);

    // A POST's answer says what it may be kept for, and a cache keeps it not: POSTs are not cached by default.
    const posts = await reached('POST');
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxyOrigin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: SUBNETS }),
      });
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      await res.text();
    }
    expect(await reached('POST')).toBe(posts + 2);
  });

  it('keeps no mutation and no subscription stream', async () => {
    const mutation = await fetch(`${proxyOrigin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { __typename }' }),
    });
    expect(mutation.headers.get('cache-control')).toBe('no-store');
    await mutation.text();
    // Straight to the gateway: the proxy above reads answers whole, and a stream never ends.
    const controller = new AbortController();
    const stream = await fetch(`${gateway.url}?${new URLSearchParams({ query: 'subscription { pChainBlocks { height } }' })}`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    controller.abort();
  });
});
