/**
 * The root of the graph: a network. Its fields are written in the files of the types they return
 * (subnets in subnet.ts, transactions in transaction.ts, ...): see docs/ARCHITECTURE.md.
 */
import { builder } from './builder.js';
import { NetworkNameEnum } from './enums.js';
import { toNetwork } from './inputs.js';
import { NetworkRef } from './refs.js';

NetworkRef.implement({
  description: 'An Avalanche network (mainnet or Fuji): the entry to its subnets, chains, validators, transactions and addresses.',
  fields: (t) => ({
    name: t.expose('name', {
      type: NetworkNameEnum,
      description: 'MAINNET or FUJI.',
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
    // Everything below is on this network: the loaders it shares (the subnet catalog) are its own.
    price: { scope: ({ name }) => toNetwork(name) },
    resolve: (_root, { name }) => ({ name: toNetwork(name) }),
  }),
);
