/**
 * Every filter of the Primary Network lists, and every rule of the spec, checked before any
 * upstream call with a message that says what is allowed.
 */
import { describe, expect, it } from 'vitest';
import type { NodeID } from '../../schema/scalars.js';
import { FX_RATES } from '../../sandbox/world/timeline.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');
const fuji = getWorld('fuji');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
const sent = (operation: string) => h.sandbox.log.filter((r) => r.operation === operation).map((r) => Object.fromEntries(r.query));

const Validators = /* GraphQL */ `
  query FilterL1Validators($validationId: CB58Id, $nodeId: NodeID, $subnetId: CB58Id, $includeInactive: Boolean) {
    network(name: MAINNET) {
      l1Validators(first: 500, validationId: $validationId, nodeId: $nodeId, subnetId: $subnetId, includeInactive: $includeInactive) {
        nodes { validationId nodeId subnetId weight }
      }
    }
  }
`;

describe('l1Validators filters', () => {
  it('by validation id, node id, subnet id and activity', async () => {
    const inactive = world.l1Validators.find((v) => !v.active)!;
    const byId = await h.raw<any>(Validators, { validationId: inactive.validationId });
    expect(byId.data!.network.l1Validators!.nodes).toEqual([]);
    const byIdAll = await h.raw<any>(Validators, { validationId: inactive.validationId, includeInactive: true });
    expect(byIdAll.data!.network.l1Validators!.nodes.map((v: any) => v.validationId)).toEqual([inactive.validationId]);

    const node = world.l1Validators.find((v) => world.l1Validators.filter((w) => w.nodeId === v.nodeId).length > 1)!.nodeId as NodeID;
    const byNode = await h.raw<any>(Validators, { nodeId: node, includeInactive: true });
    expect(byNode.data!.network.l1Validators!.nodes.map((v: any) => v.validationId)).toEqual(
      newestFirst(world.l1Validators.filter((v) => v.nodeId === node)).map((v) => v.validationId),
    );

    const subnet = inactive.subnetId;
    const bySubnet = await h.raw<any>(Validators, { subnetId: subnet });
    expect(bySubnet.data!.network.l1Validators!.nodes.map((v: any) => v.validationId)).toEqual(
      newestFirst(world.l1Validators.filter((v) => v.subnetId === subnet && v.active)).map((v) => v.validationId),
    );
    expect(sent('listL1Validators')).toEqual([
      { pageSize: '100', l1ValidationId: inactive.validationId },
      { pageSize: '100', l1ValidationId: inactive.validationId, includeInactiveL1Validators: 'true' },
      { pageSize: '100', nodeId: node, includeInactiveL1Validators: 'true' },
      { pageSize: '100', subnetId: subnet },
    ]);
  });
});

const Transactions = /* GraphQL */ `
  query FilterTransactions(
    $chain: PrimaryNetworkChain!
    $addresses: [AvalancheAddress!]
    $txTypes: [PrimaryNetworkTxType!]
    $startTimestamp: SafeInt
    $endTimestamp: SafeInt
    $l1ValidationId: CB58Id
    $sortOrder: SortOrder
  ) {
    network(name: MAINNET) {
      transactions(
        chain: $chain
        first: 500
        addresses: $addresses
        txTypes: $txTypes
        startTimestamp: $startTimestamp
        endTimestamp: $endTimestamp
        l1ValidationId: $l1ValidationId
        sortOrder: $sortOrder
      ) {
        nodes { txHash txType blockTimestamp }
      }
    }
  }
`;

describe('transaction filters', () => {
  const [a, b] = [world.addresses[3]!, world.addresses[11]!] as [`avax1${string}`, `avax1${string}`];
  const touches = (hash: string, addrs: string[]) => addrs.some((x) => world.txAddresses.get(hash)!.has(x));

  it('by addresses (with or without chain prefix), newest or oldest first', async () => {
    const res = await h.raw<any>(Transactions, { chain: 'P_CHAIN', addresses: [`P-${a}`, b] });
    const expected = newestFirst(world.transactions.p.filter((t) => touches(t.txHash, [a, b])));
    expect(res.data!.network.transactions!.nodes.map((t: any) => t.txHash)).toEqual(expected.map((t) => t.txHash));
    const asc = await h.raw<any>(Transactions, { chain: 'P_CHAIN', addresses: [a, b], sortOrder: 'ASC' });
    expect(asc.data!.network.transactions!.nodes.map((t: any) => t.txHash)).toEqual([...expected].reverse().map((t) => t.txHash));
    // The comma list goes out without chain prefixes, as the Data API writes addresses.
    expect(sent('listLatestPrimaryNetworkTransactions')[0]).toMatchObject({ addresses: `${a},${b}` });
  });

  it('by txTypes (repeated query keys) and a time range, inclusive', async () => {
    const pool = world.transactions.p.filter((t) => touches(t.txHash, [a, b]));
    const start = pool[2]!.blockTimestamp;
    const end = pool.at(-3)!.blockTimestamp;
    const types = ['BaseTx', 'ImportTx', 'ExportTx', 'RewardValidatorTx'] as const;
    const res = await h.raw<any>(Transactions, {
      chain: 'P_CHAIN',
      addresses: [a, b],
      txTypes: [...types],
      startTimestamp: start,
      endTimestamp: end,
    });
    const expected = newestFirst(
      pool.filter((t) => (types as readonly string[]).includes(t.txType) && t.blockTimestamp >= start && t.blockTimestamp <= end),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(res.data!.network.transactions!.nodes.map((t: any) => t.txHash)).toEqual(expected.map((t) => t.txHash));
    const call = h.sandbox.log.find((r) => r.operation === 'listLatestPrimaryNetworkTransactions')!;
    expect(call.query.filter(([k]) => k === 'txTypes').map(([, v]) => v)).toEqual([...types]);
  });

  it('by l1ValidationId on the P-Chain, with txTypes', async () => {
    const validationId = [...world.txValidationIds.values()]
      .map((s) => [...s][0]!)
      .find((id) => world.transactions.p.filter((t) => world.txValidationIds.get(t.txHash)?.has(id)).length > 2)!;
    const all = newestFirst(world.transactions.p.filter((t) => world.txValidationIds.get(t.txHash)?.has(validationId)));
    const res = await h.raw<any>(Transactions, { chain: 'P_CHAIN', l1ValidationId: validationId });
    expect(res.data!.network.transactions!.nodes.map((t: any) => t.txHash)).toEqual(all.map((t) => t.txHash));
    const only = all[0]!.txType;
    const typed = await h.raw<any>(Transactions, { chain: 'P_CHAIN', l1ValidationId: validationId, txTypes: [only] });
    expect(typed.data!.network.transactions!.nodes.every((t: any) => t.txType === only)).toBe(true);
  });

  it('accepts an EVM address on the C-Chain', async () => {
    const exporter = world.transactions.c.find((t) => t.txType === 'ExportTx')!;
    const evm = (exporter as { evmInputs: { fromAddress: string }[] }).evmInputs[0]!.fromAddress;
    const res = await h.raw<any>(Transactions, { chain: 'C_CHAIN', addresses: [evm.toUpperCase().replace('0X', '0x')] });
    expect(res.errors).toBeUndefined();
    expect(res.data!.network.transactions!.nodes.map((t: any) => t.txHash)).toContain(exporter.txHash);
  });
});

describe('rewards filters', () => {
  it('by addresses and node ids, priced in the asked currency', async () => {
    const reward = world.rewards[10]!;
    const res = await h.raw(`{ network(name: MAINNET) {
      byAddress: rewards(addresses: ["${reward.addresses[0]}"], first: 500, currency: EUR) { nodes { utxoId rewardType historicalPrice { currencyCode value } reward { amount symbol } } }
      byNode: rewards(nodeIds: ["${reward.nodeId}"], first: 500, sortOrder: ASC) { nodes { utxoId nodeId } }
    } }`);
    expect(res.errors).toBeUndefined();
    const data = res.data as {
      network: {
        byAddress: { nodes: { utxoId: string; historicalPrice: { currencyCode: string; value: number } }[] };
        byNode: { nodes: { utxoId: string }[] };
      };
    };
    const mine = newestFirst(world.rewards.filter((r) => r.addresses.includes(reward.addresses[0]!)));
    expect(data.network.byAddress.nodes.map((r) => r.utxoId)).toEqual(mine.map((r) => r.utxoId));
    const got = data.network.byAddress.nodes.find((r) => r.utxoId === reward.utxoId)!;
    expect(got.historicalPrice).toEqual({ currencyCode: 'eur', value: Math.round(reward.priceUsd * FX_RATES.eur! * 100) / 100 });
    expect(data.network.byNode.nodes.map((r) => r.utxoId)).toEqual(
      world.rewards.filter((r) => r.nodeId === reward.nodeId).map((r) => r.utxoId),
    );
  });
});

describe('rules, refused before any upstream call', () => {
  const a = world.addresses[0]!;
  it.each([
    [
      'txTypes without addresses',
      '{ network { transactions(chain: P_CHAIN, txTypes: [BaseTx]) { nodes { txHash } } } }',
      /only together with `addresses`/,
    ],
    [
      'a time range without addresses',
      '{ network { transactions(chain: X_CHAIN, startTimestamp: 1) { nodes { txHash } } } }',
      /only together with `addresses`/,
    ],
    [
      'l1ValidationId off the P-Chain',
      `{ network { transactions(chain: X_CHAIN, l1ValidationId: "${world.l1Validators[0]!.validationId}") { nodes { txHash } } } }`,
      /P-Chain transactions only/,
    ],
    [
      'a Fuji address on mainnet',
      `{ network(name: MAINNET) { transactions(chain: P_CHAIN, addresses: ["${fuji.addresses[0]}"]) { nodes { txHash } } } }`,
      /is not a mainnet address; mainnet addresses start with "avax1"/,
    ],
    [
      'an EVM address on the P-Chain',
      '{ network { transactions(chain: P_CHAIN, addresses: ["0x71C7656EC7ab88b098defB751B7401B5f6d8976F"]) { nodes { txHash } } } }',
      /is an EVM address; only X-\/P-Chain bech32 addresses/,
    ],
    [
      'a time range that ends before it starts',
      `{ network { transactions(chain: P_CHAIN, addresses: ["${a}"], startTimestamp: 20, endTimestamp: 10) { nodes { txHash } } } }`,
      /is after `endTimestamp`/,
    ],
    [
      'a negative timestamp',
      `{ network { transactions(chain: P_CHAIN, addresses: ["${a}"], startTimestamp: -1) { nodes { txHash } } } }`,
      /0 or more/,
    ],
    ['rewards without addresses or nodeIds', '{ network { rewards { nodes { utxoId } } } }', /need `addresses` or `nodeIds`/],
    [
      'more than 100 addresses',
      `{ network { transactions(chain: P_CHAIN, addresses: [${Array(101).fill(`"${a}"`).join(',')}]) { nodes { txHash } } } }`,
      /`addresses` holds 101 items; a list argument of this API takes at most 100/,
    ],
    [
      'an address list for an EVM address',
      '{ network { address(address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F") { transactions(chain: X_CHAIN) { nodes { txHash } } } } }',
      /C-Chain only/,
    ],
  ])('%s', async (_name, query, message) => {
    const res = await h.raw(query);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it.each([
    [
      'a cb58 id with a wrong checksum',
      '{ network { subnet(subnetId: "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByN") { subnetId } } }',
      /wrong cb58 checksum/,
    ],
    [
      'a cb58 id with a forbidden character',
      '{ network { subnet(subnetId: "0oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM") { subnetId } } }',
      /base58 characters/,
    ],
    [
      'a node id without its prefix',
      '{ network { l1Validators(nodeId: "111111111111111111116DBWJs") { nodes { nodeId } } } }',
      /must start with "NodeID-"/,
    ],
    [
      'an address with a bad checksum',
      `{ network { address(address: "${a.slice(0, -1)}${a.endsWith('q') ? 'p' : 'q'}") { address } } }`,
      /is not a valid AvalancheAddress/,
    ],
    ['a path-shaped id', '{ network { blockchain(blockchainId: "../../v1/webhooks") { blockchainId } } }', /is not a valid CB58Id/],
  ])('%s (checked by its scalar)', async (_name, query, message) => {
    const res = await h.raw(query);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it('the same input as a variable', async () => {
    const res = await h.raw('query($id: CB58Id!) { network { subnet(subnetId: $id) { subnetId } } }', { id: 'not-an-id' });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(/^Variable "\$id" got an invalid value; "not-an-id" is not a valid CB58Id/);
    expect(h.sandbox.count()).toBe(0);
  });
});

describe('networks', () => {
  it('treats TESTNET as FUJI: same upstream network, answers say FUJI', async () => {
    const Q = (name: string) => `{ network(name: ${name}) { name subnets(first: 2) { nodes { id network subnetId } } } }`;
    const t = await h.raw<{ network: { name: string; subnets: { nodes: { id: string; network: string; subnetId: string }[] } } }>(
      Q('TESTNET'),
    );
    const f = await h.raw<{ network: { name: string; subnets: { nodes: { id: string; network: string; subnetId: string }[] } } }>(
      Q('FUJI'),
    );
    expect(t.data).toEqual(f.data);
    expect(t.data!.network.name).toBe('FUJI');
    expect(t.data!.network.subnets.nodes[0]!.subnetId).toBe(newestFirst(fuji.subnets)[0]!.subnetId);
    expect(h.sandbox.log.every((r) => r.path.startsWith('/v1/networks/fuji/'))).toBe(true);
  });
});
