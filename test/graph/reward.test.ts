/**
 * Rewards (src/graph/reward.ts): filtered by addresses or node ids, priced in the asked
 * currency, and refused before any upstream call without either.
 */
import { describe, expect, it } from 'vitest';
import { FX_RATES } from '../../sandbox/world/timeline.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();

describe('rewards filters', () => {
  it('by addresses and node ids, priced in the asked currency', async () => {
    const reward = world.rewards[10]!;
    const res = await h.raw(`{ network(name: MAINNET) {
      byAddress: rewards(addresses: ["${reward.addresses[0]}"], first: 500, currency: EUR) { nodes { utxoId rewardType historicalPrice { currencyCode value } reward { amount symbol } } }
      byNode: rewards(nodeIds: ["${reward.nodeId}"], first: 500, sortOrder: ASC) { nodes { utxoId nodeId } }
    } }`);
    expect(res.errors).toBeUndefined();
    const data = res.data as {
      network: {
        byAddress: { nodes: { utxoId: string; historicalPrice: { currencyCode: string; value: number } }[] };
        byNode: { nodes: { utxoId: string }[] };
      };
    };
    const mine = newestFirst(world.rewards.filter((r) => r.addresses.includes(reward.addresses[0]!)));
    expect(data.network.byAddress.nodes.map((r) => r.utxoId)).toEqual(mine.map((r) => r.utxoId));
    const got = data.network.byAddress.nodes.find((r) => r.utxoId === reward.utxoId)!;
    expect(got.historicalPrice).toEqual({ currencyCode: 'eur', value: Math.round(reward.priceUsd * FX_RATES.eur! * 100) / 100 });
    expect(data.network.byNode.nodes.map((r) => r.utxoId)).toEqual(
      world.rewards.filter((r) => r.nodeId === reward.nodeId).map((r) => r.utxoId),
    );
  });
});

describe('rules, refused before any upstream call', () => {
  it.each([['rewards without addresses or nodeIds', '{ network { rewards { nodes { utxoId } } } }', /need `addresses` or `nodeIds`/]])(
    '%s',
    async (_name, query, message) => {
      const res = await h.raw(query);
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toMatch(message);
      expect(h.sandbox.count()).toBe(0);
    },
  );
});
