/**
 * Varied, valid traffic over the sandbox's world, as real clients send it rather than one query
 * over and over: random subnets, blockchains, transactions, addresses and validators, random page
 * sizes, cursors from earlier pages, and random aliases (so most documents are new).
 */
import { getWorld } from '../sandbox/world/world.js';

const world = getWorld('mainnet');
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
export const alias = () => `a${Math.random().toString(36).slice(2, 8)}`;

/** Cursors seen in answers, by list, for later pages. */
const cursors = new Map<string, string[]>();
export const remember = (list: string, cursor: unknown) => {
  if (typeof cursor !== 'string') return;
  const kept = cursors.get(list) ?? [];
  kept.push(cursor);
  if (kept.length > 50) kept.shift();
  cursors.set(list, kept);
};
const after = (list: string) => {
  const kept = cursors.get(list);
  return kept && Math.random() < 0.5 ? `, after: ${JSON.stringify(pick(kept))}` : '';
};

export type Request = { query: string; list?: string };
const chains = ['P_CHAIN', 'X_CHAIN', 'C_CHAIN'] as const;
const chainKey = { P_CHAIN: 'p', X_CHAIN: 'x', C_CHAIN: 'c' } as const;
const evmChains = world.subnets.flatMap((s) => s.blockchains).filter((b) => b.evmChainId);

/** One random, valid request of the mix. */
export function request(): Request {
  const a = alias();
  switch (between(0, 8)) {
    case 0:
      return {
        list: 'subnets',
        query: `{ network { ${a}: subnets(first: ${between(1, 100)}${after('subnets')}) { pageInfo { endCursor } nodes { subnetId isL1 blockchains { blockchainName evmChainId } } } } }`,
      };
    case 1: {
      const chain = pick(chains);
      const tx = pick<{ txHash: string }>(world.transactions[chainKey[chain]]);
      return { query: `{ network { ${a}: transaction(chain: ${chain}, txHash: "${tx.txHash}") { txHash txType blockTimestamp emittedUtxos { amount addresses { address } } } } }` };
    }
    case 2: {
      const chain = pick(chains);
      return {
        list: `tx ${chain}`,
        query: `{ network { ${a}: transactions(chain: ${chain}, first: ${between(1, 50)}${after(`tx ${chain}`)}) { pageInfo { endCursor } nodes { txHash txType } } } }`,
      };
    }
    case 3:
      return { query: `{ network { ${a}: address(address: "${pick(world.addresses)}") { chains { blockchainId primaryChain } } } }` };
    case 4: {
      const subnet = pick(world.subnets);
      return { query: `{ network { ${a}: subnet(subnetId: "${subnet.subnetId}") { subnetId isL1 supply blockchains { blockchainName status } } } }` };
    }
    case 5:
      return {
        list: 'l1Validators',
        query: `{ network { ${a}: l1Validators(first: ${between(1, 100)}${after('l1Validators')}) { pageInfo { endCursor } nodes { nodeId weight remainingBalance subnet { subnetId } } } } }`,
      };
    case 6: {
      const chain = pick(evmChains);
      return { query: `{ network { ${a}: evmChain(evmChainId: ${chain.evmChainId}) { blockchain { blockchainName } transactions(first: ${between(1, 20)}) { nodes { txHash value } } } } }` };
    }
    case 7: {
      const address = pick(world.addresses);
      return {
        list: `address ${address}`,
        query: `{ network { ${a}: address(address: "${address}") { transactions(chain: P_CHAIN, first: ${between(1, 20)}${after(`address ${address}`)}) { pageInfo { endCursor } nodes { txHash } } } } }`,
      };
    }
    default: {
      const subnet = pick(world.subnets.filter((s) => s.isL1));
      return { query: `{ network { ${a}: subnet(subnetId: "${subnet.subnetId}") { l1Validators(first: ${between(1, 20)}) { nodes { nodeId weight } } } } }` };
    }
  }
}

