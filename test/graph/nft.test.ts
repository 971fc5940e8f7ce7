/**
 * NFT collections and contracts' activity (src/graph/nft.ts, src/graph/contract-activity.ts): a
 * collection's tokens and one token by id or global id, a contract's transfers by its standard, the
 * contracts an address deployed and a contract's deployment transaction, and the operator-only
 * metadata reindex; each checked against the sandbox's world and the calls made.
 */
import { describe, expect, it } from 'vitest';
import { deploymentsBy, holdingsOf } from '../../sandbox/world/evm-holdings.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const lower = (a: string) => a.toLowerCase();
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
/** The ERC-721 collection with the most tokens on the C-Chain. */
const collection = [...holdingsOf(cChain).tokensOf.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
const contract = (address: string, selection: string, vars = '') =>
  `query${vars} { network { evmChain(evmChainId: 43114) { address(address: "${address}") { contract { __typename ${selection} } } } } }`;

describe('collections, contracts and deployments', () => {
  const h = useHarness();

  it("walks a collection's tokens, 100 per upstream call, and finds one by id and by global id", async () => {
    const [address, tokens] = collection;
    expect(tokens.length).toBeGreaterThan(300);
    const Q = contract(
      address,
      `... on Erc721Contract { tokens(first: 250, after: $after) { pageInfo { hasNextPage endCursor } nodes { id tokenId ercType owner { address } metadata { indexStatus } } } }`,
      '($after: String)',
    );
    const got = await walk(
      async (after) =>
        (await h.raw<any>(Q, { after })).data.network.evmChain.address.contract.tokens as Page<{ tokenId: string; id: string }>,
    );
    expect(got.map((t) => t.tokenId)).toEqual(tokens.map((t) => t.tokenId));
    // 250 in pages of at most 100: 100, 100 and the 50 left; then the rest.
    const sizes = h.sandbox.log.filter((r) => r.operation === 'listTokens').map((r) => Number(r.query.find(([k]) => k === 'pageSize')![1]));
    expect(sizes.slice(0, 3)).toEqual([100, 100, 50]);
    expect(sizes.every((n) => n <= 100)).toBe(true);

    const one = tokens[7]!;
    h.sandbox.reset();
    const res = await h.raw<any>(
      contract(
        address,
        `... on Erc721Contract { token(tokenId: "${one.tokenId}") { id tokenId name owner { address } } missing: token(tokenId: "999999") { tokenId } }`,
      ),
    );
    const token = res.data.network.evmChain.address.contract.token;
    expect(token).toMatchObject({ tokenId: one.tokenId, name: (one as { name: string }).name });
    expect(lower(token.owner.address)).toBe(lower((one as { ownerAddress: string }).ownerAddress));
    expect(res.data.network.evmChain.address.contract.missing).toBeNull();
    expect(h.sandbox.log.filter((r) => r.operation === 'getTokenDetails').map((r) => r.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`/nfts/collections/${address}/tokens/${one.tokenId}$`, 'i'))]),
    );
    const byId = await h.raw<any>(`query($id: ID!) { node(id: $id) { __typename ... on NftToken { tokenId address } } }`, { id: token.id });
    expect(byId.data.node).toEqual({ __typename: 'NftToken', tokenId: one.tokenId, address: one.address });
  });

  it('refuses a token id outside uint256 before any call', async () => {
    const [address] = collection;
    const res = await h.raw(contract(address, `... on Erc721Contract { token(tokenId: "${'9'.repeat(78)}") { tokenId } }`));
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.count('getTokenDetails')).toBe(0);
  });

  it("pages an ERC-721 collection's transfers (its mints) by block range", async () => {
    const [address] = collection;
    const transfers = holdingsOf(cChain).nftTransfers.filter((t) => 'erc721Token' in t && lower(t.erc721Token.address) === address);
    const start = Number(transfers[2]!.blockNumber);
    const inRange = transfers.filter((t) => Number(t.blockNumber) >= start);
    const res = await h.raw<any>(
      contract(
        address,
        `... on Erc721Contract { transfers(first: 500, startBlock: ${start}) { nodes { txHash logIndex token { tokenId } } } }`,
      ),
    );
    const nodes = res.data.network.evmChain.address.contract.transfers.nodes;
    const key = (t: { txHash: string; logIndex: number }) => `${t.txHash}:${t.logIndex}`;
    expect(nodes.map(key)).toEqual(
      newestFirst([...inRange].sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber) || a.logIndex - b.logIndex)).map(key),
    );
    const sent = h.sandbox.log.find((r) => r.operation === 'listTransfers')!;
    expect(sent.path).toMatch(new RegExp(`/tokens/${address}/transfers$`, 'i'));
    expect(sent.query).toEqual(expect.arrayContaining([['startBlock', String(start)]]));
  });

  it("lists an ERC-1155 collection's tokens and transfers", async () => {
    const chain = [...getEvmWorld('fuji').chains.values(), ...evm.chains.values()].find((c) => c.nftMints.some((m) => m.amount > 1n))!;
    const address = chain.nftMints.find((m) => m.amount > 1n)!.contract;
    const tokens = holdingsOf(chain).tokensOf.get(address)!;
    const res = await h.raw<any>(
      `{ network(name: ${chain.network.toUpperCase()}) { evmChain(evmChainId: ${chain.chainId}) { address(address: "${address}") { contract {
        ... on Erc1155Contract { tokens(first: 50) { nodes { tokenId ercType owner { address } } } transfers(first: 3) { nodes { value token { tokenId } } } } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const c = res.data.network.evmChain.address.contract;
    expect(c.tokens.nodes.map((t: any) => t.tokenId)).toEqual(tokens.map((t) => t.tokenId));
    expect(c.tokens.nodes.every((t: any) => t.ercType === 'ERC_1155' && t.owner === null)).toBe(true);
    expect(c.transfers.nodes).toHaveLength(3);
  });

  it('lists the contracts an address deployed, and leads to each one’s deployment transaction', async () => {
    // An account that deployed tokens itself (a router deploys others as a factory).
    const deployer = [...cChain.contracts.values()]
      .filter((c) => c.ercType !== 'UNKNOWN')
      .map((c) => lower(c.deploymentDetails!.deployerAddress))
      .sort((a, b) => deploymentsBy(cChain, b).length - deploymentsBy(cChain, a).length)[0]!;
    const deployed = deploymentsBy(cChain, deployer);
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { address(address: "${deployer}") {
        deployedContracts(first: 20) { nodes { __typename address ercType deploymentDetails { txHash } deploymentTransaction(currency: CHF) { input nativeTokenPrice { currencyCode } transaction { txHash from { address } method { callType } } } } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data.network.evmChain.address.deployedContracts.nodes;
    expect(nodes.map((c: any) => c.address)).toEqual(newestFirst(deployed).map((c) => c.address));
    for (const c of nodes) {
      expect(c.deploymentTransaction.transaction.txHash).toBe(c.deploymentDetails.txHash);
      expect(c.deploymentTransaction.nativeTokenPrice.currencyCode).toBe('chf');
    }
    const direct = nodes.find((c: any) => c.deploymentTransaction.transaction.method.callType === 'CONTRACT_CREATION');
    expect(lower(direct.deploymentTransaction.transaction.from.address)).toBe(deployer);
    expect(h.sandbox.count('listContractDeployments')).toBe(1);
    expect(h.sandbox.count('getDeploymentTransaction')).toBe(deployed.length);
    expect(h.sandbox.log.find((r) => r.operation === 'getDeploymentTransaction')!.query).toEqual([['currency', 'chf']]);
  });

  it('answers null for the deployment of an address the Data API has none for', async () => {
    const account = cChain.accounts[3]!;
    const res = await h.raw<any>(
      `{ network { evmChain(evmChainId: 43114) { address(address: "${account}") { contract { deploymentTransaction { transaction { txHash } } } } } } }`,
    );
    expect(res.data.network.evmChain.address.contract).toBeNull();
    const token = cChain.tokens[0]!;
    const r2 = await h.raw<any>(contract(token.address, 'deploymentTransaction { transaction { txHash blockNumber } }'));
    expect(r2.data.network.evmChain.address.contract.deploymentTransaction.transaction.txHash).toBe(
      cChain.contracts.get(lower(token.address))!.deploymentDetails!.txHash,
    );
  });
});

describe('reindexing an NFT’s metadata', () => {
  const TOKEN = 'admin-token-for-tests-0123456789';
  const h = useHarness({ ADMIN_TOKEN: TOKEN, DATA_API_KEY: 'operator-key' });
  const [address, tokens] = collection;
  const M = (tokenId: string) =>
    `mutation { reindexNftMetadata(network: MAINNET, evmChainId: 43114, address: "${address}", tokenId: "${tokenId}") }`;

  it('is refused without the admin token, and nothing is sent', async () => {
    const res = await h.raw(M(tokens[0]!.tokenId));
    expect(codes(res)).toEqual(['FORBIDDEN']);
    expect(h.sandbox.count()).toBe(0);
  });

  it("goes out with the operator's key even when the client sends its own, once an hour per token", async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, 'x-service-api-key': 'client-own-key' };
    const res = await h.raw<any>(M(tokens[1]!.tokenId), undefined, headers);
    expect(res.errors).toBeUndefined();
    expect(res.data.reindexNftMetadata).toBe(true);
    const sent = h.sandbox.log.find((r) => r.operation === 'reindexNft')!;
    expect(sent).toMatchObject({ method: 'POST', apiKey: 'operator-key' });
    expect(sent.path).toMatch(new RegExp(`/nfts/collections/${address}/tokens/${tokens[1]!.tokenId}:reindex$`, 'i'));
    const again = await h.raw(M(tokens[1]!.tokenId), undefined, headers);
    expect(codes(again)).toEqual(['UPSTREAM_RATE_LIMITED']);
  });

  it('refuses a bad token id or an unknown chain before calling the Data API', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    expect(codes(await h.raw(M('-1'), undefined, headers))).toEqual(['BAD_USER_INPUT']);
    const res = await h.raw(
      `mutation { reindexNftMetadata(network: MAINNET, evmChainId: 999999, address: "${address}", tokenId: "1") }`,
      undefined,
      headers,
    );
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.count('reindexNft')).toBe(0);
  });
});
