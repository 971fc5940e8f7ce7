/**
 * An EVM address's token balances (src/graph/evm-address-balances.ts) and history
 * (src/graph/evm-address-history.ts), checked against the sandbox's world and the calls made;
 * and the journey an address → its ERC-20 balances → each token's contract → its transfers, in one
 * request.
 */
import { describe, expect, it } from 'vitest';
import { erc1155BalancesOf, erc20BalancesOf, holdingsOf, transactionDetailsOf } from '../../sandbox/world/evm-holdings.js';
import { erc20Supply, getEvmWorld, SHOWCASE_EVM_ADDRESS, type EvmChainWorld } from '../../sandbox/world/evm.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
const lower = (a: string) => a.toLowerCase();
const queryOf = (operation: string) => h.sandbox.log.find((r) => r.operation === operation)!.query;

/** The account holding the most ERC-20 tokens at the head of a chain. */
function tokenRich(chain: EvmChainWorld) {
  return chain.accounts
    .map((a) => [a, erc20BalancesOf(chain, a, chain.headBlock, 'usd', 1)] as const)
    .sort((x, y) => y[1].length - x[1].length)[0]!;
}

/** `{ network { evmChain(…) { address(…) { <selection> } } } }` for an address of the mainnet C-Chain. */
const onAddress = (address: string, selection: string, vars = '') =>
  `query${vars} { network { evmChain(evmChainId: 43114) { address(address: "${address}") { ${selection} } } } }`;
const addressOf = (res: { data?: any }) => res.data.network.evmChain.address;

describe('balances', () => {
  it("lists an address's ERC-20 balances at the head and at a block, priced, as the history adds up", async () => {
    const [holder, held] = tokenRich(cChain);
    expect(held.length).toBeGreaterThan(1);
    // Conservation: each token's balances over every party of its history add up to its supply.
    const parties = new Set(cChain.erc20Transfers.flatMap((t) => [lower(t.from.address), lower(t.to.address)]));
    for (const c of cChain.contracts.values()) parties.add(lower(c.deploymentDetails!.deployerAddress));
    for (const token of cChain.tokens) {
      let total = 0n;
      for (const a of parties) {
        total += BigInt(erc20BalancesOf(cChain, a, cChain.headBlock, 'usd', 1).find((b) => same(b.address, token.address))?.balance ?? 0);
      }
      expect(total).toBe(erc20Supply(token.decimals));
    }
    const Q = onAddress(
      holder,
      `erc20Balances(first: 50, currency: EUR) { nodes { balance tokenReputation price { currencyCode value } balanceValue { value } token { address symbol decimals } } }`,
    );
    const res = await h.raw<any>(Q);
    expect(res.errors).toBeUndefined();
    const nodes = addressOf(res).erc20Balances.nodes;
    expect(nodes.map((n: any) => [n.token.address, n.balance])).toEqual(held.map((b) => [b.address, b.balance]));
    expect(nodes[0].price.currencyCode).toBe('eur');
    expect(nodes[0].tokenReputation).toBe('BENIGN');
    expect(queryOf('listErc20Balances')).toEqual(
      expect.arrayContaining([
        ['currency', 'eur'],
        ['pageSize', '50'],
      ]),
    );

    // At the block before the holder's first ERC-20 transfer, it held none of the tokens it got by transfer.
    const first = cChain.erc20Transfers.find((t) => same(t.to.address, holder))!;
    const before = Number(first.blockNumber) - 1;
    const then = erc20BalancesOf(cChain, holder, before, 'usd', 1);
    const atBlock = await h.raw<any>(
      onAddress(holder, `erc20Balances(first: 50, blockNumber: "${before}") { nodes { balance token { address } } }`),
    );
    expect(addressOf(atBlock).erc20Balances.nodes.map((n: any) => [n.token.address, n.balance])).toEqual(
      then.map((b) => [b.address, b.balance]),
    );
    expect(h.sandbox.log.at(-1)!.query).toEqual(expect.arrayContaining([['blockNumber', String(before)]]));
  });

  it('filters ERC-20 balances by contract, and the spam filter is sent only when asked', async () => {
    const [holder, held] = tokenRich(cChain);
    const one = held[1]!.address;
    const res = await h.raw<any>(
      onAddress(holder, `erc20Balances(contractAddresses: ["${one}"], includeSpam: true) { nodes { token { address } } }`),
    );
    expect(addressOf(res).erc20Balances.nodes).toEqual([{ token: { address: one } }]);
    expect(queryOf('listErc20Balances')).toEqual(
      expect.arrayContaining([
        ['contractAddresses', lower(one)],
        ['filterSpamTokens', 'false'],
      ]),
    );
  });

  it('refuses a bad block, an empty or too long contract list, before any call', async () => {
    const [holder] = tokenRich(cChain);
    for (const args of ['blockNumber: "-1"', 'blockNumber: "99999999999999999999"', 'contractAddresses: []']) {
      const res = await h.raw(onAddress(holder, `erc20Balances(${args}) { nodes { balance } }`));
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    }
    const many = Array.from({ length: 101 }, (_, i) => `"0x${i.toString(16).padStart(40, '0')}"`).join(',');
    const res = await h.raw(onAddress(holder, `erc20Balances(contractAddresses: [${many}]) { nodes { balance } }`));
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.count()).toBe(0);
  });

  it('pages ERC-721 balances by collection, and ERC-1155 balances at a block', async () => {
    const collector = [...new Set(cChain.collectibles.map((c) => c.owner))].sort(
      (a, b) => cChain.collectibles.filter((c) => c.owner === b).length - cChain.collectibles.filter((c) => c.owner === a).length,
    )[0]!;
    const held = cChain.collectibles.filter((c) => c.owner === collector && c.balance.ercType === 'ERC-721').map((c) => c.balance);
    const contract = held[0]!.address;
    const ofContract = held.filter((c) => c.address === contract);
    const Q = onAddress(
      collector,
      `erc721Balances(first: 200, after: $after, contractAddress: "${contract}") { pageInfo { hasNextPage endCursor } nodes { tokenId ownerAddress metadata { indexStatus } } }`,
      '($after: String)',
    );
    const got = await walk(async (after) => addressOf(await h.raw<any>(Q, { after })).erc721Balances as Page<{ tokenId: string }>);
    expect(got.map((c) => c.tokenId)).toEqual(ofContract.map((c) => c.tokenId));
    expect(queryOf('listErc721Balances')).toEqual(expect.arrayContaining([['contractAddress', lower(contract)]]));

    const chain = [...getEvmWorld('fuji').chains.values(), ...evm.chains.values()].find((c) =>
      c.collectibles.some((x) => x.balance.ercType === 'ERC-1155'),
    )!;
    const owner = chain.collectibles.find((x) => x.balance.ercType === 'ERC-1155')!.owner;
    const mints = holdingsOf(chain).nftTransfers.filter((t) => 'erc1155Token' in t && same(t.to.address, owner));
    const block = Number(mints[0]!.blockNumber);
    const expected = erc1155BalancesOf(chain, owner, block);
    expect(expected.length).toBeGreaterThan(0);
    const res = await h.raw<any>(
      `{ network(name: ${chain.network.toUpperCase()}) { evmChain(evmChainId: ${chain.chainId}) { address(address: "${owner}") {
        erc1155Balances(first: 100, blockNumber: "${block}") { nodes { tokenId balance address } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.evmChain.address.erc1155Balances.nodes.map((n: any) => [n.address, n.tokenId, n.balance])).toEqual(
      expected.map((b) => [b.token.address, b.token.tokenId, String(b.balance)]),
    );
    expect(queryOf('listErc1155Balances')).toEqual(expect.arrayContaining([['blockNumber', String(block)]]));
  });
});

const same = (a: string, b: string) => lower(a) === lower(b);

describe('history', () => {
  it('walks every transaction of an address with its transfers (v2), oldest first in a block range', async () => {
    const me = SHOWCASE_EVM_ADDRESS;
    const all = transactionDetailsOf(cChain, me);
    expect(all.length).toBeGreaterThan(2);
    const Q = onAddress(
      me,
      `transactions(first: 2, after: $after, sortOrder: ASC) { pageInfo { hasNextPage endCursor } nodes {
        transaction { txHash from { address } } erc20Transfers { value txHash blockNumber erc20Token { symbol tokenReputation } }
        erc721Transfers { txHash token { tokenId } to { address } } erc1155Transfers { value } internalTransactions { txHash } } }`,
      '($after: String)',
    );
    const got = await walk(async (after) => addressOf(await h.raw<any>(Q, { after })).transactions as Page<any>);
    expect(got.map((d) => d.transaction.txHash)).toEqual(all.map((d) => d.nativeTransaction.txHash));
    const withErc20 = got.find((d) => d.erc20Transfers.length > 0)!;
    // A transfer inside a transaction carries that transaction's hash and block.
    expect(withErc20.erc20Transfers[0].txHash).toBe(withErc20.transaction.txHash);
    expect(withErc20.erc20Transfers[0].erc20Token.tokenReputation).toBe('BENIGN');
    expect(got.some((d) => d.erc721Transfers.length > 0)).toBe(true);
    expect(h.sandbox.log.every((r) => r.operation === 'listTransactionsV2' && r.path.startsWith('/v2/'))).toBe(true);
    expect(queryOf('listTransactionsV2')).toEqual(expect.arrayContaining([['sortOrder', 'asc']]));
  });

  it('the v1 listing gives the same history, without reputations', async () => {
    const me = SHOWCASE_EVM_ADDRESS;
    const all = transactionDetailsOf(cChain, me);
    const res = await h.raw<any>(
      onAddress(me, 'transactionsV1(first: 50) { nodes { transaction { txHash } erc20Transfers { erc20Token { tokenReputation } } } }'),
    );
    const nodes = addressOf(res).transactionsV1.nodes;
    expect(nodes.map((d: any) => d.transaction.txHash)).toEqual(newestFirst(all).map((d) => d.nativeTransaction.txHash));
    expect(nodes.flatMap((d: any) => d.erc20Transfers).every((t: any) => t.erc20Token.tokenReputation === null)).toBe(true);
    expect(h.sandbox.log.map((r) => r.operation)).toEqual(['listTransactions']);
    expect(h.sandbox.log[0]!.path).toMatch(/^\/v1\/chains\/[^/]+\/addresses\/[^/]+\/transactions$/);
  });

  it('pages native transactions, and ERC-721 and ERC-1155 transfers, by block range', async () => {
    const [holder] = tokenRich(cChain);
    const natives = cChain.transactions.filter((t) => same(t.from.address, holder) || same(t.to.address, holder));
    const start = Number(natives[1]!.blockNumber);
    const inRange = natives.filter((t) => Number(t.blockNumber) >= start);
    const Q = onAddress(
      holder,
      `nativeTransactions(first: 3, after: $after, startBlock: ${start}) { pageInfo { hasNextPage endCursor } nodes { txHash blockNumber status } }`,
      '($after: String)',
    );
    const got = await walk(async (after) => addressOf(await h.raw<any>(Q, { after })).nativeTransactions as Page<{ txHash: string }>);
    expect(got.map((t) => t.txHash)).toEqual(newestFirst(inRange).map((t) => t.txHash));
    expect(queryOf('listNativeTransactions')).toEqual(expect.arrayContaining([['startBlock', String(start)]]));

    const minter = cChain.nftMints.find((m) => m.amount === 1n)!.to;
    const mints = holdingsOf(cChain).nftTransfers.filter((t) => 'erc721Token' in t && same(t.to.address, minter));
    const res = await h.raw<any>(
      onAddress(
        minter,
        'erc721Transfers(first: 500) { nodes { txHash logIndex from { address } token { tokenId address metadata { indexStatus } } } }',
      ),
    );
    const nodes = addressOf(res).erc721Transfers.nodes;
    expect(nodes.map((t: any) => [t.txHash, t.token.tokenId])).toEqual(
      newestFirst(mints).map((t) => [t.txHash, (t as any).erc721Token.tokenId]),
    );
    expect(nodes[0].from.address).toBe('0x0000000000000000000000000000000000000000');

    const chain = [...getEvmWorld('fuji').chains.values(), ...evm.chains.values()].find((c) => c.nftMints.some((m) => m.amount > 1n))!;
    const owner = chain.nftMints.find((m) => m.amount > 1n)!.to;
    const got1155 = holdingsOf(chain).nftTransfers.filter((t) => 'erc1155Token' in t && same(t.to.address, owner));
    const r2 = await h.raw<any>(
      `{ network(name: ${chain.network.toUpperCase()}) { evmChain(evmChainId: ${chain.chainId}) { address(address: "${owner}") {
        erc1155Transfers(first: 100) { nodes { txHash value token { tokenId ercType } } } } } } }`,
    );
    expect(r2.errors).toBeUndefined();
    expect(r2.data.network.evmChain.address.erc1155Transfers.nodes.map((t: any) => [t.txHash, t.value])).toEqual(
      newestFirst(got1155).map((t) => [t.txHash, (t as any).value]),
    );
    expect(r2.data.network.evmChain.address.erc1155Transfers.nodes[0].token.ercType).toBe('ERC_1155');
  });

  it('refuses an empty block range before any call', async () => {
    for (const field of ['transactions', 'transactionsV1', 'nativeTransactions', 'erc721Transfers', 'erc1155Transfers']) {
      const res = await h.raw(onAddress(SHOWCASE_EVM_ADDRESS, `${field}(startBlock: 10, endBlock: 10) { edges { cursor } }`));
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.sandbox.count()).toBe(0);
  });
});

describe('journey', () => {
  it('an address → its ERC-20 balances → each token’s contract → its transfers, in one request', async () => {
    const [holder, held] = tokenRich(cChain);
    const res = await h.raw<any>(
      onAddress(
        holder,
        `erc20Balances(first: 20) { nodes { balance token { symbol } contract { __typename address name
          ... on Erc20Contract { decimals transfers(first: 5) { nodes { txHash value from { address } to { address } erc20Token { address } } } } } } }`,
      ),
    );
    expect(res.errors).toBeUndefined();
    const nodes = addressOf(res).erc20Balances.nodes;
    expect(nodes).toHaveLength(held.length);
    for (const [i, node] of nodes.entries()) {
      const token = held[i]!;
      expect(node.contract).toMatchObject({ __typename: 'Erc20Contract', address: token.address, decimals: token.decimals });
      const transfers = cChain.erc20Transfers.filter((t) => same(t.erc20Token.address, token.address));
      expect(node.contract.transfers.nodes.map((t: any) => t.txHash)).toEqual(
        newestFirst(transfers)
          .slice(0, 5)
          .map((t) => t.txHash),
      );
      expect(node.contract.transfers.nodes.every((t: any) => same(t.erc20Token.address, token.address))).toBe(true);
    }
    // One listing, then per token one metadata lookup and one page of transfers.
    expect(h.sandbox.count('listErc20Balances')).toBe(1);
    expect(h.sandbox.count('getContractMetadata')).toBe(held.length);
    expect(h.sandbox.count('listTransfers')).toBe(held.length);
    expect(
      h.sandbox.log.filter((r) => r.operation === 'listTransfers').every((r) => r.query.some(([k, v]) => k === 'pageSize' && v === '5')),
    ).toBe(true);
  });
});
