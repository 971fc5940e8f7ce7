/**
 * X-Chain vertices (listLatestXChainVertices): the list and the `chainInfo` envelope of its answer.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

describe('X-Chain vertices', () => {
  it('come with the chain and network the Data API answered for, from the same call', async () => {
    const res = await h.raw<any>(
      '{ m: network(name: MAINNET) { vertices(first: 2) { chainInfo { chainName network } nodes { vertexHash } } } f: network(name: FUJI) { vertices(first: 1) { chainInfo { chainName network } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.m.vertices.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'MAINNET' });
    expect(res.data.m.vertices.nodes).toHaveLength(2);
    expect(res.data.f.vertices.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'FUJI' });
    expect(h.sandbox.count('listLatestXChainVertices')).toBe(2);
  });
});
