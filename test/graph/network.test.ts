/**
 * The network (src/graph/network.ts): the name a query gives it, and which upstream network
 * that is.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const fuji = getWorld('fuji');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();

describe('networks', () => {
  it('treats TESTNET as FUJI: same upstream network, answers say FUJI', async () => {
    const Q = (name: string) => `{ network(name: ${name}) { name subnets(first: 2) { nodes { id network subnetId } } } }`;
    const t = await h.raw<{ network: { name: string; subnets: { nodes: { id: string; network: string; subnetId: string }[] } } }>(
      Q('TESTNET'),
    );
    const f = await h.raw<{ network: { name: string; subnets: { nodes: { id: string; network: string; subnetId: string }[] } } }>(
      Q('FUJI'),
    );
    expect(t.data).toEqual(f.data);
    expect(t.data!.network.name).toBe('FUJI');
    expect(t.data!.network.subnets.nodes[0]!.subnetId).toBe(newestFirst(fuji.subnets)[0]!.subnetId);
    expect(h.sandbox.log.every((r) => r.path.startsWith('/v1/networks/fuji/'))).toBe(true);
  });
});
