/**
 * The connected graph: nested queries across subnets, blockchains, genesis, validators,
 * transactions, UTXOs and addresses, with the upstream calls they cost, and what one request
 * shares between its fields. What one domain answers on its own is in that domain's file.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');

const NestedSubnets = /* GraphQL */ `
  query NestedSubnets($first: Int) {
    network(name: MAINNET) {
      subnets(first: $first) {
        pageInfo { hasNextPage }
        nodes {
          subnetId
          isL1
          blockchains {
            blockchainId
            blockchainName
            evmChainId
            subnet { subnetId }
            genesisData {
              gasLimit
              timestamp
              baseFeePerGas
              config {
                chainId
                londonBlock
                feeConfig { gasLimit minBaseFee targetGas }
                warpConfig { quorumNumerator requirePrimaryNetworkSigners }
                contractDeployerAllowListConfig { adminAddresses managerAddresses enabledAddresses blockTimestamp }
              }
              alloc { address balance code storage { slot value } }
            }
            encodedGenesis
          }
          l1Validators(first: 5) {
            blockHeight
            nodes { validationId nodeId weight remainingBalance subnet { subnetId } }
          }
        }
      }
    }
  }
`;

describe('Subnet → blockchains → genesisData + l1Validators', () => {
  it('costs one listSubnets call plus one listL1Validators call per L1 on the page, and one for the height of all the others', async () => {
    const res = await h.raw<any>(NestedSubnets, { first: 20 });
    expect(res.errors).toBeUndefined();
    const subnets = res.data!.network.subnets!.nodes;
    expect(subnets).toHaveLength(20);
    const l1s = subnets.filter((s: any) => s.isL1).length;
    expect(l1s).toBeGreaterThan(0);
    expect(l1s).toBeLessThan(20);
    expect(h.sandbox.count('listSubnets')).toBe(1);
    expect(h.sandbox.count('listL1Validators')).toBe(l1s + 1);
    expect(h.sandbox.count()).toBe(1 + l1s + 1);
  });

  it('asks no upstream for the L1 validators of a subnet that is not an L1', async () => {
    const res = await h.raw<any>(NestedSubnets, { first: 60 });
    const legacy = res.data!.network.subnets!.nodes.filter((s: any) => !s.isL1);
    expect(legacy.length).toBeGreaterThan(0);
    for (const s of legacy) expect(s.l1Validators!.nodes).toEqual([]);
    for (const s of res.data!.network.subnets!.nodes.filter((s: any) => s.isL1)) {
      for (const v of s.l1Validators!.nodes) expect(v.subnet?.subnetId).toBe(s.subnetId);
    }
  });
});

const TxUtxoAddresses = /* GraphQL */ `
  query TxUtxoAddresses($chain: PrimaryNetworkChain!, $first: Int) {
    network(name: MAINNET) {
      transactions(chain: $chain, first: $first) {
        nodes {
          txHash
          txType
          consumedUtxos { utxoId amount addresses { address chains { blockchainId primaryChain blockchain { blockchainName } } } }
          emittedUtxos { utxoId amount asset { symbol denomination amount } addresses { address chains { blockchainId primaryChain } } }
        }
      }
    }
  }
`;

describe('Transaction → UTXOs → addresses → chains', () => {
  it('looks up every address of the response in one listChainIds call', async () => {
    const res = await h.raw<any>(TxUtxoAddresses, { chain: 'X_CHAIN', first: 20 });
    expect(res.errors).toBeUndefined();
    const txs = res.data!.network.transactions!.nodes;
    const addresses = new Set(
      txs.flatMap((tx: any) => [...tx.consumedUtxos, ...tx.emittedUtxos].flatMap((u) => u.addresses.map((a: any) => a.address))),
    );
    expect(addresses.size).toBeGreaterThan(5);
    expect(h.sandbox.count('listLatestPrimaryNetworkTransactions')).toBe(1);
    expect(h.sandbox.count('getChainIdsForAddresses')).toBe(1);
    // AddressChain.blockchain resolves from one subnet listing, however many chains.
    expect(h.sandbox.count('listSubnets')).toBe(1);
    expect(h.sandbox.count()).toBe(3);
    const call = h.sandbox.log.find((r) => r.operation === 'getChainIdsForAddresses')!;
    const sent = call.query.find(([k]) => k === 'addresses')![1].split(',');
    expect(new Set(sent)).toEqual(addresses);
    for (const tx of txs) {
      for (const u of [...tx.consumedUtxos, ...tx.emittedUtxos]) {
        for (const a of u.addresses) {
          expect(a.chains!.map((c: any) => c.blockchainId).sort()).toEqual([...world.chainIdsByAddress.get(a.address)!].sort());
        }
      }
    }
  });

  it('names the Primary Network chains and resolves the listed ones to blockchains', async () => {
    const res = await h.raw<any>(TxUtxoAddresses, { chain: 'P_CHAIN', first: 10 });
    const chains = res.data!.network.transactions!.nodes.flatMap((tx: any) =>
      tx.consumedUtxos.flatMap((u: any) => u.addresses.flatMap((a: any) => a.chains!)),
    );
    const p = chains.find((c: any) => c.primaryChain === 'P_CHAIN');
    expect(p).toBeDefined();
    expect(p!.blockchain).toBeNull();
    const x = chains.find((c: any) => c.primaryChain === 'X_CHAIN');
    expect(x).toBeDefined();
    expect(x!.blockchain?.blockchainName).toBe('X-Chain');
  });
});

describe('per-request deduplication', () => {
  it('fetches the same subnet and blockchain once, however often a request names them', async () => {
    const subnet = world.subnets.find((s) => s.isL1 && s.blockchains.length > 0)!;
    const chain = subnet.blockchains[0]!;
    const res = await h.raw(`{
      network(name: MAINNET) {
        a: subnet(subnetId: "${subnet.subnetId}") { subnetId blockchains { blockchainId } }
        b: subnet(subnetId: "${subnet.subnetId}") { subnetId }
        c: blockchain(blockchainId: "${chain.blockchainId}") { blockchainName subnet { subnetId } }
        d: blockchain(blockchainId: "${chain.blockchainId}") { blockchainName }
        e: l1Validators(subnetId: "${subnet.subnetId}", first: 3) { nodes { subnet { subnetId } } }
        f: l1Validators(subnetId: "${subnet.subnetId}", first: 3) { nodes { validationId } }
      }
    }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      network: { a: { subnetId: subnet.subnetId }, c: { blockchainName: chain.blockchainName, subnet: { subnetId: subnet.subnetId } } },
    });
    expect(h.sandbox.count('listSubnets')).toBe(1);
    // Two identical connection fields share one upstream page.
    expect(h.sandbox.count('listL1Validators')).toBe(1);
    expect(h.sandbox.count()).toBe(2);
  });

  it("does not share one request's answers with the next when the cache TTL is 0", async () => {
    const q = `{ network(name: MAINNET) { subnet(subnetId: "${world.subnets[3]!.subnetId}") { subnetId } } }`;
    await h.raw(q);
    await h.raw(q);
    expect(h.sandbox.count('listSubnets')).toBe(2);
  });
});
