/**
 * A signed EVM transaction as a client hands it over for eth_sendRawTransaction, read locally
 * before any call: its encoding, its size, that it decodes as a legacy (EIP-155) or typed
 * (EIP-2718) transaction, that it is signed and for which chain, and who signed it. What the
 * node would refuse for the bytes alone is refused here with the reason; what only the chain's
 * state decides (nonce, funds, fees) is the node's to say.
 */
import type { Hex, TransactionSerialized } from 'viem';

type Viem = typeof import('viem');
let loadingViem: Promise<Viem> | undefined;

/**
 * viem, loaded by the first transaction read rather than at start, for a mutation few processes
 * run: loaded at start, it was 114 KB of the scripts a start runs and 0.5 MB of the heap at the
 * first answer (heap snapshots: 30.9 MB with it, 30.4 without).
 */
function loadViem(): Promise<Viem> {
  loadingViem ??= import('viem');
  return loadingViem;
}

/**
 * The largest transaction the node's pool takes: 4 slots of 32 KiB (txMaxSize in coreth's and
 * Subnet-EVM's txpool, "oversized data" past it).
 */
export const MAX_SIGNED_TX_BYTES = 4 * 32 * 1024;

/** The transaction types Avalanche's EVMs take: no blob transactions (EIP-4844), which their pools do not hold. */
const TYPES = { legacy: 0, eip2930: 1, eip1559: 2, eip7702: 4 } as const;

export interface SignedEvmTransaction {
  /** The bytes as sent, lower-case 0x hex. */
  raw: string;
  /** keccak-256 of the bytes: the hash the node answers and the chain keeps it under. */
  hash: string;
  /** EIP-2718 type: 0 legacy, 1 access list, 2 dynamic fee, 4 set code. */
  type: number;
  chainId: number;
  /** The signer, recovered from the signature (lower-case). */
  from: string;
  nonce: number;
  /** Null for a contract creation. */
  to: string | null;
  value: bigint;
  gas: bigint;
}

/** Why the bytes are not a transaction the chain could take, in words a client can act on. */
export type SignedTxCheck = { ok: true; tx: SignedEvmTransaction } | { ok: false; reason: string };

const refuse = (reason: string): SignedTxCheck => ({ ok: false, reason });

/**
 * Reads `raw` as a signed transaction for the EVM chain `chainId`. Hex with its `0x`, at most
 * MAX_SIGNED_TX_BYTES, one whole transaction (nothing after it), signed, replay-protected
 * (EIP-155 or typed), for that chain.
 */
export async function readSignedEvmTransaction(raw: string, chainId: number): Promise<SignedTxCheck> {
  // The size first: a long string is refused before it is looked at any further.
  if (raw.length > 2 + 2 * MAX_SIGNED_TX_BYTES)
    return refuse(`it is over ${MAX_SIGNED_TX_BYTES} bytes, the most the chain's transaction pool takes`);
  if (!/^0x([0-9a-fA-F]{2})+$/.test(raw)) return refuse('it must be the signed bytes as 0x hex, two digits a byte');
  const bytes = raw.toLowerCase() as Hex;
  const first = Number.parseInt(bytes.slice(2, 4), 16);
  if (first === 3) return refuse('it is a blob transaction (EIP-4844), which Avalanche EVM chains do not take');
  if (first < 0xc0 && !Object.values(TYPES).includes(first as 1))
    return refuse(`its type ${first} is not an EVM transaction type the chain takes`);
  const { keccak256, parseTransaction, recoverTransactionAddress } = await loadViem();
  let parsed: ReturnType<Viem['parseTransaction']>;
  try {
    parsed = parseTransaction(bytes);
  } catch (error) {
    const detail = ((error as Error & { shortMessage?: string }).shortMessage ?? (error as Error).message).split('\n')[0];
    return refuse(`it does not decode as a signed EVM transaction (${detail})`);
  }
  if (parsed.r === undefined || parsed.s === undefined) return refuse('it is not signed');
  if (parsed.chainId === undefined)
    return refuse('it is not replay-protected (a legacy transaction signed without EIP-155): the node takes only those over RPC');
  if (parsed.chainId !== chainId) return refuse(`it is signed for chain id ${parsed.chainId}, not for this chain (${chainId})`);
  let from: string;
  try {
    from = (await recoverTransactionAddress({ serializedTransaction: bytes as TransactionSerialized })).toLowerCase();
  } catch (error) {
    return refuse(`its signature does not recover a sender (${(error as Error).message.split('\n')[0]})`);
  }
  return {
    ok: true,
    tx: {
      raw: bytes,
      hash: keccak256(bytes),
      type: first >= 0xc0 ? 0 : first,
      chainId: parsed.chainId,
      from,
      nonce: parsed.nonce ?? 0,
      to: parsed.to ? parsed.to.toLowerCase() : null,
      value: parsed.value ?? 0n,
      gas: parsed.gas ?? 0n,
    },
  };
}
