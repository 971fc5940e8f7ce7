/**
 * Scoped answers stay scoped (src/yoga/use-response-cache.ts, the `admin` scope of
 * src/graph/builder.ts): nothing under a field with an auth scope is kept, whole or read, so an
 * answer given to the admin token is never served to a request without it, and the other way
 * round. On the built gateway over a real socket, in each cache mode (the cache is the point), with
 * the sandbox's count of the node's admin calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';

const ADMIN_TOKEN = 'admin-token-for-scopes-0123456789';
const BEARER = { authorization: `Bearer ${ADMIN_TOKEN}` };

const sandbox = useSandbox();
const redis = useRedis();

type Mode = 'memory' | 'redis' | 'off';
const MODES: Mode[] = ['memory', 'redis', 'off'];
const gateways = {} as Record<Mode, GatewayProcess>;

beforeAll(async () => {
  const env = (mode: Mode) => ({
    ADMIN_TOKEN,
    ...(mode === 'redis' ? { REDIS_URL: redis.url } : mode === 'off' ? { CACHE: 'off' } : {}),
  });
  const started = await Promise.all(MODES.map((mode) => startGatewayProcess(sandbox, env(mode))));
  for (const [i, mode] of MODES.entries()) gateways[mode] = started[i]!;
  await untilRedisConnected(gateways.redis);
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(gateways).map((gw) => gw.stop()));
});

const codes = (body: any): string[] => (body.errors ?? []).map((e: any) => e.extensions?.code);
/** POSTs over the fast path, and returns the ETag too (a kept answer has one). */
async function post(gw: GatewayProcess, query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) {
  const res = await fetch(gw.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as any };
}

describe.each(MODES)('CACHE=%s', (mode) => {
  const gw = () => gateways[mode];

  it('an admin answer that reads nothing is not served from the cache to a client without the token', async () => {
    const query = `{ network(name: MAINNET) { ${mode}: admin { __typename } } }`;
    const granted = await post(gw(), query, BEARER);
    expect(granted.body.errors).toBeUndefined();
    expect(granted.body.data.network[mode]).toEqual({ __typename: expect.any(String) });
    // Not kept: no ETag to offer again.
    expect(granted.etag).toBeNull();
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }] as Record<string, string>[]) {
      const refused = await post(gw(), query, headers);
      expect(codes(refused.body)).toEqual(['FORBIDDEN']);
      expect(refused.body.data?.network?.[mode] ?? null).toBeNull();
    }
    // And the other way round: a refusal is not what the token gets next.
    expect((await post(gw(), query, BEARER)).body.data.network[mode]).toEqual({ __typename: expect.any(String) });
  });

  it('under a fragment, an alias or a variable alike, and over GET', async () => {
    const query = `query Q($v: Boolean!) { network(name: MAINNET) { ...F } } fragment F on Network { ${mode}_f: admin @include(if: $v) { ... on NodeAdmin { __typename } } }`;
    expect((await post(gw(), query, BEARER, { v: true })).body.errors).toBeUndefined();
    expect(codes((await post(gw(), query, {}, { v: true })).body)).toEqual(['FORBIDDEN']);
    const url = `${gw().url}?query=${encodeURIComponent(`{ network(name: MAINNET) { ${mode}_g: admin { __typename } } }`)}`;
    const get = (headers: Record<string, string> = {}) =>
      fetch(url, { headers: { 'content-type': 'application/json', ...headers } }).then((r) => r.json() as Promise<any>);
    expect((await get(BEARER)).errors).toBeUndefined();
    expect(codes(await get())).toEqual(['FORBIDDEN']);
  });

  it('an admin read calls the node every time it is asked, and never for a request without the token', async () => {
    const query = `{ network(name: MAINNET) { ${mode}_r: admin { loggerLevels(loggerName: "C") { name } } } }`;
    for (let i = 1; i <= 2; i++) {
      expect((await post(gw(), query, BEARER)).body.errors).toBeUndefined();
      expect(sandbox.count('admin.getLoggerLevel')).toBe(i);
    }
    expect(codes((await post(gw(), query)).body)).toEqual(['FORBIDDEN']);
    expect(sandbox.count('admin.getLoggerLevel')).toBe(2);
  });

  it('a query beside an admin field keeps nothing whole, while the same query without it is kept as before', async () => {
    const plain = `{ network(name: MAINNET) { ${mode}_p: name } }`;
    const first = await post(gw(), plain);
    expect(first.body.errors).toBeUndefined();
    if (mode === 'off') expect(first.etag).toBeNull();
    else expect(first.etag).toMatch(/^W\//);
    const mixed = `{ network(name: MAINNET) { ${mode}_m: name admin { __typename } } }`;
    expect((await post(gw(), mixed, BEARER)).etag).toBeNull();
    const refused = await post(gw(), mixed);
    expect(codes(refused.body)).toEqual(['FORBIDDEN']);
  });
});
