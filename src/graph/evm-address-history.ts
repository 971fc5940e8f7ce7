/**
 * An EVM address's full history: every transaction it took part in with the transfers in it
 * (listTransactionsV2, and the v1 listing for those who keep to its answer), a connection over
 * the Data API's pages, by block range. Its native transactions are in evm-chain.ts, its ERC-721
 * and ERC-1155 transfers in nft.ts, its ERC-20 transfers and internal transactions in
 * evm-address.ts: each beside the type it returns.
 */
import { pageSpec } from '../graphql/connection.js';
import type { Erc1155Transfer, Erc721Transfer, TransactionDetails, TransactionDetailsV2 } from '../upstreams/data-api/evm-address.js';
import { listTransactions, listTransactionsV2 } from '../upstreams/data-api/evm-address.js';
import type { NativeTransaction } from '../upstreams/data-api/evm-chain.js';
import type { SortOrder } from '../upstreams/data-api/wire.js';
import { learnt } from './list-sizes.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { SortOrderEnum } from './enums.js';
import { listByAddress } from './evm-address.js';
import { blockArgs, checkBlockRange } from './inputs.js';
import { Erc1155TransferRef, Erc721TransferRef } from './nft.js';
import {
  Erc20TransferRef,
  EvmAddressRef,
  EvmTransactionRef,
  InternalTransactionRef,
  chainIdOf,
  type Chained,
  type EvmChainModel,
  type EvmTxModel,
} from './refs.js';

/** A transaction of an address's history, v1 or v2, on its chain. */
type DetailsModel = (TransactionDetails | TransactionDetailsV2) & { chain: EvmChainModel };

/**
 * Transfers and calls one transaction of a history lists (those from or to the address), one kind
 * each: a token swap or a batch moves a few, so five until a transaction of more was seen, then the
 * most seen (at five always, a batch of more passed its price on every answer), as ./list-sizes.ts
 * `usually` prices. At most 500, as a whole transaction's (TX_TRANSFERS in ./evm-address.ts: bounded
 * by its gas). Kept for every network at once: a history's transaction does not say its network.
 * Not the whole transaction's kinds: these are the part that concerns one address.
 */
const perTransaction = (kind: string) => learnt({ kind, most: { mainnet: 500, fuji: 500 }, unseen: 5, assumedSize: 5, anyNetwork: true });
const ERC20_TRANSFERS = perTransaction('addressTxErc20Transfers');
const ERC721_TRANSFERS = perTransaction('addressTxErc721Transfers');
const ERC1155_TRANSFERS = perTransaction('addressTxErc1155Transfers');
const INTERNALS = perTransaction('addressTxInternals');

/** The block and transaction a transfer inside a transaction lacks, from that transaction. */
function inTransaction<T>(d: DetailsModel, item: T) {
  const tx: NativeTransaction = d.nativeTransaction;
  return {
    ...item,
    chain: d.chain,
    txHash: tx.txHash,
    blockNumber: tx.blockNumber,
    blockHash: tx.blockHash,
    blockTimestamp: tx.blockTimestamp,
    ...(tx.blockTimestampMilliseconds !== undefined ? { blockTimestampMilliseconds: tx.blockTimestampMilliseconds } : {}),
  };
}

const AddressTransactionRef = builder.objectRef<DetailsModel>('EvmAddressTransaction').implement({
  description:
    'A transaction an address took part in, with the transfers and internal calls in it that the address sent or received (not the others of the transaction).',
  fields: (t) => ({
    transaction: t.field({
      type: EvmTransactionRef,
      description: 'The transaction itself.',
      resolve: (d): EvmTxModel => ({ ...d.nativeTransaction, chain: d.chain }),
    }),
    erc20Transfers: t.field({
      type: [Erc20TransferRef],
      description: "Its ERC-20 transfers from or to the address; each token's `tokenReputation` is given (v2).",
      price: { items: ERC20_TRANSFERS },
      resolve: (d) => (d.erc20Transfers ?? []).map((x) => inTransaction(d, x)),
    }),
    erc721Transfers: t.field({
      type: [Erc721TransferRef],
      description: 'Its ERC-721 transfers from or to the address.',
      price: { items: ERC721_TRANSFERS },
      resolve: (d) => (d.erc721Transfers ?? []).map((x): Chained<Erc721Transfer> => inTransaction(d, x)),
    }),
    erc1155Transfers: t.field({
      type: [Erc1155TransferRef],
      description: 'Its ERC-1155 transfers from or to the address.',
      price: { items: ERC1155_TRANSFERS },
      resolve: (d) => (d.erc1155Transfers ?? []).map((x): Chained<Erc1155Transfer> => inTransaction(d, x)),
    }),
    internalTransactions: t.field({
      type: [InternalTransactionRef],
      description: 'Its internal calls from or to the address: CALL/CALLCODE with value, CREATE/CREATE2/CREATE3.',
      price: { items: INTERNALS },
      resolve: (d) => (d.internalTransactions ?? []).map((x) => inTransaction(d, x)),
    }),
  }),
});

// Separate specs: a cursor of one list must not resume another.
const HISTORY_PAGE = pageSpec('listTransactionsV2', 'transactions');
const HISTORY_V1_PAGE = pageSpec('listTransactions', 'transactionsV1');

const txKey = (d: { nativeTransaction: { txHash: string } }) => d.nativeTransaction.txHash;

/** The block range and order of a history listing, checked before any call. */
function historyQuery(args: { startBlock?: number | null; endBlock?: number | null; sortOrder?: SortOrder | null }) {
  return { ...checkBlockRange(args.startBlock, args.endBlock), sortOrder: args.sortOrder ?? undefined };
}

builder.objectFields(EvmAddressRef, (t) => {
  const historyArgs = () => ({
    startBlock: t.arg(blockArgs.startBlock),
    endBlock: t.arg(blockArgs.endBlock),
    sortOrder: t.arg({ type: SortOrderEnum, description: 'DESC (newest first, the default) or ASC.' }),
  });
  return {
    transactions: t.connection(
      {
        type: AddressTransactionRef,
        nullable: true,
        description:
          "Every transaction this address took part in, with the ERC-20/721/1155 transfers and internal calls in it that it sent or received. Uses the Data API's v2 listing (listTransactionsV2): the same history as v1, but its ERC-20 tokens carry their `tokenReputation`, and spam tokens' transfers can be left out. `first`: 1 to 500 (default 10); 100 per upstream call.",
        args: {
          ...historyArgs(),
          includeSpam: t.arg.boolean({ description: "Keep spam tokens' ERC-20 transfers; the Data API's default when omitted." }),
        },
        price: paged(HISTORY_PAGE),
        resolve: (a, args, ctx) => {
          const query = {
            ...historyQuery(args),
            filterSpamTokens: args.includeSpam == null ? undefined : !args.includeSpam,
          };
          return listByAddress(
            ctx.cursors,
            args,
            HISTORY_PAGE,
            a,
            query,
            (page) => listTransactionsV2(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...query }),
            txKey,
          );
        },
      },
      { name: 'EvmAddressTransactionConnection', description: "A page of an address's transactions." },
      { name: 'EvmAddressTransactionEdge', description: 'A transaction and its cursor.' },
    ),
    transactionsV1: t.connection(
      {
        type: AddressTransactionRef,
        nullable: true,
        description:
          "The same history as `transactions`, from the Data API's v1 listing (listTransactions), for clients that keep to v1's answer: no `tokenReputation` (null), no spam filter. Prefer `transactions`. `first`: 1 to 500 (default 10); 100 per upstream call.",
        args: historyArgs(),
        price: paged(HISTORY_V1_PAGE),
        resolve: (a, args, ctx) => {
          const query = historyQuery(args);
          return listByAddress(
            ctx.cursors,
            args,
            HISTORY_V1_PAGE,
            a,
            query,
            (page) => listTransactions(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...query }),
            txKey,
          );
        },
      },
      { name: 'EvmAddressTransactionV1Connection', description: "A page of an address's transactions (v1)." },
      { name: 'EvmAddressTransactionV1Edge', description: 'A transaction and its cursor.' },
    ),
  };
});
