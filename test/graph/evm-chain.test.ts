/**
 * EVM chains (src/graph/evm-chain.ts): found by EVM chain id or by blockchain id, linked to their
 * Blockchain both ways, and their latest transactions, walked to the end and filtered by status
 * (the filter goes upstream, not applied to a page after the fact).
 */
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();

describe('finding an EVM chain', () => {
  it('finds an EVM chain by EVM chain id or blockchain id, and links it to its blockchain both ways', async () => {
    const chain = [...evm.chains.values()].find((c) => c.chainId !== '43114')!;
    const res = await h.raw<{
      network: {
        a: { blockchainId: string; blockchain: { evm: { evmChainId: number } } };
        b: { evmChainId: number };
        c: { evmChainId: number };
        none: null;
      };
    }>(`{ network {
      a: evmChain(evmChainId: ${chain.chainId}) { blockchainId blockchain { evm { evmChainId } } }
      b: evmChain(blockchainId: "${chain.blockchainId}") { evmChainId }
      c: evmChain(evmChainId: 43114) { evmChainId }
      none: evmChain(evmChainId: 7) { evmChainId }
    } }`);
    expect(res.data!.network).toEqual({
      a: { blockchainId: chain.blockchainId, blockchain: { evm: { evmChainId: Number(chain.chainId) } } },
      b: { evmChainId: Number(chain.chainId) },
      c: { evmChainId: 43114 },
      none: null,
    });
  });
});

const ChainTxs = /* GraphQL */ `
  query ChainTxs($after: String, $status: EvmTransactionStatus) {
    network(name: MAINNET) {
      evmChain(evmChainId: 43114) {
        transactions(first: 100, after: $after, status: $status) {
          pageInfo { hasNextPage endCursor }
          nodes { txHash status method { callType } }
        }
      }
    }
  }
`;

describe('the latest transactions', () => {
  it('pages the latest transactions, and filters by status', async () => {
    const all = await walk<any>(async (after) => (await h.raw<any>(ChainTxs, { after })).data!.network.evmChain!.transactions!);
    expect(all.map((t) => t.txHash)).toEqual(newestFirst(cChain.transactions).map((t) => t.txHash));
    expect(new Set(all.map((t) => t.method?.callType))).toEqual(new Set(['NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION']));
    const failed = await walk<any>(
      async (after) => (await h.raw<any>(ChainTxs, { after, status: 'FAILED' })).data!.network.evmChain!.transactions!,
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((t) => t.txHash)).toEqual(newestFirst(cChain.transactions.filter((t) => t.txStatus === '0')).map((t) => t.txHash));
    expect(new Set(failed.map((t) => t.status))).toEqual(new Set(['FAILED']));
    expect(h.sandbox.log.some((r) => r.query.some(([k, v]) => k === 'status' && v === 'failed'))).toBe(true);
  });
});
