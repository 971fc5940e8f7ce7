/**
 * The node's health checks through the graph, and the health GET routes through the client.
 */
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import { HttpClient } from '../../src/upstreams/http.js';
import { directTransport } from '../../src/upstreams/transport.js';
import { NodeClient } from '../../src/upstreams/node/client.js';
import { codes, useHarness } from '../helpers/harness.js';
import { healthGet } from '../../src/upstreams/node/health.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');

describe('health', () => {
  it('reports every check with its message, duration and failures; readiness and liveness too', async () => {
    const res = await h.raw<any>(`{ network { health {
      report { healthy checks { name healthy message error timestamp durationNs contiguousFailures timeOfFirstFailure } }
      readiness { healthy checks { name } }
      liveness { healthy checks { name } }
    } } }`);
    expect(res.errors).toBeUndefined();
    const { report, readiness, liveness } = res.data.network.health;
    expect(report.healthy).toBe(true);
    const names = report.checks.map((c: any) => c.name);
    for (const name of ['C', 'P', 'X', 'bootstrapped', 'database', 'diskspace', 'network', 'router']) expect(names).toContain(name);
    const c = report.checks.find((x: any) => x.name === 'C');
    expect(c).toMatchObject({ healthy: true, error: null, contiguousFailures: '0', timeOfFirstFailure: null });
    expect(c.message.engine.consensus.lastAcceptedHeight).toEqual(expect.any(Number));
    expect(Number(c.durationNs)).toBeGreaterThan(0);
    expect(readiness).toEqual({ healthy: true, checks: [{ name: 'bootstrapped' }] });
    expect(liveness).toEqual({ healthy: true, checks: [] });
  });

  it("filters by tags: a subnet's chains plus the global checks", async () => {
    const subnet = world.subnets.find(
      (s) => s.subnetId !== PRIMARY_NETWORK_ID && s.blockchains.some((b) => node.chains.get(b.blockchainId)?.status !== 'Created'),
    )!;
    const res = await h.raw<any>(`query($tags: [String!]) { network { health { report(tags: $tags) { checks { name } } } } }`, {
      tags: [subnet.subnetId],
    });
    expect(res.errors).toBeUndefined();
    const names: string[] = res.data.network.health.report.checks.map((c: any) => c.name);
    const tracked = subnet.blockchains.filter((b) => node.chains.get(b.blockchainId)?.status !== 'Created').map((b) => b.blockchainId);
    for (const id of tracked) expect(names).toContain(id);
    expect(names).toContain('network');
    expect(names).not.toContain('C');
    expect(h.bodies('health.health')[0].params).toEqual({ tags: [subnet.subnetId] });
  });

  it('shows a failing check with its error and run of failures', async () => {
    h.sandbox.node.unhealthy = ['network'];
    const res = await h.raw<any>(
      `{ network { health { report { healthy checks { name healthy error contiguousFailures timeOfFirstFailure } } } } }`,
    );
    const report = res.data.network.health.report;
    expect(report.healthy).toBe(false);
    const network = report.checks.find((c: any) => c.name === 'network');
    expect(network).toMatchObject({ healthy: false, error: expect.stringMatching(/./), timeOfFirstFailure: expect.any(String) });
    expect(Number(network.contiguousFailures)).toBeGreaterThan(0);
  });

  it('refuses tags that are not tags, before any call', async () => {
    for (const tags of [[''], ['has space'], Array.from({ length: 33 }, (_, i) => `t${i}`)]) {
      const res = await h.raw(`query($tags: [String!]) { network { health { report(tags: $tags) { healthy } } } }`, { tags });
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.sandbox.count()).toBe(0);
  });

  it("probes the GET routes through the graph: the node's 503 comes back as httpStatus, with the report and no error", async () => {
    const Q = `query($tags: [String!]) { network { health {
      health: probe(tags: $tags) { httpStatus healthy checks { name healthy } }
      readiness: probe(route: READINESS) { httpStatus healthy }
      liveness: probe(route: LIVENESS) { httpStatus healthy }
      report { healthy }
    } } }`;
    const ok = await h.raw<any>(Q, { tags: [PRIMARY_NETWORK_ID] });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.network.health).toMatchObject({
      health: { httpStatus: 200, healthy: true },
      readiness: { httpStatus: 200, healthy: true },
      liveness: { httpStatus: 200, healthy: true },
    });
    expect(h.sandbox.log.find((r) => r.operation === 'GET /ext/health')!.query).toEqual([['tag', PRIMARY_NETWORK_ID]]);

    h.sandbox.reset();
    h.sandbox.node.unhealthy = ['database'];
    const bad = await h.raw<any>(Q);
    expect(bad.errors).toBeUndefined();
    const { health, readiness, liveness, report } = bad.data.network.health;
    expect([health.httpStatus, health.healthy]).toEqual([503, false]);
    expect(health.checks.find((c: any) => c.name === 'database')).toEqual({ name: 'database', healthy: false });
    // The JSON-RPC report says the same, answered 200: it has no httpStatus to give.
    expect(report.healthy).toBe(false);
    expect([readiness.httpStatus, liveness.httpStatus]).toEqual([200, 200]);
    expect(Object.keys(h.sandbox.counts).sort()).toEqual([
      'GET /ext/health',
      'GET /ext/health/liveness',
      'GET /ext/health/readiness',
      'health.health',
    ]);
  });

  it('GET routes (client): 200 when healthy, 503 with the same body when not, tags as repeated `tag`', async () => {
    const http = new HttpClient({ timeoutMs: 5000, retries: 0, connections: 2 });
    const client = new NodeClient(directTransport(http), {
      urls: { mainnet: h.sandbox.nodeUrl('mainnet'), fuji: h.sandbox.nodeUrl('fuji') },
    });
    try {
      const ok = await healthGet(client, 'mainnet', 'health', [PRIMARY_NETWORK_ID, 'x']);
      expect([ok.status, ok.reply.healthy]).toEqual([200, true]);
      expect(h.sandbox.log.at(-1)!.query).toEqual([
        ['tag', PRIMARY_NETWORK_ID],
        ['tag', 'x'],
      ]);
      h.sandbox.node.unhealthy = ['database'];
      const bad = await healthGet(client, 'mainnet', 'health');
      expect([bad.status, bad.reply.healthy, bad.reply.checks.database!.error]).toEqual([503, false, expect.any(String)]);
      expect((await healthGet(client, 'mainnet', 'liveness')).status).toBe(200);
      expect((await healthGet(client, 'mainnet', 'readiness')).status).toBe(200);
      expect(Object.keys(h.sandbox.counts).sort()).toEqual(['GET /ext/health', 'GET /ext/health/liveness', 'GET /ext/health/readiness']);
    } finally {
      await http.close();
    }
  });
});
