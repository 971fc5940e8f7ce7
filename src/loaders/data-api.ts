/**
 * Per-request loaders over the Data API: batch where the upstream batches, look up by id the
 * way the spec allows. Plain repeats need none of this: the request's reads answer an identical
 * call once, and the shared cache across requests (src/reuse/reads.ts).
 *
 * - `chainIdsOf`: every address of a response in ONE `addresses:listChainIds` call per network,
 *   sent once the request's other calls have answered (the comma list is chunked only to keep
 *   the URL within common server limits).
 * - `subnet`, `blockchain`: lookups by id answered from subnets the request already listed,
 *   else from the whole subnet listing (its pages are ordinary reads, so the cache shares them);
 *   `subnetOrLatest`, `blockchainOrLatest` ask by id (getSubnetById, getBlockchainById) what
 *   the listing lacks; `subnetById` asks by id unless the request already listed it.
 * - `transaction`, `l1Validator`: lookups by id answered from the lists of transactions and L1
 *   validators read through `transactionPage` and `l1ValidatorPage`, by this request or, while
 *   those answers are fresh, an earlier one; else by id, a few at a time. L1 validators whose
 *   subnet the asker knows (a chain's validators, a P-Chain validator set) are found in one
 *   listing of that subnet for all of them.
 * - `contract`: lookups by id, a few at a time.
 * Lookups by id that find nothing are kept a short while (the `absent` freshness), like any read.
 * Each DataLoader is made on first use: most requests need none of them.
 */
import DataLoader from 'dataloader';
import { canonicalAddress } from '../domain/addresses.js';
import { evmChainIdOf } from '../domain/chains.js';
import { PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import type { RequestActivity } from '../upstreams/activity.js';
import type { DataApiClient } from '../upstreams/data-api/client.js';
import type { Blockchain, ListSubnetsResponse, Subnet } from '../upstreams/data-api/subnet.js';
import type { ContractMetadata } from '../upstreams/data-api/contract.js';
import type { L1Validator, ListL1ValidatorsResponse } from '../upstreams/data-api/l1-validator.js';
import type { ListTransactionsResponse, PrimaryChainAlias, PrimaryNetworkTransaction } from '../upstreams/data-api/transaction.js';
import { getChainIdsForAddresses } from '../upstreams/data-api/address.js';
import { getContractMetadata } from '../upstreams/data-api/contract.js';
import { listL1Validators } from '../upstreams/data-api/l1-validator.js';
import { getBlockchainById, getSubnetById, listSubnets } from '../upstreams/data-api/subnet.js';
import { getTxByHash, listLatestPrimaryNetworkTransactions } from '../upstreams/data-api/transaction.js';
import { pagesOf } from '../upstreams/operations.js';
import type { RequestReads } from '../reuse/reads.js';

/** Addresses per `listChainIds` call: ~45 characters each keeps the URL near 4.5 KB. */
export const CHAIN_IDS_BATCH = 100;
/** Subnets per page of the whole listing: pages stay within the answer cap (genesis data is large). */
export const CATALOG_PAGE_SIZE = 1_000;
/** The most pages of it a request reads: a network of more subnets is cut there. */
export const CATALOG_MAX_PAGES = 20;
/** Lookups of one kind a request runs at once; more wait their turn. */
export const LOOKUP_CONCURRENCY = 8;

type Hit = { blockchain: Blockchain; subnet: Subnet };

/** The networks `networkOf` looks a blockchain up in, in order. */
export const NETWORKS: readonly NetworkName[] = ['mainnet', 'fuji'];

export interface SubnetCatalog {
  subnets: readonly Subnet[];
  subnetById: ReadonlyMap<string, Subnet>;
  chainById: ReadonlyMap<string, Hit>;
  chainByEvmId: ReadonlyMap<number, Hit>;
}

export type TxKey = { network: NetworkName; chain: PrimaryChainAlias; txHash: string };

/** An L1 validator by validation id; with its subnet when the asker knows it, which lets one listing find many. */
export type L1ValidatorKey = { network: NetworkName; validationId: string; subnetId?: string | undefined };

/** The most L1 validators one listing call returns, as its client file declares. */
const L1_LISTING_PAGE = pagesOf('listL1Validators').max;

const txKey = (k: TxKey) => `tx|${k.network}|${k.chain}|${k.txHash}`;
const l1ValidatorKey = (k: { network: NetworkName; validationId: string }) => `l1v|${k.network}|${k.validationId}`;

/**
 * One lookup per key, at most `limit` at a time. A failure belongs to its key alone: the others
 * still resolve (DataLoader takes an Error in a key's place).
 */
export async function lookupEach<K, V>(
  keys: readonly K[],
  lookup: (key: K) => Promise<V>,
  limit = LOOKUP_CONCURRENCY,
): Promise<(V | Error)[]> {
  const results = new Array<V | Error>(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const i = next++;
      try {
        results[i] = await lookup(keys[i]!);
      } catch (error) {
        results[i] = error instanceof Error ? error : new Error(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, keys.length) }, worker));
  return results;
}

/**
 * The indexes of a listing, built once per listing: while its pages come from the cache they
 * are the same objects, so every request that reuses them reuses the indexes too.
 */
const catalogs = new WeakMap<ListSubnetsResponse, { pages: ListSubnetsResponse[]; catalog: SubnetCatalog }>();

function indexCatalog(pages: ListSubnetsResponse[]): SubnetCatalog {
  const known = catalogs.get(pages[0]!);
  if (known && known.pages.length === pages.length && known.pages.every((page, i) => page === pages[i])) return known.catalog;
  const subnets = pages.flatMap((page) => page.subnets);
  const subnetById = new Map<string, Subnet>();
  const chainById = new Map<string, Hit>();
  const chainByEvmId = new Map<number, Hit>();
  for (const subnet of subnets) {
    subnetById.set(subnet.subnetId, subnet);
    for (const blockchain of subnet.blockchains) {
      chainById.set(blockchain.blockchainId, { blockchain, subnet });
      const evmChainId = evmChainIdOf(blockchain);
      if (evmChainId !== undefined) chainByEvmId.set(evmChainId, { blockchain, subnet });
    }
  }
  const catalog = { subnets, subnetById, chainById, chainByEvmId };
  catalogs.set(pages[0]!, { pages, catalog });
  return catalog;
}

function networkKey(network: NetworkName, ...parts: string[]): string {
  return [network, ...parts].join('|');
}

export class DataApiLoaders {
  private catalogs?: Map<NetworkName, Promise<SubnetCatalog>>;
  /**
   * Subnets this request has already read (listing pages) answer id lookups without a call.
   * Indexed on the first lookup: most requests that list subnets never look one up.
   */
  private listed?: { network: NetworkName; subnets: readonly Subnet[] }[];
  private seen?: Map<NetworkName, { subnets: Map<string, Subnet>; chains: Map<string, Hit>; evm: Map<number, Hit> }>;
  private chainIdsLoader?: DataLoader<string, string[], string>;
  private l1ValidatorLoader?: DataLoader<L1ValidatorKey, L1Validator | null, string>;
  private transactionLoader?: DataLoader<TxKey, PrimaryNetworkTransaction | null, string>;
  private contractLoader?: DataLoader<string, ContractMetadata | null>;

  constructor(
    private readonly dataApi: DataApiClient,
    /** The request's reads, where list answers are remembered for lookups by id. */
    private readonly reads: RequestReads,
    private readonly activity?: RequestActivity,
  ) {}

  /**
   * The key a list item is remembered and recalled under: with a client's own key, named by its
   * credential, so that such a request never takes an item the operator's calls listed
   * (src/reuse/reads.ts says why credentials are kept apart).
   */
  private itemKey(key: string): string {
    const credential = this.dataApi.credential;
    return credential === undefined ? key : `${credential} ${key}`;
  }

  private seenOn(network: NetworkName) {
    const seen = (this.seen ??= new Map());
    if (this.listed) {
      for (const { network: on, subnets } of this.listed) {
        let known = seen.get(on);
        if (!known) seen.set(on, (known = { subnets: new Map(), chains: new Map(), evm: new Map() }));
        for (const subnet of subnets) {
          known.subnets.set(subnet.subnetId, subnet);
          for (const blockchain of subnet.blockchains) {
            known.chains.set(blockchain.blockchainId, { blockchain, subnet });
            const evmChainId = evmChainIdOf(blockchain);
            if (evmChainId !== undefined) known.evm.set(evmChainId, { blockchain, subnet });
          }
        }
      }
      this.listed = undefined;
    }
    let known = seen.get(network);
    if (!known) seen.set(network, (known = { subnets: new Map(), chains: new Map(), evm: new Map() }));
    return known;
  }

  /** Every subnet of the network, read page by page through the cache. */
  private catalog(network: NetworkName): Promise<SubnetCatalog> {
    const catalogs = (this.catalogs ??= new Map());
    let promise = catalogs.get(network);
    if (!promise) {
      promise = (async () => {
        const pages: ListSubnetsResponse[] = [];
        let pageToken: string | undefined;
        for (let page = 0; page < CATALOG_MAX_PAGES; page++) {
          const res = await listSubnets(this.dataApi, network, { pageToken, pageSize: CATALOG_PAGE_SIZE });
          pages.push(res);
          pageToken = res.nextPageToken || undefined;
          if (!pageToken) break;
        }
        return indexCatalog(pages);
      })();
      catalogs.set(network, promise);
    }
    return promise;
  }

  /** Records subnets a listing returned, so later lookups by id reuse them. */
  rememberSubnets(network: NetworkName, subnets: readonly Subnet[]): void {
    (this.listed ??= []).push({ network, subnets });
  }

  /** A subnet by id: from what the request already read, else from the whole listing. */
  async subnet(network: NetworkName, subnetId: string): Promise<Subnet | null> {
    return this.seenOn(network).subnets.get(subnetId) ?? (await this.catalog(network)).subnetById.get(subnetId) ?? null;
  }

  /**
   * A subnet by id where one subnet is asked for on its own (a validator's): from what the request
   * already read, else by getSubnetById, one small call rather than the whole listing (whose
   * genesis data is large).
   */
  async subnetById(network: NetworkName, subnetId: string): Promise<Subnet | null> {
    return this.seenOn(network).subnets.get(subnetId) ?? (await getSubnetById(this.dataApi, network, subnetId));
  }

  /**
   * A subnet by id as `subnet` finds it, else, when the listing lacks it, by getSubnetById: the
   * listing is shared for a while (the `subnets` freshness) and lags a subnet created since.
   */
  async subnetOrLatest(network: NetworkName, subnetId: string): Promise<Subnet | null> {
    return (await this.subnet(network, subnetId)) ?? (await getSubnetById(this.dataApi, network, subnetId));
  }

  /** A blockchain by id as `blockchain` finds it, else, when the listing lacks it, by getBlockchainById (the same way). */
  async blockchainOrLatest(
    network: NetworkName,
    blockchainId: string,
  ): Promise<Hit | { blockchain: Blockchain; subnet?: undefined } | null> {
    const hit = await this.blockchain(network, blockchainId);
    if (hit) return hit;
    const blockchain = await getBlockchainById(this.dataApi, network, blockchainId);
    return blockchain ? { blockchain } : null;
  }

  /** A blockchain by id with its subnet: from what the request already read, else from the whole listing. */
  async blockchain(network: NetworkName, blockchainId: string): Promise<Hit | null> {
    return this.seenOn(network).chains.get(blockchainId) ?? (await this.catalog(network)).chainById.get(blockchainId) ?? null;
  }

  /** The blockchain with an EVM chain id, the same way. */
  async blockchainByEvmChainId(network: NetworkName, evmChainId: number): Promise<Hit | null> {
    return this.seenOn(network).evm.get(evmChainId) ?? (await this.catalog(network)).chainByEvmId.get(evmChainId) ?? null;
  }

  /**
   * The network a blockchain is on, for answers that span networks (an address's ICM messages
   * asked without `network`): the X- and C-Chain by their ids, any other chain from each
   * network's subnet listing, as `blockchain` reads it. Null when no network lists it.
   */
  async networkOf(blockchainId: string): Promise<NetworkName | null> {
    for (const network of NETWORKS) {
      const { x, c } = PRIMARY_CHAIN_IDS[network];
      if (blockchainId === x || blockchainId === c) return network;
    }
    for (const network of NETWORKS) if (await this.blockchain(network, blockchainId)) return network;
    return null;
  }

  /** Contract metadata at an address; null when there is no contract there (kept only a short while: one may be deployed). */
  contract(chainId: string, address: string): Promise<ContractMetadata | null> {
    this.contractLoader ??= new DataLoader((keys) =>
      lookupEach(keys, (key) => {
        const [chain, at] = key.split('|') as [string, string];
        return getContractMetadata(this.dataApi, chain, at);
      }),
    );
    return this.contractLoader.load(`${chainId}|${address.toLowerCase()}`);
  }

  /** Chains a bech32 address has touched; batched with every other address of the response. */
  chainIdsOf(network: NetworkName, address: string): Promise<string[]> {
    this.chainIdsLoader ??= new DataLoader<string, string[], string>((keys) => this.loadChainIds(keys), {
      maxBatchSize: CHAIN_IDS_BATCH,
      // Wait for the request's other calls: addresses found deeper in the response join the batch.
      batchScheduleFn: this.activity ? (dispatch) => this.activity!.whenIdle(dispatch) : undefined,
    });
    return this.chainIdsLoader.load(networkKey(network, canonicalAddress(address)));
  }

  private async loadChainIds(keys: readonly string[]): Promise<(string[] | Error)[]> {
    const byNetwork = new Map<NetworkName, string[]>();
    for (const key of keys) {
      const [network, address] = key.split('|') as [NetworkName, string];
      let list = byNetwork.get(network);
      if (!list) byNetwork.set(network, (list = []));
      list.push(address);
    }
    const found = new Map<string, string[]>();
    const failed = new Map<NetworkName, Error>();
    await Promise.all(
      [...byNetwork].map(async ([network, addresses]) => {
        try {
          const res = await getChainIdsForAddresses(this.dataApi, network, addresses);
          for (const entry of res.addresses) found.set(networkKey(network, canonicalAddress(entry.address)), entry.blockchainIds);
        } catch (error) {
          failed.set(network, error as Error);
        }
      }),
    );
    // An address the answer leaves out has touched no chain; a network whose call failed fails its keys only.
    return keys.map((key) => failed.get(key.split('|')[0] as NetworkName) ?? found.get(key) ?? []);
  }

  /** A page of a chain's transactions (listLatestPrimaryNetworkTransactions), remembered for lookups by hash. */
  async transactionPage(
    network: NetworkName,
    chain: PrimaryChainAlias,
    params: Parameters<typeof listLatestPrimaryNetworkTransactions>[3],
  ): Promise<ListTransactionsResponse<PrimaryNetworkTransaction>> {
    const page = await listLatestPrimaryNetworkTransactions(this.dataApi, network, chain, params);
    this.reads.remember(page, () =>
      page.transactions.map((tx) => [this.itemKey(txKey({ network, chain, txHash: tx.txHash })), tx] as const),
    );
    return page;
  }

  /** A page of L1 validators (listL1Validators), remembered for lookups by validation id. */
  async l1ValidatorPage(network: NetworkName, params: Parameters<typeof listL1Validators>[2]): Promise<ListL1ValidatorsResponse> {
    const page = await listL1Validators(this.dataApi, network, params);
    this.reads.remember(page, () =>
      page.validators.map((v) => [this.itemKey(l1ValidatorKey({ network, validationId: v.validationId })), v] as const),
    );
    return page;
  }

  /** A transaction by hash: from a list read earlier, else getTxByHash; null when the Data API has none. */
  transaction(key: TxKey): Promise<PrimaryNetworkTransaction | null> {
    this.transactionLoader ??= new DataLoader<TxKey, PrimaryNetworkTransaction | null, string>(
      (keys) =>
        lookupEach(keys, async (key) => {
          const listed = this.reads.recall<PrimaryNetworkTransaction>(this.itemKey(txKey(key)));
          return listed ?? getTxByHash(this.dataApi, key.network, key.chain, key.txHash);
        }),
      { cacheKeyFn: txKey },
    );
    return this.transactionLoader.load(key);
  }

  /**
   * An L1 validator by validation id, active or not: from a list read earlier, else from one
   * listing of its subnet for every validator of that subnet the request asks for at once (when
   * the asker knows the subnet), else by id. Null when the Data API knows none.
   */
  l1Validator(key: L1ValidatorKey): Promise<L1Validator | null> {
    this.l1ValidatorLoader ??= new DataLoader<L1ValidatorKey, L1Validator | null, string>((keys) => this.loadL1Validators(keys), {
      cacheKeyFn: l1ValidatorKey,
    });
    return this.l1ValidatorLoader.load(key);
  }

  private async loadL1Validators(keys: readonly L1ValidatorKey[]): Promise<(L1Validator | null | Error)[]> {
    const found = new Map<string, L1Validator | null | Error>();
    const bySubnet = new Map<string, L1ValidatorKey[]>();
    for (const key of keys) {
      const known = this.reads.recall<L1Validator>(this.itemKey(l1ValidatorKey(key)));
      if (known) {
        found.set(l1ValidatorKey(key), known);
        continue;
      }
      const group = `${key.network}|${key.subnetId ?? ''}`;
      let members = bySubnet.get(group);
      if (!members) bySubnet.set(group, (members = []));
      members.push(key);
    }
    await Promise.all(
      [...bySubnet.values()].map(async (group) => {
        const { network, subnetId } = group[0]!;
        if (subnetId !== undefined && group.length > 1) {
          try {
            await this.findInListing(network, subnetId, group, found);
          } catch (error) {
            for (const key of group) found.set(l1ValidatorKey(key), error as Error);
          }
        }
        const rest = group.filter((key) => !found.has(l1ValidatorKey(key)));
        const byId = await lookupEach(rest, async (key) => {
          const page = await this.l1ValidatorPage(key.network, { l1ValidationId: key.validationId, includeInactiveL1Validators: true });
          return page.validators.find((v) => v.validationId === key.validationId) ?? null;
        });
        for (const [i, key] of rest.entries()) found.set(l1ValidatorKey(key), byId[i]!);
      }),
    );
    return keys.map((key) => found.get(l1ValidatorKey(key)) ?? null);
  }

  /**
   * Looks for `group` (validators of one subnet) in the subnet's listing, active or not, page by
   * page while some are missing. A page costs a call as a lookup by id does, so it stops once it
   * has taken as many pages as validators are still missing: those are then looked up by id, and
   * the listing never costs more than twice the lookups it replaces.
   */
  private async findInListing(
    network: NetworkName,
    subnetId: string,
    group: L1ValidatorKey[],
    found: Map<string, L1Validator | null | Error>,
  ) {
    const missing = new Set(group.map((key) => key.validationId));
    let pageToken: string | undefined;
    for (let pages = 0; missing.size > 0 && pages < missing.size; pages++) {
      const page = await this.l1ValidatorPage(network, {
        subnetId,
        includeInactiveL1Validators: true,
        pageSize: L1_LISTING_PAGE,
        pageToken,
      });
      for (const v of page.validators) {
        if (missing.delete(v.validationId)) found.set(l1ValidatorKey({ network, validationId: v.validationId }), v);
      }
      pageToken = page.nextPageToken || undefined;
      if (!pageToken) {
        // The whole subnet was listed: what it does not hold is not one of its validators.
        for (const validationId of missing) found.set(l1ValidatorKey({ network, validationId }), null);
        return;
      }
    }
  }
}
