/**
 * The sandbox: the same world on every run, real id formats, a consistent history, the spec's
 * rules, and knobs that behave as tests and benchmarks need.
 */
import { describe, expect, it } from 'vitest';
import { cb58Decode, NETWORK_HRP, parseBech32Address, parseCb58Id, parseNodeId } from '../../src/base/ids.js';
import { buildWorld, getWorld } from '../../sandbox/world/world.js';
import { useSandbox } from '../helpers/sandbox.js';

// Unchecked: these tests probe the sandbox's own refusals (unknown parameters, bounds, bad
// tokens), sending on purpose what the spec does not allow.
const sandbox = useSandbox({ contract: 'unchecked' });

const world = getWorld('mainnet');
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${sandbox.dataApiUrl}${path}`, { headers });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body: body as Record<string, unknown> };
};

describe('the world', () => {
  it('is the same for the same seed and differs for another', () => {
    const again = buildWorld('mainnet');
    expect(JSON.stringify(again.subnets)).toBe(JSON.stringify(world.subnets));
    expect(again.transactions.x.map((t) => t.txHash)).toEqual(world.transactions.x.map((t) => t.txHash));
    expect(buildWorld('mainnet', 'other').subnets[5]!.subnetId).not.toBe(world.subnets[5]!.subnetId);
  });

  it('is big enough to page through', () => {
    expect(world.subnets.length).toBeGreaterThanOrEqual(50);
    expect(world.subnets.filter((s) => s.isL1).length).toBeGreaterThanOrEqual(15);
    expect(world.l1Validators.filter((v) => v.active).length).toBeGreaterThan(100);
    expect(world.l1Validators.some((v) => !v.active)).toBe(true);
    expect(world.transactions.p.length).toBeGreaterThan(500);
    expect(world.transactions.x.length).toBeGreaterThan(300);
    expect(world.transactions.c.length).toBeGreaterThan(100);
    expect(world.vertices.length).toBeGreaterThan(150);
    expect(world.rewards.length).toBeGreaterThan(150);
    const types = new Set(world.transactions.p.map((t) => t.txType));
    for (const t of [
      'CreateSubnetTx',
      'CreateChainTx',
      'ConvertSubnetToL1Tx',
      'RegisterL1ValidatorTx',
      'IncreaseL1ValidatorBalanceTx',
      'SetL1ValidatorWeightTx',
      'DisableL1ValidatorTx',
      'AddPermissionlessValidatorTx',
      'RewardValidatorTx',
      'ImportTx',
      'ExportTx',
    ]) {
      expect(types).toContain(t);
    }
    expect(new Set(world.transactions.x.map((t) => t.chainFormat))).toEqual(new Set(['non-linear', 'linear']));
  });

  it('uses the real id formats', () => {
    for (const s of world.subnets) {
      expect(parseCb58Id(s.subnetId)).toBe(s.subnetId);
      for (const b of s.blockchains) expect(() => cb58Decode(b.blockchainId, 32)).not.toThrow();
    }
    for (const v of world.l1Validators) {
      expect(() => parseNodeId(v.nodeId)).not.toThrow();
      expect(v.validationIdHex).toBe(`0x${Buffer.from(cb58Decode(v.validationId, 32)).toString('hex')}`);
    }
    for (const a of world.addresses) expect(parseBech32Address(a).hrp).toBe(NETWORK_HRP.mainnet);
    for (const a of getWorld('fuji').addresses) expect(parseBech32Address(a).hrp).toBe(NETWORK_HRP.fuji);
    expect([...world.evmTwin.values()].every((a) => /^0x[0-9a-f]{40}$/.test(a))).toBe(true);
    const evm = world.subnets.flatMap((s) => s.blockchains).filter((b) => typeof b.genesisData === 'object');
    expect(evm.every((b) => (b.genesisData as { config: { chainId: number } }).config.chainId === b.evmChainId)).toBe(true);
  });

  it('has a history whose outputs are spent only after they were made, on the chain they were sent to', () => {
    const created = new Map<string, { time: number; spendOn: string }>();
    const all = [
      ...world.transactions.p.map((t) => ({
        time: t.blockTimestamp,
        chain: world.chainIds.p,
        consumed: t.consumedUtxos,
        emitted: t.emittedUtxos,
      })),
      ...world.transactions.x.map((t) => ({
        time: t.timestamp,
        chain: world.chainIds.x,
        consumed: t.consumedUtxos,
        emitted: t.emittedUtxos,
      })),
      ...world.transactions.c.map((t) => ({
        time: t.timestamp,
        chain: world.chainIds.c,
        consumed: 'consumedUtxos' in t ? t.consumedUtxos : [],
        emitted: 'emittedUtxos' in t ? t.emittedUtxos : [],
      })),
    ].sort((a, b) => a.time - b.time);
    let spentKnown = 0;
    for (const tx of all) {
      for (const u of tx.consumed) {
        expect(u.consumedOnChainId).toBe(tx.chain);
        const origin = created.get(u.utxoId);
        if (origin) {
          spentKnown++;
          expect(origin.time).toBeLessThanOrEqual(tx.time);
        }
      }
      for (const u of tx.emitted) created.set(u.utxoId, { time: tx.time, spendOn: u.consumedOnChainId });
    }
    expect(spentKnown).toBeGreaterThan(300);
    // Addresses touch several chains, through exports and imports.
    const multi = [...world.chainIdsByAddress.values()].filter((chains) => chains.length === 3).length;
    expect(multi).toBeGreaterThan(20);
  });
});

describe('rules of the spec', () => {
  it('refuses a pageSize out of bounds with the Error body', async () => {
    for (const [path, max] of [
      ['/v1/networks/mainnet/subnets', 10000],
      ['/v1/networks/mainnet/l1Validators', 100],
      ['/v1/networks/mainnet/blockchains/x-chain/vertices', 100],
    ] as const) {
      const res = await get(`${path}?pageSize=${max + 1}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: [`pageSize must not be greater than ${max}`], statusCode: 400, error: 'Bad Request' });
      expect((await get(`${path}?pageSize=${max}`)).status).toBe(200);
    }
    expect((await get('/v1/networks/mainnet/subnets?pageSize=0')).body).toMatchObject({ message: ['pageSize must not be less than 1'] });
  });

  it('keeps page tokens opaque: a tampered one or one from another query is refused', async () => {
    const first = await get('/v1/networks/mainnet/subnets?pageSize=2');
    const token = first.body.nextPageToken as string;
    expect((await get(`/v1/networks/mainnet/subnets?pageSize=2&pageToken=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await get(`/v1/networks/mainnet/subnets?pageSize=2&pageToken=${encodeURIComponent(`x${token}`)}`)).body).toMatchObject({
      message: ['Invalid page token'],
    });
    expect((await get(`/v1/networks/mainnet/subnets?sortOrder=asc&pageToken=${encodeURIComponent(token)}`)).status).toBe(400);
  });

  it("resumes a page token right after its page's last item, however many arrived at the head since", async () => {
    const path = '/v1/networks/mainnet/blockchains/p-chain/transactions?pageSize=5';
    const txs = (body: Record<string, unknown>) => (body.transactions as { txHash: string }[]).map((t) => t.txHash);
    const first = (await get(path)).body;
    const newest = [...world.transactions.p].reverse().map((t) => t.txHash);
    expect(txs(first)).toEqual(newest.slice(0, 5));
    // Three P-Chain transactions arrive at the head (one every two ticks of the sandbox's clock).
    sandbox.live.advance(6);
    const next = (await get(`${path}&pageToken=${encodeURIComponent(first.nextPageToken as string)}`)).body;
    expect(txs(next)).toEqual(newest.slice(5, 10));
    // The head did move: a new first page starts with the three new ones.
    expect(txs((await get(path)).body).slice(3)).toEqual(newest.slice(0, 2));
  });

  it('needs addresses (or l1ValidationId) for txTypes and timestamps, and addresses or nodeIds for rewards', async () => {
    const a = world.addresses[0]!;
    expect((await get('/v1/networks/mainnet/blockchains/p-chain/transactions?txTypes=BaseTx')).status).toBe(400);
    expect((await get('/v1/networks/mainnet/blockchains/p-chain/transactions?endTimestamp=5')).status).toBe(400);
    expect((await get(`/v1/networks/mainnet/blockchains/p-chain/transactions?txTypes=BaseTx&addresses=${a}`)).status).toBe(200);
    expect(
      (
        await get(
          `/v1/networks/mainnet/blockchains/p-chain/transactions?txTypes=RegisterL1ValidatorTx&l1ValidationId=${world.l1Validators[0]!.validationId}`,
        )
      ).status,
    ).toBe(200);
    expect((await get('/v1/networks/mainnet/rewards')).body).toMatchObject({ statusCode: 400 });
    expect((await get(`/v1/networks/mainnet/rewards?nodeIds=${world.rewards[0]!.nodeId}`)).status).toBe(200);
  });

  it("serves fuji and testnet as the same network, and refuses another network's addresses and chains", async () => {
    const f = await get('/v1/networks/fuji/subnets?pageSize=3');
    const t = await get('/v1/networks/testnet/subnets?pageSize=3');
    expect(t.body.subnets).toEqual(f.body.subnets);
    expect((await get(`/v1/networks/mainnet/addresses:listChainIds?addresses=${getWorld('fuji').addresses[0]}`)).status).toBe(400);
    expect((await get(`/v1/networks/fuji/blockchains/${world.chainIds.x}/vertices`)).status).toBe(400);
    expect((await get('/v1/networks/devnet/subnets')).status).toBe(400);
  });

  it('refuses unknown parameters and routes like the real service', async () => {
    expect((await get('/v1/networks/mainnet/subnets?limit=5')).body).toMatchObject({ message: ['property limit should not exist'] });
    expect((await get('/v1/nothing')).status).toBe(404);
  });

  it('cuts a transaction page short when its UTXOs reach the threshold', async () => {
    const res = await get('/v1/networks/mainnet/blockchains/x-chain/transactions?pageSize=100');
    const txs = res.body.transactions as { consumedUtxos: unknown[]; emittedUtxos: unknown[] }[];
    expect(txs.length).toBeLessThan(100);
    expect(res.body.nextPageToken).toBeDefined();
    expect(txs.reduce((s, t) => s + t.consumedUtxos.length + t.emittedUtxos.length, 0)).toBeLessThanOrEqual(250);
  });
});

describe('knobs', () => {
  it('adds latency, counts requests per route, and serves control endpoints', async () => {
    sandbox.knobs.latencyMs = 60;
    const started = Date.now();
    await get('/v1/networks/mainnet/subnets?pageSize=1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    await get('/v1/networks/mainnet/l1Validators');
    expect(sandbox.counts).toEqual({ listSubnets: 1, listL1Validators: 1 });
    const stats = (await (await fetch(`${sandbox.url}/_sandbox/stats`)).json()) as { total: number };
    expect(stats.total).toBe(2);
    await fetch(`${sandbox.url}/_sandbox/knobs`, { method: 'POST', body: JSON.stringify({ faults: [{ kind: 'status', status: 502 }] }) });
    expect((await get('/v1/networks/mainnet/subnets')).status).toBe(502);
    expect((await get('/v1/networks/mainnet/subnets')).status).toBe(200);
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect(sandbox.total).toBe(0);
  });

  it('answers 429 with retry-after, 5xx, malformed JSON, and targets one route', async () => {
    sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 429, retryAfter: 7 });
    const limited = await get('/v1/networks/mainnet/subnets');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    sandbox.fail({ operation: 'listL1Validators', kind: 'malformed' });
    expect((await get('/v1/networks/mainnet/subnets')).status).toBe(200);
    expect(typeof (await get('/v1/networks/mainnet/l1Validators')).body).toBe('string');
    sandbox.fail({ kind: 'status', status: 503, times: 2 });
    expect((await get('/v1/networks/mainnet/subnets')).status).toBe(503);
    expect((await get('/v1/networks/mainnet/l1Validators')).status).toBe(503);
    expect((await get('/v1/networks/mainnet/subnets')).status).toBe(200);
  });

  it('checks the API key when asked to', async () => {
    sandbox.knobs.requireApiKey = 'k';
    expect((await get('/v1/networks/mainnet/subnets')).status).toBe(401);
    expect((await get('/v1/networks/mainnet/subnets', { 'x-glacier-api-key': 'k' })).status).toBe(200);
    expect((await get('/v1/networks/mainnet/subnets', { 'x-service-api-key': 'k' })).status).toBe(200);
  });
});
