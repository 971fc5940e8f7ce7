/**
 * Signature aggregation: collect validator signatures for a Warp message (mutation), or fetch
 * the aggregated signature of a P-Chain L1 transaction's message (query).
 */
import { badInput } from '../graphql/errors.js';
import { cb58Decode, InvalidIdError } from '../base/ids.js';
import type { SignatureAggregatorRequest } from '../upstreams/data-api/signatures.js';
import { builder } from './builder.js';
import { SIGNED_MESSAGE_BYTES } from './list-sizes.js';
import { NetworkNameEnum } from './enums.js';
import { toNetwork } from './inputs.js';
import { CB58IdScalar } from './scalars.js';
import { aggregateSignatures, getAggregatedSignatures } from '../upstreams/data-api/signatures.js';
import { NetworkRef } from './refs.js';

const SignedMessageRef = builder.objectRef<{ signedMessage: string }>('SignedMessage').implement({
  description: 'A Warp message with the aggregated BLS signature of its signing subnet.',
  fields: (t) => ({
    signedMessage: t.exposeString('signedMessage', {
      description: 'The signed message (hex): the unsigned message followed by the signers and the signature.',
      price: { bytes: SIGNED_MESSAGE_BYTES },
    }),
  }),
});

const AggregateInput = builder.inputType('AggregateSignaturesInput', {
  description: 'What to sign and by whom. Give `message`, `justification`, or both.',
  fields: (t) => ({
    message: t.string({ description: 'The unsigned Warp message, hex-encoded (optionally 0x-prefixed).' }),
    justification: t.string({ description: 'Data that justifies signing, hex-encoded (optionally 0x-prefixed).' }),
    signingSubnetId: t.string({
      description: 'The subnet whose validators sign, hex (32 bytes) or cb58; default: the subnet of the source blockchain.',
    }),
    quorumPercentage: t.int({ defaultValue: 67, description: "Percent of the signing subnet's weight that must sign: 0 to 100." }),
    quorumPercentageBuffer: t.int({
      defaultValue: 0,
      description:
        'Extra percent of weight to try to collect: 0 to 100, and quorumPercentage + quorumPercentageBuffer at most 100. More takes longer but keeps the signature valid through weight changes.',
    }),
    pChainHeight: t.field({
      type: 'SafeInt',
      defaultValue: 0,
      description: 'P-Chain height whose validators sign; 0 for the proposed height.',
    }),
  }),
});

const HEX_BYTES = /^(0x)?([0-9a-fA-F]{2})*$/;

function checkHex(name: string, value: string | null | undefined): void {
  if (value == null) return;
  if (value === '' || value === '0x' || !HEX_BYTES.test(value)) {
    throw badInput(`\`input.${name}\` must be hex-encoded bytes (an even number of hex digits, optionally prefixed with 0x).`, {
      argument: `input.${name}`,
    });
  }
}

/** Every rule of the aggregation request, checked before the call; each error names its field. */
export function checkAggregation(input: {
  message?: string | null;
  justification?: string | null;
  signingSubnetId?: string | null;
  quorumPercentage?: number | null;
  quorumPercentageBuffer?: number | null;
  pChainHeight?: number | null;
}): SignatureAggregatorRequest {
  if (input.message == null && input.justification == null) {
    throw badInput('Give `input.message`, `input.justification`, or both: the aggregator needs something to sign.', {
      argument: 'input.message',
    });
  }
  checkHex('message', input.message);
  checkHex('justification', input.justification);
  if (input.signingSubnetId != null) {
    const id = input.signingSubnetId;
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(id)) {
      try {
        cb58Decode(id, 32);
      } catch (error) {
        const why = error instanceof InvalidIdError ? `: as cb58 it ${error.reason}` : '';
        throw badInput(`\`input.signingSubnetId\` must be a 32-byte subnet id, 64 hex digits (optionally 0x-prefixed) or cb58${why}.`, {
          argument: 'input.signingSubnetId',
        });
      }
    }
  }
  const quorum = input.quorumPercentage ?? 67;
  const buffer = input.quorumPercentageBuffer ?? 0;
  for (const [name, value] of [
    ['quorumPercentage', quorum],
    ['quorumPercentageBuffer', buffer],
  ] as const) {
    if (value < 0 || value > 100) throw badInput(`\`input.${name}\` must be from 0 to 100 (got ${value}).`, { argument: `input.${name}` });
  }
  if (quorum + buffer > 100) {
    throw badInput(
      `\`input.quorumPercentage\` + \`input.quorumPercentageBuffer\` must be at most 100 (got ${quorum} + ${buffer} = ${quorum + buffer}).`,
      {
        argument: 'input.quorumPercentageBuffer',
      },
    );
  }
  const height = input.pChainHeight ?? 0;
  if (height < 0) throw badInput(`\`input.pChainHeight\` must be 0 or more (got ${height}).`, { argument: 'input.pChainHeight' });
  return {
    ...(input.message != null ? { message: input.message } : {}),
    ...(input.justification != null ? { justification: input.justification } : {}),
    ...(input.signingSubnetId != null ? { signingSubnetId: input.signingSubnetId } : {}),
    quorumPercentage: quorum,
    quorumPercentageBuffer: buffer,
    pChainHeight: height,
  };
}

builder.mutationField('aggregateSignatures', (t) =>
  t.field({
    type: SignedMessageRef,
    nullable: true,
    description:
      "Collects the signing subnet's validator signatures for a Warp message and returns it signed. Every rule of the input is checked before the call.",
    args: {
      network: t.arg({ type: NetworkNameEnum, required: true, defaultValue: 'mainnet', description: 'The network of the message.' }),
      input: t.arg({ type: AggregateInput, required: true, description: 'The message and the quorum.' }),
    },
    price: { calls: 1, reaches: ['aggregateSignatures'] },
    resolve: (_root, { network, input }, ctx) => aggregateSignatures(ctx.dataApi, toNetwork(network), checkAggregation(input)),
  }),
);

builder.objectField(NetworkRef, 'aggregatedSignature', (t) =>
  t.field({
    type: SignedMessageRef,
    nullable: true,
    description:
      'The aggregated signature of the Warp message of a P-Chain L1 transaction (ConvertSubnetToL1Tx, RegisterL1ValidatorTx, SetL1ValidatorWeightTx, DisableL1ValidatorTx); null if there is no such transaction.',
    args: { txHash: t.arg({ type: CB58IdScalar, required: true, description: 'The P-Chain transaction id (cb58).' }) },
    price: { calls: 1, reaches: ['getAggregatedSignatures'] },
    resolve: async (network, { txHash }, ctx) => {
      try {
        return await getAggregatedSignatures(ctx.dataApi, network.name, txHash);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  }),
);
