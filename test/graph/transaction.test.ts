/**
 * Primary Network transaction lists (src/graph/transaction.ts): their filters, the rules of the
 * spec refused before any upstream call, and what the Data API's answer says besides the
 * transactions (its `chainInfo` envelope), on every list that pages through
 * listLatestPrimaryNetworkTransactions.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');
const fuji = getWorld('fuji');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
const sent = (operation: string) => h.sandbox.log.filter((r) => r.operation === operation).map((r) => Object.fromEntries(r.query));

describe('the chainInfo envelope of transaction lists', () => {
  it("names the chain and network the Data API answered for, on the network's, an address's and an L1 validator's lists", async () => {
    const address = [...fuji.txAddresses.values()].flatMap((s) => [...s]).find((a) => a.startsWith('fuji1'))!;
    const validation = fuji.l1Validators[0]!.validationId;
    const res = await h.raw<any>(
      `query($address: AvalancheAddress!, $v: CB58Id!) { network(name: FUJI) {
        x: transactions(chain: X_CHAIN, first: 1) { chainInfo { chainName network } }
        c: transactions(chain: C_CHAIN, first: 1) { chainInfo { chainName network } }
        address(address: $address) { transactions(chain: P_CHAIN, first: 1) { chainInfo { chainName network } } }
        l1Validator(validationId: $v) { transactions(first: 1) { chainInfo { chainName network } } }
      } }`,
      { address, v: validation },
    );
    expect(res.errors).toBeUndefined();
    const n = res.data.network;
    expect(n.x.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'FUJI' });
    expect(n.c.chainInfo).toEqual({ chainName: 'C_CHAIN', network: 'FUJI' });
    expect(n.address.transactions.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'FUJI' });
    expect(n.l1Validator.transactions.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'FUJI' });
    // It is the answer's envelope: no call is added for it.
    expect(h.sandbox.count('listLatestPrimaryNetworkTransactions')).toBe(4);
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
});
