/**
 * SEARCH_HASH_CHAINS: how many EVM chains of each network `search` looks for a 0x hash on, within
 * what UPSTREAM_CONNECTIONS lets go out at once. A gateway set to 3 looks on 3 chains of each
 * network (the C-Chain first), and is priced for those calls, not the default's; the default's
 * breadth is search.test.ts's.
 */
import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import { DEFAULT_HASH_CHAINS } from '../../src/domain/search.js';
import { schema } from '../../src/graph/index.js';
import { hashChainsPer } from '../../src/graph/search.js';
import { estimate } from '../../src/yoga/cost-estimate.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness({ SEARCH_HASH_CHAINS: '3' });
const cChain = getEvmWorld('mainnet').chains.get('43114')!;

/**
 * Searches `query` and checks its price: the calls it made at most, and the price of the same
 * search with a breadth of three chains, less than with the default's.
 */
async function search(query: string, network?: 'MAINNET') {
  const document = `query($q: String!) { search(query: $q${network ? `, network: ${network}` : ''}) { __typename } rateLimit { cost } }`;
  const res = await h.raw<{ search: { __typename: string }[]; rateLimit: { cost: number } }>(document, { q: query });
  expect(res.errors).toBeUndefined();
  const operation = parse(document).definitions[0] as OperationDefinitionNode;
  const priced = (hashChains?: number) =>
    estimate(schema, operation, {}, { q: query }, undefined, hashChains ? { hashChains, connections: 64 } : undefined).calls;
  const { cost } = res.data!.rateLimit;
  expect(cost).toBe(priced(3));
  expect(cost).toBeLessThan(priced());
  expect(cost).toBeGreaterThanOrEqual(h.sandbox.total);
  return res.data!.search;
}

describe('SEARCH_HASH_CHAINS=3', () => {
  it('looks for a hash on the C-Chain and the registry’s first two others of each network, priced for them', async () => {
    const tx = cChain.transactions[0]!;
    const found = await search(tx.txHash);
    expect(found[0]!.__typename).toBe('EvmTransaction');
    const tried = h.sandbox.log.filter((r) => r.operation === 'getTransaction').map((r) => r.path.split('/')[3]);
    expect(tried).toHaveLength(2 * 3);
    expect(tried).toEqual(expect.arrayContaining([PRIMARY_CHAIN_IDS.mainnet.c, PRIMARY_CHAIN_IDS.fuji.c]));
    expect(h.sandbox.count('getBlock')).toBe(2 * 3);
    // Each network's registry, a transaction and a block on each chain, the ICM message.
    expect(h.sandbox.total).toBe(2 * (1 + 2 * 3) + 1);
  });

  it('on one network, the same three chains', async () => {
    const found = await search(`0x${'cd'.repeat(32)}`, 'MAINNET');
    expect(found).toEqual([]);
    expect(h.sandbox.count('getTransaction')).toBe(3);
    expect(h.sandbox.total).toBe(1 + 2 * 3 + 1);
  });
});

describe('the breadth within the connections', () => {
  it.each([
    // [SEARCH_HASH_CHAINS, UPSTREAM_CONNECTIONS, networks, chains per network]
    [DEFAULT_HASH_CHAINS, 64, 2, 15],
    [DEFAULT_HASH_CHAINS, 64, 1, 31],
    [10, 64, 1, 10],
    [DEFAULT_HASH_CHAINS, 16, 2, 3],
    [DEFAULT_HASH_CHAINS, 1, 2, 1],
  ])('%i chains over %i connections, %i network(s): %i chains each', (hashChains, connections, networks, chains) => {
    expect(hashChainsPer(networks, { hashChains, connections })).toBe(chains);
  });
});
