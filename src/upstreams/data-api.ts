/**
 * The Avalanche Data API: one typed function per endpoint, named after its OpenAPI operationId.
 * Parameter names and encodings follow the spec exactly: comma lists are joined here, arrays
 * such as `txTypes` go out as repeated keys. Callers validate input; this layer only encodes it.
 */
import { segment, type HttpRequest, type QueryValue } from './http.js';
import { listAnswer, type Transport } from './transport.js';
import type {
  ChainAddressChainIdMapListResponse,
  ContractMetadata,
  CurrencyCode,
  EvmTransactionStatus,
  GetNativeBalanceResponse,
  ListCollectibleBalancesResponse,
  ListErc20TransactionsResponse,
  ListIcmMessagesResponse,
  ListInternalTransactionsResponse,
  ListNativeTransactionsResponse,
  SignatureAggregationResponse,
  SignatureAggregatorRequest,
  ListHistoricalRewardsResponse,
  ListL1ValidatorsResponse,
  ListSubnetsResponse,
  ListTransactionsResponse,
  ListXChainVerticesResponse,
  PrimaryNetworkTransaction,
  PrimaryNetworkTxType,
  SortOrder,
  WireNetwork,
} from './data-api.types.js';

export interface DataApiOptions {
  baseUrl: string;
  apiKeyHeader: string;
  /** The operator's key, sent unless the GraphQL client sent its own. */
  apiKey?: string;
}

export interface PageParams {
  pageToken?: string;
  pageSize?: number;
}

/**
 * The Data API for one GraphQL request: its calls go through `transport` (the request's reads),
 * with the client's API key when it sent one. The key never identifies a read: the data does
 * not depend on who asks.
 */
export class DataApiClient {
  private headers: Record<string, string> | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly options: DataApiOptions,
    apiKey: string | undefined = options.apiKey,
  ) {
    if (apiKey) this.headers = { [options.apiKeyHeader]: apiKey };
  }

  private request(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
  ): HttpRequest {
    return { service: 'data-api', operation, method, baseUrl: this.options.baseUrl, path, query, body, headers: this.headers };
  }

  /** A read; `list` names the array a list endpoint's answer must hold (else it is not kept, and fails). */
  private get<T>(operation: string, path: string, query?: Record<string, QueryValue>, list?: string): Promise<T> {
    const req = this.request(operation, 'GET', path, query);
    return list ? this.transport.read(req, listAnswer<T>(req, list)) : this.transport.read<T>(req);
  }

  /** GET /v1/networks/{network}/subnets (listSubnets). pageSize 1..10000. */
  listSubnets(network: WireNetwork, params: PageParams & { sortOrder?: SortOrder }): Promise<ListSubnetsResponse> {
    return this.get(
      'listSubnets',
      `/v1/networks/${segment(network)}/subnets`,
      {
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        sortOrder: params.sortOrder,
      },
      'subnets',
    );
  }

  /** GET /v1/networks/{network}/l1Validators (listL1Validators). Active validators unless asked. */
  listL1Validators(
    network: WireNetwork,
    params: PageParams & {
      l1ValidationId?: string;
      includeInactiveL1Validators?: boolean;
      nodeId?: string;
      subnetId?: string;
    },
  ): Promise<ListL1ValidatorsResponse> {
    return this.get(
      'listL1Validators',
      `/v1/networks/${segment(network)}/l1Validators`,
      {
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        l1ValidationId: params.l1ValidationId,
        includeInactiveL1Validators: params.includeInactiveL1Validators,
        nodeId: params.nodeId,
        subnetId: params.subnetId,
      },
      'validators',
    );
  }

  /**
   * GET /v1/networks/{network}/blockchains/{blockchainId}/transactions
   * (listLatestPrimaryNetworkTransactions). `txTypes` and timestamps need `addresses` or
   * `l1ValidationId`; a page may be short when its transactions hold many UTXOs.
   */
  listLatestPrimaryNetworkTransactions(
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
    return this.get(
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
   */
  getTxByHash(network: WireNetwork, blockchainId: string, txHash: string): Promise<PrimaryNetworkTransaction> {
    return this.get('getTxByHash', `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/transactions/${segment(txHash)}`);
  }

  /** GET /v1/networks/{network}/rewards (listHistoricalPrimaryNetworkRewards). Needs addresses or nodeIds. */
  listHistoricalPrimaryNetworkRewards(
    network: WireNetwork,
    params: PageParams & {
      addresses?: readonly string[];
      nodeIds?: readonly string[];
      sortOrder?: SortOrder;
      currency?: CurrencyCode;
    },
  ): Promise<ListHistoricalRewardsResponse> {
    return this.get(
      'listHistoricalPrimaryNetworkRewards',
      `/v1/networks/${segment(network)}/rewards`,
      {
        addresses: params.addresses?.length ? params.addresses.join(',') : undefined,
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        nodeIds: params.nodeIds?.length ? params.nodeIds.join(',') : undefined,
        sortOrder: params.sortOrder,
        currency: params.currency,
      },
      'historicalRewards',
    );
  }

  /** GET /v1/networks/{network}/blockchains/{blockchainId}/vertices (listLatestXChainVertices). */
  listLatestXChainVertices(network: WireNetwork, blockchainId: string, params: PageParams): Promise<ListXChainVerticesResponse> {
    return this.get(
      'listLatestXChainVertices',
      `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/vertices`,
      { pageToken: params.pageToken, pageSize: params.pageSize },
      'vertices',
    );
  }

  /** GET /v1/networks/{network}/addresses:listChainIds (getChainIdsForAddresses). */
  getChainIdsForAddresses(network: WireNetwork, addresses: readonly string[]): Promise<ChainAddressChainIdMapListResponse> {
    return this.get(
      'getChainIdsForAddresses',
      `/v1/networks/${segment(network)}/addresses:listChainIds`,
      {
        addresses: addresses.join(','),
      },
      'addresses',
    );
  }

  // --- EVM chains -------------------------------------------------------------------------------

  /** GET /v1/chains/{chainId}/transactions (listLatestTransactions). `chainId`: EVM chain id or blockchain id. */
  listLatestTransactions(chainId: string, params: PageParams & { status?: EvmTransactionStatus }): Promise<ListNativeTransactionsResponse> {
    return this.get(
      'listLatestTransactions',
      `/v1/chains/${segment(chainId)}/transactions`,
      {
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        status: params.status,
      },
      'transactions',
    );
  }

  /**
   * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20 (listErc20Transactions).
   * `startBlock` is inclusive, `endBlock` exclusive.
   */
  listErc20Transactions(chainId: string, address: string, params: PageParams & BlockRange): Promise<ListErc20TransactionsResponse> {
    return this.get(
      'listErc20Transactions',
      `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listErc20`,
      {
        startBlock: params.startBlock,
        endBlock: params.endBlock,
        pageToken: params.pageToken,
        pageSize: params.pageSize,
      },
      'transactions',
    );
  }

  /**
   * GET /v1/chains/{chainId}/addresses/{address}/transactions:listInternals (listInternalTransactions).
   * Only CALL/CALLCODE with value and CREATE/CREATE2/CREATE3 are listed.
   */
  listInternalTransactions(chainId: string, address: string, params: PageParams & BlockRange): Promise<ListInternalTransactionsResponse> {
    return this.get(
      'listInternalTransactions',
      `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/transactions:listInternals`,
      {
        startBlock: params.startBlock,
        endBlock: params.endBlock,
        pageToken: params.pageToken,
        pageSize: params.pageSize,
      },
      'transactions',
    );
  }

  /** GET /v1/chains/{chainId}/addresses/{address}/balances:getNative (getNativeBalance). */
  getNativeBalance(
    chainId: string,
    address: string,
    params: { blockNumber?: string; currency?: CurrencyCode },
  ): Promise<GetNativeBalanceResponse> {
    return this.get('getNativeBalance', `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:getNative`, {
      blockNumber: params.blockNumber,
      currency: params.currency,
    });
  }

  /** GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles (listCollectibleBalances). pageSize 1..500. */
  listCollectibleBalances(
    chainId: string,
    address: string,
    params: PageParams & { contractAddress?: string },
  ): Promise<ListCollectibleBalancesResponse> {
    return this.get(
      'listCollectibleBalances',
      `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances:listCollectibles`,
      {
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        contractAddress: params.contractAddress,
      },
      'collectibleBalances',
    );
  }

  /** GET /v1/chains/{chainId}/addresses/{address} (getContractMetadata). */
  getContractMetadata(chainId: string, address: string): Promise<ContractMetadata> {
    return this.get('getContractMetadata', `/v1/chains/${segment(chainId)}/addresses/${segment(address)}`);
  }

  // --- Interchain messaging ------------------------------------------------------------------------

  /** GET /v1/icm/addresses/{address}/messages (listIcmMessagesByAddress). Newest first. */
  listIcmMessagesByAddress(address: string, params: PageParams & { network?: WireNetwork }): Promise<ListIcmMessagesResponse> {
    return this.get(
      'listIcmMessagesByAddress',
      `/v1/icm/addresses/${segment(address)}/messages`,
      {
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        network: params.network,
      },
      'messages',
    );
  }

  /**
   * GET /v1/icm/messages (listIcmMessages). Not in the spec's endpoint list but in the upstream
   * contract: it is how a chain's messages are listed (`blockchainId`: source or destination).
   */
  listIcmMessages(
    params: PageParams & {
      sourceBlockchainId?: string;
      destinationBlockchainId?: string;
      blockchainId?: string;
      from?: string;
      to?: string;
      network?: WireNetwork;
    },
  ): Promise<ListIcmMessagesResponse> {
    return this.get(
      'listIcmMessages',
      '/v1/icm/messages',
      {
        pageToken: params.pageToken,
        pageSize: params.pageSize,
        sourceBlockchainId: params.sourceBlockchainId,
        destinationBlockchainId: params.destinationBlockchainId,
        blockchainId: params.blockchainId,
        to: params.to,
        from: params.from,
        network: params.network,
      },
      'messages',
    );
  }

  // --- Signature aggregation -------------------------------------------------------------------------

  /** POST /v1/signatureAggregator/{network}/aggregateSignatures (aggregateSignatures); answers 201. */
  aggregateSignatures(network: WireNetwork, body: SignatureAggregatorRequest): Promise<SignatureAggregationResponse> {
    return this.transport.write(
      this.request('aggregateSignatures', 'POST', `/v1/signatureAggregator/${segment(network)}/aggregateSignatures`, undefined, body),
    );
  }

  /** GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash} (getAggregatedSignatures); answers 201. */
  getAggregatedSignatures(network: WireNetwork, txHash: string): Promise<SignatureAggregationResponse> {
    return this.get('getAggregatedSignatures', `/v1/signatureAggregator/${segment(network)}/aggregateSignatures/${segment(txHash)}`);
  }
}

export interface BlockRange {
  startBlock?: number;
  endBlock?: number;
}
