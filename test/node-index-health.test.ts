/**
 * The node's indexes (each method, and the containers connection over getContainerRange) and its
 * health checks, through the graph; the health GET routes through the client.
 */
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../src/avax-codec.js';
import { PRIMARY_NETWORK_ID } from '../src/ids.js';
import { derivedId } from '../sandbox/node/chains/avax.js';
import { getNodeWorld, INDEX_NAMES } from '../sandbox/node/chains/node-world.js';
import { getWorld } from '../sandbox/world/world.js';
import { HttpClient } from '../src/upstreams/http.js';
import { directTransport } from '../src/upstreams/transport.js';
import { NodeClient } from '../src/upstreams/node/client.js';
import { codes, useHarness } from './helpers.js';
import { healthGet } from '../src/upstreams/node/health.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');
const ENUM = { 'C/block': 'C_BLOCK', 'P/block': 'P_BLOCK', 'X/tx': 'X_TX', 'X/block': 'X_BLOCK', 'X/vtx': 'X_VTX' } as const;

describe('indexes', () => {
  it.each(INDEX_NAMES)('%s: last accepted, by id and position, position of an id, accepted or not', async (name) => {
    const { containers } = node.indexes[name];
    const some = containers[Math.floor(containers.length / 3)]!;
    const position = containers.indexOf(some);
    const unknown = derivedId(`not in ${name}`);
    const res = await h.raw<any>(`{ network { index(name: ${ENUM[name]}) {
      name
      lastAccepted { id index }
      byId: container(id: "${some.id}") { id index bytes acceptedAt }
      byIndex: container(index: "${position}") { id }
      past: container(index: "${containers.length}") { id }
      missing: container(id: "${unknown}") { id }
      indexOf(id: "${some.id}") unknownIndex: indexOf(id: "${unknown}")
      isAccepted(id: "${some.id}") notAccepted: isAccepted(id: "${unknown}")
    } } }`);
    expect(res.errors).toBeUndefined();
    const i = res.data.network.index;
    expect(i.name).toBe(ENUM[name]);
    expect(i.lastAccepted).toEqual({ id: containers.at(-1)!.id, index: String(containers.length - 1) });
    expect(i.byId).toMatchObject({ id: some.id, index: String(position) });
    expect(Buffer.from(decodeHexWithChecksum(i.byId.bytes))).toEqual(Buffer.from(some.bytes));
    expect(Date.parse(i.byId.acceptedAt)).toBeGreaterThan(0);
    expect(i.byIndex).toEqual({ id: some.id });
    expect([i.past, i.missing, i.unknownIndex]).toEqual([null, null, null]);
    expect(i.indexOf).toBe(String(position));
    expect([i.isAccepted, i.notAccepted]).toEqual([true, false]);
    expect(new Set(h.sandbox.log.map((r) => r.path))).toEqual(new Set([`/mainnet/ext/index/${name}`]));
  });

  it('walks every container with getContainerRange, at most 1024 per call, and knows the end without an extra call', async () => {
    const all = node.indexes['P/block'].containers;
    const Q = `query($after: String) { network { index(name: P_BLOCK) { containers(first: 1000, after: $after) { pageInfo { hasNextPage endCursor } nodes { id index } } } } }`;
    const got: { id: string; index: string }[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await h.raw<any>(Q, { after })).data.network.index.containers;
      got.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(got.map((c) => c.id)).toEqual(all.map((c) => c.id));
    expect(got.map((c) => c.index)).toEqual(all.map((_, i) => String(i)));
    const calls = h.bodies('index.getContainerRange').map((b) => [b.params.startIndex, b.params.numToFetch]);
    expect(calls).toEqual(Array.from({ length: Math.ceil(all.length / 1000) }, (_, i) => [String(i * 1000), 1001]));
    expect(calls.every(([, n]) => n <= 1024)).toBe(true);
  });

  it('starts anywhere, answers an empty page past the end, and refuses a negative start', async () => {
    const all = node.indexes['X/tx'].containers;
    const res = await h.raw<any>(`{ network { index(name: X_TX) {
      tail: containers(startIndex: "${all.length - 2}", first: 10) { pageInfo { hasNextPage } nodes { id } }
      beyond: containers(startIndex: "${all.length + 10}") { pageInfo { hasNextPage } nodes { id } }
    } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.index.tail).toEqual({ pageInfo: { hasNextPage: false }, nodes: all.slice(-2).map((c) => ({ id: c.id })) });
    expect(res.data.network.index.beyond).toEqual({ pageInfo: { hasNextPage: false }, nodes: [] });
    const negative = await h.raw(`{ network { index(name: X_TX) { containers(startIndex: "-1") { nodes { id } } } } }`);
    expect(codes(negative)).toEqual(['BAD_USER_INPUT']);
  });

  it('says clearly when the node keeps no index', async () => {
    h.sandbox.node.indexEnabled = false;
    const res = await h.raw(`{ network { index(name: C_BLOCK) { lastAccepted { id } } } }`);
    expect(codes(res)).toEqual(['NODE_API_UNAVAILABLE']);
    expect(res.errors![0]!.message).toMatch(/does not serve the index API: .*--index-enabled=true/);
  });
});

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
