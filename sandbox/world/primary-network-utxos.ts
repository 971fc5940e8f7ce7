/**
 * The Data API's address views of the world, derived from its rendered transactions: every UTXO a
 * chain can spend (spent ones too, as `includeSpent` asks), in the shape of that chain's listing,
 * and what balances, last activity and staking they make. Nothing here adds to the world: it reads
 * the outputs the history already made, so these routes agree with the transaction listings.
 */
import type { PChainTransaction, PChainUtxo, XChainUtxo } from '../../src/upstreams/data-api/transaction.js';
import { TIMELINE } from './timeline.js';
import type { ChainKey, SandboxUtxo, SandboxWorld } from './types.js';

/** A UTXO in either shape, with what every route reads of it in one form. */
export interface WorldUtxo {
  utxo: PChainUtxo | XChainUtxo;
  addresses: readonly string[];
  assetId: string;
  amount: bigint;
  created: number;
  /** When it was spent; undefined while unspent. */
  spent?: number;
  createdOn: string;
  locktime: number;
}

const isP = (u: PChainUtxo | XChainUtxo): u is PChainUtxo => 'txHash' in u;

/** A UTXO of another chain's listing as the P-Chain's listing writes it. */
function asP(u: PChainUtxo | XChainUtxo, blockNumber: string): PChainUtxo {
  if (isP(u)) return u;
  return {
    addresses: u.addresses,
    asset: u.asset,
    consumedOnChainId: u.consumedOnChainId,
    ...(u.consumingTxHash ? { consumingTxHash: u.consumingTxHash, consumingBlockTimestamp: u.consumingTxTimestamp } : {}),
    createdOnChainId: u.createdOnChainId,
    utxoId: u.utxoId,
    ...(u.utxoBytes ? { utxoBytes: u.utxoBytes } : {}),
    amount: u.asset.amount,
    assetId: u.asset.assetId,
    blockNumber,
    blockTimestamp: u.timestamp,
    platformLocktime: u.locktime,
    outputIndex: Number(u.outputIndex),
    stakeableLocktime: 0,
    staked: false,
    threshold: u.threshold,
    txHash: u.creationTxHash,
    utxoType: 'TRANSFER',
  };
}

/** A P-Chain UTXO as the X- and C-Chain listings write it. */
function asX(u: PChainUtxo | XChainUtxo): XChainUtxo {
  if (!isP(u)) return u;
  return {
    addresses: u.addresses,
    asset: u.asset,
    consumedOnChainId: u.consumedOnChainId,
    ...(u.consumingTxHash ? { consumingTxHash: u.consumingTxHash, consumingTxTimestamp: u.consumingBlockTimestamp } : {}),
    createdOnChainId: u.createdOnChainId,
    utxoId: u.utxoId,
    ...(u.utxoBytes ? { utxoBytes: u.utxoBytes } : {}),
    creationTxHash: u.txHash,
    locktime: u.platformLocktime ?? 0,
    outputIndex: String(u.outputIndex),
    threshold: u.threshold ?? 1,
    timestamp: u.blockTimestamp,
    utxoType: 'transfer',
  };
}

function view(u: PChainUtxo | XChainUtxo): WorldUtxo {
  const p = isP(u);
  const spent = p ? u.consumingBlockTimestamp : u.consumingTxTimestamp;
  return {
    utxo: u,
    addresses: u.addresses,
    assetId: u.asset.assetId,
    amount: BigInt(u.asset.amount),
    created: p ? u.blockTimestamp : u.timestamp,
    ...(u.consumingTxHash ? { spent: spent ?? TIMELINE.now } : {}),
    createdOn: u.createdOnChainId,
    locktime: p ? (u.platformLocktime ?? 0) : u.locktime,
  };
}

const cache = new WeakMap<SandboxWorld, Record<ChainKey, WorldUtxo[]>>();

/** Every UTXO spendable on `chain` (its own and those exported to it), oldest first, spent ones included. */
export function chainUtxos(world: SandboxWorld, chain: ChainKey): readonly WorldUtxo[] {
  let all = cache.get(world);
  if (!all) cache.set(world, (all = build(world)));
  return all[chain];
}

function build(world: SandboxWorld): Record<ChainKey, WorldUtxo[]> {
  const byId = new Map<string, { utxo: PChainUtxo | XChainUtxo; block: string }>();
  const add = (list: readonly (PChainUtxo | XChainUtxo)[] | undefined, block: string) => {
    for (const u of list ?? []) {
      const known = byId.get(u.utxoId);
      // The version that knows it was spent wins: an export lists it unspent-or-spent as the end of history saw it.
      if (!known || (!known.utxo.consumingTxHash && u.consumingTxHash)) byId.set(u.utxoId, { utxo: u, block });
    }
  };
  add(world.genesisX.emittedUtxos, '0');
  add(world.genesisP.emittedUtxos, world.genesisP.blockNumber);
  for (const tx of world.transactions.p) add(tx.emittedUtxos, tx.blockNumber);
  for (const tx of world.transactions.x) add(tx.emittedUtxos, 'blockHeight' in tx ? String(tx.blockHeight) : '0');
  for (const tx of world.transactions.c) add('emittedUtxos' in tx ? tx.emittedUtxos : [], String(tx.blockHeight));
  const out: Record<ChainKey, WorldUtxo[]> = { p: [], x: [], c: [] };
  for (const { utxo, block } of byId.values()) {
    const chain = (Object.keys(world.chainIds) as ChainKey[]).find((k) => world.chainIds[k] === utxo.consumedOnChainId);
    if (!chain) continue;
    out[chain].push(view(chain === 'p' ? asP(utxo, block) : asX(utxo)));
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.created - b.created);
  return out;
}

/** What a transaction the sandbox's node accepted did to the UTXO sets (node/issued.ts's settle). */
export interface AcceptedChange {
  txId: string;
  /** The chain it was accepted on, whose UTXOs it spent. */
  chainId: string;
  spent: ReadonlySet<string>;
  /** What it made, with the chain that can spend each (its own, or an export's destination). */
  created: readonly { chainId: string; utxo: SandboxUtxo }[];
}

/** A UTXO the node's accepted transaction made, in the X-Chain listing's shape (the P-Chain's from it, as for the world's). */
function madeByNode(world: SandboxWorld, chain: ChainKey, utxo: SandboxUtxo, spendOn: string): WorldUtxo {
  const asset = world.assets.get(utxo.assetId);
  const x: XChainUtxo = {
    addresses: utxo.owners,
    asset: {
      assetId: utxo.assetId,
      name: asset?.name ?? '',
      symbol: asset?.symbol ?? '',
      denomination: asset?.denomination ?? 0,
      type: asset?.type ?? 'secp256k1',
      amount: String(utxo.amount),
    },
    consumedOnChainId: spendOn,
    createdOnChainId: utxo.createdOn,
    utxoId: utxo.id,
    creationTxHash: utxo.txId,
    locktime: Number(utxo.locktime),
    outputIndex: String(utxo.outputIndex),
    threshold: utxo.threshold,
    timestamp: TIMELINE.now,
    utxoType: 'transfer',
  };
  return view(chain === 'p' ? asP(x, '0') : x);
}

/**
 * The chain's UTXOs as the Data API lists them once the node's accepted transactions are indexed:
 * the world's, those the transactions consumed marked spent by them (at the world's now), and
 * those they made added. Deterministic: the same transactions give the same listing.
 */
export function chainUtxosNow(world: SandboxWorld, chain: ChainKey, accepted: readonly AcceptedChange[]): readonly WorldUtxo[] {
  const base = chainUtxos(world, chain);
  if (accepted.length === 0) return base;
  const chainId = world.chainIds[chain];
  const spentBy = new Map<string, string>();
  for (const a of accepted) for (const id of a.spent) spentBy.set(id, a.txId);
  const spend = (u: WorldUtxo): WorldUtxo => {
    const txId = spentBy.get(u.utxo.utxoId);
    if (!txId || u.spent !== undefined) return u;
    const utxo = isP(u.utxo)
      ? { ...u.utxo, consumingTxHash: txId, consumingBlockTimestamp: TIMELINE.now }
      : { ...u.utxo, consumingTxHash: txId, consumingTxTimestamp: TIMELINE.now };
    return { ...u, utxo, spent: TIMELINE.now };
  };
  const made = accepted.flatMap((a) =>
    a.created.filter((c) => c.chainId === chainId).map((c) => spend(madeByNode(world, chain, c.utxo, chainId))),
  );
  return [...base.map(spend), ...made];
}

/** Whether a UTXO belongs to any of `addresses` (bech32 without prefix). */
export const ownedBy = (u: WorldUtxo, addresses: ReadonlySet<string>) => u.addresses.some((a) => addresses.has(a));

/** Unspent at `time`: created by then, and not spent by then. */
export const unspentAt = (u: WorldUtxo, time: number) => u.created <= time && (u.spent === undefined || u.spent > time);

/** Staking transactions the P-Chain lists as active while their period runs. */
const STAKING_TYPES = new Set<string>([
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'AddSubnetValidatorTx',
]);

/** The staking transactions of the world whose period has not ended, oldest first. */
export function activeStakes(world: SandboxWorld, now = TIMELINE.now): PChainTransaction[] {
  return world.transactions.p.filter((t) => STAKING_TYPES.has(t.txType) && (t.endTimestamp ?? 0) > now);
}
