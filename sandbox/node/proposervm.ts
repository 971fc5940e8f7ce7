/**
 * proposervm.* at /ext/bc/<chain>/proposervm for every linear chain the node runs: the P-Chain
 * height it would propose at (the P-Chain's current height) and the current epoch, which Granite
 * starts every GraniteEpochDuration (5 minutes) from its activation.
 */
import type { NodeWorld } from './chains/node-world.js';
import { chainBlocks, NOW } from './common.js';
import type { GorillaService } from './gorilla.js';
import { GRANITE_EPOCH_SECONDS, graniteTime } from './info.js';
import type { SandboxLive } from '../live.js';

export function proposervmService(nw: NodeWorld, live?: SandboxLive): GorillaService {
  const p = chainBlocks(nw, 'P', live);
  return {
    GetProposedHeight: { args: {}, call: () => ({ height: p.height() }) },
    GetCurrentEpoch: {
      args: {},
      call: () => {
        // Before Granite there are no epochs: the zero epoch.
        if (NOW < graniteTime(nw.network)) return { number: '0', startTime: '0', pChainHeight: '0' };
        const number = Math.floor((NOW - graniteTime(nw.network)) / GRANITE_EPOCH_SECONDS);
        return {
          number: String(number),
          startTime: String(graniteTime(nw.network) + number * GRANITE_EPOCH_SECONDS),
          pChainHeight: p.height(),
        };
      },
    },
  };
}
