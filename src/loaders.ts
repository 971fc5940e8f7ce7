/**
 * Per-request loaders: batch where the upstream batches, dedupe everything else.
 *
 * - `chainIds`: every address of a response in ONE `addresses:listChainIds` call per network,
 *   sent once the request's other calls have answered (the comma list is chunked only to keep
 *   the URL within common server limits).
 * - `subnet`, `blockchain`: lookups by id answered from subnets the request already listed,
 *   else from the whole subnet listing, read at most once per request and network (a short
 *   TTL shares it between requests made with the same API key).
 * - `contract`: contract metadata, once per contract per request, shared a while per key.
 * - `l1Validator`, `transaction`: lookups by id, one call per distinct id per request.
 */
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import { badInput } from './errors.js';
import { EVM_VM_IDS, parseBech32Address, type NetworkName } from './ids.js';
import type { RequestActivity } from './upstreams/activity.js';
import type { DataApiClient } from './upstreams/data-api.js';
import type {
  Blockchain,
  ContractMetadata,
  L1Validator,
  PrimaryChainAlias,
  PrimaryNetworkTransaction,
  Subnet,
} from './upstreams/data-api.types.js';
import { HttpError } from './upstreams/errors.js';

/** Addresses per `listChainIds` call: ~45 characters each keeps the URL near 4.5 KB. */
export const CHAIN_IDS_BATCH = 100;
/** The listing's own page bound: the fewest calls to read every subnet. */
const CATALOG_PAGE_SIZE = 10_000;
const CATALOG_MAX_PAGES = 20;

export interface SubnetCatalog {
  subnets: readonly Subnet[];
  subnetById: ReadonlyMap<string, Subnet>;
  chainById: ReadonlyMap<string, { blockchain: Blockchain; subnet: Subnet }>;
  chainByEvmId: ReadonlyMap<number, { blockchain: Blockchain; subnet: Subnet }>;
}

/** Contract metadata changes rarely: shared between requests for a while, within a bound. */
const CONTRACT_CACHE = { max: 10_000, ttl: 10 * 60_000 };
/** Lookups of one kind a request runs at once; more wait their turn. */
export const LOOKUP_CONCURRENCY = 8;

/**
 * One lookup per key, at most `limit` at a time. A failure belongs to its key alone: the others
 * still resolve (DataLoader takes an Error in a key's place).
 */
export async function lookupEach<K, V>(keys: readonly K[], lookup: (key: K) => Promise<V>, limit = LOOKUP_CONCURRENCY): Promise<(V | Error)[]> {
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
 * What outlives a request: the subnet catalog for `catalogTtlMs`, and contract metadata. Entries
 * are kept per API key identity (DataApiClient.keyId): one client's key never serves another's.
 */
export class SharedCaches {
  private readonly catalogs = new Map<string, { expires: number; value: Promise<SubnetCatalog> }>();
  /** Keyed by `keyId|chainId|address`. */
  readonly contracts = new LRUCache<string, ContractMetadata>(CONTRACT_CACHE);

  constructor(readonly catalogTtlMs: number) {}

  /** The cached catalog, if one is fresh (or loading). */
  freshCatalog(network: NetworkName, keyId: string): Promise<SubnetCatalog> | undefined {
    const hit = this.catalogs.get(`${network}|${keyId}`);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  /** Keeps a catalog load for others; a failed one is forgotten so the next request tries again. */
  keepCatalog(network: NetworkName, keyId: string, value: Promise<SubnetCatalog>): void {
    if (this.catalogTtlMs <= 0) return;
    const key = `${network}|${keyId}`;
    this.catalogs.set(key, { expires: Date.now() + this.catalogTtlMs, value });
    value.catch(() => {
      if (this.catalogs.get(key)?.value === value) this.catalogs.delete(key);
    });
  }
}

async function loadCatalog(dataApi: DataApiClient, network: NetworkName): Promise<SubnetCatalog> {
  const subnets: Subnet[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < CATALOG_MAX_PAGES; page++) {
    const res = await dataApi.listSubnets(network, { pageToken, pageSize: CATALOG_PAGE_SIZE });
    subnets.push(...res.subnets);
    pageToken = res.nextPageToken || undefined;
    if (!pageToken) break;
  }
  const subnetById = new Map<string, Subnet>();
  const chainById = new Map<string, { blockchain: Blockchain; subnet: Subnet }>();
  const chainByEvmId = new Map<number, { blockchain: Blockchain; subnet: Subnet }>();
  for (const subnet of subnets) {
    subnetById.set(subnet.subnetId, subnet);
    for (const blockchain of subnet.blockchains) {
      chainById.set(blockchain.blockchainId, { blockchain, subnet });
      const evmChainId = evmChainIdOf(blockchain);
      if (evmChainId !== undefined) chainByEvmId.set(evmChainId, { blockchain, subnet });
    }
  }
  return { subnets, subnetById, chainById, chainByEvmId };
}

/**
 * The EVM chain id of an EVM chain; undefined for any other VM. The Data API reads `evmChainId`
 * from any JSON genesis with a `chainId`, custom VMs included, so the id alone proves nothing: the
 * chain must also run a known EVM or have a genesis the Data API parsed as an EVM genesis.
 */
export function evmChainIdOf(blockchain: Pick<Blockchain, 'evmChainId' | 'vmId' | 'genesisData'>): number | undefined {
  if (blockchain.evmChainId === undefined) return undefined;
  const evm = EVM_VM_IDS.has(blockchain.vmId) || (blockchain.genesisData !== null && typeof blockchain.genesisData === 'object');
  return evm ? blockchain.evmChainId : undefined;
}

/** `avax1...` for `X-avax1...`: the form the Data API uses in its answers. */
export function canonicalAddress(address: string): string {
  if (address.startsWith('0x')) return address.toLowerCase();
  try {
    return parseBech32Address(address).canonical;
  } catch {
    return address;
  }
}

function networkKey(network: NetworkName, ...parts: string[]): string {
  return [network, ...parts].join('|');
}

export type TxKey = { network: NetworkName; chain: PrimaryChainAlias; txHash: string };

export function createLoaders(dataApi: DataApiClient, shared: SharedCaches, activity?: RequestActivity) {
  const catalogs = new Map<NetworkName, Promise<SubnetCatalog>>();

  const chainIds = new DataLoader<string, string[], string>(
    async (keys) => {
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
            const res = await dataApi.getChainIdsForAddresses(network, addresses);
            for (const entry of res.addresses) found.set(networkKey(network, canonicalAddress(entry.address)), entry.blockchainIds);
          } catch (error) {
            failed.set(network, error as Error);
          }
        }),
      );
      // An address the answer leaves out has touched no chain; a network whose call failed fails its keys only.
      return keys.map((key) => failed.get(key.split('|')[0] as NetworkName) ?? found.get(key) ?? []);
    },
    {
      maxBatchSize: CHAIN_IDS_BATCH,
      // Wait for the request's other calls: addresses found deeper in the response join the batch.
      batchScheduleFn: activity ? (dispatch) => activity.whenIdle(dispatch) : undefined,
    },
  );

  const l1Validator = new DataLoader<string, L1Validator | null>((keys) =>
    lookupEach(keys, async (key) => {
      const [network, validationId] = key.split('|') as [NetworkName, string];
      const res = await dataApi.listL1Validators(network, { l1ValidationId: validationId, includeInactiveL1Validators: true });
      return res.validators.find((v) => v.validationId === validationId) ?? null;
    }),
  );

  const transaction = new DataLoader<TxKey, PrimaryNetworkTransaction | null, string>(
    (keys) =>
      lookupEach(keys, async ({ network, chain, txHash }) => {
        try {
          return await dataApi.getTxByHash(network, chain, txHash);
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return null;
          throw error;
        }
      }),
    { cacheKeyFn: (k) => networkKey(k.network, k.chain, k.txHash) },
  );

  // Subnets this request has already read (from a listing page or the catalog) answer id
  // lookups without another call.
  type Hit = { blockchain: Blockchain; subnet: Subnet };
  const seen = new Map<NetworkName, { subnets: Map<string, Subnet>; chains: Map<string, Hit>; evm: Map<number, Hit> }>();
  const seenOn = (network: NetworkName) => {
    let known = seen.get(network);
    if (!known) seen.set(network, (known = { subnets: new Map(), chains: new Map(), evm: new Map() }));
    return known;
  };

  function catalog(network: NetworkName): Promise<SubnetCatalog> {
    let promise = catalogs.get(network);
    if (!promise) {
      promise = shared.freshCatalog(network, dataApi.keyId);
      if (!promise) {
        // The load runs detached (others may share it); this request pays for starting it.
        try {
          dataApi.charge('listSubnets');
        } catch (error) {
          return Promise.reject(error);
        }
        promise = loadCatalog(dataApi.detached(), network);
        shared.keepCatalog(network, dataApi.keyId, promise);
      }
      catalogs.set(network, activity ? activity.track(promise) : promise);
    }
    return catalogs.get(network)!;
  }

  const contracts = new DataLoader<string, ContractMetadata | null>((keys) =>
    lookupEach(keys, async (key) => {
      const sharedKey = `${dataApi.keyId}|${key}`;
      const hit = shared.contracts.get(sharedKey);
      if (hit) return hit;
      const [chainId, address] = key.split('|') as [string, string];
      try {
        const value = await dataApi.getContractMetadata(chainId, address);
        shared.contracts.set(sharedKey, value);
        return value;
      } catch (error) {
        // A 404 is not shared: it may mean "no contract here" or "chain not indexed (yet)".
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    }),
  );

  return {
    /** Records subnets a listing returned, so later lookups by id reuse them. */
    rememberSubnets(network: NetworkName, subnets: readonly Subnet[]): void {
      const known = seenOn(network);
      for (const subnet of subnets) {
        known.subnets.set(subnet.subnetId, subnet);
        for (const blockchain of subnet.blockchains) {
          known.chains.set(blockchain.blockchainId, { blockchain, subnet });
          const evmChainId = evmChainIdOf(blockchain);
          if (evmChainId !== undefined) known.evm.set(evmChainId, { blockchain, subnet });
        }
      }
    },
    /** A subnet by id: from what the request already read, else from the whole listing. */
    async subnet(network: NetworkName, subnetId: string): Promise<Subnet | null> {
      return seenOn(network).subnets.get(subnetId) ?? (await catalog(network)).subnetById.get(subnetId) ?? null;
    },
    /** A blockchain by id with its subnet: from what the request already read, else from the whole listing. */
    async blockchain(network: NetworkName, blockchainId: string): Promise<Hit | null> {
      return seenOn(network).chains.get(blockchainId) ?? (await catalog(network)).chainById.get(blockchainId) ?? null;
    },
    /** The blockchain with an EVM chain id, the same way. */
    async blockchainByEvmChainId(network: NetworkName, evmChainId: number): Promise<Hit | null> {
      return seenOn(network).evm.get(evmChainId) ?? (await catalog(network)).chainByEvmId.get(evmChainId) ?? null;
    },
    /** Contract metadata at an address; null when there is no contract there. Once per request, shared a while. */
    contract(chainId: string, address: string): Promise<ContractMetadata | null> {
      return contracts.load(`${chainId}|${address.toLowerCase()}`);
    },
    /** Chains an address has touched; batched with every other address of the response. */
    chainIdsOf(network: NetworkName, address: string): Promise<string[]> {
      if (address.startsWith('0x')) {
        return Promise.reject(badInput(`addresses:listChainIds accepts X-/P-Chain bech32 addresses only, not the EVM address ${address}.`));
      }
      return chainIds.load(networkKey(network, canonicalAddress(address)));
    },
    l1Validator(network: NetworkName, validationId: string): Promise<L1Validator | null> {
      return l1Validator.load(networkKey(network, validationId));
    },
    transaction(key: TxKey): Promise<PrimaryNetworkTransaction | null> {
      return transaction.load(key);
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
