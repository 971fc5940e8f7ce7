/**
 * The official Data API SDK (@avalanche-sdk/chainkit) pointed at the sandbox: every operation of
 * an EVM address's balances and history, contract deployments and transfers, and NFT collections
 * goes through the SDK's own request building and answer parsing, and parses. What the SDK does
 * not expose (listTransactionsV2) is read over HTTP and parsed with the SDK's model of the
 * nearest answer (v1's), which v2 extends. The SDK's telemetry is off: tests reach only loopback.
 */
import { ListTransactionDetailsResponse$inboundSchema } from '@avalanche-sdk/chainkit/models/components/listtransactiondetailsresponse.js';
import { describe, expect, it } from 'vitest';
import { holdingsOf } from '../../sandbox/world/evm-holdings.js';
import { getEvmWorld, SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';
import { chainkit } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const cChain = getEvmWorld('mainnet').chains.get('43114')!;
const collection = [...holdingsOf(cChain).tokensOf.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
const token = cChain.tokens[0]!;
/** The SDK (telemetry off, loopback only: ../helpers/chainkit.ts), each call pointed at the sandbox. */
const sdk = () => chainkit({ chainId: '43114' });
const at = () => ({ serverURL: sandbox.dataApiUrl });

describe('the Data API SDK parses the sandbox', () => {
  it('balances: ERC-20, ERC-721, ERC-1155', async () => {
    const balances = sdk().data.evm.address.balances;
    const erc20 = await balances.listErc20({ address: SHOWCASE_EVM_ADDRESS, currency: 'usd', pageSize: 10 }, at());
    expect(erc20.result.erc20TokenBalances.length).toBeGreaterThan(0);
    expect(typeof erc20.result.erc20TokenBalances[0]!.balance).toBe('string');
    const erc721 = await balances.listErc721({ address: SHOWCASE_EVM_ADDRESS }, at());
    expect(erc721.result.erc721TokenBalances.length).toBeGreaterThan(0);
    expect(erc721.result.erc721TokenBalances[0]!.metadata.indexStatus).toBeDefined();
    const erc1155 = await balances.listErc1155({ address: SHOWCASE_EVM_ADDRESS, blockNumber: String(cChain.headBlock) }, at());
    expect(erc1155.result.nativeTokenBalance.symbol).toBe('AVAX');
    expect(sandbox.log.map((r) => [r.operation, r.status])).toEqual([
      ['listErc20Balances', 200],
      ['listErc721Balances', 200],
      ['listErc1155Balances', 200],
    ]);
  });

  it('history: every transaction (v1 and v2), native, ERC-721 and ERC-1155 transfers', async () => {
    const transactions = sdk().data.evm.address.transactions;
    const all = await transactions.list({ address: SHOWCASE_EVM_ADDRESS, sortOrder: 'asc', pageSize: 20 }, at());
    expect(all.result.transactions.length).toBeGreaterThan(2);
    expect(all.result.transactions.some((d) => (d.erc20Transfers?.length ?? 0) > 0)).toBe(true);
    const native = await transactions.listNative({ address: SHOWCASE_EVM_ADDRESS }, at());
    expect(native.result.transactions.length).toBeGreaterThan(0);
    const erc721 = await transactions.listErc721({ address: SHOWCASE_EVM_ADDRESS }, at());
    expect(erc721.result.transactions[0]!.erc721Token.tokenId).toBeDefined();
    const minter = cChain.nftMints.at(-1)!.to;
    const erc1155 = await transactions.listErc1155({ address: minter }, at());
    expect(Array.isArray(erc1155.result.transactions)).toBe(true);

    const res = await fetch(`${sandbox.dataApiUrl}/v2/chains/43114/addresses/${SHOWCASE_EVM_ADDRESS}/transactions?filterSpamTokens=true`);
    const v2 = ListTransactionDetailsResponse$inboundSchema.parse(await res.json());
    expect(v2.transactions.map((d) => d.nativeTransaction.txHash)).toEqual(
      [...all.result.transactions]
        .reverse()
        .slice(0, v2.transactions.length)
        .map((d) => d.nativeTransaction.txHash),
    );
  });

  it('contracts: deployments, a deployment transaction, transfers', async () => {
    const avalanche = sdk();
    const deployer = cChain.contracts.get(token.address.toLowerCase())!.deploymentDetails!.deployerAddress;
    const deployments = await avalanche.data.evm.address.contracts.listDeployments({ address: deployer }, at());
    expect(deployments.result.contracts.map((c) => c.address)).toContain(token.address);
    const deployment = await avalanche.data.evm.contracts.getDeploymentTransaction({ address: token.address, currency: 'eur' }, at());
    expect(deployment.nativeTransaction.txHash).toBe(cChain.contracts.get(token.address.toLowerCase())!.deploymentDetails!.txHash);
    expect(deployment.networkTokenDetails.currentPrice?.currencyCode).toBe('eur');
    const transfers = await avalanche.data.evm.contracts.listTransfers({ address: token.address }, at());
    expect(transfers.result.transfers.length).toBeGreaterThan(0);
    const nftTransfers = await avalanche.data.evm.contracts.listTransfers({ address: collection[0] }, at());
    expect(nftTransfers.result.transfers.every((t) => 'erc721Token' in t)).toBe(true);
  });

  it('NFTs: a collection’s tokens, one token, a reindex', async () => {
    const nfts = sdk().data.nfts;
    const [address, tokens] = collection;
    const list = await nfts.list({ address, pageSize: 100 }, at());
    expect(list.result.tokens.map((t) => t.tokenId)).toEqual(tokens.slice(0, 100).map((t) => t.tokenId));
    const one = await nfts.get({ address, tokenId: tokens[3]!.tokenId }, at());
    expect(one.tokenId).toBe(tokens[3]!.tokenId);
    await expect(nfts.reindex({ address, tokenId: tokens[4]!.tokenId }, at())).resolves.toBeUndefined();
    expect(sandbox.log.at(-1)).toMatchObject({ operation: 'reindexNft', method: 'POST', status: 201 });
  });
});
