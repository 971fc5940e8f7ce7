/**
 * EVM chains: the subnet → EVM chain → transactions → parties' contracts → ICM walk with its
 * upstream calls, every EVM connection's paging and filters, balances, contract metadata per
 * ercType, the enums, and upstream failures.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from '../../src/base/ids.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { FX_RATES } from '../../sandbox/world/timeline.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, type Page, startHarness, useHarness, walk } from '../helpers/harness.js';

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

const ChainTxs = /* GraphQL */ `
  query ChainTxs($after: String, $status: EvmTransactionStatus) {
    network(name: MAINNET) {
      evmChain(evmChainId: 43114) {
        transactions(first: 100, after: $after, status: $status) {
          pageInfo { hasNextPage endCursor }
          nodes { txHash status method { callType } }
        }
      }
    }
  }
`;

describe('EVM connections', () => {
  it('pages the latest transactions, and filters by status', async () => {
    const all = await walk<any>(async (after) => (await h.raw<any>(ChainTxs, { after })).data!.network.evmChain!.transactions!);
    expect(all.map((t) => t.txHash)).toEqual(newestFirst(cChain.transactions).map((t) => t.txHash));
    expect(new Set(all.map((t) => t.method?.callType))).toEqual(new Set(['NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION']));
    const failed = await walk<any>(
      async (after) => (await h.raw<any>(ChainTxs, { after, status: 'FAILED' })).data!.network.evmChain!.transactions!,
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((t) => t.txHash)).toEqual(newestFirst(cChain.transactions.filter((t) => t.txStatus === '0')).map((t) => t.txHash));
    expect(new Set(failed.map((t) => t.status))).toEqual(new Set(['FAILED']));
    expect(h.sandbox.log.some((r) => r.query.some(([k, v]) => k === 'status' && v === 'failed'))).toBe(true);
  });

  it('pages ERC-20 transfers and internal transactions of an address, in a block range', async () => {
    const busiest = [...new Set(cChain.erc20Transfers.map((t) => t.to.address.toLowerCase()))]
      .map((a) => [a, cChain.erc20Transfers.filter((t) => t.from.address.toLowerCase() === a || t.to.address.toLowerCase() === a)] as const)
      .sort((x, y) => y[1].length - x[1].length)[0]!;
    const [address, transfers] = busiest;
    const startBlock = Number(transfers[1]!.blockNumber);
    const endBlock = Number(transfers.at(-2)!.blockNumber);
    const inRange = transfers.filter((t) => Number(t.blockNumber) >= startBlock && Number(t.blockNumber) < endBlock);
    const Q = `query($after: String) { network { evmChain(evmChainId: 43114) { address(address: "${address}") {
      erc20Transfers(first: 2, after: $after, startBlock: ${startBlock}, endBlock: ${endBlock}) { pageInfo { hasNextPage endCursor } nodes { txHash value erc20Token { symbol price { currencyCode value } } } } } } } }`;
    const got = await walk(
      async (after) =>
        ((await h.raw(Q, { after })).data as { network: { evmChain: { address: { erc20Transfers: Page<{ txHash: string }> } } } }).network
          .evmChain.address.erc20Transfers,
    );
    expect(got.map((t) => t.txHash)).toEqual(newestFirst(inRange).map((t) => t.txHash));
    const sent = h.sandbox.log.find((r) => r.operation === 'listErc20Transactions')!;
    expect(sent.query).toEqual(
      expect.arrayContaining([
        ['startBlock', String(startBlock)],
        ['endBlock', String(endBlock)],
      ]),
    );

    const router = [...cChain.contracts.values()].find(
      (c) => c.ercType === 'UNKNOWN' && cChain.internalTransactions.filter((t) => t.from.address === c.address).length > 3,
    )!;
    const internals = cChain.internalTransactions.filter((t) => t.from.address === router.address || t.to.address === router.address);
    const IQ = `query($after: String) { network { evmChain(evmChainId: 43114) { address(address: "${router.address.toLowerCase()}") {
      internalTransactions(first: 3, after: $after) { pageInfo { hasNextPage endCursor } nodes { txHash internalTxType value isReverted } } } } } }`;
    const igot = await walk(
      async (after) =>
        (
          (await h.raw(IQ, { after })).data as {
            network: { evmChain: { address: { internalTransactions: Page<{ txHash: string; internalTxType: string }> } } };
          }
        ).network.evmChain.address.internalTransactions,
    );
    expect(igot.map((t) => t.txHash)).toEqual(newestFirst(internals).map((t) => t.txHash));
    expect(new Set(igot.map((t) => t.internalTxType)).size).toBeGreaterThan(0);
  });

  it('pages collectibles up to 500 per upstream call, and filters by contract', async () => {
    const owner = [...new Set(cChain.collectibles.map((c) => c.owner))].sort(
      (a, b) => cChain.collectibles.filter((c) => c.owner === b).length - cChain.collectibles.filter((c) => c.owner === a).length,
    )[0]!;
    const held = cChain.collectibles.filter((c) => c.owner === owner).map((c) => c.balance);
    expect(held.length).toBeGreaterThan(600);
    const Q = `query($contract: EvmHexAddress, $after: String) { network { evmChain(evmChainId: 43114) { address(address: "${owner}") {
      collectibles(first: 600, contractAddress: $contract, after: $after) { pageInfo { hasNextPage endCursor } nodes { __typename address tokenId ercType metadata { indexStatus name } ... on Erc1155Balance { balance } ... on Erc721Balance { ownerAddress } } } } } } }`;
    type Res = { network: { evmChain: { address: { collectibles: Page<{ address: string; tokenId: string; __typename: string }> } } } };
    const key = (c: { address: string; tokenId: string }) => `${c.address}#${c.tokenId}`;
    const res = await h.raw<Res>(Q);
    const first = res.data!.network.evmChain.address.collectibles;
    expect(first.nodes.map(key)).toEqual(held.slice(0, 600).map(key));
    expect(first.pageInfo.hasNextPage).toBe(true);
    // 600 = a full upstream page of 500, then the 100 still missing.
    expect(h.sandbox.log.map((r) => r.query.find(([k]) => k === 'pageSize')?.[1])).toEqual(['500', '100']);
    const rest = (await h.raw<Res>(Q, { after: first.pageInfo.endCursor })).data!.network.evmChain.address.collectibles;
    expect(rest.nodes.map(key)).toEqual(held.slice(600).map(key));
    expect(rest.pageInfo.hasNextPage).toBe(false);

    const contracts = [...new Set(held.map((c) => c.address))];
    expect(contracts.length).toBeGreaterThan(1);
    for (const contract of contracts) {
      h.sandbox.reset();
      const filtered = (await h.raw<Res>(Q, { contract: contract.toLowerCase() })).data!.network.evmChain.address.collectibles;
      expect(filtered.nodes.map(key)).toEqual(
        held
          .filter((c) => c.address === contract)
          .slice(0, 600)
          .map(key),
      );
      expect(filtered.nodes.length).toBeGreaterThan(0);
      expect(h.sandbox.log[0]!.query).toContainEqual(['contractAddress', contract.toLowerCase()]);
    }
  });
});

describe('native balance', () => {
  it('is the replayed balance at the latest or any block, priced in any currency', async () => {
    const account = cChain.accounts[5]!;
    const block = Math.floor(cChain.headBlock / 2);
    const res = await h.raw<{
      network: {
        evmChain: {
          address: {
            now: { balance: string; symbol: string };
            then: { balance: string; price: { currencyCode: string; value: number }; balanceValue: { value: number } };
          };
        };
      };
    }>(
      `{ network { evmChain(evmChainId: 43114) { address(address: "${account}") {
        now: nativeBalance { balance symbol decimals }
        then: nativeBalance(blockNumber: "${block}", currency: JPY) { balance price { currencyCode value } balanceValue { currencyCode value } }
      } } } }`,
    );
    const a = res.data!.network.evmChain.address;
    expect(a.now).toMatchObject({ balance: String(cChain.balanceAt(account)), symbol: 'AVAX' });
    expect(a.then.balance).toBe(String(cChain.balanceAt(account, block)));
    expect(a.then.price).toEqual({ currencyCode: 'jpy', value: Math.round(cChain.native.priceUsd * FX_RATES.jpy! * 100) / 100 });
    expect(a.then.balanceValue.value).toBeGreaterThan(0);
  });

  it('takes every currency of the spec', async () => {
    const currencies = Object.keys(FX_RATES);
    const query = `{ network { evmChain(evmChainId: 43114) { address(address: "${cChain.accounts[0]}") { ${currencies
      .map((c) => `${c}: nativeBalance(currency: ${c.toUpperCase()}) { price { currencyCode } }`)
      .join(' ')} } } } }`;
    const res = await h.raw<{ network: { evmChain: { address: Record<string, { price: { currencyCode: string } }> } } }>(
      query,
      undefined,
      {},
    );
    expect(res.errors).toBeUndefined();
    for (const c of currencies) expect(res.data!.network.evmChain.address[c]!.price.currencyCode).toBe(c);
  });
});

describe('links and lookups', () => {
  it('finds an EVM chain by EVM chain id or blockchain id, and links it to its blockchain both ways', async () => {
    const chain = [...evm.chains.values()].find((c) => c.chainId !== '43114')!;
    const res = await h.raw<{
      network: {
        a: { blockchainId: string; blockchain: { evm: { evmChainId: number } } };
        b: { evmChainId: number };
        c: { evmChainId: number };
        none: null;
      };
    }>(`{ network {
      a: evmChain(evmChainId: ${chain.chainId}) { blockchainId blockchain { evm { evmChainId } } }
      b: evmChain(blockchainId: "${chain.blockchainId}") { evmChainId }
      c: evmChain(evmChainId: 43114) { evmChainId }
      none: evmChain(evmChainId: 7) { evmChainId }
    } }`);
    expect(res.data!.network).toEqual({
      a: { blockchainId: chain.blockchainId, blockchain: { evm: { evmChainId: Number(chain.chainId) } } },
      b: { evmChainId: Number(chain.chainId) },
      c: { evmChainId: 43114 },
      none: null,
    });
  });

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
