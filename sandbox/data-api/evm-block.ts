/**
 * EVM blocks and transactions by id, the latest of a chain or of all chains of a network, and the
 * chain registry (the chains indexed, one chain's details, the chains an address is active on),
 * from the EVM side of the world and its blocks (../world/evm-blocks.ts).
 */
import { isEvmAddress, PRIMARY_NETWORK_ID, type NetworkName } from '../../src/base/ids.js';
import type { ApiFeature, ChainInfo } from '../../src/upstreams/data-api/evm-block.js';
import type { NativeTransaction } from '../../src/upstreams/data-api/evm-chain.js';
import { apiError, paginate, QueryReader, type DataApiRoutes, type Handle, type SandboxAnswer } from '../routes.js';
import { getEvmWorld, type EvmChainWorld } from '../world/evm.js';
import { blockById, blocksOf, dataApiBlock, transactionDetails, type WorldBlock } from '../world/evm-blocks.js';
import { evmBlockAt, liveEvmBlockNumber, liveEvmBlocksNewestFirst } from '../world/evm-live.js';
import { getWorld } from '../world/world.js';
import type { SandboxLive } from '../live.js';
import { fingerprint, findChain, NETWORKS, networkOf, newestFirst, withChain } from './common.js';

/** A route under a chain whose second path segment is an id (a block number or hash, a transaction hash), not an address. */
function withChainAnd(seed: string, handler: (chain: EvmChainWorld, id: string, query: URLSearchParams) => SandboxAnswer): Handle {
  return (req, [chainId, id]) => {
    const name = decodeURIComponent(chainId!);
    const chain = findChain(seed, name);
    return chain ? handler(chain, decodeURIComponent(id!), req.query) : apiError(404, `Chain ${name} is not supported`);
  };
}

const FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const satisfies readonly ApiFeature[];

/** The networks a `network` query names: one, or both when it is absent. */
function networksOf(q: QueryReader): NetworkName[] {
  const raw = q.oneOf('network', NETWORKS);
  return raw ? [networkOf(raw)!] : ['mainnet', 'fuji'];
}

const chainsOf = (seed: string, networks: readonly NetworkName[]) => networks.flatMap((n) => [...getEvmWorld(n, seed).chains.values()]);

/** A chain's registry entry: the C-Chain indexes everything, the others their ICM messages when they enable Warp. */
function chainInfo(seed: string, chain: EvmChainWorld): ChainInfo {
  const blockchain = getWorld(chain.network, seed)
    .subnets.flatMap((s) => s.blockchains)
    .find((b) => b.blockchainId === chain.blockchainId)!;
  const isC = blockchain.subnetId === PRIMARY_NETWORK_ID;
  const warp = typeof blockchain.genesisData === 'object' && blockchain.genesisData.config?.warpConfig !== undefined;
  const host = chain.network === 'mainnet' ? 'api.sandbox.invalid' : 'api.fuji.sandbox.invalid';
  return {
    chainId: chain.chainId,
    status: 'OK',
    chainName: isC ? 'Avalanche (C-Chain)' : chain.blockchainName,
    description: isC ? 'The Contract Chain of the Primary Network.' : `${chain.blockchainName}, an EVM chain of its own L1.`,
    platformChainId: chain.blockchainId,
    subnetId: blockchain.subnetId,
    vmId: blockchain.vmId,
    vmName: 'EVM',
    explorerUrl: `https://explorer.sandbox.invalid/${chain.network}/${chain.chainId}`,
    rpcUrl: `https://${host}/ext/bc/${chain.blockchainId}/rpc`,
    wsUrl: `wss://${host}/ext/bc/${chain.blockchainId}/ws`,
    isTestnet: chain.network === 'fuji',
    utilityAddresses: { multicall: '0xcA11bde05977b3631167028862bE2a173976CA11' },
    networkToken: {
      name: chain.native.name,
      symbol: chain.native.symbol,
      decimals: chain.native.decimals,
      logoUri: chain.native.logoUri,
      description: `The native token of ${chain.blockchainName}.`,
    },
    chainLogoUri: `https://images.sandbox.invalid/chains/${chain.chainId}.png`,
    private: false,
    enabledFeatures: isC ? [...FEATURES] : warp ? ['teleporter'] : [],
  };
}

const blockPage = (blocks: readonly unknown[], nextPageToken: string | undefined): SandboxAnswer => ({
  status: 200,
  body: { ...(nextPageToken ? { nextPageToken } : {}), blocks },
});

const txPage = (transactions: readonly unknown[], nextPageToken: string | undefined): SandboxAnswer => ({
  status: 200,
  body: { ...(nextPageToken ? { nextPageToken } : {}), transactions },
});

/** Newest first across chains: by time, then by chain and number (transactions by block index) so the order is total. */
const byTimeDesc =
  <T>(time: (x: T) => number, tie: (x: T) => string) =>
  (a: T, b: T) =>
    time(b) - time(a) || (tie(a) < tie(b) ? 1 : tie(a) > tie(b) ? -1 : 0);

const allBlocks = new Map<string, { chain: EvmChainWorld; block: WorldBlock }[]>();
const allTxs = new Map<string, NativeTransaction[]>();

type ChainBlock = { chain: EvmChainWorld; block: WorldBlock };
const blockTie = (x: ChainBlock) => `${x.chain.chainId.padStart(20, '0')}:${String(x.block.number).padStart(12, '0')}`;
const blockOrder = byTimeDesc((x: ChainBlock) => x.block.time, blockTie);

/** Every chain's blocks newest first: the world's (sorted once) merged with what the live clock added since. */
function latestBlocksOf(seed: string, networks: readonly NetworkName[], live: SandboxLive | undefined): ChainBlock[] {
  const key = `${seed}:${networks.join()}`;
  let list = allBlocks.get(key);
  if (!list) {
    list = chainsOf(seed, networks).flatMap((chain) => blocksOf(chain, seed).blocks.map((block) => ({ chain, block })));
    list.sort(blockOrder);
    allBlocks.set(key, list);
  }
  const made = chainsOf(seed, networks)
    .flatMap((chain) => liveEvmBlocksNewestFirst(chain, seed, live).map((block) => ({ chain, block })))
    .sort(blockOrder);
  if (made.length === 0) return list;
  const merged: ChainBlock[] = [];
  let i = 0;
  let j = 0;
  while (i < made.length || j < list.length) {
    if (j >= list.length || (i < made.length && blockOrder(made[i]!, list[j]!) <= 0)) merged.push(made[i++]!);
    else merged.push(list[j++]!);
  }
  return merged;
}

function latestTxsOf(seed: string, networks: readonly NetworkName[]) {
  const key = `${seed}:${networks.join()}`;
  let list = allTxs.get(key);
  if (!list) {
    list = chainsOf(seed, networks).flatMap((chain) => chain.transactions);
    const tie = (t: NativeTransaction) =>
      `${t.chainId.padStart(20, '0')}:${t.blockNumber.padStart(12, '0')}:${String(t.blockIndex).padStart(6, '0')}`;
    list.sort(byTimeDesc((t) => t.blockTimestamp, tie));
    allTxs.set(key, list);
  }
  return list;
}

export function evmBlockRoutes(seed: string, live?: SandboxLive) {
  /** A block by number or hash, the live clock's above the world's head included (../world/evm-live.ts). */
  const blockOf = (chain: EvmChainWorld, blockId: string) => {
    const found = blockById(chain, seed, blockId);
    if (found) return found;
    const n = /^\d+$/.test(blockId) ? Number(blockId) : liveEvmBlockNumber(chain, seed, live, blockId);
    return n === undefined ? undefined : evmBlockAt(chain, seed, live, n);
  };
  return {
    getLatestBlocks: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/blocks$/,
      handle: withChain(seed, (chain, _address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const { page, nextPageToken } = paginate(
          [...liveEvmBlocksNewestFirst(chain, seed, live), ...newestFirst(blocksOf(chain, seed).blocks)],
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('evmBlocks', chain.chainId),
          (b) => b.hash,
        );
        return blockPage(
          page.map((b) => dataApiBlock(chain, b)),
          nextPageToken,
        );
      }),
    },
    getBlock: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/blocks\/([^/]+)$/,
      handle: withChainAnd(seed, (chain, blockId, query) => {
        new QueryReader(query, []).done();
        const block = blockOf(chain, blockId!);
        return block ? { status: 200, body: dataApiBlock(chain, block) } : apiError(404, `Block ${blockId} not found`);
      }),
    },
    getTransactionsForBlock: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/blocks\/([^/]+)\/transactions$/,
      handle: withChainAnd(seed, (chain, blockId, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize']);
        // 0, the spec's default, is every transaction of the block.
        const pageSize = q.int('pageSize', 0, 100) || Number.MAX_SAFE_INTEGER;
        q.done();
        const block = blockOf(chain, blockId!);
        if (!block) return apiError(404, `Block ${blockId} not found`);
        const { page, nextPageToken } = paginate(
          block.txs,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('blockTxs', chain.chainId, block.hash),
          (t) => t.txHash,
        );
        return txPage(page, nextPageToken);
      }),
    },
    listLatestBlocksAllChains: {
      method: 'GET',
      pattern: /^\/v1\/blocks$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['pageToken', 'pageSize', 'network']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const networks = networksOf(q);
        q.done();
        const { page, nextPageToken } = paginate(
          latestBlocksOf(seed, networks, live),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('allBlocks', networks),
          (x) => `${x.chain.chainId}:${x.block.number}`,
        );
        return blockPage(
          page.map((x) => dataApiBlock(x.chain, x.block)),
          nextPageToken,
        );
      },
    },
    getTransaction: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/transactions\/([^/]+)$/,
      handle: withChainAnd(seed, (chain, txHash, query) => {
        new QueryReader(query, []).done();
        const tx = blocksOf(chain, seed).txByHash.get(txHash!.toLowerCase());
        return tx ? { status: 200, body: transactionDetails(chain, seed, tx) } : apiError(404, `Transaction ${txHash} not found`);
      }),
    },
    listLatestTransactionsAllChains: {
      method: 'GET',
      pattern: /^\/v1\/transactions$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['pageToken', 'pageSize', 'network', 'status']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const networks = networksOf(q);
        const status = q.oneOf('status', ['failed', 'success'] as const);
        q.done();
        const txs = latestTxsOf(seed, networks).filter((t) => !status || (status === 'failed') === (t.txStatus === '0'));
        const { page, nextPageToken } = paginate(
          txs,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('allTxs', networks, status),
          (t) => `${t.chainId}:${t.txHash}`,
        );
        return txPage(page, nextPageToken);
      },
    },
    supportedChains: {
      method: 'GET',
      pattern: /^\/v1\/chains$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['network', 'feature']);
        const networks = networksOf(q);
        const feature = q.oneOf('feature', FEATURES);
        q.done();
        const chains = chainsOf(seed, networks)
          .map((c) => chainInfo(seed, c))
          .filter((c) => !feature || c.enabledFeatures?.includes(feature));
        return { status: 200, body: { chains } };
      },
    },
    getChainInfo: {
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)$/,
      handle: withChain(seed, (chain, _address, query) => {
        new QueryReader(query, []).done();
        return { status: 200, body: chainInfo(seed, chain) };
      }),
    },
    listAddressChains: {
      method: 'GET',
      pattern: /^\/v1\/address\/([^/]+)\/chains$/,
      handle: (req, [raw]) => {
        new QueryReader(req.query, []).done();
        const address = decodeURIComponent(raw!);
        if (!isEvmAddress(address)) return apiError(400, ['Invalid address format']);
        const lower = address.toLowerCase();
        const active = chainsOf(seed, ['mainnet', 'fuji']).filter(
          (c) =>
            c.accounts.includes(lower) ||
            c.transactions.some((t) => t.from.address.toLowerCase() === lower || t.to.address.toLowerCase() === lower),
        );
        return { status: 200, body: { indexedChains: active.map((c) => chainInfo(seed, c)), unindexedChains: [] } };
      },
    },
  } satisfies DataApiRoutes;
}
