/**
 * UTXOs as the node holds them: read from their bytes, each kept once, and summed into balances.
 * Nothing here calls an upstream or knows GraphQL.
 */
import { decodeHexWithChecksum, decodeUtxo, type DecodedUtxo } from '../base/avax-codec.js';
import { NETWORK_HRP, type NetworkName } from '../base/ids.js';
import { InvalidResponseError } from '../upstreams/errors.js';

/** A UTXO of the X-Chain (or waiting in its shared memory, exported by `sourceChain`), read from its bytes. */
export type NodeUtxo = DecodedUtxo & { network: NetworkName; bytes: string; sourceChain: string | null };

/** Which node method sent UTXOs, and so which chain's alias their addresses take. */
export type UtxoSource = 'avm.getUTXOs' | 'platform.getUTXOs' | 'platform.getRewardUTXOs';

const ALIAS: Record<UtxoSource, string> = { 'avm.getUTXOs': 'X', 'platform.getUTXOs': 'P', 'platform.getRewardUTXOs': 'P' };

/** A UTXO the node sent as hex; one that does not decode is an answer the node should not give. */
export function decodeNodeUtxo(
  network: NetworkName,
  hex: string,
  sourceChain: string | null,
  method: UtxoSource = 'avm.getUTXOs',
): NodeUtxo {
  try {
    return { ...decodeUtxo(decodeHexWithChecksum(hex), NETWORK_HRP[network], ALIAS[method]), network, bytes: hex, sourceChain };
  } catch (cause) {
    throw new InvalidResponseError(200, `${method} sent a UTXO that does not decode (${(cause as Error).message})`, {
      service: 'node',
      operation: method,
      cause,
    });
  }
}

/**
 * The UTXOs of one avm.getUTXOs (or platform.getUTXOs) page that `seen` does not hold yet, decoded,
 * and recorded in it: the node may send a UTXO owned by several of the addresses asked more than once.
 */
export function newUtxos(
  network: NetworkName,
  page: readonly string[],
  sourceChain: string | null,
  seen: Set<string>,
  method: UtxoSource = 'avm.getUTXOs',
): NodeUtxo[] {
  const utxos: NodeUtxo[] = [];
  for (const hex of page) {
    const utxo = decodeNodeUtxo(network, hex, sourceChain, method);
    if (seen.has(utxo.utxoId)) continue;
    seen.add(utxo.utxoId);
    utxos.push(utxo);
  }
  return utxos;
}

/** What UTXOs hold of one asset. */
export interface Balance {
  network: NetworkName;
  assetId: string;
  unlocked: bigint;
  locked: bigint;
  utxoCount: number;
}

/** Balances per asset, summed from UTXOs: locked until a locktime after `now` (Unix seconds), else unlocked. */
export class Balances {
  private readonly byAsset = new Map<string, Balance>();

  constructor(
    private readonly network: NetworkName,
    private readonly now: bigint,
  ) {}

  /** Adds UTXOs that hold an amount (an NFT holds none). */
  add(utxos: readonly NodeUtxo[]): void {
    for (const u of utxos) {
      if (u.amount === undefined) continue;
      let entry = this.byAsset.get(u.assetId);
      if (!entry)
        this.byAsset.set(u.assetId, (entry = { network: this.network, assetId: u.assetId, unlocked: 0n, locked: 0n, utxoCount: 0 }));
      if (BigInt(u.locktime ?? '0') > this.now) entry.locked += BigInt(u.amount);
      else entry.unlocked += BigInt(u.amount);
      entry.utxoCount += 1;
    }
  }

  /** The balances by asset id. */
  list(): Balance[] {
    return [...this.byAsset.values()].sort((a, b) => (a.assetId < b.assetId ? -1 : 1));
  }
}
