/**
 * What the sandbox node's chain APIs share, answered from its view of the world
 * (chains/node-world.ts) with the node's results and error strings: byte encodings, times, blocks
 * by id or height, UTXO pages and addresses.
 */
import { bech32 } from '@scure/base';
import { encodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { cb58Encode } from '../../src/base/ids.js';
import type { NodeBlock, NodeTx } from './chains/avm.js';
import { idBytes, toJson } from './chains/codec.js';
import type { NodeWorld } from './chains/node-world.js';
import { RpcFailure, type Encoding, type GorillaMethod } from './gorilla.js';
import { goIdBytes, goLocalAddress } from './ids.js';
import { TIMELINE } from '../world/timeline.js';
import type { SandboxUtxo } from '../world/types.js';
import type { SandboxLive } from '../live.js';
import { sha } from '../random.js';

/** What the services need of the node beyond the world: its chain aliases (the BCLookup). */
export interface ChainLookup {
  lookup(alias: string): string | undefined;
}

export const NOW = TIMELINE.now;
export const MAX_PAGE = 1024;

/** formatting.Encode: hex with checksum (hex, hexc), without (hexnc); JSON is no byte encoding. */
export function encodeBytes(encoding: Encoding, bytes: Uint8Array): string {
  if (encoding === 'json') throw new RpcFailure('unsupported encoding in method');
  return encoding === 'hexnc' ? `0x${Buffer.from(bytes).toString('hex')}` : encodeHexWithChecksum(bytes);
}

/** time.Time as encoding/json writes it (RFC 3339 with nanoseconds, trailing zeros trimmed), in UTC. */
export function rfc3339Nano(seconds: number, nanos: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  const fraction = nanos === 0 ? '' : `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}`;
  return `${base}${fraction}Z`;
}

/** A stable sub-second part for a time the world only knows to the second. */
export const nanosOf = (label: string) => sha(`nanos:${label}`).readUInt32BE(0) % 1_000_000_000;

/**
 * A chain's blocks as the node serves them: the world's (dense heights from 0), then those the
 * live clock has made since (chains/node-world.ts), by height and by id.
 */
export function chainBlocks(nw: NodeWorld, chain: 'P' | 'X', live: SandboxLive | undefined) {
  const { blocks, blockById } = chain === 'P' ? nw.platform : nw.avm;
  const made = () => live?.newBlocks() ?? 0;
  return {
    height: () => String(blocks.length - 1 + made()),
    at(height: bigint): NodeBlock {
      if (height < BigInt(blocks.length)) return blocks[Number(height)]!;
      const n = height - BigInt(blocks.length);
      if (n >= BigInt(made())) throw new RpcFailure(`couldn't get block at height ${height}: not found`);
      return nw.madeBlock(chain, Number(n));
    },
    byId(id: string): NodeBlock {
      const found = blockById.get(id);
      if (found) return found;
      const n = nw.madeBlockNumber(chain, id, made());
      if (n === undefined) throw new RpcFailure(`couldn't get block with id ${id}: not found`);
      return nw.madeBlock(chain, n);
    },
  };
}

export const blockReply = (b: NodeBlock, encoding: Encoding) => ({
  block: encoding === 'json' ? toJson(b.node) : encodeBytes(encoding, b.bytes),
  encoding,
});

/** getHeight, getBlock and getBlockByHeight, the same on the P- and X-Chain. */
export function blockMethods(chain: ReturnType<typeof chainBlocks>): Record<'GetHeight' | 'GetBlock' | 'GetBlockByHeight', GorillaMethod> {
  return {
    GetHeight: { args: {}, call: () => ({ height: chain.height() }) },
    GetBlock: {
      args: { blockID: 'id', encoding: 'encoding' },
      call: ({ blockID, encoding }) => blockReply(chain.byId(blockID as string), encoding as Encoding),
    },
    GetBlockByHeight: {
      args: { height: 'uint64', encoding: 'encoding' },
      call: ({ height, encoding }) => blockReply(chain.at(height as bigint), encoding as Encoding),
    },
  };
}

// --- UTXOs (avm.getUTXOs, platform.getUTXOs) --------------------------------------------------

export interface UtxoArgs {
  addresses: string[];
  sourceChain: string;
  limit: bigint;
  startIndex: { address: string; utxo: string };
  encoding: Encoding;
}

/** Where the UTXOs a chain holds now are read: the node's mempool, which knows what accepted transactions spent and made. */
export type UtxoHolder = Pick<NodeWorld, 'utxos'>;

export function getUtxos(
  nw: NodeWorld,
  node: ChainLookup,
  held: UtxoHolder,
  chain: 'X' | 'P' | 'C',
  args: UtxoArgs,
  encodeError: (id: string, encoding: Encoding) => string,
) {
  const chainId = chainIdOf(nw, chain);
  if (args.addresses.length === 0) throw new RpcFailure('no addresses provided');
  if (args.addresses.length > MAX_PAGE)
    throw new RpcFailure(`number of addresses given, ${args.addresses.length}, exceeds maximum, ${MAX_PAGE}`);
  let source = chainId;
  if (args.sourceChain !== '') {
    const found = node.lookup(args.sourceChain);
    if (!found)
      throw new RpcFailure(`problem parsing source chainID "${args.sourceChain}": there is no ID with alias: ${args.sourceChain}`);
    source = found;
  }
  const addresses = new Set(args.addresses.map((a) => Buffer.from(parseAddress(nw, node, chain, a)).toString('hex')));
  let lastAddr = '00'.repeat(20);
  let lastUtxo = '00'.repeat(32);
  if (args.startIndex.address !== '' || args.startIndex.utxo !== '') {
    try {
      lastAddr = Buffer.from(parseAddress(nw, node, chain, args.startIndex.address)).toString('hex');
    } catch (error) {
      throw new RpcFailure(`couldn't parse start index address "${args.startIndex.address}": ${(error as Error).message}`);
    }
    try {
      lastUtxo = Buffer.from(goIdBytes(args.startIndex.utxo)).toString('hex');
    } catch (error) {
      throw new RpcFailure(`couldn't parse start index utxo: ${(error as Error).message}`);
    }
  }
  let limit = Number(args.limit);
  if (limit <= 0 || limit > MAX_PAGE) limit = MAX_PAGE;

  // avax.GetPaginatedUTXOs: addresses in byte order from the start address, each one's UTXO ids
  // in byte order after the start UTXO; the end index is the last address and UTXO looked at.
  const set = held.utxos(chainId, source);
  const searchSize = limit;
  const seen = new Set<string>();
  const found: SandboxUtxo[] = [];
  outer: for (const addr of [...addresses].sort()) {
    if (addr < lastAddr) continue;
    const start = addr === lastAddr ? lastUtxo : '00'.repeat(32);
    lastAddr = addr;
    const ids = (set.byAddress.get(addr) ?? []).filter((u) => idHex(u.id) > start).slice(0, searchSize);
    for (const u of ids) {
      lastUtxo = idHex(u.id);
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      found.push(u);
      if (--limit <= 0) break outer;
    }
  }
  const utxos = found.map((u) => {
    try {
      return encodeBytes(args.encoding, nw.utxoBytes(u));
    } catch (error) {
      throw new RpcFailure(`${encodeError(u.id, args.encoding)}: ${(error as Error).message}`);
    }
  });
  return {
    numFetched: String(found.length),
    utxos,
    endIndex: {
      address: `${chain}-${bech32.encode(nw.world.hrp, bech32.toWords(Buffer.from(lastAddr, 'hex')))}`,
      utxo: cb58Encode(Buffer.from(lastUtxo, 'hex')),
    },
    encoding: args.encoding,
  };
}

export const idHex = (id: string) => idBytes(id).toString('hex');

/** The blockchain id of a Primary Network chain of the world. */
export const chainIdOf = (nw: NodeWorld, chain: 'X' | 'P' | 'C'): string =>
  chain === 'X' ? nw.world.chainIds.x : chain === 'P' ? nw.world.chainIds.p : nw.world.chainIds.c;

export function parseAddress(nw: NodeWorld, node: ChainLookup, chain: 'X' | 'P' | 'C', address: string): Uint8Array {
  try {
    return goLocalAddress(address, {
      id: chainIdOf(nw, chain),
      hrp: nw.world.hrp,
      lookup: (a) => node.lookup(a),
    });
  } catch (error) {
    throw new RpcFailure(`couldn't parse address "${address}": ${(error as Error).message}`);
  }
}

/** Regular UTXOs (created on the chain) of one address, as the address index holds them. */
export function utxosOf(held: UtxoHolder, chainId: string, address: Uint8Array): SandboxUtxo[] {
  return held.utxos(chainId, chainId).byAddress.get(Buffer.from(address).toString('hex')) ?? [];
}

export const txReply = (tx: NodeTx, encoding: Encoding) => ({
  tx: encoding === 'json' ? toJson(tx.node) : encodeBytes(encoding, tx.bytes),
  encoding,
});

/** A stable percentage from `low` to 100 for a label (uptimes, connection shares). */
export const percent = (label: string, low: number) =>
  Math.fround(low + (sha(label).readUInt16BE(0) % Math.round((100 - low) * 100)) / 100);
