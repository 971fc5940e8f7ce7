/**
 * Loaders: what is shared between requests (and with whom), and batching across a response.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const world = getWorld('mainnet');

describe('addresses:listChainIds', () => {
  const h = useHarness();

  it('is one call for every address of the response, whatever depth it is found at', async () => {
    const res = await h.raw(`{ network {
      address(address: "${world.addresses[0]}") { chains { blockchainId } }
      transactions(chain: X_CHAIN, first: 10) { nodes { emittedUtxos { addresses { chains { blockchainId } } } } }
      subnets(first: 3) { nodes { ownerAddresses { chains { blockchainId } } } }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(h.sandbox.count('getChainIdsForAddresses')).toBe(1);
    const sent = h.sandbox.log.find((r) => r.operation === 'getChainIdsForAddresses')!.query[0]![1].split(',');
    expect(sent).toContain(world.addresses[0]);
    expect(sent.length).toBeGreaterThan(10);
  });

  it('refuses an address id of another network before batching it with others', async () => {
    const fujiAddress = getWorld('fuji').addresses[0]!;
    const ids = [`Address:mainnet:${world.addresses[1]}`, `Address:mainnet:${fujiAddress}`].map((id) =>
      Buffer.from(id).toString('base64url'),
    );
    const res = await h.raw(`{ a: node(id: "${ids[0]}") { ... on Address { chains { blockchainId } } } b: node(id: "${ids[1]}") { id } }`);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(/is not a mainnet address/);
    expect((res.data as { a: { chains: unknown[] } }).a.chains.length).toBeGreaterThan(0);
  });
});

describe('lookups that go one call per key', () => {
  const h = useHarness();

  it('fail only the key whose call failed; the others still resolve', async () => {
    const [a, b, c] = world.transactions.p.slice(0, 3).map((tx) => tx.txHash);
    // A 403 is not retried, so exactly the first of the three calls fails.
    h.sandbox.fail({ operation: 'getTxByHash', kind: 'status', status: 403 });
    const res = await h.raw(`{ network {
      a: transaction(chain: P_CHAIN, txHash: "${a}") { txHash }
      b: transaction(chain: P_CHAIN, txHash: "${b}") { txHash }
      c: transaction(chain: P_CHAIN, txHash: "${c}") { txHash }
    } }`);
    expect(codes(res)).toEqual(['UPSTREAM_FORBIDDEN']);
    const network = (res.data as { network: Record<'a' | 'b' | 'c', { txHash: string } | null> }).network;
    const asked = { a, b, c };
    const answered = Object.entries(network).filter(([, tx]) => tx !== null);
    expect(answered).toHaveLength(2);
    for (const [alias, tx] of answered) expect(tx!.txHash).toBe(asked[alias as 'a' | 'b' | 'c']);
    expect(h.sandbox.count('getTxByHash')).toBe(3);
  });
});
