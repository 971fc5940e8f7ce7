/**
 * One head per EVM chain at any instant: the node's eth_blockNumber, its "latest" block, and the
 * Data API's newest block all name the block the sandbox's live clock has reached, on the C-Chain
 * and a Subnet-EVM chain; the head's block exists by number on both upstreams, the block above it
 * on neither.
 */
import { describe, expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { evmBlockHash, getEvmWorld } from '../../sandbox/world/evm.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const node = getNodeWorld('mainnet');
const evm = getEvmWorld('mainnet');
const [subnetChainId] = [...node.chains.entries()].find(([, i]) => i.vm === 'subnet-evm' && i.status !== 'Created')!;
const subnet = evm.byBlockchainId.get(subnetChainId)!;
const chains = [
  { evmChainId: '43114', blockchainId: evm.chains.get('43114')!.blockchainId, worldHead: node.cBlocks.length - 1 },
  { evmChainId: subnet.chainId, blockchainId: subnetChainId, worldHead: node.subnetEvm(subnetChainId)!.blocks.length - 1 },
];

const heads = (head: number) => `
  headBlockNumber
  latest: latestBlock { number hash parentHash timestamp }
  indexed: latestBlock(from: DATA_API) { number hash parentHash timestamp }
  newest: blocks(first: 1) { edges { node { number hash } } }
  atNode: block(number: "${head}", from: NODE) { number hash }
  atData: block(number: "${head}", from: DATA_API) { number hash }
  aboveNode: block(number: "${head + 1}", from: NODE) { number }
  aboveData: block(number: "${head + 1}", from: DATA_API) { number }`;

const ask = (ticks: number) =>
  h.raw<any>(`{ network {
    ${chains.map((c, i) => `c${i}: evmChain(evmChainId: ${c.evmChainId}) { ${heads(c.worldHead + ticks)} }`).join('\n')}
  } }`);

describe('the head of an EVM chain', () => {
  for (const ticks of [0, 2, 7]) {
    it(`is the same block on the node and the Data API after ${ticks} tick(s) of the live clock`, async () => {
      h.sandbox.live.advance(ticks);
      const res = await ask(ticks);
      expect(res.errors).toBeUndefined();
      chains.forEach((c, i) => {
        const head = c.worldHead + ticks;
        const hash = evmBlockHash(c.evmChainId, head);
        const got = res.data.network[`c${i}`];
        expect(got.headBlockNumber).toBe(String(head));
        expect([got.latest.number, got.latest.hash]).toEqual([String(head), hash]);
        expect(got.latest.parentHash).toBe(evmBlockHash(c.evmChainId, head - 1));
        expect(got.indexed).toEqual(got.latest);
        expect(got.newest.edges[0].node).toEqual({ number: String(head), hash });
        expect(got.atNode).toEqual({ number: String(head), hash });
        expect(got.atData).toEqual({ number: String(head), hash });
        expect(got.aboveNode).toBeNull();
        expect(got.aboveData).toBeNull();
      });
      // The node was asked for the head and the blocks by number, the Data API for its blocks.
      const methods = h.sandbox.log
        .filter((r) => r.service === 'node')
        .flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]))
        .map((b: any) => [b.method, JSON.stringify(b.params ?? [])]);
      for (const c of chains) {
        const head = c.worldHead + ticks;
        expect(methods).toContainEqual(['eth_getBlockByNumber', JSON.stringify([`0x${head.toString(16)}`, false])]);
        expect(methods).toContainEqual(['eth_getBlockByNumber', JSON.stringify([`0x${(head + 1).toString(16)}`, false])]);
      }
      expect(methods.map(([m]) => m)).toContain('eth_blockNumber');
      const paths = h.sandbox.log.filter((r) => r.service === 'data-api').map((r) => r.path);
      for (const c of chains) {
        expect(paths).toContain(`/v1/chains/${c.blockchainId}/blocks/${c.worldHead + ticks}`);
        expect(paths).toContain(`/v1/chains/${c.blockchainId}/blocks/${c.worldHead + ticks + 1}`);
      }
    });
  }

  it('names live blocks by hash on both upstreams, with their parent linking back to the world', async () => {
    h.sandbox.live.advance(3);
    const c = chains[0]!;
    const hash = evmBlockHash(c.evmChainId, c.worldHead + 2);
    const res = await h.raw<any>(`{ network { evmChain(evmChainId: ${c.evmChainId}) {
      n: block(hash: "${hash}", from: NODE) { number parentHash transactionCount }
      d: block(hash: "${hash}", from: DATA_API) { number parentHash transactionCount }
    } } }`);
    expect(res.errors).toBeUndefined();
    const { n, d } = res.data.network.evmChain;
    expect(n).toEqual({ number: String(c.worldHead + 2), parentHash: evmBlockHash(c.evmChainId, c.worldHead + 1), transactionCount: 0 });
    expect(d).toEqual(n);
  });
});
