/**
 * The EVM chains' blocks, derived from the EVM world's transactions (./evm.ts): block n holds the
 * transactions whose `blockNumber` is n, has the hash they name (`evmBlockHash`), the time of its
 * transactions (an empty block keeps its parent's; the genesis block its chain's creation time, as
 * the sandbox node's blocks do), its gas and fees summed from them. The Data API's blocks and the
 * node's `eth_*` answers are both written from these, so either upstream says the same of a block,
 * a transaction and its receipt; the logs of a receipt are the world's ERC-20 transfers.
 */
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { EvmBlock, GetTransactionResponse } from '../../src/upstreams/data-api/evm-block.js';
import type { Erc20Transfer, InternalTransaction } from '../../src/upstreams/data-api/evm-address.js';
import type { NativeTransaction } from '../../src/upstreams/data-api/evm-chain.js';
import { sha } from '../random.js';
import { evmBlockHash, getEvmWorld, type EvmChainWorld } from './evm.js';
import { getWorld } from './world.js';

/** The address coreth and Subnet-EVM write as every block's coinbase: fees are burned there. */
export const BLACKHOLE = '0x0100000000000000000000000000000000000000';

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 Transfer event's topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface WorldBlock {
  number: number;
  hash: string;
  parentHash: string;
  time: number;
  txs: NativeTransaction[];
  gasUsed: bigint;
  gasLimit: number;
  baseFee: bigint;
  feesSpent: bigint;
  /** Transactions of the chain up to and including this block. */
  cumulative: number;
}

export interface ChainBlocks {
  chain: EvmChainWorld;
  blocks: WorldBlock[];
  byHash: Map<string, WorldBlock>;
  txByHash: Map<string, NativeTransaction>;
  transfersOf: Map<string, Erc20Transfer[]>;
  internalsOf: Map<string, InternalTransaction[]>;
}

const cache = new WeakMap<EvmChainWorld, ChainBlocks>();

/** The genesis time and fee settings of a chain, from its blockchain's genesis (the C-Chain's: coreth's). */
function chainSettings(chain: EvmChainWorld, seed: string): { genesisTime: number; gasLimit: number; baseFee: bigint } {
  const blockchain = getWorld(chain.network, seed)
    .subnets.flatMap((s) => s.blockchains)
    .find((b) => b.blockchainId === chain.blockchainId)!;
  if (blockchain.subnetId === PRIMARY_NETWORK_ID) {
    return { genesisTime: blockchain.createBlockTimestamp, gasLimit: 15_000_000, baseFee: 25_000_000_000n };
  }
  const genesis = typeof blockchain.genesisData === 'object' ? blockchain.genesisData : {};
  const fee = genesis.config?.feeConfig;
  return {
    genesisTime: Number.parseInt(genesis.timestamp ?? '0x0', 16),
    gasLimit: fee?.gasLimit ?? 8_000_000,
    baseFee: BigInt(fee?.minBaseFee ?? 25_000_000_000),
  };
}

function group<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(item);
  }
  return out;
}

/** A chain's blocks, 0 (genesis) to its head, built on first use (`seed`: the world's the chain is of). */
export function blocksOf(chain: EvmChainWorld, seed: string): ChainBlocks {
  let done = cache.get(chain);
  if (done) return done;
  const { genesisTime, gasLimit, baseFee } = chainSettings(chain, seed);
  const blocks: WorldBlock[] = [];
  for (let n = 0; n <= chain.headBlock; n++) {
    blocks.push({
      number: n,
      hash: evmBlockHash(chain.chainId, n),
      parentHash: n === 0 ? `0x${'0'.repeat(64)}` : evmBlockHash(chain.chainId, n - 1),
      time: genesisTime,
      txs: [],
      gasUsed: 0n,
      gasLimit,
      baseFee,
      feesSpent: 0n,
      cumulative: 0,
    });
  }
  for (const tx of chain.transactions) {
    const block = blocks[Number(tx.blockNumber)]!;
    block.txs.push(tx);
    block.time = tx.blockTimestamp;
    block.gasUsed += BigInt(tx.gasUsed);
    block.feesSpent += BigInt(tx.gasUsed) * BigInt(tx.gasPrice);
  }
  let cumulative = 0;
  for (const block of blocks) {
    if (block.number > 0 && block.txs.length === 0) block.time = blocks[block.number - 1]!.time;
    cumulative += block.txs.length;
    block.cumulative = cumulative;
  }
  done = {
    chain,
    blocks,
    byHash: new Map(blocks.map((b) => [b.hash, b])),
    txByHash: new Map(chain.transactions.map((t) => [t.txHash, t])),
    transfersOf: group(chain.erc20Transfers, (t) => t.txHash),
    internalsOf: group(chain.internalTransactions, (t) => t.txHash),
  };
  cache.set(chain, done);
  return done;
}

/** A block by number (decimal digits) or by 0x hash, as the Data API's `blockId` names it. */
export function blockById(chain: EvmChainWorld, seed: string, blockId: string): WorldBlock | undefined {
  const { blocks, byHash } = blocksOf(chain, seed);
  if (/^\d+$/.test(blockId)) return blocks[Number(blockId)];
  return byHash.get(blockId.toLowerCase());
}

/** A block as the Data API writes it. */
export function dataApiBlock(chain: EvmChainWorld, b: WorldBlock): EvmBlock {
  return {
    chainId: chain.chainId,
    blockNumber: String(b.number),
    blockTimestamp: b.time,
    blockTimestampMilliseconds: b.time * 1000,
    blockHash: b.hash,
    txCount: b.txs.length,
    baseFee: String(b.baseFee),
    gasUsed: String(b.gasUsed),
    gasLimit: String(b.gasLimit),
    gasCost: '0',
    parentHash: b.parentHash,
    feesSpent: String(b.feesSpent),
    cumulativeTransactions: String(b.cumulative),
  };
}

/** The calldata of a transaction: its method's selector and arguments drawn from its hash (as the node's block bytes have it). */
export function inputOf(tx: NativeTransaction): string {
  const selector = tx.method?.methodHash;
  return selector && selector !== '0x' ? `${selector}${sha(`args:${tx.txHash}`).toString('hex')}` : '0x';
}

const isCreation = (tx: NativeTransaction) => tx.method?.callType === 'CONTRACT_CREATION';

/** getTransaction's answer: the transaction with its calldata, transfers, internal transactions and ICM message. */
export function transactionDetails(chain: EvmChainWorld, seed: string, tx: NativeTransaction): GetTransactionResponse {
  const { blocks, transfersOf, internalsOf } = blocksOf(chain, seed);
  const block = blocks[Number(tx.blockNumber)]!;
  const icm = getEvmWorld(chain.network, seed).icm;
  const sent = icm.find((m) => m.sourceTransaction?.txHash === tx.txHash);
  const received = sent ? undefined : icm.find((m) => m.destinationTransaction?.txHash === tx.txHash);
  const message = sent ?? received;
  return {
    erc20Transfers: (transfersOf.get(tx.txHash) ?? []).map((t) => ({
      from: t.from,
      to: t.to,
      logIndex: t.logIndex,
      value: t.value,
      erc20Token: t.erc20Token,
    })),
    internalTransactions: (internalsOf.get(tx.txHash) ?? []).map((t) => ({
      from: t.from,
      to: t.to,
      internalTxType: t.internalTxType,
      value: t.value,
      isReverted: t.isReverted,
      gasUsed: t.gasUsed,
      gasLimit: t.gasLimit,
    })),
    networkTokenDetails: {
      networkToken: {
        name: chain.native.name,
        symbol: chain.native.symbol,
        decimals: chain.native.decimals,
        logoUri: chain.native.logoUri,
      },
      currentPrice: { currencyCode: 'usd', value: chain.native.priceUsd },
    },
    nativeTransaction: {
      ...tx,
      input: inputOf(tx),
      baseFeePerGas: String(block.baseFee),
      ...(tx.txType === 2 ? { maxFeePerGas: tx.gasPrice, maxPriorityFeePerGas: String(BigInt(tx.gasPrice) - block.baseFee) } : {}),
    },
    ...(message
      ? {
          teleporterMessageInfo: {
            teleporterMessageId: message.messageId,
            direction: sent ? ('SOURCE_TRANSACTION' as const) : ('DESTINATION_TRANSACTION' as const),
            ...(sent ? { destinationChainId: message.destinationEvmChainId } : { sourceChainId: message.sourceEvmChainId }),
          },
        }
      : {}),
  };
}

// --- as the node writes them (eth_*) --------------------------------------------------------

const q = (n: bigint | number | string) => `0x${BigInt(n).toString(16)}`;
const pad32 = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

/** A block of eth_getBlockBy* (transaction hashes only). */
export function nodeBlock(b: WorldBlock): Record<string, unknown> {
  return {
    baseFeePerGas: q(b.baseFee),
    blockGasCost: '0x0',
    difficulty: '0x1',
    extraData: '0x',
    gasLimit: q(b.gasLimit),
    gasUsed: q(b.gasUsed),
    hash: b.hash,
    logsBloom: `0x${'0'.repeat(512)}`,
    miner: BLACKHOLE,
    mixHash: `0x${'0'.repeat(64)}`,
    nonce: '0x0000000000000000',
    number: q(b.number),
    parentHash: b.parentHash,
    receiptsRoot: `0x${sha(`receipts:${b.hash}`).toString('hex')}`,
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    size: q(540 + 120 * b.txs.length),
    stateRoot: `0x${sha(`state:${b.hash}`).toString('hex')}`,
    timestamp: q(b.time),
    totalDifficulty: q(b.number),
    transactions: b.txs.map((t) => t.txHash),
    transactionsRoot: `0x${sha(`txs:${b.hash}`).toString('hex')}`,
    uncles: [],
  };
}

/** A transaction of eth_getTransactionBy* (in its block: the world has no pending ones). */
export function nodeTransaction(chain: EvmChainWorld, tx: NativeTransaction): Record<string, unknown> {
  const sig = sha(`sig:${tx.txHash}`);
  const base = {
    blockHash: tx.blockHash,
    blockNumber: q(tx.blockNumber),
    from: tx.from.address.toLowerCase(),
    gas: q(tx.gasLimit),
    gasPrice: q(tx.gasPrice),
    hash: tx.txHash,
    input: inputOf(tx),
    nonce: q(tx.nonce),
    to: isCreation(tx) ? null : tx.to.address.toLowerCase(),
    transactionIndex: q(tx.blockIndex),
    value: q(tx.value),
    type: q(tx.txType),
    chainId: q(chain.chainId),
    r: `0x${sig.toString('hex')}`,
    s: `0x${sha(`s:${tx.txHash}`).toString('hex')}`,
  };
  if (tx.txType !== 2) return { ...base, v: q(BigInt(chain.chainId) * 2n + 35n + BigInt(sig[0]! & 1)) };
  return {
    ...base,
    maxFeePerGas: q(tx.gasPrice),
    maxPriorityFeePerGas: q(1_000_000_000),
    accessList: [],
    v: q(sig[0]! & 1),
    yParity: q(sig[0]! & 1),
  };
}

/** The receipt of eth_getTransactionReceipt: its logs are the transaction's ERC-20 transfers (none when it reverted). */
export function nodeReceipt(chain: EvmChainWorld, seed: string, tx: NativeTransaction): Record<string, unknown> {
  const { blocks, transfersOf } = blocksOf(chain, seed);
  const block = blocks[Number(tx.blockNumber)]!;
  let cumulative = 0n;
  for (const t of block.txs) {
    cumulative += BigInt(t.gasUsed);
    if (t === tx) break;
  }
  const logs =
    tx.txStatus === '0'
      ? []
      : (transfersOf.get(tx.txHash) ?? []).map((t) => ({
          address: t.erc20Token.address.toLowerCase(),
          topics: [TRANSFER_TOPIC, pad32(t.from.address), pad32(t.to.address)],
          data: `0x${BigInt(t.value).toString(16).padStart(64, '0')}`,
          blockNumber: q(tx.blockNumber),
          transactionHash: tx.txHash,
          transactionIndex: q(tx.blockIndex),
          blockHash: tx.blockHash,
          // The index the Data API gives the transfer, so both upstreams name the log alike.
          logIndex: q(t.logIndex),
          removed: false,
        }));
  return {
    blockHash: tx.blockHash,
    blockNumber: q(tx.blockNumber),
    contractAddress: isCreation(tx) ? tx.to.address.toLowerCase() : null,
    cumulativeGasUsed: q(cumulative),
    effectiveGasPrice: q(tx.gasPrice),
    from: tx.from.address.toLowerCase(),
    gasUsed: q(tx.gasUsed),
    logs,
    logsBloom: `0x${'0'.repeat(512)}`,
    status: tx.txStatus === '1' ? '0x1' : '0x0',
    to: isCreation(tx) ? null : tx.to.address.toLowerCase(),
    transactionHash: tx.txHash,
    transactionIndex: q(tx.blockIndex),
    type: q(tx.txType),
  };
}
