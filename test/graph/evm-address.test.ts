/**
 * EVM addresses (src/graph/evm-address.ts): an address's ERC-20 transfers and internal
 * transactions in a block range, its collectibles with their own, larger upstream page, and its
 * native balance at any block in any currency, each checked against the sandbox's history.
 */
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { FX_RATES } from '../../sandbox/world/timeline.js';
import { type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();

describe('transfers and collectibles of an address', () => {
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
