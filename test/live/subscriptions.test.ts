/**
 * Subscriptions against the sandbox, whose chains the tests move on themselves
 * (`sandbox.live.advance()`): over SSE and over WebSocket, one poller per topic however many
 * subscribers, stopped when they leave, bounded per client, and a failing upstream as a coded
 * error event after which the subscription goes on.
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { decodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { cb58Encode } from '../../src/base/ids.js';
import { createGatewayServer } from '../../src/http/server.js';
import { startHarness, type Harness, withoutCost } from '../helpers/harness.js';
import { subscribeSse, until } from '../helpers/live.js';

const POLL_MS = 200;
const ENV = {
  LIVE_POLL_BLOCKS_MS: String(POLL_MS),
  LIVE_POLL_TRANSACTIONS_MS: String(POLL_MS),
  LIVE_POLL_FEE_CONFIG_MS: String(POLL_MS),
  LIVE_POLL_VALIDATORS_MS: String(POLL_MS),
  LIVE_POLL_TPS_MS: String(POLL_MS),
  LIVE_MAX_PER_CLIENT: '8',
};

const node = getNodeWorld('mainnet');
const lastOf = (index: 'P/block' | 'C/block' | 'X/block') => node.indexes[index].containers.length - 1;

const BLOCKS = `subscription($chain: PrimaryNetworkChain!) { acceptedBlocks(chain: $chain) { id index acceptedAt } }`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness(ENV);
});
afterAll(() => h?.close());
beforeEach(() => h.sandbox.reset());

/** Waits until the topic's poller has read where the chain stands (its start), so what follows is news. */
async function started(key: string, operation: string) {
  await until(() => h.gateway.live.stats().polling.includes(key) && h.sandbox.count(operation) >= 1, `${key} started`);
  // The start's answer is delivered right after the call returns.
  await sleep(20);
}

describe('over SSE', () => {
  it('sends the next accepted block as the sandbox produces it', async () => {
    const sub = await subscribeSse(h.gateway, BLOCKS, { chain: 'P_CHAIN' });
    try {
      expect(sub.status).toBe(200);
      await started('blocks:mainnet:P', 'index.getLastAccepted');
      h.sandbox.live.advance();
      const first = await sub.next();
      expect(first.event).toBe('next');
      expect(first.data.errors).toBeUndefined();
      expect(first.data.data.acceptedBlocks.index).toBe(String(lastOf('P/block') + 1));
      h.sandbox.live.advance(2);
      const [second, third] = [await sub.next(), await sub.next()];
      expect([second.data.data.acceptedBlocks.index, third.data.data.acceptedBlocks.index]).toEqual([
        String(lastOf('P/block') + 2),
        String(lastOf('P/block') + 3),
      ]);
      // The node's index answers the same container by id: it is a real accepted block there.
      const again = await h.raw<any>(`query($id: CB58Id!) { network { index(name: P_BLOCK) { container(id: $id) { index } } } }`, {
        id: third.data.data.acceptedBlocks.id,
      });
      expect(again.data?.network.index.container.index).toBe(String(lastOf('P/block') + 3));
    } finally {
      await sub.close();
    }
  });

  it('sends a new transaction of a watched address, with the graph below it', async () => {
    const [address] = h.sandbox.live.addresses('mainnet');
    const sub = await subscribeSse(
      h.gateway,
      `subscription($a: [AvalancheAddress!]!) { addressTransactions(addresses: $a, chains: [P_CHAIN]) { txHash chain ... on PChainTransaction { txType } } }`,
      { a: [address] },
    );
    try {
      await started(`transactions:mainnet:p-chain:${address}`, 'listLatestPrimaryNetworkTransactions');
      h.sandbox.live.advance(2);
      const event = await sub.next();
      const made = h.sandbox.live.transactions('mainnet');
      expect(made).toHaveLength(1);
      expect(event.data.errors).toBeUndefined();
      expect(event.data.data.addressTransactions).toMatchObject({ txHash: made[0]!.txHash, chain: 'P_CHAIN', txType: made[0]!.txType });
    } finally {
      await sub.close();
    }
  });

  it('sends a fee config and a validator set first as they stand, then when they change', async () => {
    const chain = [...node.chains.values()].find((c) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
    const fees = await subscribeSse(h.gateway, `subscription($id: CB58Id!) { feeConfig(blockchainId: $id) { minBaseFee lastChangedAt } }`, {
      id: chain.blockchain.blockchainId,
    });
    const subnetId = node.subnetValidators[0]!.subnetId!;
    const validators = await subscribeSse(h.gateway, `subscription($id: CB58Id!) { subnetValidators(subnetId: $id) { nodeId weight } }`, {
      id: subnetId,
    });
    try {
      const before = (await fees.next()).data.data.feeConfig;
      const set = (await validators.next()).data.data.subnetValidators;
      expect(set.length).toBeGreaterThan(0);
      h.sandbox.live.advance(5);
      const after = (await fees.next()).data.data.feeConfig;
      expect(BigInt(after.minBaseFee) - BigInt(before.minBaseFee)).toBe(1_000_000_000n);
      const changed = (await validators.next()).data.data.subnetValidators;
      expect(BigInt(changed[0].weight) - BigInt(set[0].weight)).toBe(1n);
    } finally {
      await Promise.all([fees.close(), validators.close()]);
    }
  });

  it('sends new average TPS points', async () => {
    const sub = await subscribeSse(h.gateway, `subscription { averageTps(evmChainId: 43114) { timestamp value } }`);
    try {
      await started('tps:43114', 'getAvgTps');
      h.sandbox.live.advance(3);
      const point = (await sub.next()).data.data.averageTps;
      const latest = await h.raw<any>(`{ network { evmChain(evmChainId: 43114) { averageTps(first: 1) { nodes { timestamp } } } } }`);
      expect(point.timestamp).toBe(latest.data?.network.evmChain.averageTps.nodes[0].timestamp);
    } finally {
      await sub.close();
    }
  });

  it('refuses a subscription sent for a single JSON answer, and frees its place', async () => {
    const res = await h.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: BLOCKS, variables: { chain: 'C_CHAIN' } }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await until(() => h.gateway.live.stats().subscribers === 0, 'no subscriber is left');
  });
});

describe('one poller per topic', () => {
  it('serves many subscribers with one upstream call per interval, and stops when they leave', async () => {
    const subs = await Promise.all(Array.from({ length: 6 }, () => subscribeSse(h.gateway, BLOCKS, { chain: 'C_CHAIN' })));
    try {
      await started('blocks:mainnet:C', 'index.getLastAccepted');
      expect(h.gateway.live.stats()).toMatchObject({ topics: 1, polling: ['blocks:mainnet:C'], subscribers: 6 });
      h.sandbox.live.advance();
      const events = await Promise.all(subs.map((s) => s.next()));
      expect(new Set(events.map((e) => e.data.data.acceptedBlocks.id)).size).toBe(1);
      await sleep(POLL_MS * 3);
      // One start and one call per poll, whatever the number of subscribers.
      const polls = h.gateway.live.stats().polls['blocks:mainnet:C']!;
      expect(polls).toBeGreaterThanOrEqual(3);
      expect(h.sandbox.count('index.getLastAccepted')).toBeLessThanOrEqual(polls + 2);
      expect(h.sandbox.count('index.getLastAccepted')).toBeGreaterThanOrEqual(polls);
    } finally {
      await Promise.all(subs.map((s) => s.close()));
    }
    await until(() => h.gateway.live.stats().topics === 0, 'the topic is gone');
    await sleep(POLL_MS);
    const calls = h.sandbox.count('index.getLastAccepted');
    await sleep(POLL_MS * 3);
    expect(h.sandbox.count('index.getLastAccepted')).toBe(calls);
  });
});

describe('bounds', () => {
  it('refuses a client past LIVE_MAX_PER_CLIENT with a coded error, and takes it again once one closes', async () => {
    const open = await Promise.all(Array.from({ length: 8 }, () => subscribeSse(h.gateway, BLOCKS, { chain: 'X_CHAIN' })));
    try {
      await until(() => h.gateway.live.stats().subscribers === 8, 'eight are open');
      const refused = await subscribeSse(h.gateway, BLOCKS, { chain: 'X_CHAIN' });
      const event = await refused.next();
      expect(event.data.errors[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'subscriptionsPerClient' });
      expect(event.data.errors[0].message).toMatch(/LIVE_MAX_PER_CLIENT/);
      await refused.close();
      await open[0]!.close();
      await until(() => h.gateway.live.stats().subscribers === 7, 'one closed');
      const again = await subscribeSse(h.gateway, BLOCKS, { chain: 'X_CHAIN' });
      await until(() => h.gateway.live.stats().subscribers === 8, 'the new one is open');
      open[0] = again;
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
  });

  it('refuses a subscription past LIVE_MAX_TOPICS distinct topics with a coded error, but not one joining a topic already polled', async () => {
    const few = await startHarness({ ...ENV, LIVE_MAX_TOPICS: '2' }, { sandbox: h.sandbox });
    const open: Awaited<ReturnType<typeof subscribeSse>>[] = [];
    try {
      open.push(
        await subscribeSse(few.gateway, BLOCKS, { chain: 'X_CHAIN' }),
        await subscribeSse(few.gateway, BLOCKS, { chain: 'P_CHAIN' }),
      );
      await until(() => few.gateway.live.stats().topics === 2, 'two topics');
      const refused = await subscribeSse(few.gateway, BLOCKS, { chain: 'C_CHAIN' });
      const error = (await refused.next()).data.errors[0];
      expect(error.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'subscriptionTopics' });
      expect(error.message).toMatch(/serves 2 distinct subscription topics .*\(LIVE_MAX_TOPICS\)/);
      await refused.close();
      // The same arguments as an open subscription join its topic: no new poller, no refusal.
      open.push(await subscribeSse(few.gateway, BLOCKS, { chain: 'X_CHAIN' }));
      await until(() => few.gateway.live.stats().subscribers === 3, 'three subscribers');
      expect(few.gateway.live.stats().topics).toBe(2);
      await open.splice(1, 1)[0]!.close();
      await until(() => few.gateway.live.stats().topics === 1, 'P-Chain topic gone');
      open.push(await subscribeSse(few.gateway, BLOCKS, { chain: 'C_CHAIN' }));
      await until(() => few.gateway.live.stats().topics === 2, 'the C-Chain topic opens');
    } finally {
      await Promise.all(open.map((s) => s.close()));
      await few.close();
    }
  });

  it('refuses more addresses than LIVE_MAX_ADDRESSES, and addresses of another network', async () => {
    const addresses = Array.from({ length: 21 }, () => h.sandbox.live.addresses('mainnet')[0]!);
    const many = await subscribeSse(h.gateway, `subscription($a: [AvalancheAddress!]!) { addressTransactions(addresses: $a) { txHash } }`, {
      a: addresses,
    });
    const error = (await many.next()).data.errors[0];
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.message).toMatch(/at most 20 \(LIVE_MAX_ADDRESSES\)/);
    await many.close();
    const fuji = await subscribeSse(h.gateway, `subscription($a: [AvalancheAddress!]!) { addressTransactions(addresses: $a) { txHash } }`, {
      a: [h.sandbox.live.addresses('fuji')[0]],
    });
    expect((await fuji.next()).data.errors[0].message).toMatch(/is not a mainnet address/);
    await fuji.close();
    expect(h.gateway.live.stats().subscribers).toBe(0);
  });

  it('refuses a variable list longer than any list argument takes by its count, before coercing its items', async () => {
    const addresses = Array.from({ length: 20_000 }, () => h.sandbox.live.addresses('mainnet')[0]!);
    const huge = await subscribeSse(h.gateway, `subscription($a: [AvalancheAddress!]!) { addressTransactions(addresses: $a) { txHash } }`, {
      a: addresses,
    });
    const errors = (await huge.next()).data.errors;
    expect(errors).toHaveLength(1);
    expect(errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', variable: 'a' });
    expect(errors[0].message).toBe('`$a` holds 20000 items; a list argument of this API takes at most 100: split the request.');
    await huge.close();
    expect(h.gateway.live.stats().subscribers).toBe(0);
  });
});

describe('a failing upstream', () => {
  it('gives a coded error event, and the subscription goes on with the next poll', async () => {
    const sub = await subscribeSse(h.gateway, BLOCKS, { chain: 'P_CHAIN' });
    try {
      await started('blocks:mainnet:P', 'index.getLastAccepted');
      h.sandbox.fail({ operation: 'index.getLastAccepted', kind: 'status', status: 503, times: -1 });
      const failed = await sub.next();
      expect(failed.event).toBe('next');
      expect(failed.data.data.acceptedBlocks).toBeNull();
      expect(failed.data.errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
      h.sandbox.knobs.faults = [];
      h.sandbox.live.advance();
      // Error events of polls that failed meanwhile may come first; then the block.
      let event = await sub.next();
      while (event.data.errors) event = await sub.next();
      expect(event.data.data.acceptedBlocks.index).toBe(String(lastOf('P/block') + 1));
    } finally {
      await sub.close();
    }
  });
});

/** Stops a test's server without draining: draining would end the shared gateway's subscriptions. */
function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('an upstream that does not serve the API', () => {
  it('gives one coded error event and ends the subscription cleanly', async () => {
    h.sandbox.node.setKnobs({ indexEnabled: false });
    const sub = await subscribeSse(h.gateway, BLOCKS, { chain: 'X_CHAIN' });
    try {
      const failed = await sub.next();
      expect(failed.data.errors[0].extensions.code).toBe('NODE_API_UNAVAILABLE');
      expect((await sub.next()).event).toBe('complete');
      await until(() => h.gateway.live.stats().topics === 0, 'the topic is gone');
    } finally {
      await sub.close();
    }
  });
});

describe('over WebSocket', () => {
  it('runs a subscription at /graphql on the HTTP server (graphql-transport-ws), and a query too', async () => {
    const { server } = createGatewayServer(h.gateway, h.config.server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    try {
      const query = await new Promise<any>((resolve, reject) => {
        let result: unknown;
        client.subscribe({ query: '{ network { name } }' }, { next: (r) => (result = r), error: reject, complete: () => resolve(result) });
      });
      expect(withoutCost(query)).toEqual({ data: { network: { name: 'MAINNET' } } });

      const received: any[] = [];
      let failure: unknown;
      const unsubscribe = client.subscribe(
        { query: BLOCKS, variables: { chain: 'C_CHAIN' } },
        { next: (r) => received.push(r), error: (e) => (failure = e), complete: () => undefined },
      );
      await started('blocks:mainnet:C', 'index.getLastAccepted');
      h.sandbox.live.advance();
      await until(() => received.length > 0 || failure !== undefined, 'a block arrives over the socket');
      expect(failure).toBeUndefined();
      expect(received[0].data.acceptedBlocks.index).toBe(String(lastOf('C/block') + 1));
      unsubscribe();
      await until(() => h.gateway.live.stats().topics === 0, 'the socket subscription is gone');
    } finally {
      await client.dispose();
      await stop(server);
    }
  });

  it('runs many operations on one socket without a listener left behind by each', async () => {
    const { server } = createGatewayServer(h.gateway, h.config.server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Kept open between operations (a lazy client closes its socket whenever none is running).
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazyCloseTimeout: 60_000,
    });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i++) {
        const result = await new Promise<any>((resolve, reject) => {
          let last: unknown;
          client.subscribe({ query: '{ network { name } }' }, { next: (r) => (last = r), error: reject, complete: () => resolve(last) });
        });
        expect(withoutCost(result)).toEqual({ data: { network: { name: 'MAINNET' } } });
      }
      // Node reports a listener leak as a process warning, on a later tick.
      await sleep(20);
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await client.dispose();
      await stop(server);
    }
  });

  it('refuses other upgrade paths', async () => {
    const { server } = createGatewayServer(h.gateway, h.config.server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      });
      expect(status).toBe(404);
    } finally {
      await stop(server);
    }
  });
});

describe('P- and X-Chain blocks by height (what public endpoints serve)', () => {
  const P_BLOCKS = `subscription { pChainBlocks { blockId parentId height time transactions { txId } hex } }`;
  const X_BLOCKS = `subscription { xChainBlocks { blockId parentId height time merkleRoot transactions { txId } hex } }`;
  const pHeight = node.platform.blocks.length - 1;
  const xHeight = node.avm.blocks.length - 1;
  // The sandbox's reset rewinds the chains, which no real chain does: a topic its last
  // subscriber left less than an interval ago goes on from where it was (past the rewound
  // height) when subscribed to again, so each test here waits that out first.
  beforeEach(() => sleep(POLL_MS));
  /** What a block's id is: the sha256 of its bytes (the hex, checksum dropped). */
  const idOfHex = (hex: string) => cb58Encode(createHash('sha256').update(decodeHexWithChecksum(hex)).digest());

  it('sends the next P-Chain block, then each one after in height order, as the node serves them', async () => {
    const sub = await subscribeSse(h.gateway, P_BLOCKS);
    try {
      expect(sub.status).toBe(200);
      await started('pChainBlocks:mainnet', 'platform.getHeight');
      h.sandbox.live.advance();
      const first = await sub.next();
      expect(first.data.errors).toBeUndefined();
      const made = node.madeBlock('P', 0);
      expect(first.data.data.pChainBlocks).toEqual({
        blockId: made.id,
        parentId: node.platform.blocks.at(-1)!.id,
        height: String(pHeight + 1),
        time: made.time,
        transactions: [],
        hex: expect.stringMatching(/^0x[0-9a-f]+$/),
      });
      expect(idOfHex(first.data.data.pChainBlocks.hex)).toBe(made.id);
      h.sandbox.live.advance(2);
      const [second, third] = [(await sub.next()).data.data.pChainBlocks, (await sub.next()).data.data.pChainBlocks];
      expect([second.height, third.height]).toEqual([String(pHeight + 2), String(pHeight + 3)]);
      expect([second.parentId, third.parentId]).toEqual([made.id, second.blockId]);
      // The same block through the graph's lookup by height, and in the node's index.
      const again = await h.raw<any>(
        `query($h: Uint64!, $id: CB58Id!) { network { pChain { height block(height: $h) { blockId } } index(name: P_BLOCK) { container(id: $id) { index } } } }`,
        { h: third.height, id: third.blockId },
      );
      expect(again.data?.network.pChain).toEqual({ height: third.height, block: { blockId: third.blockId } });
      // The index starts after the genesis block: position = height - 1.
      expect(again.data?.network.index.container.index).toBe(String(pHeight + 2));
    } finally {
      await sub.close();
    }
  });

  it('sends the next X-Chain block, decoded, with the id of its bytes', async () => {
    const sub = await subscribeSse(h.gateway, X_BLOCKS);
    try {
      await started('xChainBlocks:mainnet', 'avm.getHeight');
      h.sandbox.live.advance();
      const block = (await sub.next()).data.data.xChainBlocks;
      const made = node.madeBlock('X', 0);
      expect(block).toMatchObject({
        blockId: made.id,
        parentId: node.avm.blocks.at(-1)!.id,
        height: String(xHeight + 1),
        time: made.time,
        transactions: [],
      });
      expect(idOfHex(block.hex)).toBe(made.id);
      const indexed = await h.raw<any>(`query($id: CB58Id!) { network { index(name: X_BLOCK) { container(id: $id) { index } } } }`, {
        id: made.id,
      });
      expect(indexed.data?.network.index.container.index).toBe(String(xHeight + 1));
    } finally {
      await sub.close();
    }
  });

  it('skips ahead to the newest 32 blocks when the chain moved further between two polls', async () => {
    const sub = await subscribeSse(h.gateway, `subscription { xChainBlocks { height } }`);
    try {
      await started('xChainBlocks:mainnet', 'avm.getHeight');
      h.sandbox.live.advance(40);
      const heights: string[] = [];
      for (let i = 0; i < 32; i++) heights.push((await sub.next()).data.data.xChainBlocks.height);
      expect(heights).toEqual(Array.from({ length: 32 }, (_, i) => String(xHeight + 9 + i)));
      h.sandbox.live.advance();
      expect((await sub.next()).data.data.xChainBlocks.height).toBe(String(xHeight + 41));
    } finally {
      await sub.close();
    }
  });

  it('serves two subscribers from one poller: one getHeight per poll, each block fetched once', async () => {
    const subs = await Promise.all([subscribeSse(h.gateway, P_BLOCKS), subscribeSse(h.gateway, P_BLOCKS)]);
    try {
      await started('pChainBlocks:mainnet', 'platform.getHeight');
      expect(h.gateway.live.stats()).toMatchObject({ topics: 1, polling: ['pChainBlocks:mainnet'], subscribers: 2 });
      const fetchedBefore = h.sandbox.count('platform.getBlockByHeight');
      h.sandbox.live.advance();
      const events = await Promise.all(subs.map((s) => s.next()));
      expect(events.map((e) => e.data.data.pChainBlocks.blockId)).toEqual([node.madeBlock('P', 0).id, node.madeBlock('P', 0).id]);
      await sleep(POLL_MS * 3);
      const polls = h.gateway.live.stats().polls['pChainBlocks:mainnet']!;
      expect(polls).toBeGreaterThanOrEqual(3);
      expect(h.sandbox.count('platform.getHeight')).toBeLessThanOrEqual(polls + 2);
      expect(h.sandbox.count('platform.getHeight')).toBeGreaterThanOrEqual(polls);
      // One JSON fetch by the poller, one hex fetch per subscriber's `hex` field.
      expect(h.sandbox.count('platform.getBlockByHeight') - fetchedBefore).toBe(3);
    } finally {
      await Promise.all(subs.map((s) => s.close()));
    }
    await until(() => h.gateway.live.stats().topics === 0, 'the topic is gone');
  });

  it('gives a coded error event when the node fails, and the next poll goes on from where it was', async () => {
    const sub = await subscribeSse(h.gateway, `subscription { pChainBlocks { height } }`);
    try {
      await started('pChainBlocks:mainnet', 'platform.getHeight');
      h.sandbox.fail({ operation: 'platform.getHeight', kind: 'status', status: 503, times: -1 });
      const failed = await sub.next();
      expect(failed.data.data.pChainBlocks).toBeNull();
      expect(failed.data.errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
      h.sandbox.knobs.faults = [];
      h.sandbox.live.advance();
      let event = await sub.next();
      while (event.data.errors) event = await sub.next();
      expect(event.data.data.pChainBlocks.height).toBe(String(pHeight + 1));
      // A block fetch failing (retries included) fails that poll; a later one fetches it again: nothing is lost.
      h.sandbox.fail({ operation: 'platform.getBlockByHeight', kind: 'status', status: 503, times: -1 });
      h.sandbox.live.advance();
      const blockFailed = await sub.next();
      expect(blockFailed.data.errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
      h.sandbox.knobs.faults = [];
      event = await sub.next();
      while (event.data.errors) event = await sub.next();
      expect(event.data.data.pChainBlocks.height).toBe(String(pHeight + 2));
    } finally {
      await sub.close();
    }
  });

  it('waits for a block a node behind the balancer does not have yet, and keeps height order', async () => {
    const sub = await subscribeSse(h.gateway, `subscription { pChainBlocks { height } }`);
    try {
      await started('pChainBlocks:mainnet', 'platform.getHeight');
      // One node of the endpoint tells the height, another does not have one of the blocks yet.
      const notYet = { jsonrpc: '2.0', id: 1, error: { code: -32000, message: "couldn't get block at height 1: not found", data: null } };
      h.sandbox.fail({ operation: 'platform.getBlockByHeight', kind: 'body', body: notYet, times: 1 });
      h.sandbox.live.advance(2);
      const [a, b] = [await sub.next(), await sub.next()];
      expect([a.data.errors, b.data.errors]).toEqual([undefined, undefined]);
      expect([a.data.data.pChainBlocks.height, b.data.data.pChainBlocks.height]).toEqual([String(pHeight + 1), String(pHeight + 2)]);
      // The missing one was asked again (and the one after it too, when it was the first).
      expect(h.sandbox.count('platform.getBlockByHeight')).toBeGreaterThanOrEqual(3);
      expect(h.sandbox.count('platform.getBlockByHeight')).toBeLessThanOrEqual(4);
    } finally {
      await sub.close();
    }
  });
});
