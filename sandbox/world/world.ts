/**
 * A deterministic Avalanche world: subnets and their blockchains with full EVM genesis, L1
 * validators, and P-, X- and C-Chain histories whose UTXOs really flow from one transaction to
 * the next (and across chains through export/import pairs). Everything is derived from the seed,
 * so every run serves the same data.
 *
 * The generator keeps its own model of UTXOs and transactions and renders the Data API's wire
 * shapes at the end, because one UTXO appears in different shapes on different chains.
 */
import type { NetworkName } from '../../src/base/ids.js';
import { accountsAndGenesis, manyUtxos } from './accounts.js';
import { Builder } from './builder.js';
import { crossChainMoves } from './cross-chain.js';
import { History } from './history.js';
import { render } from './render.js';
import { showcase } from './showcase.js';
import { primaryNetworkStaking } from './staking.js';
import { subnetChanges } from './subnet-changes.js';
import { subnetsAndL1s } from './subnets.js';
import { transfersAndAssets } from './transfers.js';
import type { SandboxWorld } from './types.js';
import { sandboxWallet } from './wallet.js';

/**
 * The world of a network for a seed, built from its parts in a fixed order: every part draws from
 * the one random source, so the order is part of what the world is.
 */
export function buildWorld(network: NetworkName, seed = 'avalanche'): SandboxWorld {
  const b = new Builder(network, seed);
  const history = new History(b.rng);
  const genesis = accountsAndGenesis(b);
  subnetsAndL1s(b, history);
  primaryNetworkStaking(b, history);
  subnetChanges(b, history);
  transfersAndAssets(b, history);
  crossChainMoves(b, history);
  // Last, and with a random source of its own: it adds to the world without moving the rest.
  showcase(b, history, genesis);
  history.run();
  const manyUtxosAddress = manyUtxos(b, genesis.x, network, seed);
  sandboxWallet(b, genesis);
  return render(b, manyUtxosAddress, genesis);
}

const cache = new Map<string, SandboxWorld>();

/** The world of a network for a seed, built once per process. */
export function getWorld(network: NetworkName, seed = 'avalanche'): SandboxWorld {
  const key = `${network}:${seed}`;
  let world = cache.get(key);
  if (!world) cache.set(key, (world = buildWorld(network, seed)));
  return world;
}
