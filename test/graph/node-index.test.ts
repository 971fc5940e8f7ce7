/**
 * The node's indexes through the graph: each index.* method, and the containers connection over
 * getContainerRange.
 */
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { derivedId } from '../../sandbox/node/chains/avax.js';
import { getNodeWorld, INDEX_NAMES } from '../../sandbox/node/chains/node-world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
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
