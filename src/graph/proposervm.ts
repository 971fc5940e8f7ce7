/**
 * A linear chain's Snowman++ wrapper on the node (proposervm.*): the P-Chain height the node would
 * propose the chain's next block at, and the current epoch (Granite), for any chain the node runs,
 * by alias or blockchain id (`Network.proposerVm(chain:)`).
 */
import type { NetworkName } from '../base/ids.js';
import { badInput } from '../graphql/errors.js';
import { proposervmGetCurrentEpoch, proposervmGetProposedHeight } from '../upstreams/node/proposervm.js';
import { builder } from './builder.js';
import { NetworkRef } from './refs.js';

interface ProposerVmModel {
  network: NetworkName;
  /** The blockchain id, or the alias X, P or C. */
  chain: string;
}

const ProposerEpochRef = builder
  .objectRef<{ number: string | number; startTime: string | number; pChainHeight: string | number }>('ProposerEpoch')
  .implement({
    description:
      "An epoch of a chain's proposer (Granite): for its length, blocks are built against one P-Chain height. All zero before Granite.",
    fields: (t) => ({
      number: t.field({ type: 'BigInt', description: "The epoch's number.", resolve: (e) => String(e.number) }),
      startTime: t.field({ type: 'BigInt', description: 'When it started (Unix seconds).', resolve: (e) => String(e.startTime) }),
      pChainHeight: t.field({
        type: 'BigInt',
        description: "The P-Chain height the epoch's blocks are built against.",
        resolve: (e) => String(e.pChainHeight),
      }),
    }),
  });

const ProposerVmRef = builder.objectRef<ProposerVmModel>('ProposerVm').implement({
  description:
    "A chain's Snowman++ proposer on the node (proposervm.*, avalanchego v1.13.4 and later): which P-Chain height its blocks refer to. A node that does not run the chain, or an older one, answers NODE_API_UNAVAILABLE.",
  fields: (t) => ({
    proposedHeight: t.field({
      type: 'BigInt',
      description: "The P-Chain height the node would propose the chain's next block at (proposervm.getProposedHeight).",
      price: { calls: 1, reaches: ['proposervm.getProposedHeight'] },
      resolve: async (p, _args, ctx) => String((await proposervmGetProposedHeight(ctx.node, p.network, p.chain)).height),
    }),
    currentEpoch: t.field({
      type: ProposerEpochRef,
      description: 'The current epoch: its number, start and P-Chain height (proposervm.getCurrentEpoch).',
      price: { calls: 1, reaches: ['proposervm.getCurrentEpoch'] },
      resolve: (p, _args, ctx) => proposervmGetCurrentEpoch(ctx.node, p.network, p.chain),
    }),
  }),
});

builder.objectField(NetworkRef, 'proposerVm', (t) =>
  t.field({
    type: ProposerVmRef,
    description: "A chain's Snowman++ proposer on the node, by alias (P, X, C) or blockchain id.",
    args: { chain: t.arg.string({ required: true, defaultValue: 'P', description: 'P (default), X, C, or a blockchain id (cb58).' }) },
    resolve: (network, { chain }) => {
      if (!/^(P|X|C|[1-9A-HJ-NP-Za-km-z]{37,50})$/.test(chain))
        throw badInput(`\`chain\` must be P, X, C or a blockchain id (cb58), got ${JSON.stringify(chain.slice(0, 60))}.`, {
          argument: 'chain',
        });
      return { network: network.name, chain };
    },
  }),
);
