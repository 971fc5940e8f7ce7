/**
 * The root of the graph: a network. Every domain file adds its own fields to `Network`
 * beside its type (subnets in subnet.ts, transactions in transaction.ts, ...).
 */
import type { NetworkName } from '../ids.js';
import { builder } from './builder.js';
import { NetworkNameEnum } from './enums.js';
import { toNetwork } from './inputs.js';

export interface NetworkModel {
  name: NetworkName;
}

export const NetworkRef = builder.objectRef<NetworkModel>('Network').implement({
  description: 'An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses.',
  fields: (t) => ({
    name: t.field({
      type: NetworkNameEnum,
      description: 'MAINNET or FUJI.',
      resolve: (network) => network.name,
    }),
  }),
});

builder.queryField('network', (t) =>
  t.field({
    type: NetworkRef,
    description: 'A network to read from. Every object below carries it, and so do their global ids.',
    args: {
      name: t.arg({
        type: NetworkNameEnum,
        required: true,
        defaultValue: 'mainnet',
        description: 'MAINNET (default), FUJI or TESTNET (same as FUJI).',
      }),
    },
    resolve: (_root, { name }) => ({ name: toNetwork(name) }),
  }),
);
