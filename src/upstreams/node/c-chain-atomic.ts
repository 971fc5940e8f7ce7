/**
 * avax.* at /ext/bc/C/avax: the C-Chain's atomic transactions (imports from and exports to the X-
 * and P-Chain), their status, the atomic UTXOs other chains exported to the C-Chain, and issuing a
 * signed atomic transaction. A gorilla endpoint: one call per request, never batched.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/graft/coreth/plugin/evm/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import {
  Hex,
  Id,
  Uint,
  UtxoIndex,
  getUtxosArgs,
  nodeMethods,
  nullIfMissing,
  type AnswerOf,
  type Endpoint,
  type NodeClient,
  type ParamsOf,
} from './client.js';

/** An atomic transaction's status: Accepted (with its block height), Processing, Dropped, or Unknown. */
export const AtomicTxStatus = z.object({ status: z.string(), blockHeight: Uint.optional() });
export type AtomicTxStatus = z.infer<typeof AtomicTxStatus>;

/**
 * How long the answers of this file's methods are shared, the params each takes and the shape of
 * its answer. A status and a transaction's height move until it is accepted: heights; atomic UTXOs
 * are balances; issuing is a write, never shared.
 */
export const cChainAtomicMethods = nodeMethods({
  'avax.getAtomicTx': {
    freshness: 'heights',
    // coreth encodes atomic transactions as bytes only: `json` is refused.
    params: () => z.object({ txID: z.string(), encoding: z.literal('hex') }),
    answer: () => z.object({ tx: Hex, encoding: z.literal('hex'), blockHeight: Uint.optional() }),
  },
  'avax.getAtomicTxStatus': { freshness: 'heights', params: () => z.object({ txID: z.string() }), answer: () => AtomicTxStatus },
  'avax.getUTXOs': {
    freshness: 'balances',
    pages: { max: 1024, default: 1024 },
    // The C-Chain keeps only atomic UTXOs: the chain they came from must be named.
    params: () => getUtxosArgs().required({ sourceChain: true }),
    answer: () => z.object({ numFetched: Uint, utxos: z.array(Hex), endIndex: UtxoIndex, encoding: z.literal('hex') }),
  },
  'avax.issueTx': {
    freshness: 'never',
    params: () => z.object({ tx: Hex, encoding: z.literal('hex') }),
    answer: () => z.object({ txID: Id }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof cChainAtomicMethods> {}
}

const AVAX: Endpoint = { api: 'C-Chain avax', path: '/ext/bc/C/avax' };

/** avax.getAtomicTx: the signed bytes of an atomic transaction the node knows (and its block height once accepted); null when it knows none. */
export function avaxGetAtomicTx(
  client: NodeClient,
  network: NetworkName,
  params: { txID: string },
): Promise<AnswerOf<'avax.getAtomicTx'> | null> {
  return nullIfMissing(client.call(network, AVAX, 'avax.getAtomicTx', { ...params, encoding: 'hex' }), /could not find tx/);
}

/** avax.getAtomicTxStatus: `Unknown` for a transaction the node never saw. */
export function avaxGetAtomicTxStatus(client: NodeClient, network: NetworkName, params: { txID: string }): Promise<AtomicTxStatus> {
  return client.call(network, AVAX, 'avax.getAtomicTxStatus', params);
}

/**
 * avax.getUTXOs: the atomic UTXOs `sourceChain` (X or P) exported to the C-Chain for the addresses
 * (bech32 with the C- prefix), at most `limit` (≤ 1024); pass `endIndex` back as `startIndex` for the next page.
 */
export function avaxGetUTXOs(
  client: NodeClient,
  network: NetworkName,
  params: Omit<ParamsOf<'avax.getUTXOs'>, 'encoding'>,
): Promise<AnswerOf<'avax.getUTXOs'>> {
  return client.call(network, AVAX, 'avax.getUTXOs', { ...params, encoding: 'hex' });
}

/** avax.issueTx: hands a signed atomic transaction (hex with the node's checksum) to the C-Chain's mempool; answers its id. Never retried. */
export function avaxIssueTx(client: NodeClient, network: NetworkName, params: { tx: string }): Promise<AnswerOf<'avax.issueTx'>> {
  return client.call(network, AVAX, 'avax.issueTx', { ...params, encoding: 'hex' }, false);
}
