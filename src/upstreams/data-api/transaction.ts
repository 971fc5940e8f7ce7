/**
 * Primary Network transactions: the latest of a chain and one by hash.
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { L1Validator } from './l1-validator.js';
import type { PrimaryNetworkTxType, Schemas, SortOrder, WireNetwork } from './wire.js';

/**
 * How long the answers of this file's operations are shared, and how the paged ones page
 * (src/upstreams/sharing.ts). The Data API cuts a page of transactions short once their UTXOs
 * reach a threshold it does not publish (the sandbox cuts at 250, UTXO_PAGE_THRESHOLD): a call is
 * priced to return 50 transactions, as many as that threshold leaves for transactions of 5 UTXOs.
 * A page of heavier transactions (imports of many UTXOs) is shorter, and a list then takes more
 * calls than priced.
 */
export const transactionOperations = {
  listLatestPrimaryNetworkTransactions: { freshness: 'transactions', pages: { max: 100, default: 10, priced: 50 } },
  getTxByHash: { freshness: 'immutable' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof transactionOperations> {}
}

/** The chain path values the Primary Network endpoints take. */
export type PrimaryChainAlias = Schemas['PrimaryNetworkChainName'];

export type UtxoCredential = Schemas['UtxoCredential'];

/** A UTXO as the P-Chain listing returns it. */
export type PChainUtxo = Schemas['PChainUtxo'];

/** A UTXO as the X-Chain and C-Chain listings return it. */
export type XChainUtxo = Schemas['Utxo'];

/** Optional in a transaction, with the same `blsCredentials` as an L1 validator's (see above). */
export type L1ValidatorDetailsTransaction = Omit<Schemas['L1ValidatorDetailsTransaction'], 'blsCredentials'> &
  Partial<Pick<L1Validator, 'blsCredentials'>>;

export type BlockchainInfo = Schemas['BlockchainInfo'];

export type PChainTransaction = Omit<Schemas['PChainTransaction'], 'l1ValidatorDetails'> & {
  l1ValidatorDetails?: L1ValidatorDetailsTransaction[];
};

export type XChainAssetDetails = Schemas['XChainAssetDetails'];

export type TransactionVertexDetail = Schemas['TransactionVertexDetail'];

/**
 * The spec writes `chainFormat: 'non-linear' | 'linear'` on both X-Chain shapes; the upstream
 * sends the one that names the shape, so the code may tell them apart by it.
 */
export type XChainNonLinearTransaction = Schemas['XChainNonLinearTransaction'] & { chainFormat: 'non-linear' };

export type XChainLinearTransaction = Schemas['XChainLinearTransaction'] & { chainFormat: 'linear' };

export type XChainTransaction = XChainNonLinearTransaction | XChainLinearTransaction;

export type EvmInput = Schemas['EVMInput'];

export type EvmOutput = Schemas['EVMOutput'];

export type CChainExportTransaction = Schemas['CChainExportTransaction'];

export type CChainImportTransaction = Schemas['CChainImportTransaction'];

export type CChainAtomicTransaction = CChainExportTransaction | CChainImportTransaction;

export type PrimaryNetworkTransaction = PChainTransaction | XChainTransaction | CChainAtomicTransaction;

export type PrimaryNetworkChainInfo = Schemas['PrimaryNetworkChainInfo'];

/** One chain's answer of listLatestPrimaryNetworkTransactions (the spec lists the three as oneOf). */
export interface ListTransactionsResponse<T> {
  nextPageToken?: string;
  transactions: T[];
  chainInfo: PrimaryNetworkChainInfo;
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/transactions
 * (listLatestPrimaryNetworkTransactions). `txTypes` and timestamps need `addresses` or
 * `l1ValidationId`; a page may be short when its transactions hold many UTXOs.
 * Spec: operationId `listLatestPrimaryNetworkTransactions` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { transactions } = await listLatestPrimaryNetworkTransactions(ctx.dataApi, 'mainnet', 'x-chain', { pageSize: 10 });
 */
export function listLatestPrimaryNetworkTransactions(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: string,
  params: PageParams & {
    addresses?: readonly string[];
    l1ValidationId?: string;
    txTypes?: readonly PrimaryNetworkTxType[];
    startTimestamp?: number;
    endTimestamp?: number;
    sortOrder?: SortOrder;
  },
): Promise<ListTransactionsResponse<PrimaryNetworkTransaction>> {
  return client.get(
    'listLatestPrimaryNetworkTransactions',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/transactions`,
    {
      addresses: params.addresses?.length ? params.addresses.join(',') : undefined,
      l1ValidationId: params.l1ValidationId,
      txTypes: params.txTypes?.length ? params.txTypes : undefined,
      startTimestamp: params.startTimestamp,
      endTimestamp: params.endTimestamp,
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      sortOrder: params.sortOrder,
    },
    'transactions',
  );
}

/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash} (getTxByHash).
 * Not in the spec's endpoint list, but in the upstream contract: it is what lets a
 * transaction's global id be refetched.
 * Null when the upstream has none (404); that answer is kept a short while, as a found one is.
 * Spec: operationId `getTxByHash` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const tx = await getTxByHash(ctx.dataApi, 'mainnet', 'p-chain', txHash); // null when unknown
 */
export function getTxByHash(
  client: DataApiClient,
  network: WireNetwork,
  blockchainId: string,
  txHash: string,
): Promise<PrimaryNetworkTransaction | null> {
  return client.getOrNone(
    'getTxByHash',
    `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/transactions/${segment(txHash)}`,
  );
}
