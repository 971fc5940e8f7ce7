/**
 * Contract metadata (src/graph/contract.ts): what `contract` answers for an address, one GraphQL
 * type per ercType so a client selects a token's own fields, and how long a lookup is kept between
 * requests (a found contract for long, "no contract" briefly, since one may be deployed there next).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { startHarness, useHarness } from '../helpers/harness.js';

const h = useHarness();
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;

describe('contract metadata', () => {
  it('has one GraphQL type per ercType', async () => {
    const byType = new Map<string, string>();
    for (const chain of evm.chains.values())
      for (const c of chain.contracts.values()) if (!byType.has(c.ercType)) byType.set(c.ercType, `${chain.chainId}|${c.address}`);
    expect([...byType.keys()].sort()).toEqual(['ERC-1155', 'ERC-20', 'ERC-721', 'UNKNOWN']);
    for (const [ercType, key] of byType) {
      const [chainId, address] = key.split('|');
      const res = await h.raw<{
        network: { evmChain: { address: { contract: { __typename: string; ercType: string; symbol: string | null } } } };
      }>(
        `{ network { evmChain(evmChainId: ${chainId}) { address(address: "${address}") { contract { __typename ercType symbol ... on Erc1155Contract { pricingProviders { coingeckoCoinId } } } } } } }`,
      );
      const contract = res.data!.network.evmChain.address.contract;
      expect(contract.__typename).toBe(
        { 'ERC-20': 'Erc20Contract', 'ERC-721': 'Erc721Contract', 'ERC-1155': 'Erc1155Contract', UNKNOWN: 'UnknownContract' }[ercType],
      );
      expect(contract.ercType).toBe(ercType.replace('-', '_'));
    }
  });
});

describe('contract metadata between requests', () => {
  it('shares found contract metadata between requests, and "none" for a short while only', async () => {
    const token = cChain.tokens[0]!;
    const q = `{ network { evmChain(evmChainId: 43114) {
      token: address(address: "${token.address}") { contract { __typename name } }
      eoa: address(address: "${cChain.accounts[0]}") { contract { name } }
    } } }`;
    // A gateway of its own with the cache on, so that no other test has filled it.
    const fresh = await startHarness({ CACHE: 'memory', CACHE_TTL_ABSENT_MS: '300' });
    try {
      const first = await fresh.raw(q);
      expect(first.data).toEqual({
        network: { evmChain: { token: { contract: { __typename: 'Erc20Contract', name: token.name } }, eoa: { contract: null } } },
      });
      expect(fresh.sandbox.count('getContractMetadata')).toBe(2);
      fresh.sandbox.reset();
      expect((await fresh.raw(q)).data).toEqual(first.data);
      expect(fresh.sandbox.count('getContractMetadata')).toBe(0);
      // "No contract" is kept for CACHE_TTL_ABSENT_MS only, since one may be deployed there next,
      // and so is the response built on it; the token for its own, longer time.
      await sleep(350);
      expect((await fresh.raw(q)).data).toEqual(first.data);
      expect(fresh.sandbox.count('getContractMetadata')).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
