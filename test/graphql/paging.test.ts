/**
 * Relay over page tokens, for every connection: first/after across upstream page boundaries,
 * resuming from a middle edge, the end of the data, several upstream pages for one `first`,
 * and the arguments it refuses. The sandbox world is the oracle.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, startHarness, useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();

interface Page<T> {
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor?: string | null; endCursor?: string | null };
  edges: { cursor: string; node: T }[];
}

/** Walks a connection to its end; returns every node and the number of GraphQL pages. */
async function walk<T>(fetchPage: (after: string | null) => Promise<Page<T>>): Promise<{ nodes: T[]; pages: number }> {
  const nodes: T[] = [];
  let after: string | null = null;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(after);
    nodes.push(...page.edges.map((e) => e.node));
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    if (!page.pageInfo.hasNextPage) return { nodes, pages };
    after = page.pageInfo.endCursor!;
  }
}

const Subnets = /* GraphQL */ `
  query PagingSubnets($first: Int, $after: String, $sortOrder: SortOrder) {
    network(name: MAINNET) {
      subnets(first: $first, after: $after, sortOrder: $sortOrder) {
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { subnetId } }
      }
    }
  }
`;

describe('subnets', () => {
  it('walks every subnet in pages of 7, newest first', async () => {
    const { nodes, pages } = await walk<any>(async (after) => (await h.raw<any>(Subnets, { first: 7, after })).data!.network.subnets!);
    expect(nodes.map((n) => n.subnetId)).toEqual(newestFirst(world.subnets).map((s) => s.subnetId));
    expect(pages).toBe(Math.ceil(world.subnets.length / 7));
    // Each page ended on an upstream page boundary, so each cost exactly one call.
    expect(h.sandbox.count('listSubnets')).toBe(pages);
  });

  it('sorts oldest first on request', async () => {
    const res = await h.raw<any>(Subnets, { first: 3, sortOrder: 'ASC' });
    expect(res.data!.network.subnets!.edges.map((e: any) => e.node.subnetId)).toEqual(world.subnets.slice(0, 3).map((s) => s.subnetId));
  });

  it('resumes right after any edge, also one from the middle of a page', async () => {
    const first = await h.raw<any>(Subnets, { first: 10 });
    const edges = first.data!.network.subnets!.edges;
    h.sandbox.reset();
    const resumed = await h.raw<any>(Subnets, { first: 4, after: edges[5]!.cursor });
    expect(resumed.data!.network.subnets!.edges.map((e: any) => e.node.subnetId)).toEqual(
      newestFirst(world.subnets)
        .slice(6, 10)
        .map((s) => s.subnetId),
    );
    expect(h.sandbox.count()).toBe(1);
  });

  it('says there is nothing after the last subnet', async () => {
    const all = await h.raw<any>(Subnets, { first: world.subnets.length });
    expect(all.data!.network.subnets!.pageInfo.hasNextPage).toBe(false);
    const beyond = await h.raw<any>(Subnets, { first: 5, after: all.data!.network.subnets!.pageInfo.endCursor });
    expect(beyond.errors).toBeUndefined();
    expect(beyond.data!.network.subnets!.edges).toEqual([]);
    expect(beyond.data!.network.subnets!.pageInfo).toMatchObject({ hasNextPage: false, startCursor: null, endCursor: null });
  });
});

const L1Validators = /* GraphQL */ `
  query PagingL1Validators($first: Int, $after: String, $includeInactive: Boolean) {
    network(name: MAINNET) {
      l1Validators(first: $first, after: $after, includeInactive: $includeInactive) {
        blockHeight
        pageInfo { hasNextPage hasPreviousPage endCursor }
        edges { cursor node { validationId } }
      }
    }
  }
`;

describe('l1Validators', () => {
  it('fetches several upstream pages when first exceeds the page bound of 100', async () => {
    const res = await h.raw<any>(L1Validators, { first: 150, includeInactive: true });
    const got = res.data!.network.l1Validators!;
    expect(got.edges.map((e: any) => e.node.validationId)).toEqual(
      newestFirst(world.l1Validators)
        .slice(0, 150)
        .map((v) => v.validationId),
    );
    expect(got.pageInfo.hasNextPage).toBe(world.l1Validators.length > 150);
    expect(got.blockHeight).toMatch(/^\d+$/);
    const sizes = h.sandbox.log.map((r) => r.query.find(([k]) => k === 'pageSize')?.[1]);
    expect(sizes).toEqual(['100', '50']);
  });

  it('resumes from an edge inside the second upstream page with one call', async () => {
    const res = await h.raw<any>(L1Validators, { first: 150, includeInactive: true });
    const edge = res.data!.network.l1Validators!.edges[120]!;
    h.sandbox.reset();
    const next = await h.raw<any>(L1Validators, { first: 10, after: edge.cursor, includeInactive: true });
    expect(next.data!.network.l1Validators!.edges.map((e: any) => e.node.validationId)).toEqual(
      newestFirst(world.l1Validators)
        .slice(121, 131)
        .map((v) => v.validationId),
    );
    expect(h.sandbox.count()).toBe(1);
  });

  it('walks the active validators to the end', async () => {
    const { nodes } = await walk<any>(async (after) => (await h.raw<any>(L1Validators, { first: 40, after })).data!.network.l1Validators!);
    expect(nodes.map((n) => n.validationId)).toEqual(newestFirst(world.l1Validators.filter((v) => v.active)).map((v) => v.validationId));
  });
});

const Transactions = /* GraphQL */ `
  query PagingTransactions($chain: PrimaryNetworkChain!, $first: Int, $after: String) {
    network(name: MAINNET) {
      transactions(chain: $chain, first: $first, after: $after) {
        pageInfo { hasNextPage hasPreviousPage endCursor }
        edges { cursor node { txHash } }
      }
    }
  }
`;

describe('transactions', () => {
  it.each([
    ['P_CHAIN', world.transactions.p as readonly { txHash: string }[]],
    ['X_CHAIN', world.transactions.x as readonly { txHash: string }[]],
    ['C_CHAIN', world.transactions.c as readonly { txHash: string }[]],
  ] as const)('walks every %s transaction in pages of 100', async (chain, all) => {
    const { nodes } = await walk<any>(
      async (after) => (await h.raw<any>(Transactions, { chain, first: 100, after })).data!.network.transactions!,
    );
    expect(nodes.map((n) => n.txHash)).toEqual(newestFirst(all).map((t) => t.txHash));
  });

  it('fills a page the upstream cut short (UTXO threshold) from the next upstream page', async () => {
    const res = await h.raw<any>(Transactions, { chain: 'X_CHAIN', first: 100 });
    expect(res.data!.network.transactions!.edges).toHaveLength(100);
    const calls = h.sandbox.log.filter((r) => r.operation === 'listLatestPrimaryNetworkTransactions');
    expect(calls.length).toBeGreaterThan(1);
    expect(calls[1]!.query.find(([k]) => k === 'pageToken')).toBeDefined();
    expect(res.data!.network.transactions!.edges.map((e: any) => e.node.txHash)).toEqual(
      newestFirst(world.transactions.x)
        .slice(0, 100)
        .map((t) => t.txHash),
    );
  });

  it('asks 500 transactions in one field: each upstream call asks for what is still missing, up to 100', async () => {
    const sizes: number[] = [];
    h.sandbox.onAnswer = (_request, answer) => sizes.push((answer.body as { transactions: unknown[] }).transactions.length);
    try {
      const res = await h.raw<any>(Transactions, { chain: 'X_CHAIN', first: 500 });
      expect(res.data!.network.transactions!.edges.map((e: any) => e.node.txHash)).toEqual(
        newestFirst(world.transactions.x)
          .slice(0, 500)
          .map((t) => t.txHash),
      );
    } finally {
      h.sandbox.onAnswer = undefined;
    }
    const asked = h.sandbox.log.map((r) => Number(r.query.find(([k]) => k === 'pageSize')![1]));
    let got = 0;
    asked.forEach((size, i) => {
      expect(size).toBe(Math.min(500 - got, 100));
      got += sizes[i]!;
    });
    expect(got).toBe(Math.min(500, world.transactions.x.length));
    // The upstream cut some pages short, so it took more than five calls, but no more than needed.
    expect(asked.filter((size, i) => sizes[i]! < size).length).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThan(5);
  });
});

describe('a list that grows at its head while it is walked', () => {
  // Every two ticks of the sandbox's clock a P-Chain transaction arrives at the head of the list.
  const NEW_PER_PAGE = 3;
  const before = newestFirst(world.transactions.p).map((t) => t.txHash);

  it.each([
    ['off', 'endCursor'],
    ['memory', 'endCursor'],
    ['off', 'a middle edge'],
    ['memory', 'a middle edge'],
  ] as const)('walks P-Chain transactions with CACHE=%s from %s: none repeated, none skipped', async (cache, from) => {
    const g = cache === 'off' ? h : await startHarness({ CACHE: cache }, { sandbox: h.sandbox });
    try {
      const walked: string[] = [];
      let after: string | null = null;
      for (;;) {
        const res: any = await g.raw(Transactions, { chain: 'P_CHAIN', first: 10, after });
        expect(res.errors).toBeUndefined();
        const page = res.data.network.transactions as Page<{ txHash: string }>;
        // From a middle edge: keep half the page and resume after its last kept edge.
        const kept = from === 'endCursor' || !page.pageInfo.hasNextPage ? page.edges : page.edges.slice(0, 5);
        walked.push(...kept.map((e) => e.node.txHash));
        if (!page.pageInfo.hasNextPage) break;
        after = from === 'endCursor' ? page.pageInfo.endCursor! : kept.at(-1)!.cursor;
        h.sandbox.live.advance(2 * NEW_PER_PAGE);
      }
      // What was there when the walk began, in order: what arrived since is before its first edge.
      expect(walked.length).toBe(new Set(walked).size);
      expect(walked).toEqual(before);
    } finally {
      if (g !== h) await g.close();
    }
  });
});

describe('nested connections', () => {
  it("pages an address's transactions, an L1 validator's transactions and a subnet's validators", async () => {
    const address = world.addresses[7]!;
    const own = newestFirst(world.transactions.p.filter((t) => world.txAddresses.get(t.txHash)!.has(address)));
    const Q = `query($after: String) { network(name: MAINNET) { address(address: "P-${address}") {
      transactions(chain: P_CHAIN, first: 3, after: $after) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { txHash } } } } } }`;
    const { nodes } = await walk(
      async (after) =>
        ((await h.raw(Q, { after })).data as { network: { address: { transactions: Page<{ txHash: string }> } } }).network.address
          .transactions,
    );
    expect(nodes.map((n) => n.txHash)).toEqual(own.map((t) => t.txHash));

    const validator = world.l1Validators.find((v) =>
      world.txValidationIds.size > 0 ? [...world.txValidationIds.values()].filter((s) => s.has(v.validationId)).length > 2 : false,
    )!;
    const vtx = newestFirst(world.transactions.p.filter((t) => world.txValidationIds.get(t.txHash)?.has(validator.validationId)));
    const VQ = `query($after: String) { network(name: MAINNET) { l1Validator(validationId: "${validator.validationId}") {
      transactions(first: 2, after: $after) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { txHash txType } } } } } }`;
    const vt = await walk(
      async (after) =>
        ((await h.raw(VQ, { after })).data as { network: { l1Validator: { transactions: Page<{ txHash: string }> } } }).network.l1Validator
          .transactions,
    );
    expect(vt.nodes.map((n) => n.txHash)).toEqual(vtx.map((t) => t.txHash));

    const l1 = world.subnets.find((s) => s.isL1 && world.l1Validators.filter((v) => v.subnetId === s.subnetId).length > 3)!;
    const sv = newestFirst(world.l1Validators.filter((v) => v.subnetId === l1.subnetId));
    const SQ = `query($after: String) { network(name: MAINNET) { subnet(subnetId: "${l1.subnetId}") {
      l1Validators(first: 2, after: $after, includeInactive: true) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { validationId } } } } } }`;
    const svs = await walk(
      async (after) =>
        ((await h.raw(SQ, { after })).data as { network: { subnet: { l1Validators: Page<{ validationId: string }> } } }).network.subnet
          .l1Validators,
    );
    expect(svs.nodes.map((n) => n.validationId)).toEqual(sv.map((v) => v.validationId));
  });

  it('pages vertices and rewards', async () => {
    const VQ = `query($after: String) { network(name: MAINNET) { vertices(first: 30, after: $after) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { vertexHash } } } } }`;
    const v = await walk(
      async (after) => ((await h.raw(VQ, { after })).data as { network: { vertices: Page<{ vertexHash: string }> } }).network.vertices,
    );
    expect(v.nodes.map((n) => n.vertexHash)).toEqual(newestFirst(world.vertices).map((x) => x.vertexHash));

    const nodeIds = [...new Set(world.rewards.map((r) => r.nodeId))].slice(0, 6);
    const expected = newestFirst(world.rewards.filter((r) => nodeIds.includes(r.nodeId)));
    const RQ = `query($after: String, $nodeIds: [NodeID!]) { network(name: MAINNET) { rewards(nodeIds: $nodeIds, first: 4, after: $after) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { utxoId } } } } }`;
    const r = await walk(
      async (after) => ((await h.raw(RQ, { after, nodeIds })).data as { network: { rewards: Page<{ utxoId: string }> } }).network.rewards,
    );
    expect(r.nodes.map((n) => n.utxoId)).toEqual(expected.map((x) => x.utxoId));

    const rich = [...new Set(world.rewards.flatMap((x) => x.addresses))].find(
      (a) => world.rewards.filter((x) => x.addresses.includes(a)).length > 3,
    )!;
    const AQ = `query($after: String) { network(name: MAINNET) { address(address: "${rich}") { rewards(first: 2, after: $after) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { utxoId } } } } } }`;
    const ar = await walk(
      async (after) =>
        ((await h.raw(AQ, { after })).data as { network: { address: { rewards: Page<{ utxoId: string }> } } }).network.address.rewards,
    );
    expect(ar.nodes.map((n) => n.utxoId)).toEqual(
      newestFirst(world.rewards.filter((x) => x.addresses.includes(rich))).map((x) => x.utxoId),
    );
  });
});

describe('arguments the helper refuses, before any upstream call', () => {
  it.each([
    ['last', '{ network { subnets(last: 3) { edges { cursor } } } }', /pages forward only/],
    ['before', '{ network { subnets(first: 3, before: "x") { edges { cursor } } } }', /pages forward only/],
    ['first: 0', '{ network { l1Validators(first: 0) { edges { cursor } } } }', /`first` must be from 1 to 500/],
    ['first: 501', '{ network { l1Validators(first: 501) { edges { cursor } } } }', /`first` must be from 1 to 500/],
    ['first: 10001 subnets', '{ network { subnets(first: 10001) { edges { cursor } } } }', /`first` must be from 1 to 10000/],
    ['a made-up cursor', '{ network { vertices(after: "bm90LWEtY3Vyc29y") { edges { cursor } } } }', /not a cursor of vertices/],
  ])('%s', async (_name, query, message) => {
    const res = await h.raw(query);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it("a forged cursor: a payload edited without the signature, or another gateway's cursor", async () => {
    const a = await h.raw<any>(L1Validators, { first: 2 });
    const cursor = a.data!.network.l1Validators!.pageInfo.endCursor!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const edited = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    edited[3] = 5000;
    const forged = `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${mac}`;
    h.sandbox.reset();
    for (const after of [forged, `${payload}.${'A'.repeat(22)}`]) {
      const res = await h.raw<any>(L1Validators, { first: 2, after });
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toMatch(/is not a cursor of l1Validators/);
    }
    expect(h.sandbox.count()).toBe(0);
  });

  it('a cursor of another query (other filters)', async () => {
    const a = await h.raw<any>(L1Validators, { first: 2 });
    h.sandbox.reset();
    const b = await h.raw<any>(L1Validators, { first: 2, after: a.data!.network.l1Validators!.pageInfo.endCursor, includeInactive: true });
    expect(codes(b)).toEqual(['BAD_USER_INPUT']);
    expect(b.errors![0]!.message).toMatch(/cursor of a different l1Validators list/);
    expect(h.sandbox.count()).toBe(0);
  });
});
