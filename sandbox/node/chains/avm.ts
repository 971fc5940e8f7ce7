/**
 * The X-Chain as the sandbox node holds it: the world's X transactions as signed AVM
 * transactions (codec bytes and the node's JSON), the linear blocks after Cortina (one per
 * transaction, with dense heights; ids are the Data API's block hashes) and the DAG vertices
 * before it.
 */
import { createHash } from 'node:crypto';
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../../src/base/ids.js';
import type { XChainTransaction, XChainUtxo } from '../../../src/upstreams/data-api/transaction.js';
import {
  baseTx,
  credential,
  NFT_FX_ID,
  SECP_FX_ID,
  signedTx,
  signature,
  transferableInput,
  transferableOutput,
  transferOutput,
  addressBytes,
} from './avax.js';
import { bytes, embed, encode, fixed, iface, id, jsonOnly, list, str, struct, u32, u64, u8, type CodecNode } from './codec.js';
import type { SandboxWorld } from '../../world/types.js';

/** AVM codec type ids (txs, then the secp256k1fx, nftfx and propertyfx types, then the block). */
const AVM = {
  baseTx: 0,
  createAssetTx: 1,
  operationTx: 2,
  importTx: 3,
  exportTx: 4,
  nftTransferOutput: 11,
  nftCredential: 14,
  nftTransferOp: 13,
  block: 20,
} as const;
const SECP_CREDENTIAL = 9;

export interface NodeTx {
  id: string;
  time: number;
  node: CodecNode;
  /** Codec bytes with the codec version, without the checksum. */
  bytes: Buffer;
}

export interface NodeBlock {
  id: string;
  parentId: string;
  height: number;
  time: number;
  node: CodecNode;
  bytes: Buffer;
}

/** A container of the index: a vertex, here. */
export interface Vertex {
  id: string;
  time: number;
  bytes: Buffer;
}

export interface AvmChain {
  txs: NodeTx[];
  txById: Map<string, NodeTx>;
  blocks: NodeBlock[];
  blockById: Map<string, NodeBlock>;
  vertices: Vertex[];
}

const EMPTY_ID = PRIMARY_NETWORK_ID;

/**
 * A block made after the world's last, named as avalanchego names a block: the sha256 of its
 * bytes. `body` gives the block's fields with the id given (a JSON-only member, absent from the
 * bytes), so the bytes are the same with and without it.
 */
export function madeBlock(
  typeId: number,
  parent: { id: string; height: number },
  time: number,
  body: (blockId?: string) => CodecNode,
): NodeBlock {
  const bytes = encode(iface(typeId, body()));
  const blockId = cb58Encode(createHash('sha256').update(bytes).digest());
  return { id: blockId, parentId: parent.id, height: parent.height + 1, time, node: body(blockId), bytes };
}

/**
 * An X-Chain block after `parent` with no transactions, as the live clock adds them
 * (sandbox/live.ts): the shape of the node's block, not the economics of a real one.
 */
export function emptyAvmBlock(parent: { id: string; height: number }, time: number): NodeBlock {
  return madeBlock(AVM.block, parent, time, (blockId) =>
    struct([
      ['parentID', id(parent.id)],
      ['height', u64(parent.height + 1)],
      ['time', u64(time)],
      ['merkleRoot', id(EMPTY_ID)],
      ['txs', list([])],
      ...(blockId ? [['id', jsonOnly(blockId)] as [string, CodecNode]] : []),
    ]),
  );
}

/** nftfx.TransferOutput: inside an operation it is concrete, in a list of outputs it is an interface (type 11). */
function nftOutputBody(u: XChainUtxo): CodecNode {
  return struct([
    ['groupID', u32(u.groupId ?? 0)],
    ['payload', bytes(Buffer.from((u.payload ?? '').replace(/^0x/, ''), 'hex'))],
    ['locktime', u64(u.locktime)],
    ['threshold', u32(u.threshold)],
    ['addresses', list(u.addresses.map((a) => fixed(addressBytes(a), `X-${a}`)))],
  ]);
}

function output(u: XChainUtxo): CodecNode {
  return transferOutput(BigInt(u.asset.amount), { locktime: u.locktime, threshold: u.threshold, addresses: u.addresses }, 'X');
}

function signatureOf(u: XChainUtxo, txId: string): Uint8Array {
  const b64 = u.credentials?.[0]?.signature;
  return b64 ? Buffer.from(b64, 'base64') : signature(`${txId}:${u.utxoId}`);
}

/** One world X transaction as the AVM's signed transaction. */
function avmTx(world: SandboxWorld, tx: XChainTransaction): NodeTx {
  const x = world.chainIds.x;
  const isNft = (u: XChainUtxo) => u.groupId !== undefined;
  const consumed = tx.consumedUtxos;
  const local = consumed.filter((u) => u.createdOnChainId === x && !isNft(u));
  const imported = consumed.filter((u) => u.createdOnChainId !== x);
  const nftIn = consumed.filter((u) => u.createdOnChainId === x && isNft(u));
  const created = tx.txType === 'CreateAssetTx' ? tx.txHash : undefined;
  const stays = tx.emittedUtxos.filter((u) => u.consumedOnChainId === x);
  const outs = stays.filter((u) => !isNft(u) && u.asset.assetId !== created);
  const exported = tx.emittedUtxos.filter((u) => u.consumedOnChainId !== x);
  const initial = stays.filter((u) => u.asset.assetId === created);
  const nftOut = stays.filter((u) => isNft(u) && u.asset.assetId !== created);

  const inputs = local.map((u) => transferableInput(u.creationTxHash, Number(u.outputIndex), u.asset.assetId, BigInt(u.asset.amount)));
  const base = baseTx(
    world.network,
    x,
    outs.map((u) => transferableOutput(u.asset.assetId, output(u))),
    inputs,
    tx.memo,
  );
  const creds = [...local, ...imported].map((u) =>
    struct([
      ['fxID', jsonOnly(SECP_FX_ID)],
      ['credential', credential(SECP_CREDENTIAL, [signatureOf(u, tx.txHash)])],
    ]),
  );

  let typeId: number;
  let unsigned: CodecNode;
  if (tx.txType === 'CreateAssetTx') {
    const asset = tx.assetCreated!;
    const nft = asset.type === 'nft';
    typeId = AVM.createAssetTx;
    unsigned = struct([
      embed(base.node),
      ['name', str(asset.name)],
      ['symbol', str(asset.symbol)],
      ['denomination', u8(asset.denomination)],
      [
        'initialStates',
        list([
          struct([
            ['fxIndex', u32(nft ? 1 : 0)],
            ['fxID', jsonOnly(nft ? NFT_FX_ID : SECP_FX_ID)],
            ['outputs', list(initial.map((u) => (nft ? iface(AVM.nftTransferOutput, nftOutputBody(u)) : output(u))))],
          ]),
        ]),
      ],
    ]);
  } else if (nftIn.length > 0) {
    // NFTs move by operation, whatever the Data API calls the transaction.
    typeId = AVM.operationTx;
    const ops = nftIn.map((u, i) =>
      struct([
        ['assetID', id(u.asset.assetId)],
        [
          'inputIDs',
          list([
            struct([
              ['txID', id(u.creationTxHash)],
              ['outputIndex', u32(Number(u.outputIndex))],
            ]),
          ]),
        ],
        ['fxID', jsonOnly(NFT_FX_ID)],
        [
          'operation',
          iface(
            AVM.nftTransferOp,
            struct([
              ['input', struct([['signatureIndices', list([u32(0)])]])],
              ['output', nftOutputBody(nftOut[i] ?? u)],
            ]),
          ),
        ],
      ]),
    );
    unsigned = struct([embed(base.node), ['operations', list(ops)]]);
    creds.push(
      ...nftIn.map((u) =>
        struct([
          ['fxID', jsonOnly(NFT_FX_ID)],
          ['credential', credential(AVM.nftCredential, [signatureOf(u, tx.txHash)])],
        ]),
      ),
    );
  } else if (tx.txType === 'ImportTx') {
    typeId = AVM.importTx;
    unsigned = struct([
      embed(base.node),
      ['sourceChain', id(tx.sourceChain!)],
      [
        'importedInputs',
        list(imported.map((u) => transferableInput(u.creationTxHash, Number(u.outputIndex), u.asset.assetId, BigInt(u.asset.amount)))),
      ],
    ]);
  } else if (tx.txType === 'ExportTx') {
    typeId = AVM.exportTx;
    unsigned = struct([
      embed(base.node),
      ['destinationChain', id(tx.destinationChain!)],
      ['exportedOutputs', list(exported.map((u) => transferableOutput(u.asset.assetId, output(u))))],
    ]);
  } else {
    typeId = AVM.baseTx;
    unsigned = struct([embed(base.node)]);
  }
  const node = signedTx(typeId, unsigned, creds, tx.txHash);
  return { id: tx.txHash, time: tx.timestamp, node, bytes: encode(node) };
}

export function buildAvmChain(world: SandboxWorld): AvmChain {
  const txs = world.transactions.x.map((t) => avmTx(world, t));
  // The genesis CreateAssetTx is a transaction the node knows, though no block or index holds it.
  const txById = new Map([avmTx(world, world.genesisX), ...txs].map((t) => [t.id, t]));

  // After Cortina the chain is linear: the first block follows the last vertex.
  const blocks: NodeBlock[] = [];
  let parentId = world.vertices.at(-1)?.vertexHash ?? EMPTY_ID;
  for (const wire of world.transactions.x) {
    if (wire.chainFormat !== 'linear') continue;
    const tx = txById.get(wire.txHash)!;
    const height = blocks.length;
    // The world numbers linear blocks the way they are built here: a drift would break joins by height.
    if (height !== wire.blockHeight)
      throw new Error(`X-Chain block of ${wire.txHash} is at ${height}, the Data API says ${wire.blockHeight}`);
    const node = struct([
      ['parentID', id(parentId)],
      ['height', u64(height)],
      ['time', u64(wire.timestamp)],
      ['merkleRoot', id(EMPTY_ID)],
      ['txs', list([tx.node])],
      ['id', jsonOnly(wire.blockHash)],
    ]);
    blocks.push({ id: wire.blockHash, parentId, height, time: wire.timestamp, node, bytes: encode(iface(AVM.block, node)) });
    parentId = wire.blockHash;
  }

  const vertices = world.vertices.map((v) => {
    const body = struct([
      ['chainID', id(world.chainIds.x)],
      ['height', u64(v.vertexHeight)],
      ['epoch', u32(0)],
      ['parentIDs', list(v.parentHashes.map(id))],
      ['txs', list(v.transactions.map((h) => bytes(txById.get(h)!.bytes)))],
    ]);
    return { id: v.vertexHash, time: v.vertexTimestamp, bytes: encode(body) };
  });

  return { txs, txById, blocks, blockById: new Map(blocks.map((b) => [b.id, b])), vertices };
}
