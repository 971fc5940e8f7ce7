/**
 * An EVM address's balances (native, ERC-20, ERC-721, ERC-1155, collectibles) and history (every
 * transaction with its transfers, native transactions, ERC-20/721/1155 transfers, internal
 * transactions).
 */
import { isEvmAddress } from '../../src/base/ids.js';
import type {
  CollectibleBalance,
  Erc1155TokenBalance,
  Erc721TokenBalance,
  TransactionDetailsV2,
} from '../../src/upstreams/data-api/evm-address.js';
import type { CurrencyCode } from '../../src/upstreams/data-api/wire.js';
import { apiError, paginate, QueryReader, type DataApiRoutes, type SandboxAnswer } from '../routes.js';
import type { EvmChainWorld } from '../world/evm.js';
import { erc1155BalancesOf, erc20BalancesOf, holdingsOf, transactionDetailsOf } from '../world/evm-holdings.js';
import { FX_RATES } from '../world/timeline.js';
import { blockRange, CURRENCIES, fingerprint, inRange, newestFirst, same, SORT, sorted, withChain } from './common.js';

/** The `blockNumber` of a balance query: a number string up to the chain's head (the head when omitted). */
function readBlock(q: QueryReader, chain: EvmChainWorld): number | SandboxAnswer {
  const raw = q.string('blockNumber');
  if (raw !== undefined && !/^\d+$/.test(raw)) q.problem('blockNumber must be a number string');
  q.done();
  const block = raw === undefined ? chain.headBlock : Number(raw);
  return block > chain.headBlock ? apiError(400, [`blockNumber ${block} is ahead of the latest block ${chain.headBlock}`]) : block;
}

/** The `contractAddress` filter of a balance query. */
function readContract(q: QueryReader): string | undefined {
  const contract = q.string('contractAddress');
  if (contract !== undefined && !isEvmAddress(contract)) q.problem('contractAddress must be an EVM address');
  return contract?.toLowerCase();
}

/** An address's native balance at the end of a block, priced in a currency. */
function nativeBalance(chain: EvmChainWorld, address: string, block: number, currency: CurrencyCode) {
  const balance = chain.balanceAt(address, block);
  const price = Math.round(chain.native.priceUsd * FX_RATES[currency]! * 100) / 100;
  const value = Math.round((Number(balance / 10n ** 9n) / 1e9) * price * 100) / 100;
  return {
    name: chain.native.name,
    symbol: chain.native.symbol,
    decimals: chain.native.decimals,
    logoUri: chain.native.logoUri,
    chainId: chain.chainId,
    price: { currencyCode: currency, value: price },
    balance: String(balance),
    balanceValue: { currencyCode: currency, value },
  };
}

/** Whether an address sent or received it. */
const involves = (address: string, t: { from: { address: string }; to: { address: string } }) =>
  same(t.from.address, address) || same(t.to.address, address);

const withNext = (nextPageToken: string | undefined) => (nextPageToken ? { nextPageToken } : {});

/** A history listing of an address, newest first, by block range. */
function historyRoute<T extends { txHash: string; blockNumber: string }>(
  seed: string,
  kind: string,
  pattern: RegExp,
  items: (chain: EvmChainWorld, address: string) => readonly T[],
  keyOf: (item: T) => string,
) {
  return {
    method: 'GET' as const,
    pattern,
    handle: withChain(seed, (chain, address, query) => {
      const q = new QueryReader(query, ['startBlock', 'endBlock', 'pageToken', 'pageSize']);
      const range = blockRange(q);
      const pageSize = q.int('pageSize', 1, 100) ?? 10;
      q.done();
      const { page, nextPageToken } = paginate(
        newestFirst(items(chain, address!).filter((t) => inRange(t.blockNumber, range))),
        { pageToken: q.string('pageToken'), pageSize },
        fingerprint(kind, chain.chainId, address, range),
        keyOf,
      );
      return { status: 200, body: { ...withNext(nextPageToken), transactions: page } };
    }),
  };
}

/** listTransactions and listTransactionsV2: every transaction of the address with its transfers, by block range, in an order. */
function detailsRoute(seed: string, version: 1 | 2, pattern: RegExp) {
  return {
    method: 'GET' as const,
    pattern,
    handle: withChain(seed, (chain, address, query) => {
      const q = new QueryReader(query, [
        'pageToken',
        'pageSize',
        'startBlock',
        'endBlock',
        'sortOrder',
        ...(version === 2 ? ['filterSpamTokens'] : []),
      ]);
      const range = blockRange(q);
      const pageSize = q.int('pageSize', 1, 100) ?? 10;
      const order = q.oneOf('sortOrder', SORT) ?? 'desc';
      if (version === 2) q.bool('filterSpamTokens');
      q.done();
      const all = transactionDetailsOf(chain, address!).filter((d) => inRange(d.nativeTransaction.blockNumber, range));
      const { page, nextPageToken } = paginate(
        sorted(all, order),
        { pageToken: q.string('pageToken'), pageSize },
        fingerprint(`details-v${version}`, chain.chainId, address, range, order),
        (d) => d.nativeTransaction.txHash,
      );
      // v2 gives each ERC-20 token its reputation; the world's tokens are all benign, so none is filtered as spam.
      const transactions =
        version === 1
          ? page
          : page.map(
              ({ erc20Transfers, ...rest }): TransactionDetailsV2 =>
                erc20Transfers
                  ? {
                      ...rest,
                      erc20Transfers: erc20Transfers.map((t) => ({ ...t, erc20Token: { ...t.erc20Token, tokenReputation: 'Benign' } })),
                    }
                  : rest,
            );
      return { status: 200, body: { ...withNext(nextPageToken), transactions } };
    }),
  };
}

export function evmAddressRoutes(seed: string) {
  return {
    listErc20Transactions: historyRoute(
      seed,
      'erc20',
      /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listErc20$/,
      (chain, address) => chain.erc20Transfers.filter((t) => involves(address, t)),
      (t) => `${t.txHash}:${t.logIndex}`,
    ),
    listInternalTransactions: historyRoute(
      seed,
      'internal',
      /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listInternals$/,
      (chain, address) => chain.internalTransactions.filter((t) => involves(address, t)),
      // An internal transaction has no id of its own: what tells two of one transaction apart.
      (t) => [t.txHash, t.internalTxType, t.from.address, t.to.address, t.value, t.gasUsed].join(':'),
    ),
    getNativeBalance: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:getNative$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['blockNumber', 'currency']);
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        const block = readBlock(q, chain);
        if (typeof block !== 'number') return block;
        return { status: 200, body: { nativeTokenBalance: nativeBalance(chain, address!, block, currency) } };
      }),
    },
    listCollectibleBalances: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:listCollectibles$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'contractAddress']);
        const pageSize = q.int('pageSize', 1, 500) ?? 10;
        const contract = readContract(q);
        q.done();
        const items: CollectibleBalance[] = chain.collectibles
          .filter((c) => c.owner === address && (contract === undefined || same(c.balance.address, contract)))
          .map((c) => c.balance);
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('nft', chain.chainId, address, contract),
          (c) => `${c.address.toLowerCase()}:${c.tokenId}`,
        );
        return { status: 200, body: { ...withNext(nextPageToken), collectibleBalances: page } };
      }),
    },
    listErc20Balances: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:listErc20$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['blockNumber', 'pageToken', 'pageSize', 'filterSpamTokens', 'contractAddresses', 'currency']);
        const pageSize = q.int('pageSize', 1, 500) ?? 10;
        q.bool('filterSpamTokens');
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        const contracts = q
          .string('contractAddresses')
          ?.split(',')
          .map((c) => c.trim());
        if (contracts?.some((c) => !isEvmAddress(c))) q.problem('contractAddresses must be a comma separated list of EVM addresses');
        const block = readBlock(q, chain);
        if (typeof block !== 'number') return block;
        const items = erc20BalancesOf(chain, address!, block, currency, FX_RATES[currency]!).filter(
          (b) => !contracts || contracts.some((c) => same(c, b.address)),
        );
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint(
            'erc20-balances',
            chain.chainId,
            address,
            block,
            currency,
            contracts?.map((c) => c.toLowerCase()),
          ),
          (b) => b.address.toLowerCase(),
        );
        return {
          status: 200,
          body: {
            ...withNext(nextPageToken),
            nativeTokenBalance: nativeBalance(chain, address!, block, currency),
            erc20TokenBalances: page,
          },
        };
      }),
    },
    listErc721Balances: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:listErc721$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'contractAddress']);
        const pageSize = q.int('pageSize', 1, 500) ?? 10;
        const contract = readContract(q);
        q.done();
        const items = chain.collectibles
          .filter(
            (c) => c.owner === address && c.balance.ercType === 'ERC-721' && (contract === undefined || same(c.balance.address, contract)),
          )
          .map((c) => c.balance as Erc721TokenBalance);
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('erc721-balances', chain.chainId, address, contract),
          (c) => `${c.address.toLowerCase()}:${c.tokenId}`,
        );
        return {
          status: 200,
          body: {
            ...withNext(nextPageToken),
            nativeTokenBalance: nativeBalance(chain, address!, chain.headBlock, 'usd'),
            erc721TokenBalances: page,
          },
        };
      }),
    },
    listErc1155Balances: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:listErc1155$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['blockNumber', 'pageToken', 'pageSize', 'contractAddress']);
        const pageSize = q.int('pageSize', 1, 500) ?? 10;
        const contract = readContract(q);
        const block = readBlock(q, chain);
        if (typeof block !== 'number') return block;
        const items = erc1155BalancesOf(chain, address!, block)
          .filter((b) => contract === undefined || same(b.token.address, contract))
          .map(({ token, balance }): Erc1155TokenBalance => ({ ...token, chainId: chain.chainId, balance: String(balance) }));
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('erc1155-balances', chain.chainId, address, block, contract),
          (c) => `${c.address.toLowerCase()}:${c.tokenId}`,
        );
        return {
          status: 200,
          body: {
            ...withNext(nextPageToken),
            nativeTokenBalance: nativeBalance(chain, address!, block, 'usd'),
            erc1155TokenBalances: page,
          },
        };
      }),
    },
    listTransactions: detailsRoute(seed, 1, /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions$/),
    listTransactionsV2: detailsRoute(seed, 2, /^\/v2\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions$/),
    listNativeTransactions: historyRoute(
      seed,
      'native',
      /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listNative$/,
      (chain, address) => chain.transactions.filter((t) => involves(address, t)),
      (t) => t.txHash,
    ),
    listErc721Transactions: historyRoute(
      seed,
      'erc721',
      /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listErc721$/,
      (chain, address) => holdingsOf(chain).nftTransfers.filter((t) => 'erc721Token' in t && involves(address, t)),
      (t) => `${t.txHash}:${t.logIndex}`,
    ),
    listErc1155Transactions: historyRoute(
      seed,
      'erc1155',
      /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listErc1155$/,
      (chain, address) => holdingsOf(chain).nftTransfers.filter((t) => 'erc1155Token' in t && involves(address, t)),
      (t) => `${t.txHash}:${t.logIndex}`,
    ),
  } satisfies DataApiRoutes;
}
