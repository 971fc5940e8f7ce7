/**
 * The node's JSON-RPC joined into the graph: the headline walk (a subnet's chains with status,
 * fee config and validators, and the subnet's P-Chain validators) with its calls counted. The
 * P-Chain on its own is test/graph/p-chain.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');
const statusOf = (blockchainId: string) => node.chains.get(blockchainId)?.status;

const Headline = /* GraphQL */ `
  query NodeHeadline($subnetId: CB58Id!) {
    network(name: MAINNET) {
      subnet(subnetId: $subnetId) {
        subnetId
        currentValidators { nodeId validationId weight balance remainingBalanceOwner { threshold addresses { address } } }
        blockchains {
          blockchainId
          vmId
          status
          feeConfig { gasLimit minBaseFee targetGas lastChangedAt }
          chainConfig { chainId precompileUpgrades { name blockTimestamp disable } }
          validators { nodeId validationId weight uptimePercentage isActive isL1Validator }
        }
      }
    }
  }
`;

describe('a subnet → its chains (status, fee config, validators) → its P-Chain validators, in one request', () => {
  const subnet = world.subnets.find(
    (s) =>
      s.isL1 &&
      s.blockchains.every((b) => statusOf(b.blockchainId) !== 'Created') &&
      s.blockchains.filter((b) => node.chains.get(b.blockchainId)?.vm === 'subnet-evm').length >= 2 &&
      s.blockchains.some((b) => node.chains.get(b.blockchainId)?.vm === 'custom'),
  )!;
  const evmChains = subnet.blockchains.filter((b) => node.chains.get(b.blockchainId)!.vm === 'subnet-evm');

  it('makes one call per chain and kind of data, batches the eth_* calls per chain, and nothing twice', async () => {
    expect(subnet).toBeDefined();
    const res = await h.raw<any>(Headline, { subnetId: subnet.subnetId });
    expect(res.errors).toBeUndefined();
    const got = res.data!.network.subnet!;

    const active = world.l1Validators.filter((v) => v.subnetId === subnet.subnetId && v.active);
    expect(got.currentValidators!.map((v: any) => [v.nodeId, v.validationId, v.weight, v.balance])).toEqual(
      active.map((v) => [v.nodeId, v.validationId, String(v.weight), String(v.remainingBalance)]),
    );
    for (const chain of got.blockchains) {
      expect(chain.status).toBe(statusOf(chain.blockchainId)!.toUpperCase());
      const evm = node.subnetEvm(chain.blockchainId);
      if (!evm) {
        // A custom VM: its status, and nothing asked of an EVM endpoint it does not have.
        expect([chain.feeConfig, chain.chainConfig, chain.validators]).toEqual([null, null, null]);
        continue;
      }
      const latest = evm.feeConfigAt(evm.blocks.at(-1)!.number);
      expect(chain.feeConfig).toEqual({
        gasLimit: String(latest.feeConfig.gasLimit),
        minBaseFee: String(latest.feeConfig.minBaseFee),
        targetGas: String(latest.feeConfig.targetGas),
        lastChangedAt: String(latest.lastChangedAt),
      });
      expect(chain.chainConfig!.chainId).toBe(evm.chainId);
      // The chain's node lists every validator not removed (weight above 0), active or out of balance.
      const current = world.l1Validators.filter((v) => v.subnetId === subnet.subnetId && v.weight > 0);
      expect(chain.validators!.map((v: any) => [v.validationId, v.isActive]).sort()).toEqual(
        current.map((v) => [v.validationId, v.active]).sort(),
      );
      expect(chain.validators!.every((v: any) => v.isL1Validator && v.uptimePercentage > 0)).toBe(true);
    }

    expect(h.sandbox.counts).toEqual({
      listSubnets: 1,
      'platform.getCurrentValidators': 1,
      'platform.getBlockchainStatus': subnet.blockchains.length,
      // eth_feeConfig and eth_getChainConfig of a chain: one JSON-RPC batch.
      batch: evmChains.length,
      'validators.getCurrentValidators': evmChains.length,
    });
    for (const batch of h.bodies('batch'))
      expect(batch.map((c: { method: string }) => c.method).sort()).toEqual(['eth_feeConfig', 'eth_getChainConfig']);
    expect(new Set(h.sandbox.log.filter((r) => r.operation === 'batch').map((r) => r.path))).toEqual(
      new Set(evmChains.map((b) => `/mainnet/ext/bc/${b.blockchainId}/rpc`)),
    );
  });

  it('asks nothing twice when the same data is selected twice', async () => {
    const q = `query($id: CB58Id!) { network { a: subnet(subnetId: $id) { blockchains { status feeConfig { gasLimit } } }
      b: subnet(subnetId: $id) { blockchains { s: status feeConfig { minBaseFee } } } } }`;
    const res = await h.raw(q, { id: subnet.subnetId });
    expect(res.errors).toBeUndefined();
    expect(h.sandbox.count('platform.getBlockchainStatus')).toBe(subnet.blockchains.length);
    // Both feeConfig selections of a chain are one eth_feeConfig, alone in its request.
    expect(h.sandbox.count('eth_feeConfig')).toBe(evmChains.length);
  });
});
