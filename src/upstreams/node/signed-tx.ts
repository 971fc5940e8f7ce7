/**
 * Signed transactions handed to the X- and P-Chain (avm.issueTx, platform.issueTx) and their
 * status as they are decided (platform.getTxStatus; avm.getTxStatus is in x-chain.ts). The
 * C-Chain's atomic transactions are in c-chain-atomic.ts. Issuing is a write: never shared, never
 * retried (a retried issue could be a second one).
 */
import { z } from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { Hex, Id, nodeMethods, type AnswerOf, type Endpoint, type NodeClient } from './client.js';

export const signedTxMethods = nodeMethods({
  'avm.issueTx': { freshness: 'never', params: z.object({ tx: Hex, encoding: z.literal('hex') }), answer: z.object({ txID: Id }) },
  'platform.issueTx': { freshness: 'never', params: z.object({ tx: Hex, encoding: z.literal('hex') }), answer: z.object({ txID: Id }) },
  'platform.getTxStatus': {
    freshness: 'heights',
    params: z.object({ txID: z.string() }),
    // `reason` says why a transaction was dropped.
    answer: z.object({ status: z.string(), reason: z.string().optional() }),
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

/** platform.getTxStatus: Committed, Processing, Dropped (with its reason) or Unknown. */
export function platformGetTxStatus(
  client: NodeClient,
  network: NetworkName,
  params: { txID: string },
): Promise<AnswerOf<'platform.getTxStatus'>> {
  return client.call(network, P, 'platform.getTxStatus', params);
}
