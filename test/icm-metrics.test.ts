/**
 * ICM messages by chain and by address, and the Metrics API's daily TPS series.
 */
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../sandbox/world/evm.js';
import { TPS_PAGE } from '../sandbox/metrics-api/metrics.js';
import { codes, type Page, useHarness, walk } from './helpers.js';

const h = useHarness({ DATA_API_KEY: 'operator-key' });
const evm = getEvmWorld('mainnet');
const cChain = evm.chains.get('43114')!;

describe('ICM messages', () => {
  const busy = [...evm.chains.values()].sort(
    (a, b) =>
      evm.icm.filter((m) => m.sourceBlockchainId === b.blockchainId || m.destinationBlockchainId === b.blockchainId).length -
      evm.icm.filter((m) => m.sourceBlockchainId === a.blockchainId || m.destinationBlockchainId === a.blockchainId).length,
  )[0]!;

  it.each([
    [
      'EITHER',
      (m: (typeof evm.icm)[number]) => m.sourceBlockchainId === busy.blockchainId || m.destinationBlockchainId === busy.blockchainId,
      'blockchainId',
    ],
    ['SOURCE', (m: (typeof evm.icm)[number]) => m.sourceBlockchainId === busy.blockchainId, 'sourceBlockchainId'],
    ['DESTINATION', (m: (typeof evm.icm)[number]) => m.destinationBlockchainId === busy.blockchainId, 'destinationBlockchainId'],
  ] as const)("pages a chain's messages, role %s", async (role, keep, param) => {
    const Q = `query($after: String) { network { evmChain(evmChainId: ${busy.chainId}) { icmMessages(first: 3, after: $after, role: ${role}) {
      pageInfo { hasNextPage endCursor } nodes { messageId } } } } }`;
    const got = await walk(
      async (after) =>
        ((await h.raw(Q, { after })).data as { network: { evmChain: { icmMessages: Page<{ messageId: string }> } } }).network.evmChain
          .icmMessages,
    );
    expect(got.map((m) => m.messageId)).toEqual(evm.icm.filter(keep).map((m) => m.messageId));
    const call = h.sandbox.log.find((r) => r.operation === 'listIcmMessages')!;
    expect(call.query).toEqual(
      expect.arrayContaining([
        [param, busy.blockchainId],
        ['network', 'mainnet'],
      ]),
    );
  });

  it("pages an address's messages from the EVM address and from Address, with every status and both ends resolved", async () => {
    const sender = evm.icm[0]!.from;
    const mine = evm.icm.filter((m) => m.from.toLowerCase() === sender.toLowerCase() || m.to.toLowerCase() === sender.toLowerCase());
    const fields =
      'pageInfo { hasNextPage endCursor } nodes { messageId status sourceChain { evmChainId } destinationChain { evmChainId } sender { address } recipient { address } receipts { relayerRewardAddress } sourceTransaction { txHash } destinationTransaction { txHash delivererAddress } }';
    const viaEvm = await walk(
      async (after) =>
        (
          (
            await h.raw(
              `query($after: String) { network { evmChain(evmChainId: ${evm.icm[0]!.sourceEvmChainId}) { address(address: "${sender}") { icmMessages(first: 2, after: $after) { ${fields} } } } } }`,
              { after },
            )
          ).data as {
            network: { evmChain: { address: { icmMessages: Page<{ messageId: string }> } } };
          }
        ).network.evmChain.address.icmMessages,
    );
    expect(viaEvm.map((m) => m.messageId)).toEqual(mine.map((m) => m.messageId));
    const viaAddress = await h.raw<{ network: { address: { icmMessages: Page<{ messageId: string }> } } }>(
      `{ network { address(address: "${sender}") { icmMessages(first: 100) { ${fields} } } } }`,
    );
    expect(viaAddress.data!.network.address.icmMessages.nodes.map((m) => m.messageId)).toEqual(mine.map((m) => m.messageId));

    const statuses = new Map<string, Record<string, unknown>>();
    const all = await walk(
      async (after) =>
        (
          (await h.raw(`query($after: String) { network { icmMessages(first: 100, after: $after) { ${fields} } } }`, { after })).data as {
            network: { icmMessages: Page<Record<string, unknown>> };
          }
        ).network.icmMessages,
    );
    expect(all.map((m) => m.messageId)).toEqual(evm.icm.map((m) => m.messageId));
    for (const m of all) statuses.set(m.status as string, m);
    expect([...statuses.keys()].sort()).toEqual(['DELIVERED', 'DELIVERED_SOURCE_NOT_INDEXED', 'PENDING']);
    expect(statuses.get('PENDING')).toMatchObject({ destinationTransaction: null, receipts: [] });
    expect(statuses.get('DELIVERED_SOURCE_NOT_INDEXED')).toMatchObject({ sourceTransaction: null });
    expect((statuses.get('DELIVERED') as { sourceChain: unknown; destinationTransaction: unknown }).destinationTransaction).not.toBeNull();
  });

  it("filters the network's messages by sender and recipient", async () => {
    const m = evm.icm[7]!;
    const res = await h.raw<{ network: { from: { nodes: { messageId: string }[] }; to: { nodes: { messageId: string }[] } } }>(`{ network {
      from: icmMessages(first: 100, from: "${m.from}") { nodes { messageId } }
      to: icmMessages(first: 100, to: "${m.to.toLowerCase()}") { nodes { messageId } }
    } }`);
    expect(res.data!.network.from.nodes.map((x) => x.messageId)).toEqual(evm.icm.filter((x) => x.from === m.from).map((x) => x.messageId));
    expect(res.data!.network.to.nodes.map((x) => x.messageId)).toEqual(evm.icm.filter((x) => x.to === m.to).map((x) => x.messageId));
  });

  it('refuses a bech32 address for ICM messages', async () => {
    const res = await h.raw(
      `{ network { address(address: "${getEvmWorld('mainnet') && 'avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'}") { icmMessages { nodes { messageId } } } } }`,
    );
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.count()).toBe(0);
  });
});

describe('average TPS (Metrics API)', () => {
  const Q = `query($after: String, $first: Int) { network { evmChain(evmChainId: 43114) { averageTps(first: $first, after: $after) {
    lastRun pageInfo { hasNextPage endCursor } nodes { timestamp value } } } } }`;
  type Tps = { network: { evmChain: { averageTps: Page<{ timestamp: number; value: number }> & { lastRun: number } } } };

  it("pages the daily series across the Metrics API's own pages, newest first", async () => {
    const got = await walk(async (after) => (await h.raw<Tps>(Q, { after, first: 70 })).data!.network.evmChain.averageTps);
    expect(got).toEqual(cChain.tps);
    expect(h.sandbox.count('getAvgTps')).toBeGreaterThan(Math.ceil(cChain.tps.length / TPS_PAGE) - 1);
  });

  it('reaches the series from a blockchain too, and is null for a chain without an EVM chain id', async () => {
    const res = await h.raw<{ network: { x: { averageTps: null }; c: { averageTps: { nodes: unknown[] } } } }>(
      `{ network { x: blockchain(blockchainId: "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM") { averageTps { nodes { value } } } c: blockchain(blockchainId: "2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5") { averageTps(first: 5) { nodes { value } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.network.x.averageTps).toBeNull();
    expect(res.data!.network.c.averageTps.nodes).toHaveLength(5);
  });

  it("never sends an API key to the Metrics API, the operator's nor the client's", async () => {
    await h.raw(Q, { first: 3 }, { 'x-service-api-key': 'client-key' });
    await h.raw(Q, { first: 3 });
    const metrics = h.sandbox.log.filter((r) => r.service === 'metrics-api');
    expect(metrics).toHaveLength(2);
    expect(metrics.every((r) => r.apiKey === undefined)).toBe(true);
  });

  it('after a token expires (24 h), the series starts again from the newest day, as the Metrics API does', async () => {
    const page = (await h.raw<Tps>(Q, { first: TPS_PAGE })).data!.network.evmChain.averageTps;
    h.sandbox.metrics.tokenTtlMs = 0;
    try {
      await new Promise((r) => setTimeout(r, 5));
      const again = (await h.raw<Tps>(Q, { first: 3, after: page.pageInfo.endCursor })).data!.network.evmChain.averageTps;
      expect(again.nodes).toEqual(cChain.tps.slice(0, 3));
    } finally {
      h.sandbox.metrics.tokenTtlMs = 24 * 3600 * 1000;
    }
  });

  it('resumes a cursor from the middle of a page right after its day, and starts over when that page has expired', async () => {
    const mid = (await h.raw<Tps>(Q, { first: TPS_PAGE + 2 })).data!.network.evmChain.averageTps;
    expect(mid.nodes.at(-1)).toEqual(cChain.tps[TPS_PAGE + 1]);
    const next = (await h.raw<Tps>(Q, { first: 3, after: mid.pageInfo.endCursor })).data!.network.evmChain.averageTps;
    expect(next.nodes).toEqual(cChain.tps.slice(TPS_PAGE + 2, TPS_PAGE + 5));
    h.sandbox.metrics.tokenTtlMs = 0;
    try {
      await new Promise((r) => setTimeout(r, 5));
      // The expired token brings back the newest page, where the cursor's day is not: counting
      // into that page would silently skip days, so the series starts over as the API's does.
      const again = (await h.raw<Tps>(Q, { first: 3, after: mid.pageInfo.endCursor })).data!.network.evmChain.averageTps;
      expect(again.nodes).toEqual(cChain.tps.slice(0, 3));
    } finally {
      h.sandbox.metrics.tokenTtlMs = 24 * 3600 * 1000;
    }
  });

  it("maps the Metrics API's errors (an array of messages) to coded errors", async () => {
    const res = await h.raw('{ network { evmChain(evmChainId: 43114) { averageTps { nodes { value } } } } }');
    expect(res.errors).toBeUndefined();
    h.sandbox.fail({ operation: 'getAvgTps', kind: 'status', status: 429, retryAfter: 60 });
    const limited = await h.raw('{ network { evmChain(evmChainId: 43114) { averageTps { nodes { value } } } } }');
    expect(codes(limited)).toEqual(['UPSTREAM_RATE_LIMITED']);
    expect(limited.errors![0]!.extensions).toMatchObject({
      upstream: { service: 'metrics-api', operation: 'getAvgTps', status: 429, message: 'Too many requests, please try again later.' },
    });
    h.sandbox.fail({ operation: 'getAvgTps', kind: 'status', status: 502, times: -1 });
    const down = await h.raw('{ network { evmChain(evmChainId: 43114) { averageTps { nodes { value } } } } }');
    expect(codes(down)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(down.errors![0]!.extensions).toMatchObject({ upstream: { service: 'metrics-api', status: 502, message: 'Sandbox fault 502' } });
  });
});
