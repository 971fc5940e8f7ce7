/**
 * The official RPC SDK (@avalanche-sdk/client) pointed at the sandbox's node, for every method of
 * this area it offers: info.*, the C-Chain's avax.*, proposervm.*, and issuing signed X-, P- and
 * C-Chain transactions with their status. Each call must parse as the SDK reads the real node.
 */
import {
  createCChainClient,
  createInfoApiClient,
  createPChainClient,
  createProposervmApiClient,
  createXChainClient,
} from '@avalanche-sdk/client';
import { defineChain } from 'viem';
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useSandbox } from '../helpers/sandbox.js';
import { signedBaseTx, signedCImport, walletUtxos } from '../helpers/signed-tx.js';

const sandbox = useSandbox();
const world = getWorld('mainnet');

/** A chain the SDK does not know, so it sends to the URL as given (for a known one it keeps only the origin). */
const chain = (url: string) =>
  defineChain({
    id: 999_999,
    name: 'sandbox',
    nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
const at = (path: string) => {
  const url = `${sandbox.nodeUrl('mainnet')}${path}`;
  return { chain: chain(url), transport: { type: 'http' as const, url } };
};

describe('@avalanche-sdk/client over the sandbox node', () => {
  it('parses every info.* answer', async () => {
    const info = createInfoApiClient(at('/ext/info'));
    expect((await info.acps()).acps.size).toBeGreaterThan(0);
    expect((await info.getBlockchainID({ alias: 'X' })).blockchainID).toBe(world.chainIds.x);
    expect((await info.getNetworkID()).networkID).toBe('1');
    expect((await info.getNetworkName()).networkName).toBe('mainnet');
    expect((await info.getNodeID()).nodeID).toMatch(/^NodeID-/);
    expect((await info.getNodeIP()).ip).toBe('127.0.0.1:9651');
    expect((await info.getNodeVersion()).version).toMatch(/^avalanche\//);
    expect((await info.getTxFee()).txFee).toBe(1_000_000n);
    expect(Object.keys((await info.getVMs()).vms).length).toBeGreaterThan(2);
    expect((await info.isBootstrapped({ chain: 'P' })).isBootstrapped).toBe(true);
    expect(Number((await info.peers({ nodeIDs: [] })).numPeers)).toBeGreaterThan(0);
    expect((await info.upgrades()).durangoTime).toBe('2024-03-06T16:00:00Z');
    expect(Number((await info.uptime()).rewardingStakePercentage)).toBeGreaterThan(0);
  });

  it('parses avax.* and issues a signed C-Chain import, then reads it back', async () => {
    const c = createCChainClient(at('/ext/bc/C/avax'));
    const owner = `C-${walletUtxos('mainnet', 'c')[0]!.owners[0]}`;
    const utxos = await c.getUTXOs({ addresses: [owner], sourceChain: 'X', limit: 10, encoding: 'hex' } as never);
    expect((utxos as { utxos: string[] }).utxos.length).toBe(2);
    const signed = await signedCImport('mainnet');
    const issued = await c.issueTx({ tx: signed.hex, encoding: 'hex' } as never);
    expect((issued as { txID: string }).txID).toBe(signed.id);
    expect((await c.getAtomicTxStatus({ txID: signed.id } as never)).status).toBe('Processing');
    expect((await c.getAtomicTx({ txID: signed.id, encoding: 'hex' } as never)).tx).toMatch(/^0x/);
  });

  it('issues signed X- and P-Chain transactions and reads their status', async () => {
    const x = createXChainClient(at('/ext/bc/X'));
    const xTx = await signedBaseTx('mainnet', 'X');
    expect((await x.issueTx({ tx: xTx.hex, encoding: 'hex' } as never)).txID).toBe(xTx.id);
    expect((await x.getTxStatus({ txID: xTx.id } as never)).status).toBe('Processing');
    expect((await x.getTxFee()).txFee).toBeDefined();
    const p = createPChainClient(at('/ext/bc/P'));
    const pTx = await signedBaseTx('mainnet', 'P');
    expect((await p.issueTx({ tx: pTx.hex, encoding: 'hex' } as never)).txID).toBe(pTx.id);
    expect((await p.getTxStatus({ txID: pTx.id } as never)).status).toBe('Processing');
  });

  it('parses proposervm.* on the P-, X- and C-Chain', async () => {
    for (const alias of ['P', 'X', 'C']) {
      const vm = createProposervmApiClient({ ...at(`/ext/bc/${alias}/proposervm`), clientType: 'proposervmPChain' });
      expect(Number((await vm.getProposedHeight()).height)).toBeGreaterThan(0);
      expect((await vm.getCurrentEpoch()).number).toBeDefined();
    }
  });
});
