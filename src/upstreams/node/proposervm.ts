/**
 * proposervm.* at /ext/bc/<blockchainID>/proposervm: the Snowman++ wrapper every linear chain
 * (P, X, C and the L1s' chains the node tracks) runs under, with the P-Chain height it proposes
 * blocks at and the current epoch (Granite).
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/vms/proposervm/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { segment } from '../http.js';
import { NoParams, Uint, nodeMethods, type AnswerOf, type Endpoint, type NodeClient } from './client.js';

/** Both move with the P-Chain: heights. */
export const proposervmMethods = nodeMethods({
  'proposervm.getCurrentEpoch': {
    freshness: 'heights',
    params: () => NoParams,
    answer: () => z.object({ number: Uint, startTime: Uint, pChainHeight: Uint }),
  },
  'proposervm.getProposedHeight': { freshness: 'heights', params: () => NoParams, answer: () => z.object({ height: Uint }) },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof proposervmMethods> {}
}

/** The chain's proposervm endpoint: `chain` is its blockchain id, or X, P or C. */
const endpointOf = (chain: string): Endpoint => ({ api: 'proposervm', path: `/ext/bc/${segment(chain)}/proposervm` });

/** proposervm.getCurrentEpoch: the epoch's number, when it started (Unix s) and the P-Chain height it fixed. */
export function proposervmGetCurrentEpoch(
  client: NodeClient,
  network: NetworkName,
  chain: string,
): Promise<AnswerOf<'proposervm.getCurrentEpoch'>> {
  return client.call(network, endpointOf(chain), 'proposervm.getCurrentEpoch', {});
}

/** proposervm.getProposedHeight: the P-Chain height this node would propose a block of the chain at now. */
export function proposervmGetProposedHeight(
  client: NodeClient,
  network: NetworkName,
  chain: string,
): Promise<AnswerOf<'proposervm.getProposedHeight'>> {
  return client.call(network, endpointOf(chain), 'proposervm.getProposedHeight', {});
}
