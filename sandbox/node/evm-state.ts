/**
 * The standard Ethereum JSON-RPC methods of an EVM chain's /rpc endpoint, as coreth and Subnet-EVM
 * answer them (graft/coreth/internal/ethapi, eth/filters, eth/gasprice): the head and chain id,
 * fees and their history, logs, calls and gas estimates, an account's balance, nonce, code,
 * storage and proof, receipts, and eth_sendRawTransaction into the pool, with geth's param
 * decoding errors (-32602) and its method errors (-32000, and 3 for a revert with its data).
 * Answers come from the chain's state (./chains/evm-state.ts), itself from the EVM world.
 */
import type { SandboxLive } from '../live.js';
import type { NodeWorld } from './chains/node-world.js';
import { buildEvmState, calldataGas, EMPTY_CODE_HASH, EMPTY_ROOT, keccakHex, logJson, word, type EvmState } from './chains/evm-state.js';
import { blockNumberOrHash, blockNumberText, GethError, hashText, hexUint64, type BlockRef, type GethMethod } from './geth.js';
import { JsonNumber, JsonObject, jsonKind, member, type JsonValue } from './json.js';
import { sha } from '../random.js';
import { evmBlockMethods } from './evm-blocks.js';
import { nodeBlock, type WorldBlock } from '../world/evm-blocks.js';
import { liveEvmBlock } from '../world/evm-live.js';
import type { NODE_METHODS } from '../../src/upstreams/operations.js';

/** The eth_* methods the gateway's clients declare (../../src/upstreams/node/evm-state.ts, evm-blocks.ts): every one, or this fails to compile. */
type Declared = Extract<keyof typeof NODE_METHODS, `eth_${string}`>;
/** Subnet-EVM's own methods, served beside these by ./subnet-evm.ts. */
type SubnetEvmOwn = 'eth_feeConfig' | 'eth_getChainConfig' | 'eth_getActiveRulesAt' | 'eth_getActivePrecompilesAt';

const q = (n: bigint | number) => `0x${n.toString(16)}`;
/** The base fee of a chain without transactions: 25 gwei, the C-Chain's minimum before Fortuna. */
const DEFAULT_BASE_FEE = 25_000_000_000n;

/** common.Address's UnmarshalJSON. */
function address(value: JsonValue): string {
  if (typeof value !== 'string') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type common.Address`);
  if (!/^0[xX]/.test(value)) throw new Error('json: cannot unmarshal hex string without 0x prefix into Go value of type common.Address');
  if (!/^0[xX][0-9a-fA-F]*$/.test(value)) throw new Error('json: cannot unmarshal invalid hex string into Go value of type common.Address');
  if (value.length !== 42) throw new Error(`hex string has length ${value.length - 2}, want 40 for common.Address`);
  return value.toLowerCase();
}

/** hexutil.Big's UnmarshalJSON, inside a struct field. */
function big(value: JsonValue, field: string): bigint {
  if (typeof value !== 'string')
    throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go struct field TransactionArgs.${field} of type *hexutil.Big`);
  if (!/^0[xX]/.test(value)) throw new Error('hex string without 0x prefix');
  const digits = value.slice(2);
  if (digits === '') throw new Error('hex string "0x"');
  if (digits.length > 1 && digits[0] === '0') throw new Error('hex number with leading zero digits');
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new Error('invalid hex string');
  if (digits.length > 64) throw new Error('hex number > 256 bits');
  return BigInt(value);
}

/** hexutil.Bytes. */
function bytes(value: JsonValue): string {
  if (typeof value !== 'string') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type hexutil.Bytes`);
  if (!/^0[xX]/.test(value)) throw new Error('hex string without 0x prefix');
  if (!/^0[xX]([0-9a-fA-F]{2})*$/.test(value)) throw new Error(value.length % 2 ? 'hex string of odd length' : 'invalid hex string');
  return value.toLowerCase();
}

interface CallArgs {
  from?: string;
  to?: string;
  gas?: bigint;
  value: bigint;
  input: string;
}

/** TransactionArgs: the fields a call reads. */
function callArgs(value: JsonValue): CallArgs {
  if (!(value instanceof JsonObject))
    throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type ethapi.TransactionArgs`);
  const get = (name: string) => {
    const m = member(value, name);
    return m && m.value !== null ? m.value : undefined;
  };
  const from = get('from');
  const to = get('to');
  const gas = get('gas');
  const v = get('value');
  const data = get('data');
  const input = get('input');
  const args: CallArgs = { value: v === undefined ? 0n : big(v, 'value'), input: '0x' };
  if (from !== undefined) args.from = address(from);
  if (to !== undefined) args.to = address(to);
  if (gas !== undefined) {
    if (typeof gas !== 'string')
      throw new Error(`json: cannot unmarshal ${jsonKind(gas)} into Go struct field TransactionArgs.gas of type hexutil.Uint64`);
    args.gas = hexUint64(gas);
  }
  for (const name of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas']) {
    const f = get(name);
    if (f !== undefined) big(f, name);
  }
  const d = data === undefined ? undefined : bytes(data);
  const i = input === undefined ? undefined : bytes(input);
  if (d !== undefined && i !== undefined && d !== i)
    throw new GethError(-32000, 'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data');
  args.input = i ?? d ?? '0x';
  return args;
}

/** decodeHash: a storage key of up to 32 bytes, 0x optional, odd length padded. */
function storageKey(key: string): bigint {
  let hex = key.replace(/^0[xX]/, '');
  if (hex.length % 2) hex = `0${hex}`;
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new GethError(-32000, 'unable to decode storage key: hex string invalid');
  if (hex.length > 64) throw new GethError(-32000, 'unable to decode storage key: hex string too long, want at most 32 bytes');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
}

function stringParam(value: JsonValue): string {
  if (typeof value !== 'string') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type string`);
  return value;
}

/** ABI-encodes a string return value. */
function abiString(s: string): string {
  const hex = Buffer.from(s, 'utf8').toString('hex');
  const padded = hex.padEnd(Math.ceil(hex.length / 64) * 64, '0');
  return `0x${word(32n).slice(2)}${word(BigInt(hex.length / 2)).slice(2)}${padded}`;
}

const REVERT = () => new GethError(3, 'execution reverted', '0x');

/** Blocks fee history goes back at most per call (coreth's MaxCallBlockHistory); more are clamped. */
const MAX_FEE_HISTORY = 2048;

export function evmStateMethods(
  nw: NodeWorld,
  blockchainId: string,
  live: SandboxLive | undefined,
  /** The addresses funded at genesis besides the world's (NodeKnobs.evmFunded). */
  funded: () => readonly string[] = () => [],
): Record<Exclude<Declared, SubnetEvmOwn>, GethMethod> {
  const info = nw.chains.get(blockchainId)!;
  const world = nw.evm.byBlockchainId.get(blockchainId)!;
  const blocks = info.vm === 'coreth' ? nw.cBlocks : nw.subnetEvm(blockchainId)!.blocks;
  // The world's transactions paid the chain's minimum base fee and a tip of up to 5 gwei: the
  // lowest price paid is the base fee, which the sandbox keeps constant.
  const lowest = world.transactions.reduce((min, t) => (BigInt(t.gasPrice) < min ? BigInt(t.gasPrice) : min), DEFAULT_BASE_FEE);
  const state: EvmState = buildEvmState(world, blocks, () => lowest, live, funded);

  /** The block a state read is at: accepted only (coreth answers nothing above its last accepted block). */
  const at = (ref: BlockRef | undefined): number => {
    const r = ref ?? { tag: 'latest' };
    if ('tag' in r) return r.tag === 'earliest' ? 0 : state.head();
    if ('number' in r) {
      if (r.number > BigInt(state.head())) throw new GethError(-32000, 'cannot query unfinalized data');
      return Number(r.number);
    }
    if ('hash' in r) {
      const n = state.blockNumberOf(r.hash);
      if (n === undefined) throw new GethError(-32000, 'header for hash not found');
      return n;
    }
    throw new GethError(-32000, 'invalid arguments; neither block nor hash specified');
  };
  const required = (value: unknown, what: string) => {
    if (value === undefined) throw new GethError(-32602, `missing value for required argument ${what}`);
    return value;
  };
  const block = (_i: number, v: JsonValue) => blockNumberOrHash(v);

  const run = (args: CallArgs, n: number): { output: string; gas: bigint } => {
    const from = args.from ?? `0x${'0'.repeat(40)}`;
    if (args.value > 0n && state.balanceAt(from, n) < args.value)
      throw new GethError(
        -32000,
        `insufficient funds for gas * price + value: address ${from} have ${state.balanceAt(from, n)} want ${args.value}`,
      );
    const intrinsic = (args.to ? 21_000n : 53_000n) + calldataGas(args.input);
    if (!args.to) return { output: '0x', gas: intrinsic + 32_000n + BigInt((args.input.length - 2) / 2) * 200n };
    const contract = state.contract(args.to);
    if (!contract) return { output: '0x', gas: intrinsic };
    const selector = args.input.slice(0, 10);
    const arg = (i: number) => args.input.slice(10 + i * 64, 10 + (i + 1) * 64);
    if (contract.ercType === 'ERC-20') {
      switch (selector) {
        case '0x06fdde03':
          return { output: abiString(contract.name ?? ''), gas: intrinsic + 3_000n };
        case '0x95d89b41':
          return { output: abiString(contract.symbol ?? ''), gas: intrinsic + 3_000n };
        case '0x313ce567':
          return { output: word(BigInt(contract.decimals ?? 18)), gas: intrinsic + 2_500n };
        case '0x18160ddd':
          return { output: word(state.tokenSupply(args.to, n)), gas: intrinsic + 2_500n };
        case '0x70a08231':
          if (arg(0).length !== 64) throw REVERT();
          return { output: word(state.tokenBalance(args.to, `0x${arg(0).slice(24)}`, n)), gas: intrinsic + 2_900n };
        case '0xa9059cbb': {
          if (arg(1).length !== 64) throw REVERT();
          if (state.tokenBalance(args.to, from, n) < BigInt(`0x${arg(1)}`)) throw REVERT();
          return { output: word(1n), gas: intrinsic + 29_000n };
        }
      }
    }
    throw REVERT();
  };

  const blockMethods = evmBlockMethods(nw, blockchainId);
  /** A transaction the pool mined, as eth_getTransactionBy* writes it: its place and price from its receipt. */
  const minedTransaction = (hash: string) => {
    const s = state.minedTx(hash);
    const r = s && state.receipt(s.hash);
    if (!s || !r) return null;
    return {
      blockHash: r.blockHash,
      blockNumber: r.blockNumber,
      transactionIndex: r.transactionIndex,
      hash: s.hash,
      from: s.from,
      to: s.to,
      value: q(s.value),
      gas: q(s.gas),
      gasPrice: r.effectiveGasPrice,
      nonce: q(s.nonce),
      input: s.input,
      type: r.type,
      chainId: q(state.chainId),
      ...(r.type === '0x2' ? { maxFeePerGas: q(s.maxFee), maxPriorityFeePerGas: q(s.tip) } : {}),
    };
  };
  /**
   * A block the live clock added above the world's, with what the pool mined in it
   * (../world/evm-live.ts: the Data API serves the same blocks, so both name the same head).
   */
  const liveBlock = (n: number): WorldBlock | undefined => {
    if (n <= state.worldHead || n > state.head()) return undefined;
    const txs = state.minedIn(n).map((t) => ({ txHash: t.hash, gasUsed: BigInt(state.receipt(t.hash)!.gasUsed as string) }));
    return liveEvmBlock(world, nw.seed, n, { txs, baseFee: state.baseFee(n) });
  };
  /** The live block a number or tag names: "latest" is the head now, never the world's head behind it. */
  const liveByNumber = (params: unknown[], arity: number): WorldBlock | undefined => {
    for (let i = 0; i < arity; i++) required(params[i], String(i));
    const ref = params[0] as BlockRef;
    if ('tag' in ref) return ref.tag === 'latest' ? liveBlock(state.head()) : undefined;
    return 'number' in ref && ref.number <= BigInt(state.head()) ? liveBlock(Number(ref.number)) : undefined;
  };
  const liveByHash = (hash: unknown) => {
    const n = state.blockNumberOf(hash as string);
    return n === undefined ? undefined : liveBlock(n);
  };
  const count = (b: WorldBlock | undefined) => (b ? q(b.txs.length) : null);
  const liveTxAt = (b: WorldBlock | undefined, i: unknown) => {
    const tx = b?.txs[i as number];
    return tx ? minedTransaction(tx.txHash) : null;
  };
  return {
    // Blocks, transactions and receipts of the world's blocks (./evm-blocks.ts); the live clock's blocks and what the pool mined in them, here.
    ...blockMethods,
    eth_getBlockByNumber: {
      ...blockMethods.eth_getBlockByNumber,
      call: (params) => {
        const b = liveByNumber(params, 2);
        return b ? nodeBlock(b) : blockMethods.eth_getBlockByNumber.call(params);
      },
    },
    eth_getBlockByHash: {
      ...blockMethods.eth_getBlockByHash,
      call: (params) => {
        const found = blockMethods.eth_getBlockByHash.call(params);
        if (found) return found;
        const b = liveByHash(params[0]);
        return b ? nodeBlock(b) : null;
      },
    },
    eth_getBlockTransactionCountByNumber: {
      ...blockMethods.eth_getBlockTransactionCountByNumber,
      call: (params) => {
        const b = liveByNumber(params, 1);
        return b ? count(b) : blockMethods.eth_getBlockTransactionCountByNumber.call(params);
      },
    },
    eth_getBlockTransactionCountByHash: {
      ...blockMethods.eth_getBlockTransactionCountByHash,
      call: (params) => blockMethods.eth_getBlockTransactionCountByHash.call(params) ?? count(liveByHash(params[0])),
    },
    eth_getTransactionByBlockNumberAndIndex: {
      ...blockMethods.eth_getTransactionByBlockNumberAndIndex,
      call: (params) => {
        const b = liveByNumber(params, 2);
        return b ? liveTxAt(b, params[1]) : blockMethods.eth_getTransactionByBlockNumberAndIndex.call(params);
      },
    },
    eth_getTransactionByBlockHashAndIndex: {
      ...blockMethods.eth_getTransactionByBlockHashAndIndex,
      call: (params) => blockMethods.eth_getTransactionByBlockHashAndIndex.call(params) ?? liveTxAt(liveByHash(params[0]), params[1]),
    },
    eth_getTransactionByHash: {
      ...blockMethods.eth_getTransactionByHash,
      call: (params) => blockMethods.eth_getTransactionByHash.call(params) ?? minedTransaction(params[0] as string),
    },
    eth_chainId: { arity: 0, call: () => q(state.chainId) },
    eth_blockNumber: { arity: 0, call: () => q(state.head()) },
    eth_baseFee: { arity: 0, call: () => q(state.baseFee(state.head() + 1)) },
    eth_maxPriorityFeePerGas: { arity: 0, call: () => q(state.suggestedTip()) },
    eth_gasPrice: { arity: 0, call: () => q(state.baseFee(state.head() + 1) + state.suggestedTip()) },
    eth_feeHistory: {
      arity: 3,
      param: (i, v) => {
        if (i === 0) {
          // math.HexOrDecimal64: a JSON number, or a string of digits or 0x hex.
          const text = v instanceof JsonNumber ? v.text : typeof v === 'string' ? v : undefined;
          if (text === undefined) throw new Error(`json: cannot unmarshal ${jsonKind(v)} into Go value of type math.HexOrDecimal64`);
          if (!/^(0[xX][0-9a-fA-F]{1,16}|\d{1,20})$/.test(text) || BigInt(text) >= 1n << 64n)
            throw new Error(`invalid hex or decimal integer ${text}`);
          return BigInt(text);
        }
        if (i === 1) return blockNumberText(stringParam(v));
        if (!Array.isArray(v)) throw new Error(`json: cannot unmarshal ${jsonKind(v)} into Go value of type []float64`);
        return v.map((p) => {
          if (!(p instanceof JsonNumber)) throw new Error(`json: cannot unmarshal ${jsonKind(p)} into Go value of type float64`);
          return Number(p.text);
        });
      },
      call: ([count, newest, percentiles]) => {
        const blocksAsked = required(count, 'blockCount') as bigint;
        const ref = required(newest, 'lastBlock') as BlockRef;
        const p = (percentiles ?? []) as number[];
        p.forEach((v, i) => {
          if (v < 0 || v > 100) throw new GethError(-32000, `invalid reward percentile: ${v}`);
          if (i > 0 && v <= p[i - 1]!) throw new GethError(-32000, `invalid reward percentile: #${i - 1}:${p[i - 1]} >= #${i}:${v}`);
        });
        if (blocksAsked === 0n) return { oldestBlock: '0x0', baseFeePerGas: [], gasUsedRatio: [] };
        let last: number;
        if ('tag' in ref) last = ref.tag === 'earliest' ? 0 : state.head();
        else if ('number' in ref) {
          if (ref.number > BigInt(state.head()))
            throw new GethError(-32000, `request beyond head block: requested ${ref.number}, head ${state.head()}`);
          last = Number(ref.number);
        } else last = state.head();
        const count2 = Number(blocksAsked > BigInt(MAX_FEE_HISTORY) ? BigInt(MAX_FEE_HISTORY) : blocksAsked);
        const oldest = Math.max(0, last - count2 + 1);
        const numbers = Array.from({ length: last - oldest + 1 }, (_, i) => oldest + i);
        const reward = numbers.map((n) => {
          const tips = state.tips(n);
          if (tips.length === 0) return p.map(() => '0x0');
          const total = tips.reduce((s, t) => s + t.gas, 0n);
          return p.map((pct) => {
            // The tip of the transaction where the block's gas, sorted by tip, reaches the percentile.
            const threshold = (Number(total) * pct) / 100;
            let sum = 0;
            for (const t of tips) {
              sum += Number(t.gas);
              if (sum >= threshold) return q(t.tip);
            }
            return q(tips.at(-1)!.tip);
          });
        });
        return {
          oldestBlock: q(oldest),
          ...(p.length > 0 ? { reward } : {}),
          baseFeePerGas: [...numbers, last + 1].map((n) => q(state.baseFee(n))),
          gasUsedRatio: numbers.map((n) => state.gasUsedRatio(n)),
        };
      },
    },
    eth_getLogs: {
      arity: 1,
      param: (_i, v) => {
        if (!(v instanceof JsonObject))
          throw new Error(`json: cannot unmarshal ${jsonKind(v)} into Go value of type filters.FilterCriteria`);
        const get = (name: string) => {
          const m = member(v, name);
          return m && m.value !== null ? m.value : undefined;
        };
        const blockHash = get('blockHash');
        const fromBlock = get('fromBlock');
        const toBlock = get('toBlock');
        if (blockHash !== undefined && (fromBlock !== undefined || toBlock !== undefined))
          throw new Error('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
        const addr = get('address');
        const addresses = addr === undefined ? [] : Array.isArray(addr) ? addr.map((a) => address(a)) : [address(addr)];
        const topicsRaw = get('topics');
        if (topicsRaw !== undefined && !Array.isArray(topicsRaw)) throw new Error('invalid topic(s)');
        const topics = (topicsRaw ?? []).map((t) => {
          if (t === null) return [];
          if (typeof t === 'string') return [hashText(t)];
          if (Array.isArray(t)) return t.map((x) => (x === null ? '' : hashText(stringParam(x)))).filter((x) => x !== '');
          throw new Error('invalid topic(s)');
        });
        return {
          blockHash: blockHash === undefined ? undefined : hashText(stringParam(blockHash)),
          from: fromBlock === undefined ? undefined : blockNumberText(stringParam(fromBlock)),
          to: toBlock === undefined ? undefined : blockNumberText(stringParam(toBlock)),
          addresses,
          topics,
        };
      },
      call: ([criteria]) => {
        const c = required(criteria, 'crit') as {
          blockHash?: string;
          from?: BlockRef;
          to?: BlockRef;
          addresses: string[];
          topics: string[][];
        };
        if (c.topics.length > 4) throw new GethError(-32000, 'exceed max topics');
        let from: number;
        let to: number;
        if (c.blockHash) {
          const n = state.blockNumberOf(c.blockHash);
          if (n === undefined) throw new GethError(-32000, 'unknown block');
          from = to = n;
        } else {
          const resolve = (r: BlockRef | undefined) =>
            !r || 'tag' in r ? (r && 'tag' in r && r.tag === 'earliest' ? 0 : state.head()) : Number((r as { number: bigint }).number);
          from = resolve(c.from);
          to = resolve(c.to);
          if (from > to) throw new GethError(-32000, 'invalid block range params');
          if (from > state.head()) return [];
        }
        return state
          .logs(from, to)
          .filter((l) => c.addresses.length === 0 || c.addresses.includes(l.address))
          .filter((l) => c.topics.every((alternatives, i) => alternatives.length === 0 || alternatives.includes(l.topics[i] ?? '')))
          .map(logJson);
      },
    },
    eth_call: {
      arity: 3,
      param: (i, v) => (i === 0 ? callArgs(v) : i === 1 ? blockNumberOrHash(v) : v),
      call: ([args, ref]) => run(required(args, 'args') as CallArgs, at(ref as BlockRef | undefined)).output,
    },
    eth_estimateGas: {
      arity: 3,
      param: (i, v) => (i === 0 ? callArgs(v) : i === 1 ? blockNumberOrHash(v) : v),
      call: ([args, ref]) => {
        const a = required(args, 'args') as CallArgs;
        const { gas } = run(a, at(ref as BlockRef | undefined));
        if (a.gas !== undefined && a.gas < gas) throw new GethError(-32000, `gas required exceeds allowance (${a.gas})`);
        return q(gas);
      },
    },
    eth_getBalance: {
      arity: 2,
      param: (i, v) => (i === 0 ? address(v) : block(i, v)),
      call: ([a, ref]) => q(state.balanceAt(required(a, 'address') as string, at(required(ref, 'blockNrOrHash') as BlockRef))),
    },
    eth_getTransactionCount: {
      arity: 2,
      param: (i, v) => (i === 0 ? address(v) : block(i, v)),
      call: ([a, ref]) => {
        const who = required(a, 'address') as string;
        const r = required(ref, 'blockNrOrHash') as BlockRef;
        return q(state.nonceAt(who, at(r)));
      },
    },
    eth_getCode: {
      arity: 2,
      param: (i, v) => (i === 0 ? address(v) : block(i, v)),
      call: ([a, ref]) => {
        at(required(ref, 'blockNrOrHash') as BlockRef);
        return state.codeOf(required(a, 'address') as string);
      },
    },
    eth_getStorageAt: {
      arity: 3,
      param: (i, v) => (i === 0 ? address(v) : i === 1 ? stringParam(v) : block(i, v)),
      call: ([a, key, ref]) => {
        const slot = storageKey(required(key, 'hexKey') as string);
        at(required(ref, 'blockNrOrHash') as BlockRef);
        return state.storageAt(required(a, 'address') as string, slot);
      },
    },
    eth_getProof: {
      arity: 3,
      param: (i, v) => {
        if (i === 0) return address(v);
        if (i === 2) return block(i, v);
        if (!Array.isArray(v)) throw new Error(`json: cannot unmarshal ${jsonKind(v)} into Go value of type []string`);
        return v.map(stringParam);
      },
      call: ([a, keys, ref]) => {
        const who = required(a, 'address') as string;
        const slots = ((keys ?? []) as string[]).map((k) => ({ key: k, slot: storageKey(k) }));
        const n = at(required(ref, 'blockNrOrHash') as BlockRef);
        const code = state.codeOf(who);
        const isContract = code !== '0x';
        const node = (label: string) => `0x${sha(label).toString('hex')}${sha(`${label}:2`).toString('hex')}`;
        return {
          address: who,
          accountProof: [0, 1, 2].map((i) => node(`proof:${state.chainId}:${n}:${who}:${i}`)),
          balance: q(state.balanceAt(who, n)),
          codeHash: isContract ? keccakHex(code) : EMPTY_CODE_HASH,
          nonce: q(state.nonceAt(who, n)),
          storageHash: isContract ? `0x${sha(`storage-root:${state.chainId}:${who}:${n}`).toString('hex')}` : EMPTY_ROOT,
          storageProof: slots.map(({ key, slot }) => {
            const value = BigInt(state.storageAt(who, slot));
            return {
              key,
              value: q(value),
              proof: value === 0n ? [] : [0, 1].map((i) => node(`storage-proof:${state.chainId}:${who}:${slot}:${i}`)),
            };
          }),
        };
      },
    },
    eth_getTransactionReceipt: {
      ...blockMethods.eth_getTransactionReceipt,
      // A transaction of the world's blocks, else one the pool mined since.
      call: (params) => blockMethods.eth_getTransactionReceipt.call(params) ?? state.receipt(params[0] as string),
    },
    eth_sendRawTransaction: {
      arity: 1,
      param: (_i, v) => bytes(v),
      call: async ([raw]) => {
        try {
          return await state.submit(required(raw, 'input') as string);
        } catch (error) {
          throw new GethError(-32000, (error as Error).message);
        }
      },
    },
  };
}
