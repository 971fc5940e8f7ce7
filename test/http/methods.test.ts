/**
 * Only GET and POST (src/http/server.ts): every path the server serves refuses any other method
 * with 405, `Allow` and a body that says what to send, before the rate limits and before either
 * GraphQL path (the fast path ran a PUT as a POST); a CORS preflight still reaches yoga's CORS.
 * On the built gateway over a real socket, the subgraph on, CORS set, /metrics on the main port.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const SUBGRAPH_TOKEN = 'subgraph-token-for-methods-0123456789';
const ORIGIN = 'https://app.example.org';
const sandbox = useSandbox();
let gw: GatewayProcess;

beforeAll(async () => {
  gw = await startGatewayProcess(sandbox, { FEDERATION: 'true', SUBGRAPH_TOKEN, CORS_ORIGINS: ORIGIN, RATE_LIMIT_PER_SECOND: '50' });
}, 30_000);
afterAll(() => gw?.stop());

/** One request over a socket of its own, any method (fetch refuses some), with its body. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(`${gw.origin}${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const subnetId = getWorld('mainnet').subnets[2]!.subnetId;
const QUERY = JSON.stringify({ query: `{ network { subnet(subnetId: "${subnetId}") { subnetId } } }` });
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const GRAPHQL = ['/graphql', '/graphql?query=%7B__typename%7D', '/subgraph'];
const PROBES = ['/health', '/ready', '/metrics'];
/**
 * Methods no path takes, HTTP's and others node parses (WebDAV's, a cache's PURGE). One it does not
 * know at all never reaches the gateway: node's parser answers it 400 itself.
 */
const REFUSED = ['PUT', 'PATCH', 'DELETE', 'PROPFIND', 'PURGE'];

describe('a method other than GET and POST on a GraphQL path', () => {
  it.each(GRAPHQL)('%s: 405 with Allow: GET, POST and what to send instead, nothing run', async (path) => {
    const auth: Record<string, string> = path === '/subgraph' ? { authorization: `Bearer ${SUBGRAPH_TOKEN}` } : {};
    for (const method of [...REFUSED, 'HEAD', 'OPTIONS']) {
      const res = await send(method, path, { ...JSON_HEADERS, ...auth }, method === 'HEAD' || method === 'OPTIONS' ? undefined : QUERY);
      expect({ method, status: res.status, allow: res.headers.allow }).toEqual({ method, status: 405, allow: 'GET, POST' });
      if (method === 'HEAD') continue;
      const body = JSON.parse(res.text);
      expect(body.errors[0].extensions).toEqual({ code: 'METHOD_NOT_ALLOWED', method, allowed: ['GET', 'POST'] });
      expect(body.errors[0].message).toMatch(
        new RegExp(`^${method} is not a method of ${path.split('?')[0]}: send a GraphQL request with POST`),
      );
      expect(body.data).toBeUndefined();
    }
    expect(sandbox.total).toBe(0);
  });

  it('is answered on the connection it came on: the next request on it is served', async () => {
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      const one = (method: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(gw.url, { method, agent, headers: JSON_HEADERS });
          req.on('socket', (s) => sockets.add(s));
          req.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          });
          req.on('error', reject);
          req.end(QUERY);
        });
      expect(await one('PUT')).toBe(405);
      expect(await one('POST')).toBe(200);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('GET and POST are answered as before, and a CORS preflight from an allowed origin still passes', async () => {
    const post = await send('POST', '/graphql', JSON_HEADERS, QUERY);
    expect(post.status).toBe(200);
    expect(JSON.parse(post.text).data.network.subnet).toEqual({ subnetId });
    const get = await send('GET', `/graphql?query=${encodeURIComponent('{ __typename }')}`, JSON_HEADERS);
    expect(JSON.parse(get.text)).toMatchObject({ data: { __typename: 'Query' } });
    const preflight = await send('OPTIONS', '/graphql', {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});

describe('a method other than GET and HEAD on the operations’ paths', () => {
  it.each(PROBES)('%s: 405 with Allow: GET, HEAD; GET and HEAD still answered', async (path) => {
    for (const method of [...REFUSED, 'POST', 'OPTIONS']) {
      const res = await send(method, path, JSON_HEADERS, method === 'OPTIONS' ? undefined : '{}');
      expect({ method, status: res.status, allow: res.headers.allow }).toEqual({ method, status: 405, allow: 'GET, HEAD' });
      expect(JSON.parse(res.text).errors[0]).toEqual({
        message: `${method} is not a method of ${path}: read it with GET (or HEAD).`,
        extensions: { code: 'METHOD_NOT_ALLOWED', method, allowed: ['GET', 'HEAD'] },
      });
    }
    expect((await send('GET', path)).status).toBe(200);
    const head = await send('HEAD', path);
    expect({ status: head.status, text: head.text }).toEqual({ status: 200, text: '' });
  });

  it('/: sends a person to GraphiQL, and says where GraphQL is to anyone else; only read', async () => {
    const res = await send('GET', '/', { accept: 'text/html' });
    expect({ status: res.status, location: res.headers.location }).toEqual({ status: 302, location: '/graphql' });
    expect(res.text).toContain('<a href="/graphql">');
    const page = await send('GET', res.headers.location as string, { accept: 'text/html' });
    expect({ status: page.status, type: page.headers['content-type'] }).toEqual({
      status: 200,
      type: expect.stringMatching(/^text\/html/),
    });
    expect(page.text).toMatch(/graphiql/i);
    expect((await send('HEAD', '/')).status).toBe(302);
    const post = await send('POST', '/', JSON_HEADERS, QUERY);
    expect({ status: post.status, allow: post.headers.allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
  });

  it('leaves a path the server does not serve to its 404, whatever the method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) expect((await send(method, '/nowhere')).status).toBe(404);
  });
});
