/**
 * EVM journeys and what the EVM domains share: the subnet → EVM chain → transactions → parties'
 * contracts → ICM walk with its upstream calls, a custom VM that is no EVM chain on either side,
 * refetching by global id, one spelling of an EVM address on every path, the arguments refused
 * before any call, and upstream failures. One EVM domain on its own is in its file
 * (evm-chain, evm-address, contract).
 */
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from '../../src/base/ids.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '1' });
const world = getWorld('mainnet');
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();

const SubnetToIcm = /* GraphQL */ `
  query SubnetToIcm($subnetId: CB58Id!) {
    network(name: MAINNET) {
      subnet(subnetId: $subnetId) {
        blockchains {
          blockchainId
          evm {
            evmChainId
            blockchain { blockchainName }
            transactions(first: 10) {
              nodes {
                txHash
                from { address contract { name } }
                to {
                  address
                  contract {
                    __typename
                    name
                    ercType
                    logoAsset { imageUri }
                    resourceLinks { type url }
                    tags
                    deploymentDetails { txHash deployerAddress deployer { address } }
                    ... on Erc20Contract { decimals pricingProviders { coingeckoCoinId } }
                  }
                }
              }
            }
            icmMessages(first: 5) {
              nodes { messageId status sourceBlockchain { blockchainName } destinationBlockchain { blockchainName } }
            }
          }
        }
      }
    }
  }
`;

describe('subnet → EVM chain → transactions → contract metadata → ICM messages', () => {
  it('runs in one request with one call per list and one per distinct contract', async () => {
    const subnet = world.subnets.find((s) => s.isL1 && s.blockchains.filter((b) => typeof b.genesisData === 'object').length >= 2)!;
    const res = await h.raw<any>(SubnetToIcm, { subnetId: subnet.subnetId });
    expect(res.errors).toBeUndefined();
    const chains = res.data!.network.subnet!.blockchains.filter((b: any) => b.evm);
    expect(chains.length).toBeGreaterThanOrEqual(2);
    const recipients = new Set(
      chains.flatMap((c: any) => c.evm!.transactions!.nodes.map((tx: any) => `${c.evm!.evmChainId}|${tx.to.address.toLowerCase()}`)),
    );
    expect(h.sandbox.counts).toEqual({
      listSubnets: 1,
      listLatestTransactions: chains.length,
      listIcmMessages: chains.length,
      getContractMetadata: recipients.size,
    });
    // EVM paths name a chain by blockchain id, which is unique, unlike an EVM chain id.
    const txPaths = h.sandbox.log.filter((r) => r.operation === 'listLatestTransactions').map((r) => r.path);
    expect(txPaths.sort()).toEqual(chains.map((c: any) => `/v1/chains/${c.blockchainId}/transactions`).sort());
    for (const c of chains) {
      const chain = evm.chains.get(String(c.evm!.evmChainId))!;
      expect(c.evm!.transactions!.nodes.map((tx: any) => tx.txHash)).toEqual(
        newestFirst(chain.transactions)
          .slice(0, 10)
          .map((t) => t.txHash),
      );
      for (const tx of c.evm!.transactions!.nodes) {
        expect(tx.from.contract).toBeNull();
        const contract = chain.contracts.get(tx.to.address.toLowerCase());
        if (!contract) {
          expect(tx.to.contract).toBeNull();
          continue;
        }
        expect(tx.to.contract).toMatchObject({ name: contract.name, deploymentDetails: { txHash: contract.deploymentDetails!.txHash } });
        if (contract.ercType === 'ERC-20')
          expect(tx.to.contract).toMatchObject({ __typename: 'Erc20Contract', decimals: contract.decimals });
      }
      const messages = c.evm!.icmMessages!.nodes;
      const expected = evm.icm
        .filter((m) => m.sourceBlockchainId === c.blockchainId || m.destinationBlockchainId === c.blockchainId)
        .slice(0, 5);
      expect(messages.map((m: any) => m.messageId)).toEqual(expected.map((m) => m.messageId));
      for (const m of messages)
        expect([m.sourceBlockchain?.blockchainName, m.destinationBlockchain?.blockchainName]).toContain(c.evm!.blockchain!.blockchainName);
    }
  });
});

describe('links and lookups', () => {
  it('takes a custom VM whose genesis has a chainId for what it is: not an EVM chain', async () => {
    const custom = world.subnets
      .flatMap((s) => s.blockchains)
      .find(
        (b) =>
          b.evmChainId !== undefined && typeof b.genesisData === 'string' && b.vmId !== 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
      )!;
    expect(custom).toBeDefined();
    const res = await h.raw(`{ network {
      blockchain(blockchainId: "${custom.blockchainId}") { evmChainId evm { evmChainId } averageTps { nodes { value } } encodedGenesis }
      byId: evmChain(evmChainId: ${custom.evmChainId}) { blockchainId }
      byBlockchain: evmChain(blockchainId: "${custom.blockchainId}") { blockchainId }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      network: {
        blockchain: { evmChainId: null, evm: null, averageTps: null, encodedGenesis: custom.genesisData },
        byId: null,
        byBlockchain: null,
      },
    });
    expect(h.sandbox.counts).toEqual({ listSubnets: 1 });
  });

  it('refetches an EVM chain and an EVM address by their global ids', async () => {
    const res = await h.raw<{ network: { evmChain: { id: string; address: { id: string } } } }>(
      `{ network { evmChain(evmChainId: 43114) { id address(address: "${cChain.accounts[2]}") { id } } } }`,
    );
    const { id, address } = res.data!.network.evmChain;
    const again = await h.raw(
      `{ a: node(id: "${id}") { ... on EvmChain { evmChainId } } b: node(id: "${address.id}") { ... on EvmAddress { address chain { evmChainId } } } }`,
    );
    expect(again.data).toEqual({
      a: { evmChainId: 43114 },
      b: { address: toChecksumAddress(cChain.accounts[2]!), chain: { evmChainId: 43114 } },
    });
  });

  it('spells an EVM address one way (EIP-55) on every path: as asked in any case, as an upstream wrote it, through node(id:)', async () => {
    const lower = cChain.accounts[2]!.toLowerCase();
    const upper = `0x${lower.slice(2).toUpperCase()}`;
    const eip55 = toChecksumAddress(lower);
    // Mixed case, and not the lower-case form the global id is made of.
    expect(eip55).not.toBe(lower);
    const asked = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) {
          lower: address(address: "${lower}") { id address }
          upper: address(address: "${upper}") { id address }
          transactions(first: 3) { nodes { from { address account { id address } } } }
        }
        atomic: address(address: "${upper}") { id address } } }`,
    );
    expect(asked.errors).toBeUndefined();
    const chain = asked.data.network.evmChain;
    expect(chain.lower).toEqual({ id: chain.upper.id, address: eip55 });
    expect(chain.upper.address).toBe(eip55);
    for (const { from } of chain.transactions.nodes) {
      expect(from.address).toBe(toChecksumAddress(from.address));
      expect(from.account.address).toBe(from.address);
    }
    expect(asked.data.network.atomic.address).toBe(eip55);
    const again = await h.raw<any>(
      `{ e: node(id: "${chain.lower.id}") { ... on EvmAddress { address } } a: node(id: "${asked.data.network.atomic.id}") { ... on Address { address } } }`,
    );
    expect(again.data).toEqual({ e: { address: eip55 }, a: { address: eip55 } });
  });

  it.each([
    [
      'both ids',
      '{ network { evmChain(evmChainId: 43114, blockchainId: "2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5") { evmChainId } } }',
      /exactly one of/,
    ],
    ['neither id', '{ network { evmChain { evmChainId } } }', /exactly one of/],
    [
      'a bad EVM address',
      '{ network { evmChain(evmChainId: 43114) { address(address: "0x123") { address } } } }',
      /is not a valid EvmHexAddress/,
    ],
    [
      'an empty block range',
      `{ network { evmChain(evmChainId: 43114) { address(address: "0x${'1'.repeat(40)}") { erc20Transfers(startBlock: 9, endBlock: 9) { nodes { txHash } } } } } }`,
      /must be below `endBlock`/,
    ],
    [
      'a negative block number',
      `{ network { evmChain(evmChainId: 43114) { address(address: "0x${'1'.repeat(40)}") { nativeBalance(blockNumber: "-4") { balance } } } } }`,
      /must be a block number from 0 to 9223372036854775807/,
    ],
    [
      'collectibles over 1000',
      `{ network { evmChain(evmChainId: 43114) { address(address: "0x${'1'.repeat(40)}") { collectibles(first: 1001) { nodes { tokenId } } } } } }`,
      /from 1 to 1000/,
    ],
  ])('refuses %s before any call', async (_name, query, message) => {
    const res = await h.raw(query);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });
});

describe('upstream failures on EVM endpoints', () => {
  const Q = '{ network { evmChain(evmChainId: 43114) { transactions(first: 2) { nodes { txHash } } } } }';
  it.each([
    [400, 'UPSTREAM_BAD_REQUEST', 1],
    [404, 'NOT_FOUND', 1],
    [429, 'UPSTREAM_RATE_LIMITED', 1],
    [503, 'UPSTREAM_UNAVAILABLE', 2],
  ])('%d → %s', async (status, code, calls) => {
    h.sandbox.fail({ operation: 'listLatestTransactions', kind: 'status', status, retryAfter: status === 429 ? 60 : undefined, times: -1 });
    const res = await h.raw(Q);
    expect(codes(res)).toEqual([code]);
    expect(res.errors![0]!.extensions).toMatchObject({ upstream: { operation: 'listLatestTransactions', status } });
    expect(h.sandbox.count('listLatestTransactions')).toBe(calls);
  });

  it("passes the upstream's own 400 message through", async () => {
    const res = await h.raw(
      `{ network { evmChain(evmChainId: 43114) { address(address: "${cChain.accounts[0]}") { nativeBalance(blockNumber: "${cChain.headBlock + 1000}") { balance } } } } }`,
    );
    expect(codes(res)).toEqual(['UPSTREAM_BAD_REQUEST']);
    expect(res.errors![0]!.message).toMatch(/is ahead of the latest block/);
  });
});
