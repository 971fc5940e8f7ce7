/**
 * avm.* at /ext/bc/X: the X-Chain's transactions, blocks, assets, UTXOs, balances and fees.
 */
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { NodeWorld } from './chains/node-world.js';
import type { SandboxLive } from '../live.js';
import { RpcFailure, type Encoding, type GorillaMethod, type ServiceFor } from './gorilla.js';
import { goIdBytes } from './ids.js';
import { CREATE_ASSET_TX_FEE, TX_FEE } from '../world/timeline.js';
import { issueMethods, type Mempool } from './issued.js';
import { blockMethods, chainBlocks, getUtxos, NOW, parseAddress, txReply, utxosOf, type ChainLookup, type UtxoArgs } from './common.js';

export function avmService(nw: NodeWorld, node: ChainLookup, mempool: Mempool, live?: SandboxLive): ServiceFor<'avm'> {
  const { world, avm } = nw;
  const chain = chainBlocks(nw, 'X', live);
  const x = world.chainIds.x;
  const lookupAsset = (asset: string): string => {
    if (asset === 'AVAX') return world.avaxAssetId;
    try {
      return cb58Encode(goIdBytes(asset));
    } catch {
      throw new RpcFailure(`asset '${asset}' not found`);
    }
  };
  /** The secp256k1 UTXOs a balance counts: held alone and unlocked, unless partial holdings are asked for. */
  const spendable = (address: string, includePartial: boolean) => {
    let owner: Uint8Array;
    try {
      owner = parseAddress(nw, node, 'X', address);
    } catch (error) {
      throw new RpcFailure(`problem parsing address '${address}': ${(error as Error).message}`);
    }
    return utxosOf(mempool, x, owner).filter(
      (u) => u.groupId === undefined && (includePartial || (u.owners.length === 1 && u.locktime <= BigInt(NOW))),
    );
  };
  const nilId = (txID: string) => {
    if (txID === PRIMARY_NETWORK_ID) throw new RpcFailure('nil transaction ID');
  };

  const txStatus: GorillaMethod = {
    args: { txID: 'id' },
    call: ({ txID }) => {
      nilId(txID as string);
      return { status: avm.txById.has(txID as string) ? 'Accepted' : 'Unknown' };
    },
  };

  return {
    ...blockMethods(chain),
    ...issueMethods(mempool, 'X', txStatus),
    GetTx: {
      args: { txID: 'id', encoding: 'encoding' },
      call: ({ txID, encoding }) => {
        nilId(txID as string);
        const tx = avm.txById.get(txID as string);
        if (!tx) throw new RpcFailure('not found');
        return txReply(tx, encoding as Encoding);
      },
    },
    GetTxFee: { args: {}, call: () => ({ txFee: String(TX_FEE), createAssetTxFee: String(CREATE_ASSET_TX_FEE) }) },
    GetAssetDescription: {
      args: { assetID: 'string' },
      call: ({ assetID }) => {
        const id = lookupAsset(assetID as string);
        const asset = world.assets.get(id);
        if (!asset) {
          if (avm.txById.has(id)) throw new RpcFailure("transaction doesn't create an asset");
          throw new RpcFailure('not found');
        }
        return { assetID: id, name: asset.name, symbol: asset.symbol, denomination: String(asset.denomination) };
      },
    },
    GetUTXOs: {
      args: {
        addresses: 'strings',
        sourceChain: 'string',
        limit: 'uint32',
        startIndex: { address: 'string', utxo: 'string' },
        encoding: 'encoding',
      },
      call: (args) => getUtxos(nw, node, mempool, 'X', args as unknown as UtxoArgs, (id) => `couldn't encode UTXO ${id} as string`),
    },
    GetBalance: {
      args: { address: 'string', assetID: 'string', includePartial: 'bool' },
      call: ({ address, assetID, includePartial }) => {
        const utxos = spendable(address as string, includePartial as boolean);
        const id = lookupAsset(assetID as string);
        const mine = utxos.filter((u) => u.assetId === id);
        return {
          balance: String(mine.reduce((s, u) => s + u.amount, 0n)),
          utxoIDs: mine.map((u) => ({ txID: u.txId, outputIndex: u.outputIndex })),
        };
      },
    },
    GetAllBalances: {
      args: { address: 'string', includePartial: 'bool' },
      call: ({ address, includePartial }) => {
        const totals = new Map<string, bigint>();
        for (const u of spendable(address as string, includePartial as boolean))
          totals.set(u.assetId, (totals.get(u.assetId) ?? 0n) + u.amount);
        return {
          balances: [...totals].map(([asset, balance]) => ({
            asset: asset === world.avaxAssetId ? 'AVAX' : asset,
            balance: String(balance),
          })),
        };
      },
    },
  };
}
