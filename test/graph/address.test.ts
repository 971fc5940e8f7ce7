/**
 * Addresses (src/graph/address.ts): any well-formed address of the network is one, answered in
 * the order asked and in one spelling whatever chain prefix it was given with, and the chains it
 * touched come from one upstream lookup for every address of the response. The Data API lists
 * chains for bech32 addresses only, so an EVM address's chains are refused without a call.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');
const primaryChainOf = { [world.chainIds.p]: 'P_CHAIN', [world.chainIds.x]: 'X_CHAIN', [world.chainIds.c]: 'C_CHAIN' };

describe('addresses and the chains they touched', () => {
  it('answers several addresses in the order asked, without prefix, with their chains from one call', async () => {
    // One address that touched two chains among two that touched all three, so that a mix-up shows.
    const two = world.addresses.find((a) => world.chainIdsByAddress.get(a)!.length === 2)!;
    const three = world.addresses.filter((a) => world.chainIdsByAddress.get(a)!.length === 3).slice(0, 2);
    const asked = [`P-${three[0]}`, two, `X-${three[1]}`];
    const res = await h.raw<{
      network: { addresses: { address: string; network: string; chains: { blockchainId: string; primaryChain: string }[] }[] };
    }>(
      `{ network { addresses(addresses: [${asked.map((a) => `"${a}"`).join(', ')}]) { address network chains { blockchainId primaryChain } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const got = res.data!.network.addresses;
    expect(got.map((a) => a.address)).toEqual([three[0], two, three[1]]);
    for (const a of got) {
      expect(a.network).toBe('MAINNET');
      const expected = world.chainIdsByAddress.get(a.address)!;
      expect(a.chains.map((c) => c.blockchainId).sort()).toEqual([...expected].sort());
      for (const c of a.chains) expect(c.primaryChain).toBe(primaryChainOf[c.blockchainId]);
    }
    expect(got[1]!.chains).toHaveLength(2);
    expect(h.sandbox.counts).toEqual({ getChainIdsForAddresses: 1 });
  });

  it("refuses an EVM address's chains before any call, and still answers the address itself", async () => {
    const res = await h.raw<{ network: { address: { address: string; chains: null } } }>(
      '{ network { address(address: "0x71c7656ec7ab88b098defb751b7401b5f6d8976f") { address chains { blockchainId } } } }',
    );
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(/bech32 addresses only/);
    expect(res.data!.network.address).toEqual({ address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', chains: null });
    expect(h.sandbox.count()).toBe(0);
  });
});
