/**
 * An EVM chain's state as the sandbox node reads it: accounts' balances and nonces replayed from
 * the EVM world's transactions (the same the Data API serves), code and storage of its contracts,
 * its ERC-20 transfers as Transfer logs, base fees and tips from its blocks; and above the
 * world's head, the blocks the live clock adds, holding the signed transactions submitted to the
 * node (mined one clock tick after they were sent, in nonce order; one with a better fee replaces
 * another of the same sender and nonce, which is then dropped).
 */
import { parseTransaction, recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { keccak_256 } from '@noble/hashes/sha3';
import type { NativeTransaction } from '../../../src/upstreams/data-api/evm-chain.js';
import type { Erc20Transfer } from '../../../src/upstreams/data-api/evm-address.js';
import { evmBlockHash, type EvmChainWorld } from '../../world/evm.js';
import { sha } from '../../random.js';
import type { SandboxLive } from '../../live.js';
import type { EvmBlock } from './evm.js';

export const ZERO_WORD = `0x${'0'.repeat(64)}`;
/** keccak-256 of empty code, and the root of an empty storage trie. */
export const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';
export const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
/** keccak-256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
const ETHER = 10n ** 18n;
/** What a funded test address is credited with at genesis (NodeKnobs.evmFunded). */
export const FUNDED = 1000n * ETHER;

export const keccakHex = (hex: string) => `0x${Buffer.from(keccak_256(Buffer.from(hex.replace(/^0x/, ''), 'hex'))).toString('hex')}`;
export const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
export const addressWord = (address: string) => `0x${address.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`;

/** A transaction a client submitted, as the pool holds it. */
export interface Submitted {
  hash: string;
  raw: string;
  from: string;
  to: string | null;
  nonce: number;
  value: bigint;
  gas: bigint;
  /** What the sender pays a gas unit at most (legacy gas price, or max fee). */
  maxFee: bigint;
  tip: bigint;
  input: string;
  /** The clock tick it was sent at: mined in the block the next tick adds. */
  tick: number;
  /** Set once mined: its block and place there. */
  block?: number;
  index?: number;
}

/** A log as eth_getLogs and receipts write it, with its block number as a number for filtering. */
export interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  logIndex: number;
}

export interface EvmState {
  chainId: number;
  /** The world's head: blocks above it are the live clock's. */
  worldHead: number;
  head(): number;
  /** The block hash and time of any block up to the head. */
  blockHash(n: number): string;
  blockTime(n: number): number;
  blockNumberOf(hash: string): number | undefined;
  baseFee(n: number): bigint;
  /** The tips paid in a block, lowest first (0 for none), and the gas each used. */
  tips(n: number): { tip: bigint; gas: bigint }[];
  gasUsedRatio(n: number): number;
  suggestedTip(): bigint;
  balanceAt(address: string, block: number): bigint;
  nonceAt(address: string, block: number): number;
  /** The nonce counting the pool's pending transactions too. */
  pendingNonce(address: string): number;
  codeOf(address: string): string;
  storageAt(address: string, slot: bigint): string;
  contract(address: string): { ercType?: string; name?: string; symbol?: string; decimals?: number } | undefined;
  /** An ERC-20's balance of a holder at a block, and its supply. */
  tokenBalance(token: string, holder: string, block: number): bigint;
  tokenSupply(token: string, block: number): bigint;
  logs(from: number, to: number): Log[];
  /** A transaction of the world or mined from the pool, with its receipt's parts. */
  receipt(hash: string): Record<string, unknown> | null;
  /** A transaction the pool mined, by hash; and those a block above the world's head holds, in order. */
  minedTx(hash: string): Submitted | undefined;
  minedIn(block: number): Submitted[];
  /** Takes signed bytes into the pool, or throws the pool's refusal (an Error with geth's text). */
  submit(raw: string): Promise<string>;
}

const by = <T>(list: readonly T[], key: (t: T) => string) => {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    let bucket = map.get(k);
    if (!bucket) map.set(k, (bucket = []));
    bucket.push(item);
  }
  return map;
};

/**
 * The state of one EVM chain. `blocks` are the world's (0 to its head), `baseFeeAt` the base
 * fee of a block, `funded` the addresses credited FUNDED at genesis.
 */
export function buildEvmState(
  chain: EvmChainWorld,
  blocks: readonly EvmBlock[],
  baseFeeAt: (block: number) => bigint,
  live: SandboxLive | undefined,
  funded: () => readonly string[],
): EvmState {
  const worldHead = blocks.length - 1;
  const byHash = new Map(blocks.map((b) => [b.hash, b.number]));
  const txs = new Map(chain.transactions.map((t) => [t.txHash, t]));
  const sentBy = by(chain.transactions, (t) => t.from.address.toLowerCase());
  const transfersByToken = by(chain.erc20Transfers, (t) => t.erc20Token.address.toLowerCase());
  const transfersByTx = by(chain.erc20Transfers, (t) => t.txHash);
  const pool = new Map<string, Submitted>();
  const head = () => worldHead + (live?.newBlocks() ?? 0);
  const liveTime = (n: number) => blocks[worldHead]!.time + (n - worldHead);

  /** Mines what the clock has reached: each pending transaction in the block after its tick. */
  const mine = (): Submitted[] => {
    const now = live?.newBlocks() ?? 0;
    const pending = [...pool.values()]
      .filter((s) => s.block === undefined && s.tick < now)
      .sort((a, b) => a.tick - b.tick || a.nonce - b.nonce);
    for (const s of pending) {
      s.block = worldHead + s.tick + 1;
      s.index = [...pool.values()].filter((o) => o.block === s.block && o !== s).length;
    }
    return [...pool.values()].filter((s) => s.block !== undefined);
  };
  const mined = (upTo: number) => mine().filter((s) => s.block! <= upTo);
  const fundedSet = () => new Set(funded().map((a) => a.toLowerCase()));

  const baseFee = (n: number) => baseFeeAt(Math.min(n, worldHead));
  const priceOf = (s: Submitted, n: number) => {
    const fee = baseFee(n);
    return s.maxFee < fee + s.tip ? s.maxFee : fee + s.tip;
  };
  const gasOf = (s: Submitted) => (s.to === null || s.input !== '0x' ? (s.gas < 60_000n ? s.gas : 60_000n) : 21_000n);

  const state: EvmState = {
    chainId: Number(chain.chainId),
    worldHead,
    head,
    blockHash: (n) => (n <= worldHead ? blocks[n]!.hash : evmBlockHash(chain.chainId, n)),
    blockTime: (n) => (n <= worldHead ? blocks[n]!.time : liveTime(n)),
    blockNumberOf(hash) {
      const n = byHash.get(hash);
      if (n !== undefined) return n;
      for (let i = worldHead + 1; i <= head(); i++) if (evmBlockHash(chain.chainId, i) === hash) return i;
      return undefined;
    },
    baseFee,
    tips(n) {
      if (n <= worldHead) {
        const fee = baseFee(n);
        return blocks[n]!.txs.map((t) => ({ tip: BigInt(t.gasPrice) > fee ? BigInt(t.gasPrice) - fee : 0n, gas: BigInt(t.gasUsed) })).sort(
          (a, b) => (a.tip < b.tip ? -1 : 1),
        );
      }
      return mined(n)
        .filter((s) => s.block === n)
        .map((s) => ({ tip: priceOf(s, n) - baseFee(n), gas: gasOf(s) }))
        .sort((a, b) => (a.tip < b.tip ? -1 : 1));
    },
    gasUsedRatio(n) {
      const used = state.tips(n).reduce((sum, t) => sum + t.gas, 0n);
      return Number(used) / 15_000_000;
    },
    suggestedTip() {
      for (let n = worldHead; n > 0; n--) {
        const tips = state.tips(n);
        if (tips.length > 0) return tips[Math.floor(tips.length / 2)]!.tip;
      }
      return 1_000_000_000n;
    },
    balanceAt(address, block) {
      const a = address.toLowerCase();
      let balance = chain.balanceAt(a, Math.min(block, worldHead)) + (fundedSet().has(a) ? FUNDED : 0n);
      for (const s of mined(block)) {
        if (s.from === a) balance -= s.value + gasOf(s) * priceOf(s, s.block!);
        if (s.to === a) balance += s.value;
      }
      return balance > 0n ? balance : 0n;
    },
    nonceAt(address, block) {
      const a = address.toLowerCase();
      const world = (sentBy.get(a) ?? []).filter((t) => Number(t.blockNumber) <= block).length;
      return world + mined(block).filter((s) => s.from === a).length;
    },
    pendingNonce(address) {
      const a = address.toLowerCase();
      let nonce = state.nonceAt(a, head());
      const waiting = new Set([...pool.values()].filter((s) => s.from === a && s.block === undefined).map((s) => s.nonce));
      while (waiting.has(nonce)) nonce++;
      return nonce;
    },
    contract: (address) => chain.contracts.get(address.toLowerCase()),
    codeOf(address) {
      if (!chain.contracts.has(address.toLowerCase())) return '0x';
      const body = sha(`code:${chain.chainId}:${address.toLowerCase()}`).toString('hex');
      return `0x608060405234801561001057600080fd5b50${body.repeat(4)}`;
    },
    storageAt(address, slot) {
      if (!chain.contracts.has(address.toLowerCase()) || slot > 7n) return ZERO_WORD;
      return `0x${sha(`storage:${chain.chainId}:${address.toLowerCase()}:${slot}`).toString('hex')}`;
    },
    tokenBalance(token, holder, block) {
      const h = holder.toLowerCase();
      let sum = 0n;
      for (const t of transfersByToken.get(token.toLowerCase()) ?? []) {
        if (Number(t.blockNumber) > block) continue;
        if (t.to.address.toLowerCase() === h) sum += BigInt(t.value);
        if (t.from.address.toLowerCase() === h) sum -= BigInt(t.value);
      }
      return sum > 0n ? sum : 0n;
    },
    tokenSupply(token, block) {
      let sum = 0n;
      for (const t of transfersByToken.get(token.toLowerCase()) ?? []) {
        if (Number(t.blockNumber) > block) continue;
        if (t.from.address.toLowerCase() === ZERO_ADDRESS) sum += BigInt(t.value);
        if (t.to.address.toLowerCase() === ZERO_ADDRESS) sum -= BigInt(t.value);
      }
      return sum;
    },
    logs(from, to) {
      const out: Log[] = [];
      for (const t of chain.erc20Transfers) {
        const n = Number(t.blockNumber);
        if (n >= from && n <= to) out.push(transferLog(t, txs.get(t.txHash)));
      }
      return out.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
    },
    receipt(hash) {
      const h = hash.toLowerCase();
      const tx = txs.get(h);
      if (tx) {
        const n = Number(tx.blockNumber);
        const before = blocks[n]!.txs.filter((t) => t.blockIndex <= tx.blockIndex).reduce((s, t) => s + BigInt(t.gasUsed), 0n);
        return receiptOf({
          hash: h,
          block: n,
          blockHash: tx.blockHash,
          index: tx.blockIndex,
          type: tx.txType,
          from: tx.from.address,
          to: tx.to.address,
          gasUsed: BigInt(tx.gasUsed),
          cumulative: before,
          price: BigInt(tx.gasPrice),
          ok: tx.txStatus === '1',
          logs: (transfersByTx.get(h) ?? []).map((t) => transferLog(t, tx)),
        });
      }
      const s = mine().find((m) => m.hash === h);
      if (!s) return null;
      const sameBlock = mine().filter((m) => m.block === s.block && m.index! <= s.index!);
      return receiptOf({
        hash: s.hash,
        block: s.block!,
        blockHash: state.blockHash(s.block!),
        index: s.index!,
        type: Number.parseInt(s.raw.slice(2, 4), 16) >= 0xc0 ? 0 : Number.parseInt(s.raw.slice(2, 4), 16),
        from: s.from,
        to: s.to,
        gasUsed: gasOf(s),
        cumulative: sameBlock.reduce((sum, m) => sum + gasOf(m), 0n),
        price: priceOf(s, s.block!),
        ok: true,
        logs: [],
        created: s.to === null ? contractAddress(s.from, s.nonce) : null,
      });
    },
    minedTx: (hash) => mine().find((m) => m.hash === hash.toLowerCase()),
    minedIn: (n) =>
      mined(n)
        .filter((m) => m.block === n)
        .sort((a, b) => a.index! - b.index!),
    async submit(raw) {
      const hash = keccakHex(raw);
      if (pool.has(hash) || txs.has(hash)) throw new Error('already known');
      let parsed: ReturnType<typeof parseTransaction>;
      let from: string;
      try {
        parsed = parseTransaction(raw as TransactionSerialized);
        from = (await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized })).toLowerCase();
      } catch {
        throw new Error('rlp: value size exceeds available input length');
      }
      if (parsed.chainId !== undefined && parsed.chainId !== state.chainId)
        throw new Error(`invalid chain id for signer: have ${parsed.chainId} want ${state.chainId}`);
      if (parsed.chainId === undefined) throw new Error('only replay-protected (EIP-155) transactions allowed over RPC');
      const nonce = parsed.nonce ?? 0;
      const current = state.nonceAt(from, head());
      if (nonce < current) throw new Error(`nonce too low: address ${from}, tx: ${nonce} state: ${current}`);
      const input = parsed.data ?? '0x';
      const gas = parsed.gas ?? 0n;
      const intrinsic = (parsed.to ? 21_000n : 53_000n) + calldataGas(input);
      if (gas < intrinsic) throw new Error(`intrinsic gas too low: gas ${gas}, minimum needed ${intrinsic}`);
      const maxFee = parsed.maxFeePerGas ?? parsed.gasPrice ?? 0n;
      const tip = parsed.maxPriorityFeePerGas ?? maxFee;
      const fee = baseFee(head());
      if (maxFee < fee) throw new Error(`transaction underpriced: address ${from}, maxFeePerGas: ${maxFee}, baseFee: ${fee}`);
      const value = parsed.value ?? 0n;
      const balance = state.balanceAt(from, head());
      const cost = gas * maxFee + value;
      if (balance < cost)
        throw new Error(`insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`);
      const replaced = [...pool.values()].find((s) => s.from === from && s.nonce === nonce && s.block === undefined);
      if (replaced) {
        // A replacement must raise both fees by 10% (txpool's PriceBump).
        if (maxFee * 10n < replaced.maxFee * 11n || tip * 10n < replaced.tip * 11n) throw new Error('replacement transaction underpriced');
        pool.delete(replaced.hash);
      }
      pool.set(hash, {
        hash,
        raw,
        from,
        to: parsed.to ? parsed.to.toLowerCase() : null,
        nonce,
        value,
        gas,
        maxFee,
        tip,
        input,
        tick: live?.newBlocks() ?? 0,
      });
      return hash;
    },
  };
  return state;
}

/** 16 gas a non-zero byte of call data, 4 a zero byte. */
export function calldataGas(input: string): bigint {
  let gas = 0n;
  for (let i = 2; i + 1 < input.length; i += 2) gas += input.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

function transferLog(t: Erc20Transfer, tx: NativeTransaction | undefined): Log {
  return {
    address: t.erc20Token.address.toLowerCase(),
    topics: [TRANSFER_TOPIC, addressWord(t.from.address), addressWord(t.to.address)],
    data: word(BigInt(t.value)),
    blockNumber: Number(t.blockNumber),
    blockHash: t.blockHash,
    transactionHash: t.txHash,
    transactionIndex: tx?.blockIndex ?? 0,
    logIndex: t.logIndex,
  };
}

/** A log as the node writes it. */
export const logJson = (l: Log) => ({
  address: l.address,
  topics: l.topics,
  data: l.data,
  blockNumber: `0x${l.blockNumber.toString(16)}`,
  transactionHash: l.transactionHash,
  transactionIndex: `0x${l.transactionIndex.toString(16)}`,
  blockHash: l.blockHash,
  logIndex: `0x${l.logIndex.toString(16)}`,
  removed: false,
});

/** The address a creation from `from` at `nonce` deploys to: keccak(rlp([from, nonce]))[12:]. */
function contractAddress(from: string, nonce: number): string {
  const n = nonce === 0 ? '80' : nonce < 0x80 ? nonce.toString(16).padStart(2, '0') : rlpNumber(nonce);
  const body = `94${from.slice(2)}${n}`;
  return `0x${keccakHex(`${(0xc0 + body.length / 2).toString(16)}${body}`).slice(-40)}`;
}

function rlpNumber(n: number): string {
  const hex = n.toString(16);
  const bytes = hex.length % 2 ? `0${hex}` : hex;
  return `${(0x80 + bytes.length / 2).toString(16)}${bytes}`;
}

function receiptOf(r: {
  hash: string;
  block: number;
  blockHash: string;
  index: number;
  type: number;
  from: string;
  to: string | null;
  gasUsed: bigint;
  cumulative: bigint;
  price: bigint;
  ok: boolean;
  logs: Log[];
  created?: string | null;
}) {
  const q = (n: bigint | number) => `0x${n.toString(16)}`;
  return {
    blockHash: r.blockHash,
    blockNumber: q(r.block),
    contractAddress: r.created ?? null,
    cumulativeGasUsed: q(r.cumulative),
    effectiveGasPrice: q(r.price),
    from: r.from.toLowerCase(),
    gasUsed: q(r.gasUsed),
    logs: r.logs.map(logJson),
    logsBloom: `0x${'0'.repeat(512)}`,
    status: r.ok ? '0x1' : '0x0',
    to: r.to ? r.to.toLowerCase() : null,
    transactionHash: r.hash,
    transactionIndex: q(r.index),
    type: q(r.type),
  };
}
