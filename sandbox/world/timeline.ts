/**
 * The sandbox world's clock and constants: upgrade times, fees, the ids every network shares,
 * and the AVAX price curve the rewards and EVM balances are priced by.
 */
import type { NetworkName } from '../../src/base/ids.js';

export const AVAX_ASSET_ID: Record<NetworkName, string> = {
  mainnet: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  fuji: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
};

export const VM_IDS = {
  platform: 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT',
  avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
  evm: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  subnetEvm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
};

export const DAY = 86_400;
export const NANO = 1_000_000_000n;
/** The X-Chain's fees, which its transactions burn and avm.getTxFee reports. */
export const TX_FEE = 1_000_000n;
export const CREATE_ASSET_TX_FEE = NANO / 100n;

/** Upgrade times that decide which transaction formats the history uses. */
export const TIMELINE = {
  genesis: 1_600_000_000,
  banff: 1_666_000_000, // after this, no AdvanceTimeTx
  cortina: 1_682_000_000, // X-Chain moves from DAG vertices to linear blocks
  durango: 1_709_000_000, // permissionless staking txs replace AddValidatorTx/AddDelegatorTx
  etna: 1_734_000_000, // subnets may convert to L1s
  now: 1_763_000_000,
};

/** P-Chain transactions that go in a proposal block, followed by its commit block: before Banff the staking ones, after it only rewards. */
const APRICOT_PROPOSALS = new Set<string>([
  'AdvanceTimeTx',
  'RewardValidatorTx',
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddSubnetValidatorTx',
]);

export function isProposal(type: string, time: number): boolean {
  return time >= TIMELINE.banff ? type === 'RewardValidatorTx' : APRICOT_PROPOSALS.has(type);
}

/** Daily AVAX price in USD, a smooth deterministic curve; other currencies by fixed rates. */
export const FX_RATES: Record<string, number> = {
  usd: 1,
  eur: 0.92,
  aud: 1.52,
  cad: 1.37,
  chf: 0.88,
  clp: 940,
  cny: 7.2,
  czk: 23.1,
  dkk: 6.86,
  gbp: 0.79,
  hkd: 7.8,
  huf: 360,
  jpy: 151,
  nzd: 1.66,
};

export function avaxPriceUsd(timestamp: number): number {
  const days = (timestamp - TIMELINE.genesis) / DAY;
  return Math.round((28 + 18 * Math.sin(days / 90) + 9 * Math.sin(days / 23)) * 100) / 100;
}
