/**
 * Contracts: their metadata (getContractMetadata), the contracts an address deployed
 * (listContractDeployments), a contract's deploying transaction (getDeploymentTransaction) and a
 * token contract's transfers (listTransfers).
 */
import type { GetDeploymentTransactionResponse, TokenTransfer } from '../../src/upstreams/data-api/contract.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { deploymentsBy, holdingsOf } from '../world/evm-holdings.js';
import { FX_RATES } from '../world/timeline.js';
import { blockRange, CURRENCIES, fingerprint, inRange, newestFirst, same, withChain } from './common.js';

export function contractRoutes(seed: string) {
  return {
    getContractMetadata: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/:]+)$/,
      handle: withChain(seed, (chain, address, query) => {
        new QueryReader(query, []).done();
        const contract = chain.contracts.get(address!);
        return contract ? { status: 200, body: contract } : apiError(404, `No contract at ${address} on chain ${chain.chainId}`);
      }),
    },
    listContractDeployments: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/contracts\/([^/]+)\/deployments$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const { page, nextPageToken } = paginate(
          newestFirst(deploymentsBy(chain, address!)),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('deployments', chain.chainId, address),
          (c) => c.address.toLowerCase(),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), contracts: page } };
      }),
    },
    getDeploymentTransaction: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/contracts\/([^/]+)\/transactions:getDeployment$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['currency']);
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        q.done();
        const contract = chain.contracts.get(address!);
        const tx = contract?.deploymentDetails && holdingsOf(chain).txByHash.get(contract.deploymentDetails.txHash);
        if (!tx) return apiError(404, `No contract deployment of ${address} on chain ${chain.chainId}`);
        const body: GetDeploymentTransactionResponse = {
          networkTokenDetails: {
            networkToken: {
              name: chain.native.name,
              symbol: chain.native.symbol,
              decimals: chain.native.decimals,
              logoUri: chain.native.logoUri,
              description: `The native token of ${chain.blockchainName}.`,
            },
            currentPrice: { currencyCode: currency, value: Math.round(chain.native.priceUsd * FX_RATES[currency]! * 100) / 100 },
          },
          nativeTransaction: {
            ...tx,
            // The world keeps no calldata: the creation code's prologue stands for it.
            input: tx.method?.methodHash ?? '0x',
            baseFeePerGas: tx.gasPrice,
          },
        };
        return { status: 200, body };
      }),
    },
    listTransfers: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/tokens\/([^/]+)\/transfers$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['startBlock', 'endBlock', 'pageToken', 'pageSize']);
        const range = blockRange(q);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const transfers: TokenTransfer[] = [
          ...chain.erc20Transfers.filter((t) => same(t.erc20Token.address, address!)),
          ...holdingsOf(chain).nftTransfers.filter((t) =>
            same('erc721Token' in t ? t.erc721Token.address : t.erc1155Token.address, address!),
          ),
        ].filter((t) => inRange(t.blockNumber, range));
        // Oldest first by block, then by log, whatever list they came from.
        transfers.sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber) || a.logIndex - b.logIndex);
        const { page, nextPageToken } = paginate(
          newestFirst(transfers),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('transfers', chain.chainId, address, range),
          (t) => `${t.txHash}:${t.logIndex}`,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transfers: page } };
      }),
    },
  } satisfies DataApiRoutes;
}
