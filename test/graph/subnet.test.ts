/**
 * Subnets (src/graph/subnet.ts): a page of them, with their blockchains and genesis, in one
 * upstream call.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');

describe('a page of 100 subnets', () => {
  it('costs one upstream call, blockchains and genesis included', async () => {
    expect(world.subnets.length).toBeGreaterThan(100);
    const res = await h.raw(
      `{ network(name: MAINNET) { subnets(first: 100) { pageInfo { hasNextPage } nodes { subnetId blockchains { blockchainName genesisData { config { chainId } } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const subnets = (res.data as { network: { subnets: { pageInfo: { hasNextPage: boolean }; nodes: { blockchains: unknown[] }[] } } })
      .network.subnets;
    expect(subnets.nodes).toHaveLength(100);
    expect(subnets.pageInfo.hasNextPage).toBe(true);
    expect(subnets.nodes.flatMap((s) => s.blockchains).length).toBeGreaterThan(150);
    expect(h.sandbox.count()).toBe(1);
  });
});
