/**
 * The node's admin API through the graph: the gateway's gate (no token configured, no header,
 * wrong token, right token; the node never called when refused), then every admin query and
 * mutation with its rules.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const world = getWorld('mainnet');
const X = world.chainIds.x;
const QUERY = `{ network { admin { loggerLevels(loggerName: "C") { name logLevel displayLevel } } } }`;
const MUTATION = 'mutation { nodeStartCPUProfiler(network: MAINNET) }';

describe('without ADMIN_TOKEN configured', () => {
  const h = useHarness();

  it('refuses every admin field, even with a bearer token, and never calls the node', async () => {
    for (const headers of [{}, BEARER]) {
      for (const doc of [QUERY, MUTATION]) {
        const res = await h.raw(doc, undefined, headers);
        expect(codes(res)).toEqual(['FORBIDDEN']);
        expect(res.errors![0]!.message).toMatch(/turned off on this gateway: the operator has not set ADMIN_TOKEN/);
      }
    }
    expect(h.sandbox.count()).toBe(0);
  });

  it('still answers the rest of the request', async () => {
    const res = await h.raw<any>('{ network { pChain { height } admin { loggerLevels { name } } } }');
    expect(codes(res)).toEqual(['FORBIDDEN']);
    expect(res.data.network).toEqual({ pChain: { height: expect.any(String) }, admin: null });
  });
});

describe('with ADMIN_TOKEN configured', () => {
  const h = useHarness({ ADMIN_TOKEN: TOKEN, UPSTREAM_RETRIES: '0' });
  const admin = <T = any>(doc: string, variables?: Record<string, unknown>) => h.raw<T>(doc, variables, BEARER);

  it('refuses a request without the header, or with another token, before any call', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /need the header `Authorization: Bearer <ADMIN_TOKEN>`/],
      [{ authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` }, /need the header/],
      [{ authorization: `Bearer ${TOKEN}x` }, /bearer token is not the gateway's ADMIN_TOKEN/],
      [{ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, /bearer token is not the gateway's ADMIN_TOKEN/],
    ];
    for (const [headers, message] of cases) {
      for (const doc of [QUERY, MUTATION]) {
        const res = await h.raw(doc, undefined, headers);
        expect(codes(res)).toEqual(['FORBIDDEN']);
        expect(res.errors![0]!.message).toMatch(message);
      }
    }
    expect(h.sandbox.count()).toBe(0);
  });

  it("reads logger levels, all or one, and a chain's aliases with the right token", async () => {
    const res = await admin(`{ network { admin {
      all: loggerLevels { name logLevel displayLevel }
      c: loggerLevels(loggerName: "C") { name logLevel displayLevel }
      chainAliases(chain: "${X}")
    } } }`);
    expect(res.errors).toBeUndefined();
    const a = res.data.network.admin;
    expect(a.c).toEqual([{ name: 'C', logLevel: expect.any(String), displayLevel: expect.any(String) }]);
    expect(a.all.map((l: any) => l.name)).toEqual(expect.arrayContaining(['C', 'P', 'X', 'main']));
    expect(a.chainAliases).toEqual(expect.arrayContaining(['X', 'avm', X]));
    // lower-case "bearer" is the same scheme
    expect((await h.raw(QUERY, undefined, { authorization: `bearer ${TOKEN}` })).errors).toBeUndefined();
  });

  it('says which logger the node does not have', async () => {
    const res = await admin(`{ network { admin { loggerLevels(loggerName: "nope") { name } } } }`);
    expect(codes(res)).toEqual(['NOT_FOUND']);
    expect(res.errors![0]!.extensions).toMatchObject({ upstream: { message: 'logger with name "nope" not found' } });
  });

  it('sets logger levels: one logger or all, log level, display level or both, and answers the result', async () => {
    const set = await admin(
      `mutation { nodeSetLoggerLevel(network: MAINNET, loggerName: "C", logLevel: DEBUG) { name logLevel displayLevel } }`,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.nodeSetLoggerLevel).toEqual([{ name: 'C', logLevel: 'DEBUG', displayLevel: expect.any(String) }]);
    const all = await admin(`mutation { nodeSetLoggerLevel(network: MAINNET, displayLevel: WARN) { name displayLevel } }`);
    expect(all.data.nodeSetLoggerLevel.length).toBeGreaterThan(3);
    expect(all.data.nodeSetLoggerLevel.every((l: any) => l.displayLevel === 'WARN')).toBe(true);
    const read = await admin(QUERY);
    expect(read.data.network.admin.loggerLevels).toEqual([{ name: 'C', logLevel: 'DEBUG', displayLevel: 'WARN' }]);
    expect(h.sandbox.log.filter((r) => r.operation === 'admin.setLoggerLevel').map((r) => (r.body as any).params)).toEqual([
      { loggerName: 'C', logLevel: 'DEBUG' },
      { displayLevel: 'WARN' },
    ]);
  });

  it('reads the levels back when the node answers a change with `{}`, as its docs show', async () => {
    h.sandbox.fail({ operation: 'admin.setLoggerLevel', kind: 'body', body: { jsonrpc: '2.0', id: 1, result: {} } });
    const res = await admin(`mutation { nodeSetLoggerLevel(network: MAINNET, loggerName: "X", logLevel: VERBO) { name logLevel } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.nodeSetLoggerLevel).toEqual([{ name: 'X', logLevel: expect.any(String) }]);
    expect(h.sandbox.log.filter((r) => r.operation === 'admin.getLoggerLevel').map((r) => (r.body as any).params)).toEqual([
      { loggerName: 'X' },
    ]);
  });

  it('refuses a logger level change that changes nothing, and a level that is not one, before any call', async () => {
    const neither = await admin('mutation { nodeSetLoggerLevel(network: MAINNET, loggerName: "C") { name } }');
    expect(codes(neither)).toEqual(['BAD_USER_INPUT']);
    expect(neither.errors![0]!.message).toMatch(/needs `logLevel`, `displayLevel` or both/);
    const wrong = await admin('mutation { nodeSetLoggerLevel(network: MAINNET, logLevel: LOUD) { name } }');
    expect(codes(wrong)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(h.sandbox.count()).toBe(0);
  });

  it('aliases a chain (up to 512 bytes), and the alias shows among its aliases', async () => {
    const longest = 'a'.repeat(512);
    const res = await admin(`mutation($alias: String!) { nodeAliasChain(network: MAINNET, chain: "X", alias: $alias) }`, {
      alias: longest,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.nodeAliasChain).toBe(true);
    const aliases = await admin(`{ network { admin { chainAliases(chain: "${X}") } } }`);
    expect(aliases.data.network.admin.chainAliases).toContain(longest);
    const again = await admin(`mutation($alias: String!) { nodeAliasChain(network: MAINNET, chain: "X", alias: $alias) }`, {
      alias: longest,
    });
    expect(codes(again)).toEqual(['UPSTREAM_RPC_ERROR']);
    // The node's words, bounded: the alias it quotes is cut.
    expect(again.errors![0]!.extensions).toMatchObject({
      upstream: { message: `alias already mapped to an ID: ${'a'.repeat(300 - 31)}… (cut at 300 characters)` },
    });
  });

  it('aliases an API endpoint, which the node then serves at the new path', async () => {
    const res = await admin('mutation { nodeAlias(network: FUJI, endpoint: "bc/X", alias: "myX") }');
    expect(res.errors).toBeUndefined();
    expect(res.data.nodeAlias).toBe(true);
    expect(h.sandbox.log[0]!.path).toBe('/fuji/ext/admin');
    const viaAlias = await fetch(`${h.sandbox.nodeUrl('fuji')}/ext/myX`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'avm.getHeight', params: {} }),
    });
    expect(((await viaAlias.json()) as any).result.height).toEqual(expect.any(String));
  });

  it('refuses aliases and endpoints the node would not take, before any call', async () => {
    const cases = [
      ['nodeAlias', 'endpoint: "bc/X", alias: "$A"', 'a'.repeat(513)],
      ['nodeAlias', 'endpoint: "bc/X", alias: "$A"', 'é'.repeat(257)],
      ['nodeAlias', 'endpoint: "bc/X", alias: "$A"', ''],
      ['nodeAlias', 'endpoint: "bc/X", alias: "$A"', 'has space'],
      ['nodeAlias', 'endpoint: "/bc/X", alias: "$A"', 'ok'],
      ['nodeAlias', 'endpoint: "bc/../admin", alias: "$A"', 'ok'],
      ['nodeAliasChain', 'chain: "X", alias: "$A"', 'b'.repeat(513)],
    ];
    for (const [field, args, alias] of cases) {
      const res = await admin(`mutation { ${field}(network: MAINNET, ${args!.replace('$A', alias!)}) }`);
      expect(codes(res), `${field} ${args} ${alias!.slice(0, 10)}`).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.sandbox.count()).toBe(0);
  });

  it('loads VMs, writes profiles, and runs the CPU profiler once at a time', async () => {
    let answered: any;
    h.sandbox.onAnswer = (request, answer) => {
      if (request.operation === 'admin.loadVMs') answered = JSON.parse(answer.body as string).result;
    };
    const vms = await admin('mutation { nodeLoadVMs(network: MAINNET) { loaded { vmId aliases } failed { vmId error } } }');
    h.sandbox.onAnswer = undefined;
    expect(vms.errors).toBeUndefined();
    // The graph lists what the node answered: every new VM with its aliases, every failure with its reason.
    expect(vms.data.nodeLoadVMs.loaded).toEqual(Object.entries(answered.newVMs).map(([vmId, aliases]) => ({ vmId, aliases })));
    expect(vms.data.nodeLoadVMs.failed).toEqual(Object.entries(answered.failedVMs).map(([vmId, error]) => ({ vmId, error })));
    expect(vms.data.nodeLoadVMs.loaded.length).toBeGreaterThan(0);
    expect(vms.data.nodeLoadVMs.failed.length).toBeGreaterThan(0);
    const profiles = await admin('mutation { lock: nodeLockProfile(network: MAINNET) memory: nodeMemoryProfile(network: MAINNET) }');
    expect(profiles.data).toEqual({ lock: true, memory: true });

    expect((await admin(MUTATION)).data.nodeStartCPUProfiler).toBe(true);
    const twice = await admin(MUTATION);
    expect(codes(twice)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(twice.errors![0]!.message).toMatch(/cpu profiler already running/);
    expect((await admin('mutation { nodeStopCPUProfiler(network: MAINNET) }')).data.nodeStopCPUProfiler).toBe(true);
    const stopped = await admin('mutation { nodeStopCPUProfiler(network: MAINNET) }');
    expect(codes(stopped)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(stopped.errors![0]!.message).toMatch(/cpu profiler doesn't exist/);
    expect(h.sandbox.log.every((r) => r.path === '/mainnet/ext/admin')).toBe(true);
  });

  it('says so when the node does not serve its admin API', async () => {
    h.sandbox.node.adminEnabled = false;
    for (const doc of [QUERY, MUTATION]) {
      const res = await admin(doc);
      expect(codes(res)).toEqual(['NODE_API_UNAVAILABLE']);
      expect(res.errors![0]!.message).toMatch(/--api-admin-enabled=true/);
    }
  });
});
