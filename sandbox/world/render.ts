/**
 * The Data API's wire shapes of the finished world: one UTXO looks different on each chain, so
 * the history keeps its own model and renders the listings, indexes and UTXO sets at the end.
 */
import { cb58Encode } from '../../src/base/ids.js';
import type { AssetAmount } from '../../src/upstreams/data-api/wire.js';
import type {
  CChainAtomicTransaction,
  PChainTransaction,
  PChainUtxo,
  XChainTransaction,
  XChainUtxo,
} from '../../src/upstreams/data-api/transaction.js';
import { sha } from '../random.js';
import type { Builder, Output, Tx } from './builder.js';
import { TIMELINE } from './timeline.js';
import type { SandboxUtxo, SandboxWorld } from './types.js';

export function assetAmount(b: Builder, assetId: string, amount: bigint): AssetAmount {
  const asset = b.assets.get(assetId)!;
  return { assetId, name: asset.name, symbol: asset.symbol, denomination: asset.denomination, type: asset.type, amount: String(amount) };
}

function sums(b: Builder, outputs: readonly Output[]): AssetAmount[] {
  const totals = new Map<string, bigint>();
  for (const o of outputs) totals.set(o.assetId, (totals.get(o.assetId) ?? 0n) + o.amount);
  return [...totals].map(([id, amount]) => assetAmount(b, id, amount));
}

function pUtxo(b: Builder, o: Output): PChainUtxo {
  return {
    addresses: o.addresses,
    asset: assetAmount(b, o.assetId, o.amount),
    consumedOnChainId: o.spendOn,
    ...(o.spentBy ? { consumingTxHash: o.spentBy.txHash } : {}),
    createdOnChainId: o.createdOn,
    utxoId: o.id,
    utxoBytes: o.bytes,
    amount: String(o.amount),
    assetId: o.assetId,
    blockNumber: o.createdBlock,
    blockTimestamp: o.createdTime,
    ...(o.spentBy ? { consumingBlockNumber: o.spentBy.block, consumingBlockTimestamp: o.spentBy.time } : {}),
    platformLocktime: o.locktime,
    outputIndex: o.outputIndex,
    ...(o.rewardType ? { rewardType: o.rewardType } : {}),
    stakeableLocktime: 0,
    staked: o.kind === 'STAKE',
    threshold: o.threshold,
    txHash: o.txHash,
    ...(o.stakeStart !== undefined ? { utxoStartTimestamp: o.stakeStart, utxoEndTimestamp: o.stakeEnd } : {}),
    utxoType: o.kind,
  };
}

function xUtxo(b: Builder, o: Output): XChainUtxo {
  return {
    addresses: o.addresses,
    asset: assetAmount(b, o.assetId, o.amount),
    consumedOnChainId: o.spendOn,
    ...(o.spentBy ? { consumingTxHash: o.spentBy.txHash, consumingTxTimestamp: o.spentBy.time } : {}),
    createdOnChainId: o.createdOn,
    utxoId: o.id,
    utxoBytes: o.bytes,
    creationTxHash: o.txHash,
    ...(o.spentBy ? { credentials: [{ signature: o.spentBy.signature, publicKey: o.spentBy.publicKey }] } : {}),
    ...(o.groupId !== undefined ? { groupId: o.groupId } : {}),
    locktime: o.locktime,
    outputIndex: String(o.outputIndex),
    ...(o.payload !== undefined ? { payload: o.payload } : {}),
    threshold: o.threshold,
    timestamp: o.createdTime,
    utxoType: o.mint ? 'mint' : 'transfer',
  };
}

/** A P-Chain transaction as the Data API writes it. */
function pTx(b: Builder, tx: Tx): PChainTransaction {
  return {
    txHash: tx.hash,
    txType: tx.type as PChainTransaction['txType'],
    blockTimestamp: tx.time,
    blockNumber: String(tx.height),
    blockHash: tx.blockHash,
    consumedUtxos: tx.consumed.map((o) => pUtxo(b, o)),
    emittedUtxos: tx.emitted.map((o) => pUtxo(b, o)),
    ...(tx.sourceChain ? { sourceChain: tx.sourceChain, destinationChain: tx.destinationChain } : {}),
    value: sums(b, tx.emitted),
    amountBurned: tx.burned > 0n ? [assetAmount(b, b.avax, tx.burned)] : [],
    amountStaked: tx.staked ? [assetAmount(b, b.avax, tx.staked)] : [],
    amountL1ValidatorBalanceBurned: tx.l1Burned ? [assetAmount(b, b.avax, tx.l1Burned)] : [],
    ...(tx.memo !== '0x' ? { memo: tx.memo } : {}),
    ...tx.p,
  };
}

/** The Data API's X-Chain transaction fields, without the block or vertex part. */
function xBase(b: Builder, tx: Tx) {
  const created = tx.assetCreated ? b.assets.get(tx.assetCreated)! : undefined;
  return {
    txHash: tx.hash,
    timestamp: tx.time,
    txType: tx.type as XChainTransaction['txType'],
    memo: tx.memo,
    consumedUtxos: tx.consumed.map((o) => xUtxo(b, o)),
    emittedUtxos: tx.emitted.map((o) => xUtxo(b, o)),
    amountUnlocked: sums(b, tx.consumed),
    amountCreated: sums(b, tx.emitted),
    ...(tx.sourceChain ? { sourceChain: tx.sourceChain, destinationChain: tx.destinationChain } : {}),
    ...(created
      ? {
          assetCreated: {
            assetId: tx.assetCreated!,
            name: created.name,
            symbol: created.symbol,
            denomination: created.denomination,
            type: created.type,
            createdAtTimestamp: created.createdAt,
            cap: created.cap,
          },
        }
      : {}),
  };
}

export function render(b: Builder, manyUtxosAddress: string, genesis: { x: Tx; p: Tx }): SandboxWorld {
  const world: SandboxWorld = {
    network: b.network,
    hrp: b.hrp,
    chainIds: b.ids,
    avaxAssetId: b.avax,
    addresses: b.addresses,
    evmTwin: b.evmTwin,
    nodeIds: b.nodeIds,
    subnets: [...b.subnets.values()].sort((a, c) => a.createBlockTimestamp - c.createBlockTimestamp),
    l1Validators: [...b.l1s.values()].sort((a, c) => a.creationTimestamp - c.creationTimestamp),
    transactions: { p: [], x: [], c: [] },
    txByHash: new Map(),
    txAddresses: new Map(),
    txValidationIds: b.validationTxs,
    vertices: [],
    rewards: b.rewards.sort((a, c) => a.endTimestamp - c.endTimestamp),
    chainIdsByAddress: new Map(),
    assets: b.assets,
    utxos: new Map(),
    manyUtxosAddress,
    genesisX: { ...xBase(b, genesis.x), chainFormat: 'non-linear', vertices: [] },
    genesisP: pTx(b, genesis.p),
  };
  // Not in the listings, as on the X-Chain; but the outputs the Data API lists name it, so it reads by its id.
  world.txByHash.set(world.genesisP.txHash, { chain: 'p', tx: world.genesisP });
  for (const [chain, byOwner] of b.unspent) {
    const list: SandboxUtxo[] = [];
    for (const outputs of byOwner.values()) {
      for (const o of outputs) {
        list.push({
          id: o.id,
          txId: o.txHash,
          outputIndex: o.outputIndex,
          assetId: o.assetId,
          amount: o.amount,
          locktime: BigInt(o.locktime),
          threshold: o.threshold,
          owners: o.addresses,
          createdOn: o.createdOn,
          ...(o.groupId !== undefined ? { groupId: o.groupId, payload: o.payload } : {}),
        });
      }
    }
    world.utxos.set(chain, list);
  }
  // L1 validators spend their balance over time; those with none left are inactive.
  for (const v of world.l1Validators) if (v.remainingBalance <= 0 || v.weight === 0) v.active = false;

  const touched = new Map<string, Set<string>>();
  const touch = (address: string, chainId: string) => {
    let set = touched.get(address);
    if (!set) touched.set(address, (set = new Set()));
    set.add(chainId);
  };

  let vertexHeight = 0;
  let pendingVertex: { txs: string[]; time: number } | undefined;
  const flushVertex = () => {
    if (!pendingVertex) return;
    const previous = world.vertices.slice(-2).map((v) => v.vertexHash);
    const hash = cb58Encode(sha(`vertex:${b.network}:${world.vertices.length}`));
    world.vertices.push({
      vertexHash: hash,
      parentHashes: previous,
      vertexHeight: vertexHeight++,
      vertexIndex: world.vertices.length,
      vertexTimestamp: pendingVertex.time,
      txCount: pendingVertex.txs.length,
      transactions: pendingVertex.txs,
      vertexSizeBytes: 200 + pendingVertex.txs.length * 430,
    });
    for (const h of pendingVertex.txs) {
      const entry = world.txByHash.get(h);
      if (entry && 'chainFormat' in entry.tx && entry.tx.chainFormat === 'non-linear') {
        entry.tx.vertices = [{ hash, height: vertexHeight - 1, timestamp: pendingVertex.time }];
      }
    }
    pendingVertex = undefined;
  };

  // A genesis allocation makes its address one that has touched the chain.
  for (const g of [genesis.x, genesis.p]) for (const o of g.emitted) for (const a of o.addresses) touch(a, b.ids[g.chain]);
  const txs = b.txs.sort((a, c) => a.time - c.time);
  for (const tx of txs) {
    const chainId = b.ids[tx.chain];
    const addresses = new Set<string>(tx.parties);
    for (const o of [...tx.consumed, ...tx.emitted]) for (const a of o.addresses) addresses.add(a);
    world.txAddresses.set(tx.hash, addresses);
    for (const a of addresses) touch(a, chainId);

    if (tx.chain === 'p') {
      const wire = pTx(b, tx);
      world.transactions.p.push(wire);
      world.txByHash.set(tx.hash, { chain: 'p', tx: wire });
    } else if (tx.chain === 'x') {
      const linear = tx.time >= TIMELINE.cortina;
      const base = xBase(b, tx);
      const wire: XChainTransaction = linear
        ? { ...base, chainFormat: 'linear', blockHeight: tx.height, blockHash: tx.blockHash }
        : { ...base, chainFormat: 'non-linear', vertices: [] };
      world.transactions.x.push(wire);
      world.txByHash.set(tx.hash, { chain: 'x', tx: wire });
      if (!linear) {
        if (!pendingVertex || pendingVertex.txs.length >= 3 || tx.time - pendingVertex.time > 3600) {
          flushVertex();
          pendingVertex = { txs: [], time: tx.time };
        }
        pendingVertex.txs.push(tx.hash);
      }
    } else {
      const common = {
        txHash: tx.hash,
        blockHeight: tx.height,
        blockHash: tx.blockHash,
        timestamp: tx.time,
        memo: tx.memo,
        sourceChain: tx.sourceChain!,
        destinationChain: tx.destinationChain!,
      };
      let wire: CChainAtomicTransaction;
      if (tx.type === 'ExportTx') {
        const unlocked = tx.evmInputs!.reduce((s, i) => s + i.amount, 0n);
        wire = {
          ...common,
          txType: 'ExportTx',
          amountUnlocked: [assetAmount(b, b.avax, unlocked)],
          amountCreated: sums(b, tx.emitted),
          evmInputs: tx.evmInputs!.map((i) => ({
            fromAddress: i.fromAddress,
            asset: assetAmount(b, b.avax, i.amount),
            credentials: [
              {
                signature: Buffer.from(sha(`sig:${tx.hash}`)).toString('base64'),
                publicKey: Buffer.from(sha(`pk:${i.fromAddress}`)).toString('base64'),
              },
            ],
          })),
          emittedUtxos: tx.emitted.map((o) => xUtxo(b, o)),
        };
      } else {
        const created = tx.evmOutputs!.reduce((s, o) => s + o.amount, 0n);
        wire = {
          ...common,
          txType: 'ImportTx',
          amountUnlocked: sums(b, tx.consumed),
          amountCreated: [assetAmount(b, b.avax, created)],
          evmOutputs: tx.evmOutputs!.map((o) => ({ toAddress: o.toAddress, asset: assetAmount(b, b.avax, o.amount) })),
          consumedUtxos: tx.consumed.map((o) => xUtxo(b, o)),
        };
      }
      world.transactions.c.push(wire);
      world.txByHash.set(tx.hash, { chain: 'c', tx: wire });
    }
  }
  flushVertex();

  for (const [address, chains] of touched) world.chainIdsByAddress.set(address, [...chains]);
  return world;
}
