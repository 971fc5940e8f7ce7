/**
 * The EVM side of the sandbox world: for every EVM blockchain of a network (the C-Chain and the
 * Subnet-EVM chains, whose `evmChainId` is the one in their genesis) a history of native
 * transactions between accounts and contracts, ERC-20 transfers with prices, internal
 * transactions, NFTs with metadata, contracts of every ercType with their metadata, balances
 * replayed from that history, a daily TPS series; and ICM messages between the chains.
 *
 * Built once per network and seed, on first use, from the same seed as the rest of the world.
 */
import { createHash } from 'node:crypto';
import { PRIMARY_NETWORK_ID, toChecksumAddress as eip55, type NetworkName } from '../../src/base/ids.js';
import type { Blockchain } from '../../src/upstreams/data-api/subnet.js';
import type {
  CollectibleBalance,
  Erc20Token,
  Erc20Transfer,
  InternalTransaction,
  NftMetadata,
} from '../../src/upstreams/data-api/evm-address.js';
import type { NftTokenMetadataStatus } from '../../src/upstreams/data-api/wire.js';
import type { ContractMetadata } from '../../src/upstreams/data-api/contract.js';
import type { ResourceLinkType } from '../../src/upstreams/data-api/wire.js';
import type { IcmMessage } from '../../src/upstreams/data-api/icm.js';
import type { NativeTransaction, RichAddress } from '../../src/upstreams/data-api/evm-chain.js';
import { Rng } from '../random.js';
import { avaxPriceUsd } from './timeline.js';
import { getWorld } from './world.js';

const DAY = 86_400;
const NOW = 1_763_000_000;
const GWEI = 1_000_000_000n;
const ETHER = 10n ** 18n;

/** The TeleporterMessenger address, the same on every chain. */
export const ICM_MESSENGER = '0x253b2784c75e510DD0fF1da844684a1aC0aa5fcf';

/**
 * The EVM account the README and the spec's examples name: on each network's C-Chain it holds
 * AVAX, ERC-20 tokens and an NFT, and sends and receives ICM messages (see `showcaseOnC`).
 */
export const SHOWCASE_EVM_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

const checksums = new Map<string, string>();

/** EIP-55 mixed-case checksum form, as the Data API writes addresses (kept: the world asks for the same ones often). */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase();
  let out = checksums.get(lower);
  if (!out) checksums.set(lower, (out = eip55(lower)));
  return out;
}

export interface EvmChainWorld {
  network: NetworkName;
  /** Decimal EVM chain id, as the Data API writes it. */
  chainId: string;
  blockchainId: string;
  blockchainName: string;
  native: { name: string; symbol: string; decimals: number; logoUri: string; priceUsd: number };
  /** Oldest first. */
  transactions: NativeTransaction[];
  erc20Transfers: Erc20Transfer[];
  internalTransactions: InternalTransaction[];
  /** Keyed by lower-case address. */
  contracts: Map<string, ContractMetadata>;
  tokens: Erc20Token[];
  /** Current holdings, with their lower-case owner. */
  collectibles: { owner: string; balance: CollectibleBalance }[];
  /** Every NFT minted, oldest first: the chain's ERC-721 and ERC-1155 transfers (see evm-holdings.ts). */
  nftMints: NftMint[];
  /** Lower-case account addresses that hold or held value. */
  accounts: string[];
  headBlock: number;
  /** Native balance of an address at the end of a block (the head when omitted), in wei. */
  balanceAt(address: string, block?: number): bigint;
  /** Daily average TPS, newest first. */
  tps: { timestamp: number; value: number }[];
}

/** An NFT minted by a transaction: `amount` of `tokenId` of the collection `contract` (lower case) to `to`. */
export interface NftMint {
  tx: NativeTransaction;
  contract: string;
  tokenId: string;
  to: string;
  amount: bigint;
  logIndex: number;
}

/** What an ERC-20 token's deployer holds of it when deployed: its whole supply. */
export const erc20Supply = (decimals: number) => 10n ** BigInt(decimals + 9);

export interface EvmWorld {
  network: NetworkName;
  chains: Map<string, EvmChainWorld>;
  byBlockchainId: Map<string, EvmChainWorld>;
  /** Every ICM message between the network's chains, newest first. */
  icm: IcmMessage[];
}

const WORDS = [
  'Amber',
  'Cobalt',
  'Ember',
  'Frost',
  'Golden',
  'Jade',
  'Lunar',
  'Nova',
  'Onyx',
  'Solar',
  'Swift',
  'Violet',
  'Harbor',
  'Summit',
  'Orbit',
  'Delta',
  'Pulse',
  'Ridge',
];
const LINKS: readonly ResourceLinkType[] = ['Website', 'Twitter', 'Discord', 'Github', 'Documentation', 'Blog', 'Telegram', 'CoinGecko'];
const NFT_STATUSES: readonly NftTokenMetadataStatus[] = [
  'UNINDEXED',
  'UNREACHABLE_TOKEN_URI',
  'INVALID_METADATA',
  'THROTTLED_TOKEN_URI',
  'MISSING_TOKEN',
];

const hashHex = (s: string) => `0x${createHash('sha256').update(s).digest('hex')}`;

interface Builder {
  rng: Rng;
  chain: EvmChainWorld;
  nonces: Map<string, number>;
  deltas: Map<string, { block: number; delta: bigint }[]>;
  balances: Map<string, bigint>;
  block: number;
  indexInBlock: number;
  time: number;
  blockHash: string;
  gasPrice: bigint;
  nft721: Map<string, { next: number; owners: Map<number, string> }>;
  nft1155: Map<string, Map<string, bigint>>;
}

function credit(b: Builder, address: string, amount: bigint) {
  b.balances.set(address, (b.balances.get(address) ?? 0n) + amount);
  let list = b.deltas.get(address);
  if (!list) b.deltas.set(address, (list = []));
  list.push({ block: b.block, delta: amount });
}

function party(b: Builder, address: string): RichAddress {
  const contract = b.chain.contracts.get(address);
  const checksummed = toChecksumAddress(address);
  if (contract?.ercType === 'ERC-20') {
    return {
      name: contract.name,
      symbol: contract.symbol,
      decimals: contract.decimals,
      logoUri: contract.logoAsset?.imageUri,
      address: checksummed,
    };
  }
  if (contract?.name) return { name: contract.name, ...(contract.symbol ? { symbol: contract.symbol } : {}), address: checksummed };
  return { address: checksummed };
}

/** The hash of an EVM chain's block; the genesis block is number 0. */
export function evmBlockHash(chainId: string, number: number): string {
  return hashHex(`${chainId}:block:${number}`);
}

function nextBlock(b: Builder, gap: number) {
  b.block += 1;
  b.indexInBlock = 0;
  b.time = Math.min(NOW - 60, b.time + gap);
  b.blockHash = evmBlockHash(b.chain.chainId, b.block);
}

/** Appends a native transaction; returns it with `ok` false when it reverted. */
function transact(
  b: Builder,
  from: string,
  to: string,
  value: bigint,
  method: NativeTransaction['method'],
  gas: { limit: number; used: number },
  fail = false,
): NativeTransaction {
  const nonce = b.nonces.get(from) ?? 0;
  b.nonces.set(from, nonce + 1);
  const fee = BigInt(gas.used) * b.gasPrice;
  credit(b, from, -fee);
  if (!fail && value > 0n) {
    credit(b, from, -value);
    credit(b, to, value);
  }
  const tx: NativeTransaction = {
    blockNumber: String(b.block),
    blockTimestamp: b.time,
    blockTimestampMilliseconds: b.time * 1000 + b.indexInBlock * 7,
    blockHash: b.blockHash,
    chainId: b.chain.chainId,
    blockIndex: b.indexInBlock++,
    txHash: hashHex(`${b.chain.chainId}:tx:${b.chain.transactions.length}`),
    txStatus: fail ? '0' : '1',
    txType: b.rng.chance(0.8) ? 2 : 0,
    gasLimit: String(gas.limit),
    gasUsed: String(gas.used),
    gasPrice: String(b.gasPrice),
    nonce: String(nonce),
    from: party(b, from),
    to: party(b, to),
    ...(method ? { method } : {}),
    value: String(fail ? 0n : value),
  };
  b.chain.transactions.push(tx);
  return tx;
}

function tokenOf(contract: ContractMetadata, priceUsd: number): Erc20Token {
  return {
    address: toChecksumAddress(contract.address),
    name: contract.name!,
    symbol: contract.symbol!,
    decimals: contract.decimals!,
    ...(contract.logoAsset?.imageUri ? { logoUri: contract.logoAsset.imageUri } : {}),
    ercType: 'ERC-20',
    price: { currencyCode: 'usd', value: priceUsd },
  };
}

function newContract(b: Builder, ercType: ContractMetadata['ercType'], deployer: string, deployTx: string): ContractMetadata {
  const rng = b.rng;
  const address = `0x${Buffer.from(rng.bytes(20)).toString('hex')}`;
  const word = rng.pick(WORDS);
  const kind = { 'ERC-20': 'Token', 'ERC-721': 'Collection', 'ERC-1155': 'Items', UNKNOWN: 'Router' }[ercType];
  const symbol = `${word.slice(0, 3).toUpperCase()}${rng.pick(['', 'X', 'T', 'S'])}`;
  const slug = `${word.toLowerCase()}-${kind.toLowerCase()}`;
  const contract: ContractMetadata = {
    name: `${word} ${kind}`,
    description: `${word} ${kind} on ${b.chain.blockchainName}.`,
    officialSite: `https://${slug}.sandbox.invalid`,
    email: `team@${slug}.sandbox.invalid`,
    logoAsset: { assetId: hashHex(`logo:${address}`).slice(2, 26), imageUri: `https://images.sandbox.invalid/${slug}/logo.png` },
    ...(rng.chance(0.6)
      ? {
          bannerAsset: {
            assetId: hashHex(`banner:${address}`).slice(2, 26),
            imageUri: `https://images.sandbox.invalid/${slug}/banner.png`,
          },
        }
      : {}),
    color: `#${Buffer.from(rng.bytes(3)).toString('hex')}`,
    resourceLinks: rng.sample(LINKS, rng.int(1, 4)).map((type) => ({ type, url: `https://${slug}.sandbox.invalid/${type.toLowerCase()}` })),
    tags: rng.sample(['defi', 'gaming', 'nft', 'bridge', 'stablecoin', 'dex', 'infrastructure'], rng.int(0, 3)),
    address: toChecksumAddress(address),
    deploymentDetails: {
      txHash: deployTx,
      deployerAddress: toChecksumAddress(deployer),
      ...(ercType === 'UNKNOWN' && rng.chance(0.5) ? { deployerContractAddress: toChecksumAddress(rng.hex(20)) } : {}),
    },
    ercType,
    ...(ercType !== 'UNKNOWN' ? { symbol } : {}),
    ...(ercType === 'ERC-20' ? { decimals: rng.pick([6, 18]) } : {}),
    ...(ercType === 'ERC-20' || ercType === 'ERC-1155' ? { pricingProviders: { coingeckoCoinId: slug } } : {}),
  };
  b.chain.contracts.set(address, contract);
  return contract;
}

function nftMetadata(b: Builder, ercType: 'ERC-721' | 'ERC-1155', name: string, tokenId: string): NftMetadata {
  const rng = b.rng;
  if (rng.chance(0.25)) return { indexStatus: rng.pick(NFT_STATUSES), metadataLastUpdatedTimestamp: b.time };
  return {
    indexStatus: 'INDEXED',
    metadataLastUpdatedTimestamp: b.time,
    name: `${name} #${tokenId}`,
    symbol: name.slice(0, 3).toUpperCase(),
    imageUri: `https://images.sandbox.invalid/nft/${tokenId}.png`,
    description: `Token ${tokenId} of ${name}.`,
    ...(rng.chance(0.3) ? { animationUri: `https://images.sandbox.invalid/nft/${tokenId}.mp4` } : {}),
    externalUrl: `https://nft.sandbox.invalid/${tokenId}`,
    background: Buffer.from(rng.bytes(3)).toString('hex'),
    ...(ercType === 'ERC-721'
      ? { attributes: JSON.stringify([{ trait_type: 'rarity', value: rng.pick(['common', 'rare', 'epic']) }]) }
      : { decimals: 0, properties: JSON.stringify({ edition: rng.int(1, 50) }) }),
  };
}

/**
 * Who acts on a chain and when: its accounts, the richest (who funds the others), how many
 * transactions its random history has, and the gap between blocks. `gap` draws from the chain's
 * own random source even while the showcase has swapped in another, as it always has.
 */
interface Actors {
  eoas: string[];
  rich: string;
  total: number;
  gap: () => number;
}

/** The contracts a chain's history calls, and who holds its ERC-20 tokens (by lower-case token address). */
interface Deployed {
  tokens: ContractMetadata[];
  nfts721: ContractMetadata[];
  nfts1155: ContractMetadata[];
  routers: ContractMetadata[];
  tokenBalances: Map<string, Map<string, bigint>>;
}

/** A plain transfer's method, a new object for each transaction as the wire gives each its own. */
const nativeTransfer = (): NativeTransaction['method'] => ({ callType: 'NATIVE_TRANSFER', methodHash: '0x', methodName: '' });

/**
 * The EVM side of one blockchain, built from its parts in a fixed order: every part draws from
 * the chain's one random source, so the order is part of what the chain is.
 */
function buildChain(network: NetworkName, seed: string, blockchain: Blockchain, extraAccounts: string[]): EvmChainWorld {
  const isC = blockchain.subnetId === PRIMARY_NETWORK_ID;
  const b = startChain(network, seed, blockchain, isC);
  const rng = b.rng;
  const actors = fundAccounts(b, blockchain, extraAccounts, isC);
  const deployed = deployContracts(b, actors);
  for (let i = 0; i < actors.total; i++) randomTransaction(b, actors, deployed);
  if (isC) {
    batchCollector(b, actors, deployed);
    // A random source of its own: the chain's history above is what it would be without it.
    b.rng = new Rng(`${seed}:${network}:evm:showcase`);
    showcaseOnC(b, actors.rich, deployed.tokens, b.chain.tokens, deployed.tokenBalances, deployed.nfts721[0]!, actors.gap);
    b.rng = rng;
  }
  const chain = b.chain;
  chain.headBlock = b.block;
  collectibles(b);
  const deltas = b.deltas;
  chain.balanceAt = (address, block = chain.headBlock) => {
    let sum = 0n;
    for (const d of deltas.get(address.toLowerCase()) ?? []) if (d.block <= block) sum += d.delta;
    return sum > 0n ? sum : 0n;
  };
  chain.tps = tpsSeries(rng, blockchain, isC);
  return chain;
}

/** The chain before its history: its ids, native token and gas price, with nothing on it yet. */
function startChain(network: NetworkName, seed: string, blockchain: Blockchain, isC: boolean): Builder {
  const rng = new Rng(`${seed}:${network}:evm:${blockchain.evmChainId}`);
  const genesis = typeof blockchain.genesisData === 'object' ? blockchain.genesisData : undefined;
  const symbol = isC ? 'AVAX' : `${blockchain.blockchainName.split('-')[0]!.slice(0, 3).toUpperCase()}`;
  const chain: EvmChainWorld = {
    network,
    chainId: String(blockchain.evmChainId),
    blockchainId: blockchain.blockchainId,
    blockchainName: blockchain.blockchainName,
    native: {
      name: isC ? 'Avalanche' : `${blockchain.blockchainName} Coin`,
      symbol,
      decimals: 18,
      logoUri: `https://images.sandbox.invalid/native/${symbol.toLowerCase()}.png`,
      priceUsd: isC ? avaxPriceUsd(NOW) : Math.round(rng.next() * 500) / 100,
    },
    transactions: [],
    erc20Transfers: [],
    internalTransactions: [],
    contracts: new Map(),
    tokens: [],
    collectibles: [],
    nftMints: [],
    accounts: [],
    headBlock: 0,
    balanceAt: () => 0n,
    tps: [],
  };
  return {
    rng,
    chain,
    nonces: new Map(),
    deltas: new Map(),
    balances: new Map(),
    block: 0,
    indexInBlock: 0,
    time: blockchain.createBlockTimestamp,
    blockHash: '',
    gasPrice: BigInt(genesis?.config?.feeConfig?.minBaseFee ?? 25_000_000_000) + BigInt(rng.int(0, 5)) * GWEI,
    nft721: new Map(),
    nft1155: new Map(),
  };
}

/**
 * The accounts: the genesis allocations, the Primary Network addresses' EVM twins (C-Chain),
 * others; credited in block 1 with their allocations, then each funded by the richest.
 */
function fundAccounts(b: Builder, blockchain: Blockchain, extraAccounts: string[], isC: boolean): Actors {
  const rng = b.rng;
  const genesis = typeof blockchain.genesisData === 'object' ? blockchain.genesisData : undefined;
  const allocated = Object.entries(genesis?.alloc ?? {}).filter(([, a]) => !a.code);
  const accounts = new Set<string>(allocated.map(([address]) => address.toLowerCase()));
  for (const a of extraAccounts) accounts.add(a.toLowerCase());
  while (accounts.size < (isC ? 60 : 16)) accounts.add(rng.hex(20));
  const eoas = [...accounts];
  b.chain.accounts = eoas;
  nextBlock(b, 0);
  for (const [address, a] of allocated) credit(b, address.toLowerCase(), BigInt(a.balance ?? '0x0'));
  const rich = allocated[0]?.[0].toLowerCase() ?? eoas[0]!;
  if (!allocated.length) credit(b, rich, 1_000_000n * ETHER);

  const span = Math.max(DAY, NOW - 3600 - blockchain.createBlockTimestamp);
  const total = isC ? 320 : rng.int(25, 45);
  const gap = () => Math.max(1, Math.floor((span / total) * (0.4 + rng.next() * 1.2)));
  for (const to of eoas) {
    if (to === rich) continue;
    nextBlock(b, gap());
    transact(b, rich, to, rng.bigint(5n, 500n) * ETHER, nativeTransfer(), { limit: 21000, used: 21000 });
  }
  return { eoas, rich, total, gap };
}

/** Deploys a contract of `ercType` from a random account, in a block of its own. */
function deploy(b: Builder, actors: Actors, ercType: ContractMetadata['ercType']): ContractMetadata {
  nextBlock(b, actors.gap());
  const deployer = b.rng.pick(actors.eoas);
  const txHash = hashHex(`${b.chain.chainId}:tx:${b.chain.transactions.length}`);
  const contract = newContract(b, ercType, deployer, txHash);
  transact(
    b,
    deployer,
    contract.address.toLowerCase(),
    0n,
    { callType: 'CONTRACT_CREATION', methodHash: '0x60806040' },
    { limit: 1_500_000, used: b.rng.int(400_000, 1_400_000) },
  );
  return contract;
}

/** The contracts the history calls: ERC-20 tokens (each held whole by its deployer), NFT collections, a router. */
function deployContracts(b: Builder, actors: Actors): Deployed {
  const rng = b.rng;
  const tokens = Array.from({ length: rng.int(2, 4) }, () => deploy(b, actors, 'ERC-20'));
  const nfts721 = Array.from({ length: rng.int(1, 2) }, () => deploy(b, actors, 'ERC-721'));
  const nfts1155 = rng.chance(0.6) ? [deploy(b, actors, 'ERC-1155')] : [];
  const routers = [deploy(b, actors, 'UNKNOWN')];
  b.chain.tokens = tokens.map((t) => tokenOf(t, Math.round(rng.next() * 10_000) / 100));
  const tokenBalances = new Map<string, Map<string, bigint>>();
  for (const t of tokens) {
    const holders = new Map<string, bigint>();
    holders.set(t.deploymentDetails!.deployerAddress.toLowerCase(), erc20Supply(t.decimals!));
    tokenBalances.set(t.address.toLowerCase(), holders);
  }
  return { tokens, nfts721, nfts1155, routers, tokenBalances };
}

/** One transaction of the chain's random history, in a new block most of the time; some revert. */
function randomTransaction(b: Builder, actors: Actors, deployed: Deployed): void {
  const rng = b.rng;
  if (rng.chance(0.7)) nextBlock(b, actors.gap());
  const from = rng.pick(actors.eoas);
  const fail = rng.chance(0.07);
  const roll = rng.next();
  if (roll < 0.35) {
    const to = rng.pick(actors.eoas.filter((a) => a !== from));
    const balance = b.balances.get(from) ?? 0n;
    transact(b, from, to, balance > 0n ? balance / BigInt(rng.int(5, 40)) : 0n, nativeTransfer(), { limit: 21000, used: 21000 }, fail);
  } else if (roll < 0.7) erc20Transfer(b, actors, deployed, fail);
  else if (roll < 0.85) nftMint(b, from, deployed, fail);
  else routerCall(b, from, actors, deployed, fail);
}

/** An ERC-20 transfer from a holder to another account. */
function erc20Transfer(b: Builder, actors: Actors, deployed: Deployed, fail: boolean): void {
  const rng = b.rng;
  const tokenContract = rng.pick(deployed.tokens);
  const key = tokenContract.address.toLowerCase();
  const holders = deployed.tokenBalances.get(key)!;
  const sender = rng.pick([...holders.keys()]);
  const amount = holders.get(sender)! / BigInt(rng.int(3, 12));
  const to = rng.pick(actors.eoas.filter((a) => a !== sender));
  const tx = transact(
    b,
    sender,
    key,
    0n,
    { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    { limit: 65000, used: rng.int(34000, 52000) },
    fail,
  );
  if (fail || amount <= 0n) return;
  holders.set(sender, holders.get(sender)! - amount);
  holders.set(to, (holders.get(to) ?? 0n) + amount);
  b.chain.erc20Transfers.push({
    blockNumber: tx.blockNumber,
    blockTimestamp: tx.blockTimestamp,
    blockTimestampMilliseconds: tx.blockTimestampMilliseconds,
    blockHash: tx.blockHash,
    txHash: tx.txHash,
    from: party(b, sender),
    to: party(b, to),
    logIndex: rng.int(0, 4),
    value: String(amount),
    erc20Token: b.chain.tokens[deployed.tokens.indexOf(tokenContract)]!,
  });
}

/** The ERC-721 collection's state: its next token id and each token's owner. */
function nft721State(b: Builder, key: string): { next: number; owners: Map<number, string> } {
  let state = b.nft721.get(key);
  if (!state) b.nft721.set(key, (state = { next: 1, owners: new Map() }));
  return state;
}

/** An NFT mint to the caller, of an ERC-721 or the ERC-1155 collection. */
function nftMint(b: Builder, from: string, deployed: Deployed, fail: boolean): void {
  const rng = b.rng;
  const use721 = deployed.nfts1155.length === 0 || rng.chance(0.6);
  const collection = use721 ? rng.pick(deployed.nfts721) : deployed.nfts1155[0]!;
  const key = collection.address.toLowerCase();
  const tx = transact(
    b,
    from,
    key,
    0n,
    {
      callType: 'CONTRACT_CALL',
      methodHash: use721 ? '0x6a627842' : '0x156e29f6',
      methodName: use721 ? 'mint(address)' : 'mint(address,uint256,uint256)',
    },
    { limit: 180000, used: rng.int(80000, 160000) },
    fail,
  );
  if (fail) return;
  if (use721) {
    const state = nft721State(b, key);
    b.chain.nftMints.push({ tx, contract: key, tokenId: String(state.next), to: from, amount: 1n, logIndex: 0 });
    state.owners.set(state.next++, from);
    return;
  }
  let state = b.nft1155.get(key);
  if (!state) b.nft1155.set(key, (state = new Map()));
  const tokenId = String(rng.int(1, 5));
  const k = `${from}|${tokenId}`;
  const amount = BigInt(rng.int(1, 20));
  state.set(k, (state.get(k) ?? 0n) + amount);
  b.chain.nftMints.push({ tx, contract: key, tokenId, to: from, amount, logIndex: 0 });
}

/** A router call that pays out value (an internal CALL) or deploys a contract (CREATE2). */
function routerCall(b: Builder, from: string, actors: Actors, deployed: Deployed, fail: boolean): void {
  const rng = b.rng;
  const router = rng.pick(deployed.routers);
  const key = router.address.toLowerCase();
  const value = ((b.balances.get(from) ?? 0n) / 50n) * (fail ? 0n : 1n);
  const creates = rng.chance(0.3);
  const tx = transact(
    b,
    from,
    key,
    value,
    {
      callType: 'CONTRACT_CALL',
      methodHash: creates ? '0x9c4d535b' : '0x3593564c',
      methodName: creates ? 'deploy(bytes32,bytes)' : 'execute(bytes,bytes[],uint256)',
    },
    { limit: 400000, used: rng.int(120000, 380000) },
    fail,
  );
  const common = {
    blockNumber: tx.blockNumber,
    blockTimestamp: tx.blockTimestamp,
    blockTimestampMilliseconds: tx.blockTimestampMilliseconds,
    blockHash: tx.blockHash,
    txHash: tx.txHash,
  };
  if (creates) {
    const created = newContract(b, 'UNKNOWN', key, tx.txHash);
    b.chain.internalTransactions.push({
      ...common,
      from: party(b, key),
      to: party(b, created.address.toLowerCase()),
      internalTxType: 'CREATE2',
      value: '0',
      isReverted: fail,
      gasUsed: String(rng.int(50000, 90000)),
      gasLimit: '100000',
    });
  } else if (value > 0n) {
    const payee = rng.pick(actors.eoas);
    credit(b, key, -value);
    credit(b, payee, value);
    b.chain.internalTransactions.push({
      ...common,
      from: party(b, key),
      to: party(b, payee),
      internalTxType: 'CALL',
      value: String(value),
      isReverted: false,
      gasUsed: '2300',
      gasLimit: '2300',
    });
  }
}

/**
 * A collector on the C-Chain who batch-minted more tokens than one collectibles page holds (500),
 * spread over two collections, so a contract filter narrows it.
 */
function batchCollector(b: Builder, actors: Actors, deployed: Deployed): void {
  const collector = actors.eoas.at(-1)!;
  const collections = [deployed.nfts721[0]!, deploy(b, actors, 'ERC-721')];
  for (const collection of collections) {
    const key = collection.address.toLowerCase();
    const state = nft721State(b, key);
    for (let batch = 0; batch < 2; batch++) {
      nextBlock(b, actors.gap());
      const tx = transact(
        b,
        collector,
        key,
        0n,
        { callType: 'CONTRACT_CALL', methodHash: '0x248b71fc', methodName: 'mintBatch(address,uint256)' },
        { limit: 8_000_000, used: 7_400_000 },
      );
      for (let i = 0; i < 155; i++) {
        b.chain.nftMints.push({ tx, contract: key, tokenId: String(state.next), to: collector, amount: 1n, logIndex: i });
        state.owners.set(state.next++, collector);
      }
    }
  }
}

/** What every account holds at the head: its ERC-721 tokens, then its ERC-1155 balances, with their metadata. */
function collectibles(b: Builder): void {
  const chain = b.chain;
  for (const [key, state] of b.nft721) {
    const c = chain.contracts.get(key)!;
    for (const [id, owner] of state.owners) {
      const tokenId = String(id);
      chain.collectibles.push({
        owner,
        balance: {
          address: c.address,
          name: c.name!,
          symbol: c.symbol!,
          ercType: 'ERC-721',
          tokenId,
          tokenUri: `ipfs://bafy${hashHex(`${key}:${tokenId}`).slice(2, 40)}/${tokenId}.json`,
          metadata: nftMetadata(b, 'ERC-721', c.name!, tokenId),
          ownerAddress: toChecksumAddress(owner),
          chainId: chain.chainId,
        },
      });
    }
  }
  for (const [key, state] of b.nft1155) {
    const c = chain.contracts.get(key)!;
    for (const [k, amount] of state) {
      const [owner, tokenId] = k.split('|') as [string, string];
      chain.collectibles.push({
        owner,
        balance: {
          address: c.address,
          ercType: 'ERC-1155',
          tokenId,
          tokenUri: `https://nft.sandbox.invalid/${key}/${tokenId}.json`,
          metadata: nftMetadata(b, 'ERC-1155', c.name!, tokenId),
          chainId: chain.chainId,
          balance: String(amount),
        },
      });
    }
  }
}

/** The chain's daily average TPS since its first whole day, newest first, at most 500 days. */
function tpsSeries(rng: Rng, blockchain: Blockchain, isC: boolean): { timestamp: number; value: number }[] {
  const tps: { timestamp: number; value: number }[] = [];
  const firstDay = Math.ceil(blockchain.createBlockTimestamp / DAY) * DAY;
  const base = isC ? 12 : 0.2 + rng.next() * 3;
  for (let day = Math.floor((NOW - DAY) / DAY) * DAY, n = 0; day >= firstDay && n < 500; day -= DAY, n++) {
    tps.push({ timestamp: day, value: Math.round(base * (1 + 0.4 * Math.sin(day / DAY / 17) + 0.3 * rng.next()) * 100) / 100 });
  }
  return tps;
}

/**
 * The examples' EVM ids on a C-Chain: the showcase account is funded, receives an ERC-20 token
 * and mints an NFT, and pays a token fee to the TeleporterMessenger for a message (which the
 * messenger holds, as relayer fees wait there to be redeemed); someone also mints an NFT to the
 * messenger, as airdrops to well-known contracts go. So the README's and examples' addresses have
 * a balance, transfers and collectibles.
 */
function showcaseOnC(
  b: Builder,
  rich: string,
  tokens: ContractMetadata[],
  tokenInfo: Erc20Token[],
  tokenBalances: Map<string, Map<string, bigint>>,
  collection: ContractMetadata,
  gap: () => number,
) {
  const me = SHOWCASE_EVM_ADDRESS.toLowerCase();
  const messenger = ICM_MESSENGER.toLowerCase();
  const chain = b.chain;
  if (!chain.accounts.includes(me)) chain.accounts.push(me);
  nextBlock(b, gap());
  transact(b, rich, me, 250n * ETHER, nativeTransfer(), { limit: 21000, used: 21000 });
  const erc20 = (from: string, to: string, token: number, amount: bigint, method: NativeTransaction['method'], target: string) => {
    const contract = tokens[token]!;
    const holders = tokenBalances.get(contract.address.toLowerCase())!;
    nextBlock(b, gap());
    const tx = transact(b, from, target, 0n, method, { limit: 120_000, used: b.rng.int(40_000, 110_000) });
    holders.set(from, (holders.get(from) ?? 0n) - amount);
    holders.set(to, (holders.get(to) ?? 0n) + amount);
    chain.erc20Transfers.push({
      blockNumber: tx.blockNumber,
      blockTimestamp: tx.blockTimestamp,
      blockTimestampMilliseconds: tx.blockTimestampMilliseconds,
      blockHash: tx.blockHash,
      txHash: tx.txHash,
      from: party(b, from),
      to: party(b, to),
      logIndex: 0,
      value: String(amount),
      erc20Token: tokenInfo[token]!,
    });
  };
  const token = tokens[0]!;
  const deployer = token.deploymentDetails!.deployerAddress.toLowerCase();
  const unit = 10n ** BigInt(token.decimals!);
  erc20(
    deployer,
    me,
    0,
    1_000n * unit,
    { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    token.address.toLowerCase(),
  );
  erc20(
    me,
    messenger,
    0,
    5n * unit,
    {
      callType: 'CONTRACT_CALL',
      methodHash: '0x62448850',
      methodName: 'sendCrossChainMessage((bytes32,address,(address,uint256),uint256,address[],bytes))',
    },
    messenger,
  );
  const key = collection.address.toLowerCase();
  let state = b.nft721.get(key);
  if (!state) b.nft721.set(key, (state = { next: 1, owners: new Map() }));
  for (const owner of [me, messenger]) {
    nextBlock(b, gap());
    const tx = transact(
      b,
      me,
      key,
      0n,
      { callType: 'CONTRACT_CALL', methodHash: '0x6a627842', methodName: 'mint(address)' },
      { limit: 180000, used: 120000 },
    );
    b.chain.nftMints.push({ tx, contract: key, tokenId: String(state.next), to: owner, amount: 1n, logIndex: 0 });
    state.owners.set(state.next++, owner);
  }
}

function buildIcm(network: NetworkName, seed: string, chains: EvmChainWorld[]): IcmMessage[] {
  const rng = new Rng(`${seed}:${network}:icm`);
  const messages: IcmMessage[] = [];
  const nonces = new Map<string, number>();
  if (chains.length < 2) return messages;
  // The C-Chain is where most messages start or end, as on the real networks.
  const hub = chains.find((c) => c.chainId === '43114' || c.chainId === '43113');
  const others = chains.filter((c) => c !== hub);
  const showcase = toChecksumAddress(SHOWCASE_EVM_ADDRESS);
  for (let i = 0; i < 180; i++) {
    let source: EvmChainWorld;
    let destination: EvmChainWorld;
    if (hub && rng.chance(0.6)) {
      const other = rng.pick(others);
      [source, destination] = rng.chance(0.5) ? [hub, other] : [other, hub];
    } else {
      source = rng.pick(chains);
      destination = rng.pick(chains.filter((c) => c !== source));
    }
    // Now and then the showcase account on the C-Chain sends or receives one.
    const mine = rng.chance(0.15);
    const nonce = (nonces.get(source.chainId) ?? 0) + 1;
    nonces.set(source.chainId, nonce);
    const sent = NOW - rng.int(3600, 300 * DAY);
    const roll = rng.next();
    const status: IcmMessage['status'] = roll < 0.7 ? 'delivered' : roll < 0.9 ? 'pending' : 'delivered_source_not_indexed';
    const token = rng.pick(source.tokens.length ? source.tokens : chains.flatMap((c) => c.tokens));
    const relayer = toChecksumAddress(rng.pick(destination.accounts));
    const message: IcmMessage = {
      messageId: hashHex(`${network}:icm:${i}`),
      icmContractAddress: ICM_MESSENGER,
      sourceBlockchainId: source.blockchainId,
      destinationBlockchainId: destination.blockchainId,
      sourceEvmChainId: source.chainId,
      destinationEvmChainId: destination.chainId,
      messageNonce: String(nonce),
      from: mine && source === hub ? showcase : toChecksumAddress(rng.pick(source.accounts)),
      to: mine && source !== hub && destination === hub ? showcase : toChecksumAddress(rng.pick(destination.accounts)),
      data: rng.hex(rng.int(32, 96)),
      messageExecuted: status !== 'pending',
      receipts: status === 'pending' ? [] : [{ receivedMessageNonce: String(nonce), relayerRewardAddress: relayer }],
      receiptDelivered: status !== 'pending' && rng.chance(0.6),
      rewardDetails: { ...token, value: String(rng.bigint(1n, 1000n) * 10n ** 15n) },
      ...(status !== 'delivered_source_not_indexed'
        ? {
            sourceTransaction: { txHash: hashHex(`${network}:icm:src:${i}`), timestamp: sent, gasSpent: String(rng.int(120_000, 400_000)) },
          }
        : {}),
      ...(status !== 'pending'
        ? {
            destinationTransaction: {
              txHash: hashHex(`${network}:icm:dst:${i}`),
              timestamp: sent + rng.int(2, 120),
              gasSpent: String(rng.int(150_000, 500_000)),
              rewardRedeemer: relayer,
              delivererAddress: toChecksumAddress(rng.pick(destination.accounts)),
            },
          }
        : {}),
      status,
    };
    messages.push(message);
  }
  // Newest first, by when the message was sent (or delivered, when the source is not indexed).
  const at = (m: IcmMessage) => m.sourceTransaction?.timestamp ?? m.destinationTransaction!.timestamp;
  return messages.sort((a, c) => at(c) - at(a));
}

const cache = new Map<string, EvmWorld>();

/** The EVM side of a network's world, built on first use. */
export function getEvmWorld(network: NetworkName, seed = 'avalanche'): EvmWorld {
  const key = `${network}:${seed}`;
  let evm = cache.get(key);
  if (evm) return evm;
  const world = getWorld(network, seed);
  const twins = [...world.evmTwin.values()];
  const chains = new Map<string, EvmChainWorld>();
  const byBlockchainId = new Map<string, EvmChainWorld>();
  for (const subnet of world.subnets) {
    for (const blockchain of subnet.blockchains) {
      if (blockchain.evmChainId === undefined || typeof blockchain.genesisData !== 'object') continue;
      const isC = blockchain.subnetId === PRIMARY_NETWORK_ID;
      const chain = buildChain(network, seed, blockchain, isC ? twins.slice(0, 40) : []);
      chains.set(chain.chainId, chain);
      byBlockchainId.set(chain.blockchainId, chain);
    }
  }
  // Messages travel between the chains that enable Warp, and the C-Chain.
  const warp = [...chains.values()].filter((c) => {
    const blockchain = world.subnets.flatMap((s) => s.blockchains).find((b) => b.blockchainId === c.blockchainId)!;
    return (
      blockchain.subnetId === PRIMARY_NETWORK_ID ||
      (typeof blockchain.genesisData === 'object' && blockchain.genesisData.config?.warpConfig)
    );
  });
  evm = { network, chains, byBlockchainId, icm: buildIcm(network, seed, warp) };
  cache.set(key, evm);
  return evm;
}
