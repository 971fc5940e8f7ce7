/**
 * A blockchain's genesis (src/graph/genesis.ts): fully typed from the Data API's listing, hex
 * quantities as strings, nulls as null, and the encoded genesis of a chain that is not an EVM's.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');

// The fields the test reads, below a page of subnets as a client reaches a genesis.
const Genesis = /* GraphQL */ `
  query Genesis($first: Int) {
    network(name: MAINNET) {
      subnets(first: $first) {
        nodes {
          blockchains {
            blockchainId
            evmChainId
            subnet { subnetId }
            genesisData {
              gasLimit
              baseFeePerGas
              config {
                chainId
                feeConfig { minBaseFee }
                contractDeployerAllowListConfig { adminAddresses }
              }
              alloc { address balance storage { slot value } }
            }
            encodedGenesis
          }
        }
      }
    }
  }
`;

describe('genesisData', () => {
  it('returns the genesis fully typed, hex quantities as strings and nulls as null', async () => {
    const res = await h.raw<any>(Genesis, { first: 60 });
    const chains = res.data!.network.subnets!.nodes.flatMap((s: any) => s.blockchains);
    const wireChains = world.subnets.flatMap((s) => s.blockchains);
    for (const chain of chains) {
      const wire = wireChains.find((c) => c.blockchainId === chain.blockchainId)!;
      // Blockchain.subnet comes from its parent: no extra call.
      expect(chain.subnet?.subnetId).toBe(wire.subnetId);
      if (typeof wire.genesisData === 'string') {
        expect(chain.genesisData).toBeNull();
        expect(chain.encodedGenesis).toBe(wire.genesisData);
        continue;
      }
      const g = wire.genesisData!;
      expect(chain.genesisData!.gasLimit).toBe(g.gasLimit);
      expect(chain.genesisData!.gasLimit).toMatch(/^0x[0-9a-f]+$/);
      expect(chain.genesisData!.baseFeePerGas).toBeNull();
      expect(chain.genesisData!.config!.chainId).toBe(g.config!.chainId);
      expect(chain.genesisData!.config!.feeConfig!.minBaseFee).toBe(g.config!.feeConfig!.minBaseFee);
      expect(chain.genesisData!.config!.contractDeployerAllowListConfig?.adminAddresses ?? null).toEqual(
        g.config!.contractDeployerAllowListConfig?.adminAddresses ?? null,
      );
      const alloc = Object.entries(g.alloc!);
      expect(chain.genesisData!.alloc!.map((a: any) => a.address)).toEqual(alloc.map(([address]) => address));
      for (const [address, entry] of alloc) {
        const got = chain.genesisData!.alloc!.find((a: any) => a.address === address)!;
        expect(got.balance).toBe(entry.balance);
        expect(got.storage ?? null).toEqual(entry.storage ? Object.entries(entry.storage).map(([slot, value]) => ({ slot, value })) : null);
      }
    }
    // Chain ids wider than GraphQL's Int come back exact.
    expect(chains.some((c: any) => (c.evmChainId ?? 0) > 2 ** 31)).toBe(true);
    expect(h.sandbox.count('listSubnets')).toBe(1);
  });
});
