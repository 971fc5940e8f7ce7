/**
 * An EVM address's ERC-20 transfers, internal transactions, native balance and collectibles.
 */
import { isEvmAddress } from '../../src/base/ids.js';
import type { CollectibleBalance } from '../../src/upstreams/data-api/evm-address.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { FX_RATES } from '../world/timeline.js';
import { blockRange, CURRENCIES, fingerprint, inRange, newestFirst, same, withChain } from './common.js';

export function evmAddressRoutes(seed: string) {
  return {
    listErc20Transactions: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listErc20$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['startBlock', 'endBlock', 'pageToken', 'pageSize']);
        const range = blockRange(q);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const items = chain.erc20Transfers.filter(
          (t) => (same(t.from.address, address!) || same(t.to.address, address!)) && inRange(t.blockNumber, range),
        );
        const { page, nextPageToken } = paginate(
          newestFirst(items),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('erc20', chain.chainId, address, range),
          (t) => `${t.txHash}:${t.logIndex}`,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page } };
      }),
    },
    listInternalTransactions: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listInternals$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['startBlock', 'endBlock', 'pageToken', 'pageSize']);
        const range = blockRange(q);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const items = chain.internalTransactions.filter(
          (t) => (same(t.from.address, address!) || same(t.to.address, address!)) && inRange(t.blockNumber, range),
        );
        const { page, nextPageToken } = paginate(
          newestFirst(items),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('internal', chain.chainId, address, range),
          // An internal transaction has no id of its own: what tells two of one transaction apart.
          (t) => [t.txHash, t.internalTxType, t.from.address, t.to.address, t.value, t.gasUsed].join(':'),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page } };
      }),
    },
    getNativeBalance: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:getNative$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['blockNumber', 'currency']);
        const blockRaw = q.string('blockNumber');
        if (blockRaw !== undefined && !/^\d+$/.test(blockRaw)) q.problem('blockNumber must be a number string');
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        q.done();
        const block = blockRaw === undefined ? undefined : Number(blockRaw);
        if (block !== undefined && block > chain.headBlock)
          return apiError(400, [`blockNumber ${block} is ahead of the latest block ${chain.headBlock}`]);
        const balance = chain.balanceAt(address!, block);
        const price = Math.round(chain.native.priceUsd * FX_RATES[currency]! * 100) / 100;
        const value = Math.round((Number(balance / 10n ** 9n) / 1e9) * price * 100) / 100;
        return {
          status: 200,
          body: {
            nativeTokenBalance: {
              name: chain.native.name,
              symbol: chain.native.symbol,
              decimals: chain.native.decimals,
              logoUri: chain.native.logoUri,
              chainId: chain.chainId,
              price: { currencyCode: currency, value: price },
              balance: String(balance),
              balanceValue: { currencyCode: currency, value },
            },
          },
        };
      }),
    },
    listCollectibleBalances: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:listCollectibles$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'contractAddress']);
        const pageSize = q.int('pageSize', 1, 500) ?? 10;
        const contract = q.string('contractAddress');
        if (contract !== undefined && !isEvmAddress(contract)) q.problem('contractAddress must be an EVM address');
        q.done();
        const items: CollectibleBalance[] = chain.collectibles
          .filter((c) => c.owner === address && (contract === undefined || same(c.balance.address, contract)))
          .map((c) => c.balance);
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('nft', chain.chainId, address, contract?.toLowerCase()),
          (c) => `${c.address.toLowerCase()}:${c.tokenId}`,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), collectibleBalances: page } };
      }),
    },
  } satisfies DataApiRoutes;
}
