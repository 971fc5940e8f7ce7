/**
 * Signed transactions handed to the X- and P-Chain (avm.issueTx, platform.issueTx) and their
 * status as they are decided (platform.getTxStatus; avm.getTxStatus is in x-chain.ts). The
 * C-Chain's atomic transactions are in c-chain-atomic.ts. Issuing is a write: never shared, never
 * retried (a retried issue could be a second one).
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { avaxGetAtomicTxStatus } from './c-chain-atomic.js';
import { Hex, Id, nodeMethods, type AnswerOf, type Endpoint, type NodeClient } from './client.js';
import { platformGetTxStatus } from './p-chain.js';
import { avmGetTxStatus } from './x-chain.js';

export const signedTxMethods = nodeMethods({
  'avm.issueTx': {
    freshness: 'never',
    params: () => z.object({ tx: Hex, encoding: z.literal('hex') }),
    answer: () => z.object({ txID: Id }),
  },
  'platform.issueTx': {
    freshness: 'never',
    params: () => z.object({ tx: Hex, encoding: z.literal('hex') }),
    answer: () => z.object({ txID: Id }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof signedTxMethods> {}
}

const X: Endpoint = { api: 'X-Chain', path: '/ext/bc/X' };
const P: Endpoint = { api: 'P-Chain', path: '/ext/bc/P' };

/** avm.issueTx: hands a signed X-Chain transaction (hex with the node's checksum) to the node; answers its id. */
export function avmIssueTx(client: NodeClient, network: NetworkName, params: { tx: string }): Promise<AnswerOf<'avm.issueTx'>> {
  return client.call(network, X, 'avm.issueTx', { ...params, encoding: 'hex' }, false);
}

/** platform.issueTx: hands a signed P-Chain transaction (hex with the node's checksum) to the node; answers its id. */
export function platformIssueTx(client: NodeClient, network: NetworkName, params: { tx: string }): Promise<AnswerOf<'platform.issueTx'>> {
  return client.call(network, P, 'platform.issueTx', { ...params, encoding: 'hex' }, false);
}

/** What becomes of a submitted transaction, whichever chain: the node's own word is kept beside it. */
export type DecidedStatus = 'PROCESSING' | 'ACCEPTED' | 'REJECTED' | 'UNKNOWN';

export interface IssuedTxStatus {
  status: DecidedStatus;
  /** As the node wrote it: Accepted, Committed, Processing, Rejected, Aborted, Dropped, Unknown. */
  nodeStatus: string;
  /** Why the P-Chain dropped it. */
  reason?: string;
  /** The C-Chain block an atomic transaction was accepted in. */
  blockHeight?: string;
}

const DECIDED: Record<string, DecidedStatus> = {
  Accepted: 'ACCEPTED',
  Committed: 'ACCEPTED',
  Processing: 'PROCESSING',
  Rejected: 'REJECTED',
  Aborted: 'REJECTED',
  Dropped: 'REJECTED',
  Unknown: 'UNKNOWN',
};

/** Whether a status is final: the transaction will not change again. */
export const isDecided = (status: DecidedStatus): boolean => status === 'ACCEPTED' || status === 'REJECTED';

/**
 * The status of a transaction on the X-Chain (avm.getTxStatus), the P-Chain (platform.getTxStatus)
 * or the C-Chain's atomic API (avax.getAtomicTxStatus), one call, read the same way.
 */
export async function issuedTxStatus(
  client: NodeClient,
  network: NetworkName,
  chain: 'X' | 'P' | 'C',
  txID: string,
): Promise<IssuedTxStatus> {
  const reply: { status: string; reason?: string; blockHeight?: string | number } =
    chain === 'X'
      ? await avmGetTxStatus(client, { network }, { txID })
      : chain === 'P'
        ? await platformGetTxStatus(client, network, { txID })
        : await avaxGetAtomicTxStatus(client, network, { txID });
  return {
    status: DECIDED[reply.status] ?? 'UNKNOWN',
    nodeStatus: reply.status,
    ...(reply.reason ? { reason: reply.reason } : {}),
    ...(reply.blockHeight !== undefined ? { blockHeight: String(reply.blockHeight) } : {}),
  };
}
