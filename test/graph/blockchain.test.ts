/**
 * Blockchains (src/graph/blockchain.ts): one by id, found in the subnet listing (one upstream
 * call however many are asked), with what its CreateChainTx made it: name, VM, subnet, creation
 * block, and its genesis typed for an EVM chain and as the upstream sent it for any other VM.
 * The P-Chain is not in that listing, so it is no Blockchain.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');

const Fields =
  'blockchainId blockchainName vmId subnetId primaryChain createBlockTimestamp createBlockNumber evmChainId encodedGenesis genesisData { config { chainId } }';

describe('a blockchain by id', () => {
  it('reads an L1 EVM chain and the X-Chain from one subnet listing, and null for the P-Chain', async () => {
    const l1 = world.subnets.find((s) => s.isL1)!;
    const evmChain = l1.blockchains.find((b) => typeof b.genesisData === 'object')!;
    const x = world.subnets.flatMap((s) => s.blockchains).find((b) => b.blockchainId === world.chainIds.x)!;
    const res = await h.raw<any>(`{ network {
      evm: blockchain(blockchainId: "${evmChain.blockchainId}") { ${Fields} }
      x: blockchain(blockchainId: "${world.chainIds.x}") { ${Fields} }
      p: blockchain(blockchainId: "${world.chainIds.p}") { blockchainId }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network).toEqual({
      evm: {
        blockchainId: evmChain.blockchainId,
        blockchainName: evmChain.blockchainName,
        vmId: evmChain.vmId,
        subnetId: l1.subnetId,
        primaryChain: null,
        createBlockTimestamp: evmChain.createBlockTimestamp,
        createBlockNumber: evmChain.createBlockNumber,
        evmChainId: evmChain.evmChainId,
        encodedGenesis: null,
        genesisData: { config: { chainId: evmChain.evmChainId } },
      },
      x: {
        blockchainId: world.chainIds.x,
        blockchainName: 'X-Chain',
        vmId: x.vmId,
        subnetId: x.subnetId,
        primaryChain: 'X_CHAIN',
        createBlockTimestamp: x.createBlockTimestamp,
        createBlockNumber: x.createBlockNumber,
        evmChainId: null,
        encodedGenesis: x.genesisData,
        genesisData: null,
      },
      p: null,
    });
    // The P-Chain, which the listing lacks, is asked for by id too, in case it is newer than the listing.
    expect(h.sandbox.counts).toEqual({ listSubnets: 1, getBlockchainById: 1 });
    expect(h.sandbox.log.filter((r) => r.operation === 'getBlockchainById').map((r) => [r.path, r.status])).toEqual([
      [`/v1/networks/mainnet/blockchains/${world.chainIds.p}`, 404],
    ]);
  });
});
