/**
 * The loaders that every field of a request shares, as prices name them (`pools` in
 * ./cost.ts): what each costs for all the keys the request gives it, whichever fields give them.
 * Each is defined beside what it prices (src/loaders/), and named here once so that every field
 * that looks things up through it names the same pool.
 */
import { CATALOG_MAX_PAGES, CATALOG_PAGE_SIZE, CHAIN_IDS_BATCH } from '../loaders/data-api.js';
import type { Pool } from './cost.js';

/**
 * Subnets the catalog is priced to hold per network. The catalog (every subnet with its chains,
 * DataApiLoaders.catalog) is read once per network per request, in pages of CATALOG_PAGE_SIZE,
 * by whichever lookup by id comes first; how many pages depends on the network, not on the query.
 * Priced at two pages: a network listing more subnets makes up to CATALOG_MAX_PAGES calls, more
 * than priced (the sandbox lists 120 per network, one page).
 */
const CATALOG_SUBNETS_PRICED = 2 * CATALOG_PAGE_SIZE;

/** A subnet, a blockchain or an EVM chain by id: the pages of the network's subnet catalog, once per request. */
export const SUBNET_CATALOG: Pool = {
  name: 'subnet-catalog',
  calls: Math.min(Math.ceil(CATALOG_SUBNETS_PRICED / CATALOG_PAGE_SIZE), CATALOG_MAX_PAGES),
  max: 1,
};

/** The chains of bech32 addresses (addresses:listChainIds): every address of a response, CHAIN_IDS_BATCH a call. */
export const CHAIN_IDS: Pool = { name: 'chain-ids', calls: 1, batch: CHAIN_IDS_BATCH };

/**
 * Distinct assets a request is priced to describe on one network. Asset descriptions
 * (avm.getAssetDescription, NodeLoaders.asset) are looked up once per asset per request, however
 * many UTXOs, inputs, outputs and balances name the asset: how many distinct assets an answer
 * names is the data's (nearly every X-Chain amount is AVAX). Priced at 5: an answer naming more
 * assets makes more calls than priced, one per asset.
 */
const DISTINCT_ASSETS_PRICED = 5;

/** An asset's description, once per asset per request. */
export const ASSET_DESCRIPTIONS: Pool = { name: 'asset-descriptions', calls: 1, max: DISTINCT_ASSETS_PRICED };
